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
- 601.2b / 701.16a: "As an additional cost to cast this spell, you may reveal a Dragon card from your hand"
  (announced ("revealed", true / false); asked if not, revealing first), and "if you revealed a Dragon card
  or controlled a Dragon as you cast this spell" (the spell, or the permanent it became).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model.costs import Requirement
from ..model.state import BATTLEFIELD
from ..model.vocab.cast_origin import (  # noqa: F401 (the vocabulary this module executes)
    EnteredFrom,
    RevealAsCost,
    RevealedAsCast,
    WasCast,
)
from . import add_hook, targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.actions import CastSpell
    from ..model.state import Obj


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


def _reveal_cost(g: Game, p: int, o: Obj, action: CastSpell, reqs: list[Requirement], kicked: bool,
                 flashback: bool) -> tuple[list[Requirement], tuple]:
    """registry.CAST_OPTIONS (601.2b): "you may reveal a [quality] card from your hand": announced in the
    action's choices ("revealed", bool), else asked (revealing first: it costs nothing). The spell is then
    remembered if it was revealed or `p` controls a permanent of that quality (RevealedAsCast)."""
    cost = next((ab for ab in o.card.abilities if isinstance(ab, RevealAsCost)), None)
    if cost is None:
        return reqs, ()
    s = g.s
    cands = [c for c in s.players[p].hand if c != o.id and targeting.matches_filter(g, cost.filter, s.objects[c], p)]
    said = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "revealed"), None)
    if said is None:
        said = g.choose(p, "reveal_cost", [True, False] if cands else [False],
                        f"601.2b: {o.card.name}: reveal a card from your hand for its additional cost? (true or false)")
    if said and not cands:
        raise IllegalActionError(f"{o.card.name}: {s.players[p].name} has no such card in hand to reveal (601.2b)")
    if said:
        shown = g.unasked(p, "reveal", cands, f"701.16a: the card revealed for {o.card.name}") if len(cands) > 1 \
            else cands[0]
        g.log_event("reveal", "701.16a", player=s.players[p].name, card=g.name_of(shown), source=o.card.name)
    if said or any(targeting.matches_filter(g, cost.filter, x, p) for x in g.permanents(p)):
        s.cast_reveals = s.cast_reveals | {o.id}
    return reqs, (("revealed", True),) if said else ()


def _revealed_as_cast(g: Game, cond: RevealedAsCast, source: int, lki: Any, event_obj: int | None) -> bool:
    """The spell `source`, or the spell the permanent `source` was (608.3, 400.7), was cast so."""
    s = g.s
    if source in s.cast_reveals:
        return True
    o = s.objects.get(source)
    prev = o.previous_id if o is not None else (s.lki[source][0].previous_id if source in s.lki else None)
    return prev is not None and prev in s.cast_reveals


add_hook(registry.CAST_OPTIONS, _reveal_cost, classes=(RevealAsCost,))
registry.CONDITION_EVALUATORS[RevealedAsCast] = _revealed_as_cast
