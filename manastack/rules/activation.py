"""Activating abilities (602, 113.6, 702.21): activated abilities of permanents and of cards in a hand,
and ward.

- 602.2: activating an ability puts it on the stack (its targets, X and costs as for a spell, 602.2b);
  602.5: restrictions ("activate only as a sorcery", "only once each turn").
- 113.6b / 702.29a: abilities that function only while the card is in its owner's hand (cycling,
  channel, ...), with an X in the cost ("cycling {X}{1}{U}", 107.3: the X is announced and is the X of
  the "when you cycle CARDNAME" trigger, 702.29c); 113.6m: abilities that work from a graveyard are in
  rules/graveyard_keywords.py.
- 702.21a ward: when a permanent with ward becomes the target of a spell or ability an opponent
  controls, counter it unless that player pays the ward cost.
- "Any player may activate this ability" (602.2: the player who activates it controls it).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.costs import requirements
from ..model.events import CountersRemoved, EffectCreated
from ..model.memo import by_identity
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, ContinuousEffect, StackItem
from ..model.vocab import ActivatedAbility, CardDef, Cost, CostPlus, ManaAbility
from ..model.vocab.keyword_costs import WardCounter
from . import (
    choice_effects,
    cost_objects,
    counter_replacement,
    effects,
    mana_payment,
    object_abilities,
    targeting,
    timing,
    total_cost,
)
from . import trigger_events as _trigger_events_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


@by_identity
def hand_abilities(card: CardDef) -> list:
    """Activated abilities that function only while the card is in its owner's hand (113.6b, 702.29a:
    cycling), in printed order (compiled by cards/templates/costs.py with `zone == "hand"`)."""
    return [ab for ab in card.abilities if getattr(ab, "zone", "") == "hand"]


def hand_ability_block_reason(g: Game, p: int, o: Obj, ab: Any) -> str | None:
    """Why `p` can't activate `ab` of the card `o` in their hand now (602.2, 602.5d), or None."""
    if o.zone != HAND or o.owner != p:
        return f"{o.card.name} is not in {g.s.players[p].name}'s hand (113.6b)"
    if o.card.unsupported:
        return f"{o.card.name} is not supported by the card compiler"
    if ab.sorcery_speed and not timing.sorcery_timing_ok(g, p):
        return f"{o.card.name}: activate only as a sorcery (602.5d)"
    costs = registry.HAND_ABILITY_COSTS.get(type(ab))  # 702.49c ninjutsu: an unblocked attacker
    return costs.block_reason(g, ab, p, o) if costs is not None else None


def zone_ability(g: Game, p: int, o: Obj, abilities: list, action: A.ActivateAbility, zone: str, block_reason: Any,
                 x_allowed: bool) -> Any:
    """602.2 for an ability that works from a zone other than the battlefield (113.6b hand, 113.6m
    graveyard): the one `action` names among `abilities`, checked before anything is paid: the player
    has priority, `block_reason(g, p, o, ab)` finds nothing, X (107.3; only if `x_allowed` and the cost
    has one) and the targets (601.2c) are legal. Raises IllegalActionError."""
    if not (0 <= action.index < len(abilities)):
        raise IllegalActionError(f"{o.card.name} has no ability number {action.index + 1} that works from {zone}")
    ab = abilities[action.index]
    if g.s.priority != p:
        raise IllegalActionError(f"{g.s.players[p].name} doesn't have priority (602.2)")
    why = block_reason(g, p, o, ab)
    if why:
        raise IllegalActionError(why)
    if action.x and not (x_allowed and ab.cost.mana.x_count):
        raise IllegalActionError(f"{o.card.name}'s ability has no X in its cost")
    if action.x < 0:
        raise IllegalActionError("X can't be negative (107.3)")
    if action.modes:
        raise IllegalActionError(f"{o.card.name}'s ability is not modal: it has no modes to choose (700.2)")
    targeting.check_targets(g, ab.targets, action.targets, p, o.id, f"{o.card.name}'s ability", g.chars(o).colors)
    return ab


def removed_x_kind(cost: Cost) -> str | None:
    """107.3 / 601.2b: the kind of counter a cost "Remove X [kind] counters from CARDNAME" removes (X
    announced as the ability is activated), or None."""
    if type(cost) is CostPlus and cost.remove_counters is not None and cost.remove_counters[1] == "X":
        return cost.remove_counters[0]
    return None


