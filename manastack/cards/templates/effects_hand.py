"""Sentences about hands; executed by rules/hand_effects.py.

- "You may put a land card from your hand onto the battlefield" (305.1: not playing a land).
- "Look at target opponent's hand".
- "That player discards a card at random", "then discard a card at random" (701.8a).
- "Then discard two cards unless you discard an artifact card" (701.8a, 608.2c); "then discard a card unless you
  attacked this turn" (rules/turn_history.py).
- 400.11b: "You may reveal a sorcery card you own from outside the game and put it into your hand" (Burning
  Wish), "you may choose a noncreature card you own from outside the game, reveal it, and put it into your
  hand" (Granted), "put a card you own from outside the game into your hand" (Death Wish, Mastermind's
  Acquisition).
- 701.45a: "Learn." (and "When CARDNAME enters, learn.").
- 608.2c: "then each opponent who didn't discard a nonland card this way loses 3 life" (Kroxa); "Each opponent who
  discarded a card that shares a card type with the card you discarded loses 3 life" (Creeping Dread).
- 401.4: "put two cards from your hand on top of your library in any order" (Brainstorm, Jace, the Mind
  Sculptor's [0]: the cards and their order are chosen as it resolves, the "hand_to_top" decision).
- 603.12: "[Draw a card, then you may] discard a card. When you discard a nonland card this way, CARDNAME deals
  damage equal to that card's mana value to target creature or planeswalker" (Narset of the Ancient Way): the
  "when ... this way" sentence is folded into the discard just before it (DiscardThenReflexive); "that card"
  is the discarded card (the reflexive ability's event object, 608.2h).
- 121.1, 119.4: "Choose two cards in your hand drawn this turn. For each of those cards, pay 4 life or put the card
  on top of your library." (Sylvan Library): the two sentences are one effect (DrawnPayLifeOrTop); either alone
  is refused. After "you may draw two additional cards. If you do, ...", the second sentence is part of what is
  done only if you do.
- 201.4: "Choose a card name, then reveal a card at random from your hand. If that card has the chosen name, CARDNAME
  deals 2 damage to any target." (Cursed Scroll).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab import hand_effects
from ...model.vocab.referred_objects import ObjectStat
from ...model.vocab.turn_history import UnlessHappened
from ..compiler import EFFECTS_CHECKS, Unsupported
from .conditions import HISTORY_RX, parse_history
from .effects_common import N, amount, fold_pair, parse_filter, sub_effects, target, template


@template(r"you may put (a|an) (land|basic land|creature|artifact|creature or land|land or creature) card from your "
          r"hand onto the battlefield( tapped)?")
def _put_from_hand(m, targets):
    """"You may put a land card from your hand onto the battlefield" (not a land play, 305.1)."""
    return [hand_effects.PutFromHand(parse_filter(m.group(2) + " card", allow_card=True), tapped=bool(m.group(3)))]


@template(r"(you may )?(?:reveal|choose) (?:a|an) (.+? )?card you own from outside the game"
          r"(?:, reveal (?:it|that card),)? and put (?:it|that card) into your hand")
def _reveal_from_outside(m, targets):
    """400.11b: the wishes. The card is the controller's, outside the game (their sideboard, 400.11a)."""
    what = (m.group(2) or "") + "card"
    return [hand_effects.PutFromOutside(parse_filter(what, allow_card=True) if m.group(2) else V.ObjectFilter(),
                                        optional=bool(m.group(1)))]


@dataclass(frozen=True, slots=True)
class _OutsideOrExile(V.Effect):
    """The sentence "You may reveal an artifact card you own from outside the game or choose a face-up artifact
    card you own in exile": joined with the next, "Put that card into your hand" (never executed)."""

    chosen: hand_effects.PutFromOutside


@dataclass(frozen=True, slots=True)
class _PutThatCardInHand(V.Effect):
    """The sentence "Put that card into your hand" after _OutsideOrExile (never executed)."""


@template(r"(?:reveal|choose) (?:a|an) (.+? )?card you own from outside the game or choose a face-up "
          r"(.+? )?card you own in exile")
