"""Prevention effects (615): shields set up by resolving spells and abilities, the shields against a
source chosen as the effect resolves (609.7a), and the prevention effects of permanents and players:
all of them replacement effects on the Damage event (615.1), found by this module's
registry.REPLACEMENTS[Damage] finders as Game.perform performs it (the affected player or the affected
permanent's controller orders several when the order changes the result, 616.1).

- 615.1: "prevent the next N damage that would be dealt to ... this turn" (V.PreventDamage, compiled by
  cards/templates/effects_core.py); 615.7: a shield for a number of damage is used up as it prevents.
- 609.7a: "the next time a red source of your choice would deal damage to you this turn, prevent
  that damage": the source is chosen as the effect is created; 615.7: used up once it prevents.
- 702.16e: protection (of a permanent, rules/protection.py; of a player, registry.PLAYER_PROTECTION).
- 122.1c: a shield counter: "If damage would be dealt to this permanent, prevent that damage and remove
  a shield counter from it".
- 615.1: a permanent's own "prevent all damage ... and remove a +1/+1 counter / that many +1/+1
  counters" (Ugin's Conjurant; PreventAllRemoveCounter).
- 615.1: "Prevent all combat damage that would be dealt to and dealt by that creature this turn" (Maze of Ith: a
  PreventDamage for each, the one `dealt_by` a shield on the source's side).
- 615.1: "Prevent all damage that would be dealt to you and creatures you control this turn"
  (PreventAllDamageTo): the group is checked as damage would be dealt.
- 615.1: a permanent's "Prevent all [combat] damage that would be dealt to [and dealt by] CARDNAME /
  enchanted creature [during your turn]" (PreventAllDamage, a static ability: while it is on the battlefield);
  "Prevent all combat damage that would be dealt to CARDNAME by creatures blocking it".
- 615.5: a permanent's own "prevent that damage. Put a -1/-1 counter on CARDNAME for each 1 damage prevented
  this way" (Phyrexian Hydra; PreventAllPutCounters); "If combat damage would be dealt to CARDNAME, prevent
  that damage and exile that many cards from the top of your library" (Gloom Surgeon; PreventAllExileTop).
- 615.5: a shield's additional effect ("If damage is prevented this way, CARDNAME deals that much damage to
  target player or planeswalker", Vengeful Archon: `PreventDamage.then`) happens right after it prevents.
- 615.12: "Damage can't be prevented this turn" (DamageCantBePrevented; a permanent's "Damage can't be
  prevented.", a StaticAbility of kind UNPREVENTABLE): the prevention effects that apply
  still apply but prevent nothing; their additional effects happen (a shield counter is still removed,
  122.1c), and shields for an amount or for "the next time" aren't used up (615.12).
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..engine.registry import Replacement
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.events import CountersPut, CountersRemoved, Damage, EffectChanged, EffectCreated, EffectsEnded
from ..model.state import EXILE, ContinuousEffect, player_ref
from ..model.vocab.prevention import (  # noqa: F401 (the vocabulary this module executes)
    PREVENT_ALL,
    PREVENT_GROUP,
    UNPREVENTABLE,
    DamageCantBePrevented,
    PreventAllDamage,
    PreventAllDamageTo,
    PreventAllExileTop,
    PreventAllPutCounters,
    PreventAllRemoveCounter,
    PreventedThisWay,
    PreventNextFromSource,
)
from . import choice_effects, effect_context, entry_choices
from . import effects as E
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


# The ContinuousEffect kind of "prevent all [combat] damage that would be dealt by that creature this turn" (615.1):
# its target the object whose damage is prevented; data (combat only, the effect's source name).
PREVENT_BY = "prevent_by"


def _prevent_next_from_source(g: Game, ctx: effect_context.Context, e: PreventNextFromSource) -> list | None:
    s = g.s
    recipient: int | None = None
    if e.to == V.YOU:
        recipient = -1 - ctx.controller
    elif isinstance(e.to, V.Ref):
        if not ctx.legal[e.to.index]:
            return None
        recipient = ctx.targets[e.to.index]
    if e.source is not None:
        # "The next time target creature would deal damage this turn": that object, if it is still there
        named = effect_context.target_object(g, ctx, e.source)
        if named is not None:
            _shield_from(g, named, recipient, ctx.controller, ctx.name)
        return None
    # The objects that can deal damage as the objects they are now: permanents and spells (400.7: a card
    # elsewhere becomes a new object before it could deal damage).
    cands = tuple(o.id for o in g.permanents() if _targeting_module.matches_filter(g, e.quality, o, ctx.controller)) + tuple(
        it.obj for it in s.stack if it.kind == "spell" and it.obj in s.objects
        and _targeting_module.matches_filter(g, e.quality, s.objects[it.obj], ctx.controller))
    if not cands:
        return None
    return [effect_context.queue_choice("damage_source", ctx.controller, cands,
                      f"609.7a: {ctx.name}: choose the source whose next damage is prevented "
                      f"({', '.join(g.name_of(c) for c in cands)})", (recipient, ctx.name))]


def _answer_damage_source(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    s = g.s
    recipient, name = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    _shield_from(g, value, recipient, d.player, name)


def _shield_from(g: Game, value: int, recipient: int | None, controller: int, name: str) -> None:
    """615.7: a shield against the next damage the source `value` would deal (to `recipient`, or anyone)."""
    s = g.s
    shield = ContinuousEffect("prevent_next_from", recipient, timestamp=s.next_timestamp, controller=controller,
                              data=(value, name))
    s.next_timestamp += 1
    g.perform(EffectCreated("615.7", shield, "prevention_shield", {
        "source": name, "from_source": g.name_of(value),
        "target": g.name_of(recipient) if recipient is not None else "any"}))


registry.CHOICES["damage_source"] = (choice_effects.object_actions, _answer_damage_source)

registry.register_effect(PreventNextFromSource, _prevent_next_from_source)


def _prevent_effect(g: Game, ctx: effect_context.Context, e: V.PreventDamage) -> list | None:
    """615.1: set up a prevention shield until end of turn."""
    s = g.s
    target: int | None = None
    if e.target is not None:
        if isinstance(e.target, V.Ref):
            if not ctx.legal[e.target.index]:
                return None
            target = ctx.targets[e.target.index]
        elif e.target == V.YOU:
            target = player_ref(ctx.controller)  # "dealt to you"
        else:
            target = effect_context.target_object(g, ctx, e.target)
            if target is None:
                return None
    n = effect_context.amount(g, ctx, e.amount) if e.amount is not None else None  # "X": the X paid
    # 615.5: the additional effect keeps the context it was created in (its source, its targets)
    rider = (ctx, e.then) if e.then else None
    if e.dealt_by:
        if target is None or target < 0:
            return None
        # 615.1: all (combat) damage the object would deal this turn (a new object once it changes zones, 400.7)
        by = ContinuousEffect(PREVENT_BY, target, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=(e.combat_only, ctx.name))
        s.next_timestamp += 1
        g.perform(EffectCreated("615.1", by, "prevention_shield", {
            "source": ctx.name, "dealt_by": g.name_of(target), "amount": "all", "combat_only": e.combat_only}))
        return None
    shield = ContinuousEffect("prevent", target, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=(n, e.combat_only, ctx.name, rider))
    s.next_timestamp += 1
    g.perform(EffectCreated("615.1", shield, "prevention_shield", {
        "source": ctx.name, "target": g.name_of(target) if target is not None else "any",
        "amount": n if n is not None else "all", "combat_only": e.combat_only}))
    return None


registry.EFFECT_HANDLERS[V.PreventDamage] = _prevent_effect


def _prevent_group(g: Game, ctx: effect_context.Context, e: PreventAllDamageTo) -> list | None:
    """615.1: a shield around the controller and / or a group of permanents until end of turn."""
    s = g.s
    shield = ContinuousEffect(PREVENT_GROUP, None, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=(e.you, e.group, e.combat_only, ctx.name))
    s.next_timestamp += 1
    g.perform(EffectCreated("615.1", shield, "prevention_shield", {
        "source": ctx.name, "target": "group", "amount": "all", "combat_only": e.combat_only}))
    return None


registry.register_effect(PreventAllDamageTo, _prevent_group)


def _cant_be_prevented(g: Game, ctx: effect_context.Context, e: DamageCantBePrevented) -> list | None:
    """615.12: "Damage can't be prevented this turn": an effect on all damage until end of turn (514.2)."""
    s = g.s
    effect = ContinuousEffect(UNPREVENTABLE, None, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=ctx.name)
    s.next_timestamp += 1
    g.perform(EffectCreated("615.12", effect, "damage_unpreventable", {"source": ctx.name}))
    return None


registry.register_effect(DamageCantBePrevented, _cant_be_prevented)


def unpreventable(g: Game) -> bool:
    """615.12: damage can't be prevented now (a resolved effect's "this turn", or a permanent's static
    "Damage can't be prevented.")."""
    return any(e.kind == UNPREVENTABLE for e in g.s.effects) or bool(g.statics_of_kind(UNPREVENTABLE))


# --------------------------------------------------------------------------- 615.1: REPLACEMENTS[Damage]


def _prevented(k: int, ev: Damage) -> Damage | None:
    """The damage event once `k` of it is prevented (None: all of it, no damage is dealt)."""
    return None if ev.amount <= k else dataclasses.replace(ev, amount=ev.amount - k)


def _all_prevented(ev: Damage) -> None:
    return None


def _unchanged(ev: Damage) -> Damage:
    """615.12: a prevention effect applied to damage that can't be prevented prevents none of it."""
    return ev