def _activate_from_hand(g: Game, p: int, o: Obj, action: A.ActivateAbility) -> None:
    """602.2 for an ability of a card in its owner's hand (702.29a cycling: "[Cost], Discard this card:
    [effect]"): the ability goes on the stack, its costs are paid (mana, then the discard, 601.2h)."""
    ab = zone_ability(g, p, o, hand_abilities(o.card), action, "a hand", hand_ability_block_reason, x_allowed=True)
    lki = (o.copy(), g.chars(o))
    costs = registry.HAND_ABILITY_COSTS.get(type(ab))  # 702.49a ninjutsu: reveal it, return an attacker
    kept = costs.kept(action.choices) if costs is not None and costs.kept is not None else ()
    mana_payment.pay_mana(g, p, requirements(ab.cost.mana, action.x), action.payment, f"{o.card.name}'s ability",
                          exclude_more=kept, purpose=("ability", o.id))
    if costs is not None:
        costs.pay(g, ab, p, o, action)
    else:
        effects.discard(g, p, o.id, rule="702.29a", x=action.x)  # 107.3: "cycling {X}{1}{U}"
    put_ability(g, p, o, ab, action.targets, action.x, lki)


def any_player_may(g: Game, o: Obj, index: int) -> bool:
    """"Any player may activate this ability" (an effect marker with `any_player`, written among the
    ability's effects; cards/templates/statics_game_rules.py): not only its controller may activate it."""
    abs_ = object_abilities.activated_abilities(g, o)
    return 0 <= index < len(abs_) and any(getattr(e, "any_player", False) for e in getattr(abs_[index], "effects", ()))


