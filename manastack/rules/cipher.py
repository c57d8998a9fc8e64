"""702.99 cipher (compiled by cards/templates/keywords_cipher.py).

- 702.99a: cipher represents two static abilities. As the final part of the resolution of a spell with
  cipher, if it is represented by a card (a copy is not, 707.10), its controller may exile the card
  encoded on a creature they control (`Cipher`: the "cipher" choice; declining, or controlling no
  creature, the card goes to the graveyard as usual, 608.2n). For as long as the card is encoded on that
  creature, the creature has "Whenever this creature deals combat damage to a player, you may copy the
  encoded card and you may cast the copy without paying its mana cost" (a layer 6 grant, 613.1f).
- 702.99b / 702.99c: the card stays encoded only while it stays in exile and the creature stays on the
  battlefield: either one changing zones is a new object (400.7) and the encoding ends.
- 707.12: the copy of the card is created in exile and cast from there (608.2g, rules/free_casting.py
  "cast_free"); a copy not cast ceases to exist (704.5e), a cast one when it leaves the stack.
- 702.99c: a cipher spell that is countered or doesn't resolve (608.2b) encodes nothing.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import game as game_module
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.events import EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, EXILE, STACK, ContinuousEffect
from ..model.vocab.cipher import (  # noqa: F401 (the vocabulary this module executes)
    CastEncodedCopy,
    Cipher,
)
from . import add_hook, continuous, effect_context, free_casting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj

CHOICE = "cipher"
ENCODED = "cipher_encoded"  # ContinuousEffect kind; target: the creature; data: (the card in exile, its ability)


def _cipher(g: Game, ctx: effect_context.Context, e: Cipher) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != STACK or o.card.is_token:
        return None  # 702.99a: only a spell represented by a card is encoded
    cands = tuple(c.id for c in g.creatures(ctx.controller))
    if not cands:
        return None
    return [effect_context.queue_choice(
        CHOICE, ctx.controller, cands + (False,),
        f"702.99a: {ctx.name}: exile it encoded on a creature you control "
        f"({', '.join(g.name_of(c) for c in cands)}), or false", (o.id, e.trigger, ctx.name))]


def _cipher_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data]


def _answer_cipher(g: Game, d: Any, value: Any) -> None:
    if value not in d.data or (isinstance(value, bool) and value is not False):
        raise IllegalActionError(f"{d.prompt}: choose one of "
                                 f"{', '.join(g.name_of(c) for c in d.data if c is not False)} or false")
    s = g.s
    oid, trigger, name = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    creature = s.objects.get(value) if value is not False else None
    spell = s.objects.get(oid)
    if creature is None or creature.zone != BATTLEFIELD or spell is None or spell.zone != STACK:
        g.log_event("cipher", "702.99a", card=name, encoded_on=None)
        return
    new = g.move(oid, EXILE, rule="702.99a")
    if new not in s.objects or s.objects[new].zone != EXILE:
        return  # a replacement effect sent it elsewhere: nothing is encoded
    ability = dataclasses.replace(trigger, effects=(CastEncodedCopy(new),))
    record = ContinuousEffect(ENCODED, creature.id, timestamp=s.next_timestamp, until="permanent",
                              controller=d.player, data=(new, ability))
    s.next_timestamp += 1
    g.perform(EffectCreated("702.99a", record, "cipher", {"card": name, "encoded_on": g.name_of(creature.id)}))


def encoded_grants(s: GameState, obj: Obj, abilities: tuple, protection: tuple) -> tuple[tuple, tuple]:
    """Layer 6 (613.1f): the triggered ability of each card encoded on `obj` still in exile (702.99a)."""
    lost_at = None
    for e in s.effects:
        if e.kind == ENCODED and e.target == obj.id:
            card_id, ability = e.data
            card = s.objects.get(card_id)
            if card is None or card.zone != EXILE:
                continue  # 702.99b: it left exile: a new object, no longer encoded
            if lost_at is None:
                lost_at = continuous.lost_all_at(s, obj.id) or -1
            if e.timestamp < lost_at:
                continue  # 613.7: it lost all abilities after the card was encoded
            abilities = abilities + (ability,)
    return abilities, protection


def _cast_encoded_copy(g: Game, ctx: effect_context.Context, e: CastEncodedCopy) -> list | None:
    """707.12: copy the encoded card in exile; its controller may cast the copy (608.2g)."""
    s = g.s
    card = s.objects.get(e.card) if e.card is not None else None
    if card is None or card.zone != EXILE:
        return None  # no longer encoded (702.99b)
    copy = g.new_object(dataclasses.replace(card.card, is_token=True), ctx.controller, EXILE,
                        controller=ctx.controller)
    s.players[ctx.controller].exile.append(copy.id)  # 707.12: created in the zone the card is in
    g.log_event("copy_card", "707.12", card=card.card.name, id=copy.id)
    cands = tuple(dict.fromkeys(t for opt in free_casting.free_cast_options(g, ctx.controller, copy.id) for t in opt))
    return [effect_context.queue_choice(
        "cast_free", ctx.controller, cands,
        f"{ctx.name}: cast the copy of the encoded {card.card.name} without paying its mana cost? "
        f"(false, or true / its targets)", (ctx, copy.id, "702.99a", None, (("copy", True),)))]


def _forget_left(g: Game, old_id: int, to: str) -> None:
    """702.99b / 400.7: a creature that left the battlefield no longer has cards encoded on it."""
    s = g.s
    ended = tuple(e for e in s.effects if e.kind == ENCODED and e.target == old_id)
    if ended:
        g.perform(EffectsEnded("400.7", ended))


registry.register_effect(Cipher, _cipher)
registry.register_effect(CastEncodedCopy, _cast_encoded_copy)
registry.CHOICES[CHOICE] = (_cipher_actions, _answer_cipher)
add_hook(registry.EFFECT_GRANTS, encoded_grants, classes=(Cipher,))
add_hook(game_module.LEFT_BATTLEFIELD_HOOKS, _forget_left, classes=(Cipher,))
