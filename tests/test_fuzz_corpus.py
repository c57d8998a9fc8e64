"""`manastack fuzz` in CI: a few hundred games with random decks drawn from every compiled card of
the shipped database (colour-matched and fully random, both profiles, random and heuristic
agents), every invariant of manastack/fuzz checked after every action. Nothing may fail: no
engine fault, no listed action refused, no invariant broken, no listing with side effects, no
replay mismatch, no game ending at a bound."""

from __future__ import annotations

import json
import os

import pytest

from manastack.cli import main
from manastack.fuzz import FuzzOptions, invariants, make_case, play_case, read_case, runner
from manastack.fuzz.cases import FuzzCase, decode, encode
from manastack.model import actions as A

GAMES = int(os.environ.get("MANASTACK_FUZZ_GAMES", "240"))
# The games are played in this many slices, tests of their own, so that pytest-xdist spreads them over
# the cores (game i of run 2026 is the same game in any slice or process).
SLICES = 4


@pytest.mark.parametrize("part", range(SLICES))
def test_fuzzed_random_deck_games_find_nothing(part: int, tmp_path) -> None:
    summaries = [runner.fuzz_game(2026, i, FuzzOptions(check_rate=0.05)) for i in range(part, GAMES, SLICES)]
    assert len(summaries) == len(range(part, GAMES, SLICES))
    failures = [(x.seed, x.kind, x.message, str(x.case.write(str(tmp_path)))) for x in summaries if x.kind and x.case]
    assert not failures, failures


def test_a_case_is_the_same_game_every_time() -> None:
    a = make_case(7, 3)
    b = make_case(7, 3)
    assert (a.decks, a.agents, a.profile, a.seed) == (b.decks, b.agents, b.profile, b.seed)
    assert len(a.decks[0]) == len(a.decks[1]) == 60
    assert make_case(7, 4).decks != a.decks


def test_actions_round_trip_through_a_case_file() -> None:
    actions = [A.PassPriority(), A.PlayLand(3), A.Choose(True), A.Choose((1, 2)), A.Choose(None),
               A.CastSpell(5, targets=(None, -2), x=3, payment=A.Payment(((4, 0, "G"),)), choices=("U",), modes=(1,)),
               A.DeclareBlockers(((1, (2, 3)),)), A.AssignDamage(((1, ((2, 3), (-1, 2))),))]
    for a in actions:
        assert decode(json.loads(json.dumps(encode(a)))) == a


def test_a_written_case_replays(tmp_path) -> None:
    case = play_case(make_case(11, 0), FuzzOptions(check_rate=0.0, replay=False))
    assert not case.kind, case.message
    case.kind = "fault"  # pretend: a case file as the fuzzer writes them
    path = case.write(str(tmp_path))
    again = read_case(str(path))
    assert again.actions == case.actions and again.decks == case.decks
    assert main(["fuzz", "--replay", str(path)]) == 0  # plays to the same end: nothing reproduced


def test_a_bad_case_file_is_refused_cleanly(tmp_path, capsys) -> None:
    bad = tmp_path / "case.json"
    bad.write_text('{"version": 1, "decks": 3}', "utf-8")
    assert main(["fuzz", "--replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "not a fuzz case" in err and "\n" == err[-1] and err.count("\n") == 1


def test_cli_json_reports_the_counts(capsys, tmp_path) -> None:
    assert main(["fuzz", "--games", "3", "--seed", "5", "--json", "--out", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for key in ("games", "faults", "refused_listed", "invariant_violations", "capped"):
        assert key in out
    assert out["games"] == 3


@pytest.mark.parametrize("kind", ["fault", "invariant"])
def test_failures_are_counted_and_written(monkeypatch, tmp_path, kind) -> None:
    """A game that breaks (an engine fault or an invariant) is counted and written as a case."""

    def broken(self) -> None:
        if self.g.s.turn >= 2:
            if kind == "fault":
                raise KeyError("boom")
            raise invariants.InvariantViolation("made up")

    monkeypatch.setattr(invariants.Invariants, "check", broken)
    report = runner.run_fuzz(2, seed=1, opts=FuzzOptions(check_rate=0.0, replay=False), out=str(tmp_path))
    got = report.as_dict()
    assert got["faults" if kind == "fault" else "invariant_violations"] == 2
    case: FuzzCase = read_case(report.cases[0])
    assert case.kind == kind and case.actions
