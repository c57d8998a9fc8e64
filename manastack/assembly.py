"""How manastack is put together: the one place that names the rules modules and the Oracle-text
template modules, in an order written down here (not file-name order), and fills the engine's rules
table (engine/registry.py RULES) from them.

`install()` runs once, as the package is imported (manastack/__init__.py). It imports every rules
module in RULES_MODULES order and every template module in cards.compiler.TEMPLATE_MODULES order,
then orders every hook list of the rules registry by RULES_MODULES (stable within a module): what a
game or a compiled card does never depends on the order in which Python happened to import the
modules. (With MANASTACK_DEFER_INSTALL=1 in the environment the package leaves `install()` to the
caller: tests/test_registry.py imports the modules in shuffled orders first.)
"""

from __future__ import annotations

import gc
import importlib
import sys
from types import ModuleType

from .cards import compiler
from .engine import registry
from .engine.registry import RULES

# The rules modules by CR area, in the order their hooks run where several modules hook one point
# (e.g. stack.CAST_OPTIONS: alternative costs before cost modifiers; registry.LEFT_BATTLEFIELD_HOOKS:
# blitz before the damage history and the linked exiles).
RULES_MODULES = (
    # resolving effects (608) and the effect families
    "effects", "choice_effects", "hand_effects", "referred_objects", "keyword_actions", "library_effects", "prevention",
    "regeneration",
    # triggered abilities (603), characteristics and layers (613), combat (506-511), loops (104.4b, 729)
    "triggers", "trigger_queue", "timing", "object_abilities", "total_cost", "cost_objects", "effect_context", "animate", "continuous", "combat", "loops",
    # mana (106, 605), targets (115), paying costs (601.2g-h), activating (602)
    "mana_abilities", "replacement", "produce", "targeting", "mana_payment", "activation", "facedown",
    # the stack (405, 608), the turn (500-514), priority (117), state-based actions (704)
    "stack", "turn", "priority", "sba", "trigger_events",
    # casting (601) and its costs (118, 601.2f), what happened this turn
    "alternative_costs", "casting", "turn_history", "intervening", "cost_modifiers", "spell_copies",
    "cast_restrictions", "free_casting", "spell_payment",
    # keyword abilities by kind (702) and the other static abilities (604, 611)
    "combat_keywords", "attacking", "combat_costs", "blocking_requirements", "zone_change_effects", "graveyard_replacement", "graveyard_effects", "cast_from_zones",
    "enters_keywords", "upkeep_keywords", "graveyard_keywords", "loyalty", "static_counts", "enters_tapped",
    "tapped_durations", "game_rule_statics", "control_statics", "protection", "entry_choices", "auras_on_players",
    "vehicles_facedown", "opening_hand", "mana_amounts", "copy_effects", "imprint",
    "cast_origin", "counter_replacement", "token_replacement", "x_spells", "ninjutsu", "library_matching", "reveal_top", "piles",
    # timing permissions (302.6, 601.3b, 602.5b), protection of players (702.16), who declares (508.1, 509.1)
    "timing_permissions", "player_protection", "block_control",
    # companion (702.139: outside the game, 116.2g) and its graveyard permission (601.3)
    "companion",
    # cards of several parts: adventurer cards (715), modal double-faced cards (712), split cards (709)
    "layouts",
    # transforming double-faced cards (712, 701.28)
    "transform",
    "counter_kinds",
    "monarch",
    "ascend",
    "sagas",
    "divided",
    "counterspells",
    "damage_riders",
    "counted_effects",
    "life_gain",
    "damage_replacement",
    "player_groups",
    "emblems",
    "cipher",
    "trigger_keywords",
    "bestow",
    "soulbond",
    "phasing",
    # special actions ending an effect (116.2c): the Licids
    "ending_effects",
)
_RULES_PACKAGE = "manastack.rules"
_installed = False


def _rules(name: str) -> ModuleType:
    return sys.modules[f"{_RULES_PACKAGE}.{name}"]


def _fill_engine_rules() -> None:
    """The engine's rules table: which rules module answers each call of the loop and the facade."""
    turn, priority, loops, combat, sba = _rules("turn"), _rules("priority"), _rules("loops"), _rules("combat"), _rules("sba")
    triggers, trigger_events, stack = _rules("triggers"), _rules("trigger_events"), _rules("stack")
    RULES.decision_actions = turn.decision_actions
    RULES.answer = turn.answer
    RULES.process_queue = turn.process_queue
    RULES.advance = turn.advance
    RULES.priority_actions = priority.priority_actions
    RULES.pass_priority = priority.pass_priority
    RULES.priority_action = priority.priority_action
    RULES.note_priority = loops.note_priority
    RULES.note_mandatory = loops.note_mandatory
    RULES.queue_opening_hands = _rules("opening_hand").queue_opening_hands
    RULES.prune_combat = combat.prune
    RULES.check_sba = sba.check
    RULES.flush_triggers = trigger_events.flush
    RULES.put_triggers_on_stack = triggers.put_on_stack
    RULES.characteristics = _rules("continuous").characteristics
    RULES.remove_from_combat = combat.remove_from_combat
    RULES.face_down_moved = _rules("facedown").moved
    RULES.enters_battlefield = stack.enters_battlefield
    RULES.left_battlefield = triggers.left_battlefield
    RULES.entered_battlefield = triggers.entered_battlefield
    RULES.kept_mana = _rules("mana_abilities").kept_mana
    RULES.check_trigger_order = triggers.chosen_order
    RULES.activated_abilities = _rules("object_abilities").activated_abilities


def _is_hook_list(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(
        callable(x) or (isinstance(x, tuple) and x and callable(x[-1])) for x in value)


def hook_lists() -> list[tuple[str, list]]:
    """Every hook list of the rules registry and the rules modules: (where, the list)."""
    seen: set[int] = set()
    out = []
    for mod in (registry, *(_rules(n) for n in RULES_MODULES)):
        for attr, value in vars(mod).items():
            # a list, or a table of lists per event class (registry.EVENT_TRIGGERS, REPLACEMENTS)
            lists = [(attr, value)] if not isinstance(value, dict) else [
                (f"{attr}[{getattr(k, '__name__', k)}]", v) for k, v in value.items()]
            for where, hooks in lists:
                if _is_hook_list(hooks) and id(hooks) not in seen:
                    seen.add(id(hooks))
                    out.append((f"{mod.__name__}.{where}", hooks))
    return out


def _order_hooks() -> None:
    index = {f"{_RULES_PACKAGE}.{n}": i for i, n in enumerate(RULES_MODULES)}
    # the event door's tables too: replacement finders and trigger collectors, by event class
    by_event = [(f"{table}[{cls.__name__}]", hooks) for table in ("REPLACEMENTS", "EVENT_TRIGGERS")
                for cls, hooks in getattr(registry, table).items()]
    for _where, hooks in hook_lists() + by_event:
        hooks.sort(key=lambda h: index.get(getattr(h if callable(h) else h[-1], "__module__", ""), -1))


def install() -> None:
    """Import the rules and the templates in the written order and fill the registry (once)."""
    global _installed
    if _installed:
        return
    for name in RULES_MODULES:
        importlib.import_module(f"{_RULES_PACKAGE}.{name}")
    compiler.install_templates()
    _fill_engine_rules()
    _order_hooks()
    _installed = True
    # The rules, the compiled templates and their tables live as long as the process: moved out of the
    # collector's generations, a full collection no longer walks them again and again while games
    # allocate (events, log lines). About 5% of bench_games.py's time.
    gc.freeze()
