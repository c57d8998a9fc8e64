"""Damage divided among targets (CR 601.2c-d, 608.2b, 107.1a, 115.7f); the templates are in
cards/templates/effects_divided.py.

- 601.2c: "among one, two, or three targets" is one instance of the word "target" (115.3: each object
  or player once), its first target required; "any number of targets" is a repeating target spec
  (rules/targeting.py fitted_specs): the player announces how many targets they choose.
- 601.2d: as the spell is cast, after its targets, its controller announces the division: one number
  per chosen target, in the order of the targets, each at least 1, together the whole amount (X counts
  as the number chosen for it). It is the CastSpell choice ("divide", (n1, n2, ...)); without it the
  player is asked (Game.choose "divide", the scenario answer a list of numbers, `choose: [[2, 1]]`).
  With one target the division is that target's alone (not asked). A cast with more targets than the
  amount can be divided among is refused.
- 608.2b: as it resolves, an illegal target isn't dealt damage; the division stands (the other targets
  are dealt the damage announced for them, not more). 107.1a / "divided evenly, rounded down": each
  target is dealt the amount divided by the number of targets chosen, rounded down (no division is
  announced); illegal targets still count for the division.
- "Distribute N +1/+1 counters among one or two target creatures": the same division (601.2d), of
  counters (each put on through rules/counter_replacement.py, 122.6).
- 603.3d / 601.2d: a triggered ability's division ("When this creature dies, it deals 3 damage divided as you
  choose among one, two, or three targets", Gang of Devils) is chosen as it is put on the stack, after its
  targets (decision "trigger_divide"), and rides on the stack item's choices.
- 615.7: "Prevent the next 4 damage that would be dealt this turn to any number of targets, divided as you
  choose" (Embolden, Remedy): the same division (601.2d), a prevention shield on each legal target for its
  part (rules/prevention.py).
- 115.7f / 707.10: a copy of the spell copies the division (it is one of the item's choices).
- Agents: the casts listed (registry.CAST_ACTION_EXPANSIONS) carry a few divisions each: the
  even one (the remainder to the first targets) and, for each target, the one giving it the most.
- 601.2f: "This spell costs {1} more to cast for each target beyond the first" (rules/cost_modifiers.py
  counts the targets chosen, CostCount "extra_targets").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb
from typing import TYPE_CHECKING, cast, overload

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.vocab.divided import DIVIDE, Divided, DividedCounters, DividedDamage, DividedPrevention
from . import add_hook, counter_replacement, effect_context, effects

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.costs import Requirement
    from ..model.state import Obj
    from ..model.vocab import CardDef


def divided_of(card: CardDef) -> Divided | None:
    """The spell's division (the templates allow one, among the spell's own effects), or None."""
    if card.spell is None:
        return None
    return next((e for e in card.spell.effects if isinstance(e, Divided)), None)


def group_indices(e: Divided, n_targets: int) -> range:
    """The indices of the targets the damage is divided among (count 0: to the last target)."""
    return range(e.first, e.first + e.count if e.count else n_targets)


def chosen_indices(e: Divided, targets: tuple[int | None, ...]) -> list[int]:
    """The indices of the chosen targets of the division (an "up to" target left unchosen is none)."""
    return [i for i in group_indices(e, len(targets)) if i < len(targets) and targets[i] is not None]


def total_of(e: Divided, x: int) -> int:
    """The amount divided: a number, or X (the number chosen for X, 107.3a)."""
    return x if e.amount == "X" else int(e.amount)  # type: ignore[arg-type]


class Divisions(Sequence[tuple[int, ...]]):
    """601.2d: every division of `total` among `k` targets, each at least 1, listed lazily (there may be
    many): the even one first (the remainder to the first targets), then the others in lexicographic
    order."""

    def __init__(self, total: int, k: int) -> None:
        self.total, self.k = total, k
        self.even = _even(total, k) if total >= k else None

    def __len__(self) -> int:
        if self.k == 0:
            return 1 if self.total == 0 else 0
        return comb(self.total - 1, self.k - 1) if self.total >= self.k else 0

    def __contains__(self, value: object) -> bool:
        return valid(value, self.total, self.k)

    def _others(self) -> Iterator[tuple[int, ...]]:
        def walk(left: int, slots: int) -> Iterator[tuple[int, ...]]:
            if slots == 1:
                yield (left,)
                return
            for a in range(1, left - slots + 2):
                for rest in walk(left - a, slots - 1):
                    yield (a, *rest)
        if self.k:
            yield from (d for d in walk(self.total, self.k) if d != self.even)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        if self.k == 0:
            if self.total == 0:
                yield ()
            return
        if self.even is not None:
            yield self.even
            yield from self._others()

    @overload
    def __getitem__(self, i: int) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[int, ...]]: ...

    def __getitem__(self, i: int | slice) -> tuple[int, ...] | Sequence[tuple[int, ...]]:
        if isinstance(i, slice):
            return list(self)[i]
        if i == 0 and self.k and self.even is not None:
            return self.even
        for j, d in enumerate(self):
            if j == i:
                return d
        raise IndexError(i)


def _even(total: int, k: int) -> tuple[int, ...]:
    q, r = divmod(total, k)
    return tuple(q + (1 if j < r else 0) for j in range(k))


def valid(value: object, total: int, k: int) -> bool:
    """601.2d: one whole number per chosen target, each at least 1, together `total`."""
    return (isinstance(value, tuple) and len(value) == k
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in value) and sum(value) == total)


def _given(choices: tuple) -> object | None:
    found = [c[1] for c in choices if isinstance(c, tuple) and len(c) == 2 and c[0] == DIVIDE]
    if len(found) > 1:
        raise IllegalActionError("only one division may be announced (601.2d)")
    return found[0] if found else None


def division_choice(g: Game, p: int, card: CardDef, targets: tuple[int | None, ...], x: int,
                    choices: tuple = ()) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """601.2d: the division announced for a spell cast with these targets and X: from `choices`, else
    asked (one target: not asked). Returns the choice to record on the stack item (none for a spell
    without a division as you choose). Refuses a division that doesn't fit."""
    e = divided_of(card)
    given = _given(choices)
    if e is None or e.even:
        if given is not None:
            raise IllegalActionError(f"{card.name} divides nothing as its controller chooses: no division "
                                     f"to announce (601.2d)")
        return ()
    k = len(chosen_indices(e, targets))
    total = total_of(e, x)
    if k == 0:  # "up to N targets", none chosen: nothing is divided
        if given not in (None, ()):
            raise IllegalActionError(f"{card.name}: no target was chosen: there is nothing to divide (601.2d)")
        return ()
    if k > total:
        raise IllegalActionError(f"{card.name}: {total} can't be divided among {k} targets: each must "
                                 f"get at least 1 (601.2d)")
    if given is None:
        options = Divisions(total, k)
        names = [g.name_of(targets[i]) for i in chosen_indices(e, targets)]
        what = f"{e.kind} counters" if isinstance(e, DividedCounters) else "damage"
        prompt = (f"601.2d: {card.name}: divide {total} {what} among {', '.join(names)} (one number per "
                  f"target, in that order, each at least 1)")
        # one possible division (one target; as many targets as damage): made without asking
        # (Game.choose only indexes the options and tests answers against them: the lazy list serves)
        given = g.unasked(p, DIVIDE, list(options), prompt) if len(options) == 1 else g.choose(
            p, DIVIDE, cast("list[tuple[int, ...]]", options), prompt)
    if isinstance(given, list):
        given = tuple(given)
    if not valid(given, total, k):
        raise IllegalActionError(f"{card.name}: the division {given!r} doesn't fit: {total} among {k} "
                                 f"target(s), in their order, each at least 1 (601.2d)")
    return ((DIVIDE, given),)  # type: ignore[return-value]


