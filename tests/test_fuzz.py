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

import pytest

from manastack import Game
from manastack.agents import RandomAgent
from manastack.cards.vocab import ManaAbility
from manastack.decks import bundled_decks
from manastack.game import actions as A
from manastack.game.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK
from manastack.rules import produce
from manastack.rules import stack as stack_rules
from manastack.rules.mana import EMPTY, TYPES

DECKS = sorted(bundled_decks())
PAIRS = list(itertools.product(DECKS, repeat=2))
GAMES = 250  # at least; spread over every ordered pair of bundled decks
SEEDS_PER_PAIR = -(-GAMES // len(PAIRS))
MAX_TURNS = 100
MAX_DECISIONS = 20_000


class Invariants:
    """Checks one game's invariants after each action."""

    def __init__(self, g: Game, label: str) -> None:
        self.g = g
        self.label = label
        self.owned = self.count_owned()
        self.where = (g.s.turn, g.s.step)

    def fail(self, msg: str) -> None:
        s = self.g.s
        pytest.fail(f"{self.label}, turn {s.turn} step {s.step}, decision {s.decisions}: {msg}")

    def count_owned(self) -> list[int]:
        s = self.g.s
        counts = [0, 0]
        for o in s.objects.values():
            if not o.card.is_token:
                counts[o.owner] += 1
        return counts

    def check_zones(self) -> None:
        s = self.g.s
        seen: dict[int, str] = {}

        def put(oid: int, zone: str) -> None:
            if oid in seen:
                self.fail(f"object {oid} is in {seen[oid]} and {zone}")
            seen[oid] = zone

        for i, pl in enumerate(s.players):
            for zone, ids in ((LIBRARY, pl.library), (HAND, pl.hand), (GRAVEYARD, pl.graveyard), (EXILE, pl.exile)):
                for oid in ids:
                    put(oid, zone)
                    o = s.objects.get(oid)
                    if o is None:
                        self.fail(f"{zone} of player {i} lists unknown object {oid}")
                    if o.owner != i:
                        self.fail(f"{o} is in player {i}'s {zone} but owned by {o.owner}")
        for oid in s.battlefield:
            put(oid, BATTLEFIELD)
        for it in s.stack:
            if it.kind == "spell":
                put(it.obj, STACK)
        for oid, o in s.objects.items():
            if oid in seen:
                if o.zone != seen[oid]:
                    self.fail(f"{o} says zone {o.zone!r} but is listed in {seen[oid]!r}")
            elif not o.card.is_token:
                self.fail(f"{o} is in no zone list")
        for oid in seen:
            if oid not in s.objects:
                self.fail(f"a zone lists object {oid}, which doesn't exist")
        owned = self.count_owned()
        if owned != self.owned:
            self.fail(f"cards owned changed from {self.owned} to {owned}")

    def check_mana(self) -> None:
        s = self.g.s
        where = (s.turn, s.step)
        if where != self.where:
            for pl in s.players:
                if pl.pool != EMPTY:
                    self.fail(f"{pl.name}'s pool {pl.pool} survived the step change {self.where} -> {where}")
        self.where = where

    def check_sba(self) -> None:
        g = self.g
        d = g.pending
        if d is None or d.kind != "priority":
            return
        for o in g.permanents():
            c = g.chars(o)
            if "Creature" not in c.types:
                continue
            t = c.toughness or 0
            if t <= 0:
                self.fail(f"{o} has toughness {t} while {g.s.players[d.player].name} has priority (704.5f)")
            if o.damage >= t and "indestructible" not in c.keywords:
                self.fail(f"{o} has lethal damage {o.damage}/{t} while a player has priority (704.5g)")

    def check_basics(self) -> None:
        s = self.g.s
        if not s.over:
            d = self.g.pending
            if d is None:
                self.fail("the game is not over but nothing is pending")
            if not self.g.legal_actions():
                self.fail(f"no legal actions at {d}")
        for pl in s.players:
            if pl.lands_played > 1:
                self.fail(f"{pl.name} played {pl.lands_played} lands this turn (305.2)")
            if min(pl.pool) < 0:
                self.fail(f"{pl.name}'s pool is negative: {pl.pool}")
        if s.turn > MAX_TURNS + 1:
            self.fail(f"turn {s.turn} is past the turn cap")

    def check(self) -> None:
        self.check_zones()
        self.check_mana()
        self.check_sba()
        self.check_basics()


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
                for idx, ab in enumerate(stack_rules.activated_abilities(game, o)):
                    if not isinstance(ab, ManaAbility) or ab.cost.sacrifice_self or ab.cost.sacrifice is not None:
                        continue
                    if not ab.cost.mana.is_empty() or stack_rules.cost_block_reason(game, o, ab.cost) is not None:
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
