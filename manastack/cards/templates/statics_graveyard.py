"""Static abilities replacing a card's move to a graveyard (614.1a); executed by
rules/graveyard_replacement.py.

- "If CARDNAME would be put into a graveyard from anywhere, exile it instead" (the card's own, in
  every zone).
- "If CARDNAME would be put into a graveyard from anywhere, reveal CARDNAME and shuffle it into its owner's
  library instead".
- "If a card [or token] would be put into a graveyard / an opponent's graveyard / your graveyard from
  anywhere, exile it instead" (Rest in Peace, Leyline of the Void, Yawgmoth's Agenda), "If an instant
  or sorcery card would be put into a graveyard from anywhere, exile it instead" (Dryad Militant).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.graveyard_replacement import (
    GRAVEYARD_EXILE,
    GRAVEYARD_SHUFFLE,
    GraveyardToExile,
    GraveyardToLibrary,
)
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft
from .effects_common import parse_filter

_WHOSE = {"a": "any", "an opponent's": "opponents", "your": "yours"}


@paragraph_template(r"if cardname would be put into a graveyard from anywhere, exile it instead")
def _self_to_exile(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    out.abilities.append(GraveyardToExile(para.strip(), GRAVEYARD_EXILE, whose="self"))


@paragraph_template(r"if (cardname|a creature an opponent controls|a nontoken creature an opponent controls|another creature) "
                    r"would die, exile it instead")
def _dies_to_exile(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a / 700.4: the permanent's own, or a static ability about other creatures, as they would die."""
    if is_spell:
        raise Unsupported(para)
    if m.group(1) == "cardname":
        out.abilities.append(GraveyardToExile(para.strip(), GRAVEYARD_EXILE, whose="self", dies=True))
        return
    flt = parse_filter(m.group(1)[len("a "):] if m.group(1).startswith("a ") else m.group(1))
    out.abilities.append(GraveyardToExile(para.strip(), GRAVEYARD_EXILE, filter=flt, whose="any", tokens=True,
                                          dies=True))


@paragraph_template(r"if cardname would be put into a graveyard from anywhere, reveal cardname and shuffle it into its "
                    r"owner's library instead")
def _self_to_library(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    out.abilities.append(GraveyardToLibrary(para.strip(), GRAVEYARD_SHUFFLE))


@paragraph_template(r"if an? (card or token|card|(?:[a-z]+ )+?card) would be put into (a|an opponent's|your) graveyard "
                    r"from anywhere, exile it instead")
def _cards_to_exile(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    what = m.group(1)
    flt = V.ANY_OBJECT
    if what not in ("card", "card or token"):
        flt = parse_filter(what, allow_card=True)
        if flt == V.ANY_OBJECT or flt.controller is not None or flt.other:
            raise Unsupported(para)  # "a card you didn't control": whose card it was, not modelled
    out.abilities.append(GraveyardToExile(para.strip(), GRAVEYARD_EXILE, filter=flt, whose=_WHOSE[m.group(2)],
                                          tokens=what == "card or token"))
