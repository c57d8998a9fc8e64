"""The event door (DESIGN.md, model/events.py): `perform(event)`, the one function that changes the
game for the events of model/events.py. Replacement effects rewrite the event first (614; where two or
more apply, the affected player or the affected object's controller orders them when the order changes
the result, 616.1: `_replaced`), then it changes the state and is logged with its rule, marks the
state-based actions from its own type (704.3), and the triggered abilities watching for it are
collected (603.2, registry.EVENT_TRIGGERS). `Game` (engine/game.py) has `perform` and `replace_event` as its methods.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, cast

from ..model.events import (
    AttachChange,
    BecameRenowned,
    CastMoved,
    ControlChange,
    CountersPut,
    CountersRemoved,
    Damage,
    DamageRemoved,
    Discard,
    Draw,
    EffectChanged,
    EffectCreated,
    EffectsEnded,
    EntersAttacking,
    Event,
    LifeChange,
    ManaAdded,
    PartChosen,
    PoisonCounters,
    TapChange,
    TokenCreated,
    ZoneChange,
)
from ..model.mana import Bag, format_bag
from ..model.state import BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, STACK
from ..model.vocab import ability_types
from ..model.vocab.statics import GraveyardLayeredStatic
from . import registry
from .registry import RULES

if TYPE_CHECKING:
    from .game import Game

_NO_KEYWORDS: frozenset[str] = frozenset()


# ------------------------------------------------------------------ the event door
def perform(g: Game, event: Event) -> Event | None:
    """Perform `event`, the one door for the changes of model/events.py: replacement effects rewrite
    it (614; the affected player orders several when the order changes the result, 616.1), then it
    changes the state, is logged with its rule, marks the state-based actions from its own type, and
    the triggered abilities watching for it are collected (603.2). Returns the event that happened
    (None: nothing did)."""
    table = registry.REPLACEMENTS
    if type(event) in table:
        finders = table[type(event)]
        for find in finders:  # the cheap look first: most events have none (Game.move is hot)
            if find(g, event):
                replaced = _replaced(g, event, finders)
                if replaced is None:
                    return None
                event = replaced
                break
    perform_one = _PERFORMERS.get(type(event))
    if perform_one is not None:
        done = perform_one(g, event)
        if done is None:
            return None
        event = done
    else:
        performer = registry.EVENT_PERFORMERS.get(type(event))
        if performer is None:
            raise TypeError(f"{type(event).__name__} is not an event the engine performs")
        performer(g, event)
    if event.CHARS:
        g.invalidate()  # 613: its characteristics (or another object's) may have changed
    for collect in registry.EVENT_TRIGGERS.get(type(event), ()):
        collect(g, event)
    return event


# --- what each event changes, and its log line (perform's table, _PERFORMERS)
def _life_change(g: Game, event: LifeChange) -> Event | None:
    pl = g.s.players[event.player]
    pl.life += event.delta
    g._log("life", event.rule, event.SBA, {"player": pl.name, "delta": event.delta, "life": pl.life,
                                               "source": event.source})
    return event

def _tap_change(g: Game, event: TapChange) -> Event | None:
    o = g.s.objects[event.obj]
    o.tapped = event.tapped
    g._log("tap" if event.tapped else "untap", event.rule, event.SBA, {"card": o.card.name, "id": o.id})
    return event

def _mana_added(g: Game, event: ManaAdded) -> Event | None:
    pl = g.s.players[event.player]
    pl.pool = cast(Bag, tuple(a + b for a, b in zip(pl.pool, event.mana)))
    if event.snow:  # 107.4h: this mana may pay {S}
        pl.snow_pool = cast(Bag, tuple(a + b for a, b in zip(pl.snow_pool, event.mana)))
    g._log("add_mana", event.rule, event.SBA, {"player": pl.name, "mana": format_bag(event.mana),
                                                  "source": event.source,
                                                  "tapped_for_mana": event.tapped_for_mana})
    return event

def _counters_put(g: Game, event: CountersPut) -> Event | None:
    if event.amount <= 0:
        return None  # replaced down to none (Vizier of Remedies on one -1/-1 counter)
    o = g.s.objects[event.obj]
    o.counters[event.kind] = o.counters.get(event.kind, 0) + event.amount
    g._log("counters", event.rule, event.SBA, {"card": o.card.name, "kind": event.kind,
                                                  "amount": event.amount})
    return event

def _counters_removed(g: Game, event: CountersRemoved) -> Event | None:
    o = g.s.objects[event.obj]
    have = o.counters.get(event.kind, 0)
    k = min(have, event.amount)
    if k <= 0:
        return None  # none to remove
    if have > k:
        o.counters[event.kind] = have - k
    else:
        del o.counters[event.kind]
    if event.log:
        g._log(event.log, event.rule, event.SBA, {"card": o.card.name, **(event.fields or {})})
    else:
        g._log("remove_counters", event.rule, event.SBA, {"card": o.card.name, "kind": event.kind, "amount": k})
    return event if k == event.amount else dataclasses.replace(event, amount=k)

def _damage_removed(g: Game, event: DamageRemoved) -> Event | None:
    s = g.s
    objs = s.objects
    for oid in event.objs:
        o = objs[oid]
        o.damage = 0
        if event.deathtouch:
            o.deathtouched = False
    _event_line(g, event.SBA, event.rule, "", None)  # no line of its own: the marks a line makes (704.5g)
    return event

def _draw(g: Game, event: Draw) -> Event | None:
    pl = g.s.players[event.player]
    if not pl.library:
        pl.drew_from_empty = True  # 121.4: no card is drawn; 704.5b: checked as a state-based action
        g._log("draw_empty", "121.4", True, {"player": pl.name})
        return None  # nothing was drawn: no "whenever you draw" (121.2)
    event.card = g.move(pl.library[0], HAND, rule=event.rule)
    g._log("draw", event.rule, event.marks_sba(), {"player": pl.name})
    return event

def _discard(g: Game, event: Discard) -> Event | None:
    s = g.s
    o = s.objects[event.obj]
    g._log("discard", event.rule, event.marks_sba(), {"player": s.players[event.player].name,
                                                         "card": o.card.name})
    g.move(event.obj, event.to_zone, rule=event.rule)
    return event

# --- damage, counters, tokens (120.3, 122.1, 111.1)
def _damage(g: Game, event: Damage) -> Event | None:
    """120.3: what damage does to its recipient, in the order the log has always shown: to a player
    the damage is logged (its life loss or poison, 120.3a-b, follows: EVENT_TRIGGERS[Damage]); to a
    creature it is marked or becomes -1/-1 counters (120.3d-e, wither 702.80a, infect 702.90c),
    deathtouch marks it (702.2b), a planeswalker loses that many loyalty counters (120.3c), then the
    damage is logged."""
    n = event.amount
    chars = event.source_chars
    fields: dict[str, Any]
    if event.recipient < 0:
        fields = {"source": event.source, "target": g.s.players[-1 - event.recipient].name, "amount": n,
                  "combat": event.combat}
        if event.source_id is not None:
            fields["source_id"] = event.source_id  # "whose controller was dealt combat damage by CARDNAME this turn"
    else:
        o = g.s.objects[event.recipient]
        c = g.chars(o)
        kws = chars.keywords if chars is not None else _NO_KEYWORDS
        if "Creature" in c.types:
            if "wither" in kws or "infect" in kws:
                perform(g, CountersPut("120.3d", o.id, "-1/-1", n))
            else:
                o.damage += n
            if "deathtouch" in kws:
                o.deathtouched = True
        if "Planeswalker" in c.types:
            # 120.3c: the damage line records it (no counters line: the log has never had one)
            o.counters["loyalty"] = o.counters.get("loyalty", 0) - n
        g.invalidate()
        fields = {"source": event.source, "target": o.card.name, "target_id": o.id, "amount": n,
                  "combat": event.combat}
        if event.source_id is not None:
            fields["source_id"] = event.source_id
    g._log("damage", event.rule, event.SBA, fields)
    return event

def _create_tokens(g: Game, event: TokenCreated) -> TokenCreated:
    """111.1: the tokens enter the battlefield one at a time (each an object, its enters triggers
    looked at as it enters, 603.6a)."""
    s = g.s
    ids = []
    for _ in range(event.amount):
        o = g.new_object(event.card, event.player, BATTLEFIELD)
        o.sick = True
        o.tapped = event.tapped
        RULES.enters_battlefield(g, o, {})
        s.battlefield.append(o.id)
        g.invalidate()
        g._log("create_token", event.rule, event.SBA, {"card": event.card.name, "id": o.id,
                                                          "controller": s.players[event.player].name})
        RULES.entered_battlefield(g, o.id)
        ids.append(o.id)
    return dataclasses.replace(event, ids=tuple(ids))
# --- end of damage, counters, tokens

# --- continuous effects (611.2, 514.2): GameState.effects
def _effect_created(g: Game, event: EffectCreated) -> Event | None:
    g.s.effects.append(event.effect)
    g.invalidate()  # 613: it may change characteristics
    _event_line(g, event.SBA, event.rule, event.log, event.fields)
    return event

def _effects_ended(g: Game, event: EffectsEnded) -> Event | None:
    ended = event.effects
    if not ended:
        return None
    s = g.s
    if len(ended) == 1:
        one = ended[0]
        s.effects = [e for e in s.effects if e is not one]
    else:
        gone = {id(e) for e in ended}  # by identity: records have no equality
        s.effects = [e for e in s.effects if id(e) not in gone]
    g.invalidate()
    _event_line(g, event.SBA, event.rule, event.log, event.fields)
    return event

def _effect_changed(g: Game, event: EffectChanged) -> Event | None:
    effects = g.s.effects
    old = event.old
    i = next(i for i, e in enumerate(effects) if e is old)
    effects[i] = event.new
    g.invalidate()
    _event_line(g, event.SBA, event.rule, "", None)
    return event

def _event_line(g: Game, sba: bool, rule: str, log: str, fields: dict[str, object] | None) -> None:
    """The log line of an event where it has one (an effect's, 611.2); without one, the marks a line makes (the
    position changed: Game._log's version and SBA marks)."""
    if log:
        g._log(log, rule, sba, fields or {})
        return
    s = g.s
    s.version += 1
    if sba or s.volatile_chars:
        s.sba_version += 1
# --- end of continuous effects

def replace_event(g: Game, event: Event) -> Event | None:
    """The event `event` becomes under the replacement effects that apply (614.1, 616.1), without
    performing it: what a permanent enters with (614.1c), a cost's counters (606.4)."""
    if type(event) not in registry.REPLACEMENTS:
        return event
    return _replaced(g, event)

def _affected_player(g: Game, event: Event) -> int:
    """616.1: who orders the replacement effects: the affected player, or the affected object's
    controller (for a card in a player's zone, its owner)."""
    if isinstance(event, TapChange | CountersPut | CountersRemoved):
        return g.s.objects[event.obj].controller
    if isinstance(event, Damage):
        r = event.recipient
        return -1 - r if r < 0 else g.s.objects[r].controller
    if isinstance(event, ZoneChange):
        o = g.s.objects[event.obj]
        return o.controller if o.zone in (BATTLEFIELD, STACK) else o.owner
    return getattr(event, "player", 0)

def _replaced(g: Game, event: Event, finders: list[Callable[[Game, Event], list[registry.Replacement]]] | None = None
              ) -> Event | None:
    """614.1 / 616.1: every way to apply the replacement effects that apply (each once, 614.5; the
    others checked again after each, 616.1e); the affected player chooses the order when orders
    give different results, else the rules make it without asking. An optional effect ("you may",
    Replacement.ask) is asked once its order is chosen; one declined is left out and the others are
    looked at again."""
    if finders is None:
        finders = registry.REPLACEMENTS[type(event)]
    declined: tuple[tuple[Hashable, ...], ...] = ()
    accepted: set[tuple[Hashable, ...]] = set()
    while True:
        first = [r for find in finders for r in find(g, event) if r.key not in declined]
        if not first:
            return event  # none applies (the hot path: nothing walked)
        orders: list[tuple[tuple[registry.Replacement, ...], Event | None]] = []
        outcomes: dict[object, tuple[registry.Replacement, ...]] = {}
        _walk(g, finders, event, first, declined, (), (), orders, outcomes)
        order = _choose_order(g, event, orders, outcomes)
        refused = next((r for r in order if r.ask is not None and r.key not in accepted
                        and not _accepts(g, r, accepted)), None)
        if refused is not None:
            declined += (refused.key,)
            continue
        result: Event | None = event
        for r in order:  # again, in the order chosen: what each one does besides (615.7)
            assert result is not None
            after = r.apply(result)
            if r.then is not None:
                r.then(g, result, after)
            result = after
        _log_replaced(g, event, result, order)
        return result

def _accepts(g: Game, r: registry.Replacement, accepted: set[tuple[Hashable, ...]]) -> bool:
    assert r.ask is not None
    if r.ask(g):
        accepted.add(r.key)
        return True
    return False

def _choose_order(g: Game, event: Event, orders: list[tuple[tuple[registry.Replacement, ...], Event | None]],
                  outcomes: dict[object, tuple[registry.Replacement, ...]]) -> tuple[registry.Replacement, ...]:
    """616.1: the affected player chooses the order when orders give different results (through the
    chooser: the options are orders of Replacement objects; without a chooser, the one
    REPLACEMENT_PREFERRED prefers, else the first found); else one is taken without asking."""
    p = _affected_player(g, event)
    prompt = f"616.1: choose the order of the replacement effects on {type(event).__name__}"
    if len(outcomes) > 1:
        results = list(outcomes.items())
        prefer = registry.REPLACEMENT_PREFERRED.get(type(event))
        if prefer is not None:
            results.sort(key=lambda kv: prefer(kv[0][0]))  # type: ignore[index]  # stable: ties keep the order found
        options = [rs for _, rs in results]
        chosen = g.choose(p, "replacement_order", options, prompt)
    else:
        options = list(dict.fromkeys(rs for rs, _ in orders))
        chosen = g.unasked(p, "replacement_order", options, prompt)
    return next((rs for rs in options if rs == tuple(chosen)), options[0])

def _walk(g: Game, finders: list, ev: Event | None, options: list, done: tuple, names: tuple, uses: tuple,
          orders: list, outcomes: dict) -> None:
    """One step of _replaced's walk: `options` apply to `ev` after those `done` (their keys)."""
    if not options:
        orders.append((names, ev))
        outcomes.setdefault((ev, frozenset(uses)), names)
        return
    seen: set[tuple] = set()
    for r in options:
        same = r.key if r.same is None else r.same
        if same in seen:
            continue  # identical effects: one order of them is enough (616.1)
        seen.add(same)
        assert ev is not None
        after = r.apply(ev)
        key = done + (r.key,)
        # a replacement that made it another kind of event ("put that many -1/-1 counters on that creature
        # instead", Soul-Scar Mage): the finders of the first kind have nothing left to replace
        nxt = [] if after is None or type(after) is not type(ev) else \
            [x for find in finders for x in find(g, after) if x.key not in key]
        _walk(g, finders, after, nxt, key, names + (r,), uses + ((r.key, ev),) if r.uses else uses,
                   orders, outcomes)

def _log_replaced(g: Game, event: Event, result: Event | None, order: tuple[registry.Replacement, ...]) -> None:
    """The log line of the replacement effects applied to `event` (614.1a; 616.1 when several)."""
    rule = "616.1" if len(order) > 1 else "614.1a"
    if all(r.log is not None for r in order):
        for r in order:  # the effects' own lines (614.1a "replace": where a card goes instead)
            assert r.log is not None
            g._log(r.log[0], r.log[1], True, dict(r.log[2]))
        return
    # --- damage, counters, tokens: their lines as the log has always shown them
    if isinstance(event, Damage):
        # each prevention effect logs what it prevented (615.7, Replacement.then); the others are named here
        order = tuple(r for r in order if r.then is None)
        if order:
            g._log("replacement", "616.1" if len(order) > 1 else "614.1a", True,
                      {"replaced": "Damage", "by": [r.name for r in order]})
        return
    if isinstance(event, CountersPut):
        g._log("counter_replacement", rule, True, {
            "card": g.s.objects[event.obj].card.name, "kind": event.kind, "would": event.amount,
            "amount": result.amount if isinstance(result, CountersPut) else 0, "by": [r.name for r in order]})
        return
    if isinstance(event, TokenCreated):
        if isinstance(result, TokenCreated) and result.amount != event.amount:
            g._log("token_replacement", "614.1a", True, {"card": event.card.name, "amount": result.amount})
        return
    # --- end of damage, counters, tokens
    g._log("replacement", rule, True, {"replaced": type(event).__name__, "by": [r.name for r in order]})


def _zone_change(g: Game, event: ZoneChange) -> Event | None:
    """Perform a zone change: the object leaves its zone (last known information, 608.2h, 603.10;
    506.4 it leaves combat), a new object enters the other (400.7), is logged, and the consequences
    follow in this order: leaves-the-battlefield triggers and hooks, enters hooks and triggers
    (EVENT_TRIGGERS[ZoneChange] then collects the other zone-change triggers)."""
    s = g.s
    oid = event.obj
    to = event.to_zone
    o = s.objects[oid]
    frm = o.zone
    if frm == BATTLEFIELD:
        s.lki[oid] = (o.copy(), g.chars(o))
        s.battlefield.remove(oid)
        # Auras attached to it are put into the graveyard by SBA (704.5m): handled in sba.
        if s.combat:
            RULES.remove_from_combat(g, oid)
    elif frm == STACK:
        for leaving in registry.LEAVING_STACK_HOOKS:
            leaving(g, o, to)
        s.lki[oid] = (o.copy(), g.chars(o))  # 608.2h: "its controller" of a countered spell
    else:
        g.zone_list(o).remove(oid)
    new = g.new_object(o.card, o.owner, to)
    new.previous_id = oid
    if o.face_down is not None:  # 708.3-708.4 stays face down onto the battlefield; 708.9 else revealed
        RULES.face_down_moved(g, o, new, frm, to)
    if o.own_card is not None:
        if to == BATTLEFIELD and o.own_card.layout == "modal_dfc" and any(o.card is f for f in o.own_card.faces):
            new.own_card = o.own_card  # 712.8f, 712.12-712.13: a permanent has the face it was put onto the battlefield with
        else:
            new.card = o.own_card  # 707.5 / 400.7: it was a copy as it entered, or another part on the stack
            # (715.4, 712.8a, 709.4); the new object is its own card
    s.successor[oid] = new.id
    del s.objects[oid]
    if to == BATTLEFIELD:
        new.controller = o.owner if event.controller is None else event.controller
        new.sick = True
        new.cast_x = event.cast_x
        new.tapped = event.tapped
        if new.card.loyalty is not None and "Planeswalker" in new.card.types:
            new.counters["loyalty"] = new.card.loyalty  # 306.5b
        RULES.enters_battlefield(g, new, event.etb_choices or {})
        s.battlefield.append(new.id)
    elif to == STACK:
        new.controller = o.controller if event.controller is None else event.controller
    else:
        lst = s.players[o.owner].zone_list(to)
        if event.bottom:
            lst.append(new.id)
        elif to == LIBRARY:
            lst.insert(0 if event.index is None else event.index, new.id)
        else:
            lst.append(new.id)
        if to == LIBRARY and event.shuffle:
            s.rng.shuffle(lst)  # 701.20a: shuffled into it (the game's seeded RNG)
            g.record("shuffle", "701.20a", player=s.players[o.owner].name)
    if frm == BATTLEFIELD or to == BATTLEFIELD or (GRAVEYARD in (frm, to) and GraveyardLayeredStatic in ability_types(o.card)):
        g.invalidate()  # 113.6: Wonder's static functions from the graveyard
    g._log("zone_change", event.rule, event.marks_sba(),
              {"card": o.card.name, "id": new.id, "old_id": oid, "from_zone": frm, "to_zone": to,
               "owner": s.players[o.owner].name})
    if frm == BATTLEFIELD:
        RULES.left_battlefield(g, oid, to)
        for hook in registry.LEFT_BATTLEFIELD_HOOKS:
            hook(g, oid, to)
    if to == BATTLEFIELD:
        for entered in registry.ENTERED_BATTLEFIELD_HOOKS:
            entered(g, oid, new.id, frm)
        RULES.entered_battlefield(g, new.id)
    return event


# --- attachments, control, poison (701.3, 303.4f, 108.4, 613.1b, 601.2a, 122.1f)
def _attach(g: Game, event: AttachChange) -> Event | None:
    """701.3a / 701.3d: `obj` becomes attached to `to`, or unattached; 613.7e: a new timestamp."""
    s = g.s
    o = s.objects[event.obj]
    o.attached_to = event.to
    if event.restamp:
        o.timestamp = s.next_timestamp
        s.next_timestamp += 1
    if event.to is None:
        g._log("unattach", event.rule, event.SBA, {"card": o.card.name, "id": o.id})
    else:
        g._log("attach", event.rule, event.SBA, {"card": o.card.name, "to": g.name_of(event.to),
                                                  "to_id": event.to})
    return event

def _control_change(g: Game, event: ControlChange) -> Event | None:
    """108.4 / 613.1b: a new controller; 302.6: it hasn't been controlled continuously since the turn
    began; 506.4: it leaves combat."""
    s = g.s
    o = s.objects[event.obj]
    old = o.controller
    if old == event.player:
        return None
    o.controller = event.player
    o.sick = True
    if s.combat is not None:
        RULES.remove_from_combat(g, o.id)
    g._log("control_change", event.rule, event.SBA, {"card": o.card.name, "id": o.id,
                                                      "player": s.players[event.player].name,
                                                      "previous": s.players[old].name})
    return event

def _cast_moved(g: Game, event: CastMoved) -> Event | None:
    """601.2a: the card leaves its zone for the stack under its caster's control (108.4a). Not logged:
    the "cast" line that follows records it (601.2i)."""
    o = g.s.objects[event.obj]
    g.zone_list(o).remove(o.id)
    o.zone = STACK
    o.controller = event.player
    return event

def _poison_counters(g: Game, event: PoisonCounters) -> Event | None:
    """122.1f: poison counters on a player (704.5c looks at them)."""
    if event.amount <= 0:
        return None
    pl = g.s.players[event.player]
    pl.poison += event.amount
    g._log("counters", event.rule, event.SBA, {"player": pl.name, "kind": "poison", "amount": event.amount,
                                                "poison": pl.poison, "source": event.source})
    return event
# --- end of attachments, control, poison


def _enters_attacking(g: Game, event: EntersAttacking) -> Event | None:
    s = g.s
    if s.combat is None:
        return None
    s.combat.attackers[event.obj] = event.defender
    g._log("enters_attacking", event.rule, event.SBA, {"card": s.objects[event.obj].card.name,
                                                       **(event.fields or {})})
    return event

def _became_renowned(g: Game, event: BecameRenowned) -> Event | None:
    s = g.s
    # an immutable set, so that clone()'s shallow copy of the state stays independent
    s.renowned = s.renowned | {event.obj}
    g._log("renowned", event.rule, event.SBA, {"card": s.objects[event.obj].card.name, "counters": event.counters})
    return event


def _part_chosen(g: Game, event: PartChosen) -> Event | None:
    o = g.s.objects[event.obj]
    assert event.part is not None
    g._log(event.log, event.rule, event.SBA, {"card": o.card.name, **(event.fields or {})})
    o.own_card = o.card
    o.card = event.part
    return event


# perform's table: an event class -> what it changes and logs, returning the event that happened.
_PERFORMERS: dict[type, Callable[[Game, Any], Event | None]] = {
    LifeChange: _life_change, TapChange: _tap_change, ManaAdded: _mana_added,
    EffectCreated: _effect_created, EffectsEnded: _effects_ended, EffectChanged: _effect_changed,
    ZoneChange: _zone_change, Draw: _draw, Discard: _discard,
    Damage: _damage, CountersPut: _counters_put, CountersRemoved: _counters_removed,
    DamageRemoved: _damage_removed,
    TokenCreated: _create_tokens,
    AttachChange: _attach, ControlChange: _control_change, CastMoved: _cast_moved, PoisonCounters: _poison_counters,
    EntersAttacking: _enters_attacking, BecameRenowned: _became_renowned, PartChosen: _part_chosen,
}
