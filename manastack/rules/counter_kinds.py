"""Counters with rules of their own (122.1b-i) that change what happens to the permanent they are on.

- 122.1d: "If a permanent with a stun counter on it would become untapped, instead remove a stun
  counter from it." A replacement of the untap (registry.REPLACEMENTS[TapChange]: nothing happens
  instead, and one stun counter is removed, a CountersRemoved event). It applies to every untap:
  an effect's (Game.untap) and the untap step's (502.3, turn.py asks the same finders); a permanent
  an effect keeps tapped ("doesn't untap during its controller's untap step") would not become
  untapped, so it keeps its stun counters.
- 122.1b / 613.1f: a keyword counter (flying, first strike, double strike, deathtouch, exalted, haste,
  hexproof, indestructible, lifelink, menace, reach, shadow, trample, vigilance) gives the permanent
  that keyword, in layer 6 (`counter_keywords`, read by rules/continuous.py); effects that say it
  can't have an ability still win (613.1f).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..engine.registry import Replacement
from ..model.events import CountersRemoved, Event, TapChange
from ..model.state import BATTLEFIELD
from ..model.vocab.counter_kinds import KEYWORD_COUNTERS

if TYPE_CHECKING:
    from ..engine.game import Game

STUN = "stun"


def counter_keywords(counters: dict[str, int]) -> frozenset[str]:
    """122.1b: the keywords the keyword counters among `counters` give."""
    return frozenset(k for k, n in counters.items() if n > 0 and k in KEYWORD_COUNTERS)



def _stunned(g: Game, ev: Event) -> list[Replacement]:
    """122.1d: the untap of a permanent with a stun counter on it is replaced."""
    if not isinstance(ev, TapChange) or ev.tapped:
        return []
    o = g.s.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD or not o.counters.get(STUN) or not o.tapped:
        return []
    return [Replacement((STUN, o.id), "stun counter", _nothing, then=_remove_one, uses=True, source=o.id,
                        log=("replace", "122.1d", {"card": o.card.name, "instead": "remove a stun counter"}))]


def _nothing(ev: Event) -> Event | None:
    return None


def _remove_one(g: Game, before: Event, after: Event | None) -> None:
    assert isinstance(before, TapChange)
    g.perform(CountersRemoved("122.1d", before.obj, STUN, 1))


registry.REPLACEMENTS.setdefault(TapChange, []).append(_stunned)