def trigger_division(ability: object, chosen: tuple, x: int = 0) -> tuple[list[tuple[int, ...]], str] | None:
    """603.3d / 601.2d: the divisions the controller of a triggered ability chooses among as it is put on the
    stack with the targets `chosen` (their order), and the prompt; None when nothing is divided."""
    e = next((eff for eff in getattr(ability, "effects", ()) if isinstance(eff, Divided)), None)
    if e is None or e.even:
        return None
    k = len(chosen_indices(e, chosen))
    total = total_of(e, x)
    if k == 0 or k > total:
        return None
    options = list(Divisions(total, k)) if comb(total - 1, k - 1) <= 200 else listed_divisions(total, k)
    what = f"{e.kind} counters" if isinstance(e, DividedCounters) else "damage"
    return options, f"601.2d: divide {total} {what} among the {k} targets (one number per target, in order, each at least 1)"


def _trigger_divide_actions(g: Game, d: object) -> list:
    return [A.Choose(div) for div in getattr(d, "data", ())]


def _answer_trigger_divide(g: Game, d: object, value: object) -> None:
    if isinstance(value, list):
        value = tuple(value)
    if value not in getattr(d, "data", ()):
        raise IllegalActionError(f"{getattr(d, 'prompt', '')}: not one of the divisions {list(getattr(d, 'data', ()))}")
    s = g.s
    s.pending = None
    item = s.queue[0]
    s.queue[0] = ("put_trigger", item[1], item[2] if len(item) > 2 else (), item[3] if len(item) > 3 else None, value)


registry.CHOICES["trigger_divide"] = (_trigger_divide_actions, _answer_trigger_divide)


