"""Conditions in triggered, static and activated abilities.

Intervening "if" clauses (603.4) about the game now: "When CARDNAME enters, if you control a Swamp,
..." — the conditions of static abilities (templates/statics.py parse_condition, 611.3a) for the
ability's controller, checked as the event happens and again on resolution.

Conditions about what happened this turn (rules/turn_history.py), in three places:

- 603.4 intervening "if" clauses: "When CARDNAME enters, if you attacked this turn, ..." (raid),
  "At the beginning of your end step, if a creature died this turn, ..." (morbid): any trigger
  condition the other templates know, followed by ", if [history]". Checked as the event happens and
  again on resolution (rules/trigger_events.py).
- 614.1c: "CARDNAME enters with N +1/+1 counters on it if [history]" (a replacement effect applied as
  it enters: rules/stack.py ETB_REPLACEMENTS).
- 602.5b: "Activate only if [history]" (templates/activation.py, rules/stack.py).

608.2c: "[effects] unless [a static-ability condition]" ("you lose 1 life unless an opponent has 10 or less life",
Vampire Lacerator), and "[effects] if [a static-ability condition of the source or its controller]" ("you may
draw an additional card if CARDNAME is enchanted", Rayne): checked as the ability resolves
(rules/intervening.py UnlessCondition).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...model.vocab.conditions import SACRIFICED, CountersIfHappened, HistoryCondition, StateCondition
from ...model.vocab.turn_history import UnlessCondition
from ..compiler import (
    TRIGGER_TEMPLATES,
    Unsupported,
    number,
    paragraph_template,
    trigger_kwargs,
    trigger_template,
)
from ..draft import CardDraft
from .effects_common import sub_effects, template
from .statics import parse_condition
from .triggers_conditions import intervening_condition

if TYPE_CHECKING:
    pass

_HISTORY = {
    "you attacked this turn": "you_attacked",
    "you attacked with a creature this turn": "you_attacked",
    "you attacked with one or more creatures this turn": "you_attacked",
    "a creature died this turn": "creature_died",
    "a permanent you controlled left the battlefield this turn": "your_permanent_left",
    "a permanent left the battlefield under your control this turn": "your_permanent_left",
    "an opponent lost life this turn": "opponent_lost_life",
    "you gained life this turn": "you_gained_life",
    "you lost life this turn": "you_lost_life",
    "an opponent was dealt damage this turn": "opponent_dealt_damage",
    "you had a land enter the battlefield under your control this turn": "your_land_entered",
    "a land entered the battlefield under your control this turn": "your_land_entered",
}
_HISTORY_RX = "|".join(re.escape(k) for k in _HISTORY)
HISTORY_RX = _HISTORY_RX  # the history phrases, for the effect templates ("unless you attacked this turn")


# "if you sacrificed three or more Clues this turn", "if you sacrificed a permanent this turn", "if you've sacrificed an
# artifact this turn" (701.17a): a count of this turn's sacrifices of that type (rules/turn_history.py)
_SACRIFICED_RX = re.compile(r"you(?:'ve)? sacrificed (a|an|two|three|four|five) (or more )?([a-z]+?)s? this turn")


def parse_history(text: str) -> HistoryCondition:
    kind = _HISTORY.get(text.strip())
    if kind is None:
        m = _SACRIFICED_RX.fullmatch(text.strip())
        if m is None or (m.group(1) in ("a", "an")) == bool(m.group(2)):
            raise Unsupported(text)  # "a ... or more", or "three Clues" (exactly three?)
        n = 1 if m.group(1) in ("a", "an") else number(m.group(1))
        word = m.group(3)
        if word == "permanent":
            what = ""
        elif word in ("artifact", "creature", "enchantment", "land", "planeswalker"):
            what = word.capitalize()
        elif word in ("clue", "food", "treasure", "blood"):
            what = word.capitalize()
        else:
            raise Unsupported(text)
        return HistoryCondition(f"{SACRIFICED}:{n}:{what}")
    return HistoryCondition(kind)


def _intervening(text: str, event: str) -> Any:
    """The condition of "[trigger], if [condition]": the control conditions and "it was kicked" of
    templates/triggers_conditions.py, this turn's history, or a static-ability condition."""
    # imported here: importing it at load time would register its templates (and templates/triggers.py's
    # ability-word template) ahead of templates/casting.py's, and the registration order matters

    for parse in (lambda: intervening_condition(text, event), lambda: parse_history(text)):
        try:
            return parse()
        except Unsupported:
            pass
    cond = parse_condition(text)
    if cond.kind in ("attacking", "counter", "attached"):
        raise Unsupported(text)  # about the source in combat or with things on it: not modelled here
    # "if CARDNAME is untapped" (Howling Mine) reads the source, or its last known information
    return StateCondition(cond)


@trigger_template(r"((?:when|whenever|at) .+?), if (.+)")
def _with_history(m: re.Match) -> dict:
    """603.4: "[trigger], if [condition], [effect]" (a template written for a whole "..., if ..."
    condition, such as "when CARDNAME enters, if it was kicked", keeps its own reading)."""
    for rx, fn in TRIGGER_TEMPLATES:
        if fn is not _with_history and rx.fullmatch(m.group(0)):
            try:
                fn(rx.fullmatch(m.group(0)))
            except Unsupported:
                continue
            raise Unsupported(m.group(0))  # that template's reading
    kw = dict(trigger_kwargs(m.group(1), skip=(_with_history,)))
    if kw.get("intervening") is not None:
        raise Unsupported(m.group(0))  # two intervening clauses: not modelled
    kw["intervening"] = _intervening(m.group(2), kw.get("event", ""))
    return kw


@paragraph_template(rf"cardname enters(?: the battlefield)? with (a|an|one|two|three|four|five|\d+) (\+1/\+1) "
                    rf"counters? on it if ({_HISTORY_RX})")
def _etb_counters_if(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    out.abilities.append(CountersIfHappened(para, "etb_counters_if_happened", counter_kind=m.group(2),
                                               amount=number(m.group(1)), condition=parse_history(m.group(3))))


@template(r"(.+?) unless (.+)")
def _unless_condition(m: re.Match, targets: list) -> list:
    """608.2c: "you lose 1 life unless an opponent has 10 or less life": the effects, unless the condition of the
    game (a static ability's, for the source's controller) holds as it resolves."""
    cond = parse_condition(m.group(2))
    if cond.kind in ("attacking", "counter", "attached"):
        raise Unsupported(m.string)  # about the source in combat or with things on it: not modelled here
    inner = sub_effects(m.group(1), targets)
    if not inner or any(type(e).__name__ == "AddMana" for e in inner):
        raise Unsupported(m.string)
    return [UnlessCondition(tuple(inner), StateCondition(cond))]


@template(r"(.+?) if ((?:cardname|you|an opponent|there) .+)")
def _if_condition(m: re.Match, targets: list) -> list:
    """608.2c: "you may draw an additional card if CARDNAME is enchanted": the effects only if the condition (a
    static ability's, of the source or its controller, never of "it") holds as it resolves. "... instead if ..."
    is another reading (templates/effects_instead.py)."""
    if "instead" in m.group(1):
        raise Unsupported(m.string)
    cond = parse_condition(m.group(2))
    inner = sub_effects(m.group(1), targets)
    if not inner or any(type(e).__name__ == "AddMana" for e in inner):
        raise Unsupported(m.string)
    return [UnlessCondition(tuple(inner), StateCondition(cond), if_holds=True)]
