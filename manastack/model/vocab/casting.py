"""The vocabulary manastack/rules/casting.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class SacrificeSource(V.Effect):
    """"Its controller sacrifices it" (702.74a): the source, if it is still on the battlefield."""


@dataclass(frozen=True, slots=True)
class ReturnSourceToHand(V.Effect):
    """"Return the permanent to its owner's hand" (702.109a): the source, if still on the battlefield."""


@dataclass(frozen=True, slots=True)
class OffspringToken(V.Effect):
    """702.175a: "create a 1/1 token copy of it" (the source, as it last existed if it left)."""


@dataclass(frozen=True, slots=True)
class SquadTokens(V.Effect):
    """702.157a: "create a token that's a copy of it for each time its squad cost was paid"."""

    count: int


@dataclass(frozen=True, slots=True)
class ManaSpentCounters(V.StaticAbility):
    """614.1c replacement effects that count the mana spent to cast the permanent (601.2h): kind
    "sunburst" (702.44a: a +1/+1 counter for each color of mana spent if it enters as a creature, a
    charge counter otherwise), "converge" (`amount` +1/+1 counters for each color), "adamant" (`amount`
    +1/+1 counters if at least three mana of the color `color` was spent; "" = of the same color)."""

    color: str = ""




@dataclass(frozen=True, slots=True)
class ExileAsItResolves(V.Effect):
    """608.2n: "exile that card instead of putting it into your graveyard as it resolves. If you do, return it to
    your hand at the beginning of the next end step." (Feather, the Redeemed), of a "whenever you cast ..."
    triggered ability: the spell its event is goes to exile rather than its owner's graveyard as it finishes
    resolving, and a delayed triggered ability returns that card to its owner's hand (603.7)."""

    spell: str = V.THAT_SPELL


@dataclass(frozen=True, slots=True)
class ReturnExiledSourceToHand(V.Effect):
    """603.7: the delayed triggered ability's effect: its source, a card in exile, to its owner's hand."""
