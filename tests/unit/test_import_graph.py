"""The import graph: no circles between modules, and data flows one way through the layers.

Every import counts, those inside functions and under TYPE_CHECKING too: a lazy import still ties
two modules together. The layer order (lowest first): languages -> ingest -> bot -> ui and bench (the
language packs import nothing of faqbot; the command line starts the benchmarks, the benchmarks seed
the Insights store). Inside bot/, the subpackages by concern, lowest first: retrieval -> answers -> llm ->
dialogue -> the modules at bot/'s top (settings, service, reload, config) -> evaluation.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import ROOT

PACKAGES = {
    "languages": "faqbot.languages",
    "ingest": "faqbot.ingest",
    "bot": "faqbot.bot",
    "ui": "faqbot.ui",
    "bench": "faqbot.bench",
}
# what a package may import besides itself
ALLOWED = {
    "faqbot.languages": set(),
    "faqbot.ingest": {"faqbot.languages"},
    "faqbot.bot": {"faqbot.languages", "faqbot.ingest"},
    "faqbot.ui": {"faqbot.languages", "faqbot.ingest", "faqbot.bot", "faqbot.bench"},
    "faqbot.bench": {"faqbot.languages", "faqbot.ingest", "faqbot.bot", "faqbot.ui"},
}

# bot/'s parts, lowest first: each may import those before it (and settings, the leaf every part reads)
BOT_ORDER = ("retrieval", "answers", "llm", "dialogue", "top", "evaluation")


def _bot_part(name: str) -> str:
    parts = name.split(".")
    return parts[2] if len(parts) > 3 and parts[2] in BOT_ORDER else "top"


def _modules() -> dict[str, Path]:
    out = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            rel = path.relative_to(ROOT / folder).with_suffix("")
            name = ".".join((package, *rel.parts))
            out[name.removesuffix(".__init__")] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The faqbot modules `name` imports (from x import y: the module y when it is one, else x)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found.add(target if target in known else base)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in known and m != name}


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_the_graph_is_read():
    graph = _graph()
    assert len(graph) > 60
    assert "faqbot.ingest.store_protocol" in graph["faqbot.ingest.folder_store"]
    assert "faqbot.bot.settings" in graph["faqbot.bot.llm.backend"]
    assert "faqbot.languages.pack" in graph["faqbot.languages.de"]


def test_the_cycle_finder_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_back():
    assert _cycles(_graph()) == []


def test_layers_are_respected():
    wrong = []
    for name, targets in _graph().items():
        package = ".".join(name.split(".")[:2])
        for target in targets:
            other = ".".join(target.split(".")[:2])
            if other != package and other not in ALLOWED[package]:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def test_bot_subpackages_are_layered():
    """retrieval reads no answer building, answer building no dialogue, nothing below evaluation reads it."""
    wrong = []
    for name, targets in _graph().items():
        if not name.startswith("faqbot.bot."):
            continue
        for target in targets:
            settings = target == "faqbot.bot.settings"
            low, high = BOT_ORDER.index(_bot_part(name)), BOT_ORDER.index(_bot_part(target))
            if target.startswith("faqbot.bot.") and high > low and not settings:
                wrong.append(f"{name} imports {target}")
    assert wrong == []
    assert {_bot_part(n) for n in _modules() if n.startswith("faqbot.bot.")} == set(BOT_ORDER)


def test_no_module_imports_another_ones_private_names():
    """A leading underscore means "this module's own": another module needing it needs a public name."""
    wrong = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            ours = isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("faqbot"))
            if ours:
                wrong += [f"{name}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert wrong == []
