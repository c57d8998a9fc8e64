"""Engine side of the graveyard-zone, dies, upkeep and exile keywords (cards/templates/graveyard_keywords.py).

- 603.4: intervening "if" clauses ("if it had no -1/-1 counters on it") are checked when the event
  happens (rules/triggers.py `_add` asks the ability's `intervening_if`) and again on resolution.
- 702.79a persist / 702.93a undying: return the card that was put into the graveyard to the
  battlefield under its owner's control with a counter on it (614.1c: it enters with it). Only the
  object the permanent became in the graveyard is returned (400.7).
- 113.6m: abilities whose cost or effect moves the card out of its owner's graveyard function only
  there: activated (GraveyardAbility: "{2}{B}: Return CARDNAME from your graveyard to your hand",
  702.84a unearth, 702.97a scavenge, 702.128a embalm, 702.129a eternalize) and triggered
  (GraveyardTrigger, watched through rules/triggers.py WATCHER_HOOKS).
- 702.30a echo, 702.32a fading, 702.63a vanishing, 702.24a cumulative upkeep: upkeep triggers.
- 702.123a fabricate, 702.100a evolve, 702.98a unleash, 702.138c "escapes with": enters abilities.
- 601.3 casting from a graveyard or exile (rules/stack.py CAST_PERMISSIONS): 702.81a retrace,
  702.133a jump-start, 702.138a escape, 702.35a madness (a discard replacement and a trigger that
  casts while resolving), 702.62a suspend, 702.143a foretell and 702.170a plot (special actions
  116.2f/h/k, A.ExileFromHand).
- 702.52a dredge: a draw replacement from the graveyard (rules/effects.py DRAW_REPLACEMENTS).
- 702.82a devour, 702.24a cumulative upkeep with a life cost, echo with a discard cost, 305.1 playing
  lands from a graveyard (stack.LAND_PERMISSIONS), 118.6 cards without a mana cost can't be cast from a
  hand for it (stack.CAST_RESTRICTIONS).
Choices made while a permanent enters or a card is drawn (unleash, devour, dredge) use rules/stack.py
`choose`: the scenario runner's answers, or the first option (decline) for agents without a chooser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import vocab as V
from ..game.state import BATTLEFIELD, GRAVEYARD
from ..lazy import lazy_module
from ..memo import by_identity
from . import add_hook
from .effects import Context, register_effect

if TYPE_CHECKING:
    from ..game.game import Game

# Modules reached across an import cycle (manastack/lazy.py).
_stack_module = lazy_module("manastack.rules.stack", globals(), "_stack_module")
_state_module = lazy_module("manastack.game.state", globals(), "_state_module")


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

@dataclass(frozen=True, slots=True)
class ReturnWithCounter(V.Effect):
    """702.79a / 702.93a: "return it to the battlefield under its owner's control with a `kind`
    counter on it", if it had no `kind` counter on it (the intervening if, 603.4)."""

    kind: str


@dataclass(frozen=True, slots=True)
class NoCounterTrigger(V.TriggeredAbility):
    """A "when this is put into a graveyard from the battlefield, if it had no `counter_kind`
    counters on it, ..." trigger (persist, undying): the intervening if reads last known
    information (603.10a)."""

    counter_kind: str = ""

    def intervening_if(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        return lki is None or not lki[0].counters.get(self.counter_kind, 0)


def _return_with_counter(g: Game, ctx: Context, e: ReturnWithCounter) -> list | None:
    if ctx.source_lki is not None and ctx.source_lki[0].counters.get(e.kind, 0):
        return None  # 603.4: rechecked on resolution
    card = graveyard_successor(g, ctx.source)
    if card is None:
        return None
    o = g.s.objects[card]
    g.move(card, BATTLEFIELD, rule="702.79a" if e.kind == "-1/-1" else "702.93a", controller=o.owner,
           etb_choices={"counters": {e.kind: 1}})
    return None


register_effect(ReturnWithCounter, _return_with_counter)


# --------------------------------------------------------------------------- abilities from a graveyard

@dataclass(frozen=True, slots=True)
class GraveyardAbility(V.ActivatedAbility):
    """An activated ability that functions only while its card is in its owner's graveyard (113.6m:
    its cost or effect moves the card out of the graveyard; 702.84a unearth, 702.97a scavenge,
    702.128a embalm, 702.129a eternalize). `exile_self`: "Exile this card from your graveyard" is part
    of the cost. rules/stack.py never lists it among a permanent's abilities; it is activated from the
    graveyard (activate_from_graveyard) by the card's owner."""

    zone: str = "graveyard"
    exile_self: bool = False


@by_identity
def graveyard_abilities(card: V.CardDef) -> list[GraveyardAbility]:
    """The card's abilities that function in a graveyard, in printed order (cached per card)."""
    return [ab for ab in card.abilities if isinstance(ab, GraveyardAbility)]


def _discard_cands(g: Game, p: int, cost: V.Cost) -> list[int]:
    from .stack import matches_filter
    if type(cost) is not V.CostPlus or not cost.discard:
        return []
    hand = g.s.players[p].hand
    return [c for c in hand if cost.discard_filter is None or matches_filter(g, cost.discard_filter, g.s.objects[c], p)]


def _exile_cands(g: Game, p: int, o: Any, ab: GraveyardAbility) -> list[int]:
    """Cards `p` may exile from their graveyard for the cost; not the card itself when the cost says
    "other" or also exiles the card itself."""
    from .stack import matches_filter
    cost = ab.cost
    if type(cost) is not V.CostPlus or cost.exile_from_graveyard is None:
        return []
    flt = cost.exile_from_graveyard
    return [c for c in g.s.players[p].graveyard
            if not (c == o.id and (flt.other or ab.exile_self)) and matches_filter(g, flt, g.s.objects[c], p, o.id)]


def graveyard_ability_block_reason(g: Game, p: int, o: Any, ab: GraveyardAbility) -> str | None:
    """Why `p` can't activate `ab` of the card `o` in their graveyard now (602.2, 602.5d, 113.6m), or None."""
    from .stack import sorcery_timing_ok
    s = g.s
    if o.zone != GRAVEYARD or o.owner != p:
        return f"{o.card.name} is not in {s.players[p].name}'s graveyard (113.6m)"
    if o.card.unsupported:
        return f"{o.card.name} is not supported by the card compiler"
    if ab.sorcery_speed and not sorcery_timing_ok(g, p):
        return f"{o.card.name}: activate only as a sorcery (602.5d)"
    cost = ab.cost
    if cost.life and s.players[p].life < cost.life:
        return f"{s.players[p].name} can't pay {cost.life} life (119.4)"
    if cost.sacrifice is not None:
        from .stack import sacrifice_candidates, usable_for_cost
        if not usable_for_cost(g, o, cost, sacrifice_candidates(g, o, cost.sacrifice)):
            return f"{o.card.name}: there is no permanent to sacrifice for this cost (701.17a)"
    if type(cost) is V.CostPlus:
        if cost.restriction:
            from .stack import _restriction_reason
            why = _restriction_reason(g, o, cost)  # 602.5b: "Activate only during your upkeep"
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
    from ..errors import IllegalActionError
    from . import effects
    from .costs import requirements
    from .stack import _choose_cost_objects, pay_mana, put_ability, zone_ability
    s = g.s
    ab = zone_ability(g, p, o, graveyard_abilities(o.card), action, "a graveyard", graveyard_ability_block_reason,
                      x_allowed=True)
    cost = ab.cost
    lki = (o.copy(), g.chars(o))
    victims: list[int] = []
    if cost.sacrifice is not None:
        from .stack import sacrifice_candidates, usable_for_cost
        victims = _choose_cost_objects(g, p, usable_for_cost(g, o, cost, sacrifice_candidates(g, o, cost.sacrifice)),
                                       1, "sacrifice", o.card.name)
    discards = _choose_cost_objects(g, p, _discard_cands(g, p, cost), cost.discard, "discard", o.card.name) \
        if type(cost) is V.CostPlus and cost.discard else []
    exiles = _choose_cost_objects(g, p, _exile_cands(g, p, o, ab), cost.exile_count, "exile", o.card.name) \
        if type(cost) is V.CostPlus and cost.exile_from_graveyard is not None else []
    pay_mana(g, p, requirements(cost.mana, action.x), action.payment, f"{o.card.name}'s ability",
             exclude_more=tuple(victims))
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
    put_ability(g, p, o, ab, action.targets, action.x, lki)


def graveyard_ability_actions(g: Game, p: int) -> list:
    """The activations of abilities of cards in `p`'s graveyard that `p` could take now (for agents)."""
    if not g.may_have(GraveyardAbility):
        return []
    from ..game import actions as A
    from .costs import requirements
    from .priority import _target_combos
    from .stack import can_pay
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
            if not ab.cost.mana.is_empty() and not can_pay(g, p, requirements(ab.cost.mana, 0), ("ability", oid)):
                continue
            for targets in _target_combos(g, ab.targets, p, oid, g.chars(o).colors):
                out.append(A.ActivateAbility(oid, idx, targets))
    return out


@dataclass(frozen=True, slots=True)
class ReturnSelf(V.Effect):
    """"Return this card from your graveyard to your hand / to the battlefield [tapped]" (113.6m): the
    card that is the source of the ability, if it is still in the graveyard (400.7)."""

    to: str  # "hand" or "battlefield"
    tapped: bool = False


def _return_self(g: Game, ctx: Context, e: ReturnSelf) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != GRAVEYARD:
        return None
    if e.to == "hand":
        g.move(o.id, "hand", rule="608.2c")
    else:
        g.move(o.id, BATTLEFIELD, rule="608.2c", controller=ctx.controller, tapped=e.tapped)
    return None


register_effect(ReturnSelf, _return_self)


# --------------------------------------------------------------------------- unearth (702.84a)

@dataclass(frozen=True, slots=True)
class Unearth(V.Effect):
    """702.84a: "Return this card from your graveyard to the battlefield. It gains haste. Exile it at
    the beginning of the next end step. If it would leave the battlefield, exile it instead of putting
    it anywhere else." The haste lasts indefinitely (611.2a), the exile is a delayed triggered ability
    (603.7) and the last sentence a replacement effect (614.1a) on that permanent."""


@dataclass(frozen=True, slots=True)
class ExileSource(V.Effect):
    """"Exile it": the permanent the delayed trigger refers to, if it is still on the battlefield."""


def _unearth(g: Game, ctx: Context, e: Unearth) -> list | None:
    from ..game.state import ContinuousEffect
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != GRAVEYARD:
        return None
    new = g.move(o.id, BATTLEFIELD, rule="702.84a", controller=ctx.controller)
    s.effects.append(ContinuousEffect("pump", new, keywords=("haste",), timestamp=s.next_timestamp,
                                      until="permanent", controller=ctx.controller))
    s.effects.append(ContinuousEffect("exile_if_leaves", new, timestamp=s.next_timestamp + 1, until="permanent",
                                      controller=ctx.controller))
    ab = V.TriggeredAbility(f"{ctx.name}: exile it at the beginning of the next end step", "delayed", (ExileSource(),))
    s.effects.append(ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp + 2, until="delayed",
                                      controller=ctx.controller, data=("next_end", ab, ctx.name, new)))
    s.next_timestamp += 3
    g.invalidate()
    g.log_event("delayed_trigger", "603.7a", source=ctx.name, on="next_end")
    return None


