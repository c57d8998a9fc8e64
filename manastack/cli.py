"""The `manastack` command line: play, check, cards, decks.

Exit status: 0 done, 1 a scenario failed (`check`), 2 bad input (one `error: ...` line naming the
file, never a traceback), 3 an engine fault (a bug: one line naming the game; `--debug` or
MANASTACK_DEBUG=1 prints the traceback too).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from . import agents  # agents.play_game is looked up per game (tests inject faults there)
from .cards.coverage import load_corpus, measure
from .cards.db import every_name, get_card, import_cards, name_key, record
from .cards.describe import describe
from .decks import (
    DEFAULT_FORMAT,
    FORMATS,
    CheckSummary,
    DeckReport,
    bundled_decks,
    check_deck,
    deck_files,
    load_deck,
)
from .engine.game import Game
from .errors import InputError, ManastackError
from .fuzz.cli import add_commands as add_fuzz_commands
from .render import render_event
from .scenario import run, scenario_files
from .sim.cli import EXIT_FAULT, add_commands
from .sim.runner import parse_agent, trial_games
from .sim.worker import GameFault, agent_seeds, is_input_error, player_names, replay_command

if TYPE_CHECKING:
    from .engine.game import Game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="manastack", description="A Magic: The Gathering rules engine.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_play = sub.add_parser("play", help="play one game between two decks and print its log",
                            epilog="exit status: 0 done; 2 bad input; 3 an engine fault (a bug)")
    p_play.add_argument("deck_a", nargs="?", default="green-ramp")
    p_play.add_argument("deck_b", nargs="?", default="burn")
    p_play.add_argument("--seed", type=int, default=1)
    p_play.add_argument("--agent", default="heuristic", metavar="AGENT",
                        help="random, heuristic, or A:B for deck A's and deck B's agents (default heuristic)")
    p_play.add_argument("--start", choices=["a", "b"], default="a",
                        help="which deck is on the play (default a; `simulate` starts deck B in odd games)")
    p_play.add_argument("--debug", action="store_true",
                        help="on an engine fault, print the traceback too (or set MANASTACK_DEBUG=1)")
    p_play.add_argument("--log", metavar="FILE", help="write the JSON-lines event log to FILE")
    p_play.add_argument("--profile", default="cr-2024-09", choices=["cr-2024-09", "cr-2026-02"])
    p_play.add_argument("--max-turns", type=int, default=100)
    p_play.add_argument("--quiet", action="store_true", help="print only the result")
    p_play.add_argument("--format", choices=FORMATS, default=None,
                        help=f"deck rules: constructed (100.2a) or limited (100.2b); default: the file's, else "
                             f"{DEFAULT_FORMAT}")
    p_check = sub.add_parser("check", help="run scenario files")
    p_check.add_argument("paths", nargs="+")
    p_check.add_argument("--json", action="store_true", help="one JSON object per scenario")
    p_check.add_argument("--log", action="store_true",
                         help="print the readable game log of each failing scenario (every event, with its rule)")
    p_check.add_argument("-v", "--verbose", action="store_true", help="print the game log of every scenario")
    p_cards = sub.add_parser("cards", help="card database commands")
    cards_sub = p_cards.add_subparsers(dest="cards_cmd", required=True)
    p_show = cards_sub.add_parser("show", help="what a card compiles to, or the sentences it can't")
    p_show.add_argument("name", nargs="+", help="the card's name, as a decklist writes it (quotes optional)")
    for cmd, what in (("unsupported", "cards whose Oracle text the compiler doesn't support (with the first refused "
                                      "sentence)"), ("list", "supported cards")):
        p_list = cards_sub.add_parser(cmd, help=f"{what}, over the whole database (34,547 cards and your imports)")
        p_list.add_argument("--name", metavar="TEXT", help="only names containing TEXT (any case, accents optional)")
        p_list.add_argument("--type", metavar="TEXT", help="only type lines containing TEXT (e.g. Creature, Elf)")
        p_list.add_argument("--text", metavar="TEXT",
                            help="only cards whose Oracle text (for `unsupported`: a refused sentence) contains TEXT")
        p_list.add_argument("--limit", type=int, default=0, help="print at most N cards (0: all)")
    p_cov = cards_sub.add_parser("coverage", help="compiled share of a card corpus, and what blocks the rest")
    p_cov.add_argument("--corpus", metavar="FILE", help="MTGJSON/Scryfall card file (default: the shipped database)")
    p_cov.add_argument("--json", action="store_true", help="print one JSON object")
    p_cov.add_argument("--out", default="unsupported-cards.txt", help="where to write the unsupported cards")
    p_cov.add_argument("--top", type=int, default=25)
    p_imp = cards_sub.add_parser("import", help="import an MTGJSON AtomicCards.json or Scryfall oracle-cards file")
    p_imp.add_argument("file")
    p_decks = sub.add_parser("decks", help="list the bundled decks; `decks check PATH...` checks deck files")
    decks_sub = p_decks.add_subparsers(dest="decks_cmd")
    p_dcheck = decks_sub.add_parser(
        "check", help="every problem of each deck file in one go, and a summary by folder",
        epilog="exit status: 0 every deck playable; 1 some deck is not; 2 a path is missing or holds no decks")
    p_dcheck.add_argument("paths", nargs="+", metavar="PATH", help="deck files or folders (recursively)")
    p_dcheck.add_argument("--format", choices=FORMATS, default=None,
                          help="constructed (100.2a) or limited (100.2b); default: the file's `# format:` line, "
                               f"else {DEFAULT_FORMAT}")
    p_dcheck.add_argument("--json", action="store_true", help="one JSON object per deck")
    p_dcheck.add_argument("--top", type=int, default=30, help="unsupported cards listed in the summary")
    p_dcheck.add_argument("--games", type=int, default=0, metavar="N",
                          help="also play N games of each deck that loads against --against; a deck is then "
                               "playable only if none of them fails in the engine (default 0: load only)")
    p_dcheck.add_argument("--against", default="burn", metavar="DECK",
                          help="the opponent of the trial games (default: the bundled deck burn)")
    p_dcheck.add_argument("--agent", default="random", help="the agents of the trial games (default random)")
    p_dcheck.add_argument("--seed", type=int, default=0, help="the seed of the trial games (default 0)")
    add_commands(sub)
    add_fuzz_commands(sub)
    args = parser.parse_args(argv)
    try:
        if args.cmd in ("simulate", "report", "fuzz"):
            return int(args.func(args))
        if args.cmd == "play":
            return cmd_play(args)
        if args.cmd == "check":
            return cmd_check(args)
        if args.cmd == "cards":
            return cmd_cards(args)
        if args.cmd == "decks":
            return cmd_decks_check(args) if args.decks_cmd == "check" else cmd_decks()
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ManastackError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader stopped early (`manastack cards list | head`): not an error of ours, so no traceback.
        # Point stdout at devnull so the interpreter's final flush doesn't raise again; 141 = 128 + SIGPIPE,
        # the status a shell gives a command ended by a closed pipe.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return 0


def write_play_log(g: Game, path: str) -> None:
    """The game's JSON-lines log. An unwritable path (read-only, a directory, a full disk) is bad
    input; a log cut short by a full disk is removed rather than left looking complete."""
    try:
        f = open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write the log: {exc.strerror or exc}", path) from None
    try:
        with f:
            f.write(g.log_jsonl())
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.remove(path)
        raise InputError(f"cannot write the log: {exc.strerror or exc} (the partial file was removed)",
                         path) from None


def cmd_play(args: argparse.Namespace) -> int:
    agent_a, agent_b = parse_agent(args.agent)
    if args.max_turns < 1:
        raise InputError(f"--max-turns must be positive, got {args.max_turns}", "<command line>")
    a, b = load_deck(args.deck_a, fmt=args.format), load_deck(args.deck_b, fmt=args.format)
    start = 0 if args.start == "a" else 1
    if args.log:  # fail before playing, and without truncating anything yet
        log_dir = os.path.dirname(os.path.abspath(args.log))
        if os.path.isdir(args.log):
            raise InputError("cannot write the log: Is a directory", args.log)
        if not os.path.isdir(log_dir):
            raise InputError(f"cannot write the log: no directory {log_dir}", args.log)
    g: Game | None = None
    try:
        g = Game.new_game(a, b, seed=args.seed, names=player_names(a.name, b.name), profile=args.profile,
                          max_turns=args.max_turns, starting_player=start)
        sa, sb = agent_seeds(args.seed)
        agents.play_game(g, (agents.make_agent(agent_a, sa), agents.make_agent(agent_b, sb)))
    except Exception as exc:
        if is_input_error(exc):
            raise
        message = " ".join(str(exc).split())
        where = f"{a.name} vs {b.name}, seed {args.seed}, deck {args.start.upper()} on the play"
        if g is not None and args.log:
            try:
                write_play_log(g, args.log)
                where += f"; the log up to the fault is in {args.log}"
            except InputError as log_exc:
                where += f"; {log_exc}"
        if args.debug or os.environ.get("MANASTACK_DEBUG", "") not in ("", "0"):
            traceback.print_exc()
        print(f"fault: the engine failed ({where}): {type(exc).__qualname__}: {message} "
              "(a bug; --debug shows the traceback)", file=sys.stderr)
        return EXIT_FAULT
    if not args.quiet:
        for e in g.log:
            line = render_event(e)
            if line:
                print(line)
    if args.log:
        write_play_log(g, args.log)
    s = g.s
    winner = "draw" if s.winner is None else s.players[s.winner].name
    print(f"result: {winner} after {s.turn} turns ({s.end_reason}); {s.decisions} decisions")
    return 0


def cmd_check(args: argparse.Namespace) -> int:

    failed = 0
    invalid = 0
    total = 0
    for p in args.paths:  # a folder without scenarios is a mistyped path, not a pass
        if Path(p).is_dir() and next(scenario_files([p]), None) is None:
            raise InputError("no scenario files (*.yaml, *.yml) in this folder", p)
    for f in scenario_files(args.paths):
        total += 1
        try:
            res = run(f, keep_log=args.log or args.verbose)
        except InputError as exc:
            invalid += 1
            if args.json:
                print(json.dumps({"file": f, "name": None, "passed": False, "failure": str(exc), "invalid": True}))
            else:
                print(f"INVALID {exc}")
            continue
        if not res.passed:
            failed += 1
        if args.json:
            if res.passed and not args.verbose:
                res.log = None  # --log: the logs of failing scenarios only
            print(json.dumps(res.as_dict()))
        else:
            status = "pass" if res.passed else "FAIL"
            tail = "" if res.passed else f": {res.failure}"
            print(f"{status} {f} — {res.name}{tail}")
            if res.log is not None and (args.verbose or not res.passed):
                for line in res.log:
                    print(f"    {line}")
    if not args.json:
        print(f"{total - failed - invalid} passed, {failed} failed, {invalid} invalid")
    if invalid:
        return 2
    return 1 if failed else 0


def cmd_cards(args: argparse.Namespace) -> int:
    if args.cards_cmd == "coverage":
        return cmd_coverage(args)
    if args.cards_cmd == "import":
        rep = import_cards(args.file)
        print(f"imported {rep.imported} cards into {rep.path}")
        if rep.not_compiling:
            print(f"{len(rep.not_compiling)} of them don't compile (they load, but decks can't play them):")
            for name, why in rep.not_compiling:
                print(f"  {name}: cannot compile {why!r}")
        return 0
    if args.cards_cmd == "show":
        cd = get_card(" ".join(args.name), require_supported=False)
        print("\n".join(describe(cd)))
        return 0
    return cmd_cards_list(args)


def cmd_cards_list(args: argparse.Namespace) -> int:
    """`cards list` / `cards unsupported` over every card of the database, filtered; the count of
    matching cards (and of all cards looked at) goes to stderr, so stdout stays one card a line."""
    if args.limit < 0:
        raise InputError(f"--limit must be 0 or more, got {args.limit}", "<command line>")
    want_bad = args.cards_cmd == "unsupported"
    name_part = name_key(args.name) if args.name else None
    type_part = args.type.lower() if args.type else None
    text_part = args.text.lower() if args.text else None
    looked = shown = matched = 0
    for name in every_name():
        if name_part is not None and name_part not in name_key(name):
            continue
        rec = record(name) or {}
        if type_part is not None and type_part not in (rec.get("type_line") or "").lower():
            continue  # before compiling: a filtered listing stays quick
        cd = get_card(name, require_supported=False)
        looked += 1
        if bool(cd.unsupported) != want_bad:
            continue
        if text_part is not None:
            hay = cd.unsupported if want_bad else (cd.oracle_text,)
            if not any(text_part in h.lower() for h in hay):
                continue
        matched += 1
        if args.limit and shown >= args.limit:
            continue
        shown += 1
        print(f"{cd.name}\t{cd.unsupported[0]}" if want_bad else cd.name)
    what = "unsupported" if want_bad else "supported"
    more = f" (first {shown} printed)" if shown < matched else ""
    print(f"{matched} of {looked} cards {what}{more}", file=sys.stderr)
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    cov = measure(load_corpus(args.corpus))
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            for name, why in cov.unsupported:
                f.write(f"{name}\t{why}\n")
    except OSError as exc:
        raise InputError(f"cannot write the unsupported list: {exc}", args.out) from None
    if args.json:
        d = cov.as_dict(args.top)
        d["unsupported_file"] = args.out
        print(json.dumps(d))
        return 0
    console = Console()
    console.print(f"[bold]{cov.compiled} of {cov.total} cards compile completely ({cov.share:.1%})[/bold]; "
                  f"unsupported cards written to {args.out}")
    t = Table(title="Most frequent uncompiled sentences")
    t.add_column("cards", justify="right")
    t.add_column("blocks alone", justify="right")
    t.add_column("sentence")
    for sentence, n in cov.sentences.most_common(args.top):
        t.add_row(str(n), str(cov.only_blocker.get(sentence, 0)), sentence[:110])
    console.print(t)
    return 0


def cmd_decks() -> int:
    for name in sorted(bundled_decks()):
        d = load_deck(name)
        print(f"{name}\t{d.archetype}")
    return 0


def cmd_decks_check(args: argparse.Namespace) -> int:
    """Each deck: playable or not, every unknown or unsupported card with the sentences the compiler
    refused, the broken deck rules and the warnings; then the summary by folder and the unsupported
    cards that refuse the most decks."""
    if args.top < 0:
        raise InputError(f"--top must be 0 or more, got {args.top}", "<command line>")
    if args.games < 0:
        raise InputError(f"--games must be 0 or more, got {args.games}", "<command line>")
    files = deck_files(args.paths)
    if args.games:
        parse_agent(args.agent)
        load_deck(args.against, fmt=args.format)  # a bad opponent is bad input before any deck is played
    summary = CheckSummary()
    for path, folder in files:
        r = check_deck(path, args.format)
        if args.games and r.playable:
            r = with_trial_games(r, args)
        summary.add(folder, r)
        if args.json:
            print(json.dumps(r.as_dict(), ensure_ascii=False))
        else:
            print_deck_report(r)
    if not args.json:
        print_summary(summary, args.top)
    return 0 if all(v[0] == v[1] for v in summary.folders.values()) else 1


def with_trial_games(r: DeckReport, args: argparse.Namespace) -> DeckReport:
    """Issue 13's test of a deck that loads: it is playable only if its trial games all finish
    without an engine error (each fault is an error line with the command that replays it)."""
    config, outcomes = trial_games(r.file, args.against, args.games, seed=args.seed, agent=args.agent,
                                   deck_format=args.format)
    faults = [f"game {o.index} failed in the engine: {o.error_type}: {o.message} (replay: "
              f"{replay_command(config, o, r.file, args.against)})" for o in outcomes if isinstance(o, GameFault)]
    return dataclasses.replace(r, playable=not faults, games_played=len(outcomes), faults=faults,
                               errors=r.errors + [f"{r.file}: {f}" for f in faults])


def print_deck_report(r: DeckReport) -> None:
    status = "playable" if r.playable else "NOT PLAYABLE"
    side = f", sideboard {r.sideboard_cards}" if r.sideboard_cards else ""
    companion = f"; companion {r.companion}" if r.companion else ""
    played = f"; {r.games_played} games played, {len(r.faults)} failed" if r.games_played else ""
    print(f"{status}  {r.file}  ({r.format}, {r.main_cards} cards{side}; "
          f"{r.copies_supported}/{r.main_cards} copies supported{companion}{played})")
    for e in r.errors:
        print(f"  error: {e}")
    for w in r.warnings:
        print(f"  warning: {w}")


def print_summary(summary: CheckSummary, top: int) -> None:
    print()
    width = max([len("folder"), *(len(f) for f in summary.folders)])
    print(f"{'folder':<{width}}  {'playable':>12}  {'copies supported':>22}")

    def row(name: str, v: list[int]) -> None:
        share = f"{v[2] / v[3]:.1%}" if v[3] else "-"
        print(f"{name:<{width}}  {f'{v[0]}/{v[1]}':>12}  {f'{v[2]}/{v[3]} ({share})':>22}")

    for folder in sorted(summary.folders):
        row(folder, summary.folders[folder])
    row("total", summary.totals())
    rows = summary.top(top)
    if rows:
        print()
        print(f"Most frequent unsupported cards (decks holding it; decks it refuses, in the main deck), top {len(rows)}:")
        for card, decks, refused in rows:
            why = summary.first_sentence.get(card, "")
            print(f"{decks:5d} {refused:5d}  {card}  [{why[:90]}]")


if __name__ == "__main__":
    sys.exit(main())
