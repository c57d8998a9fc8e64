"""The typed vocabulary that Oracle text compiles into: costs, targets, effects, abilities.

Every class is a frozen dataclass: a compiled card is immutable data shared by all games.
The rules modules interpret it (rules/effects.py executes effects, rules/stack.py costs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..costs import NO_COST, ManaCost
from ..mana import Bag
from ..memo import by_identity

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
    # 613.1f: an ability an Aura grants, "... where X is the number of arrow counters on Archery Training": the
    # counters are on the Aura that grants it, not on the source (-1 as compiled; the Aura's object id once
    # rules/continuous.py gives the ability, layer 6)
    grantor: int | None = None


Amount = int | str | Count

# TargetSpec.controlled_by: "target creature that player controls" of a triggered ability whose event names a
# player ("At the beginning of each opponent's upkeep", "Whenever CARDNAME deals combat damage to a player").
EVENT_PLAYER_CONTROLS = -2


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target (115). kind: "any" (creature, player or planeswalker), "permanent", "player",
    "opponent", "player_or_planeswalker", "permanent_or_player", "spell", "graveyard_card"."""

    kind: str
    filter: ObjectFilter = ANY_OBJECT
    text: str = ""
    # 601.2c / 115.1: "up to N target ...": this target may be left unchosen (None among the targets).
    optional: bool = False
    # Targets of one instance of the word "target" ("up to two target creatures") share a group > 0:
    # chosen in increasing id order in legal action lists, since their order means nothing.
    group: int = 0
    # 601.2c: "any number of target ...": the last target spec of an ability may be chosen again any
    # number of times (at least once), each time for a different object or player (115.3); the player
    # announces how many as the spell is cast (rules/targeting.py fitted_specs).
    repeat: bool = False
    # 115.1 / 601.2c: "target creature that player or that planeswalker's controller controls": the index of
    # the earlier target (a player, or a planeswalker) whose player must control this one (-1: none;
    # EVENT_PLAYER_CONTROLS: "target creature that player controls" in a triggered ability, the player of its
    # trigger event, 603.2 / 608.2h).
    controlled_by: int = -1


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
class ExtraTurn(Effect):
    """500.7: "[You] take an extra turn after this one" (rules/turn.py)."""

    who: Who = YOU


@dataclass(frozen=True, slots=True)
class AdditionalPhases(Effect):
    """500.8: "After this main phase, there is an additional combat phase followed by an additional main
    phase" (`phases` ("combat", "main"), `after_main`: only when it happens in a main phase); "After this
    phase, there is an additional combat phase" (after_main False): added directly after the current phase
    (rules/turn.py)."""

    phases: tuple[str, ...]
    after_main: bool = True


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
    # "discard a land card": only cards of that quality can be discarded (None: any card)
    filter: ObjectFilter | None = None


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
    """Return target card from a graveyard to the battlefield under your control (`owner`: "under its
    owner's control"). `counters`: "... Put a +1/+1 counter or a loyalty counter on it.": one counter of
    the kind its controller chooses among these (one kind: that one), put on the permanent it became once
    it is on the battlefield (122.1, 400.7). `colors` / `subtypes`: "That creature is a black Zombie in
    addition to its other colors and types" (layers 5 and 4, for as long as that permanent stays, 611.2a)."""

    target: Ref
    counters: tuple[str, ...] = ()
    owner: bool = False
    colors: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Pump(Effect):
    """"gets +N/+M and gains KEYWORD until end of turn" (611.2, layer 7c / 6); `until`: "eot", or
    "your_next_turn" (timing_permissions.UNTIL_YOUR_NEXT_TURN: it ends as its controller's next turn begins, 611.2a)."""

    target: Who
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    until: str = "eot"


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
    count: int = 0  # "whenever you attack with three or more creatures": the N (rules/trigger_events.py)
    # 603.4: an intervening "if" clause, an object with holds(g, source, lki, event_obj) -> bool,
    # checked as the event happens and again on resolution (rules/trigger_events.py).
    intervening: object | None = None
    # 603.6a: "enters from a graveyard" ("graveyard") / "from your graveyard" ("your_graveyard"): the zone the
    # permanent came from (rules/triggers.py entered_battlefield)
    origin: str = ""
    # 122.6: "whenever one or more +1/+1 counters are put on ...": the kind of counter ("counters_put",
    # "counters_put_self"; rules/trigger_events.py counters_put)
    counter_kind: str = ""
    # scope "targets_only_one" ("whenever a player casts an instant or sorcery spell that targets only a single
    # Golem"): what the spell's one target must be (None: the source itself, "that targets only CARDNAME")
    target_filter: ObjectFilter | None = None


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
    """Exile the targets, then return those cards to the battlefield under your control (`owner`: under
    their owners' control, Ephemerate)."""

    targets: tuple[Who, ...]  # Refs, or SELF ("exile CARDNAME, then return it ...")
    owner: bool = False
    # "If it's a Spirit, put a +1/+1 counter on it" (Essence Flux): that many +1/+1 counters on each returned
    # permanent matching the filter (608.2c: the new object, 400.7)
    counter_if: ObjectFilter | None = None
    counters: int = 0


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
    # 709-715: a card with more than one part. `layout` is the database's word ("adventure", "modal_dfc");
    # `faces` holds the card's other parts (715.2: the Adventure; 712.2: the back face), each a CardDef of
    # its own whose `faces` is empty. This CardDef is the main part / front face: the card's
    # characteristics in every zone unless a rule says it is the other part (715.3b, 712.8f, 709.3b).
    layout: str = "normal"
    faces: tuple[CardDef, ...] = field(default=())

    @property
    def supported(self) -> bool:
        return not self.unsupported

    @property
    def is_permanent_card(self) -> bool:
        return not ({"Instant", "Sorcery"} & self.types)


