"""CR 500-514: turn structure, steps and turn-based actions; the engine's work queue and the
non-priority decisions it raises.

- 500.4: mana empties from each player's mana pool as each step and phase ends.
- 502.3: the untap step untaps the active player's permanents (no priority, 502.4).
- 503: upkeep ("at the beginning of your upkeep" triggers); 504.1: the draw (614.10a: a skipped draw step; 103.8a: the
  starting player skips the first draw).
- 507-511: combat steps (rules/combat.py); 508.8 skip when nobody attacks.
- 513: end step; 514.1: cleanup discards to maximum hand size (seven); 514.2: damage wears off
  and "until end of turn" effects end; 514.3a: priority in cleanup only if SBA or triggers happen.
- 500.7: "take an extra turn after this one" (GameState.extra_turns, the most recent first).
- 500.8: "after this main phase, there is an additional combat phase followed by an additional main phase"
  (GameState.added_phases: taken directly after the current phase, the most recently created first; 505.1a: an
  added main phase is a postcombat main phase); then the turn goes on where it would have.
- 103.5: London mulligan (draw seven, then put one card per mulligan on the bottom).
- 603.3b / 603.3d: the queue puts triggered abilities on the stack: the order decision
  ("order_triggers", rules/triggers.py), then each one's modes and targets as it is put there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..engine import game as _game_module
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.costs import single
from ..model.decisions import Decision, DecisionKind, decision_kind
from ..model.events import DamageRemoved, EffectsEnded, TapChange
from ..model.mana import COLORS, format_bag, is_color
from ..model.state import (
    BEGIN_COMBAT,
    CLEANUP,
    COMBAT_DAMAGE,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    DRAW,
    END,
    END_COMBAT,
    FIRST_STRIKE,
    LIBRARY,
    MAIN1,
    MAIN2,
    STEPS,
    UNTAP,
    UPKEEP,
    Combat,
)
from . import activation as _activation_module
from . import blocking_requirements, choice_effects, combat, copy_effects, effect_context, effects, triggers
from . import combat_keywords as _combat_keywords_module
from . import divided as _divided_module
from . import sba as _sba_module
from . import stack as _stack_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.decisions import Decision


MAX_HAND_SIZE = 7
PRIORITY_STEPS = frozenset(range(13)) - {UNTAP, CLEANUP}


def begin_turn(g: Game) -> None:
    s = g.s
    if s.turn > 0:
        if s.extra_turns:  # 500.7: an extra turn is taken right after this one; then the turn order resumes
            if s.resume_active is None:
                s.resume_active = 1 - s.active
            s.active, s.extra_turns = s.extra_turns[0], s.extra_turns[1:]
        elif s.resume_active is not None:
            s.active, s.resume_active = s.resume_active, None
        else:
            s.active = 1 - s.active
    s.turn += 1
    if s.turn > s.max_turns:
        g.end_game(None, f"turn cap ({s.max_turns} turns) reached: the game is a draw")
        return
    for pl in s.players:
        pl.lands_played = 0
        pl.spells_cast = 0
    s.step = UNTAP
    s.stage = 0
    s.added_phases, s.resume_step = (), None  # 500.8: phases are added to the turn they were created in
    g.record("turn", "500.1", player=s.players[s.active].name)


def advance(g: Game) -> None:
    """Do the next piece of turn structure when nobody has priority and nothing is pending."""
    s = g.s
    if s.turn == 0:
        begin_turn(g)
        return
    if s.stage == 0:
        s.stage = 1
        g.record("step", "500.1", name=STEPS[s.step])
        _begin_step(g)
        return
    # The step's business is done and it has no priority (untap, a cleanup without SBA/triggers).
    end_step(g)


BEFORE_UNTAP_HOOKS = registry.BEFORE_UNTAP_HOOKS  # (engine/registry.py)


def declarer(g: Game, declaration: str, default: int) -> int:
    """508.1 / 509.1: who declares attackers / blockers: the active / defending player, unless an effect
    gives the declaration to another player (registry.DECLARERS: "You choose which creatures block")."""
    for f in registry.live(g.s, registry.DECLARERS):
        p = f(g, declaration)
        if p is not None:
            return p
    return default


def _begin_step(g: Game) -> None:
    s = g.s
    st = s.step
    q = s.queue
    if st == UNTAP:
        for hook in registry.live(s, BEFORE_UNTAP_HOOKS):
            hook(g)  # sees which permanents came under the active player's control since their last turn (echo)
        held: frozenset[int] = frozenset()
        limits_hooks = registry.live(s, registry.UNTAP_LIMITS)
        if limits_hooks:
            about_to = [o.id for o in g.permanents(s.active) if o.tapped and "doesnt_untap" not in g.chars(o).rules]
            limits = [lim for hook in limits_hooks for lim in hook(g, s.active, about_to)]
            limits = [(n, ids) for n, ids in limits if len(ids) > n]
            if limits:
                # 502.3: "can't untap more than one land": the player chooses which of those untap (a choice
                # queued before the step ends, 502.4: no priority); the others untap now.
                held = frozenset().union(*(ids for _, ids in limits))
                s.queue.append(("choice", "untap_limit", s.active, tuple(sorted(held)),
                                f"502.3: which of {', '.join(g.name_of(c) for c in sorted(held))} untap "
                                f"({'; '.join(f'at most {n} of {len(ids)}' for n, ids in limits)}; a list)",
                                tuple(limits)))
        optional_hooks = registry.live(s, registry.UNTAP_OPTIONAL)
        if optional_hooks:
            # 502.3: "You may choose not to untap CARDNAME": the player chooses which of them untap (those a limit
            # holds back are chosen with the limit's choice)
            about_to = [o.id for o in g.permanents(s.active) if o.tapped and "doesnt_untap" not in g.chars(o).rules]
            optional = frozenset().union(*(hook(g, s.active, about_to) for hook in optional_hooks)) - held
            if optional:
                s.queue.append(("choice", "untap_optional", s.active, tuple(sorted(optional)),
                                f"502.3: which of {', '.join(g.name_of(c) for c in sorted(optional))} untap "
                                f"(you may choose not to untap them; a list)", None))
                held = held | optional
        for o in g.permanents(s.active):
            o.sick = False  # 302.6: continuously controlled since this turn began
            if o.id in held:
                continue
            if o.tapped and "doesnt_untap" not in g.chars(o).rules:  # 502.3: effects can keep it tapped
                if TapChange in registry.REPLACEMENTS and g.replace_event(TapChange("502.3", o.id, False)) is None:
                    continue  # replaced: nothing happens instead (122.1d: a stun counter removed)
                o.tapped = False
                triggers.tapped_changed(g, o, False)
        for hook in registry.live(s, registry.AS_UNTAP_HOOKS):
            hook(g)  # 502.3: what happens "as you untap your permanents"
        for done in registry.live(s, registry.UNTAP_STEP_DONE):
            done(g)  # "for as long as CARDNAME remains tapped" (rules/tapped_durations.py)
        after_untap_step = _combat_keywords_module.after_untap_step
        after_untap_step(g)  # "doesn't untap during its controller's next untap step" has done its work
        g.record("untap_step", "502.3", player=s.players[s.active].name)
        return  # no priority (502.4): advance() ends the step
    if st == UPKEEP:
        triggers.beginning_of_step(g, "upkeep")
    elif st == DRAW:
        skip = next((o for o, _ab in g.statics_of_kind("skip_draw_step") if o.controller == s.active), None)
        if skip is not None:
            # 614.10a: "Skip your draw step": nothing of the step happens (no draw, no "at the beginning of your
            # draw step", no priority); the turn goes on to the main phase
            g.log_event("skip_step", "614.10", player=s.players[s.active].name, step=DRAW, source=skip.card.name)
            return
        if s.turn == 1:
            g.log_event("skip_draw", "103.8a", player=s.players[s.active].name)
        else:
            effects.draw(g, s.active, 1, rule="504.1")
        triggers.beginning_of_step(g, "draw_step")  # 504.2: "at the beginning of the draw step" abilities, after the draw
    elif st == BEGIN_COMBAT:
        s.combat = Combat()
        triggers.beginning_of_step(g, "begin_combat")
    elif st == MAIN1:
        triggers.beginning_of_step(g, "main1")
    elif st == MAIN2:
        triggers.beginning_of_step(g, "main2")
    elif st == DECLARE_ATTACKERS:
        if s.combat is None:
            s.combat = Combat()
        s.partial = {"attack": {}}
        q.append(("attackers", declarer(g, "attackers", s.active)))
    elif st == DECLARE_BLOCKERS:
        s.partial = {"block": {}}
        q.append(("blockers", declarer(g, "blockers", 1 - s.active)))
    elif st in (FIRST_STRIKE, COMBAT_DAMAGE):
        combat.begin_damage_step(g)
    elif st == END_COMBAT:
        triggers.beginning_of_step(g, "end_combat")  # 511.2: "at end of combat" abilities trigger
    elif st == END:
        triggers.beginning_of_step(g, "end")
    elif st == CLEANUP:
        _cleanup(g)
        return
    q.append(("give_priority",))


HAND_SIZE = registry.HAND_SIZE  # (engine/registry.py)


def _cleanup(g: Game) -> None:
    s = g.s
    triggers.beginning_of_step(g, "cleanup")  # "at the beginning of the next cleanup step" (514.3a gives priority)
    limit: int | None = MAX_HAND_SIZE
    for fn in registry.live(s, HAND_SIZE):
        limit = fn(g, s.active, limit)  # 402.2: "you have no maximum hand size" (rules/game_rule_statics.py)
    n = len(s.players[s.active].hand) - limit if limit is not None else 0
    if n > 0:
        s.queue.append(("discard", s.active, n, "514.1"))
    s.queue.append(("cleanup_wear_off",))


def _wear_off(g: Game) -> None:
    """514.2: damage removal and "until end of turn" effects ending happen simultaneously."""
    s = g.s
    damaged = tuple(o.id for o in g.permanents() if o.damage)
    if damaged:
        g.perform(DamageRemoved("514.2", damaged, deathtouch=False))
    if s.effects:
        choice_effects.end_control_effects(g)
        copy_effects.end_copy_effects(g)
        ended = tuple(e for e in s.effects if e.until == "eot")
        if ended:
            g.perform(EffectsEnded("514.2", ended))
    g.log_event("cleanup", "514.2")
    # 514.3a: if state-based actions would be performed or triggers are waiting, players get priority.
    sba = _sba_module
    if sba.check(g) or s.pending_triggers:
        s.cleanup_again = True
        s.queue.append(("give_priority",))


def next_step(g: Game) -> int | None:
    s = g.s
    st = s.step
    cb = s.combat
    if st == DECLARE_ATTACKERS and (cb is None or not cb.declared_any):
        return END_COMBAT  # 508.8
    if st == DECLARE_BLOCKERS:
        return FIRST_STRIKE if combat.needs_first_strike_step(g) else COMBAT_DAMAGE
    if st == FIRST_STRIKE:
        return COMBAT_DAMAGE
    if st == CLEANUP:
        return None
    return st + 1


def end_step(g: Game) -> None:
    """500.4: mana empties; then the next step begins."""
    s = g.s
    g.empty_pools("500.4")
    s.priority = None
    s.passes = 0
    if s.step == END_COMBAT:
        combat.end_of_combat(g)
    if s.step == CLEANUP and s.cleanup_again:
        s.cleanup_again = False
        s.stage = 0  # 514.3a: another cleanup step
        return
    nxt = next_step(g)
    if s.step in PHASE_LAST_STEPS:
        nxt = _after_phase(g, nxt)
    if nxt is None:
        begin_turn(g)
        return
    s.step = nxt
    s.stage = 0


# 500.8: the last step of each phase, after which phases can be added (a combat phase always ends with its end of
# combat step, 508.8; a skipped draw step still ends the beginning phase, 614.10a).
PHASE_LAST_STEPS = frozenset({DRAW, MAIN1, END_COMBAT, MAIN2, CLEANUP})
_NEXT_TURN = -1  # resume_step: the added phases came after the ending phase; the next turn follows them


def _after_phase(g: Game, nxt: int | None) -> int | None:
    """500.8: as a phase ends, an added phase begins (its first step), else the turn goes on where it would have
    once the added phases are over."""
    s = g.s
    if s.added_phases:
        if s.resume_step is None:
            s.resume_step = _NEXT_TURN if nxt is None else nxt  # where the turn goes on once they are over
        kind, s.added_phases = s.added_phases[0], s.added_phases[1:]
        g.record("added_phase", "500.8", phase=kind)
        return BEGIN_COMBAT if kind == "combat" else MAIN2  # 505.1a: a postcombat main phase
    if s.resume_step is not None:
        nxt, s.resume_step = (None if s.resume_step == _NEXT_TURN else s.resume_step), None
    return nxt


# ----------------------------------------------------------------------------- queue and decisions

def process_queue(g: Game) -> None:
    s = g.s
    item = s.queue[0]
    kind = item[0]
    if kind == "give_priority":
        s.queue.pop(0)
        s.priority = s.active
        s.passes = 0
        return
    Decision = _game_module.Decision
    if kind == "resume_effects":
        s.queue.pop(0)
        _, ctx, effs, start, finish = item
        effects.run(g, ctx, effs, finish, start)
        return
    if kind == "cleanup_wear_off":
        s.queue.pop(0)
        _wear_off(g)
        return
    if kind == "deal_combat_damage":
        s.queue.pop(0)
        partial, mark = s.partial, len(s.log)
        combat.deal_combat_damage(g)
        # "Whenever CARDNAME deals combat damage to a player" (510.2, 603.2).
        triggers.combat_damage_dealt(g, [(oid, r, n) for oid in partial.get("assigners", [])
                                         for r, n in partial.get("assign", {}).get(oid, ())], mark)
        return
    if kind == "put_trigger":
        _put_trigger(g, item)
        return
    if kind == "order_triggers":
        _order_triggers(g, item)
        return
    if kind == "choice":
        # A choice an effect needs as it resolves (scry, "you may", a search ...): rules/effects.py.
        prep = choice_effects.prepare_choice(g, item)
        if prep is None:
            s.queue.pop(0)
            return
        # The queued kind is a string (or a member); decision_kind refuses one DecisionKind doesn't list.
        s.pending = Decision(decision_kind(item[1]), item[2], data=prep[0], prompt=prep[1])
        return
    if kind == "mulligan":
        p = item[1]
        s.pending = Decision(DecisionKind.MULLIGAN, p, data=s.players[p].mulligans,
                             prompt="103.5: keep this hand (true) or take a mulligan (false)?")
        return
    if kind == "bottom":
        p, k = item[1], item[2]
        if k <= 0 or not s.players[p].hand:
            s.queue.pop(0)
            return
        s.pending = Decision(DecisionKind.BOTTOM, p, data=k, prompt=f"103.5: put {k} card(s) from your hand on the bottom")
        return
    if kind == "discard":
        p, n, rule = item[1], item[2], item[3]
        hand = _discard_choices(g, item)
        if n <= 0 or not hand:
            s.queue.pop(0)
            return
        if n >= len(hand):
            s.queue.pop(0)
            for oid in list(hand):
                effects.discard(g, p, oid, rule)
            return
        s.pending = Decision(DecisionKind.DISCARD, p, data=(n, rule), prompt=f"{rule}: discard {n} card(s)")
        return
    if kind == "attackers":
        s.pending = Decision(DecisionKind.ATTACKERS, item[1], prompt="508.1: declare attackers")
        return
    if kind == "blockers":
        cb = s.combat
        if cb is None or not cb.attackers:
            s.queue.pop(0)
            if cb is not None:
                cb.declared_blockers = True
            return
        s.pending = Decision(DecisionKind.BLOCKERS, item[1], prompt="509.1: declare blockers")
        return
    if kind == "order_blockers":
        cb = s.combat
        a = item[2]
        if cb is None or len(combat.current_order(g, a)) < 2:
            s.queue.pop(0)
            return
        rule = "509.2" if a in cb.attackers else "509.3"
        s.pending = Decision(DecisionKind.ORDER_BLOCKERS, item[1], data=a,
                             prompt=f"{rule}: damage assignment order for {g.name_of(a)}")
        return
    if kind == "assign_damage":
        oid = item[1]
        o = s.objects.get(oid)
        if o is None or "assign" not in s.partial or oid in s.partial["assign"]:
            s.queue.pop(0)
            return
        if (not combat.recipients(g, oid)[0] and not combat.has_choice(g, oid, {})) or (
                g.auto_single and not combat.has_choice(g, oid, combat.already_assigned(g, oid))):
            s.queue.pop(0)
            return
        s.pending = Decision(DecisionKind.ASSIGN_DAMAGE, o.controller, data=oid,
                             prompt=f"510.1: assign {o.card.name}'s combat damage")
        return
    if kind == "etb_color":
        s.pending = Decision(DecisionKind.CHOOSE_COLOR, item[1], data=item[2],
                             prompt=f"614.12: as {item[2].name} enters, choose a color")
        return
    if kind == "sacrifice_unless":
        p, flt, source, name = item[1], item[2], item[3], item[4]
        exile = len(item) > 5 and bool(item[5])  # "exile it unless you sacrifice ..." (Demonlord of Ashmouth)
        # "another creature": never the source itself (its filter's `other`); with the permanent gone,
        # sacrificing one is still allowed (and pointless)
        cands = tuple(o.id for o in g.permanents(p) if _targeting_module.matches_filter(g, flt, o, p, source))
        punishment = "exile" if exile else "sacrifice"
        s.pending = Decision(DecisionKind.SACRIFICE_UNLESS, p, data=(cands, source, name, exile),
                             prompt=f"{name}: sacrifice a permanent ({', '.join(g.name_of(c) for c in cands) or 'none'})"
                                    f" or answer false to {punishment} {name}")
        return
    if kind == "choose_mana":
        p, prod, name = item[1], item[2], item[3]
        s.pending = Decision(DecisionKind.CHOOSE_MANA, p, data=(prod, name), prompt=f"{name}: choose the mana to add")
        return
    other = QUEUE_ITEMS.get(kind)
    if other is not None:
        other(g, item)
        return
    raise AssertionError(f"unknown queue item {kind}")


QUEUE_ITEMS = registry.QUEUE_ITEMS  # (engine/registry.py)


def _order_triggers(g: Game, item: tuple) -> None:
    """603.3b: the player orders their simultaneous triggered abilities (rules/triggers.py); not asked
    when every order gives the same game and single-option decisions are taken automatically."""
    _, p, trigs = item
    s = g.s
    classes = triggers.order_classes(g, trigs) if len(trigs) > 1 else (0,)
    if len(trigs) < 2 or (g.auto_single and all(c == 0 for c in classes)):
        s.queue[0:1] = [("put_trigger", t) for t in trigs]
        return
    s.pending = _game_module.Decision(DecisionKind.ORDER_TRIGGERS, p, data=(trigs, classes),
                                      prompt=triggers.order_prompt(g, p, trigs))


def _put_trigger(g: Game, item: tuple) -> None:
    """603.3d: choose targets as the trigger is put on the stack; no legal target: it is removed."""
    s = g.s
    trig = item[1]
    chosen: tuple[int, ...] = item[2] if len(item) > 2 else ()
    modes: tuple[int, ...] | None = item[3] if len(item) > 3 else None
    controller, source, ability = trig[0], trig[1], trig[2]
    specs = ability.targets
    modal = choice_effects.modal_of(ability.effects)
    if modal is not None:
        if modes is None:
            # 700.2b / 603.3c: the modes are chosen as the ability is put on the stack; a mode whose
            # targets can't be chosen can't be chosen; with no mode, the ability is removed.
            options = triggers.mode_options(g, modal, controller, source)
            if not options:
                s.queue.pop(0)
                g.log_event("trigger_removed", "700.2b", card=trig[4], reason="no mode can be chosen")
                return
            if len(options) == 1 and g.auto_single:
                s.queue[0] = ("put_trigger", trig, chosen, options[0])
                return
            s.pending = Decision(DecisionKind.CHOOSE_MODE, controller, data=tuple(options),
                                 prompt=f"700.2b: choose the mode(s) of {trig[4]}'s ability "
                                        f"({'; '.join(f'{i}: {m.text}' for i, m in enumerate(modal.modes, 1))})")
            return
        specs = choice_effects.mode_layout(modal, modes)[0]
    if len(chosen) == len(specs):
        division = item[4] if len(item) > 4 else None
        if division is None:
            ask = _divided_module.trigger_division(ability, chosen, trig[7] if len(trig) > 7 else 0)
            if ask is not None:  # 603.3d / 601.2d: the division, after the targets
                options, prompt = ask
                if len(options) > 1:
                    s.pending = Decision(DecisionKind.TRIGGER_DIVIDE, controller, data=tuple(options),
                                         prompt=f"{trig[4]}: {prompt}")
                    return
                division = options[0]
        s.queue.pop(0)
        triggers.put_one(g, trig, chosen, modes or (), division=division)
        return
    spec = specs[len(chosen)]
    cands: list = [c for c in _targeting_module.target_candidates(g, spec, controller, source) if c not in chosen
                   and _targeting_module.dependency_ok(g, spec, c, chosen, trig[6] if len(trig) > 6 else None)]
    # (115.1: "that player controls": an earlier target's player, or the trigger event's)
    if spec.optional:
        cands.append(None)  # 601.2c / 603.3d: "up to N": this one may be left unchosen
        if len(cands) == 1:
            s.queue[0] = ("put_trigger", trig, chosen + (None,), *item[3:4])
            return
    if not cands:
        s.queue.pop(0)
        g.log_event("trigger_removed", "603.3d", card=trig[4], reason="no legal targets")
        return
    if len(cands) == 1 and g.auto_single:
        s.queue[0] = ("put_trigger", trig, chosen + (cands[0],), *item[3:4])
        return
    s.pending = Decision(DecisionKind.TRIGGER_TARGET, controller, data=tuple(cands),
                         prompt=f"603.3d: choose a target for {trig[4]}'s ability ({spec.text})")


def decision_actions(g: Game, d: Decision) -> list[A.Action]:
    s = g.s
    k = d.kind
    if k == "mulligan":
        if len(s.players[d.player].hand) == 0:
            return [A.Choose(True)]
        return [A.Choose(True), A.Choose(False)]
    if k == "discard" and s.queue and s.queue[0][0] == "discard":
        return [A.Choose(c) for c in _discard_choices(g, s.queue[0])]
    if k in ("bottom", "discard"):
        return [A.Choose(c) for c in s.players[d.player].hand]
    if k == "legend":
        return [A.Choose(c) for c in d.data]
    if k == "attackers":
        return combat.attack_actions(g)
    if k == "blockers":
        return combat.block_actions(g)
    if k == "order_blockers":
        return combat.order_actions(g, d.data)
    if k == "assign_damage":
        return combat.assign_actions(g, d.data)
    if k == "trigger_target":
        return [A.Choose(c) for c in d.data]
    if k == "order_triggers":
        return [A.Choose(o) for o in triggers.order_options(*d.data)]
    if k == "choose_mana":
        return [A.Choose(c) for c in COLORS]
    if k == "sacrifice_unless":
        return [A.Choose(c) for c in d.data[0]] + [A.Choose(False)]
    if k == "mana_choice":
        return [A.Choose(b) for b in d.data[1]]
    if k == "choose_color":
        return [A.Choose(c) for c in COLORS]
    if k == "choose_mode":
        return [A.Choose(m) for m in d.data]
    if k in registry.CHOICES:
        return registry.CHOICES[k][0](g, d)
    return []


def answer(g: Game, d: Decision, action: A.Action) -> None:
    s = g.s
    k = d.kind
    value: Any = action.value if isinstance(action, A.Choose) else None
    if k not in ("attackers", "blockers", "order_blockers", "assign_damage") and not isinstance(action, A.Choose):
        raise IllegalActionError(f"{type(action).__name__} is not an answer to this choice: {d.prompt}")
    if k == "mulligan":
        if not isinstance(action, A.Choose) or not isinstance(value, bool):
            raise IllegalActionError("103.5: answer keep (true) or mulligan (false)")
        s.pending = None
        p = d.player
        pl = s.players[p]
        if value or not pl.hand:
            s.queue.pop(0)
            g.log_event("keep", "103.5", player=pl.name, mulligans=pl.mulligans)
            if pl.mulligans:
                s.queue.insert(0, ("bottom", p, min(pl.mulligans, len(pl.hand))))
        else:
            pl.mulligans += 1
            g.log_event("mulligan", "103.5", player=pl.name, mulligans=pl.mulligans)
            for oid in list(pl.hand):
                g.move(oid, LIBRARY, rule="103.5")
            s.rng.shuffle(pl.library)
            g.draw(p, 7, rule="103.5")
            if pl.mulligans >= 7:
                s.queue[0] = ("bottom", p, 0)
        return
    if k == "bottom":
        p = d.player
        _check_card_choice(g, d, value, s.players[p].hand)
        s.pending = None
        g.move(value, LIBRARY, rule="103.5", bottom=True)
        _, _, n = s.queue[0]
        s.queue[0] = ("bottom", p, n - 1)
        return
    if k == "discard":
        p = d.player
        item = s.queue[0]
        _check_card_choice(g, d, value, _discard_choices(g, item))
        s.pending = None
        n, rule = d.data
        effects.discard(g, p, value, rule)
        s.queue[0] = ("discard", p, n - 1, rule, *item[4:])
        return
    if k == "legend":
        if value not in d.data:
            raise IllegalActionError(f"704.5j: choose one of {', '.join(g.name_of(x) for x in d.data)} to keep")
        s.pending = None
        for oid in d.data:
            if oid != value:
                g.log_event("sba", "704.5j", card=g.name_of(oid))
                g.move(oid, "graveyard", rule="704.5j")
        return
    if k == "attackers":
        if isinstance(action, A.AddAttacker):
            partial = s.partial.setdefault("attack", {})
            o = s.objects.get(action.creature)
            why = combat.attack_block_reason(g, o, s.active) if o else "no such creature"
            if why:
                raise IllegalActionError(why)
            if action.defender not in combat.attack_targets(g):
                raise IllegalActionError(f"508.1b: {g.name_of(action.defender)} can't be attacked")
            partial[action.creature] = action.defender
            return
        if not isinstance(action, A.DeclareAttackers):
            raise IllegalActionError("508.1: declare attackers now")
        combat.declare_attackers(g, action.attackers)
        s.pending = None
        s.queue.pop(0)
        return
    if k == "blockers":
        if isinstance(action, A.AddBlocker):
            partial = s.partial.setdefault("block", {})
            b, a = s.objects.get(action.blocker), s.objects.get(action.attacker)
            why = blocking_requirements.can_block(g, b, a) if b and a else "no such creature"
            if why:
                raise IllegalActionError(why)
            if action.blocker in partial:
                raise IllegalActionError(f"509.1a: {b.card.name} is already blocking")
            partial[action.blocker] = action.attacker
            return
        if not isinstance(action, A.DeclareBlockers):
            raise IllegalActionError("509.1: declare blockers now")
        combat.declare_blockers(g, action.blockers)
        s.pending = None
        s.queue.pop(0)
        triggers.blockers_declared(g)  # 509.1i / 509.2a: "blocks", "becomes blocked" triggers
        return
    if k == "order_blockers":
        if isinstance(action, A.OrderBlockers):
            attacker, order = action.creature, action.order
        elif isinstance(action, A.Choose) and isinstance(value, list | tuple):
            attacker, order = d.data, tuple(value)
        else:
            raise IllegalActionError("509.2: announce the damage assignment order")
        if attacker != d.data:
            raise IllegalActionError(f"509.2: the order asked for is {g.name_of(d.data)}'s")
        combat.set_order(g, attacker, order)
        s.pending = None
        s.queue.pop(0)
        return
    if k == "assign_damage":
        if not isinstance(action, A.AssignDamage):
            raise IllegalActionError("510.1: assign combat damage now")
        for oid, _ in action.assignments:
            o = s.objects.get(oid)
            if o is None or o.controller != d.player:
                raise IllegalActionError(f"510.1: {s.players[d.player].name} assigns only the damage of creatures "
                                         f"they control")
        combat.apply_assignments(g, action.assignments)
        s.pending = None
        return
    if k == "trigger_target":
        if value not in d.data:
            raise IllegalActionError(f"603.3d: choose a legal target ({', '.join(g.name_of(x) for x in d.data)})")
        s.pending = None
        item = s.queue[0]
        chosen = item[2] if len(item) > 2 else ()
        s.queue[0] = ("put_trigger", item[1], chosen + (value,), *item[3:4])
        return
    if k == "order_triggers":
        triggers.answer_order(g, d, value)
        return
    if k == "choose_mode":
        if isinstance(value, int) and not isinstance(value, bool):
            value = (value,)
        value = tuple(value) if isinstance(value, (list, tuple)) else value
        if value not in d.data:
            raise IllegalActionError(f"700.2b: choose one of the allowed mode choices "
                                     f"({', '.join(str(list(m)) for m in d.data)})")
        s.pending = None
        item = s.queue[0]
        s.queue[0] = ("put_trigger", item[1], (), value)
        g.log_event("choose_modes", "700.2b", card=item[1][4], modes=list(value))
        return
    if k in registry.CHOICES:
        registry.CHOICES[k][1](g, d, value)
        return
    if k == "choose_color":
        if not is_color(value):
            raise IllegalActionError(f"{d.prompt}: answer one color, W, U, B, R or G (106.1), not {value!r}")
        letter = value
        s.pending = None
        s.queue.pop(0)
        if s.stack and s.stack[-1] is d.data:
            s.stack.pop()
        _stack_module.put_permanent(g, d.data, {"color": letter})
        return
    if k == "mana_choice":
        act, finals = d.data
        if value not in finals:
            raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(format_bag(b) for b in finals)}")
        s.pending = None

        _activation_module.activate_ability(g, d.player, replace(act, choices=(("mana", value),)))
        return
    if k == "sacrifice_unless":
        cands, source, name, exile = d.data
        if value is False:
            s.pending = None
            s.queue.pop(0)
            if source in s.objects and s.objects[source].zone == "battlefield":
                if exile:
                    g.move(source, "exile", rule="118.12a")
                    return
                g.log_event("sacrifice", "701.17a", card=name)
                g.move(source, "graveyard", rule="701.17a")
            return
        if value not in cands:
            raise IllegalActionError(f"{name}: choose a creature to sacrifice or false")
        s.pending = None
        s.queue.pop(0)
        g.log_event("sacrifice", "701.17a", card=g.name_of(value))
        g.move(value, "graveyard", rule="701.17a")
        return
    if k == "choose_mana":
        prod, name = d.data
        if not is_color(value):
            raise IllegalActionError(f"{name}: choose one color, W, U, B, R or G (106.1), not {value!r}")
        letter = value
        s.pending = None
        s.queue.pop(0)
        g.add_mana(d.player, single(letter, prod.amount), source=name)
        return
    raise IllegalActionError(f"cannot answer a {k} decision with {type(action).__name__}")


def _discard_choices(g: Game, item: tuple) -> list[int]:
    """The cards a queued discard can take: any card of the hand, or (a fifth element, "discard a land card")
    those of that quality (701.8a)."""
    return effects.discard_candidates(g, item[1], item[4] if len(item) > 4 else None)


def _check_card_choice(g: Game, d: Decision, value: Any, hand: list[int]) -> None:
    if value not in hand:
        raise IllegalActionError(f"{d.prompt}: {g.name_of(value) if isinstance(value, int) else value!r} is not in "
                                 f"{g.s.players[d.player].name}'s hand")


def _extra_turn(g: Game, ctx: Any, e: V.ExtraTurn) -> list | None:
    """500.7: the most recently created extra turn is taken first."""
    s = g.s
    for p in effect_context.resolve_who(g, ctx, e.who):
        s.extra_turns = (p,) + s.extra_turns
        g.log_event("extra_turn", "500.7", player=s.players[p].name, source=ctx.name)
    return None


registry.register_effect(V.ExtraTurn, _extra_turn)


def _additional_phases(g: Game, ctx: Any, e: V.AdditionalPhases) -> list | None:
    """500.8: the phases are added directly after the current phase, ahead of phases added after it before
    (the most recently created first). "After this main phase" outside a main phase adds nothing (there is
    no "this main phase")."""
    s = g.s
    if e.after_main and s.step not in (MAIN1, MAIN2):
        g.log_event("no_added_phase", "500.8", source=ctx.name, reason="not in a main phase")
        return None

    s.added_phases = e.phases + s.added_phases
    g.log_event("phases_added", "500.8", source=ctx.name, phases=list(e.phases))
    return None


registry.register_effect(V.AdditionalPhases, _additional_phases)
