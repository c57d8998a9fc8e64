"""Prevention effects of a permanent's own static abilities (615.1, 615.5); the engine side is
rules/prevention.py (PreventAllRemoveCounter, consulted by rules/effects.py deal_damage).

- "If damage would be dealt to CARDNAME, prevent that damage. Remove a +1/+1 counter from CARDNAME."
  (Phantom Wurm, Phantom Centaur, Phantom Nishoba ...)
- "Prevent all [combat] damage that would be dealt to [and dealt by] CARDNAME / enchanted creature [during
  your turn]" (Cho-Manno, Fog Bank, Gaseous Form, Gideon Blackblade); "Prevent all combat damage that would
  be dealt to CARDNAME by creatures blocking it" (Armored Transport).
- "If damage would be dealt to CARDNAME, prevent that damage. Put a -1/-1 counter on CARDNAME for each 1
  damage prevented this way." (Phyrexian Hydra, 615.5).
- "Damage can't be prevented." (615.12, while the permanent is on the battlefield).
- "Prevent all damage that would be dealt to you and permanents you control by sources with the chosen
  name." (Gideon's Intervention, 201.4).
- "If combat damage would be dealt to CARDNAME, prevent that damage and exile that many cards from the top of
  your library." (Gloom Surgeon, 615.5).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.prevention import (
    PREVENT_ALL,
    UNPREVENTABLE,
    PreventAllDamage,
    PreventAllExileTop,
    PreventAllPutCounters,
    PreventAllRemoveCounter,
)
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft


@paragraph_template(r"if damage would be dealt to cardname, prevent that damage\. remove an? (\+1/\+1) counter "
                    r"from cardname")
def _prevent_remove_counter(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.5: the prevention, then the additional effect (one counter per damage event)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PreventAllRemoveCounter(para.strip(), "prevent_remove_counter", counter_kind=m.group(1)))


@paragraph_template(r"if damage would be dealt to cardname, prevent that damage and remove that many (\+1/\+1) counters "
                    r"from (?:it|cardname)")
def _prevent_remove_that_many(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.5: Protean Hydra: all of the damage prevented, with or without counters, and as many counters removed."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PreventAllRemoveCounter(para.strip(), "prevent_remove_counter", counter_kind=m.group(1),
                                                 that_many=True))


@paragraph_template(r"prevent all (combat )?damage that would be dealt (to and dealt by|to|by) (cardname|enchanted creature)"
                    r"( during your turn)?")
def _prevent_all(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.1: a static prevention effect of the permanent, for as long as it is on the battlefield."""
    if is_spell:
        raise Unsupported(para)
    how = m.group(2)
    out.abilities.append(PreventAllDamage(
        para.strip(), PREVENT_ALL, scope="self" if m.group(3) == "cardname" else "enchanted",
        to=how != "by", by=how != "to", combat_only=bool(m.group(1)), your_turn=bool(m.group(4))))


@paragraph_template(r"prevent all combat damage that would be dealt to cardname by creatures blocking it")
def _prevent_from_blockers(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.1 / 509.1g: only the combat damage its blockers deal it (Armored Transport)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PreventAllDamage(para.strip(), PREVENT_ALL, combat_only=True, by_blockers=True))


@paragraph_template(r"prevent all damage that would be dealt to you and permanents you control by sources with the chosen name")
def _prevent_from_chosen_name(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.1 / 201.4: Gideon's Intervention (the card check of statics_activation.py wants the name chosen
    as it enters)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PreventAllDamage(para.strip(), PREVENT_ALL, scope="you_and_yours", by_chosen_name=True))


@paragraph_template(r"damage can't be prevented")
def _unpreventable(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.12 as a static ability (Everlasting Torment, Leyline of Punishment)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), UNPREVENTABLE))


@paragraph_template(r"if damage would be dealt to cardname, prevent that damage\. put an? (\+1/\+1|-1/-1) counter on "
                    r"cardname for each 1 damage prevented this way")
def _prevent_put_counters(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.5: the prevention, then the counters for what it prevented."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PreventAllPutCounters(para.strip(), "prevent_put_counters", counter_kind=m.group(1)))


@paragraph_template(r"if (combat )?damage would be dealt to cardname, prevent that damage and exile that many cards from "
                    r"the top of your library")
def _prevent_exile_top(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """615.5: the prevention, then as many cards exiled as it prevented (Gloom Surgeon)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PreventAllExileTop(para.strip(), "prevent_exile_top", combat_only=bool(m.group(1))))
