"""CR 608.2c-n, 701, 120: carrying out the effects of resolving spells and abilities.

- 120.3: damage to a player causes life loss; to a creature it is marked; deathtouch (702.2b)
  and lifelink (702.15b) apply wherever the source is; protection prevents damage (702.16e).
- 121: drawing; 701.8: discard (the discarding player chooses); 701.5: counter; 701.7: destroy.
- 611.2: "until end of turn" effects (ended in cleanup, 514.2).
- 104.2b: "you win the game"; 107.1b: "the number of cards in your hand minus 4" is at least 0.
- 608.2b: parts of an effect that refer to an illegal target do nothing.
Handlers of effects of one topic live in that topic's module and register with `register_effect`:
rules/regeneration.py (701.15), prevention.py (615), library_effects.py (scry, surveil, mill, search,
401.4 dig and put),
keyword_actions.py (701.40 explore ...), hand_effects.py (choosing from a revealed hand), and the
modules of the templates; manastack/assembly.py imports them all.
- 104.3e: "that player loses the game" (LoseGame): with two players the other one wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, StackItem
from . import effect_context, targeting

if TYPE_CHECKING:
    from ..engine.game import Game

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..cards.db import token_def
from ..model.events import CountersRemoved, Damage, Discard, EffectCreated, PoisonCounters, TokenCreated
from ..model.state import HAND, STACK, ContinuousEffect, player_ref
from ..model.vocab.effects import (  # noqa: F401 (the vocabulary this module executes)
    CardsInHand,
    LifePayment,
    LoseGame,
    SacrificeUnless,
    TokenThen,
    WinGame,
)
from ..model.vocab.referred_objects import CreateTokenCopy
from ..model.vocab.statics import OnAttached
from ..model.vocab.triggers import ReflexiveTrigger
from ..model.vocab.x_amounts import PumpAllX, PumpX
from . import counter_replacement
from . import trigger_events as _trigger_events_module

if TYPE_CHECKING:
    from ..engine.game import Game


def sacrificed_for_cost(choices: tuple) -> tuple[int, ...]:
    """The ids recorded as ("sacrificed", ids) among a stack object's choices (601.2h, 602.2b)."""
    for c in choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == "sacrificed":
            return c[1]
    return ()


MAY_IMPOSSIBLE = registry.MAY_IMPOSSIBLE  # (engine/registry.py)


