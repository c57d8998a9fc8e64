"""Replacement effects that multiply the tokens an effect creates (614.1a, 111.1): "If an effect would
create one or more tokens under your control, it creates twice that many of those tokens instead."
(Doubling Season, Parallel Lives, Anointed Procession), "If one or more tokens would be created, twice that
many ..." (Primal Vigor: any player's), "... creature tokens ..., three times that many" (compiled by
cards/templates/statics_tokens.py; applied by rules/effects.py create_token).

- 614.5: each applies once to an event; 616.1: several multiply in any order with the same result, so no
  order is asked. The tokens of one creation are multiplied as each is created: for factors this is the
  same number ("create two" with one doubler: four).
- 111.1: tokens are created by effects, so "If an effect would create" covers every creation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import vocab as V
from ..model.vocab.token_replacement import (  # noqa: F401 (the vocabulary this module executes)
    KIND,  # noqa: F401 (the vocabulary this module executes)
    TokenMultiplier,
)

if TYPE_CHECKING:
    from ..engine.game import Game





def token_count(g: Game, card: V.CardDef, p: int) -> int:
    """How many tokens of `card` are created under `p`'s control when an effect would create one."""
    n = 1
    for src, ab in g.statics_of_kind(KIND):
        if not isinstance(ab, TokenMultiplier) or ab.yours and src.controller != p:
            continue
        if ab.token_types and not (ab.token_types & card.types):
            continue
        n *= ab.factor
    if n != 1:
        g.log_event("token_replacement", "614.1a", card=card.name, amount=n)
    return n
