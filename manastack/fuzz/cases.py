"""Fuzz cases as files: a failing game is written as JSON (seed, profile, decks, agents and the
action list), so `manastack fuzz --replay FILE` plays it again exactly, without the fuzzer's
random choices. Actions are encoded field by field (tuples as lists), which round-trips every
action class of model/actions.py."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model import actions as A

CASE_VERSION = 1


def encode(value: Any) -> Any:
    """An action (or any value inside one) as JSON data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"$": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot encode {value!r} in a fuzz case")


def decode(data: Any) -> Any:
    """The inverse of `encode` (lists become tuples: actions hold tuples only)."""
    if isinstance(data, dict):
        cls = getattr(A, str(data.get("$")), None)
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise ValueError(f"unknown action class {data.get('$')!r}")
        return cls(**{k: decode(v) for k, v in data.items() if k != "$"})
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    return data


@dataclass
class FuzzCase:
    """One fuzzed game: everything needed to play it again, and what went wrong (if anything)."""

    index: int
    seed: int
    profile: str
    deck_kinds: tuple[str, str]
    decks: tuple[list[str], list[str]]
    agents: tuple[str, str]
    agent_seeds: tuple[int, int]
    max_turns: int
    actions: list[A.Action] = field(default_factory=list)
    kind: str = ""  # "", fault, refused_listed, agent_illegal, invariant, side_effect, replay, capped
    message: str = ""
    detail: str = ""  # a traceback, or the action that failed
    end_reason: str = ""  # how the game ended (104.2, a turn cap ...), when it did
    companions: tuple[str | None, str | None] = (None, None)  # 702.139a: each player's, outside the game

    def to_json(self) -> dict[str, Any]:
        return {"version": CASE_VERSION, "index": self.index, "seed": self.seed, "profile": self.profile,
                "deck_kinds": list(self.deck_kinds), "decks": [list(d) for d in self.decks],
                "companions": list(self.companions), "agents": list(self.agents), "agent_seeds": list(self.agent_seeds), "max_turns": self.max_turns,
                "kind": self.kind, "message": self.message, "detail": self.detail, "end_reason": self.end_reason,
                "actions": [encode(a) for a in self.actions]}

    @classmethod
    def from_json(cls, data: Any, path: str) -> FuzzCase:
        try:
            if not isinstance(data, dict) or data.get("version") != CASE_VERSION:
                raise ValueError(f"not a version-{CASE_VERSION} fuzz case")
            decks = data["decks"]
            if not (isinstance(decks, list) and len(decks) == 2 and all(
                    isinstance(d, list) and all(isinstance(n, str) for n in d) for d in decks)):
                raise ValueError("'decks' must be two lists of card names")
            companions = data.get("companions", [None, None])  # cases written before companions: none
            if not (isinstance(companions, list) and len(companions) == 2 and all(
                    c is None or isinstance(c, str) for c in companions)):
                raise ValueError("'companions' must be two card names or nulls")
            return cls(index=int(data["index"]), seed=int(data["seed"]), profile=str(data["profile"]),
                       deck_kinds=(str(data["deck_kinds"][0]), str(data["deck_kinds"][1])),
                       decks=(list(decks[0]), list(decks[1])),
                       agents=(str(data["agents"][0]), str(data["agents"][1])),
                       agent_seeds=(int(data["agent_seeds"][0]), int(data["agent_seeds"][1])),
                       max_turns=int(data["max_turns"]), actions=[decode(a) for a in data["actions"]],
                       kind=str(data.get("kind", "")), message=str(data.get("message", "")),
                       detail=str(data.get("detail", "")), companions=(companions[0], companions[1]))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise InputError(f"not a fuzz case: {exc}", path) from None

    def write(self, folder: str) -> Path:
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"case-{self.seed}-{self.kind or 'ok'}.json"
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", "utf-8")
        return path


def read_case(path: str) -> FuzzCase:
    try:
        text = Path(path).read_text("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read fuzz case: {exc}", path) from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise InputError(f"not valid JSON: {exc}", path) from None
    return FuzzCase.from_json(data, path)
