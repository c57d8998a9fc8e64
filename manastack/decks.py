"""Deck files: plain text ("4 Llanowar Elves", optional "Sideboard" and "Companion" sections) and Arena
export lines ("4 Llanowar Elves (DOM) 168"), MTGO .dek files. Bundled demo decks live in
manastack/data/decks/.

Deck construction (100.2a constructed: at least 60 cards, at most four of a card other than basic
lands, a sideboard of at most 15 (100.4a); 100.2b limited: at least 40 cards, any number of copies).
Names are looked up as lists write them (cards.db.resolve_name). Every problem of a deck is found in
one go (check_deck): every unknown or unsupported card with its line and the sentences the compiler
refused, and the format's rules. Only the main deck is played: an unsupported sideboard or companion
card is a warning, not a refusal. Errors name the file and the line (InputError).

Companion (702.139a-b, 103.2b): a deck's companion is the card of its "Companion" section (Arena), or else
the first card of its sideboard (MTGO lists) with a companion ability whose condition the starting deck
(the main deck: the sideboard and the companion aren't part of it) fulfils. A "Companion" section's card
whose condition isn't fulfilled refuses the deck, naming what breaks it (companion_of). The companion's
condition is a deck predicate of model/vocab/companion.py, checked here.
"""

from __future__ import annotations

import difflib
import re
import xml.parsers.expat as expat
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .cards.db import get_card, resolve_name, suggest
from .errors import CardError, InputError
from .inputs import did_you_mean, read_text, strip_bom
from .model.vocab import ActivatedAbility, CardDef, ManaAbility
from .model.vocab.companion import (
    ANY_CARD,
    CREATURE_CARDS,
    NONLAND_CARDS,
    PERMANENT_CARDS,
    CardTest,
    Companion,
    DeckCondition,
    DeckSize,
    DistinctNames,
    EveryCard,
    HasActivatedAbility,
    HasSubtype,
    ManaValueAtLeast,
    ManaValueAtMost,
    ManaValueParity,
    NoRepeatedManaSymbol,
    SharedCardType,
)

_LINE = re.compile(r"^(.+?)(?:\s+\(([A-Za-z0-9]+)\)(?:\s+[A-Za-z0-9-]+)?)?\s*$")
_COUNT = re.compile(r"^([0-9]+)[xX]?$")
MAX_COPIES = 10_000     # copies of a card in one line; far above any format's needs
MAX_CARDS = 10_000      # cards in a deck (main deck and sideboard); refused before they are listed
MAX_LINE = 500          # characters in a line; the longest card name has about 140
MAX_DECK_BYTES = 1_000_000
DEK_CARD_ATTRS = ("CatID", "Quantity", "Sideboard", "Name", "Annotation")
DEK_ELEMENTS = ("Cards", "NetDeckID", "PreconstructedDeckID")
FORMATS = ("constructed", "limited")
DEFAULT_FORMAT = "constructed"  # a file that names none: the bundled, bench and tournament decks are 60-card decks
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15}
_UP_TO = re.compile(r"A deck can have up to (\w+) cards named")

MAIN, SIDEBOARD, COMPANION = "main", "sideboard", "companion"


@dataclass(frozen=True)
class CardProblem:
    """One line's card that can't be played: unknown (or fitting several cards), or unsupported."""
    written: str           # the name as the file writes it
    card: str              # the card's exact name (the written name when unknown)
    line: int | None
    section: str           # main, sideboard or companion
    kind: str              # "unknown" or "unsupported"
    message: str           # one sentence, naming the card (and the nearest name or the refused text)
    sentences: tuple[str, ...] = ()  # the sentences the compiler refused (CardDef.unsupported)
    copies: int = 0

    @property
    def blocking(self) -> bool:
        """An unknown name anywhere is a mistake in the file; an unsupported card only blocks the main deck."""
        return self.kind == "unknown" or self.section == MAIN


