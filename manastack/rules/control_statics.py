"""Control-changing static abilities (613.1b, 613.7, 303.4e); the templates are in
cards/templates/statics_control.py.

- 613.1b / 613.7: "You control enchanted [permanent]": the Aura's controller controls the object
  it's attached to while it's attached (303.4e); the controller is recomputed, in timestamp order
  of the control-changing effects, before state-based actions (registry.PRE_CHECK).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import ControlChange, EffectChanged, EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, ContinuousEffect

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


_BASE = "static_control_base"  # ContinuousEffect kind: the host's controller before any such effect
_EXT = "static_control_ext"  # a later control change that left no record of its own (a permanent GainControl)


def _control_timeline(g: Game, host: Obj, auras: list[Obj]) -> int | None:
    """613.1b / 613.7: the controller after applying, in timestamp order, the control-changing
    effects that apply to `host`: the static abilities of `auras` (each with its Aura's
    timestamp), "until end of turn" control effects (kind "control") and recorded later changes.
    None when nothing applies."""
    timeline: list[tuple[int, int]] = [(a.timestamp, a.controller) for a in auras]
    for e in g.s.effects:
        if e.target == host.id and e.kind in ("control", _EXT):
            timeline.append((e.timestamp, e.controller))
    if not timeline:
        return None
    return max(timeline)[1]


def refresh_static_control(g: Game) -> bool:
    """613.1b: apply "You control enchanted [permanent]" (the Aura's controller controls the object
    it's attached to while it's attached, 303.4e), checked before state-based actions.
    When the effect ends, the permanent returns to the controller it would have without it.
    302.6: the permanent's new controller hasn't controlled it continuously since their turn began;
    506.4: it's removed from combat. Bookkeeping per permanent: a _BASE record (`controller`: the
    controller without these effects, `data`: the controller this function last gave it).
    Returns whether a controller changed."""
    s = g.s
    by_host: dict[int, list[Obj]] = {}
    for a, _ab in g.statics_of_kind("control_enchanted"):
        if a.zone != BATTLEFIELD or a.attached_to is None or a.attached_to not in s.objects:
            continue
        host = s.objects[a.attached_to]
        if host.zone == BATTLEFIELD and not a.id == host.id and a not in by_host.get(host.id, ()):
            by_host.setdefault(host.id, []).append(a)
    bases = {e.target: e for e in s.effects if e.kind == _BASE} if s.effects else {}
    if not by_host and not bases:
        return False
    changed = False
    for hid in sorted(set(by_host) | set(bases)):
        host = s.objects.get(hid)
        auras = by_host.get(hid, [])
        base = bases.get(hid)
        if host is None or host.zone != BATTLEFIELD:
            # 400.7: it left the battlefield; its bookkeeping goes
            g.perform(EffectsEnded("400.7", tuple(e for e in s.effects if e.target == hid and e.kind in (_BASE, _EXT))))
            continue
        base_controller = host.controller if base is None else base.controller
        if base is not None and host.controller != base.data and host.controller != _control_timeline(g, host, auras):
            # A control change this module didn't make (a permanent "gain control" effect): it is
            # newer than every effect applied so far (613.7).
            g.perform(EffectCreated("613.7", ContinuousEffect(_EXT, hid, controller=host.controller,
                                                              timestamp=s.next_timestamp, until="static")))
            s.next_timestamp += 1
        want = _control_timeline(g, host, auras)
        if want is None:
            want = base_controller
        if auras:
            # the record changes only when what it says does (this runs before every check of the SBA)
            if base is None:
                g.perform(EffectCreated("613.1b", ContinuousEffect(_BASE, hid, controller=base_controller,
                                                                   until="static", data=want)))
            elif base.controller != base_controller or base.data != want:
                g.perform(EffectChanged("613.1b", base, ContinuousEffect(_BASE, hid, controller=base_controller,
                                                                         until="static", data=want)))
        else:
            # No such effect applies any more: the permanent keeps the result; forget the bookkeeping.
            g.perform(EffectsEnded("613.1b", tuple(e for e in s.effects if e.target == hid and e.kind in (_BASE, _EXT))))
        if host.controller != want:
            g.perform(ControlChange("613.1b", hid, want))  # 302.6, 506.4 (the door)
            changed = True
    return changed


registry.PRE_CHECK.append(refresh_static_control)
