"""Agents leave loops (729.3): an agent never repeats an activation or a cast that changed nothing.

With a free repeatable ability ("{0}: Regenerate enchanted creature", an X ability at X=0, a
Reconnaissance loop) a naive agent acts forever and the game ends only at a bound. The guard
remembers, per turn, a coarse fingerprint of the game (zones, life, permanents, tapped status,
counters, the stack, the pools) at each of the agent's activations and casts; the same ability or
card is not offered again at the same fingerprint (nothing progressed since), nor more than
`per_turn` times in one turn whatever changes (a pump that grows without end is no progress).
"""

from __future__ import annotations

from ..engine.game import Game
from ..model import actions as A
from ..rules.loops import fingerprint

PER_TURN = 12


def _key(g: Game, a: A.Action) -> tuple | None:
    if isinstance(a, A.ActivateAbility):
        o = g.s.objects.get(a.source)
        return ("ability", o.card.name if o else a.source, a.index)
    if isinstance(a, A.CastSpell):
        o = g.s.objects.get(a.card)
        return ("cast", o.card.name if o else a.card)
    return None


class ProgressGuard:
    """Filters an agent's priority actions so that it never loops without progress."""

    def __init__(self, per_turn: int = PER_TURN) -> None:
        self.per_turn = per_turn
        self.turn = -1
        self.seen: dict[tuple, set[int]] = {}
        self.counts: dict[tuple, int] = {}
        self._fp: tuple[int, int] = (-1, 0)  # (state version, fingerprint): one per decision

    def _fingerprint(self, g: Game) -> int:
        version = g.s.version  # every logged change bumps it: the same decision, the same position
        if self._fp[0] != version:
            self._fp = (version, fingerprint(g))
        return self._fp[1]

    def _sync(self, g: Game) -> None:
        if g.s.turn != self.turn:
            self.turn = g.s.turn
            self.seen.clear()
            self.counts.clear()

    def allowed(self, g: Game, acts: list[A.Action]) -> list[A.Action]:
        """The actions of `acts` that don't repeat an activation or cast without progress."""
        self._sync(g)
        if not self.counts:
            return acts
        fp: int | None = None
        out = []
        for a in acts:
            k = _key(g, a)
            if k is not None and k in self.counts:
                if self.counts[k] >= self.per_turn:
                    continue
                if fp is None:
                    fp = self._fingerprint(g)
                if fp in self.seen[k]:
                    continue
            out.append(a)
        return out or [a for a in acts if isinstance(a, A.PassPriority)] or acts

    def note(self, g: Game, a: A.Action) -> None:
        """Remember the action the agent takes (before it is applied)."""
        k = _key(g, a)
        if k is None:
            return
        self._sync(g)
        self.counts[k] = self.counts.get(k, 0) + 1
        self.seen.setdefault(k, set()).add(self._fingerprint(g))
