"""Targets and object filters (115, 601.2c, 608.2b, 702.16, 702.11, 702.18); used by casting, activating,
resolving and triggered abilities.

- 115.1-115.4 / 601.2c: what a target spec accepts (objects, players, spells), chosen as a spell is cast
  or an ability is put on the stack; 115.3: the same object can't be chosen twice for one "target".
- 608.2b: on resolution, targets are checked again; a spell or ability whose targets are all illegal
  doesn't resolve (`all_targets_illegal`).
- 702.16b-c protection (can't be targeted by what it has protection from; other qualities through
  PROTECTION_QUALITIES), 702.11b-c hexproof (of permanents; of players through PLAYER_TARGET_BLOCKS), 702.18a shroud, ward (702.21, checked by rules/activation.py
  ward_check).
- Object filters (`matches_filter`, and `matches_filter_lki` with last known information, 608.2h); "that was
  dealt damage this turn" (120.3: this turn's damage events, `dealt_damage_this_turn`, objects and players),
  "monocolored" (105.2b).
- 115.1: "target creature that player or that planeswalker's controller controls" (TargetSpec.controlled_by):
  checked with the earlier target as targets are chosen (`dependency_ok`) and as it resolves (`dependent_legal`).
- 122.1: "with no counters on it" (FilterPlus.without_counter); 702.29a/f: "card with a cycling ability"
  (typecycling too); 108.3: "permanents you don't own" (FilterPlus.not_owned).;
  a trigger's "target creature that player controls" (controlled_by EVENT_PLAYER_CONTROLS): the player of its event.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.compiler import COLOR_WORDS
from ..engine import registry
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.state import BATTLEFIELD, GRAVEYARD, STACK, player_ref
from ..model.vocab import EVENT_PLAYER_CONTROLS, FilterPlus, ObjectFilter, TargetSpec
from ..model.vocab.keyword_costs import HandAbility
from ..model.vocab.player_protection import HEXPROOF_FROM_EFFECT
from ..model.vocab.transform import TRANSFORM
from . import targeting as _targeting_module

# 702.29a/e: the text of a cycling or typecycling ability ("cycling {2}", "basic landcycling {1}", "swampcycling {2}")
_CYCLING_RX = re.compile(r"(?i)(?:basic )?[a-z]*cycling\b")

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def mana_value(o: Obj) -> int:
    """202.3 / 202.3e: the object's mana value; X counts as the number chosen for it while the object
    is a spell on the stack, and as 0 everywhere else (107.3m). 712.8e: a transforming double-faced
    permanent with its back face up has its front face's mana value (a copy of a back face has none)."""
    own = o.own_card
    cost = own.mana_cost if own is not None and own.layout == TRANSFORM and any(o.card is f for f in own.faces) \
        else o.card.mana_cost
    return cost.mana_value_with_x(o.x) if o.zone == STACK and cost.x_count else cost.mana_value


def matches_filter(g: Game, flt: ObjectFilter, o: Obj, controller: int, source: int | None = None) -> bool:
    return matches_filter_lki(g, flt, o, g.chars(o), controller, source)


def matches_filter_lki(g: Game, flt: ObjectFilter, o: Obj, c: Any, controller: int, source: int | None = None) -> bool:
    """`matches_filter` for an object as it last existed (603.10a): `o` and `c` are its last known
    state and characteristics."""
    if type(flt) is FilterPlus and not _matches_plus(g, flt, o, c):
        return False
    if type(flt) is FilterPlus and flt.not_owned and o.owner == controller:
        return False  # 108.3: "a permanent you don't own"
    if type(flt) is FilterPlus and flt.power_below_source:
        if not power_below_source(g, c, source):
            return False
    if type(flt) is FilterPlus and flt.not_named_source and source is not None:
        src = g.s.objects.get(source)
        if src is not None and c.name == g.chars(src).name:
            return False  # "not named CARDNAME" (201.2)
    if type(flt) is FilterPlus and flt.blocking_source:
        cb = g.s.combat  # 509.1: "target creature blocking it": one of the creatures blocking the source
        if cb is None or source is None or source not in cb.blockers.get(o.id, ()):
            return False
    if type(flt) is FilterPlus and flt.mana_value_max_source_power:
        p = source_power(g, source)
        if p is None or mana_value(o) > p:
            return False
    extra = registry.FILTER_TESTS.get(type(flt))  # filters with a test of their own (rules/vehicles_facedown.py)
    if extra is not None:
        return extra(g, flt, o, c, controller, source)
    if flt.types and not (flt.types & c.types):
        return False
    if flt.non_types and (flt.non_types & c.types):
        return False
    if flt.subtypes and not (flt.subtypes & c.subtypes):
        return False
    if flt.non_colors and (flt.non_colors & c.colors):
        return False
    if flt.colors and not (flt.colors & c.colors):
        return False
    if flt.multicolored is not None and (len(c.colors) >= 2) != flt.multicolored:
        return False  # 105.2c
    if flt.tapped is not None and o.tapped != flt.tapped:
        return False
    if flt.attacking_or_blocking:
        cb = g.s.combat
        if cb is None or (o.id not in cb.attackers and o.id not in cb.blockers):
            return False
    if flt.controller == "you" and o.controller != controller:
        return False
    if flt.controller == "opponent" and o.controller == controller:
        return False
    if flt.max_mana_value is not None and mana_value(o) > flt.max_mana_value:
        return False
    if flt.nonbasic and "Basic" in c.supertypes:
        return False
    if flt.other and source is not None and (o.id == source or o.previous_id == source):
        # "another target artifact card from your graveyard" of a dies trigger: not the card the source
        # became as it was put there (400.7)
        return False
    return True


