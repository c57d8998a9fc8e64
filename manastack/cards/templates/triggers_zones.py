"""Trigger conditions of zone changes (603.6, 603.10a, 701.17a); their events are detected by
rules/trigger_events.py (and rules/triggers.py for the events it already knew).

- 603.6c / 603.10a "Whenever an artifact (you control) is put into a graveyard from the battlefield",
  "When CARDNAME enters or is put into a graveyard from the battlefield", "When CARDNAME enters or
  leaves the battlefield", "Whenever another creature you control leaves the battlefield"; 603.10a
  "Whenever one or more (creature) cards leave your graveyard", "Whenever one or more cards are put into
  exile from your graveyard, put that many +1/+1 counters on CARDNAME"; 603.6c "Whenever a land card is put
  into your graveyard from anywhere"; 603.2 "Whenever one or more land cards are put into your graveyard from
  anywhere for the first time each turn".
- 701.17a "Whenever you sacrifice a Clue / another permanent", "Whenever a player sacrifices a
  permanent".
- 603.6a "When CARDNAME enters untapped" (Mystic Sanctuary, Witch's Cottage).
- 603.6a "Whenever CARDNAME or another creature enters from your graveyard", "When CARDNAME enters from a
  graveyard" (TriggeredAbility.origin).
- "When a Cartouche you control enters", "When another creature enters" ("when" for the "whenever"
  templates of triggers.py).

Conditions arrive lower-cased, "cardname" for the card's own name, without the trailing comma.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ..compiler import (
    Unsupported,
    number,
    paragraph_template,
    parse_effects,
    trigger_kwargs,
    trigger_template,
)
from ..draft import CardDraft
from . import triggers as base
from .effects_common import article_filter
from .triggers_actions import _NUM


@trigger_template(r"when cardname enters(?: the battlefield)? or is put into a graveyard from the battlefield")
def _etb_or_to_graveyard(m):
    return {"event": "etb_or_to_graveyard"}


@trigger_template(r"when cardname enters(?: the battlefield)? untapped")
def _etb_untapped(m):
    """603.6a: "When CARDNAME enters untapped" (Mystic Sanctuary): it triggers only if the permanent entered
    untapped (rules/triggers.py); no intervening "if": tapping it in response changes nothing."""
    return {"event": "etb_untapped"}


@trigger_template(r"when cardname enters(?: the battlefield)? or leaves the battlefield")
def _etb_or_leaves(m):
    return {"event": "etb_or_leaves"}


@trigger_template(r"whenever (a|an|another) (.+?) is put into (a|your|an opponent's) graveyard from the battlefield")
def _to_graveyard_filter(m):
    """603.6c / 603.10a: looks back in time (a permanent with this ability sees its own departure)."""
    if m.group(3) != "a":
        raise Unsupported(m.group(0))  # whose graveyard (the owner's): not modelled
    flt = article_filter(m)
    return {"event": "to_graveyard_filter", "filter": flt}


@trigger_template(r"whenever a player sacrifices (a|an|another) (.+)")
def _player_sacrifices(m):
    """701.17a: any player sacrifices a permanent (its own departure too, 603.10a)."""
    flt = article_filter(m)
    if flt.controller:
        raise Unsupported(m.group(0))
    return {"event": "sacrifice", "who": "any", "filter": flt}


@trigger_template(r"whenever (a|another) (.+?) leaves the battlefield")
def _object_leaves(m):
    """603.6c / 603.10a: looks back in time (its own departure too, unless "another")."""
    flt = article_filter(m)
    return {"event": "leaves_filter", "filter": flt}


@trigger_template(r"whenever you sacrifice (a|an|another) (.+)")
def _sacrifice(m):
    """701.17a: a permanent you controlled is sacrificed."""
    flt = article_filter(m)
    if flt.controller:
        raise Unsupported(m.group(0))
    return {"event": "sacrifice", "who": "you", "filter": flt}


@trigger_template(rf"whenever {_NUM} or more (cards|creature cards|artifact cards|land cards) leave your graveyard")
def _leave_graveyard(m):
    """603.10a / 603.2c: once for each event that moves at least N such cards out of your graveyard."""
    kind = m.group(2)
    flt = None if kind == "cards" else V.ObjectFilter(types=frozenset({kind.split()[0].capitalize()}))
    return {"event": "leave_graveyard", "count": number(m.group(1)), "filter": flt}


@paragraph_template(r"whenever one or more cards are put into exile from your graveyard, (.+)")
def _exiled_from_graveyard(m, para, out: CardDraft, is_spell):
    """603.10a / 603.2c: once for each event that exiles cards from your graveyard at once (a delve payment, an
    effect); "that many" is the number of those cards (the ability's X, rules/trigger_events.py)."""
    if re.search(r"\bx\b", m.group(1)):
        raise Unsupported(para)  # an X of its own
    rest = re.sub(r"\bthat many\b", "x", m.group(1))
    targets: list = []
    effects = parse_effects(rest, targets)
    out.abilities.append(V.TriggeredAbility(para, "exiled_from_graveyard", effects, tuple(targets)))


@paragraph_template(r"when (cardname or )?(another |a |an )(.+?) enters(?: the battlefield)?( under your control)?, (.+)")
def _when_enters(m, para, out: CardDraft, is_spell):
    """603.6a "When a Cartouche you control enters, ...". An ability that works from the graveyard
    ("return CARDNAME from your graveyard", 113.6) is not an ability of a permanent: refused."""
    rest = m.group(5)
    if "from your graveyard" in rest or m.group(3).startswith("cardname"):
        raise Unsupported(para)
    kwargs = base._enters(m)
    targets: list = []
    effects = parse_effects(rest, targets)
    out.abilities.append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))


@trigger_template(r"whenever (a|an) (creature|land|artifact|enchantment|instant|sorcery) card is put into your "
                  r"graveyard from anywhere")
def _card_to_your_graveyard(m):
    """603.6c: "from anywhere" is not a leaves-the-battlefield ability: it sees the card in the graveyard."""
    return {"event": "card_to_your_graveyard", "filter": V.ObjectFilter(types=frozenset({m.group(2).capitalize()}))}


@trigger_template(r"whenever one or more (creature|land|artifact|enchantment|instant|sorcery) cards are put into your "
                  r"graveyard from anywhere for the first time each turn")
def _first_cards_to_your_graveyard(m):
    """603.2: once a turn, as the first card of that type is put into your graveyard this turn (counted even
    before the ability's source arrived; rules/trigger_events.py)."""
    return {"event": "first_type_to_your_graveyard",
            "filter": V.ObjectFilter(types=frozenset({m.group(1).capitalize()}))}


@trigger_template(r"(when|whenever) (.+?) enters from (your|a) graveyard")
def _enters_from_graveyard(m):
    """603.6a: "Whenever CARDNAME or another creature enters from your graveyard", "When CARDNAME enters from a
    graveyard": the enters trigger, only for a permanent that came from a graveyard (its owner's: "your")."""
    kw = trigger_kwargs(f"{m.group(1)} {m.group(2)} enters")
    if kw.get("event") not in ("etb", "enters") or kw.get("origin"):
        raise Unsupported(m.group(0))
    return {**kw, "origin": "your_graveyard" if m.group(3) == "your" else "graveyard"}
