"""Where and by whom the spell a permanent was had been cast (601.2a, 603.4), for intervening "if" clauses:
"When CARDNAME enters, if you cast it from your hand, ..." and "Whenever a creature enters, if you cast it
from your hand, ..." (Wild Pair).

- 601.2a: casting a spell moves the card to the stack from the zone it was in; rules/stack.py and
  rules/free_casting.py call `remember` with that zone as it does.
- 608.3 / 400.7: the permanent a resolving permanent spell becomes is a new object whose previous id is
  the spell's; a permanent put onto the battlefield without being cast was never cast.
- 603.4: the condition is checked as the permanent enters and again as the ability resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.state import BATTLEFIELD
from ..model.vocab.cast_origin import (  # noqa: F401 (the vocabulary this module executes)
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
