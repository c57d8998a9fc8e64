"""Sentences about hands; executed by rules/hand_effects.py.

- "You may put a land card from your hand onto the battlefield" (305.1: not playing a land).
- "Look at target opponent's hand".
- "That player discards a card at random" (701.8a).
- 401.4: "put two cards from your hand on top of your library in any order" (Brainstorm, Jace, the Mind
  Sculptor's [0]: the cards and their order are chosen as it resolves, the "hand_to_top" decision).
"""

from __future__ import annotations

from ...model.vocab import hand_effects
from ..compiler import Unsupported
from .effects_common import N, amount, parse_filter, target, template


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


@template(rf"(that player|target player|target opponent|each opponent) discards {N} cards? at random")
def _discard_at_random(m, targets):
    """701.8a: "That player discards a card at random"."""
    n = amount(m.group(2))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [hand_effects.DiscardAtRandom(n, target(m.group(1), targets))]


@template(rf"put {N} cards? from your hand on top of your library( in any order)?")
def _hand_to_top(m, targets):
    """401.4: two or more cards are put on top in the order their owner chooses ("in any order"); a
    single card needs no order."""
    n = amount(m.group(1))
    if not isinstance(n, int) or (n > 1) != bool(m.group(2)):
        raise Unsupported(m.string)
    return [hand_effects.PutFromHandOnTop(n)]
