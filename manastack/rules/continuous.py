"""CR 611-613: continuous effects and the layer system; characteristics are computed on read.

- 613.2a-c layer 1: copy effects (rules/copy_effects.py) and face-down status (rules/facedown.py) make the
  object's `card` its copiable values; every layer below starts from them.
- 305.6 / 305.7: basic land types give intrinsic mana abilities; an effect that sets a land's
  subtype (Blood Moon) removes its rules-text abilities and it gains the new type's ability.
- 613.1d layer 4 (type-changing: Blood Moon, Urborg), 613.1f layer 6 (ability adding/removing:
  "gains flying until end of turn", Chromatic Lantern), 613.4 layer 7 (7b set, 7c modify
  including counters and "+N/+N until end of turn" and anthems).
- "Becomes a 2/2 ... creature until end of turn. It's still a land." (rules/animate.py): types and
  subtypes in layer 4, colors set in layer 5, keywords in layer 6, base P/T set in layer 7b (613.4b).
- 613.8 dependency: an effect that would remove the ability generating another effect is applied
  first (Blood Moon before Urborg, whose ability it removes).
- 613.1f / 613.7: "loses all abilities" (a LOSE_ALL effect, rules/animate.py): in layer 6 the object
  loses its own abilities and those that effects with earlier timestamps gave it (613.7: a static's
  timestamp is its source's, 613.7a, an Aura's or Equipment's that of its attachment, 613.7e); later
  ones still add theirs. Its own static abilities stop generating effects in layers 6 and 7 (613.8);
  those of layers 4-5 keep applying (613.6) and "changeling" has already made it every type (604.3).
- 613.4d layer 7d: "switch target creature's power and toughness until end of turn" (a SWITCH_PT effect).
- 604.3 characteristic-defining abilities, in every zone: 702.73a changeling (every creature type,
  layer 4), 702.114a devoid (colorless, layer 5).
- Static abilities of permanents (604.1, `LayeredStatic` in cards/templates/statics.py) affecting
  the source itself, the object it is attached to (303.4b enchanted, 301.5a equipped) or a group
  ("Other Elf creatures you control"): keywords, protection and abilities in layer 6, +N/+N in
  layer 7c, and combat/untap rules (`Chars.rules`, read by rules/combat.py and the untap step).
  Effects whose condition can change without a new state version ("as long as it's your turn",
  "attacking creatures") are computed fresh on each read, never cached.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..cards.templates.keywords import CREATURE_TYPES
from ..engine import registry
from ..model.chars import VOLATILE_READS, Chars  # noqa: F401 (re-exported)
from ..model.costs import parse_cost
from ..model.mana import bag_of
from ..model.state import PerCardKinds
from ..model.vocab import (
    Ability,
    ActivatedAbility,
    Cost,
    Count,
    FilterPlus,
    ManaAbility,
    ManaProduction,
    ObjectFilter,
    StaticAbility,
    ability_kinds,
)
from ..model.vocab.animate import ANIMATE, LOSE_ALL, SET_COLORS, SWITCH_PT
from ..model.vocab.soulbond import PAIRED
from ..model.vocab.statics import (
    ADD_COLOR,
    ADD_SUBTYPE,
    ATTACK_TAX,
    BLOCK_TAX,
    CANT_HAVE,  # noqa: F401 (the vocabulary this module executes)
    SET_CREATURE_TYPE,
    SOURCE_TAG,
    GraveyardLayeredStatic,
)
from . import animate, counter_kinds

if TYPE_CHECKING:
    from ..model.state import GameState, Obj

BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
LAYERED = "layered"  # StaticAbility.kind of LayeredStatic (cards/templates/statics.py)


def lost_all_at(s: GameState, oid: int) -> int | None:
    """The latest timestamp of the effects that make `oid` lose all abilities, or None (613.7)."""
    t = None
    for e in s.effects:
        if e.kind == LOSE_ALL and e.target == oid and (t is None or e.timestamp > t):
            t = e.timestamp
    return t
_creature_types: frozenset[str] | None = None
PT_CDA = registry.PT_CDA  # (engine/registry.py)
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
GROUP_FILTERS = registry.GROUP_FILTERS  # (engine/registry.py)
SELF_LAYER4 = registry.SELF_LAYER4  # (engine/registry.py)
SELF_BASE_PT = registry.SELF_BASE_PT  # (engine/registry.py)
SELF_LAYER4_KINDS = registry.SELF_LAYER4_KINDS  # (engine/registry.py)
# A cache counter: reads of a permanent's own type-changing static whose condition changes without an
# invalidation ("during your turn", rules/static_counts.py); what was computed across such a read is not kept.
SELF_ANIMATION_VOLATILE = "_self_animation_volatile"


# Whether some card of this game has an ability of a SELF_LAYER4_KINDS kind. (The registry is complete
# before any card exists: the template modules that fill it load before the first card is compiled.)
_self_layer4_game = PerCardKinds(
    "card_ability_kinds", lambda known: bool(SELF_LAYER4_KINDS) if known is None else not SELF_LAYER4_KINDS.isdisjoint(known))


def creature_types() -> frozenset[str]:
    """205.3m: every creature type (for changeling, 702.73a). Imported on first use."""
    global _creature_types
    if _creature_types is None:
        _creature_types = CREATURE_TYPES
    return _creature_types


def _intrinsic(sub: str) -> ManaAbility:
    letter = BASIC_LAND_TYPES[sub]
    return ManaAbility(f"{{T}}: Add {{{letter}}}.", Cost(mana=parse_cost(""), tap=True),
                       ManaProduction("fixed", (bag_of(letter),)))


INTRINSIC = {sub: _intrinsic(sub) for sub in BASIC_LAND_TYPES}


def intrinsic_abilities(subtypes: frozenset[str]) -> tuple[ManaAbility, ...]:
    """305.6: the mana abilities a land has for its basic land types, in WUBRG order."""
    return tuple(INTRINSIC[t] for t in ("Plains", "Island", "Swamp", "Mountain", "Forest") if t in subtypes)


def _statics(s: GameState) -> list[tuple[Obj, StaticAbility]]:
    """Static abilities of permanents on the battlefield that affect other objects (by printed text;
    layer-4/6 removal is handled in `characteristics`), and those of emblems in the command zone (114.4:
    "Creatures you control get +2/+2 and have flying", controlled by the emblem's owner)."""
    out = []
    for oid in s.battlefield:
        o = s.objects[oid]
        for ab in o.card.abilities:
            if isinstance(ab, StaticAbility) and ab.kind in ("anthem", "type_change", "grant_ability", LAYERED, ANIMATE):
                out.append((o, ab))
    for oid in s.emblems:
        o = s.objects[oid]
        out.extend((o, ab) for ab in o.card.abilities if isinstance(ab, StaticAbility) and ab.kind == LAYERED)
    if GraveyardLayeredStatic in (s.card_kinds or ()):
        # 113.6: "as long as CARDNAME is in your graveyard ..., creatures you control have flying" (Wonder)
        for pl in s.players:
            for oid in pl.graveyard:
                o = s.objects[oid]
                out.extend((o, ab) for ab in o.card.abilities if type(ab) is GraveyardLayeredStatic)
    return out


def any_layered(g) -> bool:
    """Whether some permanent has a LayeredStatic ability (cheap: cached per state version), so that
    combat can skip looking for rules nobody has."""
    cache = g._cache
    flag = cache.get("_layered")
    if flag is None:
        statics = cache.get("_statics")
        if statics is None:
            statics = _statics(g.s)
            cache["_statics"] = statics
        flag = any(ab.kind == LAYERED for _, ab in statics)
        cache["_layered"] = flag
    return flag


def matches_static(s: GameState, flt: ObjectFilter, source: Obj, obj: Obj, types: frozenset[str],
                   supertypes: frozenset[str]) -> bool:
    if flt.types and not (flt.types & types):
        return False
    if flt.nonbasic and "Basic" in supertypes:
        return False
    if flt.controller == "you" and obj.controller != source.controller:
        return False
    if flt.controller == "opponent" and obj.controller == source.controller:
        return False
    if flt.other and obj.id == source.id:
        return False
    if getattr(flt, "attached_only", False) and source.attached_to != obj.id:
        return False  # "enchanted land is an Island": only the object the source is attached to
    return True


_CDA = frozenset({"changeling", "devoid"})


def _animates(s: GameState, src: Obj, ab, obj: Obj, types: frozenset[str], subtypes: frozenset[str],
              supertypes: frozenset[str], statics) -> bool:
    """Whether an AnimateStatic ("Forests you control are 1/1 ... creatures", rules/animate.py)
    applies to `obj` (its filter's subtypes too), its source not having lost its abilities."""
    return matches_static(s, ab.filter, src, obj, types, supertypes) \
        and (not ab.filter.subtypes or bool(ab.filter.subtypes & subtypes)) \
        and not _source_lost_abilities(s, src, statics, set())


def _layer4(s: GameState, obj: Obj, cache: dict, statics) -> tuple:
    """Types, subtypes, supertypes and colors after layers 4-5 (604.3 changeling and devoid, Blood
    Moon / Urborg with their 613.8 dependency), and whether a land-type-setting effect removed the
    object's rules text. Cached per state version; it reads no other object's characteristics, so
    static abilities may count permanents by type without recursion."""
    key = ("_l4", obj.id)
    r = cache.get(key)
    if r is not None:
        return r
    card = obj.card
    types = card.types
    subtypes = card.subtypes
    supertypes = card.supertypes
    colors = card.colors
    keywords = card.keywords
    if keywords:
        # 604.3: characteristic-defining abilities work in every zone.
        if "changeling" in keywords:
            subtypes = subtypes | creature_types()  # 702.73a, layer 4
        if "devoid" in keywords:
            colors = frozenset()  # 702.114a, layer 5
    if obj.zone == "battlefield" and s.effects:
        animated = False
        for e in s.effects:
            if e.kind == "add_types" and e.target == obj.id:
                types = types | e.data  # 613.1d layer 4: "becomes an artifact creature until end of turn" (702.122a)
            elif e.kind == "add_subtypes" and e.target == obj.id:
                subtypes = subtypes | e.data  # 613.1d: "is the chosen type in addition to its other types"
            elif e.kind == "add_colors" and e.target == obj.id:
                colors = colors | e.data  # 613.1e layer 5: "is black in addition to its other colors"
            elif e.kind in (ANIMATE, SET_COLORS) and e.target == obj.id:
                animated = True
        if animated:  # "becomes a 2/2 ... creature until end of turn" (rules/animate.py): layers 4 and 5
            types, subtypes, colors = animate.layer4(s, obj.id, types, subtypes, colors, creature_types())
    if obj.zone == "battlefield" and (obj.attached_to is not None or "Vehicle" in card.subtypes):
        for attached_layer4 in registry.ATTACHED_LAYER4:
            types = attached_layer4(s, obj, types)  # 702.151b reconfigure; an Aura making a Vehicle a creature
    if obj.zone == "battlefield" and statics:
        added = _added_types(cache, statics).get(obj.id)
        if added:  # "is a white Angel in addition to its other colors and types" (205.1b, layers 4 and 5)
            replaced = frozenset(r[len(SET_CREATURE_TYPE):] for r in added if r.startswith(SET_CREATURE_TYPE))
            if replaced:  # 205.1a: "enchanted creature is a Demon Spirit": no other creature type
                subtypes = (subtypes - creature_types()) | replaced
            subtypes = subtypes | frozenset(r[len(ADD_SUBTYPE):] for r in added if r.startswith(ADD_SUBTYPE))
            colors = colors | frozenset(r[len(ADD_COLOR):] for r in added if r.startswith(ADD_COLOR))
    self_volatile_before = cache.get(SELF_ANIMATION_VOLATILE, 0)
    if obj.zone == "battlefield" and SELF_LAYER4:
        for fn in SELF_LAYER4:
            types, subtypes = fn(s, obj, types, subtypes, cache)  # its own type-changing statics (rules/static_counts.py)
    lost_text = False
    if obj.zone == "battlefield" and statics and "Land" in types:
        # Layer 4, with 613.8 dependency: effects that set land types (and remove abilities) first.
        for src, ab in statics:
            if ab.kind == "type_change" and ab.replace \
                    and matches_static(s, ab.filter, src, obj, types, supertypes):
                subtypes = frozenset(t for t in subtypes if t not in BASIC_LAND_TYPES and t not in
                                     ("Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower",
                                      "Urza's", "Cave", "Sphere", "Town")) | frozenset(ab.subtypes)
                lost_text = True
        for src, ab in statics:
            if ab.kind == "type_change" and not ab.replace:
                if _source_lost_abilities(s, src, statics, set()):
                    continue
                if matches_static(s, ab.filter, src, obj, types, supertypes):
                    subtypes = subtypes | frozenset(ab.subtypes)
        for src, ab in statics:
            if ab.kind == ANIMATE and _animates(s, src, ab, obj, types, subtypes, supertypes, statics):
                a = ab.animation  # type: ignore[attr-defined]
                types = types | a.types  # "are 1/1 green Elf creatures that are still lands" (rules/animate.py)
                subtypes = subtypes | a.subtypes
                if a.colors is not None:
                    colors = a.colors  # layer 5
    r = (types, subtypes, supertypes, colors, lost_text)
    if cache.get(SELF_ANIMATION_VOLATILE, 0) == self_volatile_before:
        cache[key] = r  # else "during your turn, CARDNAME is a 4/4 ... creature": read again each time
    return r


def _added_types(cache: dict, statics) -> dict[int, tuple[str, ...]]:
    """The "add_color:" / "add_subtype:" rules of LayeredStatics by the object they affect (the source
    itself, or the object it is attached to). Cached per state version."""
    got = cache.get("_added_types")
    if got is None:
        got = {}
        for src, ab in statics:
            if ab.kind != LAYERED or not ab.rules:  # type: ignore[attr-defined]
                continue
            added = tuple(r for r in ab.rules  # type: ignore[attr-defined]
                          if r.startswith((ADD_COLOR, ADD_SUBTYPE, SET_CREATURE_TYPE)))
            if not added:
                continue
            host = src.id if ab.affects == "self" else src.attached_to  # type: ignore[attr-defined]
            if host is not None:
                got[host] = got.get(host, ()) + added
        cache["_added_types"] = got
    return got


def characteristics(s: GameState, obj: Obj, cache: dict) -> Chars:
    """613: printed values, then continuous effects layer by layer. Cached per state version."""
    c = cache.get(obj.id)
    if c is not None:
        return c
    card = obj.card
    abilities: tuple[Ability, ...] = card.abilities
    keywords = card.keywords
    protection = card.protection
    rules: frozenset[str] = frozenset()
    volatile = False
    self_volatile_before = cache.get(SELF_ANIMATION_VOLATILE, 0)
    power, toughness = card.power, card.toughness
    if (power is None or toughness is None) and PT_CDA and "Creature" in card.types:
        for cda in PT_CDA:  # 604.3 / 613.4a layer 7a, in every zone (rules/static_counts.py)
            power, toughness, vol = cda(s, obj, card, power, toughness, cache)
            volatile = volatile or vol
    on_bf = obj.zone == "battlefield"
    statics = cache.get("_statics")
    if statics is None:
        statics = _statics(s)
        cache["_statics"] = statics
    # The objects continuous effects name (None: effects on a group), so that an object no effect
    # names skips the effect layers below.
    targeted = cache.get("_effect_targets")
    if targeted is None:
        targeted = cache["_effect_targets"] = frozenset(e.target for e in s.effects)
    affected = on_bf and (obj.id in targeted or None in targeted)
    if not affected and not obj.counters and obj.attached_to is None and not (on_bf and statics) \
            and not (card.keywords and _CDA & card.keywords) and not volatile and power is card.power \
            and toughness is card.toughness and "Vehicle" not in card.subtypes \
            and not (on_bf and _self_layer4_game(s) and not SELF_LAYER4_KINDS.isdisjoint(ability_kinds(card))):
        # Nothing acts on the object: its characteristics are the card's own (on the battlefield with
        # the intrinsic mana abilities of its basic land types, 305.6), the same Chars every time.
        c = _printed_chars(card, on_bf)
        cache[obj.id] = c
        return c
    lost_at = lost_all_at(s, obj.id) if affected else None
    if lost_at is not None:
        # 613.1f: its own abilities are gone (printed, and the abilities of its keywords).
        abilities, keywords, protection = (), frozenset(), ()
    if (on_bf and statics and ("Land" in card.types or obj.id in _added_types(cache, statics))) \
            or (card.keywords and _CDA & card.keywords) or (
            on_bf and (affected or obj.attached_to is not None or "Vehicle" in card.subtypes)) or (
            on_bf and SELF_LAYER4_KINDS and not SELF_LAYER4_KINDS.isdisjoint(ability_kinds(card))):
        types, subtypes, supertypes, colors, lost_text = _layer4(s, obj, cache, statics)
    else:
        types, subtypes, supertypes, colors, lost_text = card.types, card.subtypes, card.supertypes, card.colors, False
    if on_bf and statics:
        if lost_text:
            abilities = ()
            keywords = frozenset()
        # Layer 6: granted abilities.
        for src, ab in statics:
            if ab.kind == "grant_ability" and matches_static(s, ab.filter, src, obj, types, supertypes):
                if _source_lost_abilities(s, src, statics, set()) or _lost_own(s, src, targeted):
                    continue
                if lost_at is not None and src.timestamp < lost_at:
                    continue  # 613.7: given before it lost all abilities
                abilities = abilities + granted_by(src.id, ab.granted)
    if on_bf and "Land" in types and lost_at is None:  # 305.6's abilities come with the types (layer 4)
        intrinsic = intrinsic_abilities(subtypes)
        if intrinsic:
            abilities = intrinsic + abilities
    if affected:
        # "haste_while_controlled" (702.62a suspend): only while the player who cast it controls it.
        extra = [e for e in s.effects if e.target == obj.id and e.keywords
                 and (e.kind != "haste_while_controlled" or e.controller == obj.controller)
                 and (lost_at is None or e.timestamp > lost_at)]
        if extra:
            keywords = keywords | frozenset(k for e in extra for k in e.keywords)
    if on_bf and obj.counters:
        keywords = keywords | counter_kinds.counter_keywords(obj.counters)  # 122.1b, layer 6
    # Layer 6 (and the rules of LayeredStatic): static abilities of permanents.
    layered: list = []
    if on_bf and statics:
        for src, ab in statics:
            # "is every creature type" is a layer-4 effect: before the layer-6/7 filters look at subtypes.
            if ab.kind == LAYERED and "all_creature_types" in ab.rules and (  # type: ignore[attr-defined]
                    src.attached_to == obj.id if ab.affects in ("enchanted", "equipped")  # type: ignore[attr-defined]
                    else src.id == obj.id):
                subtypes = subtypes | creature_types()
        kw_before = keywords
        without: list = []
        for src, ab in statics:
            if ab.kind != LAYERED:
                continue
            if ab.without_keywords:  # type: ignore[attr-defined]
                without.append((src, ab))  # "creatures without flying": read once layer 6 is done
                continue
            ok, vol = _applies(s, src, ab, obj, types, subtypes, colors, kw_before, cache, statics)  # type: ignore[arg-type]
            volatile = volatile or vol
            if not ok or _source_lost_abilities(s, src, statics, set()) or _lost_own(s, src, targeted):
                continue
            layered.append((src, ab))
            if lost_at is not None and src.timestamp < lost_at:
                if ab.rules:  # type: ignore[attr-defined]
                    rules = rules | _source_rules(src, ab.rules)  # type: ignore[attr-defined]
                continue  # 613.7: the abilities it gave before are lost; its rules and P/T are no abilities
            if ab.keywords:  # type: ignore[attr-defined]
                keywords = keywords | frozenset(ab.keywords)  # type: ignore[attr-defined]
            if ab.protection:  # type: ignore[attr-defined]
                protection = protection + tuple(  # "protection from the chosen color": the source's choice
                    _COLOR_NAMES.get(src.chosen_color or "", "") if q == "chosen_color" else q
                    for q in ab.protection)  # type: ignore[attr-defined]
            if ab.granted:
                abilities = abilities + granted_by(src.id, ab.granted)
            if ab.rules:  # type: ignore[attr-defined]
                rules = rules | _source_rules(src, ab.rules)  # type: ignore[attr-defined]
        for src, ab in without:
            # "Creatures without flying can't attack" (Moat): only rules and P/T (the template says so),
            # so the keywords every other effect gave are known first.
            ok, vol = _applies(s, src, ab, obj, types, subtypes, colors, keywords, cache, statics)
            volatile = volatile or vol
            if not ok or _source_lost_abilities(s, src, statics, set()) or _lost_own(s, src, targeted):
                continue
            layered.append((src, ab))
            rules = rules | _source_rules(src, ab.rules)  # type: ignore[attr-defined]
        if ("changeling" in keywords and "changeling" not in card.keywords) or "all_creature_types" in rules:
            subtypes = subtypes | creature_types()  # "is every creature type" (layer 4 effect, 205.3m)
    if affected:
        # 611.2c: rules-changing effects of resolved spells and abilities ("can't block this turn").
        for effect_rules in registry.EFFECT_RULES:
            rules = rules | effect_rules(s, obj, types, keywords)
        for grants in registry.EFFECT_GRANTS:
            abilities, protection = grants(s, obj, abilities, protection)  # layer 6: backup (702.165a)
    if rules and keywords and any(r.startswith(CANT_HAVE) for r in rules):
        keywords = keywords - frozenset(r[len(CANT_HAVE):] for r in rules if r.startswith(CANT_HAVE))
    if "no_activated" in rules:
        # "Its activated abilities can't be activated" (Arrest): none of them can be activated, so
        # none is offered (602.5 restriction; mana abilities too, 605).
        abilities = tuple(a for a in abilities if not isinstance(a, (ActivatedAbility, ManaAbility)))
    elif "no_nonmana_activated" in rules:
        # "... can't be activated unless they're mana abilities" (Faith's Fetters, 602.5 / 605.1a).
        abilities = tuple(a for a in abilities if not isinstance(a, ActivatedAbility))
    animating: tuple = ()
    if on_bf and statics and "Land" in card.types:
        animating = tuple((src, ab) for src, ab in statics if ab.kind == ANIMATE
                          and _animates(s, src, ab, obj, types, subtypes, supertypes, statics))
    if on_bf and SELF_BASE_PT and _self_layer4_game(s) and not SELF_LAYER4_KINDS.isdisjoint(ability_kinds(card)):
        for self_pt in SELF_BASE_PT:  # 613.4b layer 7b: "is a 5/5 ... creature as long as ..." (its own static)
            pt = self_pt(s, obj, cache)
            if pt is not None:
                power, toughness = pt
    if affected or animating:
        set_pt = animate.base_pt(s, obj.id, animating)
        if set_pt is not None:
            power, toughness = set_pt  # 613.4b layer 7b: "becomes a 2/2 creature" (rules/animate.py)
    # Layer 7.
    if power is not None and on_bf:
        if obj.counters:
            n = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
            power += n
            toughness += n
        if obj.id in targeted:
            for e in s.effects:
                if e.target == obj.id and e.kind == "pump":
                    power += e.power
                    toughness += e.toughness
        if statics and "Creature" in types:
            for src, ab in statics:
                if ab.kind == "anthem" and matches_static(s, ab.filter, src, obj, types, supertypes):
                    if not _source_lost_abilities(s, src, statics, set()) and not _lost_own(s, src, targeted):
                        power += ab.power
                        toughness += ab.toughness
            for src, ab in layered:  # 613.4c
                if ab.per is not None:
                    k, vol = _per_count(s, src, ab.per, obj, cache, statics)
                    volatile = volatile or vol
                    power += ab.power * k
                    toughness += ab.toughness * k
                else:
                    power += ab.power
                    toughness += ab.toughness
        if affected and any(e.kind == SWITCH_PT and e.target == obj.id for e in s.effects):
            # 613.4d layer 7d: each switch exchanges the values; two switches cancel out.
            if sum(1 for e in s.effects if e.kind == SWITCH_PT and e.target == obj.id) % 2:
                power, toughness = toughness, power
    c = Chars(card.name, types, subtypes, supertypes, colors, power, toughness, keywords, abilities,
              protection, rules)
    volatile = volatile or cache.get(SELF_ANIMATION_VOLATILE, 0) != self_volatile_before
    if not volatile:
        cache[obj.id] = c
    else:
        cache[VOLATILE_READS] = cache.get(VOLATILE_READS, 0) + 1  # Game.derived keeps nothing built on it
        if on_bf:
            s.volatile_chars = True  # state-based actions are then checked after every change (Game.settle)
    return c


_PRINTED: dict[tuple[int, bool], tuple] = {}


def _printed_chars(card, on_bf: bool) -> Chars:
    """The characteristics of an object nothing modifies (shared: Chars are never changed in place)."""
    key = (id(card), on_bf)
    ent = _PRINTED.get(key)
    if ent is not None and ent[0] is card:
        return ent[1]
    abilities = card.abilities
    if on_bf and "Land" in card.types:
        abilities = intrinsic_abilities(card.subtypes) + abilities
    c = Chars(card.name, card.types, card.subtypes, card.supertypes, card.colors, card.power, card.toughness,
              card.keywords, abilities, card.protection)
    if len(_PRINTED) > 100_000:
        _PRINTED.clear()  # token cards made during long simulations: keep the table bounded
    _PRINTED[key] = (card, c)
    return c


def _count(s: GameState, flt: ObjectFilter, controller: int, cache: dict, statics, exclude: tuple = ()) -> int:
    """How many permanents match `flt` (types, subtypes, colors: one of each listed; controller
    relative to `controller`), by their layer-4/5 characteristics."""
    n = 0
    for oid in s.battlefield:
        if oid in exclude:
            continue
        o = s.objects[oid]
        if flt.controller == "you" and o.controller != controller:
            continue
        if flt.controller == "opponent" and o.controller == controller:
            continue
        if type(flt) is FilterPlus and flt.not_owned and o.owner == controller:
            continue  # "three or more permanents you don't own" (108.3)
        types, subtypes, _sup, colors, _lost = _layer4(s, o, cache, statics)
        if flt.types and not (flt.types & types):
            continue
        if flt.subtypes and not (flt.subtypes & subtypes):
            continue
        if flt.colors and not (flt.colors & colors):
            continue
        n += 1
    return n


def _attached_count(s: GameState, obj: Obj, what: str, cache: dict, statics) -> int:
    n = 0
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.attached_to == obj.id:
            sub = _layer4(s, o, cache, statics)[1]
            if (what and what in sub) or (not what and ({"Aura", "Equipment"} & sub)):
                n += 1
    return n


def _per_count(s: GameState, src: Obj, per, obj: Obj, cache: dict, statics) -> tuple[int, bool]:
    """The X of "+N/+N for each X", and whether it can change without a new state version."""
    k = per.kind
    if k == "control":
        # "each other creature you control" / "each other enchantment on the battlefield": neither
        # the affected object nor the source itself
        return _count(s, per.filter, src.controller, cache, statics,
                      exclude=(obj.id, src.id) if per.filter.other else ()), False
    if k == "attached":
        return _attached_count(s, obj, per.what, cache, statics), False
    if k == "counters":
        return src.counters.get(per.what, 0), True
    pl = s.players[src.controller]
    if k == "hand":
        return len(pl.hand), True
    if k == "life":
        return pl.life, True  # "where X is your life total" (Death's Shadow): read on every look
    if k in ("graveyard", "all_graveyards"):
        cards = pl.graveyard if k == "graveyard" else [oid for q in s.players for oid in q.graveyard]
        if not per.what:
            return len(cards), True
        want = {"Instant and sorcery": {"Instant", "Sorcery"}}.get(per.what, {per.what})
        return sum(1 for oid in cards if want & s.objects[oid].card.types), True
    return 0, False


def _condition(s: GameState, src: Obj, cond, cache: dict, statics) -> tuple[bool, bool]:
    """611.3a: whether the condition of a static ability holds now ("otherwise": its opposite), and
    whether it can change without a new state version."""
    ok, vol = _condition_holds(s, src, cond, cache, statics)
    return ok != cond.negated, vol


def _host_matches(s: GameState, src: Obj, flt: ObjectFilter, cache: dict, statics) -> bool:
    """Whether the object `src` is attached to has the types, subtypes and colors of `flt` (one of each
    listed), by its layer-4/5 characteristics (no recursion into layers 6-7)."""
    host = s.objects.get(src.attached_to) if src.attached_to is not None else None
    if host is None or host.zone != "battlefield":
        return False
    types, subtypes, _sup, colors, _lost = _layer4(s, host, cache, statics)
    return (not flt.types or bool(flt.types & types)) and (not flt.subtypes or bool(flt.subtypes & subtypes)) \
        and (not flt.colors or bool(flt.colors & colors))


def _condition_holds(s: GameState, src: Obj, cond, cache: dict, statics) -> tuple[bool, bool]:
    k = cond.kind
    if k == "host":
        return _host_matches(s, src, cond.filter, cache, statics), False
    if k == "host_attacking":
        return s.combat is not None and src.attached_to in s.combat.attackers, True
    if k == "host_untapped":
        host = s.objects.get(src.attached_to) if src.attached_to is not None else None
        return host is not None and not host.tapped, True
    if k == "your_turn":
        return s.active == src.controller, True
    if k == "not_your_turn":
        return s.active != src.controller, True
    if k == "attacking":
        return s.combat is not None and src.id in s.combat.attackers, True
    if k == "untapped":
        return not src.tapped, True
    if k == "tapped":
        return src.tapped, True
    if k == "control":
        return _count(s, cond.filter, src.controller, cache, statics,
                      exclude=(src.id,) if cond.filter.other else ()) >= cond.n, False
    if k == "attached":
        return _attached_count(s, src, cond.what, cache, statics) >= 1, False
    if k == "counter":
        return src.counters.get(cond.what, 0) > 0, True
    if k == "monarch":
        return s.monarch == src.controller, False  # 722.5: no monarch, no effect (BecameMonarch invalidates)
    if k == "city_blessing":
        return src.controller in s.city_blessing, False  # 702.131c (GotCityBlessing invalidates, 702.131d)
    pl = s.players[src.controller]
    if k == "graveyard":
        if cond.filter is not None:  # "two or more instant and/or sorcery cards" (spell mastery)
            return sum(1 for oid in pl.graveyard if s.objects[oid].card.types & cond.filter.types) >= cond.n, True
        return len(pl.graveyard) >= cond.n, True
    if k == "graveyard_types":
        kinds = set()
        for oid in pl.graveyard:
            kinds |= s.objects[oid].card.types
        return len(kinds) >= cond.n, True
    if k == "life_ge":
        return pl.life >= cond.n, True
    if k == "life_le":
        return pl.life <= cond.n, True
    if k == "opponent_life_le":
        return any(q.life <= cond.n for i, q in enumerate(s.players) if i != src.controller and not q.lost), True
    if k == "hand_le":
        return len(pl.hand) <= cond.n, True
    opponents = [q for i, q in enumerate(s.players) if i != src.controller]
    if k == "opponent_poison_ge":
        return any(q.poison >= cond.n for q in opponents), True  # "an opponent has three or more poison counters"
    return False, False


def paired_partner(s: GameState, oid: int | None, cache: dict) -> int | None:
    """702.95b-c: the creature `oid` is paired with (soulbond), or None: a pair lasts while both are creatures
    on the battlefield under the control of the player whose ability paired them (by layer-4 types)."""
    if oid is None or not s.effects:
        return None
    for e in s.effects:
        if e.kind == PAIRED and e.target == oid:
            a, b = s.objects.get(oid), s.objects.get(e.data)
            if a is None or b is None or a.zone != "battlefield" or b.zone != "battlefield":
                continue
            if a.controller != e.controller or b.controller != e.controller:
                continue
            statics = cache.get("_statics")
            if statics is None:
                statics = cache["_statics"] = _statics(s)
            if "Creature" in _layer4(s, a, cache, statics)[0] and "Creature" in _layer4(s, b, cache, statics)[0]:
                return b.id
    return None


def _applies(s: GameState, src: Obj, ab, obj: Obj, types: frozenset[str], subtypes: frozenset[str],
             colors: frozenset[str], keywords: frozenset[str], cache: dict, statics) -> tuple[bool, bool]:
    """Whether static ability `ab` (a LayeredStatic) of `src` affects `obj` now, and whether the
    answer depends on state that changes without a new version (the turn, combat, tapped status,
    graveyards, life totals)."""
    a = ab.affects
    vol = False
    if a == "self":
        if obj.id != src.id:
            return False, False
    elif a == "paired":  # 702.95d: "as long as CARDNAME is paired with another creature, both creatures ..."
        if obj.id != src.id and paired_partner(s, src.id, cache) != obj.id:
            return False, False
        if paired_partner(s, src.id, cache) is None:
            return False, False
    elif a in ("enchanted", "equipped"):
        if src.attached_to != obj.id:
            return False, False
        if ab.filter.subtypes and not (ab.filter.subtypes & subtypes):
            return False, False  # "as long as equipped creature is a Human"
        if ab.filter.types and not (ab.filter.types & types):
            return False, False  # "as long as enchanted permanent is a creature"
        if ab.attacking:
            if s.combat is None or obj.id not in s.combat.attackers:
                return False, True
            vol = True
    else:
        flt = ab.filter
        if flt.types and not flt.types <= types:
            return False, False
        if GROUP_FILTERS and not all(f(s, src, ab, obj, subtypes, colors) for f in GROUP_FILTERS):
            return False, False  # "creatures of the chosen type" (rules/entry_choices.py, auras_on_players.py)
        if flt.subtypes and not (flt.subtypes & subtypes):
            return False, False
        if flt.colors and not (flt.colors & colors):
            return False, False
        if flt.non_colors and (flt.non_colors & colors):
            return False, False
        if flt.controller == "you" and obj.controller != src.controller:
            return False, False
        if flt.controller == "opponent" and obj.controller == src.controller:
            return False, False
        if flt.other and obj.id == src.id:
            return False, False
        if ab.token and not obj.card.is_token:
            return False, False
        if ab.with_keyword and ab.with_keyword not in keywords:
            return False, False
        if ab.without_keywords and not keywords.isdisjoint(ab.without_keywords):
            return False, False
        if ab.supertype and ab.supertype not in obj.card.supertypes:
            return False, False
        if ab.attached and not _attached_count(s, obj, ab.attached, cache, statics):
            return False, False
        if ab.with_counter:
            vol = True
            if not obj.counters.get(ab.with_counter, 0):
                return False, True
        if flt.tapped is not None:
            vol = True
            if obj.tapped != flt.tapped:
                return False, True
        if ab.attacking:
            vol = True
            if s.combat is None or obj.id not in s.combat.attackers:
                return False, True
    if ab.condition is not None:
        ok, v = _condition(s, src, ab.condition, cache, statics)
        vol = vol or v
        if not ok:
            return False, vol
    return True, vol


def _source_rules(src: Obj, rules: tuple[str, ...]) -> frozenset[str]:
    """A static ability's rules, a cost to attack or block tagged with its source (508.1d: the costs of
    two Auras add up; rules/combat_costs.py)."""
    return frozenset(f"{r}{SOURCE_TAG}{src.id}" if r.startswith((ATTACK_TAX, BLOCK_TAX)) else r for r in rules)


def _lost_own(s: GameState, src: Obj, targeted: frozenset) -> bool:
    """613.8: a permanent that lost all abilities (613.1f) has no static ability left to generate the
    effects of layers 6 and 7 ("other Elves you control get +1/+1")."""
    return src.id in targeted and lost_all_at(s, src.id) is not None


def _source_lost_abilities(s: GameState, src: Obj, statics, seen: set[int]) -> bool:
    """Whether a replacing land-type effect (Blood Moon) strips `src`'s own abilities (613.8)."""
    if "Land" not in src.card.types:
        return False
    for other, ab in statics:
        if ab.kind == "type_change" and ab.replace and matches_static(
                s, ab.filter, other, src, src.card.types, src.card.supertypes):
            return True
    return False


# Granted abilities that count counters on the permanent granting them (Count.grantor == -1), by the identity of
# the granted tuple (card definitions live as long as the process; the tuple is kept so its id stays its own).
_GRANTOR_REFS: dict[int, tuple[tuple, bool]] = {}


def granted_by(grantor: int, granted: tuple) -> tuple:
    """613.1f, layer 6: the abilities `granted` as the permanent `grantor` gives them: "... where X is the number of
    arrow counters on Archery Training" counts the counters on that Aura (each Aura's ability its own)."""
    known = _GRANTOR_REFS.get(id(granted))
    if known is None or known[0] is not granted:
        known = (granted, _mentions_grantor(granted))
        _GRANTOR_REFS[id(granted)] = known
    return _bind_grantor(granted, grantor) if known[1] else granted


def _mentions_grantor(x: object) -> bool:
    if isinstance(x, Count):
        return x.grantor == -1
    if isinstance(x, tuple):
        return any(_mentions_grantor(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_mentions_grantor(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def _bind_grantor(x: Any, grantor: int) -> Any:
    if isinstance(x, Count):
        return dataclasses.replace(x, grantor=grantor) if x.grantor == -1 else x
    if isinstance(x, tuple):
        return tuple(_bind_grantor(y, grantor) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type) and _mentions_grantor(x):
        return dataclasses.replace(x, **{f.name: _bind_grantor(getattr(x, f.name), grantor)
                                         for f in dataclasses.fields(x) if f.init})
    return x
