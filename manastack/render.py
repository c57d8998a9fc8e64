"""Readable rendering of log events for `manastack play` (the JSON-lines log is the full record)."""

from __future__ import annotations

_QUIET = {"draw", "tap", "untap", "pay_mana", "activate_mana", "add_mana", "step", "untap_step", "cleanup",
          "mana_empties", "pass", "trigger", "no_blockers", "skip_draw", "removed_from_combat",
          "zone_change", "draw_empty", "assign_damage", "no_mana"}


def _names(x: object) -> str:
    if isinstance(x, list):
        return ", ".join(str(i) for i in x)
    return str(x)


def render_event(e: dict) -> str | None:
    """One line for an event worth showing, or None."""
    ev = e.get("event")
    if ev == "zone_change" and e.get("to_zone") == "graveyard" and e.get("from_zone") == "battlefield":
        return f"    {e['card']} goes to the graveyard [{e['rule']}]"
    if ev in _QUIET:
        return None
    r = f"[{e.get('rule')}]"
    text = {
        "game_start": lambda: f"Game {e.get('seed')}: {e.get('starting_player')} plays first ({e.get('profile')})",
        "turn": lambda: f"\n— Turn {e['turn']}: {e['player']} —",
        "keep": lambda: f"{e['player']} keeps" + (f" after {e['mulligans']} mulligan(s)" if e.get("mulligans") else ""),
        "mulligan": lambda: f"{e['player']} takes a mulligan",
        "opening_hand": lambda: f"{e['player']} begins the game with {e['card']} on the battlefield",
        "play_land": lambda: f"{e['player']} plays {e['card']}",
        "cast": lambda: f"{e['player']} casts {e['card']}" + (f" targeting {_names(e['targets'])}" if e.get("targets")
                                                              else "") + (f" (X={e['x']})" if e.get("x") else ""),
        "activate": lambda: f"{e['player']} activates {e['card']}: {e.get('ability')}",
        "resolve": lambda: f"  {e['card']} resolves",
        "fizzle": lambda: f"  {e['card']} doesn't resolve: {e.get('reason')}",
        "counter": lambda: f"  {e['card']} is countered by {e.get('by')}",
        "attack": lambda: f"{e['card']} attacks {e['defender']}",
        "no_attackers": lambda: None,
        "block": lambda: f"{e['card']} blocks {_names(e['attackers'])}",
        "damage": lambda: f"  {e['source']} deals {e['amount']} damage to {e['target']}",
        "life": lambda: f"  {e['player']}: {e['life']} life",
        "destroy": lambda: f"  {e['card']} is destroyed",
        "discard": lambda: f"  {e['player']} discards {e['card']}",
        "lose": lambda: f"{e['player']} loses: {e['reason']}",
        "game_over": lambda: f"Game over: {e.get('winner') or 'draw'} ({e.get('reason')})",
    }.get(str(ev))
    if text is None:
        fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("event", "rule", "turn", "step"))
        return f"  {ev}: {fields} {r}"
    line = text()
    if line is None:
        return None
    return f"{line} {r}" if not line.startswith("\n") else line


def describe_event(e: dict) -> str:
    """Every event as one line, for a rules expert reading why a scenario failed: when it happened,
    what it was (the readable form where there is one) and the rule it cites."""
    when = f"T{e.get('turn')} {e.get('step')}"
    line = render_event(e) if e.get("event") not in _QUIET else None
    if line is None or not line.strip():
        fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("event", "rule", "turn", "step"))
        line = f"{e.get('event')}: {fields} [{e.get('rule')}]"
    return f"{when:<24} {line.strip()}"
