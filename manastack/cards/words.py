"""The words of Oracle text every part of the compiler reads: keywords, card types, colors, numbers
(`number`), and `Unsupported`, raised for text no template knows."""

from __future__ import annotations

from ..model.vocab.counter_kinds import KEYWORD_COUNTERS

KEYWORDS = {
    "flying", "reach", "haste", "vigilance", "defender", "lifelink", "deathtouch", "first strike",
    "double strike", "trample", "menace", "flash", "exalted", "hexproof", "indestructible",
    "umbra armor",  # 702.89a, applied by rules/effects.py destroy
    "infect", "wither",  # 702.90, 702.80: applied by rules/combat_keywords.py (damage results, 120.3b-d)
}
CARD_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery",
              "battle", "kindred"}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"
# 122.1b-122.1i, 306.5b, 310.4b, 714.1: counters the rules give a meaning of their own. Any other named counter
# ("oil", "charge", "time") only means what the card's other abilities say, so a plain tally is exact.
# Shield counters (122.1c) are implemented in rules/effects.py (destroy, deal_damage).
# Keyword counters (122.1b) give their keyword (rules/counter_kinds.py): they are not refused.
COUNTERS_WITH_RULES = frozenset({"loyalty", "defense", "finality", "lore", "poison", "rad", "shadow"}) | (
    KEYWORDS - KEYWORD_COUNTERS)


class Unsupported(Exception):
    """A sentence no template matches."""


def number(word: str) -> int | str:
    w = word.lower()
    if w == "x":
        return "X"
    if w.isdigit():
        return int(w)
    return NUMBERS[w]
