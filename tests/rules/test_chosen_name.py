"""201.4 / 614.12: "As CARDNAME enters, choose a card name" without a player to answer (agents, simulations):
the default is the name of an opponent's permanent whose abilities the static would stop (rules/entry_choices.py)."""

from __future__ import annotations

from manastack.engine.game import Game
from manastack.model.state import BATTLEFIELD
from manastack.rules import entry_choices
from tests.setup_helpers import put


def _needle_names(needle: str, opponent_cards: list[str]) -> str | None:
    g = Game.empty()
    for name in opponent_cards:
        put(g, name, "battlefield", controller=1)
    o = put(g, needle, "hand", controller=0)
    new = g.move(o.id, BATTLEFIELD, rule="608.3", controller=0)
    return entry_choices.chosen_name(g.s, new)


def test_needle_names_an_opponents_permanent_with_a_nonmana_ability() -> None:
    assert _needle_names("Pithing Needle", ["Forest", "Llanowar Elves", "Prodigal Sorcerer"]) == "Prodigal Sorcerer"


def test_revoker_may_name_a_mana_creature_but_no_land() -> None:
    assert _needle_names("Phyrexian Revoker", ["Forest", "Wasteland", "Llanowar Elves"]) == "Llanowar Elves"


def test_own_cards_come_last() -> None:
    g = Game.empty()
    put(g, "Prodigal Sorcerer", "battlefield", controller=0)
    put(g, "Llanowar Elves", "battlefield", controller=1)
    o = put(g, "Pithing Needle", "hand", controller=0)
    new = g.move(o.id, BATTLEFIELD, rule="608.3", controller=0)
    assert entry_choices.chosen_name(g.s, new) == "Llanowar Elves"
