"""CR 603: triggered abilities.

- 603.2: an ability triggers when its event happens; it is put on the stack the next time a
  player would receive priority (603.3), active player's first (APNAP, 101.4, 603.3b), each player
  ordering their own: an "order_triggers" decision (see `put_on_stack`), asked only when the order
  can change the result.
- 603.3d: a triggered ability with no legal targets is removed from the stack.
- 603.6a / 603.10a: enters-the-battlefield abilities look at the permanent after it entered;
  leaves-the-battlefield ("dies") abilities look back in time (last known information).
- 702.83 exalted.
- Trigger events of the compiled templates (TriggeredAbility.event): "etb", "etb_untapped" (only if it
  entered untapped), "dies", "leaves",
  "attacks", "etb_or_attacks", "attacks_or_blocks", "attacks_with_greater_power" (702.149a training), "blocks", "becomes_blocked",
  "combat_damage_player" (the source itself); "enters" / "dies_filter" (a permanent matching
  `filter` enters / dies, 603.6a / 603.10a); "cast" (601.2i: a spell matching `filter` is cast by
  `who`); "gain_life"; "you_attack" (508.1); "draw" (121.2: a card is drawn); steps "upkeep",
  "draw_step" (504.2, after the draw), "main1", "begin_combat", "end" (503.1, 507.1, 513.1: `who`
  "you"/"any" = your step, "each", "opponent").
- 510.2: "whenever a creature you control deals combat damage to a player": the ability's "it" is that creature,
  its "that player" the player dealt the damage (an ability naming both is refused by the compiler).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, cast

from ..engine import registry
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.events import Draw, EffectCreated, EffectsEnded, LifeChange, TapChange
from ..model.memo import by_identity
from ..model.state import BATTLEFIELD, GRAVEYARD, ContinuousEffect, Obj, StackItem
from ..model.vocab.effects import SacrificeUnless, ThatMuchLife
from ..model.vocab.referred_objects import TARGETS_PERMANENTS
from ..model.vocab.spell_copies import TARGETS_ONLY_ONE
from ..model.vocab.triggers import ReflexiveTrigger, TemporaryTrigger, TriggersOnceEachTurn
from . import add_hook, effect_context, trigger_queue
from . import combat_keywords as _combat_keywords_module
from . import effects as _effects_module
from . import produce as _produce_module
from . import targeting as _targeting_module
from . import trigger_events as _trigger_events_module
from . import vehicles_facedown as _vehicles_facedown_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context


EXALTED = V.TriggeredAbility("Exalted", "exalted", (V.Pump(V.SELF, 1, 1),))


TRIGGER_GATES = registry.TRIGGER_GATES  # (engine/registry.py)


_ETB = ("etb", "etb_or_attacks", "etb_or_dies", "etb_or_to_graveyard", "etb_or_leaves")
_ATTACKS = ("attacks", "etb_or_attacks", "attacks_or_blocks")


def tapped_changed(g: Game, o, tapped: bool) -> None:
    """"Whenever CARDNAME becomes tapped / untapped" (603.2)."""
    for ab in trigger_queue.own_triggered(g, o, ("becomes_tapped",) if tapped else ("becomes_untapped",)):
        trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name)
    if tapped:
        _trigger_events_module.became_tapped(g, o)  # "whenever enchanted creature becomes tapped"


WATCHER_HOOKS = registry.WATCHER_HOOKS  # (engine/registry.py)


def entered_battlefield(g: Game, oid: int) -> None:
    """603.6a: enters-the-battlefield abilities, of the permanent itself and of those watching it."""
    s = g.s
    o = s.objects[oid]
    for ab in g.chars(o).abilities:
        if isinstance(ab, V.TriggeredAbility) and (ab.event in _ETB and _origin_ok(g, ab, o, o.controller)
                                                   or ab.event == "etb_untapped" and not o.tapped):
            # "When CARDNAME enters untapped": only if it did (603.6a; entering tapped, 614.1c, came first).
            # 107.3m: its X is the X paid for the spell that became it (0 if it wasn't cast)
            trigger_queue.queue(g, o.controller, oid, ab, None, o.card.name, x=o.cast_x or 0)
    matches_filter = _targeting_module.matches_filter
    for w, ab in trigger_queue.watchers(g, ("enters",)):
        if ((ab.scope == "or_self" and w.id == oid) or ab.filter is None or matches_filter(
                g, ab.filter, o, w.controller, w.id)) and _origin_ok(g, ab, o, w.controller):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=oid)


def _origin_ok(g: Game, ab: V.TriggeredAbility, o: Obj, controller: int) -> bool:
    """603.6a: "enters from a graveyard" / "from your graveyard" (a graveyard is its owner's, 404.1): the zone
    the permanent `o` was in, from the zone change that put it onto the battlefield (its log line)."""
    if not ab.origin:
        return True
    for e in reversed(g.s.log):
        if e.get("event") == "zone_change" and e.get("id") == o.id:
            if e.get("from_zone") != GRAVEYARD:
                return False
            return ab.origin == "graveyard" or o.owner == controller
    return False


def left_battlefield(g: Game, old_id: int, to: str) -> None:
    """603.10a: leaves-the-battlefield abilities look back in time."""
    lki = g.s.lki.get(old_id)
    if lki is None:
        return
    obj, chars = lki
    dies = to == GRAVEYARD and "Creature" in chars.types
    for ab in chars.abilities:
        if not isinstance(ab, V.TriggeredAbility):
            continue
        if ab.event == "leaves" or (dies and ab.event in ("dies", "etb_or_dies")) or (
                to == GRAVEYARD and ab.event == "to_graveyard"):
            trigger_queue.queue(g, obj.controller, old_id, ab, lki, obj.card.name)
        elif dies and ab.event == "dies_filter" and (ab.scope == "or_self" or (
                ab.filter is not None and not ab.filter.other
                and _targeting_module.matches_filter_lki(g, ab.filter, obj, chars, obj.controller, None))):
            trigger_queue.queue(g, obj.controller, old_id, ab, lki, obj.card.name)  # "whenever a creature dies": itself too
    for w, ab in trigger_queue.watchers(g, ("attached_leaves", "attached_to_graveyard")):
        # "when enchanted artifact is put into a graveyard" / "... leaves the battlefield" (603.6c, 603.10a)
        if w.attached_to == old_id and (ab.event == "attached_leaves" or to == GRAVEYARD):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=old_id)
    if not dies:
        return
    for w, ab in trigger_queue.watchers(g, ("attached_dies",)):
        if w.attached_to == old_id:  # "when enchanted creature dies" (the Aura is still on the battlefield)
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=old_id)  # "its controller" (608.2h)
    watchers = trigger_queue.watchers(g, ("dies_filter",))
    if not watchers:
        return
    for w, ab in watchers:
        if ab.filter is None or _targeting_module.matches_filter_lki(g, ab.filter, obj, chars, w.controller, w.id):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=old_id)  # "that creature" (608.2h)


def attacked(g: Game, attackers: list[int]) -> None:
    """508.1f / 508.3a: attack triggers (and "becomes tapped" for attackers tapped to attack)."""
    s = g.s
    for a in attackers:
        o = s.objects[a]
        for ab in g.chars(o).abilities:
            if not isinstance(ab, V.TriggeredAbility):
                continue
            if ab.event in _ATTACKS or (ab.event == "attacks_alone" and len(attackers) == 1) or (
                    ab.event == "battalion" and len(attackers) >= 3):
                trigger_queue.queue(g, o.controller, a, ab, None, o.card.name)
            elif ab.event == "attacks_with_greater_power":  # 702.149a training
                power = g.chars(o).power or 0
                if any(x != a and (g.chars(s.objects[x]).power or 0) > power for x in attackers):
                    trigger_queue.queue(g, o.controller, a, ab, None, o.card.name)
            elif ab.event == "attacks_saddled":  # "whenever CARDNAME attacks while saddled" (702.171b)
                if _vehicles_facedown_module.is_saddled(g, a):
                    trigger_queue.queue(g, o.controller, a, ab, None, o.card.name)
        if o.tapped:
            tapped_changed(g, o, True)
    if attackers:
        for w, ab in trigger_queue.watchers(g, ("attached_attacks", "attached_attacks_or_blocks")):
            if w.attached_to in attackers:  # "whenever equipped creature attacks"
                # "whenever enchanted creature attacks or blocks, its controller ...": "it" is that creature
                host = w.attached_to if ab.event == "attached_attacks_or_blocks" else None
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=host)
        ctrl = s.objects[attackers[0]].controller
        for w, ab in trigger_queue.watchers(g, ("you_attack", "attacks_alone_filter")):
            if w.controller != ctrl:
                continue
            if ab.event == "you_attack":
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name)
            elif len(attackers) == 1:
                a = s.objects[attackers[0]]
                if ab.filter is None or _targeting_module.matches_filter(g, ab.filter, a, w.controller, w.id):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=a.id)
    if len(attackers) == 1:
        a = attackers[0]
        ctrl = s.objects[a].controller
        for p in g.permanents(ctrl):
            if "exalted" in g.chars(p).keywords:
                trigger_queue.queue(g, ctrl, p.id, EXALTED, None, p.card.name, effect_source=a)
    _trigger_events_module.attacked(g, attackers)  # "whenever a creature you control attacks", ...


STEP_HOOKS = registry.STEP_HOOKS  # (engine/registry.py)


# 603.7: the events of delayed triggered abilities that trigger as a step begins ("at the beginning of the next upkeep")
_DELAYED_EVENTS = {"upkeep": "next_upkeep", "end": "next_end", "end_combat": "end_combat", "cleanup": "next_cleanup"}


def beginning_of_step(g: Game, event: str) -> None:
    """"At the beginning of your upkeep / each upkeep / each opponent's upkeep" (503.1, 507.1, 513.1)."""
    s = g.s
    for hook in registry.live(s, STEP_HOOKS):
        hook(g, event)
    delayed_event = _DELAYED_EVENTS.get(event)
    if delayed_event and s.effects:
        fired = []
        for e in s.effects:
            if e.kind == "delayed_trigger" and (e.data[0] == delayed_event or (
                    e.data[0] == "your_" + delayed_event and e.controller == s.active)):  # 702.88a "your next upkeep"
                _, ab, name, source = e.data
                trigger_queue.queue(g, e.controller, source if source is not None else -1, ab, None, name)
                fired.append(e)
        if fired:
            g.perform(EffectsEnded("603.7c", tuple(fired)))  # 603.7c: a delayed triggered ability triggers once
    for o, ab in trigger_queue.watchers(g, (event,)):
        w = ab.who
        if (w in ("any", "you") and o.controller != s.active) or (w == "opponent" and o.controller == s.active):
            continue
        if ab.unless_sacrifice is not None and not ab.effects:
            ab = V.TriggeredAbility(ab.text, ab.event, (SacrificeUnless(ab.unless_sacrifice),))
        trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name, event_obj=-1 - s.active)  # "that player"
    _trigger_events_module.step_began(g, event)  # "the upkeep of enchanted creature's controller"


SPELL_CAST_HOOKS = registry.SPELL_CAST_HOOKS  # (engine/registry.py)


def spell_cast(g: Game, p: int, spell: int) -> None:
    """601.2i: "whenever you cast a noncreature spell" triggers once the spell becomes cast; "when you
    cast CARDNAME" is an ability of the spell itself (603.2, 112.3c)."""
    s = g.s
    o = s.objects[spell]
    for ab in o.card.abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "cast_self":
            trigger_queue.queue(g, p, spell, ab, None, o.card.name)
    for hook in registry.live(s, SPELL_CAST_HOOKS):
        hook(g, p, spell)  # triggers whose event object is the spell (rules/x_spells.py)
    _trigger_events_module.card_played(g, p)  # "whenever you play a card" (casting a spell is playing it)
    watchers = trigger_queue.watchers(g, ("cast",))
    if not watchers:
        return
    for w, ab in watchers:
        if (ab.who == "you" and w.controller != p) or (ab.who == "opponent" and w.controller == p):
            continue
        if ab.scope == "second_spell" and s.players[p].spells_cast != 2:
            continue
        if ab.scope == "first_opponent_turn" and (s.active == p or s.players[p].spells_cast != 1):
            continue  # "your first spell during each opponent's turn" (rules/trigger_events.py)
        if ab.scope == "opponent_turn" and s.active == p:
            continue  # "whenever you cast a spell during an opponent's turn"
        if ab.scope == "from_graveyard" and (spell, p, GRAVEYARD) not in s.cast_origins:
            continue  # "whenever you cast a spell from your graveyard" (601.2a: the zone it was cast from)
        if ab.scope == "kicked" and not any(it.kind == "spell" and it.obj == spell and ("kicked", True) in it.choices
                                            for it in s.stack):
            continue  # 702.33d: "whenever you cast a kicked spell"
        if ab.scope == "targets_self" and not any(
                it.kind == "spell" and it.obj == spell and w.id in it.targets for it in s.stack):
            continue  # heroic: "a spell that targets CARDNAME"
        event_obj = -1 - p  # "that player": the caster
        if ab.scope == TARGETS_ONLY_ONE:
            if not _targets_only_one(g, w, ab, spell):
                continue  # "a spell that targets only a single Golem" (its targets as it became cast, 601.2c)
            event_obj = spell  # "that spell" (rules/spell_copies.py)
        if ab.scope == TARGETS_PERMANENTS:
            if not any(it.kind == "spell" and it.obj == spell and any(
                    t >= 0 and t in s.objects and s.objects[t].zone == BATTLEFIELD for t in it.targets) for it in s.stack):
                continue  # "a spell that targets one or more permanents" (its targets as it became cast, 601.2c)
            event_obj = spell  # "those permanents": the spell's targets (rules/referred_objects.py)
        if ab.filter is None or _targeting_module.matches_filter(g, ab.filter, o, w.controller, w.id):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name,
                                event_obj=spell if event_obj == -1 - p and reads_the_spell(ab) else event_obj)


