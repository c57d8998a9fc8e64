"""The illegal-action sweep (issue 10: nothing an agent can do breaks a game).

Random games between the bundled decks are driven to many positions (every decision kind the
random agents reach); at each, every kind of wrong action and answer is tried: actions of every
class in actions.py with junk (None, 42, "UB", [], {}, ...) in each field, foreign and nonexistent
ids, the opponent's cards and permanents (mana abilities included, 605.3a / 602.2), wrong zones,
wrong ability indices, negative and huge X, junk choices, answers of another decision kind, and
legal actions of other positions. Each must raise IllegalActionError (nothing else), and leave the
game exactly as it was: a deterministic serialization of the state (caches excluded), the log,
the RNG state, the pending decision and legal_actions() (which must then still be accepted).

MANASTACK_SWEEP=full tries about 20,000 wrong actions; the default a few thousand.

Also: legal_actions() has no side effects (the state's serialization is the same before and after,
twice, and on a clone), and every listed action is accepted by apply() (on a clone).
"""

from __future__ import annotations

import os
import random
import sys
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from setup_helpers import put

from manastack import Game, GameFaultedError, IllegalActionError
from manastack.agents import RandomAgent
from manastack.decks import bundled_decks
from manastack.engine import validate
from manastack.engine.registry import RULES
from manastack.fuzz import make_case
from manastack.fuzz.runner import state_digest
from manastack.model import actions as A
from manastack.model.mana import is_color
from manastack.model.state import MAIN1
from manastack.rules import effects, object_abilities
from manastack.rules import mana_payment as mana_payment_module
from manastack.rules import stack as stack_rules

FULL = os.environ.get("MANASTACK_SWEEP") == "full"
TARGET = 20_000 if FULL else 2_500
DECKS = sorted(bundled_decks())
# State attributes that are caches (recomputed on demand), not part of the position.
CACHE_KEYS = frozenset({"sba_mark", "last_card"})
JUNK = (None, 42, "UB", [], {}, 1.5, True, -7, 10**9, (10**9,), "", ((1, 2, 3),))
JUNK_CHOICES = (10**9, -9, "UB", "", "WUBRG", 1.5, "keep", (10**9,), "x", [], {}, ((),))
ALL_CLASSES = (A.PassPriority, A.PlayLand, A.CastSpell, A.ActivateAbility, A.TurnFaceUp, A.DeclareAttackers,
               A.AddAttacker, A.DeclareBlockers, A.AddBlocker, A.OrderBlockers, A.AssignDamage, A.ExileFromHand,
               A.Choose)


def fingerprint(g: Game) -> bytes:
    """The position: the whole state with its whole log, caches excluded (the fuzzer's digest), and
    whether the game is faulted."""
    return state_digest(g.s, CACHE_KEYS, full_log=True) + repr(g.faulted).encode()


