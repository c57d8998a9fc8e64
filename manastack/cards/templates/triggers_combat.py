"""Trigger conditions of combat and damage (603.2, 120.3, 506.5, 508.1, 510.2); their events are detected
by rules/trigger_events.py (and rules/triggers.py for the events it already knew).

- 120.3 "Whenever CARDNAME deals damage to a player / an opponent / a creature", "Whenever enchanted /
  equipped creature deals damage to ...": once per recipient; "When(ever) enchanted / equipped
  creature is dealt damage".
- 508.1 "Whenever a creature you control attacks" (any object filter), "Whenever you attack with N or
  more creatures", "Whenever a creature attacks you or a planeswalker you control"; 506.5 "Whenever
  equipped creature attacks alone".
- 510.2 "Whenever CARDNAME / equipped creature deals combat damage" (once per combat damage step),
  "Whenever CARDNAME deals combat damage to a player or planeswalker", "Whenever one or more
  creatures you control deal combat damage to a player", "Whenever a creature deals combat damage
  to you".
- 120.3 "Whenever CARDNAME is dealt (combat) damage, ... that much ...": the damage dealt to it.
- 115.1 "Whenever CARDNAME / enchanted creature deals (combat) damage to a player, ... target creature that player
  controls": a target among the damaged player's permanents (TargetSpec.controlled_by EVENT_PLAYER_CONTROLS).

Conditions arrive lower-cased, "cardname" for the card's own name, without the trailing comma.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.effects import ThatMuchDamage
from ..compiler import (
    Unsupported,
    number,
    paragraph_template,
    parse_effects,
    trigger_kwargs,
    trigger_template,
)
from ..draft import CardDraft
from .effects_common import article_filter, parse_filter, substitute
from .triggers_actions import _NUM

_RECIPIENT = {"a player": "player", "an opponent": "opponent", "a creature": "creature"}


@trigger_template(r"whenever cardname deals damage to (a player|an opponent|a creature)")
def _deals_damage(m):
    """120.3 / 603.2c: once per recipient; "that player" / "that creature" is the recipient."""
    return {"event": "deals_damage", "who": _RECIPIENT[m.group(1)]}


@trigger_template(r"whenever cardname deals damage to one or more creatures")
def _deals_damage_one_or_more(m):
    """120.3 / 603.2c: once per damage event, however many creatures it dealt damage to at once (510.2 combat
    damage, one effect's damage)."""
    return {"event": "deals_damage", "who": "creature", "scope": "one_or_more"}


@trigger_template(r"whenever (?:enchanted|equipped) creature deals damage to (a player|an opponent|a creature)")
def _attached_deals_damage(m):
    return {"event": "attached_deals_damage", "who": _RECIPIENT[m.group(1)]}


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


@trigger_template(r"whenever equipped creature attacks alone")
def _equipped_attacks_alone(m):
    """506.5: it is the only creature declared as an attacker."""
    return {"event": "attached_attacks_alone"}


@trigger_template(r"whenever (a|an|another) (.+?) is dealt damage")
def _permanent_dealt_damage(m):
    """120.3 / 603.2c: "Whenever a creature you control is dealt damage": once per damage event to each such
    permanent; "it" is that permanent. Effects that use the amount ("that much") are not compiled."""
    flt = article_filter(m)
    if not flt.types and not flt.subtypes:
        raise Unsupported(m.group(0))  # "a player" or "an opponent" is not a permanent
    return {"event": "permanent_dealt_damage", "filter": flt}


@trigger_template(r"(?:when|whenever) (?:enchanted|equipped) creature is dealt damage")
def _enchanted_dealt_damage(m):
    """120.3: "it" / "that creature" is the enchanted creature."""
    return {"event": "attached_dealt_damage"}


@trigger_template(r"whenever cardname deals combat damage to a player or planeswalker")
def _combat_damage_player_or_pw(m):
    """510.2: once for each player or planeswalker dealt combat damage."""
    return {"event": "deals_combat_damage"}


@paragraph_template(r"whenever one or more (.+?) you control deal combat damage to (a player|an opponent), (.+)")
def _group_combat_damage(m, para, out: CardDraft, is_spell):
    """510.2 / 603.2c: once per combat damage step and player dealt damage by at least one of them
    ("that player"). An ability that works from the graveyard ("return CARDNAME from your graveyard",
    113.6) or refers to the creatures or the damage ("one of them", "that much") is refused."""
    rest = m.group(3)
    if re.search(r"cardname from your graveyard|\bthem\b|\bthose\b|damage dealt|that much|this turn", para.lower()):
        raise Unsupported(para)
    flt = parse_filter(m.group(1) + " you control")
    effects, targets = _effects_with_event_player_targets(rest, para)
    out.abilities.append(V.TriggeredAbility(para, "group_combat_damage", effects, tuple(targets), filter=flt,
                                               who="opponent" if m.group(2) == "an opponent" else "player"))


@trigger_template(r"whenever (cardname|enchanted creature|equipped creature) deals combat damage")
def _deals_combat_damage_any(m):
    """510.2 / 603.2c: once per combat damage step in which it dealt combat damage, however many creatures,
    players and planeswalkers it dealt damage to (the damage of one step is one event). Effects that need
    the damage or its recipients ("that much", "that player") find no event object and are not compiled."""
    return {"event": "deals_combat_damage_any" if m.group(1) == "cardname" else "attached_deals_combat_damage"}


# Trigger events whose event object is the player dealt damage (rules/trigger_events.py, rules/triggers.py): their
# "that player" is that player, and so is the one of "target creature that player controls".
_DAMAGED_PLAYER_EVENTS = {"deals_damage", "attached_deals_damage", "combat_damage_player",
                          "attached_combat_damage_player", "group_combat_damage", "player_dealt_damage_by"}
_THAT_PLAYERS_TARGET = re.compile(r"\btarget ([a-z][a-z ,/+-]*?) that player controls\b")


def _effects_with_event_player_targets(rest: str, para: str) -> tuple[tuple, list]:
    """The effects of `rest`, each "target ... that player controls" read as a target that must be controlled by
    the trigger event's player (TargetSpec.controlled_by EVENT_PLAYER_CONTROLS, 115.1, checked again as it resolves, 608.2b). Another
    target in the same ability is refused (which of them is which would be guessed)."""
    phrases = _THAT_PLAYERS_TARGET.findall(rest)
    targets: list = []
    effects = parse_effects(_THAT_PLAYERS_TARGET.sub(r"target \1", rest), targets)
    if phrases:
        if len(targets) != len(phrases) or rest.count("target") != len(phrases):
            raise Unsupported(para)
        targets = [dataclasses.replace(t, controlled_by=V.EVENT_PLAYER_CONTROLS, text=t.text + " that player controls")
                   for t in targets]
    return effects, targets


@paragraph_template(r"((?:when|whenever) .+? damage to .+?), (.*\btarget [^.]*? that player controls\b.*)")
def _damage_trigger_that_players_target(m, para, out: CardDraft, is_spell):
    """115.1 / 603.3d: "Whenever CARDNAME deals combat damage to a player, destroy target artifact that player
    controls", "Whenever enchanted creature deals damage to a player, return target creature that player controls
    to its owner's hand" (Sigil of Sleep): the target is chosen among the permanents of the player dealt damage."""
    low = para.lower().rstrip(".")
    for comma in [i for i, ch in enumerate(low) if ch == ","]:
        cond, rest = low[:comma], low[comma + 1:].strip()
        if "that player controls" not in rest:
            break
        try:
            kwargs = trigger_kwargs(cond)
        except Unsupported:
            continue
        if kwargs.get("event") not in _DAMAGED_PLAYER_EVENTS or kwargs.get("who") == "creature":
            continue
        effects, targets = _effects_with_event_player_targets(rest, para)
        out.abilities.append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))
        return
    raise Unsupported(para)


