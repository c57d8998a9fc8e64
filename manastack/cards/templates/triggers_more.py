"""More trigger conditions (CR 603.1-603.2, 603.4, 603.6, 603.8, 603.10); their events are detected by
rules/trigger_events.py (and rules/triggers.py for the events it already knew).

- 702.29c "When you cycle CARDNAME"; "Whenever you / a player cycles a card", "... cycle another card";
  702.29d "Whenever you cycle or discard a card" (one trigger for a cycled card: it is a discard);
  701.8 "Whenever you / an opponent / a player discards a card" (or "a creature card" ...).
- "When CARDNAME / enchanted creature / a creature you control becomes the target of a spell or
  ability (an opponent controls)".
- 120.3 "Whenever CARDNAME deals damage to a player / an opponent / a creature", "Whenever enchanted /
  equipped creature deals damage to ...": once per recipient.
- 508.1 "Whenever a creature you control attacks" (any object filter), "Whenever you attack with N or
  more creatures", "Whenever a creature attacks you or a planeswalker you control".
- 503.1 "At the beginning of the upkeep of enchanted creature's controller".
- 603.6c / 603.10a "Whenever an artifact (you control) is put into a graveyard from the battlefield",
  "When CARDNAME enters or is put into a graveyard from the battlefield", "When CARDNAME enters or
  leaves the battlefield"; 701.17a "Whenever you sacrifice a Clue / another permanent"; 603.10a
  "Whenever one or more (creature) cards leave your graveyard".
- 603.8 state triggers: "When you control no Islands".
- "When a Cartouche you control enters", "When another creature enters", "When you cast a creature
  spell" ("when" for the "whenever" templates of triggers.py).
- 603.4 intervening "if" clauses about the game state: "if it was kicked" (702.33d), "if you control
  two or more Gates / another Spirit / no tapped lands", "if an opponent controls more lands than
  you", after any trigger condition the templates know.
- 506.5 "Whenever equipped creature attacks alone"; 120.3 "When(ever) enchanted / equipped creature is
  dealt damage"; 510.2 "Whenever CARDNAME deals combat damage to a player or planeswalker", "Whenever
  one or more creatures you control deal combat damage to a player", "Whenever a creature deals combat
  damage to you"; 601.2i "Whenever a player casts their second spell each turn", "Whenever you cast
  your first spell during each opponent's turn".
- Two events, one effect (two abilities): "When you cycle CARDNAME and when CARDNAME dies", "When you
  cast or cycle CARDNAME", "When CARDNAME enters and when you sacrifice it".
- 603.2f "Whenever enchanted creature / a creature an opponent controls becomes tapped"; 119.9 "Whenever
  you gain life for the first time each turn", "... gain / lose life during your turn"; 700.14
  "Whenever you expend N"; 701.18d / 701.42d "Whenever you scry / surveil"; 701.40a "Whenever a
  creature you control explores"; 305.1 "Whenever a player plays a land"; 603.6c "Whenever a land
  card is put into your graveyard from anywhere"; "Whenever another creature you control leaves the
  battlefield"; 701.17a "Whenever a player sacrifices a permanent".

Conditions arrive lower-cased, "cardname" for the card's own name, without the trailing comma.
"""

from __future__ import annotations

import re

from ...rules.trigger_events import ControlCount, OpponentMoreLands, WasKicked
from .. import vocab as V
from ..compiler import (
    Unsupported,
    number,
    paragraph_template,
    parse_effects,
    trigger_template,
)
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


@paragraph_template(rf"whenever (a|another) (.+?) {_TARGET_OF}, (.+)")
def _object_becomes_target(m, para, out, is_spell):
    """"It" / "that creature" is the permanent that became the target ("that player", the spell's
    controller, is not this trigger's event object: refused)."""
    rest = m.group(5)
    if "that player" in rest:
        raise Unsupported(para)
    flt = article_filter(m)
    targets: list = []
    effects = parse_effects(rest, targets)
    out["abilities"].append(V.TriggeredAbility(para, "becomes_target", effects, tuple(targets), scope="filter",
                                               filter=flt, who=_target_who(m, 3)))


# --- damage --------------------------------------------------------------------------------------

_RECIPIENT = {"a player": "player", "an opponent": "opponent", "a creature": "creature"}


@trigger_template(r"whenever cardname deals damage to (a player|an opponent|a creature)")
def _deals_damage(m):
    """120.3 / 603.2c: once per recipient; "that player" / "that creature" is the recipient."""
    return {"event": "deals_damage", "who": _RECIPIENT[m.group(1)]}


@trigger_template(r"whenever (?:enchanted|equipped) creature deals damage to (a player|an opponent|a creature)")
def _attached_deals_damage(m):
    return {"event": "attached_deals_damage", "who": _RECIPIENT[m.group(1)]}


# --- attacks ---------------------------------------------------------------------------------------

