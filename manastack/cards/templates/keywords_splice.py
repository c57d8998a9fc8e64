"""702.47 splice: "Splice onto Arcane [cost]", "Splice onto instant or sorcery [cost]" (a keyword line of
its own, with a mana cost, on an instant or sorcery card); the engine side is rules/alternative_costs.py
(702.47a-b: the spliced card's effects and targets added to the spell as it is cast)."""

from __future__ import annotations

import re

from ...model.costs import parse_cost
from ...model.vocab.alternative_costs import Splice
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft


@paragraph_template(r"splice onto (arcane|instant or sorcery) ((?:\{[0-9wubrgc/]+\})+)")
def _splice(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if not is_spell:
        raise Unsupported(para)  # 702.47a: only an instant or sorcery card has effects to splice
    try:
        cost = parse_cost(m.group(2).upper())
    except ValueError as exc:
        raise Unsupported(para) from exc
    if m.group(1) == "arcane":
        out.abilities.append(Splice(para, cost, onto_subtypes=frozenset({"Arcane"})))
    else:
        out.abilities.append(Splice(para, cost, onto_types=frozenset({"Instant", "Sorcery"})))