def _prevented_amount(ev: Damage, after: Damage | None) -> int:
    return ev.amount - (after.amount if after is not None else 0)


def _used_shield(e: ContinuousEffect, g: Game, ev: Damage, after: Damage | None) -> None:
    """615.7: the shield `e` prevented what it did; a shield for a number of damage is used up by as much."""
    left, combat_only, name, rider = e.data
    k = ev.amount - (after.amount if after is not None else 0)
    g.log_event("prevent", "615.7" if left is not None else "615.1", source=ev.source, target=g.name_of(ev.recipient),
                amount=k, by=name)
    if left is not None:
        if left - k > 0:
            g.perform(EffectChanged("615.7", e, ContinuousEffect("prevent", e.target, timestamp=e.timestamp,
                                                                 controller=e.controller,
                                                                 data=(left - k, combat_only, name, rider))))
        else:
            g.perform(EffectsEnded("615.7", (e,)))
    if rider is not None and k > 0:
        # 615.5: "If damage is prevented this way, CARDNAME deals that much damage to ...", right afterwards
        ctx, then = rider
        effects = tuple(dataclasses.replace(x, amount=k) if isinstance(getattr(x, "amount", None), PreventedThisWay)
                        else x for x in then)
        g.log_event("prevention_rider", "615.5", source=name, amount=k)
        E.run(g, ctx, effects, finish=None)


