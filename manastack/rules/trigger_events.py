"""CR 603: more trigger events (compiled by cards/templates/triggers_*.py).

Each function is called by a small hook where its event happens (effects.py: deal_damage,
scry / surveil, explore; stack.py: targets chosen, mana paid, resolution, a kicked permanent entering;
the event door, registry.EVENT_TRIGGERS: zone changes, discards, life loss; game.py: before priority;
triggers.py: attacks, steps, tapping, life gain, casting) and adds the triggered abilities that match
to the pending triggers (603.2, put on the stack by 603.3).

- 603.4 intervening "if" clauses: TriggeredAbility.intervening (checked by trigger_queue.queue as the event
  happens and by `still_holds` as the ability resolves; rules/intervening.py says whether one holds).
- 603.8 state triggers ("When you control no Islands, sacrifice CARDNAME"): `state_triggers`, checked
  whenever a player would receive priority; a state trigger doesn't trigger again while it is on the
  stack (or waiting to be put there).
- 603.10a: abilities that trigger on a permanent leaving the battlefield (put into a graveyard,
  sacrificed, leaving) look back in time, so the permanent's own abilities see its own departure;
  abilities that trigger when cards leave a graveyard look back in time too.
- 603.2c: an ability triggers once for each occurrence; "one or more" abilities trigger once for an
  event that moves several cards at once (`zone_changed` batches cards leaving a graveyard until the
  next time triggered abilities are put on the stack, `flush`) and once per combat damage step
  (510.2: "one or more creatures you control deal combat damage to a player").
- 702.29c: "When you cycle CARDNAME" means "when you discard CARDNAME to pay a cycling cost"; it
  triggers from the zone the card went to. 702.29d: "Whenever you cycle or discard a card" triggers
  once when a card is cycled (cycling is a discard). 701.8: "Whenever an opponent discards a card".
- 120.3 / 603.2: "Whenever CARDNAME deals damage to a player / an opponent / a creature" triggers once
  per recipient ("that player" / "that creature" is the recipient); "When enchanted creature is dealt
  damage"; 510.2 "deals combat damage to a player or planeswalker", "a creature deals combat damage
  to you".
- 120.3 / 603.2c: "Whenever CARDNAME is dealt (combat) damage, ... that much": once per damage event (the
  damage several sources deal at once, 510.2, is one), "that much" its total.
- 120.3 / 603.2: "Whenever an opponent is dealt damage by a red instant or sorcery spell you control or by a
  red planeswalker you control" (the source's characteristics as it deals the damage).
- 603.2: "When CARDNAME becomes the target of a spell or ability" triggers as the spell is cast
  (601.2c), the ability activated (602.2b) or put on the stack (603.3d).
- 506.3 / 506.5 / 508.1: "Whenever a creature you control attacks", "Whenever you attack with N or
  more creatures" (508.1: one declaration), "Whenever a creature attacks you (or a planeswalker you
  control)", "Whenever equipped creature attacks alone".
- 503.1: "at the beginning of the upkeep of enchanted creature's controller".
- 701.17a: "Whenever you / a player sacrifices a Clue / another permanent", "when you sacrifice it".
- 603.2f: "Whenever enchanted creature / a creature an opponent controls becomes tapped".
- 119.3 / 119.9: "Whenever you gain life for the first time each turn", "... gain / lose life during
  your turn"; 700.14 "Whenever you expend N"; 701.18d / 701.42d "Whenever you scry / surveil";
  701.40a "Whenever a creature you control explores"; 305.1 "Whenever a player plays a land";
  603.6c "Whenever a land card is put into your graveyard from anywhere"; 701.36a "Whenever you investigate for
  the first time each turn" (investigations logged, counted from this turn's log).
- 122.8: "Whenever a +1/+1 counter is removed from CARDNAME" (once per counter removed); 603.2c "Whenever CARDNAME deals
  damage to one or more creatures" (once per damage event).
- 603.2: "Whenever one or more land cards are put into your graveyard from anywhere for the first time each turn"
  (GameState.graveyard_types_this_turn: the card types put into each graveyard this turn, kept for every game).
- 603.2c / 603.10a: "Whenever one or more cards are put into exile from your graveyard, put that many +1/+1
  counters on CARDNAME" (once per batch, X the number of cards exiled).
- 122.6: "Whenever one or more +1/+1 counters are put on CARDNAME / a creature you control" (`counters_put`).
- 702.29a: "whenever you cycle another card for the first time each turn" (event "cycle_first": the player's
  cycled cards this turn are counted from the log).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, cast

from ..engine import registry
from ..model import vocab as V
from ..model.events import CountersPut, CountersRemoved, Damage, Discard, LifeChange, ZoneChange
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, StackItem
from ..model.vocab import TriggeredAbility
from ..model.vocab.effects import ThatMuchDamage
from . import intervening, trigger_queue
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import StackItem


CYCLING_RULE = "702.29a"  # rules/stack.py discards a card with this rule only to pay a cycling cost
SACRIFICE_RULE = "701.17a"  # every sacrifice moves the permanent with this rule
PLAY_LAND_RULE = "305.1"  # rules/stack.py play_land moves the land with this rule (only there)


def _who_ok(who: str, watcher_controller: int, player: int) -> bool:
    """"you" / "an opponent" / "a player" (who did it, relative to the ability's controller)."""
    return who == "any" or (who == "you") == (player == watcher_controller)


# --------------------------------------------------------------------------------- 603.4 "if"


def remember_kicked(g: Game, oid: int) -> None:
    """A permanent spell that was kicked became the permanent `oid` (608.3, 702.33d). A frozenset
    in the state's dict: GameState.clone copies it (immutable, so shared safely)."""
    s = g.s
    s.kicked_permanents = s.kicked_permanents | {oid}


def remember_costs_paid(g: Game, oid: int, kinds: frozenset[str]) -> None:
    """A permanent spell cast for its surge (spectacle, madness, emerge) cost became the permanent `oid`
    (608.3): "When CARDNAME enters, if its surge cost was paid" reads it (603.4)."""
    s = g.s
    s.costs_paid_permanents = s.costs_paid_permanents | {(oid, k) for k in kinds}


def still_holds(g: Game, item: StackItem) -> bool:
    """603.4: the intervening "if" clause is checked again as the ability resolves; false, the
    ability is removed from the stack and does nothing."""
    ab = item.ability
    cond = getattr(ab, "intervening", None)
    if cond is None:
        return True
    event_obj = item.choices[0] if item.choices else None
    source = item.source_lki[0].id if item.source_lki else item.source
    if intervening.holds(g, cond, source, item.source_lki, event_obj):
        return True
    g.log_event("intervening_if_false", "603.4", card=item.name, ability=ab.text)
    return False


# ----------------------------------------------------------------------------- discard / cycle

def _discarded(g: Game, e: Discard) -> None:
    """registry.EVENT_TRIGGERS[Discard]: 701.8, a player discarded a card."""
    new_id = g.s.successor.get(e.obj)
    if new_id is not None:
        discarded(g, e.player, e.obj, new_id, e.rule, e.x)


def discarded(g: Game, p: int, old_id: int, new_id: int, rule: str, x: int = 0) -> None:
    """701.8: player `p` discarded the card `old_id` (now `new_id` in the graveyard); `x`: the X of the
    cycling cost the discard paid (its "when you cycle CARDNAME" trigger's X)."""
    s = g.s
    cycled = rule == CYCLING_RULE
    o = s.objects.get(new_id)
    if o is None:
        return
    if cycled:
        # 702.29c: its own "when you cycle CARDNAME" triggers from the zone it went to.
        for ab in o.card.abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event == "cycle_self":
                trigger_queue.queue(g, p, new_id, ab, None, o.card.name, x=x)
    first_cycle: bool | None = None
    for w, ab in trigger_queue.watchers(g, ("discard", "cycle", "cycle_first")):
        if ab.event in ("cycle", "cycle_first") and not cycled:
            continue
        if ab.event == "cycle_first":
            if first_cycle is None:
                first_cycle = _cycles_this_turn(g, p) == 1
            if not first_cycle:
                continue  # "whenever you cycle another card for the first time each turn" (Valiant Rescuer)
        if not _who_ok(ab.who, w.controller, p):
            continue
        if ab.scope == "another" and w.id == old_id:
            continue
        if ab.filter is not None and not _targeting_module.matches_filter(g, ab.filter, o, w.controller, w.id):
            continue
        trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - p)  # "that player"


