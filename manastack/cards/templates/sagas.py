"""Saga cards (CR 714) and read ahead (702.155); executed by rules/sagas.py.

- 714.2a-c: a chapter line "I — [effect]" (one chapter symbol) or "I, II — [effect]" (several: 714.2c,
  one ability per symbol) is a chapter ability, a ChapterAbility triggered ability whose effect is
  compiled as any effect text (its targets chosen as it is put on the stack, 603.3d). The reminder text
  "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)" is stripped
  before: what it says are the rules 714.3a-b and 714.4.
- 702.155a: "Read ahead" (a keyword line).
"""

from __future__ import annotations

import re

from ...model.vocab import TargetSpec
from ...model.vocab.sagas import CHAPTER, READ_AHEAD, ChapterAbility
from ..compiler import early_paragraph_template, keyword_template, parse_effects
from ..draft import CardDraft

_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_NUMERAL = r"(?:i{1,3}|iv|vi{0,3}|ix|x)"


@early_paragraph_template(rf"({_NUMERAL}(?:, {_NUMERAL})*) — (.+)")
def _chapter(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """714.2b-c: one ChapterAbility per chapter symbol of the line, each with the line's effect."""
    numbers = [_ROMAN[n] for n in m.group(1).split(", ")]
    targets: list[TargetSpec] = []
    effects = parse_effects(m.group(2), targets)  # raises Unsupported: the whole line is refused
    for n in numbers:
        out.abilities.append(ChapterAbility(para, CHAPTER, effects, tuple(targets), chapter=n))


@keyword_template(r"read ahead")
def _read_ahead(m: re.Match, out: CardDraft) -> None:
    """702.155a-b: its Saga enters with the number of lore counters its controller chooses (rules/sagas.py)."""
    out.keywords.add(READ_AHEAD)
