"""Fixed-seed benchmark: random-agent full games between two bundled decks.

    python bench/bench_games.py                     # vanilla vs burn, 200 games
    python bench/bench_games.py --pair combat       # combat-brawl vs green-ramp
    python bench/bench_games.py --games 500 --repeat 3

Game i uses seed `--seed + i` and RandomAgent seeds 2i+1 / 2i+2, so the results (and the
checksum) are the same on every machine and every run; only the speed varies. The checksum is
the sha256 of "winner,turns,decisions;" for every game, in order: if it changes, the engine plays
differently (a rules change, or a determinism bug), and the speed figures are not comparable.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from manastack import Game  # noqa: E402
from manastack.agents import RandomAgent, play_game  # noqa: E402

PAIRS = {
    "default": ("vanilla", "burn"),
    "combat": ("combat-brawl", "green-ramp"),
}


def run(deck_a: str, deck_b: str, games: int, seed: int, profile: str) -> dict:
    results = []
    decisions = 0
    turns = 0
    t0 = time.perf_counter()
    first = 0.0
    for i in range(games):
        g = Game.new_game(deck_a, deck_b, seed=seed + i, profile=profile)
        play_game(g, (RandomAgent(2 * i + 1), RandomAgent(2 * i + 2)))
        if i == 0:
            first = time.perf_counter() - t0  # includes loading the card compiler's templates (once per process)
        s = g.s
        winner = "draw" if g.winner is None else s.players[g.winner].name
        results.append(f"{winner},{s.turn},{s.decisions};")
        decisions += s.decisions
        turns += s.turn
    elapsed = time.perf_counter() - t0
    return {
        "elapsed": elapsed,
        "first": first,
        "games_per_s": games / elapsed,
        "after_first_per_s": (games - 1) / (elapsed - first) if games > 1 else float("nan"),
        "decisions_per_s": decisions / elapsed,
        "mean_turns": turns / games,
        "mean_decisions": decisions / games,
        "checksum": hashlib.sha256("".join(results).encode()).hexdigest(),
        "wins": {w: sum(1 for r in results if r.startswith(w + ",")) for w in ("alice", "bob", "draw")},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pair", choices=sorted(PAIRS), default="default",
                    help="default: vanilla vs burn; combat: combat-brawl vs green-ramp")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game")
    ap.add_argument("--profile", default="cr-2024-09")
    ap.add_argument("--repeat", type=int, default=1, help="run the whole batch N times; report the best speed")
    args = ap.parse_args(argv)
    deck_a, deck_b = PAIRS[args.pair]
    runs = [run(deck_a, deck_b, args.games, args.seed, args.profile) for _ in range(args.repeat)]
    if len({r["checksum"] for r in runs}) != 1:
        print("ERROR: the same seeds gave different results (nondeterminism)", file=sys.stderr)
        return 1
    best = max(runs, key=lambda r: r["games_per_s"])
    print(f"bench_games: {deck_a} vs {deck_b}, {args.games} games, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"profile {args.profile}, python {sys.version.split()[0]}")
    print(f"  games/s       {best['games_per_s']:10.1f}   ({best['elapsed']:.2f} s"
          + (f"; median of {args.repeat} runs {statistics.median(r['elapsed'] for r in runs):.2f} s" if args.repeat > 1
             else "") + ")")
    print(f"  after game 1  {best['after_first_per_s']:10.1f}   games/s (game 1, with the one-time template "
          f"loading: {best['first']:.2f} s)")
    print(f"  decisions/s   {best['decisions_per_s']:10.0f}")
    print(f"  mean turns    {best['mean_turns']:10.2f}")
    print(f"  mean decisions{best['mean_decisions']:10.1f}")
    w = best["wins"]
    print(f"  results       alice {w['alice']}, bob {w['bob']}, draws {w['draw']}")
    print(f"  checksum      {best['checksum']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