def _outside_or_exile(m, targets):
    """400.11b / 406.3: a card outside the game, or a face-up card in exile, both of the controller's ("you
    may": the Optional around it, folded by _fold_outside_or_exile)."""
    if m.group(1) != m.group(2):
        raise Unsupported(m.string)
    flt = parse_filter(m.group(1) + "card", allow_card=True) if m.group(1) else V.ObjectFilter()
    return [_OutsideOrExile(hand_effects.PutFromOutside(flt, optional=False, or_exile=True))]


@template(r"put that card into your hand")
def _put_that_card_in_hand(m, targets):
    return [_PutThatCardInHand()]


def _fold_outside_or_exile(effects: list, targets: list) -> None:
    """"... or choose a face-up artifact card you own in exile. Put that card into your hand.": one effect; a
    "put that card into your hand" after anything else is refused."""
    def chosen(e: V.Effect) -> V.Effect | None:
        if isinstance(e, _OutsideOrExile):
            return e.chosen
        if isinstance(e, V.Optional) and e.who is None and len(e.effects) == 1 and isinstance(e.effects[0], _OutsideOrExile):
            return dataclasses.replace(e, effects=(e.effects[0].chosen,))  # "you may" (as the wishes ask it)
        return None

    for i, e in enumerate(effects):
        if isinstance(e, _PutThatCardInHand):
            if not i or chosen(effects[i - 1]) is None:
                raise Unsupported("put that card into your hand")
        elif chosen(e) is not None and not (i + 1 < len(effects) and isinstance(effects[i + 1], _PutThatCardInHand)):
            raise Unsupported("or choose a face-up card you own in exile")
    effects[:] = [chosen(e) or e for e in effects if not isinstance(e, _PutThatCardInHand)]


EFFECTS_CHECKS.append(_fold_outside_or_exile)


@template(r"(you may )?put a card you own from outside the game into your hand")
def _put_from_outside(m, targets):
    """400.11b: "You may put a card you own from outside the game into your hand" (Death Wish)."""
    return [hand_effects.PutFromOutside(V.ObjectFilter(), optional=bool(m.group(1)))]


@template(r"(?:then )?learn")
def _learn(m, targets):
    """701.45a: discard a card to draw a card, or reveal a Lesson card you own from outside the game."""
    return [hand_effects.Learn()]


@template(r"look at (a card at random in )?(target opponent's|target player's|each opponent's) hand")
def _look_at_hand(m, targets):
    """402.3: a player may look at cards in a hand only when an effect allows it; "look at a card at random in
    target player's hand" (Urza's Bauble): one card of it, chosen at random."""
    who = {"target opponent's": "target opponent", "target player's": "target player",
           "each opponent's": "each opponent"}[m.group(2)]
    return [hand_effects.LookAtHand(target(who, targets), at_random=bool(m.group(1)))]


@template(rf"(?:then )?(that player discards|target player discards|target opponent discards|each opponent discards|"
          rf"discard) {N} cards? at random")
def _discard_at_random(m, targets):
    """701.8a: "That player discards a card at random", "draw two cards, then discard a card at random"."""
    n = amount(m.group(2))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    who = V.YOU if m.group(1) == "discard" else target(m.group(1).rsplit(" ", 1)[0], targets)
    return [hand_effects.DiscardAtRandom(n, who)]


@template(rf"(?:then )?(discard|that player discards) {N} cards unless (you|they) discard (?:a|an) (.+?) card")
def _discard_unless(m, targets):
    """701.8a / 608.2c: "Then discard two cards unless you discard an artifact card" (Thirst for Knowledge;
    "that player ... unless they discard a land card": Compulsive Research's target player)."""
    n = amount(m.group(2))
    if not isinstance(n, int) or (m.group(1) == "discard") != (m.group(3) == "you"):
        raise Unsupported(m.string)
    who = V.YOU if m.group(1) == "discard" else target("that player", targets)
    return [hand_effects.DiscardUnless(n, parse_filter(m.group(4) + " card", allow_card=True), who)]


@template(rf"put {N} cards? from your hand on top of your library( in any order)?")
def _hand_to_top(m, targets):
    """401.4: two or more cards are put on top in the order their owner chooses ("in any order"); a
    single card needs no order."""
    n = amount(m.group(1))
    if not isinstance(n, int) or (n > 1) != bool(m.group(2)):
        raise Unsupported(m.string)
    return [hand_effects.PutFromHandOnTop(n)]


