"""Effect sentences about players' life and the game (engine side: rules/effects.py):

- 104.2b: "you win the game" (WinGame).
- "You gain X life, where X is the number of cards in your hand minus 4" (CardsInHand, 107.1b).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.effects import CardsInHand, WinGame
from ..compiler import sentence_template


@sentence_template(r"you win the game")
def _win(m: re.Match, targets: list) -> list:
    return [WinGame()]


@sentence_template(r"you gain x life, where x is the number of cards in your hand(?: minus (\d+))?")
def _gain_hand_size(m: re.Match, targets: list) -> list:
    return [V.GainLife(CardsInHand(int(m.group(1) or 0)))]
