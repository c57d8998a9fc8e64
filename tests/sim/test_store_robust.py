"""The results database against what a disk, a file system or a hand can do to it (issue 10):
creation interrupted at any step, read-only files and folders (emulated: the tests may run as
root, whom chmod does not stop), damaged files, rows edited by hand, and unwritable output paths
(`play --log`, `simulate --db/--log-dir`, `report --png`)."""

from __future__ import annotations

import errno
import os
import pathlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import manastack.cli
from manastack.cli import main as manastack_main
from manastack.errors import InputError
from manastack.sim import ResultStore, report, simulate, store, wilson
from tests.sim.cli_helpers import run_cli


def one_error_line(capsys: pytest.CaptureFixture[str], *needles: str) -> str:
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    for n in needles:
        assert n in err, (n, err)
    return err


def sql(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    try:
        with conn:
            for s in statements:
                conn.execute(s)
    finally:
        conn.close()


class FailingConnection:
    """A real connection whose `execute` raises once a statement matching `when` comes."""

    def __init__(self, conn: sqlite3.Connection, when: str, error: Exception) -> None:
        self._conn, self._when, self._error = conn, when, error

    def execute(self, statement: str, *args: Any) -> Any:
        if self._when in statement:
            raise self._error
        return self._conn.execute(statement, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)

    def __enter__(self) -> Any:
        return self._conn.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        return self._conn.__exit__(*exc)


# ---------------------------------------------------------------------- atomic creation
@pytest.mark.parametrize("when", ["PRAGMA user_version=", "CREATE TABLE games", "CREATE TABLE faults"])
def test_creation_interrupted_leaves_no_file_or_a_usable_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            when: str) -> None:
    db = tmp_path / "r.sqlite"
    real = store._connect
    monkeypatch.setattr(store, "_connect", lambda path: FailingConnection(
        real(path), when, sqlite3.OperationalError("database or disk is full")))
    with pytest.raises(InputError, match="full") as info:
        simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    assert str(db) in str(info.value) and "\n" not in str(info.value)
    monkeypatch.setattr(store, "_connect", real)
    assert not db.exists() or ResultStore(db).close() is None
    s = simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    assert s.games == 2 and report(db) == s


def test_unversioned_tables_of_an_old_interrupted_creation_are_completed(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"  # what the old code left: tables committed, version never set
    sql(db, store._TABLES["runs"], store._TABLES["games"])
    s = simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    assert s.games == 2 and report(db) == s
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    conn.close()


def test_a_version_1_database_is_read_and_upgraded(tmp_path: Path) -> None:
    db = tmp_path / "v1.sqlite"
    simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    sql(db, "DROP TABLE faults", "PRAGMA user_version=1")
    assert report(db).games == 2  # read-only: read as it is
    s = simulate("vanilla", "burn", 3, workers=1, db=db, resume=True, progress=False)
    assert s.games == 3 and s.played_now == 1


# ---------------------------------------------------------------------- read-only databases
def test_report_reads_a_database_in_a_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    summary = simulate("vanilla", "burn", 4, workers=1, db=db, progress=False)
    before = db.read_bytes()
    real_connect = sqlite3.connect
    opened: list[str] = []

    def readonly_folder(database: Any, *args: Any, **kwargs: Any) -> Any:
        # SQLite in a read-only folder: a plain open fails at the first read (no -shm can be made).
        opened.append(str(database))
        conn = real_connect(database, *args, **kwargs)
        if "immutable=1" not in str(database):
            return FailingConnection(conn, "", sqlite3.OperationalError("unable to open database file"))
        return conn

    monkeypatch.setattr(sqlite3, "connect", readonly_folder)
    assert report(db) == summary
    assert all("mode=ro" in o for o in opened) and any("immutable=1" in o for o in opened)
    assert run_cli(["report", str(db)]) == 0 and "vanilla vs burn: 4 games" in capsys.readouterr().out
    assert db.read_bytes() == before
    # Simulating into it is a clear one-line error.
    assert run_cli(["simulate", "vanilla", "burn", "--games", "2", "--workers", "1", "--db", str(db), "-q"]) == 2
    one_error_line(capsys, str(db), "read-only")


def test_simulate_into_a_read_only_file_or_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if os.fspath(p) == str(db) and mode == os.W_OK
                        else real_access(p, mode, **kw))
    assert run_cli(["simulate", "vanilla", "burn", "--games", "2", "--workers", "1", "--db", str(db), "-q"]) == 2
    one_error_line(capsys, str(db), "read-only", "report")
    assert report(db).games == 2
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if os.fspath(p) == str(tmp_path)
                        else real_access(p, mode, **kw))
    assert run_cli(["simulate", "vanilla", "burn", "--games", "2", "--db", str(tmp_path / "new.sqlite"), "-q"]) == 2
    one_error_line(capsys, "new.sqlite", "folder cannot be written")
    assert not (tmp_path / "new.sqlite").exists()


