"""702.139: companion. The deck conditions (702.139a-b, manastack/decks.py), the deck's companion (a
Companion section, or the sideboard of an MTGO list), the card outside the game and the special action
that puts it into the hand for {3} (116.2g, rules/companion.py), and Lurrus's once-per-turn permission to
cast a permanent spell from the graveyard (601.3).

The scenario format sets up zones of the game only (a companion is outside it), so these go through the
Game API and Game.empty positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from setup_helpers import put

from manastack import Game, IllegalActionError
from manastack.agents import play_game
from manastack.agents.heuristic import HeuristicAgent
from manastack.cards.db import get_card
from manastack.decks import check_deck, companion_of, condition_breaks, load_deck, parse_deck
from manastack.errors import InputError
from manastack.model import actions as A
from manastack.model.state import HAND, MAIN1, OUTSIDE
from manastack.model.vocab.companion import (
    Companion,
    DeckSize,
    DistinctNames,
    EveryCard,
    HasActivatedAbility,
    HasSubtype,
    ManaValueAtLeast,
    ManaValueAtMost,
    ManaValueParity,
    NoRepeatedManaSymbol,
    SharedCardType,
)
from manastack.sim.runner import resolve_deck
from manastack.sim.store import _cards

DECKS = Path(__file__).parent / "decks"
LURRUS, YORION, JEGANTHA, KAHEERA = ("Lurrus of the Dream-Den", "Yorion, Sky Nomad", "Jegantha, the Wellspring",
                                     "Kaheera, the Orphanguard")


def _condition(name: str):
    return next(ab for ab in get_card(name, require_supported=False).abilities if isinstance(ab, Companion)).condition


def _breaks(companion: str, cards: list[str], fmt: str = "constructed") -> list[str]:
    return condition_breaks(_condition(companion), [get_card(c, require_supported=False) for c in cards], fmt)


@pytest.mark.parametrize("name, condition", [
    (LURRUS, EveryCard("permanent", ManaValueAtMost(2))),
    (YORION, DeckSize(20)),
    (JEGANTHA, EveryCard("card", NoRepeatedManaSymbol())),
    (KAHEERA, EveryCard("creature", HasSubtype(frozenset({"Cat", "Elemental", "Nightmare", "Dinosaur", "Beast"})))),
    ("Gyruda, Doom of Depths", EveryCard("card", ManaValueParity(True))),
    ("Obosh, the Preypiercer", EveryCard("nonland", ManaValueParity(False))),
    ("Keruga, the Macrosage", EveryCard("nonland", ManaValueAtLeast(3))),
    ("Lutri, the Spellchaser", DistinctNames("nonland")),
    ("Umori, the Collector", SharedCardType("nonland")),
    ("Zirda, the Dawnwaker", EveryCard("permanent", HasActivatedAbility())),
])
def test_702_139a_each_ikoria_companion_compiles_its_condition(name: str, condition: object) -> None:
    """702.139a: "Companion — [Condition]" compiles to a deck predicate (the reminder text is reminder text)."""
    assert _condition(name) == condition


def test_702_139a_lurrus_condition_each_permanent_card_mana_value_2_or_less() -> None:
    assert _breaks(LURRUS, ["Plains", "Savannah Lions", "Tarmogoyf", "Hill Giant", "Serra Angel"]) == [
        "Hill Giant", "Serra Angel"]
    # instants and sorceries aren't permanent cards: any mana value
    assert _breaks(LURRUS, ["Plains", "Savannah Lions", "Lightning Bolt", "Counterspell"]) == []


def test_702_139a_yorion_condition_twenty_cards_more_than_the_minimum() -> None:
    assert _breaks(YORION, ["Plains"] * 80) == []
    assert _breaks(YORION, ["Plains"] * 79) == ["the starting deck has 79 cards, not the 80 it needs"]
    assert _breaks(YORION, ["Plains"] * 60, fmt="limited") == []  # 100.2b: a 40-card minimum


def test_702_139a_jegantha_condition_no_repeated_mana_symbol() -> None:
    assert _breaks(JEGANTHA, ["Mountain", "Lightning Bolt", "Tarmogoyf", "Hill Giant"]) == []
    assert _breaks(JEGANTHA, ["Lightning Bolt", "Ball Lightning", "Counterspell", "Kitchen Finks"]) == [
        "Ball Lightning", "Counterspell", "Kitchen Finks"]  # {R}{R}{R}, {U}{U}, {G/W}{G/W}


def test_702_139a_kaheera_condition_each_creature_card_a_cat_elemental_nightmare_dinosaur_or_beast() -> None:
    assert _breaks(KAHEERA, ["Forest", "Savannah Lions", "Wild Nacatl", "Ball Lightning", "Giant Growth"]) == []
    assert _breaks(KAHEERA, ["Forest", "Savannah Lions", "Grizzly Bears"]) == ["Grizzly Bears"]


def test_702_139a_the_other_conditions() -> None:
    assert _breaks("Keruga, the Macrosage", ["Forest", "Hill Giant", "Lightning Bolt"]) == ["Lightning Bolt"]
    assert _breaks("Obosh, the Preypiercer", ["Mountain", "Lightning Bolt", "Ball Lightning", "Shock"]) == []
    assert _breaks("Obosh, the Preypiercer", ["Mountain", "Tarmogoyf"]) == ["Tarmogoyf"]
    assert _breaks("Gyruda, Doom of Depths", ["Island", "Counterspell", "Lightning Bolt"]) == ["Lightning Bolt"]
    assert _breaks("Lutri, the Spellchaser", ["Island"] * 4 + ["Counterspell", "Shock"]) == []
    assert _breaks("Lutri, the Spellchaser", ["Counterspell", "Counterspell"]) == ["Counterspell (2 copies)"]
    assert _breaks("Umori, the Collector", ["Forest", "Grizzly Bears", "Savannah Lions"]) == []
    assert _breaks("Umori, the Collector", ["Forest", "Grizzly Bears", "Savannah Lions", "Shock"]) == ["Shock"]
    assert _breaks("Zirda, the Dawnwaker", ["Forest", "Llanowar Elves", "Sol Ring", "Giant Growth"]) == []
    assert _breaks("Zirda, the Dawnwaker", ["Forest", "Grizzly Bears"]) == ["Grizzly Bears"]


# --- the deck's companion -------------------------------------------------------------------------------

CHEAP_MAIN = "36 Plains\n4 Savannah Lions\n4 Ajani's Pridemate\n4 Lightning Bolt\n4 Shock\n4 Counterspell\n4 Giant Growth\n"


def test_702_139a_a_companion_section_card_must_meet_its_condition(tmp_path: Path) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(CHEAP_MAIN.replace("Giant Growth", "Hill Giant") + "\nCompanion\n1 Lurrus of the Dream-Den\n")
    with pytest.raises(InputError, match=r"Lurrus of the Dream-Den.*702\.139a.*Hill Giant"):
        load_deck(str(f))
    r = check_deck(str(f))
    assert not r.playable and r.companion is None
    assert any("702.139a" in e and "Hill Giant" in e for e in r.errors)
    ok = tmp_path / "ok.txt"
    ok.write_text(CHEAP_MAIN + "\nCompanion\n1 Lurrus of the Dream-Den\n")
    assert load_deck(str(ok)).companion_choice.name == LURRUS
    assert check_deck(str(ok)).companion == LURRUS


def test_702_139a_the_first_sideboard_companion_whose_condition_the_starting_deck_meets() -> None:
    """MTGO lists put the companion in the sideboard: the first card in file order that qualifies."""
    deck = parse_deck(CHEAP_MAIN + "\nSideboard\n1 Yorion, Sky Nomad\n1 Kaheera, the Orphanguard\n"
                      "1 Lurrus of the Dream-Den\n", strict=False)
    # Yorion: 60 cards are not 80; Kaheera: Savannah Lions and Ajani's Pridemate are Cats
    assert companion_of(deck).name == "Kaheera, the Orphanguard"
    # Obosh (every nonland card has an odd mana value) is met first, but doesn't compile: a warning, no companion
    odd = "44 Plains\n4 Savannah Lions\n4 Lightning Bolt\n4 Shock\n4 Llanowar Elves\n"
    choice = companion_of(parse_deck(odd + "\nSideboard\n1 Obosh, the Preypiercer\n1 Lurrus of the Dream-Den\n",
                                     strict=False))
    assert choice.name is None and "Obosh" in choice.warnings[0]
    deck = parse_deck(CHEAP_MAIN + "\nSideboard\n1 Yorion, Sky Nomad\n1 Lurrus of the Dream-Den\n", strict=False)
    assert companion_of(deck).name == LURRUS
    deck = parse_deck(CHEAP_MAIN + "1 Hill Giant\n\nSideboard\n1 Lurrus of the Dream-Den\n", strict=False)
    assert companion_of(deck).name is None and companion_of(deck).problems == ()  # not met: just no companion


def test_702_139a_an_mtgo_lurrus_list_gets_lurrus_as_its_companion() -> None:
    """A Modern Challenge list of 2020-04-27 (copied from ../shared/decks): Lurrus in the sideboard."""
    path = str(DECKS / "lurrus-modern-challenge.txt")
    r = check_deck(path)
    assert r.companion == LURRUS
    assert json.loads(json.dumps(r.as_dict()))["companion"] == LURRUS


# --- in a game: outside the game, the special action (116.2g) ---------------------------------------------

def _position(lands: int = 3, active: int = 0, hand: tuple[str, ...] = (), run: bool = True) -> tuple[Game, int]:
    """Alice's main phase (or bob's, `active`), her Lurrus outside the game, `lands` Plains of hers. Without
    `run`, the engine doesn't run on (it would pass for a player with nothing else to do)."""
    g = Game.empty()
    for _ in range(lands):
        put(g, "Plains", "battlefield", 0)
    for card in hand:
        put(g, card, HAND, 0)
    lurrus = put(g, LURRUS, OUTSIDE, 0)
    g.s.players[0].companion = lurrus.id  # 702.139a: revealed as her companion (Game.new_game does this)
    for p in (0, 1):
        for _ in range(10):
            put(g, "Plains", "library", p)
    s = g.s
    s.turn, s.active, s.step, s.priority = 1, active, MAIN1, active
    if run:
        g.run()
    return g, lurrus.id


