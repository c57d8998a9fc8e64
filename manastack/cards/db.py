"""The card database: the cards shipped with the package (cards/data/cards.json), compiled on
first use, plus token definitions (111)."""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from importlib import resources

from ..errors import CardError
from .compiler import compile_card
from .vocab import CardDef


@lru_cache(maxsize=1)
def _records() -> dict[str, dict]:
    data = json.loads(resources.files("manastack.cards").joinpath("data/cards.json").read_text("utf-8"))
    return {c["name"]: c for c in data}


_compiled: dict[str, CardDef] = {}


def card_names() -> list[str]:
    return sorted(_records())


def suggest(name: str) -> str:
    """" (did you mean 'Llanowar Elves'?)" or ""."""
    lower = {n.lower(): n for n in _records()}
    if name.lower() in lower:
        return f" (did you mean {lower[name.lower()]!r}?)"
    close = difflib.get_close_matches(name, list(_records()), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def get_card(name: str, require_supported: bool = True) -> CardDef:
    """The compiled card named exactly `name`. Raises CardError for an unknown card (naming the
    nearest known name) or, with `require_supported`, for a card whose text isn't supported."""
    cd = _compiled.get(name)
    if cd is None:
        rec = _records().get(name)
        if rec is None:
            raise CardError(f"unknown card {name!r}{suggest(name)}")
        cd = compile_card(rec)
        _compiled[name] = cd
    if require_supported and cd.unsupported:
        raise CardError(f"card {name!r} is not supported: cannot compile {cd.unsupported[0]!r}")
    return cd


def all_cards() -> list[CardDef]:
    return [get_card(n, require_supported=False) for n in card_names()]


_tokens: dict[str, CardDef] = {}


def token_def(key: str) -> CardDef:
    """A token definition from a CreateToken key "Name|P|T|color|is_artifact|keywords" (111.4)."""
    cd = _tokens.get(key)
    if cd is None:
        name, p, t, color, artifact, kws = key.split("|")
        from .compiler import COLOR_WORDS, parse_keywords
        types = {"Creature"} | ({"Artifact"} if artifact == "True" else set())
        cd = CardDef(
            name=name, mana_cost=compile_card({"name": "x"}).mana_cost, types=frozenset(types),
            subtypes=frozenset({name}), supertypes=frozenset(),
            colors=frozenset({COLOR_WORDS[color]}) if color in COLOR_WORDS else frozenset(),
            power=int(p), toughness=int(t), loyalty=None,
            keywords=frozenset(parse_keywords(kws) or ()) if kws else frozenset(),
            abilities=(), spell=None, type_line=f"Token {' '.join(sorted(types))} — {name}", is_token=True,
        )
        _tokens[key] = cd
    return cd
