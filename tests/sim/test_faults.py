"""Engine faults during a simulation (issue 10): a game whose engine raises is recorded with what
replays it, the run goes on, the summary counts it apart, the exit status is 3, `--resume` skips it
unless `--retry-faulted`; in-process, in local worker processes and on Ray. Also `manastack play`
on an engine fault, and the replay command replaying a simulated game exactly."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
import sim_fault_injection as inject

import manastack.agents
from manastack.cli import main as manastack_main
from manastack.sim import ResultStore, backends, game_seed, ray_backend, report, simulate
from manastack.sim.cli import EXIT_FAULT
from manastack.sim.worker import GameFault, SimConfig, replay_command
from tests.sim.cli_helpers import run_cli

SEED = 1
FAULTY = (2, 5)  # an even game and an odd one (deck B on the play)


def fault_rows(db: Path) -> list[dict[str, object]]:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM faults ORDER BY game_index")]
    finally:
        conn.close()


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The engine raises in games FAULTY of a run with seed SEED (in this process)."""
    monkeypatch.setattr(manastack.agents, "play_game", manastack.agents.play_game)  # restored afterwards
    seeds = [game_seed(SEED, i) for i in FAULTY]
    inject.install(seeds)
    return seeds


def test_a_fault_is_recorded_and_the_run_goes_on(tmp_path: Path, faults: list[int],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "r.sqlite"
    s = simulate("vanilla", "burn", 8, seed=SEED, workers=1, db=db, progress=False)
    assert s.faulted == 2 and s.games == 6 and s.requested == 8
    assert s.deck_a.wins + s.deck_b.wins + s.draws == 6
    assert s.deck_a.games == 6 and [f.index for f in s.faults] == list(FAULTY)
    rows = fault_rows(db)
    assert [r["game_index"] for r in rows] == list(FAULTY)
    for r, i in zip(rows, FAULTY):
        assert r["seed"] == game_seed(SEED, i) and r["starting_player"] == i % 2
        assert (r["deck_a"], r["deck_b"], r["agent_a"], r["agent_b"]) == ("vanilla", "burn", "random", "random")
        assert r["profile"] == "cr-2024-09" and r["max_turns"] == 100 and r["run_id"] == 1
        assert r["error_type"] == "InjectedFault" and "injected engine fault" in str(r["error_message"])
        assert "Traceback" in str(r["traceback"]) and "faulty_play_game" in str(r["traceback"])
        assert f"--seed {game_seed(SEED, i)}" in str(r["replay"])
        assert ("--start b" in str(r["replay"])) == (i % 2 == 1)
    with ResultStore(db, must_exist=True) as store:
        assert {g.index for g in store.games(1)} == set(range(8)) - set(FAULTY)
    # --resume does not play the faulted games again...
    again = simulate("vanilla", "burn", 8, seed=SEED, workers=1, db=db, resume=True, progress=False)
    assert again.played_now == 0 and again.faulted == 2 and again == s
    # ...unless asked: with the bug fixed, they finish and their faults are gone.
    monkeypatch.setattr(manastack.agents, "play_game", manastack.agents.play_game.real)
    fixed = simulate("vanilla", "burn", 8, seed=SEED, workers=1, db=db, resume=True, retry_faulted=True,
                     progress=False)
    assert fixed.played_now == 2 and fixed.faulted == 0 and fixed.games == 8
    assert fault_rows(db) == []
    assert fixed == simulate("vanilla", "burn", 8, seed=SEED, workers=1, db=tmp_path / "clean.sqlite",
                             progress=False)


def test_a_fault_that_happens_again_is_kept(tmp_path: Path, faults: list[int]) -> None:
    db = tmp_path / "r.sqlite"
    simulate("vanilla", "burn", 6, seed=SEED, workers=1, db=db, progress=False)
    s = simulate("vanilla", "burn", 6, seed=SEED, workers=1, db=db, resume=True, retry_faulted=True, progress=False)
    assert s.played_now == 2 and s.faulted == 2 and len(fault_rows(db)) == 2


def test_in_memory_run_counts_faults(faults: list[int]) -> None:
    s = simulate("vanilla", "burn", 6, seed=SEED, workers=1, progress=False)
    assert s.faulted == 2 and s.games == 4 and s.faults[0].replay and s.db is None


def test_faults_in_worker_processes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = [game_seed(SEED, i) for i in FAULTY]
    monkeypatch.setenv(inject.FAULT_SEEDS_ENV, ",".join(map(str, seeds)))
    monkeypatch.setattr(backends, "_init_pool_worker", inject.init_faulty_pool_worker)
    db = tmp_path / "pool.sqlite"
    s = simulate("vanilla", "burn", 10, seed=SEED, workers=2, db=db, progress=False)
    assert s.faulted == 2 and s.games == 8
    assert [r["game_index"] for r in fault_rows(db)] == list(FAULTY)
    assert all(r["error_type"] == "InjectedFault" for r in fault_rows(db))


def test_faults_on_ray(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'manastack[ray]')")
    ray.cloudpickle.register_pickle_by_value(inject)
    seeds = [game_seed(SEED, i) for i in FAULTY]
    monkeypatch.setattr(ray_backend, "play_chunk", inject.make_faulty_play_chunk(seeds))
    try:
        s = simulate("vanilla", "burn", 6, seed=SEED, backend="ray", workers=2, db=tmp_path / "ray.sqlite",
                     progress=False)
    finally:
        ray.cloudpickle.unregister_pickle_by_value(inject)
    assert s.faulted == 2 and s.games == 4
    assert [r["game_index"] for r in fault_rows(tmp_path / "ray.sqlite")] == list(FAULTY)


def test_cli_exit_status_summary_and_report(tmp_path: Path, faults: list[int], capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "r.sqlite"
    argv = ["simulate", "vanilla", "burn", "--games", "8", "--seed", str(SEED), "--workers", "1", "--db", str(db),
            "-q"]
    assert run_cli(argv) == EXIT_FAULT == 3
    out = capsys.readouterr().out
    assert "faulted: 2 games" in out and f"manastack report {db} --faults" in out
    assert f"replay: manastack play vanilla burn --seed {faults[1]} --agent random --start b" in out
    assert run_cli(argv + ["--resume"]) == 3  # still faulted, not played again
    assert "played" not in capsys.readouterr().out
    assert run_cli(["report", str(db), "--faults"]) == 0
    out = capsys.readouterr().out
    assert "game 2:" in out and "game 5:" in out and "Traceback" in out and "InjectedFault" in out
    assert run_cli(["report", str(db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["faulted"] == 2 and [f["index"] for f in data["faults"]] == list(FAULTY)
    assert report(db).faulted == 2
    monkeypatch.setattr(manastack.agents, "play_game", manastack.agents.play_game.real)
    assert run_cli(argv + ["--resume", "--retry-faulted"]) == 0
    assert "faulted" not in capsys.readouterr().out
    assert run_cli(argv[:-1] + ["--retry-faulted"]) == 2  # --retry-faulted needs --resume
    assert capsys.readouterr().err.startswith("error: ")


def test_many_faults_print_a_few_hints_then_a_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(manastack.agents, "play_game", manastack.agents.play_game)
    inject.install([game_seed(SEED, i) for i in range(7)])
    assert run_cli(["simulate", "vanilla", "burn", "--games", "8", "--seed", str(SEED), "--workers", "1",
                    "--db", str(tmp_path / "r.sqlite"), "-q"]) == 3
    out = capsys.readouterr().out
    assert "faulted: 7 games" in out and out.count("replay: ") == 3 and "and 4 more" in out


def test_help_documents_the_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_cli(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "3 some games faulted" in out and "--retry-faulted" in out


def test_replay_command_replays_even_and_odd_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = tmp_path / "logs"
    simulate("vanilla", "burn", 2, seed=3, workers=1, log_dir=logs, progress=False)
    config = SimConfig("vanilla", "burn", (), (), 3, "random", "random")
    for i in range(2):
        fault = GameFault(i, game_seed(3, i), i % 2, "E", "", "", "")
        cmd = replay_command(config, fault).split()
        assert cmd[:2] == ["manastack", "play"]
        out = tmp_path / f"replay{i}.jsonl"
        assert manastack_main(cmd[1:] + ["--quiet", "--log", str(out)]) == 0
        assert out.read_text() == (logs / f"game-{i:06d}-seed{game_seed(3, i)}.jsonl").read_text()
    capsys.readouterr()


# ---------------------------------------------------------------------- manastack play
def test_play_engine_fault_is_one_line_and_exit_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(manastack.agents, "play_game", manastack.agents.play_game)
    inject.install([7])
    log = tmp_path / "game.jsonl"
    assert manastack_main(["play", "vanilla", "burn", "--seed", "7", "--quiet", "--log", str(log)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "seed 7" in err and "vanilla vs burn" in err and "InjectedFault" in err and "--debug" in err
    assert log.read_text().count("\n") > 10  # the log up to the fault
    assert manastack_main(["play", "vanilla", "burn", "--seed", "7", "--quiet", "--debug"]) == 3
    assert "Traceback" in capsys.readouterr().err
    monkeypatch.setenv("MANASTACK_DEBUG", "1")
    assert manastack_main(["play", "vanilla", "burn", "--seed", "7", "--quiet"]) == 3
    assert "Traceback" in capsys.readouterr().err
    # Bad input stays exit 2.
    assert manastack_main(["play", "vanilla", "no-such-deck", "--quiet"]) == 2
    assert manastack_main(["play", "vanilla", "burn", "--agent", "genius", "--quiet"]) == 2
