"""CR 611-613: continuous effects and the layer system; characteristics are computed on read.

- 305.6 / 305.7: basic land types give intrinsic mana abilities; an effect that sets a land's
  subtype (Blood Moon) removes its rules-text abilities and it gains the new type's ability.
- 613.1d layer 4 (type-changing: Blood Moon, Urborg), 613.1f layer 6 (ability adding/removing:
  "gains flying until end of turn", Chromatic Lantern), 613.4 layer 7 (7b set, 7c modify
  including counters and "+N/+N until end of turn" and anthems).
- 613.8 dependency: an effect that would remove the ability generating another effect is applied
  first (Blood Moon before Urborg, whose ability it removes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.vocab import Ability, ManaAbility, ManaProduction, ObjectFilter, StaticAbility
from .costs import parse_cost
from .mana import bag_of

if TYPE_CHECKING:
    from ..game.state import GameState, Obj

BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_TAP = None


def _intrinsic(sub: str) -> ManaAbility:
    from ..cards.vocab import Cost
    letter = BASIC_LAND_TYPES[sub]
    return ManaAbility(f"{{T}}: Add {{{letter}}}.", Cost(mana=parse_cost(""), tap=True),
                       ManaProduction("fixed", (bag_of(letter),)))


INTRINSIC = {sub: _intrinsic(sub) for sub in BASIC_LAND_TYPES}


class Chars:
    """The characteristics of an object as they are now."""

    __slots__ = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "keywords",
                 "abilities", "protection")

    def __init__(self, name, types, subtypes, supertypes, colors, power, toughness, keywords, abilities,
                 protection) -> None:
        self.name = name
        self.types = types
        self.subtypes = subtypes
        self.supertypes = supertypes
        self.colors = colors
        self.power = power
        self.toughness = toughness
        self.keywords = keywords
        self.abilities = abilities
        self.protection = protection

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types


def _statics(s: GameState) -> list[tuple[Obj, StaticAbility]]:
    """Static abilities of permanents on the battlefield that affect other objects (by printed text;
    layer-4/6 removal is handled in `characteristics`)."""
    out = []
    for oid in s.battlefield:
        o = s.objects[oid]
        for ab in o.card.abilities:
            if isinstance(ab, StaticAbility) and ab.kind in ("anthem", "type_change", "grant_ability"):
                out.append((o, ab))
    return out


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
    return True


def characteristics(s: GameState, obj: Obj, cache: dict) -> Chars:
    """613: printed values, then continuous effects layer by layer. Cached per state version."""
    c = cache.get(obj.id)
    if c is not None:
        return c
    card = obj.card
    types = card.types
    subtypes = card.subtypes
    supertypes = card.supertypes
    abilities: tuple[Ability, ...] = card.abilities
    keywords = card.keywords
    power, toughness = card.power, card.toughness
    on_bf = obj.zone == "battlefield"
    statics = cache.get("_statics")
    if statics is None:
        statics = _statics(s)
        cache["_statics"] = statics
    if on_bf and statics:
        # Layer 4, with 613.8 dependency: effects that set land types (and remove abilities) first.
        lost_text = False
        replaced_sources: set[int] = set()
        for src, ab in statics:
            if ab.kind == "type_change" and ab.replace and "Land" in types \
                    and matches_static(s, ab.filter, src, obj, types, supertypes):
                subtypes = frozenset(t for t in subtypes if t not in BASIC_LAND_TYPES and t not in
                                     ("Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower",
                                      "Urza's", "Cave", "Sphere", "Town")) | frozenset(ab.subtypes)
                lost_text = True
        for src, ab in statics:
            if ab.kind == "type_change" and ab.replace:
                if "Land" in src.card.types and "Basic" not in src.card.supertypes:
                    # a replacing effect from a nonbasic land would remove its own ability; rare
                    pass
        for src, ab in statics:
            if ab.kind == "type_change" and not ab.replace and "Land" in types:
                if _source_lost_abilities(s, src, statics, replaced_sources):
                    continue
                if matches_static(s, ab.filter, src, obj, types, supertypes):
                    subtypes = subtypes | frozenset(ab.subtypes)
        if lost_text:
            abilities = ()
            keywords = frozenset()
        # Layer 6: granted abilities.
        for src, ab in statics:
            if ab.kind == "grant_ability" and matches_static(s, ab.filter, src, obj, types, supertypes):
                if _source_lost_abilities(s, src, statics, replaced_sources):
                    continue
                abilities = abilities + ab.granted
    if on_bf and "Land" in types:
        intrinsic = tuple(INTRINSIC[t] for t in ("Plains", "Island", "Swamp", "Mountain", "Forest") if t in subtypes)
        if intrinsic:
            abilities = intrinsic + abilities
    if s.effects and on_bf:
        extra = [e for e in s.effects if e.target == obj.id and e.keywords]
        if extra:
            keywords = keywords | frozenset(k for e in extra for k in e.keywords)
    # Layer 7.
    if power is not None and on_bf:
        if obj.counters:
            n = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
            power += n
            toughness += n
        for e in s.effects:
            if e.target == obj.id and e.kind == "pump":
                power += e.power
                toughness += e.toughness
        if statics and "Creature" in types:
            for src, ab in statics:
                if ab.kind == "anthem" and matches_static(s, ab.filter, src, obj, types, supertypes):
                    if not _source_lost_abilities(s, src, statics, set()):
                        power += ab.power
                        toughness += ab.toughness
    c = Chars(card.name, types, subtypes, supertypes, card.colors, power, toughness, keywords, abilities,
              card.protection)
    cache[obj.id] = c
    return c


def _source_lost_abilities(s: GameState, src: Obj, statics, seen: set[int]) -> bool:
    """Whether a replacing land-type effect (Blood Moon) strips `src`'s own abilities (613.8)."""
    if "Land" not in src.card.types:
        return False
    for other, ab in statics:
        if ab.kind == "type_change" and ab.replace and matches_static(
                s, ab.filter, other, src, src.card.types, src.card.supertypes):
            return True
    return False
