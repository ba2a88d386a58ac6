"""Zero-downtime index swaps: a running Bot follows newly published builds without a restart.

A watcher thread reads what readers would open now (the folder's CURRENT pointer, or the build
the Milvus alias names) every few seconds. When it changes, the new build is opened and its
retriever built off to the side, then assigned to `bot.retriever` in one step. A request reads
`bot.retriever` once, so one that started on the old build finishes on it; the next one uses
the new build. A build that cannot be opened is logged and the old one keeps serving.
"""

from __future__ import annotations

import logging
import threading

from faqbot.bot.retrieval.retrieve import HybridRetriever
from faqbot.bot.service import Bot
from faqbot.ingest.store import StoreSpec, current_version, open_store

log = logging.getLogger("faqbot")
DEFAULT_INTERVAL = 2.0


class IndexWatcher:
    def __init__(self, bot: Bot, spec: StoreSpec, interval: float = DEFAULT_INTERVAL) -> None:
        self.bot = bot
        self.spec = spec
        self.interval = interval
        self.version = current_version(spec)
        self.swaps = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def check(self) -> bool:
        """Swap in the published build if it changed; True when a swap happened."""
        version = current_version(self.spec)
        if not version or version == self.version:
            return False
        old = self.bot.retriever
        try:
            new = HybridRetriever(
                open_store(self.spec),
                fusion=old.fusion,
                abstain=old.abstain_model,
                weights=old.weights,
            )
            if old.cjk_dense.loaded:  # made here, in the watcher's thread, not by the next CJK question
                new.cjk_dense.warm()
        except Exception as exc:  # a broken build must not take the service down
            log.warning("new index build %s not loaded, still serving %s: %s", version, old.store.location, exc)
            self.version = version  # retried when the next build is published
            return False
        self.bot.retriever = new  # one assignment: requests read bot.retriever once
        self.version = version
        self.swaps += 1
        log.info("index swapped to %s (%d chunks)", new.store.location, len(new.chunks))
        return True

    def _run(self) -> None:
        said = ""
        while not self._stop.wait(self.interval):
            try:
                self.check()
                said = ""
            except Exception as exc:  # the store unreachable for a moment: try again next tick
                # said once until it changes or passes: a Milvus server down for a day wrote 590 MB of the same
                # failure a replica (a twenty-fourth trial; pymilvus' own tracebacks: ingest/milvus_store.py)
                if str(exc) != said:
                    log.warning("index watcher: %s (said once until it changes)", exc)
                    said = str(exc)

    def start(self) -> IndexWatcher:
        self._thread = threading.Thread(target=self._run, name="faqbot-index-watcher", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
