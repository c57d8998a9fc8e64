"""Combat keyword abilities (CR 702) and combat effects of resolving spells and abilities (611.2).
Blocking requirements are in rules/blocking_requirements.py; optional costs to attack, creatures put
onto the battlefield attacking, mentor and backup in rules/attacking.py.

- 120.3b / 120.3d / 702.90 infect and 702.80 wither: damage to a player from a source with infect
  gives poison counters instead of life loss; damage to a creature from a source with wither or
  infect becomes -1/-1 counters instead of marked damage (`E.damage_to_player`, called once the Damage
  event is performed, rules/effects.py; the -1/-1 counters are put on by Game.perform). 120.3g / 702.164 toxic N: combat damage to a player from
  a creature with toxic also gives poison counters equal to its total toxic value (702.164b: the
  sum of its toxic abilities). 704.5c: ten poison counters (rules/sba.py). 122.1f: "gets N poison
  counters".
- 611.2c: an effect of a resolving spell or ability that doesn't change characteristics changes the
  rules of the game: "target creature can't block this turn", "CARDNAME can't be blocked this
  turn", "creatures without flying can't block this turn" (a group: it also applies to creatures
  that start matching later). They are `ContinuousEffect`s of kind COMBAT_RULES whose rules join the
  object's `Chars.rules` (read by rules/combat.py and the untap step, 502.3). "Target creature can't
  block CARDNAME this turn" (509.1b), "... blocks CARDNAME this turn if able" / provoke (509.1c),
  "... attacks this turn if able" (508.1d), "can block an additional creature this turn" (509.1a),
  "assigns no combat damage this turn" (510.1a).
- 511.3 / 611.2a: "... attacks this combat if able" lasts until the end of combat step begins
  (`_combat_ended`, THIS_COMBAT).
- 502.3: "... doesn't untap during its controller's next untap step" / "your next untap step": a
  COMBAT_RULES effect lasting until that untap step has happened (`after_untap_step`); 701.39 exert.
- 702.23 rampage, 702.121 melee, 702.116 myriad, 702.112 renown (a designation kept per object:
  a new object after a zone change is not renowned, 400.7), 702.105 dethrone (a trigger
  condition checked as it would trigger), 702.54 bloodthirst and 702.136 riot (614.1c: applied as
  the permanent enters).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model import vocab as V
from ..model.events import BecameRenowned, EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, ContinuousEffect, player_ref
from ..model.vocab.combat_keywords import (  # noqa: F401 (the vocabulary this module executes)
    ATTACKS_YOU,
    NEXT_UNTAP,  # noqa: F401 (the vocabulary this module executes)
    THIS_COMBAT,
    CombatRule,
    CombatRuleAll,
    CombatRuleData,
    DethroneTrigger,
    GivePoison,
    Melee,
    Myriad,
    PumpPerBlocker,
    Renown,
    RenownTrigger,
    UntapAll,
    attacks_player_rule,
)
from . import add_hook, counter_replacement, effect_context, trigger_queue
from . import effects as E
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj


COMBAT_RULES = "combat_rules"  # ContinuousEffect kind; data: CombatRuleData


# ----------------------------------------------------------------------------- poison and damage


# ----------------------------------------------------------------------------- rules of combat (611.2c)

def effect_rules(s: GameState, obj: Obj, types: frozenset[str], keywords: frozenset[str]) -> frozenset[str]:
    """The combat and untap rules that resolved spells and abilities give `obj` now (called by
    rules/continuous.py characteristics with its types and keywords after layer 6)."""
    out: set[str] = set()
    for e in s.effects:
        if e.kind != COMBAT_RULES:
            continue
        d: CombatRuleData = e.data
        if d.group is None:
            if e.target != obj.id:
                continue
        elif not _group_matches(d.group, obj, types, keywords, e.controller):
            continue
        if d.player is not None and obj.controller != d.player or d.excluded == obj.id:
            continue
        if d.while_controlled is not None:
            src = s.objects.get(d.while_controlled)
            if src is None or src.zone != BATTLEFIELD or src.controller != e.controller:
                continue  # 611.2b: "for as long as you control CARDNAME" is over
        out.update(d.rules)
    return frozenset(out)


add_hook(registry.EFFECT_RULES, effect_rules)


def _group_matches(flt: V.ObjectFilter, obj: Obj, types: frozenset[str], keywords: frozenset[str],
                   controller: int) -> bool:
    """The few qualities a group of a combat rule effect names: card types, keywords it has or
    lacks, its controller (relative to the effect's controller)."""
    if flt.types and not (flt.types & types):
        return False
    if flt.controller == "you" and obj.controller != controller:
        return False
    if flt.controller == "opponent" and obj.controller == controller:
        return False
    if isinstance(flt, V.FilterPlus):
        if flt.keywords and not (flt.keywords & keywords):
            return False
        if flt.non_keywords and (flt.non_keywords & keywords):
            return False
    return True


def add_rules_effect(g: Game, target: int | None, data: CombatRuleData, controller: int, until: str = "eot",
                     source: str = "") -> None:
    s = g.s
    effect = ContinuousEffect(COMBAT_RULES, target, timestamp=s.next_timestamp, until=until, controller=controller,
                              data=data)
    s.next_timestamp += 1
    g.perform(EffectCreated("611.2c", effect, "combat_rule", {
        "source": source, "target": g.name_of(target) if target is not None else "group", "rules": list(data.rules),
        "until": until}))


def _combat_ended(g: Game, event: str) -> None:
    """registry.STEP_HOOKS: "this combat" rules effects end as the end of combat step begins (511.3)."""
    s = g.s
    if event == "end_combat" and s.effects:
        ended = tuple(e for e in s.effects if e.kind == COMBAT_RULES and e.until == THIS_COMBAT)
        if ended:
            g.perform(EffectsEnded("611.2a", ended, "combat_rule_ended", {
                "targets": [g.name_of(e.target) for e in ended if e.target is not None], "until": "this combat"}))


add_hook(registry.STEP_HOOKS, _combat_ended)


def after_untap_step(g: Game) -> None:
    """502.3: effects that kept a permanent from untapping "during its controller's next untap step"
    (or "your next untap step") have done so: they end once that untap step has happened."""
    s = g.s
    if not s.effects:
        return
    ended = []
    for e in s.effects:
        if e.kind == COMBAT_RULES and e.until == NEXT_UNTAP:
            d: CombatRuleData = e.data
            o = s.objects.get(e.target) if e.target is not None else None
            if o is None or o.zone != BATTLEFIELD:
                ended.append(e)  # 400.7: the permanent is gone; the effect has nothing left to do
            elif (d.player if d.player is not None else o.controller) == s.active:
                ended.append(e)
    if ended:
        g.perform(EffectsEnded("502.3", tuple(ended)))


def _combat_rule(g: Game, ctx: effect_context.Context, e: CombatRule) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    # "attacks you this turn if able": "you" is the ability's controller (508.1d)
    rules = tuple(attacks_player_rule(ctx.controller) if r == ATTACKS_YOU else r for r in e.rules)
    source = ctx.source if e.while_you_control_source else None
    if e.while_you_control_source:
        src = g.s.objects.get(source) if source is not None else None
        if src is None or src.zone != BATTLEFIELD or src.controller != ctx.controller:
            return None  # 611.2b: the duration ended before the effect began
    add_rules_effect(g, oid, CombatRuleData(rules, None, ctx.controller if e.yours else None,
                                            while_controlled=source), ctx.controller,
                     e.until, ctx.name)
    return None


def _combat_rule_all(g: Game, ctx: effect_context.Context, e: CombatRuleAll) -> list | None:
    if e.others_of is not None:
        # "other creatures that player controls": that target's controller as this resolves, the target excepted
        oid = effect_context.target_object(g, ctx, e.others_of)
        if oid is None:
            return None
        data = CombatRuleData(e.rules, e.group, g.s.objects[oid].controller, excluded=oid)
        add_rules_effect(g, None, data, ctx.controller, "eot", ctx.name)
        return None
    add_rules_effect(g, None, CombatRuleData(e.rules, e.group), ctx.controller, "eot", ctx.name)
    return None


registry.register_effect(CombatRule, _combat_rule)
registry.register_effect(CombatRuleAll, _combat_rule_all)


def _give_poison(g: Game, ctx: effect_context.Context, e: GivePoison) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        E.give_poison(g, p, effect_context.amount(g, ctx, e.amount), "122.1f", ctx.name)
    return None


registry.register_effect(GivePoison, _give_poison)


# ----------------------------------------------------------------------------- keyword triggers

def blockers_of(g: Game, attacker: int) -> list[int]:
    cb = g.s.combat
    if cb is None:
        return []
    return [b for b, atts in cb.blockers.items() if attacker in atts]


def _pump_per_blocker(g: Game, ctx: effect_context.Context, e: PumpPerBlocker) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    cb = g.s.combat
    if e.blocked:
        k = len(cb.blockers.get(oid, ())) if cb is not None else 0  # the attackers it blocks, as it resolves
    else:
        k = len(blockers_of(g, oid)) - (1 if e.beyond_first else 0)
    k = max(0, k)
    g.log_event("pump_per_blocker", "702.23b" if e.beyond_first else "611.2c", card=g.name_of(oid), blockers=k)
    if k:
        t = e.n if e.toughness is None else e.toughness
        E.run(g, ctx, (V.Pump(e.target, e.n * k, t * k),), finish=None)
    return None


def _melee(g: Game, ctx: effect_context.Context, e: Melee) -> list | None:
    cb = g.s.combat
    opponents = {player_ref(1 - ctx.controller)}
    k = len(opponents & set(cb.attackers.values())) if cb is not None else 0
    g.log_event("melee", "702.121a", card=ctx.name, opponents_attacked=k)
    if k:
        E.run(g, ctx, (V.Pump(V.SELF, k, k),), finish=None)
    return None


def _myriad(g: Game, ctx: effect_context.Context, e: Myriad) -> list | None:
    g.log_event("myriad", "702.116a", card=ctx.name, opponents_other_than_defending=0)
    return None


def is_renowned(g: Game, oid: int) -> bool:
    return oid in g.s.renowned


def _renown(g: Game, ctx: effect_context.Context, e: Renown) -> list | None:
    oid = effect_context.target_object(g, ctx, V.SELF)
    if oid is None or is_renowned(g, oid):
        return None
    o = g.s.objects[oid]
    counter_replacement.put_counters(g, o, "+1/+1", e.n, "702.112a", placer=ctx.controller)
    g.perform(BecameRenowned("702.112a", oid, e.n))  # 702.112b: renowned is a designation of the permanent
    return None


registry.register_effect(PumpPerBlocker, _pump_per_blocker)
registry.register_effect(Melee, _melee)
registry.register_effect(Myriad, _myriad)
registry.register_effect(Renown, _renown)


# ----------------------------------------------------------------------------- bloodthirst (702.54)

def opponent_dealt_damage_this_turn(g: Game, p: int) -> bool:
    """702.54a: whether an opponent of `p` was dealt damage this turn (the game log of this turn)."""
    name = g.s.players[1 - p].name
    for e in reversed(g.s.log):
        if e.get("turn") != g.s.turn:
            break
        if e.get("event") == "damage" and "target_id" not in e and e.get("target") == name:
            return True
    return False


def bloodthirst_enters(g: Game, o: Obj, ab: V.StaticAbility, choices: dict) -> None:
    """702.54a / 614.1c: "If an opponent was dealt damage this turn, this permanent enters with N
    +1/+1 counters on it" (a replacement effect applied as it enters)."""
    if opponent_dealt_damage_this_turn(g, o.controller):
        n = int(ab.amount)  # type: ignore[arg-type]
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + n
        g.log_event("bloodthirst", "702.54a", card=o.card.name, counters=n)


# ----------------------------------------------------------------------------- block triggers (509.1i, 509.2a)

def blocks_watched(g: Game) -> None:
    """Triggers of permanents watching blocks (603.2, called by rules/triggers.py blockers_declared):
    "whenever a creature you control becomes blocked" ("it": that creature), "whenever a creature
    blocks" ("that creature": the blocker), "whenever enchanted / equipped creature blocks",
    "... becomes blocked", "... blocks or becomes blocked"."""
    matches_filter = _targeting_module.matches_filter
    s = g.s
    cb = s.combat
    if cb is None:
        return
    events = ("creature_becomes_blocked", "creature_blocks", "attached_blocks", "attached_becomes_blocked",
              "attached_blocks_or_becomes_blocked", "attached_attacks_or_blocks")
    watchers = trigger_queue.watchers(g, events)
    if not watchers:
        return
    blocked = [a for a in cb.attackers if a in cb.blocked]
    for w, ab in watchers:
        ev = ab.event
        if ev == "creature_becomes_blocked":
            for a in blocked:
                if ab.filter is None or matches_filter(g, ab.filter, s.objects[a], w.controller, w.id):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=a)
        elif ev == "creature_blocks":
            for b in cb.blockers:
                if ab.filter is None or matches_filter(g, ab.filter, s.objects[b], w.controller, w.id):
                    trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=b)
        else:
            host = w.attached_to
            if host is None:
                continue
            blocks = host in cb.blockers
            was_blocked = host in cb.attackers and host in cb.blocked
            if (ev in ("attached_blocks", "attached_attacks_or_blocks") and blocks) or (
                    ev == "attached_becomes_blocked" and was_blocked) or (
                    ev == "attached_blocks_or_becomes_blocked" and (blocks or was_blocked)):
                trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=host)