def _cycles_this_turn(g: Game, p: int) -> int:
    """702.29a: how many cards player `p` has cycled this turn (the discards paying a cycling cost), read from
    this turn's log."""
    s = g.s
    name = s.players[p].name
    n = 0
    for e in reversed(s.log):
        if e.get("turn") != s.turn:
            break
        if e.get("event") == "discard" and e.get("rule") == CYCLING_RULE and e.get("player") == name:
            n += 1
    return n


# ------------------------------------------------------------------------------- targeting

def became_target(g: Game, p: int, item: StackItem) -> None:
    """The spell or ability `item` controlled by `p` has just been put on the stack with its targets:
    each permanent it targets becomes the target of it (once, however often it is targeted)."""
    s = g.s
    watchers = None
    for t in dict.fromkeys(item.targets):
        if isinstance(t, int) and t < 0:  # a player: "whenever you or a permanent you control becomes the target"
            for w, ab in trigger_queue.watchers(g, ("becomes_target",)):
                if ab.scope == "you_or_yours" and w.controller == -1 - t and _target_source_ok(ab, item, p, w.controller):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - p)  # "that player"
            continue
        o = s.objects.get(t) if isinstance(t, int) else None
        if o is None or o.zone != BATTLEFIELD:
            continue
        for ab in g.chars(o).abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event == "becomes_target" and ab.scope == "self" \
                    and _target_source_ok(ab, item, p, o.controller):
                trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name, event_obj=-1 - p)  # "that player"
        if watchers is None:
            watchers = trigger_queue.watchers(g, ("becomes_target",))
        for w, ab in watchers:
            if ab.scope == "enchanted" and w.attached_to == o.id and _target_source_ok(ab, item, p, w.controller):
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)  # "that creature"
            elif ab.scope == "you_or_yours" and o.controller == w.controller \
                    and _target_source_ok(ab, item, p, w.controller):
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - p)  # "that player"
            elif ab.scope == "filter" and _target_source_ok(ab, item, p, w.controller):
                if ab.filter is None or _targeting_module.matches_filter(g, ab.filter, o, w.controller, w.id):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)  # "it": that permanent


