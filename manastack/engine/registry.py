"""The rules registry: the points where the engine, or one rules module, hands over to rules that
live elsewhere. Each is declared here once, with what its functions take and return; the rules
modules fill them (manastack/assembly.py imports those modules, in the order it writes down).

A rules module that registers here needs no import of the module that calls the hook, which keeps
imports flowing one way (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NoReturn, Protocol, TypeVar

if TYPE_CHECKING:
    from ..model.actions import Action, ActivateAbility, CastSpell, Choice, PlayLand
    from ..model.chars import Chars
    from ..model.costs import ManaSource, Requirement
    from ..model.decisions import Decision
    from ..model.events import Event
    from ..model.mana import Bag
    from ..model.state import GameState, Obj, StackItem
    from ..model.vocab import (
        Ability,
        CardDef,
        Cost,
        Effect,
        ManaProduction,
        Modal,
        StaticAbility,
        TriggeredAbility,
    )
    from .game import Game

# A work item of GameState.queue: (kind, ...), its fields as the kind's handler reads them.
QueueItem = tuple[object, ...]

H = TypeVar("H")  # a hook function


# --- gated hooks: asked only in games where they can matter


@dataclass(frozen=True)
class HookGate:
    """What can make a hook answer anything but its neutral answer (None, False, no change) in a game: a
    card of the game with one of these vocabulary classes, or `kind` words (of static abilities,
    restrictions, effects), anywhere in its text (GameState.card_vocab: printed or granted abilities,
    effects, what effects create: a continuous effect a spell makes is covered by the effect class that
    makes it), or with a triggered ability listening for one of these events (card_events). The sets may
    be filled while the rules are installed: they are read when a game's live hooks are computed."""

    classes: Collection[type] = frozenset()
    kinds: Collection[str] = frozenset()
    events: Collection[str] = frozenset()

    def open_in(self, vocab: frozenset[type | str], events: frozenset[str]) -> bool:
        return not (vocab.isdisjoint(self.classes) and vocab.isdisjoint(self.kinds) and events.isdisjoint(self.events))


# hook function -> its gate (rules/__init__.py add_hook). A hook without a gate is asked in every game.
HOOK_GATES: dict[object, HookGate] = {}
_EMPTY: frozenset = frozenset()


def live(s: GameState, hooks: list[H]) -> Sequence[H]:
    """The hooks of `hooks` that can matter in the game of `s` (HOOK_GATES), in their order: computed
    once per set of the game's card words and events (GameState.live_hooks, which Game.new_object replaces
    when they grow; clones share it while their sets are the same) and per registration (the list's
    length). Before the game has any card, all of them."""
    ent = s.live_hooks.get(id(hooks))
    if ent is not None and ent[0] is hooks and ent[1] == len(hooks):
        return ent[2]  # type: ignore[return-value]
    vocab = s.card_vocab
    if vocab is None:
        return hooks
    events = s.card_events or _EMPTY
    got = tuple(h for h in hooks if (gate := HOOK_GATES.get(h)) is None or gate.open_in(vocab, events))
    s.live_hooks[id(hooks)] = (hooks, len(hooks), got)  # the list is kept: its id isn't reused meanwhile
    return got


def _not_installed(*args: object) -> NoReturn:
    raise RuntimeError("the rules are not installed (manastack/assembly.py installs them as manastack is imported)")


