"""Playing one simulated game: the part that runs in a worker (in-process, a local process or a
Ray task). Kept light so that a spawned worker imports only the engine.

A game is fully defined by the run's `SimConfig` and its index `i`:

- its game seed is `game_seed(config.seed, i)` (a stable hash, the same on every machine);
- deck A is player 0 and starts in even games, deck B starts in odd games;
- player 0's agent is seeded with `2 * game_seed + 1` and player 1's with `2 * game_seed + 2`
  (the convention of `manastack play`, so `manastack play A B --seed <game seed>` replays an
  even-numbered game exactly, and `--start b` an odd-numbered one; `replay_command` writes it).

An engine fault while a game is played (any exception but a deliberate `ManastackError` about the
input, i.e. a bug) must not end a run: `play_safe` returns it as a `GameFault` that names the game,
so the driver records it and goes on with the other games.
"""

from __future__ import annotations

import hashlib
import shlex
import time
import traceback
from dataclasses import dataclass, field

from .. import (
    __version__,
    agents,  # agents.play_game is looked up per game (tests inject faults there)
)
from ..engine.game import Game
from ..errors import IllegalActionError, ManastackError

AGENTS = ("random", "heuristic")
SEED_BITS = 53  # game seeds stay exact as JSON numbers and as SQLite integers


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run with seed `seed`: a stable hash of both."""
    digest = hashlib.sha256(f"manastack-sim:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def starting_player(index: int) -> int:
    """Deck A (player 0) starts in even games, deck B in odd games."""
    return index % 2


def agent_seeds(gseed: int) -> tuple[int, int]:
    return 2 * gseed + 1, 2 * gseed + 2


def player_names(deck_a: str, deck_b: str) -> tuple[str, str]:
    """In-game player names: the deck names, the second one suffixed in a mirror match."""
    return deck_a, deck_b if deck_b != deck_a else deck_b + "-2"


class GameFailed(RuntimeError):
    """The engine failed during a game (a bug, not bad input): names the game to replay it, and
    keeps the game's event log up to the fault when the run asked for logs."""

    def __init__(self, message: str, log: str | None = None) -> None:
        super().__init__(message)
        self.log = log


@dataclass(frozen=True)
class SimConfig:
    """Everything a worker needs to play any game of a run (picklable, sent once per worker)."""

    deck_a: str
    deck_b: str
    cards_a: tuple[str, ...]
    cards_b: tuple[str, ...]
    seed: int
    agent_a: str
    agent_b: str
    profile: str = "cr-2024-09"
    max_turns: int = 100
    want_log: bool = False
    # 702.139a: each deck's companion (None: none; a run without companions is the run it always was)
    companion_a: str | None = None
    companion_b: str | None = None
    # 400.11a: each deck's sideboard, outside the game for the wishes (empty: the run it always was)
    sideboard_a: tuple[str, ...] = ()
    sideboard_b: tuple[str, ...] = ()

    @property
    def agent(self) -> str:
        """The agents as one string: 'random', or 'heuristic:random' when they differ."""
        return self.agent_a if self.agent_a == self.agent_b else f"{self.agent_a}:{self.agent_b}"


@dataclass(frozen=True)
class GameResult:
    """The record of one game. `duration_ms` and `log` are not part of the result's identity."""

    index: int
    seed: int
    starting_player: int
    winner: int | None  # 0 = deck A, 1 = deck B, None = draw
    turns: int
    end_reason: str
    decisions: int
    mulligans: tuple[int, int]
    engine_version: str
    duration_ms: float = field(default=0.0, compare=False)
    log: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class GameFault:
    """A game the engine failed to finish: what is needed to replay it, and the error."""

    index: int
    seed: int
    starting_player: int
    error_type: str
    message: str
    traceback: str
    engine_version: str
    log: str | None = field(default=None, compare=False, repr=False)
    replay: str | None = field(default=None, compare=False)  # filled in by the driver

    @property
    def error(self) -> str:
        """The error on one line: `Type: message`."""
        return f"{self.error_type}: {' '.join(self.message.split())}" if self.message else self.error_type