def _targets_only_one(g: Game, w: Obj, ab: V.TriggeredAbility, spell: int) -> bool:
    """Whether every target of the spell is one and the same permanent: the watcher itself, or one matching
    the ability's `target_filter` ("targets only a single Golem")."""
    s = g.s
    item = next((it for it in s.stack if it.kind == "spell" and it.obj == spell), None)
    chosen = {t for t in item.targets if t is not None} if item is not None else set()
    if len(chosen) != 1:
        return False
    (t,) = chosen
    o = s.objects.get(t) if t >= 0 else None
    if o is None or o.zone != BATTLEFIELD:
        return False
    if ab.target_filter is None:
        return t == w.id
    return _targeting_module.matches_filter(g, ab.target_filter, o, w.controller, w.id)


def life_gained(g: Game, p: int, n: int) -> None:
    """"Whenever you / an opponent / a player gains life" (119.9: once per life-gain event)."""
    for w, ab in trigger_queue.watchers(g, ("gain_life",)):
        if (ab.who in ("you", "any") and w.controller == p) or (ab.who == "opponent" and w.controller != p) \
                or ab.who == "each":
            # "that player": the player who gained life (Punishing Fire's "whenever an opponent gains life")
            trigger_queue.queue(g, w.controller, w.id, _with_life_gained(ab, n), None, w.card.name, event_obj=-1 - p)
    _trigger_events_module.life_gained(g, p)  # "whenever you gain life for the first time each turn"


