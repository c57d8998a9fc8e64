"""Casting a target card from a graveyard while a triggered ability resolves (608.2g), with the
replacement effect that exiles the spell instead of putting it into the graveyard (614.1a):

- "[trigger], you may cast target instant or sorcery card [with mana value N or less | with mana value
  less than or equal to CARDNAME's power] from your graveyard without paying its mana cost. If that
  spell would be put into your graveyard, exile it instead." (Dreadhorde Arcanist, Goblin
  Dark-Dwellers, Torrential Gearhulk, Efreet Flamepainter).

- 608.2g: "Target opponent reveals their hand. You may cast an instant or sorcery spell from among those cards
  without paying its mana cost" (Mindclaw Shaman), "... from among them" after "look at the top N cards of your
  library"; "You may look at the top card of your library. You may cast it without paying its mana cost if it's
  an instant or sorcery spell" (Galvanoth: "it" is the top card, looked at or not; looking changes nothing, 401.2).

The engine side is rules/free_casting.py (`CastTargetCard`, `CastOneAmong`); "CARDNAME's power" is read by
rules/targeting.py as the target is chosen and again on resolution (608.2b).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.free_casting import CastOneAmong, CastTargetCard, ExileTopCopyCast, SearchEachLibraryExile
from ..compiler import EFFECTS_CHECKS, Unsupported, number, paragraph_template, trigger_kwargs
from ..draft import CardDraft
from .effects_common import COMPILE_MARKERS, nested_instance, parse_filter, target, template

_SOURCE_POWER = " with mana value less than or equal to cardname's power"


@paragraph_template(r"((?:when|whenever|at) .+?), you may cast (target .+? card(?: with [^.]+?)? from your graveyard) "
                    r"without paying its mana cost\. if that spell would be put into your graveyard, exile it instead")
def _cast_target_from_graveyard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    kwargs = trigger_kwargs(m.group(1))
    phrase = m.group(2)
    by_power = _SOURCE_POWER in phrase
    targets: list[V.TargetSpec] = []
    ref = target(phrase.replace(_SOURCE_POWER, ""), targets)
    if not isinstance(ref, V.Ref) or len(targets) != 1 or targets[0].kind != "graveyard_card":
        raise Unsupported(para)
    spec = targets[0]
    if not spec.filter.types or not spec.filter.types <= {"Instant", "Sorcery"}:
        raise Unsupported(para)  # "If an instant or sorcery spell cast this way ...": a permanent spell differs
    if by_power:
        base = {f.name: getattr(spec.filter, f.name) for f in dataclasses.fields(spec.filter)}
        spec = dataclasses.replace(spec, filter=V.FilterPlus(**base, mana_value_max_source_power=True),
                                   text=m.group(2))
    out.abilities.append(V.TriggeredAbility(para, effects=(CastTargetCard(ref),), targets=(spec,), **kwargs))


@dataclasses.dataclass(frozen=True, slots=True)
class _ExileTop(V.Effect):
    """"Exile the top ten cards of your library" before "choose ... exiled this way": a marker (_fold_copy_cast)."""

    n: int


@dataclasses.dataclass(frozen=True, slots=True)
class _CopyChosen(V.Effect):
    """"Choose an instant or sorcery card exiled this way and copy it three times": a marker."""

    filter: V.ObjectFilter
    copies: int


@dataclasses.dataclass(frozen=True, slots=True)
class _CastTheCopies(V.Effect):
    """"You may cast the copies without paying their mana costs": a marker."""


@template(r"exile the top (four|five|six|seven|eight|nine|ten|\d\d) cards of your library")
def _exile_top(m: re.Match, targets: list) -> list:
    """(One to three cards: the impulse reading of templates/graveyard_keywords.py.)"""
    n = number(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [_ExileTop(n)]


_TIMES = {"twice": 2, "three times": 3, "four times": 4}


@template(r"choose an? (.+?) card exiled this way and copy it (twice|three times|four times)")
def _copy_chosen(m: re.Match, targets: list) -> list:
    return [_CopyChosen(parse_filter(m.group(1), allow_card=True), _TIMES[m.group(2)])]


@template(r"you may cast the copies without paying their mana costs")
def _cast_the_copies(m: re.Match, targets: list) -> list:
    return [_CastTheCopies()]


def _fold_copy_cast(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the three sentences in this order are ExileTopCopyCast (707.12, 608.2g); any of
    them elsewhere is refused."""
    for i, e in enumerate(effects):
        if isinstance(e, (_ExileTop, _CopyChosen, _CastTheCopies)):
            run = effects[i:i + 3]
            if len(run) < 3 or not (isinstance(run[0], _ExileTop) and isinstance(run[1], _CopyChosen)
                                    and isinstance(run[2], _CastTheCopies)):
                raise Unsupported("exile the top cards ... copy it ... cast the copies")
            effects[i:i + 3] = [ExileTopCopyCast(run[0].n, run[1].filter, run[1].copies)]
            _fold_copy_cast(effects, targets)
            return


