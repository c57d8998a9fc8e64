"""Fault injection for the simulation tests: makes the engine raise in chosen games, in this
process, in spawned pool workers (through the pool's initializer and an environment variable, as
monkeypatching does not reach a spawned process) and in Ray workers (a closure pickled by value)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

import manastack.agents as agents
from manastack.sim import backends, worker

FAULT_SEEDS_ENV = "MANASTACK_TEST_FAULT_SEEDS"


class InjectedFault(ZeroDivisionError):
    """The 'engine bug' raised in a chosen game."""


def install(seeds: Iterable[int]) -> None:
    """Make `manastack.agents.play_game` raise `InjectedFault` in the games with these game seeds."""

    bad = set(seeds)
    real = getattr(agents.play_game, "real", agents.play_game)

    def faulty_play_game(game: Any, players: Any, *args: Any, **kwargs: Any) -> Any:
        if game.s.seed in bad:
            raise InjectedFault(f"injected engine fault in the game with seed {game.s.seed}")
        return real(game, players, *args, **kwargs)

    faulty_play_game.real = real  # type: ignore[attr-defined]
    agents.play_game = faulty_play_game


def seeds_from_env() -> list[int]:
    return [int(x) for x in os.environ.get(FAULT_SEEDS_ENV, "").split(",") if x]


def init_faulty_pool_worker(config: Any) -> None:
    """A pool initializer: the real one, then the faults named in the environment."""

    install(seeds_from_env())
    backends._init_pool_worker(config)


def make_faulty_play_chunk(seeds: list[int]) -> Callable[[Any, list[int]], list[Any]]:
    """A stand-in for `worker.play_chunk` (for Ray) that injects the faults first."""

    def faulty_play_chunk(config: Any, indices: list[int]) -> list[Any]:

        install(seeds)
        return worker.play_chunk(config, indices)

    return faulty_play_chunk
