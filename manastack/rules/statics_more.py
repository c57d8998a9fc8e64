"""Engine side of cards/templates/statics_more.py: replacement effects that modify how a land
enters, characteristic-defining abilities for power and toughness, and rules-modifying statics.

- 614.12 / 614.1c-d: "CARDNAME enters tapped unless [condition]" (the condition is checked as the
  permanent would enter: 614.12 looks at it as it would exist on the battlefield; it is not on the
  battlefield yet, so "other lands" never counts it), "As CARDNAME enters, you may pay N life. If
  you don't, it enters tapped" (119.4: life can be paid only if the life total is at least the
  amount), "As CARDNAME enters, you may reveal a [quality] card from your hand. If you don't, it
  enters tapped" (614.12a: the choice is made before it enters; 701.16a reveal).
- 604.3 / 208.2a / 613.4a (layer 7a): "CARDNAME's power and toughness are each equal to ...",
  "CARDNAME's power is equal to ..." work in every zone. The count reads the layer-4/5
  characteristics of permanents (types, subtypes, supertypes, colors), which never depend on
  power or toughness, so two such creatures never wait on each other (613.8 has no loop here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.state import BATTLEFIELD
from ..lazy import lazy_module
from . import continuous, sba, turn
from . import stack as stack_module
from .stack import ETB_REPLACEMENTS, choose

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.state import GameState, Obj

# Modules reached across an import cycle (manastack/lazy.py).
_triggers_module = lazy_module("manastack.rules.triggers", globals(), "_triggers_module")


# ----------------------------------------------------------------------------- object qualities


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
    if flt.max_mana_value is not None and o.card.mana_cost.mana_value > flt.max_mana_value:
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


# ----------------------------------------------------------------------------- entering tapped


def condition_holds(g: Game, o: Obj, cond: Any) -> bool:
    """The condition of "enters tapped unless ..." for permanent `o`, about to enter under
    `o.controller` (`cond` is a templates.statics_more.EntryCondition)."""
    s = g.s
    me = o.controller
    k = cond.kind
    if k == "control":
        n = count_permanents(s, cond.filter, me, g._cache, source=o.id, exclude=o.id)
        return n <= cond.n if cond.at_most else n >= cond.n
    if k == "control_any":
        # "a Plains or an Island": one permanent matching any of the alternatives
        statics = _statics(s, g._cache)
        return any(layer4_match(s, f, s.objects[oid], me, g._cache, statics, o.id)
                   for oid in s.battlefield if oid != o.id for f in cond.alternatives)
    if k == "opponents_control":
        n = count_permanents(s, cond.filter, me, g._cache, exclude=o.id)
        return n >= cond.n
    if k == "player_life_le":
        return any(pl.life <= cond.n for pl in s.players if not pl.lost)
    if k == "opponents":
        # 102.2 / 102.3: in a two-player game each player has exactly one opponent.
        return sum(1 for pl in s.players if pl.index != me and not pl.lost) >= cond.n
    if k == "your_turn":
        return s.active == me
    raise AssertionError(f"unknown entry condition {k}")


def _etb_tapped_unless(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.1d / 614.12: "CARDNAME enters tapped unless ..." (and "If ..., CARDNAME enters tapped")."""
    holds = condition_holds(g, o, ab.condition)
    if holds == ab.tapped_if:
        o.tapped = True
        g.log_event("enters_tapped", "614.1d", card=o.card.name, reason=ab.text)