def _with_life_gained(ab: V.TriggeredAbility, n: int) -> V.TriggeredAbility:
    """"loses that much life": the amount of this life-gain event (119.9), fixed as the ability triggers."""
    if not any(isinstance(getattr(e, "amount", None), ThatMuchLife) for e in ab.effects):
        return ab
    return dataclasses.replace(ab, effects=tuple(
        dataclasses.replace(cast(Any, e), amount=n) if isinstance(getattr(e, "amount", None), ThatMuchLife) else e
        for e in ab.effects))


def _life_changed(g: Game, e: LifeChange) -> None:
    if e.delta > 0:
        life_gained(g, e.player, e.delta)


registry.EVENT_TRIGGERS.setdefault(LifeChange, []).append(_life_changed)  # 603.2, 119.9


def combat_damage_dealt(g: Game, plan: list[tuple[int, int, int]], mark: int) -> None:
    """"Whenever CARDNAME deals combat damage to a player": `plan` is (source, recipient, amount) as
    assigned; the log after `mark` tells which damage was dealt (510.2)."""
    matches_filter = _targeting_module.matches_filter
    s = g.s
    dealt: dict[tuple[str, str], int] = {}
    amounts: dict[tuple[str, str], list[int]] = {}  # the damage each dealt, in the log's order ("that many")
    for e in s.log[mark:]:
        if e.get("event") == "damage" and e.get("combat") and "target_id" not in e:
            key = (e.get("source"), e.get("target"))
            dealt[key] = dealt.get(key, 0) + 1
            amounts.setdefault(key, []).append(int(e.get("amount") or 0))
    to_creature: dict[tuple[str, int], int] = {}
    for e in s.log[mark:]:
        if e.get("event") == "damage" and e.get("combat") and "target_id" in e:
            key2 = (e.get("source"), e.get("target_id"))
            to_creature[key2] = to_creature.get(key2, 0) + 1
    if not dealt and not to_creature:
        return
    seen: set[tuple[int, int]] = set()
    for oid, r, n in plan:
        if n <= 0 or (oid, r) in seen:
            continue
        o = s.objects.get(oid)
        if o is None or o.zone != "battlefield":
            continue
        if r >= 0:
            key2 = (o.card.name, r)
            if not to_creature.get(key2):
                continue
            to_creature[key2] -= 1
            seen.add((oid, r))
            for ab in trigger_queue.own_triggered(g, o, ("combat_damage_creature",)):
                trigger_queue.queue(g, o.controller, oid, ab, None, o.card.name, event_obj=r)  # "that creature"
            continue
        key = (o.card.name, s.players[-1 - r].name)
        if not dealt.get(key):
            continue
        dealt[key] -= 1
        seen.add((oid, r))
        got = amounts[key]  # two attackers with one name: the one whose assigned damage was dealt in full first
        much = got.pop(got.index(n) if n in got else 0)
        for ab in g.chars(o).abilities:
            if isinstance(ab, V.TriggeredAbility) and ab.event == "combat_damage_player":
                trigger_queue.queue(g, o.controller, oid, _that_many(ab, much), None, o.card.name,
                                    event_obj=r)  # "that player"
        for w, ab in trigger_queue.watchers(g, ("attached_combat_damage_player", "creature_combat_damage_player")):
            if ab.event == "attached_combat_damage_player":
                if w.attached_to == oid:  # "whenever equipped creature deals combat damage to a player"
                    trigger_queue.queue(g, w.controller, w.id, _that_many(ab, much), None, w.card.name, event_obj=r)
            elif (ab.scope != "opponent" or -1 - r != w.controller) and (
                    ab.filter is None or matches_filter(g, ab.filter, o, w.controller, w.id)):
                # "whenever a creature you control deals combat damage to a player": "it" is that creature,
                # "that player" the player dealt the damage (the compiler refuses an ability naming both)
                event_obj = r if names_event_player(ab) else oid
                trigger_queue.queue(g, w.controller, w.id, _that_many(ab, much), None, w.card.name, event_obj=event_obj)