# --- Effects, triggers and modes of the effect templates (cards/templates/effects_*.py,
# cards/templates/triggers.py); carried out by rules/effects.py. ------------------------------

# Who: the object the trigger event refers to ("whenever another creature you control enters, put a
# +1/+1 counter on it"); for an ability whose event has no such object, the source itself.
IT = "it"
# Who: the spell a "whenever you cast ..." trigger refers to ("where X is that spell's mana value"); its
# event object is then that spell (rules/triggers.py spell_cast), not its caster.
THAT_SPELL = "that_spell"
# Who: the permanent the source (an Aura or Equipment) is attached to ("tap enchanted creature").
ATTACHED = "attached"
# Who: the permanent the last "put a ... card from among them onto the battlefield" put there ("It gains
# indestructible until end of turn", Winota, Joiner of Forces); nothing when no card was put.
ENTERED = "entered"


def contains(x: object, test: Callable[[object], bool], depth: int = 0) -> bool:
    """Whether `x` (a vocabulary value: an ability, effect, amount, or a tuple of them) or any part of it, at any
    depth, passes `test`, tokens' card definitions included (the vocabulary is acyclic; 60 levels is beyond any
    card's)."""
    if test(x):
        return True
    if depth > 60 or isinstance(x, str):
        return False
    if isinstance(x, tuple):
        return any(contains(y, test, depth + 1) for y in x)
    fields = getattr(x, "__dataclass_fields__", None)
    return fields is not None and any(contains(getattr(x, f), test, depth + 1) for f in fields)


def mentions(x: object, word: str) -> bool:
    """Whether `word` (a Who such as IT or EVENT_PLAYER) appears anywhere in `x` (`contains`)."""
    return contains(x, lambda y: isinstance(y, str) and y == word)


