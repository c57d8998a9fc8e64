"""X in power/toughness changes (CR 107.3): "Target creature gets +X/+0 until end of turn", "-X/-X",
"{X}, {T}: Target creature gets -X/+X until end of turn". X is the value announced as the spell was
cast or the ability activated (107.3a, 601.2b, 602.2b), carried on the stack object (rules/effects.py
Context.x); the change is then an ordinary until-end-of-turn effect (611.2, layer 7c).

107.3, 601.2h: "Spend only black mana on X" (Consume Spirit; "{X}: ... Spend only black mana on X." of an activated
ability, Crypt Rats): the X of the mana cost is paid with mana of that type only (ManaCost.x_color).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from ...model import vocab as V
from ...model.vocab.x_amounts import (  # noqa: F401 (the vocabulary this module executes)
    PayXLife,
    PumpAllX,
    PumpX,
)
from ..compiler import (
    CARD_FINISHERS,
    COLOR_WORDS,
    Unsupported,
    paragraph_template,
    parse_keywords,
    sentence_template,
)
from ..draft import CardDraft
from ..object_phrases import parse_target
from .effects_core import _group

if TYPE_CHECKING:
    pass


@sentence_template(r"(target [a-z ]*creature(?: you control| an opponent controls)?|cardname) gets "
                   r"([+-](?:\d+|x))/([+-](?:\d+|x)) until end of turn")
def _pump_x(m: re.Match, targets: list) -> list:
    if "x" not in m.group(2) + m.group(3):
        raise Unsupported(m.string)  # fixed numbers: the built-in template's
    return [PumpX(parse_target(m.group(1), targets), m.group(2), m.group(3))]


@sentence_template(r"(until end of turn, )?(all creatures|creatures you control|creatures your opponents control|other creatures "
                   r"you control)(?: gain ([a-z ]+?) and)? get ([+-](?:\d+|x))/([+-](?:\d+|x))( until end of turn)?")
def _pump_all_x(m: re.Match, targets: list) -> list:
    """611.2c: "All creatures get -X/-X until end of turn" (Toxic Deluge), X as announced (107.3a) or defined by the
    sentence ("where X is ...", effects_phrases.py); "Until end of turn, creatures you control gain trample and get
    +X/+X" (Overwhelming Stampede)."""
    if "x" not in m.group(4) + m.group(5) or bool(m.group(1)) == bool(m.group(6)):
        raise Unsupported(m.string)  # fixed numbers: the built-in template's; "until end of turn" once
    flt = _group(m.group(2))
    if flt is None:
        raise Unsupported(m.string)
    keywords: tuple[str, ...] = ()
    if m.group(3):
        keywords = parse_keywords(m.group(3)) or ()
        if not keywords:
            raise Unsupported(m.string)
    return [PumpAllX(flt, m.group(4), m.group(5), keywords)]


@paragraph_template(r"as an additional cost to cast (?:cardname|this spell), pay x life")
def _pay_x_life(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """601.2b / 107.3: X announced as the spell is cast, that much life paid (rules/stack.py)."""
    out.abilities.append(PayXLife(para))


@paragraph_template(r"spend only (white|blue|black|red|green) mana on x")
def _spend_only_on_x(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """107.3, 601.2h: the spell's X is paid with mana of that color only (the compiler checks there is an X)."""
    if not is_spell:
        raise Unsupported(para)
    out.x_color = COLOR_WORDS[m.group(1)]


@dataclasses.dataclass(frozen=True, slots=True)
class _SpendOnlyOnX(V.Effect):
    """Compile-time marker of "Spend only black mana on X." in an activated ability's text: _finish_x_color puts
    the color on the ability's mana cost."""

    color: str


@sentence_template(r"spend only (white|blue|black|red|green) mana on x")
def _spend_only_on_x_sentence(m: re.Match, targets: list) -> list:
    return [_SpendOnlyOnX(COLOR_WORDS[m.group(1)])]


def _finish_x_color(out: CardDraft) -> list[str]:
    """A CARD_FINISHERS hook: "{X}: CARDNAME deals X damage to each creature and each player. Spend only black mana
    on X." (Crypt Rats): the X of the ability's mana cost is paid with black mana only (107.3, 601.2h). The
    marker anywhere else (a triggered ability, a spell's effects) is refused."""
    bad: list[str] = []
    for i, ab in enumerate(out.abilities):
        effects = _hoisted_from_modes(getattr(ab, "effects", ()))
        if effects is None:
            bad.append(ab.text)
            continue
        marks = [e for e in effects if isinstance(e, _SpendOnlyOnX)]
        if not marks:
            continue
        if not isinstance(ab, V.ActivatedAbility) or len(marks) > 1 or not ab.cost.mana.x_count \
                or effects[-1] is not marks[0]:
            bad.append(ab.text)
            continue
        mana = dataclasses.replace(ab.cost.mana, x_color=marks[0].color)
        out.abilities[i] = dataclasses.replace(ab, cost=dataclasses.replace(ab.cost, mana=mana), effects=effects[:-1])
    if any(isinstance(e, _SpendOnlyOnX) for e in out.spell_effects):
        bad.append("spend only ... mana on X")
    return bad


def _hoisted_from_modes(effects: tuple) -> tuple | None:
    """A modal ability whose every mode ends with the same "Spend only [color] mana on X." (Atalya, Samite
    Master): the marker once, after the Modal (the X is the ability's, whichever mode); a marker in only some
    modes: None (refused)."""
    if not effects or not isinstance(effects[-1], V.Modal):
        return effects
    modal = effects[-1]
    ends = [m.effects[-1] if m.effects and isinstance(m.effects[-1], _SpendOnlyOnX) else None for m in modal.modes]
    inner = [e for m in modal.modes for e in m.effects[:-1] if isinstance(e, _SpendOnlyOnX)]
    if inner or (any(ends) and not all(x == ends[0] for x in ends)):
        return None
    if ends and ends[0] is not None:
        modes = tuple(dataclasses.replace(m, effects=m.effects[:-1]) for m in modal.modes)
        return effects[:-1] + (dataclasses.replace(modal, modes=modes), ends[0])
    return effects


CARD_FINISHERS.append(_finish_x_color)