@dataclass
class Deck:
    name: str
    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    archetype: str = ""
    lines: dict[str, int] = field(default_factory=dict)  # card → the first line naming it
    companion: list[str] = field(default_factory=list)  # a "Companion" section (702.139): outside the main deck
    format: str | None = None  # from a "# format:" line
    path: str = "<deck>"
    problems: list[CardProblem] = field(default_factory=list)  # every card that can't be played, in file order
    # 702.139a: the companion as load_deck worked it out (companion_of); None: not worked out yet.
    companion_choice: CompanionChoice | None = None

    def __len__(self) -> int:
        return len(self.main)

    def add(self, card: str, count: int, sideboard: bool | str, path: str, line: int | None) -> None:
        """Add `count` copies under the card's exact name, refusing a deck beyond MAX_CARDS before
        anything is allocated (a line of 10^8 Forests must not exhaust memory). An unknown or
        unsupported card is recorded in `problems` (all of them are reported together)."""
        section = sideboard if isinstance(sideboard, str) else (SIDEBOARD if sideboard else MAIN)
        if len(self.main) + len(self.sideboard) + len(self.companion) + count > MAX_CARDS:
            raise InputError(f"the deck has more than {MAX_CARDS:,} cards", path, line)
        if len(card) > MAX_LINE:
            raise InputError(f"a card name of {len(card)} characters is not a card name", path, line)
        name = card
        try:
            exact = resolve_name(card)
        except CardError as exc:  # a name that fits several cards
            exact = None
            self.problems.append(CardProblem(card, card, line, section, "unknown", str(exc), (), count))
        else:
            if exact is None:
                self.problems.append(CardProblem(card, card, line, section, "unknown",
                                                 f"unknown card {card!r}{suggest(card)}", (), count))
            else:
                name = exact
                cd = get_card(exact, require_supported=False)
                if cd.unsupported:
                    said = "; ".join(repr(u) for u in cd.unsupported)
                    self.problems.append(CardProblem(card, exact, line, section, "unsupported",
                                                     f"card {exact!r} is not supported: cannot compile {said}",
                                                     tuple(cd.unsupported), count))
        {MAIN: self.main, SIDEBOARD: self.sideboard, COMPANION: self.companion}[section].extend([name] * count)
        if line is not None:
            self.lines.setdefault(name, line)

    def blocking_problems(self) -> list[CardProblem]:
        return [p for p in self.problems if p.blocking]

    def warnings(self) -> list[str]:
        """Unsupported cards outside the main deck: games use the main deck only."""
        return [f"line {p.line}: {p.section} {p.message} (not played: games use the main deck)"
                if p.line is not None else f"{p.section} {p.message}"
                for p in self.problems if not p.blocking]


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


