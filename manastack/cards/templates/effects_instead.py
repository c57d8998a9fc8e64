"""Effects that depend on a condition checked as they resolve (608.2c); executed by
rules/referred_objects.py (InsteadIf, IfTargetMatches).

- "[effect] instead if [condition]" after the effect it replaces, in the same paragraph ("It deals 5 damage
  instead if you control a Spacecraft") or, for an instant or sorcery, in a paragraph of its own behind an
  ability word ("Metalcraft — CARDNAME deals 4 damage instead if you control three or more artifacts",
  "Morbid — ...", "Revolt — ..."): the replacing effect is of the same kind as the one it replaces and
  refers to the same targets ("that creature"); "CARDNAME deals N damage instead" keeps its target. The
  condition is one an intervening "if" may have (templates/conditions.py: this turn's history, what you
  control, the conditions of static abilities), read for the source's controller.
- "If that land is a Forest, put two +1/+1 counters on CARDNAME instead" (landfall: the land that entered).
- "If that creature (the target) / equipped creature / CARDNAME is a Human, put two +1/+1 counters on it
  instead" (IfTargetMatches with `otherwise`: the object's quality as it resolves).
- "[Then ]if [condition], [effect]" (Hour of Promise, Psychic Whorl): the same conditions, checked as it resolves.
- "Destroy target creature if it has mana value 2 or less" (Fatal Push): the target is any creature; the
  mana value is checked as the effect happens.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.cast_origin import EnteredFrom
from ...model.vocab.conditions import EventObjectMatches
from ...model.vocab.keyword_costs import IfKicked
from ...model.vocab.referred_objects import SACRIFICED, IfStatAtLeast, IfTargetMatches, InsteadIf, ObjectStat
from ...model.vocab.statics import OnAttached
from ..compiler import (
    CARD_CHECKS,
    EFFECTS_CHECKS,
    PARAGRAPH_TEMPLATES,
    SENTENCE_TEMPLATES,
    Unsupported,
    first_template,
    later_template,
    paragraph_template,
    parse_effects,
    split_sentences,
)
from ..draft import CardDraft
from .conditions import _intervening
from .effects_common import N, amount, parse_filter, sub_effects, target, template


@dataclasses.dataclass(frozen=True, slots=True)
class _Instead:
    """An "instead if" sentence waiting for the effect before it (never left in a compiled ability)."""

    condition: object
    effect: V.Effect | None  # the replacing effect, or None for "deals N damage instead" / "create N of those tokens"
    damage: V.Amount | None = None
    tokens: V.Amount | None = None  # "create five of those tokens instead": the same token, that many


_SPELL_KICKED = "kicked"  # 702.33d: "if CARDNAME was kicked" (IfKicked with `otherwise`, not a condition)


def _instead(clause: str, cond_text: str, targets: list) -> _Instead:
    condition = _SPELL_KICKED if cond_text in ("cardname was kicked", "it was kicked") else _intervening(cond_text, "")
    m = re.fullmatch(rf"(?:cardname|it) deals {N} damage(?: to (?:that creature|that permanent|that target|it))?", clause)
    if m:
        return _Instead(condition, None, amount(m.group(1)))
    m = re.fullmatch(rf"create {N} of those tokens", clause)
    if m:
        return _Instead(condition, None, tokens=amount(m.group(1)))
    n = len(targets)
    effects = sub_effects(clause, targets)
    if len(targets) != n or len(effects) != 1:
        del targets[n:]
        raise Unsupported(clause)  # a new target, or several effects: not a replacement of the one before
    return _Instead(condition, effects[0])


def _replacing(pending: _Instead, prev: object) -> V.Effect:
    if pending.tokens is not None:
        if type(prev) is not V.CreateToken:
            raise Unsupported("create those tokens instead")
        new: V.Effect = dataclasses.replace(prev, amount=pending.tokens)
    elif pending.effect is None:
        if not isinstance(prev, V.DealDamage):
            raise Unsupported("deals damage instead")
        new = dataclasses.replace(prev, amount=pending.damage)
    elif type(pending.effect) is type(prev):
        new = pending.effect
    else:
        raise Unsupported("instead: not the same kind of effect")
    assert isinstance(prev, V.Effect)
    if pending.condition == _SPELL_KICKED:
        return IfKicked((new,), (prev,))
    return InsteadIf(pending.condition, (new,), (prev,))


_RX = re.compile(r"(.+) instead if (.+)")


def _instead_sentence(m: re.Match, targets: list) -> list:
    """First in line: "... instead if ..." is never meant for the general templates (which would read
    "cardname deals 4 damage instead if ..." as something else or refuse it)."""
    return [_instead(m.group(1), m.group(2), targets)]


first_template(SENTENCE_TEMPLATES, (_RX, _instead_sentence))

_THAT_LAND_RX = re.compile(r"if that land is an? ([a-z]+), (.+) instead")


def _that_land_instead(m: re.Match, targets: list) -> list:
    """Landfall's "If that land is a Forest, put two +1/+1 counters on CARDNAME instead": the land that entered
    (the trigger's event object), its subtypes as the ability resolves."""
    flt = parse_filter(m.group(1))
    if not flt.subtypes and not flt.types:
        raise Unsupported(m.string)
    pending = _instead(m.group(2), "you control a land", targets)  # the clause; its condition is replaced
    return [dataclasses.replace(pending, condition=EventObjectMatches(flt))]


first_template(SENTENCE_TEMPLATES, (_THAT_LAND_RX, _that_land_instead))

_ENTERED_FROM_RX = re.compile(r"if it entered from your (library|graveyard)( or was cast from your \1)?, (.+) instead")


def _entered_from_instead(m: re.Match, targets: list) -> list:
    """608.2c: "When CARDNAME enters, draw a card. If it entered from your library or was cast from your library,
    draw two cards instead" (Fblthp, the Lost): "it" is the source (only in its own enters ability:
    _check_entered_from)."""
    pending = _instead(m.group(3), "you control a land", targets)  # the clause; its condition is the zone's
    return [dataclasses.replace(pending, condition=EnteredFrom(m.group(1), or_cast=bool(m.group(2))))]


first_template(SENTENCE_TEMPLATES, (_ENTERED_FROM_RX, _entered_from_instead))


def _check_entered_from(out: CardDraft, unsupported: list) -> None:
    """"If it entered from your library ...": only in "When CARDNAME enters" (where "it" is the source)."""
    for ab in out.abilities:
        uses = any(isinstance(e, InsteadIf) and isinstance(e.condition, EnteredFrom)
                   for e in getattr(ab, "effects", ()))
        if uses and not (isinstance(ab, V.TriggeredAbility) and ab.event == "etb"):
            unsupported.append(ab.text)
    if any(isinstance(e, InsteadIf) and isinstance(e.condition, EnteredFrom) for e in out.spell_effects):
        unsupported.append("if it entered from ...")


CARD_CHECKS.append(_check_entered_from)

_OBJECT_IS_RX = re.compile(r"if (that creature|equipped creature|enchanted creature|cardname) is an? ([a-z ,]+?), (.+) instead")


@dataclasses.dataclass(frozen=True, slots=True)
class _InsteadIfObject:
    """"If that creature is a Human, ... instead" waiting for the effect before it (never left in a compiled
    ability): `who` the object whose quality is checked as the ability resolves."""

    who: V.Who
    filter: V.ObjectFilter
    pending: _Instead


def _object_is_instead(m: re.Match, targets: list) -> list:
    """608.2c: "If that creature (the target) / equipped creature / CARDNAME is a Vampire, put two +1/+1
    counters on it instead": the object's subtypes as the ability resolves."""
    subject = m.group(1)
    flt = parse_filter(m.group(2))
    if not flt.subtypes and not flt.types or type(flt) is not V.ObjectFilter or flt.controller:
        raise Unsupported(m.string)
    who = target(subject, targets)
    if who == V.IT:
        raise Unsupported(m.string)  # "that creature" with no target before it
    clause = m.group(3)
    if subject in ("equipped creature", "enchanted creature"):
        clause = re.sub(r"\bit\b", subject, clause)  # "put two +1/+1 counters on it": on that creature
    pending = _instead(clause, "you control a land", targets)  # the clause; its condition is the object's
    return [_InsteadIfObject(who, flt, pending)]


first_template(SENTENCE_TEMPLATES, (_OBJECT_IS_RX, _object_is_instead))


_SACRIFICED_STAT_RX = re.compile(r"if the sacrificed (?:creature|artifact|permanent)'s (power|toughness|mana value) "
                                 r"was (\d+) or (greater|less), (.+) instead")


@dataclasses.dataclass(frozen=True, slots=True)
class _InsteadIfStat:
    """"If the sacrificed creature's toughness was 4 or greater, ... instead" waiting for the effect before it
    (never left in a compiled ability)."""

    stat: ObjectStat
    bound: int
    at_most: bool
    pending: _Instead


def _sacrificed_stat_instead(m: re.Match, targets: list) -> list:
    """608.2c, 608.2h: "If the sacrificed creature's toughness was 4 or greater, create two Food tokens instead"
    (Witch's Oven): the permanent sacrificed for the cost, as it last existed on the battlefield."""
    pending = _instead(m.group(4), "you control a land", targets)  # the clause; its condition is the stat's
    return [_InsteadIfStat(ObjectStat(SACRIFICED, m.group(1)), int(m.group(2)), m.group(3) == "less", pending)]


first_template(SENTENCE_TEMPLATES, (_SACRIFICED_STAT_RX, _sacrificed_stat_instead))


def _contains_pending(x: object) -> bool:
    if isinstance(x, (_Instead, _LeadingIf, _InsteadIfObject, _InsteadIfStat)):
        return True
    if isinstance(x, tuple):
        return any(_contains_pending(y) for y in x)
    if isinstance(x, V.Effect):
        return any(_contains_pending(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def _on_ref0(e: object) -> V.Effect:
    """An effect on "equipped creature" as OnAttached's inner effect reads it: ATTACHED becomes Ref(0)."""
    if isinstance(e, OnAttached) and len(e.effects) == 1:
        return e.effects[0]
    if not isinstance(e, V.Effect):
        raise Unsupported("instead")
    swaps = {f.name: V.Ref(0) for f in dataclasses.fields(e) if getattr(e, f.name) == V.ATTACHED}
    if not swaps:
        raise Unsupported("instead: not on the attached object")
    return dataclasses.replace(e, **swaps)


def _merge(effects: list, targets: list) -> None:
    """Each "instead if" sentence replaces the effect just before it in the same ability; one with nothing
    before it (or inside another effect) is refused (a spell's paragraph of its own: `_instead_paragraph`)."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], _Instead):
            if i == 0 or isinstance(effects[i - 1], _Instead):
                raise Unsupported("instead if")
            effects[i - 1:i + 1] = [_replacing(effects[i], effects[i - 1])]
            continue
        if isinstance(effects[i], _InsteadIfStat):
            st = effects[i]
            if i == 0 or _contains_pending(effects[i - 1]):
                raise Unsupported("if the sacrificed creature's ..., instead")
            replaced = _replacing(st.pending, effects[i - 1])
            effects[i - 1:i + 1] = [IfStatAtLeast(st.stat, st.bound, st.at_most, replaced.instead, replaced.otherwise)]
            continue
        if isinstance(effects[i], _InsteadIfObject):
            e = effects[i]
            if i == 0 or isinstance(effects[i - 1], (_Instead, _InsteadIfObject)):
                raise Unsupported("if ... is a ..., instead")
            prev, new = effects[i - 1], e.pending.effect
            if e.who == V.ATTACHED and isinstance(prev, OnAttached) and len(prev.effects) == 1:
                # "put a +1/+1 counter on equipped creature": the effect on the object the source is attached
                # to (Ref(0) inside OnAttached), the quality checked there too
                inner = _on_ref0(new)
                if type(prev.effects[0]) is not type(inner):
                    raise Unsupported("instead: not the same kind of effect")
                effects[i - 1:i + 1] = [OnAttached((IfTargetMatches(V.Ref(0), e.filter, (inner,), prev.effects),))]
                continue
            replaced = _replacing(e.pending, prev)
            effects[i - 1:i + 1] = [IfTargetMatches(e.who, e.filter, replaced.instead, replaced.otherwise)]
            continue
        i += 1
    for k, e in enumerate(effects):
        if isinstance(e, _LeadingIf):
            if k == 0:
                raise Unsupported("if")  # first: an intervening "if" of a trigger, or a spell's paragraph
            effects[k] = e.effect
    if any(_contains_pending(e) for e in effects):
        raise Unsupported("instead if")
    # "If you control ..., you may draw a card. If you do, discard a card": the "if you do" belongs inside the
    # conditional effect (608.2c: whether the player did is known only there; not doing it when the
    # condition fails).
    i = 1
    while i < len(effects):
        prev, e = effects[i - 1], effects[i]
        if isinstance(e, V.IfYouDo) and isinstance(prev, InsteadIf) and not prev.otherwise and prev.instead \
                and isinstance(prev.instead[-1], V.Optional):
            effects[i - 1:i + 1] = [dataclasses.replace(prev, instead=prev.instead + (e,))]
            continue
        i += 1


EFFECTS_CHECKS.append(_merge)


@paragraph_template(r"([^—]+) instead if ([^—]+)")  # not "Metalcraft — ...": the ability word first
def _instead_paragraph(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """An instant's or sorcery's "Metalcraft — CARDNAME deals 4 damage instead if ..." (the ability word
    already dropped): it replaces the last effect of the paragraphs before (608.2c)."""
    if not is_spell or not out.spell_effects or len(split_sentences(m.group(0))) != 1:
        raise Unsupported(para)
    pending = _instead(m.group(1), m.group(2), out.spell_targets)
    out.spell_effects[-1] = _replacing(pending, out.spell_effects[-1])


@template(r"(.+) if it has (?:mana value|converted mana cost) (\d+) or (less|greater)")
def _if_mana_value(m: re.Match, targets: list) -> list:
    """608.2c: "destroy target creature if it has mana value 2 or less" (any creature may be targeted)."""
    inner = sub_effects(m.group(1), targets)
    ref = target("it", targets)
    if not isinstance(ref, V.Ref) or len(inner) != 1:
        raise Unsupported(m.string)
    n = int(m.group(2))
    flt = V.ObjectFilter(max_mana_value=n) if m.group(3) == "less" else V.FilterPlus(min_mana_value=n)
    return [IfTargetMatches(ref, flt, tuple(inner))]


@dataclasses.dataclass(frozen=True, slots=True)
class _LeadingIf:
    """"If [condition], [effect]" as a sentence: never the first of a triggered ability's effects (there an "if"
    right after the trigger condition is an intervening "if", 603.4: templates/conditions.py) — `_merge`
    unwraps it after another effect, `_spell_if_paragraph` at the start of an instant's or sorcery's
    paragraph."""

    effect: InsteadIf


def _refers_to_it(x: object) -> bool:
    """Whether effects name V.IT (the source or the trigger's object: not what "that land" means after a
    search or another untargeted effect)."""
    if isinstance(x, str):
        return x == V.IT
    if isinstance(x, tuple):
        return any(_refers_to_it(y) for y in x)
    if isinstance(x, V.Effect):
        return any(_refers_to_it(getattr(x, f.name)) for f in dataclasses.fields(x) if f.name not in ("prompt", "text"))
    return False


def if_effect(cond_text: str, text: str, targets: list) -> InsteadIf:
    """608.2c: "if [condition], [effect]" as an effect (the condition of an intervening "if")."""
    return _if_effect(cond_text, text, targets)


def _if_effect(cond_text: str, text: str, targets: list) -> InsteadIf:
    if re.match(r"(?:it|its|it's|that|they|their|those|the|a|an|this)\b", cond_text):
        raise Unsupported(cond_text)  # about an object of the effect, not the source's controller
    condition = _intervening(cond_text, "")
    n = len(targets)
    inner = sub_effects(text, targets)
    if any(isinstance(e, V.AddMana) for e in inner) or _refers_to_it(tuple(inner)):
        del targets[n:]
        raise Unsupported(text)  # 605.1a: no mana inside a conditional effect; "it" unsettled
    return InsteadIf(condition, tuple(inner), ())


@template(r"(?:then )?if (.+?), (.+)")
def _if_condition(m: re.Match, targets: list) -> list:
    """608.2c: "[Then ]if you control three or more Deserts, create two 2/2 black Zombie creature tokens": the
    condition is one an intervening "if" may have, read as the effect happens. "If you're the monarch, create a
    4/4 white Angel creature token with flying instead" is "[effect] instead if [condition]" written the other
    way: it replaces the effect before it (`_merge`)."""
    clause = re.fullmatch(r"(.+) instead", m.group(2))
    if clause and not m.string.startswith("then "):
        if m.group(1) != "it was kicked" and re.match(r"(?:it|its|it's|that|they|their|those|the|a|an|this)\b", m.group(1)):
            raise Unsupported(m.string)  # about an object of the effect, not the source's controller
        return [_instead(clause.group(1), m.group(1), targets)]
    return [_LeadingIf(_if_effect(m.group(1), m.group(2), targets))]


@paragraph_template(r"if ([^,—]+), ([^—]+)")
def _spell_if_paragraph(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """An instant's or sorcery's paragraph opening with "If [condition], ..." ("Ferocious — If you control a
    creature with power 4 or greater, you may draw a card. If you do, discard a card.", the ability word
    already dropped). Anything else opening with "if" gets the spell's usual reading."""
    if not is_spell:
        _next_paragraph_template(m, para, out, is_spell)  # "If CARDNAME is in your opening hand, ...", ...
        return
    targets = out.spell_targets
    n = len(targets)
    text = m.group(0)
    lead = re.fullmatch(r"if ([^,]+), ((?:cardname|it) deals \S+ damage|create \S+ of those tokens) instead", text.rstrip("."))
    if lead and out.spell_effects:
        # "Spell mastery — If there are two or more instant and/or sorcery cards in your graveyard, CARDNAME
        # deals 3 damage instead" (Fiery Impulse), "Fateful hour — If you have 5 or less life, create five of
        # those tokens instead" (Gather the Townsfolk): "[effect] instead if [condition]" written the other way
        pending = _instead(lead.group(2), lead.group(1), targets)
        out.spell_effects[-1] = _replacing(pending, out.spell_effects[-1])
        return
    both = re.fullmatch(rf"if ([^,]+), cardname deals {N} damage to that player or planeswalker and {N} damage to "
                        r"that creature instead", text.rstrip("."))
    prev = out.spell_effects[-2:]
    if both and len(prev) == 2 and all(isinstance(e, V.DealDamage) and isinstance(e.to, V.Ref) for e in prev) \
            and len(out.spell_effects) == 2:
        # Searing Blaze's landfall: both damage effects of the sentence before, with the new amounts
        condition = _intervening(both.group(1), "")
        new = (dataclasses.replace(prev[0], amount=amount(both.group(2))),
               dataclasses.replace(prev[1], amount=amount(both.group(3))))
        out.spell_effects[-2:] = [InsteadIf(condition, new, tuple(prev))]
        return
    try:
        first, *rest = split_sentences(text)
        fm = re.fullmatch(r"if (.+?), (.+)", first.rstrip("."))
        if fm is None:
            raise Unsupported(para)
        effects: list = [_if_effect(fm.group(1), fm.group(2), targets)]
        if rest:
            effects.extend(parse_effects(" ".join(rest), targets))
        _merge(effects, targets)
    except Unsupported:
        del targets[n:]
        _next_paragraph_template(m, para, out, is_spell)  # "if it's your turn, ...": the other readings
        return
    out.spell_effects.extend(effects)


def _next_paragraph_template(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """The paragraph as if `_spell_if_paragraph` had not matched it: the later paragraph templates, then an
    instant's or sorcery's effects (compiler.compile_paragraph's fallback; nothing else there opens with "if")."""
    later = later_template(PARAGRAPH_TEMPLATES, _spell_if_paragraph, m.string)
    if later is not None:
        later[0](later[1], para, out, is_spell)
        return
    if not is_spell:
        raise Unsupported(para)
    out.spell_effects.extend(parse_effects(m.string, out.spell_targets))
