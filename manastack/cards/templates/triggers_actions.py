"""Trigger conditions of players' and objects' actions (603.2); their events are detected by
rules/trigger_events.py (and rules/triggers.py for the events it already knew).

- 702.29c "When you cycle CARDNAME"; "Whenever you / a player cycles a card", "... cycle another card"
  ("... for the first time each turn");
  702.29d "Whenever you cycle or discard a card" (one trigger for a cycled card: it is a discard);
  701.8 "Whenever you / an opponent / a player discards a card" (or "a creature card" ...).
- "When CARDNAME / enchanted creature / a creature you control / you or a permanent you control becomes the
  target of a spell or ability (an opponent controls)"; "..., CARDNAME deals 2 damage to that spell's controller" (its
  "that player").
- 601.2i "Whenever a player casts their second spell each turn", "Whenever you cast your first spell
  during each opponent's turn"; "When you cast a creature spell" ("when" for the "whenever" template
  of triggers.py).
- 603.2f "Whenever enchanted creature / a creature an opponent controls becomes tapped"; 119.9 "Whenever
  you gain life for the first time each turn", "... gain / lose life during your turn"; 700.14
  "Whenever you expend N"; 701.18d / 701.42d "Whenever you scry / surveil"; 701.40a "Whenever a
  creature you control explores"; 702.110b "When CARDNAME exploits a creature" (rules/trigger_keywords.py); 305.1 "Whenever a player plays a land"; 122.6 "Whenever one or more
  +1/+1 counters are put on CARDNAME / a permanent you control".

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
    trigger_template,
)
from ..draft import CardDraft
from . import triggers as base
from .effects_common import article_filter, parse_filter

_WHO = {"you": "you", "a player": "any", "an opponent": "opponent"}
_NUM = r"(one|two|three|four|five|six|seven|\d+)"


# --- 702.29 cycling, 701.8 discarding ------------------------------------------------------------

@trigger_template(r"when you cycle cardname")
def _cycle_self(m):
    """702.29c: it triggers from the zone the card went to (its owner's graveyard)."""
    return {"event": "cycle_self"}


@trigger_template(r"whenever (you|a player|an opponent) cycles? (a|another) card")
def _cycle(m):
    return {"event": "cycle", "who": _WHO[m.group(1)], "scope": "another" if m.group(2) == "another" else ""}


@trigger_template(r"whenever you cycle (a|another) card for the first time each turn")
def _cycle_first(m):
    """702.29a: the first card its controller cycles this turn (Valiant Rescuer: "another card"; a card cycled
    earlier this turn, even before the source was on the battlefield, was the first)."""
    return {"event": "cycle_first", "who": "you", "scope": "another" if m.group(1) == "another" else ""}


@trigger_template(r"whenever (you|a player|an opponent) cycles? or discards? (a|another) card")
def _cycle_or_discard(m):
    """702.29d: a cycled card is discarded, and the ability triggers only once for it."""
    return {"event": "discard", "who": _WHO[m.group(1)], "scope": "another" if m.group(2) == "another" else ""}


@trigger_template(r"whenever (you|a player|an opponent) discards? (a|an|another) (.+)")
def _discard(m):
    """701.8: each discarded card is a trigger event ("that player" is the one who discarded)."""
    what = m.group(3)
    flt = None if what == "card" else parse_filter(what, allow_card=True)
    if flt is not None and (flt.controller or not what.endswith(" card")):
        raise Unsupported(m.group(0))
    return {"event": "discard", "who": _WHO[m.group(1)], "scope": "another" if m.group(2) == "another" else "",
            "filter": flt}


# --- becoming the target --------------------------------------------------------------------------

_TARGET_OF = r"becomes the target of (a spell or ability|a spell|an ability)( an opponent controls| you control)?"
_KIND = {"a spell or ability": "spell_or_ability", "a spell": "spell", "an ability": "ability"}


def _target_who(m: re.Match, first: int) -> str:
    whose = m.group(first + 1)
    return _KIND[m.group(first)] + ("" if not whose else ":opponent" if "opponent" in whose else ":you")


@trigger_template(rf"(?:when|whenever) cardname {_TARGET_OF}")
def _becomes_target(m):
    return {"event": "becomes_target", "scope": "self", "who": _target_who(m, 1)}


@trigger_template(rf"(?:when|whenever) enchanted (?:creature|permanent) {_TARGET_OF}")
def _enchanted_becomes_target(m):
    return {"event": "becomes_target", "scope": "enchanted", "who": _target_who(m, 1)}


@trigger_template(rf"whenever you or a permanent you control {_TARGET_OF}")
def _you_or_yours_becomes_target(m):
    """Leovold, Rayne: triggers once for each target that is you or a permanent you control (a spell that
    targets you and your creature triggers it twice); "and/or at least one" (Leyline of Combustion) is one
    trigger per spell, another reading (refused)."""
    return {"event": "becomes_target", "scope": "you_or_yours", "who": _target_who(m, 1)}


@paragraph_template(rf"whenever (a|another) (.+?) {_TARGET_OF}, (.+)")
def _object_becomes_target(m, para, out: CardDraft, is_spell):
    """"It" / "that creature" is the permanent that became the target ("that player", the spell's
    controller, is not this trigger's event object: refused)."""
    rest = m.group(5)
    if "that player" in rest:
        raise Unsupported(para)
    flt = article_filter(m)
    targets: list = []
    effects = parse_effects(rest, targets)
    out.abilities.append(V.TriggeredAbility(para, "becomes_target", effects, tuple(targets), scope="filter",
                                               filter=flt, who=_target_who(m, 3)))


@paragraph_template(rf"(?:when|whenever) cardname {_TARGET_OF}, (.+\bthat (?:spell|ability)'s controller\b.*)")
def _becomes_target_controller(m, para, out: CardDraft, is_spell):
    """Bonecrusher Giant: "Whenever CARDNAME becomes the target of a spell, CARDNAME deals 2 damage to that
    spell's controller": the trigger's "that player" (rules/trigger_events.py became_target) is the
    controller of the spell or ability that targeted it, the one the condition names."""
    kind = m.group(1)
    rest = m.group(3)
    whose = {"a spell": ("spell",), "an ability": ("ability",)}.get(kind, ("spell", "ability"))
    if is_spell or any(f"that {w}'s controller" in rest for w in ("spell", "ability") if w not in whose) \
            or re.search(r"\bthat (?:spell|ability)\b(?!'s controller)|\bthat player\b", rest):
        raise Unsupported(para)
    targets: list = []
    effects = parse_effects(re.sub(r"\bthat (?:spell|ability)'s controller\b", "that player", rest), targets)
    out.abilities.append(V.TriggeredAbility(para, "becomes_target", effects, tuple(targets), scope="self",
                                               who=_target_who(m, 1)))


# --- "when" forms of the "whenever" templates -------------------------------------------------------

@trigger_template(r"when (you cast|an opponent casts|a player casts) (?:a|an) (.+?)")
def _when_cast(m):
    return base._cast(m)


# --- counting spells (601.2i) ------------------------------------------------------------------------

@trigger_template(r"whenever (a player|an opponent) casts their second spell each turn")
def _their_second_spell(m):
    """601.2i: the caster's second spell this turn ("that player" is the caster)."""
    return {"event": "cast", "who": _WHO[m.group(1)], "scope": "second_spell"}


@trigger_template(r"whenever you cast your first spell during each opponent's turn")
def _first_spell_opponents_turn(m):
    return {"event": "cast", "who": "you", "scope": "first_opponent_turn"}


# --- tapping, life, scry ------------------------------------------------------------------------------

@trigger_template(r"(?:when|whenever) enchanted (?:creature|land|artifact|permanent) becomes tapped")
def _enchanted_becomes_tapped(m):
    """603.2f: "it" / "that creature" is the enchanted permanent."""
    return {"event": "attached_becomes_tapped"}


@trigger_template(r"whenever (?:a|an) (.+?) becomes tapped")
def _object_becomes_tapped(m):
    """603.2f: "whenever a creature an opponent controls becomes tapped"."""
    return {"event": "becomes_tapped_filter", "filter": parse_filter(m.group(1))}


@trigger_template(r"whenever you gain life for the first time each turn")
def _gain_life_first(m):
    return {"event": "gain_life_first"}


@trigger_template(r"whenever you investigate for the first time each turn")
def _investigate_first(m):
    """701.36a: the player's first investigation this turn (rules/trigger_events.py investigated)."""
    return {"event": "investigate_first"}


@trigger_template(r"whenever you (scry|surveil|scry or surveil)")
def _scry(m):
    """701.18d / 701.42d: after the scry / surveil is complete."""
    return {"event": m.group(1).replace(" ", "_")}


@trigger_template(rf"whenever you expend {_NUM}")
def _expend(m):
    """700.14: the mana you spent to cast spells this turn reaches N."""
    return {"event": "expend", "who": "you", "count": number(m.group(1))}


@trigger_template(r"whenever you (gain|lose) life during your turn")
def _life_your_turn(m):
    """119.3 / 119.9: each life gain or loss event during your own turn."""
    return {"event": f"{m.group(1)}_life_your_turn"}


@trigger_template(r"whenever (a|another) (.+?) explores")
def _object_explores(m):
    """701.40a: "it" is the exploring creature."""
    return {"event": "explores_filter", "filter": parse_filter(("another " if m.group(1) == "another" else "")
                                                               + m.group(2))}


@trigger_template(r"when cardname exploits a creature")
def _exploits(m):
    """702.110b: triggered by its exploit ability's sacrifice (rules/trigger_keywords.py `Exploits`)."""
    return {"event": "exploits"}


@trigger_template(r"(?:when|whenever) you play another land")
def _you_play_another_land(m):
    """305.1: "When you play another land, sacrifice CARDNAME" (City of Traitors): not the land itself."""
    return {"event": "play_land", "who": "you", "filter": parse_filter("another land")}


@trigger_template(r"whenever (a player|an opponent|you) plays? a land")
def _plays_land(m):
    """305.1: "that player" is the one who played it."""
    return {"event": "play_land", "who": _WHO[m.group(1)]}


_COUNTER_KIND = r"(\+1/\+1|-1/-1|[a-z]+)"


@trigger_template(rf"whenever an? {_COUNTER_KIND} counter is removed from cardname")
def _counter_removed_self(m):
    """122.8 / 603.2: "Whenever a +1/+1 counter is removed from CARDNAME" (Protean Hydra): once for each counter
    removed (rules/trigger_events.py counters_removed); time counters are suspend's (702.62)."""
    if m.group(1) in ("time", "loyalty"):
        raise Unsupported(m.string)
    return {"event": "counter_removed_self", "counter_kind": m.group(1)}


@trigger_template(rf"whenever one or more {_COUNTER_KIND} counters are put on (cardname|a|an|another) ?(.*)")
def _counters_put(m):
    """122.6: "Whenever one or more +1/+1 counters are put on CARDNAME / a permanent you control": once for
    each permanent given counters of that kind at once (on the battlefield, or as it enters); "it" is that
    permanent (rules/trigger_events.py counters_put)."""
    kind, article, phrase = m.group(1), m.group(2), m.group(3)
    if article == "cardname":
        if phrase:
            raise Unsupported(m.string)  # "... for the first time each turn"
        return {"event": "counters_put_self", "counter_kind": kind}
    if not phrase or " or more " in phrase:
        raise Unsupported(m.string)
    return {"event": "counters_put", "counter_kind": kind,
            "filter": parse_filter(("another " if article == "another" else "") + phrase)}


@trigger_template(r"whenever (a player|an opponent|you) plays? a card")
def _plays_card(m):
    """Glossary "Play": playing a land (305.1) or casting a spell (601.2i) (Recycle)."""
    return {"event": "play_card", "who": _WHO[m.group(1)]}
