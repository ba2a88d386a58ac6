"""The admission gate with real threads: bounded waiting, 503-style refusal, slots kept for normal questions."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from faqbot.ui.gate import Busy, Gate


def _hold(gate: Gate, heavy: bool, release: threading.Event, started: threading.Event) -> threading.Thread:
    def run() -> None:
        with gate.slot(heavy):
            started.set()
            release.wait(5)

    th = threading.Thread(target=run, daemon=True)
    th.start()
    assert started.wait(5)
    return th


def test_no_wait_longer_than_max_wait():
    gate = Gate(workers=1, max_wait=0.3)
    release = threading.Event()
    th = _hold(gate, False, release, threading.Event())
    t = time.perf_counter()
    with pytest.raises(Busy) as exc, gate.slot():
        pass
    assert 0.25 < time.perf_counter() - t < 1.5 and exc.value.retry_after >= 1
    release.set()
    th.join()
    with gate.slot():  # free again
        pass


def test_refused_at_once_when_the_queue_is_too_long():
    gate = Gate(workers=1, max_wait=0.5)
    gate._lanes[False].per_question = 2.0  # recent questions took 2 s each
    release = threading.Event()
    th = _hold(gate, False, release, threading.Event())
    t = time.perf_counter()
    with pytest.raises(Busy), gate.slot():
        pass
    assert time.perf_counter() - t < 0.1
    release.set()
    th.join()
    assert gate.stats()["refused"] == 1


def test_long_questions_leave_slots_for_normal_ones():
    gate = Gate(workers=4, max_wait=0.3)
    release = threading.Event()
    held = [_hold(gate, True, release, threading.Event()) for _ in range(gate.heavy_workers)]
    with pytest.raises(Busy), gate.slot(heavy=True):
        pass
    t = time.perf_counter()
    with gate.slot(heavy=False):
        assert time.perf_counter() - t < 0.1
    release.set()
    for th in held:
        th.join()


def test_run_from_the_event_loop_uses_its_own_threads():
    gate = Gate(workers=2, max_wait=1.0)

    async def main() -> list[int]:
        return list(await asyncio.gather(*(gate.run(False, lambda i=i: i * 2) for i in range(50))))

    assert asyncio.run(main()) == [i * 2 for i in range(50)]
    gate.close()
