"""The vocabulary manastack/rules/emblems.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# The trigger events an emblem's triggered ability may listen for: those whose watchers the rules find
# through trigger_queue.watchers (which asks registry.WATCHER_HOOKS for abilities outside the battlefield).
EMBLEM_TRIGGER_EVENTS = frozenset({"cast", "upkeep", "end", "draw", "gain_life", "creature_combat_damage_player"})


@dataclass(frozen=True, slots=True)
class GetEmblem(V.Effect):
    """114.1-114.2: "You get an emblem with "[ability]"" / "target opponent gets an emblem with ...": an
    emblem with those abilities is put into the command zone, owned and controlled by that player."""

    abilities: tuple[V.Ability, ...]
    who: V.Who = V.YOU
