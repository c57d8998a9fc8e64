"""The vocabulary manastack/rules/cast_from_zones.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import vocab as V
from ..costs import ManaCost

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class CastFromGraveyard(V.Ability):
    """A permission to cast the card from its owner's graveyard (601.3, 113.6f): 702.81a retrace
    ("by discarding a land card as an additional cost"), 702.133a jump-start ("by discarding a card as
    an additional cost"; exiled when it leaves the stack), 702.138a escape ("by paying [cost] rather
    than paying its mana cost", with exiling other cards from the graveyard)."""

    keyword: str  # "retrace", "jump-start", "escape"
    additional: V.Cost | None = None
    alt_cost: ManaCost | None = None  # a ManaCost paid rather than the mana cost (escape)
    # "You may cast CARDNAME from your graveyard as long as you control a Zombie" (Gravecrawler): a permanent its
    # owner must control for the permission to apply
    while_control: V.ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class Madness(V.Ability):
    """702.35a: "Madness [cost]": discarded, the card is exiled instead; its triggered ability lets its
    owner cast it by paying [cost] rather than its mana cost, or puts it into the graveyard."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class MadnessCast(V.Effect):
    """702.35a, the triggered ability: "When this card is exiled this way, its owner may cast it by paying
    [cost] rather than paying its mana cost. If that player doesn't, they put this card into their
    graveyard." The owner answers true (then its targets, one decision each) or false. The cast ignores
    timing (it happens while the ability resolves) and follows 601.2b/f-h for the alternative cost."""


@dataclass(frozen=True, slots=True)
class SuspendCast(V.Effect):
    """702.62a, the third ability: "When the last time counter is removed from this card, if it's exiled,
    you may play it without paying its mana cost if able. If you don't, it remains exiled. If you cast a
    creature spell this way, it gains haste until you lose control of the spell or the permanent it
    becomes." """


@dataclass(frozen=True, slots=True)
class Suspend(V.Ability):
    """702.62a: "Suspend N—[cost]" (the special action 116.2f; the upkeep and last-counter triggers that
    function in exile)."""

    time: int
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Foretell(V.Ability):
    """702.143a: "Foretell [cost]": the special action 116.2h ({2}, exiled face down), then cast from exile
    for [cost] after the turn it was foretold."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Plot(V.Ability):
    """702.170a: "Plot [cost]": the special action 116.2k, then cast from exile without paying its mana
    cost during a later turn's main phase while the stack is empty (702.170d)."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class SuspendTrigger(V.TriggeredAbility):
    """702.62a: "At the beginning of your upkeep, if this card is suspended, remove a time counter from it"
    (702.62b: suspended = in exile, has suspend, has a time counter)."""

@dataclass(frozen=True, slots=True)
class RemoveTimeCounter(V.Effect):
    """Suspend's upkeep effect; removing the last time counter triggers its third ability."""


@dataclass(frozen=True, slots=True)
class ExileSelfWithCounters(V.Effect):
    """"Exile CARDNAME with three time counters on it" (a resolving instant or sorcery with suspend, which
    is then suspended, 702.62b): the spell goes to exile instead of its owner's graveyard (608.2n)."""

    kind: str
    amount: int


@dataclass(frozen=True, slots=True)
class SacrificeUnlessEscaped(V.Effect):
    """"When CARDNAME enters, sacrifice it unless it escaped" (702.138b: it escaped if the spell that became
    it was cast with escape)."""


@dataclass(frozen=True, slots=True)
class GrantFlashback(V.Effect):
    """"Target instant or sorcery card in your graveyard gains flashback until end of turn. The flashback
    cost is equal to its mana cost." (Snapcaster Mage; 702.34a): the target card, or, with `filter`, each
    card of your graveyard matching it as the effect resolves (611.2c: Past in Flames)."""

    target: V.Who | None = None
    filter: V.ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class GrantsEscape(V.Ability):
    """702.138a granted by a permanent (604.1: a static ability): "Each nonland card in your graveyard has
    escape. The escape cost is equal to the card's mana cost plus exile three other cards from your
    graveyard." (Underworld Breach, The Master of Keys): the cards of its controller's graveyard matching
    `filter` may be cast from there for their mana cost plus `additional` (the other cards exiled)."""

    filter: V.ObjectFilter
    additional: V.Cost


@dataclass(frozen=True, slots=True)
class CastFromGraveyardThisTurn(V.Effect):
    """601.3: "You may cast target instant or sorcery card from your graveyard this turn" (Jace, Telepath
    Unbound; Zul Ashur's Zombie creature card): the target card may be cast from its owner's graveyard this
    turn, paying its costs with the usual timing. `exile_instead`: the next sentence "If that card would be
    put into your graveyard this turn, exile it instead" (614.1a: the spell cast this way is exiled instead
    of going to its owner's graveyard)."""

    target: V.Who
    exile_instead: bool = False


@dataclass(frozen=True, slots=True)
class MayPlayExiledCard(V.Effect):
    """601.3, 305.1: "You may play the exiled card this turn" (Expressive Iteration): the card the V.DigPut just
    before exiled from among the cards looked at (the context's `chosen`) may be played or cast by its owner from
    exile until end of turn, like ExileTopMayPlay's."""


@dataclass(frozen=True, slots=True)
class ExileTopMayPlay(V.Effect):
    """"Exile the top card of your library. You may play it this turn." (also "... play that card this turn",
    "Until end of turn, you may play that card"; "Exile the top two cards ... Until the end of your next turn,
    you may play those cards"): the `amount` cards are exiled face up (406.3) and their owner may play them
    (305.1: a land, with a land play) or cast them (601.3, paying their costs, with the usual timing) until
    the end of this turn (`until` "eot") or of their next turn (UNTIL_END_OF_YOUR_NEXT_TURN)."""

    amount: int = 1
    until: str = "eot"
    # "Creature cards exiled this way gain "You may cast this card from exile as long as you control a Lukka
    # planeswalker."" (Lukka, Coppercoat Outcast): only the cards matching `only` may be cast (not played as lands),
    # for as long as they remain exiled and their owner controls a planeswalker of the source's planeswalker type
    only: V.ObjectFilter | None = None


# ExileTopMayPlay.until: "until the end of your next turn" (611.2a; rules/cast_from_zones.py: as that turn
# begins, the permission becomes one until end of turn)
UNTIL_END_OF_YOUR_NEXT_TURN = "end_of_your_next_turn"
