"""The monarch (722), a designation a player can have.

- 722.1: there is no monarch until an effect makes a player the monarch ("you become the monarch",
  "target player becomes the monarch": the BecomeMonarch effect, a BecameMonarch event performed here,
  registry.EVENT_PERFORMERS; GameState.monarch).
- 722.3: only one player is the monarch; as a player becomes the monarch, the current one ceases to be.
- 722.2: two inherent triggered abilities with no source, controlled by the player who was the monarch
  as they triggered: "At the beginning of the monarch's end step, that player draws a card"
  (registry.STEP_HOOKS as the end step begins, 513.1) and "Whenever a creature deals combat damage to
  the monarch, its controller becomes the monarch" (registry.EVENT_TRIGGERS[Damage]).
- 722.5 / 611.3a: "as long as you're the monarch" (the "monarch" Condition, rules/continuous.py) does
  nothing while there is no monarch.
- 722.4 (the monarch leaving the game) ends a two-player game: nothing to do here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.events import BecameMonarch, Damage, Event
from ..model.vocab.monarch import BecomeMonarch
from . import add_hook, effect_context, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game

SOURCE_NAME = "the monarch"  # the inherent abilities have no source (722.2): the name they trigger under

END_STEP_DRAW = V.TriggeredAbility("At the beginning of the monarch's end step, that player draws a card.",
                                   "monarch_end_step", (V.Draw(1),))
COMBAT_DAMAGE = V.TriggeredAbility("Whenever a creature deals combat damage to the monarch, its controller "
                                   "becomes the monarch.", "monarch_combat_damage", (BecomeMonarch(V.EVENT_PLAYER),))


def become_monarch(g: Game, p: int, rule: str = "722.1") -> None:
    """722.1 / 722.3: `p` becomes the monarch (through the event door)."""
    g.perform(BecameMonarch(rule, p))


def _become(g: Game, ctx: effect_context.Context, e: BecomeMonarch) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who)[:1]:  # one player is the monarch at a time (722.3)
        become_monarch(g, p)
    return None


def _perform(g: Game, e: Event) -> None:
    assert isinstance(e, BecameMonarch)
    s = g.s
    before = s.monarch
    s.monarch = e.player
    g._log("monarch", e.rule, e.SBA, {"player": s.players[e.player].name,
                                      "was": None if before is None else s.players[before].name})


def _end_step(g: Game, event: str) -> None:
    """722.2: "At the beginning of the monarch's end step, that player draws a card"."""
    s = g.s
    if event == "end" and s.monarch is not None and s.monarch == s.active:
        trigger_queue.queue(g, s.monarch, -1, END_STEP_DRAW, None, SOURCE_NAME)


def _combat_damage(g: Game, e: Event) -> None:
    """722.2: "Whenever a creature deals combat damage to the monarch, its controller becomes the monarch"."""
    s = g.s
    if s.monarch is None or not isinstance(e, Damage) or not e.combat or e.recipient != -1 - s.monarch:
        return
    if e.amount <= 0 or e.source_chars is None or "Creature" not in e.source_chars.types:
        return
    trigger_queue.queue(g, s.monarch, -1, COMBAT_DAMAGE, None, SOURCE_NAME, event_obj=-1 - e.source_controller)


registry.register_effect(BecomeMonarch, _become)
registry.EVENT_PERFORMERS[BecameMonarch] = _perform
add_hook(registry.STEP_HOOKS, _end_step, classes=(BecomeMonarch,))
add_hook(registry.EVENT_TRIGGERS.setdefault(Damage, []), _combat_damage)
