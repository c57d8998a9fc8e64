"""Protection (702.16); executed by rules/protection.py.

- 702.16a / 702.16g keyword "protection from X (and from Y)": colors, card types, subtypes,
  "everything" (702.16j), "monocolored", "multicolored", "colorless".
- "[object] gains protection from [qualities] until end of turn" (613.1f layer 6, 514.2).
- 702.16n "Enchanted creature has protection from white. This effect doesn't remove CARDNAME."
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.protection import (  # noqa: F401 (the vocabulary this module executes)
    GainProtection,
    ProtectionKeepingSource,
)
from ..compiler import (
    Unsupported,
    keyword_template,
    paragraph_template,
    sentence_template,
)
from ..draft import CardDraft
from .effects_common import CREATURE_TYPE_SET, SUBTYPES, target
from .statics import build as build_static
from .statics_counts import V_COLOR

_PROTECTION_TYPES = {"artifacts": "Artifact", "enchantments": "Enchantment", "creatures": "Creature",
                     "instants": "Instant", "sorceries": "Sorcery", "planeswalkers": "Planeswalker",
                     "lands": "Land"}


def protection_quality(text: str) -> str:
    """One quality of "protection from X" (702.16a) → the code rules/protection.protection_quality
    reads. Raises Unsupported."""
    t = text.strip()
    if t in _PROTECTION_TYPES:
        return f"type:{_PROTECTION_TYPES[t]}"
    if t in ("everything", "monocolored", "colorless", "multicolored") or t in V_COLOR:
        return t
    if t in SUBTYPES and SUBTYPES[t].lower() != t and SUBTYPES[t] in CREATURE_TYPE_SET:
        return f"subtype:{SUBTYPES[t]}"  # a plural creature type: "protection from Goblins"
    raise Unsupported(text)


@keyword_template(r"protection from ([a-z]+)(?: and from ([a-z]+))?")
def _protection(m: re.Match, out: CardDraft) -> None:
    """702.16a / 702.16g ("from A and from B": two protection abilities) / 702.16j (everything)."""
    quals = [protection_quality(x) for x in m.groups() if x]
    out.protection.extend(quals)


@sentence_template(r"(.+?) gains? protection from (.+?) until end of turn")
def _gains_protection(m: re.Match, targets: list) -> list:
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) and who not in (V.SELF, V.ATTACHED):
        raise Unsupported(m.string)
    quals: list[str] = []
    choice = ""
    for part in re.split(r",? (?:and|or) from |, from ", m.group(2)):
        part = part.strip()
        if part == "the color of your choice":
            choice = "you"
        elif part == "the color of its controller's choice":
            choice = "its_controller"
        else:
            quals.append(protection_quality(part))
    if " or from " in m.group(2) and (len(quals) + bool(choice)) > 1:
        raise Unsupported(m.string)  # "from artifacts or from the color of your choice": a choice between qualities
    return [GainProtection(who, tuple(quals), choice)]


@paragraph_template(r"enchanted creature has (protection from (?:white|blue|black|red|green)(?: and from (?:white|blue|black|red|green))?)\. "
                    r"this effect doesn't remove cardname")
def _protection_not_removing(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    st = build_static(para, "enchanted creature", "has " + m.group(1))
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out.abilities.append(ProtectionKeepingSource(**fields))