def activate_ability(g: Game, p: int, action: A.ActivateAbility) -> None:
    s = g.s
    for restriction in registry.ACTIVATION_RESTRICTIONS:  # 702.61a split second
        why = restriction(g, p, action)
        if why:
            raise IllegalActionError(why)
    o = s.objects.get(action.source)
    if o is not None and o.zone == HAND:
        _activate_from_hand(g, p, o, action)  # 113.6b / 702.29a
        return
    if o is not None and o.zone in registry.ZONE_ABILITY_ACTIVATIONS:
        registry.ZONE_ABILITY_ACTIVATIONS[o.zone](g, p, o, action)  # 113.6m: unearth, "return this card from your graveyard"
        return
    if o is None or o.zone != BATTLEFIELD:
        raise IllegalActionError(f"{g.name_of(action.source)} is not on the battlefield")
    if o.controller != p and not any_player_may(g, o, action.index):
        raise IllegalActionError(f"{s.players[p].name} doesn't control {o.card.name} (602.2)")
    abs_ = object_abilities.activated_abilities(g, o)
    if not (0 <= action.index < len(abs_)):
        raise IllegalActionError(f"{o.card.name} has no activated ability number {action.index + 1}")
    ab = abs_[action.index]
    if isinstance(ab, ManaAbility):
        if action.targets:
            raise IllegalActionError("mana abilities have no targets (605.1a)")
        choice = action.choices[0] if action.choices else None
        out = None
        if isinstance(choice, tuple) and len(choice) == 2 and choice[0] == "mana":
            out, choice = choice[1], None  # the outcome chosen at a mana_choice decision
        paid = False
        increase = total_cost.ability_cost_adjustment(g, o, ab.cost.mana, 0, mana_ability=True)
        if increase:
            # 602.2b / 601.2f: "cost {3} more to activate" applies to mana abilities too; the increase is
            # paid first, without this permanent's own mana abilities.
            mana_payment.pay_mana(g, p, requirements(ab.cost.mana, 0, increase), action.payment,
                                  f"{o.card.name}'s ability", exclude=o.id, purpose=("ability", o.id))
            paid = True
        elif action.payment is not None and not ab.cost.mana.is_empty():
            mana_payment.pay_mana(g, p, requirements(ab.cost.mana), action.payment, f"{o.card.name}'s ability", exclude=o.id,
                     purpose=("ability", o.id))
            paid = True
        mana_payment.activate_mana(g, p, o.id, action.index, choice=choice, mana_paid=paid, out_override=out)
        return
    assert isinstance(ab, ActivatedAbility)
    if s.priority != p:
        raise IllegalActionError(f"{s.players[p].name} doesn't have priority (602.2)")
    if ab.sorcery_speed and not timing.sorcery_timing_ok(g, p):
        raise IllegalActionError(f"{o.card.name}: activate only as a sorcery (602.5d)")
    removes_x = removed_x_kind(ab.cost)
    if action.x and not ab.cost.mana.x_count and getattr(ab.cost, "loyalty", None) != "X" and removes_x is None \
            and not getattr(ab.cost, "exile_x", False):  # 606.4: [−X]; 107.3; "Exile X cards from your graveyard"
        raise IllegalActionError(f"{o.card.name}'s ability has no X in its cost")
    if action.x < 0:
        raise IllegalActionError("X can't be negative (107.3)")
    if removes_x is not None and o.counters.get(removes_x, 0) < action.x:
        raise IllegalActionError(f"{o.card.name} doesn't have {action.x} {removes_x} counter(s) to remove (122.8, 602.2b)")
    targeting.check_targets(g, ability_targets(o.card.name, ab, action.modes), action.targets, p, o.id,
                            f"{o.card.name}'s ability", g.chars(o).colors)
    cost = ab.cost
    why = mana_payment.cost_block_reason(g, o, cost)
    if why and not (cost.untap and not cost.tap):
        raise IllegalActionError(why)
    if cost.untap and "Creature" in g.chars(o).types and cost_objects.summoning_sick(g, o, g.chars(o)):
        raise IllegalActionError(why)
    lki = (o.copy(), g.chars(o))
    # 601.2c-h / 602.2b: the objects the other costs use are chosen first, then mana is paid.
    victims: list[int] = []
    if cost.sacrifice is not None:
        why = mana_payment.cost_block_reason(g, o, cost)
        if why:
            raise IllegalActionError(why)
        victims = cost_objects.choose_cost_objects(g, p, mana_payment.usable_for_cost(g, o, cost, cost_objects.sacrifice_candidates(g, o, cost.sacrifice)), 1,
                                       "sacrifice", o.card.name)
    discards: list[int] = []
    returns: list[int] = []
    tapped_others: list[int] = []
    exiles: list[int] = []
    if type(cost) is CostPlus:
        why = mana_payment._plus_block_reason(g, o, cost)
        if why:
            raise IllegalActionError(why)
        if cost.discard and not cost.discard_random:
            discards = cost_objects.choose_cost_objects(g, p, cost_objects.discard_candidates(g, o, cost), cost.discard, "discard", o.card.name)
        if cost.discard_hand:
            discards = [c for c in s.players[p].hand if c != o.id]  # 701.8a "discard your hand"
        if cost.return_to_hand is not None:
            returns = cost_objects.choose_cost_objects(g, p, [c for c in cost_objects.return_candidates(g, p, o, cost)
                                                              if c not in victims], 1, "return", o.card.name)
        if cost.tap_untapped is not None:
            tapped_others = cost_objects.choose_cost_objects(g, p, [c for c in mana_payment.usable_for_cost(g, o, cost, cost_objects.tap_candidates(g, o, cost))
                                                        if c not in victims], cost.tap_count, "tap", o.card.name)
        if cost.exile_from_graveyard is not None:
            count = action.x if cost.exile_x else cost.exile_count  # "Exile X cards from your graveyard" (107.3a)
            cands = cost_objects.exile_candidates(g, o, cost)
            if len(cands) < count:
                raise IllegalActionError(f"{o.card.name}: not enough cards in the graveyard to exile {count} (602.2b)")
            exiles = cost_objects.choose_cost_objects(g, p, cands, count, "exile", o.card.name)
    extra_paid = None
    extra = registry.EXTRA_COSTS.get(type(cost))  # costs of their own (702.122a crew): chosen before mana
    if extra is not None and extra.choose is not None:
        why = extra.block_reason(g, cost, o)
        if why:
            raise IllegalActionError(why)
        extra_paid = extra.choose(g, cost, p, o, action)
        tapped_others = tapped_others + [c for c in extra_paid if c not in tapped_others]
    reqs = requirements(cost.mana, action.x, total_cost.ability_cost_adjustment(g, o, cost.mana, action.x))  # 601.2f
    mana_payment.pay_mana(g, p, reqs, action.payment, f"{o.card.name}'s ability", exclude=o.id if cost.tap else None,
             exclude_more=tuple(victims + tapped_others), purpose=("ability", o.id))
    # {Q} is paid after mana abilities (107.6): the permanent must be tapped by now.
    why = cost_objects.tap_block_reason(g, o, cost)
    if why:
        raise IllegalActionError(why)
    if any(s.objects.get(v) is None or s.objects[v].zone != BATTLEFIELD for v in victims + tapped_others + returns):
        raise IllegalActionError(f"{o.card.name}: a permanent chosen for the cost is gone (601.2h)")
    if cost.life:
        if s.players[p].life < cost.life:
            raise IllegalActionError(f"{s.players[p].name} can't pay {cost.life} life (119.4)")
        g.set_life(p, -cost.life, "119.4", source=o.card.name)
    if cost.tap:
        g.tap(o, "107.5")
    if cost.untap:
        g.untap(o, "107.6")
    for x in tapped_others:
        if extra_paid is None or x not in extra_paid:
            g.tap(s.objects[x], "602.2b")
    if extra_paid is not None and extra is not None and extra.pay is not None:
        extra.pay(g, cost, p, o, extra_paid)
    if type(cost) is CostPlus and cost.remove_counters is not None:
        kind, n = cost.remove_counters
        n = action.x if n == "X" else n  # 107.3: "Remove X +1/+1 counters", X as announced
        if n:
            g.perform(CountersRemoved("122.8", o.id, kind, int(n)))
    if type(cost) is CostPlus and cost.put_counters is not None:
        # 118.3 / 122.1: a cost of putting counters on the source (Devoted Druid); a cost, not an effect (614.1a)
        counter_replacement.put_counters(g, o, cost.put_counters[0], cost.put_counters[1], rule="602.2b",
                                         by_effect=False)
    if type(cost) is CostPlus and (cost.restriction == "once_each_turn" or cost.restriction.startswith("at_most_")):
        # 602.5b: "Activate only once each turn", "no more than twice each turn": each remembered until the turn ends
        g.perform(EffectCreated("602.5b", ContinuousEffect("activated_once", o.id, data=cost,
                                                           timestamp=s.next_timestamp)))
        s.next_timestamp += 1
    if type(cost) is CostPlus and cost.discard_random:
        # 701.8b: the game's seeded RNG picks the card, once every other part of the cost is paid
        discards = s.rng.sample(cost_objects.discard_candidates(g, o, cost), cost.discard)
    for c in discards:
        effects.discard(g, p, c, rule="701.8a")
    if type(cost) is CostPlus and cost.mill:
        for c in list(s.players[p].library[:cost.mill]):  # 701.13a, checked payable above (701.13b)
            g.move(c, GRAVEYARD, rule="701.13a")
    for c in exiles:
        g.move(c, EXILE, rule="406.2")
    for c in returns:
        g.move(c, HAND, rule="602.2b")  # "Return an Elf you control to its owner's hand"
    for v in victims:
        effects.sacrifice(g, v)
    if cost.sacrifice_self and o.id in s.objects:
        g.move(o.id, GRAVEYARD, rule="701.17a")
    put_ability(g, p, o, ab, action.targets, action.x, lki,
                choices=(("sacrificed", tuple(victims)),) if victims else (), modes=action.modes)


