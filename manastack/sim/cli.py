"""The `simulate` and `report` commands of the `manastack` command line.

`add_commands(subparsers)` adds both to an argparse subparsers object; each sets `func` to its
handler, which takes the parsed Namespace and returns the exit code: 0 done, 2 bad input (an
unknown deck, an unreadable database, bad parameters: one `error: ...` line on stderr, never a
traceback), 3 some games faulted (an engine bug: the run went on and the faults are recorded; see
`report --faults`), 130 interrupted (the games finished so far are kept; `--resume` plays the rest).

Standalone: `python -m manastack.sim simulate vanilla burn --games 400`.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from typing import TYPE_CHECKING, Any

from rich.console import Console

from ..decks import FORMATS
from ..errors import ManastackError
from .report import load_run, report_summary, write_png
from .runner import simulate

if TYPE_CHECKING:
    from .stats import Summary

PROFILE_CHOICES = ("cr-2024-09", "cr-2026-02")
EXIT_BAD_INPUT = 2
EXIT_FAULT = 3  # an engine fault (a bug) in a game; shared with `manastack play`
SIMULATE_EPILOG = ("exit status: 0 every game finished; 2 bad input (one 'error:' line); 3 some games faulted "
                   "(an engine bug: the run went on, the faulted games are recorded with what replays them, "
                   "see `manastack report DB --faults`; --resume skips them unless --retry-faulted); "
                   "130 interrupted (--resume plays the rest)")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def add_commands(subparsers: Any) -> None:
    """Add `simulate` and `report` to `subparsers` (from `parser.add_subparsers()`)."""
    p = subparsers.add_parser("simulate", help="play many games between two decks and summarise them",
                              description="Play N games between two decks (deck A starts the even games), "
                                          "record each in a SQLite database and print win rates.",
                              epilog=SIMULATE_EPILOG)
    p.add_argument("deck_a", help="a bundled deck's name or a deck file")
    p.add_argument("deck_b", help="a bundled deck's name or a deck file")
    p.add_argument("--games", "-n", type=_positive_int, required=True, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed (default 0)")
    p.add_argument("--agent", default="random", metavar="AGENT",
                   help="random, heuristic, or A:B for deck A's and deck B's agents (default random)")
    p.add_argument("--workers", "-j", type=_positive_int, default=None, metavar="K",
                   help="local processes (default: the CPU count; 1 plays in this process)")
    p.add_argument("--backend", choices=["local", "ray"], default="local")
    p.add_argument("--address", default=None, metavar="ADDR",
                   help="Ray cluster address (e.g. auto, ray://head:10001); default: start a local Ray")
    p.add_argument("--db", default="results.sqlite", metavar="FILE",
                   help="results database (default results.sqlite)")
    p.add_argument("--resume", action="store_true",
                   help="continue the latest run with the same parameters: play only its missing games")
    p.add_argument("--retry-faulted", action="store_true",
                   help="with --resume: play the games that faulted before again (default: skip them)")
    p.add_argument("--log-dir", default=None, metavar="DIR", help="write each game's JSON-lines event log here")
    p.add_argument("--profile", choices=PROFILE_CHOICES, default="cr-2024-09")
    p.add_argument("--max-turns", type=_positive_int, default=100, metavar="T")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="the deck-construction rules the decks must follow (100.2a constructed, 100.2b limited; "
                        "default: each file's '# format:' line, else constructed)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)

    r = subparsers.add_parser("report", help="summarise a results database (and chart it)",
                              description="Print the summary of a recorded run (the latest by default).")
    r.add_argument("db", help="results database written by `manastack simulate`")
    r.add_argument("--png", default=None, metavar="FILE", help="write a chart of win rates and game lengths")
    r.add_argument("--run", type=_positive_int, default=None, metavar="ID", help="which run (default: the latest)")
    r.add_argument("--json", action="store_true", help="print the summary as JSON instead of a table")
    r.add_argument("--faults", action="store_true",
                   help="list the run's faulted games: error, traceback and the command that replays each")
    r.set_defaults(func=cmd_report)


def _error(exc: BaseException) -> int:
    message = " ".join(str(exc).split()) or type(exc).__name__
    print(f"error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _warn_problems(db: str, problems: list[str]) -> None:
    """Rows skipped because they are not sound (edited by hand?): one line each on stderr."""
    for p in problems:
        print(f"warning: {db}: {p}; skipped", file=sys.stderr)


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        summary = simulate(args.deck_a, args.deck_b, args.games, seed=args.seed, agent=args.agent,
                           workers=args.workers, backend=args.backend, db=args.db, resume=args.resume,
                           log_dir=args.log_dir, address=args.address, progress=not args.quiet,
                           profile=args.profile, max_turns=args.max_turns, retry_faulted=args.retry_faulted,
                           deck_format=args.format)
    except KeyboardInterrupt:
        print(f"interrupted: the finished games are in {args.db}; run again with --resume to play the rest",
              file=sys.stderr)
        return 130
    except (ManastackError, sqlite3.Error, OSError) as exc:
        return _error(exc)
    if args.quiet:
        summary.print()
    return EXIT_FAULT if summary.faulted else 0


def cmd_report(args: argparse.Namespace) -> int:
    try:
        row, results, faults, runs, problems = load_run(args.db, args.run)
        summary = report_summary(row, results, faults, args.db)
        if args.png is not None:
            write_png(summary, results, args.png)
    except (ManastackError, sqlite3.Error, OSError) as exc:
        return _error(exc)
    _warn_problems(args.db, problems)
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2))
        return 0
    console = Console()
    if args.faults:
        print_faults(console, summary)
        return 0
    summary.print(console)
    if len(runs) > 1:
        others = ", ".join(f"{r.id} ({r.deck_a} vs {r.deck_b}, seed {r.seed}, {r.agent})"
                           for r in runs if r.id != summary.run_id)
        console.print(f"[dim]other runs in {args.db}: {others}; choose one with --run ID[/dim]", highlight=False)
    if args.png:
        console.print(f"wrote {args.png}", highlight=False)
    return 0


def print_faults(console: Console, summary: Summary) -> None:
    """Each faulted game of a run in full: the game, the error, its traceback and the replay."""
    if not summary.faults:
        console.print(f"run {summary.run_id}: no faulted games", highlight=False)
        return
    console.print(f"run {summary.run_id}: {summary.faulted} faulted games", highlight=False)
    for f in summary.faults:
        side = "deck A" if f.starting_player == 0 else "deck B"
        console.print(f"\ngame {f.index}: seed {f.seed}, {side} on the play, engine {f.engine_version}",
                      highlight=False, markup=False)
        console.print(f"  error: {f.error}", highlight=False, markup=False)
        if f.replay:
            console.print(f"  replay: {f.replay}", highlight=False, markup=False)
        console.print(f.traceback.rstrip(), highlight=False, markup=False, style="dim")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="manastack", description="Deck simulation commands.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    add_commands(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
