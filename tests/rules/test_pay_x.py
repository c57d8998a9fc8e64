"""107.3 / 608.2d: "you may pay {X}. If you do, ..." as an ability resolves (rules/choice_effects.py "pay_x"):
the player says yes, then chooses X among the values they can pay now (largest first), pays it, and the rest
of the ability uses that X."""

from __future__ import annotations

import pytest
from setup_helpers import put

from manastack import Game, IllegalActionError
from manastack.model import actions as A
from manastack.model.decisions import DecisionKind
from manastack.model.state import HAND, MAIN1


def _decree_cycled(plains: int) -> Game:
    """Alice cycles Decree of Justice with `plains` Plains; its cycle trigger is about to resolve."""
    g = Game.empty()
    lands = [put(g, "Plains", "battlefield", 0).id for _ in range(plains)]
    decree = put(g, "Decree of Justice", HAND, 0).id
    for p in (0, 1):
        for _ in range(5):
            put(g, "Island", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 1, 0, MAIN1, 0
    g.run()
    g.apply(A.ActivateAbility(decree, 0, payment=A.Payment(tuple((land, 0, None) for land in lands[:3]))))  # cycling {2}{W}
    while g.pending is not None and g.pending.kind == DecisionKind.PRIORITY and g.s.stack:
        g.apply(A.PassPriority())
    return g


def test_107_3_pay_x_offers_only_payable_values_largest_first() -> None:
    g = _decree_cycled(6)
    assert g.pending.kind == DecisionKind.MAY
    g.apply(A.Choose(True))
    assert g.pending.kind == DecisionKind.PAY_X
    assert [a.value for a in g.legal_actions()] == [3, 2, 1, 0]  # three untapped Plains left
    with pytest.raises(IllegalActionError):
        g.apply(A.Choose(4))
    assert g.pending.kind == DecisionKind.PAY_X  # refused: nothing changed
    g.apply(A.Choose(3))
    soldiers = [o for o in g.permanents(0) if o.card.name == "Soldier"]
    assert len(soldiers) == 3
    assert all(o.tapped for o in g.permanents(0) if o.card.name == "Plains")


def test_107_3_pay_x_with_nothing_left_to_pay_is_zero() -> None:
    g = _decree_cycled(3)  # every Plains tapped for the cycling cost
    g.apply(A.Choose(True))
    assert g.pending.kind != DecisionKind.PAY_X  # X = 0 is the only choice: made without asking
    assert not [o for o in g.permanents(0) if o.card.name == "Soldier"]
    assert any(e["event"] == "pay_x" and e["x"] == 0 for e in g.log)