EFFECTS_CHECKS.append(_fold_copy_cast)



@dataclasses.dataclass(frozen=True, slots=True)
class _LookTopCard(V.Effect):
    """"Look at the top card of your library": a marker, accepted only before "you may cast it without paying
    its mana cost if it's ..." (_fold_cast_among); what other sentences do with "that card" is not read here."""


@template(r"look at the top card of your library")
def _look_at_top_card(m: re.Match, targets: list) -> list:
    """401.2 / 608.2c: the card the next sentence refers to ("you may cast it ...")."""
    return [_LookTopCard()]


@dataclasses.dataclass(frozen=True, slots=True)
class _CastAmong(V.Effect):
    """"You may cast an instant or sorcery spell from among those cards / them" (or "cast it ... if it's ...",
    `top`): a marker, folded by _fold_cast_among with the sentence before it."""

    filter: V.ObjectFilter
    top: bool


def _spell_filter(words: str | None) -> V.ObjectFilter:
    """"an instant or sorcery spell" → its card types; "a spell": any nonland card (a land isn't cast, 305.9)."""
    if not words:
        return V.ObjectFilter(non_types=frozenset({"Land"}))
    flt = parse_filter(words)
    if flt.controller is not None or not flt.types or "Land" in flt.types:
        raise Unsupported(words)
    return flt


@template(r"you may cast an? (?:(.+?) )?spell from among (?:those cards|them) without paying its mana cost")
def _cast_among(m: re.Match, targets: list) -> list:
    return [_CastAmong(_spell_filter(m.group(1)), top=False)]


@template(r"you may cast it without paying its mana cost if it's an? (?:(.+?) )?spell")
def _cast_it_if(m: re.Match, targets: list) -> list:
    return [_CastAmong(_spell_filter(m.group(1)), top=True)]


def _fold_cast_among(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: "those cards" is the hand revealed just before, "them" the cards looked at just
    before; "it" the top card looked at (or, with "you may look", maybe not: the same card either way)."""
    for i, e in enumerate(effects):
        if _is_look_top(e) and not (i + 1 < len(effects) and isinstance(effects[i + 1], _CastAmong)
                                    and effects[i + 1].top):
            raise Unsupported("look at the top card of your library")
        if not isinstance(e, _CastAmong):
            continue
        prev = effects[i - 1] if i else None
        if e.top and _is_look_top(prev):
            # "you may look at the top card": looking changes nothing (401.2); "it" is the top card either way
            effects[i - 1] = (dataclasses.replace(prev, effects=(V.LookAtTop(1),)) if isinstance(prev, V.Optional)
                              else V.LookAtTop(1))
            effects[i] = CastOneAmong(e.filter, "top")
        elif not e.top and isinstance(prev, V.RevealHand):
            effects[i] = CastOneAmong(e.filter, "revealed_hand")
        elif not e.top and isinstance(prev, V.LookAtTop):
            effects[i] = CastOneAmong(e.filter, "looked")
        else:
            raise Unsupported("you may cast a spell from among them: no cards looked at or revealed just before")
    if nested_instance(effects, (_CastAmong, _LookTopCard)):
        raise Unsupported("you may cast a spell from among them: inside another effect")


def _is_look_top(e: object) -> bool:
    """"Look at the top card of your library", or "you may look at ..." (the controller's choice)."""
    if isinstance(e, V.Optional) and e.who is None and len(e.effects) == 1:
        e = e.effects[0]
    return isinstance(e, _LookTopCard)


EFFECTS_CHECKS.append(_fold_cast_among)
COMPILE_MARKERS.extend((_CastAmong, _LookTopCard))


@dataclasses.dataclass(frozen=True, slots=True)
class _CastThoseFree(V.Effect):
    """Compile-time marker of "You may cast those cards without paying their mana costs", folded into the
    SearchEachLibraryExile before it (_fold_cast_those)."""


@template(r"for each player, search that player's library for an? (.+?) card and exile it, then that player shuffles")
def _search_each_library(m, targets):
    """701.19a / 701.20a (rules/free_casting.py)."""
    return [SearchEachLibraryExile(parse_filter(m.group(1) + " card", allow_card=True))]


@template(r"you may cast those cards without paying their mana costs")
def _cast_those_free(m, targets):
    return [_CastThoseFree()]


def _fold_cast_those(effects: list, targets: list) -> None:
    """"You may cast those cards ...": the cards the search just before exiled (608.2g); anywhere else refused."""
    for i, e in enumerate(effects):
        if not isinstance(e, _CastThoseFree):
            continue
        if i == 0 or not isinstance(effects[i - 1], SearchEachLibraryExile) or effects[i - 1].cast_free:
            raise Unsupported("you may cast those cards: no cards exiled just before")
        effects[i - 1:i + 1] = [dataclasses.replace(effects[i - 1], cast_free=True)]
        return


EFFECTS_CHECKS.append(_fold_cast_those)