def _etb_pay_life(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12 / 614.12a: "As CARDNAME enters, you may pay N life. If you don't, it enters tapped."
    119.4: a player can pay life only if their life total is at least the amount."""
    p = o.controller
    pl = g.s.players[p]
    n = int(ab.amount)
    options = [True, False] if pl.life >= n else [False]
    paid = choose(g, p, "pay_life", options, f"614.12: as {o.card.name} enters, pay {n} life (true) or "
                                              f"it enters tapped (false)")
    if paid is True and pl.life >= n:
        g.set_life(p, -n, "119.4", source=o.card.name)
        g.log_event("pay_life", "119.4", player=pl.name, amount=n, card=o.card.name)
    else:
        o.tapped = True
        g.log_event("enters_tapped", "614.12", card=o.card.name, reason="life not paid")


def _etb_reveal(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12a: "As CARDNAME enters, you may reveal a [quality] card from your hand. If you don't,
    CARDNAME enters tapped." (701.16a: the revealed card stays in the hand.)"""
    s = g.s
    p = o.controller
    pl = s.players[p]
    cands = [c for c in pl.hand if c != o.id and card_matches(ab.filter, s.objects[c].card)]
    revealed = None
    if cands:
        prompt = f"614.12: as {o.card.name} enters, reveal a card from your hand (true, then the card) or not (false)"
        if choose(g, p, "may", [True, False], prompt) is True:
            revealed = choose(g, p, "reveal", cands, f"{o.card.name}: the card to reveal")
    if revealed in cands:
        g.log_event("reveal", "701.16a", player=pl.name, card=s.objects[revealed].card.name, source=o.card.name)
    else:
        o.tapped = True
        g.log_event("enters_tapped", "614.12", card=o.card.name, reason="no card revealed")


ETB_REPLACEMENTS["etb_tapped_unless"] = _etb_tapped_unless
ETB_REPLACEMENTS["etb_pay_life_or_tapped"] = _etb_pay_life
ETB_REPLACEMENTS["etb_reveal_or_tapped"] = _etb_reveal


# ----------------------------------------------------------------------------- power/toughness CDAs


def _owner_side(o: Obj) -> int:
    """"You" of a characteristic-defining ability: the controller on the battlefield or the stack,
    the owner elsewhere (108.4a: cards in other zones have no controller; their owner is used)."""
    return o.controller if o.zone in (BATTLEFIELD, "stack") and o.controller is not None else o.owner


def cda_term(s: GameState, o: Obj, term: Any, cache: dict) -> tuple[int, bool]:
    """One "the number of ..." of a CDA (a templates.statics_more.CdaTerm): the value and whether
    it can change without a new state version (hands, graveyards, tapped status)."""
    me = _owner_side(o)
    k = term.kind
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


continuous.PT_CDA.append(pt_cda)


# ----------------------------------------------------------------------------- hand size, land plays


def _statics_of(g: Game, p: int, kind: str):
    """Static abilities of kind `kind` of permanents `p` controls (after layer-6 ability changes)."""
    for o, ab in g.statics_of_kind(kind):
        if o.controller == p and o.zone == BATTLEFIELD:
            yield o, ab


def _hand_size(g: Game, p: int, limit: int | None) -> int | None:
    """402.2: "You have no maximum hand size"."""
    for _o, _ab in _statics_of(g, p, "no_max_hand_size"):
        return None
    return limit


def _land_plays(g: Game, p: int) -> int:
    """305.2: "You may play an additional land on each of your turns" (each instance adds one;
    "two additional lands" adds two)."""
    return sum(int(ab.amount) for _o, ab in _statics_of(g, p, "extra_land_plays"))


turn.HAND_SIZE.append(_hand_size)
stack_module.LAND_PLAYS.append(_land_plays)


# ----------------------------------------------------------------------------- layer 2: "You control enchanted creature"

_BASE = "static_control_base"  # ContinuousEffect kind: the host's controller before any such effect
_EXT = "static_control_ext"  # a later control change that left no record of its own (a permanent GainControl)


def _control_timeline(g: Game, host: Obj, auras: list[Obj]) -> int | None:
    """613.1b / 613.7: the controller after applying, in timestamp order, the control-changing
    effects that apply to `host`: the static abilities of `auras` (each with its Aura's
    timestamp), "until end of turn" control effects (kind "control") and recorded later changes.
    None when nothing applies."""
    timeline: list[tuple[int, int]] = [(a.timestamp, a.controller) for a in auras]
    for e in g.s.effects:
        if e.target == host.id and e.kind in ("control", _EXT):
            timeline.append((e.timestamp, e.controller))
    if not timeline:
        return None
    return max(timeline)[1]


def refresh_static_control(g: Game) -> bool:
    """613.1b: apply "You control enchanted [permanent]" (the Aura's controller controls the object
    it's attached to while it's attached, 303.4e), checked before state-based actions.
    When the effect ends, the permanent returns to the controller it would have without it.
    302.6: the permanent's new controller hasn't controlled it continuously since their turn began;
    506.4: it's removed from combat. Bookkeeping per permanent: a _BASE record (`controller`: the
    controller without these effects, `data`: the controller this function last gave it).
    Returns whether a controller changed."""
    s = g.s
    by_host: dict[int, list[Obj]] = {}
    for a, _ab in g.statics_of_kind("control_enchanted"):
        if a.zone != BATTLEFIELD or a.attached_to is None or a.attached_to not in s.objects:
            continue
        host = s.objects[a.attached_to]
        if host.zone == BATTLEFIELD and not a.id == host.id and a not in by_host.get(host.id, ()):
            by_host.setdefault(host.id, []).append(a)
    bases = {e.target: e for e in s.effects if e.kind == _BASE} if s.effects else {}
    if not by_host and not bases:
        return False
    from ..game.state import ContinuousEffect
    changed = False
    for hid in sorted(set(by_host) | set(bases)):
        host = s.objects.get(hid)
        auras = by_host.get(hid, [])
        base = bases.get(hid)
        s.effects = [e for e in s.effects if not (e.target == hid and e.kind == _BASE)]
        if host is None or host.zone != BATTLEFIELD:
            s.effects = [e for e in s.effects if not (e.target == hid and e.kind == _EXT)]
            continue
        base_controller = host.controller if base is None else base.controller
        if base is not None and host.controller != base.data and host.controller != _control_timeline(g, host, auras):
            # A control change this module didn't make (a permanent "gain control" effect): it is
            # newer than every effect applied so far (613.7).
            s.effects.append(ContinuousEffect(_EXT, hid, controller=host.controller, timestamp=s.next_timestamp,
                                              until="static"))
            s.next_timestamp += 1
        want = _control_timeline(g, host, auras)
        if want is None:
            want = base_controller
        if auras:
            s.effects.append(ContinuousEffect(_BASE, hid, controller=base_controller, until="static", data=want))
        else:
            # No such effect applies any more: the permanent keeps the result; forget the bookkeeping.
            s.effects = [e for e in s.effects if not (e.target == hid and e.kind == _EXT)]
        if host.controller != want:
            old = host.controller
            host.controller = want
            host.sick = True  # 302.6
            if s.combat is not None:
                from .combat import remove_from_combat
                remove_from_combat(g, hid)  # 506.4
            changed = True
            g.log_event("control_change", "613.1b", card=host.card.name, id=hid, player=s.players[want].name,
                        previous=s.players[old].name)
    if changed:
        g.invalidate()
    return changed


sba.PRE_CHECK.append(refresh_static_control)


# ----------------------------------------------------------------------------- protection qualities


def protection_quality(q: str, source: Any) -> bool:
    """702.16a: whether a source with characteristics `source` has quality `q` (as compiled by
    templates.statics_more: "type:Artifact", "subtype:Goblin", "everything" (702.16j),
    "monocolored", "colorless"). Color qualities are checked by stack.protected_from."""
    if q.startswith("type:"):
        return q[5:] in source.types
    if q.startswith("subtype:"):
        return q[8:] in source.subtypes
    if q == "everything":
        return True
    if q == "monocolored":
        return len(source.colors) == 1
    if q == "colorless":
        return not source.colors
    return False


stack_module.PROTECTION_QUALITIES.append(protection_quality)


# ----------------------------------------------------------------------------- "gains protection ... until end of turn"

_COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def grant_protection(g: Game, oid: int, qualities: tuple[str, ...], controller: int, source: str) -> None:
    """613.1f (layer 6): `oid` gains protection from `qualities` until end of turn (514.2), as a
    combat_keywords.GRANT continuous effect."""
    from ..game.state import ContinuousEffect
    from .combat_keywords import GRANT
    s = g.s
    s.effects.append(ContinuousEffect(GRANT, oid, timestamp=s.next_timestamp, controller=controller,
                                      data=((), tuple(qualities))))
    s.next_timestamp += 1
    g.invalidate()
    g.log_event("gains_protection", "702.16a", card=g.name_of(oid), qualities=list(qualities), source=source)


def _gain_protection(g: Game, ctx: Any, e: Any) -> list | None:
    from . import effects as E
    oid = E.target_object(g, ctx, e.target)
    if oid is None:
        return None
    if not e.color_choice:
        grant_protection(g, oid, e.qualities, ctx.controller, ctx.name)
        return None
    # 608.2c: the color is chosen as the effect resolves, by the ability's controller ("of your
    # choice") or the object's controller ("of its controller's choice").
    chooser = g.s.objects[oid].controller if e.color_choice == "its_controller" else ctx.controller
    return [E._choice("protection_color", chooser, tuple(_COLOR_WORD),
                      f"{ctx.name}: choose a color ({g.name_of(oid)} gains protection from it until end of turn)",
                      (oid, e.qualities, ctx.controller, ctx.name))]


def _color_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(c) for c in d.data]