def parse_deck(text: str, path: str = "<deck>", name: str | None = None, strict: bool = True) -> Deck:
    """A text deck: "4 Llanowar Elves" lines (Arena's "4 Llanowar Elves (DOM) 168" too), `#` or `//`
    comments (`# archetype: ...`, `# format: constructed|limited`), section lines "Deck" / "Sideboard" /
    "Companion" (also MTGO's "SB: 2 Duress" and Arena's "About" block with its "Name ..." line).
    With `strict`, a deck with cards that can't be played is refused, naming all of them (see refuse)."""
    deck = Deck(name or Path(path).stem, path=path)
    section = MAIN
    in_about = False
    for lineno, raw in enumerate(strip_bom(text).splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            raise InputError(f"line of {len(line):,} characters; a deck line has at most {MAX_LINE}", path, lineno)
        if line.startswith(("#", "//")):
            m = re.match(r"^(?:#|//)\s*(archetype|format):\s*(.*)$", line, re.I)
            if m and m.group(1).lower() == "archetype":
                deck.archetype = m.group(2).strip()
            elif m:
                deck.format = check_format(m.group(2).strip().lower(), path, lineno)
            continue
        low = line.lower().rstrip(":").strip()
        if low == "about":
            in_about = True
            continue
        if in_about and low.startswith("name "):
            continue
        if low in ("sideboard", "side"):
            section, in_about = SIDEBOARD, False
            continue
        if low == "companion":  # Arena lists the companion apart (702.139); it is not in the main deck
            section, in_about = COMPANION, False
            continue
        if low in ("deck", "main", "maindeck", "main deck", "commander"):
            section, in_about = MAIN, False
            continue
        in_sb_line = low.startswith("sb:")
        body = line[3:].strip() if in_sb_line else line
        parts = body.split(None, 1)
        if len(parts) < 2 or not (parts[0][0].isdigit() or parts[0][0].isnumeric()):
            raise InputError(f"expected a line like '4 Llanowar Elves', got {line!r}", path, lineno)
        count = _count(parts[0], path, lineno)
        m = _LINE.match(parts[1])
        card = m.group(1).strip() if m else parts[1].strip()
        deck.add(card, count, SIDEBOARD if in_sb_line else section, path, lineno)
    if not deck.main:
        raise InputError("the deck has no cards", path)
    if strict:
        refuse(deck, deck.blocking_problems())
    return deck


def check_format(fmt: str, path: str, line: int | None = None) -> str:
    if fmt not in FORMATS:
        raise InputError(f"unknown deck format {fmt!r}{did_you_mean(fmt, FORMATS)} (known: {', '.join(FORMATS)})",
                         path, line)
    return fmt


def parse_dek(text: str, path: str = "<deck>", name: str | None = None, strict: bool = True) -> Deck:
    """An MTGO .dek file: <Deck><Cards Quantity="4" Sideboard="false" Name="..."/>...</Deck>.
    Every attribute is checked (Sideboard is "true" or "false", Quantity a positive number ...)
    and errors name the line of the element; a DOCTYPE (entity expansion) is refused. `strict` as in
    parse_deck."""
    deck = Deck(name or Path(path).stem, path=path)
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
    if strict:
        refuse(deck, deck.blocking_problems())
    return deck


def copy_limit(cd: object) -> int | None:
    """How many copies of a card a constructed deck may hold (100.2a): four, any number of a basic land
    or of a card saying "A deck can have any number of cards named ...", or the number it names
    ("up to seven cards named Seven Dwarves"). None: any number."""
    text = getattr(cd, "oracle_text", "") or ""
    if "Basic" in getattr(cd, "supertypes", ()) or "any number of cards named" in text:
        return None
    m = _UP_TO.search(text)
    if m:
        word = m.group(1).lower()
        return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 4)
    return 4


def format_problems(deck: Deck, fmt: str | None = None) -> list[tuple[int | None, str]]:
    """The deck-construction rules the deck breaks, as (line, message) pairs: constructed (100.2a) at
    least 60 cards in the main deck, at most four of any card other than basic lands (main deck and
    sideboard together), at most 15 in the sideboard (100.4a); limited (100.2b) at least 40 cards,
    any number of copies. `fmt` overrides the file's "# format:" line; neither: DEFAULT_FORMAT."""
    fmt = fmt or deck.format or DEFAULT_FORMAT
    out: list[tuple[int | None, str]] = []
    if fmt == "limited":
        if len(deck.main) < 40:
            out.append((None, f"the main deck has {len(deck.main)} cards; a limited deck has at least 40 (100.2b)"))
        return out
    if len(deck.main) < 60:
        out.append((None, f"the main deck has {len(deck.main)} cards; a constructed deck has at least 60 (100.2a)"))
    if len(deck.sideboard) > 15:
        out.append((None, f"the sideboard has {len(deck.sideboard)} cards; at most 15 are allowed (100.4a)"))
    unknown = {p.written for p in deck.problems if p.kind == "unknown"}
    counts: dict[str, int] = {}
    for c in deck.main + deck.sideboard:
        counts[c] = counts.get(c, 0) + 1
    for c, n in sorted(counts.items()):
        if n <= 4 or c in unknown:
            continue
        limit = copy_limit(get_card(c, require_supported=False))
        if limit is not None and n > limit:
            out.append((deck.lines.get(c), f"{n} copies of {c!r}; a constructed deck has at most {limit} of a card "
                                           "other than basic lands (100.2a)"))
    return out


# --- companion (702.139) -------------------------------------------------------------------------