@dataclass(frozen=True, slots=True)
class FilterPlus(ObjectFilter):
    """An ObjectFilter with the qualities only effect templates use: power/toughness bounds
    ("creature with power 4 or greater"), "token"/"nontoken", a card name, and more than one color
    excluded by `colors_all`. Everything ObjectFilter says keeps its meaning."""

    power_min: int | None = None
    power_max: int | None = None
    toughness_max: int | None = None
    toughness_min: int | None = None  # "creature with toughness 4 or greater"
    token: bool | None = None
    min_mana_value: int | None = None
    basic: bool = False  # "basic land card"
    keywords: frozenset[str] = frozenset()  # has at least one of these keywords ("creature with flying")
    non_keywords: frozenset[str] = frozenset()  # has none of these ("creature without flying")
    all_types: frozenset[str] = frozenset()  # has every one of these card types ("artifact creature")
    supertypes: frozenset[str] = frozenset()  # has every one of these supertypes ("legendary creature")
    non_supertypes: frozenset[str] = frozenset()  # "nonlegendary"
    attacking: bool = False  # "attacking creature"
    non_subtypes: frozenset[str] = frozenset()  # "non-Human creature"
    blocking: bool = False  # "blocking creature"
    power_below_source: bool = False  # "with power less than this creature's power" (mentor, 702.134a)
    mana_value_max_source_power: bool = False  # "with mana value less than or equal to this creature's power"
    historic: bool = False  # 700.6: an artifact, a legendary or a Saga ("whenever you cast a historic spell")
    dealt_damage_this_turn: bool = False  # "target creature that was dealt damage this turn" (120.3; players too)
    attacked_this_turn: bool = False  # "untap all creatures that attacked this turn" (508.1: declared as attackers)
    monocolored: bool = False  # 105.2b: exactly one color ("target monocolored creature")
    # 122.1: "with a +1/+1 counter on it": has at least one counter of this kind ("any": "with a counter on it")
    with_counter: str = ""
    without_counter: str = ""  # 122.1: "with no counters on it" ("any"), "with no +1/+1 counters on it" (that kind)
    with_cycling: bool = False  # 702.29a/f: "card with a cycling ability" (typecycling is one too)
    not_owned: bool = False  # 108.3: "permanents you don't own" (owned by another player than the one it's read for)
    not_named_source: bool = False  # "target nonland permanent not named CARDNAME" (Detention Sphere)
    blocking_source: bool = False  # 509.1: "target creature blocking it" (Flowstone Salamander): blocking the source


@dataclass(frozen=True, slots=True)
class Scry(Effect):
    """701.18a: look at the top N cards, put any number on the bottom, the rest on top."""

    amount: Amount
    who: Who = YOU


@dataclass(frozen=True, slots=True)
class Surveil(Effect):
    """701.42a: look at the top N cards, put any number into the graveyard, the rest on top."""

    amount: Amount
    who: Who = YOU


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """701.13a: put the top N cards of the library into the graveyard."""

    amount: Amount
    who: Who = YOU


@dataclass(frozen=True, slots=True)
class Exile(Effect):
    target: Who


@dataclass(frozen=True, slots=True)
class TapUntap(Effect):
    """701.21: tap (or untap) the target."""

    target: Who
    untap: bool = False


@dataclass(frozen=True, slots=True)
class PumpAll(Effect):
    """"Creatures you control get +1/+1 until end of turn" (611.2c: the affected set is fixed as it resolves);
    `until` as Pump's."""

    filter: ObjectFilter
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    until: str = "eot"


@dataclass(frozen=True, slots=True)
class AddCountersAll(Effect):
    """"Put a +1/+1 counter on each creature you control"."""

    kind: str
    amount: Amount
    filter: ObjectFilter


@dataclass(frozen=True, slots=True)
class DamageAll(Effect):
    """"deals N damage to each creature [and each player]": permanents matching `filter` (None: no
    permanents) and the players `players` refers to (None: no players)."""

    amount: Amount
    filter: ObjectFilter | None = None
    players: Who | None = None


@dataclass(frozen=True, slots=True)
class DestroyAll(Effect):
    filter: ObjectFilter


@dataclass(frozen=True, slots=True)
class DestroyTokensCreatedBy(Effect):
    """"Destroy all tokens created with CARDNAME. They can't be regenerated." (Saproling Burst, 701.7a, 701.15c):
    the tokens on the battlefield its own abilities created (those whose characteristic-defining ability names
    it: CreateTokenCard.counts_creator, the only tokens the compiler lets such a card create)."""

    can_regenerate: bool = True


