"""Random decks for the fuzzer, drawn from every card of the shipped database that compiles.

Three kinds, so that both ordinary play and strange interactions are exercised:

- colour-matched: one or two colours, 24 lands (basics of those colours and a few compiled
  nonbasic lands) and 36 spells whose colour identity fits, up to 4 copies each (100.2a);
- fully random: 36 spells of any colours, with 24 basic lands split among the colours they use;
- companion: a compiled companion (702.139a) drawn at random, and a colour-matched deck of its colours
  whose every card keeps the companion's condition (the deck size it asks for, one copy each where it
  asks for different names), so that the game starts with it outside the game (`companion_deck`).

A deck depends only on the random generator it is given and on which cards compile, so a fuzz
case records its decks as card lists (the compiler grows; the lists replay as they were).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from functools import lru_cache

from .. import decks as deck_rules
from ..cards import db
from ..model.vocab.companion import DeckSize, DistinctNames

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
             tries: int = 4000, accept: Callable[[str], bool] | None = None) -> str | None:
        """A compiled card (colour identity within `fits` unless None; a land, a nonland or either; one
        `accept` takes, unless None)."""
        for _ in range(tries):
            name = self.names[rng.randrange(len(self.names))]
            if not _compiles(name) or _basic(name):
                continue
            if want_land is not None and _is_land(name) != want_land:
                continue
            if fits is not None and not _identity(name) <= fits:
                continue
            if accept is not None and not accept(name):
                continue
            return name
        return None


_POOL: CardPool | None = None


def pool() -> CardPool:
    global _POOL
    if _POOL is None:
        _POOL = CardPool()
    return _POOL


def _accepts(accept: Callable[[list[str], str, int], bool], deck: list[str], copies: int, name: str) -> bool:
    return accept(deck, name, copies)


def _spells(rng: random.Random, fits: frozenset[str] | None, n: int,
            accept: Callable[[list[str], str, int], bool] | None = None, most: int = 4) -> list[str]:
    """`n` spells, up to `most` copies each; `accept(deck so far, name, copies)` must take each addition."""
    deck: list[str] = []
    while len(deck) < n:
        copies = min(rng.choice((1, 2, 3, 4, 4)), most, n - len(deck))
        name = pool().draw(rng, fits, want_land=False,
                           accept=None if accept is None else functools.partial(_accepts, accept, deck, copies))
        if name is None:
            break
        deck.extend([name] * copies)
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


@lru_cache(maxsize=1)
def companions() -> tuple[str, ...]:
    """Every card of the corpus with a companion ability (702.139a) that compiles, sorted."""
    out = []
    for name in corpus_names():
        if "Companion —" not in (db._corpus()[name].get("text") or "") or not _compiles(name):
            continue
        if deck_rules.companion_ability(db.get_card(name, require_supported=False)) is not None:
            out.append(name)
    return tuple(out)


def companion_deck(rng: random.Random) -> tuple[list[str], str | None]:
    """A deck built around a companion drawn at random (the module docstring), and that companion; (a
    colour-matched deck, None) when no companion compiles or the deck drawn doesn't keep its condition."""
    names = companions()
    if not names:
        return colour_matched_deck(rng), None
    companion = names[rng.randrange(len(names))]
    cond = deck_rules.companion_ability(db.get_card(companion, require_supported=False)).condition  # type: ignore[union-attr]
    size = DECK_SIZE + (cond.more_than_minimum if isinstance(cond, DeckSize) else 0)
    lands = size * LANDS // DECK_SIZE
    colors = sorted(_identity(companion), key=COLORS.index) or [rng.choice(COLORS)]
    fmt = deck_rules.DEFAULT_FORMAT

    def keeps(deck: list[str], name: str, copies: int) -> bool:
        if isinstance(cond, DeckSize):
            return True  # the size is the whole condition: built to it
        cards = [db.get_card(n, require_supported=False) for n in [*deck, *[name] * copies]]
        return not deck_rules.condition_breaks(cond, cards, fmt)

    most = 1 if isinstance(cond, DistinctNames) else 4
    deck = _spells(rng, frozenset(colors), size - lands, keeps, most) + _basics(rng, colors, lands)
    deck += _basics(rng, colors, size - len(deck))  # spells the pool couldn't fill: more lands
    if deck_rules.condition_breaks(cond, [db.get_card(n, require_supported=False) for n in deck], fmt):
        return deck, None  # basics that break it (a condition on every card): played without the companion
    return deck, companion


DECK_KINDS = ("matched", "random", "companion")


def random_deck(rng: random.Random, kind: str) -> tuple[list[str], str | None]:
    """A deck of the given kind (DECK_KINDS) and its companion (None but for the companion kind)."""
    if kind == "matched":
        return colour_matched_deck(rng), None
    if kind == "random":
        return fully_random_deck(rng), None
    if kind == "companion":
        return companion_deck(rng)
    raise ValueError(f"unknown deck kind {kind!r} ({', '.join(DECK_KINDS)})")
