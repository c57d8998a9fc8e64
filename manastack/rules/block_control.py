"""Declarations made by another player (508.1, 509.1); the templates are in cards/templates/effects_block_control.py.

- 509.1: "You choose which creatures block this turn and how those creatures block" (Master Warcraft),
  "... block this combat ..." (Odric, Master Tactician), "Creatures your opponents control block this turn
  if able, and you choose how those creatures block" (Brutal Hordechief): the player who controls the
  effect declares the defending player's blockers instead of them (registry.DECLARERS, asked by
  rules/turn.py as the declare blockers step begins). What is legal doesn't change: the declaration
  obeys the restrictions and requirements of 509.1a-c for the defending player's creatures (a creature
  that must block if able blocks; "you choose how" decides which attacker it blocks).
- 508.1: "You choose which creatures attack this turn" (Master Warcraft): likewise for the active
  player's attackers (508.1a-d unchanged).
- Several such effects: the latest one applies (its timestamp, 613.7-like order of rules-changing
  effects). "This combat" ends as the end of combat step begins (511.1; the declarations are made).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.events import EffectCreated, EffectsEnded
from ..model.state import ContinuousEffect
from ..model.vocab.block_control import (  # noqa: F401 (the vocabulary this module executes)
    DECLARER_EFFECT,
    ChooseDeclarations,
)
from . import add_hook

if TYPE_CHECKING:
    from ..engine.game import Game


def declarer(g: Game, declaration: str) -> int | None:
    """registry.DECLARERS: the player an effect gives this declaration ("attackers" / "blockers") to."""
    best = None
    for e in g.s.effects:
        if e.kind == DECLARER_EFFECT and declaration in e.data[0] and (best is None or e.timestamp > best.timestamp):
            best = e
    return None if best is None else best.controller


def _choose_declarations(g: Game, ctx: Any, e: ChooseDeclarations) -> list | None:
    s = g.s
    declarer = ContinuousEffect(DECLARER_EFFECT, None, controller=ctx.controller, timestamp=s.next_timestamp,
                                data=(e.declarations, e.duration))
    s.next_timestamp += 1
    g.perform(EffectCreated("509.1" if "blockers" in e.declarations else "508.1", declarer, "chooses_declarations", {
        "player": s.players[ctx.controller].name, "declarations": ", ".join(e.declarations),
        "duration": f"this {e.duration}", "source": ctx.name}))
    return None


def _combat_ended(g: Game, event: str) -> None:
    """registry.STEP_HOOKS: "this combat" effects end as the end of combat step begins."""
    s = g.s
    if event == "end_combat" and s.effects:
        ended = tuple(e for e in s.effects if e.kind == DECLARER_EFFECT and e.data[1] == "combat")
        if ended:
            g.perform(EffectsEnded("611.2a", ended))


add_hook(registry.DECLARERS, declarer, classes=(ChooseDeclarations,))  # DECLARER_EFFECT: _choose_declarations
add_hook(registry.STEP_HOOKS, _combat_ended, classes=(ChooseDeclarations,))
registry.register_effect(ChooseDeclarations, _choose_declarations)
