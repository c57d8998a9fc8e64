"""Object and target phrases of Oracle text → ObjectFilter and TargetSpec (model/vocab.py) for the
compiler and the templates (115.1-115.2 targets, 601.2c; 109.2 object types in phrases).

- "nonblack creature", "artifact or enchantment", "tapped creature", "nonland permanent", "creature card
  with mana value 3 or less" → (kind, filter) (`parse_object_phrase`).
- "target creature an opponent controls", "any target", "target player" → a Ref to a new TargetSpec or a
  fixed player (`parse_target`).
Raises compiler.Unsupported for phrases it doesn't know.
"""

from __future__ import annotations

import re

from ..model.vocab import (
    EACH_OPPONENT,
    EACH_PLAYER,
    EVENT_PLAYER_CONTROLS,
    SELF,
    YOU,
    ObjectFilter,
    Ref,
    TargetSpec,
)
from .words import CARD_TYPES, COLOR_WORDS, Unsupported


def parse_object_phrase(phrase: str) -> tuple[str, ObjectFilter]:
    """"nonblack creature", "artifact or enchantment", "tapped creature", "nonland permanent",
    "creature card with mana value 3 or less" → (kind, filter). Raises Unsupported."""
    p = phrase.strip().lower()
    controller = None
    for suffix, who in ((" you control", "you"), (" an opponent controls", "opponent"),
                        (" your opponents control", "opponent")):
        if p.endswith(suffix):
            p = p[: -len(suffix)]
            controller = who
    max_mv = None
    m = re.match(r"^(.*) card with (?:mana value|converted mana cost) (\d+) or less from your graveyard$", p)
    if m:
        kinds = m.group(1)
        if kinds not in CARD_TYPES:
            raise Unsupported(phrase)
        return "graveyard_card", ObjectFilter(types=frozenset({kinds.capitalize()}),
                                              max_mana_value=int(m.group(2)), controller="you")
    tapped = None
    aob = False
    non_types: set[str] = set()
    non_colors: set[str] = set()
    words = p.split()
    while words:
        w = words[0]
        if w == "tapped":
            tapped = True
        elif w == "untapped":
            tapped = False
        elif w == "attacking" and words[1:3] == ["or", "blocking"]:
            aob = True
            words = words[2:]
        elif w.startswith("non") and w[3:] in CARD_TYPES:
            non_types.add(w[3:].capitalize())
        elif w.startswith("non") and w[3:] in COLOR_WORDS:
            non_colors.add(COLOR_WORDS[w[3:]])
        else:
            break
        words = words[1:]
    rest = " ".join(words)
    types = [t.strip() for t in re.split(r", (?:and/or |or )?| or | and/or ", rest)]
    kinds = set()
    for t in types:
        if t == "" and (non_types or non_colors):
            continue  # "noncreature" alone: any object that isn't a creature
        if t in CARD_TYPES:
            kinds.add(t.capitalize())
        elif t == "permanent":
            pass
        else:
            raise Unsupported(phrase)
    flt = ObjectFilter(types=frozenset(kinds), non_types=frozenset(non_types),
                       non_colors=frozenset(non_colors), tapped=tapped, attacking_or_blocking=aob,
                       controller=controller, max_mana_value=max_mv)
    return "permanent", flt


def parse_target(phrase: str, targets: list[TargetSpec]) -> Ref | str:
    """A target phrase → a Ref to a new TargetSpec (appended to `targets`) or a fixed player."""
    p = phrase.strip().lower()
    if p == "any target":
        spec = TargetSpec("any", text=p)
    elif p == "target player":
        spec = TargetSpec("player", text=p)
    elif p == "target opponent":
        spec = TargetSpec("opponent", text=p)
    elif p == "target player or planeswalker":
        spec = TargetSpec("player_or_planeswalker", text=p)
    elif p == "target opponent or planeswalker":
        # 115.1: an opponent, or any planeswalker (the filter's controller speaks of the player only)
        spec = TargetSpec("player_or_planeswalker", ObjectFilter(controller="opponent"), text=p)
    elif p == "each opponent":
        return EACH_OPPONENT
    elif p == "each player":
        return EACH_PLAYER
    elif p == "you":
        return YOU
    elif p == "cardname":
        return SELF
    elif p.startswith("target ") and p.endswith(" that player controls") and not targets:
        # "target creature that player controls": the player of the trigger event (a triggered ability's only:
        # templates/effects_player_groups.py refuses it elsewhere)
        kind, flt = parse_object_phrase(p[len("target "):-len(" that player controls")])
        if kind != "permanent" or flt.controller is not None:
            raise Unsupported(phrase)
        spec = TargetSpec(kind, flt, text=p, controlled_by=EVENT_PLAYER_CONTROLS)
    elif p.startswith("target "):
        m = re.match(r"^target (?:(.*) )?spell$", p)
        if m:
            q = m.group(1)
            if not q:
                flt = ObjectFilter()
            else:
                _, flt = parse_object_phrase(q)
            spec = TargetSpec("spell", flt, text=p)
        else:
            kind, flt = parse_object_phrase(p[len("target "):])
            spec = TargetSpec(kind, flt, text=p)
    else:
        raise Unsupported(phrase)
    targets.append(spec)
    return Ref(len(targets) - 1)
