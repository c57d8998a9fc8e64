"""Trigger conditions about the game state and the turn, and triggers of two events (603.4, 603.8,
503.1); their events are detected by rules/trigger_events.py.

- 603.4 intervening "if" clauses about the game state: "if it was kicked" (702.33d), "if you control
  two or more Gates / another Spirit / no tapped lands", "if an opponent controls more lands than
  you", "if you've cast three or more instant and sorcery spells this turn" (601.2i), after any trigger condition the templates know (intervening_condition, also read by
  conditions.py).
- 603.8 state triggers: "When you control no Islands", "When CARDNAME has no ice counters on it".
- 503.1 "At the beginning of the upkeep of enchanted creature's controller".
- Two events, one effect (two abilities): "Whenever another creature you control enters or dies",
  "When you cycle CARDNAME and when CARDNAME dies", "When you
  cast or cycle CARDNAME", "When CARDNAME enters and when you sacrifice it".

Conditions arrive lower-cased, "cardname" for the card's own name, without the trailing comma.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.cast_origin import RevealedAsCast, WasCast
from ...model.vocab.conditions import (
    ControlCount,
    CostWasPaid,
    HasCounters,
    NoCountersOnSource,
    OpponentMoreLands,
    PlayerHasMostLife,
    SourceIsType,
    TotalPowerAtLeast,
    TributeNotPaid,
    WasKicked,
)
from ...model.vocab.turn_history import SpellsCastThisTurn
from ..compiler import (
    Unsupported,
    number,
    paragraph_template,
    parse_effects,
    trigger_kwargs,
    trigger_template,
)
from ..draft import CardDraft
from .effects_common import parse_filter
from .triggers_actions import _NUM


@paragraph_template(r"at the beginning of the upkeep of enchanted (?:creature|permanent|land|artifact)'s controller, (.+)")
def _upkeep_enchanted(m, para, out: CardDraft, is_spell):
    """503.1: "that player" is the enchanted permanent's controller. "That creature" / "it" (the
    enchanted permanent) is not this trigger's event object: refused."""
    rest = m.group(1)
    if re.search(r"\b(that creature|that permanent|that land|it|its)\b", rest):
        raise Unsupported(para)
    targets: list = []
    effects = parse_effects(rest, targets)
    out.abilities.append(V.TriggeredAbility(para, "upkeep_enchanted", effects, tuple(targets)))


_BASIC = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain", "forests": "Forest"}


@trigger_template(r"when you control no (plains|islands|swamps|mountains|forests)")
def _control_none(m):
    return {"event": "state_no_subtype", "filter": V.ObjectFilter(subtypes=frozenset({_BASIC[m.group(1)]}))}


@trigger_template(r"when cardname has no ([a-z+/\-0-9]+) counters on it")
def _no_counters(m):
    """603.8: a state trigger ("When CARDNAME has no ice counters on it": Dark Depths); the counter kind rides
    in `scope`."""
    return {"event": "state_no_counters", "scope": m.group(1)}