def _companion_actions(g: Game) -> list[A.Action]:
    return [a for a in g.legal_actions() if isinstance(a, A.PutCompanionIntoHand)]


def test_702_139c_pay_3_put_the_companion_into_the_hand_once() -> None:
    g, lurrus = _position(lands=5, hand=("Raise the Alarm",))
    assert _companion_actions(g) == [A.PutCompanionIntoHand(lurrus)]
    g.apply(A.PutCompanionIntoHand(lurrus))
    s = g.s
    assert s.players[0].outside == []
    assert [g.name_of(c) for c in s.players[0].hand] == ["Raise the Alarm", LURRUS]
    assert sum(o.tapped for o in g.permanents(0)) == 3  # {3} paid with three Plains (601.2g-h)
    assert any(e["event"] == "companion" and e["rule"] == "116.2g" for e in g.log)
    assert any(e["event"] == "zone_change" and e["from_zone"] == OUTSIDE and e["to_zone"] == HAND for e in g.log)
    assert g.pending is not None and g.pending.player == 0  # 116.3: she keeps priority
    assert _companion_actions(g) == []  # once during the game
    with pytest.raises(IllegalActionError):
        g.apply(A.PutCompanionIntoHand(lurrus))


def test_702_139a_not_without_3_mana() -> None:
    g, lurrus = _position(lands=2, hand=("Savannah Lions",))
    assert _companion_actions(g) == []
    with pytest.raises(IllegalActionError):
        g.apply(A.PutCompanionIntoHand(lurrus))
    assert g.s.players[0].outside == [lurrus]  # a refused action changes nothing


