"""CR 107.4, 601.2g-h: the mana payment solver is exact.

`solve_payment(requirements(cost), pool, sources)` must find mana abilities to activate (each at
most once) that pay the cost whenever such a set exists, and report None otherwise. A greedy
tapper is not enough; these tests pin the hard cases and compare the solver with a brute force
over every combination of source outputs on random small instances.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.model import costs
from manastack.model.costs import (
    ANY_COLOR_OUTPUTS,
    ManaSource,
    Requirement,
    parse_cost,
    payable,
    requirements,
    single,
    solve_payment,
)
from manastack.model.mana import EMPTY, TYPE_INDEX, bag_of
from manastack.scenario import run_data

# --------------------------------------------------------------------------- helpers

U, C = single("U"), single("C")


def fixed(key: str, letters: str, rank: int = 0) -> ManaSource:
    """A source with one output (e.g. a Forest: fixed("forest", "G"))."""
    return ManaSource(key, (bag_of(letters),), rank)


def choice(key: str, letters: str, rank: int = 1) -> ManaSource:
    """A source that adds one mana of one of `letters` (a dual land, Noble Hierarch)."""
    return ManaSource(key, tuple(bag_of(x) for x in letters), rank)


def birds(key: str = "birds", rank: int = 3) -> ManaSource:
    """Birds of Paradise: one mana of any color (a creature: ranked last, as mana_sources does)."""
    return ManaSource(key, ANY_COLOR_OUTPUTS, rank)


def solve(cost: str, sources: list[ManaSource], pool=EMPTY, x: int = 0):
    return solve_payment(requirements(parse_cost(cost), x), pool, sources)


def covers(total, req: Requirement) -> bool:
    """Whether a bag of mana pays `req`: each typed amount, then the generic part from the rest."""
    spare = 0
    for need, have in zip(req.typed, total):
        if have < need:
            return False
        spare += have - need
    return spare >= req.generic


def check_solution(res, pool, sources: list[ManaSource]) -> Requirement:
    """The solver's answer is a real payment: distinct sources, real outputs, the cost covered."""
    assert res is not None
    req, chosen = res
    by_key = {s.key: s for s in sources}
    keys = [k for k, _ in chosen]
    assert len(keys) == len(set(keys)), f"a source is activated twice: {chosen}"
    total = list(pool)
    for key, out in chosen:
        assert key in by_key, f"unknown source {key!r}"
        assert out in by_key[key].outputs, f"{key!r} can't produce {out}"
        total = [a + b for a, b in zip(total, out)]
    assert covers(total, req), f"{chosen} + pool {pool} doesn't pay {req}"
    return req


def greedy(cost: str, sources: list[ManaSource]) -> bool:
    """A naive auto-tapper: pays the symbols in printed order (generic first), each with the first
    untapped source that can produce something for it. The solver must do better."""
    mc = parse_cost(cost)
    symbols: list[str | None] = [None] * mc.generic + [pip[0] for pip in mc.pips]
    left = list(sources)
    for sym in symbols:
        for src in left:
            out = next((o for o in src.outputs if sym is None or o[TYPE_INDEX[sym]]), None)
            if out is not None:
                left.remove(src)
                break
        else:
            return False
    return True


# --------------------------------------------------------------------------- exact, not greedy

def test_forest_island_birds_pay_1ug() -> None:
    srcs = [fixed("forest", "G"), fixed("island", "U"), birds()]
    res = solve("{1}{U}{G}", srcs)
    check_solution(res, EMPTY, srcs)
    assert {k for k, _ in res[1]} == {"forest", "island", "birds"}


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_1ug_in_every_source_order(order) -> None:
    base = [fixed("forest", "G"), fixed("island", "U"), birds()]
    srcs = [base[i] for i in order]
    check_solution(solve("{1}{U}{G}", srcs), EMPTY, srcs)


def test_greedy_birds_for_generic_fails_but_solver_pays() -> None:
    # Forest, Birds of Paradise and a colorless source pay {1}{U}{G} only if Birds makes the {U}:
    # a tapper that spends Birds on the {1} is stuck without blue.
    srcs = [birds(rank=0), fixed("forest", "G", rank=0), fixed("wastes", "C", rank=0)]
    assert not greedy("{1}{U}{G}", srcs)
    res = solve("{1}{U}{G}", srcs)
    check_solution(res, EMPTY, srcs)
    assert dict(res[1])["birds"] == U


def test_two_fixers_must_split_colors() -> None:
    # Noble Hierarch (G/W/U), Birds and a Forest pay {W}{U}{G} only with the fixers making W and U.
    srcs = [choice("hierarch", "GWU"), birds(), fixed("forest", "G")]
    res = solve("{W}{U}{G}", srcs)
    check_solution(res, EMPTY, srcs)


