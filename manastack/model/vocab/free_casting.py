"""The vocabulary manastack/rules/free_casting.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class CastFromExile(V.Effect):
    """702.88a rebound: "you may cast this card from exile without paying its mana cost" (the source)."""


@dataclass(frozen=True, slots=True)
class CascadeEffect(V.Effect):
    """702.85a: "When you cast this spell, exile cards from the top of your library until you exile a
    nonland card whose mana value is less than this spell's mana value. You may cast that card without
    paying its mana cost if the resulting spell's mana value is less than this spell's mana value. Then
    put all cards exiled this way that weren't cast on the bottom of your library in a random order"."""


@dataclass(frozen=True, slots=True)
class RippleReveal(V.Effect):
    """702.60a ripple N: "When you cast this spell, you may reveal the top N cards of your library. If you
    do, you may cast any revealed cards with the same name as this spell without paying their mana costs.
    Put the rest on the bottom of your library in any order." (The "may reveal" is the V.Optional around
    this effect.)"""

    n: int




@dataclass(frozen=True, slots=True)
class CastTargetCard(V.Effect):
    """608.2g: "you may cast target instant or sorcery card [with mana value ...] from your graveyard
    without paying its mana cost. If that spell would be put into your graveyard, exile it instead"
    (Dreadhorde Arcanist, Goblin Dark-Dwellers, Torrential Gearhulk): the target card, cast while the
    ability resolves; the spell remembers the replacement (614.1a) in its choices."""

    target: V.Ref
    exile_instead: bool = True


@dataclass(frozen=True, slots=True)
class ExileTopCopyCast(V.Effect):
    """Chandra, Pyromaster's [−7]: "Exile the top ten cards of your library. Choose an instant or sorcery card
    exiled this way and copy it three times. You may cast the copies without paying their mana costs." (406.3,
    707.12: the copies are created in exile and may be cast, 608.2g; one not cast ceases to exist, 704.5d)."""

    n: int
    filter: V.ObjectFilter
    copies: int



@dataclass(frozen=True, slots=True)
class CastOneAmong(V.Effect):
    """608.2g: "Target opponent reveals their hand. You may cast an instant or sorcery spell from among those
    cards without paying its mana cost" (Mindclaw Shaman; `among` "revealed_hand": the hand revealed just
    before), "... from among them" after "look at the top N cards of your library" ("looked"), "You may look at
    the top card of your library. You may cast it without paying its mana cost if it's an instant or sorcery
    spell" (Galvanoth; "top": the top card of the controller's library as it resolves): at most one card
    matching `filter`, cast while the ability resolves."""

    filter: V.ObjectFilter
    among: str  # "revealed_hand", "looked" or "top"


@dataclass(frozen=True, slots=True)
class SearchEachLibraryExile(V.Effect):
    """"For each player, search that player's library for a nonland card and exile it, then that player shuffles"
    (701.19a-b: the controller searches each library and may find nothing; 701.20a), with `cast_free`: "You may
    cast those cards without paying their mana costs" (608.2g: any of them, in the order the controller chooses)."""

    filter: V.ObjectFilter
    cast_free: bool = False

