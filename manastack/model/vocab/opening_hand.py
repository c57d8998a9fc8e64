"""The vocabulary manastack/rules/opening_hand.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class BeginOnBattlefield(V.Ability):
    """103.6a: "If CARDNAME is in your opening hand[ and you're not the starting player], you may begin
    the game with it on the battlefield[ with a `counter` counter on it]. [If you do, exile a card from
    your hand.]" (`exile_from_hand`: the number of cards)."""

    not_starting: bool = False
    counter: str = ""
    exile_from_hand: int = 0


@dataclass(frozen=True, slots=True)
class RevealFromOpeningHand(V.Ability):
    """103.6b: "You may reveal CARDNAME from your opening hand. If you do, [effects] at the beginning of
    your first upkeep" (Sphinx of Foresight; `yours`), or "... at the beginning of the first upkeep, [effects]"
    (the Chancellors): revealing it creates a delayed triggered ability (603.7)."""

    effects: tuple[V.Effect, ...] = ()
    yours: bool = False