def _used_source_shield(e: ContinuousEffect, g: Game, ev: Damage, after: Damage | None) -> None:
    """609.7a / 615.7: "the next time": used up."""
    g.perform(EffectsEnded("615.7", (e,)))
    g.log_event("prevent", "615.7", source=ev.source, target=g.name_of(ev.recipient), amount=ev.amount, by=e.data[1])


def _shields(g: Game, ev: Damage) -> list[Replacement]:
    """615.1: the shields resolved spells and abilities set up (in the order they were), then 609.7a's
    against a chosen source."""
    effects = g.s.effects
    if not effects or unpreventable(g):
        return []  # 615.12: the shields prevent nothing and aren't used up (they have no other effect)
    out = []
    later = []
    for e in effects:
        if e.kind == "prevent":
            if e.target is not None and e.target != ev.recipient:
                continue
            left, combat_only, name, _ = e.data
            if combat_only and not ev.combat or left is not None and left <= 0:
                continue
            out.append(Replacement(("prevent", e.timestamp), name,
                                   _all_prevented if left is None else partial(_prevented, left),  # type: ignore[arg-type]
                                   then=partial(_used_shield, e), uses=left is not None))
        elif e.kind == PREVENT_GROUP:
            you, group, combat_only, name = e.data
            if combat_only and not ev.combat:
                continue
            r = ev.recipient
            if r < 0 and you and -1 - r == e.controller or r >= 0 and group is not None \
                    and _targeting_module.matches_filter(g, group, g.s.objects[r], e.controller):
                out.append(Replacement((PREVENT_GROUP, e.timestamp), name, _all_prevented,  # type: ignore[arg-type]
                                       then=partial(_logged_by, "615.1", name)))
        elif e.kind == PREVENT_BY and ev.source_id is not None and e.target == ev.source_id and (ev.combat or not e.data[0]):
            out.append(Replacement((PREVENT_BY, e.timestamp), e.data[1], _all_prevented,  # type: ignore[arg-type]
                                   then=partial(_logged_by, "615.1", e.data[1])))
        elif e.kind == "prevent_next_from" and ev.source_id is not None and e.data[0] == ev.source_id and (
                e.target is None or e.target == ev.recipient):
            later.append(Replacement(("prevent_next_from", e.timestamp), e.data[1], _all_prevented,  # type: ignore[arg-type]
                                     then=partial(_used_source_shield, e), uses=True))
    return out + later