@dataclass
class EngineRules:
    """The rules the engine's loop and its facade call, one slot each, filled by the rules modules of
    their CR area as manastack/assembly.py imports them."""

    # the decision loop (rules/turn.py, rules/priority.py, rules/loops.py)
    decision_actions: Callable[[Game, Decision], list[Action]] = _not_installed  # the legal answers
    answer: Callable[[Game, Decision, Action], None] = _not_installed  # carry out an answer
    process_queue: Callable[[Game], None] = _not_installed  # the next queued work item
    advance: Callable[[Game], None] = _not_installed  # 500: the next step, its turn-based actions
    priority_actions: Callable[[Game, int], list[Action]] = _not_installed  # 117: a player's legal actions
    pass_priority: Callable[[Game], None] = _not_installed  # 117.3d, 117.4
    priority_action: Callable[[Game, int, Action], None] = _not_installed  # play, cast, activate, specials
    note_priority: Callable[[Game], bool] = _not_installed  # 729.3: False ends a looping game
    note_mandatory: Callable[[Game, dict[int, int]], bool] = _not_installed  # 104.4b: False ends a looping game
    queue_opening_hands: Callable[[list[QueueItem], int], None] = _not_installed  # 103.6, after the mulligans
    # 117.5: before a player receives priority (rules/combat.py, rules/sba.py, rules/triggers.py)
    prune_combat: Callable[[Game], None] = _not_installed  # 506.4
    check_sba: Callable[[Game], bool] = _not_installed  # 704.3: True if any was performed
    flush_triggers: Callable[[Game], None] = _not_installed  # 603.2c batches, 603.8 state triggers
    put_triggers_on_stack: Callable[[Game], None] = _not_installed  # 603.3
    # 613: characteristics (rules/continuous.py)
    characteristics: Callable[[GameState, Obj, dict[Hashable, object]], Chars] = _not_installed  # the cache
    # a zone change's consequences (Game.perform of a ZoneChange), in the order they happen
    remove_from_combat: Callable[[Game, int], None] = _not_installed  # 506.4
    face_down_moved: Callable[[Game, Obj, Obj, str, str], None] = _not_installed  # 708.9: revealed
    enters_battlefield: Callable[[Game, Obj, dict[str, object]], None] = _not_installed  # 614.1c, 614.12
    left_battlefield: Callable[[Game, int, str], None] = _not_installed  # 603.6c, 603.10a triggers
    entered_battlefield: Callable[[Game, int], None] = _not_installed  # 603.6a triggers
    kept_mana: Callable[[Game], dict[int, Bag]] = _not_installed  # 106.4a: mana that doesn't empty, by player
    # validation of answers (engine/validate.py)
    check_trigger_order: Callable[[Decision, Hashable], None] = _not_installed  # 603.3b: the answer's shape
    activated_abilities: Callable[[Game, Obj], list[Ability]] = _not_installed  # 602: in printed order


RULES = EngineRules()


@dataclass
class PaymentRules:
    """The cost payer (rules/mana_payment.py), which the mana-ability rules below it call back into: a
    mana ability's own costs may need mana or permanents the payer looks at (605.3b, 601.2g-h), so the
    two recurse. Filled by rules/mana_payment.py as it is imported."""

    # why the non-mana parts of a cost can't be paid by the object now, or None (107.5, 302.6, 701.17a)
    cost_block_reason: Callable[[Game, Obj, Cost], str | None] = _not_installed
    # the candidates a cost may tap or sacrifice while its mana can still be paid without them (601.2g-h)
    usable_for_cost: Callable[[Game, Obj, Cost, list[int]], list[int]] = _not_installed


PAYMENT = PaymentRules()

# fn(game, obj, to_zone), called as an object is about to leave the stack (after the replacement
# effects on its ZoneChange, before its last known information is recorded): 702.96b, an overloaded
# spell's changed text ends (rules/alternative_costs.py).
LEAVING_STACK_HOOKS: list[Callable[[Game, Obj, str], None]] = []
# 610.3a and the like: fn(game, old_id, to_zone), called after a permanent left the battlefield.
LEFT_BATTLEFIELD_HOOKS: list[Callable[[Game, int, str], None]] = []
# fn(game, old_id, new_id, from_zone), called as a permanent has entered the battlefield, before its
# enters triggers are looked at (a suspended creature spell's haste, 702.62a).
ENTERED_BATTLEFIELD_HOOKS: list[Callable[[Game, int, int, str], None]] = []

# 614.1c: StaticAbility kinds that modify how their own permanent enters (bloodthirst, "enters
# with N counters if ...", "enters tapped unless ..."): kind -> fn(game, the entering object, the
# ability, the choices made for it as it enters). Read by rules/stack.py as a permanent enters.
ETB_REPLACEMENTS: dict[str, Callable[[Game, Obj, StaticAbility, dict[str, object]], None]] = {}

# 614.12: replacement effects from other sources that modify how a permanent enters ("enters tapped",
# "enters with an additional +1/+1 counter"): fn(game, the entering object, choices). Read by
# rules/stack.py as a permanent enters.
ETB_FROM_OTHERS: list[Callable[[Game, Obj, dict[str, object]], None]] = []

