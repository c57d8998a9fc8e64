"""Triggered abilities watching spells and abilities with {X} in their costs; the engine side is
rules/x_spells.py (event "cast_x", DoubleX, CopyThat).

- "Whenever you cast a permanent spell with a mana cost that contains {X}, double the value of X."
  (Unbound Flourishing, 107.3); "Whenever you cast a spell with {X} in its mana cost, [effect]"
  (Elementalist's Palette, Matterbending Mage).
- "Whenever you cast an instant or sorcery spell or activate an ability, if that spell's mana cost or
  that ability's activation cost contains {X}, copy that spell or ability. You may choose new targets
  for the copy." (707.10, 707.10c)
- "Whenever you cast an instant or sorcery spell, you may pay {3}. If you do, copy that spell. You may choose
  new targets for the copy." (Mirari): "copy that spell" in any "whenever ... cast" trigger (a whole-card
  check refuses it elsewhere: "that spell" must be the trigger's).
Effects that use X ("look at the top X cards": 107.3e, the spell's X) are refused: the trigger doesn't
carry that value.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab.x_spells import EVENT, CopyThat, DoubleX
from ..compiler import CARD_CHECKS, EFFECTS_CHECKS, Unsupported, contains, paragraph_template, parse_effects
from ..draft import CardDraft
from .effects_common import parse_filter, template

_COPY = r"copy (?:that spell|it)( or ability)?(\. you may choose new targets for the copy)?"


def _spell_filter(kind: str, para: str) -> V.ObjectFilter | None:
    """"spell", "permanent spell", "creature spell", "instant or sorcery spell" → the spells' filter."""
    k = kind.strip()
    if k == "spell":
        return None
    if not k.endswith(" spell"):
        raise Unsupported(para)
    k = k[: -len(" spell")]
    if k == "permanent":
        return V.ObjectFilter(non_types=frozenset({"Instant", "Sorcery"}))  # 110.4b: a permanent spell
    return parse_filter(k)


def _effects(rest: str, para: str, abilities: bool) -> tuple[tuple[V.Effect, ...], tuple[V.TargetSpec, ...]]:
    if rest == "double the value of x":
        return (DoubleX(),), ()
    m = re.fullmatch(_COPY, rest)
    if m:
        if bool(m.group(1)) != abilities:
            raise Unsupported(para)
        return (CopyThat(new_targets=bool(m.group(2))),), ()
    if re.search(r"\bx\b", rest):
        raise Unsupported(para)  # 107.3e: the spell's X, which the trigger doesn't carry
    targets: list[V.TargetSpec] = []
    effects = parse_effects(rest, targets)
    return effects, tuple(targets)


@paragraph_template(r"whenever you cast (?:a|an) (.+?) with (?:\{x\} in its mana cost|a mana cost that contains \{x\}), "
                    r"(.+)")
def _cast_x_spell(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """601.2i / 603.2: a spell with {X} in its mana cost became cast; the event object is that spell."""
    effects, targets = _effects(m.group(2), para, abilities=False)
    out.abilities.append(V.TriggeredAbility(para.strip(), EVENT, effects, targets, who="you",
                                               filter=_spell_filter(m.group(1), para)))


@paragraph_template(r"whenever you cast (?:a|an) (.+?) or activate an ability, if that spell's mana cost or that "
                    r"ability's activation cost contains \{x\}, (.+)")
def _cast_or_activate_x(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """603.2 / 603.4: a spell with {X} in its mana cost became cast, or an ability with {X} in its activation
    cost was activated (602.2i): the event object is that spell or ability."""
    effects, targets = _effects(m.group(2), para, abilities=True)
    out.abilities.append(V.TriggeredAbility(para.strip(), EVENT, effects, targets, who="you",
                                               filter=_spell_filter(m.group(1), para), scope="or_ability"))


@dataclass(frozen=True, slots=True)
class _NewTargetsForCopy(V.Effect):
    """The sentence "You may choose new targets for the copy": folded into the CopyThat before it (never
    executed)."""


@template(r"copy that spell")
def _copy_that_spell(m: re.Match, targets: list) -> list:
    return [CopyThat(new_targets=False)]


@template(r"you may choose new targets for the copy")
def _new_targets_for_copy(m: re.Match, targets: list) -> list:
    return [_NewTargetsForCopy()]


def _last_copy(e: V.Effect) -> V.Effect | None:
    """`e` with its CopyThat (itself, or the last effect of an "if you do" / "you may") choosing new targets;
    None when it has none."""
    if isinstance(e, CopyThat):
        return dataclasses.replace(e, new_targets=True)
    if isinstance(e, (V.IfYouDo, V.Optional)) and e.effects and (inner := _last_copy(e.effects[-1])) is not None:
        return dataclasses.replace(e, effects=e.effects[:-1] + (inner,))
    return None


def _fold_new_targets(effects: list, targets: list) -> None:
    """707.10c: "You may choose new targets for the copy" right after "copy that spell"; anywhere else refused."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], _NewTargetsForCopy):
            folded = _last_copy(effects[i - 1]) if i else None
            if folded is None:
                raise Unsupported("you may choose new targets for the copy")
            effects[i - 1] = folded
            del effects[i]
            continue
        i += 1


EFFECTS_CHECKS.append(_fold_new_targets)

_CAST_EVENTS = ("cast", EVENT)


def _contains_copy(x: object) -> bool:
    return contains(x, lambda y: isinstance(y, CopyThat))


def _check_copy_that(out: CardDraft, unsupported: list[str]) -> None:
    """"That spell" is the spell a "whenever ... cast" trigger's event refers to: elsewhere (a spell, an activated
    ability, another trigger) "copy that spell" is refused."""
    for ab in out.abilities:
        effects = getattr(ab, "effects", ())
        if _contains_copy(effects) and not (isinstance(ab, V.TriggeredAbility) and ab.event in _CAST_EVENTS):
            unsupported.append(getattr(ab, "text", "") or "copy that spell")
    if _contains_copy(tuple(out.spell_effects)):
        unsupported.append("copy that spell (a spell's effect)")


CARD_CHECKS.append(_check_copy_that)
