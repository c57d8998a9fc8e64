"""Paragraphs of replacement effects that make a permanent enter tapped (614.1c-d, 614.12); executed by
rules/enters_tapped.py.

Templates (lower-cased paragraph, CARDNAME for the card's own name):
- 614.1d / 614.12 "CARDNAME enters tapped unless [condition]" and "If [condition], CARDNAME enters
  tapped". Conditions: "you control two or more other lands", "... two or fewer other lands",
  "... two or more basic lands", "... three or more other Mountains", "you control a Plains or an
  Island", "... a legendary creature", "... a basic land", "... a Mount or Vehicle", "... a white,
  blue, or black permanent", "a player has 13 or less life", "you have two or more opponents"
  (102.3: two players, one opponent), "your opponents control eight or more lands", "it's your turn".
- 614.12 "As CARDNAME enters, you may pay N life. If you don't, it enters tapped." (119.4).
- 614.12a "As CARDNAME enters, you may reveal a Dragon / Mountain or Forest card from your hand.
  If you don't, CARDNAME enters tapped." (701.16a).
- "CARDNAME enters tapped. As it enters, choose a color." (two replacement effects, 614.12).
- 614.1c-d "CARDNAME enters tapped with N [kind] counters on it"; "CARDNAME enters tapped and doesn't
  untap during your untap step" (502.3).
- 614.12 "Creatures your opponents control enter tapped" (of another permanent).
Anything else raises Unsupported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab.statics import LayeredStatic
from ..compiler import (
    Unsupported,
    paragraph_template,
)
from ..draft import CardDraft
from .effects_common import parse_filter
from .statics_counts import _COLOR, _NUM, V_COLOR, _n, _permanents, check_filter


@dataclass(frozen=True, slots=True)
class EntryCondition:
    """The condition of "enters tapped unless ...". kind: "control" (at least / at most (`at_most`)
    `n` permanents matching `filter` you control), "control_any" (a permanent matching one of
    `alternatives`), "opponents_control" (your opponents control at least `n` matching `filter`),
    "player_life_le" (some player has `n` or less life), "opponents" (you have at least `n`
    opponents), "your_turn"."""

    kind: str
    n: int = 1
    at_most: bool = False
    filter: V.ObjectFilter | None = None
    alternatives: tuple[V.ObjectFilter, ...] = ()


@dataclass(frozen=True, slots=True)
class EntersTappedUnless(V.StaticAbility):
    """614.1d: enters tapped unless `condition` holds (`tapped_if`: "If X, it enters tapped")."""

    condition: EntryCondition | None = None
    tapped_if: bool = False


@dataclass(frozen=True, slots=True)
class EntersRevealOrTapped(V.StaticAbility):
    """614.12a: "you may reveal a [filter] card from your hand. If you don't, it enters tapped"."""


def parse_entry_condition(text: str) -> EntryCondition:
    t = text.strip()
    m = re.fullmatch(rf"you control {_NUM} or (more|fewer) (.+)", t)
    if m:
        return EntryCondition("control", _n(m.group(1)), m.group(2) == "fewer",
                              _permanents(m.group(3) + " you control"))
    m = re.fullmatch(rf"you control an? ((?:{_COLOR}, )+(?:or )?{_COLOR}) permanent", t)
    if m:
        colors = frozenset(V_COLOR[c] for c in re.findall(_COLOR, m.group(1)))
        return EntryCondition("control_any", alternatives=(V.ObjectFilter(colors=colors, controller="you"),))
    m = re.fullmatch(r"you control (an? .+)", t)
    if m:
        parts = re.split(r",? or (?=an? )", m.group(1))
        alts = []
        for part in parts:
            pm = re.fullmatch(r"an? (.+)", part)
            if not pm:
                raise Unsupported(text)
            alts.append(_permanents(pm.group(1) + " you control"))
        return EntryCondition("control_any", alternatives=tuple(alts))
    m = re.fullmatch(rf"your opponents control {_NUM} or more (.+)", t)
    if m:
        return EntryCondition("opponents_control", _n(m.group(1)), filter=_permanents(m.group(2) + " your opponents control"))
    m = re.fullmatch(rf"an? player has {_NUM} or less life", t)
    if m:
        return EntryCondition("player_life_le", _n(m.group(1)))
    m = re.fullmatch(rf"you have {_NUM} or more opponents", t)
    if m:
        return EntryCondition("opponents", _n(m.group(1)))
    if t == "it's your turn":
        return EntryCondition("your_turn")
    raise Unsupported(text)


@paragraph_template(r"cardname enters(?: the battlefield)? tapped unless (.+)")
def _tapped_unless(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    cond = parse_entry_condition(m.group(1))
    out.abilities.append(EntersTappedUnless(para.strip(), "etb_tapped_unless", condition=cond))


@paragraph_template(r"if (.+), cardname enters(?: the battlefield)? tapped")
def _tapped_if(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    cond = parse_entry_condition(m.group(1))
    out.abilities.append(EntersTappedUnless(para.strip(), "etb_tapped_unless", condition=cond, tapped_if=True))


@paragraph_template(r"as cardname enters(?: the battlefield)?, you may pay (\d+) life\. if you don't, "
                    r"(?:it|cardname) enters(?: the battlefield)? tapped")
def _pay_life_or_tapped(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    out.abilities.append(V.StaticAbility(para.strip(), "etb_pay_life_or_tapped", amount=int(m.group(1))))


@paragraph_template(r"as cardname enters(?: the battlefield)?, you may reveal an? (.+?) card from your hand\. "
                    r"if you don't, (?:it|cardname) enters(?: the battlefield)? tapped")
def _reveal_or_tapped(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    flt = check_filter(parse_filter(m.group(1)), para)
    if flt.controller is not None or flt.tapped is not None or flt.other:
        raise Unsupported(para)
    out.abilities.append(EntersRevealOrTapped(para.strip(), "etb_reveal_or_tapped", filter=flt))


@paragraph_template(r"cardname enters(?: the battlefield)? tapped\. as it enters(?: the battlefield)?, choose a color")
def _tapped_choose_color(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """Two replacement effects of one paragraph (614.1d enters tapped, 614.12 the color)."""
    out.abilities.append(V.StaticAbility(para.strip(), "etb_tapped"))
    out.abilities.append(V.StaticAbility(para.strip(), "etb_choose_color"))


# Counter kinds with no rules of their own (122.1: only their number matters to the card's text).
# Stun (122.1d) and others with rules are left to templates that implement them.
_PLAIN_COUNTERS = ("charge", "coin", "depletion", "slumber", "+1/+1", "-1/-1")


@paragraph_template(rf"cardname enters(?: the battlefield)? tapped (?:and )?with {_NUM} ([a-z+/\-0-9]+) counters? on it")
def _tapped_with_counters(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1c-d: two replacement effects of one ability: it enters tapped and with counters."""
    kind = m.group(2)
    if is_spell or kind not in _PLAIN_COUNTERS:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "etb_tapped"))
    out.abilities.append(V.StaticAbility(para.strip(), "etb_counters", counter_kind=kind, amount=_n(m.group(1))))


