"""The results database: one embedded SQLite file in WAL mode.

Two tables. `runs` has one row per run configuration (decks and their card lists, seed, agent,
profile, max turns, games asked for); `games` has one row per finished game, keyed by
(run_id, game_index). Only the driving process writes, one transaction per finished batch, so a
run that is killed keeps every game it had committed and `--resume` plays the rest. WAL mode lets
`manastack report` read the file while a simulation is still writing it.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from ..errors import InputError
from .worker import GameResult, SimConfig

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    deck_a TEXT NOT NULL,
    deck_b TEXT NOT NULL,
    deck_a_cards TEXT NOT NULL,
    deck_b_cards TEXT NOT NULL,
    seed INTEGER NOT NULL,
    games INTEGER NOT NULL,
    agent TEXT NOT NULL,
    profile TEXT NOT NULL,
    max_turns INTEGER NOT NULL,
    engine_version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    game_index INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    deck_a TEXT NOT NULL,
    deck_b TEXT NOT NULL,
    starting_player INTEGER NOT NULL,
    winner INTEGER,
    winner_deck TEXT,
    turns INTEGER NOT NULL,
    end_reason TEXT NOT NULL,
    decisions INTEGER NOT NULL,
    mulligans_a INTEGER NOT NULL,
    mulligans_b INTEGER NOT NULL,
    engine_version TEXT NOT NULL,
    duration_ms REAL,
    PRIMARY KEY (run_id, game_index)
);
"""

GAME_COLUMNS = ("run_id", "game_index", "seed", "deck_a", "deck_b", "starting_player", "winner",
                "winner_deck", "turns", "end_reason", "decisions", "mulligans_a", "mulligans_b",
                "engine_version", "duration_ms")
RUN_COLUMNS = ("id", "created", "deck_a", "deck_b", "deck_a_cards", "deck_b_cards", "seed", "games",
               "agent", "profile", "max_turns", "engine_version")


@dataclass(frozen=True)
class RunRow:
    id: int
    created: str
    deck_a: str
    deck_b: str
    seed: int
    games: int
    agent: str
    profile: str
    max_turns: int
    engine_version: str


class ResultStore:
    """A connection to a results database (created if missing, unless `must_exist`)."""

    def __init__(self, path: str | os.PathLike[str], must_exist: bool = False) -> None:
        self.path = os.fspath(path)
        if must_exist and not os.path.isfile(self.path):
            raise InputError("no such results database", self.path)
        if not must_exist:
            parent = os.path.dirname(os.path.abspath(self.path))
            if not os.path.isdir(parent):
                raise InputError(f"directory {parent} does not exist", self.path)
        try:
            self.conn = sqlite3.connect(self.path, timeout=30.0)
            mode = self.conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise InputError(f"cannot switch the database to WAL mode (got {mode})", self.path)
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self._check_schema(must_exist)
        except sqlite3.DatabaseError as exc:
            raise InputError(f"not a readable results database ({exc})", self.path) from None

    def _check_schema(self, must_exist: bool) -> None:
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if must_exist and not {"runs", "games"} <= tables:
            raise InputError("not a manastack results database (no runs/games tables)", self.path)
        if tables and not {"runs", "games"} <= tables:
            raise InputError("not a manastack results database (it has other tables)", self.path)
        if tables:
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            if version != SCHEMA_VERSION:
                raise InputError(f"results database schema version {version}, expected {SCHEMA_VERSION}",
                                 self.path)
            return
        with self.conn:
            self.conn.executescript(_SCHEMA)
            self.conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ runs
    def find_run(self, config: SimConfig) -> int | None:
        """The latest run with the same parameters (the number of games aside)."""
        row = self.conn.execute(
            "SELECT id FROM runs WHERE deck_a=? AND deck_b=? AND deck_a_cards=? AND deck_b_cards=? AND seed=?"
            " AND agent=? AND profile=? AND max_turns=? ORDER BY id DESC LIMIT 1",
            (config.deck_a, config.deck_b, _cards(config.cards_a), _cards(config.cards_b), config.seed,
             config.agent, config.profile, config.max_turns)).fetchone()
        return None if row is None else int(row[0])

    def create_run(self, config: SimConfig, games: int, engine_version: str) -> int:
        with self.conn:
            cur = self.conn.execute(
                "INSERT INTO runs (created, deck_a, deck_b, deck_a_cards, deck_b_cards, seed, games, agent,"
                " profile, max_turns, engine_version) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (datetime.now(UTC).isoformat(timespec="seconds"), config.deck_a, config.deck_b,
                 _cards(config.cards_a), _cards(config.cards_b), config.seed, games, config.agent,
                 config.profile, config.max_turns, engine_version))
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    def extend_run(self, run_id: int, games: int) -> None:
        with self.conn:
            self.conn.execute("UPDATE runs SET games=MAX(games, ?) WHERE id=?", (games, run_id))

    def runs(self) -> list[RunRow]:
        rows = self.conn.execute(
            "SELECT id, created, deck_a, deck_b, seed, games, agent, profile, max_turns, engine_version"
            " FROM runs ORDER BY id").fetchall()
        return [RunRow(*r) for r in rows]

    def run(self, run_id: int | None = None) -> RunRow:
        """A run by id, or the latest one."""
        runs = self.runs()
        if not runs:
            raise InputError("the results database holds no runs", self.path)
        if run_id is None:
            return runs[-1]
        for r in runs:
            if r.id == run_id:
                return r
        raise InputError(f"no run {run_id} (runs: {', '.join(str(r.id) for r in runs)})", self.path)

    # ------------------------------------------------------------------ games
    def done_indices(self, run_id: int) -> set[int]:
        return {int(r[0]) for r in self.conn.execute("SELECT game_index FROM games WHERE run_id=?", (run_id,))}

    def add_games(self, run_id: int, config: SimConfig, results: Iterable[GameResult]) -> None:
        """Record finished games in one transaction (a game already recorded is left as it is)."""
        names = (config.deck_a, config.deck_b)
        rows = [(run_id, r.index, r.seed, config.deck_a, config.deck_b, r.starting_player, r.winner,
                 None if r.winner is None else names[r.winner], r.turns, r.end_reason, r.decisions,
                 r.mulligans[0], r.mulligans[1], r.engine_version, round(r.duration_ms, 3))
                for r in results]
        with self.conn:
            self.conn.executemany(
                f"INSERT OR IGNORE INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({', '.join('?' * len(GAME_COLUMNS))})",
                rows)

    def games(self, run_id: int, limit: int | None = None) -> list[GameResult]:
        """The recorded games of a run in index order (only indices below `limit` if given)."""
        sql = ("SELECT game_index, seed, starting_player, winner, turns, end_reason, decisions, mulligans_a,"
               " mulligans_b, engine_version, duration_ms FROM games WHERE run_id=?")
        params: tuple[int, ...] = (run_id,)
        if limit is not None:
            sql += " AND game_index < ?"
            params = (run_id, limit)
        rows = self.conn.execute(sql + " ORDER BY game_index", params).fetchall()
        return [GameResult(index=r[0], seed=r[1], starting_player=r[2], winner=r[3], turns=r[4],
                           end_reason=r[5], decisions=r[6], mulligans=(r[7], r[8]), engine_version=r[9],
                           duration_ms=r[10] or 0.0) for r in rows]


def _cards(cards: tuple[str, ...]) -> str:
    return json.dumps(list(cards))
