"""Casting a target card from a graveyard while a triggered ability resolves (608.2g), with the
replacement effect that exiles the spell instead of putting it into the graveyard (614.1a):

- "[trigger], you may cast target instant or sorcery card [with mana value N or less | with mana value
  less than or equal to CARDNAME's power] from your graveyard without paying its mana cost. If that
  spell would be put into your graveyard, exile it instead." (Dreadhorde Arcanist, Goblin
  Dark-Dwellers, Torrential Gearhulk, Efreet Flamepainter).

The engine side is rules/free_casting.py (`CastTargetCard`); "CARDNAME's power" is read by
rules/targeting.py as the target is chosen and again on resolution (608.2b).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.free_casting import CastTargetCard, ExileTopCopyCast, SearchEachLibraryExile
from ..compiler import EFFECTS_CHECKS, Unsupported, number, paragraph_template, trigger_kwargs
from ..draft import CardDraft
from .effects_common import parse_filter, target, template

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
