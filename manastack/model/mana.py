"""CR 106: mana.

- 106.1: the five colors and colorless; mana types are W, U, B, R, G and C (index order below).
- 106.4: the mana pool; it empties at the end of each step and phase (500.4).
- 106.5: an ability that would produce mana of an undefined type produces no mana.
- 106.7: what a permanent "could produce" (see `could_produce` in rules/produce.py).
"""

from __future__ import annotations

import re

TYPES = "WUBRGC"
COLORS = "WUBRG"
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}

# A bag of mana is a tuple of six ints (W, U, B, R, G, C); Python ints, so 3**30 stays exact.
Bag = tuple[int, int, int, int, int, int]
EMPTY: Bag = (0, 0, 0, 0, 0, 0)

def is_color(v: object) -> bool:
    """106.1: a color answer is exactly one of the letters W, U, B, R, G (a str): not "", "UB", "WUBRG",
    None or a number (a substring test would let "" and "UB" through)."""
    return isinstance(v, str) and len(v) == 1 and v in COLORS


_MANA_SYMBOL = re.compile(r"\{([WUBRGC])\}")


def bag_of(types: str, amount: int = 1) -> Bag:
    """`bag_of("GG")` → one bag holding each letter once, times `amount`."""
    counts = [0] * 6
    for t in types:
        counts[TYPE_INDEX[t]] += amount
    return tuple(counts)  # type: ignore[return-value]


def parse_mana(text: str) -> Bag:
    """Parse mana such as "{G}{G}{C}" (only the six mana types; "" is empty)."""
    text = text.strip()
    if not text:
        return EMPTY
    found = _MANA_SYMBOL.findall(text)
    if "".join("{" + t + "}" for t in found) != text.replace(" ", ""):
        raise ValueError(f"not a mana string: {text!r} (expected symbols like {{G}}{{W}}{{C}})")
    return bag_of("".join(found))


def add(a: Bag, b: Bag) -> Bag:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


def total(a: Bag) -> int:
    return sum(a)


def format_bag(a: Bag) -> str:
    """Render a bag as mana symbols, e.g. "{G}{G}"; huge amounts are rendered as counts."""
    if sum(a) > 60:
        return " ".join(f"{n}x{{{t}}}" for t, n in zip(TYPES, a) if n)
    return "".join("{" + t + "}" * 1 for t, n in zip(TYPES, a) for _ in range(n))


def types_in(a: Bag) -> frozenset[str]:
    return frozenset(t for t, n in zip(TYPES, a) if n)