def riot_enters(g: Game, o: Obj, ab: V.StaticAbility, choices: dict) -> None:
    """702.136a: "You may have this permanent enter with an additional +1/+1 counter on it. If you
    don't, it gains haste" (each instance separately, 702.136b). The controller's choice is asked of
    the game's chooser (the scenario runner); without one the counter is taken."""
    s = g.s
    counter = g.choose(o.controller, "riot", [True, False],
                     f"702.136a: {o.card.name} enters with an additional +1/+1 counter (true) or gains haste (false)")
    if counter:
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
    else:
        # No duration: it has haste for as long as it stays on the battlefield (a new object after that, 400.7).
        g.perform(EffectCreated("702.136a", ContinuousEffect("pump", o.id, keywords=("haste",),
                                                             timestamp=s.next_timestamp, until="riot",
                                                             controller=o.controller)))
        s.next_timestamp += 1
    g.log_event("riot", "702.136a", card=o.card.name, counter=bool(counter))


def _register() -> None:
    registry.ETB_REPLACEMENTS["bloodthirst"] = bloodthirst_enters
    registry.ETB_REPLACEMENTS["riot"] = riot_enters


_register()


def _untap_all(g: Game, ctx: effect_context.Context, e: UntapAll) -> list | None:
    for oid in _targeting_module.objects_matching(g, e.filter, ctx.controller, ctx.source):
        o = g.s.objects[oid]
        if o.tapped:
            g.untap(o, "701.21b")
    return None


registry.register_effect(UntapAll, _untap_all)


# ----------------------------------------------------------------------------- put onto the battlefield attacking (508.4)


def combat_damage_amount(c: Any) -> int:
    """510.1a, modified by "assigns combat damage equal to its toughness rather than its power"
    ("assign_toughness"; "assign_toughness_if_greater": only while its toughness is greater than its
    power)."""
    p = c.power or 0
    rules = c.rules
    if "assign_toughness" in rules or ("assign_toughness_if_greater" in rules and (c.toughness or 0) > p):
        return c.toughness or 0
    return p


def _dethrone_trigger_intervening_if(g: Game, ability: DethroneTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    cb = g.s.combat
    d = cb.attackers.get(source) if cb is not None else None
    if d is None or d >= 0:
        return False  # attacking a planeswalker is not attacking a player (506.3)
    life = g.s.players[-1 - d].life
    return all(life >= pl.life for pl in g.s.players if not pl.lost)


registry.INTERVENING_IF[DethroneTrigger] = _dethrone_trigger_intervening_if


def _renown_trigger_intervening_if(g: Game, ability: RenownTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    return not is_renowned(g, source)


registry.INTERVENING_IF[RenownTrigger] = _renown_trigger_intervening_if
