"""Where and by whom the spell a permanent was had been cast (601.2a, 603.4), for intervening "if" clauses:
"When CARDNAME enters, if you cast it from your hand, ..." and "Whenever a creature enters, if you cast it
from your hand, ..." (Wild Pair).

- 601.2a: casting a spell moves the card to the stack from the zone it was in; rules/stack.py and
  rules/free_casting.py call `remember` with that zone as it does.
- 608.3 / 400.7: the permanent a resolving permanent spell becomes is a new object whose previous id is
  the spell's; a permanent put onto the battlefield without being cast was never cast.
- 603.4: the condition is checked as the permanent enters and again as the ability resolves.
- 608.2c: "If it entered from your library or was cast from your library, ... instead" (EnteredFrom): the zone
  the permanent came from, read from its zone change in the log (400.7: the card's last zone before it became
  this object), and the zone its spell was cast from; "your": it is its owner's and its controller's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.state import BATTLEFIELD
from ..model.vocab.cast_origin import (  # noqa: F401 (the vocabulary this module executes)
    EnteredFrom,
    WasCast,
)

if TYPE_CHECKING:
    from ..engine.game import Game


def remember(g: Game, spell: int, caster: int, zone: str) -> None:
    """601.2a: `caster` cast the spell `spell` from `zone`. An immutable set in the state's dict, so that
    GameState.clone's shallow copy shares it safely."""
    s = g.s
    s.cast_origins = s.cast_origins | {(spell, caster, zone)}


def cast_by(g: Game, permanent: int) -> tuple[int, str] | None:
    """(caster, zone cast from) of the spell the permanent `permanent` was, or None if it wasn't cast."""
    s = g.s
    o = s.objects.get(permanent)
    prev = o.previous_id if o is not None else None
    if prev is None and permanent in s.lki:
        prev = s.lki[permanent][0].previous_id  # it has left the battlefield since: its last known state
    if prev is None:
        return None
    for spell, caster, zone in s.cast_origins:
        if spell == prev:
            return caster, zone
    return None


def _was_cast(g: Game, cond: WasCast, source: int, lki: Any, event_obj: int | None) -> bool:
    it = event_obj if cond.of_event else source
    origin = cast_by(g, it) if it is not None else None
    ok = origin is not None
    if ok and cond.by_you:
        o = g.s.objects.get(source)
        me = o.controller if o is not None and o.zone == BATTLEFIELD else (lki[0].controller if lki else None)
        ok = origin[0] == me  # type: ignore[index]
    if ok and cond.zone:
        ok = origin[1] == cond.zone  # type: ignore[index]
    return ok != cond.negate


registry.CONDITION_EVALUATORS[WasCast] = _was_cast


def entered_from(g: Game, permanent: int) -> str | None:
    """The zone the permanent `permanent` was put onto the battlefield from (its zone change, newest first)."""
    for e in reversed(g.s.log):
        if e.get("event") == "zone_change" and e.get("id") == permanent and e.get("to_zone") == BATTLEFIELD:
            frm = e.get("from_zone")
            return frm if isinstance(frm, str) else None
    return None


def _entered_from(g: Game, cond: EnteredFrom, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    if o is None or o.zone != BATTLEFIELD:
        o = lki[0] if lki else None
    if o is None or o.owner != o.controller:
        return False  # "your library": the card was its controller's
    if entered_from(g, o.id) == cond.zone:
        return True
    origin = cast_by(g, o.id) if cond.or_cast else None
    return origin is not None and origin[1] == cond.zone


registry.CONDITION_EVALUATORS[EnteredFrom] = _entered_from
