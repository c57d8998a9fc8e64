"""Control-changing statics (613.1b, 303.4e); executed by rules/control_statics.py.

- "You control enchanted creature / permanent / land / artifact" (layer 2).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ..compiler import (
    Unsupported,
    paragraph_template,
)
from ..draft import CardDraft


@paragraph_template(r"you control enchanted (creature|permanent|land|artifact|enchantment)")
def _control_enchanted(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """613.1b (layer 2): the Aura's controller controls the object it's attached to (303.4e);
    rules/control_statics.refresh_static_control."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "control_enchanted"))
