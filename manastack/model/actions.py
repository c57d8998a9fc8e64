"""Actions: what a player does at a decision. All are immutable values (hashable, comparable).

Objects are named by their id (an int); players in targets and attack declarations by
`player_ref(i)` (-1 for the first player, -2 for the second).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

# One item of an action's `choices` (601.2b / 602.2b): a (name, value) pair ("kicked", True), ("convoke",
# ids); for a mana ability (605.3b) the mana to add (a str of mana symbols), the permanent sacrificed for its
# cost (an id) or ("mana", bag). Values are checked by engine/validate.py; the engine also records marks of
# its own on spells ("copy", "free" ...), whose values vary.
Choice = tuple[str, object] | str | int


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action."""


@dataclass(frozen=True, slots=True)
class PassPriority(Action):
    """117.3d: pass priority."""


@dataclass(frozen=True, slots=True)
class PlayLand(Action):
    """305.1: play a land (a special action)."""

    card: int
    # 712.12: a modal double-faced card played as its back face (True) or front face (False); None: the
    # face that is a land, asked if both are
    back_face: bool | None = None


@dataclass(frozen=True, slots=True)
class Payment:
    """An explicit payment: the mana abilities to activate, in order, each `(source, ability index,
    choice)` (the choice answers "any color" and the like; None when there is none)."""

    activations: tuple[tuple[int, int, str | None], ...] = ()


@dataclass(frozen=True, slots=True)
class CastSpell(Action):
    """601: cast a spell. `payment` None pays automatically (the exact solver). `targets` has one
    entry per target the text asks for; None leaves an "up to N" target unchosen (601.2c)."""

    card: int
    targets: tuple[int | None, ...] = ()
    x: int = 0
    payment: Payment | None = None
    choices: tuple[Choice, ...] = ()
    modes: tuple[int, ...] = ()  # 700.2: chosen modes of a modal spell, 1-based


@dataclass(frozen=True, slots=True)
class ActivateAbility(Action):
    """602 / 605: activate the `index`-th activated ability (mana abilities included, printed order)."""

    source: int
    index: int = 0
    targets: tuple[int | None, ...] = ()  # None: an "up to N" target left unchosen (601.2c)
    x: int = 0
    payment: Payment | None = None
    choices: tuple[Choice, ...] = ()
    modes: tuple[int, ...] = ()  # 602.2b / 700.2: chosen modes of a modal activated ability, 1-based


@dataclass(frozen=True, slots=True)
class TurnFaceUp(Action):
    """116.2b / 702.37e / 701.34b: turn a face-down permanent you control face up (a special action)."""

    card: int
    payment: Payment | None = None


@dataclass(frozen=True, slots=True)
class DeclareAttackers(Action):
    """508.1: the whole declaration: (attacking creature, player ref or planeswalker id) pairs."""

    attackers: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class AddAttacker(Action):
    """Build the attack declaration one creature at a time (for agents); DeclareAttackers ends it."""

    creature: int
    defender: int


@dataclass(frozen=True, slots=True)
class DeclareBlockers(Action):
    """509.1: the whole declaration: (blocking creature, attackers it blocks) pairs."""

    blockers: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class AddBlocker(Action):
    blocker: int
    attacker: int


@dataclass(frozen=True, slots=True)
class OrderBlockers(Action):
    """509.2 / 509.3: a damage assignment order: `creature`'s blockers (or blocked attackers) in order."""

    creature: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AssignDamage(Action):
    """510.1: combat damage assignments: (creature, ((recipient, amount), ...)) per creature."""

    assignments: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]


@dataclass(frozen=True, slots=True)
class ExileFromHand(Action):
    """116.2f suspend / 116.2h foretell / 116.2k plot: exile a card from your hand, paying the cost its
    `keyword` names (a special action; it doesn't use the stack)."""

    card: int
    keyword: str
    payment: Payment | None = None


@dataclass(frozen=True, slots=True)
class PutCompanionIntoHand(Action):
    """116.2g / 702.139a: pay {3} and put your companion (`card`, outside the game) into your hand (a special
    action; it doesn't use the stack)."""

    card: int
    payment: Payment | None = None


@dataclass(frozen=True, slots=True)
class EndEffect(Action):
    """116.2c: pay the cost an effect names to end it ("You may pay {G} to end this effect", the Licids: the
    permanent `card` the effect changed; a special action, it doesn't use the stack)."""

    card: int
    payment: Payment | None = None


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer a pending choice (keep/mulligan, a card to discard, a color, an order ...)."""

    value: Hashable  # the shape the decision's kind takes (a bool, an id, ids, a color ...)
