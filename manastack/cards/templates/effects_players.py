"""Effect sentences about players' life and the game (engine side: rules/effects.py):

- 104.2b: "you win the game" (WinGame).
"""

from __future__ import annotations

import re

from ...model.vocab.effects import WinGame
from ..compiler import sentence_template


@sentence_template(r"you win the game")
def _win(m: re.Match, targets: list) -> list:
    return [WinGame()]
