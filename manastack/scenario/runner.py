"""Scenario files (SCENARIOS.md): set up a position, play a script, check the outcome.

`run(path)` returns a ScenarioResult; an unreadable or invalid file raises InputError naming the
file, the line and the problem. A step the rules forbid fails the scenario with the engine's
message, unless it says `expect_error`; then it must be refused and the game left as it was.
"""

from __future__ import annotations

import os
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import registry
from ..engine.game import Game
from ..errors import CardError, GameFaultedError, IllegalActionError, InputError
from ..inputs import read_text
from ..model import actions as A
from ..model.costs import ManaSource, requirements, solve_payment
from ..model.mana import TYPES
from ..model.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STEP_INDEX,
    STEPS,
    Obj,
    player_ref,
)
from ..model.vocab import ActivatedAbility, ManaAbility
from ..render import describe_event
from ..rules import activation as _activation_module
from ..rules import ending_effects as _ending_effects_module
from ..rules import facedown as _facedown_module
from ..rules import object_abilities, produce, stack, total_cost
from ..rules import targeting as _targeting_module
from ..rules.cast_from_zones import special_action_reqs
from ..rules.graveyard_keywords import graveyard_abilities
from .answers import Answers
from .combat_steps import CombatSteps
from .common import (  # noqa: F401
    SET_CHOICES,
    ScenarioFailure,
    StepError,
    UnansweredChoice,
    _ability_zone,
    _err,
    _norm,
    _parts,
)
from .expectations import Expectations
from .schema import (
    ACTION_KINDS,
    ACTION_OPTS,
    TOP_KEYS,
    validate,
)
from .setup import SetupSteps
from .yamlio import line_of, load


@dataclass
class ScenarioResult:
    file: str
    name: str
    passed: bool
    failure: str | None = None
    log: list[str] | None = None  # the readable game log, with the script's steps marked (run(keep_log=True))

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"file": self.file, "name": self.name, "passed": self.passed, "failure": self.failure}
        if self.log is not None:
            out["log"] = self.log
        return out


def run(path: str | Path, keep_log: bool = False) -> ScenarioResult:
    """Run one scenario file (`keep_log`: the result carries the readable game log)."""
    p = str(path)
    data = load(read_text(p, "scenario"), p)
    return run_data(data, p, keep_log)


def run_data(data: Any, path: str = "<scenario>", keep_log: bool = False) -> ScenarioResult:
    runner = Runner(data, path)
    result = _run_scenario(runner, path)
    if keep_log:
        result.log = runner.readable_log()
    return result


def _run_scenario(runner: Runner, path: str) -> ScenarioResult:
    try:
        runner.setup()
    except InputError:
        raise
    except CardError as exc:
        return ScenarioResult(path, runner.name, False, f"unsupported: {exc}")
    except Exception as exc:  # an engine bug while setting up: a failure, never a traceback
        return _internal(path, runner.name, exc)
    try:
        runner.play()
        return ScenarioResult(path, runner.name, True, None)
    except ScenarioFailure as exc:
        return ScenarioResult(path, runner.name, False, str(exc))
    except (StepError, IllegalActionError) as exc:
        return ScenarioResult(path, runner.name, False, str(exc))
    except GameFaultedError as exc:
        if isinstance(exc.__cause__, UnansweredChoice):  # the script's fault, inside an action that can't be undone
            return ScenarioResult(path, runner.name, False, str(exc.__cause__))
        return _internal(path, runner.name, exc)
    except InputError:
        raise
    except Exception as exc:  # an engine bug: report it as a failure, never a traceback
        return _internal(path, runner.name, exc)


def _internal(path: str, name: str, exc: Exception) -> ScenarioResult:
    if os.environ.get("MANASTACK_DEBUG"):
        traceback.print_exc()
    return ScenarioResult(path, name, False, f"internal error: {type(exc).__name__}: {exc}")


