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
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

DEFAULT_MAX_WAIT_S = 3.0
# threads that may block waiting for a slot; also a memory bound on what is admitted at once
MAX_WAITING = 256
_FIRST_GUESS_S = 0.05  # time per question before any was measured


class Busy(Exception):
    """No slot within the allowed waiting time; retry_after is a whole number of seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"busy: retry after {retry_after} s")
        self.retry_after = retry_after


class Gate:
    def __init__(self, workers: int, max_wait: float = DEFAULT_MAX_WAIT_S) -> None:
        if workers < 1:
            raise ValueError("--max-concurrency must be at least 1")
        if max_wait <= 0:
            raise ValueError("--max-wait must be more than 0 seconds")
        self.workers = workers
        self.max_wait = max_wait
        self._slots = threading.BoundedSemaphore(workers)
        self._lock = threading.Lock()
        self._waiting = 0
        self._running = 0
        self._per_question = _FIRST_GUESS_S  # moving average of the time a slot is held
        self._pool = ThreadPoolExecutor(workers + MAX_WAITING, thread_name_prefix="faqbot-answer")
        self.refused = 0

    def estimated_wait(self) -> float:
        with self._lock:
            ahead = self._waiting + max(0, self._running - self.workers + 1)
            return ahead * self._per_question / self.workers

    def _retry_after(self) -> int:
        return max(1, math.ceil(self.estimated_wait()))

    def _admit(self) -> None:
        with self._lock:
            ahead = self._waiting + max(0, self._running - self.workers + 1)
            wait = ahead * self._per_question / self.workers
            if wait > self.max_wait or self._waiting >= MAX_WAITING:
                self.refused += 1
                raise Busy(max(1, math.ceil(wait)))
            self._waiting += 1

    @contextlib.contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one worker slot (blocking at most max_wait); raises Busy instead of waiting longer."""
        self._admit()
        try:
            got = self._slots.acquire(timeout=self.max_wait)
        finally:
            with self._lock:
                self._waiting -= 1
        if not got:
            with self._lock:
                self.refused += 1
            raise Busy(self._retry_after())
        with self._lock:
            self._running += 1
        started = time.perf_counter()
        try:
            yield
        finally:
            spent = time.perf_counter() - started
            with self._lock:
                self._running -= 1
                self._per_question = 0.8 * self._per_question + 0.2 * spent
            self._slots.release()

    def _call(self, fn: Callable[..., T], args: tuple) -> T:
        with self.slot():
            return fn(*args)

    async def run(self, fn: Callable[..., T], *args) -> T:
        """fn(*args) in a worker slot, from the event loop; Busy at once when the queue is too long."""
        self._admit()  # refuse before a thread is even involved
        with self._lock:
            self._waiting -= 1  # slot() counts it again in the worker thread
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._call, fn, args)

    def stats(self) -> dict:
        with self._lock:
            return {
                "workers": self.workers,
                "max_wait_s": self.max_wait,
                "waiting": self._waiting,
                "running": self._running,
                "refused": self.refused,
            }

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