def wrong_actions(g: Game, bank: dict[type, list[A.Action]], rng: random.Random) -> list[tuple[str, object]]:
    """Every kind of wrong action at `g`'s pending decision, each with a label."""
    s = g.s
    d = g.pending
    assert d is not None
    p = d.player
    legal = g.legal_actions()
    allowed = validate.PRIORITY_ACTIONS if d.kind == "priority" else validate.DECISION_ACTIONS.get(d.kind, (A.Choose,))
    out: list[tuple[str, object]] = [(f"not an action: {j!r}", j) for j in (None, 42, "UB", [], {})]
    out += [("the Action base class", A.Action()), ("a Payment", A.Payment())]
    mine = [o for o in s.objects.values() if o.owner == p]
    theirs = [o for o in s.objects.values() if o.owner != p]
    some = rng.choice(mine).id if mine else 1
    # Junk in every field of every action class.
    bases: dict[type, A.Action] = {
        A.PlayLand: A.PlayLand(some), A.CastSpell: A.CastSpell(some), A.ActivateAbility: A.ActivateAbility(some),
        A.TurnFaceUp: A.TurnFaceUp(some), A.DeclareAttackers: A.DeclareAttackers(()),
        A.AddAttacker: A.AddAttacker(some, -1 - (1 - p)), A.DeclareBlockers: A.DeclareBlockers(()),
        A.AddBlocker: A.AddBlocker(some, some), A.OrderBlockers: A.OrderBlockers(some, ()),
        A.AssignDamage: A.AssignDamage(()), A.ExileFromHand: A.ExileFromHand(some, "suspend"), A.Choose: A.Choose(None),
    }
    for cls, base in bases.items():
        for f in fields(base):
            for j in JUNK:
                if f.name == "value" and j in (None, True, 42, -7):
                    continue  # plausible answers somewhere (Choose values are swept below)
                if f.name in ("choices", "modes", "targets", "order", "attackers", "blockers") and j == ():
                    continue
                a = replace(base, **{f.name: j})
                if cls not in allowed or a not in legal:
                    if cls in allowed and f.name in ("x",) and j is True:
                        continue
                    out.append((f"junk {f.name}={j!r} in {cls.__name__}", a))
    # Actions of classes this decision doesn't take, from the bank of other positions' legal actions.
    for cls in ALL_CLASSES:
        if cls not in allowed and bank.get(cls):
            out += [(f"a {cls.__name__} at a {d.kind} decision", a) for a in rng.sample(bank[cls], min(3, len(bank[cls])))]
    if d.kind == "priority":
        opp_hand = s.players[1 - p].hand
        for oid in rng.sample(opp_hand, min(3, len(opp_hand))):
            out += [("the opponent's card: PlayLand", A.PlayLand(oid)), ("the opponent's card: CastSpell", A.CastSpell(oid))]
        for zone in ("library", "graveyard", "exile"):
            lst = s.players[p].zone_list(zone)
            for oid in rng.sample(lst, min(2, len(lst))):
                if A.PlayLand(oid) not in legal:
                    out.append((f"PlayLand from the {zone}", A.PlayLand(oid)))
                if not any(isinstance(a, A.CastSpell) and a.card == oid for a in legal):
                    out.append((f"CastSpell from the {zone}", A.CastSpell(oid)))
        # 602.2 / 605.3a: the opponent's permanents, every ability (mana abilities too).
        for o in theirs:
            if o.zone == "battlefield" and o.controller != p:
                n = len(object_abilities.activated_abilities(g, o))
                for i in range(n + 1):
                    a = A.ActivateAbility(o.id, i)
                    if a not in legal:
                        out.append(("the opponent's permanent's ability", a))
                        out.append(("the opponent's permanent's ability, with a color", A.ActivateAbility(o.id, i, choices=("G",))))
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == p:
                n = len(object_abilities.activated_abilities(g, o))
                out += [("an ability index past the last", A.ActivateAbility(oid, n)),
                        ("a huge ability index", A.ActivateAbility(oid, 10**9)),
                        ("a negative ability index", A.ActivateAbility(oid, -1))]
                for i, ab in enumerate(object_abilities.activated_abilities(g, o)):
                    if type(ab).__name__ == "ManaAbility":
                        for c in ("UB", "WUBRG", "", "X", None, 42):
                            out.append((f"mana ability color {c!r}", A.ActivateAbility(oid, i, choices=(c,))))
                        out.append(("mana ability with junk choices", A.ActivateAbility(oid, i, choices=("G", "G"))))
                        out.append(("mana ability with targets", A.ActivateAbility(oid, i, targets=(-1,))))
        for a in [a for a in legal if isinstance(a, A.CastSpell)][:4]:
            out += [("negative X", replace(a, x=-1)), ("huge X", replace(a, x=10**12)),
                    ("payment='auto'", replace(a, payment="auto")),  # type: ignore[arg-type]
                    ("junk choices", replace(a, choices=(("junk", True),))),
                    ("engine-only choices", replace(a, choices=(("copy", True),))),
                    ("junk choice value", replace(a, choices=(("kicked", "yes"),))),
                    ("a mode 0", replace(a, modes=(0,))),
                    ("too many targets", replace(a, targets=a.targets + (-1,)))]
        for a in [a for a in legal if isinstance(a, A.ActivateAbility)][:4]:
            out += [("negative X", replace(a, x=-1)), ("junk choices", replace(a, choices=(("junk", True),))),
                    ("payment=42", replace(a, payment=42))]  # type: ignore[arg-type]
    # Junk answers to a choice.
    if A.Choose in allowed:
        values = {a.value for a in legal if isinstance(a, A.Choose)}
        for v in JUNK_CHOICES:
            try:
                if v in values or (isinstance(v, tuple) and v and v[0] in values):
                    continue
            except TypeError:
                pass
            out.append((f"junk answer {v!r} at {d.kind}", A.Choose(v)))
    # Legal actions of other positions that are not legal here (kinds whose list is complete).
    for cls in (A.PlayLand, A.CastSpell, A.Choose, A.ActivateAbility):
        if cls in allowed and bank.get(cls):
            for a in rng.sample(bank[cls], min(4, len(bank[cls]))):
                if a in legal or (isinstance(a, A.ActivateAbility) and d.kind == "priority"
                                  and object_abilities.is_mana_ability_action(g, a)):
                    continue
                if isinstance(a, A.Choose) and d.kind not in ("mulligan", "priority"):
                    continue  # another decision's answer can be a legal answer here (the same card)
                out.append((f"another position's {cls.__name__}", a))
    return out