def dealt_damage_this_turn(g: Game, ref: int) -> bool:
    """Whether the permanent or player `ref` (a player ref < 0) was dealt damage this turn (120.3): this
    turn's damage events (an object's record its id, a player's the player's name)."""
    s = g.s
    player = s.players[-1 - ref].name if ref < 0 else None
    for e in reversed(s.log):
        if e.get("turn") != s.turn:
            return False
        if e.get("event") == "damage" and (e.get("target_id") == ref if player is None else
                                           "target_id" not in e and e.get("target") == player):
            return True
    return False


def attacked_this_turn(g: Game, oid: int) -> bool:
    """Whether the permanent `oid` was declared as an attacker this turn (508.1: this turn's attack events; a
    permanent that changed zones since is a new object, 400.7)."""
    s = g.s
    for e in reversed(s.log):
        if e.get("turn") != s.turn:
            return False
        if e.get("event") == "attack" and e.get("id") == oid:
            return True
    return False


def _matches_plus(g: Game, flt: FilterPlus, o: Obj, c: Any) -> bool:
    """The qualities only FilterPlus has ("creature with power 4 or greater", "nontoken", "basic")."""
    if flt.power_min is not None and (c.power is None or c.power < flt.power_min):
        return False
    if flt.power_max is not None and (c.power is None or c.power > flt.power_max):
        return False
    if flt.toughness_max is not None and (c.toughness is None or c.toughness > flt.toughness_max):
        return False
    if flt.toughness_min is not None and (c.toughness is None or c.toughness < flt.toughness_min):
        return False
    if flt.token is not None and o.card.is_token != flt.token:
        return False
    if flt.min_mana_value is not None and mana_value(o) < flt.min_mana_value:
        return False
    if flt.basic and "Basic" not in c.supertypes:
        return False
    if flt.keywords and not (flt.keywords & c.keywords):
        return False
    if flt.non_keywords and (flt.non_keywords & c.keywords):
        return False
    if flt.non_subtypes and (flt.non_subtypes & c.subtypes):
        return False
    if flt.historic and not ("Artifact" in c.types or "Legendary" in c.supertypes or "Saga" in c.subtypes):
        return False  # 700.6
    if flt.all_types and not flt.all_types <= c.types:
        return False
    if flt.with_counter and not (any(n > 0 for n in o.counters.values()) if flt.with_counter == "any"
                                 else o.counters.get(flt.with_counter, 0) > 0):
        return False  # 122.1
    if flt.without_counter and (any(n > 0 for n in o.counters.values()) if flt.without_counter == "any"
                                else o.counters.get(flt.without_counter, 0) > 0):
        return False  # 122.1: "with no counters on it"
    if flt.with_cycling and not any(isinstance(ab, HandAbility) and _CYCLING_RX.match(ab.text)
                                    for ab in c.abilities):
        return False  # 702.29a/f: a cycling or typecycling ability
    if flt.supertypes and not flt.supertypes <= c.supertypes:
        return False
    if flt.non_supertypes and (flt.non_supertypes & c.supertypes):
        return False
    if flt.monocolored and len(c.colors) != 1:
        return False  # 105.2b
    if flt.dealt_damage_this_turn and not dealt_damage_this_turn(g, o.id):
        return False
    if flt.attacked_this_turn and not attacked_this_turn(g, o.id):
        return False
    if flt.attacking or flt.blocking:
        cb = g.s.combat
        if cb is None or (flt.attacking and o.id not in cb.attackers) or (flt.blocking and o.id not in cb.blockers):
            return False
    return True


