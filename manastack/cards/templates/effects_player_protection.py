"""Protection of a player (702.16b-e, 702.16j-k); executed by rules/player_protection.py.

- "You gain protection from [quality] until end of turn / until your next turn" (an effect): [quality]
  is "everything" (702.16j), "the color of your choice" (chosen as it resolves, 608.2c), a color, or
  "each of your opponents" (702.16k).
- "You have protection from [quality]" (a static ability of a permanent).
"""

from __future__ import annotations

import re

from ...model.vocab.player_protection import OPPONENTS, GainPlayerProtection, PlayerProtection
from ...model.vocab.timing_permissions import UNTIL_YOUR_NEXT_TURN
from ..compiler import COLOR_WORDS, Unsupported, paragraph_template, sentence_template
from ..draft import CardDraft

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
