"""702.49 ninjutsu: "Ninjutsu [cost]" (a keyword line of its own); the engine side is rules/ninjutsu.py
(an ability of the card in its owner's hand, rules/activation.py). Commander ninjutsu (702.49d, the
command zone) is not compiled."""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab.ninjutsu import EnterAttacking, Ninjutsu
from ..compiler import Unsupported, keyword_template
from ..draft import CardDraft


@keyword_template(r"ninjutsu ((?:\{[0-9wubrgc/]+\})+)")
def _ninjutsu(m: re.Match, out: CardDraft) -> None:
    """702.49a: "[Cost], Reveal this card from your hand, Return an unblocked attacking creature you control
    to its owner's hand: Put this card onto the battlefield from your hand tapped and attacking.\""""
    try:
        mana = parse_cost(m.group(1).upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    out.abilities.append(Ninjutsu(m.group(0), V.Cost(mana=mana), (EnterAttacking(),)))
