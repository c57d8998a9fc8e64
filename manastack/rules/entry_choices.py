"""Choices made as a permanent enters and the statics that read them (614.12, 613.1d, 400.7); the
templates are in cards/templates/statics_choices.py.

- 614.12 / 614.12a: "As CARDNAME enters, choose a creature type" (a choice made before it enters);
  "CARDNAME is the chosen type in addition to its other types" (613.1d, layer 4); "Other creatures
  you control of the chosen type get +1/+1" (registry.GROUP_FILTERS).
- "... of the chosen color" likewise.
- 400.7: a permanent that left the battlefield is a new object: its choices are gone.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.events import EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, ContinuousEffect
from . import continuous

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj


CHOSEN_TYPE = "chosen_type"  # ContinuousEffect kind: `data` is the creature type chosen as `target` entered


def chosen_type(s: GameState, oid: int) -> str | None:
    for e in s.effects:
        if e.kind == CHOSEN_TYPE and e.target == oid:
            return e.data
    return None


def _type_options(g: Game, p: int) -> list[str]:
    """Every creature type (205.3m); the default first: the most common one among the player's
    creature cards (for players without a way to answer, see stack.choose)."""
    s = g.s
    counts: Counter = Counter()
    pl = s.players[p]
    for oid in list(pl.hand) + list(pl.library) + list(pl.graveyard) + [x.id for x in g.permanents(p)]:
        card = s.objects[oid].card
        if "Creature" in card.types:
            counts.update(t for t in card.subtypes if t in continuous.creature_types())
    return sorted(continuous.creature_types(), key=lambda t: (-counts[t], t))


def _etb_choose_type(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12 / 614.12a: "As CARDNAME enters, choose a creature type" (a choice made before it
    enters). "CARDNAME is the chosen type in addition to its other types" (613.1d, layer 4) is
    recorded with it."""
    s = g.s
    t = choices.get("creature_type") or g.choose(o.controller, "creature_type", _type_options(g, o.controller),
                                               f"614.12: as {o.card.name} enters, choose a creature type")
    g.perform(EffectCreated("614.12", ContinuousEffect(CHOSEN_TYPE, o.id, controller=o.controller, until="static",
                                                       data=t),
                            "choose_type", {"card": o.card.name, "player": s.players[o.controller].name, "type": t}))
    if any(getattr(a, "kind", "") == "self_chosen_type" for a in o.card.abilities):
        g.perform(EffectCreated("614.12", ContinuousEffect("add_subtypes", o.id, controller=o.controller,
                                                           until="static", data=frozenset({t}))))


def _of_chosen_type(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                    colors: frozenset[str]) -> bool:
    """"Creatures of the chosen type": the type chosen as the source entered (none chosen: none)."""
    if not getattr(ab, "of_chosen_type", False):
        return True
    t = chosen_type(s, src.id)
    return t is not None and t in subtypes


def _forget_choices(g: Game) -> bool:
    """A permanent that left the battlefield is a new object (400.7): its choices are gone."""
    s = g.s
    if s.effects:
        gone = tuple(e for e in s.effects if e.kind in (CHOSEN_TYPE, "add_subtypes") and (
            e.target not in s.objects or s.objects[e.target].zone != BATTLEFIELD))
        if gone:
            g.perform(EffectsEnded("400.7", gone))
    return False


registry.ETB_REPLACEMENTS["etb_choose_type"] = _etb_choose_type
registry.GROUP_FILTERS.append(_of_chosen_type)
registry.PRE_CHECK.append(_forget_choices)


def _of_chosen_color(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                     colors: frozenset[str]) -> bool:
    """"Creatures you control of the chosen color": the color chosen as the source entered."""
    if not getattr(ab, "of_chosen_color", False):
        return True
    return src.chosen_color is not None and src.chosen_color in colors


registry.GROUP_FILTERS.append(_of_chosen_color)
