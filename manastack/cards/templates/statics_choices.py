"""Choices made as a permanent enters and the statics that read them (614.12, 613.1d, 702.16a);
executed by rules/entry_choices.py.

- 614.12 "As CARDNAME enters, choose a creature type"; "CARDNAME is the chosen type in addition to its
  other types" (613.1d, layer 4); "(Other) creatures (you control) of the chosen type get +1/+1".
- "(CARDNAME / enchanted creature) has protection from the chosen color" (702.16a); "(Other)
  creatures (you control) of the chosen color get +1/+1".
- 614.12 / 119.4 "As CARDNAME enters, pay any amount of life"; "where X is the life paid as CARDNAME entered".
- Whole-card checks: "the chosen type / color" needs the choice on the same card; "the life paid as
  CARDNAME entered" needs the payment.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.protection import ProtectionKeepingSource
from ...model.vocab.statics import (  # noqa: F401 (the vocabulary this module executes)
    ChosenColorStatic,
    ChosenTypeStatic,
)
from ...model.vocab.x_amounts import LIFE_PAID_EFFECT, LifePaidOnEntry
from ..compiler import (
    CARD_CHECKS,
    Unsupported,
    contains,
    paragraph_template,
)
from ..draft import CardDraft
from .effects_common import sub_effects, template
from .effects_phrases import _define_x
from .statics import build as build_static
from .statics_counts import CdaTerm

PAY_ANY_LIFE = "etb_pay_any_life"  # StaticAbility.kind (rules/entry_choices.py)


@paragraph_template(r"as cardname enters(?: the battlefield)?, choose a creature type")
def _choose_type(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.12: a replacement effect that modifies how the permanent enters (a choice)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "etb_choose_type"))


@paragraph_template(r"as cardname enters(?: the battlefield)?, pay any amount of life")
def _pay_any_life(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.12 / 119.4: the amount (0 up to the life total) is chosen and paid as the permanent enters; "the
    life paid as CARDNAME entered" reads it (LifePaidOnEntry)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), PAY_ANY_LIFE))


@paragraph_template(r"cardname is the chosen type in addition to its other types")
def _self_chosen_type(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """613.1d (layer 4), applied with the choice (rules/entry_choices._etb_choose_type)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "self_chosen_type"))


@paragraph_template(r"(other |all )?creatures( you control| your opponents control)? of the chosen type"
                    r"( you control| your opponents control)? (gets? .+|have .+)")
def _chosen_type_group(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell or (m.group(2) and m.group(3)):
        raise Unsupported(para)
    subject = f"{m.group(1) or ''}creatures{m.group(2) or m.group(3) or ''}"
    st = build_static(para, subject, m.group(4))
    if st.affects != "group":
        raise Unsupported(para)
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out.abilities.append(ChosenTypeStatic(**fields))


def _check_chosen_type(out: CardDraft, unsupported: list) -> None:
    """"Of the chosen type" refers to the choice "As CARDNAME enters, choose a creature type" makes;
    without that ability on the card (another kind of choice) the ability isn't compiled."""
    abilities = out.abilities
    if any(getattr(a, "kind", "") == "etb_choose_type" for a in abilities):
        return
    for a in abilities:
        if isinstance(a, ChosenTypeStatic) or getattr(a, "kind", "") == "self_chosen_type":
            unsupported.append(a.text)


CARD_CHECKS.append(_check_chosen_type)


@paragraph_template(r"(cardname|enchanted creature) has protection from the chosen color"
                    r"(\. this effect doesn't remove cardname)?")
def _protection_chosen_color(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.16a with the color chosen as the source entered ("As CARDNAME enters, choose a color",
    614.12); rules/continuous.py reads the source's chosen color. 702.16n for the Aura's own
    "doesn't remove" clause."""
    if is_spell or (m.group(2) and m.group(1) != "enchanted creature"):
        raise Unsupported(para)
    st = build_static(para, m.group(1), "has protection from white")
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    fields["protection"] = ("chosen_color",)
    out.abilities.append(ProtectionKeepingSource(**fields, keeps_source=bool(m.group(2))))


def _check_chosen_color(out: CardDraft, unsupported: list) -> None:
    """"The chosen color" needs "As CARDNAME enters, choose a color" on the same card."""
    abilities = out.abilities
    if any(getattr(a, "kind", "") == "etb_choose_color" for a in abilities):
        return
    for a in abilities:
        if "chosen_color" in getattr(a, "protection", ()):
            unsupported.append(a.text)


CARD_CHECKS.append(_check_chosen_color)


@paragraph_template(r"(other |all )?creatures( you control)? of the chosen color (gets? .+|have .+)")
def _chosen_color_group(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    st = build_static(para, f"{m.group(1) or ''}creatures{m.group(2) or ''}", m.group(3))
    if st.affects != "group":
        raise Unsupported(para)
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out.abilities.append(ChosenColorStatic(**fields))


def _check_chosen_color_group(out: CardDraft, unsupported: list) -> None:
    """"Of the chosen color" needs "As CARDNAME enters, choose a color" on the same card."""
    abilities = out.abilities
    if not any(getattr(a, "kind", "") == "etb_choose_color" for a in abilities):
        unsupported.extend(a.text for a in abilities if isinstance(a, ChosenColorStatic))


CARD_CHECKS.append(_check_chosen_color_group)


@template(r"(.+), where x is the life paid as cardname entered")
def _where_x_life_paid(m: re.Match, targets: list) -> list:
    """"{4}, {T}: Create an X/X black Phyrexian Minion creature token, where X is the life paid as CARDNAME
    entered" (Phyrexian Processor)."""
    return _define_x(sub_effects(m.group(1), targets), LifePaidOnEntry(), m.string)


def _check_life_paid(out: CardDraft, unsupported: list) -> None:
    """"The life paid as CARDNAME entered" needs "As CARDNAME enters, pay any amount of life" on the card."""
    if any(getattr(a, "kind", "") == PAY_ANY_LIFE for a in out.abilities):
        return
    unsupported.extend(a.text for a in out.abilities if _reads_life_paid(a))


def _reads_life_paid(x: object) -> bool:
    return contains(x, lambda y: isinstance(y, LifePaidOnEntry) or (isinstance(y, CdaTerm) and y.kind == LIFE_PAID_EFFECT))


CARD_CHECKS.append(_check_life_paid)