MIN_DECK_SIZE = {"constructed": 60, "limited": 40}  # 100.2a-b: what Yorion's "minimum deck size" is
SHOWN_BREAKERS = 3  # the cards named when a companion's condition is broken
BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
# Keyword abilities that are activated abilities (702): they count for "has an activated ability" (Zirda).
ACTIVATED_KEYWORDS = ("equip", "cycling", "crew", "reconfigure", "ninjutsu", "unearth", "embalm", "eternalize",
                      "scavenge", "channel", "transmute", "level up", "outlast", "fortify", "boast", "exhaust",
                      "transfigure", "forecast", "saddle", "basic landcycling", "typecycling", "landcycling")
_ACTIVATED_LINE = re.compile(r'^[^"“(]*?(?:\{[^}]+\}|[+−-]\d+|\b0)[^"“]*?: ', re.M)
_SYMBOL = re.compile(r"\{[^}]+\}")


@dataclass(frozen=True)
class CompanionChoice:
    """The deck's companion (702.139a), worked out by companion_of: its name (None: no companion in games),
    the deck-construction problems ((line, message): a "Companion" section's card whose condition the
    starting deck breaks), and warnings (a companion that doesn't compile: games are played without it)."""

    name: str | None = None
    problems: tuple[tuple[int | None, str], ...] = ()
    warnings: tuple[str, ...] = ()


def companion_ability(cd: CardDef) -> Companion | None:
    """The card's companion ability (702.139a; compiled even when another sentence of the card isn't)."""
    return next((ab for ab in cd.abilities if isinstance(ab, Companion)), None)


def _in_scope(cd: CardDef, scope: str) -> bool:
    if scope == PERMANENT_CARDS:
        return cd.is_permanent_card  # 110.4a: artifact, creature, enchantment, land, planeswalker, battle cards
    if scope == NONLAND_CARDS:
        return "Land" not in cd.types
    if scope == CREATURE_CARDS:
        return "Creature" in cd.types
    return scope == ANY_CARD


def has_activated_ability(cd: CardDef) -> bool:
    """Whether a card has an activated ability (602.1; mana abilities, 605.1a, and loyalty abilities count;
    a basic land type gives one, 305.6; so do abilities that work from another zone, cycling ...)."""
    if cd.subtypes & BASIC_LAND_TYPES or any(isinstance(ab, ActivatedAbility | ManaAbility) for ab in cd.abilities):
        return True
    text = cd.oracle_text.lower()
    if any(re.search(rf"(?m)^{kw}\b", text) for kw in ACTIVATED_KEYWORDS):
        return True
    return bool(_ACTIVATED_LINE.search(cd.oracle_text))


def card_passes(test: CardTest, cd: CardDef) -> bool:
    """Whether one card passes a companion condition's card test (202.3: mana value, X counting as 0)."""
    mv = cd.mana_cost.mana_value
    if isinstance(test, ManaValueAtMost):
        return mv <= test.amount
    if isinstance(test, ManaValueAtLeast):
        return mv >= test.amount
    if isinstance(test, ManaValueParity):
        return (mv % 2 == 0) == test.even
    if isinstance(test, HasSubtype):
        return bool(cd.subtypes & test.subtypes)
    if isinstance(test, HasActivatedAbility):
        return has_activated_ability(cd)
    if isinstance(test, NoRepeatedManaSymbol):
        symbols = _SYMBOL.findall(cd.mana_cost.text.upper())
        return len(symbols) == len(set(symbols))
    raise TypeError(f"unknown companion card test {test!r}")


def condition_breaks(cond: DeckCondition, cards: list[CardDef], fmt: str) -> list[str]:
    """What in the starting deck `cards` breaks a companion's condition (702.139a, 702.139b): the cards
    that do (each name once, in deck order), or a sentence for a condition on the whole deck; [] when the
    condition is fulfilled."""
    if isinstance(cond, EveryCard):
        return list(dict.fromkeys(cd.name for cd in cards if _in_scope(cd, cond.scope)
                                  and not card_passes(cond.test, cd)))
    if isinstance(cond, DeckSize):
        need = MIN_DECK_SIZE.get(fmt, 60) + cond.more_than_minimum
        return [] if len(cards) >= need else [f"the starting deck has {len(cards)} cards, not the {need} it needs"]
    if isinstance(cond, DistinctNames):
        seen: dict[str, int] = {}
        for cd in cards:
            if _in_scope(cd, cond.scope):
                seen[cd.name] = seen.get(cd.name, 0) + 1
        return [f"{n} ({k} copies)" for n, k in seen.items() if k > 1]
    if isinstance(cond, SharedCardType):
        scoped = [cd for cd in cards if _in_scope(cd, cond.scope)]
        if not scoped:
            return []
        shared = frozenset.intersection(*(cd.types for cd in scoped))
        if shared:
            return []
        # the cards that share no type with the deck's most common card type
        counts: dict[str, int] = {}
        for cd in scoped:
            for t in sorted(cd.types):
                counts[t] = counts.get(t, 0) + 1
        common = max(sorted(counts), key=lambda t: counts[t])
        return list(dict.fromkeys(cd.name for cd in scoped if common not in cd.types))
    raise TypeError(f"unknown companion condition {cond!r}")


