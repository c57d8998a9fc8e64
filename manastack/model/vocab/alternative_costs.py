"""The vocabulary manastack/rules/alternative_costs.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from ..costs import ManaCost
from .cost_modifiers import CostCondition, SpellFilter


@dataclass(frozen=True, slots=True)
class CastOption(V.Ability):
    """An optional additional cost (`kind` in ADDITIONAL) or an alternative cost (ALTERNATIVE) of
    a spell: "Buyback {3}", "Evoke {1}{U}", "Dash {2}{R}", "Surge {1}{U}", "Blitz {2}{B}", "Offspring {2}";
    COPY_COSTS: "Conspire", "Casualty 2" (`n`: the power), "Replicate {1}{U}"."""

    kind: str
    cost: ManaCost
    n: int = 0
    other: OtherCost | None = None  # "Buyback—Sacrifice a land", "Evoke—Exile a green card from your hand"


@dataclass(frozen=True, slots=True)
class FreeCastPermission(V.Ability):
    """A static ability of a permanent: "You may cast spells with mana value less than or equal to the
    number of lands you control without paying their mana costs" (Fires of Invention): an alternative
    cost of {0} (118.9, 601.2b) its controller may choose for a spell cast from their hand, whose mana
    value is at most the number of lands they control (`mv_le_lands`). "Any player may cast creature spells with
    mana value 3 or less without paying their mana costs" (Aluren): `who` "each", the spells one of `spells`
    describes."""

    mv_le_lands: bool = True
    who: str = "you"  # "you" (its controller) or "each" ("any player may")
    spells: tuple[SpellFilter, ...] = ()  # none: any spell


@dataclass(frozen=True, slots=True)
class CastingKeyword(V.Ability):
    """A keyword that works while the spell is cast or on the stack: "split_second" (702.61a),
    "rebound" (702.88a), "assist" (702.132a)."""

    kind: str


@dataclass(frozen=True, slots=True)
class OtherCost:
    """The parts of a cost that aren't mana (601.2b, 118.9): "sacrifice two Mountains", "tap an untapped
    creature you control", "exile a blue card from your hand", "return an Island you control to its
    owner's hand", "pay 1 life", "exile a creature card from your graveyard"."""

    sacrifice: V.ObjectFilter | None = None
    sacrifice_count: int = 0
    tap: V.ObjectFilter | None = None
    exile_from_hand: V.ObjectFilter | None = None
    bounce: V.ObjectFilter | None = None
    life: int = 0
    exile_from_graveyard: V.ObjectFilter | None = None
    exile_count: int = 0
    bounce_count: int = 1
    exile_from_hand_count: int = 1  # "exile two green cards from your hand" (Allosaurus Rider)


@dataclass(frozen=True, slots=True)
class Overload(V.Ability):
    """702.96a: "Overload [cost]" means "You may choose to pay [cost] rather than pay this spell's mana
    cost" and "If you chose to pay this spell's overload cost, change its text by replacing all instances
    of the word 'target' with the word 'each.'" `effects`: the spell's effects with that change, compiled
    from the changed text (cards/templates/casting.py)."""

    cost: ManaCost
    effects: tuple[V.Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class AlternativeCost(V.Ability):
    """118.9 / 601.2b: "[If you control a Plains, ]you may [cost] rather than pay this spell's mana cost"
    (kind "alternative"), and a mandatory additional cost beyond those rules/stack.py pays ("As an
    additional cost to cast this spell, exile a creature card from your graveyard", kind "additional")."""

    kind: str
    cost: ManaCost = ManaCost()
    other: OtherCost = OtherCost()
    condition: CostCondition | None = None




@dataclass(frozen=True, slots=True)
class Bestow(V.Ability):
    """702.103a: "Bestow [cost]": "As you cast this spell, you may choose to cast it bestowed. If you do,
    you pay [cost] rather than its mana cost"; cast bestowed it is an Aura enchantment spell with enchant
    creature (702.103b), until it ceases to be bestowed (702.103e-f: rules/bestow.py)."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Splice(V.Ability):
    """702.47a: "Splice onto [quality] [cost]": "As you cast a [quality] spell, you may reveal this card from
    your hand and pay [cost]. If you do, add this card's effects to that spell." The quality is a subtype
    (`onto_subtypes`: "Arcane") or card types (`onto_types`: "instant or sorcery")."""

    cost: ManaCost
    onto_subtypes: frozenset[str] = frozenset()
    onto_types: frozenset[str] = frozenset()
    other: OtherCost | None = None  # "Splice onto Arcane—Sacrifice two Mountains" (601.2b, 601.2h)
