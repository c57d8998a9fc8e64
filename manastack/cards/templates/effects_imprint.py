"""Imprint and "the exiled card" (607.2a); executed by rules/imprint.py.

- "exile a nonartifact, nonland card from your hand" (an effect sentence, usually after "you may":
  "Imprint — When CARDNAME enters, you may exile ...").
- Mana abilities that read the exiled card: "Add one mana of any of the exiled card's colors" (Chrome
  Mox; "cards'" too), "Add {C}. If a card is exiled with CARDNAME, add {C}{C} instead."
- "Return the exiled card to its owner's hand.", "Put all cards exiled with CARDNAME into their owners' hands."
- 406.3: "Exile the top card of your library face down." (Bomat Courier); "that player exiles the top card of their
  library" (Nightveil Specter: the player's own library, the card linked to the source).
- 607.2a, 601.3, 305.1: "You may play lands and cast spells from among cards exiled with CARDNAME" (a static ability
  linked to the card's exiling ability: the source's controller plays them, whoever owns them; rules/cast_from_zones.py).
- 603.10a: "Whenever a nontoken creature dies, you may exile that card. If you do, return each other card exiled
  with CARDNAME to its owner's graveyard." and 707.2 "Create a token that's a copy of a card exiled with
  CARDNAME" (Mimic Vat; "It gains haste. Exile it at the beginning of the next end step": effects_token_riders).
- 406.3 / 603.7a: "Exile the top card of your library face down and look at it. Create a 2/2 colorless Spirit creature
  token. When that token leaves the battlefield, put the exiled card into your hand." (Ugin, the Ineffable):
  ExileTopThen, the three sentences together (`_fold_exile_top_then`).
- Whole-card check (607.2a): an ability that refers to the exiled card is linked to the one other
  ability of the card that exiles (a card from a hand, or a target: "exile target card from a
  graveyard", then recorded for the object); with none or several, the card is refused.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.mana import bag_of
from ...model.vocab import zone_change_effects
from ...model.vocab.imprint import (
    EXILED_COLORS,
    EXILED_WITH_SOURCE,
    IF_EXILED,
    PLAY_LINKED_EXILED,
    ExileDeadLinked,
    ExiledToHandWhenTokenLeaves,
    ExileFromHand,
    ExileTopLinked,
    ExileTopThen,
    ReturnExiledToHand,
)
from ...model.vocab.referred_objects import CreateTokenCopy
from ..compiler import (
    CARD_CHECKS,
    EFFECTS_CHECKS,
    Unsupported,
    first_template,
    paragraph_template,
    trigger_kwargs,
)
from ..draft import CardDraft
from ..mana_text import MANA_ABILITY_TEMPLATES
from .effects_common import N, amount, parse_filter, target, template


@template(r"exile (?:a|an) (.+? card(?: with [a-z0-9 ]+)?) from your hand")
def _exile_from_hand(m, targets):
    """The controller chooses a card of the phrase from their hand as the ability resolves (608.2c)."""
    return [ExileFromHand(parse_filter(m.group(1), allow_card=True))]


@template(r"exile the top card of your library face down")
def _exile_top_face_down(m, targets):
    """406.3 / 607.2a: linked to the ability that refers to the cards exiled with CARDNAME (_link)."""
    return [ExileTopLinked(face_down=True)]


@template(r"(that player|target player|target opponent|each opponent|each player) exiles? the top card of their library")
def _player_exiles_top(m, targets):
    """701.11a / 607.2a: the top card of that player's library, linked to the source (_link)."""
    return [ExileTopLinked(face_down=False, who=target(m.group(1), targets))]


@paragraph_template(r"you may play lands and cast spells from among cards exiled with cardname")
def _play_linked_exiled(m, para: str, out: CardDraft, is_spell: bool) -> None:
    """607.2a / 601.3 / 305.1: the cards the card's exiling ability exiled (_link), while the permanent is on the
    battlefield: lands played as the land play of the turn, spells cast with their costs and usual timing."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), PLAY_LINKED_EXILED))


@template(r"(?:return the exiled card to its owner's hand|put all cards exiled with cardname into their owners?'s? "
          r"hands?)")
def _return_to_hand(m, targets):
    """607.2a: linked to the ability of the same object that exiled it (_link)."""
    return [ReturnExiledToHand()]


@paragraph_template(r"(?:imprint — )?(whenever (?:a|an|another) .+? dies), you may exile that card\. if you do, return each "
                    r"other card exiled with cardname to its owner's graveyard")
def _imprint_dead(m, para, out: CardDraft, is_spell):
    """603.10a / 607.2a: "that card" is the card the creature became in its owner's graveyard."""
    kwargs = trigger_kwargs(m.group(1))
    if kwargs.get("event") != "dies_filter" or is_spell:
        raise Unsupported(para)
    effect = V.Optional((ExileDeadLinked(),), "exile that card")
    out.abilities.append(V.TriggeredAbility(para.strip(), effects=(effect,), **kwargs))


