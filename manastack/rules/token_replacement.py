"""Replacement effects that multiply the tokens an effect creates (614.1a, 111.1): "If an effect would
create one or more tokens under your control, it creates twice that many of those tokens instead."
(Doubling Season, Parallel Lives, Anointed Procession), "If one or more tokens would be created, twice that
many ..." (Primal Vigor: any player's), "... creature tokens ..., three times that many" (compiled by
cards/templates/statics_tokens.py): replacement effects on the TokenCreated event (rules/effects.py
create_token performs it through Game.perform; this module's registry.REPLACEMENTS[TokenCreated] finder).

- 614.5: each applies once to an event; 616.1: several multiply in any order with the same result, so no
  order is asked (the door finds the orders equal). The tokens of one creation are multiplied as each
  is created: for factors this is the same number ("create two" with one doubler: four).
- 111.1: tokens are created by effects, so "If an effect would create" covers every creation.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING

from ..engine import registry
from ..engine.registry import Replacement
from ..model.events import Event, TokenCreated
from ..model.vocab.token_replacement import (  # noqa: F401 (the vocabulary this module executes)
    KIND,  # noqa: F401 (the vocabulary this module executes)
    TokenMultiplier,
)

if TYPE_CHECKING:
    from ..engine.game import Game


def _times(factor: int, ev: TokenCreated) -> TokenCreated:
    return dataclasses.replace(ev, amount=ev.amount * factor)


def _multipliers(g: Game, ev: Event) -> list[Replacement]:
    """614.1a: the token multipliers that apply to `ev` (tokens of `ev.card` under `ev.player`'s control)."""
    assert isinstance(ev, TokenCreated)
    statics = g.statics_of_kind(KIND)
    if not statics:
        return []
    out = []
    for i, (src, ab) in enumerate(statics):
        if not isinstance(ab, TokenMultiplier) or ab.yours and src.controller != ev.player:
            continue
        if ab.token_types and not (ab.token_types & ev.card.types):
            continue
        # multiplying commutes: effects of equal factor give the same events whichever applies first
        out.append(Replacement((KIND, i, src.id), src.card.name, partial(_times, ab.factor),  # type: ignore[arg-type]
                               same=(KIND, ab.factor)))
    return out


registry.REPLACEMENTS.setdefault(TokenCreated, []).append(_multipliers)
