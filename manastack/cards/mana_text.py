"""The Oracle text of mana abilities and of effects on mana (106, 605, 614): what the compiler and the
templates make of "Add ..." (model/vocab.py ManaProduction, ManaAbility).

- 106.1 / 605.1a: "[Cost]: Add {G}", "Add {R} or {G}", "Add one mana of any color" ... (`parse_production`,
  `mana_ability`); more forms come from MANA_ABILITY_TEMPLATES (cards/templates/loyalty_mana.py).
- 106.12b replacement effects on mana production ("If you tap a permanent for mana, it produces twice
  as much of that mana instead", `parse_mana_replacement`).
- 605.1b / 106.12a: "Whenever enchanted land is tapped for mana, its controller adds an additional {G}"
  and its relatives, "Whenever an opponent taps a land for mana, that land doesn't untap during its
  controller's next untap step" (`parse_mana_trigger`).
Raises compiler.Unsupported for text it doesn't know.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..model.mana import bag_of
from ..model.vocab import (
    AddMana,
    Cost,
    Count,
    CreateToken,
    Effect,
    FilterPlus,
    ManaAbility,
    ManaProduction,
    ManaReplacement,
    ObjectFilter,
    TargetSpec,
    TriggeredAbility,
)
from .object_phrases import parse_object_phrase, parse_target
from .words import _N, BASIC_LAND_MANA, Unsupported, number


def parse_production(text: str) -> ManaProduction:
    """The part after "Add" (lower-cased, no final period)."""
    t = text.strip()
    m = re.fullmatch(r"((?:\{[wubrgc]\})+)", t)
    if m:
        return ManaProduction("fixed", (bag_of(re.sub(r"[{}]", "", m.group(1)).upper()),))
    m = re.fullmatch(r"((?:\{[wubrgc]\}, )*\{[wubrgc]\},? or \{[wubrgc]\})", t)
    if m:
        letters = re.findall(r"\{([wubrgc])\}", t)
        return ManaProduction("choice", tuple(bag_of(x.upper()) for x in letters))
    m = re.fullmatch(rf"{_N} mana of any color", t)
    if m:
        return ManaProduction("any_color", amount=int(number(m.group(1))))
    m = re.fullmatch(rf"{_N} mana of any one color", t)
    if m:
        return ManaProduction("any_color", amount=int(number(m.group(1))))
    if t == "one mana of any color in your commander's color identity":
        return ManaProduction("commander_identity")
    m = re.fullmatch(r"one mana of any (color|type) that (a land|a permanent) (you|an opponent) controls? could produce", t)
    if m:
        scope = ObjectFilter(types=frozenset({"Land"}) if m.group(2) == "a land" else frozenset(),
                             controller="you" if m.group(3) == "you" else "opponent")
        return ManaProduction("could_produce", scope=scope, any_type=m.group(1) == "type")
    if t == "one mana of any type that land produced":
        return ManaProduction("produced_type", any_type=True)
    if t == "one mana of the chosen color":
        return ManaProduction("chosen_color")
    if t == "one mana of any type the sacrificed land could produce":
        return ManaProduction("sacrificed_could_produce", any_type=True)
    m = re.fullmatch(r"((?:\{[wubrgc]\})+) for each (.+) you control", t)
    if m:
        sub = m.group(2).strip()
        if sub.capitalize() in BASIC_LAND_MANA:
            flt = ObjectFilter(subtypes=frozenset({sub.capitalize()}), controller="you")
        else:
            _, flt = parse_object_phrase(sub + " you control")
        return ManaProduction("for_each", (bag_of(re.sub(r"[{}]", "", m.group(1)).upper()),), count=Count(flt))
    raise Unsupported(text)


# Mana abilities (605.1a) the built-in parse_production doesn't know ("Add {W} or {U}. This land deals 1
# damage to you."): fn(para, cost, body) → a ManaAbility, or None (cards/templates/loyalty_mana.py).
# `body` is the effect text, lower-cased, starting with "add ", without its final period.
MANA_ABILITY_TEMPLATES: list[Callable[[str, Cost, str], ManaAbility | None]] = []


def mana_ability(para: str, cost: Cost, body: str) -> ManaAbility:
    """"[Cost]: Add [mana]. [More text]" → a ManaAbility. Raises Unsupported."""
    try:
        return ManaAbility(para, cost, parse_production(body[4:]))
    except Unsupported:
        for fn in MANA_ABILITY_TEMPLATES:
            ab = fn(para, cost, body)
            if ab is not None:
                return ab
        raise


def parse_mana_replacement(text: str) -> ManaReplacement | None:
    """106.12b replacement effects on mana production (lower-cased, no final period)."""
    t = text.strip().rstrip(".")
    m = re.fullmatch(r"if you tap a permanent for mana, it produces (twice|three times) as much of that mana instead", t)
    if m:
        return ManaReplacement("multiply", "permanent", "you", factor=2 if m.group(1) == "twice" else 3)
    m = re.fullmatch(r"if a land is tapped for mana, it produces \{([wubrgc])\} instead of any other type and amount", t)
    if m:
        return ManaReplacement("set", "land", "any", type_=m.group(1).upper())
    m = re.fullmatch(r"if a land is tapped for two or more mana, it produces \{c\} instead of any other type and amount", t)
    if m:
        return ManaReplacement("damp", "land", "any", type_="C")
    m = re.fullmatch(r"if a player taps a nonbasic land for mana, it produces colorless mana instead of any other type", t)
    if m:
        return ManaReplacement("set_type", "nonbasic_land", "any", type_="C")
    m = re.fullmatch(r"if you tap a land you control for mana, it produces \{([wubrgc])\} instead of any other type", t)
    if m:
        return ManaReplacement("set_type", "land_you_control", "you", type_=m.group(1).upper())
    return None


# 106.12a: what a tap-for-mana trigger watches ("a Swamp", "a basic land", "a nonland permanent").
_TAPPED_SUBJECTS = {"land": ObjectFilter(types=frozenset({"Land"})),
                    "creature": ObjectFilter(types=frozenset({"Creature"})),
                    "nonland permanent": ObjectFilter(non_types=frozenset({"Land"})),
                    "nonbasic land": ObjectFilter(types=frozenset({"Land"}), nonbasic=True),
                    "basic land": FilterPlus(types=frozenset({"Land"}), basic=True),
                    "snow land": FilterPlus(types=frozenset({"Land"}), supertypes=frozenset({"Snow"}))}


def _tapped_subject(phrase: str) -> ObjectFilter:
    """"swamp", "mountain, forest, or plains", "basic land", "creature" → the permanents whose tapping
    for mana triggers the ability. Raises Unsupported."""
    if phrase in _TAPPED_SUBJECTS:
        return _TAPPED_SUBJECTS[phrase]
    words = [w.strip() for w in re.split(r",? or |, ", phrase)]
    if all(w.capitalize() in BASIC_LAND_MANA for w in words):
        return ObjectFilter(subtypes=frozenset(w.capitalize() for w in words))
    raise Unsupported(phrase)


def parse_mana_trigger(low: str, parse_effects: Callable[[str, list[TargetSpec]], tuple[Effect, ...]]) -> TriggeredAbility | None:
    """605.1b / 106.12a: "Whenever enchanted land is tapped for mana, its controller adds an
    additional {G}", "Whenever a player / you / an opponent taps a Swamp for mana, ..." and their
    relatives. Adding mana, it is a triggered mana ability (605.1b; more effects after the mana
    resolve with it, 605.4a: Winter's Night); otherwise it uses the stack ("that land doesn't untap
    during its controller's next untap step": Vorinclex; Forbidden Orchard's target)."""
    m = re.fullmatch(r"whenever (enchanted land|enchanted forest|(?:a|an) (.+?) is tapped|(a player|you|an opponent) "
                     r"taps? (?:a|an) (.+?)|you tap cardname)(?: is tapped)? for mana, (.+)", low)
    if not m:
        return None
    subject, rest = m.group(1), m.group(5)
    scope, flt, who = "filter", None, "any"
    if subject in ("enchanted land", "enchanted forest"):
        scope = "enchanted"
    elif subject == "you tap cardname":
        scope, who = "self", "you"
    elif m.group(2):
        flt = _tapped_subject(m.group(2))
    else:
        flt = _tapped_subject(m.group(4))
        who = {"a player": "any", "you": "you", "an opponent": "opponent"}[m.group(3)]
    first, _, more = rest.partition(". ")
    m2 = re.fullmatch(r"(?:its controller|that player) adds (?:an additional )?(.+)", first) or \
        re.fullmatch(r"add (?:an additional )?(.+)", first)
    if m2:
        prod = parse_production(m2.group(1))
        targets: list[TargetSpec] = []
        try:
            after = parse_effects(more, targets) if more else ()
        except Unsupported:
            return None  # left to the other templates
        if targets:
            raise Unsupported(more)  # 605.1b: with a target it would be no mana ability
        return TriggeredAbility(low, "tapped_for_mana", (AddMana(prod), *after), (), scope, flt, who)
    targets = []
    m3 = re.fullmatch(r"(target opponent) creates a 1/1 colorless spirit creature token", rest)
    if m3:
        ref = parse_target(m3.group(1), targets)
        return TriggeredAbility(low, "tapped_for_mana", (CreateToken("Spirit|1|1|colorless|False|", 1, ref),),
                                tuple(targets), scope, flt, who)
    try:
        effects = parse_effects(rest, targets)
    except Unsupported:
        return None  # left to the other templates
    return TriggeredAbility(low, "tapped_for_mana", effects, tuple(targets), scope, flt, who)