def test_no_payment_reports_none() -> None:
    assert solve("{1}{U}{G}", [fixed("forest", "G"), fixed("island", "U")]) is None
    assert solve("{U}{U}", [fixed("island", "U"), fixed("forest", "G"), fixed("forest2", "G")]) is None
    assert solve("{G}", []) is None
    assert solve("{W}{U}", [birds("b1")]) is None  # one source is activated at most once


def test_empty_cost_needs_nothing() -> None:
    res = solve("", [fixed("forest", "G")])
    assert res is not None and res[1] == []
    res = solve("{0}", [])
    assert res is not None and res[1] == []


def test_pool_is_used_before_sources() -> None:
    res = solve("{U}{G}", [fixed("forest", "G"), fixed("island", "U")], pool=U)
    req = check_solution(res, U, [fixed("forest", "G"), fixed("island", "U")])
    assert req.life == 0
    assert [k for k, _ in res[1]] == ["forest"]
    # Mana in the pool pays generic too.
    res = solve("{2}", [], pool=bag_of("RR"))
    assert res is not None and res[1] == []
    assert solve("{3}", [], pool=bag_of("RR")) is None


def test_multi_mana_source_counts_fully() -> None:
    srcs = [fixed("sol ring", "CC"), fixed("forest", "G")]
    check_solution(solve("{2}{G}", srcs), EMPTY, srcs)
    assert solve("{3}{G}", srcs) is None


def test_black_lotus_three_of_one_color() -> None:
    lotus = ManaSource("lotus", tuple(single(c, 3) for c in "WUBRG"), 10)
    res = solve("{U}{U}{U}", [lotus])
    check_solution(res, EMPTY, [lotus])
    assert res[1] == [("lotus", single("U", 3))]
    assert solve("{U}{G}", [lotus]) is None  # "any one color": not a mix


# --------------------------------------------------------------------------- hybrid, Phyrexian, {2/W}, {C}

def test_hybrid_either_half() -> None:
    for land in ("G", "W"):
        srcs = [fixed("land", land)]
        check_solution(solve("{G/W}", srcs), EMPTY, srcs)
    assert solve("{G/W}", [fixed("island", "U")]) is None
    # Two hybrid pips paid by one of each color.
    srcs = [fixed("forest", "G"), fixed("plains", "W")]
    check_solution(solve("{G/W}{G/W}", srcs), EMPTY, srcs)
    assert solve("{G/W}{G/W}{G/W}", srcs) is None


def test_hybrid_choice_interacts_with_other_pips() -> None:
    # {G/W}{G}: the Forest must make the {G}, so the hybrid is paid with the Plains.
    srcs = [fixed("forest", "G"), fixed("plains", "W")]
    res = solve("{G/W}{G}", srcs)
    check_solution(res, EMPTY, srcs)
    assert res[0].typed == bag_of("WG")


def test_phyrexian_pays_mana_when_it_can() -> None:
    srcs = [fixed("forest", "G")]
    res = solve("{G/P}", srcs)
    req = check_solution(res, EMPTY, srcs)
    assert req.life == 0


def test_phyrexian_pays_two_life_without_green() -> None:
    for srcs in ([], [fixed("island", "U")]):
        res = solve("{G/P}", srcs)
        req = check_solution(res, EMPTY, srcs)
        assert req.life == 2
        assert req.total == 0
    # One green source, two Phyrexian pips: one with mana, one with life.
    srcs = [fixed("forest", "G")]
    req = check_solution(solve("{G/P}{G/P}", srcs), EMPTY, srcs)
    assert req.life == 2


def test_phyrexian_with_generic() -> None:
    srcs = [fixed("island", "U"), fixed("island2", "U")]
    req = check_solution(solve("{1}{G/P}", srcs), EMPTY, srcs)
    assert req.life == 2 and req.generic == 1


def test_monocolored_hybrid_2w() -> None:
    # {2/W}: one white mana, or two generic.
    srcs = [fixed("plains", "W")]
    req = check_solution(solve("{2/W}", srcs), EMPTY, srcs)
    assert req.typed == bag_of("W") and req.generic == 0
    srcs = [fixed("island", "U"), fixed("mountain", "R")]
    req = check_solution(solve("{2/W}", srcs), EMPTY, srcs)
    assert req.generic == 2
    assert solve("{2/W}", [fixed("island", "U")]) is None
    # Mana value counts {2/W} as 2 (202.3).
    assert parse_cost("{2/W}{2/W}{2/W}").mana_value == 6