@dataclass(frozen=True, slots=True)
class SearchLibrary(Effect):
    """701.19: search your library for a card matching `filter`, put it onto the battlefield (tapped)
    or into your hand, then shuffle. The player may fail to find (701.19b)."""

    filter: ObjectFilter
    to: str = "hand"  # "hand" or "battlefield"
    tapped: bool = False
    amount: int = 1
    who: Who = YOU  # the player who searches their library ("its controller may search their library")
    # "... put it onto the battlefield tapped, then shuffle. Then if you control four or more lands, untap
    # that land" (Fabled Passage): untapped after the shuffle when its controller controls at least
    # `untap_if_lands` lands (0: never)
    untap_if_lands: int = 0
    # "search your library for a Forest card and a Plains card" (Krosan Verge): after the card matching
    # `filter` (or none), one matching `also` is searched for, then the library is shuffled once
    also: ObjectFilter | None = None
    # "You may put that card onto the battlefield instead of putting it into your hand if a creature died this
    # turn" (Caravan Vigil): a conditions.HistoryCondition; when it holds as the card is found, its controller
    # chooses where it goes (the "battlefield_instead" decision)
    battlefield_instead_if: object = None
    # "search ... for up to two basic land cards, reveal those cards, put one onto the battlefield tapped and the
    # other into your hand" (Cultivate): the cards found are revealed (701.16a), one goes `to`, the other
    # `other_to` ("hand" or "graveyard"); with one found, its searcher chooses where it goes
    other_to: str = ""


@dataclass(frozen=True, slots=True)
class Sacrifice(Effect):
    """701.17a: each player `who` refers to sacrifices `amount` permanents matching `filter`, of their
    choice; with `target` set, that permanent is sacrificed (by its controller)."""

    who: Who = YOU
    filter: ObjectFilter = ANY_OBJECT
    amount: int = 1
    target: Who | None = None


@dataclass(frozen=True, slots=True)
class Optional(Effect):
    """"You may ...": the controller answers yes or no as it resolves (608.2d); "its controller may ..." (Path
    to Exile): `who` answers."""

    effects: tuple[Effect, ...]
    prompt: str = ""
    who: Who | None = None  # None: the controller of the spell or ability


@dataclass(frozen=True, slots=True)
class IfYouDo(Effect):
    """"If you do, ...": runs only if the controller chose to do the preceding optional action; `negate`: "If you
    don't, ..." (608.2c: only if they chose not to)."""

    effects: tuple[Effect, ...]
    negate: bool = False


