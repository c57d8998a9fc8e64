"""The combat steps of a scenario script (SCENARIOS.md "attack", "block", "order", "assign_damage"):
508.1 attackers, 509.1 blockers, 510.1c damage assignment order, 510.1 damage assignment."""

from __future__ import annotations

from typing import Any

from ..errors import IllegalActionError
from ..model import actions as A
from ..model.state import (
    BATTLEFIELD,
    player_ref,
)
from ..rules import combat as combat_rules
from .common import StepError, _parts


class CombatSteps:
    """The scenario Runner's combat steps: attackers, blockers, orders, damage assignment (a part of Runner)."""

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
