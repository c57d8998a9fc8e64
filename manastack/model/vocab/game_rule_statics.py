"""The vocabulary manastack/cards/templates/statics_game_rules.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class AnyPlayerMayActivate(V.Effect):
    """Not an effect: "Any player may activate this ability" written among an activated ability's
    effects (602.2: the player who activates an ability controls it and pays its costs;
    rules/stack.any_player_may). Costs that take objects (sacrifice another permanent, discard)
    are refused at compile time (`_check_any_player`): they'd be chosen from the source's
    controller's permanents and hand."""

    any_player: bool = True


@dataclass(frozen=True, slots=True)
class PartnerSearch(V.Effect):
    """702.124j: "target player may search their library for a card named `card_name`, reveal it,
    put it into their hand, then shuffle" (rules/game_rule_statics._partner_search)."""

    who: V.Who
    card_name: str


@dataclass(frozen=True, slots=True)
class ExtraLandThisTurn(V.Effect):
    """305.2: "You may play an additional land this turn"."""




UNTAP_LIMIT = "untap_limit"  # StaticAbility.kind of UntapLimit


@dataclass(frozen=True, slots=True)
class UntapLimit(V.StaticAbility):
    """502.3: "Players can't untap more than one land during their untap steps" (Winter Orb: "as long as
    CARDNAME is untapped", `while_untapped`), "... more than two permanents" (Static Orb): in the untap
    step of a player of `scope` ("players", "you", "opponents", relative to the source's controller) at
    most `amount` of their permanents matching `filter` untap; that player chooses which."""

    scope: str = "players"
    while_untapped: bool = False


# The ContinuousEffect kind of "You gain hexproof / shroud until ..." (its data: the keyword).
PLAYER_UNTARGETABLE_EFFECT = "player_untargetable"


@dataclass(frozen=True, slots=True)
class GainPlayerUntargetability(V.Effect):
    """702.11c / 702.18a: "You gain hexproof / shroud until end of turn / until your next turn" (`keyword`:
    "hexproof" or "shroud"; `until`: "eot" or timing_permissions.UNTIL_YOUR_NEXT_TURN)."""

    keyword: str = "hexproof"
    until: str = "eot"
