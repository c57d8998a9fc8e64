"""The vocabulary manastack/rules/token_replacement.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

KIND = "token_replacement"


@dataclass(frozen=True, slots=True)
class TokenMultiplier(V.StaticAbility):
    """`factor` times as many tokens; `yours`: only tokens created under its controller's control;
    `token_types`: only tokens with one of these card types ("creature tokens", "artifact tokens")."""

    factor: int = 2
    yours: bool = True
    token_types: frozenset[str] = frozenset()


