"""Running the simulate/report commands in-process, as `manastack` would (their exit status)."""

from __future__ import annotations

import argparse

from manastack.sim.cli import add_commands


def run_cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="manastack")
    sub = parser.add_subparsers(dest="cmd")
    add_commands(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))
