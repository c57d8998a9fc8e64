"""Local backends: games played in-process (`workers=1`) or in a pool of K spawned processes.

Each backend is a generator of finished batches (lists of `GameResult`, or `GameFault` for a game
the engine failed) in completion order; the caller records them as they come. Games are sent out in small chunks with a bounded number in
flight, so results stream back steadily and a run killed half-way loses only the chunks that were
still being played.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import threading
from collections.abc import Generator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from . import worker
from .errors import SimError
from .worker import GameOutcome, SimConfig, init_worker, play_chunk_in_worker

MAX_CHUNK = 16  # games per task: ~0.2 s of work, small enough for a smooth progress bar
START_METHOD = "spawn"  # no fork of a process that runs threads (the progress bar's); portable


def chunked(indices: list[int], workers: int, max_chunk: int = MAX_CHUNK) -> list[list[int]]:
    """Split `indices` into chunks: about 8 per worker, at most `max_chunk` games each."""
    if not indices:
        return []
    size = max(1, min(max_chunk, math.ceil(len(indices) / (max(1, workers) * 8))))
    return [indices[i:i + size] for i in range(0, len(indices), size)]


def run_inprocess(config: SimConfig, indices: list[int]) -> Generator[list[GameOutcome], None, None]:
    """Play the games one after the other in this process."""
    for chunk in chunked(indices, 1):
        yield [worker.play_safe(config, i) for i in chunk]


def chunk_faults(config: SimConfig, chunk: list[int], exc: BaseException) -> list[GameOutcome]:
    """Every game of a chunk whose task failed as a whole (its result could not come back, say):
    recorded as faulted with that error rather than ending the run."""
    if worker.is_input_error(exc):
        raise exc
    return [worker.make_fault(config, i, exc, None) for i in chunk]


def _exit_with_parent() -> None:
    """In a pool worker: exit as soon as the driving process is gone (even if it was killed)."""
    parent = mp.parent_process()
    if parent is not None:
        parent.join()
        os._exit(1)


def _init_pool_worker(config: SimConfig) -> None:
    init_worker(config)
    threading.Thread(target=_exit_with_parent, name="exit-with-parent", daemon=True).start()


def run_pool(config: SimConfig, indices: list[int], workers: int) -> Generator[list[GameOutcome], None, None]:
    """Play the games in `workers` local processes."""
    chunks = chunked(indices, workers)
    if not chunks:
        return
    workers = min(workers, len(chunks))
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context(START_METHOD),
                               initializer=_init_pool_worker, initargs=(config,))
    pending: dict[Future[list[GameOutcome]], list[int]] = {}
    next_chunk = 0
    in_flight = workers * 3
    try:
        while next_chunk < len(chunks) or pending:
            while next_chunk < len(chunks) and len(pending) < in_flight:
                pending[pool.submit(play_chunk_in_worker, chunks[next_chunk])] = chunks[next_chunk]
                next_chunk += 1
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                chunk = pending.pop(fut)
                try:
                    results = fut.result()
                except BrokenProcessPool:
                    raise SimError(
                        "a worker process died; if simulate() is called from a script, call it under "
                        "`if __name__ == '__main__':` (worker processes are spawned and import the script), "
                        "or use workers=1") from None
                except Exception as exc:  # the task itself failed (e.g. a result that cannot be pickled)
                    results = chunk_faults(config, chunk, exc)
                yield results
        pool.shutdown(wait=True)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
