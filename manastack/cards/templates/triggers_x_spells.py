"""Triggered abilities watching spells and abilities with {X} in their costs; the engine side is
rules/x_spells.py (event "cast_x", DoubleX, CopyThat).

- "Whenever you cast a permanent spell with a mana cost that contains {X}, double the value of X."
  (Unbound Flourishing, 107.3); "Whenever you cast a spell with {X} in its mana cost, [effect]"
  (Elementalist's Palette, Matterbending Mage).
- "Whenever you cast an instant or sorcery spell or activate an ability, if that spell's mana cost or
  that ability's activation cost contains {X}, copy that spell or ability. You may choose new targets
  for the copy." (707.10, 707.10c)
Effects that use X ("look at the top X cards": 107.3e, the spell's X) are refused: the trigger doesn't
carry that value.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.x_spells import EVENT, CopyThat, DoubleX
from ..compiler import Unsupported, paragraph_template, parse_effects
from ..draft import CardDraft
from .effects_common import parse_filter

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
