"""Activated abilities (602) whose costs the built-in cost parser doesn't know: discarding cards
("Discard a card: ..."), milling ("Mill a card: ...", 701.13), sacrificing another permanent or one of a subtype ("Sacrifice another
creature: ...", "Sacrifice a Goblin: ..."), removing counters from the source, tapping untapped
creatures you control, exiling cards from your graveyard ("Exile X cards from your graveyard": X announced,
107.3a) — mixed with {T}, {Q}, mana and life. Costs are paid by rules/stack.py (601.2h, 602.2b).

601.2b: "As an additional cost to cast this spell, [cost]" and "..., [cost] or [cost]" (discard a card or pay
{5}; AdditionalCostChoice: one option chosen as the spell is cast, rules/stack.py).

Abilities activated from a hand or graveyard ("Discard CARDNAME: ...", "Exile CARDNAME from your
graveyard: ...") and mana abilities with such costs are not supported.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab import keyword_actions
from ..compiler import Unsupported, paragraph_template, parse_effects
from ..draft import CardDraft
from ..mana_text import mana_ability
from .effects_common import amount, article_filter, parse_filter

_ITEM = (r"(?:\{[^}]+\})+|sacrifice [^:,]+|pay \d+ life|discard [^:,]+|mill [^:,]+|remove [^:,]+ counters? from cardname"
         r"|return (?:a|an) [^:,]+ you control to its owner's hand"
         r"|put [^:,]+ counters? on cardname"
         r"|tap (?:an|another|one|two|three|four|five|six|seven|\d+) untapped [^:,]+ you control"
         r"|exile [^:,]+ from your graveyard")
_COST = rf"((?:{_ITEM})(?:, (?:{_ITEM}))*)"


def parse_cost_plus(text: str, allow_mill: bool = False, allow_return: bool = False,
                    allow_exile_x: bool = False) -> V.Cost:
    """The cost before the colon (lower-cased) → Cost, or CostPlus when it has parts only the effect
    templates know. Milling and discarding at random (`allow_mill`) are paid only by an activated
    ability of a permanent (rules/activation.py). Raises Unsupported."""
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
        elif part == "discard your hand":
            plus["discard_hand"] = True  # 701.8a: every card in it (payable with an empty hand)
        elif allow_mill and part == "discard a card at random":
            plus["discard"] = 1
            plus["discard_random"] = True  # 701.8b
        elif m := re.fullmatch(r"discard (a|an|one|two|three) (?:(.+) )?cards?", part):
            plus["discard"] = int(amount(m.group(1)))
            if m.group(2):
                plus["discard_filter"] = parse_filter(m.group(2))
        elif allow_return and (m := re.fullmatch(r"return (?:a|an) (.+) you control to its owner's hand", part)):
            plus["return_to_hand"] = parse_filter(m.group(1) + " you control")  # paid by rules/stack.py
        elif allow_mill and (m := re.fullmatch(r"mill (a|one|two|three|\d+) cards?", part)):
            plus["mill"] = int(amount(m.group(1)))
        elif m := re.fullmatch(r"remove (a|an|one|two|three|\d+|x) (\+1/\+1|-1/-1|[a-z]+) counters? from cardname", part):
            n = amount(m.group(1))
            if not isinstance(n, int) and n != "X":
                raise Unsupported(part)
            plus["remove_counters"] = (m.group(2), n)
        elif m := re.fullmatch(r"put (a|an|one|two|three) (\+1/\+1|-1/-1|[a-z]+) counters? on cardname", part):
            plus["put_counters"] = (m.group(2), int(amount(m.group(1))))  # 118.3: paid by putting them on
        elif m := re.fullmatch(r"tap (an|another|one|two|three|four|five|six|seven|\d+) untapped (.+) you control", part):
            # "another": not the permanent whose ability it is (the filter's `other`)
            other = "another " if m.group(1) == "another" else ""
            plus["tap_untapped"] = parse_filter(other + m.group(2) + " you control")
            plus["tap_count"] = 1 if other else int(amount(m.group(1)))
        elif allow_exile_x and (m := re.fullmatch(r"exile x (.+) from your graveyard", part)):
            # an activated ability of a permanent: X announced as it is activated (rules/activation.py, 107.3a)
            plus["exile_from_graveyard"] = parse_filter(m.group(1), allow_card=True)
            plus["exile_x"] = True
        elif m := re.fullmatch(r"exile (a|an|one|two|three|\d+) (.+) from your graveyard", part):
            if m.group(2) == "cardname":
                raise Unsupported(part)
            plus["exile_from_graveyard"] = parse_filter(m.group(2), allow_card=True)
            plus["exile_count"] = int(amount(m.group(1)))
        else:
            raise Unsupported(part)
    if plus.get("remove_counters", ("", 0))[1] == "X" and "x" in mana:
        raise Unsupported(text)  # one X: the number of counters removed (107.3), none in the mana
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
    cost = parse_cost_plus(m.group(1), allow_mill=not body.startswith("add "), allow_exile_x=True,
                           allow_return=not body.startswith("add "))
    if body.startswith("add "):
        if "target" in body or type(cost) is V.CostPlus and cost.remove_counters is not None and \
                cost.remove_counters[1] == "X":
            raise Unsupported(para)  # "Remove X ... counters: Add ..." is loyalty_mana.py's
        out.abilities.append(mana_ability(para, cost, body))  # 605.1a (cards/templates/loyalty_mana.py)
        return
    targets: list[V.TargetSpec] = []
    effects = parse_effects(body, targets)
    out.abilities.append(V.ActivatedAbility(para, cost, tuple(effects), tuple(targets)))


_YOUR_CREATURE = V.ObjectFilter(types=frozenset({"Creature"}), controller="you")


@paragraph_template(rf"equip—{_COST}\.?")
def _equip_other_cost(m, para, out: CardDraft, is_spell):
    """702.6a: "Equip—Sacrifice a creature." (Demonmail Hauberk, Dissection Tools), "Equip—Discard a card." (Murderer's
    Axe): "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery", with a cost that
    isn't mana (keywords.py reads "Equip {N}"). The cost is paid after the target is chosen (601.2c, 601.2h), so the
    creature to be equipped may be the one sacrificed (the ability then does nothing, 608.2b)."""
    cost = parse_cost_plus(m.group(1))
    spec = V.TargetSpec("permanent", _YOUR_CREATURE, text="target creature you control")
    out.abilities.append(V.ActivatedAbility(para, cost, (keyword_actions.Attach(V.Ref(0)),), (spec,), sorcery_speed=True))


@paragraph_template(r"as an additional cost to cast (?:cardname|this spell), (sacrifice (?:a|an|another) "
                    r"(?:(?! or (?:sacrifice|discard|pay) )[^,.])+|"
                    r"discard (?:a|an|one|two) (?:[a-z ]+ )?cards?|pay \d+ life|"
                    r"return (?:a|an) [^,.]+ you control to its owner's hand)")
def _additional_cost(m, para, out: CardDraft, is_spell):
    """601.2b, 601.2f-h: an additional cost, paid as the spell is cast (rules/stack.py cast_spell)."""
    cost = parse_cost_plus(m.group(1), allow_return=True)
    out.abilities.append(V.AdditionalCost(para, cost))


_OPTION_VERB = r"(?:sacrifice|discard|pay|reveal) "


@paragraph_template(r"as an additional cost to cast (?:cardname|this spell), ((?:sacrifice|discard|pay|reveal) [^.]+? or "
                    r"(?:sacrifice|discard|pay|reveal) [^.]+)")
def _additional_cost_choice(m, para, out: CardDraft, is_spell):
    """601.2b / 601.2f-h: "As an additional cost to cast this spell, discard a card or pay {5}" (sacrifice a
    creature, discard a card, pay N life, reveal a card of a quality from your hand, pay mana): one option chosen
    as the spell is cast (rules/stack.py)."""
    labels = [re.sub(r"\{[^}]+\}", lambda pip: pip.group(0).upper(), label)  # "pay {3}{B}", as printed
              for label in re.split(rf",? or (?={_OPTION_VERB})|, (?={_OPTION_VERB})", m.group(1))]
    options: list[V.Cost] = []
    for label in labels:
        if mana := re.fullmatch(r"pay ((?:\{[0-9WUBRGC]\})+)", label):
            options.append(parse_cost_plus(mana.group(1).lower()))
        elif re.fullmatch(r"sacrifice (?:a|an) [^,]+|discard (?:a|an|one|two) (?:[a-z ]+ )?cards?|pay \d+ life", label):
            options.append(parse_cost_plus(label))
        elif reveal := re.fullmatch(r"reveal (?:a|an) (.+? card) from your hand", label):
            # 701.16a: "reveal an Elf card from your hand or pay {3}" (Wren's Run Vanquisher): a card shown, not moved
            options.append(V.CostPlus(reveal_from_hand=parse_filter(reveal.group(1), allow_card=True)))
        else:
            raise Unsupported(para)
    if len(options) < 2 or any(isinstance(a, V.AdditionalCostChoice) for a in out.abilities):
        raise Unsupported(para)  # two choices of additional costs: one answer couldn't tell them apart
    out.abilities.append(V.AdditionalCostChoice(para, tuple(options), tuple(labels)))

