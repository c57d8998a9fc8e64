"""Keywords that act as a permanent enters (702.123a fabricate, 702.100a evolve, 702.98a unleash,
702.138c "escapes with", 702.82a devour); the templates are in cards/templates/graveyard_keywords.py.

- 702.123a fabricate N: +1/+1 counters or N 1/1 Servos (the controller chooses as it resolves).
- 702.100a evolve: a trigger when a creature with greater power or toughness enters under your
  control (checked again on resolution, 603.4).
- 702.58a graft N: it enters with N +1/+1 counters (614.1c, "etb_counters"); whenever another creature
  enters, if it has a +1/+1 counter, its controller may move one onto that creature (122.5).
- 614.1c replacement effects as it enters (registry.ETB_REPLACEMENTS): 702.98a unleash, 702.138c
  "escapes with N +1/+1 counters", 702.82a devour (sacrifice any number of creatures as it enters),
  702.104a tribute N (the opponent chooses whether it enters with N more +1/+1 counters; 702.104b "if
  tribute wasn't paid": GameState.tribute_unpaid, the TributeNotPaid condition), 702.38a amplify N
  (its controller reveals any number of cards from their hand sharing a creature type with it, one at a
  time; N +1/+1 counters for each).
Choices made while a permanent enters use rules/stack.py `choose`: the scenario runner's answers,
or the first option (decline) for agents without a chooser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards.templates.keywords import CREATURE_TYPES
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.events import CountersRemoved
from ..model.state import BATTLEFIELD
from ..model.vocab.conditions import TributeNotPaid
from ..model.vocab.enters_keywords import (  # noqa: F401 (the vocabulary this module executes)
    Evolve,
    EvolveTrigger,
    Fabricate,
    GraftMove,
    GraftTrigger,
)
from . import counter_replacement, effect_context, effects, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game


def _fabricate(g: Game, ctx: effect_context.Context, e: Fabricate) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return [("resume_effects", ctx, e.servos, 0, None)]
    return [effect_context.queue_choice("fabricate", ctx.controller, e.amount,
                            f"{ctx.name}: fabricate {e.amount}: true to put {e.amount} +1/+1 counter(s) on it, "
                            f"false to create {e.amount} Servo token(s)", (ctx, e))]


def _fabricate_actions(g: Game, d: Any) -> list:
    return [A.Choose(True), A.Choose(False)]


def _answer_fabricate(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    ctx, e = s.queue[0][5]
    s.pending = None
    g.log_event("fabricate", "702.123a", player=s.players[d.player].name, source=ctx.name, counters=value)
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if value and o is not None and o.zone == BATTLEFIELD:
        s.queue.pop(0)
        counter_replacement.put_counters(g, o, "+1/+1", e.amount, "702.123a", placer=d.player)
        return
    s.queue[0] = ("resume_effects", ctx, e.servos, 0, None)


registry.register_effect(Fabricate, _fabricate)


def _install_choices() -> None:
    registry.CHOICES["fabricate"] = (_fabricate_actions, _answer_fabricate)


_install_choices()


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


def _evolve(g: Game, ctx: effect_context.Context, e: Evolve) -> list | None:
    if not _evolves(g, ctx.source, ctx.event_obj):
        return None
    o = g.s.objects[ctx.source]  # type: ignore[index]
    counter_replacement.put_counters(g, o, "+1/+1", 1, "702.100a")
    g.log_event("evolve", "702.100a", card=o.card.name)
    for ab in g.chars(o).abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "evolves":
            trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name)  # 702.100b: "whenever this evolves"
    return None


registry.register_effect(Evolve, _evolve)


def _escapes_with(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.138c: "[This permanent] escapes with [counters]" means "If this permanent escaped, it enters with
    [those counters]": the spell it was (its object on the stack, o.previous_id) was cast with escape."""
    if o.previous_id is not None and any(e.kind == "escaped" and e.target == o.previous_id for e in g.s.effects):
        o.counters[ab.counter_kind] = o.counters.get(ab.counter_kind, 0) + int(ab.amount)  # type: ignore[arg-type]


