"""CR 603: triggered abilities.

- 603.2: an ability triggers when its event happens; it is put on the stack the next time a
  player would receive priority (603.3), active player's first (APNAP, 603.3b), each player
  ordering their own.
- 603.3d: a triggered ability with no legal targets is removed from the stack.
- 603.6a / 603.10a: enters-the-battlefield abilities look at the permanent after it entered;
  leaves-the-battlefield ("dies") abilities look back in time (last known information).
- 702.83 exalted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import vocab as V
from ..game.state import GRAVEYARD, StackItem

if TYPE_CHECKING:
    from ..game.game import Game

EXALTED = V.TriggeredAbility("Exalted", "exalted", (V.Pump(V.SELF, 1, 1),))


def _add(g: Game, controller: int, source: int, ability: V.TriggeredAbility, lki=None, name: str = "",
         effect_source: int | None = None) -> None:
    g.s.pending_triggers.append((controller, source, ability, lki, name, effect_source))
    g.log_event("trigger", "603.2", card=name, ability=ability.text)


def entered_battlefield(g: Game, oid: int) -> None:
    o = g.s.objects[oid]
    for ab in g.chars(o).abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "etb":
            _add(g, o.controller, oid, ab, None, o.card.name)


def left_battlefield(g: Game, old_id: int, to: str) -> None:
    lki = g.s.lki.get(old_id)
    if lki is None:
        return
    obj, chars = lki
    if to == GRAVEYARD and "Creature" in chars.types:
        for ab in chars.abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event == "dies":
                _add(g, obj.controller, old_id, ab, lki, obj.card.name)


def attacked(g: Game, attackers: list[int]) -> None:
    s = g.s
    for a in attackers:
        o = s.objects[a]
        for ab in g.chars(o).abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event == "attacks":
                _add(g, o.controller, a, ab, None, o.card.name)
    if len(attackers) == 1:
        a = attackers[0]
        ctrl = s.objects[a].controller
        for p in g.permanents(ctrl):
            if "exalted" in g.chars(p).keywords:
                _add(g, ctrl, p.id, EXALTED, None, p.card.name, effect_source=a)


def beginning_of_step(g: Game, event: str) -> None:
    from .effects import SacrificeUnless
    s = g.s
    for o in g.permanents(s.active):
        for ab in g.chars(o).abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event == event:
                if ab.unless_sacrifice is not None and not ab.effects:
                    ab = V.TriggeredAbility(ab.text, ab.event, (SacrificeUnless(ab.unless_sacrifice),))
                _add(g, o.controller, o.id, ab, None, o.card.name)


def put_on_stack(g: Game) -> None:
    """603.3b: APNAP order; each trigger's targets are chosen as it is put on the stack (603.3d)."""
    s = g.s
    trigs = s.pending_triggers
    s.pending_triggers = []
    ordered = [t for t in trigs if t[0] == s.active] + [t for t in trigs if t[0] != s.active]
    for t in ordered:
        s.queue.append(("put_trigger", t))


def put_one(g: Game, trig: tuple, targets: tuple[int, ...]) -> None:
    s = g.s
    controller, source, ability, lki, name, effect_source = trig
    src = effect_source if effect_source is not None else source
    if lki is None and source in s.objects:
        o = s.objects[source]
        lki = (o.copy(), g.chars(o))
    item = StackItem(s.next_id, "trigger", controller, name, source=src, ability=ability, targets=targets,
                     source_lki=lki)
    s.next_id += 1
    s.stack.append(item)
    g.log_event("put_trigger", "603.3", card=name, ability=ability.text,
                targets=[g.name_of(t) for t in targets])


def tapped_for_mana(g: Game, p: int, source: int, chars, controller: int, produced) -> None:
    """Non-mana abilities that trigger on tapping for mana (Forbidden Orchard: it targets, so it is
    not a mana ability, 605.1b, and uses the stack)."""
    from .produce import _tap_trigger_applies, _tap_triggers
    if not _tap_triggers(g) or sum(produced) == 0:
        return
    src = g.s.objects.get(source)
    for trig_src, ab in _tap_triggers(g):
        if ab.effects and isinstance(ab.effects[0], V.AddMana):
            continue
        if src is not None and _tap_trigger_applies(g, trig_src, ab, p, src, chars):
            _add(g, trig_src.controller, trig_src.id, ab, None, trig_src.card.name)