def check_refused(g: Game, label: str, action: object, before: bytes) -> None:
    try:
        g.apply(action)  # type: ignore[arg-type]
    except IllegalActionError as e:
        assert str(e) and "\n" not in str(e), f"{label}: unclear message {e!r}"
    except Exception as e:  # noqa: BLE001 - the point: nothing but IllegalActionError
        pytest.fail(f"{label}: {action!r} raised {type(e).__name__}: {e} at {g.pending}")
    else:
        pytest.fail(f"{label}: {action!r} was accepted at {g.pending}")
    assert fingerprint(g) == before, f"{label}: {action!r} changed the game"


def sweep(seed: int, pair: tuple, budget: int, rate: float, seen: set[str] | None = None) -> tuple[int, set[str]]:
    """Play one random game, sweeping wrong actions at random positions and at the first decision of
    each kind (not in `seen`, the kinds swept in earlier games); returns (tried, decision kinds)."""
    rng = random.Random(seed)
    g = Game.new_game(pair[0], pair[1], seed=seed)
    agents = (RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2))
    bank: dict[type, list[A.Action]] = {}
    tried = 0
    kinds: set[str] = set() if seen is None else seen
    while not g.over and tried < budget:
        d = g.pending
        assert d is not None
        legal = g.legal_actions()
        for a in legal:
            lst = bank.setdefault(type(a), [])
            if len(lst) < 200:
                lst.append(a)
        if rng.random() < rate or d.kind not in kinds:
            kinds.add(d.kind)
            before = fingerprint(g)
            for label, act in wrong_actions(g, bank, rng):
                check_refused(g, label, act, before)
                tried += 1
            assert g.legal_actions() == legal
        g.apply(agents[d.player].act(g))  # a listed action is still accepted after the sweep
    return tried, kinds


def test_illegal_action_sweep() -> None:
    tried = 0
    kinds: set[str] = set()
    seed = 0
    pairs = [(a, b) for a in DECKS for b in DECKS]
    random.Random(1).shuffle(pairs)
    while tried < TARGET:
        n, k = sweep(seed, pairs[seed % len(pairs)], TARGET - tried, 0.15)
        tried += n
        kinds |= k
        seed += 1
    assert {"priority", "mulligan", "attackers", "blockers"} <= kinds, kinds
    print(f"illegal-action sweep: {tried} wrong actions refused at decisions {sorted(kinds)}")


@pytest.mark.parametrize("part", range(3))
def test_illegal_action_sweep_on_random_decks(part: int) -> None:
    """The same sweep in the fuzzer's games (random decks of every compiled card), at the first
    decision of each kind over the games of a slice: they reach decisions the bundled decks never ask
    (trigger orders, 603.3b; targets of triggers; choices made as effects resolve). Three slices, tests of
    their own, so that pytest-xdist spreads them over the cores."""
    games = 120 if FULL else 15
    tried = 0
    kinds: set[str] = set()
    for i in range(part, games, 3):
        case = make_case(77, i)
        n, _ = sweep(case.seed, case.decks, 5_000, 0.0, kinds)
        tried += n
    assert {"priority", "mulligan", "attackers", "blockers"} <= kinds, kinds
    print(f"illegal-action sweep, {games} random-deck games: {tried} wrong actions refused at decisions "
          f"{sorted(kinds)}")


