#!/usr/bin/env bash
# mypy over the installed layout: the package `faqbot` maps the repo's folders (faqbot/, ingest/, bot/,
# ui/, bench/, languages/) to faqbot.*, which mypy cannot read from pyproject, so check a linked copy of that layout.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir "$tree/faqbot"
for f in "$root"/faqbot/*.py "$root"/faqbot/py.typed; do ln -s "$f" "$tree/faqbot/"; done
for d in languages ingest bot ui bench; do ln -s "$root/$d" "$tree/faqbot/$d"; done
cd "$tree"
python -m mypy --config-file "$root/pyproject.toml" -p faqbot "$@"
