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
    if not deck.main:
        raise InputError("the deck has no cards", path)
    return deck


def bundled_decks() -> dict[str, Path]:
    base = resources.files("manastack").joinpath("data/decks")
    return {Path(str(p)).stem: Path(str(p)) for p in base.iterdir() if str(p).endswith(".txt")}


def load_deck(spec: str) -> Deck:
    """A bundled deck's name or a path to a deck file."""
    decks = bundled_decks()
    if spec in decks:
        return parse_deck(decks[spec].read_text("utf-8"), str(decks[spec]), spec)
    p = Path(spec)
    if not p.exists():
        hint = suggest_deck(spec)
        raise InputError(f"no such deck file or bundled deck{hint} (bundled: {', '.join(sorted(decks))})", spec)
    try:
        text = p.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read deck: {exc}", spec) from None
    return parse_deck(text, spec)


def suggest_deck(spec: str) -> str:
    import difflib
    close = difflib.get_close_matches(spec, list(bundled_decks()), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def as_card_list(deck: object) -> list[str]:
    if isinstance(deck, Deck):
        return list(deck.main)
    if isinstance(deck, str):
        return load_deck(deck).main
    if isinstance(deck, list | tuple):
        return [str(x) for x in deck]
    raise TypeError(f"not a deck: {deck!r}")


__all__ = ["Deck", "parse_deck", "load_deck", "bundled_decks", "as_card_list", "suggest"]