def run(g: Game, ctx: effect_context.Context, effects: tuple[V.Effect, ...], finish: tuple | None, start: int = 0) -> None:
    """Run `effects[start:]`; an effect that needs a player's choice queues it and the rest."""
    s = g.s
    for i in range(start, len(effects)):
        eff = effects[i]
        if type(eff) is V.LookAtTop:
            # The following effects refer to the cards looked at ("put one of them into your hand").
            p = ctx.controller
            ctx = dataclasses.replace(ctx, looked=tuple(s.players[p].library[:effect_context.amount(g, ctx, eff.amount)]))
            if eff.reveal:
                g.log_event("reveal", "701.16a", player=s.players[p].name, cards=[g.name_of(c) for c in ctx.looked],
                            source=ctx.name)
            else:
                g.log_event("look", "701.16", player=s.players[p].name, amount=len(ctx.looked), source=ctx.name)
            continue
        if type(eff) is V.RevealHand:
            players = effect_context.resolve_who(g, ctx, eff.who)
            ctx = dataclasses.replace(ctx, hand_of=players[0] if players else None, chosen=None)
            if players:
                pl = s.players[players[0]]
                g.log_event("reveal_hand", "701.16a", player=pl.name, cards=[g.name_of(c) for c in pl.hand])
            continue
        if type(eff) is V.FlipCoin:
            won = s.rng.random() < 0.5  # 705.1: equal likelihood; the game's seeded RNG
            ctx = dataclasses.replace(ctx, flip=won)
            g.log_event("flip_coin", "705.1", player=s.players[ctx.controller].name, won=won, source=ctx.name)
            continue
        if type(eff) is V.TapUntap and i + 1 < len(effects) and type(effects[i + 1]) is V.IfYouDo:
            # "Tap CARDNAME. If you do, ...": done only if it was tapped (untapped) by this (608.2c, 701.21a)
            oid = effect_context.target_object(g, ctx, eff.target)
            was = s.objects[oid].tapped if oid is not None else None
            _HANDLERS[V.TapUntap](g, ctx, eff)
            ctx = dataclasses.replace(ctx, did=oid is not None and was is not None and s.objects[oid].tapped != was)
            continue
        if type(eff) is V.Sacrifice and eff.target is not None and i + 1 < len(effects) \
                and type(effects[i + 1]) in (V.IfYouDo, ReflexiveTrigger):
            # "Sacrifice CARDNAME. If you do, ...": done only if it was sacrificed (608.2c); "Sacrifice it.
            # When you do, ...": the reflexive ability triggers only if it was (603.12).
            oid = effect_context.target_object(g, ctx, eff.target)
            if oid is not None:
                sacrifice(g, oid)
            ctx = dataclasses.replace(ctx, did=oid is not None)
            continue
        if i + 1 < len(effects) and type(effects[i + 1]) is V.CantBeRegenerated:
            needs = destroy_without_regeneration(g, ctx, eff)  # 701.15c: "It can't be regenerated" qualifies it
        elif type(eff) in (V.CreateToken, V.CreateTokenCard, CreateTokenCopy):
            # "Create three 1/1 Human tokens. Sacrifice those tokens at ...": the later parts know them (111.1)
            before = set(s.battlefield)
            needs = _HANDLERS[type(eff)](g, ctx, eff)
            ctx = dataclasses.replace(ctx, created=tuple(oid for oid in s.battlefield if oid not in before
                                                         and s.objects[oid].card.is_token))
        else:
            needs = _HANDLERS[type(eff)](g, ctx, eff)
        if needs:
            # A choice is needed (e.g. which cards to discard): continue after it is made.
            s.queue[0:0] = [*needs, ("resume_effects", ctx, effects, i + 1, finish)]
            return
    if finish is not None:
        finish_resolution(g, finish)


RESOLVED_SPELL_HOOKS = registry.RESOLVED_SPELL_HOOKS  # (engine/registry.py)


def finish_resolution(g: Game, finish: tuple) -> None:
    kind, oid = finish
    stack = g.s.stack
    item = None
    for i in range(len(stack) - 1, -1, -1):
        if stack[i].kind == "spell" and stack[i].obj == oid:
            item = stack[i]
            del stack[i]  # 608.2n: the resolved spell leaves the stack
            break
    if kind == "spell_to_graveyard" and item is not None and oid in g.s.objects and g.s.objects[oid].zone == STACK \
            and any(hook(g, item) for hook in RESOLVED_SPELL_HOOKS):
        return  # 702.27a buyback, 702.88a rebound: it goes elsewhere as it resolves (rules/casting.py)
    if kind == "spell_to_graveyard" and oid in g.s.objects and g.s.objects[oid].zone == STACK:
        g.move(oid, GRAVEYARD, rule="608.2n")
    elif kind == "spell_to_exile" and oid in g.s.objects and g.s.objects[oid].zone == STACK:
        g.move(oid, EXILE, rule="702.34a")  # cast with flashback


def deal_damage(g: Game, source_name: str, source_chars: Any, source_controller: int, target: int, n: int,
                rule: str, combat: bool = False, source_id: int | None = None) -> int:
    """120.3: deal `n` damage from a source (given by its characteristics, or last known ones) to `target`
    (a permanent, or a player ref < 0): the Damage event, performed through Game.perform (prevention
    effects, rules/prevention.py, are replacement effects on it: 615.1). `source_id`: the source object,
    when known ("whenever CARDNAME deals damage to a player"). Returns the damage dealt."""
    if n <= 0:
        return 0
    if target >= 0:
        o = g.s.objects.get(target)
        if o is None or o.zone != BATTLEFIELD:
            return 0  # 120.4a-like: no damage to an object that isn't on the battlefield
    done = g.perform(Damage(rule, target, n, source_name, source_id, source_chars, source_controller, combat))
    return done.amount if isinstance(done, Damage) else 0