def _target_source_ok(ab: V.TriggeredAbility, item: StackItem, p: int, relative_to: int) -> bool:
    """"a spell or ability" / "a spell" / "an ability", optionally "an opponent controls" (an opponent
    of `relative_to`, the controller the text speaks of)."""
    kind = ab.who.split(":")[0]
    if kind == "spell" and item.kind != "spell":
        return False
    if kind == "ability" and item.kind == "spell":
        return False
    if ab.who.endswith(":you"):
        return p == relative_to
    return not ab.who.endswith(":opponent") or p != relative_to


# --------------------------------------------------------------------------------- damage

def damage_dealt(g: Game, source: int | None, target: int, n: int, combat: bool = False) -> None:
    """120.3: `source` (an object id, or None) dealt `n` > 0 damage to `target` (a player ref < 0, or a
    permanent). "Whenever CARDNAME deals damage to a player" triggers once per recipient; "Whenever
    enchanted creature is dealt damage" once per damage event to it."""
    s = g.s
    t = s.objects.get(target) if target >= 0 else None
    if t is not None:
        for w, ab in trigger_queue.watchers(g, ("attached_dealt_damage",)):
            if w.attached_to == target:
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=target)  # "it": that creature
        _permanent_dealt_damage(g, t)
        _dealt_that_much(g, t, n, combat)
    if source is None:
        return
    o = s.objects.get(source)
    if o is None or o.zone != BATTLEFIELD:
        return
    types = g.chars(t).types if t is not None else frozenset()
    if target < 0 and "Creature" in g.chars(o).types:
        for w, ab in trigger_queue.watchers(g, ("combat_damage_to_you",)):
            if -1 - target == w.controller and combat:
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)  # "that creature", "it"
    if combat and target < 0:
        _group_combat_damage(g, o, target)
    if combat:
        _deals_combat_damage_any(g, o)
        for ab in g.chars(o).abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event == "deals_combat_damage" and (
                    target < 0 or "Planeswalker" in types):
                trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name, event_obj=target)  # "a player or planeswalker"
    if t is not None and "Creature" not in types:
        return
    for ab in g.chars(o).abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "deals_damage" and _recipient_ok(ab.who, o.controller,
                                                                                             target):
            if ab.scope == "one_or_more":
                # "deals damage to one or more creatures": once per damage event (603.2c)
                marks = g.damage_event_marks
                key = ("one_or_more", o.id, ab.text)
                if marks is not None:
                    if key in marks:
                        continue
                    marks.add(key)
            trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name, event_obj=target)
    for w, ab in trigger_queue.watchers(g, ("attached_deals_damage",)):
        if w.attached_to == source and _recipient_ok(ab.who, o.controller, target):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=target)


def _deals_combat_damage_any(g: Game, o: Any) -> None:
    """"Whenever CARDNAME / equipped creature deals combat damage" (510.2, 603.2c): once per combat damage
    event, the first time `o` deals damage in it (the event's marks remember it)."""
    marks = g.damage_event_marks
    found = trigger_queue.own_triggered(g, o, ("deals_combat_damage_any",))
    found = [(o, ab) for ab in found] + [(w, ab) for w, ab in trigger_queue.watchers(g, ("attached_deals_combat_damage",))
                                         if w.attached_to == o.id]
    for w, ab in found:
        key = ("deals_combat_damage_any", w.id, o.id, ab.text)
        if marks is not None:
            if key in marks:
                continue
            marks.add(key)
        trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)


def _player_dealt_damage_by(g: Game, ev: Damage) -> None:
    """registry.EVENT_TRIGGERS[Damage]: "Whenever an opponent is dealt damage by a red instant or sorcery spell
    you control or by a red planeswalker you control" (120.3, 603.2): the source's characteristics as it
    dealt the damage (a spell on the stack, a permanent) and its controller."""
    chars = ev.source_chars
    if ev.recipient >= 0 or ev.amount <= 0 or chars is None:
        return
    p = -1 - ev.recipient
    for w, ab in trigger_queue.watchers(g, ("player_dealt_damage_by",)):
        if ab.who == "opponent" and p == w.controller:
            continue
        flt = ab.filter
        if flt is not None and ((flt.types and not flt.types & chars.types)
                                or (flt.colors and not flt.colors & chars.colors)
                                or (flt.controller == "you" and ev.source_controller != w.controller)
                                or (flt.controller == "opponent" and ev.source_controller == w.controller)):
            continue
        trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=ev.recipient)  # "that player"


