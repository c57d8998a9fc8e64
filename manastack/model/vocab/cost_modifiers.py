"""The vocabulary manastack/rules/cost_modifiers.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# StaticAbility.kind of "Activated abilities of enchanted creature cost {3} more to activate" (`filter`
# an AttachedFilter, or the permanents whose abilities cost more; `amount` the generic mana;
# rules/total_cost.ability_cost_increase).
ACTIVATION_COST_INCREASE = "activation_cost_increase"
# "During your turn, ... abilities your opponents activate cost {1} more to activate unless they're mana abilities"
# (Tithe Taker): a StaticAbility.kind, its amount the increase
ACTIVATION_COST_INCREASE_YOUR_TURN = "activation_cost_increase_your_turn"
# "Activated abilities of creatures cost {1} less to activate. This effect can't reduce the mana in that cost to
# less than one mana." (Heartstone, Training Grounds): a StaticAbility.kind like ACTIVATION_COST_INCREASE's, its
# amount the generic mana taken off (rules/total_cost.ability_cost_adjustment)
ACTIVATION_COST_REDUCTION_MIN_ONE = "activation_cost_reduction_min_one"


@dataclass(frozen=True, slots=True)
class SpellFilter:
    """Which spells a cost modifier applies to, by the card's characteristics: one of `types` (empty:
    any), none of `non_types`, one of `subtypes`, one of `colors`, none of `non_colors`, a mana value of at
    most `max_mana_value` (202.3; an X in its cost is 0 off the stack)."""

    types: frozenset[str] = frozenset()
    non_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    non_colors: frozenset[str] = frozenset()
    max_mana_value: int | None = None


@dataclass(frozen=True, slots=True)
class CostCount:
    """The N of "costs {1} less for each N". kind: "control" (permanents matching `filter`,
    `filter.controller` relative to the caster; None: on the battlefield), "graveyard" (cards in the
    caster's graveyard with one of `types`; empty: any card), "party" (700.8), "domain" (basic land
    types among lands the caster controls); and the X of "costs {X} less, where X is ...":
    "greatest_power" / "total_power" (creatures the caster controls), "devotion" (700.5, to the colors
    in `types`), "colors_among" (colors among permanents the caster controls), "drawn" (cards the caster
    drew this turn), "died" (creatures that died this turn), "attacked" / "attacked_by_you" (creatures
    that attacked this turn); "extra_targets": the spell's chosen targets beyond the first (601.2f)."""

    kind: str
    filter: V.ObjectFilter | None = None
    types: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CostCondition:
    """The "if ..." of a cost modifier. kind: "targets" (one of the spell's targets matches
    `filter`), "control" (the caster controls a permanent matching `filter`), "cast_another" (the
    caster has cast another spell this turn), "second_spell" (it will be the caster's second spell this
    turn), "not_your_turn" (it isn't the caster's turn), "targets_spell" (one of the spell's targets is a spell on the
    stack matching `filter`), "opponent_cards_to_graveyard" (an opponent had at least `what` cards put into their
    graveyard this turn), "history"
    (something happened this turn: `what`), "graveyard_types" (at least `what` card types among cards in
    the caster's graveyard), "first_of_kind" (the caster cast no `spell` kind of spell yet this turn)."""

    kind: str
    filter: V.ObjectFilter | None = None
    what: str = ""  # "history": a rules/turn_history.py KIND ("creature_died", "opponent_lost_life")
    spell: SpellFilter | None = None  # "first_of_kind": the kind of spell


@dataclass(frozen=True, slots=True)
class CostModifier(V.Ability):
    """601.2f: a spell costs `amount` more (positive) or less (negative) generic mana, times `per`
    when given, if `condition` holds. scope: "self" (an ability of the spell itself, 702.41a), "you"
    (spells its controller casts), "opponents" (spells their opponents cast), "all"; "on_stack" (an
    ability of a spell that functions while that spell is on the stack: "spells that target it")."""

    amount: int
    scope: str
    spell: SpellFilter | None = None
    per: CostCount | None = None
    condition: CostCondition | None = None


@dataclass(frozen=True, slots=True)
class CostChangeEffect(V.Effect):
    """611.2a / 601.2f: an effect changing the cost of a group of spells for a while: "Noncreature spells
    your opponents cast cost {2} more to cast until your next turn", "Artifact spells you cast this turn
    cost {1} less to cast". `modifier` is read as the static ability would be (its scope relative to the
    effect's controller); `until`: "eot" or "your_next_turn" (timing_permissions.UNTIL_YOUR_NEXT_TURN)."""

    modifier: CostModifier
    until: str = "eot"


@dataclass(frozen=True, slots=True)
class NextSpellDiscount(V.Effect):
    """"The next [instant or sorcery] spell you cast this turn costs {N} less to cast": a one-shot cost
    reduction (611.2: until end of turn, used up by the next such spell cast, 601.2f)."""

    amount: int
    spell: SpellFilter | None = None


@dataclass(frozen=True, slots=True)
class LifeForColorDiscount(V.Ability):
    """The Defilers: "As an additional cost to cast [color] permanent spells, you may pay 2 life. Those
    spells cost {C} less to cast if you paid life this way. This effect reduces only the amount of [color]
    mana you pay." (601.2b optional additional cost, 601.2f / 118.7: a reduction of colored mana only)."""

    color: str
    life: int


@dataclass(frozen=True, slots=True)
class ColoredCostIncrease(V.Ability):
    """601.2f: "[Green] spells you cast cost {G} more to cast" (the Leeches): colored mana added to the
    total cost of the spells `spell` describes that its controller casts."""

    spell: SpellFilter | None
    color: str