@trigger_template(r"whenever (?:a|an) (.+?) attacks you( or a planeswalker you control)?")
def _attacks_you(m):
    """506.3 / 508.1: "it" is the attacking creature ("attacks you": not a planeswalker you control)."""
    flt = parse_filter(m.group(1))
    if flt.controller:
        raise Unsupported(m.group(0))
    return {"event": "attacks_you", "filter": flt, "scope": "" if m.group(2) else "player"}


@trigger_template(rf"whenever {_NUM} or more creatures attack")
def _n_creatures_attack(m):
    """508.1: any player's declaration of at least N attackers (one trigger)."""
    return {"event": "you_attack_n", "who": "any", "count": number(m.group(1)),
            "filter": V.ObjectFilter(types=frozenset({"Creature"}))}


@trigger_template(r"whenever (a|an|another) (.+?) attacks")
def _object_attacks(m):
    """508.1: once for each attacking creature that matches; "it" is that creature."""
    flt = article_filter(m)
    return {"event": "attacks_filter", "filter": flt}


@trigger_template(rf"whenever you attack with {_NUM} or more (.+)")
def _attack_with_n(m):
    """508.1: one trigger for the declaration when at least N of the attackers match."""
    flt = parse_filter(m.group(2))
    if flt.controller:
        raise Unsupported(m.group(0))
    return {"event": "you_attack_n", "who": "you", "count": number(m.group(1)), "filter": flt}


# --- steps ----------------------------------------------------------------------------------------

@paragraph_template(r"at the beginning of the upkeep of enchanted (?:creature|permanent|land|artifact)'s controller, (.+)")
def _upkeep_enchanted(m, para, out, is_spell):
    """503.1: "that player" is the enchanted permanent's controller. "That creature" / "it" (the
    enchanted permanent) is not this trigger's event object: refused."""
    rest = m.group(1)
    if re.search(r"\b(that creature|that permanent|that land|it|its)\b", rest):
        raise Unsupported(para)
    targets: list = []
    effects = parse_effects(rest, targets)
    out["abilities"].append(V.TriggeredAbility(para, "upkeep_enchanted", effects, tuple(targets)))


# --- zone changes ----------------------------------------------------------------------------------

@trigger_template(r"when cardname enters(?: the battlefield)? or is put into a graveyard from the battlefield")
def _etb_or_to_graveyard(m):
    return {"event": "etb_or_to_graveyard"}


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


# --- 603.8 state triggers ----------------------------------------------------------------------------

_BASIC = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain", "forests": "Forest"}


@trigger_template(r"when you control no (plains|islands|swamps|mountains|forests)")
def _control_none(m):
    return {"event": "state_no_subtype", "filter": V.ObjectFilter(subtypes=frozenset({_BASIC[m.group(1)]}))}


# --- "when" forms of the "whenever" templates -------------------------------------------------------

@trigger_template(r"when (you cast|an opponent casts|a player casts) (?:a|an) (.+?)")
def _when_cast(m):
    return base._cast(m)


@paragraph_template(r"when (cardname or )?(another |a |an )(.+?) enters(?: the battlefield)?( under your control)?, (.+)")
def _when_enters(m, para, out, is_spell):
    """603.6a "When a Cartouche you control enters, ...". An ability that works from the graveyard
    ("return CARDNAME from your graveyard", 113.6) is not an ability of a permanent: refused."""
    rest = m.group(5)
    if "from your graveyard" in rest or m.group(3).startswith("cardname"):
        raise Unsupported(para)
    kwargs = base._enters(m)
    targets: list = []
    effects = parse_effects(rest, targets)
    out["abilities"].append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))


# --- 603.4 intervening "if" clauses -----------------------------------------------------------------

def intervening_condition(text: str, event: str) -> object:
    """An intervening "if" condition (603.4) about the game state, checked by rules/trigger_events.py
    (the "[trigger], if [condition]" template is in templates/conditions.py)."""
    if text == "it was kicked":
        if event != "etb":
            raise Unsupported(text)  # "it" is the permanent that entered
        return WasKicked()
    if text in ("an opponent controls more lands than you", "defending player controls more lands than you"):
        return OpponentMoreLands()
    m = re.fullmatch(r"(?:you control|your team controls) (a|an|another|no|(?:" + _NUM[1:-1] + r") or more) (.+)", text)
    if not m:
        raise Unsupported(text)
    how, what = m.group(1), m.group(2)
    flt = parse_filter(("another " if how == "another" else "") + what)
    if flt.controller:
        raise Unsupported(text)
    if how == "no":
        return ControlCount(flt, 0, 0)
    if how.endswith(" or more"):
        return ControlCount(flt, int(number(how.split()[0])))
    return ControlCount(flt, 1)




# --- counting spells (601.2i) ------------------------------------------------------------------------

@trigger_template(r"whenever (a player|an opponent) casts their second spell each turn")
def _their_second_spell(m):
    """601.2i: the caster's second spell this turn ("that player" is the caster)."""
    return {"event": "cast", "who": _WHO[m.group(1)], "scope": "second_spell"}


