"""Scenario files (SCENARIOS.md): set up a position, play a script, check the outcome.

`run(path)` returns a ScenarioResult; an unreadable or invalid file raises InputError naming the
file, the line and the problem. A step the rules forbid fails the scenario with the engine's
message, unless it says `expect_error`; then it must be refused and the game left as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cards.db import get_card
from ..engine.game import PROFILES, Game
from ..errors import CardError, IllegalActionError, InputError
from ..inputs import did_you_mean, read_text
from ..model import actions as A
from ..model.costs import ManaSource, requirements, solve_payment
from ..model.mana import TYPES, format_bag, parse_mana
from ..model.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    STEP_INDEX,
    STEPS,
    Combat,
    Obj,
    player_ref,
)
from ..model.vocab import ActivatedAbility, ManaAbility
from ..render import describe_event
from ..rules import combat as combat_rules
from ..rules import produce, stack
from ..rules.graveyard_keywords import graveyard_abilities, special_action_reqs
from .schema import (
    ACTION_KINDS,
    ACTION_OPTS,
    CARD_KEYS,
    PERM_KEYS,
    PLAYER_KEYS,
    TOP_KEYS,
    ZONE_NAMES,
    validate,
)
from .yamlio import line_of, load

# Choices of any number of objects at once, made while casting (702.51a convoke, 702.126a improvise,
# 702.66a delve): answered with one list.
SET_CHOICES = ("convoke", "improvise", "delve")


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


class ScenarioFailure(Exception):
    """The scenario ran but did not do what it says."""


class StepError(Exception):
    """A script step could not be carried out (not the rules refusing an action)."""


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
    except InputError:
        raise
    except Exception as exc:  # an engine bug: report it as a failure, never a traceback
        return _internal(path, runner.name, exc)


def _internal(path: str, name: str, exc: Exception) -> ScenarioResult:
    import os
    import traceback
    if os.environ.get("MANASTACK_DEBUG"):
        traceback.print_exc()
    return ScenarioResult(path, name, False, f"internal error: {type(exc).__name__}: {exc}")


def _err(msg: str, path: str, node: Any, key: Any = None) -> InputError:
    return InputError(msg, path, line_of(node, key))


class Runner:
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

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        d, path = self.data, self.path
        profile = d.get("profile", "cr-2024-09")
        if profile not in PROFILES:
            raise _err(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})", path, d, "profile")
        seed = d.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise _err("'seed' must be an integer", path, d, "seed")
        rules = d.get("rules", [])
        if not isinstance(rules, list):
            raise _err("'rules' must be a list of rule numbers", path, d, "rules")
        players = d["players"]
        if not isinstance(players, dict) or len(players) != 2:
            raise _err("'players' must map exactly two player names to their setup", path, d, "players")
        names = [str(n) for n in players]
        self.pnames = names
        g = Game.empty(tuple(names), seed=seed, profile=profile)
        g.auto_pass = False
        g.auto_single = False
        g.chooser = self.chooser
        self.game = g
        s = g.s
        start = d["start"]
        if not isinstance(start, dict):
            raise _err("'start' must be a mapping {turn, active, step}", path, d, "start")
        for k in start:
            if k not in ("turn", "active", "step"):
                raise _err(f"unknown key {k!r} in start (turn, active, step)", path, start, k)
        turn = start.get("turn", 1)
        if not isinstance(turn, int) or turn < 1:
            raise _err("start.turn must be a positive integer", path, start, "turn")
        active = start.get("active", names[0])
        if active not in names:
            raise _err(f"start.active {active!r} is not a player ({', '.join(names)})", path, start, "active")
        step = start.get("step", "precombat_main")
        if step not in STEP_INDEX:
            raise _err(f"unknown step {step!r} (steps: {', '.join(STEPS)})", path, start, "step")
        for i, (pname, setup) in enumerate(players.items()):
            if setup is None:
                setup = {}
            if not isinstance(setup, dict):
                raise _err(f"player {pname!r}: expected a mapping", path, players, pname)
            for k in setup:
                if k not in PLAYER_KEYS:
                    raise _err(f"unknown key {k!r} for player {pname!r} (known: {', '.join(sorted(PLAYER_KEYS))})",
                               path, setup, k)
            pl = s.players[i]
            if "life" in setup:
                if not isinstance(setup["life"], int) or isinstance(setup["life"], bool):
                    raise _err("life must be an integer", path, setup, "life")
                pl.life = setup["life"]
            if "poison" in setup:
                if not isinstance(setup["poison"], int) or isinstance(setup["poison"], bool):
                    raise _err("poison must be an integer", path, setup, "poison")
                pl.poison = setup["poison"]
            if "mana_pool" in setup:
                try:
                    pl.pool = parse_mana(str(setup["mana_pool"] or ""))
                except ValueError as exc:
                    raise _err(str(exc), path, setup, "mana_pool") from None
            for zone in ("battlefield", "hand", "library", "graveyard", "exile"):
                entries = setup.get(zone) or []
                if not isinstance(entries, list):
                    raise _err(f"{zone} of {pname!r} must be a list", path, setup, zone)
                for j, entry in enumerate(entries):
                    self._create(i, zone, entry, entries, j)
        # Attachments after every permanent exists.
        for oid, (target, node) in self._attach.items():
            s.objects[oid].attached_to = self._attach_target(oid, target, node)
        self._check_attachment_cycles()
        s.turn = turn
        s.active = names.index(active)
        s.step = STEP_INDEX[step]
        if s.step >= STEP_INDEX["beginning_of_combat"] and s.step <= STEP_INDEX["end_of_combat"]:
            s.combat = Combat()
        if step in ("untap", "cleanup"):
            s.stage = 0
        else:
            s.stage = 1
            s.priority = s.active
        g.log_event("scenario_start", "scenario", name=self.name)
        g.run()

    def _create(self, p: int, zone: str, entry: Any, parent: Any, index: int) -> None:
        g, s, path = self.game, self.game.s, self.path
        node = entry
        if isinstance(entry, str):
            name, opts = entry, {}
        elif isinstance(entry, dict):
            allowed = PERM_KEYS if zone == "battlefield" else CARD_KEYS
            for k in entry:
                if k not in allowed:
                    raise _err(f"unknown key {k!r} for a card in {zone} (known: {', '.join(sorted(allowed))})",
                               path, entry, k)
            if "card" not in entry:
                raise _err(f"a card in {zone} needs 'card:'", path, entry)
            name, opts = entry["card"], entry
        else:
            raise _err(f"expected a card name or mapping in {zone}, got {entry!r}", path, parent, index)
        if not isinstance(name, str):
            raise _err(f"card name must be a string, got {name!r}", path, node)
        try:
            card = get_card(name, require_supported=False)
        except CardError as exc:
            raise InputError(str(exc), path, line_of(parent, index)) from None
        if card.unsupported:
            raise CardError(f"card {name!r} is not supported: cannot compile {card.unsupported[0]!r} "
                            f"(line {line_of(parent, index)})")
        o = g.new_object(card, p, zone)
        self.handles.append(o.id)
        if "id" in opts:
            oid_name = str(opts["id"])
            if oid_name in self.ids or oid_name in self.pnames:
                raise _err(f"duplicate id {oid_name!r}", path, entry, "id")
            self.ids[oid_name] = o.id
        if zone == "battlefield":
            s.battlefield.append(o.id)
            for flag in ("tapped", "sick"):
                if flag in opts and not isinstance(opts[flag], bool):
                    raise _err(f"{flag} must be true or false, got {opts[flag]!r}", path, entry, flag)
            o.tapped = bool(opts.get("tapped", False))
            o.sick = bool(opts.get("sick", False))
            dmg = opts.get("damage", 0)
            if not isinstance(dmg, int):
                raise _err("damage must be an integer", path, entry, "damage")
            o.damage = dmg
            counters = opts.get("counters") or {}
            if not isinstance(counters, dict):
                raise _err("counters must be a mapping like {\"+1/+1\": 2}", path, entry, "counters")
            if card.loyalty is not None and "Planeswalker" in card.types and "loyalty" not in counters:
                o.counters["loyalty"] = card.loyalty  # 306.5b: a planeswalker set up without counters has its printed loyalty
            for k, v in counters.items():
                if not isinstance(v, int):
                    raise _err(f"counter count for {k!r} must be an integer", path, entry, "counters")
                if v:
                    o.counters[str(k)] = v
            if "chosen_color" in opts:
                o.chosen_color = str(opts["chosen_color"]).upper()
            if "attached_to" in opts:
                self._attach[o.id] = (str(opts["attached_to"]), entry)
        else:
            s.players[p].zone_list(zone).append(o.id)

    def _attach_target(self, oid: int, target: str, node: Any) -> int:
        """What a permanent set up with `attached_to:` is attached to: a permanent named by id or by
        name (the first of that name other than itself), or a player for an Aura (702.5d, Curses).
        Refused: an object that isn't an Aura, Equipment or Fortification, itself, a missing object,
        and an object in another zone (301.5, 303.4)."""
        s, path = self.game.s, self.path
        o = s.objects[oid]
        label = f"attached_to: {o.card.name}"

        def bad(msg: str) -> InputError:
            return _err(f"{label} {msg}", path, node, "attached_to")
        subtypes = set(o.card.subtypes)
        if not subtypes & {"Aura", "Equipment", "Fortification"}:
            raise bad("is not an Aura, Equipment or Fortification, so it can't be attached to anything (301.5, 303.4)")
        p = self.player_index(target)
        if p is not None:
            if "Aura" not in subtypes:
                raise bad(f"can't be attached to the player {target!r}: only an Aura can (702.5d)")
            return player_ref(p)
        if target in self.ids:
            tid = self.ids[target]
        else:
            same = [h for h in self.handles if s.objects[h].card.name == target]
            on_bf = [h for h in same if s.objects[h].zone == BATTLEFIELD and h != oid]
            if on_bf:
                return on_bf[0]
            if not same:
                hint = did_you_mean(target, list(self.ids) + [s.objects[h].card.name for h in self.handles
                                                               if s.objects[h].zone == BATTLEFIELD])
                raise bad(f"is attached to {target!r}, but there is no such object{hint}")
            tid = same[0]
        if tid == oid:
            raise bad("can't be attached to itself (301.5c, 303.4d)")
        t = s.objects[tid]
        if t.zone != BATTLEFIELD:
            raise bad(f"is attached to {target!r}, which is in the {t.zone}, not on the battlefield")
        return tid

    def _check_attachment_cycles(self) -> None:
        """A chain of attachments that comes back to where it started can't exist."""
        s = self.game.s
        for start in self._attach:
            chain = [start]
            cur = s.objects[start].attached_to
            while cur is not None and cur >= 0 and cur in self._attach:
                if cur in chain:
                    names = " -> ".join(self.display(x) for x in chain[chain.index(cur):] + [cur])
                    raise _err(f"attached_to: circular attachments {names}", self.path, self._attach[start][1],
                               "attached_to")
                chain.append(cur)
                cur = s.objects[cur].attached_to

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
        if kind in ("play", "cast", "activate", "turn_face_up", "suspend", "foretell", "plot") and not isinstance(
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

    @staticmethod
    def one_at_a_time(acts: list[A.Action]) -> bool:
        """Whether the decision picks one object (or player) among several, not a list at once."""
        values = [a.value for a in acts if isinstance(a, A.Choose)]
        return bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)

    def order_triggers(self, d) -> None:
        """603.3b: `d.player` orders their simultaneous triggered abilities, answered (SCENARIOS.md) as
        one list of their sources, first put on the stack first. An order that can't change the result
        (identical triggers: one class) is made without asking; an answer given for it is checked and
        used up. A list naming none of the triggers is left for a later choice."""
        g = self.game
        trigs, classes = d.data
        n = len(trigs)
        distinct = len(set(classes)) > 1
        q = self.answers[d.player]
        if q and isinstance(q[0][0], list):
            value, line = q[0]
            order, why = self.match_trigger_order(trigs, classes, value)
            if order is not None:
                q.pop(0)
                g.apply(A.Choose(order))
                return
            if distinct or why != "names none of them":
                raise StepError(f"answer {value!r} (line {line}) doesn't fit the choice: {why}: {d.prompt}")
        elif q and distinct:
            value, line = q[0]
            raise StepError(f"answer {value!r} (line {line}) doesn't fit the choice: an order of triggered "
                            f"abilities is one list of their sources: {d.prompt}")
        if distinct:
            raise ScenarioFailure(f"unanswered choice: {d.prompt} ({g.s.players[d.player].name})")
        g.apply(A.Choose(tuple(range(n))))  # every order is the same (identical triggers)

    def match_trigger_order(self, trigs: tuple, classes: tuple[int, ...], value: list
                            ) -> tuple[tuple[int, ...] | None, str]:
        """The order (trigger indices) a list of sources names, or (None, why not). Each item names
        triggers by their source (an id, or a card name: a name repeated picks the next object of that
        name, in setup order, once the previous one's triggers are used up) or by a part of the
        ability's text (`"draw two cards"`: one source with several triggers, Mulldrifter evoked)."""
        g = self.game
        n = len(trigs)
        if len(value) != n:
            return None, f"{len(value)} item(s) for {n} triggered abilities"
        order_of = {c: i for i, c in enumerate(self.candidates())}

        def src(t: tuple) -> int:
            return g.current_id(t[1])

        named: list[set[int]] = []
        name_uses: dict[str, int] = {}
        for item in value:
            m: set[int] = set()
            if isinstance(item, str) and item in self.ids:
                cur = g.current_id(self.ids[item])
                m = {i for i, t in enumerate(trigs) if src(t) == cur}
            elif isinstance(item, str | int) and not isinstance(item, bool):
                text = str(item)
                by_name = [i for i, t in enumerate(trigs) if t[4] == text]
                if by_name:
                    # the k-th mention of a name: the sources of that name in setup order, each for as
                    # many mentions as it has triggers here
                    k = name_uses.get(text, 0)
                    name_uses[text] = k + 1
                    objs = sorted({src(trigs[i]) for i in by_name}, key=lambda o: (order_of.get(o, 1 << 30), o))
                    for o in objs:
                        mine = {i for i in by_name if src(trigs[i]) == o}
                        if k < len(mine):
                            m = mine
                            break
                        k -= len(mine)
                else:
                    want = _norm(text)
                    m = {i for i, t in enumerate(trigs) if want and want in _norm(t[2].text.replace("CARDNAME", t[4]))}
            named.append(m)
        if not any(named):
            return None, "names none of them"
        found: dict[tuple[int, ...], tuple[int, ...]] = {}  # class sequence -> first order giving it
        kinds: set[tuple] = set()  # (source, ability) sequences of the orders that fit

        def walk(k: int, used: tuple[int, ...]) -> None:
            if len(kinds) > 1 or len(found) > 200:
                return
            if k == n:
                found.setdefault(tuple(classes[i] for i in used), used)
                kinds.add(tuple((src(trigs[i]), trigs[i][2].text) for i in used))
                return
            for i in sorted(named[k]):
                if i not in used:
                    walk(k + 1, used + (i,))

        walk(0, ())
        if not found:
            return None, "it doesn't name each of them once"
        if len(found) > 1 and len(kinds) > 1:
            return None, ("ambiguous: more than one order fits; name the sources by id or the abilities by a "
                          "part of their text")
        # One order, or orders that differ only in which of one source's triggers of one ability (on
        # different event objects) goes first: a repeated name takes them in the order they triggered,
        # as repeated names pick objects in order.
        seq = next(iter(found))
        left = list(range(n))
        out = []
        for c in seq:  # identical triggers in the order they triggered (the listed form of the order)
            i = next(j for j in left if classes[j] == c)
            left.remove(i)
            out.append(i)
        return tuple(out), ""

    def answer_action(self, d, value: Any, acts: list[A.Action]) -> A.Action | None:
        g = self.game
        if d.kind in ("discard", "bottom", "legend", "trigger_target"):
            options = [a.value for a in acts if isinstance(a, A.Choose)]
            if value is None:
                # `null`: an "up to N" target left unchosen (601.2c)
                return A.Choose(None) if None in options else None
            p = self.player_index(value)
            if p is not None and player_ref(p) in options:
                return A.Choose(player_ref(p))
            if isinstance(value, str) and value in self.ids:
                oid = g.current_id(self.ids[value])
                return A.Choose(oid) if oid in options else None
            for oid in options:
                if isinstance(oid, int) and oid >= 0 and g.s.objects[oid].card.name == str(value):
                    # the first object of that name that fits, in setup order
                    for c in self.candidates():
                        if c in options and g.s.objects[c].card.name == str(value):
                            return A.Choose(c)
            return None
        if d.kind == "choose_mana":
            return A.Choose(str(value).strip("{}").upper())
        if d.kind == "sacrifice_unless":
            if value is False:
                return A.Choose(False)
            cands = d.data[0]
            try:
                oid = self.ref(value, lambda o: o.id in cands)
            except StepError:
                return None
            return A.Choose(oid) if oid in cands else None
        if d.kind == "mulligan":
            return A.Choose(bool(value))
        return self.generic_answer(d, value, acts)

    def generic_answer(self, d, value: Any, acts: list[A.Action]) -> A.Action | None:
        """Choices effects make as they resolve (rules/effects.py CHOICES, modes of a triggered
        ability), in SCENARIOS.md's answer forms: yes/no as true/false; modes as numbers; objects by
        name or id; several objects at once (scry, surveil) as one list, `[]` for none."""
        options = [a.value for a in acts if isinstance(a, A.Choose)]
        if isinstance(value, bool):
            return A.Choose(value) if any(isinstance(o, bool) and o == value for o in options) else None
        if d.kind == "choose_mode":
            want = tuple(value) if isinstance(value, list) else (value,)
            return A.Choose(want) if want in options else None
        if d.kind in ("scry", "surveil") or any(isinstance(o, tuple) for o in options):
            names = value if isinstance(value, list) else [value]
            chosen: list[int] = []
            for n in names:
                try:
                    oid = self.ref(n, lambda o: o.id in d.data and o.id not in chosen)
                except StepError:
                    return None
                if oid not in (d.data or ()) or oid in chosen:
                    return None
                chosen.append(oid)
            return A.Choose(tuple(chosen))
        if isinstance(value, str) and any(isinstance(o, str) for o in options):
            # a color ("G") or a creature type by name
            want = value.strip("{}").lower()
            return next((A.Choose(o) for o in options if isinstance(o, str) and o.lower() == want), None)
        cands = [o for o in options if isinstance(o, int) and not isinstance(o, bool)]
        try:
            oid = self.ref(value, lambda o: o.id in cands)
        except StepError:
            return None
        return A.Choose(oid) if oid in cands else None

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
                # "You may play lands from your graveyard" (Crucible of Worlds).
                card = self.find(step["play"], lambda o: o.zone == GRAVEYARD and o.owner == by
                                 and any(perm(g, by, o) for perm in stack.LAND_PERMISSIONS))
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
            from ..rules import vehicles_facedown
            fu = vehicles_facedown.face_up_cost(g.s.objects[oid])
            payment = self._payment(by, step.get("pay"), requirements(fu[0]) if fu else [])
            g.apply(A.TurnFaceUp(oid, payment))
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
        for i, n in enumerate(names):
            spec = specs[i] if i < len(specs) else None
            if n is None and spec is not None and spec.optional:
                out.append(None)  # `null`: an "up to N" target left unchosen (601.2c)
            elif spec is not None:
                def fits(o, spec=spec):
                    return stack.target_legal(self.game, spec, o.id, by, source, colors)
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
            abil = [(i, ab) for i, ab in enumerate(stack.activated_abilities(g, o)) if isinstance(ab, ManaAbility)]
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
            def from_graveyard(o) -> bool:
                return o.zone in (GRAVEYARD, EXILE) and o.owner == by and (
                    (o.zone == GRAVEYARD and stack.flashback_cost(o.card) is not None)
                    or stack.cast_permission(g, by, o) is not None)
            card = self.find(name, from_graveyard)
            if card is None or not from_graveyard(g.s.objects[card]):
                raise StepError(f"{name!r} is not in {self.pnames[by]}'s hand")
        o = g.s.objects[card]
        specs = stack.spell_targets(o.card)
        targets = self._targets(by, specs, step.get("targets"), card, o.card.colors)
        x = step.get("x", 0)
        if not isinstance(x, int):
            raise StepError("x: must be an integer")
        permit = stack.cast_permission(g, by, o) if o.zone in (GRAVEYARD, EXILE) and not (
            o.zone == GRAVEYARD and stack.flashback_cost(o.card) is not None) else None
        if permit is not None:
            reqs = permit.reqs(g, by, o.card, x, targets)
        else:
            reqs = stack.flashback_reqs(g, by, o.card, x) if o.zone == GRAVEYARD else stack.total_cost_reqs(g, by, o.card, x)
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
            oid = self.find(name, lambda o: o.zone == HAND and o.owner == by and bool(stack.hand_abilities(o.card)))
        if oid is None:
            # 113.6m: an ability that works from its owner's graveyard (unearth, scavenge, embalm).
            oid = self.find(name, lambda o: o.zone == GRAVEYARD and o.owner == by and bool(graveyard_abilities(o.card)))
        if oid is None:
            raise StepError(f"no permanent {name!r}")
        o = g.s.objects.get(oid)
        if o is None or o.zone not in (BATTLEFIELD, HAND, GRAVEYARD):
            raise StepError(f"{name!r} is not on the battlefield")
        idx, ab = self._ability(o, step.get("ability"))
        if step.get("modes"):  # CastSpell takes modes; ActivateAbility has none yet: say so, don't ignore them
            raise StepError("modes: choosing the modes of an activated ability is not supported")
        if isinstance(ab, ManaAbility):
            if step.get("targets") or step.get("x"):
                raise StepError(f"{o.card.name}: {ab.text!r} is a mana ability: it takes no targets or X (605.1a)")
            self.ensure_priority(by)
            payment = self._payment(by, step.get("pay"), requirements(ab.cost.mana))
            # Its choices (mana, replacement order, triggered mana) are asked through `chooser`.
            g.apply(A.ActivateAbility(oid, idx, (), 0, payment, ()))
            return
        self.ensure_priority(by)
        targets = self._targets(by, ab.targets, step.get("targets"), oid, g.chars(o).colors)
        x = step.get("x", 0)
        payment = self._payment(by, step.get("pay"), requirements(ab.cost.mana, x))
        g.apply(A.ActivateAbility(oid, idx, targets, x, payment))

    def _ability(self, o: Obj, selector: Any) -> tuple[int, Any]:
        """`ability: N` (SCENARIOS.md): the N-th activated ability the object has, in printed order,
        counting keyword abilities with an activation cost (cycling, unearth) and abilities that
        work only from another zone (113.6); or the ability with that text. Returns the ability's
        index among those that work from the object's zone (what ActivateAbility names), or refuses
        one that can't be activated from there. Without a selector: the first that works from there."""
        g = self.game
        if o.zone == BATTLEFIELD:
            usable = list(stack.activated_abilities(g, o))
            printed = [ab for ab in g.chars(o).abilities if isinstance(ab, ActivatedAbility | ManaAbility)]
        else:
            usable = stack.hand_abilities(o.card) if o.zone == HAND else list(graveyard_abilities(o.card))
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

    def chooser(self, p: int, kind: str, options: list, prompt: str, asked: bool = True) -> Any:
        """Answer a choice made while a mana ability resolves, from `p`'s answers. `asked` False: a
        choice the rules make without asking (mana_payment.unasked): the next answer is taken if it
        fits the options, else None (the engine's pick stands; the answer is for a later choice)."""
        q = self.answers[p]
        if not asked:
            if not q or kind in SET_CHOICES:
                return None
            pick = self.match_option(kind, q[0][0], options)
            if pick is not None:
                q.pop(0)
            return pick
        if kind in SET_CHOICES:
            return self.choose_set(p, kind, options, prompt)
        if not q:
            if len(options) == 1:
                return options[0]
            raise IllegalActionError(f"unanswered choice: {prompt}")
        value, line = q[0]
        pick = self.match_option(kind, value, options)
        if pick is None:
            if len(options) == 1 and kind != "sacrifice":
                return options[0]
            raise IllegalActionError(f"answer {value!r} (line {line}) doesn't fit the choice: {prompt}")
        q.pop(0)
        return pick

    def choose_set(self, p: int, kind: str, options: list, prompt: str) -> tuple[int, ...]:
        """Several objects at once, any number of them (702.51a convoke: the creatures tapped), answered
        with one list, `[]` (or false) for none; it is always asked (there is always a choice)."""
        q = self.answers[p]
        if not q:
            raise IllegalActionError(f"unanswered choice: {prompt}")
        value, line = q[0]
        names = [] if value is False else value if isinstance(value, list) else [value]
        chosen: list[int] = []
        for n in names:
            try:
                oid = self.ref(n, lambda o: o.id in options and o.id not in chosen)
            except StepError:
                oid = None
            if oid is None or oid not in options or oid in chosen:
                raise IllegalActionError(f"answer {value!r} (line {line}) doesn't fit the choice: {prompt}")
            chosen.append(oid)
        q.pop(0)
        return tuple(chosen)

    def match_option(self, kind: str, value: Any, options: list) -> Any:
        g = self.game
        if kind == "mana":
            return produce.choose_output(tuple(options), value, "")
        if kind == "sacrifice":
            try:
                oid = self.ref(value, lambda o: o.id in options)
            except StepError:
                return None
            return oid if oid in options else None
        if kind == "replacement_order":
            names = value if isinstance(value, list) else [value]
            want = []
            for n in names:
                if isinstance(n, str) and n in self.ids:
                    want.append(("id", g.current_id(self.ids[n])))
                else:
                    want.append(("name", str(n)))
            for order in options:
                applied = list(order)
                if len(applied) < len(want):
                    continue
                if all((r.key == w[1]) if w[0] == "id" else (r.name == w[1]) for r, w in zip(applied, want)):
                    return order
            return None
        if kind == "color":
            v = str(value).strip("{}").upper()
            return v if v in options else None
        if kind == "creature_type":
            v = str(value).strip().lower()
            return next((o for o in options if o.lower() == v), None)
        if kind in ("replicate", "squad", "assist"):  # 702.56a / 702.157a / 702.132a: a number
            return value if isinstance(value, int) and not isinstance(value, bool) and value in options else None
        if options and all(isinstance(o, bool) for o in options):
            # A yes/no made while casting: an optional additional cost such as kicker (702.33a).
            return value if isinstance(value, bool) and value in options else None
        if options and all(isinstance(o, int) and not isinstance(o, bool) for o in options):
            # Objects a cost uses (cards to discard, creatures to tap ...), by name or id.
            try:
                oid = self.ref(value, lambda o: o.id in options)
            except StepError:
                return None
            return oid if oid in options else None
        return None

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

    def attack(self, by: int, spec: Any) -> None:
        g = self.game
        self._goto_decision("attackers", "declare_attackers")
        if g.pending.player != by:
            raise IllegalActionError(f"508.1: {self.pnames[g.pending.player]} declares attackers"
                                     + (" (the active player)" if g.pending.player == g.s.active else ""))
        attacker = g.s.active  # the creatures are the active player's, whoever declares (508.1)
        pairs = []
        used: set[int] = set()
        if isinstance(spec, list):
            for n in spec:
                pairs.append((self.ref_distinct(n, lambda o: o.zone == BATTLEFIELD and o.controller == attacker, used),
                              player_ref(1 - attacker)))
        elif isinstance(spec, dict):
            for n, d in spec.items():
                pairs.append((self.ref_distinct(n, lambda o: o.zone == BATTLEFIELD and o.controller == attacker, used),
                              self.ref(d)))
        else:
            raise StepError("attack: expects a list of creatures or a mapping creature: player")
        g.apply(A.DeclareAttackers(tuple(pairs)))

    def block(self, by: int, spec: Any) -> None:
        g = self.game
        self._goto_decision("blockers", "declare_blockers")
        if g.pending.player != by:
            raise IllegalActionError(f"509.1: {self.pnames[g.pending.player]} declares blockers"
                                     + (" (the defending player)" if g.pending.player != g.s.active else ""))
        if not isinstance(spec, dict):
            raise StepError("block: expects a mapping blocker: attacker")
        cb = g.s.combat
        defender = 1 - g.s.active  # the creatures are the defending player's, whoever declares (509.1)
        blocks = []
        used: set[int] = set()
        for b, a in spec.items():
            bid = self.ref(b, lambda o: o.zone == BATTLEFIELD and o.controller == defender and o.id not in used)
            used.add(bid)
            atts = a if isinstance(a, list) else [a]
            named: set[int] = set()
            aids = tuple(self.ref_distinct(x, lambda o: cb is not None and o.id in cb.attackers, named) for x in atts)
            blocks.append((bid, aids))
        g.apply(A.DeclareBlockers(tuple(blocks)))

    def order(self, by: int, spec: Any) -> None:
        g = self.game
        if not isinstance(spec, dict):
            raise StepError("order_blockers: expects a mapping attacker: [blockers]")
        if not combat_rules.uses_order(g):
            raise IllegalActionError(f"profile {g.s.profile} has no damage assignment order (509.2 removed)")
        cb = g.s.combat
        for a, blockers in spec.items():
            # Keyed by an attacker: its blockers (509.2); keyed by a blocker: its attackers (509.3).
            aid = self.ref(a, lambda o: cb is not None and (o.id in cb.attackers or o.id in cb.blockers))
            if not isinstance(blockers, list):
                raise StepError("order_blockers: each creature maps to a list of creatures")
            keyed_by_blocker = cb is not None and aid in cb.blockers and aid not in cb.attackers
            pool = (cb.attackers if keyed_by_blocker else cb.blockers) if cb is not None else {}
            bids = tuple(self.ref(b, lambda o, pool=pool: o.id in pool) for b in blockers)
            d = g.pending
            if d is None or d.kind != "order_blockers":
                raise StepError("no damage assignment order is being announced now (509.2)")
            if d.player != by:
                raise IllegalActionError(f"{'509.3: the defending' if keyed_by_blocker else '509.2: the active'} "
                                         f"player ({self.pnames[d.player]}) announces the order")
            g.apply(A.OrderBlockers(aid, bids))

    def assign(self, by: int, spec: Any) -> None:
        g = self.game
        if not isinstance(spec, dict):
            raise StepError("assign_damage: expects {creature: {recipient: amount}}")
        cb = g.s.combat
        asg = []
        for c, rec in spec.items():
            cid = self.ref(c, lambda o: cb is not None and (o.id in cb.attackers or o.id in cb.blockers))
            if not isinstance(rec, dict):
                raise StepError("assign_damage: each creature maps to {recipient: amount}")
            parts = []
            for r, n in rec.items():
                if not isinstance(n, int):
                    raise StepError("assign_damage amounts must be integers")
                parts.append((self.ref(r, lambda o: o.zone == BATTLEFIELD), n))
            asg.append((cid, tuple(parts)))
        mapping = dict(asg)
        for _ in range(1000):
            self._check_auto_assigned(mapping)
            if not mapping:
                self.flush_unasked_assignments()
                return
            self.settle()
            d = g.pending
            if d is None or d.kind != "assign_damage":
                left = [g.name_of(c) for c in mapping]
                raise StepError(f"no combat damage assignment is pending now for {', '.join(left)} (510.1)")
            if d.data in mapping:
                mine = tuple((c, parts) for c, parts in mapping.items() if g.s.objects[c].controller == d.player)
                g.apply(A.AssignDamage(mine))
                for c, _ in mine:
                    del mapping[c]
                continue
            self.default_assignment(d.data)  # a creature the script leaves to the default
        raise StepError("assign_damage: did not finish")

    def default_assignment(self, cid: int) -> None:
        """Make `cid`'s default (or only) combat damage assignment, remembered so that a later
        assign_damage answer for it is checked against it."""
        act = self.game.legal_actions()[0]
        self.auto_assigned[cid] = _parts(act, cid)
        self.game.apply(act)

    def flush_unasked_assignments(self) -> None:
        """After the script's assignments, those with one legal option are made without asking (a
        blocker blocking one attacker assigns all its damage to it), and the damage is dealt (510.2)."""
        g = self.game
        for _ in range(1000):
            self.settle()
            d = g.pending
            if d is None or d.kind != "assign_damage" or self._asked(d.data):
                return
            self.default_assignment(d.data)

    def _asked(self, cid: int) -> bool:
        """Whether `cid`'s combat damage assignment is a choice (more than one legal assignment)."""
        g = self.game
        return combat_rules.has_choice(g, cid, combat_rules.already_assigned(g, cid))

    def _check_auto_assigned(self, mapping: dict) -> None:
        """An assignment given for a creature whose assignment was already made without asking (its
        only legal one, or the default before another step) is checked against it and used up."""
        g = self.game
        for cid in list(mapping):
            # keyed by the creature as it assigned (it may have died since: a new object, 400.7)
            made = next((asg for k, asg in self.auto_assigned.items() if k == cid or g.current_id(k) == cid), None)
            if made is None:
                continue
            given: dict[int, int] = {}
            for r, n in mapping[cid]:
                r = g.current_id(r) if r >= 0 else r
                given[r] = given.get(r, 0) + n
            made_now = {(g.current_id(r) if r >= 0 else r): n for r, n in made.items()}
            if {r: n for r, n in given.items() if n} != {r: n for r, n in made_now.items() if n}:
                raise IllegalActionError(f"510.1: {g.name_of(cid)}'s combat damage has one legal assignment "
                                         f"({', '.join(f'{g.name_of(r)}: {n}' for r, n in made.items())}), "
                                         f"not this one")
            del mapping[cid]

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
        if (g.s.turn, g.s.step) > target:
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
            if here > target:
                return
            first = False
            self.pass_once()
        raise StepError("advance: did not reach the step")

    def finish_script(self) -> None:
        for p, q in self.answers.items():
            if q:
                value, line = q[0]
                raise ScenarioFailure(f"unused answer: {value!r} (line {line}) for {self.pnames[p]}")

    # ------------------------------------------------------------------ expectations
    def check_expectations(self, items: list, where: str) -> None:
        for i, item in enumerate(items):
            line = line_of(items, i)
            if not isinstance(item, dict):
                raise InputError(f"expectation must be a mapping, got {item!r}", self.path, line)
            try:
                self.check_one(item, line)
            except StepError as exc:
                raise ScenarioFailure(f"{where}, expectation {i + 1} (line {line}): {exc}") from None
            except ScenarioFailure as exc:
                raise ScenarioFailure(f"{where}, expectation {i + 1} (line {line}): {exc}") from None

    def check_one(self, item: dict, line: int | None) -> None:
        g = self.game
        s = g.s
        if "player" in item:
            p = self.player_index(item["player"])
            if p is None:
                raise InputError(f"unknown player {item['player']!r}", self.path, line)
            pl = s.players[p]
            for k, v in item.items():
                if k == "player":
                    continue
                if k == "life":
                    self.cmp(f"{pl.name} life", v, pl.life)
                elif k == "mana_pool":
                    if isinstance(v, dict):
                        want = tuple(int(v.get(t, 0)) for t in TYPES)
                        for key in v:
                            if key not in TYPES:
                                raise InputError(f"mana_pool: unknown mana type {key!r}", self.path, line)
                        self.cmp(f"{pl.name} mana pool", format_bag(want), format_bag(pl.pool), want == pl.pool)
                    else:
                        try:
                            want = parse_mana(str(v or ""))
                        except ValueError as exc:
                            raise InputError(str(exc), self.path, line) from None
                        self.cmp(f"{pl.name} mana pool", format_bag(want) or '""', format_bag(pl.pool) or '""',
                                 want == pl.pool)
                elif k == "mana_options":
                    opts = produce.mana_options(g, p)
                    try:
                        want = sorted(parse_mana(str(x or "")) for x in (v or []))
                    except ValueError as exc:
                        raise InputError(str(exc), self.path, line) from None
                    got = sorted(opts)
                    if want == [] and got == [(0,) * 6]:
                        got = []
                    self.cmp(f"{pl.name} mana options", [format_bag(x) for x in want],
                             [format_bag(x) for x in got], want == got)
                elif k == "hand_count":
                    self.cmp(f"{pl.name} hand_count", v, len(pl.hand))
                elif k == "library_count":
                    self.cmp(f"{pl.name} library_count", v, len(pl.library))
                elif k == "lost":
                    self.cmp(f"{pl.name} lost", v, pl.lost)
                elif k == "poison":
                    self.cmp(f"{pl.name} poison", v, pl.poison)
                else:
                    raise InputError(f"unknown player property {k!r}", self.path, line)
            return
        if "card" in item:
            self.check_card(item, line)
            return
        if "count" in item:
            spec = item["count"]
            if "equals" not in item or not isinstance(spec, dict):
                raise InputError("count: expects {count: {zone, controller, name}, equals: K}", self.path, line)
            zone = spec.get("zone")
            ctrl = self.player_index(spec["controller"]) if "controller" in spec else None
            if "controller" in spec and ctrl is None:
                raise InputError(f"unknown player {spec['controller']!r}", self.path, line)
            if zone is not None and zone not in ZONE_NAMES:
                raise InputError(f"unknown zone {zone!r}", self.path, line)
            n = 0
            for o in s.objects.values():
                if zone is not None and o.zone != zone:
                    continue
                if ctrl is not None:
                    who = o.controller if o.zone in (BATTLEFIELD, STACK) else o.owner
                    if who != ctrl:
                        continue
                if "name" in spec and o.card.name != spec["name"]:
                    continue
                n += 1
            self.cmp(f"count {dict(spec)}", item["equals"], n)
            return
        if "stack" in item:
            want = item["stack"] or []
            got = [it.name for it in reversed(s.stack)]
            self.cmp("stack", list(want), got)
            return
        if "game" in item:
            spec = item["game"]
            if not isinstance(spec, dict):
                raise InputError("game: expects a mapping", self.path, line)
            for k, v in spec.items():
                if k == "turn":
                    self.cmp("turn", v, s.turn)
                elif k == "step":
                    self.cmp("step", v, STEPS[s.step])
                elif k == "over":
                    self.cmp("game over", v, s.over)
                elif k == "winner":
                    got = None if s.winner is None else self.pnames[s.winner]
                    self.cmp("winner", v, got)
                    if v is None and not s.over:
                        raise ScenarioFailure("winner: expected a draw, but the game is not over")
                else:
                    raise InputError(f"unknown game property {k!r}", self.path, line)
            return
        if "log" in item:
            spec = item["log"]
            if not isinstance(spec, dict):
                raise InputError("log: expects a mapping of fields", self.path, line)
            for e in s.log:
                if all(str(e.get(k)) == str(v) for k, v in spec.items()):
                    return
            absent = [k for k in spec if not any(k in e for e in s.log)]
            why = f" (no event has a field {', '.join(map(repr, absent))})" if absent else ""
            raise ScenarioFailure(f"no log event matches {dict(spec)}{why}")
        raise InputError(f"unknown expectation {dict(item)} (player, card, count, stack, game, log)", self.path, line)

    def cmp(self, what: str, want: Any, got: Any, ok: bool | None = None) -> None:
        if ok is None:
            ok = want == got
        if not ok:
            raise ScenarioFailure(f"{what}: expected {want!r}, found {got!r}")

    def check_card(self, item: dict, line: int | None) -> None:
        g = self.game
        s = g.s
        name = item["card"]
        if isinstance(name, str) and name.startswith("stack:"):
            n = int(name.split(":")[1])
            if not 1 <= n <= len(s.stack):
                raise ScenarioFailure(f"{name}: the stack has {len(s.stack)} object(s)")
            it = s.stack[-n]
            for k, v in item.items():
                if k == "card":
                    continue
                if k == "name":
                    self.cmp(f"{name} name", v, it.name)
                elif k == "controller":
                    got = None if it.controller is None else self.pnames[it.controller]
                    self.cmp(f"{name} controller", v, got)
                elif k == "targets":
                    self.cmp(f"{name} targets", list(v or []), [self.display(t) for t in it.targets if t is not None])
                else:
                    raise InputError(f"unknown property {k!r} for a stack object", self.path, line)
            return
        oid = self.find(name)
        o = s.objects.get(oid) if oid is not None else None
        label = f"card {name!r}"
        for k, v in item.items():
            if k == "card":
                continue
            if o is None:
                if k == "zone" and v is None:
                    continue
                raise ScenarioFailure(f"{label}: no such object exists (it may have ceased to exist)")
            if k == "zone":
                self.cmp(f"{label} zone", v, o.zone)
            elif k == "controller":
                self.cmp(f"{label} controller", v, self.pnames[o.controller])
            elif k == "owner":
                self.cmp(f"{label} owner", v, self.pnames[o.owner])
            elif k == "tapped":
                self.cmp(f"{label} tapped", v, o.tapped)
            elif k in ("power", "toughness"):
                self.cmp(f"{label} {k}", v, getattr(g.chars(o), k))
            elif k == "damage":
                self.cmp(f"{label} damage", v, o.damage)
            elif k == "counters":
                if not isinstance(v, dict):
                    raise InputError("counters: expects a mapping", self.path, line)
                for ck, cv in v.items():
                    self.cmp(f"{label} {ck} counters", cv, o.counters.get(str(ck), 0))
            elif k == "mana_value":
                mv = o.card.mana_cost.mana_value
                if o.zone == STACK:
                    mv = o.card.mana_cost.mana_value_with_x(o.x)
                self.cmp(f"{label} mana_value", v, mv)
            elif k == "could_produce":
                got = sorted(produce.could_produce(g, o)) if o.zone == BATTLEFIELD else []
                self.cmp(f"{label} could_produce", sorted(v or []), got)
            elif k == "attacking":
                cb = s.combat
                self.cmp(f"{label} attacking", v, bool(cb and o.id in cb.attackers))
            elif k == "blocking":
                cb = s.combat
                self.cmp(f"{label} blocking", v, bool(cb and o.id in cb.blockers))
            elif k == "sick":
                self.cmp(f"{label} sick", v, o.sick)
            elif k == "types":
                c = g.chars(o)
                have = set(c.types) | set(c.subtypes) | set(c.supertypes)
                missing = [t for t in (v or []) if t not in have]
                if missing:
                    raise ScenarioFailure(f"{label} types: expected {list(v)} to be there, missing {missing} "
                                          f"(has {sorted(have)})")
            elif k == "attached_to":
                got = None if o.attached_to is None else self.display(o.attached_to)
                pv = self.player_index(v) if isinstance(v, str) else None
                want_id = None if v is None else player_ref(pv) if pv is not None else self.find(v)  # 702.5d
                ok = (v is None and o.attached_to is None) or (want_id is not None and want_id == o.attached_to)
                self.cmp(f"{label} attached_to", v, got, ok)
            else:
                raise InputError(f"unknown card property {k!r}", self.path, line)

    def display(self, ref: int) -> str:
        if ref < 0:
            return self.pnames[-1 - ref]
        for k, v in self.ids.items():
            if self.game.current_id(v) == ref:
                return k
        return self.game.name_of(ref)


def _parts(action: Any, cid: int) -> dict[int, int]:
    """The recipients and amounts an AssignDamage action gives creature `cid`."""
    out: dict[int, int] = {}
    for c, parts in getattr(action, "assignments", ()):
        if c == cid:
            for r, n in parts:
                out[r] = out.get(r, 0) + n
    return out


def _ability_zone(ab: Any) -> str:
    """The zone an activated ability works from (113.6: the battlefield unless it says otherwise)."""
    return getattr(ab, "zone", "") or BATTLEFIELD


def _norm(text: str) -> str:
    return " ".join(text.replace("(", "").replace(")", "").split()).lower()


_ = (EXILE, GRAVEYARD, LIBRARY)
