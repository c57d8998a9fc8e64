"""Emblems (CR 114; engine: rules/emblems.py).

- 114.1-114.2: "You get an emblem with "[ability]"", "target opponent gets an emblem with ...": the quoted
  text is compiled as a paragraph of its own (its "this emblem" is CARDNAME: the emblem itself, 114.4);
  the GetEmblem effect puts the emblem into the command zone. Only a single triggered ability whose event
  the command zone's watchers see (vocab/emblems.py EMBLEM_TRIGGER_EVENTS: spells cast, upkeeps, end
  steps, draws, life gained, combat damage a creature deals to a player), or a single static ability that
  changes a group of permanents ("Creatures you control get +2/+2 and have flying", 114.4;
  rules/continuous.py), is accepted; activated abilities of emblems are not played yet.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.emblems import EMBLEM_TRIGGER_EVENTS, GetEmblem
from ...model.vocab.statics import LayeredStatic
from ..compiler import Unsupported, compile_paragraph, sentence_template
from ..draft import CardDraft
from .effects_common import target


@sentence_template(r"(you|target opponent|target player) gets? an emblem with [\"“]([^\"“”]+)[\"”]")
def _get_emblem(m: re.Match, targets: list) -> list:
    """114.1: the emblem's one triggered ability, compiled from the quotes."""
    who: V.Who = V.YOU if m.group(1) == "you" else target(m.group(1), targets)
    inner = CardDraft.quoted()
    try:
        compile_paragraph(m.group(2).strip(), {}, False, inner)
    except Unsupported:
        raise Unsupported(m.string) from None
    abilities = tuple(inner.abilities)
    if inner.keywords or len(abilities) != 1 or not all(
            type(ab) is V.TriggeredAbility and ab.event in EMBLEM_TRIGGER_EVENTS or _group_static(ab)
            for ab in abilities):
        raise Unsupported(m.string)
    if any(_names_an_object(getattr(ab, "effects", ())) for ab in abilities):
        raise Unsupported(m.string)
    return [GetEmblem(abilities, who)]


def _group_static(ab: V.Ability) -> bool:
    """114.4: "Creatures you control get +2/+2 and have flying": a static ability changing the power,
    toughness and abilities of a group of permanents (rules/continuous.py reads it from the command zone);
    not one about itself, with a condition, a count or a rule of the game."""
    return type(ab) is LayeredStatic and ab.affects == "group" and ab.condition is None and ab.per is None \
        and not ab.rules and not ab.with_counter and not ab.attached and not ab.without_keywords


# Words for an object an emblem's ability can't mean: the emblem is no permanent ("it gains haste": the
# spell that triggered it is not found by the pump), so such an ability is refused rather than doing nothing.
_OBJECT_WORDS = frozenset({V.IT, V.SELF, V.ATTACHED})


def _names_an_object(x: object, depth: int = 0) -> bool:
    if depth > 10:
        return True
    if isinstance(x, str):
        return x in _OBJECT_WORDS
    if isinstance(x, tuple):
        return any(_names_an_object(y, depth + 1) for y in x)
    fields = getattr(x, "__dataclass_fields__", None)
    return fields is not None and any(_names_an_object(getattr(x, f), depth + 1) for f in fields)
