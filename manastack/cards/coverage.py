"""Honest compiler coverage: how many cards of a corpus compile completely (every sentence maps to
engine abilities), and which sentences block the rest."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..errors import InputError
from .compiler import compile_card
from .db import from_mtgjson, from_scryfall


@dataclass
class Coverage:
    total: int = 0
    compiled: int = 0
    sentences: Counter = field(default_factory=Counter)  # normalised sentence → cards it blocks
    only_blocker: Counter = field(default_factory=Counter)  # sentence → cards blocked by it alone
    unsupported: list[tuple[str, str]] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.compiled / self.total if self.total else 0.0

    def as_dict(self, top: int = 25) -> dict:
        return {"total": self.total, "compiled": self.compiled, "share": round(self.share, 4),
                "top_uncompiled": [{"sentence": s, "cards": n} for s, n in self.sentences.most_common(top)]}


def load_corpus(path: str | None) -> list[dict]:
    """Card records from the shipped corpus, or a file: an MTGJSON list (.json or .json.gz), an
    MTGJSON AtomicCards.json, or a Scryfall card list."""
    if path is None:
        raw = resources.files("manastack.cards").joinpath("data/oracle-cards-2026.json.gz").read_bytes()
        data = json.loads(gzip.decompress(raw))
    else:
        p = Path(path)
        try:
            blob = p.read_bytes()
            if path.endswith(".gz"):
                blob = gzip.decompress(blob)
            data = json.loads(blob)
        except (OSError, ValueError, EOFError) as exc:
            raise InputError(f"cannot read corpus: {exc}", path) from None
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        out = []
        for name, faces in data["data"].items():
            f = dict(faces[0])
            f.setdefault("name", name)
            out.append(from_mtgjson(f))
        return out
    if not isinstance(data, list):
        raise InputError("expected a list of cards or an MTGJSON AtomicCards file", path)
    return [from_mtgjson(c) if ("manaCost" in c or "text" in c or "type" in c) else from_scryfall(c) for c in data
            if isinstance(c, dict) and "name" in c]


def normalise_sentence(s: str) -> str:
    s = re.sub(r"\{\d+\}", "{N}", s)
    return re.sub(r"\b\d+\b", "N", s)


def measure(records: list[dict]) -> Coverage:
    cov = Coverage()
    for rec in records:
        cd = compile_card(rec)
        cov.total += 1
        if not cd.unsupported:
            cov.compiled += 1
            continue
        cov.unsupported.append((cd.name, cd.unsupported[0]))
        keys = {normalise_sentence(u) for u in cd.unsupported}
        for k in keys:
            cov.sentences[k] += 1
        if len(keys) == 1:
            cov.only_blocker[next(iter(keys))] += 1
    return cov
