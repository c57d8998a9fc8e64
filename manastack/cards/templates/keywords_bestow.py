"""702.103 bestow: "Bestow [cost]" (a keyword line of its own, on a creature card); the engine side is
rules/alternative_costs.py (the alternative cost, 601.2b, and the bestowed characteristics, 702.103b) and
rules/bestow.py (702.103e-f: it ceases to be bestowed)."""

from __future__ import annotations

import re

from ...model.costs import parse_cost
from ...model.vocab.alternative_costs import Bestow
from ..compiler import Unsupported, keyword_template
from ..draft import CardDraft


@keyword_template(r"bestow ((?:\{[0-9wubrgcx/]+\})+)")
def _bestow(m: re.Match, out: CardDraft) -> None:
    try:
        cost = parse_cost(m.group(1).upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    out.abilities.append(Bestow(m.group(0), cost))
