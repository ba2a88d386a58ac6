"""Admission in front of the answer workers: a queue bounded by waiting time, not by a count.

A question is answered by one of `workers` slots. Before it waits for one, the gate estimates
how long it would wait (questions already waiting x the recent time per question / workers);
past `max_wait` it is refused at once with a retry hint, and a question admitted but still
without a slot after `max_wait` is refused then. So no request waits longer than `max_wait`
before it is answered or told to retry, while ordinary load (questions of ~30 ms on 2 cores)
queues freely: 20 clients fit in well under a second of waiting.

The JSON API calls `run` from the event loop: the work goes to the gate's own thread pool,
never to the default one, where requests used to queue unseen before any timeout started.
The chat calls `slot()` from Gradio's worker threads. Both share the same slots.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

DEFAULT_MAX_WAIT_S = 3.0
# threads that may block waiting for a slot; also a memory bound on what is admitted at once
MAX_WAITING = 256
_FIRST_GUESS_S = 0.05  # time per question before any was measured


LONG_NICE = 10  # the niceness of the threads running long questions (Linux sets it per thread)


def _set_priority(nice: int) -> None:
    # raising it back needs privilege: without it the thread stays lower, and only this pool's
    # threads (long questions) ever run lower
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nice)


class Busy(Exception):
    """No slot within the allowed waiting time; retry_after is a whole number of seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"busy: retry after {retry_after} s")
        self.retry_after = retry_after


@dataclass
class _Lane:
    """One class of question: its waiting count and the recent time a slot was held."""

    waiting: int = 0
    running: int = 0
    per_question: float = _FIRST_GUESS_S


class Gate:
    def __init__(self, workers: int, max_wait: float = DEFAULT_MAX_WAIT_S) -> None:
        if workers < 1:
            raise ValueError("--max-concurrency must be at least 1")
        if max_wait <= 0:
            raise ValueError("--max-wait must be more than 0 seconds")
        self.workers = workers
        self.max_wait = max_wait
        # long questions (a pasted log, a follow-up carrying a long turn) cost up to ~20 normal
        # ones; they may hold at most half the slots and leave a core free, so normal questions
        # always find a slot and a core
        self.heavy_workers = max(1, min(workers // 2, (os.cpu_count() or 2) - 1))
        self._slots = threading.BoundedSemaphore(workers)
        self._heavy = threading.BoundedSemaphore(self.heavy_workers)
        self._lock = threading.Lock()
        self._lanes = {False: _Lane(), True: _Lane()}
        self._running = 0
        self._pool = ThreadPoolExecutor(workers + MAX_WAITING, thread_name_prefix="faqbot-answer")
        # long questions run at a lower CPU priority: on a busy machine the one running beside
        # normal questions took a core's share from them (p95 of a normal question 1.4 s to 2 s
        # under 8 token-dense clients); the scheduler now gives normal questions the CPU first
        self._heavy_pool = ThreadPoolExecutor(self.heavy_workers + MAX_WAITING, thread_name_prefix="faqbot-long")
        self.refused = 0

    def _estimate(self, heavy: bool) -> float:
        """Seconds a new question of this class would wait for a slot (0 when one is free)."""
        lane = self._lanes[heavy]
        if heavy and lane.running >= self.heavy_workers:
            return (lane.waiting + 1) * lane.per_question / self.heavy_workers
        if self._running >= self.workers:
            # slots free up at the pace of what holds them, normal and long questions alike
            held = sum(x.running * x.per_question for x in self._lanes.values()) / self._running
            return (lane.waiting + 1) * held / self.workers
        return 0.0

    def _admit(self, heavy: bool) -> None:
        with self._lock:
            wait = self._estimate(heavy)
            waiting = sum(lane.waiting for lane in self._lanes.values())
            if wait > self.max_wait or waiting >= MAX_WAITING:
                self.refused += 1
                raise Busy(max(1, math.ceil(wait)))
            self._lanes[heavy].waiting += 1

    def _acquire(self, heavy: bool) -> bool:
        deadline = time.monotonic() + self.max_wait
        if heavy and not self._heavy.acquire(timeout=self.max_wait):
            return False
        if self._slots.acquire(timeout=max(0.0, deadline - time.monotonic())):
            return True
        if heavy:
            self._heavy.release()
        return False

    @contextlib.contextmanager
    def slot(self, heavy: bool = False) -> Iterator[None]:
        """Hold a worker slot (blocking at most max_wait); raises Busy instead of waiting longer."""
        self._admit(heavy)
        try:
            got = self._acquire(heavy)
        finally:
            with self._lock:
                self._lanes[heavy].waiting -= 1
        if not got:
            with self._lock:
                self.refused += 1
                retry = max(1, math.ceil(self._estimate(heavy)))
            raise Busy(retry)
        with self._lock:
            self._running += 1
            self._lanes[heavy].running += 1
        started = time.perf_counter()
        try:
            yield
        finally:
            spent = time.perf_counter() - started
            with self._lock:
                self._running -= 1
                lane = self._lanes[heavy]
                lane.running -= 1
                lane.per_question = 0.8 * lane.per_question + 0.2 * spent
            self._slots.release()
            if heavy:
                self._heavy.release()

    def _call(self, heavy: bool, fn: Callable[..., T], args: tuple) -> T:
        with self.slot(heavy):
            if not heavy:
                return fn(*args)
            # lower only while working: waiting for the slot, and the 503 after max_wait, stay prompt
            # (a niced waiter's 503 came back 3 s late on a loaded machine)
            before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
            _set_priority(LONG_NICE)
            try:
                return fn(*args)
            finally:
                _set_priority(before)

    async def run(self, heavy: bool, fn: Callable[..., T], *args) -> T:
        """fn(*args) in a worker slot, from the event loop; Busy at once when the queue is too long."""
        with self._lock:  # refuse before a thread is even involved
            wait = self._estimate(heavy)
            if wait > self.max_wait:
                self.refused += 1
                raise Busy(max(1, math.ceil(wait)))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._heavy_pool if heavy else self._pool, self._call, heavy, fn, args)

    def stats(self) -> dict:
        with self._lock:
            return {
                "workers": self.workers,
                "long_question_workers": self.heavy_workers,
                "max_wait_s": self.max_wait,
                "waiting": sum(lane.waiting for lane in self._lanes.values()),
                "running": self._running,
                "refused": self.refused,
            }

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._heavy_pool.shutdown(wait=False, cancel_futures=True)