# 603.4: triggered-ability classes whose intervening "if" clause is their own (renown, evolve, echo,
# suspend): cls -> fn(game, ability, source, its last known information, the event's object) -> bool,
# asked as the event happens (rules/triggers.py) and again on resolution.
INTERVENING_IF: dict[type, Callable[..., bool]] = {}

# Object filters with a test of their own ("creature with a morph ability", "creature or Vehicle"):
# cls -> fn(game, filter, object, its characteristics, controller, source) -> bool, asked by
# rules/targeting.py matches_filter after the filter's common fields matched.
FILTER_TESTS: dict[type, Callable[..., bool]] = {}


@dataclass(frozen=True)
class ExtraCost:
    """How a cost class of its own is paid (crew 702.122a, loyalty 606.4, mill 701.13b): `block_reason`
    (game, object) -> why it can't be paid now, or None; `choose` (game, player, object, action) -> what
    was chosen for it, before mana (601.2h); `pay` (game, player, object, chosen) pays it."""

    block_reason: Callable[..., str | None]
    choose: Callable[..., list[int]] | None = None
    pay: Callable[..., None] | None = None


# Cost classes of their own: cls -> ExtraCost (rules/activation.py, rules/mana_payment.py).
EXTRA_COSTS: dict[type, ExtraCost] = {}


@dataclass(frozen=True)
class HandAbilityCosts:
    """How an activated ability of a card in hand with costs of its own is paid (702.49a ninjutsu:
    reveal the card, return an unblocked attacker): `block_reason` (game, ability, player, card) ->
    why it can't be activated now, or None; `options` (game, ability, player, card) -> the announced
    choices of each way to pay; `pay` (game, ability, player, card, action) pays them (601.2h); `kept`
    (the announced choices) -> the permanents those costs use, whose mana abilities can't pay the mana
    part too (601.2h: the attacker ninjutsu returns can't be an Eldrazi Scion sacrificed for {C})."""

    block_reason: Callable[..., str | None]
    options: Callable[..., list[tuple[Choice, ...]]]
    pay: Callable[..., None]
    kept: Callable[[tuple[Choice, ...]], tuple[int, ...]] | None = None


# Hand-ability classes with costs of their own: cls -> HandAbilityCosts (rules/activation.py, rules/priority.py).
HAND_ABILITY_COSTS: dict[type, HandAbilityCosts] = {}


# --- effects (rules/effects.py and the rules modules of each effect family)
# 608.2: how each effect class of the vocabulary is carried out: cls -> fn(game, Context, effect) ->
# None, or queue items for the choices it needs. One handler per class (register_effect).
EFFECT_HANDLERS: dict[type, Callable[..., list[QueueItem] | None]] = {}
# The choices effects queue while they resolve: kind -> (legal answers, carry out an answer).
CHOICES: dict[str, tuple[Callable[[Game, Decision], list[Action]], Callable[[Game, Decision, Hashable], None]]] = {}


def register_effect(cls: type, handler: Callable[..., list[QueueItem] | None]) -> None:
    """Register how an effect class is carried out. The handler takes (game, Context, effect) and
    returns None, or queue items for choices it needs. Each class has exactly one handler: a second
    one is refused."""
    old = EFFECT_HANDLERS.get(cls)
    if old is not None and old is not handler:
        raise ValueError(f"{cls.__name__} already has a handler ({old.__module__}.{old.__qualname__})")
    EFFECT_HANDLERS[cls] = handler