def test_702_139a_not_on_the_opponents_turn() -> None:
    g, lurrus = _position(active=1, run=False)
    g.s.priority = 0  # bob's main phase, alice has priority
    assert g.pending.player == 0
    assert _companion_actions(g) == []
    with pytest.raises(IllegalActionError, match="116.2g"):
        g.apply(A.PutCompanionIntoHand(lurrus))


def test_702_139a_not_while_the_stack_is_not_empty() -> None:
    g, lurrus = _position(lands=5, hand=("Savannah Lions", "Raise the Alarm"))
    lions = next(c for c in g.s.players[0].hand if g.name_of(c) == "Savannah Lions")
    g.apply(A.CastSpell(lions))
    assert g.s.stack and g.pending.player == 0  # she holds priority (an instant in hand)
    assert _companion_actions(g) == []
    with pytest.raises(IllegalActionError, match="116.2g"):
        g.apply(A.PutCompanionIntoHand(lurrus))


def test_702_139a_new_game_reveals_the_companion_and_clones_keep_it() -> None:
    main = ["Plains"] * 30 + ["Savannah Lions"] * 30
    g = Game.new_game(main, main, seed=5, companions=(LURRUS, None))
    s = g.s
    assert [g.name_of(c) for c in s.players[0].outside] == [LURRUS] and s.players[1].outside == []
    assert s.objects[s.players[0].outside[0]].zone == OUTSIDE
    assert [e["card"] for e in g.log if e["event"] == "companion_revealed"] == [LURRUS]
    c = g.clone()
    assert c.s.players[0].outside == s.players[0].outside and c.s.players[0].outside is not s.players[0].outside
    with pytest.raises(InputError, match=r"702\.139a.*Hill Giant"):
        Game.new_game(main + ["Hill Giant"], main, seed=5, companions=(LURRUS, None))