def _exile_source(g: Game, ctx: Context, e: ExileSource) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        g.move(o.id, "exile", rule="702.84a")
    return None


def _exile_if_leaves(g: Game, o: Any, frm: str, to: str) -> str:
    """614.1a / 702.84a: "If it would leave the battlefield, exile it instead of putting it anywhere else"."""
    if frm != BATTLEFIELD or to == "exile" or not g.s.effects:
        return to
    if not any(e.kind == "exile_if_leaves" and e.target == o.id for e in g.s.effects):
        return to
    g.log_event("replace", "614.1a", card=o.card.name, instead="exile")
    return "exile"


def _forget_left(g: Game, old_id: int, to: str) -> None:
    """400.7: the effects on a permanent that left the battlefield end (it is a new object)."""
    s = g.s
    if any(e.kind == "exile_if_leaves" and e.target == old_id for e in s.effects):
        s.effects = [e for e in s.effects if not (e.kind in ("exile_if_leaves", "pump") and e.target == old_id
                                                  and e.until == "permanent")]


register_effect(Unearth, _unearth)
register_effect(ExileSource, _exile_source)


def _install_hooks() -> None:
    from ..game import game as game_module
    add_hook(game_module.ZONE_CHANGE_REPLACEMENTS, _exile_if_leaves)
    add_hook(game_module.LEFT_BATTLEFIELD_HOOKS, _forget_left)


_install_hooks()


# --------------------------------------------------------------------------- scavenge (702.97a)

@dataclass(frozen=True, slots=True)
class ScavengeCounters(V.Effect):
    """702.97a: "Put a number of +1/+1 counters equal to the power of the card you exiled on target
    creature": the power of the card as it last existed in the graveyard (its source's last known
    information)."""

    target: V.Ref


def _scavenge(g: Game, ctx: Context, e: ScavengeCounters) -> list | None:
    from .effects import target_object
    oid = target_object(g, ctx, e.target)
    if oid is None or ctx.source_lki is None:
        return None
    n = ctx.source_lki[1].power or 0
    if n > 0:
        o = g.s.objects[oid]
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + n
        g.invalidate()
        g.log_event("counters", "122.1", card=o.card.name, kind="+1/+1", amount=n)
    return None


register_effect(ScavengeCounters, _scavenge)


# --------------------------------------------------------------------------- embalm / eternalize

@dataclass(frozen=True, slots=True)
class CreateCopyToken(V.Effect):
    """702.128a embalm / 702.129a eternalize: "Create a token that's a copy of this card, except it's
    white (black, 4/4), it has no mana cost, and it's a Zombie in addition to its other types." The
    copiable values are the card's printed ones (707.2) with the exceptions (707.9b)."""

    color: str  # "W" or "B"
    power_toughness: tuple[int, int] | None = None


def _copy_token(g: Game, ctx: Context, e: CreateCopyToken) -> list | None:
    import dataclasses

    from .costs import parse_cost
    from .effects import create_token
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
    create_token(g, token, ctx.controller)
    return None


register_effect(CreateCopyToken, _copy_token)


# --------------------------------------------------------------------------- echo (702.30a)