# --- hooks read by rules/effects.py
# fn(g, player, effects) → whether the player can't do the optional effects ("you may pay {E}").
MAY_IMPOSSIBLE: list[Callable[[Game, int, tuple[Effect, ...]], bool]] = []
# Extension points: how template modules' own Who and Amount classes are resolved (class → fn(g, ctx, x),
# ctx the resolving effects' rules/effects.py Context): a Who to the players it names (indexes), an Amount
# to a number.
WHO_RESOLVERS: dict[type, Callable[..., list[int]]] = {}
AMOUNT_RESOLVERS: dict[type, Callable[..., int]] = {}
# 608.2b / 702.103e: fn(g, spell's stack item) as a spell begins to resolve, before its targets are checked (a
# bestowed Aura spell whose target is illegal ceases to be bestowed, rules/bestow.py).
SPELL_BEGINS_RESOLVING: list[Callable[[Game, StackItem], None]] = []
# fn(g, resolving spell's stack item) -> True when it moved the spell itself instead of to the graveyard.
RESOLVED_SPELL_HOOKS: list[Callable[[Game, StackItem], bool]] = []
# 113.6m: activating an ability of a card in another zone than the battlefield or a hand (unearth,
# "return this card from your graveyard": rules/graveyard_keywords.py): zone -> fn(game, player, the
# card, the ActivateAbility action), called by rules/activation.py.
ZONE_ABILITY_ACTIVATIONS: dict[str, Callable[[Game, int, Obj, Action], None]] = {}
# 614.8, 701.15a, 702.89a: replacement effects of a permanent's destruction (a regeneration shield,
# umbra armor), after indestructible and shield counters: fn(g, permanent, whether it can be
# regenerated) -> True when the destruction was replaced (rules/regeneration.py).
DESTRUCTION_REPLACEMENTS: list[Callable[[Game, Obj, bool], bool]] = []
# fn(g, spell object) -> True when a static ability of another object makes it uncounterable (101.2:
# "Creature spells you control can't be countered", rules/casting.py).
UNCOUNTERABLE_HOOKS: list[Callable[[Game, Obj], bool]] = []

# 603.2: "whenever CARDNAME is dealt damage" triggers: fn(game, the damaged permanent), called by
# rules/effects.py once damage to a permanent is dealt (rules/triggers.py).
DEALT_DAMAGE_TRIGGERS: list[Callable[[Game, int], None]] = []

# --- hooks read by rules/triggers.py
# fn(g, source, ability) -> False when the ability doesn't trigger now; called last, so a gate may
# record that it did trigger.
TRIGGER_GATES: list[Callable[[Game, int, TriggeredAbility], bool]] = []
# fn(game, events) -> (object, ability) pairs of triggered abilities that function outside the battlefield
# (rules/graveyard_keywords.py: "whenever ..., you may return this card from your graveyard to your hand").
WATCHER_HOOKS: list[Callable[[Game, tuple[str, ...]], list[tuple[Obj, TriggeredAbility]]]] = []
# fn(game, event): abilities that trigger at the beginning of a step from outside the battlefield
# (rules/graveyard_keywords.py: suspend's upkeep trigger in exile, 702.62a, 113.6k).
STEP_HOOKS: list[Callable[[Game, str], None]] = []
# fn(g, caster, spell object id), called as a spell becomes cast (601.2i).
SPELL_CAST_HOOKS: list[Callable[[Game, int, int], None]] = []

# --- hooks read by rules/continuous.py
# Characteristic-defining abilities that set power/toughness (604.3, layer 7a) of a creature whose
# printed value is a star: fn(state, obj, card, power, toughness, cache) -> (power, toughness, volatile).
PT_CDA: list[Callable[[GameState, Obj, CardDef, int | None, int | None, dict[Hashable, object]],
                    tuple[int | None, int | None, bool]]] = []
# More conditions on the objects a group LayeredStatic affects: fn(state, source, ability, obj,
# subtypes, colors) -> bool.
GROUP_FILTERS: list[Callable[[GameState, Obj, StaticAbility, Obj, frozenset[str], frozenset[str]], bool]] = []
# Layer-4 static abilities of a permanent that change its own card types ("as long as your devotion
# to white is less than five, it isn't a creature", "CARDNAME is a 5/5 Golem artifact creature as long
# as ..."): fn(state, obj, types, subtypes, cache) -> (types, subtypes), for objects with an ability of a
# kind in SELF_LAYER4_KINDS.
SELF_LAYER4: list[Callable[[GameState, Obj, frozenset[str], frozenset[str], dict[Hashable, object]],
                           tuple[frozenset[str], frozenset[str]]]] = []
