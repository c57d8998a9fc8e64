"""Triggers about damage dealt earlier this turn (rules/turn_history.py): "Whenever a creature dealt
damage by CARDNAME this turn dies, ..." (603.10a leaves-the-battlefield trigger, 700.4 dies; the damage
is read from this turn's damage events, 120.3).
"""

from __future__ import annotations

import re

from ..compiler import trigger_template


@trigger_template(r"whenever a creature dealt damage by cardname this turn dies")
def _damaged_by_self_dies(m: re.Match) -> dict:
    return {"event": "damaged_by_self_dies"}