def _breaks_message(card: str, ab: Companion, breaks: list[str]) -> str:
    shown = ", ".join(breaks[:SHOWN_BREAKERS]) + (f" and {len(breaks) - SHOWN_BREAKERS} more"
                                                  if len(breaks) > SHOWN_BREAKERS else "")
    condition = ab.text.split("—", 1)[-1].strip().rstrip(".")
    return (f"companion {card!r}: the starting deck doesn't fulfil its condition (702.139a: {condition}): "
            f"{shown}")


def _main_defs(deck: Deck) -> list[CardDef]:
    unknown = {p.card for p in deck.problems if p.kind == "unknown"}
    memo: dict[str, CardDef] = {}
    out = []
    for n in deck.main:
        if n in unknown:
            continue
        cd = memo.get(n)
        if cd is None:
            cd = memo[n] = get_card(n, require_supported=False)
        out.append(cd)
    return out


def companion_of(deck: Deck, fmt: str | None = None) -> CompanionChoice:
    """702.139a / 103.2b: the deck's companion. The card of a "Companion" section (its condition must be
    fulfilled by the starting deck, else a problem naming the first cards that break it); without one, the
    first sideboard card in file order with a companion ability whose condition the starting deck fulfils.
    A companion that doesn't compile is a warning, and games are played without it."""
    fmt = fmt or deck.format or DEFAULT_FORMAT
    unknown = {p.card for p in deck.problems if p.kind == "unknown"}
    section = [n for n in dict.fromkeys(deck.companion) if n not in unknown]
    candidates = section or [n for n in dict.fromkeys(deck.sideboard) if n not in unknown]
    if not candidates:
        return CompanionChoice()
    main: list[CardDef] | None = None
    problems: list[tuple[int | None, str]] = []
    if len(section) > 1:
        problems.append((deck.lines.get(section[1]), f"the Companion section names {len(section)} cards; a player "
                                                     "reveals at most one companion (103.2b, 702.139a)"))
    for name in candidates[:1] if section else candidates:
        cd = get_card(name, require_supported=False)
        ab = companion_ability(cd)
        if ab is None:
            if section and not cd.unsupported:  # an unsupported card is a warning already (Deck.warnings)
                problems.append((deck.lines.get(name), f"{name!r} in the Companion section has no companion "
                                                       "ability (702.139a)"))
            continue
        if main is None:
            main = _main_defs(deck)
        breaks = condition_breaks(ab.condition, main, fmt)
        if breaks:
            if section:
                problems.append((deck.lines.get(name), _breaks_message(name, ab, breaks)))
            continue
        if cd.unsupported:
            return CompanionChoice(None, tuple(problems), (f"companion {name!r} is not supported, so games are "
                                                           "played without it (702.139a)",))
        return CompanionChoice(name, tuple(problems))
    return CompanionChoice(None, tuple(problems))


def validate(deck: Deck, path: str | None = None, fmt: str | None = None) -> None:
    """The deck-construction rules of the format (see format_problems) and the companion's condition (702.139a,
    companion_of), every broken one in one error."""
    refuse(deck, [], format_problems(deck, fmt) + list(companion_of(deck, fmt).problems), path)


