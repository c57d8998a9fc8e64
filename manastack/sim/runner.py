"""`simulate`: play N games between two decks and summarise them.

Game i of a run has the seed `game_seed(seed, i)`; deck A starts in even games; the agents are
seeded from the game seed (see `manastack.sim.worker`). The result of every game depends only on
(decks, seed, i, agents, profile, max_turns), so the same run gives the same results whatever the
number of workers or the backend, and a resumed run gives the same table as an uninterrupted one.

A game the engine fails (a bug) is recorded as a fault with what replays it, and the run goes on:
one bad game must not cost the thousands around it. `--resume` leaves faulted games alone (they
would fail again) unless `retry_faulted`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Generator, Sequence
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from .. import __version__
from ..decks import FORMATS, Deck, companion_of, format_problems, load_deck, refuse, sideboard_cards
from ..engine.game import PROFILES
from ..errors import InputError
from .backends import run_inprocess, run_pool
from .errors import SimError
from .ray_backend import run_ray
from .stats import Summary, summarize
from .store import ResultStore
from .worker import AGENTS, GameFault, GameOutcome, GameResult, SimConfig, play_safe, replay_command

MAX_PROBLEMS_SHOWN = 3

BACKENDS = ("local", "ray")
DeckSpec = Deck | str | Sequence[str]


class GamesPerSecondColumn(ProgressColumn):
    """The recent rate of finished games."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("– games/s" if speed is None else f"{speed:.1f} games/s", style="progress.data.speed")


def make_progress(console: Console | None = None) -> Progress:
    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                    MofNCompleteColumn(), GamesPerSecondColumn(), TimeElapsedColumn(),
                    TextColumn("ETA"), TimeRemainingColumn(),
                    console=console or Console(stderr=True), speed_estimate_period=10.0)


def parse_agent(agent: str | Sequence[str]) -> tuple[str, str]:
    """'random', 'heuristic', 'heuristic:random' (deck A's agent, then deck B's) or a pair."""
    parts = agent.split(":") if isinstance(agent, str) else list(agent)
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or any(p not in AGENTS for p in parts):
        raise SimError(f"unknown agent {agent!r} (random, heuristic, or A:B such as heuristic:random)")
    return parts[0], parts[1]


def resolve_deck(spec: DeckSpec, default_name: str, deck_format: str | None = None
                 ) -> tuple[str, tuple[str, ...], str | None]:
    """A deck's name, card list and companion (702.139a, None: none), from a Deck, a bundled deck's name or
    path, or a list of cards (no companion). A deck (object or file) is checked as `load_deck` checks a
    file: every card that can't be played, every broken rule of its format (`deck_format`, else its own
    "# format:" line) and its companion's condition in one error that names the deck's file and lines."""
    if isinstance(spec, Deck):
        choice = companion_of(spec, deck_format)
        refuse(spec, spec.blocking_problems(), format_problems(spec, deck_format) + list(choice.problems), spec.path)
        return spec.name, tuple(spec.main), choice.name
    if isinstance(spec, str | os.PathLike):
        deck = load_deck(os.fspath(spec), fmt=deck_format)
        return deck.name, tuple(deck.main), deck.companion_choice.name if deck.companion_choice else None
    cards = tuple(str(c) for c in spec)
    if not cards:
        raise SimError(f"{default_name} has no cards")
    return default_name, cards, None


def resolve_sideboard(spec: DeckSpec, companion: str | None, deck_format: str | None = None) -> tuple[str, ...]:
    """400.11a: the cards of a deck (a Deck, or a bundled deck's name or path) that start outside the game
    besides its companion, for the effects that bring cards into the game (manastack.decks.sideboard_cards)."""
    return tuple(sideboard_cards(os.fspath(spec) if isinstance(spec, os.PathLike) else spec, companion, deck_format))


def log_path(log_dir: str | os.PathLike[str], result: GameOutcome) -> Path:
    return Path(log_dir) / f"game-{result.index:06d}-seed{result.seed}.jsonl"


