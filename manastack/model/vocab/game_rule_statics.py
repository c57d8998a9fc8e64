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


