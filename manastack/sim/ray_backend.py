"""The Ray backend: the same games as Ray tasks (chunks of games), results streamed back with
`ray.wait` as they finish. Imported only when `backend="ray"` is asked for, so that manastack
itself never imports Ray (an optional extra: `pip install 'manastack[ray]'`).

`address=None` starts a private local Ray instance (`num_cpus` = the number of workers asked for,
else the machine's CPU count) and shuts it down at the end; `address="auto"` or `"ray://host:10001"`
or `"host:6379"` connects to an existing cluster, whose nodes must have the same manastack
installed (each result carries the engine version of the worker that played it, and a mismatch
stops the run). An engine fault in a game is returned by the task like a result (see
`manastack.sim.worker.play_safe`), so it ends only that game. A Ray session that is already initialised (`ray.init` called by the caller) is
used as it is and left running.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Generator
from typing import Any

from .. import __version__
from .backends import chunk_faults, chunked
from .errors import SimError
from .worker import GameOutcome, SimConfig, play_chunk


def _import_ray() -> Any:
    try:
        import ray  # noqa: PLC0415 (an optional dependency)
    except ImportError:
        raise SimError("the ray backend needs Ray: pip install 'manastack[ray]'") from None
    return ray


def run_ray(config: SimConfig, indices: list[int], workers: int | None = None,
            address: str | None = None) -> Generator[list[GameOutcome], None, None]:
    """Play the games as Ray tasks; yields each finished chunk."""
    if not indices:
        return
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, logging_level=logging.WARNING)
            else:
                ray.init(address="local", num_cpus=workers or os.cpu_count() or 2, include_dashboard=False,
                         logging_level=logging.WARNING)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise SimError(f"cannot start or reach Ray{f' at {address}' if address else ''}: {exc}") from None
        started = True
    pending: list[Any] = []
    chunk_of: dict[Any, list[int]] = {}
    try:
        cpus = max(1, int(ray.available_resources().get("CPU", 0) or ray.cluster_resources().get("CPU", 1)))
        chunks = chunked(indices, cpus)
        remote_chunk = ray.remote(play_chunk).options(num_cpus=1, max_retries=3)
        config_ref = ray.put(config)
        next_chunk = 0
        in_flight = cpus * 3
        while next_chunk < len(chunks) or pending:
            while next_chunk < len(chunks) and len(pending) < in_flight:
                ref = remote_chunk.remote(config_ref, chunks[next_chunk])
                pending.append(ref)
                chunk_of[ref] = chunks[next_chunk]
                next_chunk += 1
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                chunk = chunk_of.pop(ref)
                results: list[GameOutcome]
                try:
                    results = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:  # the task failed as a whole: fault its games
                    results = chunk_faults(config, chunk, getattr(exc, "cause", None) or exc)
                for r in results:
                    if r.engine_version != __version__:
                        raise SimError(f"a Ray worker runs manastack {r.engine_version}, this driver runs "
                                       f"{__version__}: install the same version on every node")
                yield results
    finally:
        for ref in pending:
            try:
                ray.cancel(ref, force=True)
            except Exception:  # best effort: the task may have finished meanwhile
                pass
        if started:
            ray.shutdown()
