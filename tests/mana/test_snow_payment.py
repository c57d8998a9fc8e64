"""107.4h: {S} is paid with mana of any type produced by a snow source: the solver (model/costs.py
solve_payment) and the spending from the pool (snow_spend)."""

from __future__ import annotations

import pytest

from manastack.model.costs import ManaSource, parse_cost, requirements, single, snow_spend, solve_payment
from manastack.model.mana import EMPTY, bag_of


def test_snow_symbol_parses_and_counts_toward_mana_value() -> None:
    cost = parse_cost("{2}{S}{S}")
    assert cost.mana_value == 4
    assert cost.colors() == frozenset()
    (req,) = requirements(cost)
    assert (req.generic, req.snow, req.total) == (2, 2, 4)


def test_solver_taps_the_snow_source_for_snow_and_the_other_for_green() -> None:
    forest = ManaSource("forest", (single("G"),))
    snow_forest = ManaSource("snow forest", (single("G"),), snow=True)
    found = solve_payment(requirements(parse_cost("{G}{S}")), EMPTY, [forest, snow_forest])
    assert found is not None
    assert sorted(key for key, _ in found[1]) == ["forest", "snow forest"]
    assert solve_payment(requirements(parse_cost("{S}{S}")), EMPTY, [forest, snow_forest]) is None


def test_solver_uses_snow_mana_in_the_pool_only() -> None:
    reqs = requirements(parse_cost("{S}"))
    assert solve_payment(reqs, bag_of("U"), []) is None
    assert solve_payment(reqs, bag_of("U"), [], snow_pool=bag_of("U")) == (reqs[0], [])


def test_spending_pays_snow_with_snow_mana_and_the_rest_with_other_mana() -> None:
    (req,) = requirements(parse_cost("{U}{S}"))
    taken, snow_taken = snow_spend(req, bag_of("UU"), bag_of("U"))
    assert taken == bag_of("UU") and snow_taken == bag_of("U")
    with pytest.raises(ValueError):
        snow_spend(req, bag_of("UG"), bag_of("U"))  # the snow {U} must pay {U} or {S}, not both
