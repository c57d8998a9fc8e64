"""SCENARIOS.md: a choice with a single legal option, or an order that can't change the result, is
made without asking (Game.unasked); an answer a script gives for it is checked against
its options and used up. Only a real choice takes an answer: a fixed "{T}: Add {G}." takes none, and
an answer that doesn't fit the one option fits no choice of the step, which is refused."""

from __future__ import annotations

from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.state import MAIN1
from manastack.scenario import run_data
from manastack.scenario.yamlio import load
from tests.setup_helpers import put

BASE = """
name: t
start: {{turn: 1, active: alice, step: precombat_main}}
players:
  alice:
    battlefield: [{permanents}]
    library: [Forest, Forest]
  bob:
    library: [Forest, Forest]
actions:
  - {{by: alice, activate: {source}, choose: [{answer}]}}
"""


def run(permanents: str, source: str, answer: str):
    text = BASE.format(permanents=permanents, source=source, answer=answer)
    return run_data(load(text, "<test>"), "<test>")


def test_a_fixed_mana_ability_takes_no_answer() -> None:
    res = run("Forest", "Forest", "G")
    assert not res.passed and "answer 'G'" in (res.failure or "") and "doesn't fit" in (res.failure or "")


def test_an_answer_that_doesnt_fit_the_one_option_refuses_the_step() -> None:
    res = run("Forest, Reflecting Pool", "Reflecting Pool", "U")
    assert not res.passed and "answer 'U'" in (res.failure or "") and "doesn't fit" in (res.failure or "")


def test_the_one_option_is_taken() -> None:
    assert run("Forest, Reflecting Pool", "Reflecting Pool", "G").passed


def test_without_a_chooser_the_engine_takes_the_one_option() -> None:
    g = Game.empty()
    put(g, "Forest", "battlefield", 0)
    pool = put(g, "Reflecting Pool", "battlefield", 0)
    for p in (0, 1):
        put(g, "Forest", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 1, 0, MAIN1, 0
    g.auto_pass = False  # alice keeps priority: she has only mana abilities
    g.run()
    g.apply(A.ActivateAbility(pool.id, 0))
    assert g.s.players[0].pool == (0, 0, 0, 0, 1, 0)
