"""Readable rendering of log events for `manastack play`."""

from __future__ import annotations

_QUIET = {"draw", "tap", "untap", "pay_mana", "activate_mana", "add_mana", "step", "untap_step", "cleanup",
          "mana_empties", "pass", "trigger", "no_blockers", "no_attackers", "skip_draw", "life"}


def render_event(e: dict) -> str | None:
    ev = e.get("event")
    if ev in _QUIET:
        return None
    head = f"T{e.get('turn', 0):>3} {e.get('step', ''):<20}"
    rule = f"[{e.get('rule')}]"
    if ev == "turn":
        return f"\n=== turn {e['turn']}: {e['player']} ==="
    if ev == "zone_change":
        if e.get("from_zone") == "library" and e.get("to_zone") == "hand":
            return None
        if e.get("from_zone") == "hand" and e.get("to_zone") == "stack":
            return None
        return f"{head} {e['card']}: {e['from_zone']} -> {e['to_zone']} {rule}"
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("event", "rule", "turn", "step"))
    return f"{head} {ev}: {fields} {rule}"