def _announce(g: Game, p: int, o: Obj, action: A.CastSpell, reqs: list[Requirement], kicked: bool,
              flashback: bool) -> tuple[list[Requirement], tuple]:
    """registry.CAST_OPTIONS: 601.2d, after the targets (601.2c) and before the total cost (601.2f)."""
    return reqs, division_choice(g, p, o.card, action.targets, action.x, action.choices)


def _division(ctx: effect_context.Context, e: Divided, k: int) -> tuple[int, ...]:
    given = _given(ctx.choices)
    total = max(0, total_of(e, ctx.x))
    if isinstance(given, tuple) and len(given) == k:
        return given
    return _even(total, k) if k else ()  # a spell cast without announcing one (cast by an effect): the first option


def _divided_damage(g: Game, ctx: effect_context.Context, e: DividedDamage) -> list | None:
    """601.2d / 608.2b: each legal target is dealt the damage announced for it, all at once."""
    chosen = chosen_indices(e, ctx.targets)
    if not chosen:
        return None
    if e.even:
        share = max(0, total_of(e, ctx.x)) // len(chosen)  # 107.1a: rounded down, among all chosen targets
        shares: tuple[int, ...] = (share,) * len(chosen)
    else:
        shares = _division(ctx, e, len(chosen))
    chars = ctx.source_lki[1] if ctx.source_lki else None
    with effects.simultaneous_damage(g):
        for i, n in zip(chosen, shares):
            if ctx.legal[i]:
                effects.deal_damage(g, ctx.name, chars, ctx.controller, ctx.targets[i], n, "120.3", source_id=ctx.source)
    return None


def _cast_part(card: CardDef, choices: tuple) -> CardDef:
    """The part of a card a listed cast casts (709.3 a split card's half, 715.3 an Adventure)."""
    for c in choices:
        if isinstance(c, tuple) and len(c) == 2 and card.faces:
            if c[0] == "half" and c[1] in (1, 2) and len(card.faces) >= c[1]:
                return card.faces[c[1] - 1]
            if c == ("adventure", True):
                return card.faces[0]
    return card


def _divided_counters(g: Game, ctx: effect_context.Context, e: DividedCounters) -> list | None:
    """601.2d / 608.2b: each legal target gets the counters announced for it."""
    chosen = chosen_indices(e, ctx.targets)
    for i, n in zip(chosen, _division(ctx, e, len(chosen))):
        o = g.s.objects.get(ctx.targets[i]) if ctx.legal[i] else None
        if o is not None:
            counter_replacement.put_counters(g, o, e.kind, n, placer=ctx.controller)  # the door (122.6)
    return None


def _divided_prevention(g: Game, ctx: effect_context.Context, e: DividedPrevention) -> list | None:
    """615.7 / 608.2b: a shield on each legal target for the damage announced for it (rules/prevention.py)."""
    chosen = chosen_indices(e, ctx.targets)
    prevent = registry.EFFECT_HANDLERS[V.PreventDamage]
    for i, n in zip(chosen, _division(ctx, e, len(chosen))):
        if ctx.legal[i]:
            prevent(g, ctx, V.PreventDamage(n, V.Ref(i)))
    return None


def listed_divisions(total: int, k: int) -> list[tuple[int, ...]]:
    """The divisions offered to agents: the even one, then for each target the one giving it the most."""
    if k == 0 or total < k:
        return [()] if k == 0 else []
    out = [_even(total, k)]
    for j in range(k):
        d = tuple(total - (k - 1) if i == j else 1 for i in range(k))
        if d not in out:
            out.append(d)
    return out


def _expand(g: Game, p: int, action: A.CastSpell) -> list[A.CastSpell] | None:
    """registry.CAST_ACTION_EXPANSIONS: a divided spell's listed cast, once per listed division (a
    cast with more targets than damage is dropped; "divided evenly": with no more targets than X)."""
    o = g.s.objects.get(action.card)
    if o is None:
        return None
    e = divided_of(_cast_part(o.card, action.choices))
    if e is None or _given(action.choices) is not None:
        return None
    k = len(chosen_indices(e, action.targets))
    total = total_of(e, action.x)
    if k == 0:
        return None  # "up to N targets", none chosen: no division
    if e.even:
        return None if k <= max(1, total) else []
    return [A.CastSpell(action.card, action.targets, action.x, action.payment,
                        action.choices + ((DIVIDE, d),), action.modes) for d in listed_divisions(total, k)]


add_hook(registry.CAST_OPTIONS, _announce, classes=(DividedDamage, DividedCounters, DividedPrevention))
add_hook(registry.CAST_ACTION_EXPANSIONS, _expand, classes=(DividedDamage, DividedCounters, DividedPrevention))
registry.register_effect(DividedDamage, _divided_damage)
registry.register_effect(DividedCounters, _divided_counters)
registry.register_effect(DividedPrevention, _divided_prevention)
