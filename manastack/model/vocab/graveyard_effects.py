"""The vocabulary manastack/rules/graveyard_effects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class ShuffleGraveyardIntoLibrary(V.Effect):
    """"Shuffle your graveyard into your library" (Feldon's Cane); `with_self`: "Shuffle CARDNAME and your
    graveyard into their owner's library" (Elixir of Immortality: the source too, if it is still on the
    battlefield)."""

    with_self: bool = False
    who: V.Who = V.YOU  # "Target player shuffles their graveyard into their library": whose graveyard and library


@dataclass(frozen=True, slots=True)
class ExileSelfCost(V.Cost):
    """602.1, 118.3: "[Cost], Exile CARDNAME: [Effect]": the permanent is exiled as the cost is paid
    (with its other parts: {T}, mana)."""


@dataclass(frozen=True, slots=True)
class ShuffleCardsIntoLibrary(V.Effect):
    """701.20a: "Target player shuffles up to two target cards from their graveyard into their library",
    "Shuffle up to three target cards from your graveyard into your library": the target cards still legal
    go to their owner's library, which is then shuffled (the player's too, if it is a legal target)."""

    cards: tuple[V.Ref, ...]
    player: V.Who = V.YOU


@dataclass(frozen=True, slots=True)
class ShuffleDeadIntoLibrary(V.Effect):
    """"When CARDNAME is put into a graveyard from the battlefield, its owner shuffles it into their
    library" (Lembas): the card the source became in its owner's graveyard (603.10a, 400.7)."""


@dataclass(frozen=True, slots=True)
class ReturnPutThereThisTurn(V.Effect):
    """"Return to your hand all [creature] cards in your graveyard that were put there from the battlefield
    this turn" (Twilight Shepherd, Gleancrawler, No Rest for the Wicked)."""

    filter: V.ObjectFilter = V.ANY_OBJECT


@dataclass(frozen=True, slots=True)
class ExileIfItWas(V.Effect):
    """"Exile target card from a graveyard. If it was a creature card, [effects]" (Scavenging Ooze): the
    card's quality as it last existed in the graveyard (608.2h), and only if it was exiled. `otherwise`: "Otherwise,
    you draw a card." (Cling to Dust): done instead when the card exiled wasn't of that quality."""

    target: V.Ref
    filter: V.ObjectFilter
    effects: tuple[V.Effect, ...]
    otherwise: tuple[V.Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class GraveyardCardCount:
    """An Amount: `multiplier` × the number of cards matching `filter` in the graveyard of the spell's or
    ability's controller ("You gain 2 life for each creature card in your graveyard", "Draw a card for each
    creature card in your graveyard"), counted as the effect happens (608.2h); "where X is 2 plus the number of cards
    named CARDNAME in all graveyards" (Kindle, Flame Burst, Feast of Flesh, Mind Burst)."""

    filter: V.ObjectFilter = V.ANY_OBJECT
    multiplier: int = 1
    # "... in all graveyards": every player's graveyard
    all_graveyards: bool = False
    # "the number of cards named CARDNAME in all graveyards" (Kindle): cards with the source's name
    named_as_source: bool = False
    # "where X is 2 plus the number of ...": added to the number counted
    plus: int = 0


@dataclass(frozen=True, slots=True)
class ReturnAtRandom(V.Effect):
    """"Return a Zombie card at random from your graveyard to your hand" (Ghoulraiser, Haunted Fengraf): one card
    of `filter` in the controller's graveyard, chosen at random (the game's seeded RNG); none when there is none.
    "Return two cards at random from your graveyard to your hand" (Make a Wish): `amount` different cards (all of
    them with fewer); "... to the battlefield" (Moldgraf Monstrosity): `to` BATTLEFIELD, under their owner's control."""

    filter: V.ObjectFilter = V.ANY_OBJECT
    amount: V.Amount = 1
    to: str = "hand"


@dataclass(frozen=True, slots=True)
class ChooseCreatureType(V.Effect):
    """608.2d: "Choose a creature type" (the controller), "Each player chooses a creature type" (`each_player`:
    each in turn order, 101.4): the later parts of the effect read the types chosen this way."""

    each_player: bool = False


@dataclass(frozen=True, slots=True)
class ReturnChosenTypes(V.Effect):
    """"Return all creature cards of the chosen type from your graveyard to the battlefield" (Bloodline
    Bidding); `each_player`: "Each player returns all creature cards of a type chosen this way from their
    graveyard to the battlefield" (Patriarch's Bidding): after a ChooseCreatureType, the cards of any type
    chosen this way."""

    filter: V.ObjectFilter
    each_player: bool = False
