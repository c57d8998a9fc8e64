"""What must hold after every action of every game, whatever the cards (the fuzzer checks it):

- conservation: the number of cards each player owns, over all zones, never changes (tokens
  and emblems excluded), and every object is in exactly the zone it says it is in (400.1, 400.7);
- 500.4 / 106.4: no mana survives a step change (mana an effect keeps, 106.4a, excepted);
- 704.3 / 117.5: when a player receives priority no creature has lethal damage or toughness 0
  (704.5f-g), and no player has 0 or less life or 10 poison counters (704.5a, 704.5c);
- 305.2: at most one land played per turn unless an effect allows more;
- a game not over has a pending decision with at least one legal action; a game over has a result.
"""

from __future__ import annotations

from ..engine.game import Game
from ..model.mana import EMPTY
from ..model.state import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, OUTSIDE, PHASED_OUT, STACK


class InvariantViolation(Exception):
    """An invariant of the rules does not hold (an engine bug)."""


class Invariants:
    """Checks one game's invariants; `check()` after each action raises InvariantViolation."""

    def __init__(self, g: Game) -> None:
        self.g = g
        self.owned = self.count_owned()
        self.where = (g.s.turn, g.s.step)

    def fail(self, msg: str) -> None:
        raise InvariantViolation(msg)

    def count_owned(self) -> list[int]:
        counts = [0, 0]
        for o in self.g.s.objects.values():
            if not o.card.is_token and o.zone != COMMAND:  # 114.1: an emblem is no card
                counts[o.owner] += 1
        return counts

    def check_zones(self) -> None:
        s = self.g.s
        seen: dict[int, str] = {}

        def put(oid: int, zone: str) -> None:
            if oid in seen:
                self.fail(f"object {oid} is in {seen[oid]} and {zone} (400.1)")
            seen[oid] = zone

        for i, pl in enumerate(s.players):
            for zone, ids in ((LIBRARY, pl.library), (HAND, pl.hand), (GRAVEYARD, pl.graveyard), (EXILE, pl.exile),
                              (OUTSIDE, pl.outside)):  # 702.139a: the companion
                for oid in ids:
                    put(oid, zone)
                    o = s.objects.get(oid)
                    if o is None:
                        self.fail(f"{zone} of player {i} lists unknown object {oid}")
                    elif o.owner != i:
                        self.fail(f"{o} is in player {i}'s {zone} but owned by player {o.owner} (400.3)")
        for oid in s.battlefield:
            put(oid, BATTLEFIELD)
        for oid in s.emblems:
            put(oid, COMMAND)  # 114.1: emblems, in the command zone
        for oid, _, _ in s.phased_out:
            put(oid, PHASED_OUT)  # 702.26d: phased out, no zone change
        for it in s.stack:
            if it.kind == "spell" and it.obj is not None:
                put(it.obj, STACK)
        for oid, o in s.objects.items():
            if oid in seen:
                if o.zone != seen[oid]:
                    self.fail(f"{o} says zone {o.zone!r} but is listed in {seen[oid]!r}")
            elif not o.card.is_token and o.zone != STACK:
                self.fail(f"{o} is in no zone list")
        for oid in seen:
            if oid not in s.objects:
                self.fail(f"a zone lists object {oid}, which doesn't exist")
        owned = self.count_owned()
        if owned != self.owned:
            self.fail(f"cards owned changed from {self.owned} to {owned}")

    def check_mana(self) -> None:
        """500.4: mana in a pool after a step change must have been added since the step began."""
        s = self.g.s
        where = (s.turn, s.step)
        if where != self.where and not s.kept_mana:
            for pl in s.players:
                if pl.pool != EMPTY and not self._added_this_step(pl.name):
                    self.fail(f"{pl.name}'s pool {pl.pool} survived the step change {self.where} -> {where} (500.4)")
        self.where = where

    def _added_this_step(self, player: str) -> bool:
        for e in reversed(self.g.s.log):
            kind = e["event"]
            if kind in ("step", "turn"):
                return False
            if kind in ("add_mana", "restricted_mana") and e.get("player") == player:
                return True
        return False

    def check_sba(self) -> None:
        g = self.g
        d = g.pending
        if d is None or d.kind != "priority":
            return
        for o in g.permanents():
            c = g.chars(o)
            if "Creature" not in c.types:
                continue
            t = c.toughness or 0
            if t <= 0:
                self.fail(f"{o} has toughness {t} while {g.s.players[d.player].name} has priority (704.5f)")
            if o.damage >= t and "indestructible" not in c.keywords:
                self.fail(f"{o} has lethal damage {o.damage}/{t} while a player has priority (704.5g)")

    def check_basics(self) -> None:
        g = self.g
        s = g.s
        if s.over:
            if not s.end_reason:
                self.fail("the game is over without a reason")
            if s.winner is not None and (not s.players[1 - s.winner].lost or s.players[s.winner].lost):
                self.fail(f"winner {s.winner} but the players' lost flags are "
                          f"{[p.lost for p in s.players]} (104.2a)")
            return
        d = g.pending
        if d is None:
            self.fail("the game is not over but nothing is pending")
        elif not g.legal_actions():
            self.fail(f"no legal actions at a {d.kind} decision")
        for pl in s.players:
            if min(pl.pool) < 0:
                self.fail(f"{pl.name}'s pool is negative: {pl.pool}")
        if s.turn > s.max_turns + 1:
            self.fail(f"turn {s.turn} is past the turn cap")

    def check(self) -> None:
        self.check_zones()
        self.check_mana()
        self.check_sba()
        self.check_basics()