@dataclass(frozen=True, slots=True)
class EchoTrigger(V.TriggeredAbility):
    """702.30a: "At the beginning of your upkeep, if this permanent came under your control since the
    beginning of your last upkeep, sacrifice it unless you pay [cost]." A permanent came under its
    controller's control since the beginning of their last upkeep exactly when it was "summoning sick"
    (302.6: not continuously controlled since their most recent turn began) as their untap step began
    — nothing can enter during an untap step (502.4: no player gets priority). `_mark_echo` records
    that before the untap step ends the sickness; the trigger uses the record up (603.4)."""

    def intervening_if(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        s = g.s
        due = [e for e in s.effects if e.kind == "echo_due" and e.target == source]
        if not due:
            return False
        s.effects = [e for e in s.effects if e not in due]
        return True


def _mark_echo(g: Game) -> None:
    ContinuousEffect = _state_module.ContinuousEffect
    s = g.s
    s.effects = [e for e in s.effects if not (e.kind == "echo_due" and e.controller == s.active)]
    for o in g.permanents(s.active):
        if o.sick and any(isinstance(ab, EchoTrigger) for ab in g.chars(o).abilities):
            s.effects.append(ContinuousEffect("echo_due", o.id, until="permanent", controller=s.active,
                                              timestamp=s.next_timestamp))
            s.next_timestamp += 1


# --------------------------------------------------------------------------- fading, vanishing (702.32a, 702.63a)

@dataclass(frozen=True, slots=True)
class RemoveCounterOrSacrifice(V.Effect):
    """702.32a fading: "remove a fade counter from this permanent. If you can't, sacrifice the
    permanent." 702.63a vanishing (`kind` "time", `sacrifice_on_last`): "remove a time counter from
    it" and, when the last is removed, the linked trigger "sacrifice it" (LastCounterRemoved)."""

    kind: str
    vanishing: bool = False


@dataclass(frozen=True, slots=True)
class CounterTrigger(V.TriggeredAbility):
    """702.63a vanishing's upkeep trigger: "if this permanent has a time counter on it" (603.4)."""

    counter_kind: str = ""

    def intervening_if(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        o = g.s.objects.get(source)
        return o is not None and o.counters.get(self.counter_kind, 0) > 0


def _remove_or_sacrifice(g: Game, ctx: Context, e: RemoveCounterOrSacrifice) -> list | None:
    from . import effects, triggers
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    n = o.counters.get(e.kind, 0)
    if n <= 0:
        if not e.vanishing:
            effects.sacrifice(g, o.id)  # 702.32a: "If you can't, sacrifice the permanent."
        return None  # 603.4: vanishing's intervening if is false on resolution
    if n == 1:
        del o.counters[e.kind]
    else:
        o.counters[e.kind] = n - 1
    g.invalidate()
    g.log_event("remove_counters", "122.8", card=o.card.name, kind=e.kind, amount=1)
    if e.vanishing and n == 1:
        # 702.63a: "When the last time counter is removed from this permanent, sacrifice it."
        ab = V.TriggeredAbility(f"{o.card.name}: when the last time counter is removed, sacrifice it", "last_counter",
                                (SacrificeSource(),))
        triggers._add(g, o.controller, o.id, ab, None, o.card.name)
    return None


@dataclass(frozen=True, slots=True)
class SacrificeSource(V.Effect):
    """"Sacrifice it": the source permanent, if it is still on the battlefield (701.17a)."""


def _sacrifice_source(g: Game, ctx: Context, e: SacrificeSource) -> list | None:
    from . import effects
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        effects.sacrifice(g, o.id)
    return None


register_effect(RemoveCounterOrSacrifice, _remove_or_sacrifice)
register_effect(SacrificeSource, _sacrifice_source)


def _install_upkeep_hooks() -> None:
    from . import turn
    add_hook(turn.BEFORE_UNTAP_HOOKS, _mark_echo)


_install_upkeep_hooks()


# --------------------------------------------------------------------------- cumulative upkeep (702.24a)

@dataclass(frozen=True, slots=True)
class CumulativeUpkeep(V.Effect):
    """702.24a: "put an age counter on this permanent. Then you may pay [cost] for each age counter on
    it. If you don't, sacrifice it." (the choice and the payment: rules/referred_objects.py
    "pay_or_sacrifice", 118.12a)."""

    cost: Any  # ManaCost


def _cumulative_upkeep(g: Game, ctx: Context, e: CumulativeUpkeep) -> list | None:
    from . import effects
    from .costs import parse_cost
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # 702.24a: "if this permanent is on the battlefield"
    o.counters["age"] = o.counters.get("age", 0) + 1
    g.invalidate()
    g.log_event("counters", "122.1", card=o.card.name, kind="age", amount=1)
    total = parse_cost(e.cost.text * o.counters["age"])
    return [effects._choice("pay_or_sacrifice", ctx.controller, total.text,
                            f"{ctx.name}: cumulative upkeep: pay {total.text} or sacrifice {o.card.name} "
                            f"(true to pay, false not to)", (o.id, total, ctx.name))]


register_effect(CumulativeUpkeep, _cumulative_upkeep)


# --------------------------------------------------------------------------- fabricate (702.123a)

@dataclass(frozen=True, slots=True)
class Fabricate(V.Effect):
    """702.123a: "you may put N +1/+1 counters on it. If you don't, create N 1/1 colorless Servo
    artifact creature tokens." The controller answers true (counters) or false (Servos); a permanent
    no longer on the battlefield can't get counters, so the Servos are created (702.123a rulings)."""

    amount: int
    servos: tuple[V.Effect, ...]  # the "create N 1/1 colorless Servo artifact creature tokens" effect


def _fabricate(g: Game, ctx: Context, e: Fabricate) -> list | None:
    from . import effects
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return [("resume_effects", ctx, e.servos, 0, None)]
    return [effects._choice("fabricate", ctx.controller, e.amount,
                            f"{ctx.name}: fabricate {e.amount}: true to put {e.amount} +1/+1 counter(s) on it, "
                            f"false to create {e.amount} Servo token(s)", (ctx, e))]


def _fabricate_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(True), A.Choose(False)]


def _answer_fabricate(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    ctx, e = s.queue[0][5]
    s.pending = None
    g.log_event("fabricate", "702.123a", player=s.players[d.player].name, source=ctx.name, counters=value)
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if value and o is not None and o.zone == BATTLEFIELD:
        s.queue.pop(0)
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + e.amount
        g.invalidate()
        g.log_event("counters", "122.1", card=o.card.name, kind="+1/+1", amount=e.amount)
        return
    s.queue[0] = ("resume_effects", ctx, e.servos, 0, None)


register_effect(Fabricate, _fabricate)


def _install_choices() -> None:
    from . import effects
    effects.CHOICES["fabricate"] = (_fabricate_actions, _answer_fabricate)


_install_choices()


# --------------------------------------------------------------------------- evolve (702.100a)

@dataclass(frozen=True, slots=True)
class EvolveTrigger(V.TriggeredAbility):
    """702.100a: "Whenever a creature you control enters, if that creature's power is greater than this
    creature's power and/or that creature's toughness is greater than this creature's toughness, put a
    +1/+1 counter on this creature." Checked as it enters (603.4) and again on resolution (Evolve)."""

    def intervening_if(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        return _evolves(g, source, event_obj)


def _evolves(g: Game, source: int | None, entered: int | None) -> bool:
    """702.100a: compare the entering creature (its last known values if it has left the battlefield) with
    the evolving creature, which must still be on the battlefield; 702.100c: both must be creatures."""
    s = g.s
    me = s.objects.get(source) if source is not None else None
    if me is None or me.zone != BATTLEFIELD or entered is None:
        return False
    new = s.objects.get(entered)
    if new is not None and new.zone == BATTLEFIELD:
        nc = g.chars(new)
    elif entered in s.lki:
        nc = s.lki[entered][1]
    else:
        return False
    mc = g.chars(me)
    if "Creature" not in nc.types or "Creature" not in mc.types:
        return False  # 702.100c: a noncreature has no power or toughness to compare
    return (nc.power or 0) > (mc.power or 0) or (nc.toughness or 0) > (mc.toughness or 0)


@dataclass(frozen=True, slots=True)
class Evolve(V.Effect):
    """702.100a's effect, with the intervening if rechecked (603.4)."""


def _evolve(g: Game, ctx: Context, e: Evolve) -> list | None:
    if not _evolves(g, ctx.source, ctx.event_obj):
        return None
    o = g.s.objects[ctx.source]  # type: ignore[index]
    o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
    g.invalidate()
    g.log_event("counters", "122.1", card=o.card.name, kind="+1/+1", amount=1)
    g.log_event("evolve", "702.100a", card=o.card.name)
    from . import triggers
    for ab in g.chars(o).abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "evolves":
            triggers._add(g, o.controller, o.id, ab, None, o.card.name)  # 702.100b: "whenever this evolves"
    return None


register_effect(Evolve, _evolve)


# --------------------------------------------------------------------------- casting from a graveyard or exile

@dataclass(frozen=True, slots=True)
class CastFromGraveyard(V.Ability):
    """A permission to cast the card from its owner's graveyard (601.3, 113.6f): 702.81a retrace
    ("by discarding a land card as an additional cost"), 702.133a jump-start ("by discarding a card as
    an additional cost"; exiled when it leaves the stack), 702.138a escape ("by paying [cost] rather
    than paying its mana cost", with exiling other cards from the graveyard)."""

    keyword: str  # "retrace", "jump-start", "escape"
    additional: V.Cost | None = None
    alt_cost: Any = None  # a ManaCost paid rather than the mana cost (escape)


@dataclass(frozen=True, slots=True)
class Madness(V.Ability):
    """702.35a: "Madness [cost]": discarded, the card is exiled instead; its triggered ability lets its
    owner cast it by paying [cost] rather than its mana cost, or puts it into the graveyard."""

    cost: Any  # ManaCost


@dataclass(frozen=True)
class CastPermit:
    """What rules/stack.py cast_spell needs to cast a card from a graveyard or exile."""

    event: str
    rule: str
    alt_cost: Any = None
    additional: V.Cost | None = None
    any_time: bool = False
    choices: tuple = ()

    def cast(self, g: Game, p: int, oid: int) -> None:
        """Called once the spell is cast this way (rules/stack.py cast_spell). 702.138b: a spell cast with
        escape "escaped"; the permanent it becomes too (its `escapes with` counters, 702.138c)."""
        from ..game.state import ContinuousEffect
        if self.event == "escape":
            s = g.s
            s.effects.append(ContinuousEffect("escaped", oid, until="permanent", controller=p, timestamp=s.next_timestamp))
            s.next_timestamp += 1

    def reqs(self, g: Game, p: int, card: V.CardDef, x: int, targets: tuple[int, ...]) -> list:
        from .costs import requirements
        from .stack import cost_adjustment, total_cost_reqs
        if self.alt_cost is None:
            return total_cost_reqs(g, p, card, x, targets)
        return requirements(self.alt_cost, x, cost_adjustment(g, p, card, targets))


_PERMITS: dict[str, tuple[str, tuple]] = {
    "retrace": ("702.81a", ()),
    "jump-start": ("702.133a", (("exile_after", True),)),
    "escape": ("702.138a", (("escaped", True),)),
    "graveyard": ("601.3", ()),  # "You may cast CARDNAME from your graveyard [by discarding ...]"
    # 702.34a with a cost that also pays life ("Flashback—{1}{U}, Pay 3 life"): exiled when it leaves the stack.
    "flashback": ("702.34a", (("flashback", True),)),
}


def _graveyard_permit(g: Game, p: int, o: Any) -> CastPermit | None:
    if o.zone == GRAVEYARD and o.owner == p:
        for ab in o.card.abilities:
            if isinstance(ab, CastFromGraveyard):
                rule, choices = _PERMITS[ab.keyword]
                return CastPermit(ab.keyword, rule, ab.alt_cost, ab.additional, choices=choices)
        return None
    if o.zone == "exile" and o.owner == p:
        window = next((e.data for e in g.s.effects if e.kind == "cast_window" and e.target == o.id), None)
        if window is not None:
            return _window_permit(o, window)  # only while its madness / suspend trigger resolves
        return _exile_permit(g, p, o)
    return None


def _window_permit(o: Any, kind: str) -> CastPermit | None:
    """The permission a resolving triggered ability gives: 702.35a madness (its madness cost), 702.62a
    suspend ("without paying its mana cost": an alternative cost of {0}, 601.2b)."""
    from .costs import parse_cost
    if kind == "madness":
        mad = next((ab for ab in o.card.abilities if isinstance(ab, Madness)), None)
        if mad is None:
            return None
        return CastPermit("madness", "702.35a", mad.cost, any_time=True, choices=(("madness", True),))
    if kind == "suspend":
        return CastPermit("suspend", "702.62a", parse_cost(""), any_time=True, choices=(("suspend_haste", True),))
    return None


def zone_cast_actions(g: Game, p: int) -> list:
    """CastSpell actions for `p`'s cards in their graveyard that a permission lets them cast (for agents)."""
    s = g.s
    if not g.may_have(CastFromGraveyard):
        return []
    from ..game import actions as A
    from .priority import _target_combos
    from .stack import can_pay, cast_block_reason, cast_variants, matches_filter
    s = g.s
    pl = s.players[p]
    out: list = []
    for oid in pl.graveyard:
        o = s.objects[oid]
        if not any(isinstance(ab, CastFromGraveyard) for ab in o.card.abilities):
            continue
        permit = _graveyard_permit(g, p, o)
        if permit is None or cast_block_reason(g, p, o) is not None or o.card.mana_cost.x_count:
            continue
        extra = permit.additional
        if extra is not None and extra.life and pl.life < extra.life:
            continue  # 119.4
        if type(extra) is V.CostPlus:
            if extra.discard and sum(1 for c in pl.hand if extra.discard_filter is None or matches_filter(
                    g, extra.discard_filter, s.objects[c], p)) < extra.discard:
                continue
            if extra.exile_from_graveyard is not None and sum(
                    1 for c in pl.graveyard if c != oid and matches_filter(g, extra.exile_from_graveyard, s.objects[c], p,
                                                                          oid)) < extra.exile_count:
                continue
        if not can_pay(g, p, permit.reqs(g, p, o.card, 0, ()), ("spell", oid)):
            continue
        for modes, specs in cast_variants(g, o.card):
            for targets in _target_combos(g, specs, p, oid, o.card.colors):
                out.append(A.CastSpell(oid, targets, 0, modes=modes))
    return out


def _install_cast_hooks() -> None:
    from . import stack
    add_hook(stack.CAST_PERMISSIONS, _graveyard_permit)


_install_cast_hooks()


# --------------------------------------------------------------------------- madness (702.35a), suspend's cast

@dataclass(frozen=True, slots=True)
class MadnessCast(V.Effect):
    """702.35a, the triggered ability: "When this card is exiled this way, its owner may cast it by paying
    [cost] rather than paying its mana cost. If that player doesn't, they put this card into their
    graveyard." The owner answers true (then its targets, one decision each) or false. The cast ignores
    timing (it happens while the ability resolves) and follows 601.2b/f-h for the alternative cost."""


@dataclass(frozen=True, slots=True)
class SuspendCast(V.Effect):
    """702.62a, the third ability: "When the last time counter is removed from this card, if it's exiled,
    you may play it without paying its mana cost if able. If you don't, it remains exiled. If you cast a
    creature spell this way, it gains haste until you lose control of the spell or the permanent it
    becomes." """


MADNESS_TRIGGER_TEXT = "When this card is exiled this way, its owner may cast it by paying its madness cost"


def _madness_replacement(g: Game, p: int, oid: int) -> tuple | None:
    o = g.s.objects.get(oid)
    if o is None or o.zone != "hand" or not any(isinstance(ab, Madness) for ab in o.card.abilities):
        return None
    g.log_event("replace", "702.35a", card=o.card.name, instead="exile")
    return "exile", _madness_trigger


def _madness_trigger(g: Game, p: int, new_id: int) -> None:
    from . import triggers
    o = g.s.objects.get(new_id)
    if o is None or o.zone != "exile":
        return
    ab = V.TriggeredAbility(MADNESS_TRIGGER_TEXT, "madness", (MadnessCast(),))
    triggers._add(g, o.owner, new_id, ab, None, o.card.name)


def _cast_offer(g: Game, ctx: Context, kind: str) -> list | None:
    from . import effects
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != "exile":
        return None  # 400.7: the card left exile; it can't be found
    what = ("cast it for its madness cost (true) or put it into your graveyard (false)" if kind == "madness" else
            "cast it without paying its mana cost (true) or leave it exiled (false)")
    return [effects._choice("cast_offer", o.owner, o.id, f"{o.card.name}: {what}", (o.id, (), kind))]


def _madness_cast(g: Game, ctx: Context, e: MadnessCast) -> list | None:
    return _cast_offer(g, ctx, "madness")


def _suspend_cast(g: Game, ctx: Context, e: SuspendCast) -> list | None:
    return _cast_offer(g, ctx, "suspend")


def _open_window(g: Game, oid: int, kind: str) -> None:
    from ..game.state import ContinuousEffect
    s = g.s
    if not any(e.kind == "cast_window" and e.target == oid for e in s.effects):
        s.effects.append(ContinuousEffect("cast_window", oid, until="permanent", timestamp=s.next_timestamp, data=kind))
        s.next_timestamp += 1


def _close_window(g: Game, oid: int) -> None:
    g.s.effects = [e for e in g.s.effects if not (e.kind == "cast_window" and e.target == oid)]


def _castable(g: Game, p: int, oid: int, kind: str) -> bool:
    """Whether casting the exiled card this way could be begun now: it can be paid for and each of its
    targets has a candidate (601.2c)."""
    from .stack import can_pay, cast_block_reason, spell_targets, target_candidates
    s = g.s
    o = s.objects[oid]
    permit = _window_permit(o, kind)
    if permit is None or cast_block_reason(g, p, o, any_time=True) is not None:
        return False
    if "Land" in o.card.types:
        return False  # playing a land this way: not modelled (no card in the corpus needs it)
    if not can_pay(g, p, permit.reqs(g, p, o.card, 0, ()), ("spell", oid)):
        return False
    return all(getattr(spec, "optional", False) or target_candidates(g, spec, p, oid, o.card.colors)
               for spec in spell_targets(o.card))


def _offer_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    oid, _, kind = g.s.queue[0][5]
    if oid not in g.s.objects or not _castable(g, d.player, oid, kind):
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def _target_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(c) for c in d.data]


def _answer_offer(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    oid, _, kind = s.queue[0][5]
    if value and not _castable(g, d.player, oid, kind):
        raise IllegalActionError(f"{d.prompt}: it can't be cast now (answer false)")
    s.pending = None
    o = s.objects.get(oid)
    g.log_event("may", "702.35a" if kind == "madness" else "702.62a", player=s.players[d.player].name,
                source=o.card.name if o else "", choice=value)
    if not value:
        s.queue.pop(0)
        if kind == "madness" and o is not None and o.zone == "exile":
            g.move(oid, GRAVEYARD, rule="702.35a")  # suspend: "If you don't, it remains exiled."
        return
    _continue_cast(g, d.player, oid, (), kind)


def _continue_cast(g: Game, p: int, oid: int, chosen: tuple[int, ...], kind: str) -> None:
    """Choose the spell's targets one by one (601.2c), then cast it (601.2)."""
    from ..game import actions as A
    from .effects import _choice
    from .stack import cast_spell, spell_targets, target_candidates
    s = g.s
    o = s.objects[oid]
    specs = spell_targets(o.card)
    if len(chosen) < len(specs):
        spec = specs[len(chosen)]
        cands = tuple(c for c in target_candidates(g, spec, p, oid, o.card.colors) if c not in chosen)
        if getattr(spec, "optional", False):
            cands = cands + (False,)  # an "up to N" target may be left unchosen (false)
        s.queue[0] = _choice("cast_target", p, cands, f"601.2c: {o.card.name}: choose a target ({spec.text})",
                             (oid, chosen, kind))
        return
    s.queue.pop(0)
    from .stack import can_pay
    permit = _window_permit(o, kind)
    if permit is None or not can_pay(g, p, permit.reqs(g, p, o.card, 0, chosen), ("spell", oid)):
        # The cost with these targets can't be paid: the card isn't cast (601.2h, 723.1 rewind).
        g.log_event("not_cast", "601.2h", card=o.card.name)
        if kind == "madness" and o.zone == "exile":
            g.move(oid, GRAVEYARD, rule="702.35a")
        return
    from ..errors import IllegalActionError
    snapshot = s.clone()  # 601.2h: a cast the offer can't complete is undone, and the card isn't cast
    _open_window(g, oid, kind)
    try:
        cast_spell(g, p, A.CastSpell(oid, chosen))
    except IllegalActionError as e:
        s.restore(snapshot)
        g.invalidate()
        g.log_event("not_cast", "601.2h", card=o.card.name, reason=str(e))
        o = s.objects[oid]
        if kind == "madness" and o.zone == "exile":
            g.move(oid, GRAVEYARD, rule="702.35a")
        return
    finally:
        _close_window(g, oid)
    if kind == "suspend":
        from ..game.state import ContinuousEffect
        # 702.62a: a creature spell cast this way gains haste (given as it becomes a permanent, _suspend_haste).
        s.effects.append(ContinuousEffect("suspend_haste_pending", oid, until="permanent", controller=p,
                                          timestamp=s.next_timestamp))
        s.next_timestamp += 1


def _answer_cast_target(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    s = g.s
    oid, chosen, kind = s.queue[0][5]
    if value not in d.data or (isinstance(value, bool) and value is not False):
        raise IllegalActionError(f"{d.prompt}: {g.name_of(value) if isinstance(value, int) else value!r} "
                                 f"is not a legal target")
    s.pending = None
    _continue_cast(g, d.player, oid, chosen + (None if value is False else value,), kind)


register_effect(MadnessCast, _madness_cast)
register_effect(SuspendCast, _suspend_cast)


def _install_madness() -> None:
    from . import effects
    effects.CHOICES["cast_offer"] = (_offer_actions, _answer_offer)
    effects.CHOICES["cast_target"] = (_target_actions, _answer_cast_target)
    add_hook(effects.DISCARD_REPLACEMENTS, _madness_replacement)


_install_madness()


# --------------------------------------------------------------------------- suspend, foretell, plot (special actions)

@dataclass(frozen=True, slots=True)
class Suspend(V.Ability):
    """702.62a: "Suspend N—[cost]" (the special action 116.2f; the upkeep and last-counter triggers that
    function in exile)."""

    time: int
    cost: Any  # ManaCost


@dataclass(frozen=True, slots=True)
class Foretell(V.Ability):
    """702.143a: "Foretell [cost]": the special action 116.2h ({2}, exiled face down), then cast from exile
    for [cost] after the turn it was foretold."""

    cost: Any  # ManaCost


@dataclass(frozen=True, slots=True)
class Plot(V.Ability):
    """702.170a: "Plot [cost]": the special action 116.2k, then cast from exile without paying its mana
    cost during a later turn's main phase while the stack is empty (702.170d)."""

    cost: Any  # ManaCost


_SPECIAL = {"suspend": Suspend, "foretell": Foretell, "plot": Plot}
SPECIAL_ACTION_KINDS = (Suspend, Foretell, Plot)  # rules/priority.py asks only games with one of them


def _special_ability(card: V.CardDef, kind: str) -> Any:
    cls = _SPECIAL.get(kind)
    return next((ab for ab in card.abilities if cls is not None and isinstance(ab, cls)), None)


def special_action_reqs(o: Any, kind: str, g: Game | None = None) -> list:
    """The mana the special action costs (foretell: {2}, 702.143a, less {1} for each "Foretelling cards from
    your hand costs {1} less" permanent its owner controls, 118.7a)."""
    from .costs import parse_cost, requirements
    ab = _special_ability(o.card, kind)
    if ab is None:
        return []
    if kind != "foretell":
        return requirements(ab.cost)
    less = len(_foretell_helpers(g, o.owner)) if g is not None else 0
    return requirements(parse_cost(f"{{{max(0, 2 - less)}}}"))


def _foretell_helpers(g: Game, p: int) -> list:
    return [ab for x in g.permanents(p) for ab in g.chars(x).abilities
            if isinstance(ab, V.StaticAbility) and ab.kind == "foretell_any_turn_less"]


def special_action_block_reason(g: Game, p: int, o: Any, kind: str) -> str | None:
    """Why `p` can't take the special action `kind` with the card `o` now (116.2f, 116.2h, 116.2k), or None."""
    from .stack import CAST_RESTRICTIONS, sorcery_timing_ok
    s = g.s
    name = o.card.name
    if o.zone != "hand" or o.owner != p:
        return f"{name} is not in {s.players[p].name}'s hand"
    if _special_ability(o.card, kind) is None:
        return f"{name} has no {kind} ability"
    if o.card.unsupported:
        return f"{name} is not supported by the card compiler"
    if s.priority != p:
        return f"{s.players[p].name} doesn't have priority (116.2)"
    if kind == "suspend":
        # 116.2f: only if they could begin to cast the card by putting it onto the stack (702.62c).
        c = o.card
        if "Land" in c.types:
            return f"{name} is a land: it can't be cast (702.62c)"
        if not ("Instant" in c.types or "flash" in c.keywords) and not sorcery_timing_ok(g, p):
            return f"116.2f: {name} could not be cast now (sorcery timing), so it can't be suspended"
        for restriction in CAST_RESTRICTIONS:
            if restriction is _unpayable_from_hand:
                continue  # 118.6: beginning to cast a spell with an unpayable cost is legal (Ancestral Vision)
            why = restriction(g, p, o)
            if why:
                return why
    elif kind == "foretell":
        if s.active != p and not _foretell_helpers(g, p):
            return f"116.2h: {name} can be foretold only during its owner's turn"
    elif kind == "plot" and not sorcery_timing_ok(g, p):
        return f"116.2k: {name} can be plotted only in its owner's main phase while the stack is empty"
    return None


def exile_from_hand(g: Game, p: int, action: Any) -> None:
    """116.2f / 116.2h / 116.2k: pay the cost and exile the card (with N time counters: suspend; face down:
    foretell; plotted). Special actions don't use the stack; the player keeps priority (116.3)."""
    from ..errors import IllegalActionError
    from ..game.state import ContinuousEffect
    from .stack import pay_mana
    s = g.s
    o = s.objects.get(action.card)
    if o is None:
        raise IllegalActionError(f"{g.name_of(action.card)} is not in {s.players[p].name}'s hand")
    why = special_action_block_reason(g, p, o, action.keyword)
    if why:
        raise IllegalActionError(why)
    kind = action.keyword
    ab = _special_ability(o.card, kind)
    rule = {"suspend": "702.62a", "foretell": "702.143a", "plot": "702.170a"}[kind]
    pay_mana(g, p, special_action_reqs(o, kind, g), action.payment, f"{o.card.name}'s {kind}")
    new = g.move(o.id, "exile", rule=rule)
    n = s.objects[new]
    if kind == "suspend":
        n.counters["time"] = ab.time
    else:
        s.effects.append(ContinuousEffect("foretold" if kind == "foretell" else "plotted", new, until="permanent",
                                          controller=p, timestamp=s.next_timestamp, data=s.turn))
        s.next_timestamp += 1
    g.log_event(kind, rule, player=s.players[p].name, card=o.card.name, id=new)
    if kind == "plot":
        from . import triggers
        for trig in n.card.abilities:
            if isinstance(trig, V.TriggeredAbility) and trig.event == "becomes_plotted":
                triggers._add(g, p, new, trig, None, n.card.name)  # 702.170: "when this card becomes plotted"
    s.passes = 0


def _marked_turn(g: Game, oid: int, kind: str) -> int | None:
    return next((e.data for e in g.s.effects if e.kind == kind and e.target == oid), None)


def _exile_permit(g: Game, p: int, o: Any) -> CastPermit | None:
    """Permissions for cards exiled by a special action: 702.143a foretold (its foretell cost, after the
    turn it was foretold) and 702.170d plotted (without paying its mana cost, during a later turn, in
    its owner's main phase while the stack is empty)."""
    from .costs import parse_cost
    from .stack import sorcery_timing_ok
    s = g.s
    turn = _marked_turn(g, o.id, "foretold")
    if turn is not None and turn < s.turn:
        ab = _special_ability(o.card, "foretell")
        if ab is not None:
            return CastPermit("foretell", "702.143a", ab.cost, choices=(("foretold", True),))
    turn = _marked_turn(g, o.id, "plotted")
    if turn is not None and turn < s.turn and sorcery_timing_ok(g, p):
        return CastPermit("plot", "702.170d", parse_cost(""), choices=(("plotted", True),))
    return None


def exile_actions(g: Game, p: int) -> list:
    """Special actions `p` could take now with cards in their hand, and casts of their foretold or plotted
    cards in exile (for agents)."""
    s = g.s
    pl = s.players[p]
    if not g.may_have(*_SPECIAL.values()):
        return []  # the common case, asked at every priority: no card of this game can do it
    from ..game import actions as A
    from .priority import _target_combos
    from .stack import can_pay, cast_block_reason, cast_variants
    out: list = []
    for oid in pl.hand:
        o = s.objects[oid]
        if not o.card.abilities:
            continue
        for kind, cls in _SPECIAL.items():
            if not any(isinstance(ab, cls) for ab in o.card.abilities):
                continue
            if special_action_block_reason(g, p, o, kind) is not None:
                continue
            if not can_pay(g, p, special_action_reqs(o, kind, g), None):  # 116.2f/h/k: not a spell
                continue
            out.append(A.ExileFromHand(oid, kind))
    for oid in pl.exile:
        o = s.objects[oid]
        if not any(e.target == oid and e.kind in ("foretold", "plotted") for e in s.effects):
            continue
        permit = _exile_permit(g, p, o)
        if permit is None or cast_block_reason(g, p, o) is not None:
            continue
        if not can_pay(g, p, permit.reqs(g, p, o.card, 0, ()), ("spell", oid)):
            continue
        for modes, specs in cast_variants(g, o.card):
            for targets in _target_combos(g, specs, p, oid, o.card.colors):
                out.append(A.CastSpell(oid, targets, 0, modes=modes))
    return out


@dataclass(frozen=True, slots=True)
class SuspendTrigger(V.TriggeredAbility):
    """702.62a: "At the beginning of your upkeep, if this card is suspended, remove a time counter from it"
    (702.62b: suspended = in exile, has suspend, has a time counter)."""

    def intervening_if(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        o = g.s.objects.get(source)
        return o is not None and o.zone == "exile" and o.counters.get("time", 0) > 0


@dataclass(frozen=True, slots=True)
class RemoveTimeCounter(V.Effect):
    """Suspend's upkeep effect; removing the last time counter triggers its third ability."""


SUSPEND_UPKEEP = SuspendTrigger("Suspend: at the beginning of your upkeep, remove a time counter", "suspend_upkeep",
                                (RemoveTimeCounter(),))
SUSPEND_LAST = V.TriggeredAbility("Suspend: when the last time counter is removed, you may cast it without paying "
                                  "its mana cost", "suspend_last", (SuspendCast(),))


def _suspend_upkeep(g: Game, event: str) -> None:
    if event != "upkeep" or not g.may_have(Suspend):
        return
    from . import triggers
    s = g.s
    for oid in list(s.players[s.active].exile):
        o = s.objects[oid]
        if o.counters.get("time") and any(isinstance(ab, Suspend) for ab in o.card.abilities):
            triggers._add(g, o.owner, oid, SUSPEND_UPKEEP, None, o.card.name)


def _remove_time_counter(g: Game, ctx: Context, e: RemoveTimeCounter) -> list | None:
    from . import triggers
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != "exile" or not o.counters.get("time"):
        return None  # 603.4: no longer suspended
    o.counters["time"] -= 1
    g.log_event("remove_counters", "702.62a", card=o.card.name, kind="time", amount=1)
    if not o.counters["time"]:
        del o.counters["time"]
        triggers._add(g, o.owner, o.id, SUSPEND_LAST, None, o.card.name)
    return None


def _suspend_haste(g: Game, old_id: int, new_id: int, frm: str) -> None:
    """702.62a: a creature spell cast this way gains haste until its caster loses control of it."""
    if frm != "stack" or not g.s.effects:
        return
    from ..game.state import ContinuousEffect
    s = g.s
    o = s.objects[new_id]
    if "Creature" not in g.chars(o).types:
        return
    pending = next((e for e in s.effects if e.kind == "suspend_haste_pending" and e.target == old_id), None)
    if pending is None:
        return
    s.effects = [e for e in s.effects if e is not pending]
    s.effects.append(ContinuousEffect("haste_while_controlled", new_id, keywords=("haste",), until="permanent",
                                      controller=pending.controller, timestamp=s.next_timestamp))
    s.next_timestamp += 1
    g.invalidate()


register_effect(RemoveTimeCounter, _remove_time_counter)


def _install_special_actions() -> None:
    from ..game import game as game_module
    from . import triggers
    add_hook(triggers.STEP_HOOKS, _suspend_upkeep)
    add_hook(game_module.ENTERED_BATTLEFIELD_HOOKS, _suspend_haste)


_install_special_actions()


# --------------------------------------------------------------------------- escapes with, unleash (614.1c)

def _escapes_with(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.138c: "[This permanent] escapes with [counters]" means "If this permanent escaped, it enters with
    [those counters]": the spell it was (its object on the stack, o.previous_id) was cast with escape."""
    if o.previous_id is not None and any(e.kind == "escaped" and e.target == o.previous_id for e in g.s.effects):
        o.counters[ab.counter_kind] = o.counters.get(ab.counter_kind, 0) + int(ab.amount)  # type: ignore[arg-type]


def _unleash(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" (its
    controller's choice as it enters, 614.12)."""
    from .stack import choose
    if choose(g, o.controller, "unleash", [False, True],
              f"702.98a: {o.card.name}: have it enter with an additional +1/+1 counter (true) or not (false)"):
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
        g.log_event("unleash", "702.98a", card=o.card.name)


def _install_etb() -> None:
    from . import stack
    stack.ETB_REPLACEMENTS["escapes_with"] = _escapes_with
    stack.ETB_REPLACEMENTS["unleash"] = _unleash


_install_etb()


# --------------------------------------------------------------------------- dredge (702.52a)

@dataclass(frozen=True, slots=True)
class Dredge(V.Ability):
    """702.52a: "Dredge N" functions while the card is in its owner's graveyard: "As long as you have at
    least N cards in your library, if you would draw a card, you may instead mill N cards and return this
    card from your graveyard to your hand." (702.52b: not with fewer than N cards in the library.)"""

    amount: int


def _dredge(g: Game, p: int) -> bool:
    """A draw replacement (rules/effects.py DRAW_REPLACEMENTS): the player chooses whether to dredge
    (true / false) and, with several cards that could, which one (614.1a, 616.1)."""
    choose = _stack_module.choose
    s = g.s
    pl = s.players[p]
    cands = [oid for oid in pl.graveyard
             if any(isinstance(ab, Dredge) and ab.amount <= len(pl.library) for ab in s.objects[oid].card.abilities)]
    if not cands:
        return False
    names = ", ".join(g.name_of(c) for c in cands)
    if not choose(g, p, "dredge", [False, True], f"702.52a: {pl.name} would draw a card: dredge instead ({names})? "
                                                 f"(true or false)"):
        return False
    card = cands[0] if len(cands) == 1 else choose(g, p, "dredge_card", cands, f"702.52a: dredge which card ({names})?")
    if card not in cands:
        from ..errors import IllegalActionError
        raise IllegalActionError(f"702.52a: {g.name_of(card)} can't be dredged")
    n = next(ab.amount for ab in s.objects[card].card.abilities if isinstance(ab, Dredge))
    g.log_event("dredge", "702.52a", player=pl.name, card=s.objects[card].card.name, amount=n)
    for _ in range(n):
        g.move(pl.library[0], GRAVEYARD, rule="701.13a")  # mill N cards
    g.move(card, "hand", rule="702.52a")
    return True


def _install_dredge() -> None:
    from . import effects
    add_hook(effects.DRAW_REPLACEMENTS, _dredge)


_install_dredge()


# --------------------------------------------------------------------------- triggered abilities in a graveyard

@dataclass(frozen=True, slots=True)
class GraveyardTrigger(V.TriggeredAbility):
    """A triggered ability that functions only while its card is in its owner's graveyard (113.6m: its
    effect moves the card out of the graveyard: "Whenever an artifact you control enters, you may return
    this card from your graveyard to your hand"). Its `event` is "graveyard" so that nothing on the
    battlefield matches it; `graveyard_event` is the real one, given to rules/triggers.py by `_watch`."""

    graveyard_event: str = ""


@by_identity
def _graveyard_triggers(card: V.CardDef) -> tuple:
    conv = tuple(V.TriggeredAbility(ab.text, ab.graveyard_event, ab.effects, ab.targets, ab.scope, ab.filter, ab.who)
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
    from . import triggers
    add_hook(triggers.WATCHER_HOOKS, _watch)


_install_graveyard_triggers()


@dataclass(frozen=True, slots=True)
class ExileSelfWithCounters(V.Effect):
    """"Exile CARDNAME with three time counters on it" (a resolving instant or sorcery with suspend, which
    is then suspended, 702.62b): the spell goes to exile instead of its owner's graveyard (608.2n)."""

    kind: str
    amount: int


def _exile_self_with_counters(g: Game, ctx: Context, e: ExileSelfWithCounters) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != "stack":
        return None
    new = g.move(o.id, "exile", rule="608.2c")
    g.s.objects[new].counters[e.kind] = e.amount
    g.log_event("counters", "122.1", card=o.card.name, kind=e.kind, amount=e.amount)
    return None


register_effect(ExileSelfWithCounters, _exile_self_with_counters)


def _devour(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.82a: "As this object enters, you may sacrifice any number of creatures. This permanent enters
    with N +1/+1 counters on it for each creature sacrificed this way." Its controller chooses the
    creatures one at a time (true, then the creature; false when done); they are sacrificed together."""
    from ..errors import IllegalActionError
    from . import effects
    from .stack import choose
    p = o.controller
    chosen: list[int] = []
    while True:
        cands = [c.id for c in g.creatures(p) if c.id not in chosen and c.id != o.id]
        if not cands or not choose(g, p, "devour", [False, True],
                                   f"702.82a: {o.card.name}: sacrifice another creature to devour (true or false)"):
            break
        pick = choose(g, p, "devour_creature", cands, f"702.82a: {o.card.name}: choose a creature to sacrifice "
                                                      f"({', '.join(g.name_of(c) for c in cands)})")
        if pick not in cands:
            raise IllegalActionError(f"702.82a: {g.name_of(pick)} can't be sacrificed to devour")
        chosen.append(pick)
    for c in chosen:
        if c in g.s.objects and g.s.objects[c].zone == BATTLEFIELD:
            effects.sacrifice(g, c)
    if chosen:
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + int(ab.amount) * len(chosen)  # type: ignore[arg-type]
        g.log_event("devour", "702.82a", card=o.card.name, devoured=len(chosen))


def _install_devour() -> None:
    from . import stack
    stack.ETB_REPLACEMENTS["devour"] = _devour


_install_devour()


@dataclass(frozen=True, slots=True)
class SacrificeUnlessEscaped(V.Effect):
    """"When CARDNAME enters, sacrifice it unless it escaped" (702.138b: it escaped if the spell that became
    it was cast with escape)."""


def _sacrifice_unless_escaped(g: Game, ctx: Context, e: SacrificeUnlessEscaped) -> list | None:
    from . import effects
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    if o.previous_id is not None and any(x.kind == "escaped" and x.target == o.previous_id for x in g.s.effects):
        return None
    effects.sacrifice(g, o.id)
    return None


register_effect(SacrificeUnlessEscaped, _sacrifice_unless_escaped)


@dataclass(frozen=True, slots=True)
class CumulativeUpkeepLife(V.Effect):
    """702.24a with a life cost: "put an age counter on this permanent. Then you may pay N life for each
    age counter on it. If you don't, sacrifice it." (119.4: a player can pay life only up to their life
    total; 0 life can always be paid.)"""

    life: int


def _cumulative_upkeep_life(g: Game, ctx: Context, e: CumulativeUpkeepLife) -> list | None:
    from . import effects
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    o.counters["age"] = o.counters.get("age", 0) + 1
    g.invalidate()
    g.log_event("counters", "122.1", card=o.card.name, kind="age", amount=1)
    total = e.life * o.counters["age"]
    return [effects._choice("pay_life_or_sacrifice", ctx.controller, total,
                            f"{ctx.name}: cumulative upkeep: pay {total} life or sacrifice {o.card.name} "
                            f"(true to pay, false not to)", (o.id, total, ctx.name))]


def _life_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    _, total, _ = g.s.queue[0][5]
    if g.s.players[d.player].life < total:
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def _answer_life(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    from . import effects
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    oid, total, name = s.queue[0][5]
    if value and s.players[d.player].life < total:
        raise IllegalActionError(f"{s.players[d.player].name} can't pay {total} life (119.4)")
    s.pending = None
    s.queue.pop(0)
    if value:
        g.set_life(d.player, -total, "119.4", source=name)
        return
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        effects.sacrifice(g, oid)


register_effect(CumulativeUpkeepLife, _cumulative_upkeep_life)


def _install_life_choice() -> None:
    from . import effects
    effects.CHOICES["pay_life_or_sacrifice"] = (_life_actions, _answer_life)


_install_life_choice()


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
    from ..game import actions as A
    from .stack import can_play_land_now
    s = g.s
    if can_play_land_now(g, p) is not None:
        return []
    return [A.PlayLand(oid) for oid in s.players[p].graveyard if graveyard_land_permission(g, p, s.objects[oid])]


def _install_land_permission() -> None:
    from . import stack
    add_hook(stack.LAND_PERMISSIONS, graveyard_land_permission)


_install_land_permission()


@dataclass(frozen=True, slots=True)
class SacrificeUnlessDiscard(V.Effect):
    """702.30a with a discard cost ("Echo—Discard a card"): "sacrifice it unless you discard a card" (118.12a).
    The controller answers with the card to discard, or false to sacrifice it."""


def _sacrifice_unless_discard(g: Game, ctx: Context, e: SacrificeUnlessDiscard) -> list | None:
    from . import effects
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    return [effects._choice("discard_or_sacrifice", ctx.controller, o.id,
                            f"{ctx.name}: discard a card (name it) or false to sacrifice {o.card.name}", (o.id, ctx.name))]


def _discard_or_sacrifice_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(c) for c in g.s.players[d.player].hand] + [A.Choose(False)]


def _answer_discard_or_sacrifice(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    from . import effects
    s = g.s
    oid, name = s.queue[0][5]
    if value is not False and (isinstance(value, bool) or value not in s.players[d.player].hand):
        raise IllegalActionError(f"{d.prompt}: answer a card in your hand or false")
    s.pending = None
    s.queue.pop(0)
    if value is not False:
        effects.discard(g, d.player, value, rule="702.30a")
        return
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        effects.sacrifice(g, oid)


register_effect(SacrificeUnlessDiscard, _sacrifice_unless_discard)


def _install_echo_discard() -> None:
    from . import effects
    effects.CHOICES["discard_or_sacrifice"] = (_discard_or_sacrifice_actions, _answer_discard_or_sacrifice)


_install_echo_discard()


# --------------------------------------------------------------------------- 118.6: no mana cost

def _unpayable_from_hand(g: Game, p: int, o: Any) -> str | None:
    """118.6 / 202.1b: a card with no mana cost (Ancestral Vision, Lotus Bloom: cards with suspend) has an
    unpayable cost: it can't be cast from a hand by paying its mana cost. An alternative cost may be paid
    (118.6a: suspend's, foretell's, plot's ... cast from exile), so only casting from a hand without any
    alternative cost on the card is refused."""
    c = o.card
    if o.zone != "hand" or c.mana_cost.text or "Land" in c.types:
        return None
    if any(type(ab).__name__ == "AlternativeCost" for ab in c.abilities):
        return None  # other alternative costs: left to rules/casting.py
    return f"118.6: {c.name} has no mana cost, an unpayable cost: it can't be cast from a hand this way"


def _install_unpayable() -> None:
    from . import stack
    add_hook(stack.CAST_RESTRICTIONS, _unpayable_from_hand)


_install_unpayable()
