"""CR 603.2: an ability triggers. The low end of the triggered-ability rules, which every rules area
that sees an event calls: which permanents have triggered abilities watching for an event
(`watchers`, `own_triggered`), and queueing an ability that triggered (`queue`: 603.4 intervening
"if" clauses are checked as the event happens, and 603.2 gates such as "triggers only once each
turn"). Putting the queued abilities on the stack (603.3) is rules/triggers.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.memo import by_identity

if TYPE_CHECKING:
    from ..engine.game import Game


def queue(g: Game, controller: int, source: int, ability: V.TriggeredAbility, lki=None, name: str = "",
         effect_source: int | None = None, event_obj: int | None = None, x: int = 0) -> None:
    check = registry.INTERVENING_IF.get(type(ability))
    if check is not None and not check(g, ability, source, lki, event_obj):
        return  # 603.4: an intervening "if" clause false as the event happens: the ability doesn't trigger
    cond = getattr(ability, "intervening", None)
    if cond is not None and not registry.CONDITION_EVALUATORS[type(cond)](g, cond, source, lki, event_obj):
        return  # 603.4 (compiled "if" clauses, rules/trigger_events.py)
    for gate in registry.TRIGGER_GATES:
        if not gate(g, source, ability):
            return  # "This ability triggers only once each turn" (cards/templates/once_each_turn.py)
    record = (controller, source, ability, lki, name, effect_source, event_obj)
    # x: the value of X the ability's X refers to (the cycling cost's X for "when you cycle CARDNAME")
    g.s.pending_triggers.append(record + (x,) if x else record)
    g.log_event("trigger", "603.2", card=name, ability=ability.text)


def _watch_infos(g: Game) -> tuple:
    """(permanent id, its printed trigger events or None when abilities may be granted) for the
    permanents that may have triggered abilities; cached per battlefield contents (an object id
    always names the same card in a game and its clones)."""
    s = g.s
    objs = s.objects
    key = tuple(s.battlefield)
    cached = s.trigger_watch
    if cached is not None and cached[0] == key:
        return cached[1]
    full = [(oid, _info(objs[oid].card)) for oid in key]
    if any(i[2] for _, i in full):
        infos = tuple((oid, None) for oid, _ in full)  # abilities may be granted: look at every permanent
    else:
        infos = tuple((oid, i[1]) for oid, i in full if i[1])
    s.trigger_watch = (key, infos)
    return infos


def own_triggered(g: Game, o, events: tuple[str, ...]) -> list:
    """The triggered abilities with one of `events` that the permanent `o` has now."""
    ev = _info(o.card)[1]
    if ev.isdisjoint(events):
        infos = _watch_infos(g)
        if not infos or infos[0][1] is not None:
            return []  # no ability granting: its printed text decides
    return [ab for ab in g.chars(o).abilities if isinstance(ab, V.TriggeredAbility) and ab.event in events]


def watchers(g: Game, events: tuple[str, ...]):
    """(permanent, ability) for the triggered abilities with one of `events` on the battlefield now."""
    s = g.s
    known = s.card_events
    if known is not None and known.isdisjoint(events):
        return []  # no card of this game has such a triggered ability (vocab.trigger_events)
    objs = s.objects
    infos = _watch_infos(g)
    out = []
    for oid, evs in infos:
        if evs is not None and evs.isdisjoint(events):
            continue
        o = objs[oid]
        for ab in g.chars(o).abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event in events:
                out.append((o, ab))
    for hook in registry.WATCHER_HOOKS:
        out.extend(hook(g, events))  # abilities that trigger from another zone (113.6k-m)
    return out


@by_identity
def _info(card: V.CardDef) -> tuple:
    """(card, the events of its printed triggered abilities, whether it has a static ability that grants
    abilities): a fast pre-check, cached per card definition."""
    return (card, frozenset(ab.event for ab in card.abilities if isinstance(ab, V.TriggeredAbility)),
            any(isinstance(ab, V.StaticAbility) and ab.granted for ab in card.abilities))