@dataclass(frozen=True, slots=True)
class CreateTokenCard(Effect):
    """111.1 / 111.10: create tokens of a given definition (predefined Treasure, Food, Clue, or a
    creature token the text describes). `size`: an "X/X" token's power and toughness, each the amount
    as the effect resolves (111.4: the effect defines the token's characteristics; `card` is 0/0)."""

    card: CardDef
    amount: Amount = 1
    who: Who = YOU
    tapped: bool = False
    size: Amount | None = None
    # "... token with "This token's power and toughness are each equal to the number of slime counters on
    # Gutter Grime."": its characteristic-defining ability counts the counters on the source that creates it
    # (the source's id is written into it as it is created, 111.4)
    counts_creator: bool = False
    # 701.36a: the Clues are created by investigating, each one an investigation ("whenever you investigate")
    investigate: bool = False


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode of a modal spell or ability (700.2): its effects and the targets they refer to."""

    text: str
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class Modal(Effect):
    """700.2: "Choose one —" and its bulleted modes; `min`..`max` modes are chosen, each at most once."""

    modes: tuple[Mode, ...] = ()
    min: int = 1
    max: int = 1


@dataclass(frozen=True, slots=True)
class CostPlus(Cost):
    """An activation cost with parts only the effect templates compile (602.1, 118): discarding
    cards (701.8), removing counters from the source (122), tapping untapped creatures you control
    (107.5 doesn't apply to them), exiling cards from your graveyard. Everything Cost says keeps its
    meaning."""

    discard: int = 0
    discard_filter: ObjectFilter | None = None  # "discard a land card"
    discard_hand: bool = False  # "Discard your hand" (701.8a: all the cards in it, none too)
    discard_random: bool = False  # "Discard a card at random" (701.8b: the game picks, as the cost is paid)
    # (kind, n) from the source; n "X": the X announced as it is activated (107.3, 601.2b: "Remove X +1/+1 counters")
    remove_counters: tuple[str, int | str] | None = None
    put_counters: tuple[str, int] | None = None  # (kind, n) on the source: "Put a -1/-1 counter on CARDNAME" (118.3)
    tap_untapped: ObjectFilter | None = None  # "tap an untapped creature you control"
    tap_count: int = 0
    exile_from_graveyard: ObjectFilter | None = None  # "exile a creature card from your graveyard"
    exile_count: int = 0
    exile_x: bool = False  # "Exile X cards from your graveyard": as many as the X announced (107.3a, 602.2b)
    mill: int = 0  # "Mill a card" (701.13a; 701.13b: not payable with fewer cards in the library)
    return_to_hand: ObjectFilter | None = None  # "return a land you control to its owner's hand" (a spell's, 601.2b)
    reveal_from_hand: ObjectFilter | None = None  # "reveal an Elf card from your hand" (a spell's option, 601.2b, 701.16a)
    # 602.5b-d: when the ability may be activated: "once_each_turn", "your_turn", "your_upkeep",
    # "before_attackers" (during your turn, before attackers are declared); "" any time.
    restriction: str = ""
    # 602.5b: "Activate only if [condition]" (a templates.statics.Condition), checked besides `restriction`.
    restriction_condition: object = None


@dataclass(frozen=True, slots=True)
class ActivationRestriction(Effect):
    """Not an effect: "Activate only as a sorcery" (602.5d) / "Activate only once each turn" (602.5b)
    written among an activated ability's effects. rules/stack.py turns it into the ability's timing."""

    kind: str  # "sorcery", "instant" (no restriction), "if" (`condition`), or a CostPlus.restriction
    condition: object = None  # "Activate only if [condition]": a templates.statics.Condition


@dataclass(frozen=True, slots=True)
class Regenerate(Effect):
    """701.15a: the next time the permanent would be destroyed this turn, instead tap it, remove all
    damage from it and remove it from combat. With `each` set, every permanent that filter matches as it
    resolves gets a shield of its own ("regenerate each creature you control", 611.2c)."""

    target: Who = SELF
    each: ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class CantBeRegenerated(Effect):
    """"It can't be regenerated" / "They can't be regenerated" (701.15c): qualifies the destruction
    written just before it."""


@dataclass(frozen=True, slots=True)
class PayMana(Effect):
    """"Pay {2}" as part of resolving ("you may pay {2}. If you do, ..."): paid with mana abilities
    activated then (605.3a); a player who can't pay doesn't."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class CounterUnlessPays(Effect):
    """"Counter target spell unless its controller pays {N}" (701.5a): that player chooses."""

    target: Ref
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class PreventDamage(Effect):
    """615.1 / 615.7: "Prevent the next 3 damage that would be dealt to any target this turn" (amount
    3), "Prevent all combat damage that would be dealt this turn" (amount None, target None, combat)."""

    amount: Amount | None = None  # None: all of it; "X": the X paid, as the shield is set up
    target: Who | None = None  # None: any object or player
    combat_only: bool = False
    # 615.1: "Prevent all combat damage that would be dealt by that creature this turn": `target` is the source
    # whose damage is prevented, not the recipient
    dealt_by: bool = False
    # 615.5: "If damage is prevented this way, CARDNAME deals that much damage to ...": run right after the
    # shield prevents damage, with "that much" (vocab/prevention.py PreventedThisWay) the amount prevented.
    then: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Effect):
    """603.7: "Draw a card at the beginning of the next turn's upkeep": creates a delayed triggered
    ability (event "next_upkeep" or "next_end") that triggers once."""

    event: str
    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class LookAtTop(Effect):
    """"Look at the top N cards of your library": the cards the following DigPut / PutRest refer to.
    `reveal`: "reveal the top N cards of your library" (701.16a: every player sees them)."""

    amount: Amount
    reveal: bool = False


