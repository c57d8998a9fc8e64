"""Compiled forms of conditions (603.4 intervening "if", 602.5b "Activate only if", 614.1c "enters with
... if") and reflexive triggers (603.12); what stays unsupported."""

from __future__ import annotations

from manastack.cards.compiler import compile_card
from manastack.cards.templates.reflexive import ReflexiveTrigger
from manastack.model.vocab.conditions import HistoryCondition
from manastack.rules import intervening


def _card(text: str, kind: str = "Creature — Human", pt: str | None = "2") -> object:
    return compile_card({"name": "Test Card", "mana_cost": "{2}{B}", "type_line": kind, "oracle_text": text,
                         "power": pt, "toughness": pt})


def test_intervening_if_conditions() -> None:
    raid = _card("When this creature enters, if you attacked this turn, draw a card.")
    assert not raid.unsupported and raid.abilities[0].intervening == HistoryCondition("you_attacked")
    for text in ("At the beginning of your upkeep, if you control three or more artifacts, you gain 2 life.",
                 "At the beginning of your upkeep, if you have 10 or less life, you gain 1 life."):
        state = _card(text)
        assert not state.unsupported and type(state.abilities[0].intervening) in intervening.EVALUATORS, text
    # a condition about the source itself is not an intervening if we model (it may have left)
    assert _card("When this creature dies, if it's attacking, draw a card.").unsupported


def test_reflexive_trigger_only_after_you_may_and_last() -> None:
    ok = _card("When this creature enters, you may pay 2 life. When you do, target creature gets -1/-1 until "
               "end of turn.")
    assert not ok.unsupported
    refl = ok.abilities[0].effects[-1]
    assert isinstance(refl, ReflexiveTrigger) and len(refl.ability.targets) == 1
    assert not ok.abilities[0].targets  # the reflexive ability's target is its own (603.12, 603.3d)
    assert _card("When this creature enters, draw a card. When you do, you gain 2 life.").unsupported
    assert _card("When this creature enters, you may pay 2 life. When you do, you gain 3 life. Draw a card."
                 ).unsupported


def test_activation_and_entering_conditions() -> None:
    act = _card("{T}: Draw a card. Activate only if a creature died this turn.")
    assert not act.unsupported
    etb = _card("This creature enters with two +1/+1 counters on it if a creature died this turn.")
    assert not etb.unsupported and etb.abilities[0].condition == HistoryCondition("creature_died")
    assert _card("This creature enters with two +1/+1 counters on it if you cast two spells this turn.").unsupported
