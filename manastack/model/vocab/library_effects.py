"""The vocabulary manastack/rules/library_effects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class ReorderTop(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class PutSelfInLibrary(V.Effect):
    """"Put CARDNAME on top of (the bottom of) its owner's library": the permanent, or the resolving spell
    itself (608.2n: then it doesn't go to the graveyard)."""

    bottom: bool = False


@dataclass(frozen=True, slots=True)
class SearchToTop(V.Effect):
    """"Search your library for a basic land card, reveal it, then shuffle and put that card on top"
    (701.19a-b: a card with a stated quality may not be found; 701.20a shuffle)."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class ShuffleSelfIntoLibrary(V.Effect):
    """"Shuffle CARDNAME into its owner's library" (701.20a): the resolving spell itself (608.2n: then it
    isn't put into the graveyard), or the permanent."""


@dataclass(frozen=True, slots=True)
class LookAtTopOf(V.Effect):
    """"Look at the top card of target player's library": only its controller sees it."""

    who: V.Who


@dataclass(frozen=True, slots=True)
class RevealTopOf(V.Effect):
    """"Target player reveals the top card of their library" (701.16a): every player sees it; it stays on
    top. Only as the last sentence: nothing later refers to the card revealed."""

    who: V.Who


@dataclass(frozen=True, slots=True)
class SearchSameName(V.Effect):
    """"Search your library for [up to N cards] [a card] named CARDNAME, reveal it, put it into your hand,
    then shuffle" (701.19a-b: cards with a stated quality may not be found; 701.20a)."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class ShuffleLibrary(V.Effect):
    """"Shuffle your library" (701.20a)."""




@dataclass(frozen=True, slots=True)
class Devotion:
    """An Amount (700.5): "your devotion to blue", counted as the effect happens (608.2h) for the controller."""

    colors: frozenset[str]


@dataclass(frozen=True, slots=True)
class WinIfLibraryAtMost(V.Effect):
    """"If X is greater than or equal to the number of cards in your library, you win the game" (Thassa's
    Oracle; 104.2b: an effect may state that a player wins). `amount` is the X of the sentence before."""

    amount: V.Amount | Devotion


@dataclass(frozen=True, slots=True)
class IfYouDont(V.Effect):
    """"If you don't, put a +1/+1 counter on CARDNAME" after "you may put a card from among them into your hand"
    (608.2c: done only if no card was put)."""

    effects: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class MillThenDig(V.Effect):
    """"Mill three cards. You may put a noncreature, nonland card from among the cards milled this way into your
    hand." (701.13a): `effects` (a V.DigPut with `milled`, and what follows it) refer to the cards milled, the
    new objects in the graveyard (400.7)."""

    amount: V.Amount
    effects: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class MilledCount:
    """An Amount: "for each creature card milled this way" / "put into your graveyard this way" (Gorging Vulture,
    Liliana's Indignation): the cards the MillThenDig before milled that are in a graveyard and match `filter`
    (401.2 / 614: a card a replacement effect put elsewhere wasn't put there), times `multiplier`."""

    filter: V.ObjectFilter
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class ExileLibrary(V.Effect):
    """406.3: "Exile all cards from your library" (Leveler, Paradigm Shift); `face_down`: "... face down"
    (Inverter of Truth: 406.3 face-down cards in exile)."""

    face_down: bool = False


@dataclass(frozen=True, slots=True)
class SearchSameManaValue(V.Effect):
    """702.53a transmute: "Search your library for a card with the same mana value as the discarded card,
    reveal that card, and put it into your hand. Then shuffle." (the discarded card: the ability's source
    as it last existed in the hand, 608.2h)."""


@dataclass(frozen=True, slots=True)
class PutInLibraryTopOrBottom(V.Effect):
    """"Put target card from a graveyard on your choice of the top or bottom of its owner's library" (Not Forgotten;
    401.4): the controller answers "top" or "bottom" as it resolves; `owner_chooses`: "Target creature's owner puts
    it on their choice of the top or bottom of their library" (its owner answers)."""

    target: V.Who
    owner_chooses: bool = False


@dataclass(frozen=True, slots=True)
class WithFlashbackFilter(V.ObjectFilter):
    """"cards with flashback" (702.34a): a card with a flashback ability (read by rules/library_effects.py through
    registry.FILTER_TESTS; the inherited fields stay empty)."""


@dataclass(frozen=True, slots=True)
class SearchPlayerLibrary(V.Effect):
    """"Search target player's library for up to three cards with flashback and put them into that player's
    graveyard. Then the player shuffles." (Quiet Speculation; 701.19a-b, 701.20a): the controller searches the
    target player's library for up to `amount` cards of `filter` (finding fewer is allowed, 701.19b), puts them
    into that player's graveyard, and that player shuffles. `to` "battlefield": "Search target opponent's library
    for an artifact card and put that card onto the battlefield under your control" (Acquire: under the
    searcher's control); "exile": "... for up to seven cards and exile them" (Denying Wind)."""

    who: V.Who
    filter: V.ObjectFilter
    amount: int
    to: str = "graveyard"


@dataclass(frozen=True, slots=True)
class ExileSameNameEverywhere(V.Effect):
    """"Search its controller's graveyard, hand, and library for all cards with the same name as that spell and exile
    them. Then that player shuffles." (Counterbore, Quash, Scour, Splinter, Sowing Salt, Eradicate; "any number of
    cards", Crumble to Dust, Surgical Extraction): the name of `of` as it last existed (608.2h); `whose` "controller"
    or "owner" of it (108.4a: a card's controller outside the battlefield and stack is its owner). 701.19b: the
    searcher may leave cards of the hidden zones (hand, library) unfound; of the graveyard, "all" finds every one
    and "any number" (`any_number`) any of them."""

    of: V.Who
    whose: str = "controller"
    any_number: bool = False
