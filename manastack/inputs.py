"""Reading user files (scenarios, decks) safely: bounded size, UTF-8 with or without a byte-order
mark, and one-line InputErrors that name the file and the line; plus "did you mean" hints.

Shared by the scenario loader and the deck parsers so both refuse bad bytes the same way.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path

from .errors import InputError

MAX_FILE_BYTES = 4_000_000  # far above any real scenario or deck; refused before decoding


def read_text(path: str | Path, what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of a user file. A UTF-8 byte-order mark (as Windows editors write) is dropped;
    a file that is missing, too large or not UTF-8 raises InputError naming the file (and the line)."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", str(path)) from None
    if len(raw) > max_bytes:
        raise InputError(f"{what} file is larger than {max_bytes:,} bytes", str(path))
    return decode(raw, str(path), what)


def decode(raw: bytes, path: str, what: str) -> str:
    """UTF-8 (a leading byte-order mark is allowed); invalid bytes name their line and column."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"{what} is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {col})",
                         path, line) from None


def strip_bom(text: str) -> str:
    """Text handed over as a str may still start with a decoded byte-order mark."""
    return text[1:] if text.startswith("\ufeff") else text


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the nearest known word, or ''."""
    if not isinstance(word, str) or len(word) > 100:
        return ""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    if not close:
        close = [k for k in known if k.lower() == word.lower()][:1]
    return f" (did you mean {close[0]!r}?)" if close else ""


def unknown_key(key: object, known: Iterable[str], where: str) -> str:
    """The message for a key that has no meaning at its place in a file."""
    known = sorted(known)
    return f"unknown key {key!r} in {where}{did_you_mean(key, known)} (known: {', '.join(known)})"
