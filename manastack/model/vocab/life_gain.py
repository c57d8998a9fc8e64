"""The vocabulary manastack/rules/life_gain.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# The StaticAbility kind of NoLifeGain; the ContinuousEffect kind of CantGainLifeThisTurn (its data: the
# players, its source's name).
NO_LIFE_GAIN = "no_life_gain"
# NoLifeGain.who: every player, the permanent's controller's opponents, its controller.
PLAYERS, OPPONENTS, YOU = "players", "opponents", "you"


@dataclass(frozen=True, slots=True)
class NoLifeGain(V.StaticAbility):
    """A permanent's "Players / Your opponents can't gain life" (119.7) or "If a player would gain life, that
    player gains no life instead" (Sulfuric Vortex: a replacement effect, 614.1a, `instead`): those
    players' life gain events don't happen while it is on the battlefield. `who`: PLAYERS, OPPONENTS, YOU."""

    who: str = PLAYERS
    instead: bool = False


LIFE_GAIN_BOOST = "life_gain_boost"  # the StaticAbility kind of LifeGainBoost


@dataclass(frozen=True, slots=True)
class LifeGainBoost(V.StaticAbility):
    """614.1a: "If you would gain life, you gain that much life plus 1 instead" (`plus`), "... twice that much
    life instead" (`times`): a replacement effect on its controller's life gain events."""

    plus: int = 0
    times: int = 1


@dataclass(frozen=True, slots=True)
class CantGainLifeThisTurn(V.Effect):
    """119.7: "Players can't gain life this turn" (Skullcrack): `who` (EACH_PLAYER, EACH_OPPONENT, YOU, a
    target player), fixed as it resolves."""

    who: V.Who = V.EACH_PLAYER
