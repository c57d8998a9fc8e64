"""The vocabulary manastack/rules/cast_origin.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class WasCast:
    """603.4: "if you cast it" (`by_you`), "if you cast it from your hand" (`zone` "hand"), "if it was cast",
    negated by `negate` ("if you didn't cast it from your hand", "if it wasn't cast"). "It" is the permanent
    that entered: the source itself for "when CARDNAME enters" (`of_event` False), else the trigger's event
    object."""

    by_you: bool = True
    zone: str = ""
    negate: bool = False
    of_event: bool = False




@dataclass(frozen=True, slots=True)
class EnteredFrom:
    """608.2c: "If it entered from your library [or was cast from your library], draw two cards instead" (Fblthp,
    the Lost): the source, a permanent, was put onto the battlefield from `zone` of its controller (its owner's),
    or with `or_cast`, was a spell cast from there."""

    zone: str
    or_cast: bool = False


@dataclass(frozen=True, slots=True)
class RevealAsCost(V.Ability):
    """601.2b: "As an additional cost to cast this spell, you may reveal a Dragon card from your hand": an
    optional cost, announced ("revealed", true / false) as the spell is cast; revealing it (701.16a) or
    controlling a `filter` permanent then is what RevealedAsCast reads."""

    filter: V.ObjectFilter = V.ANY_OBJECT


@dataclass(frozen=True, slots=True)
class RevealedAsCast:
    """A condition: "if you revealed a Dragon card or controlled a Dragon as you cast CARDNAME" (the spell on
    the stack, or the permanent it became, 608.3): true when the card's RevealAsCost was paid, or its
    controller controlled a permanent of the card's filter, as the spell was cast (601.2b-i). `filter`: the
    quality the text names (the card's RevealAsCost must name the same)."""

    filter: V.ObjectFilter = V.ANY_OBJECT