def _answer_color(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    from .mana import is_color
    if not is_color(value) or value not in d.data:
        raise IllegalActionError(f"{d.prompt}: answer one color, W, U, B, R or G (106.1), not {value!r}")
    letter = value
    s = g.s
    oid, qualities, controller, name = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    g.log_event("choose_color", "608.2c", player=s.players[d.player].name, color=letter, source=name)
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        grant_protection(g, oid, tuple(qualities) + (_COLOR_WORD[letter],), controller, name)


def register_protection_effect(cls: type) -> None:
    from . import effects as E
    E.register_effect(cls, _gain_protection)
    E.CHOICES["protection_color"] = (_color_actions, _answer_color)


# ----------------------------------------------------------------------------- 702.16n "this effect doesn't remove"


def _has_quality(q: str, source: Any) -> bool:
    """Whether a source with characteristics `source` has protection quality `q` (stack.protected_from
    for one quality)."""
    from ..cards.compiler import COLOR_WORDS
    if q == "multicolored":
        return len(source.colors) > 1
    if q in COLOR_WORDS:
        return COLOR_WORDS[q] in source.colors
    return protection_quality(q, source)


def aura_kept(g: Game, aura: Obj, host: Obj, aura_chars: Any) -> bool:
    """702.16n: protection the Aura's own "... This effect doesn't remove CARDNAME" ability gives
    doesn't put that Aura into the graveyard; protection from any other source still does."""
    exempt: list[str] = []
    for ab in aura_chars.abilities:
        if getattr(ab, "keeps_source", False):
            exempt.extend(_COLOR_WORD.get(aura.chosen_color or "", "") if q == "chosen_color" else q
                          for q in ab.protection)
    if not exempt:
        return False
    remaining = list(g.chars(host).protection)
    for q in exempt:
        if q in remaining:
            remaining.remove(q)  # one instance: the same quality from another source still counts
    return not any(_has_quality(q, aura_chars) for q in remaining)


sba.AURA_KEPT.append(aura_kept)


# ----------------------------------------------------------------------------- "choose a creature type"

CHOSEN_TYPE = "chosen_type"  # ContinuousEffect kind: `data` is the creature type chosen as `target` entered


def chosen_type(s: GameState, oid: int) -> str | None:
    for e in s.effects:
        if e.kind == CHOSEN_TYPE and e.target == oid:
            return e.data
    return None


def _type_options(g: Game, p: int) -> list[str]:
    """Every creature type (205.3m); the default first: the most common one among the player's
    creature cards (for players without a way to answer, see stack.choose)."""
    from collections import Counter
    s = g.s
    counts: Counter = Counter()
    pl = s.players[p]
    for oid in list(pl.hand) + list(pl.library) + list(pl.graveyard) + [x.id for x in g.permanents(p)]:
        card = s.objects[oid].card
        if "Creature" in card.types:
            counts.update(t for t in card.subtypes if t in continuous.creature_types())
    return sorted(continuous.creature_types(), key=lambda t: (-counts[t], t))


def _etb_choose_type(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12 / 614.12a: "As CARDNAME enters, choose a creature type" (a choice made before it
    enters). "CARDNAME is the chosen type in addition to its other types" (613.1d, layer 4) is
    recorded with it."""
    from ..game.state import ContinuousEffect
    s = g.s
    t = choices.get("creature_type") or choose(g, o.controller, "creature_type", _type_options(g, o.controller),
                                               f"614.12: as {o.card.name} enters, choose a creature type")
    s.effects.append(ContinuousEffect(CHOSEN_TYPE, o.id, controller=o.controller, until="static", data=t))
    if any(getattr(a, "kind", "") == "self_chosen_type" for a in o.card.abilities):
        s.effects.append(ContinuousEffect("add_subtypes", o.id, controller=o.controller, until="static",
                                          data=frozenset({t})))
    g.log_event("choose_type", "614.12", card=o.card.name, player=s.players[o.controller].name, type=t)


def _of_chosen_type(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                    colors: frozenset[str]) -> bool:
    """"Creatures of the chosen type": the type chosen as the source entered (none chosen: none)."""
    if not getattr(ab, "of_chosen_type", False):
        return True
    t = chosen_type(s, src.id)
    return t is not None and t in subtypes


def _forget_choices(g: Game) -> bool:
    """A permanent that left the battlefield is a new object (400.7): its choices are gone."""
    s = g.s
    if s.effects and any(e.kind in (CHOSEN_TYPE, "add_subtypes") and (
            e.target not in s.objects or s.objects[e.target].zone != BATTLEFIELD) for e in s.effects):
        s.effects = [e for e in s.effects if not (e.kind in (CHOSEN_TYPE, "add_subtypes") and (
            e.target not in s.objects or s.objects[e.target].zone != BATTLEFIELD))]
    return False


ETB_REPLACEMENTS["etb_choose_type"] = _etb_choose_type
continuous.GROUP_FILTERS.append(_of_chosen_type)
sba.PRE_CHECK.append(_forget_choices)


# ----------------------------------------------------------------------------- devotion (700.5)


def devotion(s: GameState, p: int, colors: frozenset[str]) -> int:
    """700.5: the mana symbols among the mana costs of permanents `p` controls that are one of
    `colors` (a hybrid symbol counts once if it is any of them; 700.5a: mana costs as printed)."""
    n = 0
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller == p:
            n += sum(1 for pip in o.card.mana_cost.pips if colors.intersection(pip))
    return n


def _not_creature_unless_devotion(s: GameState, obj: Obj, types: frozenset[str]) -> frozenset[str]:
    """613.1d (layer 4): "As long as your devotion to [color] is less than N, CARDNAME isn't a creature"."""
    for ab in obj.card.abilities:
        if getattr(ab, "kind", "") == "devotion_not_creature" and "Creature" in types:
            if devotion(s, obj.controller, ab.colors) < ab.amount:
                types = types - {"Creature"}
    return types


continuous.SELF_LAYER4.append(_not_creature_unless_devotion)
continuous.SELF_LAYER4_KINDS.add("devotion_not_creature")


# ----------------------------------------------------------------------------- Auras attached to players (702.5d)


def enchanted_player(aura: Obj) -> int | None:
    """The player an Aura is attached to (303.4b), or None."""
    from ..game.state import ref_player
    return ref_player(aura.attached_to) if aura.attached_to is not None and aura.attached_to < 0 else None


def aura_player_legal(g: Game, aura: Obj, chars: Any) -> bool:
    """303.4c / 702.5d: an Aura attached to a player stays only while its enchant ability allows
    that player ("Enchant opponent": an opponent of the Aura's controller) and the player is in the
    game; an Aura that can enchant only permanents can't enchant a player."""
    p = enchanted_player(aura)
    if p is None or p >= len(g.s.players) or g.s.players[p].lost:
        return False
    kinds = [getattr(ab, "target_kind", "permanent") for ab in chars.abilities if getattr(ab, "kind", "") == "enchant"]
    if not kinds or any(k not in ("player", "opponent") for k in kinds):
        return False
    return not ("opponent" in kinds and p == aura.controller)


def _upkeep_of_enchanted_player(g: Game, event: str) -> None:
    """503.1a: "At the beginning of enchanted player's upkeep" triggers in the upkeep of the player
    the Aura is attached to; "that player" is that player."""
    if event != "upkeep":
        return
    triggers = _triggers_module
    s = g.s
    for w, ab in triggers._watchers(g, ("upkeep_enchanted_player",)):
        if enchanted_player(w) == s.active:
            triggers._add(g, w.controller, w.id, ab, None, w.card.name, event_obj=-1 - s.active)


def _of_enchanted_player(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                         colors: frozenset[str]) -> bool:
    """"Creatures enchanted player controls": permanents controlled by the player the source is
    attached to."""
    if not getattr(ab, "of_enchanted_player", False):
        return True
    return enchanted_player(src) == obj.controller


def _register_auras_on_players() -> None:
    from . import triggers
    sba.AURA_ON_PLAYER.append(aura_player_legal)
    triggers.STEP_HOOKS.append(_upkeep_of_enchanted_player)
    continuous.GROUP_FILTERS.append(_of_enchanted_player)


_register_auras_on_players()


# ----------------------------------------------------------------------------- 702.124j "Partner with [name]"


def _partner_search(g: Game, ctx: Any, e: Any) -> list | None:
    """702.124j: "When this permanent enters, target player may search their library for a card
    named [name], reveal it, put it into their hand, then shuffle." First whether they search (a
    player who doesn't search doesn't shuffle), then the card (701.19b: they may find nothing)."""
    from . import effects as E
    players = E.resolve_who(g, ctx, e.who)
    if not players:
        return None
    p = players[0]
    return [E._choice("partner_may", p, (True, False),
                      f"702.124j: {g.s.players[p].name}, search your library for a card named {e.card_name} "
                      f"(true) or not (false)?", (p, e.card_name, ctx.name))]


def _may_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(True), A.Choose(False)]


def _answer_partner_may(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    item = s.queue[0]
    p, name, source = item[5]
    s.pending = None
    if not value:
        s.queue.pop(0)
        return
    g.log_event("search", "701.19a", player=s.players[p].name, source=source)
    cands = tuple(c for c in s.players[p].library if s.objects[c].card.name.lower() == name.lower())
    s.queue[0] = ("choice", "partner_find", p, cands,
                  f"701.19: the card named {name} ({len(cands)} in the library) or false to find nothing", item[5])


def _find_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_partner_find(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    from ..game.state import HAND
    s = g.s
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    p, name, source = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    if value is not False:
        g.log_event("reveal", "701.16a", player=s.players[p].name, card=name, source=source)
        g.move(value, HAND, rule="701.19a")
    s.rng.shuffle(s.players[p].library)  # 701.20a
    g.log_event("shuffle", "701.20a", player=s.players[p].name)


def register_partner_effect(cls: type) -> None:
    from . import effects as E
    E.register_effect(cls, _partner_search)
    E.CHOICES["partner_may"] = (_may_actions, _answer_partner_may)
    E.CHOICES["partner_find"] = (_find_actions, _answer_partner_find)


# ----------------------------------------------------------------------------- more rules-modifying statics


def _others_enter_tapped(g: Game, o: Obj, choices: dict) -> None:
    """614.12: "Creatures your opponents control enter tapped" (a replacement effect of another
    permanent; the entering object is looked at as it would exist on the battlefield)."""
    c = None
    for src, ab in g.statics_of_kind("others_enter_tapped"):
        if src.id == o.id or src.zone != BATTLEFIELD or src.id not in g.s.objects:
            continue
        c = c or g.chars(o)
        flt = ab.filter
        if flt.types and not (flt.types & c.types):
            continue
        if flt.controller == "opponent" and o.controller == src.controller:
            continue
        if flt.controller == "you" and o.controller != src.controller:
            continue
        if getattr(flt, "nonbasic_lands", False) and "Land" in c.types and "Creature" not in c.types \
                and "Basic" in c.supertypes:
            continue
        if flt.nonbasic and "Basic" in c.supertypes:
            continue
        o.tapped = True
        g.log_event("enters_tapped", "614.12", card=o.card.name, reason=f"{src.card.name}: {ab.text}")
        return


def _untap_during_others(g: Game) -> None:
    """502.3: "Untap CARDNAME during each other player's untap step" — in the active player's untap
    step, the other players' permanents with it untap too."""
    triggers = _triggers_module
    s = g.s
    for oid in list(s.battlefield):
        o = s.objects[oid]
        if o.controller == s.active or not o.tapped:
            continue
        if any(getattr(ab, "kind", "") == "untap_during_others" for ab in g.chars(o).abilities):
            o.tapped = False
            g.log_event("untap", "502.3", card=o.card.name, reason="untaps during each other player's untap step")
            triggers.tapped_changed(g, o, False)


def _extra_land_this_turn(g: Game, ctx: Any, e: Any) -> list | None:
    """305.2: "You may play an additional land this turn" (until the cleanup step, 514.2)."""
    from ..game.state import ContinuousEffect
    s = g.s
    s.effects.append(ContinuousEffect("extra_land_play", None, controller=ctx.controller, timestamp=s.next_timestamp))
    s.next_timestamp += 1
    g.log_event("extra_land_play", "305.2", player=s.players[ctx.controller].name, source=ctx.name)
    return None


def _land_plays_this_turn(g: Game, p: int) -> int:
    return sum(1 for e in g.s.effects if e.kind == "extra_land_play" and e.controller == p)


def _of_chosen_color(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                     colors: frozenset[str]) -> bool:
    """"Creatures you control of the chosen color": the color chosen as the source entered."""
    if not getattr(ab, "of_chosen_color", False):
        return True
    return src.chosen_color is not None and src.chosen_color in colors


def register_more(extra_land_cls: type) -> None:
    from . import effects as E
    E.register_effect(extra_land_cls, _extra_land_this_turn)


stack_module.ETB_FROM_OTHERS.append(_others_enter_tapped)
turn.BEFORE_UNTAP_HOOKS.append(_untap_during_others)
stack_module.LAND_PLAYS.append(_land_plays_this_turn)
continuous.GROUP_FILTERS.append(_of_chosen_color)
