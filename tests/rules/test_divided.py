"""Damage divided among targets (rules/divided.py): the casts agents are offered carry a division (601.2d),
"any number of targets" is listed as one or two of them (601.2c), a division that doesn't fit is refused,
and agents play such spells to the end of a game. The scenario files are in tests/scenarios/cards/divided/."""

from __future__ import annotations

import pytest
from setup_helpers import put

from manastack import Game, IllegalActionError
from manastack.agents import RandomAgent, play_game
from manastack.agents.heuristic import HeuristicAgent
from manastack.model import actions as A
from manastack.model.state import HAND, MAIN1, Obj, player_ref
from manastack.rules.divided import Divisions


def _game(mountains: int, *cards: tuple[str, str, int]) -> tuple[Game, list[Obj]]:
    g = Game.empty(seed=1)
    for _ in range(mountains):
        put(g, "Mountain", "battlefield", 0)
    objs = [put(g, name, zone, who) for name, zone, who in cards]
    for p in (0, 1):
        for _ in range(10):
            put(g, "Mountain", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 3, 0, MAIN1, 0
    g.run()
    return g, objs


def test_601_2d_divisions_listed_lazily() -> None:
    d = Divisions(4, 2)
    assert len(d) == 3 and d[0] == (2, 2) and list(d) == [(2, 2), (1, 3), (3, 1)]
    assert (1, 3) in d and (0, 4) not in d and (2, 1) not in d and (4,) not in d
    assert len(Divisions(100, 5)) == 3764376 and Divisions(100, 5)[0] == (20, 20, 20, 20, 20)
    assert len(Divisions(2, 3)) == 0


def test_601_2d_agents_are_offered_divisions() -> None:
    g, (bears, bolt) = _game(3, ("Grizzly Bears", "battlefield", 1), ("Arc Lightning", HAND, 0))
    acts = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == bolt.id]
    opp = player_ref(1)
    two = [a for a in acts if set(a.targets) - {None} == {bears.id, opp}]
    assert {a.choices for a in two} == {(("divide", (2, 1)),), (("divide", (1, 2)),)}  # 601.2d
    assert all(len([t for t in a.targets if t is not None]) == len(dict(a.choices)["divide"]) for a in acts)
    for a in acts:  # every listed cast is accepted
        g.clone().apply(a)


def test_601_2c_any_number_of_targets_listed_as_one_or_two() -> None:
    g, (bears, elves, thunder) = _game(5, ("Grizzly Bears", "battlefield", 1), ("Llanowar Elves", "battlefield", 1),
                                       ("Rolling Thunder", HAND, 0))
    acts = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == thunder.id]
    assert acts and {len(a.targets) for a in acts} == {1, 2}
    assert all(a.x >= len(a.targets) for a in acts)  # 601.2d: no more targets than damage
    assert A.CastSpell(thunder.id, (bears.id, elves.id), 3, choices=(("divide", (2, 1)),)) in acts
    for a in acts[:40]:
        g.clone().apply(a)


def test_601_2d_a_division_that_does_not_fit_is_refused() -> None:
    g, (bears, thunder) = _game(5, ("Grizzly Bears", "battlefield", 1), ("Rolling Thunder", HAND, 0))
    with pytest.raises(IllegalActionError, match="601.2d"):
        g.clone().apply(A.CastSpell(thunder.id, (bears.id, player_ref(1)), 3, choices=(("divide", (3, 1)),)))
    with pytest.raises(IllegalActionError, match="601.2d"):
        g.clone().apply(A.CastSpell(thunder.id, (bears.id, player_ref(1)), 1, choices=(("divide", (1,)),)))
    with pytest.raises(IllegalActionError, match="601.2c"):
        g.clone().apply(A.CastSpell(thunder.id, (), 2))
    g.apply(A.CastSpell(thunder.id, (bears.id, player_ref(1)), 3, choices=(("divide", (2, 1)),)))
    g.apply(A.PassPriority())
    g.apply(A.PassPriority())
    assert g.s.players[1].life == 19 and bears.id not in g.s.battlefield  # 2 to the Bears, 1 to the opponent
    assert [g.s.objects[o].card.name for o in g.s.players[1].graveyard] == ["Grizzly Bears"]


@pytest.mark.parametrize("agent", [RandomAgent, HeuristicAgent])
def test_agents_play_divided_spells(agent) -> None:
    g, _ = _game(4, ("Grizzly Bears", "battlefield", 1), ("Forked Bolt", HAND, 0), ("Arc Lightning", HAND, 0),
                 ("Rolling Thunder", HAND, 0), ("Fireball", HAND, 0), ("Llanowar Elves", "battlefield", 1))
    play_game(g, (agent(1), agent(2)), max_decisions=3000)
    assert g.over