def test_702_139a_a_deck_file_brings_its_companion_into_the_game(tmp_path: Path) -> None:
    f = tmp_path / "lurrus.txt"
    f.write_text(CHEAP_MAIN + "\nSideboard\n1 Lurrus of the Dream Den\n")
    deck = load_deck(str(f))
    g = Game.new_game(deck, str(f), seed=1)
    assert [[g.name_of(c) for c in p.outside] for p in g.s.players] == [[LURRUS], [LURRUS]]
    name, cards, companion = resolve_deck(deck, "deck-a")
    assert companion == LURRUS and len(cards) == 60
    assert resolve_deck(["Plains"] * 60, "deck-a")[2] is None
    assert _cards(("Plains",)) == '["Plains"]'  # a run without companions is recorded as before


def test_702_139a_games_with_companions_play_to_the_end() -> None:
    main = ["Plains"] * 24 + ["Savannah Lions"] * 20 + ["Lightning Bolt"] * 16
    took = 0
    for seed in range(4):
        g = Game.new_game(main, main, seed=seed, companions=(LURRUS, LURRUS))
        play_game(g, (HeuristicAgent(seed), HeuristicAgent(seed + 1)))
        assert g.over
        took += sum(1 for e in g.log if e["event"] == "companion")
    assert took > 0


# --- Lurrus: "Once during each of your turns, you may cast a permanent spell with mana value 2 or less
# from your graveyard" (601.3) ---------------------------------------------------------------------------

def _lurrus_on_battlefield(active: int = 0, run: bool = True) -> tuple[Game, int, int, int]:
    g = Game.empty()
    for _ in range(6):
        put(g, "Plains", "battlefield", 0)
    put(g, LURRUS, "battlefield", 0)
    lions = put(g, "Savannah Lions", "graveyard", 0)
    pridemate = put(g, "Ajani's Pridemate", "graveyard", 0)
    put(g, "Serra Angel", "graveyard", 0)  # mana value 5: not this permission
    put(g, "Raise the Alarm", HAND, 0)
    for p in (0, 1):
        for _ in range(10):
            put(g, "Plains", "library", p)
    s = g.s
    s.turn, s.active, s.step, s.priority = 1, active, MAIN1, active
    if run:
        g.run()
    return g, lions.id, pridemate.id, s.players[0].graveyard[-1]


def _graveyard_casts(g: Game) -> list[int]:
    gy = g.s.players[0].graveyard
    return sorted({a.card for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card in gy})


def test_601_3_lurrus_once_during_each_of_your_turns() -> None:
    g, lions, pridemate, angel = _lurrus_on_battlefield()
    assert _graveyard_casts(g) == sorted([lions, pridemate])
    g.apply(A.CastSpell(lions))
    assert any(e["event"] == "graveyard_cast_each_turn" for e in g.log)
    while g.s.stack:
        g.apply(A.PassPriority())
    assert "Savannah Lions" in [o.card.name for o in g.permanents(0)]
    assert _graveyard_casts(g) == []  # once this turn
    with pytest.raises(IllegalActionError):
        g.apply(A.CastSpell(pridemate))
    g.s.turn += 2  # a later turn of hers: the permission is there again
    g._legal = None
    assert _graveyard_casts(g) == [pridemate]


def test_601_3_lurrus_not_on_the_opponents_turn() -> None:
    g, lions, pridemate, angel = _lurrus_on_battlefield(active=1, run=False)
    g.s.priority = 0
    assert _graveyard_casts(g) == []
    with pytest.raises(IllegalActionError):
        g.apply(A.CastSpell(lions))
