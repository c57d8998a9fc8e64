"""Mana abilities whose amount or kind of mana depends on the game (engine: rules/mana_amounts.py).

- 700.5: "{T}: Add an amount of {G} equal to your devotion to green." (Karametra's Acolyte) and
  "{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to that color."
  (Nykthos, Shrine to Nyx; Nyx Lotus).
- "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead." (the
  Urza lands: 205.3i, each named permanent has both land types), "{T}: Add {G}. If you control four or
  more creatures, add {G}{G} instead." (Leafkin Druid), "{T}: Add {C}. If CARDNAME has a luck counter on
  it, instead add one mana of any color." (Gemstone Caverns): any condition of templates/statics.py
  parse_condition, or "you control a[n] X and a[n] Y".
- 106.1: "{T}: Add {G} for each Elf you control / on the battlefield" (Elvish Archdruid, Priest of
  Titania), "{T}: Add {G} for each +1/+1 counter on CARDNAME" (Gyre Sage).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.mana import bag_of
from ...model.vocab import mana_abilities as MA
from ...model.vocab import mana_amounts as MAM
from ..compiler import Unsupported, early_paragraph_template, first_template, parse_activation_cost
from ..draft import CardDraft
from ..mana_text import MANA_ABILITY_TEMPLATES
from .conditions import StateCondition
from .effects_common import parse_filter
from .loyalty_mana import parse_production_extended
from .statics import parse_condition, permanent_filter

_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
# 205.3i: the land types (an "Urza's Tower" is a land with the types Urza's and Tower).
_LAND_TYPES = {t.lower(): t for t in ("Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine",
                                      "Mountain", "Plains", "Power-Plant", "Sphere", "Swamp", "Tower", "Urza's")}


def _controls_piece(piece: str) -> tuple[frozenset[str], frozenset[str]]:
    """"urza's power-plant" → (no card type, every one of its land types); "artifact" → (Artifact, none)."""
    words = piece.split()
    if words and all(w in _LAND_TYPES for w in words):
        return frozenset(), frozenset(_LAND_TYPES[w] for w in words)
    flt = permanent_filter(piece, "you")
    plain = V.ObjectFilter(types=flt.types, subtypes=flt.subtypes, controller="you")
    if flt != plain or len(flt.subtypes) > 1:
        raise Unsupported(piece)
    return flt.types, flt.subtypes


def parse_mana_condition(text: str) -> object:
    """The condition of "If [condition], add ... instead" (read as the ability resolves)."""
    t = text.strip()
    m = re.fullmatch(r"you control (?:a|an) (.+?) and (?:a|an) (.+)", t)
    if m:
        return MAM.ControlsEach((_controls_piece(m.group(1)), _controls_piece(m.group(2))))
    m = re.fullmatch(r"you control (?:a|an) (.+)", t)
    if m and all(w in _LAND_TYPES for w in m.group(1).split()):
        return MAM.ControlsEach((_controls_piece(m.group(1)),))
    return StateCondition(parse_condition(t))


def _instead(para: str, cost: V.Cost, body: str) -> V.ManaAbility | None:
    """"add [base]. if [condition], add [alternative] instead" / "..., instead add [alternative]"."""
    m = re.fullmatch(r"add ([^.]+)\. if ([^.]+?), (?:add ([^.]+) instead|instead add ([^.]+))", body)
    if not m:
        return None
    try:
        condition = parse_mana_condition(m.group(2))
    except Unsupported:
        return None  # a condition of another template's ("if a card is exiled with CARDNAME": imprint)
    base = parse_production_extended(m.group(1))
    alternative = parse_production_extended(m.group(3) or m.group(4))
    prod = MAM.ConditionalProduction(MAM.INSTEAD, base=base, alternative=alternative, condition=condition)
    return V.ManaAbility(para, cost, prod)


def _devotion_to(para: str, cost: V.Cost, body: str) -> V.ManaAbility | None:
    """"add an amount of {g} equal to your devotion to green" (700.5)."""
    m = re.fullmatch(r"add an amount of \{([wubrg])\} equal to your devotion to (white|blue|black|red|green)", body)
    if not m:
        return None
    if _COLOR[m.group(2)] != m.group(1).upper():
        raise Unsupported(body)  # mana of one color counted by devotion to another: no such card
    return V.ManaAbility(para, cost, V.ManaProduction(MAM.DEVOTION, (bag_of(m.group(1).upper()),)))


def _for_each(para: str, cost: V.Cost, body: str) -> V.ManaAbility | None:
    """"add {g} for each elf you control" / "... for each elf on the battlefield" (a count of permanents
    by card type and subtype, rules/produce.py count_matching) and "add {g} for each +1/+1 counter on
    cardname" (Gyre Sage); the compiler's own reading covers basic land types and plain card types."""
    m = re.fullmatch(r"add ((?:\{[wubrgc]\})+) for each (.+)", body)
    if not m:
        return None
    bag = bag_of(re.sub(r"[{}]", "", m.group(1)).upper())
    mc = re.fullmatch(r"([a-z0-9+/-]+) counter on cardname", m.group(2))
    if mc:
        if sum(bag) != 1:
            raise Unsupported(body)
        return V.ManaAbility(para, cost, V.ManaProduction(MA.X_ONE, (bag,), count=V.Count(counters_on_self=mc.group(1))))
    phrase = m.group(2).replace(" on the battlefield", "")
    flt = parse_filter(phrase)
    if type(flt) is not V.ObjectFilter or flt != V.ObjectFilter(types=flt.types, subtypes=flt.subtypes,
                                                                 controller=flt.controller):
        raise Unsupported(body)  # counted by card types, subtypes and controller only
    if phrase == m.group(2) and flt.controller != "you":
        raise Unsupported(body)
    return V.ManaAbility(para, cost, V.ManaProduction("for_each", (bag,), count=V.Count(flt)))


first_template(MANA_ABILITY_TEMPLATES, _for_each)
first_template(MANA_ABILITY_TEMPLATES, _instead)
first_template(MANA_ABILITY_TEMPLATES, _devotion_to)


@early_paragraph_template(r"([^:]+): choose a color\. add an amount of mana of that color equal to your devotion to "
                          r"that color\.?")
def _devotion_chosen_color(m, para, out: CardDraft, is_spell):
    """700.5 / 106.1: "Choose a color. Add an amount of mana of that color equal to your devotion to
    that color." — a mana ability (605.1a); the color is chosen as it resolves (605.3b)."""
    if is_spell:
        raise Unsupported(para)
    cost = parse_activation_cost(m.group(1))
    prod = V.ManaProduction(MAM.DEVOTION, tuple(bag_of(c) for c in "WUBRG"))
    out.abilities.append(V.ManaAbility(para, cost, prod))