@trigger_template(r"whenever a creature deals combat damage to you")
def _combat_damage_to_you(m):
    """510.2: once per creature that dealt combat damage to you ("that creature")."""
    return {"event": "combat_damage_to_you"}


@paragraph_template(r"whenever (cardname|enchanted creature) is dealt (combat )?damage, (.+)")
def _dealt_damage_that_much(m, para, out: CardDraft, is_spell):
    """120.3 / 603.2c: "Whenever CARDNAME is dealt (combat) damage, it deals that much damage to any target" /
    "you gain that much life": "that much" is the damage dealt to it in the event (ThatMuchDamage, written
    by rules/trigger_events.py as it triggers). The effects are read with X standing for "that much"."""
    rest = m.group(3)
    if re.search(r"\bx\b|that many", rest) or ("that much" not in rest
                                                 and (not m.group(2) or m.group(1) != "cardname")):
        # without "that much", the plain "is dealt damage" triggers (triggers.py, _enchanted_dealt_damage)
        raise Unsupported(para)
    if m.group(1) != "cardname" and re.search(r"\bit deals\b", rest):
        raise Unsupported(para)  # "it deals": the enchanted creature is the source of that damage, not the Aura
    targets: list = []
    effects = parse_effects(rest.replace("that much", "x"), targets)
    effects = substitute(effects, "X", ThatMuchDamage())
    out.abilities.append(V.TriggeredAbility(para, "dealt_damage_that_much", effects, tuple(targets),
                                            scope="combat" if m.group(2) else "",
                                            who="enchanted" if m.group(1) == "enchanted creature" else "self"))


