"""What a card compiles to, readable: `manastack cards show NAME` (issue 13). The compiled abilities
are printed in the typed vocabulary (manastack.model.vocab), each field left at its default omitted,
so a reader sees what the engine will do (602 activated, 603 triggered, 604 static abilities; 608
a spell's effects) and, for a card that doesn't compile, the sentences the compiler refused."""

from __future__ import annotations

import dataclasses
from enum import Enum

from ..model.vocab import CardDef


def compact(value: object) -> str:
    """A dataclass as Name(field=value, ...) without the fields at their defaults; sets sorted (the
    output is the same every run); a cost or mana cost by its text when it has one."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        text = getattr(value, "text", None)
        if type(value).__name__ == "ManaCost" and isinstance(text, str):
            return text or "{0}"
        parts = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and v == f.default_factory():
                continue
            if f.name == "text" and isinstance(v, str):
                continue  # printed as the ability's heading
            parts.append(f"{f.name}={compact(v)}")
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, frozenset | set):
        return "{" + ", ".join(sorted(compact(v) for v in value)) + "}"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(compact(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, Enum):
        return value.name
    return repr(value)


def describe(cd: CardDef) -> list[str]:
    """The lines `cards show` prints for one card."""
    pt = f"  {cd.power}/{cd.toughness}" if cd.power is not None and cd.toughness is not None else ""
    loyalty = f"  loyalty {cd.loyalty}" if cd.loyalty is not None else ""
    out = [f"{cd.name}  {cd.mana_cost.text or '(no mana cost)'}  {cd.type_line}{pt}{loyalty}"]
    out += [f"  | {line}" for line in (cd.oracle_text or "").splitlines()]
    if cd.unsupported:
        out.append(f"NOT SUPPORTED: the compiler can't compile {len(cd.unsupported)} sentence"
                   f"{'s' if len(cd.unsupported) != 1 else ''} (the card is refused, never half-working):")
        out += [f"  - {u}" for u in cd.unsupported]
    else:
        out.append("supported; compiles to:")
    if cd.unsupported and (cd.abilities or (cd.spell and (cd.spell.effects or cd.spell.targets)) or cd.keywords):
        out.append("what did compile (unused while a sentence is refused):")
    if cd.keywords:
        out.append(f"  keywords: {', '.join(sorted(cd.keywords))}")
    if cd.protection:
        out.append(f"  protection: {', '.join(cd.protection)}")
    for ab in cd.abilities:
        text = getattr(ab, "text", "")
        out.append(f"  {type(ab).__name__}{f': {text}' if text else ''}")
        out.append(f"      {compact(ab)}")
    if cd.spell is not None and (cd.spell.effects or cd.spell.targets):
        out.append("  spell (608.2):")
        for t in cd.spell.targets:
            out.append(f"      target: {compact(t)}")
        for e in cd.spell.effects:
            out.append(f"      effect: {compact(e)}")
    if not cd.unsupported and not (cd.abilities or cd.spell or cd.keywords) and cd.layout != "split":
        out.append("  (no abilities)")
    for i, face in enumerate(cd.faces, 1):  # 715.2, 712.2, 709.1: the card's parts
        label = {"adventure": "its Adventure (715)", "modal_dfc": "its back face (712)",
                 "transform": "its back face (712, transforms: 701.28)"}.get(
            cd.layout, f"half {i} (709)")
        out.append(f"{label}:")
        out += [f"    {line}" for line in describe(face)]
    return out