def _logged(rule: str, g: Game, ev: Damage, after: Damage | None) -> None:
    g.log_event("prevent", rule, source=ev.source, target=g.name_of(ev.recipient), amount=ev.amount)


def _logged_by(rule: str, name: str, g: Game, ev: Damage, after: Damage | None) -> None:
    g.log_event("prevent", rule, source=ev.source, target=g.name_of(ev.recipient), amount=ev.amount, by=name)


def _static_prevention(g: Game, ev: Damage) -> list[Replacement]:
    """615.1: the permanents' "Prevent all [combat] damage that would be dealt to [and dealt by] CARDNAME /
    enchanted creature [during your turn]" (PreventAllDamage)."""
    statics = g.statics_of_kind(PREVENT_ALL)
    if not statics or unpreventable(g):
        return []  # 615.12: they have no other effect
    out = []
    for src, ab in statics:
        if not isinstance(ab, PreventAllDamage) or ab.combat_only and not ev.combat \
                or ab.your_turn and g.s.active != src.controller:
            continue
        if ab.scope == "you_and_yours":
            # "Prevent all damage that would be dealt to you and permanents you control by sources with the
            # chosen name" (Gideon's Intervention): the source's name as the damage is dealt (201.4)
            ours = ev.recipient == player_ref(src.controller) or (
                ev.recipient >= 0 and ev.recipient in g.s.objects and g.s.objects[ev.recipient].controller == src.controller)
            name = ev.source_chars.name if ev.source_chars is not None else ev.source
            if ours and (not ab.by_chosen_name or entry_choices.has_chosen_name(g.s, src.id, name)):
                out.append(Replacement((PREVENT_ALL, src.id, ab.text), src.card.name, _all_prevented,  # type: ignore[arg-type]
                                       then=partial(_logged_by, "615.1", src.card.name), source=src.id))
            continue
        subject = src.id if ab.scope == "self" else src.attached_to
        if subject is None:
            continue
        if ab.by_blockers:
            cb = g.s.combat
            if ev.recipient == subject and cb is not None and ev.source_id is not None \
                    and subject in cb.blockers.get(ev.source_id, ()):
                # "... dealt to CARDNAME by creatures blocking it": the source blocks it now (509.1g)
                out.append(Replacement((PREVENT_ALL, src.id, ab.text), src.card.name, _all_prevented,  # type: ignore[arg-type]
                                       then=partial(_logged_by, "615.1", src.card.name), source=src.id))
            continue
        if ab.to and ev.recipient == subject or ab.by and ev.source_id == subject:
            out.append(Replacement((PREVENT_ALL, src.id, ab.text), src.card.name, _all_prevented,  # type: ignore[arg-type]
                                   then=partial(_logged_by, "615.1", src.card.name), source=src.id))
    return out


def _player_protection(g: Game, ev: Damage) -> list[Replacement]:
    """702.16e: damage from a source a player has protection from is prevented (rules/player_protection.py)."""
    protections = registry.live(g.s, registry.PLAYER_PROTECTION)
    if ev.recipient >= 0 or not protections or unpreventable(g):
        return []  # 615.12: protection's prevention has no other effect
    p = -1 - ev.recipient
    chars = ev.source_chars
    colors = chars.colors if chars is not None else frozenset()
    if any(f(g, p, chars, colors, ev.source_controller, "damage") for f in protections):
        return [Replacement(("protection", ev.recipient), "protection", _all_prevented,  # type: ignore[arg-type]
                            then=partial(_logged, "702.16e"))]
    return []


def _shield_counter(g: Game, ev: Damage, after: Damage | None) -> None:
    """122.1c: the shield counter that prevented the damage is removed (as effects.remove_shield_counter does
    for a destruction: this module stays below rules/effects.py); 615.12: also when the damage can't be
    prevented."""
    g.perform(CountersRemoved("122.1c", ev.recipient, "shield", 1, log="shield_counter", fields={"replaced": "damage"}))


def _remove_plus_counters(g: Game, ev: Damage, after: Damage | None) -> None:
    """Ugin's Conjurant: "prevent that damage and remove that many +1/+1 counters from it"."""
    o = g.s.objects[ev.recipient]
    n = ev.amount  # "that many": the damage that would be dealt (615.12: also when it can't be prevented)
    if after is None:
        g.log_event("prevent", "615.1", source=ev.source, target=o.card.name, amount=n)
    g.perform(CountersRemoved("615.1", o.id, "+1/+1", n))


