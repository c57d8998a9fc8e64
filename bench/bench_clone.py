"""Benchmark: Game.clone() of a mid-game position (µs per clone, median of many samples).

    python bench/bench_clone.py                  # vanilla vs burn, seed 1, from turn 8
    python bench/bench_clone.py --turn 12 --samples 50 --per-sample 500

The position is reached by random agents from a fixed seed, so it is the same on every run.
The clone copies the log too (it is part of the state), so the figure grows with the game's length;
the position's size (objects, log events) is printed with it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from manastack import Game  # noqa: E402
from manastack.agents import RandomAgent  # noqa: E402


def mid_game(deck_a: str, deck_b: str, seed: int, turn: int) -> Game:
    """Play random agents until `turn` begins with a player holding priority (or the game ends)."""
    g = Game.new_game(deck_a, deck_b, seed=seed)
    agents = (RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2))
    while not g.over and not (g.s.turn >= turn and g.pending.kind == "priority"):
        g.apply(agents[g.pending.player].act(g))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", nargs=2, default=["vanilla", "burn"], metavar=("DECK_A", "DECK_B"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--turn", type=int, default=8)
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--per-sample", type=int, default=300, help="clones timed together in one sample")
    args = ap.parse_args(argv)
    g = mid_game(args.decks[0], args.decks[1], args.seed, args.turn)
    s = g.s
    # Sanity: the clone is exact.
    c = g.clone()
    assert c.log_jsonl() == g.log_jsonl() and c.legal_actions() == g.legal_actions()
    for _ in range(args.per_sample):  # warm-up
        g.clone()
    per_clone = []
    for _ in range(args.samples):
        t0 = time.perf_counter()
        for _ in range(args.per_sample):
            g.clone()
        per_clone.append((time.perf_counter() - t0) / args.per_sample * 1e6)
    med = statistics.median(per_clone)
    print(f"bench_clone: {args.decks[0]} vs {args.decks[1]}, seed {args.seed}, turn {s.turn} "
          f"({'over' if g.over else g.pending.kind}), {len(s.objects)} objects, {len(s.battlefield)} permanents, "
          f"{len(s.log)} log events, python {sys.version.split()[0]}")
    print(f"  clone         {med:10.1f} µs  (median of {args.samples} x {args.per_sample}; "
          f"min {min(per_clone):.1f}, max {max(per_clone):.1f})")
    print(f"  clones/s      {1e6 / med:10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