registry.EVENT_TRIGGERS.setdefault(Damage, []).append(_player_dealt_damage_by)


def _dealt_that_much(g: Game, t: Any, n: int, combat: bool) -> None:
    """"Whenever CARDNAME is dealt (combat) damage, you gain that much life" ("enchanted creature": Soul Link):
    triggers once per damage event, damage dealt at once by several sources (510.2 combat damage, one
    effect's damage) being one event (603.2c), whose total "that much" is."""
    found = [(t, ab) for ab in trigger_queue.own_triggered(g, t, ("dealt_damage_that_much",)) if ab.who != "enchanted"]
    found += [(w, ab) for w, ab in trigger_queue.watchers(g, ("dealt_damage_that_much",))
              if ab.who == "enchanted" and w.attached_to == t.id]
    for w, ab in found:
        if ab.scope == "combat" and not combat:
            continue
        _queue_that_much(g, w, ab, n, t.id)


def _deals_that_much(g: Game, ev: Damage) -> None:
    """registry.EVENT_TRIGGERS[Damage]: "Whenever CARDNAME / enchanted creature / a noncreature source you
    control deals damage, you gain that much life" (120.3, 603.2c): once per damage event the source deals,
    whatever it dealt damage to; "that much" is its total in the event (510.2 combat damage, one effect's
    damage to several recipients)."""
    if ev.amount <= 0 or ev.source_id is None:
        return
    found = []
    for w, ab in trigger_queue.watchers(g, ("deals_damage_that_much",)):
        if ab.scope == "self" and w.id == ev.source_id:
            found.append((w, ab))
        elif ab.scope == "attached" and w.attached_to == ev.source_id:
            found.append((w, ab))
        elif (ab.scope == "noncreature_you" and ev.source_chars is not None and ev.source_controller == w.controller
              and "Creature" not in ev.source_chars.types):
            found.append((w, ab))
    for w, ab in found:
        _queue_that_much(g, w, ab, ev.amount, ev.source_id)


registry.EVENT_TRIGGERS.setdefault(Damage, []).append(_deals_that_much)


def _queue_that_much(g: Game, w: Any, ab: V.TriggeredAbility, n: int, about: int) -> None:
    """Queue `w`'s "that much" ability `ab` for `n` damage of the event concerning the object `about` (the
    object dealt or dealing the damage): a second damage of the same simultaneous event adds to the
    pending trigger's amount instead (603.2c: one event)."""
    key = ("that_much", w.id, ab.text, about)
    marks = g.damage_event_marks
    if marks is not None and key in marks:
        pending = g.s.pending_triggers
        for i in range(len(pending) - 1, -1, -1):
            entry = pending[i]
            if entry[1] == w.id and entry[2].text == ab.text and entry[6] == about:
                total = _that_much_of(entry[2]) + n
                pending[i] = (*entry[:2], with_that_much(ab, total), *entry[3:])
                break
        return
    if marks is not None:
        marks.add(key)
    trigger_queue.queue(g, w.controller, w.id, with_that_much(ab, n), None, w.card.name, event_obj=about)


def with_that_much(ab: V.TriggeredAbility, n: int) -> V.TriggeredAbility:
    """`ab` with its ThatMuchDamage amounts made `n` (the damage of the event it triggers on)."""
    return dataclasses.replace(ab, effects=_substitute_amount(ab.effects, n))


def _substitute_amount(x: Any, n: int) -> Any:
    """`x` (effects, tuples of them) with every ThatMuchDamage amount made ThatMuchDamage(n)."""
    if isinstance(x, ThatMuchDamage):
        return ThatMuchDamage(n)
    if isinstance(x, tuple):
        return tuple(_substitute_amount(y, n) for y in x)
    if isinstance(x, V.Effect):
        return dataclasses.replace(cast(Any, x), **{f.name: _substitute_amount(getattr(x, f.name), n)
                                                    for f in dataclasses.fields(x) if f.init})
    return x


def _that_much_of(ab: V.TriggeredAbility) -> int:
    """The "that much" already written into a triggered ability (0: none)."""
    def find(x: Any) -> int | None:
        if isinstance(x, ThatMuchDamage):
            return x.amount
        items = x if isinstance(x, tuple) else (
            [getattr(x, f.name) for f in dataclasses.fields(x)] if isinstance(x, V.Effect) else ())
        for y in items:
            found = find(y)
            if found is not None:
                return found
        return None
    return find(ab.effects) or 0


def _that_much_damage(g: Game, ctx: Any, a: ThatMuchDamage) -> int:
    return a.amount


registry.AMOUNT_RESOLVERS[ThatMuchDamage] = _that_much_damage