@paragraph_template(r"cardname enters(?: the battlefield)? tapped and doesn't untap during (?:your|its controller's) untap step")
def _tapped_and_doesnt_untap(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1d (enters tapped) and 502.3 (a static ability keeping it tapped in its controller's
    untap step: statics.LayeredStatic rule "doesnt_untap")."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "etb_tapped"))
    out.abilities.append(LayeredStatic(para.strip(), "layered", rules=("doesnt_untap",)))


_ENTER_KINDS = {"creatures": "Creature", "artifacts": "Artifact", "lands": "Land", "enchantments": "Enchantment",
                "planeswalkers": "Planeswalker"}


@dataclass(frozen=True, slots=True)
class EnterFilter(V.ObjectFilter):
    """The permanents "... your opponents control enter tapped" applies to: one of `types`, with
    `nonbasic_lands`: lands only when nonbasic ("creatures and nonbasic lands")."""

    nonbasic_lands: bool = False


@paragraph_template(r"((?:(?:artifacts|creatures|lands|nonbasic lands|enchantments|planeswalkers)(?:, | and |, and ))*"
                    r"(?:artifacts|creatures|lands|nonbasic lands|enchantments|planeswalkers)) your opponents control "
                    r"enter(?: the battlefield)? tapped")
def _opponents_enter_tapped(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.12: a replacement effect of this permanent on other permanents entering
    (rules/enters_tapped._others_enter_tapped)."""
    if is_spell:
        raise Unsupported(para)
    words = [w for w in re.split(r", and |, | and ", m.group(1)) if w]
    types = set()
    nonbasic_lands = False
    for w in words:
        if w == "nonbasic lands":
            types.add("Land")
            nonbasic_lands = True
        else:
            types.add(_ENTER_KINDS[w])
    flt = EnterFilter(types=frozenset(types), controller="opponent", nonbasic_lands=nonbasic_lands,
                      nonbasic=nonbasic_lands and types == {"Land"})
    out.abilities.append(V.StaticAbility(para.strip(), "others_enter_tapped", flt))