@by_identity
def names_event_player(ab: V.TriggeredAbility) -> bool:
    """Whether a triggered ability's effects name "that player" (V.EVENT_PLAYER): for "whenever a creature you
    control deals combat damage to a player", the player dealt the damage (510.2)."""
    return V.mentions(ab.effects, V.EVENT_PLAYER)


def _that_many(ab: V.TriggeredAbility, n: int) -> V.TriggeredAbility:
    """"..., draw that many cards": the combat damage dealt written into the ability (ThatMuchDamage)."""
    text = ab.text.lower()
    if "that many" not in text and "that much" not in text:
        return ab
    return _trigger_events_module.with_that_much(ab, n)


def blockers_declared(g: Game) -> None:
    """509.1i / 509.2a: "whenever CARDNAME blocks" and "whenever CARDNAME becomes blocked"."""
    s = g.s
    cb = s.combat
    if cb is None:
        return
    for b, atts in cb.blockers.items():
        o = s.objects.get(b)
        if o is None:
            continue
        for ab in g.chars(o).abilities:
            if not isinstance(ab, V.TriggeredAbility):
                continue
            if ab.event in ("blocks", "attacks_or_blocks", "blocks_or_becomes_blocked"):
                trigger_queue.queue(g, o.controller, b, ab, None, o.card.name)
            elif ab.event in ("blocks_creature", "blocks_or_blocked_by"):
                for a in atts:  # once for each creature it blocks; "that creature" is the attacker
                    if ab.filter is None or _matches(g, ab.filter, a, o.controller, b):  # "a creature with flying"
                        trigger_queue.queue(g, o.controller, b, ab, None, o.card.name, event_obj=a)
    for a in cb.attackers:
        o = s.objects.get(a)
        if o is None:
            continue
        for ab in g.chars(o).abilities:
            if not isinstance(ab, V.TriggeredAbility):
                continue
            if a not in cb.blocked:
                if ab.event == "attacks_unblocked":  # 509.1h: "attacks and isn't blocked"
                    trigger_queue.queue(g, o.controller, a, ab, None, o.card.name)
                continue
            if ab.event in ("becomes_blocked", "blocks_or_becomes_blocked"):
                trigger_queue.queue(g, o.controller, a, ab, None, o.card.name)
            elif ab.event in ("blocked_by_creature", "blocks_or_blocked_by"):
                for b in cb.blockers_of(a) or [x for x, ys in cb.blockers.items() if a in ys]:
                    if ab.filter is None or _matches(g, ab.filter, b, o.controller, a):  # "a non-Wall creature"
                        trigger_queue.queue(g, o.controller, a, ab, None, o.card.name, event_obj=b)  # once per blocker
    blocks_watched = _combat_keywords_module.blocks_watched
    blocks_watched(g)  # "whenever a creature you control becomes blocked", "whenever enchanted creature blocks"


