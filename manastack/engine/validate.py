"""The shape of an action, checked before the engine touches anything (Game.apply).

Rules implemented here (only what can be told from the action itself and the pending decision):

- 117.1 / 117.3: only the player with priority takes priority actions (pass 117.3d, play a land
  305.1 / 116.2a, cast 601.2, activate 602.2, special actions 116.2); every other decision takes
  only its own answers (508.1 attackers, 509.1 blockers, 509.2 order, 510.1 damage, choices).
- 109.1 / 400.7: objects are named by their ids: an id that names no object is refused; 102 /
  player_ref: players are the refs -1 and -2.
- 107.1 / 107.3: numbers (X, ability indices, damage amounts) are non-negative integers; an X above
  MAX_X can never be paid for and is refused at once.
- 700.2: modes are 1-based integers.
- 603.3b: an order of simultaneous triggered abilities ("order_triggers") is one Choose of a tuple of
  distinct trigger indices: all of them (a permutation) or the one put on the stack next.

Why a separate step: every rule module reads these fields as the types actions.py declares, so junk
(None, 42, "UB", [], {}) in any field would surface as TypeError/KeyError deep inside a half-done
change. Checking the shape first makes every such refusal an IllegalActionError with the game
untouched, and keeps the rule modules free of defensive type checks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError
from ..model import actions as A
from ..model.vocab import ManaAbility
from .registry import RULES

if TYPE_CHECKING:
    from ..model.decisions import Decision
    from .game import Game

MAX_X = 1000  # 107.3: no game's mana reaches this; a larger X is refused before any solver sees it

PRIORITY_ACTIONS = (A.PassPriority, A.PlayLand, A.CastSpell, A.ActivateAbility, A.TurnFaceUp, A.ExileFromHand,
                    A.PutCompanionIntoHand, A.EndEffect)
# The action classes each non-priority decision takes (every other kind takes Choose only).
DECISION_ACTIONS: dict[str, tuple[type, ...]] = {
    "attackers": (A.AddAttacker, A.DeclareAttackers),
    "blockers": (A.AddBlocker, A.DeclareBlockers),
    "order_blockers": (A.OrderBlockers, A.Choose),
    "assign_damage": (A.AssignDamage,),
}


def _trigger_order(d: Decision, value: Hashable) -> None:
    RULES.check_trigger_order(d, value)


# The value shape a decision kind's Choose takes, checked here when the kind has one (others are
# checked by the rule module answering them).
CHOOSE_SHAPES: dict[str, Callable[[Decision, Hashable], None]] = {
    "order_triggers": _trigger_order,
}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _name(action: Any) -> str:
    return type(action).__name__


def _object(g: Game, action: Any, field: str, v: Any) -> None:
    """`v` must be the id of an existing object (109.1)."""
    if not _is_int(v):
        raise IllegalActionError(f"{_name(action)}.{field}: an object id (int) is expected, not {v!r}")
    if v not in g.s.objects:
        raise IllegalActionError(f"{_name(action)}.{field}: no object has id {v}")


def _object_or_player(g: Game, action: Any, field: str, v: Any, none_ok: bool = False) -> None:
    """`v` must name an existing object or a player (player_ref: -1, -2)."""
    if v is None and none_ok:
        return
    if not _is_int(v):
        raise IllegalActionError(f"{_name(action)}.{field}: an object id or player ref (int) is expected, not {v!r}")
    if v < 0:
        if -1 - v >= len(g.s.players):
            raise IllegalActionError(f"{_name(action)}.{field}: {v} names no player (players are -1 and -2)")
    elif v not in g.s.objects:
        raise IllegalActionError(f"{_name(action)}.{field}: no object has id {v}")


def _tuple(action: Any, field: str, v: Any) -> tuple:
    if not isinstance(v, tuple):
        raise IllegalActionError(f"{_name(action)}.{field}: a tuple is expected, not {v!r}")
    return v


def _count(action: Any, field: str, v: Any, top: int | None = None) -> None:
    """A non-negative integer (107.1), at most `top`."""
    if not _is_int(v) or v < 0 or (top is not None and v > top):
        bound = f" at most {top}" if top is not None else ""
        raise IllegalActionError(f"{_name(action)}.{field}: a non-negative integer{bound} is expected, not {v!r}")


def _payment(g: Game, action: Any, v: Any) -> None:
    if v is None:
        return
    if not isinstance(v, A.Payment):
        raise IllegalActionError(f"{_name(action)}.payment: a Payment or None (pay automatically) is expected, "
                                 f"not {v!r}")
    for step in _tuple(action, "payment.activations", v.activations):
        if not isinstance(step, tuple) or len(step) != 3:
            raise IllegalActionError(f"{_name(action)}.payment: each activation is (source, ability index, choice), "
                                     f"not {step!r}")
        _object(g, action, "payment source", step[0])
        _count(action, "payment ability index", step[1])
        if step[2] is not None and not isinstance(step[2], str):
            raise IllegalActionError(f"{_name(action)}.payment: a mana choice is a str of mana symbols or None, "
                                     f"not {step[2]!r}")


def _hashable(action: Any, field: str, v: Any) -> None:
    try:
        hash(v)
    except TypeError:
        raise IllegalActionError(f"{_name(action)}.{field}: {v!r} is not a valid answer (use tuples, not lists "
                                 f"or dicts)") from None


# 601.2b-c / 602.2b: what a player announces in an action's `choices`: (key, value) pairs, each key once.
# Flags (optional and alternative costs: 601.2b, 118.9) take a bool; the others a number or ids.
# Keys the engine itself records on a spell (a copy, a free cast, flashback's exile, a permission's
# mark: "copy", "free", "madness", "foretold" ...) are not a player's to announce.
FLAG_CHOICES = frozenset({"kicked", "alternative", "additional", "buyback", "offspring", "evoke", "dash", "blitz",
                          "surge", "spectacle", "entwine", "overload", "assist", "face_down", "conspire",
                          "replicate", "emerge", "casualty", "adventure", "back_face",
                          "revealed"})  # 715.3, 712.11b
VALUE_CHOICES = frozenset({"half", "squad", "life_discount", "crew", "convoke", "improvise", "delve", "emerge", "conspire",
                           "casualty", "replicate", "assist", "ninjutsu", "divide"})  # divide: 601.2d, the numbers


def _choice_value_ok(v: Any) -> bool:
    """A choice's value: a bool, a number, or ids (a tuple of ints)."""
    return isinstance(v, bool | int) or (isinstance(v, tuple) and all(_is_int(x) for x in v))