def test_colorless_symbol_needs_colorless_mana() -> None:
    assert solve("{C}", [fixed("forest", "G"), birds()]) is None
    srcs = [fixed("wastes", "C")]
    check_solution(solve("{C}", srcs), EMPTY, srcs)
    srcs = [fixed("sol ring", "CC")]
    check_solution(solve("{C}{C}", srcs), EMPTY, srcs)
    assert solve("{C}{C}{C}", srcs) is None
    # Colorless mana in the pool pays {C}; colored doesn't.
    assert solve("{C}", [], pool=C) is not None
    assert solve("{C}", [], pool=bag_of("WUBRG")) is None
    # Generic can be paid with colorless, and {C} with it only.
    srcs = [fixed("sol ring", "CC"), fixed("forest", "G")]
    check_solution(solve("{1}{C}{G}", srcs), EMPTY, srcs)


# --------------------------------------------------------------------------- X

def test_x_is_paid_as_generic() -> None:
    forests = [fixed(f"forest{i}", "G") for i in range(4)]
    mc = parse_cost("{X}{G}")
    assert mc.x_count == 1 and mc.mana_value == 1
    for x in range(4):
        res = solve("{X}{G}", forests, x=x)
        req = check_solution(res, EMPTY, forests)
        assert req.generic == x
        assert len(res[1]) == x + 1
    assert solve("{X}{G}", forests, x=4) is None


def test_double_x() -> None:
    # {X}{X} with X=2 costs four (107.3f).
    srcs = [fixed(f"island{i}", "U") for i in range(4)]
    mc = parse_cost("{X}{X}")
    assert mc.x_count == 2
    check_solution(solve("{X}{X}", srcs, x=2), EMPTY, srcs)
    assert solve("{X}{X}", srcs[:3], x=2) is None
    assert mc.mana_value_with_x(3) == 6


def test_x_zero_is_free() -> None:
    res = solve("{X}", [], x=0)
    assert res is not None and res[1] == []


def test_unknown_symbol_rejected() -> None:
    for bad in ("{Q/P}", "{H}", "G", "{1}{G}x"):
        with pytest.raises(ValueError):
            parse_cost(bad)


# --------------------------------------------------------------------------- in the engine

def _cast_rhox(battlefield: list) -> dict:
    """Rhox War Monk ({G}{W}{U}) cast with automatic payment from `battlefield`."""
    return {
        "name": "solver in the engine",
        "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
        "players": {"alice": {"battlefield": battlefield, "hand": ["Rhox War Monk"]}, "bob": {}},
        "actions": [{"by": "alice", "cast": "Rhox War Monk"}, {"resolve": 1}],
        "expect": [{"card": "Rhox War Monk", "zone": "battlefield"}, {"player": "alice", "mana_pool": ""}],
    }


@pytest.mark.parametrize("order", list(itertools.permutations(["Forest", "Island", "Birds of Paradise"])))
def test_engine_pays_gwu_with_forest_island_birds(order) -> None:
    res = run_data(_cast_rhox(list(order)))
    assert res.passed, res.failure


def test_engine_refuses_unpayable_cost_and_leaves_state() -> None:
    data = _cast_rhox(["Forest", "Island", "Llanowar Elves"])
    data["actions"] = [{"by": "alice", "cast": "Rhox War Monk", "expect_error": True}]
    data["expect"] = [
        {"card": "Rhox War Monk", "zone": "hand"},
        {"card": "Forest", "tapped": False},
        {"card": "Island", "tapped": False},
        {"card": "Llanowar Elves", "tapped": False},
        {"player": "alice", "mana_pool": ""},
    ]
    res = run_data(data)
    assert res.passed, res.failure


# --------------------------------------------------------------------------- brute force comparison

SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{2}", "{X}", "{G/W}", "{U/B}", "{R/G}",
           "{G/P}", "{W/P}", "{2/W}", "{2/G}"]

_bag = st.tuples(*[st.integers(0, 2)] * 6).filter(lambda b: 0 < sum(b) <= 3)


@st.composite
def _source(draw, key: int) -> ManaSource:
    kind = draw(st.sampled_from(["fixed", "choice", "any", "lotus"]))
    if kind == "any":
        outs = ANY_COLOR_OUTPUTS
    elif kind == "lotus":
        outs = tuple(single(c, 3) for c in "WUBRG")
    elif kind == "fixed":
        outs = (draw(_bag),)
    else:
        outs = tuple(dict.fromkeys(draw(st.lists(_bag, min_size=2, max_size=3))))
    return ManaSource(key, outs, draw(st.integers(0, 12)))