@dataclass(frozen=True, slots=True)
class DigPut(Effect):
    """"Put one of them into your hand" / "You may reveal a creature card from among them and put it
    into your hand": the player chooses among the cards looked at (701.16a when revealed).
    `count` cards exactly (as many as there are), or up to `count` when `upto` ("you may", "up to two",
    "any number of": 99); `every`: all the matching cards, no choice ("put all Elf cards revealed this
    way into your hand"). `to`: "hand", "battlefield" (`tapped`), "graveyard", "top" (left on top
    of the library: "put up to one of them on top of your library"), "bottom" ("put one of them on the bottom of
    your library") or "exile" ("exile one of them")."""

    count: int = 1
    upto: bool = False  # "you may": zero is allowed
    filter: ObjectFilter | None = None
    reveal: bool = False
    to: str = "hand"
    tapped: bool = False
    every: bool = False
    milled: bool = False  # "from among the cards milled this way": the cards are in the graveyard now
    attacking: bool = False  # "onto the battlefield tapped and attacking" (508.4; Winota, Joiner of Forces)


@dataclass(frozen=True, slots=True)
class PutRest(Effect):
    """"Put the rest into your graveyard" / "on the bottom of your library in a random order"."""

    to: str  # "graveyard", "exile", "bottom_random", "bottom_any" or "top_any" ("back on top of your library in any order")


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """"Gain control of target creature until end of turn" (613.1b layer 2, 611.2)."""

    target: Who
    until_eot: bool = True


@dataclass(frozen=True, slots=True)
class ExchangeControl(Effect):
    """701.12a-b: "Exchange control of target artifact or creature you control and target creature an opponent
    controls": each gets the other's controller (613.1b, lasting); nothing happens when one of them is gone
    or no longer a legal target, or both have the same controller."""

    first: Who
    second: Who


@dataclass(frozen=True, slots=True)
class MostLifeGainsControl(Effect):
    """"The player with the most life gains control of CARDNAME" (613.1b layer 2, lasting): nothing happens
    while two or more players are tied for the most life (rules/choice_effects.py)."""

    target: Who = SELF


@dataclass(frozen=True, slots=True)
class AdditionalCost(Ability):
    """601.2b / 601.2f-h: "As an additional cost to cast this spell, sacrifice a creature" (or
    discard cards, pay life): paid by rules/stack.py as the spell is cast."""

    cost: Cost = Cost()


@dataclass(frozen=True, slots=True)
class AdditionalCostChoice(Ability):
    """601.2b / 601.2f-h: "As an additional cost to cast this spell, discard a card or pay {5}": the caster
    chooses one of `options` (mana added to the total cost, 601.2f, or a cost AdditionalCost knows) as the
    spell is cast; `labels` are the options' texts ("discard a card", "pay {5}"), the answers."""

    options: tuple[Cost, ...] = ()
    labels: tuple[str, ...] = ()


# Who: the player the trigger event refers to ("deals combat damage to a player ... that player", the
# active player of "at the beginning of each upkeep ... that player", the caster of a spell).
EVENT_PLAYER = "event_player"


@dataclass(frozen=True, slots=True)
class Proliferate(Effect):
    """701.27a: choose any number of permanents and/or players with counters; each gets one more
    counter of each kind it already has."""


@dataclass(frozen=True, slots=True)
class ReturnChosen(Effect):
    """"Return a land you control to its owner's hand": the player chooses (not a target)."""

    filter: ObjectFilter
    amount: int = 1


@dataclass(frozen=True, slots=True)
class ExileGraveyard(Effect):
    """"Exile target player's graveyard"."""

    who: Who


@dataclass(frozen=True, slots=True)
class FlipCoin(Effect):
    """705: the controller flips a coin; "If you win the flip, ..." / "If you lose the flip, ..."
    (IfFlip) follow it."""


@dataclass(frozen=True, slots=True)
class IfFlip(Effect):
    won: bool
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Explore(Effect):
    """701.40a: the permanent's controller reveals the top card of their library; a land card goes to
    their hand; otherwise the permanent gets a +1/+1 counter and the card may go to the graveyard."""

    target: Who = SELF


@dataclass(frozen=True, slots=True)
class RevealHand(Effect):
    """"Target opponent reveals their hand" (701.16a): the following ChooseCard picks from it."""

    who: Who


@dataclass(frozen=True, slots=True)
class ChooseCard(Effect):
    """"You choose a nonland card from it": the controller chooses a card of the revealed hand; with
    `graveyard_filter`, or one of that player's graveyard matching it ("You choose a nonland card from that
    player's graveyard or hand and exile it", Memory Leak; "... from it or a card from their graveyard")."""

    filter: ObjectFilter | None = None
    graveyard_filter: ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class ActOnChosen(Effect):
    """"That player discards that card" / "Exile that card": acts on the card ChooseCard chose."""

    action: str  # "discard" or "exile"


