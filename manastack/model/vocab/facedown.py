"""The vocabulary manastack/rules/facedown.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..costs import ManaCost, parse_cost
from . import Effect, ObjectFilter, Ref, StaticAbility


@dataclass(frozen=True, slots=True)
class LookAtFaceDown(Effect):
    """"Look at target face-down creature" (708.5 lets only its controller look): the player learns what
    it is; nothing in the game changes (the engine's log records it)."""

    target: Ref | None = None


@dataclass(frozen=True, slots=True)
class ReturnFaceDown(Effect):
    """"When CARDNAME dies, return it to the battlefield face down under your control" (708.3: turned face
    down before it enters; 708.2a: a 2/2 with no text, no name, no subtypes, no mana cost). The card is
    found where the dying moved it (400.7: only if it is still in that graveyard)."""


@dataclass(frozen=True, slots=True)
class FaceDownCost(StaticAbility):
    """Morph / megamorph / disguise [cost] (702.37a-b, 702.168a): the card may be cast face down for
    {3}; the face-down permanent may be turned face up by paying `cost`. kind: "morph", "megamorph",
    "disguise"."""

    cost: ManaCost = dataclasses.field(default_factory=lambda: parse_cost(""))
    # A morph cost that isn't mana (702.37a "Morph—[cost]"): ("reveal", color letter) "Reveal a white card
    # in your hand", ("life", n) "Pay N life", ("discard", "") "Discard a card"; None: `cost` is mana.
    other: tuple[str, str | int] | None = None


@dataclass(frozen=True, slots=True)
class Manifest(Effect):
    """"Manifest the top card of your library" (701.34a); `cloak` (701.56a): the same with ward {2};
    `counters`: "..., then put N +1/+1 counters on it" (on the manifested permanent)."""

    cloak: bool = False
    counters: int = 0


@dataclass(frozen=True, slots=True)
class ManifestDread(Effect):
    """701.60a: look at the top two cards of your library, manifest one of them, then put the cards
    you looked at that were not manifested into your graveyard. `attach`: "..., then attach this
    Equipment to that creature" (701.3a)."""

    attach: bool = False


@dataclass(frozen=True, slots=True)
class TurnFaceDown(Effect):
    """"Turn CARDNAME face down" / "Turn target creature with a morph ability face down" (`target`) (708.2a:
    a 2/2 creature with no text, no name, no subtypes and no mana cost; 708.2b: a face-down permanent
    stays as it is). It can be turned face up again only by a morph or disguise cost it has face up
    (702.37e)."""

    target: Ref | None = None


@dataclass(frozen=True, slots=True)
class TurnFaceUpEffect(Effect):
    """"Turn target face-down creature face up" (708.8; no cost is paid). 701.34g: a manifested instant or
    sorcery card is revealed and stays face down."""

    target: Ref | None = None


@dataclass(frozen=True, slots=True)
class WithMorphFilter(ObjectFilter):
    """"creature with a morph ability" (702.37a; megamorph is a morph ability, 702.37b), face up."""