# 613.4b layer 7b of a permanent's own static abilities ("is a 5/5 ... creature as long as ..."), for the
# same objects: fn(state, obj, cache) -> (power, toughness) or None.
SELF_BASE_PT: list[Callable[[GameState, Obj, dict[Hashable, object]], tuple[int, int] | None]] = []
# 613.1d layer 4 of other objects' effects on a permanent attached to something or a Vehicle (rules/
# vehicles_facedown.py: reconfigure 702.151b, an Aura making a Vehicle a creature): fn(state, obj,
# types) -> types. Asked for such permanents only.
ATTACHED_LAYER4: list[Callable[[GameState, Obj, frozenset[str]], frozenset[str]]] = []
# 611.2c: rules-changing effects of resolved spells and abilities on an object ("can't block this
# turn", rules/combat_keywords.py): fn(state, obj, types, keywords) -> the rules they give it now.
EFFECT_RULES: list[Callable[[GameState, Obj, frozenset[str], frozenset[str]], frozenset[str]]] = []
# 613.1f layer 6: abilities and protection resolved spells and abilities gave an object (backup
# 702.165a, rules/attacking.py): fn(state, obj, abilities, protection) -> (abilities, protection).
EFFECT_GRANTS: list[Callable[[GameState, Obj, tuple[Ability, ...], tuple[str, ...]], tuple[tuple[Ability, ...], tuple[str, ...]]]] = []

# --- hooks read by rules/produce.py
# Production kinds of other rules modules (rules/mana_amounts.py devotion, rules/imprint.py "one mana of any of
# the exiled card's colors"): kind → fn(game, permanent, mana ability, any_cost) → the bags it could add now,
# as production_outputs.
PRODUCTION_KINDS: dict[str, Callable[..., tuple[Bag, ...]]] = {}
# Other modules' kinds whose mana may be chosen (rules/mana_amounts.py): kind → fn(production) → bool.
CHOICE_TESTS: dict[str, Callable[[ManaProduction], bool]] = {}

# --- hooks read by rules/targeting.py
# 702.16a: protection from qualities other than colors ("artifacts", "Goblins", "everything"):
# fn(quality, source characteristics) -> whether the source has it (rules/protection.py).
PROTECTION_QUALITIES: list[Callable[[str, Chars], bool]] = []
# fn(game, player, controller of the spell or ability) -> True when that player can't be its target
# (702.11c "You have hexproof", 702.18a "You have shroud": rules/game_rule_statics.py).
PLAYER_TARGET_BLOCKS: list[Callable[[Game, int, int], bool]] = []

# --- hooks read by rules/activation.py
# fn(g, player, the ability's stack object), called once an activated ability is on the stack (602.2i).
ABILITY_ACTIVATED_HOOKS: list[Callable[[Game, int, StackItem], None]] = []

# --- hooks read by rules/stack.py
# 305.2: effects that let a player play more lands: fn(game, player) -> how many more this turn
# (rules/game_rule_statics.py).
LAND_PLAYS: list[Callable[[Game, int], int]] = []
# 305.1 / 601.3-like permissions to play a land from another zone: fn(g, p, obj) -> True (Crucible of
# Worlds: "You may play lands from your graveyard", rules/graveyard_keywords.py).
LAND_PERMISSIONS: list[Callable[[Game, int, Obj], bool]] = []
# 601.3: fn(g, p, obj) -> why `p` can't cast `obj` now, or None (rules/casting.py: split second, ...).
CAST_RESTRICTIONS: list[Callable[[Game, int, Obj], str | None]] = []
# 601.3b: fn(g, p, obj) -> True when `p` may cast `obj` as though it had flash ("if you pay {2} more").
FLASH_PERMISSIONS: list[Callable[[Game, int, Obj], bool]] = []
# 602.5: fn(g, p, action) -> why `p` can't take that ActivateAbility action now, or None (split second).
ACTIVATION_RESTRICTIONS: list[Callable[[Game, int, ActivateAbility], str | None]] = []
# 608.3: fn(g, stack item, new permanent id) after a permanent spell has entered (evoke, dash).
PERMANENT_SPELL_HOOKS: list[Callable[[Game, StackItem, int], None]] = []
# 601.2b: fn(g, p, obj, action, card) -> the characteristics the spell is cast with (702.96a overload).
CARD_SWAPS: list[Callable[[Game, int, Obj, CastSpell, CardDef], CardDef]] = []
# 715.3 / 712.11b / 709.3: fn(g, p, obj, action), called as a card of two parts is cast, before any other
# check: the player chooses which part of a card of several parts they cast (rules/layouts.py), and the
# object then has that part's characteristics on the stack.
CAST_FACE_CHOICES: list[Callable[[Game, int, Obj, CastSpell], None]] = []
# 712.12 / 305.1: fn(g, p, obj, action), called as a card is played as a land before the checks: a
# modal double-faced card is played with the face chosen (rules/layouts.py).
LAND_FACE_CHOICES: list[Callable[[Game, int, Obj, PlayLand], None]] = []
# 700.2: fn(card, modal, modes) -> True when choosing these modes is allowed beyond the usual number
# (702.42a entwine: all of them; rules/casting.py adds the entwine cost).
ALL_MODES_HOOKS: list[Callable[[CardDef, Modal, tuple[int, ...]], bool]] = []
# 601.2f: cost increases and reductions of generic mana beyond Damping Sphere's: functions
# (g, p, card, targets) -> net generic change (rules/casting.py registers them).
COST_MODIFIERS: list[Callable[[Game, int, CardDef, tuple[int, ...]], int]] = []
# 601.2b: optional additional and alternative costs: fn(g, p, obj, action, reqs, kicked, flashback)
# -> (reqs, choices to record on the stack item).
CAST_OPTIONS: list[Callable[[Game, int, Obj, CastSpell, list[Requirement], bool, bool],
                           tuple[list[Requirement], tuple[Choice, ...]]]] = []
