"""Loops (104.4b, 729.1b, 729.3): every game ends, whatever the players do.

- 104.4b / 729.4: a loop of mandatory actions is a draw. The engine's own loop (Game._run) ends
  the game as a draw when it runs without any decision for `MANDATORY_BOUND` steps.
- 729.3: when players' optional actions bring the game back to a position it was in, the active
  player must make a different choice. Agents follow it (agents/progress.py); the engine bounds
  it for players who don't: once a turn has gone on for `WATCH_AFTER` priority decisions, each
  position a player receives priority in is fingerprinted, and when the same position comes back
  `REPEATS` times, or a turn reaches `TURN_BOUND` priority decisions (an optional loop that grows
  without end, such as a free pump), the game ends as a draw with the reason naming the rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.game import MANDATORY_BOUND  # noqa: F401 (the bound the engine loop counts, 104.4b)

if TYPE_CHECKING:
    from ..engine.game import Game

WATCH_AFTER = 500
REPEATS = 8
TURN_BOUND = 10_000
# The rules an end of the game by one of these bounds names first in its reason.
BOUND_RULES = ("104.4b", "729.1b", "729.3")


def fingerprint(g: Game) -> int:
    """A hash of the position as a player sees progress: zones, life, permanents with their
    status and counters, the stack, the pools, the turn and step. Not the log or caches, and not
    the continuous effects: a regeneration shield or a pump made again and again is no progress."""
    s = g.s
    objs = s.objects
    players = tuple((p.life, p.poison, p.pool, len(p.library), tuple(p.hand), tuple(p.graveyard), tuple(p.exile))
                    for p in s.players)
    permanents = tuple((oid, objs[oid].tapped, objs[oid].damage, objs[oid].controller,
                        tuple(sorted(objs[oid].counters.items())), objs[oid].attached_to) for oid in s.battlefield)
    stack = tuple((it.kind, it.obj) for it in s.stack)
    return hash((s.turn, s.step, s.priority, players, permanents, stack))


def note_priority(g: Game) -> bool:
    """Called as a player receives priority with a real choice. Returns False (the game ended as a
    draw) when the turn is an optional loop without progress (729.3)."""
    s = g.s
    if s.loop_turn != s.turn:
        s.loop_turn = s.turn
        s.turn_decisions = 0
        s.loop_seen = {}
    s.turn_decisions += 1
    if s.turn_decisions < WATCH_AFTER:
        return True
    if s.turn_decisions >= TURN_BOUND:
        g.end_game(None, f"729.1b: turn {s.turn} reached {TURN_BOUND} priority decisions without ending "
                         "(an optional loop without progress): the game is a draw")
        return False
    fp = fingerprint(g)
    seen = s.loop_seen.get(fp, 0) + 1
    s.loop_seen[fp] = seen
    if seen >= REPEATS:
        g.end_game(None, f"729.3: the same position came back {REPEATS} times in turn {s.turn} "
                         "(a loop of optional actions nobody left): the game is a draw")
        return False
    return True
