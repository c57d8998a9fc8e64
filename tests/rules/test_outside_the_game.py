"""400.11: cards outside the game. A deck's sideboard starts outside the game (400.11a, Game.new_game), and
the wishes bring a card of a stated quality from there into their controller's hand (400.11b:
rules/hand_effects.py, "from_outside"). The companion (702.139a) is outside the game too, and a wish may
fetch it; the rest of the sideboard is not a companion. 701.45a: learn (discard a card to draw a card, or else
reveal a Lesson card from outside the game).

The scenario format sets up zones of the game only (outside the game is not a zone, 400.11), so these go
through the Game API and Game.empty positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from setup_helpers import put

from manastack import Game, IllegalActionError
from manastack.agents import play_game
from manastack.agents.heuristic import HeuristicAgent
from manastack.decks import load_deck
from manastack.model import actions as A
from manastack.model.decisions import DecisionKind
from manastack.model.state import EXILE, HAND, MAIN1, OUTSIDE
from manastack.rules import effect_context
from manastack.sim.runner import trial_games
from manastack.sim.worker import GameFault

LURRUS = "Lurrus of the Dream-Den"
MAIN = "\n".join(["20 Mountain", "20 Island", "4 Burning Wish", "4 Cunning Wish", "4 Lightning Bolt",
                  "4 Savannah Lions", "4 Divination"])


def _position(hand: tuple[str, ...], outside: tuple[str, ...], lands: tuple[str, ...] = ("Mountain",) * 5,
              companion: str | None = None) -> tuple[Game, dict[str, int]]:
    """Alice's main phase with `hand`, `lands` and `outside` (her sideboard) cards, and her `companion`
    outside the game too; ids by name."""
    g = Game.empty()
    for land in lands:
        put(g, land, "battlefield", 0)
    ids = {}
    for card in hand:
        ids[card] = put(g, card, HAND, 0).id
    for card in outside:
        ids[card] = put(g, card, OUTSIDE, 0).id
    if companion is not None:
        ids[companion] = put(g, companion, OUTSIDE, 0).id
        g.s.players[0].companion = ids[companion]  # 702.139a (Game.new_game reveals it)
    for p in (0, 1):
        for _ in range(10):
            put(g, "Island", "library", p)
    s = g.s
    s.turn, s.active, s.step, s.priority = 1, 0, MAIN1, 0
    g.run()
    return g, ids


def _resolve(g: Game) -> None:
    """Both players pass until the top of the stack resolves or a decision other than priority comes."""
    while g.pending is not None and g.pending.kind == DecisionKind.PRIORITY and g.s.stack:
        g.apply(A.PassPriority())


def _names(g: Game, ids: list[int]) -> list[str]:
    return sorted(g.name_of(c) for c in ids)


def test_400_11b_burning_wish_brings_a_sorcery_into_the_hand_and_is_exiled() -> None:
    g, ids = _position(("Burning Wish",), ("Lava Spike", "Lightning Bolt", "Flame Slash"))
    g.apply(A.CastSpell(ids["Burning Wish"]))
    _resolve(g)
    assert g.pending.kind == DecisionKind.MAY  # "you may reveal ..."
    g.apply(A.Choose(True))
    assert g.pending.kind == DecisionKind.FROM_OUTSIDE
    offered = sorted(a.value for a in g.legal_actions())
    assert offered == sorted([ids["Lava Spike"], ids["Flame Slash"]])  # sorceries only: not Lightning Bolt
    g.apply(A.Choose(ids["Flame Slash"]))
    pl = g.s.players[0]
    assert _names(g, pl.hand) == ["Flame Slash"]
    assert _names(g, pl.outside) == ["Lava Spike", "Lightning Bolt"]
    assert _names(g, pl.exile) == ["Burning Wish"]  # "Exile Burning Wish" (608.2n: not the graveyard)
    assert any(e["event"] == "reveal" and e["rule"] == "400.11b" and e["card"] == "Flame Slash" for e in g.log)
    assert any(e["event"] == "zone_change" and e["from_zone"] == OUTSIDE and e["to_zone"] == HAND for e in g.log)
    assert g.s.objects[pl.exile[0]].zone == EXILE


def test_400_11b_a_wish_may_find_nothing() -> None:
    """"You may": declining leaves the sideboard as it was; with no card of the quality, nothing happens."""
    g, ids = _position(("Cunning Wish",), ("Lightning Bolt",), lands=("Island",) * 3)
    g.apply(A.CastSpell(ids["Cunning Wish"]))
    _resolve(g)
    g.apply(A.Choose(False))
    pl = g.s.players[0]
    assert pl.hand == [] and _names(g, pl.outside) == ["Lightning Bolt"]

    g, ids = _position(("Cunning Wish",), ("Lava Spike", "Savannah Lions"), lands=("Island",) * 3)
    g.apply(A.CastSpell(ids["Cunning Wish"]))
    _resolve(g)
    if g.pending.kind == DecisionKind.MAY:
        g.apply(A.Choose(True))
    pl = g.s.players[0]
    assert pl.hand == [] and len(pl.outside) == 2  # no instant outside the game
    assert any(e["event"] == "nothing_outside" for e in g.log)


def test_400_11b_a_card_not_offered_is_refused_and_changes_nothing() -> None:
    g, ids = _position(("Burning Wish",), ("Lava Spike", "Flame Slash", "Lightning Bolt"))
    g.apply(A.CastSpell(ids["Burning Wish"]))
    _resolve(g)
    g.apply(A.Choose(True))
    with pytest.raises(IllegalActionError, match="400.11b"):
        g.apply(A.Choose(ids["Lightning Bolt"]))
    assert g.pending.kind == DecisionKind.FROM_OUTSIDE and len(g.s.players[0].outside) == 3
    g.apply(A.Choose(ids["Lava Spike"]))
    assert _names(g, g.s.players[0].hand) == ["Lava Spike"]


def test_400_11b_granted_fetches_a_noncreature_card_even_the_companion() -> None:
    """Granted (Fae of Wishes's Adventure): a noncreature card. Lurrus is a creature: not offered; a
    noncreature companion can be fetched, and then it is no longer put into the hand for {3} (116.2g)."""
    g, ids = _position(("Fae of Wishes",), ("Savannah Lions", "Sol Ring"), lands=("Island",) * 4)
    granted = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == ids["Fae of Wishes"]
               and a.choices]
    assert granted, "Granted is cast as the Adventure (715.3)"
    g.apply(granted[0])
    _resolve(g)
    if g.pending.kind == DecisionKind.MAY:
        g.apply(A.Choose(True))
    if g.pending.kind == DecisionKind.FROM_OUTSIDE:
        assert [a.value for a in g.legal_actions()] == [ids["Sol Ring"]]  # not the creature
        g.apply(A.Choose(ids["Sol Ring"]))
    pl = g.s.players[0]
    assert _names(g, pl.hand) == ["Sol Ring"]
    assert _names(g, pl.exile) == ["Fae of Wishes"]  # 715.4: on an adventure


def test_400_11b_a_wish_can_fetch_the_companion_which_is_then_no_companion() -> None:
    g, ids = _position(("Mastermind's Acquisition",), ("Sol Ring",), lands=("Swamp",) * 8, companion=LURRUS)
    pl = g.s.players[0]
    assert any(isinstance(a, A.PutCompanionIntoHand) for a in g.legal_actions())
    g.apply(A.CastSpell(ids["Mastermind's Acquisition"], modes=(2,)))
    _resolve(g)
    assert g.pending.kind == DecisionKind.FROM_OUTSIDE
    offered = sorted(a.value for a in g.legal_actions())
    assert offered == sorted([ids[LURRUS], ids["Sol Ring"]])  # "Put a card ..." is not optional: no false
    with pytest.raises(IllegalActionError):
        g.apply(A.Choose(False))
    g.apply(A.Choose(ids[LURRUS]))
    pl = g.s.players[0]  # a refused action leaves the game as it was: a state of its own (g.s)
    assert _names(g, pl.hand) == [LURRUS] and pl.companion is None and _names(g, pl.outside) == ["Sol Ring"]
    _resolve(g)
    assert not any(isinstance(a, A.PutCompanionIntoHand) for a in g.legal_actions())


def test_400_11b_copies_of_a_card_are_one_choice() -> None:
    g, ids = _position(("Burning Wish",), ())
    for _ in range(3):
        put(g, "Lava Spike", OUTSIDE, 0)
    g.apply(A.CastSpell(ids["Burning Wish"]))
    _resolve(g)
    g.apply(A.Choose(True))  # three copies are one choice: made for her (a single answer)
    pl = g.s.players[0]
    assert _names(g, pl.hand) == ["Lava Spike"] and _names(g, pl.outside) == ["Lava Spike", "Lava Spike"]


def _deck_file(tmp_path: Path, sideboard: str) -> str:
    f = tmp_path / "wishes.txt"
    f.write_text(MAIN + "\n\nSideboard\n" + sideboard + "\n")
    return str(f)


def test_400_11a_the_sideboard_starts_outside_the_game(tmp_path: Path) -> None:
    """The supported sideboard cards are outside the game; an unsupported one isn't (nothing could use it);
    a companion from the sideboard is revealed as the companion, not kept as a second copy."""
    path = _deck_file(tmp_path, f"2 Lava Spike\n1 Flame Slash\n1 Sigarda, Host of Herons\n1 {LURRUS}")
    deck = load_deck(path)
    g = Game.new_game(deck, "burn", seed=3)
    pl = g.s.players[0]
    assert _names(g, pl.outside) == ["Flame Slash", "Lava Spike", "Lava Spike", LURRUS]
    assert g.name_of(pl.companion) == LURRUS and g.s.players[1].outside == []
    assert all(g.s.objects[c].zone == OUTSIDE for c in pl.outside)
    assert [e["cards"] for e in g.log if e["event"] == "sideboard" and e["rule"] == "400.11a"] == [3]
    c = g.clone()
    assert c.s.players[0].outside == pl.outside and c.s.players[0].outside is not pl.outside
    # a list of names has no sideboard, unless one is given
    g2 = Game.new_game(deck.main, "burn", seed=3, sideboards=(["Lava Spike"], []))
    assert _names(g2, g2.s.players[0].outside) == ["Lava Spike"]


def test_400_11a_a_sideboard_lurrus_whose_condition_fails_is_only_a_sideboard_card(tmp_path: Path) -> None:
    """Serra Angel (mana value 5) breaks Lurrus's condition (702.139a): no companion, but the card is still
    in the sideboard, outside the game, for a wish (400.11a)."""
    f = tmp_path / "angels.txt"
    f.write_text(MAIN + f"\n4 Serra Angel\n\nSideboard\n1 {LURRUS}\n2 Flame Slash\n")
    g = Game.new_game(load_deck(str(f)), "burn", seed=1)
    pl = g.s.players[0]
    assert _names(g, pl.outside) == ["Flame Slash", "Flame Slash", LURRUS]
    assert pl.companion is None


def test_400_11b_games_with_wishes_and_sideboards_play_to_the_end_and_repeat(tmp_path: Path) -> None:
    path = _deck_file(tmp_path, "3 Lava Spike\n3 Flame Slash\n3 Counterspell\n3 Mana Leak")
    wished = 0
    for seed in range(3):
        logs = []
        for _ in range(2):
            g = Game.new_game(load_deck(path), "burn", seed=seed)
            play_game(g, (HeuristicAgent(seed), HeuristicAgent(seed + 1)))
            assert g.over
            logs.append(g.log_jsonl())
        assert logs[0] == logs[1]  # same seed and decisions, same game
        wished += logs[0].count('"400.11b"')
    assert wished > 0
    config, outcomes = trial_games(path, "burn", 2, seed=4)
    assert len(config.sideboard_a) == 12 and not any(isinstance(o, GameFault) for o in outcomes)


# --- 701.45a: learn ----------------------------------------------------------------------------------------

def test_701_45a_learn_discard_a_card_to_draw_a_card() -> None:
    g, ids = _position(("Pop Quiz", "Hill Giant"), ("Environmental Sciences",), lands=("Island",) * 3)
    g.apply(A.CastSpell(ids["Pop Quiz"]))
    _resolve(g)
    assert g.pending.kind == DecisionKind.LEARN_DISCARD  # after "Draw a card": Hill Giant and an Island
    hand = g.s.players[0].hand
    assert sorted(a.value for a in g.legal_actions() if a.value is not False) == sorted(hand)
    g.apply(A.Choose(ids["Hill Giant"]))
    pl = g.s.players[0]
    assert _names(g, pl.graveyard) == ["Hill Giant", "Pop Quiz"]
    assert _names(g, pl.hand) == ["Island", "Island"]  # drew a card for Pop Quiz, then one for learning
    assert _names(g, pl.outside) == ["Environmental Sciences"]  # discarded: no Lesson (701.45a)


def test_701_45a_learn_without_discarding_reveals_a_lesson_from_outside_the_game() -> None:
    g, ids = _position(("Igneous Inspiration",), ("Environmental Sciences", "Expanded Anatomy", "Lava Spike"))
    g.apply(A.CastSpell(ids["Igneous Inspiration"], targets=(-2,)))  # bob
    _resolve(g)
    # her hand is empty: nothing to discard, so the Lesson choice comes at once; Lava Spike is no Lesson
    assert g.pending.kind == DecisionKind.FROM_OUTSIDE
    offered = sorted(a.value for a in g.legal_actions() if a.value is not False)
    assert offered == sorted([ids["Environmental Sciences"], ids["Expanded Anatomy"]])
    g.apply(A.Choose(ids["Expanded Anatomy"]))
    pl = g.s.players[0]
    assert _names(g, pl.hand) == ["Expanded Anatomy"] and g.s.players[1].life == 17


def test_701_45a_learn_declining_the_discard_then_a_lesson_or_nothing() -> None:
    g, ids = _position(("Pop Quiz",), ("Environmental Sciences", "Expanded Anatomy"), lands=("Island",) * 3)
    g.apply(A.CastSpell(ids["Pop Quiz"]))
    _resolve(g)
    assert g.pending.kind == DecisionKind.LEARN_DISCARD
    g.apply(A.Choose(False))
    assert g.pending.kind == DecisionKind.FROM_OUTSIDE
    g.apply(A.Choose(False))  # "may": neither
    pl = g.s.players[0]
    assert _names(g, pl.hand) == ["Island"] and len(pl.outside) == 2


def test_400_11b_406_3_karn_the_great_creator_offers_outside_artifacts_and_face_up_exiled_ones() -> None:
    """Karn, the Great Creator's -2: an artifact card from outside the game or a face-up artifact card of
    alice's in exile (406.3: a card exiled face down, here by Bomat Courier's kind of effect, is not offered)."""
    g = Game.empty()
    karn = put(g, "Karn, the Great Creator", "battlefield", 0)
    karn.counters["loyalty"] = 5
    ids = {name: put(g, name, OUTSIDE, 0).id for name in ("Sol Ring", "Lightning Bolt")}
    mind_stone = put(g, "Mind Stone", EXILE, 0).id
    tome = put(g, "Jayemdae Tome", EXILE, 0).id
    put(g, "Sol Ring", EXILE, 1)  # bob's: not alice's to choose
    for p in (0, 1):
        for _ in range(10):
            put(g, "Island", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 1, 0, MAIN1, 0
    effect_context.mark_exiled_face_down(g, (tome,), "406.3", "test")
    g.run()
    g.apply(A.ActivateAbility(karn.id, 1))  # its [−2] (the static ability is no activated ability)
    _resolve(g)
    assert g.pending.kind == DecisionKind.MAY
    g.apply(A.Choose(True))
    assert g.pending.kind == DecisionKind.FROM_OUTSIDE
    offered = sorted(a.value for a in g.legal_actions())
    assert offered == sorted([ids["Sol Ring"], mind_stone])  # not Lightning Bolt, not the face-down Tome
    g.apply(A.Choose(mind_stone))
    pl = g.s.players[0]
    assert _names(g, pl.hand) == ["Mind Stone"]
    assert _names(g, pl.outside) == ["Lightning Bolt", "Sol Ring"]
    assert karn.counters["loyalty"] == 3