def write_log(log_dir: str | os.PathLike[str], result: GameOutcome) -> None:
    """A game's event log (up to the fault for a faulted game); a write error names the file."""
    path = log_path(log_dir, result)
    try:
        path.write_text(result.log or "", encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write the game log: {exc.strerror or exc}", os.fspath(path)) from None


def problems_message(problems: Sequence[str]) -> str:
    """Bad rows on one line: the first few, then a count."""
    shown = "; ".join(problems[:MAX_PROBLEMS_SHOWN])
    more = len(problems) - MAX_PROBLEMS_SHOWN
    return shown + (f"; and {more} more" if more > 0 else "")


def _spec_text(spec: DeckSpec, name: str) -> str:
    return os.fspath(spec) if isinstance(spec, str | os.PathLike) else name


def _backend_iter(config: SimConfig, todo: list[int], backend: str, workers: int | None,
                  address: str | None) -> Generator[list[GameOutcome], None, None]:
    if backend == "ray":
        return run_ray(config, todo, workers, address)
    k = workers or os.cpu_count() or 1
    if k == 1:
        return run_inprocess(config, todo)
    return run_pool(config, todo, k)


def simulate(deck_a: DeckSpec, deck_b: DeckSpec, games: int, seed: int = 0, agent: str | Sequence[str] = "random",
             workers: int | None = None, backend: str = "local", db: str | os.PathLike[str] | None = None,
             resume: bool = False, log_dir: str | os.PathLike[str] | None = None, address: str | None = None,
             progress: bool = True, *, profile: str = "cr-2024-09", max_turns: int = 100,
             console: Console | None = None, retry_faulted: bool = False,
             deck_format: str | None = None) -> Summary:
    """Play `games` games of deck A against deck B and return their summary.

    - `agent`: 'random', 'heuristic', or 'A:B' for different agents (deck A's first).
    - `workers`: local processes (default: the CPU count; 1 plays in this process); with Ray, the
      CPUs of the local Ray instance it starts.
    - `backend`: 'local' or 'ray' (`address`: None starts a local Ray, else `ray.init(address=...)`).
    - `db`: a SQLite file that records every game as it finishes (WAL mode). Each call starts a new
      run, unless `resume`: then the latest run with the same decks, seed, agents, profile and
      max_turns is continued and only its missing games are played (asking for more games than
      before extends it). Faulted games are not played again unless `retry_faulted`.
    - `log_dir`: a directory for each game's JSON-lines event log (`game-<index>-seed<seed>.jsonl`).
    - `progress`: a progress bar (games/s, ETA) on stderr, and the summary table on stdout at the end.
    - `deck_format`: 'constructed' or 'limited' (100.2a-b), the deck-construction rules the decks are
      checked by; None: each deck file's "# format:" line, else constructed.

    The summary covers games 0..games-1 (those already in the database included). A game the
    engine fails does not stop the run: it is recorded (database `faults` table, `Summary.faults`,
    each with the `manastack play` command that replays it) and counted apart (`Summary.faulted`).
    Local workers are spawned processes: call `simulate` from a script under
    `if __name__ == "__main__":` (as with any multiprocessing code).
    Raises `manastack.errors.InputError` for an unknown deck or an unusable database (read-only,
    damaged, rows that are not sound) or log directory, and `SimError` for other bad parameters.
    """

    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise SimError(f"games must be a non-negative integer, got {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SimError(f"seed must be an integer, got {seed!r}")
    if backend not in BACKENDS:
        raise SimError(f"unknown backend {backend!r} ({', '.join(BACKENDS)})")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise SimError(f"workers must be a positive integer, got {workers!r}")
    if profile not in PROFILES:
        raise SimError(f"unknown profile {profile!r} ({', '.join(PROFILES)})")
    if max_turns < 1:
        raise SimError(f"max_turns must be positive, got {max_turns}")
    if resume and db is None:
        raise SimError("resume needs a results database (db=...)")
    if retry_faulted and not resume:
        raise SimError("retry_faulted (--retry-faulted) goes with resume (--resume)")
    agent_a, agent_b = parse_agent(agent)
    if deck_format is not None and deck_format not in FORMATS:
        raise SimError(f"unknown deck format {deck_format!r} ({', '.join(FORMATS)})")
    name_a, cards_a, companion_a = resolve_deck(deck_a, "deck-a", deck_format)
    name_b, cards_b, companion_b = resolve_deck(deck_b, "deck-b", deck_format)
    if log_dir is not None:
        try:
            Path(log_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SimError(f"cannot create the log directory {os.fspath(log_dir)}: {exc.strerror}") from None
        if not os.access(log_dir, os.W_OK):
            raise InputError("the log directory cannot be written", os.fspath(log_dir))
    config = SimConfig(deck_a=name_a, deck_b=name_b, cards_a=cards_a, cards_b=cards_b, seed=seed,
                       agent_a=agent_a, agent_b=agent_b, profile=profile, max_turns=max_turns,
                       want_log=log_dir is not None, companion_a=companion_a, companion_b=companion_b,
                       sideboard_a=resolve_sideboard(deck_a, companion_a, deck_format),
                       sideboard_b=resolve_sideboard(deck_b, companion_b, deck_format))

    spec_a, spec_b = _spec_text(deck_a, name_a), _spec_text(deck_b, name_b)

    store = ResultStore(db) if db is not None else None
    try:
        run_id: int | None = None
        done: set[int] = set()
        if store is not None:
            store.check()
            run_id = store.find_run(config) if resume else None
            if run_id is None:
                run_id = store.create_run(config, games, __version__)
            else:
                previous = store.run(run_id)  # a run row edited into nonsense is refused here
                problems = store.run_problems(run_id)
                if problems:
                    raise InputError(f"run {run_id} has {len(problems)} bad rows, so it cannot be resumed "
                                     f"({problems_message(problems)}); fix or delete them", store.path)
                if games > previous.games:
                    store.extend_run(run_id, games)
                done = {i for i in store.done_indices(run_id, include_faulted=not retry_faulted) if i < games}
        todo = [i for i in range(games) if i not in done]
        memory: dict[int, GameOutcome] = {}

        t0 = time.perf_counter()
        bar = make_progress(console) if progress else None
        task: Any = None
        if bar is not None:
            bar.start()
            task = bar.add_task(f"{name_a} vs {name_b}", total=games, completed=len(done))
        try:
            with closing(_backend_iter(config, todo, backend, workers, address)) as batches:
                for batch in batches:
                    batch = [replace(r, replay=replay_command(config, r, spec_a, spec_b))
                             if isinstance(r, GameFault) else r for r in batch]
                    if log_dir is not None:
                        for r in batch:
                            write_log(log_dir, r)
                    if store is not None and run_id is not None:
                        store.add_games(run_id, config, batch)
                    else:
                        memory.update((r.index, r) for r in batch)
                    if bar is not None:
                        bar.advance(task, len(batch))
        finally:
            if bar is not None:
                bar.stop()
        elapsed = time.perf_counter() - t0

        if store is not None and run_id is not None:
            results = store.games(run_id, limit=games)
            faults = store.faults(run_id, limit=games)
        else:
            results = [r for i, r in sorted(memory.items()) if isinstance(r, GameResult)]
            faults = [r for i, r in sorted(memory.items()) if isinstance(r, GameFault)]
    finally:
        if store is not None:
            store.close()
    finished = {r.index for r in results}
    faults = [f for f in faults if f.index not in finished]
    summary = summarize(results, name_a, name_b, seed, config.agent, profile, requested=games, run_id=run_id,
                        played_now=len(todo), elapsed_s=elapsed, faults=faults,
                        db=None if db is None else os.fspath(db))
    if progress:
        summary.print(console)
    return summary


def trial_games(deck: DeckSpec, against: DeckSpec, games: int, seed: int = 0, agent: str = "random",
                deck_format: str | None = None, max_turns: int = 100) -> tuple[SimConfig, list[GameOutcome]]:
    """Issue 13's test of a deck that loads: `games` games against `against` in this process (no
    database, no progress bar), the starting player alternating. The outcomes hold the faults (an
    engine error ends only its game); the config gives their replay commands (`replay_command`)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise SimError(f"games must be a non-negative integer, got {games!r}")
    agent_a, agent_b = parse_agent(agent)
    name_a, cards_a, companion_a = resolve_deck(deck, "deck", deck_format)
    name_b, cards_b, companion_b = resolve_deck(against, "against", deck_format)
    config = SimConfig(deck_a=name_a, deck_b=name_b, cards_a=cards_a, cards_b=cards_b, seed=seed,
                       agent_a=agent_a, agent_b=agent_b, max_turns=max_turns,
                       companion_a=companion_a, companion_b=companion_b,
                       sideboard_a=resolve_sideboard(deck, companion_a, deck_format),
                       sideboard_b=resolve_sideboard(against, companion_b, deck_format))
    return config, [play_safe(config, i) for i in range(games)]
