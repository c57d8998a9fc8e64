"""Protection of a player (702.16b-e, 702.16j-k); executed by rules/player_protection.py.

- "You gain protection from [quality] until end of turn / until your next turn" (an effect): [quality]
  is "everything" (702.16j), "the color of your choice" (chosen as it resolves, 608.2c), a color, or
  "each of your opponents" (702.16k).
- "You have protection from [quality]" (a static ability of a permanent).
"""

from __future__ import annotations

import re

from ...model.vocab.player_protection import (
    OPPONENTS,
    GainHexproofFrom,
    GainPlayerProtection,
    IfOpponentCastColor,
    PlayerProtection,
    SpellsUncounterableThisTurn,
)
from ...model.vocab.timing_permissions import UNTIL_YOUR_NEXT_TURN
from ..compiler import COLOR_WORDS, Unsupported, paragraph_template, sentence_template
from ..draft import CardDraft
from .effects_common import sub_effects

_QUALITY = r"(everything|the color of your choice|each of your opponents|white|blue|black|red|green|multicolored)"
_UNTIL = {"until end of turn": "eot", "until your next turn": UNTIL_YOUR_NEXT_TURN}


def _qualities(words: str) -> tuple[str, ...]:
    if words == "each of your opponents":
        return (OPPONENTS,)
    if words in COLOR_WORDS or words in ("everything", "multicolored"):
        return (words,)
    raise Unsupported(words)


@sentence_template(rf"you gain protection from {_QUALITY} (until end of turn|until your next turn)")
def _gain_protection(m: re.Match, targets: list) -> list:
    """702.16: the resolving spell or ability's controller gains protection (611.2a: for that long)."""
    until = _UNTIL[m.group(2)]
    if m.group(1) == "the color of your choice":
        return [GainPlayerProtection((), color_choice=True, until=until)]
    return [GainPlayerProtection(_qualities(m.group(1)), until=until)]


@paragraph_template(rf"you have protection from {_QUALITY}")
def _have_protection(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.16: a static ability: its controller has protection."""
    if is_spell or m.group(1) == "the color of your choice":
        raise Unsupported(para)
    out.abilities.append(PlayerProtection(para.strip(), _qualities(m.group(1))))


_COLOR_RX = r"(white|blue|black|red|green)"


@sentence_template(rf"you and permanents you control gain hexproof from {_COLOR_RX} and from {_COLOR_RX} until end of turn")
def _hexproof_from(m: re.Match, targets: list) -> list:
    """702.11d (Veil of Summer): rules/player_protection.py."""
    return [GainHexproofFrom(frozenset({COLOR_WORDS[m.group(1)], COLOR_WORDS[m.group(2)]}))]


@sentence_template(rf"(.+) if an opponent has cast an? {_COLOR_RX}(?: or {_COLOR_RX})? spell this turn")
def _if_opponent_cast_color(m: re.Match, targets: list) -> list:
    """608.2c (Veil of Summer): "Draw a card if an opponent has cast a blue or black spell this turn"."""
    n = len(targets)
    effects = sub_effects(m.group(1), targets)
    if len(targets) != n:
        raise Unsupported(m.string)  # a target chosen for a conditional part: not modelled
    colors = frozenset(COLOR_WORDS[c] for c in (m.group(2), m.group(3)) if c)
    return [IfOpponentCastColor(colors, tuple(effects))]


@sentence_template(r"spells you control can't be countered this turn")
def _uncounterable_this_turn(m: re.Match, targets: list) -> list:
    """101.2 (Veil of Summer): rules/player_protection.py."""
    return [SpellsUncounterableThisTurn()]