@template(rf"(?:then )?(discard {N} cards?) unless ({HISTORY_RX})")
def _unless_happened(m, targets):
    """608.2c: "Then discard a card unless you attacked this turn" (Chart a Course): the history of this turn
    as the spell resolves (rules/turn_history.py)."""
    return [UnlessHappened(tuple(sub_effects(m.group(1), targets)), parse_history(m.group(3)))]


@template(r"(each opponent|each player) who didn't discard (?:a|an) (.+?) card this way loses (\w+) life")
def _lose_unless_discarded(m, targets):
    """608.2c: after "each opponent discards a card": the cards discarded as this resolves."""
    who = V.EACH_OPPONENT if m.group(1) == "each opponent" else V.EACH_PLAYER
    return [hand_effects.LoseLifeUnlessDiscarded(amount(m.group(3)), parse_filter(m.group(2) + " card", allow_card=True),
                                                 who)]


# --------------------------------------------------------------------------- 603.12 "when you discard ... this way"

@dataclasses.dataclass(frozen=True, slots=True)
class _WhenDiscardedThisWay(V.Effect):
    """Compile-time marker, folded into the discard before it by `_fold_discarded_this_way`."""

    filter: V.ObjectFilter
    ability: V.TriggeredAbility


_THAT_CARDS_STAT = r"that card's (mana value)"


@template(r"when you discard an? ((?:[a-z]+ )*?card) this way, (.+)")
def _when_discard_this_way(m, targets):
    flt = parse_filter(m.group(1), allow_card=True)
    text = m.group(2)
    inner: list[V.TargetSpec] = []
    stat = re.search(_THAT_CARDS_STAT, text)
    if stat:
        # "damage equal to that card's mana value": the discarded card, the ability's event object
        dm = re.fullmatch(rf"cardname deals damage equal to {_THAT_CARDS_STAT} to (.+)", text)
        if dm is None:
            raise Unsupported(m.string)
        effects = sub_effects(f"cardname deals 1 damage to {dm.group(2)}", inner)
        if len(effects) != 1 or type(effects[0]) is not V.DealDamage:
            raise Unsupported(m.string)
        effects = [dataclasses.replace(effects[0], amount=ObjectStat(V.IT, dm.group(1)))]
    else:
        if re.search(r"\b(that card|it)\b", text):
            raise Unsupported(m.string)
        effects = sub_effects(text, inner)
    return [_WhenDiscardedThisWay(flt, V.TriggeredAbility(m.string, "reflexive", tuple(effects), tuple(inner)))]


def _fold_discarded_this_way(effects: list, targets: list) -> None:
    """The "when you discard ... this way" ability follows the discard of one card of its controller's
    ("you may discard a card", "discard a card"), which it joins; anywhere else it is refused."""
    i = 0
    while i < len(effects):
        marker = effects[i]
        if not isinstance(marker, _WhenDiscardedThisWay):
            i += 1
            continue
        prev = effects[i - 1] if i else None
        one = V.Discard(1)
        if prev == one:
            effects[i - 1] = hand_effects.DiscardThenReflexive(one, marker.filter, marker.ability)
        elif isinstance(prev, V.Optional) and prev.who is None and prev.effects == (one,):
            effects[i - 1] = dataclasses.replace(prev, effects=(
                hand_effects.DiscardThenReflexive(one, marker.filter, marker.ability),))
        else:
            raise Unsupported("when you discard a card this way")
        del effects[i]


EFFECTS_CHECKS.append(_fold_discarded_this_way)


@template(r"discard any number of cards, then draw that many cards( plus one)?")
def _discard_any_then_draw(m, targets):
    """701.8a, 121.1: "Discard any number of cards, then draw that many cards [plus one]" (Cavalier of Flame)."""
    return [hand_effects.DiscardAnyThenDraw(1 if m.group(1) else 0)]


@template(r"discard all the cards in your hand, then draw that many cards( plus one)?")
def _discard_hand_then_draw(m, targets):
    """701.8a, 121.1: "Discard all the cards in your hand, then draw that many cards [plus one]" (Tolarian Winds)."""
    return [hand_effects.DiscardAnyThenDraw(1 if m.group(1) else 0, whole_hand=True)]


