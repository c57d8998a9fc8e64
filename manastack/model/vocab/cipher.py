"""The vocabulary manastack/rules/cipher.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class CastEncodedCopy(V.Effect):
    """702.99a: "you may copy the encoded card and you may cast the copy without paying its mana cost";
    `card`: the encoded card in exile (filled in as the ability is granted; None in the template)."""

    card: int | None = None


@dataclass(frozen=True, slots=True)
class Cipher(V.Effect):
    """702.99a: the final part of a cipher spell's resolution: "you may exile this card encoded on a
    creature you control"; `trigger`: the ability the creature has for as long as the card is encoded
    on it ("Whenever this creature deals combat damage to a player, ...")."""

    trigger: V.TriggeredAbility


CIPHER_TRIGGER = V.TriggeredAbility(
    "Whenever this creature deals combat damage to a player, you may copy the encoded card and you may cast "
    "the copy without paying its mana cost. (702.99a)", "combat_damage_player", (CastEncodedCopy(),))
