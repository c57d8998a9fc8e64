"""Setting up the position of a scenario (SCENARIOS.md "players", "start"): the objects of each zone,
their attachments, counters and designations."""

from __future__ import annotations

from typing import Any

from ..cards.db import get_card
from ..engine.game import PROFILES, Game
from ..errors import CardError, InputError
from ..inputs import did_you_mean
from ..model.mana import parse_mana
from ..model.state import (
    BATTLEFIELD,
    STEP_INDEX,
    STEPS,
    Combat,
    player_ref,
)
from .common import _err
from .schema import (
    CARD_KEYS,
    PERM_KEYS,
    PLAYER_KEYS,
)
from .yamlio import line_of


class SetupSteps:
    """The scenario Runner's setup: the position a file describes (a part of Runner)."""

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