def _matches(g: Game, flt: V.ObjectFilter, oid: int, controller: int, source: int) -> bool:
    o = g.s.objects.get(oid)
    return o is not None and _targeting_module.matches_filter(g, flt, o, controller, source)


def _card_drawn(g: Game, e: Draw) -> None:
    """registry.EVENT_TRIGGERS[Draw]: count the cards each player drew this turn ("your second card each
    turn"; rules/cost_modifiers.py reads it too) and collect "whenever you draw a card" (121.2, 603.2). A
    draw from an empty library (121.4) or a replaced one (121.6) draws no card: it isn't counted."""
    s = g.s
    p = e.player
    turn, counts = s.draws
    if turn != s.turn:
        counts = (0, 0)
    counts = tuple(c + (1 if i == p else 0) for i, c in enumerate(counts))
    s.draws = (s.turn, counts)
    if e.card is not None:  # "cards in your hand drawn this turn" (rules/hand_effects.py)
        turn, ids = s.drawn_cards
        s.drawn_cards = (s.turn, (ids if turn == s.turn else frozenset()) | {e.card})
    card_drawn(g, p, counts[p])


registry.EVENT_TRIGGERS.setdefault(Draw, []).append(_card_drawn)


def card_drawn(g: Game, p: int, nth: int) -> None:
    """121.2 / 603.2: "whenever you draw a card", "whenever you draw your second card each turn"."""
    for w, ab in trigger_queue.watchers(g, ("draw",)):
        if (ab.who == "you" and w.controller != p) or (ab.who == "opponent" and w.controller == p):
            continue
        if ab.scope == "second" and nth != 2:
            continue
        trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - p)  # "that player"


def dealt_damage(g: Game, oid: int) -> None:
    """"Whenever CARDNAME is dealt damage" (603.2)."""
    o = g.s.objects.get(oid)
    if o is None:
        return
    for ab in trigger_queue.own_triggered(g, o, ("dealt_damage",)):
        trigger_queue.queue(g, o.controller, oid, ab, None, o.card.name)


add_hook(registry.DEALT_DAMAGE_TRIGGERS, dealt_damage)


def mode_options(g: Game, modal: V.Modal, controller: int, source: int | None) -> list[tuple[int, ...]]:
    """700.2a-b: the mode choices allowed now (a mode whose targets can't be chosen can't be chosen)."""

    ok = []
    for i, m in enumerate(modal.modes, 1):
        if all(_targeting_module.target_candidates(g, spec, controller, source) for spec in m.targets):
            ok.append(i)
    out: list[tuple[int, ...]] = []
    for k in range(max(1, modal.min), min(modal.max, len(ok)) + 1):
        out.extend(combinations(ok, k))
    return out