def intervening_condition(text: str, event: str) -> object:
    """An intervening "if" condition (603.4) about the game state, checked by rules/trigger_events.py
    (the "[trigger], if [condition]" template is in templates/conditions.py)."""
    m = re.fullmatch(r"you revealed an? ([a-z]+) card or controlled an? ([a-z]+) as you cast cardname", text)
    if m and m.group(1) == m.group(2) and event in ("etb", ""):
        return RevealedAsCast(parse_filter(m.group(1)))  # 601.2b: the spell, or the permanent it became
    if text == "it was kicked":
        if event != "etb":
            raise Unsupported(text)  # "it" is the permanent that entered
        return WasKicked()
    m = re.fullmatch(r"its (surge|spectacle|madness|emerge) cost was paid", text)
    if m:
        if event != "etb":
            raise Unsupported(text)  # "its": the permanent that entered
        return CostWasPaid(m.group(1))
    if text == "tribute wasn't paid":
        if event != "etb":
            raise Unsupported(text)
        return TributeNotPaid()  # 702.104b
    m = re.fullmatch(r"there are no ([a-z+/\-0-9]+) counters on cardname|cardname has no ([a-z+/\-0-9]+) counters on it",
                     text)
    if m:
        return NoCountersOnSource(m.group(1) or m.group(2))  # the source's own counters
    m = re.fullmatch(r"you've cast " + _NUM + r" or more (?:(.+) )?spells this turn", text)
    if m:
        # 601.2i: the spells cast this turn (rules/turn_history.py)
        return SpellsCastThisTurn(int(number(m.group(1))), parse_filter(m.group(2)) if m.group(2) else None)
    if text == "it had counters on it":
        if event not in ("leaves_filter", "dies_filter"):
            raise Unsupported(text)  # "it": the permanent that left
        return HasCounters(of_event=True)
    if text == "cardname has counters on it":
        return HasCounters()
    m = re.fullmatch(r"creatures you control have total power (\d+) or greater", text)
    if m:
        return TotalPowerAtLeast(int(m.group(1)))  # 207.2c formidable
    if text == "a player has more life than each other player":
        return PlayerHasMostLife()
    m = re.fullmatch(r"cardname is an? (enchantment|artifact|creature|land)", text)
    if m:
        return SourceIsType(m.group(1).capitalize())  # the source's card types now (Opal Champion)
    if text in ("an opponent controls more lands than you", "defending player controls more lands than you"):
        return OpponentMoreLands()
    m = re.fullmatch(r"(you cast it|it was cast|you didn't cast it|it wasn't cast)( from your hand)?", text)
    if m:
        if event not in ("etb", "enters"):
            raise Unsupported(text)  # "it": the permanent that entered
        return WasCast(by_you=m.group(1).startswith("you"), zone="hand" if m.group(2) else "",
                       negate="n't" in m.group(1), of_event=event == "enters")
    m = re.fullmatch(r"an opponent controls (a|an|(?:" + _NUM[1:-1] + r") or more) (.+)", text)
    if m:
        flt = parse_filter(m.group(2))
        if flt.controller or flt.other:
            raise Unsupported(text)
        how = m.group(1)
        return ControlCount(flt, int(number(how.split()[0])) if how.endswith(" or more") else 1, opponent=True)
    m = re.fullmatch(r"(?:you control|your team controls) (a|an|another|no|(?:" + _NUM[1:-1] + r") or more|at least "
                     + _NUM + r") (.+)", text)
    if not m:
        raise Unsupported(text)
    how, what = m.group(1), m.group(3)
    distinct = what.endswith(" with different names")
    if distinct:
        # "if you control seven or more lands with different names" (Field of the Dead): names counted once (201.2)
        if not how.endswith(" or more"):
            raise Unsupported(text)
        what = what[: -len(" with different names")]
    flt = parse_filter(("another " if how == "another" else "") + what)
    if flt.controller:
        raise Unsupported(text)
    if how.startswith("at least "):
        if not flt.other or event != "enters":
            raise Unsupported(text)
        # "Whenever a Mountain you control enters, if you control at least five other Mountains" (Valakut): other
        # than the permanent that entered, which need not still be there as it resolves (603.4); the source
        # itself counts if it is one
        return ControlCount(dataclasses.replace(flt, other=False), int(number(m.group(2))), besides_event=True)
    if how == "no":
        return ControlCount(flt, 0, 0)
    if how.endswith(" or more"):
        return ControlCount(flt, int(number(how.split()[0])), distinct_names=distinct)
    return ControlCount(flt, 1)


_TWO_EVENTS: dict[str, tuple[dict, dict]] = {
    "when you cycle cardname and when cardname dies": ({"event": "cycle_self"}, {"event": "dies"}),
    "when you cast or cycle cardname": ({"event": "cast_self"}, {"event": "cycle_self"}),
    "when cardname enters and when you sacrifice it": ({"event": "etb"}, {"event": "sacrifice_self"}),
}


@paragraph_template(r"(when you cycle cardname and when cardname dies|when you cast or cycle cardname|"
                    r"when cardname enters and when you sacrifice it), (.+)")
def _two_events(m, para, out: CardDraft, is_spell):
    """702.29c, 603.10a, 701.17a: two trigger events for the same effect — two triggered abilities."""
    for kwargs in _TWO_EVENTS[m.group(1)]:
        targets: list = []
        effects = parse_effects(m.group(2), targets)
        out.abilities.append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))


@paragraph_template(r"whenever ((?:another|a|an) .+?) enters or dies, (.+)")
def _enters_or_dies(m, para, out: CardDraft, is_spell):
    """603.6a / 603.10a: "Whenever another creature you control enters or dies, ..." is two trigger
    events for the same effect: two triggered abilities, each read like its own condition."""
    for event in ("enters", "dies"):
        kwargs = trigger_kwargs(f"whenever {m.group(1)} {event}")
        targets: list = []
        effects = parse_effects(m.group(2), targets)
        out.abilities.append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))