def refuse(deck: Deck, cards: list[CardProblem], rules: list[tuple[int | None, str]] | None = None,
           path: str | None = None) -> None:
    """Raise one InputError naming the file and listing every problem (each with its line), or return."""
    items = [(p.line, p.message) for p in cards] + list(rules or [])
    if not items:
        return
    where = path or deck.path or deck.name
    if len(items) == 1:
        raise InputError(items[0][1], where, items[0][0])
    first = next((ln for ln, _ in items if ln is not None), None)
    listed = "; ".join(f"line {ln}: {m}" if ln is not None else m for ln, m in items)
    n_cards = len(cards)
    head = f"{n_cards} card{'s' if n_cards != 1 else ''} can't be played" if n_cards else "the deck breaks the rules"
    if n_cards and len(items) > n_cards:
        head += " and the deck breaks the rules"
    raise InputError(f"{head}: {listed}", where, first)


@dataclass
class DeckReport:
    """What `decks check` says of one deck."""
    file: str
    playable: bool
    format: str
    main_cards: int
    sideboard_cards: int
    copies_supported: int  # copies of the main deck that compile
    unknown: list[str]
    unsupported: list[str]           # main-deck cards (they refuse the deck)
    unsupported_sideboard: list[str]  # sideboard and companion cards (warnings)
    sentences: dict[str, list[str]]  # card → the sentences the compiler refused
    errors: list[str]
    warnings: list[str]
    companion: str | None = None  # 702.139a: the companion games are played with (companion_of)
    games_played: int = 0  # `decks check --games N`: the trial games played against a bundled deck
    faults: list[str] = field(default_factory=list)  # the trial games the engine failed, with replay commands

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def check_deck(path: str, fmt: str | None = None) -> DeckReport:
    """Every problem of one deck file, found in one go; bad input (a malformed line) is reported too."""
    try:
        deck = read_deck(path, strict=False)
    except InputError as exc:
        return DeckReport(path, False, fmt or DEFAULT_FORMAT, 0, 0, 0, [], [], [], {}, [str(exc)], [])
    choice = companion_of(deck, fmt)
    rules = format_problems(deck, fmt) + list(choice.problems)
    blocking = deck.blocking_problems()
    errors = [f"{path}:{p.line}: {p.message}" if p.line is not None else f"{path}: {p.message}" for p in blocking]
    errors += [f"{path}:{ln}: {m}" if ln is not None else f"{path}: {m}" for ln, m in rules]
    unsupported_main = [p for p in deck.problems if p.kind == "unsupported" and p.section == MAIN]
    bad_copies = sum(p.copies for p in deck.problems if p.section == MAIN)
    names = _problem_names
    return DeckReport(
        file=path, playable=not errors, format=fmt or deck.format or DEFAULT_FORMAT,
        main_cards=len(deck.main), sideboard_cards=len(deck.sideboard) + len(deck.companion),
        copies_supported=len(deck.main) - bad_copies,
        unknown=names(p for p in deck.problems if p.kind == "unknown"),
        unsupported=names(unsupported_main),
        unsupported_sideboard=[n for n in names(p for p in deck.problems if p.kind == "unsupported"
                                                and p.section != MAIN) if n not in names(unsupported_main)],
        sentences={p.card: list(p.sentences) for p in deck.problems if p.kind == "unsupported"},
        errors=errors, warnings=[f"{path}: {w}" for w in deck.warnings() + list(choice.warnings)],
        companion=choice.name)


def _problem_names(problems: Iterable[CardProblem]) -> list[str]:
    return list(dict.fromkeys(p.card for p in problems))


DECK_SUFFIXES = (".txt", ".dek")


def deck_files(paths: Iterable[str]) -> list[tuple[str, str]]:
    """(file, folder) for every deck file under the paths (folders recursively, in name order); the
    folder is the file's folder relative to the path given, for the summary. A missing path, or a
    folder without deck files, is bad input."""
    out: list[tuple[str, str]] = []
    for spec in paths:
        p = Path(spec)
        if p.is_file():
            out.append((spec, p.parent.name or "."))
            continue
        if not p.is_dir():
            raise InputError("no such deck file or folder", spec)
        found = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in DECK_SUFFIXES)
        if not found:
            raise InputError("no deck files (*.txt, *.dek) in this folder", spec)
        for f in found:
            rel = f.parent.relative_to(p).as_posix()
            out.append((str(f), rel if rel != "." else (p.name or spec)))
    return out


