"""103.6: opening-hand actions, after the mulligans and before the first turn (rules/opening_hand.py).

The scenario format starts at a turn, so these go through the Game API: a 7-card deck makes the
opening hand exactly those cards (103.4: each player draws seven); two constructed deck files
(decks/) play whole games."""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack import Game, IllegalActionError
from manastack.agents import RandomAgent
from manastack.agents.heuristic import HeuristicAgent
from manastack.decks import load_deck
from manastack.model import actions as A
from manastack.model.state import BATTLEFIELD, EXILE, UPKEEP
from manastack.rules.produce import could_produce

LEYLINES = ["Leyline of Sanctity", "Leyline of the Meek"] + ["Plains"] * 5
CAVERNS = ["Gemstone Caverns"] + ["Forest"] * 6


def _keep_both(g: Game) -> None:
    for _ in range(2):
        assert g.pending.kind == "mulligan"
        g.apply(A.Choose(True))


def _named(g: Game, ids, name: str) -> int:
    return next(c for c in ids if g.s.objects[c].card.name == name)


def _on_battlefield(g: Game, p: int) -> list[str]:
    return sorted(o.card.name for o in g.permanents(p))


def test_starting_player_then_the_other_each_in_any_order() -> None:
    """103.6: the starting player takes their actions first, any number in any order, then the other
    player; Gemstone Caverns (not the starting player) begins with a luck counter and exiles a card."""
    g = Game.new_game(LEYLINES, CAVERNS, seed=3, starting_player=0)
    _keep_both(g)
    d = g.pending
    assert (d.kind, d.player) == ("opening_hand", 0)
    assert sorted(g.name_of(c) for c in d.data) == ["Leyline of Sanctity", "Leyline of the Meek"]
    assert A.Choose(False) in g.legal_actions()
    g.apply(A.Choose(_named(g, d.data, "Leyline of the Meek")))
    d = g.pending
    assert (d.kind, d.player) == ("opening_hand", 0)
    assert [g.name_of(c) for c in d.data] == ["Leyline of Sanctity"]
    g.apply(A.Choose(d.data[0]))
    d = g.pending
    assert (d.kind, d.player) == ("opening_hand", 1)  # alice has nothing left: bob's turn to act
    g.apply(A.Choose(d.data[0]))
    d = g.pending
    assert (d.kind, d.player) == ("opening_hand_exile", 1)
    assert len(d.data) == 6
    g.apply(A.Choose(d.data[0]))
    s = g.s
    assert s.turn == 1 and s.active == 0
    assert _on_battlefield(g, 0) == ["Leyline of Sanctity", "Leyline of the Meek"]
    caverns = next(o for o in g.permanents(1))
    assert caverns.card.name == "Gemstone Caverns" and caverns.counters == {"luck": 1}
    assert len(s.players[1].hand) == 5 and [s.objects[c].card.name for c in s.players[1].exile] == ["Forest"]
    assert could_produce(g, caverns) == frozenset("WUBRG")
    rules = [e["rule"] for e in g.log if e.get("event") in ("opening_hand", "opening_hand_exile")]
    assert rules == ["103.6a"] * 4
    # 103.6 comes after the mulligans (103.5) and before the first turn (500.1).
    kinds = [e["event"] for e in g.log if e["event"] in ("keep", "opening_hand", "turn")]
    assert kinds == ["keep", "keep", "opening_hand", "opening_hand", "opening_hand", "turn"]


def test_declining_keeps_the_card_in_hand() -> None:
    g = Game.new_game(LEYLINES, ["Forest"] * 7, seed=1, starting_player=0)
    _keep_both(g)
    assert g.pending.kind == "opening_hand"
    g.apply(A.Choose(False))
    assert g.s.turn == 1
    assert not g.permanents(0)
    assert len(g.s.players[0].hand) == 7


