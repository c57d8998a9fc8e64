"""Combat keyword abilities (CR 702) and combat effects of resolving spells and abilities (611.2).

- 120.3b / 120.3d / 702.90 infect and 702.80 wither: damage to a player from a source with infect
  gives poison counters instead of life loss; damage to a creature from a source with wither or
  infect becomes -1/-1 counters instead of marked damage (`damage_to_player`, `damage_to_creature`,
  called by rules/effects.py deal_damage). 120.3g / 702.164 toxic N: combat damage to a player from
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
- 502.3: "... doesn't untap during its controller's next untap step" / "your next untap step": a
  COMBAT_RULES effect lasting until that untap step has happened (`after_untap_step`); 701.39 exert.
- 509.1c blocking requirements beyond "blocks each combat if able": "must be blocked if able",
  "all creatures able to block CARDNAME do so" (Lure), provoke (`block_requirements_error`, a
  bounded search for a declaration obeying more requirements; `suggested_blocks` for agents).
- 510.1b-c: "you may have CARDNAME assign its combat damage as though it weren't blocked".
- 508.1g-j optional costs to attack: 701.39d exert, 702.154 enlist (`attack_costs`); 508.4
  creatures put onto the battlefield attacking (`enter_attacking`, mobilize 702.181a of the 2026
  rules); 506.4 "remove it from combat".
- 702.23 rampage, 702.121 melee, 702.116 myriad, 702.112 renown (a designation kept per object:
  a new object after a zone change is not renowned, 400.7), 702.105 dethrone (a trigger
  condition checked as it would trigger), 702.134 mentor, 702.54 bloodthirst and 702.136 riot
  (614.1c: applied as the permanent enters), 702.165 backup (layer 6 grants until end of turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import vocab as V
from ..game.state import BATTLEFIELD, ContinuousEffect, player_ref
from ..lazy import lazy_module
from . import effects as E

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.state import GameState, Obj

# Modules reached across an import cycle (manastack/lazy.py).
_combat_module = lazy_module("manastack.rules.combat", globals(), "_combat_module")
_continuous_module = lazy_module("manastack.rules.continuous", globals(), "_continuous_module")
_stack_module = lazy_module("manastack.rules.stack", globals(), "_stack_module")
_targeting_module = lazy_module("manastack.rules.targeting", globals(), "_targeting_module")
_triggers_module = lazy_module("manastack.rules.triggers", globals(), "_triggers_module")

COMBAT_RULES = "combat_rules"  # ContinuousEffect kind; data: CombatRuleData
NEXT_UNTAP = "next_untap"  # ContinuousEffect.until: ends after the untap step it applies to (502.3)


@dataclass(frozen=True, slots=True)
class CombatRuleData:
    """What a COMBAT_RULES effect says. `rules`: the rule codes of rules/combat.py (`Chars.rules`).
    `group`: None (the effect's target object) or the filter of a group of creatures ("creatures
    without flying"), matched on read (611.2c). `player`: for "your next untap step", the player
    whose untap step it is (the effect keeps a permanent tapped only while that player controls it);
    None: its controller's next untap step."""

    rules: tuple[str, ...]
    group: V.ObjectFilter | None = None
    player: int | None = None


# ----------------------------------------------------------------------------- poison and damage

def give_poison(g: Game, p: int, n: int, rule: str, source: str = "") -> None:
    """122.1f / 120.3b: a player gets poison counters (704.5c: ten or more, and they lose)."""
    if n <= 0:
        return
    pl = g.s.players[p]
    pl.poison += n
    g.log_event("counters", rule, player=pl.name, kind="poison", amount=n, poison=pl.poison, source=source)


def total_toxic(chars: Any) -> int:
    """702.164b: the sum of the N values of the toxic abilities the creature has."""
    if chars is None:
        return 0
    return sum(int(ab.amount) for ab in chars.abilities
               if isinstance(ab, V.StaticAbility) and ab.kind == "toxic" and isinstance(ab.amount, int))


def damage_to_player(g: Game, source_name: str, chars: Any, p: int, n: int, combat: bool) -> None:
    """120.3a-b, 120.3g: the results of `n` damage dealt to player `p`."""
    kws = chars.keywords if chars is not None else frozenset()
    if "infect" in kws:
        give_poison(g, p, n, "120.3b", source_name)  # 702.90b: no life is lost
    else:
        g.set_life(p, -n, "120.3a", source=source_name)
    if combat:
        give_poison(g, p, total_toxic(chars), "702.164c", source_name)


def damage_to_creature(g: Game, o: Obj, chars: Any, n: int) -> None:
    """120.3d-e: -1/-1 counters from a source with wither or infect (702.80a, 702.90c), else marked damage."""
    kws = chars.keywords if chars is not None else frozenset()
    if "wither" in kws or "infect" in kws:
        o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + n
        g.log_event("counters", "120.3d", card=o.card.name, kind="-1/-1", amount=n)
    else:
        o.damage += n


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
        if d.player is not None and obj.controller != d.player:
            continue
        out.update(d.rules)
    return frozenset(out)


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
    s.effects.append(ContinuousEffect(COMBAT_RULES, target, timestamp=s.next_timestamp, until=until,
                                      controller=controller, data=data))
    s.next_timestamp += 1
    g.invalidate()
    g.log_event("combat_rule", "611.2c", source=source, target=g.name_of(target) if target is not None else "group",
                rules=list(data.rules), until=until)


def after_untap_step(g: Game) -> None:
    """502.3: effects that kept a permanent from untapping "during its controller's next untap step"
    (or "your next untap step") have done so: they end once that untap step has happened."""
    s = g.s
    if not s.effects:
        return
    keep = []
    for e in s.effects:
        if e.kind == COMBAT_RULES and e.until == NEXT_UNTAP:
            d: CombatRuleData = e.data
            o = s.objects.get(e.target) if e.target is not None else None
            if o is None or o.zone != BATTLEFIELD:
                continue  # 400.7: the permanent is gone; the effect has nothing left to do
            if (d.player if d.player is not None else o.controller) == s.active:
                continue
        keep.append(e)
    if len(keep) != len(s.effects):
        s.effects = keep
        g.invalidate()


@dataclass(frozen=True, slots=True)
class CombatRule(V.Effect):
    """"target creature can't block this turn" (rules ("cant_block",)), "CARDNAME can't be blocked
    this turn", "... doesn't untap during its controller's next untap step" (until NEXT_UNTAP, with
    "doesnt_untap"): a rules-changing effect on one object (611.2c). `yours`: "your next untap
    step" (the controller of the ability)."""

    target: V.Who
    rules: tuple[str, ...]
    until: str = "eot"
    yours: bool = False


def _combat_rule(g: Game, ctx: E.Context, e: CombatRule) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    if oid is None:
        return None
    add_rules_effect(g, oid, CombatRuleData(e.rules, None, ctx.controller if e.yours else None), ctx.controller,
                     e.until, ctx.name)
    return None


@dataclass(frozen=True, slots=True)
class CombatRuleAll(V.Effect):
    """"creatures without flying can't block this turn", "creatures your opponents control can't
    block this turn": 611.2c, the rule applies to every creature matching `group` now or later
    this turn."""

    group: V.ObjectFilter
    rules: tuple[str, ...]


def _combat_rule_all(g: Game, ctx: E.Context, e: CombatRuleAll) -> list | None:
    add_rules_effect(g, None, CombatRuleData(e.rules, e.group), ctx.controller, "eot", ctx.name)
    return None


E.register_effect(CombatRule, _combat_rule)
E.register_effect(CombatRuleAll, _combat_rule_all)


@dataclass(frozen=True, slots=True)
class GivePoison(V.Effect):
    """"defending player gets two poison counters" (122.1f)."""

    amount: V.Amount
    who: V.Who


def _give_poison(g: Game, ctx: E.Context, e: GivePoison) -> list | None:
    for p in E.resolve_who(g, ctx, e.who):
        give_poison(g, p, E.amount(g, ctx, e.amount), "122.1f", ctx.name)
    return None


E.register_effect(GivePoison, _give_poison)


# ----------------------------------------------------------------------------- keyword triggers

def blockers_of(g: Game, attacker: int) -> list[int]:
    cb = g.s.combat
    if cb is None:
        return []
    return [b for b, atts in cb.blockers.items() if attacker in atts]


@dataclass(frozen=True, slots=True)
class PumpPerBlocker(V.Effect):
    """702.23a rampage N: +N/+N until end of turn for each creature blocking it beyond the first,
    counted as the ability resolves (702.23b); without `beyond_first`, "it gets +1/+1 until end of
    turn for each creature blocking it" (`target`: the source, or the trigger's creature)."""

    n: int
    beyond_first: bool = True
    target: V.Who = V.SELF
    toughness: int | None = None  # None: the same as n


def _pump_per_blocker(g: Game, ctx: E.Context, e: PumpPerBlocker) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    if oid is None:
        return None
    k = len(blockers_of(g, oid)) - (1 if e.beyond_first else 0)
    k = max(0, k)
    g.log_event("pump_per_blocker", "702.23b" if e.beyond_first else "611.2c", card=g.name_of(oid), blockers=k)
    if k:
        t = e.n if e.toughness is None else e.toughness
        E.run(g, ctx, (V.Pump(e.target, e.n * k, t * k),), finish=None)
    return None


@dataclass(frozen=True, slots=True)
class Melee(V.Effect):
    """702.121a: +1/+1 until end of turn for each opponent you attacked with a creature this combat
    (attacking a planeswalker is not attacking its controller, 506.3)."""


def _melee(g: Game, ctx: E.Context, e: Melee) -> list | None:
    cb = g.s.combat
    opponents = {player_ref(1 - ctx.controller)}
    k = len(opponents & set(cb.attackers.values())) if cb is not None else 0
    g.log_event("melee", "702.121a", card=ctx.name, opponents_attacked=k)
    if k:
        E.run(g, ctx, (V.Pump(V.SELF, k, k),), finish=None)
    return None


@dataclass(frozen=True, slots=True)
class Myriad(V.Effect):
    """702.116a: "for each opponent other than defending player, you may create a token copy ...
    attacking that player": in a two-player game the only opponent is the defending player, so
    there is none and the ability does nothing (no token, no delayed exile)."""


def _myriad(g: Game, ctx: E.Context, e: Myriad) -> list | None:
    g.log_event("myriad", "702.116a", card=ctx.name, opponents_other_than_defending=0)
    return None


@dataclass(frozen=True, slots=True)
class Renown(V.Effect):
    """702.112a: "if it isn't renowned, put N +1/+1 counters on it and it becomes renowned" (603.4:
    the condition is checked again as it resolves)."""

    n: int


def is_renowned(g: Game, oid: int) -> bool:
    return oid in g.s.__dict__.get("renowned", frozenset())


def _renown(g: Game, ctx: E.Context, e: Renown) -> list | None:
    oid = E.target_object(g, ctx, V.SELF)
    if oid is None or is_renowned(g, oid):
        return None
    o = g.s.objects[oid]
    o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + e.n
    # 702.112b: renowned is a designation of the permanent; an immutable set, so that clone()'s shallow
    # copy of the state stays independent.
    g.s.renowned = g.s.__dict__.get("renowned", frozenset()) | {oid}  # type: ignore[attr-defined]
    g.invalidate()
    g.log_event("renowned", "702.112a", card=o.card.name, counters=e.n)
    return None


E.register_effect(PumpPerBlocker, _pump_per_blocker)
E.register_effect(Melee, _melee)
E.register_effect(Myriad, _myriad)
E.register_effect(Renown, _renown)


@dataclass(frozen=True, slots=True)
class RenownTrigger(V.TriggeredAbility):
    """702.112a: "When this creature deals combat damage to a player, if it isn't renowned, ...":
    603.4, the intervening "if" is checked as the event happens (rules/triggers.py `_add`) and
    again as it resolves (`Renown`)."""

    def intervening_if(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        return not is_renowned(g, source)


@dataclass(frozen=True, slots=True)
class DethroneTrigger(V.TriggeredAbility):
    """702.105a: "Whenever this creature attacks the player with the most life or tied for most
    life": a trigger condition, checked only as the creature attacks (not again on resolution)."""

    def intervening_if(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        cb = g.s.combat
        d = cb.attackers.get(source) if cb is not None else None
        if d is None or d >= 0:
            return False  # attacking a planeswalker is not attacking a player (506.3)
        life = g.s.players[-1 - d].life
        return all(life >= pl.life for pl in g.s.players if not pl.lost)


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
    triggers = _triggers_module
    matches_filter = _targeting_module.matches_filter
    s = g.s
    cb = s.combat
    if cb is None:
        return
    events = ("creature_becomes_blocked", "creature_blocks", "attached_blocks", "attached_becomes_blocked",
              "attached_blocks_or_becomes_blocked", "attached_attacks_or_blocks")
    watchers = triggers._watchers(g, events)
    if not watchers:
        return
    blocked = [a for a in cb.attackers if a in cb.blocked]
    for w, ab in watchers:
        ev = ab.event
        if ev == "creature_becomes_blocked":
            for a in blocked:
                if ab.filter is None or matches_filter(g, ab.filter, s.objects[a], w.controller, w.id):
                    triggers._add(g, w.controller, w.id, ab, None, w.card.name, event_obj=a)
        elif ev == "creature_blocks":
            for b in cb.blockers:
                if ab.filter is None or matches_filter(g, ab.filter, s.objects[b], w.controller, w.id):
                    triggers._add(g, w.controller, w.id, ab, None, w.card.name, event_obj=b)
        else:
            host = w.attached_to
            if host is None:
                continue
            blocks = host in cb.blockers
            was_blocked = host in cb.attackers and host in cb.blocked
            if (ev in ("attached_blocks", "attached_attacks_or_blocks") and blocks) or (
                    ev == "attached_becomes_blocked" and was_blocked) or (
                    ev == "attached_blocks_or_becomes_blocked" and (blocks or was_blocked)):
                triggers._add(g, w.controller, w.id, ab, None, w.card.name, event_obj=host)


def riot_enters(g: Game, o: Obj, ab: V.StaticAbility, choices: dict) -> None:
    """702.136a: "You may have this permanent enter with an additional +1/+1 counter on it. If you
    don't, it gains haste" (each instance separately, 702.136b). The controller's choice is asked of
    the game's chooser (the scenario runner); without one the counter is taken."""
    from .mana_payment import choose
    s = g.s
    counter = choose(g, o.controller, "riot", [True, False],
                     f"702.136a: {o.card.name} enters with an additional +1/+1 counter (true) or gains haste (false)")
    if counter:
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
    else:
        # No duration: it has haste for as long as it stays on the battlefield (a new object after that, 400.7).
        s.effects.append(ContinuousEffect("pump", o.id, keywords=("haste",), timestamp=s.next_timestamp,
                                          until="riot", controller=o.controller))
        s.next_timestamp += 1
    g.log_event("riot", "702.136a", card=o.card.name, counter=bool(counter))


def _register() -> None:
    from .stack import ETB_REPLACEMENTS
    ETB_REPLACEMENTS["bloodthirst"] = bloodthirst_enters
    ETB_REPLACEMENTS["riot"] = riot_enters


_register()


@dataclass(frozen=True, slots=True)
class UntapAll(V.Effect):
    """"Untap all creatures you control" (701.21b): each matching permanent that is tapped untaps."""

    filter: V.ObjectFilter


def _untap_all(g: Game, ctx: E.Context, e: UntapAll) -> list | None:
    from .mana_payment import untap
    for oid in E.objects_matching(g, e.filter, ctx.controller, ctx.source):
        o = g.s.objects[oid]
        if o.tapped:
            untap(g, o, "701.21b")
    return None


E.register_effect(UntapAll, _untap_all)


# ----------------------------------------------------------------------------- blocking requirements (509.1c)

def _requirements(g: Game) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """`_block_requirements`, cached with the characteristics (it depends only on the state)."""
    return g.derived("block_requirements", lambda: _block_requirements(g))


def _block_requirements(g: Game) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """The blocking requirements of this combat, beyond "blocks each combat if able" (which
    rules/combat.py checks): (attackers that "must be blocked if able", (blocker, attacker) pairs
    where the blocker must block that attacker — "all creatures able to block CARDNAME do so" for
    every creature of the defending player, "target creature blocks CARDNAME this turn if able",
    provoke —, creatures that "block each combat if able")."""
    defending_player = _combat_module.defending_player
    s = g.s
    cb = s.combat
    must_be_blocked: list[int] = []
    pairs: list[tuple[int, int]] = []
    each_combat: list[int] = []
    if cb is None:
        return must_be_blocked, pairs, each_combat
    lures = []
    for a in cb.attackers:
        rules = g.chars(s.objects[a]).rules
        if "must_be_blocked" in rules:
            must_be_blocked.append(a)
        if "all_able_block" in rules:
            lures.append(a)
    for b in g.permanents(defending_player(g)):
        rules = g.chars(b).rules
        if "Creature" not in g.chars(b).types:
            continue
        pairs.extend((b.id, a) for a in lures)
        for r in rules:
            if r.startswith("must_block:") and int(r.split(":")[1]) in cb.attackers:
                pairs.append((b.id, int(r.split(":")[1])))
        if "blocks_each_combat" in rules:
            each_combat.append(b.id)
    return must_be_blocked, pairs, each_combat


def _obeyed(blocks: dict[int, tuple[int, ...]], reqs) -> int:
    must_be_blocked, pairs, each_combat = reqs
    blocked = {a for atts in blocks.values() for a in atts}
    return (sum(1 for a in must_be_blocked if a in blocked) + sum(1 for b, a in pairs if a in blocks.get(b, ()))
            + sum(1 for b in each_combat if blocks.get(b)))


def block_requirements_error(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...]) -> str | None:
    """509.1c: the declaration must obey as many requirements as possible without disobeying a
    restriction. Requirements: "CARDNAME must be blocked if able", "all creatures able to block
    CARDNAME do so" (Lure), "target creature blocks CARDNAME this turn if able" (provoke), together
    with "blocks each combat if able". A declaration is refused when a legal declaration obeying
    more of them is found among: each single change of one creature's block (blocking a required
    attacker instead, or in addition when it may block several), and obeying all the disobeyed
    requirements at once (two creatures needed together against menace). This search is not
    exhaustive: a declaration that is beaten only by rearranging several creatures differently is
    accepted."""
    better = _better_declaration(g, {b: tuple(atts) for b, atts in blocks})
    if better is None:
        return None
    names = ", ".join(f"{g.name_of(b)} blocking {', '.join(g.name_of(x) for x in atts)}"
                      for b, atts in better.items() if atts)
    return (f"509.1c: the blocks must obey as many requirements as possible (must be blocked / must block "
            f"if able); {names or 'another declaration'} obeys more")


def _better_declaration(g: Game, cur: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, ...]] | None:
    """A declaration without restriction violations that obeys more requirements than `cur`, or None."""
    reqs = _requirements(g)
    if not reqs[0] and not reqs[1]:
        any_layered = _continuous_module.any_layered
        if not reqs[2] or any_layered(g):
            return None  # "blocks each combat if able" alone: rules/combat.py checks it (when a static has it)
    from .combat import can_block, max_blocked
    s = g.s
    have = _obeyed(cur, reqs)
    must_be_blocked, pairs, each_combat = reqs
    wanted: list[tuple[int, int]] = list(pairs)
    for a in must_be_blocked:
        wanted.extend((b.id, a) for b in g.permanents(1 - s.active))
    for b in each_combat:
        wanted.extend((b, a) for a in (s.combat.attackers if s.combat else {}))
    candidates: list[dict[int, tuple[int, ...]]] = []
    all_at_once = dict(cur)
    for b, a in wanted:
        if a in cur.get(b, ()) or can_block(g, s.objects[b], s.objects[a]) is not None:
            continue
        atts = cur.get(b, ())
        options = [(a,)]
        if atts and len(atts) < max_blocked(g, s.objects[b]):
            options.append(atts + (a,))
        for opt in options:
            candidates.append({**cur, b: opt})
        if not all_at_once.get(b) or all_at_once.get(b) == cur.get(b):
            all_at_once[b] = (a,)
    candidates.append(all_at_once)
    for cand in candidates:
        if _obeyed(cand, reqs) > have and _restrictions_ok(g, cand):
            return cand
    return None


def suggested_blocks(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple | None:
    """For agents (rules/combat.py block_actions): a legal declaration reached from the blocks chosen
    so far when they can't be declared as they are and nothing more can be added — by obeying more
    blocking requirements (509.1c) or leaving out blockers that break a restriction (509.1b); None if
    none is found in a short search."""
    from ..errors import IllegalActionError
    from .combat import validate_blocks
    frontier = [{b: tuple(atts) for b, atts in blocks}]
    seen: set[tuple] = set()
    for _ in range(64):
        if not frontier:
            return None
        cur = frontier.pop(0)
        decl = tuple((b, atts) for b, atts in cur.items() if atts)
        if decl in seen:
            continue
        seen.add(decl)
        try:
            validate_blocks(g, decl)
            return decl
        except IllegalActionError:
            pass
        better = _better_declaration(g, cur)
        if better is not None:
            frontier.append(better)
        frontier.extend({k: v for k, v in cur.items() if k != b} for b in cur)
    return None


def _restrictions_ok(g: Game, cand: dict[int, tuple[int, ...]]) -> bool:
    from ..errors import IllegalActionError
    from .combat import validate_blocks
    try:
        validate_blocks(g, tuple((b, atts) for b, atts in cand.items() if atts), requirements=False)
    except IllegalActionError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class MustBlock(V.Effect):
    """"target creature blocks CARDNAME this turn if able" (509.1c), provoke (702.39a): a blocking
    requirement of `target` toward the source."""

    target: V.Who


def _must_block(g: Game, ctx: E.Context, e: MustBlock) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    src = ctx.source
    if oid is None or src is None:
        return None
    add_rules_effect(g, oid, CombatRuleData((f"must_block:{src}",)), ctx.controller, "eot", ctx.name)
    return None


E.register_effect(MustBlock, _must_block)


# ----------------------------------------------------------------------------- backup (702.165)

GRANT = "grant_abilities"  # ContinuousEffect kind; data: (abilities, protection qualities)


def effect_grants(s: GameState, obj: Obj, abilities: tuple, protection: tuple) -> tuple[tuple, tuple]:
    """Layer 6 (613.1f): abilities and protection that resolved spells and abilities gave `obj` until
    end of turn (backup), in timestamp order."""
    for e in s.effects:
        if e.kind == GRANT and e.target == obj.id:
            abilities = abilities + e.data[0]
            protection = protection + e.data[1]
    return abilities, protection


@dataclass(frozen=True, slots=True)
class BackupGrant(V.Effect):
    """702.165a: "If that's another creature, it also gains the non-backup abilities of this creature
    printed below this one until end of turn." `keywords`, `abilities`, `protection`: those
    abilities (determined from the printed text, 702.165c-d)."""

    target: V.Who
    keywords: tuple[str, ...] = ()
    abilities: tuple = ()
    protection: tuple[str, ...] = ()


def _backup_grant(g: Game, ctx: E.Context, e: BackupGrant) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    if oid is None or oid == ctx.source:
        return None  # the backup creature itself: only the counters
    s = g.s
    if e.keywords:
        E.run(g, ctx, (V.Pump(e.target, 0, 0, e.keywords),), finish=None)
    if e.abilities or e.protection:
        s.effects.append(ContinuousEffect(GRANT, oid, timestamp=s.next_timestamp, controller=ctx.controller,
                                          data=(e.abilities, e.protection)))
        s.next_timestamp += 1
        g.invalidate()
    g.log_event("backup", "702.165a", card=g.name_of(oid), keywords=list(e.keywords),
                abilities=[ab.text for ab in e.abilities], protection=list(e.protection))
    return None


E.register_effect(BackupGrant, _backup_grant)


# ----------------------------------------------------------------------------- mentor (702.134)

def power_below_source(g: Game, c: Any, source: int | None) -> bool:
    """702.134a: "target attacking creature with power less than this creature's power": the
    source's power now, or as it last existed on the battlefield (608.2h)."""
    if source is None or c.power is None:
        return False
    o = g.s.objects.get(source)
    if o is not None and o.zone == BATTLEFIELD:
        p = g.chars(o).power
    else:
        lki = g.s.lki.get(source)
        p = lki[1].power if lki is not None else None
    return p is not None and c.power < p


@dataclass(frozen=True, slots=True)
class CantBlockSource(V.Effect):
    """"target creature can't block CARDNAME this turn" (509.1b): a restriction of `target` toward
    the source (rules/combat.py evasion_reason reads "cant_block_creature:ID")."""

    target: V.Who


def _cant_block_source(g: Game, ctx: E.Context, e: CantBlockSource) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    if oid is None or ctx.source is None:
        return None
    add_rules_effect(g, oid, CombatRuleData((f"cant_block_creature:{ctx.source}",)), ctx.controller, "eot", ctx.name)
    return None


E.register_effect(CantBlockSource, _cant_block_source)


# ----------------------------------------------------------------------------- "as though it weren't blocked"

def unblocked_target(g: Game, oid: int) -> int | None:
    """"You may have CARDNAME assign its combat damage as though it weren't blocked": for a blocked
    attacker with that ability, the player or planeswalker it attacks (510.1b), else None."""
    cb = g.s.combat
    if cb is None or oid not in cb.attackers or oid not in cb.blocked:
        return None
    o = g.s.objects.get(oid)
    if o is None or "assign_as_unblocked" not in g.chars(o).rules:
        return None
    d = cb.attackers[oid]
    if d >= 0 and (d not in g.s.objects or g.s.objects[d].zone != BATTLEFIELD):
        return None  # 510.1b: attacking a planeswalker that has left
    return d


def assigned_as_unblocked(g: Game, oid: int, assignment: tuple[tuple[int, int], ...], power: int,
                          recipients: list[int]) -> bool:
    """Whether `assignment` is allowed by "as though it weren't blocked": all of its damage to the
    player or planeswalker it attacks (510.1b), not divided; or, with no creature blocking it any
    more, no damage (510.1c) when that option is declined."""
    d = unblocked_target(g, oid)
    if d is None:
        return False
    total: dict[int, int] = {}
    for r, n in assignment:
        total[r] = total.get(r, 0) + n
    total = {r: n for r, n in total.items() if n}
    if total == {d: power}:
        return True
    return not recipients and not total


# ----------------------------------------------------------------------------- optional costs to attack (508.1g)

@dataclass(frozen=True, slots=True)
class ExertAbility(V.StaticAbility):
    """701.39d: "You may exert CARDNAME as it attacks. When you do, ...": an optional cost to attack
    (508.1g) and the linked reflexive triggered ability (607.2h) in `reflexive` (None: no "when you do")."""

    reflexive: V.TriggeredAbility | None = None


@dataclass(frozen=True, slots=True)
class EnlistBonus(V.Effect):
    """702.154a: "this creature gets +X/+0 until end of turn, where X is the tapped creature's power"
    (the enlisted creature is the trigger's event object; its power as the ability resolves, or as
    it last existed on the battlefield)."""


def _enlist_bonus(g: Game, ctx: E.Context, e: EnlistBonus) -> list | None:
    x = 0
    t = ctx.event_obj
    if t is not None and t >= 0:
        o = g.s.objects.get(t)
        if o is not None and o.zone == BATTLEFIELD:
            x = g.chars(o).power or 0
        elif t in g.s.lki:
            x = g.s.lki[t][1].power or 0
    if x:
        E.run(g, ctx, (V.Pump(V.SELF, x, 0),), finish=None)
    return None


E.register_effect(EnlistBonus, _enlist_bonus)
ENLIST_TRIGGER = V.TriggeredAbility("Enlist (when you do, this creature gets +X/+0 until end of turn)", "reflexive",
                                    (EnlistBonus(),))


def exert(g: Game, p: int, o: Obj, rule: str) -> None:
    """701.39a: it won't untap during its controller's next untap step; "whenever you exert a
    creature" triggers (603.2)."""
    from . import triggers
    add_rules_effect(g, o.id, CombatRuleData(("doesnt_untap",), None, p), p, NEXT_UNTAP, o.card.name)
    g.log_event("exert", rule, player=g.s.players[p].name, card=o.card.name)
    for w, ab in triggers._watchers(g, ("you_exert",)):
        if w.controller == p:
            triggers._add(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)


def attack_costs(g: Game, attackers: list[int]) -> None:
    """508.1g-j: the optional costs to attack, chosen by the active player for each attacker in the
    order declared: exert (701.39d), enlist (702.154a: tap a non-attacking untapped creature you
    control that has haste or has been under your control since the turn began). A linked "when
    you do" ability triggers (607.2h). With a chooser (the scenario runner) the answers are read at
    once; otherwise each is a decision of the active player, queued right after the declaration."""
    s = g.s
    p = s.active
    later: list[tuple] = []
    for cid in attackers:
        o = s.objects[cid]
        for ab in g.chars(o).abilities:
            if isinstance(ab, ExertAbility):
                prompt = f"701.39d: exert {o.card.name} as it attacks (true or false)?"
                if g.chooser is None:
                    later.append(("choice", "exert", p, (True, False), prompt, (cid, ab)))
                elif g.chooser(p, "exert", [False, True], prompt):
                    _do_exert(g, p, cid, ab)
            elif isinstance(ab, V.StaticAbility) and ab.kind == "enlist":
                cands = _enlist_candidates(g, p)
                if not cands:
                    continue
                prompt = f"702.154a: the creature {o.card.name} enlists ({', '.join(g.name_of(c) for c in cands)}), or false"
                if g.chooser is None:
                    later.append(("choice", "enlist", p, tuple(cands) + (False,), prompt, cid))
                elif g.chooser(p, "enlist", [False, True], f"702.154a: enlist a creature for {o.card.name}?"):
                    _do_enlist(g, p, cid, g.chooser(p, "enlist_creature", cands, prompt))
    if later:
        s.queue[1:1] = later  # after the declaration being carried out (s.queue[0])


def _enlist_candidates(g: Game, p: int) -> list[int]:
    cb = g.s.combat
    return [x.id for x in g.permanents(p) if cb is not None and x.id not in cb.attackers and not x.tapped
            and "Creature" in g.chars(x).types and (not x.sick or "haste" in g.chars(x).keywords)]


def _do_exert(g: Game, p: int, cid: int, ab: ExertAbility) -> None:
    from . import triggers
    o = g.s.objects.get(cid)
    if o is None or o.zone != BATTLEFIELD:
        return  # 701.39c
    exert(g, p, o, "701.39d")
    if ab.reflexive is not None:
        triggers._add(g, p, cid, ab.reflexive, None, o.card.name)


def _do_enlist(g: Game, p: int, cid: int, t: Any) -> None:
    from . import triggers
    from .mana_payment import tap
    s = g.s
    if t is False or t not in _enlist_candidates(g, p) or cid not in s.objects:
        return
    tap(g, s.objects[t], "702.154a")
    g.log_event("enlist", "702.154a", card=s.objects[cid].card.name, enlisted=g.name_of(t))
    triggers._add(g, p, cid, ENLIST_TRIGGER, None, s.objects[cid].card.name, event_obj=t)


def _attack_cost_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(v) for v in d.data]


def _answer_exert(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    cid, ab = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value:
        _do_exert(g, d.player, cid, ab)


def _answer_enlist(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value not in d.data or (isinstance(value, bool) and value is not False):
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data if c is not False)} "
                                 f"or false")
    cid = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    _do_enlist(g, d.player, cid, value)


