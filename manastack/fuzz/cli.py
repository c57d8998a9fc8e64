"""`manastack fuzz`: the fuzzer from the command line.

    manastack fuzz --games N --seed S [--workers K] [--out DIR] [--json]
    manastack fuzz --replay CASE.json

Exit 0 when no game failed, 1 when some did (each written as a case file to --out), 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys

from .cases import read_case
from .runner import FAILURE_KINDS, FuzzOptions, GameSummary, play_case, run_fuzz


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fuzz", help="play random decks of compiled cards and check the engine's invariants")
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed: game i is a function of it and i")
    p.add_argument("--workers", type=int, default=1, help="local processes (results don't depend on it)")
    p.add_argument("--out", default="fuzz-cases", metavar="DIR", help="where failing games are written")
    p.add_argument("--check-rate", type=float, default=FuzzOptions.check_rate,
                   help="share of decisions at which every listed action is tried on a clone")
    p.add_argument("--no-replay", action="store_true", help="don't replay each game to compare its log")
    p.add_argument("--replay", metavar="CASE", help="play a case file again and report what happens")
    p.add_argument("--json", action="store_true", help="end with one JSON object of counts")
    p.set_defaults(func=cmd_fuzz)


def cmd_fuzz(args: argparse.Namespace) -> int:
    opts = FuzzOptions(check_rate=max(0.0, min(1.0, args.check_rate)), replay=not args.no_replay)
    if args.replay:
        case = read_case(args.replay)
        was = (case.kind, case.message)
        again = play_case(case, opts, actions=list(case.actions))
        if again.kind:
            print(f"reproduced: {again.kind}: {again.message}")
            if again.detail:
                print(again.detail)
            return 1
        print(f"not reproduced (the case said {was[0]}: {was[1]}); the game ended: {again.end_reason}")
        return 0
    if args.games < 0 or args.workers < 1:
        print("error: --games must be at least 0 and --workers at least 1", file=sys.stderr)
        return 2

    done = [0]

    def progress(g: GameSummary) -> None:
        done[0] += 1
        if g.kind and not args.json:
            print(f"game {g.index} (seed {g.seed}): {g.kind}: {g.message}", flush=True)
        if done[0] % 500 == 0 and done[0] < args.games:
            print(f"... {done[0]} of {args.games} games", file=sys.stderr, flush=True)

    report = run_fuzz(args.games, args.seed, opts, workers=args.workers, out=args.out, progress=progress)
    summary = report.as_dict()
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(f"{report.games} games, {report.decisions} decisions, {report.turn_capped} at the turn cap")
        for kind in FAILURE_KINDS:
            print(f"  {kind}: {report.counts[kind]}")
        if report.cases:
            print(f"failing cases written to {args.out}/ (replay one with `manastack fuzz --replay FILE`)")
    return 1 if summary["failures"] else 0
