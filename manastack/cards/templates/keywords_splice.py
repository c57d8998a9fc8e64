"""702.47 splice: "Splice onto Arcane [cost]", "Splice onto instant or sorcery [cost]" (a keyword line of
its own, with a mana cost, on an instant or sorcery card); the engine side is rules/alternative_costs.py
(702.47a-b: the spliced card's effects and targets added to the spell as it is cast)."""

from __future__ import annotations

import re

from ...model.costs import parse_cost
from ...model.vocab import ObjectFilter
from ...model.vocab.alternative_costs import OtherCost, Splice
from ..compiler import NUMBERS, Unsupported, paragraph_template
from ..draft import CardDraft
from .casting import parse_other_cost


@paragraph_template(r"splice onto (arcane|instant or sorcery)(?: ((?:\{[0-9wubrgc/]+\})+)|—(.+?)\.?)")
def _splice(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """A mana cost, or (after a dash) a cost that isn't only mana: "Sacrifice two Mountains", "Tap an untapped
    white creature you control", "Exile four cards from your graveyard" (templates/casting.py parse_other_cost)."""
    if not is_spell:
        raise Unsupported(para)  # 702.47a: only an instant or sorcery card has effects to splice
    other = None
    mana = m.group(2) or ""
    if m.group(3):
        exiled = re.fullmatch(r"exile (two|three|four|five) cards from your graveyard", m.group(3))
        if exiled:
            other = OtherCost(exile_from_graveyard=ObjectFilter(), exile_count=int(NUMBERS[exiled.group(1)]))
        else:
            mana, other = parse_other_cost(m.group(3))
    try:
        cost = parse_cost(mana.upper())
    except ValueError as exc:
        raise Unsupported(para) from exc
    onto = {"onto_subtypes": frozenset({"Arcane"})} if m.group(1) == "arcane" else \
        {"onto_types": frozenset({"Instant", "Sorcery"})}
    out.abilities.append(Splice(para, cost, other=other, **onto))  # type: ignore[arg-type]