E.CHOICES["exert"] = (_attack_cost_actions, _answer_exert)
E.CHOICES["enlist"] = (_attack_cost_actions, _answer_enlist)


# ----------------------------------------------------------------------------- removed from combat (506.4)

@dataclass(frozen=True, slots=True)
class RemoveFromCombat(V.Effect):
    """506.4: an effect removes the creature from combat (the creatures that blocked it stay
    blocking, 509.1h / 506.4)."""

    target: V.Who


def _remove_from_combat(g: Game, ctx: E.Context, e: RemoveFromCombat) -> list | None:
    from .combat import remove_from_combat
    oid = E.target_object(g, ctx, e.target)
    if oid is not None:
        remove_from_combat(g, oid)
    return None


E.register_effect(RemoveFromCombat, _remove_from_combat)


# ----------------------------------------------------------------------------- put onto the battlefield attacking (508.4)

def _new_permanents(g: Game, before: set[int], controller: int) -> list[int]:
    s = g.s
    return [oid for oid in s.battlefield if oid not in before and s.objects[oid].controller == controller]


def enter_attacking(g: Game, oids: list[int], controller: int) -> None:
    """508.4 / 508.4c: creatures put onto the battlefield attacking are attacking creatures (never
    declared as attackers, so "whenever ... attacks" doesn't trigger); with two players each attacks
    the only opponent. Outside combat, or on the other player's turn, they just enter tapped."""
    s = g.s
    cb = s.combat
    for oid in oids:
        o = s.objects[oid]
        o.tapped = True  # entering tapped is not becoming tapped
        if cb is not None and controller == s.active and "Creature" in g.chars(o).types:
            cb.attackers[oid] = player_ref(1 - controller)
            g.log_event("enters_attacking", "508.4", card=o.card.name, id=oid,
                        defender=s.players[1 - controller].name)
    g.invalidate()