def ability_targets(name: str, ab: ActivatedAbility, modes: tuple[int, ...]) -> tuple:
    """602.2b / 601.2b-c: an activated ability's targets: its own, then those of the modes chosen as it is
    activated (a modal ability needs the number of modes its text allows; a non-modal one takes none)."""
    modal = choice_effects.modal_of(ab.effects)
    if modal is None:
        if modes:
            raise IllegalActionError(f"{name}'s ability is not modal: it has no modes to choose (700.2)")
        return ab.targets
    choice_effects.check_modes(f"{name}'s ability", modal, modes)
    return ab.targets + choice_effects.mode_layout(modal, modes)[0]


def ability_variants(ab: ActivatedAbility) -> list[tuple[tuple[int, ...], tuple]]:
    """The (modes, targets) an activated ability can be activated with: one per allowed mode choice of a
    modal ability (700.2a), else its own targets."""
    modal = choice_effects.modal_of(ab.effects)
    if modal is None:
        return [((), ab.targets)]
    n = len(modal.modes)
    return [(combo, ab.targets + choice_effects.mode_layout(modal, combo)[0])
            for k in range(modal.min, min(modal.max, n) + 1) for combo in combinations(range(1, n + 1), k)]


ABILITY_ACTIVATED_HOOKS = registry.ABILITY_ACTIVATED_HOOKS  # (engine/registry.py)


def put_ability(g: Game, p: int, o: Obj, ab: ActivatedAbility, targets: tuple[int, ...], x: int, lki: Any,
                choices: tuple = (), modes: tuple[int, ...] = ()) -> None:
    """602.2a/602.2i: the activated ability is on the stack; its controller keeps priority; ward sees
    its targets (702.21a). `choices` records the permanents sacrificed for its cost (602.2b)."""
    s = g.s
    item = StackItem(s.next_id, "ability", p, o.card.name, source=o.id, ability=ab, targets=targets, x=x,
                     source_lki=lki, choices=choices, modes=modes)
    s.next_id += 1
    s.stack.append(item)
    g.log_event("activate", "602.2", player=s.players[p].name, card=o.card.name, ability=ab.text,
                targets=[g.name_of(t) for t in targets], **({"modes": list(modes)} if modes else {}))
    s.passes = 0
    _trigger_events_module.targets_chosen(g, p, item)  # 702.21a
    for hook in registry.live(s, ABILITY_ACTIVATED_HOOKS):
        hook(g, p, item)  # "whenever you activate an ability" (rules/x_spells.py)


def _run_ward(g, ctx, e: WardCounter):
    return choice_effects.counter_unless_pays(g, ctx, ctx.event_obj, e.cost)


registry.register_effect(WardCounter, _run_ward)