def _damage_results(g: Game, ev: Damage) -> None:
    """EVENT_TRIGGERS[Damage]: what follows damage once Game.perform marked it and logged it, in the
    order the log has always shown: a player loses that much life or gets poison counters (120.3a-b,
    toxic 120.3g); "whenever ... is dealt damage" and "deals damage" triggers (603.2); lifelink (120.3f,
    702.15b: one life gain for the whole simultaneous damage event)."""
    n = ev.amount
    chars = ev.source_chars
    if ev.recipient < 0:
        damage_to_player(g, ev.source, chars, -1 - ev.recipient, n, ev.combat)
    else:
        for dealt in registry.DEALT_DAMAGE_TRIGGERS:
            dealt(g, ev.recipient)  # "whenever CARDNAME is dealt damage" (rules/triggers.py)
    _trigger_events_module.damage_dealt(g, ev.source_id, ev.recipient, n, ev.combat)
    if chars is not None and "lifelink" in chars.keywords:
        batch = g.damage_batch
        if batch is not None:  # 120.3f / 119.9: one life-gain event for the whole simultaneous damage
            key = (ev.source_controller, ev.source)
            batch[key] = batch.get(key, 0) + n
        else:
            gain_life(g, ev.source_controller, n, "702.15b", source=ev.source)


registry.EVENT_TRIGGERS.setdefault(Damage, []).append(_damage_results)


@contextmanager
def simultaneous_damage(g: Game) -> Iterator[None]:
    """Damage dealt at the same time (510.2 combat damage; one effect's damage to several objects and
    players): a lifelink source's controller gains the life it caused as one event (119.9, 120.3f:
    "whenever you gain life" triggers once, however many creatures and players it hit)."""
    if g.damage_batch is not None:
        yield  # already inside one
        return
    g.damage_batch = {}
    g.damage_event_marks = set()  # 615.5 / 603.2c: what applies once to the whole event
    try:
        yield
    finally:
        batch, g.damage_batch = g.damage_batch, None
        g.damage_event_marks = None
    for (p, name), n in batch.items():
        gain_life(g, p, n, "702.15b", source=name)


def gain_life(g: Game, p: int, n: int, rule: str, source: str = "") -> None:
    """119.3: a player gains life ("whenever you gain life" triggers, 603.2)."""
    if n <= 0:
        return
    g.set_life(p, n, rule, source=source)  # its triggers: rules/triggers.py, from the LifeChange event


def _deal_damage(g: Game, ctx: effect_context.Context, e: V.DealDamage) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    lki = ctx.source_lki
    chars = lki[1] if lki else None
    if isinstance(e.to, V.Ref):
        if not ctx.legal[e.to.index]:
            return None
        targets = [ctx.targets[e.to.index]]
    elif e.to in (V.IT, V.SELF):
        oid = effect_context.target_object(g, ctx, e.to)
        targets = [oid] if oid is not None else []
    else:
        targets = [player_ref(p) for p in effect_context.resolve_who(g, ctx, e.to)]
    with simultaneous_damage(g):
        for t in targets:
            deal_damage(g, ctx.name, chars, ctx.controller, t, n, "120.3", source_id=ctx.source)
    return None


def _draw(g: Game, ctx: effect_context.Context, e: V.Draw) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    for p in effect_context.resolve_who(g, ctx, e.who):
        draw(g, p, n)
    return None