def _unleash(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" (its
    controller's choice as it enters, 614.12)."""
    if g.choose(o.controller, "unleash", [False, True],
              f"702.98a: {o.card.name}: have it enter with an additional +1/+1 counter (true) or not (false)"):
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
        g.log_event("unleash", "702.98a", card=o.card.name)


def _install_etb() -> None:
    registry.ETB_REPLACEMENTS["escapes_with"] = _escapes_with
    registry.ETB_REPLACEMENTS["unleash"] = _unleash


_install_etb()


def one_at_a_time(g: Game, p: int, kinds: tuple[str, str], candidates: Callable[[list[int]], list[int]], ask: str,
                  which: str, refused: str) -> list[int]:
    """Objects a player chooses any number of as a permanent enters (614.12: devour's creatures, amplify's
    cards): one at a time, true then the object, false when done; `candidates` those still choosable."""
    chosen: list[int] = []
    while True:
        cands = candidates(chosen)
        if not cands or not g.choose(p, kinds[0], [False, True], ask):
            return chosen
        pick = g.choose(p, kinds[1], cands, f"{which} ({', '.join(g.name_of(c) for c in cands)})")
        if pick not in cands:
            raise IllegalActionError(refused.format(g.name_of(pick)))
        chosen.append(pick)


def _devour(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.82a: "As this object enters, you may sacrifice any number of creatures. This permanent enters
    with N +1/+1 counters on it for each creature sacrificed this way." Its controller chooses the
    creatures one at a time (true, then the creature; false when done); they are sacrificed together."""
    p = o.controller
    chosen = one_at_a_time(
        g, p, ("devour", "devour_creature"),
        lambda done: [c.id for c in g.creatures(p) if c.id not in done and c.id != o.id],
        f"702.82a: {o.card.name}: sacrifice another creature to devour (true or false)",
        f"702.82a: {o.card.name}: choose a creature to sacrifice", "702.82a: {} can't be sacrificed to devour")
    for c in chosen:
        if c in g.s.objects and g.s.objects[c].zone == BATTLEFIELD:
            effects.sacrifice(g, c)
    if chosen:
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + int(ab.amount) * len(chosen)  # type: ignore[arg-type]
        g.log_event("devour", "702.82a", card=o.card.name, devoured=len(chosen))


def _tribute(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.104a: "As this creature enters, choose an opponent. That player may put an additional N +1/+1 counters
    on it as it enters" (two players: the one opponent chooses, true to put them)."""
    n = int(ab.amount)  # type: ignore[arg-type]
    opp = 1 - o.controller
    paid = g.choose(opp, "tribute", [True, False],
                    f"702.104a: {o.card.name}: have it enter with {n} additional +1/+1 counters (true) or not (false)")
    s = g.s
    if paid is True:
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + n
    else:
        s.tribute_unpaid = s.tribute_unpaid | {o.id}  # 702.104b (a new object after it leaves, 400.7)
    g.log_event("tribute", "702.104a", card=o.card.name, player=s.players[opp].name, paid=paid is True)


def _tribute_not_paid(g: Game, cond: TributeNotPaid, source: int, lki: Any, event_obj: int | None) -> bool:
    return source in g.s.tribute_unpaid


def _amplify(g: Game, o: Any, ab: V.StaticAbility, choices: dict) -> None:
    """702.38a: "As this object enters, reveal any number of cards from your hand that share a creature type with
    it. This permanent enters with N +1/+1 counters on it for each card revealed this way" (not itself, nor a
    card entering with it). Its controller reveals them one at a time (true, then the card; false when done)."""
    s = g.s
    p = o.controller
    mine = CREATURE_TYPES if "changeling" in o.card.keywords else o.card.subtypes & CREATURE_TYPES

    def shares(c: V.CardDef) -> bool:
        # 702.73a changeling: every creature type, in every zone (a card in the hand too)
        return bool(mine) and ("changeling" in c.keywords or bool(mine & c.subtypes))
    revealed = one_at_a_time(
        g, p, ("amplify", "amplify_card"),
        lambda done: [c for c in s.players[p].hand if c not in done and c != o.id and shares(s.objects[c].card)],
        f"702.38a: {o.card.name}: reveal a card that shares a creature type with it (true or false)",
        f"702.38a: {o.card.name}: the card to reveal", "702.38a: {} can't be revealed for amplify")
    if revealed:
        g.log_event("reveal", "701.16a", player=s.players[p].name, cards=[g.name_of(c) for c in revealed],
                    source=o.card.name)
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + int(ab.amount) * len(revealed)  # type: ignore[arg-type]


def _install_devour() -> None:
    registry.ETB_REPLACEMENTS["devour"] = _devour
    registry.ETB_REPLACEMENTS["tribute"] = _tribute
    registry.ETB_REPLACEMENTS["amplify"] = _amplify
    registry.CONDITION_EVALUATORS[TributeNotPaid] = _tribute_not_paid


_install_devour()


def _evolve_trigger_intervening_if(g: Game, ability: EvolveTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    return _evolves(g, source, event_obj)


registry.INTERVENING_IF[EvolveTrigger] = _evolve_trigger_intervening_if


def _has_plus_counter(g: Game, source: int) -> bool:
    o = g.s.objects.get(source)
    return o is not None and o.zone == BATTLEFIELD and o.counters.get("+1/+1", 0) > 0


def _graft_intervening_if(g: Game, ability: GraftTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    """702.58a: "if this permanent has a +1/+1 counter on it" (603.4)."""
    return _has_plus_counter(g, source)


def _graft_move(g: Game, ctx: effect_context.Context, e: GraftMove) -> list | None:
    """122.5: the counter leaves the source and goes onto the creature that entered, if both are still
    on the battlefield and the source still has one."""
    s = g.s
    target = effect_context.target_object(g, ctx, V.IT)
    if ctx.source is None or target is None or target == ctx.source or not _has_plus_counter(g, ctx.source):
        return None
    src = s.objects[ctx.source]
    g.perform(CountersRemoved("122.5", src.id, "+1/+1", 1))
    counter_replacement.put_counters(g, s.objects[target], "+1/+1", 1, rule="122.5", placer=ctx.controller)
    return None


registry.INTERVENING_IF[GraftTrigger] = _graft_intervening_if
registry.register_effect(GraftMove, _graft_move)