def _permanent_dealt_damage(g: Game, t: Any) -> None:
    """"Whenever a creature you control is dealt damage" (Rite of Passage): once per damage event to each
    such permanent, damage from several sources at once (510.2) being one event (603.2c); "it" is that
    permanent."""
    watchers = trigger_queue.watchers(g, ("permanent_dealt_damage",))
    if not watchers:
        return
    marks = g.damage_event_marks
    for w, ab in watchers:
        if ab.filter is None or not _targeting_module.matches_filter(g, ab.filter, t, w.controller, w.id):
            continue
        key = ("dealt_damage", w.id, ab.text, t.id)
        if marks is not None:
            if key in marks:
                continue
            marks.add(key)
        trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=t.id)


def _group_combat_damage(g: Game, o: Any, target: int) -> None:
    """510.2 / 603.2c: "Whenever one or more creatures you control deal combat damage to a player"
    triggers once per combat damage step and player, however many of them dealt damage (the
    (turn, step, ability source, player) already seen are kept in the state's dict, immutable)."""
    watchers = trigger_queue.watchers(g, ("group_combat_damage",))
    if not watchers:
        return
    s = g.s
    seen = s.combat_damage_groups
    for w, ab in watchers:
        key = (s.turn, s.step, w.id, target)
        if key in seen or o.controller != w.controller:
            continue
        if ab.who == "opponent" and -1 - target == w.controller:
            continue
        if ab.filter is None or _targeting_module.matches_filter(g, ab.filter, o, w.controller, w.id):
            seen = seen | {key}
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=target)  # "that player"
    s.combat_damage_groups = seen


def _recipient_ok(who: str, damage_controller: int, target: int) -> bool:
    if who == "creature":
        return target >= 0
    if target >= 0:
        return False
    return who == "player" or (who == "opponent" and -1 - target != damage_controller)


# --------------------------------------------------------------------------------- combat

def attacked(g: Game, attackers: list[int]) -> None:
    """508.1: attackers were declared (one event)."""
    s = g.s
    if not attackers:
        return
    matches_filter = _targeting_module.matches_filter
    ctrl = s.objects[attackers[0]].controller
    cb = s.combat
    for w, ab in trigger_queue.watchers(g, ("attacks_filter", "you_attack_n", "attacks_you", "attached_attacks_alone")):
        if ab.event == "attached_attacks_alone":
            if len(attackers) == 1 and w.attached_to == attackers[0]:  # 506.5: "attacks alone"
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=attackers[0])  # "it": the creature
            continue
        if ab.event == "you_attack_n":
            # scope "self": "Whenever CARDNAME and at least three other creatures attack"
            if (ab.who == "any" or w.controller == ctrl) and (ab.scope != "self" or w.id in attackers) and sum(
                    1 for a in attackers if ab.filter is None or matches_filter(
                        g, ab.filter, s.objects[a], w.controller, w.id)) >= ab.count:
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)
            continue
        for a in attackers:
            o = s.objects[a]
            if ab.event == "attacks_filter":
                if ab.filter is None or matches_filter(g, ab.filter, o, w.controller, w.id):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=a)  # "it": that creature
            elif cb is not None and o.controller != w.controller:
                # "Whenever a creature attacks you or a planeswalker you control" (506.3: attacked player)
                d = cb.attackers.get(a)
                pw = s.objects.get(d) if d is not None and d >= 0 else None
                if d == -1 - w.controller or (ab.scope != "player" and pw is not None and pw.controller == w.controller):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=a)


# ----------------------------------------------------------------------------------- steps

def step_began(g: Game, event: str) -> None:
    """503.1: "at the beginning of the upkeep of enchanted creature's controller"."""
    if event != "upkeep":
        return
    s = g.s
    for w, ab in trigger_queue.watchers(g, ("upkeep_enchanted",)):
        host = s.objects.get(w.attached_to) if w.attached_to is not None else None
        if host is not None and host.zone == BATTLEFIELD and host.controller == s.active:
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - s.active)  # "that player"


# ------------------------------------------------------------------------------ zone changes

def card_played(g: Game, p: int) -> None:
    """"Whenever you play a card" (Recycle): to play a card is to play it as a land (305.1) or to cast it as a
    spell (601.2i; Glossary "Play"); called for both."""
    for w, ab in trigger_queue.watchers(g, ("play_card",)):
        if _who_ok(ab.who, w.controller, p):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - p)  # "that player"


