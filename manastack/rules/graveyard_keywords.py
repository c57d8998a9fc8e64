"""Engine side of the graveyard-zone and dies keywords (cards/templates/graveyard_keywords.py). The
upkeep keywords are in rules/upkeep_keywords.py, the enters keywords in rules/enters_keywords.py,
casting from a graveyard or exile and the special actions in rules/cast_from_zones.py; this module
imports them, so that importing it registers all their hooks.

- 603.4: intervening "if" clauses ("if it had no -1/-1 counters on it") are checked when the event
  happens (rules/triggers.py `_add` asks the ability's `intervening_if`) and again on resolution.
- 702.79a persist / 702.93a undying: return the card that was put into the graveyard to the
  battlefield under its owner's control with a counter on it (614.1c: it enters with it). Only the
  object the permanent became in the graveyard is returned (400.7).
- 113.6m: abilities whose cost or effect moves the card out of its owner's graveyard function only
  there: activated (GraveyardAbility: "{2}{B}: Return CARDNAME from your graveyard to your hand",
  702.84a unearth, 702.97a scavenge, 702.128a embalm, 702.129a eternalize) and triggered
  (GraveyardTrigger, watched through registry.WATCHER_HOOKS, read by rules/trigger_queue.py).
- 702.52a dredge: a draw replacement from the graveyard (registry.REPLACEMENTS[Draw]; each dredge card is its
  own optional effect, 616.1), replacing the draw with a Dredged event performed here.
- 305.1 playing lands from a graveyard (registry.LAND_PERMISSIONS).
Choices made while a card is drawn (dredge) use `Game.choose`: the scenario runner's
answers, or the first option (decline) for agents without a chooser.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import game as game_module
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.costs import parse_cost, requirements
from ..model.events import Draw, Dredged, EffectCreated, EffectsEnded, Event, ZoneChange
from ..model.memo import by_identity
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, ContinuousEffect
from ..model.vocab.graveyard_keywords import (  # noqa: F401 (the vocabulary this module executes)
    CreateCopyToken,
    Dredge,
    ExileSource,
    GraveyardAbility,
    GraveyardTrigger,
    NoCounterTrigger,
    ReturnSelf,
    ReturnWithCounter,
    ScavengeCounters,
    Unearth,
)
from . import activation as _activation_module
from . import (
    add_hook,
    cost_objects,
    counter_replacement,
    effect_context,
    effects,
    timing,
)
from . import mana_payment as _mana_payment_module
from . import stack as _stack_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


def graveyard_successor(g: Game, old_id: int | None) -> int | None:
    """The object a permanent became when it was put into its owner's graveyard, if it is still there
    (400.7: once it leaves the graveyard it is a new object the effect can't find)."""
    if old_id is None:
        return None
    new = g.s.successor.get(old_id)
    o = g.s.objects.get(new) if new is not None else None
    if o is None or o.zone != GRAVEYARD:
        return None
    return new


# --------------------------------------------------------------------------- persist / undying


def _return_with_counter(g: Game, ctx: effect_context.Context, e: ReturnWithCounter) -> list | None:
    if ctx.source_lki is not None and ctx.source_lki[0].counters.get(e.kind, 0):
        return None  # 603.4: rechecked on resolution
    card = graveyard_successor(g, ctx.source)
    if card is None:
        return None
    o = g.s.objects[card]
    g.move(card, BATTLEFIELD, rule="702.79a" if e.kind == "-1/-1" else "702.93a", controller=o.owner,
           etb_choices={"counters": {e.kind: 1}})
    return None


registry.register_effect(ReturnWithCounter, _return_with_counter)


# --------------------------------------------------------------------------- abilities from a graveyard


@by_identity
def graveyard_abilities(card: V.CardDef) -> list[GraveyardAbility]:
    """The card's abilities that function in a graveyard, in printed order (cached per card)."""
    return [ab for ab in card.abilities if isinstance(ab, GraveyardAbility)]


def _discard_cands(g: Game, p: int, cost: V.Cost) -> list[int]:
    if type(cost) is not V.CostPlus or not cost.discard:
        return []
    hand = g.s.players[p].hand
    return [c for c in hand if cost.discard_filter is None or _targeting_module.matches_filter(g, cost.discard_filter, g.s.objects[c], p)]


def _exile_cands(g: Game, p: int, o: Any, ab: GraveyardAbility) -> list[int]:
    """Cards `p` may exile from their graveyard for the cost; not the card itself when the cost says
    "other" or also exiles the card itself."""
    cost = ab.cost
    if type(cost) is not V.CostPlus or cost.exile_from_graveyard is None:
        return []
    flt = cost.exile_from_graveyard
    return [c for c in g.s.players[p].graveyard
            if not (c == o.id and (flt.other or ab.exile_self)) and _targeting_module.matches_filter(g, flt, g.s.objects[c], p, o.id)]


def graveyard_ability_block_reason(g: Game, p: int, o: Any, ab: GraveyardAbility) -> str | None:
    """Why `p` can't activate `ab` of the card `o` in their graveyard now (602.2, 602.5d, 113.6m), or None."""
    s = g.s
    if o.zone != GRAVEYARD or o.owner != p:
        return f"{o.card.name} is not in {s.players[p].name}'s graveyard (113.6m)"
    if o.card.unsupported:
        return f"{o.card.name} is not supported by the card compiler"
    if ab.sorcery_speed and not timing.sorcery_timing_ok(g, p):
        return f"{o.card.name}: activate only as a sorcery (602.5d)"
    cost = ab.cost
    if cost.life and s.players[p].life < cost.life:
        return f"{s.players[p].name} can't pay {cost.life} life (119.4)"
    if cost.sacrifice is not None:
        if not _mana_payment_module.usable_for_cost(g, o, cost, cost_objects.sacrifice_candidates(g, o, cost.sacrifice)):
            return f"{o.card.name}: there is no permanent to sacrifice for this cost (701.17a)"
    if type(cost) is V.CostPlus:
        if cost.restriction:
            why = _mana_payment_module._restriction_reason(g, o, cost)  # 602.5b: "Activate only during your upkeep"
            if why:
                return why
        if cost.discard and len(_discard_cands(g, p, cost)) < cost.discard:
            return f"{o.card.name}: not enough cards in hand to discard for this cost (701.8)"
        if cost.exile_from_graveyard is not None and len(_exile_cands(g, p, o, ab)) < cost.exile_count:
            return f"{o.card.name}: not enough other cards in your graveyard to exile for this cost"
    return None


def activate_from_graveyard(g: Game, p: int, o: Any, action: Any) -> None:
    """602.2 for an ability of a card in its owner's graveyard: the ability goes on the stack, its
    targets are chosen, then its costs are paid (601.2g-h: mana, then life, discards, exiling other
    cards, exiling the card itself)."""
    s = g.s
    ab = _activation_module.zone_ability(g, p, o, graveyard_abilities(o.card), action, "a graveyard", graveyard_ability_block_reason,
                      x_allowed=True)
    cost = ab.cost
    lki = (o.copy(), g.chars(o))
    victims: list[int] = []
    if cost.sacrifice is not None:
        victims = cost_objects.choose_cost_objects(g, p, _mana_payment_module.usable_for_cost(g, o, cost, cost_objects.sacrifice_candidates(g, o, cost.sacrifice)),
                                       1, "sacrifice", o.card.name)
    discards = cost_objects.choose_cost_objects(g, p, _discard_cands(g, p, cost), cost.discard, "discard", o.card.name) \
        if type(cost) is V.CostPlus and cost.discard else []
    exiles = cost_objects.choose_cost_objects(g, p, _exile_cands(g, p, o, ab), cost.exile_count, "exile", o.card.name) \
        if type(cost) is V.CostPlus and cost.exile_from_graveyard is not None else []
    # 106.6: mana that may be spent only on abilities pays for this one, as the listing counted it
    _mana_payment_module.pay_mana(g, p, requirements(cost.mana, action.x), action.payment, f"{o.card.name}'s ability",
                                  exclude_more=tuple(victims), purpose=("ability", o.id))
    if cost.life:
        g.set_life(p, -cost.life, "119.4", source=o.card.name)
    for v in victims:
        if v in s.objects and s.objects[v].zone == BATTLEFIELD:
            effects.sacrifice(g, v)
    for c in discards:
        effects.discard(g, p, c, rule="701.8a")
    for c in exiles:
        g.move(c, "exile", rule="406.2")
    if ab.exile_self:
        if o.id not in s.objects or s.objects[o.id].zone != GRAVEYARD:
            raise IllegalActionError(f"{o.card.name} left the graveyard while its cost was paid (601.2h)")
        g.move(o.id, "exile", rule="406.2")
    _activation_module.put_ability(g, p, o, ab, action.targets, action.x, lki)


registry.ZONE_ABILITY_ACTIVATIONS[GRAVEYARD] = activate_from_graveyard


def graveyard_ability_actions(g: Game, p: int) -> list:
    """The activations of abilities of cards in `p`'s graveyard that `p` could take now (for agents)."""
    if not g.may_have(GraveyardAbility):
        return []
    s = g.s
    pl = s.players[p]
    out: list = []
    for oid in pl.graveyard:
        o = s.objects[oid]
        if not o.card.abilities:
            continue
        for idx, ab in enumerate(graveyard_abilities(o.card)):
            if graveyard_ability_block_reason(g, p, o, ab) is not None or ab.cost.mana.x_count:
                continue
            if not ab.cost.mana.is_empty() and not _mana_payment_module.can_pay(g, p, requirements(ab.cost.mana, 0), ("ability", oid)):
                continue
            for targets in _targeting_module.target_combos(g, ab.targets, p, oid, g.chars(o).colors):
                out.append(A.ActivateAbility(oid, idx, targets))
    return out


def _return_self(g: Game, ctx: effect_context.Context, e: ReturnSelf) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != GRAVEYARD:
        return None
    if e.to == "hand":
        g.move(o.id, "hand", rule="608.2c")
    else:
        g.move(o.id, BATTLEFIELD, rule="608.2c", controller=ctx.controller, tapped=e.tapped)
    return None


registry.register_effect(ReturnSelf, _return_self)


# --------------------------------------------------------------------------- unearth (702.84a)


def _unearth(g: Game, ctx: effect_context.Context, e: Unearth) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != GRAVEYARD:
        return None
    new = g.move(o.id, BATTLEFIELD, rule="702.84a", controller=ctx.controller)
    t = s.next_timestamp
    s.next_timestamp += 3
    g.perform(EffectCreated("702.84a", ContinuousEffect("pump", new, keywords=("haste",), timestamp=t,
                                                        until="permanent", controller=ctx.controller)))
    g.perform(EffectCreated("702.84a", ContinuousEffect("exile_if_leaves", new, timestamp=t + 1, until="permanent",
                                                        controller=ctx.controller)))
    ab = V.TriggeredAbility(f"{ctx.name}: exile it at the beginning of the next end step", "delayed", (ExileSource(),))
    g.perform(EffectCreated("603.7a", ContinuousEffect("delayed_trigger", None, timestamp=t + 2, until="delayed",
                                                       controller=ctx.controller, data=("next_end", ab, ctx.name, new)),
                            "delayed_trigger", {"source": ctx.name, "on": "next_end"}))
    return None


def _exile_source(g: Game, ctx: effect_context.Context, e: ExileSource) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        g.move(o.id, "exile", rule="702.84a")
    return None


def _exile_if_leaves(g: Game, e: Event) -> list[registry.Replacement]:
    """614.1a / 702.84a: "If it would leave the battlefield, exile it instead of putting it anywhere else"
    (registry.REPLACEMENTS[ZoneChange])."""
    if not isinstance(e, ZoneChange) or e.from_zone != BATTLEFIELD or e.to_zone == EXILE or not g.s.effects:
        return []
    if not any(x.kind == "exile_if_leaves" and x.target == e.obj for x in g.s.effects):
        return []
    name = g.s.objects[e.obj].card.name
    return [registry.Replacement(("exile_if_leaves", e.obj), "exile it instead", _to_exile, source=e.obj,
                                 log=("replace", "614.1a", {"card": name, "instead": "exile"}))]


def _to_exile(e: Event) -> Event:
    assert isinstance(e, ZoneChange)
    return dataclasses.replace(e, to_zone=EXILE)


def _forget_left(g: Game, old_id: int, to: str) -> None:
    """400.7: the effects on a permanent that left the battlefield end (it is a new object)."""
    s = g.s
    if any(e.kind == "exile_if_leaves" and e.target == old_id for e in s.effects):
        g.perform(EffectsEnded("400.7", tuple(e for e in s.effects if e.kind in ("exile_if_leaves", "pump")
                                              and e.target == old_id and e.until == "permanent")))


registry.register_effect(Unearth, _unearth)
registry.register_effect(ExileSource, _exile_source)


def _install_hooks() -> None:
    add_hook(registry.REPLACEMENTS.setdefault(ZoneChange, []), _exile_if_leaves)
    add_hook(game_module.LEFT_BATTLEFIELD_HOOKS, _forget_left)


_install_hooks()


# --------------------------------------------------------------------------- scavenge (702.97a)


def _scavenge(g: Game, ctx: effect_context.Context, e: ScavengeCounters) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None or ctx.source_lki is None:
        return None
    n = ctx.source_lki[1].power or 0
    if n > 0:
        counter_replacement.put_counters(g, g.s.objects[oid], "+1/+1", n, "702.97a", placer=ctx.controller)
    return None


registry.register_effect(ScavengeCounters, _scavenge)


# --------------------------------------------------------------------------- embalm / eternalize


def _copy_token(g: Game, ctx: effect_context.Context, e: CreateCopyToken) -> list | None:

    if ctx.source_lki is None:
        return None
    card = ctx.source_lki[0].card
    left, sep, right = card.type_line.partition("—")
    subtypes = card.subtypes | {"Zombie"}
    type_line = f"Token {left.strip()} — {' '.join(sorted(subtypes))}" if sep or subtypes else f"Token {left.strip()}"
    token = dataclasses.replace(card, is_token=True, colors=frozenset({e.color}), mana_cost=parse_cost(""),
                                subtypes=frozenset(subtypes), type_line=type_line,
                                power=e.power_toughness[0] if e.power_toughness else card.power,
                                toughness=e.power_toughness[1] if e.power_toughness else card.toughness)
    effects.create_token(g, token, ctx.controller)
    return None


registry.register_effect(CreateCopyToken, _copy_token)


# --------------------------------------------------------------------------- dredge (702.52a)


def _dredge(g: Game, e: Event) -> list[registry.Replacement]:
    """registry.REPLACEMENTS[Draw]: each card with dredge N in the player's graveyard, while they have at
    least N cards in their library (702.52b), may replace the draw (614.1a): the player chooses which
    applies when several do (616.1), then whether to dredge it (true / false; declined, the others are
    offered, then the card is drawn)."""
    if not isinstance(e, Draw):
        return []
    s = g.s
    pl = s.players[e.player]
    if not pl.graveyard:
        return []
    out = []
    for oid in pl.graveyard:
        card = s.objects[oid].card
        n = next((ab.amount for ab in card.abilities if isinstance(ab, Dredge) and ab.amount <= len(pl.library)), None)
        if n is None:
            continue
        out.append(registry.Replacement(
            ("dredge", oid), card.name, lambda ev, oid=oid, n=n: Dredged("702.52a", ev.player, oid, n), source=oid,
            log=("dredge", "702.52a", {"player": pl.name, "card": card.name, "amount": n}),
            ask=lambda game, p=e.player, name=card.name: game.choose(
                p, "dredge", [False, True],
                f"702.52a: {game.s.players[p].name} would draw a card: dredge {name} instead? (true or false)") is True))
    return out


def _perform_dredged(g: Game, e: Dredged) -> None:
    """702.52a: mill N cards, then return the dredge card from the graveyard to the hand (no card is drawn,
    121.6)."""
    pl = g.s.players[e.player]
    for _ in range(e.amount):
        g.move(pl.library[0], GRAVEYARD, rule="701.13a")  # mill N cards
    g.move(e.card, HAND, rule="702.52a")


def _install_dredge() -> None:
    add_hook(registry.REPLACEMENTS.setdefault(Draw, []), _dredge)
    registry.EVENT_PERFORMERS[Dredged] = _perform_dredged


_install_dredge()


# --------------------------------------------------------------------------- triggered abilities in a graveyard


@by_identity
def _graveyard_triggers(card: V.CardDef) -> tuple:
    conv = tuple(V.TriggeredAbility(ab.text, ab.graveyard_event, ab.effects, ab.targets, ab.scope, ab.filter, ab.who,
                                    intervening=ab.intervening)
                 for ab in card.abilities if isinstance(ab, GraveyardTrigger))
    return conv


def _watch(g: Game, events: tuple[str, ...]) -> list:
    if not g.may_have(GraveyardTrigger):
        return []
    s = g.s
    out = []
    for pl in s.players:
        for oid in pl.graveyard:
            o = s.objects[oid]
            if not o.card.abilities:
                continue
            for ab in _graveyard_triggers(o.card):
                if ab.event in events:
                    out.append((o, ab))
    return out


def _install_graveyard_triggers() -> None:
    add_hook(registry.WATCHER_HOOKS, _watch)


_install_graveyard_triggers()


# --------------------------------------------------------------------------- lands from a graveyard

def graveyard_land_permission(g: Game, p: int, o: Any) -> bool:
    """"You may play lands from your graveyard" (a static ability of a permanent `p` controls; 305.1:
    playing the land still uses the land play of the turn, and its timing)."""
    if o.zone != GRAVEYARD or o.owner != p or "Land" not in o.card.types:
        return False
    return any(x.controller == p and isinstance(ab, V.StaticAbility)
               for x, ab in g.statics_of_kind("play_lands_from_graveyard"))


def graveyard_land_actions(g: Game, p: int) -> list:
    if not g.statics_of_kind("play_lands_from_graveyard"):
        return []  # no permanent has such an ability (at once when no card of the game has one)
    s = g.s
    if _stack_module.can_play_land_now(g, p) is not None:
        return []
    return [A.PlayLand(oid) for oid in s.players[p].graveyard if graveyard_land_permission(g, p, s.objects[oid])]


def _install_land_permission() -> None:
    add_hook(registry.LAND_PERMISSIONS, graveyard_land_permission)


_install_land_permission()


def _no_counter_trigger_intervening_if(g: Game, ability: NoCounterTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    return lki is None or not lki[0].counters.get(ability.counter_kind, 0)


registry.INTERVENING_IF[NoCounterTrigger] = _no_counter_trigger_intervening_if