PROTECTION_QUALITIES = registry.PROTECTION_QUALITIES  # (engine/registry.py)


PLAYER_TARGET_BLOCKS = registry.PLAYER_TARGET_BLOCKS  # (engine/registry.py)


def protected_from(g: Game, o: Obj, source_colors: frozenset[str], source: Any = None) -> bool:
    """702.16: protection from a quality (colors, multicolored; with the source's characteristics
    `source`, the qualities of PROTECTION_QUALITIES)."""
    prot = g.chars(o).protection
    if not prot:
        return False
    for q in prot:
        if source is not None and any(fn(q, source) for fn in PROTECTION_QUALITIES):
            return True
        if q == "multicolored" and len(source_colors) > 1:
            return True
        if q in COLOR_WORDS and COLOR_WORDS[q] in source_colors:
            return True
    return False


def target_legal(g: Game, spec: TargetSpec, ref: int, controller: int, source: int | None,
                 source_colors: frozenset[str] = frozenset()) -> bool:
    """115.1 / 608.2b: whether `ref` is a legal target for `spec` now (None, an "up to" target left
    unchosen, is none)."""
    if ref is None:
        return False
    s = g.s
    k = spec.kind
    if ref < 0:
        p = -1 - ref
        if p not in (0, 1) or s.players[p].lost:
            return False
        if k not in ("any", "player", "player_or_planeswalker", "opponent", "permanent_or_player") or (
                k == "opponent" and p == controller):
            return False
        if k == "player_or_planeswalker" and spec.filter.controller == "opponent" and p == controller:
            return False  # "target opponent or planeswalker"
        # 702.11c / 702.18a: "You have hexproof" / "You have shroud" (rules/game_rule_statics.py)
        if any(block(g, p, controller) for block in registry.live(s, PLAYER_TARGET_BLOCKS)):
            return False
        if type(spec.filter) is FilterPlus and spec.filter.dealt_damage_this_turn and not dealt_damage_this_turn(g, ref):
            return False  # "any target that was dealt damage this turn"
        # 702.16b: a player with protection (rules/player_protection.py)
        return not any(f(g, p, _source_chars(g, source), source_colors, controller, "target")
                       for f in registry.live(s, registry.PLAYER_PROTECTION))
    if k in ("player", "opponent"):
        return False
    o = s.objects.get(ref)
    if o is None:
        return False
    if k == "spell":
        if o.zone != STACK:
            return False
        return matches_filter(g, spec.filter, o, controller, source) and any(
            it.kind == "spell" and it.obj == ref for it in s.stack)
    if k == "graveyard_card":
        if o.zone != GRAVEYARD:
            return False
        if spec.filter.controller == "you" and o.owner != controller:
            return False
        if spec.filter.controller == "opponent" and o.owner == controller:
            return False
        if type(spec.filter) is ObjectFilter:
            return matches_filter(g, ObjectFilter(types=spec.filter.types, subtypes=spec.filter.subtypes,
                                                  max_mana_value=spec.filter.max_mana_value,
                                                  other=spec.filter.other),
                                  o, controller, source)  # subtypes: soulshift's "target Spirit card" (702.46a)
        return matches_filter(g, replace(spec.filter, controller=None), o, controller, source)
    if o.zone != BATTLEFIELD:
        return False
    c = g.chars(o)
    if k == "any":
        if not ({"Creature", "Planeswalker", "Battle"} & c.types):
            return False
        if type(spec.filter) is FilterPlus and spec.filter.dealt_damage_this_turn and not dealt_damage_this_turn(g, ref):
            return False
    elif k == "player_or_planeswalker":
        if "Planeswalker" not in c.types:
            return False
    elif k in ("permanent", "permanent_or_player"):
        if not matches_filter(g, spec.filter, o, controller, source):
            return False
    else:
        return False
    if "hexproof" in c.keywords and o.controller != controller:
        return False
    if s.effects and source_colors and o.controller != controller and any(
            e.kind == HEXPROOF_FROM_EFFECT and e.target == o.id and e.data & source_colors for e in s.effects):
        return False  # 702.11d: "hexproof from blue" (rules/player_protection.py)
    if "shroud" in c.keywords:  # 702.18a
        return False
    if c.protection and protected_from(g, o, source_colors, _source_chars(g, source)):
        return False
    return True