def zone_changed(g: Game, e: ZoneChange) -> None:
    """registry.EVENT_TRIGGERS[ZoneChange], after every zone change and its consequences (Game.perform;
    400.7: the object it moved became a new one)."""
    old_id, frm, to, rule = e.obj, e.from_zone, e.to_zone, e.rule
    new_id = g.s.successor[old_id]
    if to == BATTLEFIELD and rule == PLAY_LAND_RULE:
        o = g.s.objects.get(new_id)
        if o is not None:
            for w, ab in trigger_queue.watchers(g, ("play_land",)):
                if ab.filter is not None and ab.filter.other and o.id == w.id:
                    continue  # "when you play another land": not the land itself (City of Traitors)
                if _who_ok(ab.who, w.controller, o.controller):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - o.controller)  # "that player"
            card_played(g, o.controller)
    if to == GRAVEYARD:
        o = g.s.objects.get(new_id)
        if o is not None:
            _first_of_type_to_graveyard(g, o)
            for w, ab in trigger_queue.watchers(g, ("card_to_your_graveyard",)):
                # "Whenever a land card is put into your graveyard from anywhere" (603.6c: not a
                # leaves-the-battlefield ability; the card as it is in the graveyard)
                if o.owner == w.controller and (ab.filter is None or _card_matches(g, ab.filter, o.card, o.owner)):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=new_id)
    if frm == BATTLEFIELD:
        _left_battlefield(g, old_id, to, rule)
    elif frm == GRAVEYARD:
        o = g.s.objects.get(new_id)
        if o is not None:
            # 603.10a: looks back in time (the card as it was in the graveyard; a card's characteristics
            # there are its printed ones).
            batch = g.s.graveyard_leavers
            g.s.graveyard_leavers = batch + ((o.owner, o.card, to),)


def _first_of_type_to_graveyard(g: Game, o: Any) -> None:
    """603.2: "Whenever one or more land cards are put into your graveyard from anywhere for the first time each
    turn" (Crawling Sensation): the turn's record of the card types put into each graveyard is kept whether or
    not such an ability exists (one that arrives later in the turn doesn't trigger for a land put there before);
    the first land card of the turn triggers it, the others of the same event don't."""
    s = g.s
    if o.card.is_token:
        return  # a token is no card (111.1), even for the moment it is in a graveyard (704.5d)
    turn, seen = s.graveyard_types_this_turn
    if turn != s.turn:
        seen = frozenset()
    new = {(o.owner, t) for t in o.card.types} - seen
    if turn != s.turn or new:
        s.graveyard_types_this_turn = (s.turn, seen | new)
    if not new:
        return
    for w, ab in trigger_queue.watchers(g, ("first_type_to_your_graveyard",)):
        if w.controller == o.owner and ab.filter is not None and any((o.owner, t) in new for t in ab.filter.types):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)


def _left_battlefield(g: Game, old_id: int, to: str, rule: str) -> None:
    s = g.s
    lki = s.lki.get(old_id)
    if lki is None:
        return
    obj, chars = lki
    for ab in chars.abilities:
        if not isinstance(ab, V.TriggeredAbility):
            continue
        if ab.event == "etb_or_leaves" or (ab.event == "etb_or_to_graveyard" and to == GRAVEYARD):
            trigger_queue.queue(g, obj.controller, old_id, ab, lki, obj.card.name)
        elif ab.event == "to_graveyard_filter" and to == GRAVEYARD and ab.filter is not None \
                and not ab.filter.other and _targeting_module.matches_filter_lki(g, ab.filter, obj, chars, obj.controller, None):
            trigger_queue.queue(g, obj.controller, old_id, ab, lki, obj.card.name)  # 603.10a: its own departure too
        elif ab.event in ("sacrifice", "leaves_filter") and (ab.event == "leaves_filter" or rule == SACRIFICE_RULE) \
                and ab.filter is not None and not ab.filter.other \
                and _targeting_module.matches_filter_lki(g, ab.filter, obj, chars, obj.controller, None):
            trigger_queue.queue(g, obj.controller, old_id, ab, lki, obj.card.name)
        elif ab.event == "sacrifice_self" and rule == SACRIFICE_RULE:
            trigger_queue.queue(g, obj.controller, old_id, ab, lki, obj.card.name)  # "when you sacrifice CARDNAME"
    events = ("to_graveyard_filter", "leaves_filter")
    if rule == SACRIFICE_RULE:
        events += ("sacrifice",)
    for w, ab in trigger_queue.watchers(g, events):
        if ab.event == "to_graveyard_filter" and to != GRAVEYARD:
            continue
        if ab.event == "sacrifice" and ab.who == "you" and obj.controller != w.controller:
            continue  # "whenever you sacrifice": the permanent's controller sacrificed it (701.17a)
        if ab.filter is None or _targeting_module.matches_filter_lki(g, ab.filter, obj, chars, w.controller, w.id):
            # "it" / "those counters" of "whenever a creature you control leaves the battlefield": that creature
            # as it last existed (603.10a)
            event_obj = old_id if ab.event == "leaves_filter" else None
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=event_obj)


def flush(g: Game) -> None:
    """Before triggered abilities are put on the stack (603.3): the zone-change events batched since
    ("one or more cards leave your graveyard", 603.2c) trigger once each; state triggers (603.8)."""
    s = g.s
    batch = s.graveyard_leavers
    if batch:
        s.graveyard_leavers = ()
        _left_graveyard(g, batch)
    state_triggers(g)


def _left_graveyard(g: Game, batch: tuple) -> None:
    """"Whenever one or more cards leave your graveyard" / "are put into exile from your graveyard" (the
    event "exiled_from_graveyard": "put that many +1/+1 counters", X the number of those cards)."""
    for w, ab in trigger_queue.watchers(g, ("leave_graveyard", "exiled_from_graveyard")):
        n = 0
        for owner, card, to in batch:
            if owner != w.controller:
                continue  # "your graveyard"
            if ab.event == "exiled_from_graveyard" and to != EXILE:
                continue
            if ab.filter is not None and not _card_matches(g, ab.filter, card, owner):
                continue
            n += 1
        if n >= max(1, ab.count):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, x=n)


