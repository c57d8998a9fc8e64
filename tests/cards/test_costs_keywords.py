"""Cost keywords (cards/templates/costs.py): cycling from the hand (702.29), "can't be countered"
(101.2), kicker (702.33) — compiled abilities and the actions offered to agents (rules/priority.py)."""

from __future__ import annotations

from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.state import MAIN1
from manastack.model.vocab.keyword_costs import IfKicked
from manastack.rules import activation, object_abilities, priority
from tests.setup_helpers import put


def main_phase(g: Game) -> None:
    g.s.active = 0
    g.s.priority = 0
    g.s.step = MAIN1


def test_cycling_compiles_as_hand_ability_only() -> None:
    card = get_card("Miscalculation")
    assert not card.unsupported
    assert len(activation.hand_abilities(card)) == 1
    moor = get_card("Barren Moor")
    assert [ab.text for ab in activation.hand_abilities(moor)] == ["cycling {b}"]
    g = Game.empty()
    on_bf = put(g, "Barren Moor", "battlefield")
    assert all("cycling" not in ab.text for ab in object_abilities.activated_abilities(g, on_bf))


def test_cycling_offered_only_when_affordable() -> None:
    g = Game.empty()
    main_phase(g)
    card = put(g, "Miscalculation", "hand")
    put(g, "Island", "battlefield")
    cyc = A.ActivateAbility(card.id, 0, ())
    assert cyc not in priority.priority_actions(g, 0)
    put(g, "Island", "battlefield")
    assert cyc in priority.priority_actions(g, 0)


def test_kicked_cast_offered_when_kicker_affordable() -> None:
    g = Game.empty()
    main_phase(g)
    card = put(g, "Ardent Soldier", "hand")
    for _ in range(3):
        put(g, "Plains", "battlefield")
    casts = [a for a in priority.priority_actions(g, 0) if isinstance(a, A.CastSpell) and a.card == card.id]
    assert [a.choices for a in casts] == [()]
    put(g, "Plains", "battlefield")
    casts = [a for a in priority.priority_actions(g, 0) if isinstance(a, A.CastSpell) and a.card == card.id]
    assert [a.choices for a in casts] == [(), (("kicked", True),)]


def test_kicker_conditions_stay_unsupported_when_not_modelled() -> None:
    # 601.2c: "if kicked, exile target nonland permanent instead": a target only a kicked spell has
    assert get_card("Tear Asunder", require_supported=False).unsupported
    assert not get_card("Carnage Tyrant").unsupported


def test_kicked_instead_replaces_the_effect_before_it() -> None:
    """608.2c / 702.33d: "If this spell was kicked, it deals 4 damage instead": IfKicked with the effect it
    replaces as its `otherwise`."""
    spell = get_card("Burst Lightning").spell
    assert spell is not None
    (effect,) = spell.effects
    assert isinstance(effect, IfKicked)
    assert effect.effects[0].amount == 4 and effect.otherwise[0].amount == 2


def test_flashback_offered_from_graveyard_for_its_cost() -> None:
    g = Game.empty()
    main_phase(g)
    o = g.new_object(get_card("Think Twice"), 0, "graveyard")
    g.s.players[0].graveyard.append(o.id)
    for _ in range(2):
        put(g, "Island", "battlefield")
    cast = A.CastSpell(o.id)
    assert cast not in priority.priority_actions(g, 0)  # {1}{U} is not enough: flashback costs {2}{U}
    put(g, "Island", "battlefield")
    assert cast in priority.priority_actions(g, 0)


def test_ward_compiles_as_trigger() -> None:
    card = get_card("Tomakul Honor Guard")
    assert [ab.event for ab in card.abilities if hasattr(ab, "event")] == ["ward"]
