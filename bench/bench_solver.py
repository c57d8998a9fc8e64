"""Benchmark: the exact mana payment solver (model/costs.py) on a 5-symbol cost with 20 sources
(ms per solve, median of many samples).

    python bench/bench_solver.py
    python bench/bench_solver.py --samples 50 --per-sample 200

The sources are a mana-rich board: basic lands, dual lands, Noble Hierarchs, Birds of Paradise,
Llanowar Elves, Sol Ring and a Black Lotus, ranked as the engine ranks them (lands first,
creatures later, sacrifice last). Three costs: one that is payable only with the right fixers on
the right colors, one that is not payable at all (the solver must prove it), and one with hybrid,
monocolored hybrid and Phyrexian symbols.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from manastack.model.costs import (
    ANY_COLOR_OUTPUTS,
    ManaSource,
    parse_cost,
    requirements,
    single,
    solve_payment,
)
from manastack.model.mana import EMPTY, bag_of  # noqa: E402


def board() -> list[ManaSource]:
    def fixed(name: str, letters: str, rank: int = 0) -> ManaSource:
        return ManaSource(name, (bag_of(letters),), rank)

    def choice(name: str, letters: str, rank: int) -> ManaSource:
        return ManaSource(name, tuple(bag_of(x) for x in letters), rank)

    srcs = [fixed(f"Forest {i}", "G") for i in range(1, 7)]
    srcs += [fixed(f"Mountain {i}", "R") for i in range(1, 5)]
    srcs += [choice("Savannah", "GW", 1), choice("Tundra", "WU", 1), choice("Bayou", "BG", 1)]
    srcs += [choice("Noble Hierarch 1", "GWU", 3), choice("Noble Hierarch 2", "GWU", 3)]
    srcs += [ManaSource("Birds of Paradise 1", ANY_COLOR_OUTPUTS, 3),
             ManaSource("Birds of Paradise 2", ANY_COLOR_OUTPUTS, 3)]
    srcs += [fixed("Llanowar Elves", "G", 2), fixed("Sol Ring", "CC", 0)]
    srcs += [ManaSource("Black Lotus", tuple(single(c, 3) for c in "WUBRG"), 11)]
    assert len(srcs) == 20
    return srcs


COSTS = [
    ("payable   {1}{W}{U}{B}{B}", "{1}{W}{U}{B}{B}", True),
    ("unpayable {B}{B}{B}{B}{U}", "{B}{B}{B}{B}{U}", False),
    ("hybrid    {G/W}{2/B}{U/P}{R/G}{B}", "{G/W}{2/B}{U/P}{R/G}{B}", True),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--per-sample", type=int, default=100, help="solves timed together in one sample")
    args = ap.parse_args(argv)
    srcs = board()
    # Without the Lotus the unpayable cost has only three black sources (Bayou, two Birds).
    srcs_no_lotus = [s for s in srcs if s.key != "Black Lotus"] + [ManaSource("Forest 7", (bag_of("G"),), 0)]
    print(f"bench_solver: 20 sources, 5-symbol costs, python {sys.version.split()[0]}")
    for label, cost, payable in COSTS:
        sources = srcs if payable else srcs_no_lotus
        reqs = requirements(parse_cost(cost))
        res = solve_payment(reqs, EMPTY, sources)
        assert (res is not None) == payable, (cost, res)
        times = []
        for _ in range(args.samples):
            t0 = time.perf_counter()
            for _ in range(args.per_sample):
                solve_payment(reqs, EMPTY, sources)
            times.append((time.perf_counter() - t0) / args.per_sample * 1e3)
        med = statistics.median(times)
        used = "none" if res is None else f"{len(res[1])} sources, life {res[0].life}"
        print(f"  {label:34s} {med:8.3f} ms/solve  (min {min(times):.3f}; {len(reqs)} requirement option(s); "
              f"payment: {used})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
