"""The vocabulary manastack/rules/player_groups.py executes (its rules are in that module's docstring):
groups of permanents a targeted player controls."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PumpTheirs(V.Effect):
    """"Creatures target player controls get -2/-2 until end of turn": each permanent matching `filter` that
    the player of target `ref` controls (611.2c: the set fixed as it resolves)."""

    ref: V.Ref
    filter: V.ObjectFilter
    power: int = 0
    toughness: int = 0
    # "Destroy target creature an opponent controls. Each other creature that player controls gets -2/-0 until
    # end of turn" (Public Execution): `ref` is a permanent, "that player" its controller (as it last existed,
    # 608.2h), and the target itself is left out
    other: bool = False


@dataclass(frozen=True, slots=True)
class DamageTargetAndTheirs(V.Effect):
    """"deals 4 damage to target player or planeswalker and 1 damage to each creature that player or that
    planeswalker's controller controls": `amount` to the target `ref`, `each` to each permanent matching
    `filter` that player (or that planeswalker's controller) controls, all at the same time (120.3)."""

    ref: V.Ref
    amount: V.Amount
    each: V.Amount
    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class CountersTheirs(V.Effect):
    """"Put a -1/-1 counter on each creature target player controls" (Contagion Engine): `amount` counters of
    `kind` on each permanent matching `filter` that the player of target `ref` controls as it resolves."""

    ref: V.Ref
    kind: str
    amount: V.Amount
    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class ControlledCount:
    """An Amount: "that player loses 1 life for each artifact they control" (Emissary of Despair): the number of
    permanents matching `filter` that the player `who` names controls as the effect resolves (608.2h), times
    `multiplier`."""

    who: V.Who
    filter: V.ObjectFilter
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class PlayersWhoControl:
    """A Who: "each player who controls a creature with power 4 or greater" (Shatter the Sky): each player who
    controls a permanent matching `filter` as the effect happens (608.2h), in APNAP order (101.4)."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class EvenOut(V.Effect):
    """Balance, Restore Balance, Balancing Act: "Each player chooses a number of lands they control equal to the number of lands controlled by
    the player who controls the fewest, then sacrifices the rest" (`what` "land"); "Players discard cards and
    sacrifice creatures the same way" ("hand", then "creature"): each player with more than the fewest
    sacrifices (discards) the difference, of their choice (701.17a, 701.8a), counted as each step begins."""

    what: str  # "land", "creature", "permanent" or "hand"
    same_way: bool = False  # "... the same way": a step after the first


@dataclass(frozen=True, slots=True)
class TapTheirs(V.Effect):
    """701.21a: "Tap all creatures target player controls" (Sleep): each untapped permanent matching `filter`
    that the player of target `ref` controls as it resolves becomes tapped."""

    ref: V.Ref
    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class NoUntapTheirs(V.Effect):
    """502.3: "Creatures and lands target opponent controls don't untap during their next untap step"
    (Exhaustion), "Lands you control don't untap during your next untap step" (Bontu's Last Reckoning): each
    permanent matching `filter` that the player (`who`: target `Ref` or YOU) controls as it resolves stays
    tapped during that player's next untap step (611.2c: the set fixed then). `who` None: every permanent
    matching `filter`, each during its controller's next untap step ("Tap all creatures your opponents control.
    Those creatures don't untap during their controllers' next untap steps", The Savant)."""

    who: V.Who | None
    filter: V.ObjectFilter
    # "They don't untap during their controller's next untap step" (Kiora Bests the Sea God): each permanent's
    # controller's next untap step, whoever controls it then (not only while that player does)
    each_controller: bool = False