def test_gemstone_caverns_not_for_the_starting_player() -> None:
    """Gemstone Caverns: only a player who isn't the starting player may begin with it; the starting
    player's Leyline still may."""
    g = Game.new_game(["Gemstone Caverns", "Leyline of the Meek"] + ["Forest"] * 5,
                      ["Gemstone Caverns", "Leyline of the Meek"] + ["Forest"] * 5, seed=2, starting_player=1)
    _keep_both(g)
    d = g.pending
    assert (d.kind, d.player) == ("opening_hand", 1)  # bob starts: asked first, for his Leyline only ...
    assert [g.name_of(c) for c in d.data] == ["Leyline of the Meek"]
    g.apply(A.Choose(False))  # ... and declines
    d = g.pending
    assert (d.kind, d.player) == ("opening_hand", 0)
    assert sorted(g.name_of(c) for c in d.data) == ["Gemstone Caverns", "Leyline of the Meek"]


def test_starting_player_isnt_offered_gemstone_caverns() -> None:
    g = Game.new_game(CAVERNS, ["Forest"] * 7, seed=4, starting_player=0)
    _keep_both(g)
    assert g.pending.kind == "priority" and g.s.turn == 1
    assert not g.permanents(0)


def test_after_a_mulligan_the_bottomed_card_is_gone() -> None:
    """103.5 then 103.6: the actions are taken with the hand kept (after putting cards on the bottom)."""
    g = Game.new_game(["Leyline of the Meek"] + ["Plains"] * 6, ["Forest"] * 7, seed=5, starting_player=0)
    g.apply(A.Choose(False))  # alice mulligans
    g.apply(A.Choose(True))
    d = g.pending
    assert d.kind == "bottom"
    leyline = _named(g, g.s.players[0].hand, "Leyline of the Meek")
    g.apply(A.Choose(leyline))  # the Leyline goes to the bottom
    g.apply(A.Choose(True))  # bob keeps
    assert g.pending.kind == "priority" and g.s.turn == 1


def test_refused_answers_leave_the_game_unchanged() -> None:
    g = Game.new_game(LEYLINES, CAVERNS, seed=3, starting_player=0)
    _keep_both(g)
    plains = _named(g, g.s.players[0].hand, "Plains")
    before = (len(g.log), g.pending)
    for bad in (plains, True, "Leyline of Sanctity"):
        with pytest.raises(IllegalActionError):
            g.apply(A.Choose(bad))
        assert (len(g.log), g.pending) == before
    g.apply(A.Choose(_named(g, g.pending.data, "Leyline of Sanctity")))
    g.apply(A.Choose(False))
    g.apply(A.Choose(g.pending.data[0]))  # bob's Gemstone Caverns
    with pytest.raises(IllegalActionError):
        g.apply(A.Choose(False))  # a card must be exiled
    forest = _named(g, g.pending.data, "Forest")
    g.apply(A.Choose(forest))
    assert g.s.objects[g.current_id(forest)].zone == EXILE


@pytest.mark.parametrize("agent", [RandomAgent, HeuristicAgent])
def test_agents_play_through_opening_hand_actions(agent) -> None:
    deck_a = ["Leyline of Sanctity", "Leyline of the Meek", "Leyline of Vitality", "Savannah Lions"] * 5 + ["Plains"] * 20
    deck_b = ["Gemstone Caverns", "Grizzly Bears"] * 10 + ["Forest"] * 20
    taken = 0
    for seed in range(3):
        g = Game.new_game(deck_a, deck_b, seed=seed, max_turns=6, starting_player=seed % 2)
        agents = (agent(seed), agent(seed + 1))
        while not g.over:
            g.apply(agents[g.pending.player].act(g))
        taken += sum(1 for e in g.log if e["event"] == "opening_hand")
        assert all(g.s.objects[o].zone == BATTLEFIELD for o in g.s.battlefield)
    assert taken > 0  # the agents are offered the actions, and take some


DECKS = Path(__file__).parent / "decks"