_DAMAGE_SOURCE = {"cardname": "self", "enchanted creature": "attached", "equipped creature": "attached",
                  "a noncreature source you control": "noncreature_you"}


@paragraph_template(r"whenever (cardname|enchanted creature|equipped creature|a noncreature source you control) "
                    r"deals damage, (.+)")
def _deals_damage_that_much(m, para, out: CardDraft, is_spell):
    """120.3 / 603.2c: "Whenever CARDNAME deals damage, you gain that much life" (Spirit Link on "enchanted
    creature", Tamanoa on "a noncreature source you control"): once per damage event the source deals,
    whatever its recipients, "that much" being the total it dealt in that event (ThatMuchDamage, written
    by rules/trigger_events.py deals_that_much). The effects are read with X standing for "that much"."""
    rest = m.group(2)
    if re.search(r"\bx\b|that many", rest) or "that much" not in rest or (
            m.group(1) != "cardname" and re.search(r"\bit deals\b", rest)):
        raise Unsupported(para)  # "it deals": the creature is the source of that damage, not this Aura
    targets: list = []
    effects = parse_effects(rest.replace("that much", "x"), targets)
    effects = substitute(effects, "X", ThatMuchDamage())
    out.abilities.append(V.TriggeredAbility(para, "deals_damage_that_much", effects, tuple(targets),
                                            scope=_DAMAGE_SOURCE[m.group(1)]))


_COMBAT_DAMAGE_EVENTS = frozenset({"combat_damage_player", "attached_combat_damage_player", "creature_combat_damage_player"})


@paragraph_template(r"(whenever [^,]+? deals? combat damage to (?:a player|an opponent)), (.*\bthat (?:many|much)\b.*)")
def _combat_damage_that_many(m, para, out: CardDraft, is_spell):
    """510.2 / 603.2: "Whenever CARDNAME deals combat damage to a player, draw that many cards" (equipped /
    enchanted creature, "a creature you control"): "that many" is the combat damage it dealt that player
    (ThatMuchDamage, written by rules/triggers.py combat_damage_dealt as it triggers). The effects are read with
    X standing for "that many"."""
    kw = trigger_kwargs(m.group(1))
    rest = m.group(2)
    if kw.get("event") not in _COMBAT_DAMAGE_EVENTS or re.search(r"\bx\b", rest) or "damage" in rest or (
            kw["event"] == "creature_combat_damage_player" and re.search(r"\bthat player\b|\bthey\b", rest)):
        # "deal that much damage": the creature as its source; "a creature you control ... that player": the
        # trigger's object is the creature, not the player
        raise Unsupported(para)
    targets: list = []
    effects = parse_effects(re.sub(r"\bthat (?:many|much)\b", "x", rest), targets)
    effects = substitute(effects, "X", ThatMuchDamage())
    out.abilities.append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kw))


@trigger_template(r"whenever (an opponent|a player) is dealt damage by (?:an? )?(.+?)")
def _player_dealt_damage_by(m):
    """120.3 / 603.2: "Whenever an opponent is dealt damage by a red instant or sorcery spell you control or by a
    red planeswalker you control": once per damage event whose source (its characteristics as it deals the
    damage) has one of the types, one of the colors and the controller of the filter; several sources, each a
    phrase of the same color and controller, are one filter ("or by a red planeswalker you control")."""
    parts = [re.sub(r"^an? ", "", p) for p in m.group(2).split(" or by ")]
    filters = []
    for p in parts:
        if p.endswith(" you control"):
            p, ctl = p[: -len(" you control")], "you"
        else:
            ctl = None
        p = re.sub(r" spells?$", "", p)  # "instant or sorcery spell": the source is on the stack
        flt = parse_filter(p)
        if type(flt) is not V.ObjectFilter or not flt.types or flt.subtypes or flt.non_types or flt.non_colors:
            raise Unsupported(m.group(0))
        filters.append(V.ObjectFilter(types=flt.types, colors=flt.colors, controller=ctl))
    if len({(f.colors, f.controller) for f in filters}) != 1:
        raise Unsupported(m.group(0))
    union = V.ObjectFilter(types=frozenset().union(*(f.types for f in filters)), colors=filters[0].colors,
                           controller=filters[0].controller)
    return {"event": "player_dealt_damage_by", "filter": union,
            "who": "opponent" if m.group(1) == "an opponent" else "any"}
