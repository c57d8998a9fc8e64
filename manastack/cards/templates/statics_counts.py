"""Paragraphs of characteristic-defining power and toughness (604.3, 208.2a, 613.4a) and devotion
(700.5), and the object-quality phrases they count; executed by rules/static_counts.py.

- 604.3 / 208.2a / 613.4a "CARDNAME's power and toughness are each equal to [amount]",
  "CARDNAME's power is equal to [amount]", "CARDNAME's toughness is equal to [amount]",
  "... and its toughness is equal to that number plus N" (Tarmogoyf), an ability word before it
  ("Domain — "). Amounts: "[N plus] [twice] the number of X [plus the number of Y]" where X is
  permanents ("Swamps you control", "creatures on the battlefield", "other Rats on the
  battlefield", "artifacts your opponents control"), cards ("cards in your hand", "creature cards
  in your graveyard", "land cards in all graveyards", "cards in all players' hands", "instant and sorcery
  cards you own in exile and in your graveyard"), "card types
  among cards in all graveyards", "basic land types among lands you control" (domain).
- 700.5 / 613.1d: "As long as your devotion to [color] is less than N, CARDNAME isn't a creature".
- check_filter refuses qualities rules/static_counts.layer4_match doesn't read (layer 7 power ...).
Anything else raises Unsupported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab.x_amounts import LIFE_PAID_EFFECT
from ..compiler import (
    NUMBERS,
    Unsupported,
    paragraph_template,
)
from ..draft import CardDraft
from .effects_common import parse_filter


@dataclass(frozen=True, slots=True)
class CdaTerm:
    """One "the number of X" of a CDA. kind: "permanents" (matching `filter`, "you" relative to the
    object's controller, its owner outside the battlefield and stack), "hand" / "graveyard" / "exile"
    (cards matching `filter` in the zones of `whose`: "you", "opponents", "all"),
    "card_types_graveyards" (card types among cards in the graveyards of `whose`), "domain" (basic
    land types among lands you control), "creator_counters" (below)."""

    kind: str
    filter: V.ObjectFilter | None = None
    whose: str = "you"
    colors: frozenset[str] = frozenset()  # "devotion": your devotion to these colors (700.5)
    # "creator_counters": the `counter_kind` counters on the permanent `obj` that created this token (Gutter
    # Grime's Ooze: "... equal to the number of slime counters on Gutter Grime"); `obj` set as it is created
    counter_kind: str = ""
    obj: int | None = None


@dataclass(frozen=True, slots=True)
class CdaAmount:
    """(`constant` + the sum of `terms`) × `multiplier`."""

    terms: tuple[CdaTerm, ...]
    constant: int = 0
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class PowerToughnessCda(V.StaticAbility):
    """604.3 / 613.4a: sets power (`sets_power`) and/or toughness (`sets_toughness`, plus
    `toughness_plus`) to `cda_amount` in every zone."""

    cda_amount: CdaAmount | None = None
    sets_power: bool = False
    sets_toughness: bool = False
    toughness_plus: int = 0


_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|thirteen)"


def _n(w: str) -> int:
    if w.isdigit():
        return int(w)
    if w == "thirteen":
        return 13
    return NUMBERS[w]


_LATE_LAYER_QUALITIES = ("power_min", "power_max", "toughness_max", "toughness_min", "min_mana_value", "keywords", "non_keywords",
                         "attacking", "blocking")


def check_filter(flt: V.ObjectFilter, text: str) -> V.ObjectFilter:
    """Refuse qualities rules/static_counts.layer4_match doesn't read (keywords and power are layer
    6-7 characteristics; combat status)."""
    if flt.attacking_or_blocking or flt.multicolored is not None:
        raise Unsupported(text)
    for name in _LATE_LAYER_QUALITIES:
        v = getattr(flt, name, None)
        if v:
            raise Unsupported(text)
    return flt


def _permanents(phrase: str) -> V.ObjectFilter:
    return check_filter(parse_filter(phrase), phrase)


_COLOR = r"(?:white|blue|black|red|green)"


V_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def parse_cda_term(x: str) -> CdaTerm:
    x = x.strip()
    if x == "cards in your hand":
        return CdaTerm("hand")
    if x in ("cards in all players' hands", "cards in all hands"):
        return CdaTerm("hand", whose="all")
    m = re.fullmatch(r"card types among cards in (all graveyards|your opponents' graveyards)", x)
    if m:
        return CdaTerm("card_types_graveyards", whose="all" if m.group(1) == "all graveyards" else "opponents")
    m = re.fullmatch(r"(?:(.+) )?cards? (?:you own )?in (your graveyard|all graveyards|your opponents' graveyards)", x)
    if m:
        flt = check_filter(parse_filter(m.group(1)), x) if m.group(1) else None
        whose = {"your graveyard": "you", "all graveyards": "all"}.get(m.group(2), "opponents")
        return CdaTerm("graveyard", flt, whose)
    m = re.fullmatch(r"(?:(.+) )?cards? you own in exile", x)
    if m:  # Cosmogoyf: the exiled cards its owner owns (108.4a)
        return CdaTerm("exile", check_filter(parse_filter(m.group(1)), x) if m.group(1) else None)
    if x == "basic land types among lands you control":
        return CdaTerm("domain")
    m = re.fullmatch(r"(.+?) on the battlefield", x)
    if m:
        flt = _permanents(m.group(1))
        if flt.controller is not None:
            raise Unsupported(x)
        return CdaTerm("permanents", flt)
    m = re.fullmatch(r"(.+?) (you control|your opponents control)", x)
    if m:
        return CdaTerm("permanents", _permanents(x))
    raise Unsupported(x)


def parse_cda_amount(text: str) -> CdaAmount:
    t = text.strip()
    constant = 0
    multiplier = 1
    m = re.fullmatch(r"(\d+) plus (.+)", t)
    if m:
        constant, t = int(m.group(1)), m.group(2)
    if t.startswith("twice "):
        if constant:
            raise Unsupported(text)
        multiplier, t = 2, t[len("twice "):]
    m = re.fullmatch(rf"your devotion to ({_COLOR})(?: and ({_COLOR}))?", t)
    if m:
        colors = frozenset(V_COLOR[c] for c in m.groups() if c)
        return CdaAmount((CdaTerm("devotion", colors=colors),), constant, multiplier)
    if t == "the life paid as it entered" and not constant and multiplier == 1:
        return CdaAmount((CdaTerm(LIFE_PAID_EFFECT),))  # 614.12: "As CARDNAME enters, pay any amount of life"
    parts = re.split(r" plus (?=the (?:total )?number of )", t)
    terms = []
    for part in parts:
        pm = re.fullmatch(r"the (?:total )?number of (.+)", part)
        if not pm:
            raise Unsupported(text)
        both = re.fullmatch(r"(.+?) cards you own in exile and in your graveyard", pm.group(1))
        if both:  # Crackling Drake: the cards of both zones (their owner's: 108.4a)
            flt = check_filter(parse_filter(both.group(1)), text)
            terms += [CdaTerm("exile", flt), CdaTerm("graveyard", flt)]
            continue
        terms.append(parse_cda_term(pm.group(1)))
    return CdaAmount(tuple(terms), constant, multiplier)


_ABILITY_WORD = r"(?:[a-z' ]+ — )?"


@paragraph_template(rf"{_ABILITY_WORD}cardname's (power and toughness are each|power is|toughness is) equal to (.+?)"
                    r"(?: and its toughness is equal to that number plus (\d+))?")
def _pt_cda(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    which = m.group(1)
    amount = parse_cda_amount(m.group(2))
    sets_power = which != "toughness is"
    sets_toughness = which != "power is" or m.group(3) is not None
    out.abilities.append(PowerToughnessCda(
        para.strip(), "cda_pt", cda_amount=amount, sets_power=sets_power, sets_toughness=sets_toughness,
        toughness_plus=int(m.group(3) or 0)))
    out.cda.update(({"power"} if sets_power else set())
                                        | ({"toughness"} if sets_toughness else set()))


@dataclass(frozen=True, slots=True)
class DevotionNotCreature(V.StaticAbility):
    """"As long as your devotion to [colors] is less than N (`amount`), CARDNAME isn't a creature"
    (613.1d layer 4; rules/static_counts._not_creature_unless_devotion)."""

    colors: frozenset[str] = frozenset()


@paragraph_template(rf"as long as your devotion to ({_COLOR})(?: and ({_COLOR}))? is less than {_NUM}, "
                    r"cardname isn't a creature")
def _devotion_not_creature(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    colors = frozenset(V_COLOR[c] for c in (m.group(1), m.group(2)) if c)
    out.abilities.append(DevotionNotCreature(para.strip(), "devotion_not_creature", amount=_n(m.group(3)),
                                                colors=colors))
