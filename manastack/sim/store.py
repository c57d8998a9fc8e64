"""The results database: one embedded SQLite file in WAL mode.

Three tables. `runs` has one row per run configuration (decks and their card lists, seed, agent,
profile, max turns, games asked for); `games` has one row per finished game, keyed by
(run_id, game_index); `faults` has one row per game the engine failed (a bug): the game, what is
needed to replay it and the error with its traceback. Only the driving process writes, one
transaction per finished batch, so a run that is killed keeps every game it had committed and
`--resume` plays the rest. WAL mode lets `manastack report` read the file while a simulation is
still writing it.

Nothing in the file is trusted: the schema and its version are created in one transaction (a
failure leaves no file, or a file the next run completes); a file that cannot be written is opened
read-only for reading (`readonly=True`, the `report` command); rows edited by hand are checked as
they are read, and a bad one is skipped and described in `problems` (with its row id and game
index) instead of crashing a report; `check()` runs SQLite's quick check before a run writes.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import urllib.parse
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..errors import InputError
from .worker import AGENTS, GameFault, GameOutcome, GameResult, SimConfig, game_seed

SCHEMA_VERSION = 2  # 1: runs and games; 2: + faults

_TABLES = {
    "runs": """CREATE TABLE runs (
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
)""",
    "games": """CREATE TABLE games (
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
)""",
    "faults": """CREATE TABLE faults (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    game_index INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    deck_a TEXT NOT NULL,
    deck_b TEXT NOT NULL,
    starting_player INTEGER NOT NULL,
    agent_a TEXT NOT NULL,
    agent_b TEXT NOT NULL,
    profile TEXT NOT NULL,
    max_turns INTEGER NOT NULL,
    error_type TEXT NOT NULL,
    error_message TEXT NOT NULL,
    traceback TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    replay TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (run_id, game_index)
)""",
}

GAME_COLUMNS = ("run_id", "game_index", "seed", "deck_a", "deck_b", "starting_player", "winner",
                "winner_deck", "turns", "end_reason", "decisions", "mulligans_a", "mulligans_b",
                "engine_version", "duration_ms")
RUN_COLUMNS = ("id", "created", "deck_a", "deck_b", "deck_a_cards", "deck_b_cards", "seed", "games",
               "agent", "profile", "max_turns", "engine_version")
FAULT_COLUMNS = ("run_id", "game_index", "seed", "deck_a", "deck_b", "starting_player", "agent_a", "agent_b",
                 "profile", "max_turns", "error_type", "error_message", "traceback", "engine_version", "replay",
                 "created")
_COLUMNS = {"runs": RUN_COLUMNS, "games": GAME_COLUMNS, "faults": FAULT_COLUMNS}
_OWN_TABLES = {"runs", "games", "faults", "sqlite_sequence"}


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


def _connect(path: str) -> sqlite3.Connection:
    """A read-write connection (a module function, so that tests can stand in for SQLite)."""
    return sqlite3.connect(path, timeout=30.0)


def _connect_readonly(path: str, immutable: bool) -> sqlite3.Connection:
    """A read-only connection; `immutable` when not even the WAL index (-shm) can be created."""
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro" + ("&immutable=1" if immutable else "")
    return sqlite3.connect(uri, uri=True, timeout=30.0)


def _is_readonly_error(exc: BaseException) -> bool:
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text or "unable to open database file" in text


class ResultStore:
    """A connection to a results database (created if missing, unless `must_exist` or `readonly`).

    `readonly=True` only reads (the file must exist): it works on a file or folder that cannot be
    written, and never changes the file (an older schema is read as it is)."""

    def __init__(self, path: str | os.PathLike[str], must_exist: bool = False, readonly: bool = False) -> None:
        self.path = os.fspath(path)
        self.readonly = readonly
        self.problems: list[str] = []  # bad rows met while reading (described, then skipped)
        self.tables: set[str] = set()
        if os.path.isdir(self.path):
            raise InputError("is a directory, not a results database", self.path)
        if (must_exist or readonly) and not os.path.isfile(self.path):
            raise InputError("no such results database", self.path)
        if readonly:
            self.conn = self._open_readonly()
            return
        parent = os.path.dirname(os.path.abspath(self.path))
        if not os.path.isdir(parent):
            raise InputError(f"directory {parent} does not exist", self.path)
        existed = os.path.isfile(self.path) and os.path.getsize(self.path) > 0
        if (os.path.exists(self.path) and not os.access(self.path, os.W_OK)) or not os.access(parent, os.W_OK):
            raise InputError(self._readonly_message(existed), self.path)
        try:
            self.conn = _connect(self.path)
        except sqlite3.Error as exc:
            raise self._error(exc, existed) from None
        try:
            mode = self.conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise InputError(f"cannot switch the database to WAL mode (got {mode})", self.path)
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self._check_schema(must_exist)
        except (sqlite3.Error, InputError) as exc:
            self.conn.close()
            if not existed:
                self._remove_files()  # a failed creation leaves no file behind
            if isinstance(exc, InputError):
                raise
            raise self._error(exc, existed) from None

    # ------------------------------------------------------------------ opening
    def _open_readonly(self) -> sqlite3.Connection:
        """Read-only, then immutable if the WAL index cannot be created (a read-only folder)."""
        for immutable in (False, True):
            conn: sqlite3.Connection | None = None
            try:
                conn = _connect_readonly(self.path, immutable)
                self._check_schema_on(conn, readonly=True)
                return conn
            except sqlite3.OperationalError as exc:
                if conn is not None:
                    conn.close()
                if immutable:
                    raise InputError(f"cannot read the results database ({exc})", self.path) from None
            except sqlite3.DatabaseError as exc:
                if conn is not None:
                    conn.close()
                raise InputError(f"not a readable results database ({exc})", self.path) from None
            except InputError:
                if conn is not None:
                    conn.close()
                raise
        raise AssertionError("unreachable")

    def _readonly_message(self, existed: bool) -> str:
        if existed:
            return ("the results database is read-only (the file or its folder cannot be written): "
                    "`manastack report` can read it, but a simulation must write it; use another --db")
        return "cannot create the results database: its folder cannot be written"

    def _error(self, exc: sqlite3.Error, existed: bool = True) -> InputError:
        """An SQLite error as a one-line InputError naming the file."""
        if _is_readonly_error(exc):
            return InputError(f"{self._readonly_message(existed)} ({exc})", self.path)
        if "full" in str(exc).lower():
            return InputError(f"cannot write the results database: {exc}", self.path)
        return InputError(f"not a usable results database ({exc})", self.path)

    @contextlib.contextmanager
    def _sql(self) -> Iterator[None]:
        """Turn SQLite errors of a read or a write into a one-line InputError naming the file."""
        try:
            yield
        except sqlite3.Error as exc:
            raise self._error(exc) from None

    def _remove_files(self) -> None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                os.remove(self.path + suffix)

    def _check_schema(self, must_exist: bool) -> None:
        tables = self._check_schema_on(self.conn, readonly=False)
        if must_exist and not tables:
            raise InputError("not a manastack results database (no runs/games tables)", self.path)
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION or set(_TABLES) - tables:
            self._create_or_upgrade()

    def _check_schema_on(self, conn: sqlite3.Connection, readonly: bool) -> set[str]:
        """The file's tables, after checking they and the version are ours. Accepts an older
        version, and the unversioned tables of an interrupted creation (completed on writing)."""
        tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if readonly and not {"runs", "games"} <= tables:
            raise InputError("not a manastack results database (no runs/games tables)", self.path)
        if tables - _OWN_TABLES:
            raise InputError("not a manastack results database (it has other tables)", self.path)
        if not isinstance(version, int) or version > SCHEMA_VERSION or version < 0:
            raise InputError(f"results database schema version {version}, expected {SCHEMA_VERSION} "
                             "(written by a newer manastack?)", self.path)
        for table in tables & set(_COLUMNS):
            columns = tuple(str(r[1]) for r in conn.execute(f"PRAGMA table_info({table})"))
            if columns != _COLUMNS[table]:
                raise InputError(f"not a manastack results database (table {table} has columns "
                                 f"{', '.join(columns)})", self.path)
        self.tables = tables
        return tables

    def _create_or_upgrade(self) -> None:
        """Create the missing tables and set the version, all in one transaction."""
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            have = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            for name, sql in _TABLES.items():
                if name not in have:
                    conn.execute(sql)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        self.tables = have | set(_TABLES)

    def check(self) -> None:
        """SQLite's quick check of the whole file: raises InputError if it finds damage."""
        with self._sql():
            rows = [str(r[0]) for r in self.conn.execute("PRAGMA quick_check(5)")]
        if rows != ["ok"]:
            raise InputError(f"fails its integrity check ({'; '.join(rows)}): it cannot be used to record "
                             "games; start a new database (--db) or restore a copy", self.path)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _problem(self, text: str) -> None:
        if text not in self.problems:
            self.problems.append(text)

    # ------------------------------------------------------------------ runs
    def find_run(self, config: SimConfig) -> int | None:
        """The latest run with the same parameters (the number of games aside)."""
        with self._sql():
            row = self.conn.execute(
                "SELECT id FROM runs WHERE deck_a=? AND deck_b=? AND deck_a_cards=? AND deck_b_cards=? AND seed=?"
                " AND agent=? AND profile=? AND max_turns=? ORDER BY id DESC LIMIT 1",
                (config.deck_a, config.deck_b, _cards(config.cards_a, config.companion_a, config.sideboard_a),
                 _cards(config.cards_b, config.companion_b, config.sideboard_b), config.seed, config.agent, config.profile,
                 config.max_turns)).fetchone()
        return None if row is None else int(row[0])

    def create_run(self, config: SimConfig, games: int, engine_version: str) -> int:
        with self._sql(), self.conn:
            cur = self.conn.execute(
                "INSERT INTO runs (created, deck_a, deck_b, deck_a_cards, deck_b_cards, seed, games, agent,"
                " profile, max_turns, engine_version) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (_now(), config.deck_a, config.deck_b, _cards(config.cards_a, config.companion_a, config.sideboard_a),
                 _cards(config.cards_b, config.companion_b, config.sideboard_b),
                 config.seed, games, config.agent, config.profile, config.max_turns, engine_version))
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    def extend_run(self, run_id: int, games: int) -> None:
        with self._sql(), self.conn:
            self.conn.execute("UPDATE runs SET games=MAX(games, ?) WHERE id=?", (games, run_id))

    def runs(self) -> list[RunRow]:
        """The runs whose rows are sound, in id order (the others are described in `problems`)."""
        with self._sql():
            rows = self.conn.execute(
                "SELECT id, created, deck_a, deck_b, seed, games, agent, profile, max_turns, engine_version"
                " FROM runs ORDER BY id").fetchall()
        good = []
        for r in rows:
            why = _bad_run(r)
            if why:
                self._problem(f"runs row {r[0]}: {why}; the run is skipped")
            else:
                good.append(RunRow(*r))
        return good

    def run(self, run_id: int | None = None) -> RunRow:
        """A run by id, or the latest one."""
        runs = self.runs()
        if run_id is not None:
            for r in runs:
                if r.id == run_id:
                    return r
            for p in self.problems:
                if p.startswith(f"runs row {run_id}:"):
                    raise InputError(f"run {run_id} cannot be read: {p.split(': ', 1)[1].split(';')[0]}",
                                     self.path)
        if not runs:
            raise InputError("the results database holds no readable runs", self.path)
        if run_id is None:
            return runs[-1]
        raise InputError(f"no run {run_id} (runs: {', '.join(str(r.id) for r in runs)})", self.path)

    def _run_params(self, run_id: int) -> tuple[int | None, tuple[str, str] | None]:
        with self._sql():
            row = self.conn.execute("SELECT seed, deck_a, deck_b FROM runs WHERE id=?", (run_id,)).fetchone()
        if row is None or not _is_int(row[0]) or not all(isinstance(x, str) for x in row[1:]):
            return None, None
        return row[0], (row[1], row[2])

    # ------------------------------------------------------------------ games
    def done_indices(self, run_id: int, include_faulted: bool = False) -> set[int]:
        """The indices of the run's recorded games (and of its faulted ones if asked)."""
        done = {r.index for r in self.games(run_id)}
        if include_faulted:
            done |= {f.index for f in self.faults(run_id)}
        return done

    def add_games(self, run_id: int, config: SimConfig, results: Iterable[GameOutcome]) -> None:
        """Record finished and faulted games in one transaction. A game already recorded is left as
        it is; a game that finishes when replayed loses its fault; a new fault replaces an old one."""
        names = (config.deck_a, config.deck_b)
        games, faults = [], []
        for r in results:
            if isinstance(r, GameFault):
                faults.append((run_id, r.index, r.seed, config.deck_a, config.deck_b, r.starting_player,
                               config.agent_a, config.agent_b, config.profile, config.max_turns, r.error_type,
                               r.message, r.traceback, r.engine_version, r.replay or "", _now()))
            else:
                games.append((run_id, r.index, r.seed, config.deck_a, config.deck_b, r.starting_player, r.winner,
                              None if r.winner is None else names[r.winner], r.turns, r.end_reason, r.decisions,
                              r.mulligans[0], r.mulligans[1], r.engine_version, round(r.duration_ms, 3)))
        with self._sql(), self.conn:
            self.conn.executemany(
                f"INSERT OR IGNORE INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({', '.join('?' * len(GAME_COLUMNS))})",
                games)
            if games:
                self.conn.executemany("DELETE FROM faults WHERE run_id=? AND game_index=?",
                                      [(g[0], g[1]) for g in games])
            self.conn.executemany(
                f"INSERT OR REPLACE INTO faults ({', '.join(FAULT_COLUMNS)})"
                f" VALUES ({', '.join('?' * len(FAULT_COLUMNS))})", faults)

    def games(self, run_id: int, limit: int | None = None) -> list[GameResult]:
        """The sound recorded games of a run in index order (only indices below `limit` if given);
        rows that are not (wrong types, impossible values) are described in `problems`."""
        seed, names = self._run_params(run_id)
        with self._sql():
            rows = self.conn.execute(
                "SELECT rowid, game_index, seed, starting_player, winner, winner_deck, turns, end_reason, decisions,"
                " mulligans_a, mulligans_b, engine_version, duration_ms FROM games WHERE run_id=?"
                " ORDER BY rowid", (run_id,)).fetchall()
        results = []
        for r in rows:
            why = _bad_game(r[1:], seed, names)
            if why:
                self._problem(f"games row {r[0]} (game {r[1]!r}): {why}")
                continue
            if limit is not None and r[1] >= limit:
                continue
            results.append(GameResult(index=r[1], seed=r[2], starting_player=r[3], winner=r[4], turns=r[6],
                                      end_reason=r[7], decisions=r[8], mulligans=(r[9], r[10]),
                                      engine_version=r[11], duration_ms=float(r[12] or 0.0)))
        return sorted(results, key=lambda g: g.index)

    def faults(self, run_id: int, limit: int | None = None) -> list[GameFault]:
        """The run's faulted games in index order (none in a database older than the faults table)."""
        if "faults" not in self.tables:
            return []
        seed, _ = self._run_params(run_id)
        with self._sql():
            rows = self.conn.execute(
                "SELECT rowid, game_index, seed, starting_player, error_type, error_message, traceback,"
                " engine_version, replay FROM faults WHERE run_id=? ORDER BY rowid", (run_id,)).fetchall()
        faults = []
        for r in rows:
            why = _bad_index_seed(r[1], r[2], r[3], seed)
            if not why and not all(isinstance(x, str) for x in r[4:]):
                why = "a text column holds something else"
            if why:
                self._problem(f"faults row {r[0]} (game {r[1]!r}): {why}")
                continue
            if limit is not None and r[1] >= limit:
                continue
            faults.append(GameFault(index=r[1], seed=r[2], starting_player=r[3], error_type=r[4], message=r[5],
                                    traceback=r[6], engine_version=r[7], replay=r[8] or None))
        return sorted(faults, key=lambda f: f.index)

    def run_problems(self, run_id: int) -> list[str]:
        """The bad rows of one run (reading all its games and faults)."""
        before = len(self.problems)
        self.games(run_id)
        self.faults(run_id)
        return self.problems[before:]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _cards(cards: tuple[str, ...], companion: str | None = None, sideboard: tuple[str, ...] = ()) -> str:
    """A deck as a run row records it: the JSON list of its cards; with a companion (702.139a) or a
    sideboard (400.11a: the cards a wish can bring in), an object {"cards": [...], "companion": name,
    "sideboard": [...]} (a run without either is recorded as it always was, and resumes)."""
    if companion is None and not sideboard:
        return json.dumps(list(cards))
    out: dict[str, object] = {"cards": list(cards), "companion": companion}
    if sideboard:
        out["sideboard"] = list(sideboard)
    return json.dumps(out)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _bad_run(r: tuple[Any, ...]) -> str | None:
    """Why a runs row (id, created, deck_a, deck_b, seed, games, agent, profile, max_turns,
    engine_version) is unusable, or None."""
    _, created, deck_a, deck_b, seed, games, agent, profile, max_turns, version = r
    for name, v in (("created", created), ("deck_a", deck_a), ("deck_b", deck_b), ("agent", agent),
                    ("profile", profile), ("engine_version", version)):
        if not isinstance(v, str):
            return f"{name} is {v!r}, expected text"
    for name, v, low in (("seed", seed, None), ("games", games, 0), ("max_turns", max_turns, 1)):
        if not _is_int(v) or (low is not None and v < low):
            return f"{name} is {v!r}, expected an integer" + ("" if low is None else f" of at least {low}")
    if any(a not in AGENTS for a in agent.split(":")) or agent.count(":") > 1:
        return f"agent is {agent!r}, expected random, heuristic or A:B"
    return None


