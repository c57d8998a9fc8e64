"""CR 714: Saga cards, and read ahead (702.155); the templates are in cards/templates/sagas.py.

- 714.2a-c: a chapter ability (ChapterAbility) triggers when one or more lore counters are put onto
  its Saga permanent, if the number of lore counters on it was less than its chapter number N and
  became at least N (the collector of registry.EVENT_TRIGGERS[CountersPut] below: any lore counters,
  those of 714.3a-b and those an effect puts on).
- 714.3a: as a Saga without read ahead enters the battlefield, its controller puts a lore counter on
  it: it enters with one (noted as it enters, registry.ENTERS_AS, after a copy effect made it what it
  enters as; put on by rules/counter_replacement.counters_on_entering, 122.6, so chapter I triggers).
  702.155b: as a Saga with read ahead enters, its controller chooses a number from one to its final
  chapter number (a choice made as it enters, Game.choose "read_ahead"); it enters with that many.
- 702.155a: the chapter abilities of a Saga with read ahead can't trigger the turn it entered the
  battlefield unless it has exactly the number of lore counters on it of that chapter.
- 714.3b / 505.4: as a player's precombat main phase begins, that player puts a lore counter on each
  Saga they control (a turn-based action, registry.STEP_HOOKS "main1", before the abilities that
  trigger at the beginning of that main phase trigger, 505.4-505.5).
- 714.2d / 714.4 / 704.5s: a Saga whose lore counters are at least its final chapter number (the
  greatest chapter number among its chapter abilities, 0 without one), and that isn't the source of a
  chapter ability that has triggered but not yet left the stack (waiting to be put on it, or on it),
  is sacrificed by its controller: a state-based action (registry.SBA_SACRIFICES, rules/sba.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import CountersPut
from ..model.state import BATTLEFIELD
from ..model.vocab.sagas import CHAPTER, READ_AHEAD, ChapterAbility
from . import add_hook, counter_replacement, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.chars import Chars
    from ..model.state import Obj

LORE = "lore"


def final_chapter(chars: Chars) -> int:
    """714.2d: the greatest chapter number among the chapter abilities the Saga has (0 without one)."""
    return max((ab.chapter for ab in chars.abilities if isinstance(ab, ChapterAbility)), default=0)


def _enters_with_lore(g: Game, o: Obj, choices: dict) -> None:
    """714.3a / 702.155b: a Saga enters with one lore counter, or (read ahead) the number its controller
    chooses from one to its final chapter number."""
    c = g.chars(o)
    if "Saga" not in c.subtypes:
        return
    n = 1
    last = final_chapter(c)
    if READ_AHEAD in c.keywords and last > 1:
        options = list(range(1, last + 1))
        n = g.choose(o.controller, "read_ahead", options,
                     f"702.155b: as {o.card.name} enters, choose a chapter from 1 to {last}: it enters with that "
                     f"many lore counters")
        if n not in options:
            n = 1
        g.record("read_ahead", "702.155b", card=o.card.name, chapter=n)
    o.counters[LORE] = o.counters.get(LORE, 0) + n


add_hook(registry.ENTERS_AS, _enters_with_lore, classes=(ChapterAbility,))


def _entered_this_turn(g: Game, oid: int) -> bool:
    """Whether the permanent `oid` entered the battlefield this turn (its zone change, in this turn's log)."""
    turn = g.s.turn
    for e in reversed(g.s.log):
        if e.get("turn") != turn:
            return False
        if e.get("event") == "zone_change" and e.get("id") == oid and e.get("to_zone") == BATTLEFIELD:
            return True
    return False


def _lore_counters_put(g: Game, e: CountersPut) -> None:
    """714.2b: the chapter abilities whose number the Saga's lore counters reached (from fewer) trigger."""
    if e.kind != LORE:
        return
    o = g.s.objects.get(e.obj)
    if o is None or o.zone != BATTLEFIELD:
        return
    now = o.counters.get(LORE, 0)
    before = now - e.amount
    chapters = [ab for ab in trigger_queue.own_triggered(g, o, (CHAPTER,))
                if isinstance(ab, ChapterAbility) and before < ab.chapter <= now]
    if not chapters:
        return
    if READ_AHEAD in g.chars(o).keywords and _entered_this_turn(g, o.id):
        chapters = [ab for ab in chapters if ab.chapter == now]  # 702.155a
    for ab in chapters:
        trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name)


registry.EVENT_TRIGGERS.setdefault(CountersPut, []).append(_lore_counters_put)


def _main_phase_lore(g: Game, event: str) -> None:
    """714.3b: as the active player's precombat main phase begins, they put a lore counter on each Saga
    they control (a turn-based action: no stack)."""
    if event != "main1":
        return
    s = g.s
    for o in g.permanents(s.active):
        if "Saga" in g.chars(o).subtypes:
            counter_replacement.put_counters(g, o, LORE, 1, rule="714.3b", placer=s.active)


add_hook(registry.STEP_HOOKS, _main_phase_lore, classes=(ChapterAbility,))


def _chapter_waiting(g: Game, oid: int) -> bool:
    """714.4: whether the permanent `oid` is the source of a chapter ability that has triggered but not
    yet left the stack (waiting to be put on it, or on it)."""
    s = g.s

    def mine(trig: tuple) -> bool:
        return trig[1] == oid and isinstance(trig[2], ChapterAbility)

    if any(mine(t) for t in s.pending_triggers):
        return True
    for item in s.queue:
        if item[0] == "put_trigger" and isinstance(item[1], tuple) and mine(item[1]):
            return True
        if item[0] == "order_triggers" and isinstance(item[2], tuple) and any(mine(t) for t in item[2]):
            return True
    return any(it.kind == "trigger" and it.source == oid and isinstance(it.ability, ChapterAbility)
               for it in s.stack)


def _finished_sagas(g: Game) -> list[tuple[int, str]]:
    """704.5s / 714.4: the Sagas whose lore counters reached their final chapter number, with no chapter
    ability of theirs waiting or on the stack."""
    out = []
    for o in g.permanents():
        c = g.chars(o)
        if "Saga" in c.subtypes and o.counters.get(LORE, 0) >= final_chapter(c) and not _chapter_waiting(g, o.id):
            out.append((o.id, "704.5s"))
    return out


add_hook(registry.SBA_SACRIFICES, _finished_sagas, classes=(ChapterAbility,))