@st.composite
def instances(draw):
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5)))
    x = draw(st.integers(0, 3)) if "{X}" in cost else 0
    pool = draw(st.tuples(*[st.sampled_from([0, 0, 0, 1, 2])] * 6))
    n = draw(st.integers(0, 6))
    sources = [draw(_source(i)) for i in range(n)]
    return cost, x, pool, sources


def brute_force(reqs: list[Requirement], pool, sources: list[ManaSource]) -> set[Requirement]:
    """Every requirement some combination of source outputs (each source unused or one output)
    pays, by enumerating every combination (deduplicated by the mana it adds)."""
    reachable = {tuple(pool)}
    for src in sources:
        reachable = reachable | {tuple(a + b for a, b in zip(t, out)) for t in reachable for out in src.outputs}
    return {r for r in reqs for t in reachable if covers(t, r)}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_solver_matches_brute_force(inst) -> None:
    cost, x, pool, sources = inst
    reqs = requirements(parse_cost(cost), x)
    res = solve_payment(reqs, pool, sources)
    payable = brute_force(reqs, pool, sources)
    if not payable:
        assert res is None, f"{cost} x={x} pool={pool}: solver paid {res}, but no payment exists"
        return
    assert res is not None, f"{cost} x={x} pool={pool} {sources}: a payment exists ({payable}), solver said None"
    req = check_solution(res, pool, sources)
    assert req in reqs
    # Life is spent only when no payment without (as much) life exists.
    assert req.life == min(r.life for r in payable)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.booleans(), st.integers(0, 4))
def test_payable_agrees_with_the_solver(inst, fixed_only, life) -> None:
    """`payable` (priority's affordability check) sums fixed outputs instead of searching; it must
    answer exactly as the solver does, for fixed-output sources and (falling back) for the others."""
    cost, x, pool, sources = inst
    if fixed_only:
        sources = [s for s in sources if len(s.outputs) == 1]
    reqs = requirements(parse_cost(cost), x)
    assert payable(reqs, pool, sources, life) == (solve_payment(reqs, pool, sources, life) is not None), \
        f"{cost} x={x} pool={pool} life={life} {sources}"


def test_brute_force_itself_on_known_cases() -> None:
    srcs = [fixed("forest", "G"), fixed("island", "U"), birds()]
    reqs = requirements(parse_cost("{1}{U}{G}"))
    assert brute_force(reqs, EMPTY, srcs)
    assert not brute_force(reqs, EMPTY, srcs[:2])


# --------------------------------------------------------------------------- converters (Prophetic Prism)

def prism(key: str, cost: str = "{1}") -> ManaSource:
    """A mana ability with a mana cost of its own that adds one mana of any color."""
    return ManaSource(key, ANY_COLOR_OUTPUTS, 2, cost=requirements(parse_cost(cost))[0])


def test_prism_converts_generic_into_a_color() -> None:
    res = solve("{U}", [fixed("wastes", "C"), prism("prism")])
    assert res is not None
    assert ("prism", U) in res[1]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["W", "U", "B", "R", "G", "C", "WU", "BR"]), min_size=0, max_size=4),
       st.lists(st.sampled_from(["{1}", "{C}", "{R}", "{2}"]), min_size=1, max_size=3),
       st.sampled_from(["{U}", "{1}{R}", "{G}{G}", "{2}{W}{U}", "{B}{R}", "{3}"]))
def test_interchangeable_converter_outputs_are_tried_once(lands, prism_costs, cost) -> None:
    """costs._solve_with_converters tries one output per kind; trying every output finds a payment
    exactly when it does."""
    sources = [choice(f"land{i}", letters, 0) for i, letters in enumerate(lands)] + [
        prism(f"prism{i}", c) for i, c in enumerate(prism_costs)]
    fast = solve(cost, sources)
    full = costs._distinct_outputs
    try:
        costs._distinct_outputs = lambda outs, named: list(outs)  # type: ignore[assignment]
        slow = solve(cost, sources)
    finally:
        costs._distinct_outputs = full  # type: ignore[assignment]
    assert (fast is None) == (slow is None)
    if fast is not None:
        check_solution(fast, EMPTY, sources)


def test_converter_costs_are_paid_with_mana_nothing_later_needs() -> None:
    """Two Prophetic Prism-style converters ({1}: add one mana of any color) make {B}{R} from three
    lands of other colors: each {1} is paid with the mana the spell doesn't need (found by
    hypothesis above: paying the first {1} greedily could leave the second without mana)."""
    res = solve("{B}{R}", [choice("land0", "W", 0), choice("land1", "G", 0), choice("land2", "W", 0),
                           prism("prism0", "{1}"), prism("prism1", "{1}"), prism("prism2", "{2}")])
    assert res is not None