# 601.2g-h: fn(g, p, obj, reqs, action, exclude_more) -> True when it paid the spell's cost itself
# (convoke, improvise, delve).
SPELL_PAYERS: list[Callable[[Game, int, Obj, list[Requirement], CastSpell, tuple[int, ...]], bool]] = []
# fn(g, p, obj, reqs) -> True when the spell can be paid for in a way solve_payment doesn't see.
AFFORD_HOOKS: list[Callable[[Game, int, Obj, list[Requirement]], bool]] = []
# fn(g, p, CastSpell action) -> False to drop a cast from the actions offered to agents (a cost that
# depends on its targets, 601.2f, can't be paid).
CAST_ACTION_FILTERS: list[Callable[[Game, int, CastSpell], bool]] = []
# fn(g, p, CastSpell action) -> None to keep a cast offered to agents as it is, or the casts to offer
# instead (601.2d: one per division of its damage offered, rules/divided.py; [] to drop it).
CAST_ACTION_EXPANSIONS: list[Callable[[Game, int, CastSpell], list[CastSpell] | None]] = []
# fn(g, p, obj, mana sources) -> the `choices` of the CastSpell actions offered to agents for other
# ways to cast the spell (buyback, evoke, dash ...) that can be paid for.
CAST_VARIANTS: list[Callable[[Game, int, Obj, list[ManaSource]], list[tuple[Choice, ...]]]] = []
class CastPermission(Protocol):
    """A permission to cast a card from a zone other than its owner's hand (rules/cast_from_zones.py
    CastPermit), as rules/stack.py cast_spell reads it."""

    event: str  # the log event of a cast this way ("flashback", "escape" ...)
    rule: str
    additional: Cost | None  # an additional cost (601.2b), or None
    any_time: bool  # castable at any time it could be cast with flash
    choices: tuple[Choice, ...]  # recorded on the stack item

    def reqs(self, g: Game, p: int, card: CardDef, x: int, targets: tuple[int | None, ...]) -> list[Requirement]:
        """601.2f: the mana to pay (an alternative cost, or the mana cost)."""
        ...

    def cast(self, g: Game, p: int, oid: int) -> None:
        """Called once the spell is cast this way (702.138b: "escaped")."""
        ...


# 601.3 / 601.2a: permissions to cast a card from a zone other than its owner's hand (retrace, jump-start,
# escape, madness: rules/graveyard_keywords.py): fn(g, p, obj) -> a permission with `reqs(g, p, card, x,
# targets)`, `any_time`, `additional` (a Cost or None) and `choices` (recorded on the stack item), or None.
CAST_PERMISSIONS: list[Callable[[Game, int, Obj], CastPermission | None]] = []
# 614.1c / 707.5: replacement effects that change what a permanent enters as ("You may have CARDNAME enter
# as a copy of ...", rules/copy_effects.py), applied before the others, which are then those of what it
# enters as: fn(game, the entering object, the ETB choices).
ENTERS_AS: list[Callable[[Game, Obj, dict[str, object]], None]] = []

