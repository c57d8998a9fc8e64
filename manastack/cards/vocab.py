"""The typed vocabulary that Oracle text compiles into: costs, targets, effects, abilities.

Every class is a frozen dataclass: a compiled card is immutable data shared by all games.
The rules modules interpret it (rules/effects.py executes effects, rules/stack.py costs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.costs import NO_COST, ManaCost
from ..rules.mana import Bag

# An amount is a fixed int, "X" (the X paid, 107.3), or a Count of objects.


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """Which objects qualify ("target nonblack creature", "a land an opponent controls")."""

    types: frozenset[str] = frozenset()  # has at least one of these card types (empty: any)
    non_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()  # has at least one of these subtypes (empty: any)
    non_colors: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    multicolored: bool | None = None
    tapped: bool | None = None
    attacking_or_blocking: bool = False
    controller: str | None = None  # "you" or "opponent"
    max_mana_value: int | None = None
    nonbasic: bool = False
    other: bool = False  # "another": not the source itself


ANY_OBJECT = ObjectFilter()


@dataclass(frozen=True, slots=True)
class Count:
    """"for each Swamp you control": the number of permanents matching `filter`, or counters."""

    filter: ObjectFilter | None = None
    counters_on_self: str | None = None  # "+1/+1": the number of such counters on the source
    multiplier: int = 1


Amount = int | str | Count


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target (115). kind: "any" (creature, player or planeswalker), "permanent", "player",
    "opponent", "player_or_planeswalker", "spell", "graveyard_card"."""

    kind: str
    filter: ObjectFilter = ANY_OBJECT
    text: str = ""


# Who an effect refers to.
YOU = "you"
EACH_PLAYER = "each_player"
EACH_OPPONENT = "each_opponent"
DEFENDING = "defending_player"
SELF = "self"  # the source object


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to the i-th target of the spell or ability."""

    index: int


Who = str | Ref


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of all effects. Subclasses are executed by rules/effects.py."""


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    amount: Amount
    to: Who  # Ref(i), EACH_OPPONENT, ...


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    amount: Amount
    who: Who = YOU


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    amount: Amount
    who: Who = YOU


@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    amount: Amount
    who: Who = YOU


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    amount: Amount
    who: Who = YOU  # the player who discards also chooses (701.8)


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    target: Ref


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    target: Who


@dataclass(frozen=True, slots=True)
class ReturnToHand(Effect):
    target: Who


@dataclass(frozen=True, slots=True)
class ReturnFromGraveyard(Effect):
    """Return target card from a graveyard to the battlefield under your control."""

    target: Ref


@dataclass(frozen=True, slots=True)
class Pump(Effect):
    """"gets +N/+M and gains KEYWORD until end of turn" (611.2, layer 7c / 6)."""

    target: Who
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AddCounters(Effect):
    kind: str
    amount: Amount
    target: Who = SELF


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    token: str  # key of a token definition (see cards/db.py token_def)
    amount: Amount = 1
    who: Who = YOU


@dataclass(frozen=True, slots=True)
class RevealTopPutLandInHand(Effect):
    """Goblin Guide: the player reveals their top card; if it's a land card, they put it into hand."""

    who: Who = DEFENDING


@dataclass(frozen=True, slots=True)
class ManaProduction:
    """What a mana ability adds (106). kind:
    "fixed" (bags[0]), "choice" (one of bags), "any_color" (amount of one chosen color),
    "any_type" (one chosen type, colorless included), "could_produce" (106.7: one mana of any
    color/type that `scope` permanents could produce), "for_each" (bags[0] per `count`),
    "sacrificed_could_produce", "commander_identity" (no commander: no mana, 903.4f/106.5)."""

    kind: str
    bags: tuple[Bag, ...] = ()
    amount: int = 1
    count: Count | None = None
    scope: ObjectFilter | None = None
    any_type: bool = False


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    production: ManaProduction


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost (602.1, 118). Mana is paid after other choices (601.2g-h)."""

    mana: ManaCost = NO_COST
    tap: bool = False  # {T}, 107.5
    untap: bool = False  # {Q}, 107.6
    sacrifice_self: bool = False
    sacrifice: ObjectFilter | None = None  # "Sacrifice a land"
    life: int = 0


@dataclass(frozen=True, slots=True)
class Ability:
    text: str


@dataclass(frozen=True, slots=True)
class ManaAbility(Ability):
    """605.1a: an activated ability that could add mana, has no target and isn't a loyalty ability."""

    cost: Cost
    production: ManaProduction


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Ability):
    cost: Cost
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    sorcery_speed: bool = False


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Ability):
    """603. `event`: "etb" (self enters), "dies" (self), "attacks" (self), "upkeep" (yours),
    "tapped_for_mana" (605.1b)."""

    event: str
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    # For "tapped_for_mana": which permanents ("enchanted", "self", or a filter) and whose tapping
    # ("any" player, or "you").
    scope: str = ""
    filter: ObjectFilter | None = None
    who: str = "any"
    unless_sacrifice: ObjectFilter | None = None  # "sacrifice CARDNAME unless you sacrifice a creature"


@dataclass(frozen=True, slots=True)
class ManaReplacement:
    """106.12b / 614.1a: a replacement effect on mana production. kind: "multiply" (factor),
    "set" (produces `bag` instead of any other type and amount), "set_type" (produces `type_`
    instead of any other type, same amount), "damp" (a land tapped for two or more mana produces
    {C} instead). `scope`: "permanent" or "land" or "nonbasic_land" or "land_you_control";
    `who`: "you" (the effect's controller taps) or "any"."""

    kind: str
    scope: str
    who: str
    factor: int = 1
    type_: str = ""


@dataclass(frozen=True, slots=True)
class CreateContinuousEffect(Effect):
    """"Until end of turn, if a player taps a nonbasic land for mana, ..." (611.2, 614)."""

    replacement: ManaReplacement


@dataclass(frozen=True, slots=True)
class Flicker(Effect):
    """Exile the targets, then return those cards to the battlefield under your control."""

    targets: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class StaticAbility(Ability):
    """604. kind: "etb_tapped", "etb_counters" (614.1c), "anthem" (613 layer 7c),
    "grant_mana_ability" (layer 6), "type_change" (layer 4), "combat_damage_uses_stack", "enchant"."""

    kind: str
    filter: ObjectFilter = ANY_OBJECT
    power: int = 0
    toughness: int = 0
    counter_kind: str = ""
    amount: Amount = 0
    subtypes: tuple[str, ...] = ()
    replace: bool = False  # type_change: the new land types replace the old ones (305.7)
    granted: tuple[Ability, ...] = ()
    mana_replacement: ManaReplacement | None = None


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """The effects of an instant or sorcery (and of rituals: 605.5a, not a mana ability)."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class CardDef:
    """A compiled card: characteristics as printed plus compiled abilities."""

    name: str
    mana_cost: ManaCost
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    power: int | None
    toughness: int | None
    loyalty: int | None
    keywords: frozenset[str]
    abilities: tuple[Ability, ...]
    spell: SpellAbility | None
    oracle_text: str = ""
    type_line: str = ""
    unsupported: tuple[str, ...] = ()  # sentences the compiler did not understand
    is_token: bool = False
    protection: tuple[str, ...] = field(default=())

    @property
    def supported(self) -> bool:
        return not self.unsupported

    @property
    def is_permanent_card(self) -> bool:
        return not ({"Instant", "Sorcery"} & self.types)
