"""The vocabulary manastack/rules/combat_keywords.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import vocab as V

if TYPE_CHECKING:
    pass


# A CombatRule code: "attacks you this turn if able"; as the effect is created it becomes
# attacks_player_rule(controller), "attacks_player:N" (rules/combat.py: attack player N, not a planeswalker).
ATTACKS_YOU = "attacks_you"


def attacks_player_rule(player: int) -> str:
    """The rule code of "attacks [player N] ... if able" (508.1d)."""
    return f"attacks_player:{player}"


@dataclass(frozen=True, slots=True)
class CombatRuleData:
    """What a COMBAT_RULES effect says. `rules`: the rule codes of rules/combat.py (`Chars.rules`).
    `group`: None (the effect's target object) or the filter of a group of creatures ("creatures
    without flying"), matched on read (611.2c). `player`: for "your next untap step", the player
    whose untap step it is (the effect keeps a permanent tapped only while that player controls it);
    None: its controller's next untap step."""

    rules: tuple[str, ...]
    group: V.ObjectFilter | None = None
    player: int | None = None
    excluded: int | None = None  # "other creatures that player controls": not this object
    # "for as long as you control CARDNAME" (611.2b): the effect applies only while this permanent is on the
    # battlefield under the effect's controller's control
    while_controlled: int | None = None


@dataclass(frozen=True, slots=True)
class CombatRule(V.Effect):
    """"target creature can't block this turn" (rules ("cant_block",)), "CARDNAME can't be blocked
    this turn", "... doesn't untap during its controller's next untap step" (until NEXT_UNTAP, with
    "doesnt_untap"): a rules-changing effect on one object (611.2c). `yours`: "your next untap
    step" (the controller of the ability)."""

    target: V.Who
    rules: tuple[str, ...]
    until: str = "eot"
    yours: bool = False
    while_you_control_source: bool = False  # "for as long as you control CARDNAME" (611.2b; until "permanent")


@dataclass(frozen=True, slots=True)
class CombatRuleAll(V.Effect):
    """"creatures without flying can't block this turn", "creatures your opponents control can't
    block this turn": 611.2c, the rule applies to every creature matching `group` now or later
    this turn."""

    group: V.ObjectFilter
    rules: tuple[str, ...]
    # "Other creatures that player controls can't block this turn" (Mark for Death): the creatures of the
    # controller of this target, the target itself excepted
    others_of: V.Ref | None = None


@dataclass(frozen=True, slots=True)
class GivePoison(V.Effect):
    """"defending player gets two poison counters" (122.1f)."""

    amount: V.Amount
    who: V.Who


@dataclass(frozen=True, slots=True)
class PumpPerBlocker(V.Effect):
    """702.23a rampage N: +N/+N until end of turn for each creature blocking it beyond the first,
    counted as the ability resolves (702.23b); without `beyond_first`, "it gets +1/+1 until end of
    turn for each creature blocking it" (`target`: the source, or the trigger's creature); with
    `blocked`, "... for each creature it's blocking" (509.1a: a creature that can block several)."""

    n: int
    beyond_first: bool = True
    target: V.Who = V.SELF
    toughness: int | None = None  # None: the same as n
    blocked: bool = False


@dataclass(frozen=True, slots=True)
class Melee(V.Effect):
    """702.121a: +1/+1 until end of turn for each opponent you attacked with a creature this combat
    (attacking a planeswalker is not attacking its controller, 506.3)."""


@dataclass(frozen=True, slots=True)
class Myriad(V.Effect):
    """702.116a: "for each opponent other than defending player, you may create a token copy ...
    attacking that player": in a two-player game the only opponent is the defending player, so
    there is none and the ability does nothing (no token, no delayed exile)."""


@dataclass(frozen=True, slots=True)
class Renown(V.Effect):
    """702.112a: "if it isn't renowned, put N +1/+1 counters on it and it becomes renowned" (603.4:
    the condition is checked again as it resolves)."""

    n: int


@dataclass(frozen=True, slots=True)
class DethroneTrigger(V.TriggeredAbility):
    """702.105a: "Whenever this creature attacks the player with the most life or tied for most
    life": a trigger condition, checked only as the creature attacks (not again on resolution)."""

@dataclass(frozen=True, slots=True)
class UntapAll(V.Effect):
    """"Untap all creatures you control" (701.21b): each matching permanent that is tapped untaps."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class RenownTrigger(V.TriggeredAbility):
    """702.112a: "When this creature deals combat damage to a player, if it isn't renowned, ...":
    603.4, the intervening "if" is checked as the event happens (rules/triggers.py `_add`) and
    again as it resolves (`Renown`)."""


NEXT_UNTAP = "next_untap"  # ContinuousEffect.until: ends after the untap step it applies to (502.3)
THIS_COMBAT = "combat"  # ContinuousEffect.until: "attacks this combat if able" ends as the end of combat step begins (511.3)
