"""The vocabulary manastack/rules/zone_change_effects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from ..costs import ManaCost


@dataclass(frozen=True, slots=True)
class ExileUntilLeaves(V.Effect):
    target: V.Who


@dataclass(frozen=True, slots=True)
class ExileIfWouldDie(V.Effect):
    target: V.Who
    creature_only: bool = False  # "If it's a creature, ... if it would die this turn, exile it instead" (Disintegrate)


@dataclass(frozen=True, slots=True)
class ExileDamagedIfWouldDie(V.Effect):
    """"If a creature dealt damage this way would die this turn, exile it instead" (614.1a): each
    permanent of `kinds` dealt damage by this spell or ability as it resolved so far."""

    kinds: frozenset[str]


@dataclass(frozen=True, slots=True)
class CounterTo(V.Effect):
    """"Counter target spell [unless its controller pays {3}]. If that spell is countered this way, exile
    it instead of putting it into its owner's graveyard" (614.1a: the countered card goes to `to`)."""

    target: V.Ref
    to: str  # "exile", "hand", "library_top", "library_bottom"
    cost: ManaCost | None = None  # ManaCost: "unless its controller pays"


@dataclass(frozen=True, slots=True)
class LinkedExile(V.Effect):
    """"Exile target creature" of an ability linked (607.2a) to "return the exiled card ...": the card
    exiled is remembered for this object (the source permanent)."""

    target: V.Who


@dataclass(frozen=True, slots=True)
class ReturnLinked(V.Effect):
    """"Return the exiled card to the battlefield under its owner's control" (607.2a)."""


@dataclass(frozen=True, slots=True)
class ReturnDeadCard(V.Effect):
    """The trigger's dead creature (`of`: the trigger's object, so a delayed trigger, which has none,
    never takes this reading; V.SELF: the source of "when CARDNAME dies"), from its owner's graveyard onto the
    battlefield, or (`to` "exile": "When CARDNAME dies, exile it", 400.7e) into exile, or (`to` "hand": "When CARDNAME
    dies, return it to its owner's hand") into its owner's hand."""

    under_yours: bool
    of: V.Who = V.IT
    to: str = "battlefield"


@dataclass(frozen=True, slots=True)
class WithSameName(V.Effect):
    """"Destroy / exile target nonland permanent and all other permanents with the same name as that permanent",
    "return ... to their owners' hands" (Maelstrom Pulse, Detention Sphere, Echoing Truth): `action` ("destroy",
    "exile", "hand") is done to the target and to every other permanent (creature, with `creatures_only`) with
    its name as the effect resolves. `linked`: the exiled cards are remembered for the source (607.2a, "return
    the exiled cards")."""

    target: V.Who
    action: str
    creatures_only: bool = False
    linked: bool = False



@dataclass(frozen=True, slots=True)
class ReturnSelfAtNextUntap(V.Effect):
    """"During your next untap step, as you untap your permanents, return CARDNAME to its owner's hand"
    (502.3: a one-shot effect carried out with the untap of the controller's next untap step, not a
    triggered ability; 400.7: nothing happens if CARDNAME has left the battlefield by then)."""
