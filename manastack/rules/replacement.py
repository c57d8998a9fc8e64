"""CR 614-616 (and 106.12b): replacement effects on mana production, and the order of several.

- 106.12b: replacement effects that apply when a permanent is "tapped for mana" (only a mana
  ability with {T} in its cost taps for mana, 106.12) modify the mana it produces.
- 614.5: a replacement effect applies at most once to an event.
- 616.1 / 616.1e / 616.1f: when several apply, the affected player (the one tapping) chooses one,
  applies it, and checks again: an effect can become applicable (Damping Sphere after Mana
  Reflection doubled the mana) or stop being so.
- 106.7: "could produce" considers replacement effects in any possible order (`outcomes`).

Effects come from static abilities on the battlefield (Mana Reflection, Nyxbloom Ancient,
Contamination, Damping Sphere) and from resolved spells and abilities lasting until end of turn
(Pale Moon, Deep Water: ContinuousEffect kind "mana_replacement").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.mana import TYPE_INDEX, Bag
from ..model.vocab import ManaReplacement, StaticAbility

if TYPE_CHECKING:
    from ..engine.game import Game
    from .continuous import Chars


@dataclass(frozen=True)
class ActiveReplacement:
    key: int  # the source object's id, or -(index+1) for an effect from a resolved spell
    name: str
    controller: int
    rep: ManaReplacement


def active(g: Game) -> list[ActiveReplacement]:
    return g.derived("_mana_replacements", lambda: _active(g))


def _active(g: Game) -> list[ActiveReplacement]:
    out: list[ActiveReplacement] = []
    for o, ab in g.statics_of_kind("mana_replacement"):  # [] at once in games where no card has one
        if isinstance(ab, StaticAbility) and ab.mana_replacement:
            out.append(ActiveReplacement(o.id, o.card.name, o.controller, ab.mana_replacement))
    for i, e in enumerate(g.s.effects):
        if e.kind == "mana_replacement":
            out.append(ActiveReplacement(-(i + 1), e.data[1], e.controller, e.data[0]))
    return out


def applies(r: ActiveReplacement, player: int, source_chars: Chars, source_controller: int, tapped: bool,
            bag: Bag) -> bool:
    if not tapped:
        return False  # 106.12: only tapping for mana
    rep = r.rep
    if rep.who == "you" and player != r.controller:
        return False
    is_land = "Land" in source_chars.types
    if rep.scope == "land" and not is_land:
        return False
    if rep.scope == "nonbasic_land" and (not is_land or "Basic" in source_chars.supertypes):
        return False
    if rep.scope == "land_you_control" and (not is_land or source_controller != r.controller):
        return False
    if rep.kind == "damp" and sum(bag) < 2:
        return False
    return sum(bag) > 0


def transform(rep: ManaReplacement, bag: Bag) -> Bag:
    if rep.kind == "multiply":
        return tuple(n * rep.factor for n in bag)  # type: ignore[return-value]
    if rep.kind in ("set", "damp"):
        out = [0] * 6
        out[TYPE_INDEX[rep.type_]] = 1
        return tuple(out)  # type: ignore[return-value]
    if rep.kind == "set_type":
        out = [0] * 6
        out[TYPE_INDEX[rep.type_]] = sum(bag)
        return tuple(out)  # type: ignore[return-value]
    return bag


def orders(g: Game, player: int, source_chars: Chars, source_controller: int, tapped: bool,
           bag: Bag) -> list[tuple[tuple[ActiveReplacement, ...], Bag]]:
    """Every way to apply the applicable effects (616.1, rechecking after each): the effects applied
    in order and the mana that results. One entry (no effects) when none applies."""
    reps = active(g)
    if not reps or not tapped:
        return [((), bag)]
    results: list[tuple[tuple[ActiveReplacement, ...], Bag]] = []

    def walk(done: tuple[ActiveReplacement, ...], cur: Bag) -> None:
        cands = [r for r in reps if r not in done and applies(r, player, source_chars, source_controller, tapped, cur)]
        if not cands:
            results.append((done, cur))
            return
        # Identical effects (three Mana Reflections, Deep Water activated twice) are
        # interchangeable: trying one of each kind gives every distinct order, without n! repeats.
        seen: set[tuple] = set()
        for r in cands:
            kind = (r.rep, r.controller, r.name)
            if kind in seen:
                continue
            seen.add(kind)
            walk(done + (r,), transform(r.rep, cur))

    walk((), bag)
    return results


def outcomes(g: Game, player: int, source_chars: Chars, source_controller: int, tapped: bool, bag: Bag) -> set[Bag]:
    return {b for _, b in orders(g, player, source_chars, source_controller, tapped, bag)}
