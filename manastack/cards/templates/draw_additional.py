""""That player draws an additional card" (Howling Mine and its relatives, triggered at the beginning
of a draw step, 504.2): an ordinary draw (121.1) — "additional" only says it comes on top of the draw
of 504.1.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from .effects_common import amount, target, template


@template(r"(?:(that player|you) )?draws? (a|an|one|two|three) additional cards?")
def _draw_additional(m: re.Match, targets: list) -> list:
    """"you may draw two additional cards" (Sylvan Library): "draw" after "you may" is the controller's."""
    return [V.Draw(amount(m.group(2)), target(m.group(1) or "you", targets))]