@dataclass(frozen=True, slots=True)
class CreateAttacking(V.Effect):
    """"create two 1/1 white Soldier creature tokens that are tapped and attacking" (508.4); with
    `sacrifice_at_end`, "Sacrifice them at the beginning of the next end step" (mobilize, 702.181a
    of the 2026 rules: a delayed triggered ability, 603.7)."""

    create: V.Effect
    sacrifice_at_end: bool = False


@dataclass(frozen=True, slots=True)
class SacrificeObjects(V.Effect):
    """Sacrifice these particular permanents (the tokens a delayed trigger refers to, 603.7c); those
    that left the battlefield are new objects it doesn't find (400.7)."""

    ids: tuple[int, ...]


def _sacrifice_objects(g: Game, ctx: E.Context, e: SacrificeObjects) -> list | None:
    for oid in e.ids:
        o = g.s.objects.get(oid)
        if o is not None and o.zone == BATTLEFIELD and o.controller == ctx.controller:
            E.sacrifice(g, oid)
    return None


def _create_attacking(g: Game, ctx: E.Context, e: CreateAttacking) -> list | None:
    before = set(g.s.battlefield)
    E.run(g, ctx, (e.create,), finish=None)
    new = _new_permanents(g, before, ctx.controller)
    enter_attacking(g, new, ctx.controller)
    if e.sacrifice_at_end and new:
        E.run(g, ctx, (V.DelayedTrigger("next_end", (SacrificeObjects(tuple(new)),),
                                        "Sacrifice them at the beginning of the next end step."),), finish=None)
    return None


