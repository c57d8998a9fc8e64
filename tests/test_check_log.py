"""`manastack check --log` / `-v`: a rules expert sees why a scenario failed — the readable game
log (every event with the rule it cites), with the script's steps marked where they began."""

from __future__ import annotations

import json

from manastack.cli import main

SCENARIO = """
name: Llanowar Elves taps for {{G}}
start: {{turn: 3, active: alice, step: precombat_main}}
players:
  alice:
    battlefield: [Llanowar Elves]
    library: [Forest, Forest]
  bob:
    library: [Forest, Forest]
actions:
  - {{by: alice, activate: Llanowar Elves}}
  - expect:
      - {{player: alice, mana_pool: "{pool}"}}
"""


def write(tmp_path, name: str, pool: str) -> str:
    f = tmp_path / name
    f.write_text(SCENARIO.format(pool=pool), "utf-8")
    return str(f)


def test_log_of_a_failing_scenario(tmp_path, capsys) -> None:
    bad = write(tmp_path, "bad.yaml", "{G}{G}")
    good = write(tmp_path, "good.yaml", "{G}")
    assert main(["check", "--log", good, bad]) == 1
    out = capsys.readouterr().out
    failing = out[out.index("FAIL"):]
    assert "--- step 1 (line 11): activate Llanowar Elves by alice" in failing
    assert "add_mana" in failing and "[106.3]" in failing and "[605.3a]" in failing
    assert "--- step" not in out[:out.index("FAIL")], "a passing scenario's log is printed only with -v"


def test_verbose_prints_every_log(tmp_path, capsys) -> None:
    good = write(tmp_path, "good.yaml", "{G}")
    assert main(["check", "-v", good]) == 0
    assert "--- step 1" in capsys.readouterr().out


def test_json_log_only_for_failures(tmp_path, capsys) -> None:
    bad = write(tmp_path, "bad.yaml", "{G}{G}")
    good = write(tmp_path, "good.yaml", "{G}")
    assert main(["check", "--json", "--log", good, bad]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert "log" not in rows[0] and rows[0]["passed"]
    assert any("add_mana" in line for line in rows[1]["log"])
