"""Putting counters on permanents, and the replacement effects that change how many (122.6, 614.1a, 616.1).

- 122.6: "counters put on" a permanent covers those put on it on the battlefield and those it is given
  as it enters (`counters_on_entering`, applied to every counter the entering object was given).
- 122.5 / 122.8: counters moved or copied onto a permanent are put on it.
- 614.1a: "If one or more +1/+1 counters would be put on a creature you control, that many plus one
  +1/+1 counters are put on it instead" (Hardened Scales), "twice that many" (Corpsejack Menace,
  Doubling Season's "If an effect would put ..."), "that many ... minus one" (Vizier of Remedies),
  "half that many ..., rounded down" (Halving Season: counters an opponent puts).
- 614.5: each replacement effect applies at most once to one event.
- 616.1 / 616.1e-f: with several, the affected permanent's controller chooses one to apply, then checks
  again which still apply (Hardened Scales then Corpsejack Menace: 1 becomes 4; the other way, 3).
  These are replacement effects on the CountersPut event (this module's registry.REPLACEMENTS finder):
  Game.perform walks the orders and asks through the game's chooser, as the counters are put on inside
  an effect or a cost (the scenario runner answers it: the effects in the order applied, one list);
  without a chooser, the order giving the most counters (the fewest -1/-1 counters) is taken
  (registry.REPLACEMENT_PREFERRED).
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING

from ..engine import registry
from ..engine.registry import Replacement
from ..model.events import CountersPut, Event
from ..model.state import BATTLEFIELD
from ..model.vocab.counter_replacement import (  # noqa: F401 (the vocabulary this module executes)
    KIND,  # noqa: F401 (the vocabulary this module executes)
    Applied,
    CounterReplacement,
)
from . import add_hook
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def _transform(ab: CounterReplacement, n: int) -> int:
    if ab.op == "plus":
        return n + ab.n
    if ab.op == "times":
        return n * ab.n
    if ab.op == "minus":
        return max(0, n - ab.n)
    return n // 2  # "half that many ..., rounded down"


def _applies(g: Game, src: Obj, ab: CounterReplacement, o: Obj, kind: str, placer: int, by_effect: bool) -> bool:
    if ab.kinds and kind not in ab.kinds:
        return False
    if ab.by_effect and not by_effect:
        return False
    if ab.placer == "you" and placer != src.controller or ab.placer == "opponent" and placer == src.controller:
        return False
    if ab.self_only:
        return src.id == o.id
    return _targeting_module.matches_filter(g, ab.filter, o, src.controller, src.id)


def _candidates(g: Game, o: Obj, entering: bool) -> list[tuple[Obj, CounterReplacement]]:
    out = [(src, ab) for src, ab in g.statics_of_kind(KIND) if isinstance(ab, CounterReplacement)]
    if entering:
        # 614.12: the entering permanent's own replacement effects apply to how it enters.
        out += [(o, ab) for ab in g.chars(o).abilities if isinstance(ab, CounterReplacement)]
    return out


def _changed(ab: CounterReplacement, ev: CountersPut) -> CountersPut:
    return dataclasses.replace(ev, amount=_transform(ab, ev.amount))


def _replacements(g: Game, ev: Event) -> list[Replacement]:
    """REPLACEMENTS[CountersPut]: the replacement effects that apply to counters put on a permanent
    (614.1a; 614.12 for those it enters with)."""
    assert isinstance(ev, CountersPut)
    if ev.amount <= 0:
        return []
    o = g.s.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD and not ev.entering:
        return []
    if not ev.entering and not g.statics_of_kind(KIND):
        return []  # the hot path (-1/-1 counters of wither, +1/+1 counters): nothing could apply
    reps = _candidates(g, o, ev.entering)
    who = o.controller if ev.placer is None else ev.placer  # 122.6a
    return [Replacement((KIND, i, src.id), src.card.name, partial(_changed, ab),  # type: ignore[arg-type]
                        same=(ab.op, ab.n, ab.kinds, src.card.name), label=Applied(src.id, src.card.name))
            for i, (src, ab) in enumerate(reps) if _applies(g, src, ab, o, ev.kind, who, ev.by_effect)]


def _preferred(ev: Event) -> int:
    """Without a chooser: the most counters (the fewest -1/-1 counters)."""
    n = ev.amount if isinstance(ev, CountersPut) else 0
    return n if isinstance(ev, CountersPut) and ev.kind == "-1/-1" else -n


registry.REPLACEMENTS.setdefault(CountersPut, []).append(_replacements)
registry.REPLACEMENT_PREFERRED[CountersPut] = _preferred


def replaced_amount(g: Game, o: Obj, kind: str, n: int, placer: int | None = None, by_effect: bool = True,
                    entering: bool = False) -> int:
    """How many `kind` counters are put on `o` when `n` would be (614.1a, 616.1, the order of several
    replacement effects chosen by `o`'s controller), without putting them on: Game.replace_event."""
    if n <= 0:
        return n
    ev = g.replace_event(CountersPut("122.6", o.id, kind, n, placer, by_effect, entering))
    return ev.amount if isinstance(ev, CountersPut) else 0


def put_counters(g: Game, o: Obj, kind: str, n: int, rule: str = "122.1", placer: int | None = None,
                 by_effect: bool = True) -> int:
    """Put `n` `kind` counters on the permanent `o` (122.1): the CountersPut event, performed through
    Game.perform after the replacement effects that apply (614.1a); returns how many were put on.
    `placer`: the player putting them (122.6a: default its controller); `by_effect` False for a cost."""
    if n <= 0:
        return 0
    if g.s.objects.get(o.id) is not o:
        # not a game object (a copy): its counters are only written down
        o.counters[kind] = o.counters.get(kind, 0) + n
        g.invalidate()
        g.log_event("counters", rule, card=o.card.name, kind=kind, amount=n)
        return n
    done = g.perform(CountersPut(rule, o.id, kind, n, placer, by_effect))
    return done.amount if isinstance(done, CountersPut) else 0


def counters_on_entering(g: Game, o: Obj, choices: dict) -> None:
    """122.6 / 614.1c: the counters a permanent enters with are counters put on it: its entry replacements
    (614.1c "enters with", 306.5b loyalty, 707.9e a copy's) note them on the new object as it is made, and
    here, after them (registry.ETB_FROM_OTHERS), each kind is put on it as a CountersPut event (`entering`)
    through the door, whose replacement effects apply (614.12: its own too). The object is new (400.7), so
    every counter on it is one it enters with."""
    if not o.counters:
        return
    noted = sorted(o.counters.items())
    o.counters.clear()  # what was noted is put on below, as it enters
    for kind, n in noted:
        g.perform(CountersPut("614.1c", o.id, kind, n, None, True, True))


add_hook(registry.ETB_FROM_OTHERS, counters_on_entering)  # 122.6: the counters it enters with