def _is_mana_activation(g: Game, action: Any) -> bool:
    if not isinstance(action, A.ActivateAbility):
        return False
    o = g.s.objects.get(action.source)
    if o is None or o.zone != "battlefield" or not _is_int(action.index):
        return False
    abs_ = RULES.activated_abilities(g, o)
    return 0 <= action.index < len(abs_) and isinstance(abs_[action.index], ManaAbility)


def _choices(g: Game, action: Any, choices: tuple) -> None:
    """601.2b / 602.2b: the announced choices. A mana ability (605.3b) takes at most one: the mana to add
    (a str of mana symbols, 106.1), the permanent to sacrifice for its cost (an id), or ("mana", bag)."""
    _hashable(action, "choices", choices)
    if _is_mana_activation(g, action):
        if len(choices) > 1:
            raise IllegalActionError(f"{_name(action)}.choices: a mana ability takes one choice (the mana, or the "
                                     f"permanent to sacrifice), not {choices!r}")
        for c in choices:
            if isinstance(c, str) and c:
                return
            if _is_int(c):
                _object(g, action, "choices (the permanent to sacrifice)", c)
                return
            if isinstance(c, tuple) and len(c) == 2 and c[0] == "mana" and isinstance(c[1], tuple) \
                    and all(_is_int(x) and x >= 0 for x in c[1]):
                return
            raise IllegalActionError(f"{_name(action)}.choices: {c!r} is not a mana choice (a str of mana symbols "
                                     f"such as 'G', 106.1)")
        return
    seen: set[str] = set()
    for c in choices:
        if not isinstance(c, tuple) or len(c) != 2 or not isinstance(c[0], str):
            raise IllegalActionError(f"{_name(action)}.choices: each choice is a (name, value) pair, not {c!r}")
        key, v = c
        if key not in FLAG_CHOICES and key not in VALUE_CHOICES:
            raise IllegalActionError(f"{_name(action)}.choices: {key!r} is not a choice a player announces "
                                     f"(601.2b: {', '.join(sorted(FLAG_CHOICES | VALUE_CHOICES))})")
        if key in seen:
            raise IllegalActionError(f"{_name(action)}.choices: {key!r} is announced twice")
        seen.add(key)
        if key in FLAG_CHOICES and key not in VALUE_CHOICES and not isinstance(v, bool):
            raise IllegalActionError(f"{_name(action)}.choices: {key!r} takes true or false, not {v!r}")
        if not _choice_value_ok(v):
            raise IllegalActionError(f"{_name(action)}.choices: {v!r} is not a valid value for {key!r}")


