"""506.1, 508.1b, 510.1b, 120.3c, 704.5i, 306.5b: attacking planeswalkers. No planeswalker of the
reference pool compiles yet (loyalty abilities), so these tests build a planeswalker without
abilities directly from the card vocabulary."""

from __future__ import annotations

from dataclasses import replace

import pytest

from manastack import IllegalActionError
from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.state import STEP_INDEX, Combat, player_ref


def walker(loyalty: int):
    base = get_card("Grizzly Bears")
    return replace(base, name="Test Walker", types=frozenset({"Planeswalker"}), subtypes=frozenset(),
                   power=None, toughness=None, loyalty=loyalty, abilities=(), keywords=frozenset())


def position(loyalty: int = 3, blockers: tuple[str, ...] = ()) -> tuple[Game, int, int]:
    g = Game.empty()
    g.auto_pass = False
    s = g.s
    bears = g.new_object(get_card("Grizzly Bears"), 0, "battlefield")
    s.battlefield.append(bears.id)
    pw = g.new_object(walker(loyalty), 1, "library")
    s.players[1].library.append(pw.id)
    pw_id = g.move(pw.id, "battlefield", rule="test")
    for name in blockers:
        b = g.new_object(get_card(name), 1, "battlefield")
        s.battlefield.append(b.id)
    s.turn, s.active, s.step, s.stage = 3, 0, STEP_INDEX["beginning_of_combat"], 1
    s.combat = Combat()
    s.priority = 0
    g.run()
    return g, bears.id, pw_id


def to_declare_attackers(g: Game) -> None:
    while g.pending.kind != "attackers":
        g.apply(A.PassPriority())


def finish_combat(g: Game) -> None:
    for _ in range(50):
        d = g.pending
        if d is None or g.s.step >= STEP_INDEX["end_of_combat"]:
            return
        if d.kind == "blockers":
            g.apply(A.DeclareBlockers(()))
        else:
            g.apply(g.legal_actions()[0])


def test_planeswalker_enters_with_its_loyalty() -> None:
    g, _, pw = position(loyalty=4)
    assert g.s.objects[pw].counters["loyalty"] == 4  # 306.5b


def test_attack_planeswalker_damage_removes_loyalty() -> None:
    g, bears, pw = position(loyalty=3)
    to_declare_attackers(g)
    assert any(isinstance(a, A.AddAttacker) and a.defender == pw for a in g.legal_actions())  # 508.1b
    g.apply(A.DeclareAttackers(((bears, pw),)))
    finish_combat(g)
    assert g.s.objects[pw].counters["loyalty"] == 1  # 120.3c: damage to a planeswalker removes loyalty
    assert g.s.players[1].life == 20  # the player isn't dealt the damage


def test_planeswalker_with_no_loyalty_dies() -> None:
    g, bears, pw = position(loyalty=2)
    to_declare_attackers(g)
    g.apply(A.DeclareAttackers(((bears, pw),)))
    finish_combat(g)
    assert pw not in g.s.battlefield
    assert any(e["event"] == "sba" and e["rule"] == "704.5i" for e in g.log)


def test_cannot_attack_own_planeswalker_or_a_creature() -> None:
    g, bears, pw = position(loyalty=3, blockers=("Grizzly Bears",))
    to_declare_attackers(g)
    other = [o.id for o in g.permanents(1) if o.card.name == "Grizzly Bears"][0]
    with pytest.raises(IllegalActionError, match="508.1b"):
        g.apply(A.DeclareAttackers(((bears, other),)))
    g.apply(A.DeclareAttackers(((bears, player_ref(1)),)))
    assert g.s.combat.attackers == {bears: player_ref(1)}
