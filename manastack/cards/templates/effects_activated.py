"""Activated abilities (602) whose costs the built-in cost parser doesn't know: discarding cards
("Discard a card: ..."), milling ("Mill a card: ...", 701.13), sacrificing another permanent or one of a subtype ("Sacrifice another
creature: ...", "Sacrifice a Goblin: ..."), removing counters from the source, tapping untapped
creatures you control, exiling cards from your graveyard — mixed with {T}, {Q}, mana and life.
Costs are paid by rules/stack.py (601.2h, 602.2b).

Abilities activated from a hand or graveyard ("Discard CARDNAME: ...", "Exile CARDNAME from your
graveyard: ...") and mana abilities with such costs are not supported.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.costs import parse_cost
from ..compiler import Unsupported, paragraph_template, parse_effects
from ..draft import CardDraft
from ..mana_text import mana_ability
from .effects_common import amount, article_filter, parse_filter

_ITEM = (r"(?:\{[^}]+\})+|sacrifice [^:,]+|pay \d+ life|discard [^:,]+|mill [^:,]+|remove [^:,]+ counters? from cardname"
         r"|tap (?:an|another|one|two|three|\d+) untapped [^:,]+ you control|exile [^:,]+ from your graveyard")
_COST = rf"((?:{_ITEM})(?:, (?:{_ITEM}))*)"


def parse_cost_plus(text: str, allow_mill: bool = False, allow_return: bool = False) -> V.Cost:
    """The cost before the colon (lower-cased) → Cost, or CostPlus when it has parts only the effect
    templates know. Milling (`allow_mill`) is paid only by an activated ability of a permanent
    (rules/activation.py). Raises Unsupported."""
    mana = ""
    kw: dict = {}
    plus: dict = {}
    for part in [p.strip() for p in text.split(",")]:
        if part == "{t}":
            kw["tap"] = True
        elif part == "{q}":
            kw["untap"] = True
        elif re.fullmatch(r"(\{[0-9wubrgcxs/p]+\})+", part):
            mana += part
        elif part == "sacrifice cardname":
            kw["sacrifice_self"] = True
        elif m := re.fullmatch(r"sacrifice (a|an|another) (.+)", part):
            if "sacrifice" in kw:
                raise Unsupported(text)
            kw["sacrifice"] = article_filter(m)
        elif m := re.fullmatch(r"pay (\d+) life", part):
            kw["life"] = int(m.group(1))
        elif m := re.fullmatch(r"discard (a|an|one|two|three) (?:(.+) )?cards?", part):
            plus["discard"] = int(amount(m.group(1)))
            if m.group(2):
                plus["discard_filter"] = parse_filter(m.group(2))
        elif allow_return and (m := re.fullmatch(r"return (?:a|an) (.+) you control to its owner's hand", part)):
            plus["return_to_hand"] = parse_filter(m.group(1) + " you control")  # paid by rules/stack.py
        elif allow_mill and (m := re.fullmatch(r"mill (a|one|two|three|\d+) cards?", part)):
            plus["mill"] = int(amount(m.group(1)))
        elif m := re.fullmatch(r"remove (a|an|one|two|three|\d+) (\+1/\+1|-1/-1|[a-z]+) counters? from cardname", part):
            n = amount(m.group(1))
            if not isinstance(n, int):
                raise Unsupported(part)
            plus["remove_counters"] = (m.group(2), n)
        elif m := re.fullmatch(r"tap (an|another|one|two|three|\d+) untapped (.+) you control", part):
            # "another": not the permanent whose ability it is (the filter's `other`)
            other = "another " if m.group(1) == "another" else ""
            plus["tap_untapped"] = parse_filter(other + m.group(2) + " you control")
            plus["tap_count"] = 1 if other else int(amount(m.group(1)))
        elif m := re.fullmatch(r"exile (a|an|one|two|three|\d+) (.+) from your graveyard", part):
            if m.group(2) == "cardname":
                raise Unsupported(part)
            plus["exile_from_graveyard"] = parse_filter(m.group(2), allow_card=True)
            plus["exile_count"] = int(amount(m.group(1)))
        else:
            raise Unsupported(part)
    try:
        mc = parse_cost(mana.upper())
    except ValueError as exc:
        raise Unsupported(text) from exc
    if plus:
        return V.CostPlus(mana=mc, **kw, **plus)
    return V.Cost(mana=mc, **kw)


@paragraph_template(rf"{_COST}: (.+)")
def _activated(m, para, out: CardDraft, is_spell):
    """602.1: "[Cost]: [Effect.] [Activation instructions.]"."""
    if is_spell:
        raise Unsupported(para)  # an instant's or sorcery's ability works from a hand or graveyard
    body = m.group(2).strip().rstrip(".")
    cost = parse_cost_plus(m.group(1), allow_mill=not body.startswith("add "))
    if body.startswith("add "):
        if "target" in body:
            raise Unsupported(para)
        out.abilities.append(mana_ability(para, cost, body))  # 605.1a (cards/templates/loyalty_mana.py)
        return
    targets: list[V.TargetSpec] = []
    effects = parse_effects(body, targets)
    out.abilities.append(V.ActivatedAbility(para, cost, tuple(effects), tuple(targets)))


@paragraph_template(r"as an additional cost to cast (?:cardname|this spell), (sacrifice (?:a|an|another) [^,.]+|"
                    r"discard (?:a|an|one|two) (?:[a-z ]+ )?cards?|pay \d+ life|"
                    r"return (?:a|an) [^,.]+ you control to its owner's hand)")
def _additional_cost(m, para, out: CardDraft, is_spell):
    """601.2b, 601.2f-h: an additional cost, paid as the spell is cast (rules/stack.py cast_spell)."""
    cost = parse_cost_plus(m.group(1), allow_return=True)
    out.abilities.append(V.AdditionalCost(para, cost))
