"""The vocabulary manastack/cards/templates/x_amounts.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PumpX(V.Effect):
    """"gets +X/+0 until end of turn": `power` / `toughness` are signed terms, "+x", "-x" or "+2". X is the
    one announced (107.3a) ("..., where X is the number of Elves on the battlefield" is a counted_effects.PumpPer)."""

    target: V.Who
    power: str
    toughness: str


@dataclass(frozen=True, slots=True)
class PumpAllX(V.Effect):
    """"All creatures get -X/-X until end of turn" (611.2c: the affected set fixed as it resolves): signed
    terms as PumpX's."""

    filter: V.ObjectFilter
    power: str
    toughness: str
    keywords: tuple[str, ...] = ()  # "creatures you control gain trample and get +X/+X until end of turn"
    x: V.Amount | None = None  # as PumpX's ("where X is the greatest power among creatures you control", 608.2h)


@dataclass(frozen=True, slots=True)
class PayXLife(V.Ability):
    """601.2b / 107.3: "As an additional cost to cast this spell, pay X life": X is announced as the spell is
    cast (with or without an {X} in its mana cost) and that much life paid with its other costs (119.4)."""



LIFE_PAID_EFFECT = "life_paid_on_entry"  # ContinuousEffect kind (and CdaTerm kind): `data`, the life paid as it entered


@dataclass(frozen=True, slots=True)
class LifePaidOnEntry:
    """An Amount: "the life paid as CARDNAME entered" (614.12: the amount paid for "As CARDNAME enters, pay
    any amount of life", rules/entry_choices.py; as it last existed once it has left the battlefield, 608.2h)."""