def test_legal_actions_have_no_side_effects() -> None:
    for seed in range(6):
        pair = (DECKS[seed % len(DECKS)], DECKS[(3 * seed + 1) % len(DECKS)])
        g = Game.new_game(*pair, seed=seed)
        agents = (RandomAgent(seed), RandomAgent(seed + 100))
        while not g.over:
            c = g.clone()
            g._legal = None  # list afresh
            before = fingerprint(g)
            first = g.legal_actions()
            assert fingerprint(g) == before, f"legal_actions() changed the state at {g.pending}"
            g._legal = None
            assert g.legal_actions() == first
            assert fingerprint(g) == before
            assert c.legal_actions() == first
            g.apply(agents[g.pending.player].act(g))


def every_listed_accepted(seed: int, pair: tuple[str, str], rate: float = 0.3) -> int:
    rng = random.Random(seed)
    g = Game.new_game(*pair, seed=seed)
    agents = (RandomAgent(seed + 1), RandomAgent(seed + 2))
    tried = 0
    while not g.over:
        if rng.random() < rate:
            for a in g.legal_actions()[:30]:
                validate.check_shape(g, a)  # a listed action passes the shape check too
                c = g.clone()
                c.apply(a)
                tried += 1
        g.apply(agents[g.pending.player].act(g))
    return tried


@pytest.mark.parametrize("seed", range(4))
def test_every_listed_action_is_accepted(seed: int) -> None:
    pair = (DECKS[seed % len(DECKS)], DECKS[(seed * 5 + 2) % len(DECKS)])
    assert every_listed_accepted(seed, pair) > 20


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), a=st.sampled_from(DECKS), b=st.sampled_from(DECKS))
def test_every_listed_action_is_accepted_property(seed: int, a: str, b: str) -> None:
    every_listed_accepted(seed, (a, b), rate=0.15)


# --------------------------------------------------------------------------- regressions (rules named)

def find_position(pred, pair: tuple[str, str], seeds=range(40)) -> Game:
    """The first position of a random game (these decks) where `pred(g)` holds."""
    for seed in seeds:
        g = Game.new_game(*pair, seed=seed)
        agents = (RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2))
        while not g.over:
            if pred(g):
                return g
            g.apply(agents[g.pending.player].act(g))
    pytest.skip("no such position in the games tried")


def refused(g: Game, action: object) -> str:
    before = fingerprint(g)
    legal = g.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        g.apply(action)  # type: ignore[arg-type]
    assert fingerprint(g) == before
    assert g.legal_actions() == legal
    return str(e.value)


def _opponents_birds(g: Game) -> int | None:
    d = g.pending
    if d.kind != "priority":
        return None
    for oid in g.s.battlefield:
        o = g.s.objects[oid]
        if o.controller != d.player and o.card.name == "Birds of Paradise" and not o.tapped and not \
                mana_payment_module.cost_block_reason(g, o, object_abilities.activated_abilities(g, o)[0].cost):
            return oid
    return None


def test_602_2_605_3a_no_mana_from_the_opponents_permanent() -> None:
    """602.2 / 605.3a: a player activates only abilities of permanents they control — a mana ability
    whose color is a choice (Birds of Paradise) used to open a mana_choice decision for the opponent."""
    g = find_position(lambda g: _opponents_birds(g) is not None, ("green-ramp", "green-ramp"))
    birds = _opponents_birds(g)
    assert "doesn't control" in refused(g, A.ActivateAbility(birds, 0))
    refused(g, A.ActivateAbility(birds, 0, choices=("G",)))


def test_106_1_mana_ability_choice_must_name_mana() -> None:
    """106.1 / 605.3b: the choice given to a mana ability names mana it can add; an id (no sacrifice
    cost), None or "UB" for a one-color ability is refused, not ignored."""
    def own_forest(g: Game) -> bool:
        d = g.pending
        return d.kind == "priority" and any(
            g.s.objects[o].controller == d.player and g.s.objects[o].card.name == "Forest" and not g.s.objects[o].tapped
            for o in g.s.battlefield)
    g = find_position(own_forest, ("green-ramp", "vanilla"))
    p = g.pending.player
    forest = next(o for o in g.s.battlefield if g.s.objects[o].controller == p
                  and g.s.objects[o].card.name == "Forest" and not g.s.objects[o].tapped)
    for bad in (None, 42, forest, "UB", "", "R", ("G",)):
        refused(g, A.ActivateAbility(forest, 0, choices=(bad,)))
    c = g.clone()
    c.apply(A.ActivateAbility(forest, 0, choices=("G",)))  # the right answer is accepted


