"""Deck files: plain text ("4 Llanowar Elves", optional "Sideboard" section) and Arena export
lines ("4 Llanowar Elves (DOM) 168"). Bundled demo decks live in manastack/data/decks/.

Errors name the file and the line (InputError); an unknown card suggests the nearest name.
"""

from __future__ import annotations

import difflib
import re
import xml.parsers.expat as expat
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .cards.db import get_card, suggest
from .errors import CardError, InputError
from .inputs import did_you_mean, read_text, strip_bom

_LINE = re.compile(r"^(.+?)(?:\s+\(([A-Za-z0-9]+)\)(?:\s+[A-Za-z0-9-]+)?)?\s*$")
_COUNT = re.compile(r"^([0-9]+)[xX]?$")
MAX_COPIES = 10_000     # copies of a card in one line; far above any format's needs
MAX_CARDS = 10_000      # cards in a deck (main deck and sideboard); refused before they are listed
MAX_LINE = 500          # characters in a line; the longest card name has about 140
MAX_DECK_BYTES = 1_000_000
DEK_CARD_ATTRS = ("CatID", "Quantity", "Sideboard", "Name", "Annotation")
DEK_ELEMENTS = ("Cards", "NetDeckID", "PreconstructedDeckID")


@dataclass
class Deck:
    name: str
    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    archetype: str = ""
    lines: dict[str, int] = field(default_factory=dict)  # card → the first line naming it

    def __len__(self) -> int:
        return len(self.main)

    def add(self, card: str, count: int, sideboard: bool, path: str, line: int | None) -> None:
        """Add `count` copies, refusing an unknown card and a deck beyond MAX_CARDS before
        anything is allocated (a line of 10^8 Forests must not exhaust memory)."""
        if len(self.main) + len(self.sideboard) + count > MAX_CARDS:
            raise InputError(f"the deck has more than {MAX_CARDS:,} cards", path, line)
        if len(card) > MAX_LINE:
            raise InputError(f"a card name of {len(card)} characters is not a card name", path, line)
        try:
            get_card(card)
        except CardError as exc:
            raise InputError(str(exc), path, line) from None
        (self.sideboard if sideboard else self.main).extend([card] * count)
        if line is not None:
            self.lines.setdefault(card, line)


def _count(token: str, path: str, line: int, what: str = "card count") -> int:
    """A count written with the digits 0-9, from 1 to MAX_COPIES; '4²', '４' and 10^23 are refused
    with a message, not a ValueError or an OverflowError."""
    m = _COUNT.match(token)
    if not m:
        raise InputError(f"{what} {token!r} is not a number (write it with the digits 0-9)", path, line)
    digits = m.group(1).lstrip("0") or "0"
    if len(digits) > len(str(MAX_COPIES)) or int(digits) > MAX_COPIES:
        raise InputError(f"{what} {m.group(1)} is too large (at most {MAX_COPIES:,} copies in one line)", path, line)
    n = int(digits)
    if n <= 0:
        raise InputError(f"{what} must be positive, got {n}", path, line)
    return n