# --- hooks read by rules/turn.py
# fn(game), called as the untap step begins, before 302.6's "summoning sickness" of the active player's
# permanents ends (rules/graveyard_keywords.py: echo, 702.30a).
BEFORE_UNTAP_HOOKS: list[Callable[[Game], None]] = []
# fn(game), called as the active player's permanents untap (502.3; rules/zone_change_effects.py: "during your
# next untap step, as you untap your permanents, return CARDNAME to its owner's hand").
AS_UNTAP_HOOKS: list[Callable[[Game], None]] = []
# 502.3: limits on how many permanents untap ("players can't untap more than one land during their untap
# steps"): fn(game, active player, ids of the permanents about to untap) -> [(N, ids among them of which
# at most N may untap)].
UNTAP_LIMITS: list[Callable[[Game, int, list[int]], list[tuple[int, frozenset[int]]]]] = []
# 502.3: "You may choose not to untap CARDNAME during your untap step": fn(game, active player, the ids of their
# permanents about to untap) -> the ids the player chooses about (rules/tapped_durations.py).
UNTAP_OPTIONAL: list[Callable[[Game, int, list[int]], frozenset[int]]] = []
# fn(game) once the untap step's permanents have untapped (502.3): "for as long as CARDNAME remains tapped" ends.
UNTAP_STEP_DONE: list[Callable[[Game], None]] = []
# 402.2: effects that change a player's maximum hand size: fn(game, player, limit) -> the new
# limit, None for no maximum.
HAND_SIZE: list[Callable[[Game, int, int | None], int | None]] = []
# Work items of other rules modules: kind → fn(game, item), which pops the item or raises a decision
# (rules/opening_hand.py: 103.6 actions before the first turn).
QUEUE_ITEMS: dict[str, Callable[[Game, QueueItem], None]] = {}

# --- hooks read by rules/sba.py
# Continuous effects applied just before state-based actions are checked (613.1b static
# control-changing effects, rules/control_statics.py): fn(game) -> whether anything changed.
PRE_CHECK: list[Callable[[Game], bool]] = []
# state-based actions of a rules area that sacrifice permanents (704.5s a Saga past its final chapter,
# rules/sagas.py): fn(game) -> (permanent id, rule) pairs; rules/sba.py performs them with its others (704.3).
SBA_SACRIFICES: list[Callable[[Game], list[tuple[int, str]]]] = []
# 702.16n: an Aura that protection "doesn't remove" stays: fn(game, aura, host, aura chars) -> bool.
AURA_KEPT: list[Callable[[Game, Obj, Obj, Chars], bool]] = []
# 303.4c: whether an Aura attached to a player may stay attached: fn(game, aura, aura chars) -> bool.
# Without any (no template compiles such an Aura), it is put into the graveyard.
AURA_ON_PLAYER: list[Callable[[Game, Obj, Chars], bool]] = []


# --- conditions (rules/intervening.py)
# 603.4 and the other conditions of model/vocab/conditions.py (and families elsewhere): cls ->
# fn(game, condition, source, its last known information, the event's object) -> bool.
CONDITION_EVALUATORS: dict[type, Callable[..., bool]] = {}

# --- mana choices (rules/produce.py)
# ManaProduction kinds whose mana is chosen even when only one option is left (106.1, 106.7, 605.1b).
CHOICE_KINDS: set[str] = set()

# --- layer 4 of a permanent's own abilities (rules/continuous.py)
# StaticAbility kinds that change their own permanent's types (layer 4), so characteristics look for them.
SELF_LAYER4_KINDS: set[str] = set()


# --- the event door (Game.perform, model/events.py)


