"""Statics that change land types (305.6, 305.7, 613.1d layer 4).

- 305.7: "Enchanted land is an Island" (setting a land's subtype replaces its old land types and
  their mana abilities).
- 305.6: "Lands you control are every basic land type in addition to their other types", "All lands are
  Islands in addition to their other types".
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.animate import ANIMATE, AnimateStatic
from ...model.vocab.statics import (  # noqa: F401 (the vocabulary this module executes)
    AttachedFilter,
)
from ..compiler import (
    Unsupported,
    paragraph_template,
)
from ..draft import CardDraft
from .effects_animate import parse_animation


@paragraph_template(r"enchanted land is an? (plains|island|swamp|mountain|forest)")
def _enchanted_land_is(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """305.7 / 613.1d (layer 4): setting a land's subtype replaces its old land types and removes
    the abilities of its rules text; it has the new type's mana ability (305.6)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "type_change", AttachedFilter(types=frozenset({"Land"})),
                                            subtypes=(m.group(1).capitalize(),), replace=True))


@paragraph_template(r"lands you control are every basic land type in addition to their other types")
def _every_basic_type(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """305.6 / 613.1d: the lands gain the five basic land types (and their mana abilities)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "type_change",
                                            V.ObjectFilter(types=frozenset({"Land"}), controller="you"),
                                            subtypes=("Plains", "Island", "Swamp", "Mountain", "Forest")))


@paragraph_template(r"all lands are (plains|islands|swamps|mountains|forests) in addition to their other (?:land )?types")
def _all_lands_are(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """305.6 / 613.1d: "All lands are Islands in addition to their other types" (Stormtide Leviathan):
    every land gains the basic land type (and its mana ability)."""
    if is_spell:
        raise Unsupported(para)
    sub = _LAND_PLURALS[m.group(1)]
    out.abilities.append(V.StaticAbility(para.strip(), "type_change", V.ObjectFilter(types=frozenset({"Land"})),
                                            subtypes=(sub,)))


_LAND_PLURALS = {"lands": None, "plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
                 "forests": "Forest"}


@paragraph_template(r"(all )?(lands|plains|islands|swamps|mountains|forests)( you control)? are (\d+)/(\d+) "
                    r"((?:[a-z'-]+ )*?)creatures that are still lands")
def _lands_are_creatures(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """613.1d-e, 613.4b: "Forests you control are 1/1 green Elf creatures that are still lands" (Ambush
    Commander): layers 4, 5 and 7b of rules/animate.py `AnimateStatic` (205.1b: still lands)."""
    if is_spell or bool(m.group(1)) == bool(m.group(3)):
        raise Unsupported(para)
    sub = _LAND_PLURALS[m.group(2)]
    flt = V.ObjectFilter(types=frozenset({"Land"}), subtypes=frozenset({sub}) if sub else frozenset(),
                         controller="you" if m.group(3) else None)
    animation, _kws = parse_animation(m.group(4), m.group(5), m.group(6), None)
    out.abilities.append(AnimateStatic(para.strip(), ANIMATE, flt, animation=animation))
