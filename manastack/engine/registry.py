"""The rules registry: the points where the engine, or one rules module, hands over to rules that
live elsewhere. Each is declared here once, with what its functions take and return; the rules
modules fill them (manastack/assembly.py imports those modules, in the order it writes down).

A rules module that registers here needs no import of the module that calls the hook, which keeps
imports flowing one way (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model.actions import Action
    from ..model.chars import Chars
    from ..model.decisions import Decision
    from ..model.state import GameState, Obj
    from .game import Game


def _not_installed(*args: Any) -> Any:
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
    queue_opening_hands: Callable[[list, int], None] = _not_installed  # 103.6, after the mulligans
    # 117.5: before a player receives priority (rules/combat.py, rules/sba.py, rules/triggers.py)
    prune_combat: Callable[[Game], None] = _not_installed  # 506.4
    check_sba: Callable[[Game], bool] = _not_installed  # 704.3: True if any was performed
    flush_triggers: Callable[[Game], None] = _not_installed  # 603.2c batches, 603.8 state triggers
    put_triggers_on_stack: Callable[[Game], None] = _not_installed  # 603.3
    # 613: characteristics (rules/continuous.py)
    characteristics: Callable[[GameState, Obj, dict], Chars] = _not_installed
    # a zone change's consequences (Game.move), in the order they happen
    remove_from_combat: Callable[[Game, int], None] = _not_installed  # 506.4
    face_down_moved: Callable[[Game, Obj, Obj, str, str], None] = _not_installed  # 708.9: revealed
    enters_battlefield: Callable[[Game, Obj, dict], None] = _not_installed  # 614.1c, 614.12
    left_battlefield: Callable[[Game, int, str], None] = _not_installed  # 603.6c, 603.10a triggers
    entered_battlefield: Callable[[Game, int], None] = _not_installed  # 603.6a triggers
    zone_changed: Callable[[Game, int, int, str, str, str], None] = _not_installed  # other zone-change triggers
    life_lost: Callable[[Game, int], None] = _not_installed  # 119.3 triggers
    kept_mana: Callable[[Game], Any] = _not_installed  # 106.4a: mana that doesn't empty
    # validation of answers (engine/validate.py)
    check_trigger_order: Callable[[Decision, Any], None] = _not_installed  # 603.3b
    activated_abilities: Callable[[Game, Obj], list] = _not_installed  # 602: in printed order


RULES = EngineRules()

# 614.1a: replacement effects on zone changes ("if it would die, exile it instead"):
# fn(game, obj, from_zone, to_zone) -> the zone the object goes to instead (or to_zone). Asked by
# Game.move before the object moves.
ZONE_CHANGE_REPLACEMENTS: list[Callable[[Game, Obj, str, str], str]] = []
# 610.3a and the like: fn(game, old_id, to_zone), called after a permanent left the battlefield.
LEFT_BATTLEFIELD_HOOKS: list[Callable[[Game, int, str], None]] = []
# fn(game, old_id, new_id, from_zone), called as a permanent has entered the battlefield, before its
# enters triggers are looked at (a suspended creature spell's haste, 702.62a).
ENTERED_BATTLEFIELD_HOOKS: list[Callable[[Game, int, int, str], None]] = []

# 614.1c: StaticAbility kinds that modify how their own permanent enters (bloodthirst, "enters
# with N counters if ...", "enters tapped unless ..."): kind -> fn(game, the entering object, the
# ability, the choices made for it as it enters). Read by rules/stack.py as a permanent enters.
ETB_REPLACEMENTS: dict[str, Callable[[Game, Obj, Any, dict], None]] = {}

# 614.12: replacement effects from other sources that modify how a permanent enters ("enters tapped",
# "enters with an additional +1/+1 counter"): fn(game, the entering object, choices). Read by
# rules/stack.py as a permanent enters.
ETB_FROM_OTHERS: list[Callable[[Game, Obj, dict], None]] = []

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
    choices of each way to pay; `pay` (game, ability, player, card, action) pays them (601.2h)."""

    block_reason: Callable[..., str | None]
    options: Callable[..., list[tuple]]
    pay: Callable[..., None]


# Hand-ability classes with costs of their own: cls -> HandAbilityCosts (rules/activation.py, rules/priority.py).
HAND_ABILITY_COSTS: dict[type, HandAbilityCosts] = {}

# Timing permissions and restrictions (rules/timing_permissions.py):
# 302.6 / 602.5a: fn(game, creature) -> True when its controller may activate its {T} and {Q} abilities
# as though it had haste ("You may activate abilities of creatures you control as though those
# creatures had haste"). Asked only for a summoning-sick creature without haste.
HASTE_PERMISSIONS: list[Callable[[Game, Obj], bool]] = []
# 601.3b: fn(game, player, card object or None) -> True when an effect or another object's static
# ability lets the player cast that card as though it had flash (None: whether any card could be).
FLASH_GRANTS: list[Callable[[Game, int, Obj | None], bool]] = []
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