@trigger_template(r"whenever you cast your first spell during each opponent's turn")
def _first_spell_opponents_turn(m):
    return {"event": "cast", "who": "you", "scope": "first_opponent_turn"}


# --- attached permanents -----------------------------------------------------------------------------

@trigger_template(r"whenever equipped creature attacks alone")
def _equipped_attacks_alone(m):
    """506.5: it is the only creature declared as an attacker."""
    return {"event": "attached_attacks_alone"}


@trigger_template(r"(?:when|whenever) (?:enchanted|equipped) creature is dealt damage")
def _enchanted_dealt_damage(m):
    """120.3: "it" / "that creature" is the enchanted creature."""
    return {"event": "attached_dealt_damage"}


@trigger_template(r"whenever cardname deals combat damage to a player or planeswalker")
def _combat_damage_player_or_pw(m):
    """510.2: once for each player or planeswalker dealt combat damage."""
    return {"event": "deals_combat_damage"}


_TWO_EVENTS: dict[str, tuple[dict, dict]] = {
    "when you cycle cardname and when cardname dies": ({"event": "cycle_self"}, {"event": "dies"}),
    "when you cast or cycle cardname": ({"event": "cast_self"}, {"event": "cycle_self"}),
    "when cardname enters and when you sacrifice it": ({"event": "etb"}, {"event": "sacrifice_self"}),
}


@paragraph_template(r"(when you cycle cardname and when cardname dies|when you cast or cycle cardname|"
                    r"when cardname enters and when you sacrifice it), (.+)")
def _two_events(m, para, out, is_spell):
    """702.29c, 603.10a, 701.17a: two trigger events for the same effect — two triggered abilities."""
    for kwargs in _TWO_EVENTS[m.group(1)]:
        targets: list = []
        effects = parse_effects(m.group(2), targets)
        out["abilities"].append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))


# --- tapping, life, scry ------------------------------------------------------------------------------

@trigger_template(r"(?:when|whenever) enchanted (?:creature|land|permanent) becomes tapped")
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


@trigger_template(r"whenever you (scry|surveil|scry or surveil)")
def _scry(m):
    """701.18d / 701.42d: after the scry / surveil is complete."""
    return {"event": m.group(1).replace(" ", "_")}


@trigger_template(rf"whenever you expend {_NUM}")
def _expend(m):
    """700.14: the mana you spent to cast spells this turn reaches N."""
    return {"event": "expend", "who": "you", "count": number(m.group(1))}


@paragraph_template(r"whenever one or more (.+?) you control deal combat damage to (a player|an opponent), (.+)")
def _group_combat_damage(m, para, out, is_spell):
    """510.2 / 603.2c: once per combat damage step and player dealt damage by at least one of them
    ("that player"). An ability that works from the graveyard ("return CARDNAME from your graveyard",
    113.6) or refers to the creatures or the damage ("one of them", "that much") is refused."""
    rest = m.group(3)
    if re.search(r"cardname from your graveyard|\bthem\b|\bthose\b|damage dealt|that much|this turn", para.lower()):
        raise Unsupported(para)
    flt = parse_filter(m.group(1) + " you control")
    targets: list = []
    effects = parse_effects(rest, targets)
    out["abilities"].append(V.TriggeredAbility(para, "group_combat_damage", effects, tuple(targets), filter=flt,
                                               who="opponent" if m.group(2) == "an opponent" else "player"))


@trigger_template(r"whenever you (gain|lose) life during your turn")
def _life_your_turn(m):
    """119.3 / 119.9: each life gain or loss event during your own turn."""
    return {"event": f"{m.group(1)}_life_your_turn"}


@trigger_template(r"whenever (a|another) (.+?) explores")
def _object_explores(m):
    """701.40a: "it" is the exploring creature."""
    return {"event": "explores_filter", "filter": parse_filter(("another " if m.group(1) == "another" else "")
                                                               + m.group(2))}


@trigger_template(r"whenever a creature deals combat damage to you")
def _combat_damage_to_you(m):
    """510.2: once per creature that dealt combat damage to you ("that creature")."""
    return {"event": "combat_damage_to_you"}


@trigger_template(r"whenever (a player|an opponent|you) plays? a land")
def _plays_land(m):
    """305.1: "that player" is the one who played it."""
    return {"event": "play_land", "who": _WHO[m.group(1)]}


@trigger_template(r"whenever (a|an) (creature|land|artifact|enchantment|instant|sorcery) card is put into your "
                  r"graveyard from anywhere")
def _card_to_your_graveyard(m):
    """603.6c: "from anywhere" is not a leaves-the-battlefield ability: it sees the card in the graveyard."""
    return {"event": "card_to_your_graveyard", "filter": V.ObjectFilter(types=frozenset({m.group(2).capitalize()}))}