def test_601_2h_a_madness_cast_that_fails_is_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    """601.2h / 702.35a: accepting a madness offer (a listed answer, carried out with no undo snapshot)
    whose cast is then refused midway used to leave the game half-changed, listing answers apply()
    refused. Now the cast is rewound: the card isn't cast and goes to the graveyard; the game goes on."""

    sys.path.insert(0, str(Path(__file__).parent))


    g = Game.empty()
    s = g.s
    s.turn, s.active, s.step, s.stage = 3, 0, MAIN1, 1
    put(g, "Mountain", "battlefield", 0)
    temper = put(g, "Fiery Temper", "hand", 0)
    for _ in range(5):
        put(g, "Mountain", "library", 0)
        put(g, "Mountain", "library", 1)
    put(g, "Grizzly Bears", "battlefield", 1)
    s.priority = 0
    g.run()
    effects.discard(g, 0, temper.id, "701.8")
    g.run()
    assert g.pending.kind == "cast_offer" and A.Choose(True) in g.legal_actions()

    real = stack_rules.cast_spell

    def failing_cast(game: Game, p: int, action: A.CastSpell) -> None:
        game.s.players[p].life -= 5  # a change made before the refusal: must be undone
        raise IllegalActionError("refused midway (test)")

    monkeypatch.setattr(stack_rules, "cast_spell", failing_cast)
    g.apply(A.Choose(True))
    while g.pending is not None and g.pending.kind == "cast_target":
        g.apply(g.legal_actions()[0])
    monkeypatch.setattr(stack_rules, "cast_spell", real)
    assert g.faulted is None
    assert s.players[0].life == 20
    assert any(e["event"] == "not_cast" for e in g.log)
    card = s.objects[g.current_id(temper.id)]
    assert card.zone == "graveyard"
    for a in g.legal_actions():
        g.clone().apply(a)  # what is listed afterwards is accepted


def test_106_1_a_color_answer_is_exactly_one_color() -> None:
    """106.1: where a color is asked (614.12 "as it enters, choose a color"), the answer is one of
    W, U, B, R, G as a str; None, 42, "", "UB" and "WUBRG" (which a substring test let through, and
    which then broke every later priority) are refused."""

    assert all(is_color(c) for c in "WUBRG")
    assert not any(is_color(v) for v in (None, 42, "", "UB", "WUBRG", "g", ("G",), "C"))
    g = find_position(lambda g: g.pending.kind == "choose_color",
                      ("green-big-mana", "vanilla"), seeds=range(60))
    for bad in (None, 42, "", "UB", "WUBRG", "{G}", "C"):
        refused(g, A.Choose(bad))
    for a in g.legal_actions():
        g.clone().apply(a)


def test_engine_error_restores_a_snapshot_or_faults_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game.apply: an engine error (not IllegalActionError) never leaves a half-changed game silently:
    an action that had a snapshot is rolled back; a listed one without a snapshot faults the game,
    and every later apply() raises GameFaultedError."""

    g = find_position(lambda g: g.pending.kind == "priority", ("vanilla", "vanilla"))
    before = fingerprint(g)
    real_pass = RULES.pass_priority

    def broken(game: Game) -> None:
        game.s.players[0].life -= 3
        raise RuntimeError("engine bug (test)")

    # Unlisted (an equal but not identical action is still listed: use one that isn't) -> snapshot.
    c = g.clone()
    monkeypatch.setattr(stack_rules, "play_land", lambda game, p, card: broken(game))
    land = next((o for o in c.s.players[c.pending.player].hand if "Land" in c.s.objects[o].card.types), None)
    if land is not None and A.PlayLand(land) not in c.legal_actions():
        with pytest.raises(RuntimeError):
            c.apply(A.PlayLand(land))
        assert fingerprint(c) == before and c.faulted is None
    # Listed, no snapshot -> faulted.
    monkeypatch.setattr(RULES, "pass_priority", broken)
    with pytest.raises(GameFaultedError, match="engine bug"):
        g.apply(A.PassPriority())
    monkeypatch.setattr(RULES, "pass_priority", real_pass)
    assert g.faulted and "RuntimeError" in g.faulted
    with pytest.raises(GameFaultedError):
        g.apply(g.legal_actions()[0])
    assert g.clone().faulted == g.faulted