def draw(g: Game, p: int, n: int, rule: str = "121.1") -> None:
    """121.1: draw cards one at a time (Game.draw: each is a Draw through the event door; its
    replacement effects, 121.6 dredge, and "whenever you draw a card", 121.2, rules/triggers.py, are
    found there)."""
    g.draw(p, n, rule=rule)


def _gain(g: Game, ctx: effect_context.Context, e: V.GainLife) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        gain_life(g, p, effect_context.amount(g, ctx, e.amount), "119.3", source=ctx.name)
    return None


def _lose(g: Game, ctx: effect_context.Context, e: V.LoseLife) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        g.set_life(p, -effect_context.amount(g, ctx, e.amount), "119.3")
    return None


def _discard(g: Game, ctx: effect_context.Context, e: V.Discard) -> list | None:
    """701.8a-b: each player discards `amount` cards of their choice ("a land card": of that quality only; a
    player with no more such cards than that discards them all)."""
    needs = []
    for p in effect_context.resolve_who(g, ctx, e.who):
        n = effect_context.amount(g, ctx, e.amount)
        hand = discard_candidates(g, p, e.filter)
        if n >= len(hand):
            for oid in list(hand):
                discard(g, p, oid)
        elif n > 0:
            needs.append(("discard", p, n, "701.8") if e.filter is None else ("discard", p, n, "701.8", e.filter))
    return needs or None


def discard_candidates(g: Game, p: int, flt: V.ObjectFilter | None) -> list[int]:
    """The cards of `p`'s hand a discard of that quality can take (all of them without a filter)."""
    hand = g.s.players[p].hand
    if flt is None:
        return list(hand)
    return [c for c in hand if targeting.matches_filter(g, flt, g.s.objects[c], p)]


def _cannot_discard(g: Game, p: int, effects: tuple) -> bool:
    """608.2c: "You may discard a land card. If you do, ...": impossible with fewer such cards in hand than the
    discard names (a registry.MAY_IMPOSSIBLE hook)."""
    for x in effects:
        if type(x) is V.Discard and x.who == V.YOU and isinstance(x.amount, int) \
                and len(discard_candidates(g, p, x.filter)) < x.amount:
            return True
    return False


registry.MAY_IMPOSSIBLE.append(_cannot_discard)


def discard(g: Game, p: int, oid: int, rule: str = "701.8", x: int = 0) -> None:
    """701.8: `p` discards the card `oid` (a Discard through the event door: 614.1a madness exiles it
    instead; "whenever you discard / cycle a card", 702.29c-d, is collected from the event; `x`: the X
    of the cycling cost it pays)."""
    g.perform(Discard(rule, p, oid, x=x))


def can_be_countered(g: Game, oid: int, by: str) -> bool:
    """101.2: "CARDNAME can't be countered" wins over an effect that would counter it (701.5a)."""
    o = g.s.objects.get(oid)
    if o is not None and (any(isinstance(ab, V.StaticAbility) and ab.kind == "cant_be_countered"
                              for ab in g.chars(o).abilities) or any(h(g, o) for h in UNCOUNTERABLE_HOOKS)):
        g.log_event("not_countered", "101.2", card=o.card.name, by=by, reason="it can't be countered")
        return False
    return True


UNCOUNTERABLE_HOOKS = registry.UNCOUNTERABLE_HOOKS  # (engine/registry.py)


def _counter(g: Game, ctx: effect_context.Context, e: V.CounterSpell) -> list | None:
    if not ctx.legal[e.target.index]:
        return None
    counter_spell(g, ctx.targets[e.target.index], ctx.name)
    return None


def counter_spell(g: Game, oid: int, by: str) -> None:
    """701.5a: the spell `oid` is countered (removed from the stack, to its destination), unless it can't be."""
    s = g.s
    if not can_be_countered(g, oid, by):
        return
    for i, it in enumerate(s.stack):
        if it.kind == "spell" and it.obj == oid:
            del s.stack[i]
            g.log_event("counter", "701.5a", card=it.name, by=by)
            g.move(oid, spell_destination(it), rule="701.5a")
            break


