"""Random decks for the fuzzer, drawn from every card of the shipped database that compiles.

Two kinds, so that both ordinary play and strange interactions are exercised:

- colour-matched: one or two colours, 24 lands (basics of those colours and a few compiled
  nonbasic lands) and 36 spells whose colour identity fits, up to 4 copies each (100.2a);
- fully random: 36 spells of any colours, with 24 basic lands split among the colours they use.

A deck depends only on the random generator it is given and on which cards compile, so a fuzz
case records its decks as card lists (the compiler grows; the lists replay as they were).
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..cards import db

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
COLORS = "WUBRG"
DECK_SIZE = 60
LANDS = 24
# Cards that are not played from a 60-card deck (other game variants) or that only make sense with
# rules the engine doesn't model (ante, subgames).
_NOT_DECK_TYPES = ("Conspiracy", "Contraption", "Attraction", "Stickers", "Dungeon", "Scheme", "Phenomenon",
                   "Plane", "Vanguard", "Emblem", "Token", "Card")
_NOT_DECK_TEXT = ("ante", "subgame")


@lru_cache(maxsize=1)
def corpus_names() -> tuple[str, ...]:
    """Every card name of the shipped corpus that could be put in a deck, sorted (a fixed order, so
    the same seed draws the same names on every machine)."""
    names = []
    for name, rec in db._corpus().items():
        type_line = rec.get("type") or ""
        main_types = type_line.split("—")[0].split()
        if any(t in main_types for t in _NOT_DECK_TYPES):
            continue
        text = (rec.get("text") or "").lower()
        if any(f" {w} " in f" {text} " for w in _NOT_DECK_TEXT):
            continue
        names.append(name)
    return tuple(sorted(names))


def _identity(name: str) -> frozenset[str]:
    rec = db._corpus().get(name) or {}
    ident = rec.get("colorIdentity")
    if isinstance(ident, list):
        return frozenset(c for c in ident if c in COLORS)
    return frozenset(db.get_card(name, require_supported=False).colors)


def _compiles(name: str) -> bool:
    return not db.get_card(name, require_supported=False).unsupported


def _is_land(name: str) -> bool:
    return "Land" in db.get_card(name, require_supported=False).types


def _basic(name: str) -> bool:
    return "Basic" in db.get_card(name, require_supported=False).supertypes


class CardPool:
    """Draws compiled cards at random: a uniformly random corpus name is compiled on first use and
    kept if it compiles completely (about 40% do), so no run has to compile the whole corpus first."""

    def __init__(self) -> None:
        self.names = corpus_names()

    def draw(self, rng: random.Random, fits: frozenset[str] | None, want_land: bool | None,
             tries: int = 4000) -> str | None:
        """A compiled card (colour identity within `fits` unless None; a land, a nonland or either)."""
        for _ in range(tries):
            name = self.names[rng.randrange(len(self.names))]
            if not _compiles(name) or _basic(name):
                continue
            if want_land is not None and _is_land(name) != want_land:
                continue
            if fits is not None and not _identity(name) <= fits:
                continue
            return name
        return None


_POOL: CardPool | None = None


def pool() -> CardPool:
    global _POOL
    if _POOL is None:
        _POOL = CardPool()
    return _POOL


def _spells(rng: random.Random, fits: frozenset[str] | None, n: int) -> list[str]:
    deck: list[str] = []
    while len(deck) < n:
        name = pool().draw(rng, fits, want_land=False)
        if name is None:
            break
        deck.extend([name] * min(rng.choice((1, 2, 3, 4, 4)), n - len(deck)))
    return deck


def _basics(rng: random.Random, colors: list[str], n: int) -> list[str]:
    if not colors:
        colors = [rng.choice(COLORS)]
    return [BASICS[colors[i % len(colors)]] for i in range(n)]


def colour_matched_deck(rng: random.Random) -> list[str]:
    colors = rng.sample(COLORS, rng.choice((1, 2, 2)))
    fits = frozenset(colors)
    nonbasic: list[str] = []
    for _ in range(rng.randrange(3)):
        land = pool().draw(rng, fits, want_land=True)
        if land is not None:
            nonbasic.extend([land] * rng.choice((1, 2, 4)))
    nonbasic = nonbasic[:8]
    return _spells(rng, fits, DECK_SIZE - LANDS) + nonbasic + _basics(rng, colors, LANDS - len(nonbasic))


def fully_random_deck(rng: random.Random) -> list[str]:
    spells = _spells(rng, None, DECK_SIZE - LANDS)
    used = sorted({c for name in spells for c in _identity(name)}, key=COLORS.index)
    return spells + _basics(rng, used, DECK_SIZE - len(spells))


def random_deck(rng: random.Random, kind: str) -> list[str]:
    """A 60-card deck of the given kind ('matched' or 'random')."""
    if kind == "matched":
        return colour_matched_deck(rng)
    if kind == "random":
        return fully_random_deck(rng)
    raise ValueError(f"unknown deck kind {kind!r} (matched, random)")