E.register_effect(CreateAttacking, _create_attacking)
E.register_effect(SacrificeObjects, _sacrifice_objects)


@dataclass(frozen=True, slots=True)
class PumpPerOtherAttacking(V.Effect):
    """"it gets +1/+0 until end of turn for each other attacking Goblin": counted as it resolves."""

    target: V.Who
    power: int
    toughness: int
    filter: V.ObjectFilter


def _pump_per_other_attacking(g: Game, ctx: E.Context, e: PumpPerOtherAttacking) -> list | None:
    from .targeting import matches_filter
    oid = E.target_object(g, ctx, e.target)
    cb = g.s.combat
    if oid is None or cb is None:
        return None
    k = sum(1 for a in cb.attackers if a != oid and a in g.s.objects
            and matches_filter(g, e.filter, g.s.objects[a], ctx.controller, ctx.source))
    if k:
        E.run(g, ctx, (V.Pump(e.target, e.power * k, e.toughness * k),), finish=None)
    return None


E.register_effect(PumpPerOtherAttacking, _pump_per_other_attacking)


def combat_damage_amount(c: Any) -> int:
    """510.1a, modified by "assigns combat damage equal to its toughness rather than its power"
    ("assign_toughness"; "assign_toughness_if_greater": only while its toughness is greater than its
    power)."""
    p = c.power or 0
    rules = c.rules
    if "assign_toughness" in rules or ("assign_toughness_if_greater" in rules and (c.toughness or 0) > p):
        return c.toughness or 0
    return p