def put_on_stack(g: Game) -> None:
    """603.3b / 101.4: the active player puts all of their triggered abilities on the stack first, in
    the order they choose, then the other player; each trigger's targets are chosen as it is put on
    the stack (603.3d), so after the order. A player with two or more waiting triggers gets an
    ("order_triggers", player, triggers) queue item (rules/turn.py raises the decision from it)."""
    s = g.s
    trigs = s.pending_triggers
    s.pending_triggers = []
    for p in (s.active, 1 - s.active):
        mine = tuple(t for t in trigs if t[0] == p)
        if len(mine) > 1:
            s.queue.append(("order_triggers", p, mine))
        elif mine:
            s.queue.append(("put_trigger", mine[0]))


# ----------------------------------------------------------------------------- 603.3b: the order
#
# The "order_triggers" decision: data = (triggers, classes). `triggers` are the player's waiting
# triggers in the order they triggered; `classes[i]` is the index of the first trigger identical to
# trigger i (interchangeable: any order of them gives the same game). The answer is
# Choose(tuple of indices into `triggers`), first put on the stack first (so it resolves last):
#   - the whole order: a permutation of range(n); or
#   - one index (a 1-tuple): the trigger put on the stack next; the others are asked again.
# legal_actions() lists the distinct whole orders (identical triggers kept in the order they
# triggered) while there are at most MAX_LISTED_ORDER triggers (4! = 24 actions), else one 1-tuple
# per distinct trigger (step by step: n choices instead of n!). With one distinct order the
# decision is not asked when decisions with one option are taken automatically (Game.auto_single);
# the scenario runner sees it with its single option, to check an answer a script gives for it.

MAX_LISTED_ORDER = 4


def _chars_equal(a, b) -> bool:
    return a is b or all(getattr(a, k) == getattr(b, k) for k in a.__slots__)


def _source_state(g: Game, t: tuple):
    """(card definition, characteristics, counters) of a trigger's source as it triggered or is now."""
    lki = t[3]
    if lki is not None:
        return lki[0].card, lki[1], lki[0].counters
    o = g.s.objects.get(t[1])
    if o is None:
        return None
    return o.card, g.chars(o), o.counters


# Effect classes whose handlers read the trigger's event object (Context.event_obj) other than through
# V.IT / V.EVENT_PLAYER: ward's "counter that spell", "return that card", enlist, evolve, "double the value
# of X" and "copy that spell" (rules/x_spells.py), "the same total power and toughness" (library_matching.py).
# tests/rules/test_trigger_order.py checks that every `ctx.event_obj` read in the code is known here.
EVENT_READERS = frozenset({"WardCounter", "ReturnDeadCard", "EnlistBonus", "Evolve", "DoubleX", "CopyThat",
                           "SearchSameTotal", "GainControlOfSpellTargets",
                           "PairWithEntering", "CopyForEachOtherTarget", "UnlessCondition",
                           "InsteadIf",  # "if that land is a Forest, ... instead": its condition reads it
                           "ExileDeadLinked"})  # Mimic Vat's "exile that card": the dead creature's card


@by_identity
def uses_event(ability: V.TriggeredAbility) -> bool:
    """Whether the ability's resolution may read its event object ("that creature", "that player",
    "it" for the object that triggered it, an intervening "if" clause, 603.4): a structural scan of
    its effects, conservative (any unknown way in counts)."""
    if getattr(ability, "intervening", None) is not None or type(ability) in registry.INTERVENING_IF:
        return True
    return _mentions(ability, (V.IT, V.EVENT_PLAYER, V.THAT_SPELL))


@by_identity
def reads_the_spell(ability: V.TriggeredAbility) -> bool:
    """Whether a "whenever you cast ..." ability's effects refer to the spell ("where X is that spell's
    mana value": V.THAT_SPELL) and not to its caster ("that player"): its event object is then the spell."""
    return _mentions(ability, (V.THAT_SPELL,), readers=False) and not _mentions(ability, (V.EVENT_PLAYER,),
                                                                                 spell_readers=False)


# Readers of the event object that read a spell ("copy that spell"): not readers of the caster.
_SPELL_READERS = frozenset({"CopyThat", "DoubleX"})


def _mentions(ability: V.TriggeredAbility, words: tuple[str, ...], readers: bool = True,
              spell_readers: bool = True) -> bool:
    """Whether the ability's effects contain one of `words` (V.IT, V.EVENT_PLAYER) anywhere; conservative
    (with `readers`): an effect class of EVENT_READERS or a function counts (of _SPELL_READERS only with
    `spell_readers`)."""
    seen: set[int] = set()

    def walk(v: object) -> bool:
        if isinstance(v, str):
            return v in words
        if v is None or isinstance(v, bool | int | float) or id(v) in seen:
            return False
        seen.add(id(v))
        if isinstance(v, tuple | list | frozenset | set):
            return any(walk(x) for x in v)
        if readers and type(v).__name__ in EVENT_READERS and (spell_readers or type(v).__name__ not in _SPELL_READERS):
            return True  # (without `readers`, only an explicit mention counts: it is looked for inside too)
        slots = [k for c in type(v).__mro__ for k in getattr(c, "__slots__", ())]
        names = slots or list(getattr(v, "__dict__", {}))
        if not names and callable(v):
            return readers  # a function: can't tell what it reads
        return any(walk(getattr(v, k, None)) for k in names if k != "text")

    return any(walk(e) for e in ability.effects)


