"""The vocabulary manastack/rules/attacking.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class AttackIfDefenderControls(V.StaticAbility):
    """508.1c: "CARDNAME can't attack if defending player controls an untapped land" (`unless` False: a permanent
    matching `filter` forbids the attack), "... can't attack unless defending player controls a snow land"
    (`unless`: one is needed), read as attackers are declared (rules/combat.py attack_block_reason)."""

    unless: bool = False


@dataclass(frozen=True, slots=True)
class BackupGrant(V.Effect):
    """702.165a: "If that's another creature, it also gains the non-backup abilities of this creature
    printed below this one until end of turn." `keywords`, `abilities`, `protection`: those
    abilities (determined from the printed text, 702.165c-d)."""

    target: V.Who
    keywords: tuple[str, ...] = ()
    abilities: tuple[V.Ability, ...] = ()
    protection: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CantBlockSource(V.Effect):
    """"target creature can't block CARDNAME this turn" (509.1b): a restriction of `target` toward
    the source (rules/combat.py evasion_reason reads "cant_block_creature:ID")."""

    target: V.Who


@dataclass(frozen=True, slots=True)
class ExertAbility(V.StaticAbility):
    """701.39d: "You may exert CARDNAME as it attacks. When you do, ...": an optional cost to attack
    (508.1g) and the linked reflexive triggered ability (607.2h) in `reflexive` (None: no "when you do")."""

    reflexive: V.TriggeredAbility | None = None


@dataclass(frozen=True, slots=True)
class EnlistBonus(V.Effect):
    """702.154a: "this creature gets +X/+0 until end of turn, where X is the tapped creature's power"
    (the enlisted creature is the trigger's event object; its power as the ability resolves, or as
    it last existed on the battlefield)."""


@dataclass(frozen=True, slots=True)
class RemoveFromCombat(V.Effect):
    """506.4: an effect removes the creature from combat (the creatures that blocked it stay
    blocking, 509.1h / 506.4)."""

    target: V.Who


@dataclass(frozen=True, slots=True)
class CreateAttacking(V.Effect):
    """"create two 1/1 white Soldier creature tokens that are tapped and attacking" (508.4); with
    `sacrifice_at_end`, "Sacrifice them at the beginning of the next end step" (mobilize, 702.181a
    of the 2026 rules: a delayed triggered ability, 603.7)."""

    create: V.Effect
    sacrifice_at_end: bool = False


@dataclass(frozen=True, slots=True)
class SacrificeObjects(V.Effect):
    """Sacrifice these particular permanents (the tokens a delayed trigger refers to, 603.7c); those
    that left the battlefield are new objects it doesn't find (400.7)."""

    ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PumpPerOtherAttacking(V.Effect):
    """"it gets +1/+0 until end of turn for each other attacking Goblin": counted as it resolves."""

    target: V.Who
    power: int
    toughness: int
    filter: V.ObjectFilter


