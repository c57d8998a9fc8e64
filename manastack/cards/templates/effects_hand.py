"""Sentences about hands; executed by rules/hand_effects.py.

- "You may put a land card from your hand onto the battlefield" (305.1: not playing a land).
- "Look at target opponent's hand".
- "That player discards a card at random", "then discard a card at random" (701.8a).
- "Then discard two cards unless you discard an artifact card" (701.8a, 608.2c); "then discard a card unless you
  attacked this turn" (rules/turn_history.py).
- 608.2c: "then each opponent who didn't discard a nonland card this way loses 3 life" (Kroxa); "Each opponent who
  discarded a card that shares a card type with the card you discarded loses 3 life" (Creeping Dread).
- 401.4: "put two cards from your hand on top of your library in any order" (Brainstorm, Jace, the Mind
  Sculptor's [0]: the cards and their order are chosen as it resolves, the "hand_to_top" decision).
"""

from __future__ import annotations

from ...model import vocab as V
from ...model.vocab import hand_effects
from ...model.vocab.turn_history import UnlessHappened
from ..compiler import Unsupported
from .conditions import HISTORY_RX, parse_history
from .effects_common import N, amount, parse_filter, sub_effects, target, template


@template(r"you may put (a|an) (land|basic land|creature|artifact|creature or land|land or creature) card from your "
          r"hand onto the battlefield( tapped)?")
def _put_from_hand(m, targets):
    """"You may put a land card from your hand onto the battlefield" (not a land play, 305.1)."""
    return [hand_effects.PutFromHand(parse_filter(m.group(2) + " card", allow_card=True), tapped=bool(m.group(3)))]


@template(r"look at (target opponent's|target player's|each opponent's) hand")
def _look_at_hand(m, targets):
    """402.3: a player may look at cards in a hand only when an effect allows it."""
    who = {"target opponent's": "target opponent", "target player's": "target player",
           "each opponent's": "each opponent"}[m.group(1)]
    return [hand_effects.LookAtHand(target(who, targets))]


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


@template(r"each opponent who discarded a card that shares a card type with the card you discarded loses (\w+) life")
def _lose_if_shares_type(m, targets):
    """608.2c: after "each player discards a card" (Creeping Dread)."""
    return [hand_effects.LoseLifeIfSharesTypeWithYours(amount(m.group(1)))]