@dataclass(frozen=True, slots=True)
class PutInLibrary(Effect):
    """"Put target card from a graveyard on the bottom of its owner's library" (401.4); `index`: "into its
    owner's library third from the top" (2: two cards stay above it; a shorter library, at the bottom)."""

    target: Who
    bottom: bool = True
    index: int | None = None


@by_identity
def ability_types(card: CardDef) -> frozenset[type]:
    """The classes of a card's printed abilities and of the abilities they grant, with their base
    classes, cached per card definition: hot paths ask "does this card have a suspend / flashback /
    graveyard ability at all?" with a set lookup instead of scanning its abilities."""
    found: set[type] = set()

    def walk(abilities: tuple) -> None:
        for ab in abilities:
            found.update(type(ab).__mro__[:-1])  # its class and base classes (not `object`)
            for f in getattr(ab, "__dataclass_fields__", {}):
                v = getattr(ab, f, None)
                if isinstance(v, tuple) and v and isinstance(v[0], Ability):
                    walk(v)  # abilities it grants ("creatures you control have '...'")
    walk(card.abilities)
    return frozenset(found)


@by_identity
def trigger_events(card: CardDef) -> frozenset[str]:
    """Every trigger event a triggered ability anywhere in the card's text listens for (printed,
    granted, or given by its spell's effects), cached per card definition: the engine skips looking
    for watchers of events no card of the game has."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(x: object, depth: int) -> None:
        if depth > 12 or id(x) in seen:
            return
        if isinstance(x, tuple):
            for y in x:
                walk(y, depth + 1)
            return
        fields = getattr(x, "__dataclass_fields__", None)
        if fields is None:
            return
        seen.add(id(x))
        if isinstance(x, TriggeredAbility):
            found.add(x.event)
            extra = getattr(x, "graveyard_event", None)
            if isinstance(extra, str):
                found.add(extra)
        for f in fields:
            walk(getattr(x, f, None), depth + 1)
    walk(card.abilities, 0)
    if card.spell is not None:
        walk(card.spell.effects, 0)
    return frozenset(found)


@by_identity
def vocabulary(card: CardDef) -> frozenset[type | str]:
    """Every class of the vocabulary anywhere in the card's text, with its base classes, and every `kind`
    word there (of static abilities, restrictions, effects): its abilities, the abilities they grant,
    their costs, conditions, filters and effects, its spell's effects, and what those effects create or
    grant (tokens, abilities). Cached per card definition: a hook that can matter only through such a
    class or kind (engine/registry.py HookGate) is skipped in a game without a card that has one."""
    found: set[type | str] = set()
    seen: set[int] = set()
    stack: list[object] = [card.abilities, card.spell]
    while stack:
        x = stack.pop()
        if isinstance(x, (tuple, list, frozenset, set)):
            stack.extend(x)
            continue
        if isinstance(x, dict):
            stack.extend(x.values())
            continue
        fields = getattr(x, "__dataclass_fields__", None)
        if fields is None or id(x) in seen:
            continue
        seen.add(id(x))
        found.update(type(x).__mro__[:-1])
        kind = getattr(x, "kind", None)
        if isinstance(kind, str):
            found.add(kind)
        stack.extend(getattr(x, f, None) for f in fields)
    return frozenset(found)


@by_identity
def ability_kinds(card: CardDef) -> frozenset[str]:
    """The `kind` strings of the card's static (and similar) abilities, printed or granted, cached per
    card definition (Game.statics_of_kind skips kinds no card of the game has)."""
    found: set[str] = set()

    def walk(abilities: tuple) -> None:
        for ab in abilities:
            k = getattr(ab, "kind", None)
            if isinstance(k, str):
                found.add(k)
            for f in getattr(ab, "__dataclass_fields__", {}):
                v = getattr(ab, f, None)
                if isinstance(v, tuple) and v and isinstance(v[0], Ability):
                    walk(v)
    walk(card.abilities)
    return frozenset(found)