def identical(g: Game, a: tuple, b: tuple) -> bool:
    """Whether two waiting triggers are interchangeable (603.3b: their order can't change anything).
    Conservative: anything not shown to be the same is asked.
    - The same ability of the same source (the same event twice: Corpse Knight seeing two tokens
      enter), with the same event object or one its resolution doesn't read: the two stack objects
      differ in nothing, targets and modes included (chosen after the order, 603.3d).
    - The same ability of two sources with the same card, characteristics and counters (three
      Firebrand Archers), nothing chosen as they are put on the stack (no targets, no modes), and
      the same event object or one not read."""
    ab = a[2]
    if a[0] != b[0] or not (ab is b[2] or ab == b[2]) or a[4] != b[4] or a[5] != b[5]:
        return False
    if a[6:] != b[6:] and uses_event(ab):
        return False
    if a[1] == b[1] and a[3] is b[3]:
        return True
    if ab.targets or any(isinstance(e, V.Modal) for e in ab.effects):
        return False
    sa, sb = _source_state(g, a), _source_state(g, b)
    return sa is not None and sb is not None and sa[0] is sb[0] and _chars_equal(sa[1], sb[1]) and sa[2] == sb[2]


def order_classes(g: Game, trigs: tuple) -> tuple[int, ...]:
    """classes[i]: the index of the first trigger identical to trigger i."""
    out: list[int] = []
    for i, t in enumerate(trigs):
        out.append(next((j for j in range(i) if out[j] == j and identical(g, trigs[j], t)), i))
    return tuple(out)


