"""Mana abilities beyond "[Cost]: Add [mana]." and planeswalker loyalty abilities.

Mana abilities (605; engine: rules/mana_abilities.py):
- 605.1a / 605.3b: "{T}: Add {W} or {U}. This land deals 1 damage to you." (painlands), "Add {R}{G}.
  Draw a card." — the rest of a mana ability's effect happens as it resolves. Only effects that need no
  choice (damage to / life of / cards for a fixed player) are accepted.
- 602.5b: "Activate only once each turn" after the mana.
- 106.1b: "Add {W}{W}, {W}{U}, or {U}{U}." (filter lands), "Add two mana in any combination of colors",
  "Add X mana in any combination of {W} and/or {U}", "Add an amount of {G} equal to CARDNAME's power".
- 602.1 / 601.2h: "Remove any number of storage counters from CARDNAME: Add {R} for each storage counter
  removed this way" and "Remove X storage counters from CARDNAME: Add X mana ..." (the number removed
  is announced with the activation, 601.2b, and fixes the mana); "Add {B}, then add an additional {B}
  for each charge counter removed this way" (mana batteries).
- 106.6: "Spend this mana only to cast creature spells" / "... instant or sorcery spell" / "... to
  activate abilities [of artifacts]", "This mana can't be spent to cast a nonartifact spell" — restricted
  mana in the pool and the payment solver; also after a fixed amount of mana added by a spell, a
  triggered or a loyalty ability ("Add {R}{R}{R}. Spend this mana only to cast instant or sorcery spells");
  "... to cast a creature spell of the chosen type" with "As CARDNAME enters, choose a creature type" (614.12).
- 602.5b: "Activate only if you control a Swamp [or a Mountain]" and the other "Activate only ..."
  restrictions of cards/templates/activation.py, on mana abilities.
- "If there are no depletion counters on CARDNAME, sacrifice it" (depletion lands), as the mana ability
  resolves.
- 500.4 / 106.4: "Until end of turn, you don't lose this mana as steps and phases end" after a fixed amount
  of unrestricted mana: it stays in the pool until the cleanup step (514.2).
- 111.10h: Powerstone tokens; 111.4 / 605.1a: "Create a 1/1 colorless Eldrazi Scion creature token. It
  has "Sacrifice this token: Add {C}."" — the quoted abilities become part of the created tokens.

Loyalty abilities (606; engine: rules/loyalty.py): "[+1]: ...", "[−2]: ...", "[0]: ...", "[−X]: ..."
with the existing effect templates. 606.3: only at sorcery speed, only one loyalty ability of a
permanent per turn; 606.4: the cost is putting on or removing loyalty counters; 606.6: a negative cost
can't be paid without that many counters.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.mana import bag_of
from ...model.vocab import mana_abilities as MA
from ...model.vocab import zone_change_effects
from ...model.vocab.loyalty import LoyaltyAbility, LoyaltyCost
from ...model.vocab.statics import Condition
from ...model.vocab.timing_permissions import TIMING_WINDOW_WORDS
from ..compiler import (
    CARD_CHECKS,
    CARD_TYPES,
    EFFECTS_CHECKS,
    Unsupported,
    compile_paragraph,
    early_paragraph_template,
    number,
    parse_effects,
    sentence_template,
    split_sentences,
)
from ..draft import CardDraft
from ..mana_text import MANA_ABILITY_TEMPLATES, parse_production
from .effects_activated import parse_cost_plus
from .effects_common import N, amount, parse_filter
from .effects_tokens import PREDEFINED, predefined

_NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_SYMS = r"((?:\{[wubrgc]\})+)"


def _bag(syms: str):
    return bag_of(re.sub(r"[{}]", "", syms).upper())


def _with_restriction(cost: V.Cost, restriction: str = "", condition: object = None) -> V.CostPlus:
    """602.5b: a restriction on when the (mana) ability may be activated, checked with its cost
    (rules/stack.py cost_block_reason): "once_each_turn", "your_turn" ... or a condition ("Activate only
    if you control a Swamp", cards/templates/activation.py)."""
    if type(cost) not in (V.Cost, V.CostPlus):
        raise Unsupported(restriction or "activate only if")
    fields = {f: getattr(cost, f) for f in cost.__dataclass_fields__}
    if restriction:
        if fields.get("restriction"):
            raise Unsupported(restriction)
        fields["restriction"] = restriction
    if condition is not None:
        if fields.get("restriction_condition") is not None:
            raise Unsupported("activate only if")
        fields["restriction_condition"] = condition
    return V.CostPlus(**fields)


def parse_production_extended(text: str, removed: str | None = None,
                          sacrifices: V.ObjectFilter | None = None) -> V.ManaProduction:
    """The mana after "Add" (lower-cased): the compiler's kinds, then this module's. `removed`: the kind
    of counter the cost removes "any number of" / "X" of (the mana refers to that number); `sacrifices`:
    what the cost sacrifices ("the sacrificed artifact's mana value")."""
    t = text.strip()
    if removed is None:
        try:
            return parse_production(t)
        except Unsupported:
            pass
    m = re.fullmatch(r"(two|three|four|five|six|seven|eight|nine|ten) (\{[wubrgc]\})", t)
    if m and removed is None:  # "Add six {G}" (Castle Garenbrig)
        return V.ManaProduction("fixed", (bag_of(m.group(2)[1].upper(), int(number(m.group(1)))),))
    # 106.1b filter lands: "{W}{W}, {W}{U}, or {U}{U}".
    m = re.fullmatch(rf"{_SYMS}(?:, {_SYMS})*,? or {_SYMS}", t)
    if m and removed is None:
        options = re.findall(r"(?:\{[wubrgc]\})+", t)
        return V.ManaProduction("choice", tuple(dict.fromkeys(_bag(o) for o in options)))
    m = re.fullmatch(rf"(x|{_NUM[1:-1]}) mana in any combination of (colors|(?:\{{[wubrgc]\}}, )*\{{[wubrgc]\}},? and/or "
                     rf"\{{[wubrgc]\}})", t)
    if m:
        if m.group(2) == "colors":
            bags = tuple(bag_of(c) for c in "WUBRG")
        else:
            bags = tuple(bag_of(c.upper()) for c in re.findall(r"\{([wubrgc])\}", m.group(2)))
        if m.group(1) == "x":
            if removed is None:
                raise Unsupported(text)
            return V.ManaProduction(MA.COMBINATION, bags, count=V.Count(counters_on_self=removed))
        if removed is not None:
            raise Unsupported(text)
        return V.ManaProduction(MA.COMBINATION, bags, amount=int(number(m.group(1))))
    m = re.fullmatch(r"(two|three|four|five) mana of different colors", t)
    if m and removed is None:
        return V.ManaProduction(MA.DIFFERENT_COLORS, amount=int(number(m.group(1))))
    m = re.fullmatch(rf"{_SYMS} for each ([a-z+/-]+) counter removed this way", t)
    if m and removed == m.group(2):
        return V.ManaProduction(MA.REMOVED_COUNTERS, (_bag(m.group(1)), bag_of("")), count=V.Count(counters_on_self=removed))
    m = re.fullmatch(rf"{_SYMS}, then add an additional {_SYMS} for each ([a-z+/-]+) counter removed this way", t)
    if m and removed == m.group(3) and m.group(1) == m.group(2):
        return V.ManaProduction(MA.REMOVED_COUNTERS, (_bag(m.group(2)), _bag(m.group(1))),
                                count=V.Count(counters_on_self=removed))
    m = re.fullmatch(r"an amount of (\{[wubrgc]\}) equal to the sacrificed (?:artifact|creature|permanent)'s "
                     r"(mana value|power)", t)
    if m and removed is None:
        if sacrifices is None:
            raise Unsupported(text)
        return V.ManaProduction(MA.X_SACRIFICED, (_bag(m.group(1)),),
                                amount=MA.SAC_POWER if m.group(2) == "power" else MA.SAC_MANA_VALUE)
    m = re.fullmatch(r"an amount of (\{[wubrgc]\}) equal to (.+)", t)
    if m and removed is None:
        return V.ManaProduction(MA.X_ONE, (_bag(m.group(1)),), count=_x_count(m.group(2)))
    m = re.fullmatch(r"x mana (of any one color|in any combination of colors|in any combination of \{([wubrgc])\} and/or "
                     r"\{([wubrgc])\}), where x is (.+)", t)
    if m and removed is None:
        bags = tuple(bag_of(c) for c in "WUBRG") if "color" in m.group(1) else \
            (bag_of(m.group(2).upper()), bag_of(m.group(3).upper()))
        kind = MA.X_ONE if m.group(1) == "of any one color" else MA.X_COMBINATION
        return V.ManaProduction(kind, bags, count=_x_count(m.group(4)))
    raise Unsupported(text)


def _x_count(phrase: str) -> V.Count | None:
    """"CARDNAME's power" (None), "the number of Elves you control", "the number of charge counters on
    CARDNAME" → what X counts (rules/mana_abilities.py _x_value). Raises Unsupported."""
    p = phrase.strip()
    if p == "cardname's power":
        return None
    m = re.fullmatch(r"the number of ([a-z+/-]+) counters on cardname", p)
    if m:
        return V.Count(counters_on_self=m.group(1))
    m = re.fullmatch(r"the number of (.+?(?: you control| on the battlefield)(?: with [a-z ]+)?)", p)
    if m:
        q = m.group(1).replace(" on the battlefield", "")
        mw = re.fullmatch(r"(.+) you control with ([a-z ]+)", q)
        if mw:
            q = f"{mw.group(1)} with {mw.group(2)} you control"
        flt = parse_filter(q)
        if isinstance(flt, V.FilterPlus) and (flt.attacking or flt.blocking):
            raise Unsupported(phrase)
        return V.Count(filter=flt)
    raise Unsupported(phrase)


# --- 106.6 spending restrictions -------------------------------------------------------------------

def _spell_filter(phrase: str) -> V.ObjectFilter:
    """"a creature spell", "instant and sorcery spells", "legendary spells" → a filter on spells."""
    p = re.sub(r"^(a|an) ", "", phrase.strip())
    m = re.fullmatch(r"(.*?) ?spells?", p)
    if not m:
        raise Unsupported(phrase)
    if not m.group(1):
        return V.ObjectFilter()
    if m.group(1) == "multicolored":
        return V.ObjectFilter(multicolored=True)  # 105.2b (rules/mana_abilities.py allows)
    flt = parse_filter(m.group(1))
    _check_plain(flt, phrase)
    return flt


def _check_plain(flt: V.ObjectFilter, phrase: str) -> None:
    """Only card types, subtypes, supertypes and colors: nothing about a controller, combat or tapping."""
    if flt.controller or flt.tapped is not None or flt.attacking_or_blocking or flt.other or flt.max_mana_value is not None:
        raise Unsupported(phrase)
    if isinstance(flt, V.FilterPlus):
        base = V.FilterPlus(types=flt.types, subtypes=flt.subtypes, supertypes=flt.supertypes, non_types=flt.non_types,
                            colors=flt.colors, non_colors=flt.non_colors, all_types=flt.all_types)
        if flt != base:
            raise Unsupported(phrase)


def _ability_filter(phrase: str | None) -> V.ObjectFilter:
    """"of artifacts" / "of an artifact source" → the sources whose abilities the mana may pay for."""
    if not phrase:
        return V.ANY_OBJECT
    p = re.sub(r"^(a|an) ", "", phrase.strip())
    p = re.sub(r" sources?$", "", p)
    flt = parse_filter(p)
    _check_plain(flt, phrase)
    return flt


def parse_spend_restriction(s: str) -> MA.SpendRestriction | None:
    """106.6: "spend this mana only to cast creature spells [or activate abilities of creatures]";
    "this mana can't be spent to cast a nonartifact spell" (everything else is allowed); a spell
    restriction with the rider ", and that spell can't be countered" (Cavern of Souls, 106.6)."""
    m = re.fullmatch(r"(spend this mana only to cast .+), and that spell can't be countered", s)
    if m:
        r = parse_spend_restriction(m.group(1))
        if r is None or r.spells is None or r.abilities is not None or r.other:
            raise Unsupported(s)  # "that spell": only mana that can pay for nothing but spells
        return dataclasses.replace(r, text=s, riders=(MA.UNCOUNTERABLE,))
    m = re.fullmatch(r"this mana can't be spent to cast (?:a |an )?non([a-z]+) spells?", s)
    if m and m.group(1) in CARD_TYPES:
        return MA.SpendRestriction(s, V.ObjectFilter(types=frozenset({m.group(1).capitalize()})), V.ANY_OBJECT,
                                   other=True)
    m = re.fullmatch(r"spend this mana only to (.+)", s)
    if not m:
        return None
    rest = m.group(1)
    mc = re.fullmatch(r"cast (?:a creature spell|creature spells) of the chosen type( or activate an ability of a "
                      r"creature source of the chosen type)?", rest)
    if mc:  # Pillar of Origins, Secluded Courtyard: the type chosen as the source entered (614.12)
        creature = V.ObjectFilter(types=frozenset({"Creature"}))
        return MA.SpendRestriction(s, creature, creature if mc.group(1) else None, of_chosen_type=True)
    spells = abilities = None
    m2 = re.fullmatch(r"cast (.+?)(?:,? or (?:to )?activate (?:abilities|an ability)(?: of (.+))?)?", rest)
    m3 = re.fullmatch(r"activate (?:abilities|an ability)(?: of (.+?))?(?:,? or (?:to )?cast (.+))?", rest)
    if m2 and not rest.startswith("activate"):
        spells = _spell_filter(m2.group(1))
        if re.search(r"activate (?:abilities|an ability)", rest):
            abilities = _ability_filter(m2.group(2))
    elif m3:
        abilities = _ability_filter(m3.group(1))
        if m3.group(2):
            spells = _spell_filter(m3.group(2))
    else:
        raise Unsupported(s)
    return MA.SpendRestriction(s, spells, abilities)


def _check_chosen_type_source(out: CardDraft, unsupported: list) -> None:
    """"Of the chosen type" needs "As CARDNAME enters, choose a creature type" on the same card."""
    if any(getattr(a, "kind", "") == "etb_choose_type" for a in out.abilities):
        return
    for a in out.abilities:
        spend = getattr(a, "spend", None)
        if spend is not None and spend.of_chosen_type:
            unsupported.append(a.text)


CARD_CHECKS.append(_check_chosen_type_source)


# --- the rest of a mana ability ----------------------------------------------------------------------

_FIXED_PLAYERS = (V.YOU, V.EACH_OPPONENT, V.EACH_PLAYER)


def _choice_free(e: V.Effect) -> bool:
    """Effects a mana ability may carry out as it resolves without anybody choosing (605.3b)."""
    if type(e) is V.DealDamage:
        return isinstance(e.amount, int) and e.to in _FIXED_PLAYERS
    if type(e) in (V.Draw, V.GainLife, V.LoseLife):
        return isinstance(e.amount, int) and e.who in _FIXED_PLAYERS  # type: ignore[attr-defined]
    if type(e) is V.AddCounters:
        # "Put a depletion counter on CARDNAME" (Lava Tubes, 122.1)
        return isinstance(e.amount, int) and e.target == V.SELF
    if type(e) is V.DelayedTrigger:
        # "Draw a card at the beginning of the next turn's upkeep" (Barbed Sextant): creating the delayed
        # triggered ability (603.7) needs no choice; it resolves later, as any triggered ability
        return all(_choice_free(x) for x in e.effects)
    if type(e) is zone_change_effects.ReturnSelfAtNextUntap:
        return True  # "return CARDNAME to its owner's hand" during your next untap step (502.3)
    # "CARDNAME doesn't untap during your next untap step" (502.3; rules/combat_keywords.py CombatRule).
    return type(e).__name__ == "CombatRule" and getattr(e, "target", None) == V.SELF


def _mana_ability(para: str, cost: V.Cost, body: str, removed: str | None = None) -> V.ManaAbility | None:
    sentences = [x.rstrip(".").strip() for x in split_sentences(body)]
    first = sentences[0]
    if not first.startswith("add "):
        return None
    production = parse_production_extended(first[4:], removed, cost.sacrifice)
    effects: list[V.Effect] = []
    spend = None
    for s in sentences[1:]:
        if s == "activate only once each turn":
            cost = _with_restriction(cost, "once_each_turn")  # 602.5b
            continue
        m = re.fullmatch(r"activate only if you control (?:a|an) ([a-z]+) or (?:a|an) ([a-z]+)", s)
        if m:  # the Verges: "Activate only if you control a Swamp or a Mountain" (602.5b, 611.3a condition)
            flt = parse_filter(f"{m.group(1)} or {m.group(2)} you control")
            cost = _with_restriction(cost, condition=Condition("control", 1, flt))
            continue
        m = re.fullmatch(r"if there are no ([a-z]+) counters on cardname, sacrifice it", s)
        if m:
            effects.append(MA.SacrificeIfNoCounters(m.group(1)))  # depletion lands
            continue
        r = parse_spend_restriction(s)
        if r is not None:
            if spend is not None:
                raise Unsupported(s)
            spend = r
            continue
        targets: list[V.TargetSpec] = []
        effs = parse_effects(s, targets)
        if effs and all(isinstance(e, V.ActivationRestriction) for e in effs) and not targets:
            for r in effs:  # 602.5b: "Activate only if you control a Swamp", "... during your turn"
                if r.kind == "if" and r.condition is not None:
                    cost = _with_restriction(cost, condition=r.condition)
                elif r.kind in ("once_each_turn", "your_turn", "your_upkeep", "before_attackers") \
                        or r.kind in TIMING_WINDOW_WORDS.values():  # "... during an opponent's turn"
                    cost = _with_restriction(cost, r.kind)
                else:
                    raise Unsupported(s)  # "as a sorcery" on a mana ability: not modelled
            continue
        if targets or not all(_choice_free(e) for e in effs):
            raise Unsupported(s)  # 605.1a: with a target it is no mana ability; choices are not modelled
        effects.extend(effs)
    if not effects and spend is None and type(cost) is V.Cost and removed is None and production.kind not in MA.KINDS:
        return V.ManaAbility(para, cost, production)
    return MA.ManaAbilityPlus(para, cost, production, effects=tuple(effects), spend=spend)


def _mana_template(para: str, cost: V.Cost, body: str) -> V.ManaAbility | None:
    return _mana_ability(para, cost, body)


MANA_ABILITY_TEMPLATES.append(_mana_template)


@early_paragraph_template(r"((?:[^:]*, )?)remove (any number of|x) ([a-z+/-]+) counters from cardname((?:, [^:]*)?): (add .+)")
def _removed_counters(m, para, out: CardDraft, is_spell):
    """602.1 / 601.2b: "Remove any number of storage counters from CARDNAME: Add {R} for each storage
    counter removed this way" and "{1}, Remove X storage counters from CARDNAME: Add X mana in any
    combination of {W} and/or {U}": the number removed is announced with the activation and fixes the
    mana (rules/mana_abilities.py pay_variable_cost)."""
    if is_spell:
        raise Unsupported(para)
    other = ", ".join(x for x in (m.group(1).rstrip(", "), m.group(4).lstrip(", ")) if x)
    cost = parse_cost_plus(other) if other else V.Cost()
    if type(cost) is V.CostPlus and cost.remove_counters is not None:
        raise Unsupported(para)
    body = m.group(5).rstrip(".")
    kind = m.group(3)
    text = body
    if m.group(2) == "x" and not re.match(r"add x ", body):
        raise Unsupported(para)
    ab = _mana_ability(para, cost, text, removed=kind)
    if ab is None:
        raise Unsupported(para)
    out.abilities.append(ab)


# --- Powerstone tokens (111.10) ------------------------------------------------------------------------

PREDEFINED.setdefault("powerstone", ("Artifact", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."))


@sentence_template(rf"create {N} (tapped )?powerstone tokens?")
def _create_powerstone(m, targets):
    """111.10h (Powerstone): an artifact token with "{T}: Add {C}. This mana can't be spent to cast a
    nonartifact spell." (106.6)."""
    return [V.CreateTokenCard(predefined("powerstone"), amount(m.group(1)), tapped=bool(m.group(2)))]


# --- "It has "Sacrifice this creature: Add {C}."" (Eldrazi Scion and Spawn tokens) ----------------------

@dataclass(frozen=True, slots=True)
class _TokensHave(V.Effect):
    """Compile-time only: "It has "[ability]"" / "They have "[ability]"" right after a sentence that creates
    tokens: the abilities become part of the tokens' definition (111.4; the Eldrazi Scion's mana ability,
    605.1a). `_merge_token_abilities` removes it from the ability's effects."""

    abilities: tuple[V.Ability, ...]


@sentence_template(r"(?:it has|they have) [\"“](.+)[\"”]")
def _tokens_have(m, targets):
    inner = CardDraft.quoted(spell_text=True)
    compile_paragraph(m.group(1), {}, False, inner)
    if inner.keywords or inner.protection or not inner.abilities:
        raise Unsupported(m.string)
    return [_TokensHave(tuple(inner.abilities))]


def _with_abilities(e: V.Effect, granted: tuple[V.Ability, ...]) -> V.Effect:
    if type(e) is V.CreateTokenCard:
        card = e.card
        text = "\n".join(x for x in (card.oracle_text, *(a.text for a in granted)) if x)
        return dataclasses.replace(e, card=dataclasses.replace(card, abilities=card.abilities + granted, oracle_text=text))
    if type(e) in (V.Optional, V.IfYouDo) and e.effects:  # type: ignore[attr-defined]
        return dataclasses.replace(e, effects=e.effects[:-1] + (_with_abilities(e.effects[-1], granted),))  # type: ignore
    raise Unsupported("it has / they have: not after a sentence that creates tokens")


def _merge_token_abilities(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook (cards/compiler.py parse_effects): folds each _TokensHave into the token
    creation just before it; anywhere else it is refused (Unsupported)."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], _TokensHave):
            if i == 0:
                raise Unsupported("it has / they have")
            effects[i - 1] = _with_abilities(effects[i - 1], effects[i].abilities)
            del effects[i]
            continue
        i += 1
    if _contains_type(effects, _TokensHave):
        raise Unsupported("it has / they have")


EFFECTS_CHECKS.append(_merge_token_abilities)


# --- 106.6 restricted mana added by a spell, a triggered or a loyalty ability ----------------------------

@dataclass(frozen=True, slots=True)
class _SpendMarker(V.Effect):
    """Compile-time only: "Spend this mana only to ..." after a sentence that adds mana (not as part of
    a mana ability): `_merge_spend_restrictions` folds it into that AddMana."""

    spend: MA.SpendRestriction


@sentence_template(r"(?:spend this mana only to .+|this mana can't be spent to cast .+)")
def _spend_sentence(m, targets):
    r = parse_spend_restriction(m.group(0))
    if r is None:
        raise Unsupported(m.group(0))
    return [_SpendMarker(r)]


def _merge_spend_restrictions(effects: list, targets: list) -> None:
    """106.6: the restriction applies to the mana the sentence before it adds ("[+1]: Add {R}{G}. Spend
    this mana only to cast creature spells ..."). Only a fixed amount of mana is supported."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], _SpendMarker):
            prev = effects[i - 1] if i else None
            if type(prev) is not V.AddMana or not (prev.production.kind == "fixed" or _one_of(prev.production)):
                raise Unsupported(effects[i].spend.text)
            effects[i - 1] = MA.AddRestrictedMana(prev.production, effects[i].spend)
            del effects[i]
            continue
        i += 1
    if _contains_type(effects, _SpendMarker):
        raise Unsupported("spend this mana only")


EFFECTS_CHECKS.append(_merge_spend_restrictions)


def _one_of(production: V.ManaProduction) -> bool:
    """"Add {U}, {R}, or {W}": one mana of a kind chosen among a few (chosen as it resolves, rules/mana_abilities.py)."""
    return production.kind == "choice" and production.amount == 1 and production.count is None \
        and not production.any_type and production.scope is None and all(sum(b) == 1 for b in production.bags)


# --- 500.4: "Until end of turn, you don't lose this mana as steps and phases end" ----------------------

@dataclass(frozen=True, slots=True)
class _KeepMarker(V.Effect):
    """Compile-time only: folded by `_merge_kept_mana` into the AddMana of the same ability."""


@sentence_template(r"until end of turn, you don't lose this mana as steps and phases end")
def _keep_sentence(m, targets):
    return [_KeepMarker()]


def _merge_kept_mana(effects: list, targets: list) -> None:
    """The mana the ability added (a fixed amount, unrestricted) stays in its controller's pool until the
    cleanup step (rules/mana_abilities.py kept_mana)."""
    while any(isinstance(e, _KeepMarker) for e in effects):
        i = next(k for k, e in enumerate(effects) if isinstance(e, _KeepMarker))
        adds = [k for k in range(i) if isinstance(effects[k], V.AddMana)]
        if len(adds) != 1:
            raise Unsupported("you don't lose this mana")
        k = adds[0]
        add = effects[k]
        if add.production.kind != "fixed" or (isinstance(add, MA.AddRestrictedMana) and add.spend is not None):
            raise Unsupported("you don't lose this mana")  # a choice of mana, or kept restricted mana: not modelled
        effects[k] = MA.AddRestrictedMana(add.production, None, keep=True)
        del effects[i]
    if _contains_type(effects, _KeepMarker):
        raise Unsupported("you don't lose this mana")


def _contains_type(x: object, cls: type) -> bool:
    """Whether an effect (or a tuple of them), or any effect nested in one, is a `cls` marker."""
    if isinstance(x, cls):
        return True
    if isinstance(x, (tuple, list)):
        return any(_contains_type(y, cls) for y in x)
    if isinstance(x, V.Effect) and dataclasses.is_dataclass(x):
        return any(_contains_type(getattr(x, f.name), cls) for f in dataclasses.fields(x))
    return False


EFFECTS_CHECKS.append(_merge_kept_mana)


@early_paragraph_template(r"((?:[^:]*, )?)mill (a|one|two|three|\d+) cards?((?:, [^:]*)?): (add .+)")
def _mill_cost(m, para, out: CardDraft, is_spell):
    """701.13a-b: "{T}, Mill a card: Add {C}." — milling as part of a mana ability's cost."""
    if is_spell:
        raise Unsupported(para)
    other = ", ".join(x for x in (m.group(1).rstrip(", "), m.group(3).lstrip(", ")) if x)
    cost = parse_cost_plus(other) if other else V.Cost()
    if type(cost) is not V.Cost:
        raise Unsupported(para)
    fields = {f: getattr(cost, f) for f in cost.__dataclass_fields__}
    ab = _mana_ability(para, MA.MillCost(**fields, mill=int(number(m.group(2)))), m.group(4).rstrip("."))
    if ab is None or type(ab.cost) is not MA.MillCost:
        raise Unsupported(para)
    out.abilities.append(ab)


# --- 606 loyalty abilities ---------------------------------------------------------------------------

@early_paragraph_template(r"\[([+−-]?)(\d+|x)\]: (.+)")
def _loyalty(m, para, out: CardDraft, is_spell):
    """606.4: "[+N]: Effect." / "[−N]: Effect." / "[0]: Effect." / "[−X]: Effect." — an activated ability
    whose cost is putting on or removing loyalty counters (rules/loyalty.py). 605.1a: never a mana
    ability, even when it adds mana (it uses the stack)."""
    if is_spell:
        raise Unsupported(para)
    sign, n = m.group(1), m.group(2)
    if n == "x":
        if sign not in ("−", "-"):
            raise Unsupported(para)  # "+X" is not a printed loyalty cost
        amount: int | str = "X"
    else:
        amount = int(n) if sign == "+" or sign == "" else -int(n)
    body = m.group(3).strip().rstrip(".")
    targets: list[V.TargetSpec] = []
    effects = parse_effects(body, targets)
    if any(isinstance(e, V.ActivationRestriction) for e in effects):
        raise Unsupported(para)  # 606.3 already restricts loyalty abilities; other riders are not modelled
    out.abilities.append(LoyaltyAbility(para, LoyaltyCost(mana=parse_cost(""), loyalty=amount), tuple(effects),
                                           tuple(targets), sorcery_speed=True))
