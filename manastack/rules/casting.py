"""CR 601.2b-h beyond the basics in rules/stack.py: what a spell cast with other costs does as it
resolves and enters, and the registration of every casting hook (vocabulary compiled by
cards/templates/casting.py). The parts live by topic:

- rules/cost_modifiers.py: 601.2f / 118.7 cost increases and reductions (registry.COST_MODIFIERS).
- rules/spell_payment.py: 702.51 convoke, 702.126 improvise, 702.66 delve (registry.SPELL_PAYERS,
  registry.AFFORD_HOOKS), and whether a cast whose cost depends on its targets can be paid.
- rules/alternative_costs.py: 601.2b / 118.9 alternative and optional additional costs, 702.42
  entwine, 702.96 overload (registry.CAST_OPTIONS, registry.CAST_VARIANTS, registry.CARD_SWAPS).
- rules/cast_restrictions.py: 601.3, 702.61 split second, 101.2 statics, 601.3b flash permissions.
- rules/spell_copies.py: 707.10 copies (storm, replicate, conspire, casualty, squad).
- rules/free_casting.py: 608.2g casting while resolving (cascade, ripple, rebound).

This module:
- 702.27a buyback, 702.88a rebound: where the spell goes as it finishes resolving
  (registry.RESOLVED_SPELL_HOOKS); a copy ceases to exist when it leaves the stack (704.5e).
- 702.74a evoke, 702.109a dash, 702.152a blitz, 702.175a offspring, 702.157a squad: the triggered
  abilities of a permanent that entered with the cost paid (registry.PERMANENT_SPELL_HOOKS).
- 702.44 sunburst, converge, adamant: the mana spent to cast the permanent (read from the game log).
- The registration: `_register` and `_register_casting` add the hooks of all these modules to the
  lists of rules/stack.py, rules/effects.py and engine/game.py in one fixed order (the order of a hook
  list is the order its hooks run in).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import game as game_mod
from ..engine import registry
from ..model import state as _state_module
from ..model import vocab as V
from ..model.events import EffectCreated
from ..model.mana import COLORS, TYPE_INDEX, parse_mana
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, STACK, ContinuousEffect
from ..model.vocab.alternative_costs import (
    AlternativeCost,
    Bestow,
    CastingKeyword,
    CastOption,
    FreeCastPermission,
    Overload,
    Splice,
)
from ..model.vocab.cast_restrictions import (
    CantCastSameName,
    CastRestriction,
    PlayerCastRestriction,
    Uncounterable,
)
from ..model.vocab.casting import (  # noqa: F401 (the vocabulary this module executes)
    ExileAsItResolves,
    ManaSpentCounters,
    OffspringToken,
    ReturnExiledSourceToHand,
    ReturnSourceToHand,
    SacrificeSource,
    SquadTokens,
)
from ..model.vocab.cost_modifiers import (
    ColoredCostIncrease,
    CostModifier,
    LifeForColorDiscount,
    NextSpellDiscount,
)
from ..model.vocab.free_casting import CascadeEffect, CastFromExile, CastTargetCard, RippleReveal
from ..model.vocab.spell_copies import (
    CopyForEachOtherTarget,
    CopyResolvingSpell,
    CopyTargetSpell,
    CopyThisSpell,
    StormCopies,
)
from ..model.vocab.spell_payment import PaymentKeyword
from . import (
    add_hook,
    alternative_costs,
    cast_restrictions,
    cost_modifiers,
    effect_context,
    free_casting,
    spell_copies,
    spell_payment,
    trigger_queue,
)
from . import effects as _effects_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


# ----------------------------------------------------------------------------- registration (rules/spell_payment.py)


def _register() -> None:
    add_hook(registry.COST_MODIFIERS, cost_modifiers.cost_modifier)
    add_hook(registry.SPELL_PAYERS, spell_payment.pay_with_helpers)
    add_hook(registry.AFFORD_HOOKS, spell_payment.can_afford)


_register()


# ============================================================================= 601.2b: other ways to cast
# 702.27 buyback (optional additional cost), 702.74 evoke, 702.109 dash, 702.117 surge (alternative
# costs, 118.9), 702.61 split second, 702.88 rebound, 601.3 "cast this spell only ..." restrictions.


# ----------------------------------------------------------------------------- resolution: buyback, rebound

def resolved_spell(g: Game, item: Any) -> bool:
    """registry.RESOLVED_SPELL_HOOKS: 702.27a buyback (to its owner's hand), 702.88a rebound (exiled,
    cast again at its owner's next upkeep), instead of the graveyard as it resolves."""
    if ("copy", True) in item.choices:
        _cease_to_exist(g, item.obj)  # 707.10a / 704.5e: a copy leaves the stack: it ceases to exist
        return True
    if ("buyback", True) in item.choices:
        g.move(item.obj, HAND, rule="702.27a")
        return True
    if ("rebound", True) in item.choices:
        new = g.move(item.obj, EXILE, rule="702.88a")
        ab = V.TriggeredAbility(f"{item.name}: rebound (702.88a)", "delayed", (CastFromExile(),))
        effect_context.create_delayed_trigger(g, "your_next_upkeep", ab, item.name, new, item.controller)
        return True
    mark = next((e for e in g.s.effects if e.kind == EXILE_AS_RESOLVES and e.target == item.obj), None)
    if mark is not None:
        # 608.2n: Feather's "exile that card instead of putting it into your graveyard as it resolves"; 603.7a
        # "return it to your hand at the beginning of the next end step" (the card exiled: a new object, 400.7)
        new = g.move(item.obj, EXILE, rule="608.2n")
        ab = V.TriggeredAbility(f"{item.name}: return it to your hand (603.7a)", "delayed", (ReturnExiledSourceToHand(),))
        effect_context.create_delayed_trigger(g, "next_end", ab, item.name, new, mark.controller)
        return True
    return False


EXILE_AS_RESOLVES = "exile_as_resolves"  # ContinuousEffect.kind: the spell `target` is exiled as it resolves


def _exile_as_it_resolves(g: Game, ctx: Any, e: ExileAsItResolves) -> list | None:
    """608.2n: the spell the trigger's event is, still on the stack, will be exiled as it resolves."""
    s = g.s
    spell = ctx.event_obj
    if spell is None or spell < 0 or not any(it.kind == "spell" and it.obj == spell for it in s.stack):
        return None
    g.perform(EffectCreated("608.2n", ContinuousEffect(EXILE_AS_RESOLVES, spell, timestamp=s.next_timestamp,
                                                       until="permanent", controller=ctx.controller)))
    s.next_timestamp += 1
    return None


def _return_exiled_source(g: Game, ctx: Any, e: ReturnExiledSourceToHand) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == EXILE:
        g.move(o.id, HAND, rule="603.7a")  # to its owner's hand (400.3)
    return None


def _cease_to_exist(g: Game, oid: int) -> None:
    s = g.s
    o = s.objects.get(oid)
    if o is not None and o.zone == STACK:
        s.lki[oid] = (o.copy(), g.chars(o))
        del s.objects[oid]
        g.log_event("copy_ceases", "704.5e", card=o.card.name)


# ----------------------------------------------------------------------------- entering: evoke, dash


EVOKE_TRIGGER = V.TriggeredAbility("When this permanent enters, if its evoke cost was paid, its controller "
                                   "sacrifices it. (702.74a)", "etb", (SacrificeSource(),))
DASH_RETURN = V.TriggeredAbility("Return the dashed permanent to its owner's hand at the beginning of the next end "
                                 "step. (702.109a)", "delayed", (ReturnSourceToHand(),))


def permanent_entered(g: Game, item: Any, new: int) -> None:
    """registry.PERMANENT_SPELL_HOOKS: 702.74a evoke's sacrifice trigger; 702.109a dash's haste and the
    delayed return to hand."""
    ContinuousEffect = _state_module.ContinuousEffect
    s = g.s
    if ("evoke", True) in item.choices and new in s.objects:
        trigger_queue.queue(g, s.objects[new].controller, new, EVOKE_TRIGGER, None, item.name)
    squad = next((c[1] for c in item.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "squad"), 0)
    if squad and new in s.objects:
        trigger_queue.queue(g, s.objects[new].controller, new, V.TriggeredAbility(
            "When this creature enters, if its squad cost was paid, create a token that's a copy of it for each "
            "time its squad cost was paid. (702.157a)", "etb", (SquadTokens(int(squad)),)), None, item.name)
    if ("flash_sacrifice", True) in item.choices and new in s.objects:
        effect_context.create_delayed_trigger(g, "next_cleanup", FLASH_SACRIFICE, item.name, new,
                                              s.objects[new].controller)
    if ("offspring", True) in item.choices and new in s.objects:
        trigger_queue.queue(g, s.objects[new].controller, new, OFFSPRING_TRIGGER, None, item.name)
    if ("blitz", True) in item.choices and new in s.objects:
        ctrl = s.objects[new].controller
        # 702.152a: it gains haste and "When this creature dies, draw a card"; sacrifice it at the
        # beginning of the next end step.
        t = s.next_timestamp
        s.next_timestamp += 3
        g.perform(EffectCreated("702.152a", ContinuousEffect("pump", new, keywords=("haste",), timestamp=t,
                                                             until="permanent", controller=ctrl)))
        g.perform(EffectCreated("702.152a", ContinuousEffect("blitz_draw", new, timestamp=t + 1, until="permanent",
                                                             controller=ctrl)))
        g.perform(EffectCreated("702.152a", ContinuousEffect("delayed_trigger", None, timestamp=t + 2,
                                                             until="delayed", controller=ctrl,
                                                             data=("next_end", BLITZ_SACRIFICE, item.name, new))))
    if ("dash", True) in item.choices and new in s.objects:
        ctrl = s.objects[new].controller
        # "As long as this permanent's dash cost was paid, it has haste": this object only (400.7).
        t = s.next_timestamp
        s.next_timestamp += 2
        g.perform(EffectCreated("702.109a", ContinuousEffect("pump", new, keywords=("haste",), timestamp=t,
                                                             until="permanent", controller=ctrl)))
        g.perform(EffectCreated("603.7a", ContinuousEffect("delayed_trigger", None, timestamp=t + 1, until="delayed",
                                                           controller=ctrl,
                                                           data=("next_end", DASH_RETURN, item.name, new)),
                                "delayed_trigger", {"source": item.name, "on": "next_end"}))


OFFSPRING_TRIGGER = V.TriggeredAbility("When this creature enters, if its offspring cost was paid, create a 1/1 "
                                       "token copy of it. (702.175a)", "etb", (OffspringToken(),))
BLITZ_SACRIFICE = V.TriggeredAbility("Sacrifice the blitzed creature at the beginning of the next end step. "
                                     "(702.152a)", "delayed", (SacrificeSource(),))
FLASH_SACRIFICE = V.TriggeredAbility("Its controller sacrifices it at the beginning of the next cleanup step "
                                     "(cast when a sorcery couldn't have been).", "delayed", (SacrificeSource(),))
BLITZ_DRAW = V.TriggeredAbility("When this creature dies, draw a card. (702.152a)", "dies", (V.Draw(1),))


def _offspring_token(g: Game, ctx: Any, e: OffspringToken) -> list | None:

    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        o = ctx.source_lki[0] if ctx.source_lki else None
    if o is None:
        return None
    # 707.2 / 702.175a: the copiable values of the card, except that the token is 1/1.
    card = dataclasses.replace(o.card, power=1, toughness=1, is_token=True)
    _effects_module.create_token(g, card, ctx.controller)
    return None


def _squad_tokens(g: Game, ctx: Any, e: SquadTokens) -> list | None:

    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        o = ctx.source_lki[0] if ctx.source_lki else None
    if o is None:
        return None
    card = dataclasses.replace(o.card, is_token=True)  # 707.2: the copiable values
    for _ in range(e.count):
        _effects_module.create_token(g, card, ctx.controller)
    return None


def _blitz_died(g: Game, oid: int, to: str) -> None:
    """702.152a: the blitzed creature's "When this creature dies, draw a card" (LEFT_BATTLEFIELD_HOOKS)."""
    s = g.s
    if to != GRAVEYARD or not s.effects:
        return
    for e in s.effects:
        if e.kind == "blitz_draw" and e.target == oid:
            lki = s.lki.get(oid)
            ctrl = lki[0].controller if lki else e.controller
            trigger_queue.queue(g, ctrl, oid, BLITZ_DRAW, lki, lki[0].card.name if lki else "blitz")
            return


def _sacrifice_source(g: Game, ctx: Any, e: SacrificeSource) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        _effects_module.sacrifice(g, o.id)
    return None


def _return_source(g: Game, ctx: Any, e: ReturnSourceToHand) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        g.move(o.id, HAND, rule="702.109a")
    return None


# ----------------------------------------------------------------------------- mana spent to cast it


def mana_spent(g: Game, spell_id: int | None) -> tuple[int, ...]:
    """The mana spent to cast the spell that had the id `spell_id` (601.2h), read from the game log (the
    payment is logged right before the "cast" event); all zero if it wasn't cast."""
    if spell_id is None:
        return (0,) * 6
    log = g.s.log
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if e.get("event") == "cast" and e.get("id") == spell_id:
            name = e.get("card")
            total = [0] * 6
            for j in range(i - 1, max(-1, i - 400), -1):
                f = log[j]
                if f.get("event") == "cast":
                    break
                if f.get("event") == "pay_mana" and f.get("what") == name:
                    total = [a + b for a, b in zip(total, parse_mana(f.get("mana", "")))]
            return tuple(total)
    return (0,) * 6


def _mana_spent_counters(g: Game, o: Obj, ab: ManaSpentCounters, choices: dict) -> None:
    bag = mana_spent(g, o.previous_id)
    colors = sum(1 for c in COLORS if bag[TYPE_INDEX[c]] > 0)  # 105.1 / 106.1b: colorless isn't a color
    n = 0
    kind = "+1/+1"
    if ab.kind == "sunburst":
        n = colors
        if "Creature" not in g.chars(o).types:
            kind = "charge"  # 702.44a
    elif ab.kind == "converge":
        n = colors * int(ab.amount)  # type: ignore[arg-type]
    elif ab.kind == "adamant":
        enough = any(bag[TYPE_INDEX[c]] >= 3 for c in COLORS) if not ab.color else bag[TYPE_INDEX[ab.color]] >= 3
        n = int(ab.amount) if enough else 0  # type: ignore[arg-type]
    if n:
        o.counters[kind] = o.counters.get(kind, 0) + n
        g.log_event("counters", {"sunburst": "702.44a", "converge": "207.2c", "adamant": "207.2c"}[ab.kind],
                    card=o.card.name, kind=kind, amount=n)


# ----------------------------------------------------------------------------- registration

# Every kind of ability the casting hooks look for (cost_modifiers._casting_game).
_CASTING_KINDS = (CostModifier, PaymentKeyword, CastOption, CastingKeyword, CastRestriction, AlternativeCost,
                  LifeForColorDiscount, ColoredCostIncrease, Overload, PlayerCastRestriction, Uncounterable,
                  ManaSpentCounters, FreeCastPermission)


def _register_casting() -> None:
    cost_modifiers.CASTING_KINDS.update(_CASTING_KINDS)
    registry.FLASH_PERMISSION_KINDS.update(cast_restrictions._FLASH_KINDS)
    registry.AFFORD_KINDS.add(PaymentKeyword)
    for lst, fn in ((registry.CAST_OPTIONS, alternative_costs.cast_option_hook), (registry.CAST_OPTIONS, alternative_costs.assist_hook),
                    (registry.CAST_OPTIONS, cost_modifiers.use_discounts), (registry.CAST_OPTIONS, cost_modifiers.colored_increase_hook),
                    (registry.CAST_OPTIONS, cost_modifiers.defiler_hook),
                    (registry.CAST_VARIANTS, alternative_costs.cast_variants),
                    (registry.ACTIVATION_RESTRICTIONS, cast_restrictions.activation_restriction),
                    (registry.PERMANENT_SPELL_HOOKS, permanent_entered), (registry.RESOLVED_SPELL_HOOKS, resolved_spell),
                    (registry.ALL_MODES_HOOKS, alternative_costs._all_modes), (registry.FLASH_PERMISSIONS, cast_restrictions.flash_permission),
                    (registry.CAST_ACTION_FILTERS, spell_payment.priced_with_targets)):
        add_hook(lst, fn)
    add_hook(registry.CAST_RESTRICTIONS, cast_restrictions.cast_restriction, classes=cost_modifiers.CASTING_KINDS)
    add_hook(registry.CAST_RESTRICTIONS, cast_restrictions.same_name_restriction, classes=(CantCastSameName,))
    registry.register_effect(CantCastSameName, cast_restrictions.cant_cast_same_name)
    add_hook(registry.CARD_SWAPS, alternative_costs.overload_swap)
    add_hook(registry.LEAVING_STACK_HOOKS, alternative_costs._restore_overloaded)
    add_hook(registry.CARD_SWAPS, alternative_costs.splice_swap, classes=(Splice,))
    add_hook(registry.CARD_SWAPS, alternative_costs.bestow_swap, classes=(Bestow,))  # 702.103a (rules/bestow.py)
    add_hook(registry.LEAVING_STACK_HOOKS, alternative_costs._restore_spliced, classes=(Splice,))
    add_hook(registry.UNCOUNTERABLE_HOOKS, cast_restrictions.uncounterable)
    registry.register_effect(SacrificeSource, _sacrifice_source)
    registry.register_effect(CopyThisSpell, spell_copies._copy_this_spell)
    registry.register_effect(CopyTargetSpell, spell_copies._copy_target_spell)
    registry.register_effect(CopyForEachOtherTarget, spell_copies._copy_for_each_other)
    registry.register_effect(CopyResolvingSpell, spell_copies._copy_resolving_spell)
    add_hook(registry.MAY_IMPOSSIBLE, spell_copies.cannot_do_for_copy)
    registry.register_effect(NextSpellDiscount, cost_modifiers._next_spell_discount)
    registry.register_effect(SquadTokens, _squad_tokens)
    registry.register_effect(OffspringToken, _offspring_token)
    add_hook(game_mod.LEFT_BATTLEFIELD_HOOKS, _blitz_died)
    registry.register_effect(ReturnSourceToHand, _return_source)
    registry.register_effect(ExileAsItResolves, _exile_as_it_resolves)
    registry.register_effect(ReturnExiledSourceToHand, _return_exiled_source)
    registry.register_effect(CastFromExile, free_casting._cast_from_exile)
    registry.register_effect(CastTargetCard, free_casting._cast_target_card)
    registry.register_effect(free_casting.CastOneAmong, free_casting._cast_one_among)
    registry.CHOICES["cast_free"] = (free_casting._cast_free_actions, free_casting._answer_cast_free)
    registry.register_effect(free_casting.ExileTopCopyCast, free_casting._exile_top_copy_cast)
    registry.CHOICES["copy_exiled_card"] = (free_casting._copy_exiled_actions, free_casting._answer_copy_exiled)
    for kind in ("sunburst", "converge", "adamant"):
        registry.ETB_REPLACEMENTS[kind] = _mana_spent_counters
    registry.CHOICES["copy_targets"] = (spell_copies._copy_target_actions, spell_copies._answer_copy_targets)
    registry.register_effect(StormCopies, spell_copies._storm)
    registry.register_effect(CascadeEffect, free_casting._cascade)
    registry.register_effect(RippleReveal, free_casting._ripple)


_register_casting()
