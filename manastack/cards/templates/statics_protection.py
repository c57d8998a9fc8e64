"""Protection (702.16); executed by rules/protection.py.

- 702.16a / 702.16g keyword "protection from X (and from Y)": colors, card types, subtypes,
  "everything" (702.16j), "monocolored", "multicolored", "colorless".
- "[object] gains protection from [qualities] until end of turn" (613.1f layer 6, 514.2).
- "Choose a color. Creatures you control gain protection from the chosen color until end of turn" (608.2c,
  611.2c; Akroma's Blessing, Brave the Elements): `GainProtectionFromChosenColor`, the "choose a color" folded in.
- 702.16n "Enchanted creature has protection from white. This effect doesn't remove CARDNAME."
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab.protection import (  # noqa: F401 (the vocabulary this module executes)
    GainProtection,
    GainProtectionFromChosenColor,
    ProtectionKeepingSource,
)
from ..compiler import (
    EFFECTS_CHECKS,
    Unsupported,
    contains,
    keyword_template,
    paragraph_template,
    sentence_template,
)
from ..draft import CardDraft
from . import effects_core
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


@dataclass(frozen=True, slots=True)
class _ChooseColor(V.Effect):
    """"Choose a color." waiting for the sentence after it to use "the chosen color"."""


@dataclass(frozen=True, slots=True)
class _FromChosenColor(V.Effect):
    """"... gain protection from the chosen color" waiting for its "Choose a color." before it."""

    flt: V.ObjectFilter


@sentence_template(r"choose a color")
def _choose_color(m: re.Match, targets: list) -> list:
    return [_ChooseColor()]


@sentence_template(r"(.+?) gain protection from the chosen color until end of turn")
def _group_gains_chosen(m: re.Match, targets: list) -> list:
    flt = effects_core._group(m.group(1))
    if flt is None:
        raise Unsupported(m.string)
    return [_FromChosenColor(flt)]


def _fold_chosen_color(effects: list, targets: list) -> None:
    """"Choose a color." must be followed by the group's protection from it, and that must follow it; inside an
    optional or conditional effect (Kabira Evangel's "you may choose a color. If you do, ...") it is refused."""
    for e in effects:
        if not isinstance(e, (_ChooseColor, _FromChosenColor)) and _holds_marker(e):
            raise Unsupported("choose a color")
    for i, e in enumerate(effects):
        if isinstance(e, _ChooseColor) and not (i + 1 < len(effects) and isinstance(effects[i + 1], _FromChosenColor)):
            raise Unsupported("choose a color")
        if isinstance(e, _FromChosenColor):
            if not (i and isinstance(effects[i - 1], _ChooseColor)):
                raise Unsupported("the chosen color")
    out: list = []
    for e in effects:
        if isinstance(e, _FromChosenColor):
            out[-1] = GainProtectionFromChosenColor(e.flt)
        else:
            out.append(e)
    effects[:] = out


def _holds_marker(e: object) -> bool:
    return contains(e, lambda x: isinstance(x, (_ChooseColor, _FromChosenColor)))


EFFECTS_CHECKS.append(_fold_chosen_color)


@sentence_template(r"(.+?) gains? protection from (.+?) until end of turn")
def _gains_protection(m: re.Match, targets: list) -> list:
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) and who not in (V.SELF, V.ATTACHED, V.IT):
        raise Unsupported(m.string)  # "it": CARDNAME after a sentence about it (_it_is_cardname), else refused
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


def _it_is_cardname(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: "Untap CARDNAME. It gains protection from the color of your choice until end of turn"
    (Pristine Skywise): "it" is CARDNAME when the effect just before is about CARDNAME; otherwise refused."""
    for i, e in enumerate(effects):
        if isinstance(e, GainProtection) and e.target == V.IT:
            before = effects[i - 1] if i else None
            if getattr(before, "target", None) != V.SELF:
                raise Unsupported("it gains protection: no sentence about CARDNAME just before")
            effects[i] = dataclasses.replace(e, target=V.SELF)


EFFECTS_CHECKS.append(_it_is_cardname)


@paragraph_template(r"enchanted creature has (protection from (?:white|blue|black|red|green)(?: and from (?:white|blue|black|red|green))?)\. "
                    r"this effect doesn't remove cardname")
def _protection_not_removing(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    st = build_static(para, "enchanted creature", "has " + m.group(1))
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out.abilities.append(ProtectionKeepingSource(**fields))
