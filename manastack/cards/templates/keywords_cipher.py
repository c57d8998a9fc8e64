"""702.99 cipher: "Cipher" (a keyword line of its own on an instant or sorcery); the engine side is
rules/cipher.py. The keyword is the final part of the spell's resolution (702.99a): its `Cipher` effect
follows every effect of the paragraphs above it."""

from __future__ import annotations

import re

from ...model.vocab.cipher import CIPHER_TRIGGER, Cipher
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft


@paragraph_template(r"cipher")
def _cipher(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.99a: only an instant or sorcery spell with effects of its own encodes itself."""
    if not is_spell or not out.spell_text or not out.spell_effects:
        raise Unsupported(para)
    out.spell_effects.append(Cipher(CIPHER_TRIGGER))