def test_deck_files_games_take_the_actions_by_the_rules() -> None:
    """Two constructed decks (validated deck files): across seeds the agents begin with Leylines and
    Gemstone Caverns, never Gemstone Caverns for the starting player, always before turn 1."""
    a, b = str(DECKS / "leylines.txt"), str(DECKS / "caverns.txt")
    assert len(load_deck(a).main) == len(load_deck(b).main) == 60
    names = []
    for seed in range(6):
        g = Game.new_game(a, b, seed=seed, starting_player=seed % 2, max_turns=4)
        agents = (HeuristicAgent(seed), HeuristicAgent(seed + 7))
        while not g.over:
            g.apply(agents[g.pending.player].act(g))
        first_turn = next(i for i, e in enumerate(g.log) if e["event"] == "turn")
        starting = g.s.players[seed % 2].name
        for i, e in enumerate(g.log):
            if e["event"] == "opening_hand":
                assert i < first_turn
                assert not (e["card"] == "Gemstone Caverns" and e["player"] == starting)
                names.append(e["card"])
    assert "Gemstone Caverns" in names and any(n.startswith("Leyline") for n in names)


def _pass_until(g: Game, done) -> None:
    for _ in range(50):
        if done():
            return
        g.apply(A.PassPriority())
    raise AssertionError("never reached")


def test_sphinx_of_foresight_revealed_scries_at_its_owners_first_upkeep() -> None:
    """103.6b: revealing Sphinx of Foresight creates a delayed trigger for its owner's first upkeep (not the
    starting player's, 603.7); each card may be revealed only once."""
    g = Game.new_game(["Sphinx of Foresight"] + ["Island"] * 6, ["Forest"] * 7 + ["Forest"] * 3, seed=1,
                      starting_player=1)
    _keep_both(g)
    d = g.pending
    assert (d.kind, d.player) == ("opening_hand", 0)  # bob, the starting player, has nothing to do
    sphinx = _named(g, d.data, "Sphinx of Foresight")
    g.apply(A.Choose(sphinx))
    assert any(e.get("event") == "reveal_opening_hand" and e.get("rule") == "103.6b" for e in g.log)
    d = g.pending
    assert d.kind == "priority" and g.s.turn == 1  # revealed once: nothing left to take for alice
    assert g.s.objects[sphinx].zone == "hand"
    # past alice's upkeep (she then loses drawing from her empty library, 704.5b)
    _pass_until(g, lambda: g.s.over or (g.s.turn == 2 and g.s.step > UPKEEP))
    resolved = [(e["turn"], e["step"]) for e in g.log if e.get("event") == "resolve"
                and e.get("card") == "Sphinx of Foresight"]
    assert resolved == [(2, "upkeep")]  # once, at alice's first upkeep (not bob's, turn 1)


def test_chancellor_of_the_forge_goblin_at_the_first_upkeep_of_the_game() -> None:
    """103.6b: "at the beginning of the first upkeep": the starting player's (the opponent's) first upkeep;
    the revealing player gets the Goblin."""
    g = Game.new_game(["Chancellor of the Forge"] + ["Mountain"] * 6, ["Forest"] * 10, seed=1, starting_player=1)
    _keep_both(g)
    g.apply(A.Choose(_named(g, g.pending.data, "Chancellor of the Forge")))
    assert g.s.turn == 1 and g.s.active == 1
    _pass_until(g, lambda: g.s.step > UPKEEP)  # bob's draw step: the upkeep trigger has resolved
    assert g.s.turn == 1
    assert [o.card.name for o in g.permanents(0)] == ["Phyrexian Goblin"]


def test_not_revealing_creates_nothing() -> None:
    g = Game.new_game(["Chancellor of the Forge"] + ["Mountain"] * 6, ["Forest"] * 10, seed=1, starting_player=0)
    _keep_both(g)
    g.apply(A.Choose(False))
    assert not any(e.kind == "delayed_trigger" for e in g.s.effects)
