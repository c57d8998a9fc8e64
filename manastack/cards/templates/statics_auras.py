"""Auras that enchant players (702.5a, 702.5d, 303.4); executed by rules/auras_on_players.py.

- "Enchant player" / "Enchant opponent" (before statics._enchant, which refuses it: templates are
  tried in order).
- 503.1a "At the beginning of enchanted player's upkeep"; "creatures enchanted player controls get
  -1/-1".
"""

from __future__ import annotations

import re

from ...model.vocab.statics import (  # noqa: F401 (the vocabulary this module executes)
    EnchantedPlayersStatic,
    EnchantPlayer,
)
from ..compiler import (
    PARAGRAPH_TEMPLATES,
    Unsupported,
    first_template,
    paragraph_template,
    trigger_template,
)

# The engine side of the statics_* templates registers its hooks as it is imported. This module is
# the first of them that is loaded (templates load in file-name order, right after statics.py), so
# it imports them all, in the order they registered in when they were one module: sba.PRE_CHECK runs
# control_statics before entry_choices; turn.STEP_HOOKS, BEFORE_UNTAP_HOOKS keep their order after
# the hooks of modules loaded earlier.
# isort: off
# isort: on
from ..draft import CardDraft
from .statics import build as build_static


def _enchant_player(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    ab = EnchantPlayer(para.strip(), "enchant", target_kind=m.group(1))
    out.enchant = ab.filter
    out.abilities.append(ab)


# Before statics._enchant, which refuses "enchant player" (templates are tried in order).
first_template(PARAGRAPH_TEMPLATES, (re.compile(r"enchant (player|opponent)"), _enchant_player))


@trigger_template(r"at the beginning of enchanted player's upkeep")
def _enchanted_players_upkeep(m: re.Match) -> dict:
    """503.1a; "that player" is the enchanted player (rules/auras_on_players._upkeep_of_enchanted_player)."""
    return {"event": "upkeep_enchanted_player"}


@paragraph_template(r"((?:[a-z]+ )*?creatures) enchanted player controls ((?:gets?|have|has|attack|can't) .+)")
def _enchanted_players_creatures(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    st = build_static(para, m.group(1), m.group(2))
    if st.affects != "group" or st.filter.controller is not None:
        raise Unsupported(para)
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out.abilities.append(EnchantedPlayersStatic(**fields))
