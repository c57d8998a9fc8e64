"""Transforming double-faced cards (712, 701.28); executed by rules/transform.py.

- 701.28a: "transform CARDNAME" / "transform it" (the Transform effect; "you may transform CARDNAME" is
  the general "you may" of templates/effects_core.py).
- 712.14a: "exile CARDNAME, then return him/her/it to the battlefield transformed under his/her/its
  owner's control" (ExileReturnTransformed).
- 603.4: the Innistrad werewolves: "At the beginning of each upkeep, if no spells were cast last turn,
  transform CARDNAME." / "... if a player cast two or more spells last turn, transform CARDNAME."
  (an upkeep trigger with the SpellsLastTurn intervening "if" clause).
- 701.28e: "When(ever) CARDNAME transforms into CARDNAME" (the trigger event "transformed_into").
- 603.2 / 701.28e: "Whenever CARDNAME enters or transforms into CARDNAME, [effect]" (Ulrich of the
  Krallenhorde): one ability with two trigger events, compiled as an ability for each event (the same text,
  effects and targets), since an event is one or the other.
- 608.2c: "Then if it has no ice counters on it, transform it" (Thing in the Ice: the source's counters);
  "return all non-Horror creatures to their owners' hands" (ReturnAllToHand).
- 603.1: "When you attack with three or more creatures" / "When CARDNAME deals combat damage to a player"
  (Legion's Landing, Uninvited Geist: "when" is "whenever", the trigger templates of the latter words).
- 608.2c: "Then if you have seven or more cards in your graveyard, [effect]" (Search for Azcanta: the
  graveyard condition of templates/effects_instead.py).
- 701.16a: "[trigger], look at the top card of your library. You may reveal that card. If an instant or
  sorcery card is revealed this way, [effect]" (Delver of Secrets: RevealTopIf inside a "you may");
  701.13a "[trigger], mill a card. If an instant or sorcery card was milled this way, [effect]" (Aberrant
  Researcher: MillOneIf).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.referred_objects import InsteadIf
from ...model.vocab.transform import (
    ExileReturnTransformed,
    MillOneIf,
    NoCountersOnSelf,
    ReturnAllToHand,
    RevealTopIf,
    SpellsLastTurn,
    Transform,
)
from ..compiler import Unsupported, paragraph_template, parse_effects, trigger_kwargs, trigger_template
from ..draft import CardDraft
from .effects_common import parse_filter, target, template
from .effects_instead import if_effect


@template(r"transform (cardname|it)")
def _transform(m, targets):
    """701.28a: the source itself ("it": the object the ability refers to, else the source)."""
    return [Transform(target(m.group(1), targets))]


@template(r"exile cardname, then return (?:him|her|it) to the battlefield transformed under (?:his|her|its) owner's control")
def _exile_return_transformed(m, targets):
    """712.14a: the same card returns as a new object with its back face up (400.7)."""
    return [ExileReturnTransformed()]


_LAST_TURN = {"no spells were cast last turn": True, "a player cast two or more spells last turn": False}


@trigger_template(r"at the beginning of each upkeep, if (no spells were cast last turn|a player cast two or more spells "
                  r"last turn)")
def _werewolf_upkeep(m: re.Match) -> dict:
    """603.4: checked as each upkeep begins and again as the ability resolves (rules/transform.py)."""
    return {**trigger_kwargs("at the beginning of each upkeep"), "intervening": SpellsLastTurn(_LAST_TURN[m.group(1)])}


@paragraph_template(r"((?:when|whenever|at) .+?), look at the top card of your library\. you may reveal that card\. "
                    r"if an? (.+?) card is revealed this way, (.+)")
def _look_reveal_if(m, para: str, out: CardDraft, is_spell: bool) -> None:
    """701.16a: the card is looked at, then revealed or not (the controller's "you may", 608.2d); only a
    revealed card of that quality lets the rest happen."""
    kwargs = trigger_kwargs(m.group(1))
    targets: list[V.TargetSpec] = []
    then = parse_effects(m.group(3), targets)
    flt = parse_filter(m.group(2) + " card", allow_card=True)
    effects = (V.LookAtTop(1), V.Optional((RevealTopIf(flt, then),), prompt="reveal the top card of your library"))
    out.abilities.append(V.TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))


@trigger_template(r"(?:when|whenever) cardname transforms into cardname")
def _transforms_into(m: re.Match) -> dict:
    """701.28e: the ability of the face it transformed into (rules/transform.py)."""
    return {"event": "transformed_into"}


@template(r"then if (?:it|cardname) has no ([a-z]+) counters on it, transform (?:it|cardname)")
def _no_counters_transform(m, targets):
    """608.2c: checked as the effect happens, after the counter was removed; "it" is the source (the
    ability has no target)."""
    if targets:
        raise Unsupported(m.string)
    return [InsteadIf(NoCountersOnSelf(m.group(1)), (Transform(V.SELF),), ())]


@template(r"return (?:all (.+?) to their owners' hands|each (.+?) to its owner's hand)")
def _return_all(m, targets):
    """400.7: every permanent of that quality (a creature filter: "non-Horror creatures"; "nonland permanents
    you don't control"); "return each nonland permanent you don't control to its owner's hand" is the same
    (Cyclonic Rift's overloaded text, 702.96b)."""
    what = m.group(1) or m.group(2)
    flt = parse_filter(what)
    if not flt.types and not re.search(r"\bpermanents?\b", what):
        raise Unsupported(m.string)
    return [ReturnAllToHand(flt)]


@trigger_template(r"when (you attack with .+|cardname deals combat damage to a player)")
def _when(m: re.Match) -> dict:
    """603.1: "when" and "whenever" mean the same; the older cards say "when" of these events."""
    return trigger_kwargs("whenever " + m.group(1))


@template(r"then if you have (\w+) or more cards in your graveyard, (.+)")
def _then_if_graveyard(m, targets):
    """608.2c: the condition as the effect happens, after the sentences before it (a surveil)."""
    return [if_effect(f"there are {m.group(1)} or more cards in your graveyard", m.group(2), targets)]


@paragraph_template(r"(?:when|whenever) cardname enters(?: the battlefield)? or transforms into cardname, (.+)")
def _enters_or_transforms(m, para: str, out: CardDraft, is_spell: bool) -> None:
    """603.2: it triggers as it enters (event "etb") and as it transforms into this face (701.28e)."""
    for event in ("etb", "transformed_into"):
        targets: list[V.TargetSpec] = []
        effects = parse_effects(m.group(1), targets)
        out.abilities.append(V.TriggeredAbility(para, event, effects, tuple(targets)))


@paragraph_template(r"((?:when|whenever|at) .+?), mill a card\. if an? (.+?) card was milled this way, (.+)")
def _mill_if(m, para: str, out: CardDraft, is_spell: bool) -> None:
    """701.13a: the card milled decides the rest."""
    kwargs = trigger_kwargs(m.group(1))
    targets: list[V.TargetSpec] = []
    then = parse_effects(m.group(3), targets)
    flt = parse_filter(m.group(2) + " card", allow_card=True)
    out.abilities.append(V.TriggeredAbility(para, effects=(MillOneIf(flt, then),), targets=tuple(targets), **kwargs))
