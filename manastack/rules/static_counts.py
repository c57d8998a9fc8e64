"""What static abilities count and compare: object qualities by layer-4/5 characteristics,
characteristic-defining power and toughness (604.3, 208.2a, 613.4a), devotion (700.5); the templates
are in cards/templates/statics_counts.py.

- 604.3 / 208.2a / 613.4a (layer 7a): "CARDNAME's power and toughness are each equal to ...",
  "CARDNAME's power is equal to ..." work in every zone. The count reads the layer-4/5
  characteristics of permanents (types, subtypes, supertypes, colors), which never depend on
  power or toughness, so two such creatures never wait on each other (613.8 has no loop here).
- 702.73a changeling counts in every zone; 305.6 basic land types among lands you control.
- 700.5 devotion; 613.1d (layer 4): "As long as your devotion to [color] is less than N, CARDNAME
  isn't a creature".
- 611.3a, 613.1d, 613.4b: "CARDNAME is a 5/5 Golem artifact creature as long as you control three or
  more artifacts" (Rusted Relic): its types and subtypes in layer 4, its base P/T in layer 7b.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.state import BATTLEFIELD
from ..model.vocab.animate import SELF_ANIMATE, ConditionalSelfAnimation
from ..model.vocab.x_amounts import LIFE_PAID_EFFECT
from . import continuous, targeting

if TYPE_CHECKING:
    from ..model.state import GameState, Obj


def layer4_match(s: GameState, flt: Any, o: Obj, controller: int, cache: dict, statics: list,
                 source: int | None = None) -> bool:
    """Whether permanent `o` matches `flt` (an ObjectFilter or FilterPlus from parse_filter) by
    its layer-4/5 characteristics and its status (tapped, controller, token). Qualities of later
    layers (keywords, power) are refused by the templates (`check_filter`)."""
    types, subtypes, supertypes, colors, _lost = continuous._layer4(s, o, cache, statics)
    if flt.types and not (flt.types & types):
        return False
    if flt.non_types and (flt.non_types & types):
        return False
    if flt.subtypes and not (flt.subtypes & subtypes):
        return False
    if flt.colors and not (flt.colors & colors):
        return False
    if flt.non_colors and (flt.non_colors & colors):
        return False
    if flt.tapped is not None and o.tapped != flt.tapped:
        return False
    if flt.controller == "you" and o.controller != controller:
        return False
    if flt.controller == "opponent" and o.controller == controller:
        return False
    if flt.nonbasic and "Basic" in supertypes:
        return False
    if flt.other and source is not None and o.id == source:
        return False
    if flt.max_mana_value is not None and targeting.mana_value(o) > flt.max_mana_value:
        return False
    if getattr(flt, "token", None) is not None and o.card.is_token != flt.token:
        return False
    if getattr(flt, "basic", False) and "Basic" not in supertypes:
        return False
    if getattr(flt, "all_types", None) and not flt.all_types <= types:
        return False
    if getattr(flt, "supertypes", None) and not flt.supertypes <= supertypes:
        return False
    if getattr(flt, "non_supertypes", None) and (flt.non_supertypes & supertypes):
        return False
    if getattr(flt, "non_subtypes", None) and (flt.non_subtypes & subtypes):
        return False
    return True


def _statics(s: GameState, cache: dict) -> list:
    st = cache.get("_statics")
    if st is None:
        st = continuous._statics(s)
        cache["_statics"] = st
    return st


def count_permanents(s: GameState, flt: Any, controller: int, cache: dict, source: int | None = None,
                     exclude: int | None = None) -> int:
    statics = _statics(s, cache)
    return sum(1 for oid in s.battlefield if oid != exclude
               and layer4_match(s, flt, s.objects[oid], controller, cache, statics, source))


def card_matches(flt: Any, card: Any) -> bool:
    """A card in a hidden or public zone other than the battlefield, by its printed characteristics
    (plus changeling, 702.73a, which works in every zone)."""
    if flt is None:
        return True
    subtypes = card.subtypes | (continuous.creature_types() if "changeling" in card.keywords else frozenset())
    if flt.types and not (flt.types & card.types):
        return False
    if flt.non_types and (flt.non_types & card.types):
        return False
    if flt.subtypes and not (flt.subtypes & subtypes):
        return False
    if flt.colors and not (flt.colors & card.colors):
        return False
    if flt.non_colors and (flt.non_colors & card.colors):
        return False
    if getattr(flt, "basic", False) and "Basic" not in card.supertypes:
        return False
    if getattr(flt, "supertypes", None) and not flt.supertypes <= card.supertypes:
        return False
    return True


def _owner_side(o: Obj) -> int:
    """"You" of a characteristic-defining ability: the controller on the battlefield or the stack,
    the owner elsewhere (108.4a: cards in other zones have no controller; their owner is used)."""
    return o.controller if o.zone in (BATTLEFIELD, "stack") and o.controller is not None else o.owner


def cda_term(s: GameState, o: Obj, term: Any, cache: dict) -> tuple[int, bool]:
    """One "the number of ..." of a CDA (a templates.statics_counts.CdaTerm): the value and whether
    it can change without a new state version (hands, graveyards, tapped status)."""
    me = _owner_side(o)
    k = term.kind
    if k == "creator_counters":
        # the counters on the permanent that created the token; none once it has left the battlefield (400.7)
        creator = s.objects.get(term.obj) if term.obj is not None else None
        on = creator is not None and creator.zone == BATTLEFIELD
        return (creator.counters.get(term.counter_kind, 0) if on and creator is not None else 0), False
    if k == LIFE_PAID_EFFECT:  # "the life paid as it entered" (614.12; rules/entry_choices.py)
        return next((int(e.data) for e in s.effects if e.kind == LIFE_PAID_EFFECT and e.target == o.id), 0), False
    if k == "permanents":
        n = count_permanents(s, term.filter, me, cache, source=o.id)
        return n, term.filter.tapped is not None
    if k in ("hand", "graveyard", "exile"):
        players = [s.players[me]] if term.whose == "you" else (
            [pl for pl in s.players if pl.index != me] if term.whose == "opponents" else list(s.players))
        n = 0
        for pl in players:
            for c in pl.zone_list(k):
                if card_matches(term.filter, s.objects[c].card):
                    n += 1
        return n, True
    if k == "card_types_graveyards":
        # Tarmogoyf (205.2a card types; 205.3 subtypes aren't card types): among cards in all graveyards
        kinds: set[str] = set()
        for pl in s.players:
            if term.whose == "opponents" and pl.index == me:
                continue
            for c in pl.graveyard:
                kinds |= s.objects[c].card.types
        return len(kinds), True
    if k == "devotion":
        return devotion(s, me, term.colors), False  # 700.5: battlefield only (cache per state version)
    if k == "domain":
        # 305.6: basic land types among lands you control
        statics = _statics(s, cache)
        found: set[str] = set()
        for oid in s.battlefield:
            x = s.objects[oid]
            if x.controller != me:
                continue
            types, subtypes, _sup, _col, _lost = continuous._layer4(s, x, cache, statics)
            if "Land" in types:
                found |= subtypes & set(continuous.BASIC_LAND_TYPES)
        return len(found), False
    raise AssertionError(f"unknown CDA term {k}")


def cda_amount(s: GameState, o: Obj, amount: Any, cache: dict) -> tuple[int, bool]:
    total = amount.constant
    vol = False
    for term in amount.terms:
        n, v = cda_term(s, o, term, cache)
        total += n
        vol = vol or v
    return total * amount.multiplier, vol


def pt_cda(s: GameState, obj: Obj, card: Any, power: int | None, toughness: int | None,
           cache: dict) -> tuple[int | None, int | None, bool]:
    """613.4a (layer 7a): power and toughness set by the object's own characteristic-defining
    abilities, in every zone (604.3)."""
    vol = False
    for ab in card.abilities:
        if getattr(ab, "kind", "") != "cda_pt":
            continue
        n, v = cda_amount(s, obj, ab.cda_amount, cache)
        vol = vol or v
        if ab.sets_power:
            power = n
        if ab.sets_toughness:
            toughness = n + ab.toughness_plus
    return power, toughness, vol


registry.PT_CDA.append(pt_cda)


def devotion(s: GameState, p: int, colors: frozenset[str]) -> int:
    """700.5: the mana symbols among the mana costs of permanents `p` controls that are one of
    `colors` (a hybrid symbol counts once if it is any of them; 700.5a: mana costs as printed)."""
    n = 0
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller == p:
            n += sum(1 for pip in o.card.mana_cost.pips if colors.intersection(pip))
    return n


def _not_creature_unless_devotion(s: GameState, obj: Obj, types: frozenset[str], subtypes: frozenset[str],
                                  cache: dict) -> tuple[frozenset[str], frozenset[str]]:
    """613.1d (layer 4): "As long as your devotion to [color] is less than N, CARDNAME isn't a creature"."""
    for ab in obj.card.abilities:
        if getattr(ab, "kind", "") == "devotion_not_creature" and "Creature" in types:
            if devotion(s, obj.controller, ab.colors) < ab.amount:
                types = types - {"Creature"}
    return types, subtypes


registry.SELF_LAYER4.append(_not_creature_unless_devotion)
registry.SELF_LAYER4_KINDS.add("devotion_not_creature")


_ANIMATING: set[int] = set()  # the permanents whose own animation condition is being read


def _self_animated(s: GameState, obj: Obj, cache: dict) -> ConditionalSelfAnimation | None:
    """The permanent's "is a 5/5 Golem artifact creature as long as ..." ability whose condition holds
    now (611.3a), or None. The condition counts permanents by their layer-4 types: a permanent whose own
    condition is being read counts with its printed types (Rusted Relic is an artifact either way)."""
    for ab in obj.card.abilities:
        if isinstance(ab, ConditionalSelfAnimation) and ab.condition is not None and obj.id not in _ANIMATING:
            _ANIMATING.add(obj.id)
            try:
                ok, vol = continuous._condition(s, obj, ab.condition, cache, continuous._statics(s))
            finally:
                _ANIMATING.discard(obj.id)
            if vol:  # "during your turn": the turn changes without an invalidation, so nothing built on it is kept
                cache[continuous.SELF_ANIMATION_VOLATILE] = cache.get(continuous.SELF_ANIMATION_VOLATILE, 0) + 1
            if ok:
                return ab
    return None


def _self_animation_types(s: GameState, obj: Obj, types: frozenset[str], subtypes: frozenset[str],
                          cache: dict) -> tuple[frozenset[str], frozenset[str]]:
    """613.1d (layer 4): the card types and subtypes of "CARDNAME is a 5/5 Golem artifact creature as
    long as you control three or more artifacts" (Rusted Relic)."""
    ab = _self_animated(s, obj, cache)
    if ab is None or ab.animation is None:
        return types, subtypes
    return types | ab.animation.types, subtypes | ab.animation.subtypes


def _self_animation_pt(s: GameState, obj: Obj, cache: dict) -> tuple[int, int] | None:
    """613.4b (layer 7b): its base power and toughness while the condition holds."""
    ab = _self_animated(s, obj, cache)
    if ab is None or ab.animation is None:
        return None
    return ab.animation.power, ab.animation.toughness


registry.SELF_LAYER4.append(_self_animation_types)
registry.SELF_BASE_PT.append(_self_animation_pt)
registry.SELF_LAYER4_KINDS.add(SELF_ANIMATE)