class Runner(SetupSteps, Answers, CombatSteps, Expectations):
    def __init__(self, data: Any, path: str) -> None:
        self.path = path
        self.data = data
        validate(data, path)
        if not isinstance(data, dict):
            raise InputError("a scenario must be a YAML mapping", path, line_of(data, None, 1))
        for k in data:
            if k not in TOP_KEYS:
                raise _err(f"unknown key {k!r} (known: {', '.join(sorted(TOP_KEYS))})", path, data, k)
        for req in ("name", "start", "players"):
            if req not in data:
                raise _err(f"missing required key {req!r}", path, data)
        if not isinstance(data["name"], str):
            raise _err("'name' must be a string", path, data, "name")
        self.name: str = data["name"]
        self.ids: dict[str, int] = {}
        self.handles: list[int] = []
        self.answers: dict[int, list[tuple[Any, int | None]]] = {0: [], 1: []}
        self._attach: dict[int, tuple[str, Any]] = {}
        self.game: Game
        self.marks: list[tuple[int, str]] = []  # (log length, script step) as each step began
        self.auto_assigned: dict[int, dict[int, int]] = {}  # one-option assignments made without asking

    def readable_log(self) -> list[str]:
        """The game's log, one line an event (render.describe_event), with the script's steps marked."""
        game = getattr(self, "game", None)
        if game is None:
            return []
        marks = list(self.marks)
        out: list[str] = []
        for i, e in enumerate(game.log):
            while marks and marks[0][0] <= i:
                out.append(f"--- {marks.pop(0)[1]}")
            if e.get("event") != "pass" or not e.get("auto"):
                out.append(describe_event(e))
        out.extend(f"--- {m}" for _, m in marks)
        return out


    # ------------------------------------------------------------------ naming
    def player_index(self, name: Any) -> int | None:
        if isinstance(name, str) and name in self.pnames:
            return self.pnames.index(name)
        return None

    def candidates(self) -> list[int]:
        """Existing objects: setup order first (following zone changes), then in entering order."""
        g = self.game
        objs = g.s.objects
        out: list[int] = []
        seen: set[int] = set()
        for h in self.handles:
            cur = g.current_id(h)
            if cur in objs and cur not in seen:
                out.append(cur)
                seen.add(cur)
        for oid in sorted(objs):
            if oid not in seen:
                out.append(oid)
        return out

    def find(self, name: Any, pred=None, fallback: bool = True) -> int | None:
        g = self.game
        if not isinstance(name, str):
            name = str(name)
        if name in self.ids:
            cur = g.current_id(self.ids[name])
            return cur
        if name.startswith("stack:"):
            try:
                n = int(name.split(":", 1)[1])
            except ValueError:
                raise StepError(f"bad stack reference {name!r}") from None
            st = g.s.stack
            if not 1 <= n <= len(st):
                raise StepError(f"{name}: the stack has {len(st)} object(s)")
            it = st[-n]
            return it.obj if it.kind == "spell" else it.id
        cands = [c for c in self.candidates() if g.s.objects[c].card.name == name]
        if pred is not None:
            for c in cands:
                if pred(g.s.objects[c]):
                    return c
            if not fallback:
                return None
        if cands:
            return cands[0]
        for it in reversed(g.s.stack):
            if it.kind != "spell" and it.name == name:
                return it.id
        return None

    def ref_distinct(self, name: Any, pred, used: set[int]) -> int:
        """`ref`, preferring an object this step hasn't named yet: a name repeated in one step picks
        distinct objects (`attack: [Goblin, Goblin]`: two Goblin tokens), the same one only when no
        other fits (two "any target"s at one creature, 115.3)."""
        if self.player_index(name) is None:
            oid = self.find(name, lambda o: o.id not in used and (pred is None or pred(o)), fallback=False)
            if oid is not None:
                used.add(oid)
                return oid
        oid = self.ref(name, pred)
        used.add(oid)
        return oid

    def ref(self, name: Any, pred=None) -> int:
        """A player ref or an object id, or StepError."""
        p = self.player_index(name)
        if p is not None:
            return player_ref(p)
        oid = self.find(name, pred)
        if oid is None:
            raise StepError(f"no object named {name!r}")
        return oid

    # ------------------------------------------------------------------ script
    def play(self) -> None:
        actions = self.data.get("actions") or []
        if not isinstance(actions, list):
            raise _err("'actions' must be a list", self.path, self.data, "actions")
        for i, step in enumerate(actions):
            line = line_of(actions, i)
            if not isinstance(step, dict):
                raise InputError(f"action step must be a mapping, got {step!r}", self.path, line)
            kinds = [k for k in step if k in ACTION_KINDS]
            for k in step:
                if k not in ACTION_KINDS and k not in ACTION_OPTS:
                    raise _err(f"unknown key {k!r} in action step (actions: {', '.join(ACTION_KINDS)})",
                               self.path, step, k)
            if len(kinds) != 1 and not (kinds == [] and "choose" in step):
                if "choose" in kinds and len(kinds) == 2:
                    kinds = [k for k in kinds if k != "choose"]
                else:
                    raise _err(f"an action step needs exactly one of {', '.join(ACTION_KINDS)}", self.path, step)
            kind = kinds[0] if kinds else "choose"
            if kind not in ("resolve", "advance", "expect") and "by" not in step:
                raise _err(f"step '{kind}' needs 'by:' (who acts)", self.path, step)
            if "by" in step and self.player_index(step["by"]) is None:
                raise _err(f"by: {step['by']!r} is not a player ({', '.join(self.pnames)})", self.path, step, "by")
            self.validate_step(kind, step)
            what = step.get(kind)
            self.marks.append((len(self.game.log), f"step {i + 1} (line {line}): {kind}"
                               + (f" {what}" if what is not None and kind != "expect" else "")
                               + (f" by {step['by']}" if "by" in step else "")))
            if self.game.over:
                raise ScenarioFailure(f"step {i + 1} (line {line}): the game is already over "
                                      f"({self.game.s.end_reason})")
            self.step(kind, step, i + 1, line)
        self.finish_script()
        exp = self.data.get("expect") or []
        if not isinstance(exp, list):
            raise _err("'expect' must be a list", self.path, self.data, "expect")
        self.check_expectations(exp, "expect")

    def validate_step(self, kind: str, step: dict) -> None:
        """Wrong types in a step make the file invalid (exit 2), naming the line."""
        def bad(key: str, what: str) -> InputError:
            return _err(f"{key}: expected {what}, got {step[key]!r}", self.path, step, key)
        if "x" in step and (not isinstance(step["x"], int) or isinstance(step["x"], bool) or step["x"] < 0):
            raise bad("x", "a non-negative integer")
        if "modes" in step and not (isinstance(step["modes"], list) and all(
                isinstance(m, int) and not isinstance(m, bool) for m in step["modes"])):
            raise bad("modes", "a list of mode numbers")
        if "pay" in step and not isinstance(step["pay"], list):
            raise bad("pay", "a list of sources")
        if "targets" in step and isinstance(step["targets"], dict):
            raise bad("targets", "a list")
        if kind == "resolve" and (not isinstance(step["resolve"], int) or isinstance(step["resolve"], bool)
                                  or step["resolve"] < 1):
            raise bad("resolve", "a positive number")
        if kind == "advance":
            adv = step["advance"]
            if not isinstance(adv, dict) or "step" not in adv or adv["step"] not in STEP_INDEX or \
                    ("turn" in adv and (not isinstance(adv["turn"], int) or isinstance(adv["turn"], bool))):
                raise bad("advance", f"{{turn: T, step: STEP}} with a step among {', '.join(STEPS)}")
        if kind == "pass" and step["pass"] is not True:
            raise bad("pass", "true")
        if kind in ("attack",) and not isinstance(step[kind], list | dict):
            raise bad(kind, "a list or mapping")
        if kind in ("block", "order_blockers", "assign_damage") and not isinstance(step[kind], dict):
            raise bad(kind, "a mapping")
        if kind in ("play", "cast", "activate", "turn_face_up", "end_effect", "suspend", "foretell", "plot") and not isinstance(
                step[kind], str):
            raise bad(kind, "a card name or id")
        if "expect_error" in step and not isinstance(step["expect_error"], bool | str):
            raise bad("expect_error", "true or a message substring")

    def step(self, kind: str, step: dict, num: int, line: int | None) -> None:
        expect_error = step.get("expect_error", False)
        where = f"step {num} (line {line}, {kind})"
        if kind == "expect":
            items = step["expect"]
            if not isinstance(items, list):
                raise _err("expect: must be a list", self.path, step, "expect")
            try:
                self.flush_combat(kind)
                self.settle()
            except (IllegalActionError, StepError) as exc:
                raise ScenarioFailure(f"{where}: {exc}") from None
            self.check_expectations(items, where)
            return
        g = self.game
        snapshot = g.s.clone()
        saved_answers = {k: list(v) for k, v in self.answers.items()}
        try:
            self.do(kind, step, line)
            if kind in ("cast", "activate", "play") and "choose" in step:
                self.answers_used_by_step(line)
            err = None
        except (IllegalActionError, StepError) as exc:
            err = str(exc)
        if expect_error:
            if err is None:
                raise ScenarioFailure(f"{where}: expected the step to be refused, but it was carried out")
            if isinstance(expect_error, str) and expect_error.lower() not in err.lower():
                raise ScenarioFailure(f"{where}: refused with {err!r}, which does not contain {expect_error!r}")
            g.s = snapshot
            g.invalidate()
            g._legal = None
            self.answers = saved_answers
            return
        if err is not None:
            raise ScenarioFailure(f"{where}: {err}")

    # -- answers
    def answers_used_by_step(self, line: int | None) -> None:
        """A cast or activation's own `choose:` answers the choices made while it is cast or activated
        (a mana ability's color, 605.3b; the targets of the triggers it causes, 603.3d). One left when
        those are made fits none of them: the step is refused (an answer for a choice with a single
        option is checked against it: Exotic Orchard offered only {B} refuses G, 106.7)."""
        self.settle()
        for p, q in self.answers.items():
            for value, at in q:
                if at == line:
                    raise IllegalActionError(f"answer {value!r} (line {line}) doesn't fit any choice "
                                             f"{self.pnames[p]} makes in this step")

    def push_answers(self, p: int, values: Any, line: int | None, front: bool = False) -> None:
        if not isinstance(values, list):
            values = [values]
        items = [(v, line) for v in values]
        if front:
            self.answers[p][0:0] = items
        else:
            self.answers[p].extend(items)

    def settle(self) -> None:
        """Answer pending non-priority decisions from the answers given, or single-option ones."""
        g = self.game
        for _ in range(10000):
            if g.over:
                return
            d = g.pending
            if d is None or d.kind == "priority":
                return
            if d.kind in ("attackers", "blockers", "assign_damage", "order_blockers"):
                return
            if d.kind == "order_triggers":
                self.order_triggers(d)
                continue
            acts = g.legal_actions()
            q = self.answers[d.player]
            if q:
                value, line = q[0]
                action = self.answer_action(d, value, acts)
                if action is None and isinstance(value, list) and value and self.one_at_a_time(acts):
                    # Several objects chosen at once (discarding two cards, 701.8), asked one at a time:
                    # one list answers them all, in order (SCENARIOS.md), like one answer per object.
                    q[0:1] = [(v, line) for v in value]
                    continue
                if action is None:
                    raise StepError(f"answer {value!r} (line {line}) doesn't fit the choice: {d.prompt}")
                q.pop(0)
                g.apply(action)
                continue
            if len(acts) == 1:
                g.apply(acts[0])
                continue
            raise ScenarioFailure(f"unanswered choice: {d.prompt} ({g.s.players[d.player].name})")


    def ensure_priority(self, p: int) -> None:
        g = self.game
        self.settle()
        d = g.pending
        if d is None:
            raise StepError("the game is over" if g.over else "no decision is pending")
        if d.kind == "priority" and d.player == p:
            return
        if d.kind == "priority" and g.s.passes == 0:
            g.apply(A.PassPriority())  # the holder passes: nothing resolves, p receives priority
            self.settle()
            d = g.pending
            if d is not None and d.kind == "priority" and d.player == p:
                return
        who = g.s.players[p].name
        raise StepError(f"{who} doesn't have priority now ({d.prompt if d else 'nothing pending'})")

    def flush_combat(self, kind: str) -> None:
        """A step other than attack:/block:/assign_damage: right after an advance means nobody
        attacks / blocks, and the default damage assignment happens (SCENARIOS.md)."""
        g = self.game
        for _ in range(1000):
            self.settle()
            d = g.pending
            if d is None:
                return
            if d.kind == "attackers" and kind not in ("attack", "expect"):
                g.apply(A.DeclareAttackers(()))
            elif d.kind == "blockers" and kind not in ("block", "expect"):
                g.apply(A.DeclareBlockers(()))
            elif d.kind == "assign_damage" and kind not in ("assign_damage", "attack", "block"):
                self.default_assignment(d.data)
            else:
                return

    def do(self, kind: str, step: dict, line: int | None) -> None:
        g = self.game
        by = self.player_index(step.get("by")) if "by" in step else None
        if kind == "choose":
            # before the default declarations and damage of a combat step this step lets happen: the
            # answers may be for choices they cause (the order of combat damage triggers, 603.3b)
            assert by is not None
            self.push_answers(by, step["choose"], line)
            self.flush_combat(kind)
            self.settle()
            return
        if kind not in ("advance", "order_blockers"):
            self.flush_combat(kind)
        if "choose" in step and by is not None:
            self.push_answers(by, step["choose"], line, front=True)
        if kind == "pass":
            assert by is not None
            self.ensure_priority(by)
            g.apply(A.PassPriority())
            self.settle()
            return
        if kind == "resolve":
            self.resolve(step["resolve"])
            return
        if kind == "advance":
            self.advance(step["advance"], step)
            return
        assert by is not None
        if kind == "play":
            self.ensure_priority(by)
            card = self.find(step["play"], lambda o: o.zone == HAND and o.owner == by)
            if card is None:
                # "You may play lands from your graveyard" (Crucible of Worlds), "... from the top of your library"
                # (Courser of Kruphix), a land exiled with "you may play it this turn".
                card = self.find(step["play"], lambda o: o.zone != HAND and o.owner == by
                                 and any(perm(g, by, o) for perm in registry.LAND_PERMISSIONS))
            if card is None:
                raise StepError(f"no card {step['play']!r}")
            g.apply(A.PlayLand(card))
        elif kind == "cast":
            self.ensure_priority(by)
            g.apply(self.cast_action(by, step))
        elif kind == "activate":
            self.activate(by, step)
        elif kind == "turn_face_up":
            # 116.2b: turn a face-down permanent face up (a special action); `pay:` as for casting.
            self.ensure_priority(by)
            oid = self.find(step["turn_face_up"], lambda o: o.zone == BATTLEFIELD and o.controller == by)
            if oid is None:
                raise StepError(f"no permanent {step['turn_face_up']!r}")
            fu = _facedown_module.face_up_cost(g.s.objects[oid])
            payment = self._payment(by, step.get("pay"), requirements(fu[0]) if fu else [])
            g.apply(A.TurnFaceUp(oid, payment))
        elif kind == "end_effect":
            # 116.2c: pay to end an effect on a permanent ("You may pay {G} to end this effect"); `pay:` as for casting.
            self.ensure_priority(by)
            oid = self.find(step["end_effect"], lambda o: o.zone == BATTLEFIELD)
            if oid is None:
                raise StepError(f"no permanent {step['end_effect']!r}")
            end_cost = _ending_effects_module.ending_cost(g, oid)
            payment = self._payment(by, step.get("pay"), requirements(end_cost) if end_cost else [])
            g.apply(A.EndEffect(oid, payment))
        elif kind in ("suspend", "foretell", "plot"):
            # 116.2f / 116.2h / 116.2k: exile a card from the hand (a special action); `pay:` as for casting.
            self.ensure_priority(by)
            card = self.find(step[kind], lambda o: o.zone == HAND and o.owner == by)
            if card is None:
                raise StepError(f"no card {step[kind]!r} in {self.pnames[by]}'s hand")
            payment = self._payment(by, step.get("pay"), special_action_reqs(g.s.objects[card], kind, g))
            g.apply(A.ExileFromHand(card, kind, payment))
        elif kind == "attack":
            self.attack(by, step["attack"])
        elif kind == "block":
            self.block(by, step["block"])
        elif kind == "order_blockers":
            self.order(by, step["order_blockers"])
        elif kind == "assign_damage":
            self.assign(by, step["assign_damage"])
        self.settle()

    # -- casting and activating
    def _targets(self, by: int, specs, names: Any, source: int | None, colors) -> tuple[int, ...]:
        if names is None:
            return ()
        if not isinstance(names, list):
            names = [names]
        out: list = []
        used: set[int] = set()
        specs = _targeting_module.fitted_specs(specs, len(names))  # 601.2c: "any number of targets"
        for i, n in enumerate(names):
            spec = specs[i] if i < len(specs) else None
            if n is None and spec is not None and spec.optional:
                out.append(None)  # `null`: an "up to N" target left unchosen (601.2c)
            elif spec is not None:
                def fits(o, spec=spec):
                    return _targeting_module.target_legal(self.game, spec, o.id, by, source, colors)
                out.append(self.ref_distinct(n, fits, used))
            else:
                out.append(self.ref_distinct(n, None, used))
        while len(out) < len(specs) and specs[len(out)].optional:
            out.append(None)  # the "up to N" targets not named are left unchosen
        return tuple(out)

    def _payment(self, by: int, pay: Any, cost_reqs) -> A.Payment | None:
        if pay is None:
            return None
        if not isinstance(pay, list):
            raise StepError("pay: must be a list of sources")
        g = self.game
        srcs = []
        order = []
        used: set[int] = set()  # a name repeated in the list picks the next permanent of that name
        for n in pay:
            oid = self.find(n, lambda o: o.zone == BATTLEFIELD and o.controller == by and o.id not in used)
            if oid is None:
                oid = self.find(n, lambda o: o.zone == BATTLEFIELD and o.controller == by)
            if oid is None:
                raise StepError(f"pay: no permanent {n!r}")
            used.add(oid)
            o = g.s.objects[oid]
            abil = [(i, ab) for i, ab in enumerate(object_abilities.activated_abilities(g, o)) if isinstance(ab, ManaAbility)]
            if not abil:
                raise StepError(f"pay: {n!r} has no mana ability")
            idx, ab = abil[0]
            outs = produce.production_outputs(g, o, ab) or ((0, 0, 0, 0, 0, 0),)
            srcs.append(ManaSource((len(order), oid, idx), outs))
            order.append((oid, idx, outs))
        chosen_out: dict[int, Any] = {}
        res = solve_payment(cost_reqs, g.s.players[by].pool, srcs) if cost_reqs else None
        if res is not None:
            for key, out in res[1]:
                chosen_out[key[0]] = out
        acts = []
        for i, (oid, idx, outs) in enumerate(order):
            out = chosen_out.get(i, outs[0])
            letters = "".join(t * n for t, n in zip(TYPES, out))
            acts.append((oid, idx, letters or None))
        return A.Payment(tuple(acts))

    def cast_action(self, by: int, step: dict) -> A.CastSpell:
        g = self.game
        name = step["cast"]
        card = self.find(name, lambda o: o.zone == HAND and o.owner == by)
        if card is None or g.s.objects[card].zone != HAND:
            # 702.34a: a card with flashback is cast from its owner's graveyard; 601.3: so is one another
            # permission allows to be (retrace, jump-start, escape; foretold and plotted cards from exile).
            # A permission says whose cards it covers (Nightveil Specter's: cards other players own).
            def from_graveyard(o) -> bool:
                return o.zone in (GRAVEYARD, EXILE) and (
                    (o.zone == GRAVEYARD and o.owner == by and stack.flashback_cost(o.card) is not None)
                    or stack.cast_permission(g, by, o) is not None)
            card = self.find(name, from_graveyard)
            if card is None or not from_graveyard(g.s.objects[card]):
                raise StepError(f"{name!r} is not in {self.pnames[by]}'s hand")
        o = g.s.objects[card]
        chosen = step.get("modes") or []
        specs = stack.spell_targets(o.card)
        if isinstance(chosen, list) and chosen and all(isinstance(m, int) and not isinstance(m, bool) for m in chosen):
            try:  # 700.2 / 601.2c: the targets of the modes chosen ("up to" ones may be null)
                specs = stack.spell_targets(o.card, tuple(chosen))
            except (IndexError, TypeError):
                pass  # modes the spell doesn't have: the engine refuses them
        targets = self._targets(by, specs, step.get("targets"), card, o.card.colors)
        x = step.get("x", 0)
        if not isinstance(x, int):
            raise StepError("x: must be an integer")
        permit = stack.cast_permission(g, by, o) if o.zone in (GRAVEYARD, EXILE) and not (
            o.zone == GRAVEYARD and stack.flashback_cost(o.card) is not None) else None
        if permit is not None:
            reqs = permit.reqs(g, by, o.card, x, targets)
        else:
            reqs = stack.flashback_reqs(g, by, o.card, x) if o.zone == GRAVEYARD else total_cost.total_cost_reqs(g, by, o.card, x)
        payment = self._payment(by, step.get("pay"), reqs)
        modes = step.get("modes") or []
        if not isinstance(modes, list) or not all(isinstance(m, int) and not isinstance(m, bool) for m in modes):
            raise StepError("modes: expects a list of mode numbers (1-based)")
        return A.CastSpell(card, targets, x, payment, (), tuple(modes))

    def activate(self, by: int, step: dict) -> None:
        g = self.game
        name = step["activate"]
        oid = self.find(name, lambda o: o.zone == BATTLEFIELD and o.controller == by)
        if oid is None:
            # 113.6b / 702.29a: an ability that works from its owner's hand (cycling).
            oid = self.find(name, lambda o: o.zone == HAND and o.owner == by and bool(_activation_module.hand_abilities(o.card)))
        if oid is None:
            # 113.6m: an ability that works from its owner's graveyard (unearth, scavenge, embalm).
            oid = self.find(name, lambda o: o.zone == GRAVEYARD and o.owner == by and bool(graveyard_abilities(o.card)))
        if oid is None:
            raise StepError(f"no permanent {name!r}")
        o = g.s.objects.get(oid)
        if o is None or o.zone not in (BATTLEFIELD, HAND, GRAVEYARD):
            raise StepError(f"{name!r} is not on the battlefield")
        idx, ab = self._ability(o, step.get("ability"))
        modes = step.get("modes") or []
        if not isinstance(modes, list) or not all(isinstance(m, int) and not isinstance(m, bool) for m in modes):
            raise StepError("modes: expects a list of mode numbers (1-based)")
        if isinstance(ab, ManaAbility):
            if step.get("targets") or step.get("x") or modes:
                raise StepError(f"{o.card.name}: {ab.text!r} is a mana ability: it takes no targets or X (605.1a)")
            self.ensure_priority(by)
            payment = self._payment(by, step.get("pay"), requirements(ab.cost.mana))
            # Its choices (mana, replacement order, triggered mana) are asked through `chooser`.
            g.apply(A.ActivateAbility(oid, idx, (), 0, payment, ()))
            return
        self.ensure_priority(by)
        # 602.2b: the targets of the modes chosen (an impossible choice of modes is the engine's to refuse)
        specs = _activation_module.ability_targets(o.card.name, ab, tuple(modes)) if modes else ab.targets
        targets = self._targets(by, specs, step.get("targets"), oid, g.chars(o).colors)
        x = step.get("x", 0)
        payment = self._payment(by, step.get("pay"), requirements(ab.cost.mana, x))
        g.apply(A.ActivateAbility(oid, idx, targets, x, payment, modes=tuple(modes)))

    def _ability(self, o: Obj, selector: Any) -> tuple[int, Any]:
        """`ability: N` (SCENARIOS.md): the N-th activated ability the object has, in printed order,
        counting keyword abilities with an activation cost (cycling, unearth) and abilities that
        work only from another zone (113.6); or the ability with that text. Returns the ability's
        index among those that work from the object's zone (what ActivateAbility names), or refuses
        one that can't be activated from there. Without a selector: the first that works from there."""
        g = self.game
        if o.zone == BATTLEFIELD:
            usable = list(object_abilities.activated_abilities(g, o))
            printed = [ab for ab in g.chars(o).abilities if isinstance(ab, ActivatedAbility | ManaAbility)]
        else:
            usable = _activation_module.hand_abilities(o.card) if o.zone == HAND else list(graveyard_abilities(o.card))
            printed = [ab for ab in o.card.abilities if isinstance(ab, ActivatedAbility | ManaAbility)]
        if len(usable) != sum(1 for ab in printed if _ability_zone(ab) == o.zone):
            printed = usable  # (not expected: every usable ability is one of the object's own)
        if selector is None:  # no `ability:`: the first one that works from where the object is
            n = next((i for i, ab in enumerate(printed) if _ability_zone(ab) == o.zone), 0)
        elif isinstance(selector, int) and not isinstance(selector, bool):
            n = selector - 1
        else:
            want = _norm(str(selector).strip())
            n = next((i for i, ab in enumerate(printed) if _norm(ab.text) == want), -1)
            if n < 0:
                raise StepError(f"{o.card.name} has no ability {selector!r} "
                                f"(it has: {'; '.join(ab.text for ab in printed) or 'none'})")
        if not 0 <= n < len(printed):
            raise IllegalActionError(f"{o.card.name} has no activated ability number {n + 1} "
                                     f"(it has {len(printed)})")
        ab = printed[n]
        zone = _ability_zone(ab)
        if zone != o.zone:
            raise IllegalActionError(f"{o.card.name}: {ab.text!r} can be activated only while it is in the "
                                     f"{zone}, and it is in the {o.zone} (113.6)")
        idx = sum(1 for other in printed[:n] if _ability_zone(other) == zone)
        return idx, usable[idx]


    # -- combat
    def _goto_decision(self, kind: str, step_name: str) -> None:
        """`attack:`/`block:` right after an advance; from earlier in the same turn, advance first."""
        g = self.game
        self.settle()
        d = g.pending
        if d is not None and d.kind == kind:
            return
        if g.s.step < STEP_INDEX[step_name] and not g.s.stack:
            self.advance({"turn": g.s.turn, "step": step_name}, {})
            d = g.pending
            if d is not None and d.kind == kind:
                return
        raise StepError(f"no {'attack' if kind == 'attackers' else 'block'} declaration is pending now "
                        f"({STEPS[g.s.step]} of turn {g.s.turn})")


    # -- passing
    def resolve(self, n: Any) -> None:
        g = self.game
        if not isinstance(n, int) or n < 1:
            raise StepError("resolve: expects a positive number")
        self.settle()
        st = g.s.stack
        if len(st) < n:
            raise StepError(f"resolve: {n}: the stack has only {len(st)} object(s)")
        targets = {it.id for it in st[-n:]}
        for _ in range(100000):
            if g.over or not (targets & {it.id for it in g.s.stack}):
                return
            self.pass_once()
        raise StepError("resolve: did not finish")

    def pass_once(self) -> None:
        g = self.game
        self.settle()
        d = g.pending
        if d is None:
            return
        if d.kind == "priority":
            g.apply(A.PassPriority())
        elif d.kind == "attackers":
            g.apply(A.DeclareAttackers(()))
        elif d.kind == "blockers":
            g.apply(A.DeclareBlockers(()))
        elif d.kind == "order_blockers":
            raise ScenarioFailure(f"unanswered choice: {d.prompt}")
        elif d.kind == "assign_damage":
            g.apply(g.legal_actions()[0])
        self.settle()

    def advance(self, spec: Any, step: dict) -> None:
        g = self.game
        if not isinstance(spec, dict) or "step" not in spec:
            raise StepError("advance: expects {turn: T, step: STEP}")
        turn = spec.get("turn", g.s.turn)
        st = spec["step"]
        if st not in STEP_INDEX:
            raise StepError(f"advance: unknown step {st!r} (steps: {', '.join(STEPS)})")
        target = (turn, STEP_INDEX[st])
        if self._passed(target):
            raise StepError(f"advance: {st} of turn {turn} has already begun or passed "
                            f"(now {STEPS[g.s.step]} of turn {g.s.turn})")
        first = True
        for _ in range(1000000):
            self.settle()
            if g.over:
                return
            here = (g.s.turn, g.s.step)
            if here == target and g.s.stage >= 1 and not first:
                return
            if self._passed(target):
                return
            first = False
            self.pass_once()
        raise StepError("advance: did not reach the step")

    def _passed(self, target: tuple[int, int]) -> bool:
        """Whether the game is past that step of that turn for good: a step of this turn that has begun may
        begin again while phases added to the turn are still to come (500.8: an additional combat phase)."""
        s = self.game.s
        if (s.turn, s.step) <= target:
            return False
        return not (s.turn == target[0] and (s.added_phases or s.resume_step is not None))

    def finish_script(self) -> None:
        for p, q in self.answers.items():
            if q:
                value, line = q[0]
                raise ScenarioFailure(f"unused answer: {value!r} (line {line}) for {self.pnames[p]}")


_ = (EXILE, GRAVEYARD, LIBRARY)