@template(rf"create {N} tokens? that's a copy of a card exiled with cardname")
def _copy_of_exiled(m, targets):
    """707.2: a copy of a card linked to the source (607.2a; _link checks the card exiles one way)."""
    return [CreateTokenCopy(EXILED_WITH_SOURCE, amount(m.group(1)))]


def _bag(syms: str):
    return bag_of(re.sub(r"[{}]", "", syms).upper())


def _linked_mana(para: str, cost: V.Cost, body: str) -> V.ManaAbility | None:
    """Mana abilities that read the exiled card (106.7); None for any other text."""
    if re.fullmatch(r"add one mana of any of the exiled (?:card's|cards') colors", body):
        return V.ManaAbility(para, cost, V.ManaProduction(EXILED_COLORS))
    m = re.fullmatch(r"add ((?:\{[wubrgc]\})+)\. if a card is exiled with cardname, add ((?:\{[wubrgc]\})+) instead",
                     body)
    if m:
        return V.ManaAbility(para, cost, V.ManaProduction(IF_EXILED, (_bag(m.group(1)), _bag(m.group(2)))))
    return None


first_template(MANA_ABILITY_TEMPLATES, _linked_mana)  # before the general mana templates, which refuse these texts


def _effects_of(x: object):
    """The effects in an effect list, with those inside optional and conditional parts."""
    for e in x if isinstance(x, tuple) else ():
        yield e
        inner = getattr(e, "effects", None)
        if isinstance(inner, tuple):
            yield from _effects_of(inner)


def _refers(ab: V.Ability) -> bool:
    if isinstance(ab, V.ManaAbility):
        return ab.production.kind in (EXILED_COLORS, IF_EXILED)
    if type(ab) is V.StaticAbility:
        return ab.kind == PLAY_LINKED_EXILED
    return any(isinstance(e, ReturnExiledToHand) or (isinstance(e, CreateTokenCopy) and e.of == EXILED_WITH_SOURCE)
               for e in _effects_of(getattr(ab, "effects", ())))


def _swap_exile(effects: tuple) -> tuple[tuple, int]:
    """"exile target ...": recorded for the object (zone_change_effects.LinkedExile); with the number of
    exiling effects found (cards exiled from a hand are recorded anyway)."""
    out, n = [], 0
    for e in effects:
        if type(e) is V.Exile and isinstance(e.target, V.Ref):
            out.append(zone_change_effects.LinkedExile(e.target))
            n += 1
        elif isinstance(e, (ExileFromHand, ExileTopLinked, ExileDeadLinked)):
            out.append(e)
            n += 1
        elif type(e) is V.Optional:
            inner, k = _swap_exile(e.effects)
            out.append(dataclasses.replace(e, effects=inner))
            n += k
        else:
            out.append(e)
    return tuple(out), n


def _link(out: CardDraft, unsupported: list) -> None:
    """607.2a: link the abilities that refer to the exiled card to the card's one exiling ability."""
    abilities = out.abilities
    referring = [a for a in abilities if _refers(a)]
    if not referring:
        return
    found = 0
    for i, ab in enumerate(abilities):
        if ab in referring or not isinstance(ab, (V.TriggeredAbility, V.ActivatedAbility)):
            continue
        effects, n = _swap_exile(ab.effects)
        if n:
            found += n
            abilities[i] = dataclasses.replace(ab, effects=effects)
    if found != 1 or out.spell_effects:
        unsupported.append(referring[0].text)  # nothing (or more than one thing) the exiled card can be


CARD_CHECKS.append(_link)


@dataclasses.dataclass(frozen=True, slots=True)
class _ExileTopLook(V.Effect):
    """"Exile the top card of your library face down and look at it": the first of ExileTopThen's sentences."""


@template(r"exile the top card of your library face down and look at it")
def _exile_top_look(m, targets):
    return [_ExileTopLook()]


@template(r"when that token leaves the battlefield, put the exiled card into your hand")
def _exiled_to_hand_when_token_leaves(m, targets):
    return [ExiledToHandWhenTokenLeaves()]


def _fold_exile_top_then(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the exile, one token created, and the delayed ability about that token and that card
    are one ExileTopThen; any of them without the others is refused."""
    if not any(isinstance(e, (_ExileTopLook, ExiledToHandWhenTokenLeaves)) for e in effects):
        return
    if len(effects) != 3 or not isinstance(effects[0], _ExileTopLook) \
            or not isinstance(effects[1], (V.CreateToken, V.CreateTokenCard)) \
            or not isinstance(effects[2], ExiledToHandWhenTokenLeaves) or getattr(effects[1], "amount", 1) != 1:
        raise Unsupported("exile the top card ... that token: not the three sentences")
    effects[:] = [ExileTopThen((effects[1], effects[2]))]


EFFECTS_CHECKS.append(_fold_exile_top_then)
