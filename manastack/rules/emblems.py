"""Emblems (114) and the command zone that holds them (408).

- 114.1 / 114.2: "You get an emblem with "[ability]"" (and "target opponent gets an emblem ..."): an
  EmblemCreated event (registry.EVENT_PERFORMERS) makes an object in the command zone, owned and controlled
  by that player, whose only characteristics are the abilities in the quotes (114.3: no name of its own
  beyond what the log calls it, no types, no mana cost, no color). It stays for the rest of the game: no
  rule or effect of the engine's cards moves or removes an emblem.
- 114.4 / 113.6: the abilities of an emblem function in the command zone: its triggered abilities watch
  from there (registry.WATCHER_HOOKS, read by rules/trigger_queue.py `watchers`), with the emblem as their
  source ("this emblem deals 2 damage to any target", 114.5: the emblem's controller controls them).
  Emblems here have triggered abilities, or a static ability that changes a group of permanents ("Creatures
  you control get +2/+2 and have flying"), which rules/continuous.py `_statics` reads from the command zone
  (cards/templates/effects_emblems.py refuses other kinds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.costs import parse_cost
from ..model.events import EmblemCreated, Event
from ..model.state import COMMAND
from ..model.vocab.emblems import GetEmblem
from . import add_hook, effect_context

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def _get_emblem(g: Game, ctx: effect_context.Context, e: GetEmblem) -> list | None:
    """114.1: each player the effect names gets one emblem with the abilities."""
    card = V.CardDef(name=f"{ctx.name} emblem", mana_cost=parse_cost(""), types=frozenset(), subtypes=frozenset(),
                     supertypes=frozenset(), colors=frozenset(), power=None, toughness=None, loyalty=None,
                     keywords=frozenset(), abilities=e.abilities, spell=None,
                     oracle_text="\n".join(ab.text for ab in e.abilities), type_line="Emblem")
    for p in effect_context.resolve_who(g, ctx, e.who):
        g.perform(EmblemCreated("114.1", p, card))
    return None


def _perform(g: Game, e: Event) -> None:
    assert isinstance(e, EmblemCreated) and e.card is not None
    s = g.s
    o = g.new_object(e.card, e.player, COMMAND)
    s.emblems = s.emblems + (o.id,)
    g._log("emblem", e.rule, e.SBA, {"player": s.players[e.player].name, "emblem": o.card.name,
                                     "abilities": [ab.text for ab in e.card.abilities]})


def _watch(g: Game, events: tuple[str, ...]) -> list[tuple[Obj, V.TriggeredAbility]]:
    """114.4: the triggered abilities of the emblems in the command zone that watch for one of `events`."""
    s = g.s
    if not s.emblems:
        return []
    out = []
    for oid in s.emblems:
        o = s.objects[oid]
        for ab in o.card.abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event in events:
                out.append((o, ab))
    return out


registry.register_effect(GetEmblem, _get_emblem)
registry.EVENT_PERFORMERS[EmblemCreated] = _perform
add_hook(registry.WATCHER_HOOKS, _watch, classes=(GetEmblem,))