def _source_chars(g: Game, source: int | None) -> Any:
    """The characteristics of a spell's or ability's source, for protection (702.16b)."""
    src = g.s.objects.get(source) if source is not None else None
    return g.chars(src) if src is not None else None


def target_candidates(g: Game, spec: TargetSpec, controller: int, source: int | None,
                      source_colors: frozenset[str] = frozenset()) -> list[int]:
    s = g.s
    out: list[int] = []
    if spec.kind in ("any", "player", "opponent", "player_or_planeswalker", "permanent_or_player"):
        for i in (controller, 1 - controller):
            if target_legal(g, spec, player_ref(i), controller, source, source_colors):
                out.append(player_ref(i))
    if spec.kind in ("any", "permanent", "player_or_planeswalker", "permanent_or_player"):
        out.extend(oid for oid in s.battlefield if target_legal(g, spec, oid, controller, source, source_colors))
    elif spec.kind == "spell":
        out.extend(it.obj for it in s.stack if it.kind == "spell" and it.obj != source
                   and target_legal(g, spec, it.obj, controller, source, source_colors))
    elif spec.kind == "graveyard_card":
        owners = (controller,) if spec.filter.controller == "you" else (
            (1 - controller,) if spec.filter.controller == "opponent" else (controller, 1 - controller))
        out.extend(oid for p in owners for oid in s.players[p].graveyard
                   if target_legal(g, spec, oid, controller, source, source_colors))
    return out


# Agents are offered "any number of targets" (601.2c) as up to this many of them.
MAX_REPEATED_LISTED = 2


def fitted_specs(specs: tuple[TargetSpec, ...] | list[TargetSpec], n: int) -> tuple[TargetSpec, ...]:
    """601.2c: the target specs of an ability chosen with `n` targets: a repeating last spec ("any number
    of targets") once per target beyond the others."""
    if specs and specs[-1].repeat and n > len(specs):
        return tuple(specs) + (specs[-1],) * (n - len(specs))
    return tuple(specs)


def event_player(g: Game, e: int | None) -> int | None:
    """The player a trigger event names ("that player"): the player itself, or the controller of the object
    it names, as it last existed if it has left (608.2h, 603.10a); None without one."""
    if e is None:
        return None
    if e < 0:
        return -1 - e
    o = g.s.objects.get(e)
    if o is not None and o.zone in (BATTLEFIELD, STACK):
        return o.controller
    if e in g.s.lki:
        return g.s.lki[e][0].controller
    return o.owner if o is not None else None


def dependency_ok(g: Game, spec: TargetSpec, t: int | None, targets: tuple, event_obj: int | None = None) -> bool:
    """115.1: "target creature that player controls" / "... that planeswalker's controller controls": a target
    controlled by the player chosen as the earlier target, or by the controller of the planeswalker chosen;
    "target creature that player controls" of a triggered ability (`controlled_by` EVENT_PLAYER_CONTROLS): by
    the player of its trigger event (`event_obj`)."""
    if spec.controlled_by == -1 or t is None or t < 0:
        return True
    if spec.controlled_by == EVENT_PLAYER_CONTROLS:
        who = event_player(g, event_obj)
        if who is None:
            return False
    elif spec.controlled_by >= len(targets) or targets[spec.controlled_by] is None:
        return False
    else:
        r = targets[spec.controlled_by]
        if r < 0:
            who = -1 - r
        else:
            other = g.s.objects.get(r)
            if other is None:
                return False
            who = other.controller
    o = g.s.objects.get(t)
    if o is not None and o.zone == GRAVEYARD:
        return o.owner == who  # "target card from their graveyard" (404.2: a graveyard's cards are its owner's)
    return o is not None and o.controller == who


def dependent_legal(g: Game, specs: tuple[TargetSpec, ...], targets: tuple, legal: tuple[bool, ...],
                    event_obj: int | None = None) -> tuple[bool, ...]:
    """608.2b: a target that must be controlled by an earlier target's player (or the trigger event's player)
    is illegal once it isn't."""
    if all(spec.controlled_by == -1 for spec in specs):
        return legal
    return tuple(ok and dependency_ok(g, spec, t, targets, event_obj) for spec, t, ok in zip(specs, targets, legal))


