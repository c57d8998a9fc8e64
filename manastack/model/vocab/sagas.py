"""The vocabulary manastack/rules/sagas.py executes (its rules are in that module's docstring): Saga cards
(714) and read ahead (702.155)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

CHAPTER = "chapter"  # TriggeredAbility.event of a chapter ability (714.2b): lore counters put on its Saga
READ_AHEAD = "read ahead"  # 702.155a: the keyword (CardDef.keywords)


@dataclass(frozen=True, slots=True)
class ChapterAbility(V.TriggeredAbility):
    """714.2b: "{rN}—[Effect]": "When one or more lore counters are put onto this Saga, if the number of
    lore counters on it was less than N and became at least N, [effect]." `chapter` is N; a line with
    several chapter symbols ("I, II — ...") is one such ability per symbol (714.2c)."""

    chapter: int = 0
