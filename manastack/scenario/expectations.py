"""Checking what a scenario expects (SCENARIOS.md "expect"): players, cards, zones, the stack, mana."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..model.mana import TYPES, format_bag, parse_mana
from ..model.state import (
    BATTLEFIELD,
    STACK,
    STEPS,
    player_ref,
)
from ..rules import produce, targeting
from .common import ScenarioFailure, StepError
from .schema import (
    ZONE_NAMES,
)
from .yamlio import line_of


class Expectations:
    """The scenario Runner's checks of what a file expects (a part of Runner)."""

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
                # 202.3, 107.3m (X on the stack), 712.8e (a transformed permanent: its front face's)
                self.cmp(f"{label} mana_value", v, targeting.mana_value(o))
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