@dataclass(frozen=True, eq=False)
class Replacement:
    """One replacement effect (614) that applies to an event now: `key` identifies it (identical
    effects share a key, so their order can't change the result), `name` for the prompt and the log,
    `apply` gives the event it becomes (None: nothing happens instead)."""

    key: tuple[Hashable, ...]
    name: str
    apply: Callable[[Event], Event | None] = field(compare=False)
    # Effects with equal `same` give the same events whichever applies first (two Hardened Scales):
    # one order of them is walked (616.1). None: the key.
    same: tuple[Hashable, ...] | None = None
    # What the chooser is shown for it (the scenario runner matches a `key` and `name` on it); None: its name.
    label: object = None
    # fn(game, the event before it applied, after), run once the order is chosen, in that order: what
    # applying it does besides rewriting the event (615.7: a prevention shield is used up and logged).
    then: Callable[[Game, Event, Event | None], None] | None = field(default=None, compare=False)
    # Whether `then` changes the game in a way that depends on the event it applies to (a shield for N
    # damage used up, counters removed): orders that apply it to different events differ (616.1).
    uses: bool = False
    # The object whose effect it is (answers name it by id).
    source: int | None = None
    # The line (event, rule, fields) logged when it applies, instead of the door's "replacement" line.
    log: tuple[str, str, dict[str, object]] | None = field(default=None, compare=False)
    # An optional effect (614.1a "you may ... instead", dredge): fn(game) -> whether the player applies
    # it, asked once its order is chosen.
    ask: Callable[[Game], bool] | None = field(default=None, compare=False)


# 614.1: event class -> finders fn(game, event) -> the replacement effects that apply to it now.
# Game.perform asks them again after each one is applied (616.1e: one may stop applying, or start).
REPLACEMENTS: dict[type, list[Callable[[Game, Event], list[Replacement]]]] = {}
# 603.2: event class -> fn(game, event), called once the event happened: the triggered abilities
# that watch for it are collected.
EVENT_TRIGGERS: dict[type, list[Callable[[Game, Event], None]]] = {}
# 616.1: event class -> fn(event) -> a sort key of the events the orders give: without a chooser, the
# order giving the smallest is taken (counters: the most, the fewest -1/-1); else the first order found.
REPLACEMENT_PREFERRED: dict[type, Callable[[Event], int]] = {}
# Event classes a rules module performs (what a replacement effect turns an event into, 614.1a:
# model/events.Dredged): cls -> fn(game, event), the state change and its log, called by Game.perform.
EVENT_PERFORMERS: dict[type, Callable[[Game, Event], None]] = {}

# Timing permissions and restrictions (rules/timing_permissions.py):
# 302.6 / 602.5a: fn(game, creature) -> True when its controller may activate its {T} and {Q} abilities
# as though it had haste ("You may activate abilities of creatures you control as though those
# creatures had haste"). Asked only for a summoning-sick creature without haste.
HASTE_PERMISSIONS: list[Callable[[Game, Obj], bool]] = []
# 601.3b: fn(game, player, card object or None) -> True when an effect or another object's static
# ability lets the player cast that card as though it had flash (None: whether any card could be).
FLASH_GRANTS: list[Callable[[Game, int, Obj | None], bool]] = []
# The ability classes that may give a FLASH_PERMISSIONS permission (only cards with one are asked about:
# rules/timing.py), and those that may help pay for a spell (AFFORD_HOOKS: convoke, improvise, delve).
FLASH_PERMISSION_KINDS: set[type] = set()
AFFORD_KINDS: set[type] = set()
# 601.3 / 602.5b: windows of time a spell may be cast or an ability activated in, of kinds the rules
# modules define (CastRestriction.kind, CostPlus.restriction: "combat", "end_combat", "before_blockers"
# ...): kind -> (its words, "during combat"; fn(game, player) -> True while the player may do it).
TIMING_WINDOWS: dict[str, tuple[str, Callable[[Game, int], bool]]] = {}

# Who declares (rules/block_control.py): fn(game, "attackers" or "blockers") -> the player who makes
# that declaration instead of the active / defending player (508.1, 509.1: "You choose which creatures
# block this turn and how those creatures block"), or None.
DECLARERS: list[Callable[[Game, str], int | None]] = []

# 702.16b-e, 702.16j-k, protection of a player (rules/player_protection.py): fn(game, player, source
# characteristics or None, the source's colors, the source's controller, what) -> True when the player
# has protection from that source. what: "target", "damage" or "enchant".
PLAYER_PROTECTION: list[Callable[..., bool]] = []
