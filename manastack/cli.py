"""The `manastack` command line: play, check, cards, decks."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import InputError, ManastackError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="manastack", description="A Magic: The Gathering rules engine.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_play = sub.add_parser("play", help="play one game between two decks and print its log")
    p_play.add_argument("deck_a", nargs="?", default="green-ramp")
    p_play.add_argument("deck_b", nargs="?", default="burn")
    p_play.add_argument("--seed", type=int, default=1)
    p_play.add_argument("--agent", choices=["random", "heuristic"], default="heuristic")
    p_play.add_argument("--log", metavar="FILE", help="write the JSON-lines event log to FILE")
    p_play.add_argument("--profile", default="cr-2024-09", choices=["cr-2024-09", "cr-2026-02"])
    p_play.add_argument("--max-turns", type=int, default=100)
    p_play.add_argument("--quiet", action="store_true", help="print only the result")
    p_check = sub.add_parser("check", help="run scenario files")
    p_check.add_argument("paths", nargs="+")
    p_check.add_argument("--json", action="store_true", help="one JSON object per scenario")
    p_cards = sub.add_parser("cards", help="card database commands")
    cards_sub = p_cards.add_subparsers(dest="cards_cmd", required=True)
    cards_sub.add_parser("unsupported", help="list cards whose Oracle text the compiler doesn't support")
    cards_sub.add_parser("list", help="list supported cards")
    p_cov = cards_sub.add_parser("coverage", help="compiled share of a card corpus, and what blocks the rest")
    p_cov.add_argument("--corpus", metavar="FILE", help="MTGJSON/Scryfall card file (default: the shipped database)")
    p_cov.add_argument("--json", action="store_true", help="print one JSON object")
    p_cov.add_argument("--out", default="unsupported-cards.txt", help="where to write the unsupported cards")
    p_cov.add_argument("--top", type=int, default=25)
    p_imp = cards_sub.add_parser("import", help="import an MTGJSON AtomicCards.json or Scryfall oracle-cards file")
    p_imp.add_argument("file")
    sub.add_parser("decks", help="list the bundled decks")
    from .sim.cli import add_commands
    add_commands(sub)
    args = parser.parse_args(argv)
    try:
        if args.cmd in ("simulate", "report"):
            return int(args.func(args))
        if args.cmd == "play":
            return cmd_play(args)
        if args.cmd == "check":
            return cmd_check(args)
        if args.cmd == "cards":
            return cmd_cards(args)
        if args.cmd == "decks":
            return cmd_decks()
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ManastackError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .agents import make_agent, play_game
    from .decks import load_deck
    from .game.game import Game
    from .render import render_event
    a, b = load_deck(args.deck_a), load_deck(args.deck_b)
    g = Game.new_game(a, b, seed=args.seed, names=(a.name, b.name if b.name != a.name else b.name + "-2"),
                      profile=args.profile, max_turns=args.max_turns)
    play_game(g, (make_agent(args.agent, args.seed * 2 + 1), make_agent(args.agent, args.seed * 2 + 2)))
    if not args.quiet:
        for e in g.log:
            line = render_event(e)
            if line:
                print(line)
    if args.log:
        g.write_log(args.log)
    s = g.s
    winner = "draw" if s.winner is None else s.players[s.winner].name
    print(f"result: {winner} after {s.turn} turns ({s.end_reason}); {s.decisions} decisions")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .scenario import run, scenario_files
    failed = 0
    invalid = 0
    total = 0
    for p in args.paths:  # a folder without scenarios is a mistyped path, not a pass
        if Path(p).is_dir() and next(scenario_files([p]), None) is None:
            raise InputError("no scenario files (*.yaml, *.yml) in this folder", p)
    for f in scenario_files(args.paths):
        total += 1
        try:
            res = run(f)
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
            print(json.dumps(res.as_dict()))
        else:
            status = "pass" if res.passed else "FAIL"
            tail = "" if res.passed else f": {res.failure}"
            print(f"{status} {f} — {res.name}{tail}")
    if not args.json:
        print(f"{total - failed - invalid} passed, {failed} failed, {invalid} invalid")
    if invalid:
        return 2
    return 1 if failed else 0


def cmd_cards(args: argparse.Namespace) -> int:
    if args.cards_cmd == "coverage":
        return cmd_coverage(args)
    if args.cards_cmd == "import":
        from .cards.db import import_cards, user_db_path
        n = import_cards(args.file)
        print(f"imported {n} cards into {user_db_path()}")
        return 0
    from .cards.db import all_cards
    cards = all_cards()
    if args.cards_cmd == "unsupported":
        bad = [c for c in cards if c.unsupported]
        for c in bad:
            print(f"{c.name}\t{c.unsupported[0]}")
        print(f"{len(bad)} of {len(cards)} cards unsupported", file=sys.stderr)
    else:
        for c in cards:
            if not c.unsupported:
                print(c.name)
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from .cards.coverage import load_corpus, measure
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
    from rich.console import Console
    from rich.table import Table
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
    from .decks import bundled_decks, load_deck
    for name in sorted(bundled_decks()):
        d = load_deck(name)
        print(f"{name}\t{d.archetype}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