def _destroy(g: Game, ctx: effect_context.Context, e: V.Destroy) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is not None:
        destroy(g, oid, "701.7a")
    return None


def destroy(g: Game, oid: int, rule: str, can_regenerate: bool = True) -> bool:
    o = g.s.objects[oid]
    if "indestructible" in g.chars(o).keywords:
        return False
    if o.counters.get("shield") and not rule.startswith("704"):
        # 122.1c: "If this permanent would be destroyed as the result of an effect, instead remove a
        # shield counter from it" (a state-based action is no effect: 704.5g still destroys it)
        remove_shield_counter(g, o, "destruction")
        return False
    for replaced in registry.DESTRUCTION_REPLACEMENTS:
        if replaced(g, o, can_regenerate):
            return False
    g.log_event("destroy", rule, card=o.card.name, id=oid)
    g.move(oid, GRAVEYARD, rule=rule)
    return True


def _bounce(g: Game, ctx: effect_context.Context, e: V.ReturnToHand) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is not None and oid in g.s.objects:
        if g.s.objects[oid].zone == STACK:
            # A spell returned to its owner's hand leaves the stack (it isn't countered).
            g.s.stack = [it for it in g.s.stack if not (it.kind == "spell" and it.obj == oid)]
        g.move(oid, HAND, rule="608.2c")
    return None


def _reanimate(g: Game, ctx: effect_context.Context, e: V.ReturnFromGraveyard) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    card = g.s.objects[oid]
    # 608.2h: "You lose life equal to that card's mana value" reads the card as it last existed in the
    # graveyard once this has moved it.
    g.s.lki[oid] = (card.copy(), g.chars(card))
    g.move(oid, BATTLEFIELD, rule="608.2c", controller=card.owner if e.owner else ctx.controller)
    new = g.s.successor.get(oid)
    o = g.s.objects.get(new) if new is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # 400.7: "it" is the permanent the card became; none if it didn't get there
    if e.subtypes or e.colors:
        _in_addition(g, ctx, o.id, e.colors, e.subtypes)
    if not e.counters:
        return None
    if len(e.counters) == 1:
        counter_replacement.put_counters(g, o, e.counters[0], 1, rule="122.1", placer=ctx.controller)
        return None
    # the controller chooses which kind of counter (a choice made as the ability resolves, 608.2d)
    return [("choice", "counter_kind", ctx.controller, e.counters,
             f"{ctx.name}: which counter to put on {o.card.name}: {' or '.join(e.counters)}", o.id)]


def _in_addition(g: Game, ctx: effect_context.Context, oid: int, colors: frozenset[str],
                 subtypes: frozenset[str]) -> None:
    """"That creature is a black Zombie in addition to its other colors and types": layer 4 and layer 5
    effects (613.1d-e) on the permanent, lasting as long as it stays on the battlefield (611.2a, 400.7)."""
    s = g.s
    name = s.objects[oid].card.name
    for kind, data, rule in (("add_subtypes", subtypes, "613.1d"), ("add_colors", colors, "613.1e")):
        if data:
            eff = ContinuousEffect(kind, oid, timestamp=s.next_timestamp, until="permanent",
                                   controller=ctx.controller, data=data)
            s.next_timestamp += 1
            g.perform(EffectCreated(rule, eff, "becomes_type", {"card": name, kind[4:]: sorted(data)}))


def _counter_kind_actions(g: Game, d: Any) -> list:
    return [A.Choose(k) for k in d.data]


