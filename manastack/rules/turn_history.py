"""What happened earlier this turn, for conditions that look back (ability words raid, morbid, revolt
and their relatives; CR 207.2c gives those words no rules meaning, the sentences carry it):

- "if you attacked this turn" / "if you attacked with a creature this turn": the player declared at
  least one attacking creature this turn (508.1; only the active player attacks, 506.2).
- "if a creature died this turn": a creature was put into a graveyard from the battlefield (700.4),
  judged by its last known information (603.10).
- "if a permanent you controlled left the battlefield this turn" (revolt).
- "if an opponent lost life this turn", "if you gained life this turn" (119.3, 119.9-119.10: a life
  total that changed), "if an opponent was dealt damage this turn".
- 701.17a "if you sacrificed three or more Clues this turn", "if you've sacrificed an artifact this turn" (the zone
  changes of this turn's sacrifices, by the permanents' last known controller and types).
- "if an opponent had three or more cards put into their graveyard from anywhere this turn" (a count of the
  cards, not tokens, put into that player's graveyard: `cards_put_into_graveyard`).

The answers are read from the current turn's events in the game log (newest first, stopping at the
previous turn), so they need no state of their own and survive `clone()` unchanged.

`HistoryCondition` (model/vocab/conditions.py) is also a 603.4 intervening "if" clause (rules/intervening.py);
"if you've cast three or more instant and sorcery spells this turn" (601.2i, `SpellsCastThisTurn`) is one
too; `counters_if_happened` is the 614.1c "enters with N counters on it if [history]" replacement; `UnlessHappened`
is "then discard a card unless you attacked this turn" (608.2c: checked as the effect happens).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..engine import registry
from ..engine.registry import ETB_REPLACEMENTS, LEFT_BATTLEFIELD_HOOKS
from ..model import vocab as V
from ..model.state import BATTLEFIELD, GRAVEYARD, Obj
from ..model.vocab.conditions import SACRIFICED, CountersIfHappened
from ..model.vocab.turn_history import SpellsCastThisTurn, UnlessHappened
from . import trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context

KINDS = ("you_attacked", "creature_died", "your_permanent_left", "opponent_lost_life", "you_gained_life",
         "you_lost_life", "opponent_dealt_damage", "your_land_entered")


def _this_turn(g: Game) -> Iterator[dict]:
    turn = g.s.turn
    for e in reversed(g.s.log):
        if e.get("turn") != turn:
            return
        yield e


def cards_put_into_graveyard(g: Game, p: int) -> int:
    """How many cards were put into player `p`'s graveyard from anywhere this turn (Ravenous Trap; a token is
    no card, 111.1, 108.2)."""
    s = g.s
    name = s.players[p].name
    n = 0
    for e in _this_turn(g):
        if e.get("event") != "zone_change" or e.get("to_zone") != GRAVEYARD or e.get("owner") != name:
            continue
        o = s.objects.get(e.get("id"))
        if o is None:
            lki = s.lki.get(e.get("id"))
            o = lki[0] if lki else None
        if o is None or not o.card.is_token:
            n += 1
    return n


def happened(g: Game, p: int, kind: str) -> bool:
    """Whether `kind` (one of KINDS, or a count of sacrifices: conditions.SACRIFICED) happened this turn, from player
    `p`'s point of view."""
    s = g.s
    if kind.startswith(SACRIFICED + ":"):
        _, n, what = kind.split(":")
        return sacrificed_this_turn(g, p, what) >= int(n)
    me = s.players[p].name
    for e in _this_turn(g):
        ev = e.get("event")
        if kind == "you_attacked":
            if ev == "attack" and s.active == p:
                return True
        elif kind in ("creature_died", "your_permanent_left"):
            if ev != "zone_change" or e.get("from_zone") != BATTLEFIELD:
                continue
            lki = s.lki.get(e.get("old_id"))
            if lki is None:
                continue
            obj, chars = lki
            if kind == "creature_died" and e.get("to_zone") == GRAVEYARD and "Creature" in chars.types:
                return True
            if kind == "your_permanent_left" and obj.controller == p:
                return True
        elif kind == "your_land_entered":
            # landfall: "if you had a land enter the battlefield under your control this turn" (the land as it
            # is now, or as it last existed if it left again)
            if ev != "zone_change" or e.get("to_zone") != BATTLEFIELD:
                continue
            o = s.objects.get(e.get("id"))
            found = (o, g.chars(o)) if o is not None and o.zone == BATTLEFIELD else s.lki.get(e.get("id"))
            if found is not None and "Land" in found[1].types and found[0].controller == p:
                return True
        elif kind in ("opponent_lost_life", "you_gained_life", "you_lost_life"):
            if ev != "life":
                continue
            d = e.get("delta", 0)
            who = e.get("player")
            if kind == "opponent_lost_life" and d < 0 and who != me:
                return True
            if kind == "you_gained_life" and d > 0 and who == me:
                return True
            if kind == "you_lost_life" and d < 0 and who == me:
                return True
        elif kind == "opponent_dealt_damage":
            if ev == "damage" and "target_id" not in e and e.get("target") not in (None, me):
                return True  # damage to a player is logged without a target id
    return False