def parse_deck(text: str, path: str = "<deck>", name: str | None = None) -> Deck:
    """A text deck: "4 Llanowar Elves" lines (Arena's "4 Llanowar Elves (DOM) 168" too), `#` or `//`
    comments, section lines "Deck" / "Sideboard" (also MTGO's "SB: 2 Duress" and Arena's "About"
    block with its "Name ..." line)."""
    deck = Deck(name or Path(path).stem)
    side = False
    in_about = False
    for lineno, raw in enumerate(strip_bom(text).splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            raise InputError(f"line of {len(line):,} characters; a deck line has at most {MAX_LINE}", path, lineno)
        if line.startswith(("#", "//")):
            m = re.match(r"^(?:#|//)\s*archetype:\s*(.+)$", line, re.I)
            if m:
                deck.archetype = m.group(1).strip()
            continue
        low = line.lower().rstrip(":").strip()
        if low == "about":
            in_about = True
            continue
        if in_about and low.startswith("name "):
            continue
        if low in ("sideboard", "side"):
            side, in_about = True, False
            continue
        if low in ("deck", "main", "maindeck", "main deck", "commander", "companion"):
            side, in_about = False, False
            continue
        in_sb_line = low.startswith("sb:")
        body = line[3:].strip() if in_sb_line else line
        parts = body.split(None, 1)
        if len(parts) < 2 or not (parts[0][0].isdigit() or parts[0][0].isnumeric()):
            raise InputError(f"expected a line like '4 Llanowar Elves', got {line!r}", path, lineno)
        count = _count(parts[0], path, lineno)
        m = _LINE.match(parts[1])
        card = m.group(1).strip() if m else parts[1].strip()
        deck.add(card, count, side or in_sb_line, path, lineno)
    if not deck.main:
        raise InputError("the deck has no cards", path)
    return deck


def parse_dek(text: str, path: str = "<deck>", name: str | None = None) -> Deck:
    """An MTGO .dek file: <Deck><Cards Quantity="4" Sideboard="false" Name="..."/>...</Deck>.
    Every attribute is checked (Sideboard is "true" or "false", Quantity a positive number ...)
    and errors name the line of the element; a DOCTYPE (entity expansion) is refused."""
    deck = Deck(name or Path(path).stem)
    parser = expat.ParserCreate(encoding="UTF-8")
    open_: list[str] = []
    cards: list[tuple[dict[str, str], int]] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        if not open_ and tag != "Deck":
            raise InputError(f"a .dek file starts with <Deck>, not <{tag}>", path, line)
        if len(open_) == 1 and tag not in DEK_ELEMENTS:
            raise InputError(f"unknown element <{tag}> in <Deck>{did_you_mean(tag, DEK_ELEMENTS)} "
                             f"(known: {', '.join(DEK_ELEMENTS)})", path, line)
        if len(open_) >= 2:
            raise InputError(f"unexpected element <{tag}> inside <{open_[-1]}>", path, line)
        open_.append(tag)
        if tag == "Cards":
            cards.append((attrs, line))

    def end(tag: str) -> None:
        open_.pop()

    def no_dtd(*_: object) -> None:
        raise InputError("a .dek file can't declare a DOCTYPE or entities", path, parser.CurrentLineNumber)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = no_dtd
    parser.EntityDeclHandler = no_dtd
    try:
        parser.Parse(strip_bom(text).encode("utf-8"), True)
    except expat.ExpatError as exc:
        raise InputError(f"invalid .dek XML: {expat.errors.messages[exc.code]}", path, exc.lineno) from None
    for attrs, line in cards:
        for k in attrs:
            if k not in DEK_CARD_ATTRS:
                raise InputError(f"unknown attribute {k}= in <Cards>{did_you_mean(k, DEK_CARD_ATTRS)} "
                                 f"(known: {', '.join(DEK_CARD_ATTRS)})", path, line)
        card = attrs.get("Name", "").strip()
        if not card:
            raise InputError("a <Cards> element has no Name", path, line)
        if "Quantity" not in attrs:
            raise InputError(f"<Cards Name={card!r}> has no Quantity", path, line)
        qty = _count(attrs["Quantity"].strip(), path, line, "Quantity")
        sb = attrs.get("Sideboard", "false").strip().lower()
        if sb not in ("true", "false"):
            raise InputError(f"Sideboard must be \"true\" or \"false\", got {attrs['Sideboard']!r}", path, line)
        cat = attrs.get("CatID")
        if cat is not None and not (cat.isascii() and cat.isdigit()):
            raise InputError(f"CatID must be a number, got {cat!r}", path, line)
        deck.add(card, qty, sb == "true", path, line)
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
        deck = parse_deck(read_text(decks[spec], "deck", MAX_DECK_BYTES), str(decks[spec]), spec)
        if check:
            validate(deck, str(decks[spec]))
        return deck
    p = Path(spec)
    if not p.exists():
        hint = suggest_deck(spec)
        raise InputError(f"no such deck file or bundled deck{hint} (bundled: {', '.join(sorted(decks))})", spec)
    text = read_text(p, "deck", MAX_DECK_BYTES)
    deck = parse_dek(text, spec) if p.suffix.lower() == ".dek" else parse_deck(text, spec)
    if check:
        validate(deck, spec)
    return deck


def suggest_deck(spec: str) -> str:
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