def _answer_counter_kind(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: answer one of {', '.join(map(repr, d.data))}")
    oid = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    o = g.s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        counter_replacement.put_counters(g, o, value, 1, rule="122.1", placer=d.player)


registry.CHOICES["counter_kind"] = (_counter_kind_actions, _answer_counter_kind)


def _pump(g: Game, ctx: effect_context.Context, e: V.Pump) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    s = g.s
    pump = ContinuousEffect("pump", oid, power=e.power, toughness=e.toughness, keywords=e.keywords,
                            timestamp=s.next_timestamp, until=e.until, controller=ctx.controller)
    s.next_timestamp += 1
    g.perform(EffectCreated("611.2", pump, "pump", {"card": s.objects[oid].card.name, "power": e.power,
                                                   "toughness": e.toughness, "keywords": list(e.keywords)}))
    return None




def _counters(g: Game, ctx: effect_context.Context, e: V.AddCounters) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    o = g.s.objects[oid]
    counter_replacement.put_counters(g, o, e.kind, effect_context.amount(g, ctx, e.amount), placer=ctx.controller)
    return None


def _token(g: Game, ctx: effect_context.Context, e: V.CreateToken) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    for p in effect_context.resolve_who(g, ctx, e.who):
        for _ in range(n):
            create_token(g, token_def(e.token), p)
    return None


def create_token(g: Game, card: V.CardDef, p: int, tapped: bool = False) -> int:
    """111.1: a token is created on the battlefield: the TokenCreated event, performed through
    Game.perform (as many as replacement effects make it, 614.1a: rules/token_replacement.py); returns
    the first one's id (-1: none)."""
    done = g.perform(TokenCreated("111.1", card, p, 1, tapped))
    return done.ids[0] if isinstance(done, TokenCreated) and done.ids else -1


def _add_mana(g: Game, ctx: effect_context.Context, e: V.AddMana) -> list | None:
    """Rituals (605.5a: a spell that adds mana is not a mana ability)."""
    prod = e.production
    if prod.kind == "fixed":
        g.add_mana(ctx.controller, prod.bags[0], source=ctx.name)
        return None
    return [("choose_mana", ctx.controller, prod, ctx.name)]


def _reveal_land(g: Game, ctx: effect_context.Context, e: V.RevealTopPutLandInHand) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        lib = g.s.players[p].library
        if not lib:
            continue
        top = g.s.objects[lib[0]]
        g.log_event("reveal", "701.16a", player=g.s.players[p].name, card=top.card.name)
        if "Land" in top.card.types:
            g.move(top.id, HAND, rule="608.2c")
    return None


def _continuous(g: Game, ctx: effect_context.Context, e: V.CreateContinuousEffect) -> list | None:
    s = g.s
    effect = ContinuousEffect("mana_replacement", None, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=(e.replacement, ctx.name))
    s.next_timestamp += 1
    g.perform(EffectCreated("611.2a", effect, "continuous_effect", {"source": ctx.name}))
    return None


def _flicker(g: Game, ctx: effect_context.Context, e: V.Flicker) -> list | None:
    """Exile the targets, then return those cards (new objects, 400.7) under your control."""
    exiled = []
    for ref in e.targets:
        oid = effect_context.target_object(g, ctx, ref)
        if oid is not None:
            exiled.append(g.move(oid, EXILE, rule="406.2"))
    for oid in exiled:
        o = g.s.objects.get(oid)
        # 111.7: a token that left the battlefield ceases to exist; a card a replacement effect put
        # somewhere else is not "that card" in exile
        if o is not None and o.zone == EXILE and not o.card.is_token:
            new = g.move(oid, BATTLEFIELD, rule="608.2c", controller=o.owner if e.owner else ctx.controller)
            back = g.s.objects.get(new)
            if e.counter_if is not None and back is not None and back.zone == BATTLEFIELD \
                    and targeting.matches_filter(g, e.counter_if, back, ctx.controller):
                counter_replacement.put_counters(g, back, "+1/+1", e.counters, placer=ctx.controller)  # "if it's a Spirit"
    return None


def _sacrifice_unless(g: Game, ctx: effect_context.Context, e: SacrificeUnless) -> list | None:
    return [("sacrifice_unless", ctx.controller, e.filter, ctx.source, ctx.name, e.exile)]


_HANDLERS = registry.EFFECT_HANDLERS  # (engine/registry.py)
_HANDLERS.update({
    V.CreateContinuousEffect: _continuous, V.Flicker: _flicker, SacrificeUnless: _sacrifice_unless,
    V.DealDamage: _deal_damage, V.Draw: _draw, V.GainLife: _gain, V.LoseLife: _lose, V.Discard: _discard,
    V.CounterSpell: _counter, V.Destroy: _destroy, V.ReturnToHand: _bounce, V.ReturnFromGraveyard: _reanimate,
    V.Pump: _pump, V.AddCounters: _counters, V.CreateToken: _token, V.AddMana: _add_mana,
    V.RevealTopPutLandInHand: _reveal_land,
})

register_effect = registry.register_effect  # (engine/registry.py)


# ---------------------------------------------------------------------------- "reveals their hand"


def _term(t: str, x: int) -> int:
    n = x if t[1:] == "x" else int(t[1:])
    return -n if t[0] == "-" else n


def _x_of(g: Game, ctx: effect_context.Context, x: V.Amount | None) -> int:
    """The X of "+X/+X": announced (107.3a), or "where X is the number of ..." counted now (608.2h)."""
    return ctx.x if x is None else effect_context.amount(g, ctx, x)


def _run_pump_x(g: Game, ctx: effect_context.Context, e: PumpX) -> list | None:
    x = ctx.x
    return _HANDLERS[V.Pump](g, ctx, V.Pump(e.target, _term(e.power, x), _term(e.toughness, x)))


register_effect(PumpX, _run_pump_x)


def _run_pump_all_x(g: Game, ctx: effect_context.Context, e: PumpAllX) -> list | None:
    """611.2c: "All creatures get -X/-X until end of turn", X as announced (107.3a), or as the sentence defines it,
    determined once as it resolves (608.2h: "where X is the greatest power among creatures you control")."""
    x = _x_of(g, ctx, e.x)
    return _HANDLERS[V.PumpAll](g, ctx, V.PumpAll(e.filter, _term(e.power, x), _term(e.toughness, x), e.keywords))


register_effect(PumpAllX, _run_pump_all_x)


def _win_game(g: Game, ctx: effect_context.Context, e: WinGame) -> list | None:
    """104.2b: an effect states that its controller wins the game; the game ends at once (104.1)."""
    g.end_game(ctx.controller, f"{g.s.players[ctx.controller].name} wins the game: {ctx.name} (104.2b)")
    return None


register_effect(WinGame, _win_game)


def _lose_game(g: Game, ctx: effect_context.Context, e: LoseGame) -> list | None:
    """104.3e: an effect states that a player loses the game; with two players the other one wins (104.2a)."""
    losers = sorted(set(effect_context.resolve_who(g, ctx, e.who)))
    if not losers:
        return None  # the player it names is gone (an illegal target)
    for p in losers:
        g.s.players[p].lost = True
        g.s.players[p].loss_reason = ctx.name
        g.log_event("lose", "104.3e", player=g.s.players[p].name, reason=ctx.name)
    if len(losers) > 1:
        g.end_game(None, f"both players lose the game: {ctx.name} (104.3e, 104.4a)")
    else:
        g.end_game(1 - losers[0], f"{g.s.players[losers[0]].name} loses the game: {ctx.name} (104.3e)")
    return None


register_effect(LoseGame, _lose_game)


def _cards_in_hand(g: Game, ctx: effect_context.Context, a: CardsInHand) -> int:
    """608.2h: counted as the effect happens; 107.1b: a calculation that gives a negative number gives 0."""
    return max(0, len(g.s.players[ctx.controller].hand) - a.minus)


registry.AMOUNT_RESOLVERS[CardsInHand] = _cards_in_hand


def _token_then(g: Game, ctx: effect_context.Context, e: TokenThen) -> list | None:
    """111.1, 608.2c: "that token" is the token this effect created (none if a replacement effect made
    none; 614.1a); the riders run with it as their only object."""
    before = set(g.s.battlefield)
    needs = _HANDLERS[type(e.create)](g, ctx, e.create)
    made = [oid for oid in g.s.battlefield if oid not in before and g.s.objects[oid].card.is_token]
    if needs or not made:
        return needs
    return [("resume_effects", dataclasses.replace(ctx, targets=(oid,), legal=(True,)), e.riders, 0, None)
            for oid in made]


register_effect(TokenThen, _token_then)


def _on_attached(g, ctx, e: OnAttached) -> list | None:
    s = g.s
    src = s.objects.get(ctx.source) if ctx.source is not None else None
    if src is not None and src.zone == "battlefield":
        host = src.attached_to
    else:
        lki = ctx.source_lki[0] if ctx.source_lki else None
        host = lki.attached_to if lki is not None else None
    if host is None or host not in s.objects or s.objects[host].zone != "battlefield":
        return None
    run(g, dataclasses.replace(ctx, targets=(host,), legal=(True,)), e.effects, finish=None)
    return None


register_effect(OnAttached, _on_attached)


def sacrifice(g: Game, oid: int) -> None:
    o = g.s.objects[oid]
    g.log_event("sacrifice", "701.17a", card=o.card.name, id=oid)
    g.move(oid, GRAVEYARD, rule="701.17a")


def destroy_without_regeneration(g: Game, ctx: effect_context.Context, e: V.Effect) -> list | None:
    if isinstance(e, V.Destroy):
        oid = effect_context.target_object(g, ctx, e.target)
        if oid is not None:
            destroy(g, oid, "701.7a", can_regenerate=False)
        return None
    if isinstance(e, V.DestroyAll):
        for oid in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source):
            if oid in g.s.objects and g.s.objects[oid].zone == BATTLEFIELD:
                destroy(g, oid, "701.7a", can_regenerate=False)
        return None
    return registry.EFFECT_HANDLERS[type(e)](g, ctx, e)