@dataclass
class CheckSummary:
    """The figures of `decks check` over many decks: per folder, and the unsupported cards weighted
    by the number of decks that hold them (what the compiler should learn next)."""
    folders: dict[str, list[int]] = field(default_factory=dict)  # folder -> [playable, decks, supported, copies]
    card_decks: dict[str, int] = field(default_factory=dict)     # unsupported card -> decks holding it anywhere
    card_blocks: dict[str, int] = field(default_factory=dict)    # unsupported card -> decks it refuses (main)
    first_sentence: dict[str, str] = field(default_factory=dict)

    def add(self, folder: str, r: DeckReport) -> None:
        f = self.folders.setdefault(folder, [0, 0, 0, 0])
        f[0] += r.playable
        f[1] += 1
        f[2] += r.copies_supported
        f[3] += r.main_cards
        for c in dict.fromkeys(r.unsupported + r.unsupported_sideboard):
            self.card_decks[c] = self.card_decks.get(c, 0) + 1
            self.first_sentence.setdefault(c, (r.sentences.get(c) or [""])[0])
        for c in r.unsupported:
            self.card_blocks[c] = self.card_blocks.get(c, 0) + 1

    def top(self, n: int) -> list[tuple[str, int, int]]:
        """(card, decks, decks refused), most decks first, then most refused, then by name."""
        rows = [(c, d, self.card_blocks.get(c, 0)) for c, d in self.card_decks.items()]
        rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
        return rows[:n]

    def totals(self) -> list[int]:
        return [sum(v[i] for v in self.folders.values()) for i in range(4)]


def read_deck(path: str, name: str | None = None, strict: bool = True) -> Deck:
    text = read_text(Path(path), "deck", MAX_DECK_BYTES)
    if Path(path).suffix.lower() == ".dek":
        return parse_dek(text, path, name, strict)
    return parse_deck(text, path, name, strict)


def bundled_decks() -> dict[str, Path]:
    base = resources.files("manastack").joinpath("data/decks")
    return {Path(str(p)).stem: Path(str(p)) for p in base.iterdir() if str(p).endswith(".txt")}


def load_deck(spec: str, check: bool = True, fmt: str | None = None) -> Deck:
    """A bundled deck's name or a path to a deck file (text, Arena export or MTGO .dek). A card that
    can't be played (unknown anywhere, unsupported in the main deck) refuses the deck; with `check`,
    so does a broken deck-construction rule of the format (`fmt`, else the file's, see format_problems).
    The one error lists every problem, each with its line."""
    decks = bundled_decks()
    if spec in decks:
        path, name = str(decks[spec]), spec
    else:
        path, name = spec, None
        if not Path(spec).exists():
            hint = suggest_deck(spec)
            raise InputError(f"no such deck file or bundled deck{hint} (bundled: {', '.join(sorted(decks))})", spec)
    deck = read_deck(path, name, strict=False)
    choice = companion_of(deck, fmt)
    refuse(deck, deck.blocking_problems(), (format_problems(deck, fmt) if check else []) + list(choice.problems), path)
    deck.companion_choice = choice
    return deck