def test_sqlite_refusing_to_write_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    # SQLite's own read-only refusal ("attempt to write a readonly database"), whoever runs the tests.
    monkeypatch.setattr(store, "_connect", lambda path: store._connect_readonly(path, False))
    with pytest.raises(InputError, match="read-only"):
        simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    assert run_cli(["simulate", "vanilla", "burn", "--games", "2", "--workers", "1", "--db", str(db),
                    "--resume", "-q"]) == 0  # nothing to write: the run is complete
    capsys.readouterr()
    assert run_cli(["simulate", "vanilla", "burn", "--games", "3", "--workers", "1", "--db", str(db),
                    "--resume", "-q"]) == 2
    one_error_line(capsys, str(db), "readonly")


# ---------------------------------------------------------------------- damaged databases
def corrupt(db: Path) -> None:
    """Garbage bytes over the page of the games table's primary-key index."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name='sqlite_autoindex_games_1'").fetchone()[0]
    conn.close()
    with open(db, "r+b") as f:
        f.seek((root - 1) * page_size + 8)
        f.write(bytes(range(7, 250)) * 4)


def test_a_damaged_database_is_refused_before_resuming(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 6, seed=2, workers=1, db=db, progress=False)
    corrupt(db)
    with pytest.raises(InputError, match="integrity check") as info:
        simulate("vanilla", "burn", 6, seed=2, workers=1, db=db, resume=True, progress=False)
    assert str(db) in str(info.value)
    for extra in (["--resume"], []):
        assert run_cli(["simulate", "vanilla", "burn", "--games", "6", "--seed", "2", "--workers", "1",
                        "--db", str(db), "-q", *extra]) == 2
        one_error_line(capsys, str(db), "integrity check")
    rc = run_cli(["report", str(db)])  # a report reads what it can, or says why it cannot
    cap = capsys.readouterr()
    assert rc in (0, 2) and "Traceback" not in cap.err


# ---------------------------------------------------------------------- rows edited by hand
EDITS = [
    ("UPDATE games SET turns=-3 WHERE game_index=1", "game 1", "turns"),
    ("UPDATE games SET turns='many' WHERE game_index=2", "game 2", "turns"),
    ("UPDATE games SET winner_deck='nobody' WHERE game_index=3", "game 3", "winner_deck"),
    ("UPDATE games SET winner='vanilla' WHERE game_index=4", "game 4", "winner"),
    ("UPDATE games SET seed='abc', duration_ms='slow' WHERE game_index=5", "game 5", "seed"),
    ("UPDATE games SET game_index='six' WHERE game_index=6", "game 'six'", "game_index"),
    ("UPDATE games SET winner=7, starting_player=5 WHERE game_index=7", "game 7", "starting_player"),
]


def test_rows_edited_by_hand_never_crash_a_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 10, seed=6, workers=1, db=db, progress=False)
    sql(db, *(e[0] for e in EDITS))
    s = report(db)
    assert s.games == 10 - len(EDITS)
    for argv in (["report", str(db)], ["report", str(db), "--run", "1"], ["report", str(db), "--json"],
                 ["report", str(db), "--faults"], ["report", str(db), "--png", str(tmp_path / "c.png")]):
        assert run_cli(argv) == 0, argv
        err = capsys.readouterr().err
        assert "Traceback" not in err
        for _, game, column in EDITS:
            assert any(game in line and column in line and "row" in line for line in err.splitlines()), (game, err)
    # A run that holds bad rows is not resumed (its results would mix with nonsense).
    with pytest.raises(InputError, match="bad rows"):
        simulate("vanilla", "burn", 10, seed=6, workers=1, db=db, resume=True, progress=False)
    assert run_cli(["simulate", "vanilla", "burn", "--games", "10", "--seed", "6", "--workers", "1",
                    "--db", str(db), "--resume", "-q"]) == 2
    one_error_line(capsys, str(db), "game 1", "turns")


def test_run_rows_edited_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 2, seed=1, workers=1, db=db, progress=False)
    simulate("vanilla", "burn", 2, seed=2, workers=1, db=db, progress=False)
    sql(db, "UPDATE runs SET games='lots' WHERE id=1")
    assert run_cli(["report", str(db), "--run", "1"]) == 2
    one_error_line(capsys, "run 1", "games")
    assert run_cli(["report", str(db)]) == 0  # the latest run is sound
    assert "runs row 1" in capsys.readouterr().err
    with pytest.raises(InputError, match="run 1"):
        simulate("vanilla", "burn", 2, seed=1, workers=1, db=db, resume=True, progress=False)
    sql(db, "UPDATE runs SET agent=42, max_turns='x' WHERE id=2")
    assert run_cli(["report", str(db)]) == 2
    one_error_line(capsys, "no readable runs")


def test_a_fault_row_edited_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 2, seed=1, workers=1, db=db, progress=False)
    sql(db, "INSERT INTO faults VALUES (1, 9, 'x', 'vanilla', 'burn', 1, 'random', 'random', 'cr-2024-09', 100,"
            " 'E', 'm', 't', 'v', 'r', 'now')")
    assert run_cli(["report", str(db), "--faults"]) == 0
    cap = capsys.readouterr()
    assert "faults row" in cap.err and "game 9" in cap.err and "no faulted games" in cap.out


# ---------------------------------------------------------------------- output paths
def enospc(*args: Any, **kwargs: Any) -> Any:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_play_log_that_cannot_be_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "vanilla", "burn", "--seed", "2", "--agent", "random", "--quiet", "--log"]
    assert manastack_main(argv + [str(tmp_path)]) == 2
    one_error_line(capsys, str(tmp_path), "directory")
    assert manastack_main(argv + [str(tmp_path / "no" / "such" / "dir" / "g.jsonl")]) == 2
    one_error_line(capsys, "g.jsonl")
    log = str(tmp_path / "g.jsonl")

    class FullDisk:  # opens, then the disk fills while writing
        def __init__(self, path: str, *args: Any, **kwargs: Any) -> None:
            self.f = open(path, *args, **kwargs)

        def write(self, text: str) -> int:
            self.f.write(text[:100])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: Any) -> None:
            self.f.close()

    monkeypatch.setattr(manastack.cli, "open", FullDisk, raising=False)
    assert manastack_main(argv + [log]) == 2
    one_error_line(capsys, log, "No space left on device", "removed")
    assert not os.path.exists(log)
    monkeypatch.setattr(manastack.cli, "open", enospc, raising=False)
    assert manastack_main(argv + [log]) == 2
    one_error_line(capsys, log, "No space left on device")

    def readonly(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(manastack.cli, "open", readonly, raising=False)
    assert manastack_main(argv + [log]) == 2
    one_error_line(capsys, log, "Permission denied")


def test_simulate_paths_that_cannot_be_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "vanilla", "burn", "--games", "2", "--workers", "1", "-q"]
    assert run_cli(base + ["--db", str(tmp_path)]) == 2
    one_error_line(capsys, str(tmp_path), "directory")
    (tmp_path / "file").write_text("x")
    assert run_cli(base + ["--db", str(tmp_path / "r.sqlite"), "--log-dir", str(tmp_path / "file")]) == 2
    one_error_line(capsys, "file")
    logs = tmp_path / "logs"
    monkeypatch.setattr(pathlib.Path, "write_text", enospc)
    assert run_cli(base + ["--db", str(tmp_path / "r2.sqlite"), "--log-dir", str(logs)]) == 2
    one_error_line(capsys, str(logs), "No space left on device")
    monkeypatch.undo()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if os.fspath(p) == str(logs)
                        else real_access(p, mode, **kw))
    assert run_cli(base + ["--db", str(tmp_path / "r3.sqlite"), "--log-dir", str(logs)]) == 2
    one_error_line(capsys, str(logs), "cannot be written")


def test_report_png_that_cannot_be_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from matplotlib.figure import Figure  # noqa: PLC0415 (an optional dependency)

    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 2, workers=1, db=db, progress=False)
    assert run_cli(["report", str(db), "--png", str(tmp_path)]) == 2
    one_error_line(capsys, str(tmp_path), "PNG")
    assert run_cli(["report", str(db), "--png", str(tmp_path / "chart.weird")]) == 0
    capsys.readouterr()
    monkeypatch.setattr(Figure, "savefig", enospc)
    assert run_cli(["report", str(db), "--png", str(tmp_path / "c.png")]) == 2
    one_error_line(capsys, "c.png", "No space left on device")


def test_wilson_interval_holds_its_rate_exactly_at_0_and_100_percent() -> None:

    for n in range(1, 60):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
