"""Agents: all choose an action from `game.legal_actions()` at `game.pending` (one interface)."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.game import Game
from ..model.actions import Action
from .heuristic import HeuristicAgent
from .progress import ProgressGuard


class Agent(Protocol):
    def act(self, game: Game) -> Action: ...


class RandomAgent:
    """Uniformly random legal actions, from its own seeded RNG (never the wall clock); it doesn't
    repeat an activation or cast that changed nothing (agents/progress.py)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.guard = ProgressGuard()

    def act(self, game: Game) -> Action:
        acts = game.legal_actions()
        d = game.pending
        if d is not None and d.kind == "priority" and len(acts) > 1:
            acts = self.guard.allowed(game, acts)
            a = acts[self.rng.randrange(len(acts))]
            self.guard.note(game, a)
            return a
        return acts[self.rng.randrange(len(acts))]


def make_agent(kind: str, seed: int) -> Agent:
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return HeuristicAgent(seed)
    raise ValueError(f"unknown agent {kind!r} (random, heuristic)")


def play_game(game: Game, agents: tuple[Agent, Agent], max_decisions: int = 100000) -> Game:
    """Drive `game` to its end with one agent per player. Bounded: a game that exceeds
    `max_decisions` ends in a draw."""
    n = 0
    while not game.over:
        d = game.pending
        assert d is not None
        game.apply(agents[d.player].act(game))
        n += 1
        if n >= max_decisions:
            game.end_game(None, f"decision cap ({max_decisions}) reached: the game is a draw")
    return game