def order_options(trigs: tuple, classes: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The answers legal_actions() lists (see above): distinct whole orders, or one step each."""
    n = len(trigs)
    if n > MAX_LISTED_ORDER:
        return [(i,) for i in range(n) if classes[i] == i]
    seen: set[tuple[int, ...]] = set()
    out = []
    for perm in permutations(range(n)):  # lexicographic: identical triggers stay in trigger order
        key = tuple(classes[i] for i in perm)
        if key not in seen:
            seen.add(key)
            out.append(perm)
    return out


def order_prompt(g: Game, p: int, trigs: tuple) -> str:
    listed = "; ".join(f"{i}: {t[4]} ({t[2].text})" for i, t in enumerate(trigs))
    return (f"603.3b: {g.s.players[p].name} orders their triggered abilities: the indices, first put on the "
            f"stack first (it resolves last), or the one to put on the stack next ({listed})")


def chosen_order(d, value: object) -> tuple[int, ...]:
    """The answer to an "order_triggers" decision `d`, checked: a tuple of distinct indices, all of them
    (a permutation) or one; else IllegalActionError."""
    trigs = d.data[0]
    n = len(trigs)
    if not isinstance(value, tuple) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise IllegalActionError(f"603.3b: answer a tuple of trigger indices (0..{n - 1}), not {value!r}: {d.prompt}")
    if len(value) not in (1, n) or len(set(value)) != len(value) or not all(0 <= i < n for i in value):
        raise IllegalActionError(f"603.3b: {value!r} is not an order of the {n} triggered abilities: answer each "
                                 f"index 0..{n - 1} once (a permutation), or the one index to put on the stack next")
    return value


def answer_order(g: Game, d, value: object) -> None:
    """Queue the triggers in the chosen order (603.3b); a one-index answer asks again for the rest."""
    order = chosen_order(d, value)
    trigs = d.data[0]
    s = g.s
    s.pending = None
    items: list[tuple] = [("put_trigger", trigs[i]) for i in order]
    if len(order) < len(trigs):
        items.append(("order_triggers", d.player, tuple(t for i, t in enumerate(trigs) if i not in order)))
    s.queue[0:1] = items
    g.record("order_triggers", "603.3b", player=s.players[d.player].name,
                order=[trigs[i][4] for i in order])


def put_one(g: Game, trig: tuple, targets: tuple[int, ...], modes: tuple[int, ...] = (),
            division: tuple[int, ...] | None = None) -> None:
    """603.3: put a triggered ability on the stack. A trigger's event object (the creature that
    entered, the spell cast) rides in StackItem.choices for "it" / "that creature"."""
    s = g.s
    controller, source, ability, lki, name, effect_source = trig[:6]
    event_obj = trig[6] if len(trig) > 6 else None
    x = trig[7] if len(trig) > 7 else 0  # trigger_queue.queue: the X its X refers to
    src = effect_source if effect_source is not None else source
    if lki is None and source in s.objects:
        o = s.objects[source]
        lki = (o.copy(), g.chars(o))
    item = StackItem(s.next_id, "trigger", controller, name, source=src, ability=ability, targets=targets, x=x,
                     source_lki=lki, modes=modes, choices=(event_obj,) if event_obj is not None else ())
    if division is not None:  # 601.2d: after the event object, which stays first (None: there is none)
        item.choices = (event_obj, ("divide", division))
    s.next_id += 1
    s.stack.append(item)
    g.log_event("put_trigger", "603.3", card=name, ability=ability.text,
                targets=[g.name_of(t) for t in targets])
    if targets:
        _trigger_events_module.targets_chosen(g, controller, item)  # 702.21a: a triggered ability targeting a warded permanent


def tapped_for_mana(g: Game, p: int, source: int, chars, controller: int, produced) -> None:
    """106.12a: the abilities that trigger on tapping a permanent for mana, once it produced mana. Those
    that aren't mana abilities (605.1b: a target, or no mana: Forbidden Orchard, Vorinclex's "that land
    doesn't untap ...") use the stack, their event object the permanent tapped. A triggered mana
    ability's mana was added with the mana ability (rules/mana_payment.py activate_mana); its other
    effects happen now, as it resolves (605.4a: Winter's Night's "That land doesn't untap ...")."""
    _tap_trigger_applies, _tap_triggers = _produce_module._tap_trigger_applies, _produce_module._tap_triggers
    if not _tap_triggers(g) or sum(produced) == 0:
        return
    src = g.s.objects.get(source)
    for trig_src, ab in _tap_triggers(g):
        if src is None or not _tap_trigger_applies(g, trig_src, ab, p, src, chars):
            continue
        if ab.effects and isinstance(ab.effects[0], V.AddMana):
            if len(ab.effects) > 1:
                effects = _effects_module
                ctx = effect_context.Context(trig_src.controller, trig_src.id, (), (), 0, trig_src.card.name, event_obj=source)
                effects.run(g, ctx, ab.effects[1:], finish=None)
            continue
        trigger_queue.queue(g, trig_src.controller, trig_src.id, ab, None, trig_src.card.name, event_obj=source)


def _reflexive(g: Game, ctx: Context, e: ReflexiveTrigger) -> list | None:
    if ctx.did:
        trigger_queue.queue(g, ctx.controller, ctx.source, e.ability, ctx.source_lki, ctx.name, event_obj=ctx.event_obj)
        g.log_event("reflexive_trigger", "603.12", card=ctx.name, ability=e.ability.text)
    return None


registry.register_effect(ReflexiveTrigger, _reflexive)


def _gate(g: Game, source: int, ability: Any) -> bool:
    if not any(isinstance(e, TriggersOnceEachTurn) for e in getattr(ability, "effects", ())):
        return True
    s = g.s
    key = (source, ability.text, s.turn)
    done = s.triggered_once
    if key in done:
        return False
    s.triggered_once = frozenset(k for k in done if k[2] == s.turn) | {key}
    return True


TRIGGER_GATES.append(_gate)


registry.register_effect(TriggersOnceEachTurn, lambda g, ctx, e: None)  # read by _gate; does nothing as it resolves


def _tapped_event(g: Game, e: TapChange) -> None:
    tapped_changed(g, g.s.objects[e.obj], e.tapped)


registry.EVENT_TRIGGERS.setdefault(TapChange, []).append(_tapped_event)  # 603.2: "whenever ... becomes tapped"


# ----------------------------------------------------------------------------- 611.2a: triggered abilities for a while

TEMPORARY_TRIGGER = "temporary_trigger"  # ContinuousEffect kind: data (the ability, the creating source's name)


def _temporary_trigger(g: Game, ctx: effect_context.Context, e: TemporaryTrigger) -> list | None:
    """"Until your next turn, whenever ...": the ability is its controller's until the effect ends (611.2a;
    rules/timing_permissions.py ends "until your next turn" as that turn begins, 514.2 "until end of turn")."""
    s = g.s
    g.perform(EffectCreated("611.2a", ContinuousEffect(TEMPORARY_TRIGGER, ctx.source, timestamp=s.next_timestamp,
                                                       until=e.until, controller=ctx.controller,
                                                       data=(e.ability, ctx.name))))
    s.next_timestamp += 1
    return None


def _watch_temporary(g: Game, events: tuple[str, ...]) -> list[tuple[Obj, V.TriggeredAbility]]:
    """registry.WATCHER_HOOKS: the temporary abilities listening for one of `events`, each watched by its source as
    it is (or last was: 608.2h) under the effect's controller, whose ability it is."""
    s = g.s
    out = []
    for e in s.effects:
        if e.kind != TEMPORARY_TRIGGER or e.data[0].event not in events:
            continue
        o = s.objects.get(e.target) if e.target is not None else None
        if o is None and e.target in s.lki:
            o = s.lki[e.target][0]
        if o is None:
            continue
        out.append((o if o.controller == e.controller else o.controlled_by(e.controller), e.data[0]))
    return out


registry.register_effect(TemporaryTrigger, _temporary_trigger)
add_hook(registry.WATCHER_HOOKS, _watch_temporary, classes=(TemporaryTrigger,))
