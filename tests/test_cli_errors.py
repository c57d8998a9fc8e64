"""The command line on bad input (README, SCENARIOS.md): a malformed scenario or deck file gives
exit code 2 and one line naming the file and the line, never a traceback; `manastack check`
exits 0 when every scenario passed and 1 when one failed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from manastack.cli import main

ROOT = Path(__file__).resolve().parent.parent

HEADER = """name: {name}
start: {{turn: 1, active: alice, step: precombat_main}}
"""

BOLT = HEADER.format(name="bolt to the face") + """players:
  alice:
    battlefield: [Mountain]
    hand: [Lightning Bolt]
  bob: {}
actions:
  - {by: alice, cast: Lightning Bolt, targets: [bob]}
  - {resolve: 1}
expect:
  - {player: bob, life: LIFE}
"""
PASSING = BOLT.replace("LIFE", "17")
FAILING = BOLT.replace("LIFE", "18")


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    rc = main(list(args))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def run_subprocess(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "manastack.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)


def lines_naming(text: str, path: Path) -> list[str]:
    return [line for line in text.splitlines() if str(path) in line]


# --------------------------------------------------------------------------- malformed scenarios

# (file name, content, line the message must name, substrings the message must contain)
MALFORMED = [
    ("bad_yaml.yaml", HEADER.format(name="x").replace("precombat_main}", "precombat_main")
     + "players:\n  alice: {}\n  bob: {}\n", None, ["invalid YAML"]),
    ("tab.yaml", HEADER.format(name="x") + "players:\n\talice: {}\n", 4, ["invalid YAML"]),
    ("typo_battlefield.yaml", HEADER.format(name="x") + "players:\n  alice:\n    battlefield:\n      - Forest\n"
     "      - Llanowar Elfs\n  bob: {}\n", 7, ["Llanowar Elfs", "did you mean 'Llanowar Elves'"]),
    ("typo_hand.yaml", HEADER.format(name="x") + "players:\n  alice:\n    hand: [Lightning Blot]\n  bob: {}\n",
     5, ["Lightning Blot", "did you mean 'Lightning Bolt'"]),
    ("typo_mapping.yaml", HEADER.format(name="x") + "players:\n  alice:\n    battlefield:\n"
     "      - {card: Grizly Bears, id: bear}\n  bob: {}\n", 6, ["did you mean 'Grizzly Bears'"]),
    ("unknown_top_key.yaml", HEADER.format(name="x") + "players: {alice: {}, bob: {}}\nexpectations: []\n",
     4, ["unknown key 'expectations'"]),
    ("unknown_player_key.yaml", HEADER.format(name="x") + "players:\n  alice:\n    lfe: 20\n  bob: {}\n",
     5, ["unknown key 'lfe'"]),
    ("unknown_card_key.yaml", HEADER.format(name="x") + "players:\n  alice:\n    battlefield:\n"
     "      - {card: Forest, taped: true}\n  bob: {}\n", 6, ["unknown key 'taped'"]),
    ("unknown_action.yaml", HEADER.format(name="x") + "players: {alice: {}, bob: {}}\nactions:\n"
     "  - {by: alice, fly: true}\n", 5, ["unknown key 'fly'"]),
    ("wrong_type_life.yaml", HEADER.format(name="x") + "players:\n  alice:\n    life: twenty\n  bob: {}\n",
     5, ["life must be an integer"]),
    ("wrong_type_hand.yaml", HEADER.format(name="x") + "players:\n  alice:\n    hand: Forest\n  bob: {}\n",
     5, ["must be a list"]),
    ("wrong_type_damage.yaml", HEADER.format(name="x") + "players:\n  alice:\n    battlefield:\n"
     "      - {card: Grizzly Bears, damage: two}\n  bob: {}\n", 6, ["damage must be an integer"]),
    ("wrong_type_actions.yaml", HEADER.format(name="x") + "players: {alice: {}, bob: {}}\n"
     "actions: {by: alice, pass: true}\n", 4, ["'actions' must be a list"]),
    ("wrong_type_seed.yaml", HEADER.format(name="x") + "seed: abc\nplayers: {alice: {}, bob: {}}\n",
     3, ["'seed' must be an integer"]),
    ("wrong_type_start.yaml", "name: x\nstart: hello\nplayers: {alice: {}, bob: {}}\n", 2, ["'start' must be"]),
    ("bad_step.yaml", "name: x\nstart: {turn: 1, active: alice, step: combat}\nplayers: {alice: {}, bob: {}}\n",
     2, ["unknown step 'combat'"]),
    ("bad_mana_pool.yaml", HEADER.format(name="x") + "players:\n  alice:\n    mana_pool: GG\n  bob: {}\n",
     5, ["not a mana string"]),
    ("duplicate_key.yaml", HEADER.format(name="x") + "players: {alice: {}, bob: {}}\nplayers: {alice: {}, bob: {}}\n",
     4, ["duplicate key 'players'"]),
    ("missing_name.yaml", "start: {turn: 1, active: alice, step: precombat_main}\nplayers: {alice: {}, bob: {}}\n",
     None, ["missing required key 'name'"]),
    ("not_a_mapping.yaml", "- a\n- b\n", 1, ["must be a YAML mapping"]),
    ("empty.yaml", "", None, ["must be a YAML mapping"]),
]


@pytest.mark.parametrize("fname,text,line,needles", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_check_malformed_scenario(tmp_path, capsys, fname, text, line, needles) -> None:
    p = write(tmp_path, fname, text)
    rc, out, err = run_cli(capsys, "check", str(p))
    assert rc == 2, out + err
    assert "Traceback" not in out + err
    named = lines_naming(out + err, p)
    assert len(named) == 1, out + err
    msg = named[0]
    if line is not None:
        assert f"{p}:{line}:" in msg
    else:
        assert f"{p}:" in msg
    for needle in needles:
        assert needle in msg


def test_check_unreadable_and_missing_files(tmp_path, capsys) -> None:
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00not utf-8")
    missing = tmp_path / "missing.yaml"
    for p in (binary, missing):
        rc, out, err = run_cli(capsys, "check", str(p))
        assert rc == 2
        assert "Traceback" not in out + err
        assert len(lines_naming(out + err, p)) == 1


def test_check_invalid_json_output(tmp_path, capsys) -> None:
    p = write(tmp_path, "typo.yaml", MALFORMED[2][1])
    rc, out, _ = run_cli(capsys, "check", "--json", str(p))
    assert rc == 2
    objs = [json.loads(line) for line in out.splitlines()]
    assert len(objs) == 1
    o = objs[0]
    assert o["file"] == str(p) and o["passed"] is False
    assert f"{p}:7:" in o["failure"] and "did you mean 'Llanowar Elves'" in o["failure"]


def test_check_malformed_via_subprocess(tmp_path) -> None:
    p = write(tmp_path, "typo.yaml", MALFORMED[2][1])
    res = run_subprocess("check", str(p))
    assert res.returncode == 2, res.stdout + res.stderr
    assert "Traceback" not in res.stdout + res.stderr
    named = lines_naming(res.stdout + res.stderr, p)
    assert len(named) == 1 and f"{p}:7:" in named[0] and "did you mean 'Llanowar Elves'" in named[0]


# Regression tests: these wrong types used to give a traceback ('poison: lots'), be accepted
# ('tapped: maybe' read as true) or fail the scenario with exit 1 ('x: three').
def test_check_wrong_type_poison(tmp_path, capsys) -> None:
    p = write(tmp_path, "poison.yaml", HEADER.format(name="x") + "players:\n  alice:\n    poison: lots\n  bob: {}\n")
    try:
        rc, out, err = run_cli(capsys, "check", str(p))
    except ValueError:
        pytest.fail("traceback: ValueError escapes manastack check")
    assert rc == 2
    assert f"{p}:5:" in out + err


def test_check_wrong_type_tapped(tmp_path, capsys) -> None:
    p = write(tmp_path, "tapped.yaml", HEADER.format(name="x") + "players:\n  alice:\n    battlefield:\n"
              "      - {card: Grizzly Bears, tapped: maybe}\n  bob: {}\n")
    rc, out, err = run_cli(capsys, "check", str(p))
    assert rc == 2, out + err
    assert f"{p}:6:" in out + err


def test_check_wrong_type_in_action(tmp_path, capsys) -> None:
    p = write(tmp_path, "x.yaml", PASSING.replace("targets: [bob]}", "targets: [bob], x: three}"))
    rc, out, err = run_cli(capsys, "check", str(p))
    assert rc == 2, out + err
    assert f"{p}:9:" in out + err


# --------------------------------------------------------------------------- passing / failing scenarios

def test_check_passing_scenario_exits_0(tmp_path, capsys) -> None:
    p = write(tmp_path, "pass.yaml", PASSING)
    rc, out, err = run_cli(capsys, "check", str(p))
    assert rc == 0, out + err
    assert out.splitlines()[0].startswith("pass ")
    assert "1 passed, 0 failed, 0 invalid" in out


def test_check_failing_scenario_exits_1(tmp_path, capsys) -> None:
    p = write(tmp_path, "fail.yaml", FAILING)
    rc, out, err = run_cli(capsys, "check", str(p))
    assert rc == 1, out + err
    assert "Traceback" not in out + err
    named = lines_naming(out, p)
    assert len(named) == 1 and named[0].startswith("FAIL ")
    assert "expected 18, found 17" in named[0]


def test_check_refused_step_fails_unless_expected(tmp_path, capsys) -> None:
    # Casting a sorcery-speed creature in the opponent's turn is refused by the rules.
    base = HEADER.format(name="sorcery speed").replace("active: alice", "active: bob") + """players:
  alice:
    battlefield: [Forest, Forest]
    hand: [Grizzly Bears]
  bob: {}