def sacrificed_this_turn(g: Game, p: int, what: str) -> int:
    """How many permanents of card type or subtype `what` ("" any) player `p` sacrificed this turn (701.17a: every
    sacrifice moves the permanent with that rule; its controller and types as it last existed, 608.2h)."""
    s = g.s
    n = 0
    for e in _this_turn(g):
        if e.get("event") != "zone_change" or e.get("rule") != "701.17a" or e.get("from_zone") != BATTLEFIELD:
            continue
        lki = s.lki.get(e.get("old_id"))
        if lki is None or lki[0].controller != p:
            continue
        if not what or what in lki[1].types or what in lki[1].subtypes:
            n += 1
    return n


def damaged_by_this_turn(g: Game, source_id: int, target_id: int) -> bool:
    """Whether the object `target_id` was dealt damage this turn by the object `source_id` (120.3; the
    damage events of this turn record the source's id)."""
    return any(e.get("event") == "damage" and e.get("target_id") == target_id and e.get("source_id") == source_id
               for e in _this_turn(g))


def players_dealt_combat_damage_by(g: Game, source_id: int) -> set[int]:
    """The players the object `source_id` dealt combat damage to this turn (510.2, 120.3: the damage events of
    this turn record the source's id): Steel Hellkite's "whose controller was dealt combat damage by CARDNAME
    this turn"."""
    names = {pl.name: i for i, pl in enumerate(g.s.players)}
    return {names[e["target"]] for e in _this_turn(g)
            if e.get("event") == "damage" and e.get("combat") and "target_id" not in e
            and e.get("source_id") == source_id and e.get("target") in names}


def creature_died(g: Game, oid: int, to: str) -> None:
    """A permanent left the battlefield (registry.LEFT_BATTLEFIELD_HOOKS): "whenever a creature dealt damage
    by CARDNAME this turn dies" (700.4, 603.10a: the creature as it last existed)."""
    if to != GRAVEYARD:
        return
    s = g.s
    lki = s.lki.get(oid)
    if lki is None or "Creature" not in lki[1].types:
        return
    for w, ab in trigger_queue.watchers(g, ("damaged_by_self_dies",)):
        if damaged_by_this_turn(g, w.id, oid):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=s.successor.get(oid))


def counters_if_happened(g: Game, o: Obj, ab: CountersIfHappened, choices: dict) -> None:
    """614.1c: "CARDNAME enters with N [kind] counters on it if [history]" (registry.ETB_REPLACEMENTS)."""
    if ab.condition is not None and happened(g, o.controller, ab.condition.kind):
        n = int(ab.amount)  # type: ignore[arg-type]
        o.counters[ab.counter_kind] = o.counters.get(ab.counter_kind, 0) + n
        g.log_event("counters", "614.1c", card=o.card.name, kind=ab.counter_kind, amount=n)


ETB_REPLACEMENTS["etb_counters_if_happened"] = counters_if_happened
LEFT_BATTLEFIELD_HOOKS.append(creature_died)


def permanents_died_this_turn(g: Game) -> int:
    """702.69a: permanents put into a graveyard from the battlefield this turn (from the game log)."""
    return sum(1 for e in _this_turn(g) if e.get("event") == "zone_change" and e.get("from_zone") == BATTLEFIELD
               and e.get("to_zone") == GRAVEYARD)


def put_into_graveyards_from_battlefield_this_turn(g: Game) -> set[int]:
    """The ids the cards put into a graveyard from the battlefield this turn got there (400.7: a card
    still in that graveyard keeps that id; one that left it since is a new object)."""
    return {e["id"] for e in _this_turn(g) if e.get("event") == "zone_change" and e.get("from_zone") == BATTLEFIELD
            and e.get("to_zone") == GRAVEYARD and "id" in e}


def _unless_happened(g: Game, ctx: Context, e: UnlessHappened) -> list | None:
    if happened(g, ctx.controller, e.condition.kind):
        return None
    return [("resume_effects", ctx, e.effects, 0, None)]


registry.register_effect(UnlessHappened, _unless_happened)


def spells_cast_this_turn(g: Game, p: int, flt: V.ObjectFilter | None) -> int:
    """The spells player `p` cast this turn (601.2i, the "cast" lines of this turn's log) that match the type
    filter `flt` (None: all), by the spell's characteristics on the stack (its last known information once it
    has left, 608.2h)."""
    s = g.s
    me = s.players[p].name
    n = 0
    for e in _this_turn(g):
        if e.get("event") != "cast" or e.get("player") != me:
            continue
        if flt is None:
            n += 1
            continue
        oid = e.get("id")
        o = s.objects.get(oid)
        if o is not None:
            types = g.chars(o).types
        else:
            lki = s.lki.get(oid)
            if lki is None:
                continue
            types = lki[1].types
        if not flt.types or types & flt.types:
            n += 1
    return n


def _spells_cast_this_turn(g: Game, cond: SpellsCastThisTurn, source: int, lki: object, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    if o is None and isinstance(lki, tuple) and lki:
        o = lki[0]
    if o is None:
        return False
    controller = o.controller if o.zone == BATTLEFIELD else o.owner  # 113.6m: a card in a graveyard, its owner
    return spells_cast_this_turn(g, controller, cond.filter) >= cond.minimum


registry.CONDITION_EVALUATORS[SpellsCastThisTurn] = _spells_cast_this_turn
