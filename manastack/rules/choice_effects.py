"""CR 608.2c-d: effects that ask as they resolve ("you may", "sacrifice a creature", "counter it unless
its controller pays", modes, "choose one of them"), and effects on every object that matches (701.8
"destroy all", "deals N damage to each creature"). Their choices are queued as ("choice", kind,
player, data, prompt, payload): the engine raises Decision(kind, player, data, prompt) and
registry.CHOICES[kind] lists the legal answers and carries out the one given. "[It] gains your choice of
flying, first strike, or trample until end of turn" (608.2d): one of its options, chosen as it resolves.
701.21a: "Sacrifice a creature other than CARDNAME. If you can't, ...": the rest happens only when the controller
controls no permanent to sacrifice ("another" / "other than CARDNAME": never the source itself).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.costs import requirements, solve_payment
from ..model.events import ControlChange, EffectCreated, PoisonCounters
from ..model.state import BATTLEFIELD, EXILE, HAND, STACK, ContinuousEffect, player_ref
from ..model.vocab.effects import (  # noqa: F401 (the vocabulary this module executes)
    DiscardPayment,
    EffectOfChoice,
    LifePayment,
    SacrificeOrElse,
    SacrificeUnless,
)
from . import counter_replacement
from . import mana_abilities as _mana_abilities_module
from . import mana_payment as _mana_payment_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
from . import effect_context, effects, intervening, trigger_events

# ============================================================================ effect templates
# Effects of the templates in cards/templates/effects_*.py. Choices they need while resolving are
# queued as ("choice", kind, player, data, prompt, payload): the engine raises Decision(kind, player,
# data, prompt) and CHOICES[kind] lists the legal answers and carries out the one given.


def _subsets(cards: tuple[int, ...], cap: int = 6) -> list[tuple[int, ...]]:
    if len(cards) > cap:
        return [(), cards] + [(c,) for c in cards]
    out: list[tuple[int, ...]] = [()]
    for c in cards:
        out = out + [x + (c,) for x in out]
    return out


def check_subset(g: Game, d: Any, value: Any) -> tuple[int, ...]:
    if value is None or value is False:
        value = ()
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,)
    if not isinstance(value, (tuple, list)) or len(set(value)) != len(value) or any(v not in d.data for v in value):
        raise IllegalActionError(f"{d.prompt}: choose among {', '.join(g.name_of(c) for c in d.data)}")
    return tuple(value)


def _exile(g: Game, ctx: effect_context.Context, e: V.Exile) -> list | None:
    """701.11a: from wherever it is (a permanent, or a card in a graveyard). "Exile CARDNAME" in a spell's
    text (Burning Wish) exiles the resolving spell itself: it is on the stack until it has finished resolving
    (608.2n), so it then goes to exile, not to the graveyard."""
    oid = target_anywhere(g, ctx, e.target)
    if oid is None and e.target == V.SELF and ctx.source is not None:
        o = g.s.objects.get(ctx.source)
        if o is not None and o.zone == STACK:
            oid = o.id
    if oid is not None:
        g.move(oid, EXILE, rule="701.11a")
    return None


def target_anywhere(g: Game, ctx: effect_context.Context, who: V.Who) -> int | None:
    """Like target_object, but a target may be a card in a graveyard (its legality was checked)."""
    if isinstance(who, V.Ref):
        if not ctx.legal[who.index]:
            return None
        oid = ctx.targets[who.index]
        return oid if oid >= 0 and oid in g.s.objects else None
    return effect_context.target_object(g, ctx, who)


def _tap_untap(g: Game, ctx: effect_context.Context, e: V.TapUntap) -> list | None:
    """701.21a."""
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    o = g.s.objects[oid]
    if e.untap and o.tapped:
        g.untap(o, "701.21a")
    elif not e.untap and not o.tapped:
        g.tap(o, "701.21a")
    return None


def _pump_all(g: Game, ctx: effect_context.Context, e: V.PumpAll) -> list | None:
    """611.2c: the set of affected objects is determined as the effect begins."""
    s = g.s
    for oid in _targeting_module.objects_matching(g, e.filter, ctx.controller, ctx.source):
        pump = ContinuousEffect("pump", oid, power=e.power, toughness=e.toughness, keywords=e.keywords,
                                timestamp=s.next_timestamp, until=e.until, controller=ctx.controller)
        s.next_timestamp += 1
        g.perform(EffectCreated("611.2c", pump, "pump", {"card": s.objects[oid].card.name, "power": e.power,
                                                        "toughness": e.toughness, "keywords": list(e.keywords)}))
    return None


def _counters_all(g: Game, ctx: effect_context.Context, e: V.AddCountersAll) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    if n <= 0:
        return None
    for oid in _targeting_module.objects_matching(g, e.filter, ctx.controller, ctx.source):
        counter_replacement.put_counters(g, g.s.objects[oid], e.kind, n, placer=ctx.controller)  # the door
    return None


def _damage_all(g: Game, ctx: effect_context.Context, e: V.DamageAll) -> list | None:
    """120.3: damage to each matching permanent and player, dealt at the same time."""
    n = effect_context.amount(g, ctx, e.amount)
    chars = ctx.source_lki[1] if ctx.source_lki else None
    recipients: list[int] = []
    if e.filter is not None:
        recipients.extend(_targeting_module.objects_matching(g, e.filter, ctx.controller, ctx.source))
    if e.players is not None:
        recipients.extend(player_ref(p) for p in effect_context.resolve_who(g, ctx, e.players))
    with effects.simultaneous_damage(g):
        for r in recipients:
            effects.deal_damage(g, ctx.name, chars, ctx.controller, r, n, "120.3", source_id=ctx.source)
    return None


def _destroy_all(g: Game, ctx: effect_context.Context, e: V.DestroyAll) -> list | None:
    for oid in _targeting_module.objects_matching(g, e.filter, ctx.controller, ctx.source):
        if oid in g.s.objects and g.s.objects[oid].zone == BATTLEFIELD:
            effects.destroy(g, oid, "701.7a")
    return None


def _sacrifice(g: Game, ctx: effect_context.Context, e: V.Sacrifice) -> list | None:
    """701.17a: a player sacrifices permanents they control, of their choice (APNAP, 101.4)."""
    if e.target is not None:
        oid = effect_context.target_object(g, ctx, e.target)
        if oid is not None:
            effects.sacrifice(g, oid)
        return None
    needs = []
    players = effect_context.resolve_who(g, ctx, e.who)
    players.sort(key=lambda p: p != g.s.active)
    for p in players:
        needs.append(effect_context.queue_choice("sacrifice", p, None, "",
                                                  (e.filter, e.amount, ctx.controller, ctx.name, ctx.source)))
    return needs or None


def _sacrifice_or_else(g: Game, ctx: effect_context.Context, e: SacrificeOrElse) -> list | None:
    """701.21a: "If you can't": the controller controls no permanent the sacrifice could take as it resolves."""
    if _sacrifice_cands(g, ctx.controller, e.filter, ctx.controller, ctx.source):
        return _sacrifice(g, ctx, V.Sacrifice(V.YOU, e.filter, 1))
    g.log_event("cant_sacrifice", "701.21a", player=g.s.players[ctx.controller].name, source=ctx.name)
    return [("resume_effects", ctx, e.otherwise, 0, None)]


def _sacrifice_cands(g: Game, p: int, flt: V.ObjectFilter, controller: int, source: int | None = None) -> tuple[int, ...]:
    # The filter's "you" is the ability's controller ("another": not its source); the sacrificing player's own
    # permanents only.
    return tuple(o.id for o in g.permanents(p) if _targeting_module.matches_filter(g, flt, o, controller, source))


def _pick_one_of_several(g: Game, d: Any, value: Any, act) -> None:
    """Answer one pick of a "choose N" queue item (its data: filter, picks left, controller, name):
    check it, carry it out with `act`, then ask again or finish."""
    s = g.s
    item = s.queue[0]
    flt, left, controller, name, source = item[5]
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    s.pending = None
    act(value)
    if left > 1:
        s.queue[0] = item[:5] + ((flt, left - 1, controller, name, source),)
    else:
        s.queue.pop(0)


def _answer_sacrifice(g: Game, d: Any, value: Any) -> None:
    _pick_one_of_several(g, d, value, lambda oid: _sacrifice_chosen(g, oid))


def _sacrifice_chosen(g: Game, oid: int) -> None:
    """Sacrifice the chosen permanent, and tell the rest of the effect which it was (608.2h: "you gain life
    equal to that creature's toughness"): the effect resumes after the choices queued before it."""
    effects.sacrifice(g, oid)
    queue = g.s.queue
    for i, it in enumerate(queue):
        if it[0] == "resume_effects":
            ctx = it[1]
            queue[i] = ("resume_effects", dataclasses.replace(ctx, sacrificed_now=(*ctx.sacrificed_now, oid)), *it[2:])
            break


def _optional(g: Game, ctx: effect_context.Context, e: V.Optional) -> list | None:
    p = ctx.controller
    if e.who is not None:  # "its controller may ..." (608.2d: that player chooses)
        players = effect_context.resolve_who(g, ctx, e.who)
        if not players:
            return None
        p = players[0]
    return [effect_context.queue_choice("may", p, e.prompt, f"{ctx.name}: you may {e.prompt} (true or false)", (ctx, e))]


def may_actions(g: Game, d: Any) -> list:
    item = g.s.queue[0] if g.s.queue and g.s.queue[0][0] == "choice" else None
    if item is not None and item[1] == "may":
        _, e = item[5]
        if e.effects and isinstance(e.effects[0], V.PayMana) and not can_pay_mana(g, d.player, e.effects[0].cost):
            return [A.Choose(False)]
        for x in e.effects:
            # "You may sacrifice an artifact. If you do, ...": impossible without one to sacrifice.
            if isinstance(x, V.Sacrifice) and x.target is None and x.who == V.YOU and len(
                    _sacrifice_cands(g, d.player, x.filter, d.player)) < x.amount:
                return [A.Choose(False)]
        if any(impossible(g, d.player, e.effects) for impossible in registry.MAY_IMPOSSIBLE):
            return [A.Choose(False)]  # "You may pay {E}{E}" without two energy counters (rules/keyword_actions.py)
    if item is not None and item[1] == "pay_or_counter" and not can_pay_mana(g, d.player, item[5][1]):
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def can_pay_mana(g: Game, p: int, cost: Any) -> bool:
    if isinstance(cost, LifePayment):
        return g.s.players[p].life >= cost.amount  # 119.4
    if isinstance(cost, DiscardPayment):
        return len(g.s.players[p].hand) >= cost.amount  # 701.8a: the cards to discard are in the hand
    # 106.6: restricted mana pays only for what its restriction allows (a payment while resolving: little).
    return solve_payment(requirements(cost), _mana_abilities_module.usable_pool(g, p, None), _mana_payment_module.mana_sources(g, p), g.s.players[p].life) is not None


def pay_mana_now(g: Game, p: int, cost: Any, what: str) -> bool:
    """Pay a mana cost while resolving (the engine activates mana abilities, 605.3a); False if it can't."""
    if not can_pay_mana(g, p, cost):
        return False
    if isinstance(cost, LifePayment):
        g.set_life(p, -cost.amount, "119.4", source=what)
        return True
    if isinstance(cost, DiscardPayment):
        # 701.8a: the paying player chooses the cards as they pay ("Ward—Discard a card")
        hand = g.s.players[p].hand
        chosen: list[int] = []
        for _ in range(cost.amount):
            cands = [c for c in hand if c not in chosen]
            pick = g.choose(p, "discard", cands, f"{what}: the card to discard ({', '.join(g.name_of(c) for c in cands)})")
            if pick not in cands:
                raise IllegalActionError(f"{what}: discard a card from your hand, not {g.name_of(pick)}")
            chosen.append(pick)
        for c in chosen:
            effects.discard(g, p, c, rule="701.8a")
        return True
    try:
        _mana_payment_module.pay_mana(g, p, requirements(cost), None, what)
    except IllegalActionError:
        return False
    return True


def _pay(g: Game, ctx: effect_context.Context, e: V.PayMana) -> list | None:
    pay_mana_now(g, ctx.controller, e.cost, ctx.name)
    return None


def _counter_unless(g: Game, ctx: effect_context.Context, e: V.CounterUnlessPays) -> list | None:
    if not ctx.legal[e.target.index]:
        return None
    oid = ctx.targets[e.target.index]
    it = next((it for it in g.s.stack if it.kind == "spell" and it.obj == oid), None)
    if it is None:
        return None
    q = it.controller
    return [effect_context.queue_choice("pay_or_counter", q, e.cost.text, f"{ctx.name}: pay {e.cost.text} or {it.name} is countered "
                                                      f"(true to pay, false not to)", (oid, e.cost, ctx.name))]


def counter_unless_pays(g: Game, ctx: effect_context.Context, ref: int | None, cost: Any) -> list | None:
    """701.5a / 702.21a: counter the spell or ability on the stack `ref` (a spell's object id or an
    ability's stack id) unless its controller pays `cost` (ward). Nothing if it has left the stack."""
    it = next((it for it in g.s.stack if ref is not None and (it.obj == ref if it.kind == "spell" else
                                                              it.id == ref)), None)
    if it is None:
        return None
    return [effect_context.queue_choice("pay_or_counter", it.controller, cost.text,
                    f"{ctx.name}: pay {cost.text} or {it.name} is countered (true to pay, false not to)",
                    (ref, cost, ctx.name))]


def pay_or_counter_actions(g: Game, d: Any) -> list:
    """The answers to a "pay or it's countered" choice (its data: object, cost, ...): paying only if it can."""
    cost = g.s.queue[0][5][1]
    if not can_pay_mana(g, d.player, cost):
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def answer_pay_or_counter(g: Game, d: Any, value: Any, rules: str = "601.2h") -> tuple | None:
    """701.5a: check and carry out the answer to a "pay or it's countered" choice (its data: object, cost,
    name, ...): the cost is paid, and None returned; or it is declined (or can't be paid after all), and the
    choice's data is returned for the caller to counter the spell its way."""
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    data = s.queue[0][5]
    cost, name = data[1], data[2]
    if value and not can_pay_mana(g, d.player, cost):
        raise IllegalActionError(f"{s.players[d.player].name} can't pay {cost.text} ({rules})")
    s.pending = None
    s.queue.pop(0)
    if value and pay_mana_now(g, d.player, cost, name):
        g.log_event("paid", "701.5a", player=s.players[d.player].name, cost=cost.text, source=name)
        return None
    return data


def _answer_pay_or_counter(g: Game, d: Any, value: Any) -> None:
    data = answer_pay_or_counter(g, d, value)
    if data is not None:
        oid, _, name = data
        counter_on_stack(g, oid, name)


def counter_on_stack(g: Game, oid: int, name: str) -> None:
    """701.5a: counter the spell (its object id `oid`) or the ability (its stack id) if it is still on the
    stack and can be countered: it is removed from the stack, a spell's card put where it goes."""
    s = g.s
    if any(it.kind == "spell" and it.obj == oid for it in s.stack) and not effects.can_be_countered(g, oid, name):
        return
    for i, it in enumerate(s.stack):
        if it.kind == "spell" and it.obj == oid:
            del s.stack[i]
            g.log_event("counter", "701.5a", card=it.name, by=name)
            g.move(oid, effects.spell_destination(it), rule="701.5a")
            break
        if it.kind != "spell" and it.id == oid:
            del s.stack[i]  # 701.5a: a countered ability is removed from the stack (ward, 702.21a)
            g.log_event("counter", "701.5a", card=it.name, by=name)
            break


def _answer_may(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    ctx, e = s.queue[0][5]
    if value and only_false_may(g, d):
        raise IllegalActionError(f"{d.prompt}: it can't be done (answer false)")
    if value and e.effects and isinstance(e.effects[0], V.PayMana) and getattr(e.effects[0].cost, "x_count", 0):
        # 107.3 / 601.2b: "you may pay {X}": the player chooses X now, among the values they can pay
        s.pending = None
        g.log_event("may", "608.2d", player=s.players[d.player].name, source=ctx.name, choice=True, text=e.prompt)
        cost = e.effects[0].cost
        s.queue[0] = effect_context.queue_choice("pay_x", d.player, _payable_x(g, d.player, cost),
                                                 f"{ctx.name}: choose X and pay {cost.text} (107.3)", (ctx, e))
        return
    if value and e.effects and isinstance(e.effects[0], V.PayMana):
        if not pay_mana_now(g, d.player, e.effects[0].cost, ctx.name):
            raise IllegalActionError(f"{s.players[d.player].name} can't pay {e.effects[0].cost.text} (601.2h)")
        e = dataclasses.replace(e, effects=e.effects[1:])  # paid: the rest of the optional part follows
    s.pending = None
    new_ctx = dataclasses.replace(ctx, did=value)
    g.log_event("may", "608.2d", player=s.players[d.player].name, source=ctx.name, choice=value, text=e.prompt)
    # The rest of the resolution learns the answer ("if you do").
    for i, it in enumerate(s.queue[1:], 1):
        if it[0] == "resume_effects" and it[1] is ctx:
            s.queue[i] = ("resume_effects", new_ctx, *it[2:])
            break
    if value:
        s.queue[0] = ("resume_effects", new_ctx, e.effects, 0, None)
    else:
        s.queue.pop(0)


_MAX_X = 99  # an X no game reaches: the search for the largest payable X stops there


def _payable_x(g: Game, p: int, cost: Any) -> tuple[int, ...]:
    """The values of X `p` can pay `cost` with now, largest first (0 always, 107.3: X may be 0)."""
    pool = _mana_abilities_module.usable_pool(g, p, None)
    sources = _mana_payment_module.mana_sources(g, p)
    out = [0]
    for x in range(1, _MAX_X + 1):
        if solve_payment(requirements(cost, x), pool, sources, g.s.players[p].life) is None:
            break
        out.append(x)
    return tuple(reversed(out))


def _pay_x_actions(g: Game, d: Any) -> list:
    return [A.Choose(x) for x in d.data]


def _answer_pay_x(g: Game, d: Any, value: Any) -> None:
    """The X chosen for "you may pay {X}. If you do, create X ...": paid now (605.3a: mana abilities may be
    activated), then the rest of the resolution uses that X (107.3, 608.2h) and knows the payment was made."""
    if isinstance(value, bool) or value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose X, one of {', '.join(map(str, d.data))}")
    s = g.s
    ctx, e = s.queue[0][5]
    cost = e.effects[0].cost
    s.pending = None
    if value:
        _mana_payment_module.pay_mana(g, d.player, requirements(cost, value), None, ctx.name)
    g.log_event("pay_x", "107.3", player=s.players[d.player].name, source=ctx.name, x=value, cost=cost.text)
    new_ctx = dataclasses.replace(ctx, did=True, x=value)
    for i, it in enumerate(s.queue[1:], 1):
        if it[0] == "resume_effects" and it[1] is ctx:
            s.queue[i] = ("resume_effects", new_ctx, *it[2:])
            break
    s.queue[0] = ("resume_effects", new_ctx, e.effects[1:], 0, None)


def _if_you_do(g: Game, ctx: effect_context.Context, e: V.IfYouDo) -> list | None:
    if bool(ctx.did) != e.negate:
        return [("resume_effects", ctx, e.effects, 0, None)]
    return None


def _token_card(g: Game, ctx: effect_context.Context, e: V.CreateTokenCard) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    card = e.card
    if e.size is not None:  # 111.4: "an X/X ... token", X as the effect resolves
        size = effect_context.amount(g, ctx, e.size)
        card = dataclasses.replace(card, power=size, toughness=size)
    if e.counts_creator:
        card = _bound_to_creator(card, ctx.source)
    for p in effect_context.resolve_who(g, ctx, e.who):
        for _ in range(n):
            if e.investigate:
                trigger_events.investigated(g, p)  # 701.36a: each Clue is one investigation
            effects.create_token(g, card, p, tapped=e.tapped)
    return None


def _bound_to_creator(card: V.CardDef, source: int | None) -> V.CardDef:
    """111.4 / 604.3: the token's "equal to the number of [kind] counters on [its creator]" names the object
    creating it: its id is written into the ability's "creator_counters" terms."""
    def bind(ab: Any) -> Any:
        amount = getattr(ab, "cda_amount", None)
        if amount is None:
            return ab
        terms = tuple(dataclasses.replace(t, obj=source) if t.kind == "creator_counters" else t for t in amount.terms)
        return dataclasses.replace(ab, cda_amount=dataclasses.replace(amount, terms=terms))
    return dataclasses.replace(card, abilities=tuple(bind(ab) for ab in card.abilities))


def _destroy_tokens_created_by(g: Game, ctx: effect_context.Context, e: V.DestroyTokensCreatedBy) -> list | None:
    """Destroy the tokens whose ability names the source as their creator (its id as they were created; a
    leaves-the-battlefield trigger's source is that id, 603.10a)."""
    if ctx.source is None:
        return None
    for oid in list(g.s.battlefield):
        o = g.s.objects[oid]
        if o.card.is_token and _created_by(o.card, ctx.source):
            effects.destroy(g, oid, "701.7a", can_regenerate=e.can_regenerate)
    return None


def _created_by(card: V.CardDef, source: int) -> bool:
    for ab in card.abilities:
        amount = getattr(ab, "cda_amount", None)
        if amount is not None and any(t.kind == "creator_counters" and t.obj == source for t in amount.terms):
            return True
    return False


registry.register_effect(V.DestroyTokensCreatedBy, _destroy_tokens_created_by)


def mode_layout(modal: V.Modal, chosen: tuple[int, ...]) -> tuple[tuple[V.TargetSpec, ...], tuple[V.Effect, ...]]:
    """700.2: the targets of the chosen modes (in the order chosen) and their effects in printed order,
    with each mode's target references shifted to its place among the targets."""
    offsets: dict[int, int] = {}
    specs: list[V.TargetSpec] = []
    for m in chosen:
        offsets[m] = len(specs)
        # 115.1: "target card from their graveyard" names its mode's own player target, shifted with it
        specs.extend(dataclasses.replace(t, controlled_by=t.controlled_by + offsets[m]) if t.controlled_by >= 0 else t
                     for t in modal.modes[m - 1].targets)
    effs: list[V.Effect] = []
    for m in sorted(chosen):
        mode = modal.modes[m - 1]
        effs.extend(shift_refs(x, offsets[m]) for x in mode.effects)
    return tuple(specs), tuple(effs)


def shift_refs(x: Any, k: int) -> Any:
    if k == 0:
        return x
    if isinstance(x, V.Ref):
        return V.Ref(x.index + k)
    if isinstance(x, tuple):
        return tuple(shift_refs(y, k) for y in x)
    if isinstance(x, V.Effect):
        changes = {}
        for f in dataclasses.fields(x):
            v = getattr(x, f.name)
            nv = shift_refs(v, k)
            if nv is not v:
                changes[f.name] = nv
        return dataclasses.replace(x, **changes) if changes else x
    return x


def check_modes(name: str, modal: V.Modal, modes: tuple[int, ...]) -> None:
    """700.2a / 700.2d: the number of modes the text allows, each existing and chosen at most once."""
    n = len(modal.modes)
    if not modal.min <= len(modes) <= modal.max:
        want = str(modal.min) if modal.min == modal.max else f"{modal.min} to {modal.max}"
        raise IllegalActionError(f"{name}: choose {want} mode(s) of {n} (700.2a), got {list(modes) or 'none'}")
    if any(not isinstance(m, int) or not 1 <= m <= n for m in modes):
        raise IllegalActionError(f"{name}: modes are numbered 1 to {n} (700.2), got {list(modes)}")
    if len(set(modes)) != len(modes):
        raise IllegalActionError(f"{name}: the same mode can't be chosen more than once (700.2d)")


def modal_of(effects: tuple[V.Effect, ...]) -> V.Modal | None:
    for e in effects:
        if isinstance(e, V.Modal):
            return e
    return None


def _modal(g: Game, ctx: effect_context.Context, e: V.Modal) -> list | None:
    _, effs = mode_layout(e, ctx.modes)
    g.log_event("modes", "700.2", source=ctx.name, modes=list(ctx.modes))
    return [("resume_effects", ctx, effs, 0, None)] if effs else None


registry.EFFECT_HANDLERS.update({
    V.Exile: _exile, V.TapUntap: _tap_untap,
    V.PumpAll: _pump_all, V.AddCountersAll: _counters_all, V.DamageAll: _damage_all, V.DestroyAll: _destroy_all,
    V.Sacrifice: _sacrifice, V.Optional: _optional, V.IfYouDo: _if_you_do,
    V.CreateTokenCard: _token_card, V.Modal: _modal,
})


def object_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data]


def subset_actions(g: Game, d: Any) -> list:
    return [A.Choose(x) for x in _subsets(d.data)]


def prepare_choice(g: Game, item: tuple) -> tuple[Any, str] | None:
    """The Decision data and prompt of a queued choice, computed as it is asked (the candidates of a
    search or a sacrifice are those there now); None when there is nothing to choose."""
    kind, p, data, prompt, payload = item[1], item[2], item[3], item[4], item[5]
    s = g.s
    if kind == "search":
        e, found = payload[0], payload[2] if len(payload) > 2 else ()
        cands = tuple(c for c in search_candidates(g, p, e.filter) if c not in found)  # found, still in the library
        what = "a card" if e.to == "hand" else "a card to put onto the battlefield"
        return cands, f"701.19: search your library for {what} ({', '.join(g.name_of(c) for c in cands) or 'none'}) " \
                      f"or false to find nothing"
    if kind == "return":
        flt, left, controller, name, source = payload
        cands = _sacrifice_cands(g, p, flt, controller, source)
        if not cands:
            return None
        if len(cands) <= left and not (len(cands) == 1 and left == 1):
            for oid in cands:
                g.move(oid, HAND, rule="608.2c")
            return None
        return cands, f"{name}: choose a permanent to return to its owner's hand ({', '.join(g.name_of(c) for c in cands)})"
    if kind == "sacrifice":
        flt, left, controller, name, source = payload
        cands = _sacrifice_cands(g, p, flt, controller, source)
        if not cands:
            return None
        if len(cands) <= left and not (len(cands) == 1 and left == 1):  # a single option is still a choice
            for oid in cands:
                effects.sacrifice(g, oid)
            return None
        return cands, f"701.17a: {name}: choose a permanent to sacrifice ({', '.join(g.name_of(c) for c in cands)})"
    if kind in ("scry", "surveil"):
        data = tuple(c for c in data if c in s.players[p].library)
        if not data:
            return None
    return data, prompt


CHOICES = registry.CHOICES  # (engine/registry.py)
CHOICES.update({
    "sacrifice": (object_actions, _answer_sacrifice),
    "may": (may_actions, _answer_may),
    "pay_x": (_pay_x_actions, _answer_pay_x),
    "pay_or_counter": (may_actions, _answer_pay_or_counter),
})
registry.EFFECT_HANDLERS.update({V.PayMana: _pay, V.CounterUnlessPays: _counter_unless})


# ---------------------------------------------------------------------------- regeneration (701.15)


# ---------------------------------------------------------------------------- prevention (615)


# ---------------------------------------------------------------------------- delayed triggers (603.7)

def _delayed(g: Game, ctx: effect_context.Context, e: V.DelayedTrigger) -> list | None:
    """603.7a: a delayed triggered ability is created as the spell or ability resolves; it triggers
    once, the next time its event happens (603.7c)."""
    ab = V.TriggeredAbility(e.text or ctx.name, "delayed", e.effects)
    effect_context.create_delayed_trigger(g, e.event, ab, ctx.name, ctx.source, ctx.controller)
    return None


registry.EFFECT_HANDLERS[V.DelayedTrigger] = _delayed


# ---------------------------------------------------------------------------- looking at the top cards


def _gain_control(g: Game, ctx: effect_context.Context, e: V.GainControl) -> list | None:
    """613.1b (layer 2): the controller changes; until end of turn it changes back in cleanup (514.2).
    A permanent that changes controller can't attack or {T} this turn unless it has haste (302.6)."""
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    s = g.s
    o = s.objects[oid]
    if o.controller == ctx.controller:
        return None
    if e.until_eot:
        # 611.2a: it lasts until end of turn (514.2: end_control_effects gives the permanent back); recorded
        # first, the control change below forgets the cached characteristics
        g.perform(EffectCreated("611.2a", ContinuousEffect("control", oid, timestamp=s.next_timestamp,
                                                           controller=ctx.controller, data=o.controller)))
        s.next_timestamp += 1
    g.perform(ControlChange("613.1b", oid, ctx.controller))  # 302.6, 506.4 (the door)
    return None


def _exchange_control(g: Game, ctx: effect_context.Context, e: V.ExchangeControl) -> list | None:
    """701.12a-b: both permanents change controllers at once (613.1b, lasting), or neither does."""
    a, b = effect_context.target_object(g, ctx, e.first), effect_context.target_object(g, ctx, e.second)
    s = g.s
    if a is None or b is None or a == b:
        return None  # 701.12b: one of them can't be exchanged
    oa, ob = s.objects[a], s.objects[b]
    if oa.zone != BATTLEFIELD or ob.zone != BATTLEFIELD or oa.controller == ob.controller:
        return None  # 701.12b
    ca, cb = oa.controller, ob.controller
    g.perform(ControlChange("701.12a", a, cb))  # 302.6, 506.4 (the door)
    g.perform(ControlChange("701.12a", b, ca))
    return None


def _most_life_gains_control(g: Game, ctx: effect_context.Context, e: V.MostLifeGainsControl) -> list | None:
    """"The player with the most life gains control of CARDNAME" (613.1b, lasting; a tie: no one, 608.2c)."""
    oid = effect_context.target_object(g, ctx, e.target)
    p = intervening.most_life_player(g)
    if oid is None or p is None or g.s.objects[oid].controller == p:
        return None
    g.perform(ControlChange("613.1b", oid, p))  # 302.6, 506.4 (the door)
    return None


def end_control_effects(g: Game) -> None:
    """514.2: "until end of turn" control effects end: the permanent returns to its previous controller."""
    s = g.s
    for e in s.effects:
        if e.kind == "control" and e.until == "eot":
            o = s.objects.get(e.target)
            if o is not None and o.zone == BATTLEFIELD and o.controller != e.data:
                g.perform(ControlChange("514.2", o.id, e.data))


registry.EFFECT_HANDLERS[V.GainControl] = _gain_control
registry.EFFECT_HANDLERS[V.MostLifeGainsControl] = _most_life_gains_control
registry.EFFECT_HANDLERS[V.ExchangeControl] = _exchange_control


# ---------------------------------------------------------------------------- proliferate, coins, ...

def _proliferate(g: Game, ctx: effect_context.Context, e: V.Proliferate) -> list | None:
    """701.27a."""
    s = g.s
    cands = tuple(oid for oid in s.battlefield if s.objects[oid].counters) + tuple(
        player_ref(p) for p in (0, 1) if s.players[p].poison)
    if not cands:
        return None
    return [effect_context.queue_choice("proliferate", ctx.controller, cands,
                    f"701.27a: proliferate: choose any number of {', '.join(g.name_of(c) for c in cands)}")]


def _answer_proliferate(g: Game, d: Any, value: Any) -> None:
    chosen = check_subset(g, d, value)
    s = g.s
    s.pending = None
    s.queue.pop(0)
    for c in chosen:
        if c < 0:
            g.perform(PoisonCounters("701.27a", -1 - c, 1, "proliferate"))  # 122.1f
            continue
        o = s.objects[c]
        for k in list(o.counters):
            counter_replacement.put_counters(g, o, k, 1, "701.27a", placer=d.player)


def _return_chosen(g: Game, ctx: effect_context.Context, e: V.ReturnChosen) -> list | None:
    return [effect_context.queue_choice("return", ctx.controller, None, "",
                                        (e.filter, e.amount, ctx.controller, ctx.name, ctx.source))]


def _answer_return(g: Game, d: Any, value: Any) -> None:
    _pick_one_of_several(g, d, value, lambda oid: g.move(oid, HAND, rule="608.2c"))


def _exile_graveyard(g: Game, ctx: effect_context.Context, e: V.ExileGraveyard) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        for oid in list(g.s.players[p].graveyard):
            g.move(oid, EXILE, rule="701.11a")
    return None


def _if_flip(g: Game, ctx: effect_context.Context, e: V.IfFlip) -> list | None:
    if ctx.flip is not None and ctx.flip == e.won:
        return [("resume_effects", ctx, e.effects, 0, None)]
    return None


def _effect_of_choice(g: Game, ctx: effect_context.Context, e: EffectOfChoice) -> list | None:
    """608.2d: the choice is made as the ability resolves, only if the object it affects is still there."""
    if effect_context.target_object(g, ctx, e.target) is None:
        return None
    words = tuple(word for word, _ in e.options)
    return [effect_context.queue_choice("effect_of_choice", ctx.controller, words,
                                        f"{ctx.name}: choose {', '.join(words[:-1])} or {words[-1]}", (ctx, e))]


def _effect_of_choice_actions(g: Game, d: Any) -> list:
    return [A.Choose(word) for word in d.data]


def _answer_effect_of_choice(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, str) or value not in d.data:
        raise IllegalActionError(f"{d.prompt}: answer one of {', '.join(d.data)}")
    s = g.s
    ctx, e = s.queue[0][5]
    s.pending = None
    g.log_event("choose_option", "608.2d", player=s.players[d.player].name, choice=value, source=ctx.name)
    chosen = next(effect for word, effect in e.options if word == value)
    s.queue[0] = ("resume_effects", ctx, (chosen,), 0, None)


CHOICES["effect_of_choice"] = (_effect_of_choice_actions, _answer_effect_of_choice)
registry.register_effect(EffectOfChoice, _effect_of_choice)
registry.register_effect(SacrificeOrElse, _sacrifice_or_else)
CHOICES["proliferate"] = (subset_actions, _answer_proliferate)
CHOICES["return"] = (object_actions, _answer_return)
registry.EFFECT_HANDLERS.update({V.Proliferate: _proliferate, V.ReturnChosen: _return_chosen, V.ExileGraveyard: _exile_graveyard,
                  V.IfFlip: _if_flip, V.FlipCoin: lambda g, ctx, e: None})


def only_false_may(g: Game, d: Any) -> bool:
    """Whether the only legal answer to a "you may" is false (the optional action can't be done)."""
    acts = may_actions(g, d)
    return len(acts) == 1


def search_candidates(g: Game, p: int, flt: V.ObjectFilter) -> tuple[int, ...]:
    s = g.s
    return tuple(oid for oid in s.players[p].library if _targeting_module.matches_filter(g, flt, s.objects[oid], p))