def _bad_index_seed(index: Any, seed: Any, start: Any, run_seed: int | None) -> str | None:
    if not _is_int(index) or index < 0:
        return f"game_index is {index!r}, expected a non-negative integer"
    if not _is_int(seed):
        return f"seed is {seed!r}, expected an integer"
    if run_seed is not None and seed != game_seed(run_seed, index):
        return f"seed {seed} is not the seed of game {index} of this run ({game_seed(run_seed, index)})"
    if start != index % 2:
        return f"starting_player is {start!r}, expected {index % 2} in game {index}"
    return None


def _bad_game(r: tuple[Any, ...], run_seed: int | None, names: tuple[str, str] | None) -> str | None:
    """Why a games row (game_index, seed, starting_player, winner, winner_deck, turns, end_reason,
    decisions, mulligans_a, mulligans_b, engine_version, duration_ms) is unusable, or None."""
    index, seed, start, winner, winner_deck, turns, reason, decisions, mull_a, mull_b, version, ms = r
    why = _bad_index_seed(index, seed, start, run_seed)
    if why:
        return why
    if winner is not None and (not _is_int(winner) or winner not in (0, 1)):
        return f"winner is {winner!r}, expected 0, 1 or NULL (a draw)"
    expected = None if winner is None or names is None else names[winner]
    if names is not None and winner_deck != expected:
        return f"winner_deck is {winner_deck!r}, expected {expected!r}"
    for name, v in (("turns", turns), ("decisions", decisions), ("mulligans_a", mull_a), ("mulligans_b", mull_b)):
        if not _is_int(v) or v < 0:
            return f"{name} is {v!r}, expected a non-negative integer"
    for name, v in (("end_reason", reason), ("engine_version", version)):
        if not isinstance(v, str):
            return f"{name} is {v!r}, expected text"
    if ms is not None and not isinstance(ms, int | float):
        return f"duration_ms is {ms!r}, expected a number"
    return None

