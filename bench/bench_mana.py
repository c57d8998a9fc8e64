"""Mana benchmarks (issue 4): could_produce for every permanent on a 200-land board mixing
Reflecting Pools and Exotic Orchards on both sides, and mana options for 12 sources.

    python bench/bench_mana.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from manastack.cards.db import get_card  # noqa: E402
from manastack.engine.game import Game  # noqa: E402
from manastack.rules import produce  # noqa: E402


def board(cards: list[tuple[str, int]]) -> Game:
    g = Game.empty()
    for name, owner in cards:
        o = g.new_object(get_card(name), owner, "battlefield")
        g.s.battlefield.append(o.id)
    return g


def timed(fn, repeat: int = 30) -> float:
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def main() -> None:
    kinds = ["Reflecting Pool", "Exotic Orchard", "Reflecting Pool", "Exotic Orchard", "Forest", "Island", "Taiga",
             "Wastes"]
    cards = [(kinds[i % len(kinds)], i % 2) for i in range(200)]
    g = board(cards)

    def all_could_produce() -> None:
        g.invalidate()  # no cache: measure the whole fixed point
        for o in g.permanents():
            produce.could_produce(g, o)

    t = timed(all_could_produce)
    checksum = sum(len(produce.could_produce(g, o)) for o in g.permanents())
    print(f"could_produce, 200 lands (Pools/Orchards both sides): {t * 1000:.2f} ms for all permanents "
          f"(checksum {checksum})")
    srcs = ["Forest", "Island", "Birds of Paradise", "Llanowar Elves", "Taiga", "Tropical Island", "Sol Ring",
            "Gilded Lotus", "Reflecting Pool", "Savannah", "Noble Hierarch", "Mind Stone"]
    g2 = board([(n, 0) for n in srcs])

    def options() -> None:
        g2.invalidate()
        produce.mana_options(g2, 0)

    t2 = timed(options)
    print(f"mana options, 12 sources: {t2 * 1000:.2f} ms ({len(produce.mana_options(g2, 0))} options)")


if __name__ == "__main__":
    main()
