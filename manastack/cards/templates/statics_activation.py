"""Static abilities that stop activated abilities from being activated (602.5, 605.1a) and the card
name they may read (201.4, 614.12); executed by rules/continuous.py (the abilities are left out of the
affected permanents' characteristics: "no_activated", "no_nonmana_activated") and
rules/entry_choices.py (the chosen name; sources with that name outside the battlefield).

- "Activated abilities of artifacts can't be activated." (Null Rod, Collector Ouphe): a group
  LayeredStatic on the permanents of the named kind (109.2: "artifacts" alone means artifact
  permanents), "... you control / your opponents control" too; "... unless they're mana abilities".
- "As CARDNAME enters, choose a [nonland] card name." (614.12; 201.4, 201.4a) and "Activated abilities
  of sources with the chosen name can't be activated [unless they're mana abilities]." (Pithing
  Needle, Phyrexian Revoker): a ChosenNameStatic; the card check refuses it without the choice.
- "Activated abilities of enchanted creature cost {3} more to activate." (Oppressive Rays), "Activated
  abilities of white enchantments cost {3} more to activate." (Gloom): 602.2b / 601.2f, a StaticAbility of
  kind ACTIVATION_COST_INCREASE read by rules/total_cost.ability_cost_increase (mana abilities too); "Activated
  abilities of creatures cost {1} less to activate. This effect can't reduce the mana in that cost to less than one
  mana." (Heartstone, Training Grounds): ACTIVATION_COST_REDUCTION_MIN_ONE (rules/total_cost.ability_cost_adjustment).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.cost_modifiers import ACTIVATION_COST_INCREASE, ACTIVATION_COST_REDUCTION_MIN_ONE
from ...model.vocab.statics import AttachedFilter, ChosenNameStatic, LayeredStatic  # noqa: F401 (the vocabulary this module executes)
from ..compiler import CARD_CHECKS, COLOR_WORDS, Unsupported, paragraph_template
from ..draft import CardDraft
from .statics import KIND, permanent_filter

_UNLESS_MANA = r"( unless they're mana abilities)?"


def _rule(unless_mana: str | None) -> tuple[str, ...]:
    return ("no_nonmana_activated",) if unless_mana else ("no_activated",)


@paragraph_template(rf"activated abilities of (artifacts|creatures|lands|enchantments|planeswalkers)"
                    rf"( you control| your opponents control)? can't be activated{_UNLESS_MANA}")
def _kind_cant_activate(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """602.5: "Activated abilities of artifacts can't be activated" (their mana abilities too, 605.1a,
    unless the text excepts them)."""
    if is_spell:
        raise Unsupported(para)
    who = {" you control": "you", " your opponents control": "opponent"}.get(m.group(2) or "")
    flt = permanent_filter(m.group(1), controller=who)
    out.abilities.append(LayeredStatic(para.strip(), KIND, affects="group", filter=flt, rules=_rule(m.group(3))))


@paragraph_template(r"activated abilities of (enchanted (?:creature|permanent|artifact|land)|equipped creature|"
                    r"(?:(?:white|blue|black|red|green) )?(?:artifacts|creatures|lands|enchantments|planeswalkers))"
                    r"( you control| your opponents control)? cost \{(\d+)\} (more|less) to activate"
                    r"(\. this effect can't reduce the mana in that cost to less than one mana)?")
def _abilities_cost_more(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """602.2b / 601.2f: the activated abilities of the enchanted or equipped permanent, or of a kind of
    permanents ("white enchantments": 109.2, permanents of that type), cost {N} more to activate; "cost {1} less
    to activate. This effect can't reduce the mana in that cost to less than one mana." (Heartstone)."""
    if is_spell or (m.group(4) == "less") != bool(m.group(5)):
        raise Unsupported(para)  # a reduction without the floor of one mana is not modelled
    what = m.group(1)
    if what.startswith(("enchanted ", "equipped ")):
        if m.group(2):
            raise Unsupported(para)
        flt: V.ObjectFilter = AttachedFilter()
    else:
        who = {" you control": "you", " your opponents control": "opponent"}.get(m.group(2) or "")
        words = what.split()
        base = permanent_filter(words[-1], controller=who)
        colors = frozenset({COLOR_WORDS[words[0]]}) if len(words) == 2 else frozenset()
        flt = V.ObjectFilter(types=base.types, colors=colors, controller=who)
    kind = ACTIVATION_COST_INCREASE if m.group(4) == "more" else ACTIVATION_COST_REDUCTION_MIN_ONE
    out.abilities.append(V.StaticAbility(para.strip(), kind, flt, amount=int(m.group(3))))


@paragraph_template(r"as cardname enters(?: the battlefield)?, choose an? (nonland )?card name")
def _choose_name(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.12: the name is chosen as the permanent enters (201.4; 201.4a: "nonland": the name of a
    nonland card)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "etb_choose_nonland_name" if m.group(1) else "etb_choose_name"))


@paragraph_template(rf"activated abilities of sources with the chosen name can't be activated{_UNLESS_MANA}")
def _named_cant_activate(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """602.5 for every source with the chosen name: permanents (the group static), and cards in other
    zones (cycling, unearth: rules/entry_choices.named_source_restriction)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(ChosenNameStatic(para.strip(), KIND, affects="group", filter=V.ObjectFilter(),
                                          rules=_rule(m.group(1))))


NAME_CHOICES = ("etb_choose_name", "etb_choose_nonland_name")


def _check_chosen_name(out: CardDraft, unsupported: list) -> None:
    """"The chosen name" needs "As CARDNAME enters, choose a card name" on the same card."""
    if any(getattr(a, "kind", "") in NAME_CHOICES for a in out.abilities):
        return
    unsupported.extend(a.text for a in out.abilities if isinstance(a, ChosenNameStatic)
                       or getattr(a, "by_chosen_name", False) or getattr(a, "kind", "") == "chosen_name")


CARD_CHECKS.append(_check_chosen_name)