def _card_matches(g: Game, flt: V.ObjectFilter, card: V.CardDef, owner: int) -> bool:
    """A card's printed characteristics against a type filter (a card in a graveyard)."""
    if flt.types and not (flt.types & card.types):
        return False
    if flt.non_types and (flt.non_types & card.types):
        return False
    return not (flt.subtypes and not (flt.subtypes & card.subtypes))


# ----------------------------------------------------------------------------- 603.8 state

def state_triggers(g: Game) -> None:
    """603.8: "When you control no Islands, sacrifice CARDNAME" triggers as soon as its controller
    controls no permanent of that subtype, "When CARDNAME has no ice counters on it" as soon as it has
    none (STATE_CONDITIONS); not again while it is waiting or on the stack."""
    s = g.s
    known = s.card_events
    if known is not None and known.isdisjoint(STATE_CONDITIONS):
        return  # asked before every priority: no card of this game has a state trigger (vocab.trigger_events)
    watchers = trigger_queue.watchers(g, tuple(STATE_CONDITIONS))
    if not watchers:
        return
    for w, ab in watchers:
        if not STATE_CONDITIONS[ab.event](g, w, ab):
            continue
        if any(t[1] == w.id and t[2] == ab for t in s.pending_triggers):
            continue
        if any(it.kind == "trigger" and it.source == w.id and it.ability == ab for it in s.stack):
            continue
        trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)


def _has_subtypes(g: Game, o: Any, subtypes: frozenset[str]) -> bool:
    return bool(g.chars(o).subtypes & subtypes)


def _controls_none(g: Game, w: Any, ab: V.TriggeredAbility) -> bool:
    return ab.filter is not None and not any(_has_subtypes(g, p, ab.filter.subtypes) for p in g.permanents(w.controller))


def _no_counters(g: Game, w: Any, ab: V.TriggeredAbility) -> bool:
    """"When CARDNAME has no [kind] counters on it" (the kind is the ability's `scope`)."""
    return not w.counters.get(ab.scope, 0)


# 603.8: the state trigger events: event -> fn(game, the permanent with the ability, the ability) -> whether
# the game state matches the trigger condition now.
STATE_CONDITIONS: dict[str, Any] = {"state_no_subtype": _controls_none, "state_no_counters": _no_counters}


# ------------------------------------------------------------------------- tapping, life, scry

def became_tapped(g: Game, o: Any) -> None:
    """603.2f: "Whenever enchanted creature / a creature an opponent controls becomes tapped" (not when it
    enters tapped: this is called only when a permanent changes from untapped to tapped)."""
    matches_filter = _targeting_module.matches_filter
    for w, ab in trigger_queue.watchers(g, ("attached_becomes_tapped", "becomes_tapped_filter")):
        if ab.event == "attached_becomes_tapped":
            if w.attached_to == o.id:
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)  # "it", "that creature"
        elif ab.filter is None or matches_filter(g, ab.filter, o, w.controller, w.id):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)


def life_gained(g: Game, p: int) -> None:
    """119.9 / 603.2: "Whenever you gain life for the first time each turn": counts life-gain events per
    turn (GameState.life_gain_events)."""
    s = g.s
    turn, counts = s.life_gain_events
    if turn != s.turn:
        counts = ()
    counts = tuple((counts[i] if i < len(counts) else 0) + (1 if i == p else 0) for i in range(len(s.players)))
    s.life_gain_events = (s.turn, counts)
    for w, ab in trigger_queue.watchers(g, ("gain_life_first", "gain_life_your_turn")):
        if w.controller != p:
            continue
        if (ab.event == "gain_life_first" and counts[p] == 1) or (ab.event == "gain_life_your_turn" and s.active == p):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)


def investigated(g: Game, p: int) -> None:
    """701.36a / 603.2: `p` investigates (logged, so that "for the first time each turn" counts this turn's
    investigations from the log): "Whenever you investigate for the first time each turn" triggers on the
    first one only, whether or not its source was on the battlefield then."""
    s = g.s
    name = s.players[p].name
    g.record("investigate", "701.36a", player=name)
    for w, ab in trigger_queue.watchers(g, ("investigate_first",)):
        if w.controller != p:
            continue
        turn = s.turn
        first = True
        for e in reversed(s.log[:-1]):
            if e.get("turn") != turn:
                break
            if e.get("event") == "investigate" and e.get("player") == name:
                first = False
                break
        if first:
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)


def life_lost(g: Game, p: int) -> None:
    """119.3 / 603.2: "Whenever you lose life during your turn" (each life-loss event)."""
    if g.s.active != p:
        return
    for w, ab in trigger_queue.watchers(g, ("lose_life_your_turn",)):
        if w.controller == p:
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)


