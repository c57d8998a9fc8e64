"""Replacement effects multiplying the tokens created (614.1a); the engine side is
rules/token_replacement.py (TokenMultiplier, applied by rules/effects.py create_token).

- "If an effect would create one or more tokens under your control, it creates twice that many of those
  tokens instead." (Doubling Season, Parallel Lives, Anointed Procession)
- "If one or more tokens would be created [under your control], twice that many of those tokens are created
  instead." (Primal Vigor, Mondrak, Adrix and Nev); "... creature tokens ..., three times that many".
Replacements that add other tokens ("those tokens plus a Clue token") apply once per event and are not
compiled here.
"""

from __future__ import annotations

import re

from ...model.vocab.token_replacement import KIND, TokenMultiplier
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft

_FACTOR = {"twice": 2, "three times": 3}
_TYPES = {"": frozenset(), "creature ": frozenset({"Creature"}), "artifact ": frozenset({"Artifact"})}


def _add(para: str, out: CardDraft, is_spell: bool, kind: str, yours: bool, factor: str) -> None:
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(TokenMultiplier(para.strip(), KIND, factor=_FACTOR[factor], yours=yours,
                                            token_types=_TYPES[kind]))


@paragraph_template(r"if an effect would create one or more (creature |artifact |)tokens under your control, "
                    r"it creates (twice|three times) that many of those tokens instead")
def _effect_would_create(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a / 111.1: every token is created by an effect."""
    _add(para, out, is_spell, m.group(1), True, m.group(2))


@paragraph_template(r"if one or more (creature |artifact |)tokens would be created( under your control)?, "
                    r"(twice|three times) that many of those tokens are created instead")
def _tokens_would_be_created(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a: without "under your control" (Primal Vigor), tokens any player would create."""
    _add(para, out, is_spell, m.group(1), bool(m.group(2)), m.group(3))
