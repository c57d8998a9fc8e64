"""Deck files: plain text ("4 Llanowar Elves", optional "Sideboard" section) and Arena export
lines ("4 Llanowar Elves (DOM) 168"). Bundled demo decks live in manastack/data/decks/.

Errors name the file and the line (InputError); an unknown card suggests the nearest name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .cards.db import get_card, suggest
from .errors import CardError, InputError

_LINE = re.compile(r"^(?:(\d+)x?\s+)?(.+?)(?:\s+\(([A-Za-z0-9]+)\)(?:\s+[A-Za-z0-9-]+)?)?\s*$")


@dataclass
class Deck:
    name: str
    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    archetype: str = ""
    lines: dict[str, int] = field(default_factory=dict)  # card → the first line naming it

    def __len__(self) -> int:
        return len(self.main)


def parse_deck(text: str, path: str = "<deck>", name: str | None = None) -> Deck:
    deck = Deck(name or Path(path).stem)
    section = deck.main
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(("#", "//")):
            m = re.match(r"^(?:#|//)\s*archetype:\s*(.+)$", line, re.I)
            if m:
                deck.archetype = m.group(1).strip()
            continue
        low = line.lower().rstrip(":")
        if low in ("sideboard", "side"):
            section = deck.sideboard
            continue
        if low in ("deck", "main", "maindeck", "main deck", "commander", "companion"):
            section = deck.main
            continue
        m = _LINE.match(line)
        if not m or not m.group(1):
            raise InputError(f"expected a line like '4 Llanowar Elves', got {line!r}", path, lineno)
        count = int(m.group(1))
        card = m.group(2).strip()
        if count <= 0:
            raise InputError(f"card count must be positive, got {count}", path, lineno)
        try:
            get_card(card)
        except CardError as exc:
            raise InputError(str(exc), path, lineno) from None
        section.extend([card] * count)
        deck.lines.setdefault(card, lineno)
    if not deck.main:
        raise InputError("the deck has no cards", path)
    return deck


def parse_dek(text: str, path: str = "<deck>", name: str | None = None) -> Deck:
    """An MTGO .dek file: <Deck><Cards Quantity="4" Sideboard="false" Name="..."/>...</Deck>."""
    import xml.etree.ElementTree as ET
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else None
        raise InputError(f"invalid .dek XML: {exc}", path, line) from None
    deck = Deck(name or Path(path).stem)
    lines = text.splitlines()
    for el in root.iter("Cards"):
        card = el.get("Name")
        qty = el.get("Quantity", "")
        line = next((i + 1 for i, ln in enumerate(lines) if f'Name="{card}"' in ln), None)
        if not card:
            raise InputError("a <Cards> element has no Name", path, line)
        if not qty.isdigit() or int(qty) <= 0:
            raise InputError(f"Quantity must be a positive integer, got {qty!r}", path, line)
        try:
            get_card(card)
        except CardError as exc:
            raise InputError(str(exc), path, line) from None
        target = deck.sideboard if el.get("Sideboard", "false").lower() == "true" else deck.main
        target.extend([card] * int(qty))
        if line is not None:
            deck.lines.setdefault(card, line)
    if not deck.main:
        raise InputError("the deck has no cards", path)
    return deck


def validate(deck: Deck, path: str | None = None) -> None:
    """Constructed deck rules (100.2a, 100.4a): at least 60 cards in the main deck, at most four
    of any card other than basic lands (main and sideboard together), at most 15 in the sideboard."""
    where = path or deck.name
    if len(deck.main) < 60:
        raise InputError(f"the main deck has {len(deck.main)} cards; at least 60 are required (100.2a)", where)
    if len(deck.sideboard) > 15:
        raise InputError(f"the sideboard has {len(deck.sideboard)} cards; at most 15 are allowed (100.4a)", where)
    counts: dict[str, int] = {}
    for c in deck.main + deck.sideboard:
        counts[c] = counts.get(c, 0) + 1
    for c, n in sorted(counts.items()):
        cd = get_card(c, require_supported=False)
        if n > 4 and "Basic" not in cd.supertypes and "any number of cards named" not in cd.oracle_text:
            raise InputError(f"{n} copies of {c!r}; at most 4 of a card other than basic lands (100.2a)", where,
                             deck.lines.get(c))


def bundled_decks() -> dict[str, Path]:
    base = resources.files("manastack").joinpath("data/decks")
    return {Path(str(p)).stem: Path(str(p)) for p in base.iterdir() if str(p).endswith(".txt")}


def load_deck(spec: str, check: bool = True) -> Deck:
    """A bundled deck's name or a path to a deck file (text, Arena export or MTGO .dek); with
    `check`, the constructed deck rules are enforced (see `validate`)."""
    decks = bundled_decks()
    if spec in decks:
        deck = parse_deck(decks[spec].read_text("utf-8"), str(decks[spec]), spec)
        if check:
            validate(deck, str(decks[spec]))
        return deck
    p = Path(spec)
    if not p.exists():
        hint = suggest_deck(spec)
        raise InputError(f"no such deck file or bundled deck{hint} (bundled: {', '.join(sorted(decks))})", spec)
    try:
        text = p.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read deck: {exc}", spec) from None
    deck = parse_dek(text, spec) if p.suffix.lower() == ".dek" else parse_deck(text, spec)
    if check:
        validate(deck, spec)
    return deck


def suggest_deck(spec: str) -> str:
    import difflib
    close = difflib.get_close_matches(spec, list(bundled_decks()), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


_BUNDLED_MAIN: dict[str, tuple[str, ...]] = {}  # a bundled deck's main deck, read and checked once


def as_card_list(deck: object) -> list[str]:
    if isinstance(deck, Deck):
        return list(deck.main)
    if isinstance(deck, str):
        if deck in _BUNDLED_MAIN:
            return list(_BUNDLED_MAIN[deck])  # package data doesn't change (simulations start many games)
        main = load_deck(deck).main
        if deck in bundled_decks():
            _BUNDLED_MAIN[deck] = tuple(main)
        return main
    if isinstance(deck, list | tuple):
        return [str(x) for x in deck]
    raise TypeError(f"not a deck: {deck!r}")


__all__ = ["Deck", "parse_deck", "parse_dek", "validate", "load_deck", "bundled_decks", "as_card_list", "suggest"]