def suggest_deck(spec: str) -> str:
    close = difflib.get_close_matches(spec, list(bundled_decks()), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


_BUNDLED_MAIN: dict[str, tuple[str, ...]] = {}  # a bundled deck's main deck, read and checked once


def as_card_list(deck: object) -> list[str]:
    """The main deck's card names, for Game.new_game. A Deck or a list with cards that can't be played
    is refused with every one of them named (and the file and line, for a Deck read from a file)."""
    if isinstance(deck, Deck):
        _check_cards(deck.main, deck.path, deck.lines)
        return list(deck.main)
    if isinstance(deck, str):
        if deck in _BUNDLED_MAIN:
            return list(_BUNDLED_MAIN[deck])  # package data doesn't change (simulations start many games)
        main = load_deck(deck).main
        if deck in bundled_decks():
            _BUNDLED_MAIN[deck] = tuple(main)
        return main
    if isinstance(deck, list | tuple):
        names = [str(x) for x in deck]
        _check_cards(names, "<card list>", {})
        return names
    raise TypeError(f"not a deck: {deck!r}")


def companion_card(deck: object) -> str | None:
    """The companion (702.139a) of a deck handed to Game.new_game: a Deck's (as load_deck worked it out, else
    companion_of), a deck file's or bundled deck's; a list of card names has none."""
    if isinstance(deck, Deck):
        return (deck.companion_choice or companion_of(deck)).name
    if isinstance(deck, str):
        if deck in _BUNDLED_COMPANION:
            return _BUNDLED_COMPANION[deck]
        found = load_deck(deck).companion_choice
        name = found.name if found is not None else None
        if deck in bundled_decks():
            _BUNDLED_COMPANION[deck] = name
        return name
    return None


_BUNDLED_COMPANION: dict[str, str | None] = {}


def sideboard_cards(deck: object, companion: str | None, fmt: str | None = None) -> list[str]:
    """400.11a: the cards of a deck handed to Game.new_game that start outside the game besides its
    companion: a Deck's or deck file's sideboard (a list of card names has none), less the one copy that is
    the companion when it was chosen from the sideboard. Unknown and unsupported cards are left out (the deck
    check warns of them): an effect that brings a card into the game (a wish, 400.11b) can't fetch them.
    `fmt`: the deck rules a deck file is read by (its own `# format:` line without it)."""
    if isinstance(deck, str):
        loaded = _BUNDLED_DECKS.get(deck) if fmt is None else None
        if loaded is None:
            loaded = load_deck(deck, fmt=fmt)
            if fmt is None and deck in bundled_decks():
                _BUNDLED_DECKS[deck] = loaded  # package data doesn't change (simulations start many games)
        return _playable_sideboard(loaded, companion)
    if isinstance(deck, Deck):
        return _playable_sideboard(deck, companion)
    return []


def _playable_sideboard(deck: Deck, companion: str | None) -> list[str]:
    bad = {p.card for p in deck.problems if p.section == SIDEBOARD}
    out = [n for n in deck.sideboard if n not in bad]
    if companion is not None and companion in out and companion not in deck.companion:
        out.remove(companion)  # the companion is revealed from the sideboard (103.2b), not a second copy
    return out


_BUNDLED_DECKS: dict[str, Deck] = {}


def check_companion(name: str, main: list[str], fmt: str | None = None) -> str:
    """A companion named for a game (Game.new_game's `companions`): a known card that compiles, with a
    companion ability whose condition the starting deck `main` fulfils (702.139a), else InputError.
    Returns the card's exact name."""
    exact = resolve_name(name)
    if exact is None:
        raise InputError(f"unknown card {name!r}{suggest(name)}", "<companion>")
    cd = get_card(exact, require_supported=False)
    ab = companion_ability(cd)
    if ab is None:
        raise InputError(f"{exact!r} has no companion ability (702.139a)", "<companion>")
    if cd.unsupported:
        raise InputError(f"card {exact!r} is not supported: cannot compile "
                         + "; ".join(repr(u) for u in cd.unsupported), "<companion>")
    breaks = condition_breaks(ab.condition, [get_card(n, require_supported=False) for n in main],
                              fmt or DEFAULT_FORMAT)
    if breaks:
        raise InputError(_breaks_message(exact, ab, breaks), "<companion>")
    return exact


def _check_cards(names: list[str], path: str, lines: dict[str, int]) -> None:
    """Every distinct name once (a dict lookup each when compiled already: simulations start many games)."""
    probe = Deck("", path=path)
    for n in dict.fromkeys(names):
        try:
            get_card(n)
        except CardError:
            probe.add(n, 1, MAIN, path, lines.get(n))
    refuse(probe, probe.problems)


__all__ = ["Deck", "CardProblem", "DeckReport", "parse_deck", "parse_dek", "read_deck", "validate",
           "format_problems", "check_deck", "load_deck", "bundled_decks", "as_card_list", "suggest", "FORMATS",
           "CompanionChoice", "companion_of", "companion_card", "check_companion", "condition_breaks"]