def check_targets(g: Game, specs: tuple[TargetSpec, ...], targets: tuple[int, ...], controller: int,
                  source: int | None, what: str, source_colors: frozenset[str] = frozenset()) -> None:
    specs = fitted_specs(specs, len(targets))
    if specs and specs[-1].repeat and len(targets) < len(specs):
        raise IllegalActionError(f"{what} needs at least {len(specs)} target(s) ({', '.join(t.text for t in specs)}), "
                                 f"got {len(targets)} (601.2c)")
    if len(targets) != len(specs):
        raise IllegalActionError(f"{what} needs {len(specs)} target(s) ({', '.join(t.text for t in specs)}), "
                                 f"got {len(targets)} (601.2c)")
    for spec, t in zip(specs, targets):
        if t is None and spec.optional:
            continue  # 601.2c: "up to N" — fewer targets may be chosen
        if not target_legal(g, spec, t, controller, source, source_colors) or not dependency_ok(g, spec, t, targets):
            raise IllegalActionError(f"{g.name_of(t)} is not a legal target for {what}: "
                                     f"it needs {spec.text or spec.kind} (115.1, 601.2c)")
    # 115.3: the same object can't be chosen for several instances of the word "target" of one ability
    # unless it says otherwise; our vocabulary never allows it.
    chosen = [t for t in targets if t is not None]
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError(f"{what}: the same target was chosen twice (115.3)")


def all_targets_illegal(targets: tuple, legal: tuple[bool, ...]) -> bool:
    """608.2b: every chosen target is now illegal (an "up to" target left unchosen doesn't count;
    with no target chosen at all, the spell or ability resolves)."""
    chosen = [ok for t, ok in zip(targets, legal) if t is not None]
    return bool(chosen) and not any(chosen)


def target_combos(g: Game, specs, p: int, source: int, colors) -> list[tuple[int, ...]]:
    if not specs:
        return [()]
    if specs[-1].repeat:
        # 601.2c "any number of targets": listed as one to MAX_REPEATED_LISTED of them, the others unchosen
        # (None, dropped at the end of each combination)
        extra = replace(specs[-1], optional=True, repeat=False)
        full = tuple(specs[:-1]) + (replace(specs[-1], repeat=False),) + (extra,) * (MAX_REPEATED_LISTED - 1)
        out_r = target_combos(g, full, p, source, colors)
        return list(dict.fromkeys(_without_trailing(c, len(specs)) for c in out_r))
    lists = [target_candidates(g, spec, p, source, colors) for spec in specs]
    out: list[tuple] = [()]
    for i, (spec, cands) in enumerate(zip(specs, lists)):
        opts: list = list(cands) + ([None] if spec.optional else [])
        same = i > 0 and spec.group > 0 and specs[i - 1].group == spec.group
        nxt = []
        for prev in out:
            last = prev[-1] if same else None
            for c in opts:
                if c is not None and c in prev:
                    continue
                if spec.controlled_by >= 0 and not dependency_ok(g, spec, c, prev):
                    continue
                if same:
                    # One instance of "target" (601.2c): the order of its targets means nothing, so
                    # list each set once: increasing ids, the unchosen ones (None) last.
                    if last is None and c is not None:
                        continue
                    if last is not None and c is not None and c <= last:
                        continue
                nxt.append(prev + (c,))
        out = nxt
    return out


def _without_trailing(combo: tuple, keep: int) -> tuple:
    n = len(combo)
    while n > keep and combo[n - 1] is None:
        n -= 1
    return combo[:n]


def power_below_source(g: Game, c: Any, source: int | None) -> bool:
    """702.134a: "target attacking creature with power less than this creature's power": the
    source's power now, or as it last existed on the battlefield (608.2h)."""
    if c.power is None:
        return False
    p = source_power(g, source)
    return p is not None and c.power < p


def source_power(g: Game, source: int | None) -> int | None:
    """"this creature's power": the source's power now, or as it last existed on the battlefield (608.2h)."""
    if source is None:
        return None
    o = g.s.objects.get(source)
    if o is not None and o.zone == BATTLEFIELD:
        return g.chars(o).power
    lki = g.s.lki.get(source)
    return lki[1].power if lki is not None else None


def objects_matching(g: Game, flt: V.ObjectFilter, controller: int, source: int | None = None) -> list[int]:
    s = g.s
    return [oid for oid in s.battlefield if _targeting_module.matches_filter(g, flt, s.objects[oid], controller, source)]
