"""The vocabulary manastack/rules/hand_effects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PutFromHand(V.Effect):
    """"You may put a land card from your hand onto the battlefield [tapped]" (not playing a land, 305.1)."""

    filter: V.ObjectFilter
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class LookAtHand(V.Effect):
    """"Look at target opponent's hand": only its controller sees the cards (no change to the game).
    `at_random`: "look at a card at random in target player's hand" (one card, chosen at random)."""

    who: V.Who
    at_random: bool = False


@dataclass(frozen=True, slots=True)
class DiscardAtRandom(V.Effect):
    """"That player discards a card at random" (701.8a: the card is chosen at random)."""

    amount: int
    who: V.Who


@dataclass(frozen=True, slots=True)
class PutFromHandOnTop(V.Effect):
    """"Put two cards from your hand on top of your library in any order" (Brainstorm): the controller
    chooses that many cards of their hand (all of them when they have fewer) and their order (401.4)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DiscardUnless(V.Effect):
    """"Then discard two cards unless you discard an artifact card" (701.8a, 608.2c): each player `who` refers
    to discards one card matching `filter` or, if they don't, `amount` cards (all of them when they hold
    fewer)."""

    amount: int
    filter: V.ObjectFilter
    who: V.Who = V.YOU


@dataclass(frozen=True, slots=True)
class PutFromOutside(V.Effect):
    """400.11b: "You may reveal a sorcery card you own from outside the game and put it into your hand"
    (Burning Wish): one of its controller's cards outside the game (their sideboard, 400.11a, or their
    companion) that matches `filter`, revealed and put into their hand; `optional` for "you may"."""

    filter: V.ObjectFilter
    optional: bool = True
    # "... from outside the game or choose a face-up artifact card you own in exile. Put that card into your
    # hand." (Karn, the Great Creator): the player's face-up cards in exile matching `filter` may be chosen too
    or_exile: bool = False


@dataclass(frozen=True, slots=True)
class Learn(V.Effect):
    """701.45a: "Learn": "You may discard a card. If you do, draw a card. If you didn't discard a card, you
    may reveal a Lesson card you own from outside the game and put it into your hand."."""


@dataclass(frozen=True, slots=True)
class LoseLifeUnlessDiscarded(V.Effect):
    """608.2c: "..., then each opponent who didn't discard a nonland card this way loses 3 life" (Kroxa): each
    of `who` who discarded no card matching `filter` during this resolution loses `amount` life."""

    amount: V.Amount
    filter: V.ObjectFilter
    who: V.Who = V.EACH_OPPONENT


@dataclass(frozen=True, slots=True)
class DiscardThenReflexive(V.Effect):
    """603.12: "[you may] discard a card. When you discard a nonland card this way, [effect]": the discard,
    then a reflexive triggered ability for the card discarded this way if it matches `filter` (the ability's
    "that card" is it, its event object: "damage equal to that card's mana value", 608.2h)."""

    discard: V.Discard
    filter: V.ObjectFilter
    ability: V.TriggeredAbility


@dataclass(frozen=True, slots=True)
class DiscardedThisWay(V.Effect):
    """The second half of DiscardThenReflexive, run once the discard is done: the cards discarded since the
    game had recorded `before` discards (GameState.discards) trigger `ability` if they match `filter`."""

    before: int
    filter: V.ObjectFilter
    ability: V.TriggeredAbility


@dataclass(frozen=True, slots=True)
class DiscardAnyThenDraw(V.Effect):
    """"Discard any number of cards, then draw that many cards [plus one]" (Cavalier of Flame, Brass's
    Tunnel-Grinder): the controller chooses any number of cards in their hand (none too), discards them, then
    draws as many plus `plus` (701.8a, 121.1); `whole_hand`: "Discard all the cards in your hand, then draw that many
    cards" (Tolarian Winds: no choice, every card in it)."""

    plus: int = 0
    whole_hand: bool = False


@dataclass(frozen=True, slots=True)
class LoseLifeIfSharesTypeWithYours(V.Effect):
    """608.2c: "Each opponent who discarded a card that shares a card type with the card you discarded loses 3
    life" (Creeping Dread, after "each player discards a card"): the cards discarded during this resolution."""

    amount: V.Amount


@dataclass(frozen=True, slots=True)
class DrawnPayLifeOrTop(V.Effect):
    """"Choose two cards in your hand drawn this turn. For each of those cards, pay 4 life or put the card on top
    of your library." (Sylvan Library): `count` of the cards in the controller's hand that they drew this turn
    (all of them when there are fewer; 121.1, 400.7: a card that left the hand since is another object), and for
    each, `life` life paid (119.4: only with that much life) or the card put on top of the library (401.4)."""

    count: int
    life: int


@dataclass(frozen=True, slots=True)
class NameThenRevealAtRandom(V.Effect):
    """"Choose a card name, then reveal a card at random from your hand. If that card has the chosen name, CARDNAME
    deals 2 damage to any target." (Cursed Scroll; 201.4, 701.16a): the name is chosen as it resolves, then one card
    of the controller's hand is revealed at random (the game's seeded RNG); `effects` only if it has that name."""

    effects: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class DiscardThenReturnEach(V.Effect):
    """"Discard X cards, then return a card from your graveyard to your hand for each card discarded this way."
    (Recall; 701.8a, 608.2c): `amount` cards discarded (all of them with fewer in the hand), then as many cards of
    the graveyard (the ones just discarded among them) chosen and returned to the hand."""

    amount: V.Amount
