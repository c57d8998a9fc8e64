"""Vocabulary of rules/counter_kinds.py: counters with rules of their own (122.1b-i)."""

from __future__ import annotations

# 122.1b: the keywords a keyword counter can be (a counter of one of these kinds gives that keyword)
KEYWORD_COUNTERS = frozenset({"flying", "first strike", "double strike", "deathtouch", "exalted", "haste",
                              "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
                              "vigilance"})
