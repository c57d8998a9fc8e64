"""Fuzzed games: seeded random agents play complete games between every pair of bundled decks
(both rules profiles), with the game's invariants checked after every action:

- conservation: the number of cards each player owns, over all zones, never changes (tokens
  excluded), and every object is in exactly the zone it says it is in;
- 500.4 / 106.4: no mana survives a step change;
- 704.5f-g / 117.5: when a player receives priority no creature has lethal damage or toughness 0;
- every game ends, within the turn cap;
- determinism: replaying a game's decisions from the same seed reproduces its log byte for byte.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from manastack import Game
from manastack.agents import RandomAgent
from manastack.cards.db import get_card
from manastack.decks import bundled_decks, companion_ability, condition_breaks
from manastack.fuzz.cases import FuzzCase
from manastack.fuzz.decks import companion_deck
from manastack.fuzz.invariants import Invariants as FuzzInvariants
from manastack.fuzz.runner import new_game
from manastack.model import actions as A
from manastack.model.mana import TYPES
from manastack.model.state import STACK
from manastack.model.vocab import ManaAbility
from manastack.rules import mana_payment as mana_payment_module
from manastack.rules import object_abilities, produce

DECKS = sorted(bundled_decks())
PAIRS = list(itertools.product(DECKS, repeat=2))
GAMES = 250  # at least; spread over every ordered pair of bundled decks
SEEDS_PER_PAIR = -(-GAMES // len(PAIRS))
MAX_TURNS = 100
MAX_DECISIONS = 20_000


class Invariants(FuzzInvariants):
    """The fuzzer's invariants (manastack/fuzz/invariants.py), failing the test, plus 305.2 (the
    bundled decks have no card that allows more than one land a turn)."""

    def __init__(self, g: Game, label: str) -> None:
        super().__init__(g)
        self.label = label

    def fail(self, msg: str) -> None:
        s = self.g.s
        pytest.fail(f"{self.label}, turn {s.turn} step {s.step}, decision {s.decisions}: {msg}")

    def check(self) -> None:
        super().check()
        for pl in self.g.s.players:
            if pl.lands_played > 1:
                self.fail(f"{pl.name} played {pl.lands_played} lands this turn (305.2)")


class FloatingManaAgent(RandomAgent):
    """A random agent that also, now and then, activates a mana ability on its own while it has
    priority (605.3a; legal_actions() doesn't list them), so that mana floats in pools and the 500.4
    invariant is exercised."""

    def __init__(self, seed: int, rate: float = 0.15) -> None:
        super().__init__(seed)
        self.rate = rate

    def act(self, game: Game) -> A.Action:
        if game.pending.kind == "priority" and self.rng.random() < self.rate:
            p = game.pending.player
            options = []
            for o in game.permanents(p):
                for idx, ab in enumerate(object_abilities.activated_abilities(game, o)):
                    if not isinstance(ab, ManaAbility) or ab.cost.sacrifice_self or ab.cost.sacrifice is not None:
                        continue
                    if not ab.cost.mana.is_empty() or mana_payment_module.cost_block_reason(game, o, ab.cost) is not None:
                        continue
                    for out in produce.production_outputs(game, o, ab):
                        letters = "".join(t * n for t, n in zip(TYPES, out))
                        options.append(A.ActivateAbility(o.id, idx, choices=(letters,)))
            if options:
                return options[self.rng.randrange(len(options))]
        return super().act(game)


def play_checked(pair: tuple[str, str], seed: int) -> tuple[Game, list]:
    profile = "cr-2026-02" if seed % 2 else "cr-2024-09"
    g = Game.new_game(pair[0], pair[1], seed=seed, profile=profile, max_turns=MAX_TURNS)
    inv = Invariants(g, f"{pair[0]} vs {pair[1]} seed {seed} ({profile})")
    inv.check()
    agents = (FloatingManaAgent(seed * 31 + 1), RandomAgent(seed * 31 + 2))
    actions = []
    while not g.over:
        if len(actions) >= MAX_DECISIONS:
            inv.fail(f"not over after {MAX_DECISIONS} decisions")
        a = agents[g.pending.player].act(g)
        g.apply(a)
        actions.append(a)
        inv.check()
    return g, actions


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{a}-vs-{b}" for a, b in PAIRS])
def test_random_games_keep_invariants_and_replay(pair) -> None:
    for seed in range(SEEDS_PER_PAIR):
        g, actions = play_checked(pair, seed)
        s = g.s
        assert g.over and g.pending is None
        assert s.end_reason
        if g.winner is not None:
            assert s.players[1 - g.winner].lost
            assert not s.players[g.winner].lost
        # Replay the recorded decisions from the same seed: the same log, byte for byte.
        r = Game.new_game(pair[0], pair[1], seed=seed, profile=s.profile, max_turns=MAX_TURNS)
        for a in actions:
            r.apply(a)
        assert r.over
        assert r.log_jsonl() == g.log_jsonl()
        assert (r.winner, r.s.turn, r.s.decisions) == (g.winner, s.turn, s.decisions)


def test_same_seed_same_agents_same_game() -> None:
    """Determinism without recorded actions: nothing depends on the clock or on hash order."""
    logs = []
    for _ in range(2):
        g = Game.new_game("green-ramp", "burn", seed=42)
        agents = (RandomAgent(1), RandomAgent(2))
        while not g.over:
            g.apply(agents[g.pending.player].act(g))
        logs.append(g.log_jsonl())
    assert logs[0] == logs[1]


def test_different_seeds_differ() -> None:
    a = Game.new_game("vanilla", "vanilla", seed=1).log_jsonl()
    b = Game.new_game("vanilla", "vanilla", seed=2).log_jsonl()
    assert a != b


def test_turn_cap_ends_the_game_as_a_draw() -> None:
    g = Game.new_game("vanilla", "vanilla", seed=3, max_turns=2)
    agents = (RandomAgent(1), RandomAgent(2))
    while not g.over:
        g.apply(agents[g.pending.player].act(g))
    assert g.winner is None
    assert g.s.turn <= 3


def test_resolving_spell_stays_on_the_stack() -> None:
    if "black-removal" not in DECKS:
        pytest.skip("needs the black-removal deck (Mind Rot)")
    for seed in range(40):
        g = Game.new_game("black-removal", "burn", seed=seed)
        agents = (RandomAgent(1), RandomAgent(2))
        while not g.over:
            d = g.pending
            if d.kind == "discard" and any(q[0] == "resume_effects" for q in g.s.queue):
                resolving = [o for o in g.s.objects.values() if o.zone == STACK]
                assert resolving, "no resolving spell found"
                listed = {it.obj for it in g.s.stack}
                assert all(o.id in listed for o in resolving), f"{resolving} not on the stack {g.s.stack}"
                return
            g.apply(agents[d.player].act(g))
    pytest.skip("no Mind Rot discard found")


def test_702_139a_fuzzed_companion_decks_keep_the_condition_and_replay() -> None:
    """The fuzzer's companion deck kind: the deck keeps its companion's condition (702.139a), the case file
    carries the companion, and the game starts with it outside the game."""
    rng = random.Random(7)
    deck, companion = companion_deck(rng)
    assert companion is not None
    ab = companion_ability(get_card(companion))
    assert ab is not None and not condition_breaks(ab.condition, [get_card(n) for n in deck], "constructed")
    case = FuzzCase(index=0, seed=5, profile="cr-2024-09", deck_kinds=("companion", "matched"),
                    decks=(deck, deck), agents=("random", "random"), agent_seeds=(1, 2), max_turns=20,
                    companions=(companion, None))
    again = FuzzCase.from_json(json.loads(json.dumps(case.to_json())), "<case>")
    assert again.companions == (companion, None)
    g = new_game(again)
    assert [g.s.objects[o].card.name for o in g.s.players[0].outside] == [companion]
    assert not g.s.players[1].outside
