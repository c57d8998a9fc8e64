"""Timing permissions and restrictions (302.6, 601.3b, 602.5b); executed by rules/timing_permissions.py.

- 302.6 / 602.5a: "You may activate abilities of [other] creatures you control as though those creatures
  had haste" (a static ability, HastePermission).
- 601.3b: "You may cast [kind] spells as though they had flash", "Any player may cast [kind] spells as
  though they had flash" (FlashPermission); the effects "You may cast [kind] spells this turn as though
  they had flash" and "Until your next turn, you may cast [kind] spells as though they had flash"
  (GrantFlashPermission). [kind]: "", "creature", "green creature", "sorcery", "creature and
  enchantment", "Spirit" ... (casting.parse_spell_kind).
- 101.2: "Each opponent can cast spells only any time they could cast a sorcery", "Players can cast spells
  only during their own turns" (CastTiming).
- 602.5b: "Activate only during combat", "... during the end of combat step", "... before blockers are
  declared", "... before the end of combat step", "... during the declare blockers step" ...
  (ActivationRestriction of a kind in TIMING_WINDOW_WORDS).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.cost_modifiers import SpellFilter
from ...model.vocab.timing_permissions import (
    TIMING_WINDOW_WORDS,
    UNTIL_YOUR_NEXT_TURN,
    CastTiming,
    FlashPermission,
    GrantFlashPermission,
    HastePermission,
)
from ..compiler import Unsupported, paragraph_template, sentence_template
from ..draft import CardDraft
from .casting import parse_spell_kind

_KIND = r"((?:[a-z]+ )*?)"  # the spell kind before "spells", possibly none ("you may cast spells ...")


def _spells(kind: str) -> tuple[SpellFilter, ...]:
    """"", "green creature ", "colorless spells and artifact " → the filters of a union of spell kinds."""
    if not kind.strip():
        return ()
    out = []
    for part in kind.strip().split(" spells and "):
        f = parse_spell_kind(part)
        if f is None:
            raise Unsupported(kind)
        out.append(f)
    return tuple(out)


@paragraph_template(r"you may activate abilities of (other )?creatures you control as though those creatures had haste")
def _haste_permission(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """302.6 / 602.5a: summoning-sick creatures' {T} and {Q} abilities may be activated."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(HastePermission(para.strip(), other=bool(m.group(1))))


@paragraph_template(rf"(you|any player) may cast {_KIND}spells as though they had flash")
def _flash_permission(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """601.3b: a static ability letting its controller (or any player) cast such spells any time they
    could cast an instant."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(FlashPermission(para.strip(), "each" if m.group(1) == "any player" else "you",
                                            _spells(m.group(2))))


@paragraph_template(r"(each opponent|players) can cast spells only (any time they could cast a sorcery|during their own turns)")
def _cast_timing(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """101.2: a static ability restricting when (the opponents of its controller / all) players may cast."""
    if is_spell:
        raise Unsupported(para)
    who = "opponents" if m.group(1) == "each opponent" else "each"
    kind = "own_turn" if m.group(2) == "during their own turns" else "sorcery"
    out.abilities.append(CastTiming(para.strip(), who, kind))


@sentence_template(rf"you may cast {_KIND}spells this turn as though they had flash")
def _flash_this_turn(m: re.Match, targets: list) -> list:
    """601.3b, until the cleanup step (514.2)."""
    return [GrantFlashPermission(_spells(m.group(1)))]


@sentence_template(rf"the next {_KIND}spell you cast this turn can be cast as though it had flash")
def _flash_next_spell(m: re.Match, targets: list) -> list:
    """601.3b, until the cleanup step (514.2) or until that player next casts such a spell (Quicken)."""
    return [GrantFlashPermission(_spells(m.group(1)), next_only=True)]


@sentence_template(rf"until your next turn, you may cast {_KIND}spells as though they had flash")
def _flash_until_next_turn(m: re.Match, targets: list) -> list:
    """601.3b, until the controller's next turn begins (611.2a)."""
    return [GrantFlashPermission(_spells(m.group(1)), UNTIL_YOUR_NEXT_TURN)]


_WINDOWS = "|".join(re.escape(w) for w in sorted(TIMING_WINDOW_WORDS, key=len, reverse=True))


@sentence_template(rf"activate (?:this ability )?only ({_WINDOWS})")
def _activate_only_during(m: re.Match, targets: list) -> list:
    """602.5b: the ability can be activated only in that window (rules/stack.py turns it into the
    ability's restriction, checked with its cost)."""
    return [V.ActivationRestriction(TIMING_WINDOW_WORDS[m.group(1)])]