def spell_destination(item: StackItem) -> str:
    """702.34a: a spell cast with flashback is exiled instead of going anywhere else when it leaves
    the stack; other instants and sorceries go to the graveyard (608.2n, 701.5a, 608.2b)."""
    # 702.133a: a spell cast with jump-start is exiled likewise ("exile_after"); 614.1a: "if that spell
    # would be put into your graveyard, exile it instead" ("exile_if_graveyard", rules/free_casting.py).
    return EXILE if any(c in item.choices for c in (("flashback", True), ("exile_after", True),
                                                     ("exile_if_graveyard", True))) else GRAVEYARD


def remove_shield_counter(g: Game, o: Any, what: str) -> None:
    g.perform(CountersRemoved("122.1c", o.id, "shield", 1, log="shield_counter", fields={"replaced": what}))


def give_poison(g: Game, p: int, n: int, rule: str, source: str = "") -> None:
    """122.1f / 120.3b: a player gets poison counters (704.5c: ten or more, and they lose)."""
    if n <= 0:
        return
    g.perform(PoisonCounters(rule, p, n, source))


def total_toxic(chars: Any) -> int:
    """702.164b: the sum of the N values of the toxic abilities the creature has."""
    if chars is None:
        return 0
    return sum(int(ab.amount) for ab in chars.abilities
               if isinstance(ab, V.StaticAbility) and ab.kind == "toxic" and isinstance(ab.amount, int))


def damage_to_player(g: Game, source_name: str, chars: Any, p: int, n: int, combat: bool) -> None:
    """120.3a-b, 120.3g: the results of `n` damage dealt to player `p`."""
    kws = chars.keywords if chars is not None else frozenset()
    if "infect" in kws:
        give_poison(g, p, n, "120.3b", source_name)  # 702.90b: no life is lost
    else:
        g.set_life(p, -n, "120.3a", source=source_name)
    if combat:
        give_poison(g, p, total_toxic(chars), "702.164c", source_name)
