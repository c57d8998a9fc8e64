"""The vocabulary manastack/cards/templates/costs.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from ..costs import ManaCost
from .effects import DiscardPayment, LifePayment


@dataclass(frozen=True, slots=True)
class HandAbility(V.ActivatedAbility):
    """An activated ability that functions only while its card is in its owner's hand (702.29a,
    113.6b). Its cost is `cost` plus discarding the card itself. rules/stack.py never lists it among a
    permanent's abilities (activated_abilities) and activates it from the hand (hand_abilities)."""

    zone: str = "hand"


@dataclass(frozen=True, slots=True)
class Kicker(V.Ability):
    """702.33a: "Kicker [cost]": an optional additional cost (601.2b). rules/stack.py cast_spell asks
    for it and adds `cost` to the total cost (601.2f)."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class IfKicked(V.Effect):
    """702.33d: "If this spell was kicked, [effects]" — carried out only if it was kicked; `otherwise` if it
    wasn't ("If CARDNAME was kicked, it deals 4 damage instead": the effect it replaces, 608.2c)."""

    effects: tuple[V.Effect, ...]
    otherwise: tuple[V.Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class WardCounter(V.Effect):
    """702.21a: "counter that spell or ability unless that player pays [cost]". The spell or ability
    is the trigger's event object (its stack id); its controller answers true (pay) or false."""

    cost: ManaCost | LifePayment | DiscardPayment


@dataclass(frozen=True, slots=True)
class Flashback(V.Ability):
    """702.34a: "Flashback [cost]": the instant or sorcery may be cast from its owner's graveyard by
    paying [cost] instead of its mana cost; if it was, it is exiled instead of going anywhere else
    when it leaves the stack. rules/stack.py cast_spell / spell_leaves_stack."""

    cost: ManaCost