GameOutcome = GameResult | GameFault


def replay_command(config: SimConfig, fault: GameFault | GameResult, spec_a: str | None = None,
                   spec_b: str | None = None) -> str:
    """The `manastack play` command line that replays one game of a run exactly."""
    parts = ["manastack", "play", spec_a or config.deck_a, spec_b or config.deck_b, "--seed", str(fault.seed),
             "--agent", config.agent]
    if fault.starting_player == 1:
        parts += ["--start", "b"]
    if config.profile != "cr-2024-09":
        parts += ["--profile", config.profile]
    if config.max_turns != 100:
        parts += ["--max-turns", str(config.max_turns)]
    return shlex.join(parts)


def is_input_error(exc: BaseException) -> bool:
    """A deliberate error about the input (an unknown or unsupported card): not a game fault.
    An illegal action chosen by an agent is an engine bug, so it counts as a fault."""
    return isinstance(exc, ManastackError) and not isinstance(exc, IllegalActionError)


def play_safe(config: SimConfig, index: int) -> GameOutcome:
    """Play game `index`; an engine fault is returned as a `GameFault` instead of raised (bad
    input, a `ManastackError`, is still raised: it would fail every game alike)."""
    try:
        return play_one(config, index)
    except GameFailed as failed:
        exc = failed.__cause__ or failed
        if is_input_error(exc):
            raise exc from None
        return make_fault(config, index, exc, failed.log)
    except Exception as exc:
        if is_input_error(exc):
            raise
        return make_fault(config, index, exc, None)


def make_fault(config: SimConfig, index: int, exc: BaseException, log: str | None) -> GameFault:
    """The record of game `index` failing with `exc` (traceback as text: it must cross processes)."""
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return GameFault(index=index, seed=game_seed(config.seed, index), starting_player=starting_player(index),
                     error_type=type(exc).__qualname__, message=str(exc), traceback=tb,
                     engine_version=__version__, log=log)


def play_one(config: SimConfig, index: int) -> GameResult:
    """Play game `index` of the run described by `config`."""

    t0 = time.perf_counter()
    gseed = game_seed(config.seed, index)
    start = starting_player(index)
    g = Game.new_game(list(config.cards_a), list(config.cards_b), seed=gseed,
                      names=player_names(config.deck_a, config.deck_b), profile=config.profile,
                      max_turns=config.max_turns, starting_player=start,
                      companions=(config.companion_a, config.companion_b),
                      sideboards=(config.sideboard_a, config.sideboard_b))
    sa, sb = agent_seeds(gseed)
    try:
        agents.play_game(g, (agents.make_agent(config.agent_a, sa), agents.make_agent(config.agent_b, sb)))
    except Exception as exc:
        raise GameFailed(f"game {index} of {config.deck_a} vs {config.deck_b} (game seed {gseed}, "
                         f"starting player {start}, agents {config.agent}) failed: {exc!r}",
                         g.log_jsonl() if config.want_log else None) from exc
    s = g.s
    return GameResult(
        index=index, seed=gseed, starting_player=start, winner=g.winner, turns=s.turn,
        end_reason=s.end_reason, decisions=s.decisions,
        mulligans=(s.players[0].mulligans, s.players[1].mulligans), engine_version=__version__,
        duration_ms=(time.perf_counter() - t0) * 1000.0,
        log=g.log_jsonl() if config.want_log else None,
    )


def play_chunk(config: SimConfig, indices: list[int]) -> list[GameOutcome]:
    """Play several games of a run (one task of a pool or of Ray); a fault ends only its game."""
    return [play_safe(config, i) for i in indices]


# A process pool's workers receive the config once, through the pool's initializer.
_WORKER_CONFIG: SimConfig | None = None


def init_worker(config: SimConfig) -> None:
    global _WORKER_CONFIG
    _WORKER_CONFIG = config


def play_chunk_in_worker(indices: list[int]) -> list[GameOutcome]:
    assert _WORKER_CONFIG is not None, "init_worker was not called in this process"
    return play_chunk(_WORKER_CONFIG, indices)
