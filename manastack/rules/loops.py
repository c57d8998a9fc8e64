"""Loops (104.4b, 729.1b, 729.3): every game ends, whatever the players do.

- 104.4b / 729.4: a loop of mandatory actions is a draw. Once the engine's own loop (Game._run) has
  run `MANDATORY_WATCH` steps without a decision, each step's position is fingerprinted with its
  objects named by their cards, not their ids (a card that leaves and comes back is a new object,
  400.7, but the same position: two Faceless Devourers exiling each other forever), and when one
  comes back `MANDATORY_REPEATS` times the sequence of events repeats with no way to stop: the game
  is a draw. A game that runs `MANDATORY_BOUND` steps without a decision and without a position
  coming back is ended as a draw too, as a bound (no loop proven).
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
MANDATORY_REPEATS = 4
TURN_BOUND = 10_000
# The rules an end of the game by one of these bounds names first in its reason.
BOUND_RULES = ("104.4b", "729.1b", "729.3")
# How the reason of a draw by a proven loop of mandatory actions begins: the rules' own end of such a game
# (104.4b), not a bound the engine or its agents ran into.
MANDATORY_LOOP_REASON = "104.4b: the same position came back"


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


def card_position(g: Game) -> int:
    """A hash of the position with objects named by their cards (ids are new after every zone change,
    400.7): the zones, life, poison and pools, the permanents with their status, counters and what they
    are attached to, the stack, the continuous effects by kind, the work queued and the turn and step."""
    s = g.s
    objs = s.objects

    def name(oid: int | None) -> str | None:
        o = objs.get(oid) if oid is not None else None
        return o.card.name if o is not None else None

    players = tuple((p.life, p.poison, p.pool, tuple(name(x) for x in p.library), tuple(name(x) for x in p.hand),
                     tuple(name(x) for x in p.graveyard), tuple(name(x) for x in p.exile)) for p in s.players)
    permanents = tuple((objs[oid].card.name, objs[oid].tapped, objs[oid].damage, objs[oid].controller,
                        tuple(sorted(objs[oid].counters.items())), name(objs[oid].attached_to))
                       for oid in s.battlefield)
    stack = tuple((it.kind, it.name, name(it.obj), name(it.source), tuple(name(t) for t in it.targets))
                  for it in s.stack)
    effects = tuple(sorted(e.kind for e in s.effects))
    return hash((s.turn, s.step, s.priority, players, permanents, stack, effects, len(s.queue),
                 len(s.pending_triggers)))


def note_mandatory(g: Game, seen: dict[int, int]) -> bool:
    """Called for each step the engine runs without a decision, after `MANDATORY_WATCH` of them
    (`seen`: the positions since then). Returns False (the game ended as a draw) when a position came
    back `MANDATORY_REPEATS` times: a loop of mandatory actions (104.4b)."""
    fp = card_position(g)
    n = seen.get(fp, 0) + 1
    seen[fp] = n
    if n >= MANDATORY_REPEATS:
        s = g.s
        g.end_game(None, f"{MANDATORY_LOOP_REASON} {MANDATORY_REPEATS} times in turn {s.turn} with "
                         "only mandatory actions between (a loop of mandatory actions): the game is a draw")
        return False
    return True
