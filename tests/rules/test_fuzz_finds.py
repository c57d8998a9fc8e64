"""Listings the fuzzer found wrong (manastack fuzz, seed 20261201): an action listed as legal must be
accepted, and a decision must always list a legal answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack import Game
from manastack.fuzz.cases import read_case
from manastack.fuzz.runner import FuzzOptions, play_case
from manastack.model import actions as A
from manastack.model.state import BATTLEFIELD
from manastack.rules import mana_payment
from tests.setup_helpers import put

CASES = Path(__file__).resolve().parent.parent / "fuzz_cases"


def _main_phase(active: int = 0) -> Game:
    g = Game.new_game("vanilla", "vanilla", seed=5)
    while g.pending.kind != "priority" or g.s.step != 3 or g.s.active != active:  # precombat main
        g.apply(g.legal_actions()[0])
    return g


def test_601_2h_a_permanent_sacrificed_for_mana_cannot_also_be_the_additional_cost() -> None:
    """Deadly Dispute ({1}{B}, sacrifice an artifact or creature) with a Swamp and a Lotus Petal: the Petal
    is the only thing to sacrifice, so it can't add the {1} (its mana ability sacrifices it): not listed."""
    g = _main_phase()
    p = g.s.active
    for oid in list(g.s.battlefield):
        if g.s.objects[oid].controller == p:
            g.s.battlefield.remove(oid)
    put(g, "Swamp", BATTLEFIELD, p)
    put(g, "Lotus Petal", BATTLEFIELD, p)
    dispute = put(g, "Deadly Dispute", "hand", p)
    g.run()
    assert not any(isinstance(a, A.CastSpell) and a.card == dispute.id for a in g.legal_actions())
    put(g, "Ornithopter", BATTLEFIELD, p)  # another artifact to sacrifice: the Petal pays the {1}
    g.run()
    cast = next(a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == dispute.id)
    g.apply(cast)
    assert dispute.id not in g.s.players[p].hand  # cast: the Ornithopter is sacrificed, the Petal pays
    assert any(o.card.name == "Ornithopter" and o.zone == "graveyard" for o in g.s.objects.values())


@pytest.mark.parametrize("case", sorted(CASES.glob("*.json")), ids=lambda p: p.stem)
def test_the_games_the_fuzzer_found_now_play_on(case: Path) -> None:
    """The recorded games (tests/fuzz_cases/) replayed: each broke at its last action (a listed action
    refused: Deadly Dispute with only a Treasure to sacrifice, a converter's {1} paid with the spell's
    {U}; Viscera Dragger's unearth paid with Automated Artificer's ability-only mana; an engine fault:
    Razorgrass Screen drafted onto a menace attacker, leaving only a refused "no
    blocks"; many blockers drafted onto another attacker than a Lure, Mortipede or Treeshaker Chimera, "all
    creatures able to block it do so", which the search for a legal declaration didn't reach, 509.1c; Ninja of the Deep Hours returning an
    Eldrazi Scion the payment had sacrificed for {C}, 601.2h; a converter's {2} at negative life, 119.4;
    restricted mana paying another converter's cost, 106.6; a mandatory loop run into the step bound, 104.4b).
    Now the game goes past it (or ends by the rules): the replay only runs out of recorded actions, or an action the
    listing no longer offers is refused as unlisted."""
    c = read_case(str(case))
    played = play_case(c, FuzzOptions(check_rate=0.0, replay=False), actions=list(c.actions))
    assert played.kind in ("replay", "agent_illegal", ""), (played.kind, played.message)


def _only(g: Game, names: list[str], p: int) -> None:
    """`p` controls exactly these permanents (none summoning sick)."""
    for oid in list(g.s.battlefield):
        if g.s.objects[oid].controller == p:
            g.s.battlefield.remove(oid)
    for name in names:
        put(g, name, BATTLEFIELD, p).sick = False


def _castable(g: Game, card: int) -> bool:
    g.run()
    return any(isinstance(a, A.CastSpell) and a.card == card for a in g.legal_actions())


def test_119_4_a_player_at_zero_life_or_less_still_pays_a_cost_that_needs_no_life() -> None:
    """119.4 limits paying life, not mana: two Ancient Tombs take p to -1 life in the middle of paying
    (state-based actions wait, 704.3), and Signpost Scarecrow's {2} is still paid with their {C}{C}: Kismet
    ({3}{W}) is cast (the fuzzer's game 19895 of seed 20261202: the solver dropped every requirement at
    negative life)."""
    g = _main_phase()
    p = g.s.active
    _only(g, ["Ancient Tomb", "Ancient Tomb", "Island", "Signpost Scarecrow"], p)
    g.s.players[p].life = 3
    kismet = put(g, "Kismet", "hand", p)
    assert _castable(g, kismet.id)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == kismet.id))
    assert kismet.zone == "stack"
    assert g.s.players[p].life == -1