@template(r"each opponent who discarded a card that shares a card type with the card you discarded loses (\w+) life")
def _lose_if_shares_type(m, targets):
    """608.2c: after "each player discards a card" (Creeping Dread)."""
    return [hand_effects.LoseLifeIfSharesTypeWithYours(amount(m.group(1)))]


@dataclass(frozen=True, slots=True)
class _ChooseDrawn(V.Effect):
    """"Choose two cards in your hand drawn this turn": a compile-time marker, folded with the sentence after it
    into hand_effects.DrawnPayLifeOrTop; never executed."""

    count: int


@dataclass(frozen=True, slots=True)
class _EachPayLifeOrTop(V.Effect):
    """"For each of those cards, pay 4 life or put the card on top of your library": the marker's second half."""

    life: int


@template(rf"choose ({N}) cards in your hand drawn this turn")
def _choose_drawn(m, targets):
    n = amount(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [_ChooseDrawn(n)]


@template(r"for each of those cards, pay (\d+) life or put (?:the|that) card on top of your library")
def _each_pay_life_or_top(m, targets):
    return [_EachPayLifeOrTop(int(m.group(1)))]


def _drawn_pay_life_or_top(effects: list, targets: list) -> None:
    """Fold "choose two cards in your hand drawn this turn" and "for each of those cards, pay 4 life or ..." into
    one effect; "If you do, choose ...": the second sentence joins what is done only if you do (608.2c)."""
    for i, e in enumerate(effects):
        follows = i + 1 < len(effects) and isinstance(effects[i + 1], _EachPayLifeOrTop)
        if isinstance(e, V.IfYouDo) and e.effects and isinstance(e.effects[-1], _ChooseDrawn) and follows:
            effects[i:i + 2] = [V.IfYouDo((*e.effects[:-1], hand_effects.DrawnPayLifeOrTop(
                e.effects[-1].count, effects[i + 1].life)))]
            return _drawn_pay_life_or_top(effects, targets)
        if isinstance(e, _ChooseDrawn) and follows:
            effects[i:i + 2] = [hand_effects.DrawnPayLifeOrTop(e.count, effects[i + 1].life)]
            return _drawn_pay_life_or_top(effects, targets)
        if isinstance(e, (_ChooseDrawn, _EachPayLifeOrTop)) or isinstance(e, V.IfYouDo) and any(
                isinstance(x, (_ChooseDrawn, _EachPayLifeOrTop)) for x in e.effects):
            raise Unsupported("cards in your hand drawn this turn")
    return None


EFFECTS_CHECKS.append(_drawn_pay_life_or_top)


@dataclass(frozen=True, slots=True)
class _NameRevealRandom(V.Effect):
    """"Choose a card name, then reveal a card at random from your hand": folded with the sentence after it."""


@dataclass(frozen=True, slots=True)
class _IfChosenName(V.Effect):
    """"If that card has the chosen name, [effects]"."""

    effects: tuple[V.Effect, ...]


@template(r"choose a card name, then reveal a card at random from your hand")
def _name_reveal_random(m, targets):
    return [_NameRevealRandom()]


@template(r"if that card has the chosen name, (.+)")
def _if_chosen_name(m, targets):
    return [_IfChosenName(tuple(sub_effects(m.group(1), targets)))]


def _fold_name_reveal(effects: list, targets: list) -> None:
    """201.4: the two sentences are one effect (hand_effects.NameThenRevealAtRandom); either alone is refused."""
    fold_pair(effects, _NameRevealRandom, _IfChosenName, lambda _, after: hand_effects.NameThenRevealAtRandom(after.effects),
              "choose a card name, then reveal a card at random")


EFFECTS_CHECKS.append(_fold_name_reveal)


@template(rf"discard ({N}) cards, then return a card from your graveyard to your hand for each card discarded this way")
def _discard_then_return(m, targets):
    """701.8a / 608.2c: Recall ("Discard X cards, ...": X announced as it is cast, 107.3)."""
    return [hand_effects.DiscardThenReturnEach(amount(m.group(1)))]