def _remove_a_counter(kind: str, that_many: bool, g: Game, ev: Damage, after: Damage | None) -> None:
    """PreventAllRemoveCounter: "prevent all damage that would be dealt to it and remove a `kind` counter
    from it", one counter per simultaneous damage event (615.5); `that_many`: as many as the damage (615.12: also
    when it can't be prevented)."""
    o = g.s.objects[ev.recipient]
    if after is None:
        g.log_event("prevent", "615.1", source=ev.source, target=o.card.name, amount=ev.amount, by=o.card.name)
    if that_many:
        g.perform(CountersRemoved("615.5", o.id, kind, ev.amount))
        return
    marks = g.damage_event_marks
    if marks is not None:
        if ("remove_counter", o.id) in marks:
            return  # the same simultaneous damage event: one counter only
        marks.add(("remove_counter", o.id))
    g.perform(CountersRemoved("615.5", o.id, kind, 1))  # none left to remove: nothing happens


def _put_counters(kind: str, g: Game, ev: Damage, after: Damage | None) -> None:
    """PreventAllPutCounters: "Put a -1/-1 counter on CARDNAME for each 1 damage prevented this way" (615.5:
    right after the prevention; 615.12: none were prevented, none are put)."""
    n = _prevented_amount(ev, after)
    if n <= 0:
        return
    o = g.s.objects[ev.recipient]
    g.log_event("prevent", "615.5", source=ev.source, target=o.card.name, amount=n, by=o.card.name)
    g.perform(CountersPut("615.5", o.id, kind, n))


def _exile_top(g: Game, ev: Damage, after: Damage | None) -> None:
    """PreventAllExileTop: "... and exile that many cards from the top of your library" (615.5: right after the
    prevention; the library of the permanent's controller)."""
    n = _prevented_amount(ev, after)
    if n <= 0:
        return
    o = g.s.objects[ev.recipient]
    g.log_event("prevent", "615.5", source=ev.source, target=o.card.name, amount=n, by=o.card.name)
    for cid in list(g.s.players[o.controller].library[:n]):
        g.move(cid, EXILE, rule="615.5")


def _permanent_prevention(g: Game, ev: Damage) -> list[Replacement]:
    """The prevention effects on damage to a permanent: its shield counters (122.1c), protection
    (702.16e), its own static abilities (615.1)."""
    if ev.recipient < 0:
        return []
    o = g.s.objects[ev.recipient]
    out = []
    unp = unpreventable(g)
    # 615.12: damage that can't be prevented: the effects still apply, prevent nothing, and do the rest
    prevent = _unchanged if unp else _all_prevented
    if o.counters.get("shield"):
        # one prevention effect for all its shield counters (122.1c)
        out.append(Replacement(("shield_counter", o.id), "shield counter", prevent,  # type: ignore[arg-type]
                               then=_shield_counter, uses=True))
    chars = ev.source_chars
    if not unp and _targeting_module.protected_from(g, o, chars.colors if chars is not None else frozenset(), chars):
        out.append(Replacement(("protection", o.id), "protection", _all_prevented,  # type: ignore[arg-type]
                               then=partial(_logged, "702.16e")))
    c = g.chars(o)
    for ab in c.abilities:
        if isinstance(ab, V.StaticAbility) and ab.kind == "prevent_damage_remove_counters" and o.counters.get(
                "+1/+1", 0) > 0:
            out.append(Replacement(("remove_counters", o.id), o.card.name, prevent,  # type: ignore[arg-type]
                                   then=_remove_plus_counters, uses=True))
            break
    put = next((a for a in c.abilities if isinstance(a, PreventAllPutCounters)), None)
    if put is not None:
        out.append(Replacement(("put_counters", o.id), o.card.name, prevent,  # type: ignore[arg-type]
                               then=partial(_put_counters, put.counter_kind), uses=True))
    top = next((a for a in c.abilities if isinstance(a, PreventAllExileTop)), None)
    if top is not None and (ev.combat or not top.combat_only):
        out.append(Replacement(("exile_top", o.id), o.card.name, prevent,  # type: ignore[arg-type]
                               then=_exile_top))
    ab = next((a for a in c.abilities if isinstance(a, PreventAllRemoveCounter)), None)
    if ab is not None:
        out.append(Replacement(("remove_counter", o.id), o.card.name, prevent,  # type: ignore[arg-type]
                               then=partial(_remove_a_counter, ab.counter_kind, ab.that_many), uses=True))
    return out


registry.REPLACEMENTS.setdefault(Damage, []).extend([_shields, _player_protection, _permanent_prevention,
                                                     _static_prevention])