def check_shape(g: Game, action: object) -> None:
    """Refuse (IllegalActionError) an action whose fields don't have the types actions.py gives them,
    or that names objects that don't exist; and an action of a class the pending decision doesn't take."""
    if not isinstance(action, A.Action) or type(action) is A.Action:
        raise IllegalActionError(f"{action!r} is not an action (see manastack.model.actions)")
    d = g.pending
    if d is None:
        raise IllegalActionError("no decision is pending")
    check_kind(g, d, action)
    if isinstance(action, A.Choose):
        _hashable(action, "value", action.value)
        check = CHOOSE_SHAPES.get(d.kind)
        if check is not None:
            check(d, action.value)
        return
    if isinstance(action, A.PassPriority):
        return
    for f in fields(action):
        v = getattr(action, f.name)
        n = f.name
        if n in ("card", "source", "creature", "blocker", "attacker"):
            _object(g, action, n, v)
        elif n == "defender":
            _object_or_player(g, action, n, v)
        elif n == "targets":
            for t in _tuple(action, n, v):
                _object_or_player(g, action, n, t, none_ok=True)
        elif n == "x":
            _count(action, n, v, MAX_X)
        elif n == "index":
            _count(action, n, v)
        elif n == "payment":
            _payment(g, action, v)
        elif n == "choices":
            _choices(g, action, _tuple(action, n, v))
        elif n == "modes":
            for m in _tuple(action, n, v):
                if not _is_int(m) or m < 1:
                    raise IllegalActionError(f"{_name(action)}.modes: modes are numbered from 1 (700.2), not {m!r}")
        elif n == "back_face":
            if v is not None and not isinstance(v, bool):
                raise IllegalActionError(f"{_name(action)}.back_face: true, false or None is expected, not {v!r}")
        elif n == "keyword":
            if not isinstance(v, str):
                raise IllegalActionError(f"{_name(action)}.keyword: a keyword name (str) is expected, not {v!r}")
        elif n == "order":
            for c in _tuple(action, n, v):
                _object(g, action, n, c)
        elif n == "attackers":
            for pair in _tuple(action, n, v):
                if not isinstance(pair, tuple) or len(pair) != 2:
                    raise IllegalActionError(f"DeclareAttackers: each entry is (creature, defender), not {pair!r}")
                _object(g, action, "attackers creature", pair[0])
                _object_or_player(g, action, "attackers defender", pair[1])
        elif n == "blockers":
            for pair in _tuple(action, n, v):
                if not isinstance(pair, tuple) or len(pair) != 2:
                    raise IllegalActionError(f"DeclareBlockers: each entry is (blocker, attackers), not {pair!r}")
                _object(g, action, "blockers creature", pair[0])
                for a in _tuple(action, "blockers attackers", pair[1]):
                    _object(g, action, "blockers attacker", a)
        elif n == "assignments":
            for pair in _tuple(action, n, v):
                if not isinstance(pair, tuple) or len(pair) != 2:
                    raise IllegalActionError(f"AssignDamage: each entry is (creature, ((recipient, amount), ...)), "
                                             f"not {pair!r}")
                _object(g, action, "assignments creature", pair[0])
                for part in _tuple(action, "assignments parts", pair[1]):
                    if not isinstance(part, tuple) or len(part) != 2:
                        raise IllegalActionError(f"AssignDamage: each part is (recipient, amount), not {part!r}")
                    _object_or_player(g, action, "assignments recipient", part[0])
                    _count(action, "assignments amount", part[1])
        else:  # pragma: no cover - a new field in actions.py needs a rule here
            raise AssertionError(f"validate.check_shape: no rule for {_name(action)}.{n}")


def check_kind(g: Game, d: Decision, action: A.Action) -> None:
    """117.3 / 116: priority actions only at priority; each other decision only its own answers."""
    who = g.s.players[d.player].name
    if d.kind == "priority":
        if not isinstance(action, PRIORITY_ACTIONS):
            raise IllegalActionError(f"{_name(action)} is not possible now: {who} has priority")
        return
    allowed = DECISION_ACTIONS.get(d.kind, (A.Choose,))
    if not isinstance(action, allowed):
        names = " or ".join(c.__name__ for c in allowed)
        raise IllegalActionError(f"{_name(action)} is not an answer to {who}'s {d.kind} decision ({d.prompt}): "
                                 f"answer with {names}")
