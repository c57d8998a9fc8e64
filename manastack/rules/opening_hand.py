"""CR 103.6: actions taken with cards from an opening hand, after the mulligans and before the first
turn (templates: cards/templates/opening_hand.py).

- 103.6: once the mulligan process (103.5) is complete, the starting player may take any such actions
  in any order; then each other player in turn order may do the same. Each player's turn is one
  "opening_hand" decision, asked again after each action: a card (its action is taken) or false (done).
- 103.6a: "If CARDNAME is in your opening hand, you may begin the game with it on the battlefield"
  (the Leylines): the player puts that card onto the battlefield. "... and you're not the starting
  player, ... with a luck counter on it. If you do, exile a card from your hand." (Gemstone Caverns):
  only a player who isn't the starting player may; it enters with the counter (614.1c), then the player
  exiles a card of their choice from their hand (the "opening_hand_exile" decision).
- 103.6b: "You may reveal CARDNAME from your opening hand. If you do, ... at the beginning of your first
  upkeep" / "... at the beginning of the first upkeep, ...": revealing it (once per card) creates a
  delayed triggered ability (603.7a) for that upkeep: its controller's next upkeep, or the next upkeep
  of the game (rules/triggers.py beginning_of_step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import game as _game_module
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.decisions import DecisionKind
from ..model.state import BATTLEFIELD, EXILE, HAND
from ..model.vocab.opening_hand import (  # noqa: F401 (the vocabulary this module executes)
    BeginOnBattlefield,
    RevealFromOpeningHand,
)
from . import effect_context

if TYPE_CHECKING:
    from ..engine.game import Game


def _actions_of(g: Game, p: int) -> list[int]:
    """The cards in `p`'s hand whose opening-hand action `p` may take now (the starting player is the
    active player of the coming first turn)."""
    s = g.s
    out = []
    for oid in s.players[p].hand:
        for ab in s.objects[oid].card.abilities:
            if type(ab) is BeginOnBattlefield and not (ab.not_starting and p == s.active):
                out.append(oid)
                break
            if type(ab) is RevealFromOpeningHand and not _revealed(g, oid):
                out.append(oid)  # 103.6b: each card may be revealed this way only once
                break
    return out


def _revealed(g: Game, oid: int) -> bool:
    return any(e.kind == "delayed_trigger" and e.data[3] == oid for e in g.s.effects)


def _ability(g: Game, oid: int) -> BeginOnBattlefield | RevealFromOpeningHand:
    return next(ab for ab in g.s.objects[oid].card.abilities if type(ab) in (BeginOnBattlefield, RevealFromOpeningHand))


def _opening_hand(g: Game, item: tuple) -> None:
    """The queue item ("opening_hand", player): that player's opening-hand actions (103.6)."""
    s = g.s
    p = item[1]
    cands = tuple(_actions_of(g, p))
    if not cands:
        s.queue.pop(0)
        return
    names = ", ".join(g.name_of(c) for c in cands)
    s.pending = _game_module.Decision(DecisionKind.OPENING_HAND, p, data=cands,
                         prompt=f"103.6: take the action of a card in your opening hand ({names}: begin the game "
                                f"with it on the battlefield, or reveal it), or false when done")


def _opening_actions(g: Game, d: Any) -> list[A.Action]:
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_opening(g: Game, d: Any, value: Any) -> None:
    s = g.s
    p = d.player
    if value is False:
        s.pending = None
        s.queue.pop(0)
        return
    if isinstance(value, bool) or value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    s.pending = None
    ab = _ability(g, value)
    name = g.name_of(value)
    if type(ab) is RevealFromOpeningHand:
        _reveal(g, p, value, ab)
        return
    g.log_event("opening_hand", "103.6a", player=s.players[p].name, card=name)
    g.move(value, BATTLEFIELD, rule="103.6a", etb_choices={"counters": {ab.counter: 1}} if ab.counter else None)
    for _ in range(ab.exile_from_hand):
        hand = s.players[p].hand
        if not hand:
            break
        # The card exiled is chosen right away (the queue item stays: more actions may follow).
        s.queue.insert(0, ("opening_hand_exile", p, name))


def _reveal(g: Game, p: int, oid: int, ab: RevealFromOpeningHand) -> None:
    """103.6b: the card is revealed; its delayed triggered ability waits for the first upkeep (603.7a)."""
    s = g.s
    name = g.name_of(oid)
    g.log_event("reveal_opening_hand", "103.6b", player=s.players[p].name, card=name)
    trigger = V.TriggeredAbility(ab.text, "delayed", ab.effects)
    event = "your_next_upkeep" if ab.yours else "next_upkeep"
    effect_context.create_delayed_trigger(g, event, trigger, name, oid, p)


def _opening_exile(g: Game, item: tuple) -> None:
    s = g.s
    p, name = item[1], item[2]
    hand = tuple(s.players[p].hand)
    if not hand:
        s.queue.pop(0)
        return
    if len(hand) == 1 and g.auto_single:
        s.queue.pop(0)
        _exile(g, p, hand[0], name)
        return
    s.pending = _game_module.Decision(DecisionKind.OPENING_HAND_EXILE, p, data=hand, prompt=f"103.6a: {name}: exile a card from your hand")


def _exile(g: Game, p: int, oid: int, name: str) -> None:
    g.log_event("opening_hand_exile", "103.6a", player=g.s.players[p].name, card=g.name_of(oid), source=name)
    g.move(oid, EXILE, rule="103.6a")


def _answer_exile(g: Game, d: Any, value: Any) -> None:
    s = g.s
    if isinstance(value, bool) or value not in d.data or s.objects[value].zone != HAND:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    s.pending = None
    _, p, name = s.queue.pop(0)
    _exile(g, p, value, name)


def queue_opening_hands(queue: list, starting_player: int, players: int = 2) -> None:
    """103.6: after the mulligans, the starting player's opening-hand actions, then each other player's
    in turn order."""
    queue.extend(("opening_hand", (starting_player + i) % players) for i in range(players))


registry.QUEUE_ITEMS["opening_hand"] = _opening_hand
registry.QUEUE_ITEMS["opening_hand_exile"] = _opening_exile
registry.CHOICES["opening_hand"] = (_opening_actions, _answer_opening)
registry.CHOICES["opening_hand_exile"] = (lambda g, d: [A.Choose(c) for c in d.data], _answer_exile)

__all__ = ["BeginOnBattlefield", "RevealFromOpeningHand", "queue_opening_hands"]
