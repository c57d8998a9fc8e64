"""The vocabulary manastack/rules/counterspells.py executes (its rules are in that module's docstring):
counterspells whose cost or whose target depends on a number the game determines, and spells whose
target is restricted by what the target itself targets."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class CardsInGraveyard:
    """An Amount: the number of cards in the graveyard of the spell's or ability's controller ("{1} for each
    card in your graveyard"), counted as the effect happens (608.2h)."""


@dataclass(frozen=True, slots=True)
class CounterUnlessPaysAmount(V.Effect):
    """701.5a: "Counter target spell unless its controller pays {X}" (Logic Knot), "... pays twice {X}"
    (Thassa's Intervention), "... pays {1} for each card in your graveyard" (Circular Logic): that player
    chooses whether to pay `amount` × `multiplier` generic mana, the number determined as it resolves.
    `declined`: what that player then does if they don't pay, in order: "tap_mana_lands" (they tap all lands
    with mana abilities they control) and "lose_unspent_mana" (they lose all unspent mana; Power Sink).
    `countered_to`: "If that spell is countered this way, exile it instead of putting it into its owner's
    graveyard" (Syncopate; 614.1a, the zones of zone_change_effects.CounterTo), None: the usual zone."""

    target: V.Ref
    amount: V.Amount | CardsInGraveyard
    multiplier: int = 1
    declined: tuple[str, ...] = ()
    countered_to: str | None = None


@dataclass(frozen=True, slots=True)
class ManaValueBound(V.ObjectFilter):
    """An object matching `base` whose mana value is at most (`exact`: exactly) a number the game determines
    when the target is chosen and again as the spell or ability resolves (601.2c, 608.2b): the number of
    permanents matching `count` its controller controls ("where X is the number of Faeries you control"), or
    (`controllers_graveyard`) the number of cards in the graveyard of the object's own controller ("less than
    or equal to the number of cards in its controller's graveyard"), or (`x`) the X of the spell whose target it
    is ("counter target spell with mana value X", Spell Blast). Read by rules/counterspells.py (the
    inherited fields stay empty)."""

    base: V.ObjectFilter = V.ANY_OBJECT
    exact: bool = False
    count: V.ObjectFilter | None = None
    controllers_graveyard: bool = False
    x: bool = False  # the X announced for the spell itself (601.2b): "counter target spell with mana value X"
    # the number of these counters on the source: "a spell with mana value equal to the number of charge
    # counters on CARDNAME" (Chalice of the Void)
    counters_on_source: str = ""


@dataclass(frozen=True, slots=True)
class TargetsMatching(V.ObjectFilter):
    """A spell matching `base` that targets a permanent matching `what` ("target spell that targets a
    creature", Confound): read from the spell's targets now (115.1, 608.2b). Read by rules/counterspells.py."""

    base: V.ObjectFilter = V.ANY_OBJECT
    what: V.ObjectFilter = V.ANY_OBJECT


@dataclass(frozen=True, slots=True)
class SingleTarget(V.ObjectFilter):
    """A spell matching `base` with a single target ("target spell with a single target", Deflection): one
    target chosen for it, read from the spell now (115.1, 608.2b). Read by rules/counterspells.py."""

    base: V.ObjectFilter = V.ANY_OBJECT


@dataclass(frozen=True, slots=True)
class ChangeTarget(V.Effect):
    """115.7 / 115.7d: "Change the target of target spell with a single target" (Deflection, Misdirection):
    the controller of this effect chooses another legal target for that spell's one target; with none, the
    target is unchanged."""

    target: V.Ref


@dataclass(frozen=True, slots=True)
class CounterThatSpell(V.Effect):
    """701.5a: "counter that spell", of a "whenever a player casts a spell ..." triggered ability (Chalice of
    the Void): the spell its event is (the trigger's event object)."""

    spell: str = V.THAT_SPELL


@dataclass(frozen=True, slots=True)
class OwnerOf:
    """A Who: the owner of an object the ability refers to ("Its owner gains 4 life", 108.3), by last known
    information once it has left its zone (608.2h)."""

    of: V.Who