actions:
  - {by: bob, pass: true}
  - {by: alice, cast: Grizzly Bears EXPECT}
expect:
  - {card: Grizzly Bears, zone: hand}
  - {card: Forest, tapped: false}
"""
    bad = write(tmp_path, "refused.yaml", base.replace(" EXPECT", ""))
    good = write(tmp_path, "expected.yaml", base.replace(" EXPECT", ", expect_error: true"))
    assert run_cli(capsys, "check", str(bad))[0] == 1
    rc, out, err = run_cli(capsys, "check", str(good))
    assert rc == 0, out + err


def test_check_folder_mixed_results(tmp_path, capsys) -> None:
    d = tmp_path / "suite"
    d.mkdir()
    write(d, "a_pass.yaml", PASSING)
    write(d, "b_fail.yml", FAILING)
    write(d, "notes.txt", "not a scenario")
    rc, out, _ = run_cli(capsys, "check", str(d))
    assert rc == 1
    assert "1 passed, 1 failed, 0 invalid" in out
    write(d, "c_invalid.yaml", "name: [unclosed\n")
    rc, out, _ = run_cli(capsys, "check", str(d))
    assert rc == 2  # an invalid file wins over a failing one
    assert "1 passed, 1 failed, 1 invalid" in out


def test_check_json_pass_and_fail(tmp_path, capsys) -> None:
    p1 = write(tmp_path, "pass.yaml", PASSING)
    p2 = write(tmp_path, "fail.yaml", FAILING)
    rc, out, _ = run_cli(capsys, "check", "--json", str(p1), str(p2))
    assert rc == 1
    objs = [json.loads(line) for line in out.splitlines()]
    assert [(o["file"], o["passed"]) for o in objs] == [(str(p1), True), (str(p2), False)]
    assert objs[0]["failure"] is None and objs[0]["name"] == "bolt to the face"
    assert "expected 18, found 17" in objs[1]["failure"]


def test_check_exit_codes_via_subprocess(tmp_path) -> None:
    assert run_subprocess("check", str(write(tmp_path, "p.yaml", PASSING))).returncode == 0
    assert run_subprocess("check", str(write(tmp_path, "f.yaml", FAILING))).returncode == 1


# --------------------------------------------------------------------------- malformed decks

DECKS = [
    ("typo_deck.txt", "20 Forest\n4 Llanowar Elfs\n", 2, ["Llanowar Elfs", "did you mean 'Llanowar Elves'"]),
    ("no_count.txt", "20 Forest\nLlanowar Elves\n", 2, ["expected a line like"]),
    ("word_count.txt", "# archetype: test\n20 Forest\nfour Llanowar Elves\n", 3, ["expected a line like"]),
    ("zero_count.txt", "20 Forest\n\n0 Llanowar Elves\n", 3, ["must be positive"]),
]


@pytest.mark.parametrize("fname,text,line,needles", DECKS, ids=[d[0] for d in DECKS])
def test_play_malformed_deck(tmp_path, capsys, fname, text, line, needles) -> None:
    p = write(tmp_path, fname, text)
    rc, out, err = run_cli(capsys, "play", str(p), "burn", "--quiet")
    assert rc == 2
    assert out == ""
    assert "Traceback" not in err
    err_lines = err.splitlines()
    assert len(err_lines) == 1, err
    assert f"{p}:{line}:" in err_lines[0]
    for needle in needles:
        assert needle in err_lines[0]


@pytest.mark.parametrize("case", ["empty", "sideboard_only", "binary", "directory"])
def test_play_deck_without_cards_or_unreadable(tmp_path, capsys, case) -> None:
    p = tmp_path / f"{case}.txt"
    if case == "empty":
        p.write_text("# archetype: nothing\n\n")
    elif case == "sideboard_only":
        p.write_text("Sideboard\n4 Forest\n")
    elif case == "binary":
        p.write_bytes(b"\xff\xfe20 Forest\n")
    else:
        p.mkdir()
    rc, out, err = run_cli(capsys, "play", "burn", str(p), "--quiet")
    assert rc == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and str(p) in err
    assert "Traceback" not in err


def test_play_unknown_deck_suggests_bundled(capsys) -> None:
    rc, out, err = run_cli(capsys, "play", "vanila", "burn", "--quiet")
    assert rc == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1
    assert "vanila" in lines[0] and "did you mean 'vanilla'" in lines[0]


def test_play_malformed_deck_via_subprocess(tmp_path) -> None:
    p = write(tmp_path, "deck.txt", "20 Forest\n4 Llanowar Elfs\n")
    res = run_subprocess("play", str(p), "burn")
    assert res.returncode == 2
    assert res.stdout == ""
    assert "Traceback" not in res.stderr
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and f"{p}:2:" in lines[0]
    res = run_subprocess("play", "no-such-deck", "burn")
    assert res.returncode == 2
    assert len(res.stderr.splitlines()) == 1 and "no-such-deck" in res.stderr


def test_play_good_deck_file(tmp_path, capsys) -> None:
    p = write(tmp_path, "elves.txt", "// archetype: elves\n24 Forest\n4 Llanowar Elves (DOM) 168\n"
                                      "4 Grizzly Bears\n4 Runeclaw Bear\n4 Centaur Courser\n4 Trained Armodon\n"
                                      "4 Gorilla Warrior\n4 Elvish Warrior\n4 Durkwood Boars\n4 Craw Wurm\n"
                                      "\nSideboard\n4 Giant Growth\n")
    rc, out, err = run_cli(capsys, "play", str(p), "vanilla", "--quiet", "--seed", "3")
    assert rc == 0, err
    assert out.startswith("result: ")


@pytest.mark.parametrize("text,needle", [
    ("40 Forest\n", "at least 60"),
    ("60 Forest\nSideboard\n16 Grizzly Bears\n", "at most 15"),
    ("55 Forest\n5 Grizzly Bears\n", "at most 4"),
], ids=["too-small", "big-sideboard", "five-copies"])
def test_play_deck_construction_rules(tmp_path, capsys, text: str, needle: str) -> None:
    p = write(tmp_path, "deck.txt", text)
    rc, out, err = run_cli(capsys, "play", str(p), "burn", "--quiet")
    assert rc == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and str(p) in lines[0] and needle in lines[0]
    assert "Traceback" not in err


def test_play_too_many_copies_names_the_line(tmp_path, capsys) -> None:
    p = write(tmp_path, "deck.txt", "55 Forest\n5 Grizzly Bears\n")
    rc, _, err = run_cli(capsys, "play", str(p), "burn", "--quiet")
    assert rc == 2
    assert f"{p}:2:" in err


def test_closed_pipe_is_not_a_traceback() -> None:
    """A reader that stops early (`manastack cards list | head -1`) ends the command quietly with 141
    (128 + SIGPIPE), never a BrokenPipeError traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "manastack", "cards", "list"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader goes away with most of the list unread
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert first.strip()
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert proc.returncode == 141