def test_106_6_a_castles_creature_only_mana_cannot_pay_another_castles_cost() -> None:
    """106.6: Castle Garenbrig's six {G} may be spent only on creature spells and creatures' abilities, so it
    can't pay the {2}{G}{G} of the other Castle (not a creature). Four Forests and two Castles make at most
    seven mana for a creature spell: Thousand-legged Kami ({6}{G}{G}) is not listed, a seven-mana creature is
    (the fuzzer's game 5463 of seed 20261202 listed the Kami and then refused it)."""
    g = _main_phase()
    p = g.s.active
    _only(g, ["Forest"] * 4 + ["Castle Garenbrig"] * 2, p)
    kami = put(g, "Thousand-legged Kami", "hand", p)
    assert not _castable(g, kami.id)
    _only(g, ["Forest"] * 5 + ["Castle Garenbrig"] * 2, p)  # the fifth Forest and a Castle's {G}: eight
    assert _castable(g, kami.id)


def test_106_6_instant_only_mana_cannot_pay_a_converters_cost() -> None:
    """106.6: Hydro-Channeler's mana may be spent only on instant and sorcery spells, not on the {1} of
    another Hydro-Channeler's "{1}, {T}: Add one mana of any color": two of them can't make the {G} of Giant
    Growth; with an Island for the {1}, they can (the fuzzer's game 17714 of seed 20261202)."""
    g = _main_phase()
    p = g.s.active
    _only(g, ["Hydro-Channeler", "Hydro-Channeler"], p)
    growth = put(g, "Giant Growth", "hand", p)
    assert not _castable(g, growth.id)
    _only(g, ["Hydro-Channeler", "Island"], p)
    assert _castable(g, growth.id)


def test_106_6_restricted_mana_in_the_pool_cannot_pay_a_converters_cost() -> None:
    """106.6: Mishra's Workshop's {C}{C}{C} in the pool may be spent only on artifact spells, not on the {2}
    of Urn of Godfire ("{2}: Add one mana of any color"): with one Island beside them, Scavenged Blade
    ({1}{R}) has no {R} (the fuzzer's game 15380 of seed 20261204 listed it, then refused it); with two
    Islands for the Urn's {2}, the Workshop's mana pays the {1}."""
    for islands, castable in ((1, False), (2, True)):
        g = _main_phase()
        p = g.s.active
        _only(g, ["Mishra's Workshop", "Urn of Godfire"] + ["Island"] * islands, p)
        workshop = next(o for o in g.permanents(p) if o.card.name == "Mishra's Workshop")
        mana_payment.activate_mana(g, p, workshop.id, 0)
        assert sum(g.s.players[p].pool) == 3
        blade = put(g, "Scavenged Blade", "hand", p)
        assert _castable(g, blade.id) is castable
        if castable:
            g.apply(next(a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == blade.id))
            assert blade.zone == "stack"


def test_601_2f_a_colored_increase_adds_to_the_flashback_cost_not_the_mana_cost() -> None:
    """601.2f / 702.34a: cast from the graveyard, Eviscerator's Insight costs its flashback cost {4}{B}, and
    Derelor ("Black spells you cast cost {B} more") makes it {4}{B}{B}: five lands are not enough, though
    they would pay the mana cost {1}{B} plus {B} (the fuzzer's game 12084 of seed 20261206 priced the
    increase on the mana cost, listed the flashback cast and then refused it); six lands are."""
    for lands, castable in ((5, False), (6, True)):
        g = _main_phase()
        p = g.s.active
        _only(g, ["Derelor"] + ["Swamp"] * lands, p)
        insight = put(g, "Eviscerator's Insight", "graveyard", p)
        assert _castable(g, insight.id) is castable
        if castable:
            g.apply(next(a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == insight.id))
            assert insight.zone == "stack"  # Derelor sacrificed for the additional cost, the cost stays locked
            assert all(o.tapped for o in g.permanents(p))
    g = _main_phase()  # from the hand: {1}{B} and Derelor's {B}, three lands
    p = g.s.active
    _only(g, ["Derelor"] + ["Swamp"] * 3, p)
    assert _castable(g, put(g, "Eviscerator's Insight", "hand", p).id)