def explored(g: Game, oid: int) -> None:
    """701.40a: "Whenever a creature you control explores" ("it" is that creature)."""
    o = g.s.objects.get(oid)
    if o is None:
        return
    for w, ab in trigger_queue.watchers(g, ("explores_filter",)):
        if ab.filter is None or _targeting_module.matches_filter(g, ab.filter, o, w.controller, w.id):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=oid)


def looked_at_top(g: Game, p: int, kind: str) -> None:
    """701.18d / 701.42d: "Whenever you scry" / "Whenever you surveil" ("scry or surveil": either)."""
    for w, ab in trigger_queue.watchers(g, ("scry", "surveil", "scry_or_surveil")):
        if w.controller == p and ab.event in (kind, "scry_or_surveil"):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)


def mana_spent_on_spell(g: Game, p: int, n: int) -> None:
    """700.14: "Whenever you expend N" triggers when the mana `p` spent to cast spells this turn goes
    from less than N to at least N by paying a spell's cost (a per-turn count in the state's dict)."""
    if n <= 0:
        return
    s = g.s
    turn, counts = s.spell_mana_spent
    if turn != s.turn:
        counts = ()
    before = counts[p] if p < len(counts) else 0
    counts = tuple((counts[i] if i < len(counts) else 0) + (n if i == p else 0) for i in range(len(s.players)))
    s.spell_mana_spent = (s.turn, counts)
    for w, ab in trigger_queue.watchers(g, ("expend",)):
        if w.controller == p and before < ab.count <= before + n:
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)


def _life_changed(g: Game, e: LifeChange) -> None:
    if e.delta < 0:
        life_lost(g, e.player)  # "whenever you lose life during your turn"


def _counted_on_battlefield(g: Game, e: CountersPut | CountersRemoved) -> Any:
    """The permanent a counters event put counters on or removed them from (None: none, or not on the battlefield)."""
    if e.amount <= 0:
        return None
    o = g.s.objects.get(e.obj)
    return o if o is not None and o.zone == BATTLEFIELD else None


def counters_put(g: Game, e: CountersPut) -> None:
    """registry.EVENT_TRIGGERS[CountersPut]: 122.6, "Whenever one or more +1/+1 counters are put on CARDNAME /
    on a permanent you control": one event gives one permanent its counters of one kind (several permanents
    given counters at once are several events, each a trigger), on the battlefield or as it enters (122.6);
    the event object ("it") is that permanent."""
    o = _counted_on_battlefield(g, e)
    if o is None:
        return
    for ab in trigger_queue.own_triggered(g, o, ("counters_put_self",)):
        if ab.counter_kind == e.kind:
            trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name, event_obj=o.id)
    matches_filter = _targeting_module.matches_filter
    for w, ab in trigger_queue.watchers(g, ("counters_put",)):
        if ab.counter_kind == e.kind and (ab.filter is None or matches_filter(g, ab.filter, o, w.controller, w.id)):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)


def counters_removed(g: Game, e: CountersRemoved) -> None:
    """registry.EVENT_TRIGGERS[CountersRemoved]: "Whenever a +1/+1 counter is removed from CARDNAME" triggers once for
    each counter removed (122.8, 603.2); "it" is that permanent."""
    o = _counted_on_battlefield(g, e)
    if o is None:
        return
    for ab in trigger_queue.own_triggered(g, o, ("counter_removed_self",)):
        if ab.counter_kind == e.kind:
            for _ in range(e.amount):
                trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name, event_obj=o.id)


registry.EVENT_TRIGGERS.setdefault(CountersRemoved, []).append(counters_removed)  # 122.8
registry.EVENT_TRIGGERS.setdefault(LifeChange, []).append(_life_changed)  # 603.2
registry.EVENT_TRIGGERS.setdefault(CountersPut, []).append(counters_put)  # 122.6
registry.EVENT_TRIGGERS.setdefault(ZoneChange, []).append(zone_changed)  # 603.2, 603.6, 603.10a
registry.EVENT_TRIGGERS.setdefault(Discard, []).append(_discarded)  # 701.8, 702.29c-d


def targets_chosen(g: Game, p: int, item: StackItem) -> None:
    """A spell or ability's targets were chosen: "whenever CARDNAME becomes the target" abilities, and
    702.21a: a permanent with ward that becomes the target of a spell or ability an opponent (of its
    controller) controls triggers; the trigger's event object is that spell or ability (its stack id).
    Checked as a spell is cast (601.2c) or an ability activated (602.2b)."""
    if not item.targets:
        return
    became_target(g, p, item)  # "when CARDNAME becomes the target of a spell or ability"
    s = g.s
    for t in dict.fromkeys(item.targets):
        o = s.objects.get(t) if isinstance(t, int) else None
        if o is None or o.zone != BATTLEFIELD or o.controller == p:
            continue
        for ab in g.chars(o).abilities:
            if isinstance(ab, TriggeredAbility) and ab.event == "ward":
                trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name, event_obj=item.id)
