"""Auras attached to players (303.4, 702.5d); the templates are in cards/templates/statics_auras.py.

- 303.4b: the player an Aura is attached to; 303.4c / 702.5d: an Aura attached to a player stays
  only while its enchant ability allows it (a state-based action, registry.AURA_ON_PLAYER).
- 503.1a: "At the beginning of enchanted player's upkeep"; "creatures enchanted player controls
  get -1/-1".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.state import ref_player
from . import add_hook, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj


def enchanted_player(aura: Obj) -> int | None:
    """The player an Aura is attached to (303.4b), or None."""
    return ref_player(aura.attached_to) if aura.attached_to is not None and aura.attached_to < 0 else None


def aura_player_legal(g: Game, aura: Obj, chars: Any) -> bool:
    """303.4c / 702.5d: an Aura attached to a player stays only while its enchant ability allows
    that player ("Enchant opponent": an opponent of the Aura's controller) and the player is in the
    game; an Aura that can enchant only permanents can't enchant a player."""
    p = enchanted_player(aura)
    if p is None or p >= len(g.s.players) or g.s.players[p].lost:
        return False
    kinds = [getattr(ab, "target_kind", "permanent") for ab in chars.abilities if getattr(ab, "kind", "") == "enchant"]
    if not kinds or any(k not in ("player", "opponent") for k in kinds):
        return False
    return not ("opponent" in kinds and p == aura.controller)


def _upkeep_of_enchanted_player(g: Game, event: str) -> None:
    """503.1a: "At the beginning of enchanted player's upkeep" triggers in the upkeep of the player
    the Aura is attached to; "that player" is that player."""
    if event != "upkeep":
        return
    s = g.s
    for w, ab in trigger_queue.watchers(g, ("upkeep_enchanted_player",)):
        if enchanted_player(w) == s.active:
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - s.active)


def _of_enchanted_player(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                         colors: frozenset[str]) -> bool:
    """"Creatures enchanted player controls": permanents controlled by the player the source is
    attached to."""
    if not getattr(ab, "of_enchanted_player", False):
        return True
    return enchanted_player(src) == obj.controller


def _register_auras_on_players() -> None:
    registry.AURA_ON_PLAYER.append(aura_player_legal)
    add_hook(registry.STEP_HOOKS, _upkeep_of_enchanted_player, events=("upkeep_enchanted_player",))
    registry.GROUP_FILTERS.append(_of_enchanted_player)


_register_auras_on_players()
