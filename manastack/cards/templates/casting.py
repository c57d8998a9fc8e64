"""Templates for casting: cost modifiers and ways to pay (engine: rules/casting.py).

- 601.2f / 118.7a, statics of permanents: "[kind] spells [you cast | your opponents cast] cost {N}
  less/more to cast" (kinds: colors, card types, non-types, subtypes, "colorless", unions such as
  "instant and sorcery" or "Kithkin spells and Soldier spells"); "During turns other than yours, spells
  you cast cost {1} less to cast".
- 601.2f, the spell's own: "This spell costs {N} less/more to cast [for each X | if Y]" with X:
  permanents ("artifact you control", "creature on the battlefield", "attacking creature you
  control"), cards in your graveyard ("creature card", "instant and sorcery card"); Y: "it targets a
  tapped creature" (and other target phrases), "you control a Wizard", "you've cast another spell
  this turn". An ability word before it ("Delirium — ") only if its condition is one of these.
- 702.41a Affinity for [text]: "This spell costs {1} less to cast for each [text] you control."
- 702.51 Convoke, 702.126 Improvise, 702.66 Delve.
- 702.157 Squad [mana], 702.137 Spectacle [mana], 702.119 Emerge [mana], 702.152 Blitz [mana], 702.175 Offspring [mana], 702.56 Replicate [mana], 702.78 Conspire, 702.153
  Casualty N (copies of the spell, 707.10), 702.42 Entwine [mana], 702.27 Buyback [mana], 702.74 Evoke [mana], 702.109 Dash [mana], 702.117 Surge [mana] (costs chosen as the
  spell is cast, 601.2b), 702.61 Split second, 702.88 Rebound, 702.132 Assist.
- 702.44 Sunburst; "Converge — This enters with a +1/+1 counter on it for each color of mana spent to
  cast it"; "Adamant — If at least three [white] mana was spent to cast this spell, it enters with a
  +1/+1 counter on it" (the mana spent, 601.2h, is read from the game log).
- "The first [creature] spell you cast each turn costs {N} less", "The next [instant or sorcery] spell you
  cast this turn costs {N} less" (an effect); "for each creature that died / attacked this turn", "for each
  card you've drawn this turn", "for each color among permanents you control"; delirium conditions.
- The Defilers: "As an additional cost to cast [color] permanent spells, you may pay 2 life. Those spells
  cost {C} less to cast if you paid life this way. This effect reduces only the amount of [color] mana
  you pay."
- 101.2: "Each player can't cast more than one spell each turn", "You can't cast more than N spells each
  turn", "Your opponents can't cast spells during your turn", "Players can't cast spells during combat",
  "You can't cast [creature / noncreature] spells"; "[Creature] spells [you control] can't be countered".
- 707.10, after "whenever a player casts an instant or sorcery spell that targets only a single Golem": "That
  player copies that spell for each other Golem that spell could target. Each copy targets a different one of
  those Golems." (Precursor Golem; "... for each other creature they control that the spell could target",
  Mirrorwing Dragon; "Copy that spell for each other creature you control that the spell could target", Zada).
- 707.10c, the chain spells: "Then that player or that permanent's controller may pay {R}{R} [discard a card,
  sacrifice a land of their choice]. If the player does, they may copy this spell and may choose a new target for
  that copy." (Chain Lightning, Chain of Plasma, Chain of Vapor); "Then that permanent's controller may copy this
  spell and may choose a new target for that copy." (Chain of Acid, Chain of Smog).
- 707.10: "Copy target instant or sorcery spell[ with mana value N or less][ you control]. [You may choose new targets for the copy.]"
- 118.9: "[If you control a Plains, / If it's not your turn, ]you may [cost] rather than pay this spell's mana cost" with the
  cost made of: pay mana, pay N life, sacrifice N [permanents], tap an untapped [creature] you control,
  exile a [blue] card from your hand, return a [land] you control to its owner's hand.
- 601.2b: "As an additional cost to cast this spell, exile a / N [creature] card(s) from your graveyard".
- 702.96 Overload [mana]: the overloaded effects are compiled from the spell's text with "target" replaced by
  "each" (all of it must compile, with no target left).
- 702.60 Ripple N, 702.40 Storm and 702.85 Cascade: triggered abilities of the spell as it is cast (event "cast_self").
- 601.3: "Cast this spell only during the declare attackers step and only if you've been attacked this
  step", "... only during combat [before / after blockers are declared]", "... only during your turn /
  an opponent's turn", "... only if you've cast another spell this turn", "... only before the combat
  damage step", "... only after combat".
Only generic mana is reduced or added, except "[White] spells you cast cost {W} more to cast" (the
Leeches); other colored changes stay unsupported.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.costs import ManaCost, parse_cost
from ...model.vocab.alternative_costs import (
    AlternativeCost,
    CastingKeyword,
    CastOption,
    FreeCastPermission,
    OtherCost,
    Overload,
)
from ...model.vocab.cast_origin import RevealAsCost, RevealedAsCast
from ...model.vocab.cast_restrictions import (
    NO_ATTACK_AFTER_CASTING,
    CantCastSameName,
    CastRestriction,
    PlayerCastRestriction,
    Uncounterable,
)
from ...model.vocab.casting import ExileAsItResolves, ManaSpentCounters
from ...model.vocab.cost_modifiers import (
    ACTIVATION_COST_INCREASE_YOUR_TURN,
    ColoredCostIncrease,
    CostChangeEffect,
    CostCondition,
    CostCount,
    CostModifier,
    LifeForColorDiscount,
    NextSpellDiscount,
    SpellFilter,
)
from ...model.vocab.free_casting import CascadeEffect, RippleReveal
from ...model.vocab.referred_objects import ControllerOf, PlayerOrController
from ...model.vocab.spell_copies import (
    CopyForEachOtherTarget,
    CopyResolvingSpell,
    CopyTargetSpell,
    StormCopies,
)
from ...model.vocab.spell_payment import PaymentKeyword
from ...model.vocab.timing_permissions import TIMING_WINDOW_WORDS, UNTIL_YOUR_NEXT_TURN, FlashPermission
from ..compiler import (
    CARD_CHECKS,
    CARD_FINISHERS,
    COLOR_WORDS,
    EFFECTS_CHECKS,
    Unsupported,
    contains,
    keyword_template,
    paragraph_template,
    parse_effects,
    sentence_template,
)
from ..draft import CardDraft
from ..object_phrases import parse_target
from .effects_common import NUMBERS, SUBTYPES, parse_filter

_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "instant": "Instant",
               "sorcery": "Sorcery", "planeswalker": "Planeswalker", "land": "Land", "battle": "Battle",
               "kindred": "Kindred"}


# --------------------------------------------------------------------------- keywords

@keyword_template(r"(convoke|improvise|delve)")
def _payment_keyword(m, out: CardDraft):
    """702.51a convoke, 702.126a improvise, 702.66a delve (rules/spell_payment.py pay_with_helpers)."""
    kind = m.group(1)
    if any(type(a) is PaymentKeyword and a.kind == kind for a in out.abilities):
        return  # 702.51d / 702.126c / 702.66c: multiple instances are redundant
    out.abilities.append(PaymentKeyword(m.group(0), kind))


@keyword_template(r"affinity for ([a-z ]+)")
def _affinity(m, out: CardDraft):
    """702.41a: "Affinity for [text]" means "This spell costs you {1} less to cast for each [text] you
    control." (702.41b: each instance applies.)"""
    phrase = m.group(1)
    flt = parse_filter(f"{phrase} you control")
    out.abilities.append(CostModifier(m.group(0), -1, "self", per=CostCount("control", flt)))


# --------------------------------------------------------------------------- spell kinds

def _word_kind(w: str) -> tuple[str, str]:
    """One word of a spell kind → (field of SpellFilter, value)."""
    if w in COLOR_WORDS:
        return "colors", COLOR_WORDS[w]
    if w in _CARD_TYPES:
        return "types", _CARD_TYPES[w]
    if w.startswith("non") and w[3:] in _CARD_TYPES:
        return "non_types", _CARD_TYPES[w[3:]]
    if w.startswith("non") and w[3:] in COLOR_WORDS:
        return "non_colors", COLOR_WORDS[w[3:]]
    if w in SUBTYPES and SUBTYPES[w] not in ("Plains",):
        return "subtypes", SUBTYPES[w]
    raise Unsupported(w)


def parse_spell_kind(text: str) -> SpellFilter | None:
    """"instant and sorcery", "white", "black creature", "noncreature", "Kithkin spells and Soldier",
    "colorless", "" (any spell) → a SpellFilter. Raises Unsupported."""
    t = text.strip()
    if not t:
        return None
    if t == "colorless":
        return SpellFilter(non_colors=frozenset(COLOR_WORDS.values()))
    items = [i.strip() for i in re.split(r" spells and | spells or | and | or |, ", t) if i.strip()]
    fields: dict[str, set[str]] = {}
    if len(items) == 1:
        for w in items[0].split():
            f, v = _word_kind(w)
            if f in fields:
                raise Unsupported(t)  # "artifact creature": both types at once is not this filter
            fields[f] = {v}
    else:
        kinds = [_word_kind(i) if " " not in i else ("", "") for i in items]
        if any(not f for f, _ in kinds) or len({f for f, _ in kinds}) != 1 or kinds[0][0].startswith("non"):
            raise Unsupported(t)
        fields[kinds[0][0]] = {v for _, v in kinds}
    return SpellFilter(**{f: frozenset(v) for f, v in fields.items()})


_MANA_N = r"\{(\d+)\}"


@paragraph_template(rf"during your turn, ((?:[a-z]+ )*?)spells your opponents cast cost {_MANA_N} more to cast and "
                    rf"abilities your opponents activate cost {_MANA_N} more to activate unless they're mana abilities")
def _tithe(m, para, out: CardDraft, is_spell):
    """601.2f / 602.2b, during its controller's turn (Tithe Taker): their opponents' spells cost more (a cost
    modifier), and the activated abilities, other than mana abilities, of permanents they control
    (rules/total_cost.py)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(_group_cost_modifier(para, m.group(1), None, "your opponents cast", m.group(2), "more",
                                              CostCondition("your_turn")))
    out.abilities.append(V.StaticAbility(para, ACTIVATION_COST_INCREASE_YOUR_TURN, amount=int(m.group(3))))


@paragraph_template(rf"(?:(during turns other than yours), )?((?:[a-z]+ )*?)spells(?: and ([a-z]+) spells)? ?"
                    rf"(you cast|your opponents cast|) cost {_MANA_N} (more|less) to cast")
def _spells_cost(m, para, out: CardDraft, is_spell):
    """601.2f: a static ability changing the cost of a group of spells."""
    cond = None
    if m.group(1):
        if m.group(4) != "you cast":
            raise Unsupported(para)
        cond = CostCondition("not_your_turn")
    out.abilities.append(_group_cost_modifier(para, m.group(2), m.group(3), m.group(4), m.group(5), m.group(6), cond))


def _group_cost_modifier(text: str, kind: str, second_kind: str | None, who: str, n: str, direction: str,
                         cond: CostCondition | None = None) -> CostModifier:
    """The cost change of "[kind] spells [and kind spells] [you cast | your opponents cast] cost {N} more/less"."""
    kind = kind.strip()
    if second_kind:
        kind = f"{kind} and {second_kind}"
    scope = {"you cast": "you", "your opponents cast": "opponents", "": "all"}[who]
    return CostModifier(text, int(n) if direction == "more" else -int(n), scope, parse_spell_kind(kind), condition=cond)


_DURATION = {"until your next turn": UNTIL_YOUR_NEXT_TURN, "until end of turn": "eot", "this turn": "eot"}


@sentence_template(rf"(?:(until your next turn|until end of turn|this turn), )?((?:[a-z]+ )*?)spells(?: and ([a-z]+) spells)?"
                   rf" ?(you cast|your opponents cast|)( this turn)? cost {_MANA_N} (more|less) to cast"
                   rf"(?: (until your next turn|until end of turn|this turn))?")
def _spells_cost_for_a_while(m, targets):
    """611.2a / 601.2f: an effect changing the cost of a group of spells until end of turn or until your
    next turn (rules/cost_modifiers.py), the kinds of spells read as the static ability's."""
    durations = [d for d in (m.group(1), "this turn" if m.group(5) else None, m.group(8)) if d]
    if len(durations) != 1:
        raise Unsupported(m.string)  # no duration: a static ability's text; two: not a sentence we know
    modifier = _group_cost_modifier(m.string, m.group(2), m.group(3), m.group(4), m.group(6), m.group(7))
    return [CostChangeEffect(modifier, _DURATION[durations[0]])]


# --------------------------------------------------------------------------- the spell's own cost

def _per(text: str) -> CostCount:
    t = text.strip()
    if t == "creature in your party":
        return CostCount("party")
    if t == "basic land type among lands you control":
        return CostCount("domain")
    simple = {"color among permanents you control": "colors_among", "card you've drawn this turn": "drawn",
              "creature that died this turn": "died", "creature that attacked this turn": "attacked",
              "creature you attacked with this turn": "attacked_by_you"}
    if t in simple:
        return CostCount(simple[t])
    m = re.fullmatch(r"(?:(.+?) )?cards? in your graveyard", t)
    if m:
        kinds: set[str] = set()
        if m.group(1):
            for w in re.split(r" and | and/or | or ", m.group(1)):
                if w not in _CARD_TYPES:
                    raise Unsupported(text)
                kinds.add(_CARD_TYPES[w])
        return CostCount("graveyard", types=frozenset(kinds))
    m = re.fullmatch(r"(.+?) on the battlefield", t)
    if m:
        flt = parse_filter(m.group(1))
        return CostCount("control", flt)
    if re.search(r" (you control|your opponents control|an opponent controls)$", t) or t.startswith("attacking "):
        if "party" in t:
            raise Unsupported(text)
        flt = parse_filter(t)
        if flt.controller is None and not t.startswith("attacking "):
            raise Unsupported(text)
        return CostCount("control", flt)
    raise Unsupported(text)


def _cond(text: str) -> CostCondition:
    t = text.strip()
    m = re.fullmatch(r"it targets an? ((?:[a-z]+ )*?)spell", t)
    if m:
        # "if it targets a blue spell" (Mystical Dispute): a spell on the stack (601.2c before 601.2f)
        return CostCondition("targets_spell", parse_filter(m.group(1) + "permanent"))
    m = re.fullmatch(r"it targets (?:an?|one or more) (.+)", t)
    if m:
        return CostCondition("targets", parse_filter(m.group(1), allow_card=True))
    m = re.fullmatch(r"you control an? (.+)", t)
    if m:
        return CostCondition("control", parse_filter(m.group(1)))
    if t == "you've cast another spell this turn":
        return CostCondition("cast_another")
    history = {"a creature died this turn": "creature_died", "an opponent lost life this turn": "opponent_lost_life",
               "you gained life this turn": "you_gained_life", "you attacked this turn": "you_attacked"}
    if t in history:
        return CostCondition("history", what=history[t])
    m = re.fullmatch(r"there are (two|three|four|five) or more card types among cards in your graveyard", t)
    if m:
        return CostCondition("graveyard_types", what=str(_count_word(m.group(1))))
    raise Unsupported(text)


@paragraph_template(r"cardname costs \{x\} less to cast, where x is (the greatest power among creatures you control|"
                    r"the total power of creatures you control|your devotion to (white|blue|black|red|green))")
def _self_cost_x(m, para, out: CardDraft, is_spell):
    """601.2f / 107.3: a reduction by a number the game determines as the spell is cast (generic only)."""
    if m.group(2):
        per = CostCount("devotion", types=frozenset({COLOR_WORDS[m.group(2)]}))
    else:
        per = CostCount("greatest_power" if "greatest" in m.group(1) else "total_power")
    out.abilities.append(CostModifier(para, -1, "self", per=per))


@paragraph_template(rf"the second spell you cast each turn costs {_MANA_N} less to cast")
def _second_spell(m, para, out: CardDraft, is_spell):
    """601.2f: a static ability that reduces its controller's second spell of each turn."""
    out.abilities.append(CostModifier(para, -int(m.group(1)), "you", condition=CostCondition("second_spell")))


@paragraph_template(rf"(?:[a-z ]+ — )?cardname costs {_MANA_N} (less|more) to cast(?: (for each|if|as long as) (.+))?")
def _self_cost(m, para, out: CardDraft, is_spell):
    """601.2f: "This spell costs {N} less to cast for each X / if Y" (functions while it is cast)."""
    n = int(m.group(1))
    amount = -n if m.group(2) == "less" else n
    per = cond = None
    if m.group(3) == "for each":
        per = _per(m.group(4))
    elif m.group(3) in ("if", "as long as"):
        cond = _cond(m.group(4))
    out.abilities.append(CostModifier(para, amount, "self", per=per, condition=cond))


# --------------------------------------------------------------------------- 601.2b costs, keywords


@keyword_template(r"(buyback|evoke|dash|surge|entwine|blitz|offspring|replicate|spectacle|emerge|squad) "
                  r"((?:\{[0-9wubrgc/]+\})+)")
def _cast_option(m, out: CardDraft):
    """702.27a buyback, 702.74a evoke, 702.109a dash, 702.117a surge, 702.42a entwine (only on a modal
    spell: checked as it is cast), 702.152a blitz, 702.175a offspring, 702.56a replicate, 702.137a
    spectacle, 702.119a emerge, 702.157a squad: the cost is a mana cost."""
    kind = m.group(1)
    try:
        cost = parse_cost(m.group(2).upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    if any(type(a) is CastOption and a.kind == kind for a in out.abilities):
        raise Unsupported(m.group(0))  # two instances of the same cost: not modelled
    out.abilities.append(CastOption(m.group(0), kind, cost))


@keyword_template(r"(split second|rebound|assist)")
def _casting_keyword(m, out: CardDraft):
    """702.61a split second, 702.88a rebound, 702.132a assist."""
    kind = m.group(1).replace(" ", "_")
    if not any(type(a) is CastingKeyword and a.kind == kind for a in out.abilities):  # redundant instances
        out.abilities.append(CastingKeyword(m.group(0), kind))


_RESTRICTIONS = {
    "during the declare attackers step and only if you've been attacked this step": "attacked_this_step",
    "during combat": "combat",
    "during combat before blockers are declared": "combat_before_blockers",
    "during combat after blockers are declared": "combat_after_blockers",
    "during the declare blockers step": "declare_blockers",
    "during the declare attackers step": "declare_attackers",
    "during your turn": "your_turn",
    "during an opponent's turn": "opponents_turn",
    "if you've cast another spell this turn": "cast_another",
    "before the combat damage step": "before_combat_damage",
    "after combat": "after_combat",
}


@paragraph_template(r"cast cardname only (.+)")
def _cast_only(m, para, out: CardDraft, is_spell):
    """601.3: a restriction on when the spell may be cast (rules/cast_restrictions.py cast_restriction)."""
    kind = _RESTRICTIONS.get(m.group(1)) or TIMING_WINDOW_WORDS.get(m.group(1))  # rules/timing_permissions.py
    if kind is None:
        raise Unsupported(para)
    out.abilities.append(CastRestriction(para, kind))


@keyword_template(r"(storm|gravestorm|cascade)")
def _cast_trigger(m, out: CardDraft):
    """702.40a storm ("When you cast this spell, copy it for each spell cast before it this turn"),
    702.69a gravestorm, 702.85a cascade (702.85c: each instance triggers separately)."""
    effect = CascadeEffect() if m.group(1) == "cascade" else StormCopies(m.group(1))
    out.abilities.append(V.TriggeredAbility(m.group(0), "cast_self", (effect,)))


# --------------------------------------------------------------------------- 118.9 alternative costs

def _count_word(w: str) -> int:
    if w not in NUMBERS:
        raise Unsupported(w)
    return int(NUMBERS[w])


def parse_other_cost(text: str) -> tuple[str, OtherCost]:
    """"pay {1} and return a basic land you control to its owner's hand", "sacrifice two mountains",
    "pay 1 life and exile a blue card from your hand" → (mana text, the other parts). Raises Unsupported."""
    mana = ""
    parts: dict = {}
    for part in re.split(r",? and |, ", text.strip()):
        m = re.fullmatch(r"pay ((?:\{[0-9wubrgc]+\})+)", part)
        if m and not mana:
            mana = m.group(1)
            continue
        m = re.fullmatch(r"pay (\d+) life", part)
        if m and "life" not in parts:
            parts["life"] = int(m.group(1))
            continue
        m = re.fullmatch(r"sacrifice (a|an|two|three) (.+)", part)
        if m and "sacrifice" not in parts:
            parts["sacrifice"] = parse_filter(m.group(2))
            parts["sacrifice_count"] = _count_word(m.group(1))
            continue
        m = re.fullmatch(r"tap an untapped (.+) you control", part)
        if m and "tap" not in parts:
            parts["tap"] = parse_filter(m.group(1))
            continue
        m = re.fullmatch(r"exile (a|an|two|three) (.+?) from your hand", part)
        if m and "exile_from_hand" not in parts:
            what = m.group(2)
            if m.group(1) in ("two", "three"):
                if not what.endswith(" cards"):
                    raise Unsupported(part)
                what = what[: -len("s")]  # "two green cards": each a green card
            parts["exile_from_hand"] = parse_filter(what, allow_card=True)
            parts["exile_from_hand_count"] = _count_word(m.group(1))
            continue
        m = re.fullmatch(r"return (a|an|two|three) (.+) you control to (?:its|their) owners?'s? hand", part)
        if m and "bounce" not in parts:
            parts["bounce"] = parse_filter(m.group(2))
            parts["bounce_count"] = _count_word(m.group(1))
            continue
        raise Unsupported(part)
    return mana, OtherCost(**parts)


@paragraph_template(r"(?:if you control an? ([a-z ]+), |(if it's not your turn), |if an opponent had (two|three|four|five) or "
                    r"more cards put into their graveyard from anywhere this turn, )?you may (.+) rather than pay cardname's "
                    r"mana cost")
def _rather_than(m, para, out: CardDraft, is_spell):
    """118.9a: an alternative cost (rules/alternative_costs.py cast_option_hook); at most one such paragraph.
    "If it's not your turn, you may exile a blue card from your hand rather than pay ..." (the Forces):
    offered only while it isn't the caster's turn. "If an opponent had three or more cards put into their graveyard
    from anywhere this turn, ..." (Ravenous Trap)."""
    mana, other = parse_other_cost(m.group(4))
    try:
        cost = parse_cost(mana.upper())
    except ValueError as exc:
        raise Unsupported(para) from exc
    if any(type(a) is AlternativeCost and a.kind == "alternative" for a in out.abilities):
        raise Unsupported(para)  # two alternative costs of this kind: the answer couldn't tell them apart
    cond = CostCondition("control", parse_filter(m.group(1))) if m.group(1) else \
        CostCondition("not_your_turn") if m.group(2) else \
        CostCondition("opponent_cards_to_graveyard", what=str(_count_word(m.group(3)))) if m.group(3) else None
    out.abilities.append(AlternativeCost(para, "alternative", cost, other, cond))


@paragraph_template(r"as an additional cost to cast cardname, exile (a|an|one|two|three|four|five) (.+?) cards? "
                    r"from your graveyard")
def _exile_additional(m, para, out: CardDraft, is_spell):
    """601.2b / 601.2h: a mandatory additional cost (rules/alternative_costs.py)."""
    flt = parse_filter(m.group(2), allow_card=True)
    other = OtherCost(exile_from_graveyard=flt, exile_count=_count_word(m.group(1)))
    out.abilities.append(AlternativeCost(para, "additional", other=other))


@paragraph_template(r"as an additional cost to cast cardname, you may reveal an? ([a-z]+) card from your hand")
def _reveal_additional(m, para, out: CardDraft, is_spell):
    """601.2b: an optional additional cost (rules/cast_origin.py), read by "if you revealed a Dragon card or
    controlled a Dragon as you cast CARDNAME" (RevealedAsCast)."""
    out.abilities.append(RevealAsCost(para, parse_filter(m.group(1))))


def _check_revealed(out: CardDraft, unsupported: list) -> None:
    """"If you revealed a [quality] card or controlled a [quality] ..." needs the card's "you may reveal a
    [quality] card from your hand" cost."""
    costs = [a.filter for a in out.abilities if isinstance(a, RevealAsCost)]

    def unpaid(x: object) -> bool:
        return isinstance(x, RevealedAsCast) and x.filter not in costs
    for ab in out.abilities:
        if contains(ab, unpaid):
            unsupported.append(ab.text)
    if contains(tuple(out.spell_effects), unpaid):
        unsupported.append("if you revealed a card ... as you cast CARDNAME (the card has no such cost)")


CARD_CHECKS.append(_check_revealed)


@keyword_template(r"conspire|casualty (\d+)")
def _copy_keyword(m, out: CardDraft):
    """702.78a conspire, 702.153a casualty N: "As you cast this spell, you may [tap two untapped creatures
    you control that share a color with it | sacrifice a creature with power N or greater]. When you do,
    copy it"."""
    kind = "conspire" if m.group(0) == "conspire" else "casualty"
    if any(type(a) is CastOption and a.kind == kind for a in out.abilities):
        raise Unsupported(m.group(0))
    out.abilities.append(CastOption(m.group(0), kind, ManaCost(), int(m.group(1) or 0)))


# --------------------------------------------------------------------------- 707.10 copying a spell

@paragraph_template(r"copy (target (?:(?:instant or sorcery|instant|sorcery) )?spell(?: with mana value \d+ or less)?"
                    r"(?: you control)?)"
                    r"(\. you may choose new targets for the copy)?")
def _copy_spell(m, para, out: CardDraft, is_spell):
    """707.10: the copy has the original's targets unless the text lets its controller choose new ones
    (707.10c); "target instant or sorcery spell with mana value 4 or less" (Expansion: 115.1, 202.3)."""
    if not is_spell:
        raise Unsupported(para)
    phrase = m.group(1).replace(" you control", "")
    mv = re.search(r" with mana value (\d+) or less", phrase)
    phrase = phrase.replace(mv.group(0), "") if mv else phrase
    ref = parse_target(phrase, out.spell_targets)
    if mv:
        spec = out.spell_targets[ref.index]
        out.spell_targets[ref.index] = dataclasses.replace(spec, filter=dataclasses.replace(
            spec.filter, max_mana_value=int(mv.group(1))), text=m.group(1))
    if m.group(1).endswith(" you control"):
        spec = out.spell_targets[ref.index]
        out.spell_targets[ref.index] = dataclasses.replace(spec, filter=dataclasses.replace(
            spec.filter, controller="you"), text=m.group(1))
    out.spell_effects.append(CopyTargetSpell(ref, bool(m.group(2))))


@sentence_template(r"(that player copies|copy) that spell for each other ([a-z]+?)( they control| you control)? "
                   r"that (?:the )?spell could target")
def _copy_for_each_other(m, targets):
    """707.10: once per other permanent the spell could target (rules/spell_copies.py); the next sentence,
    "Each copy targets a different one of those ...", is folded into it (_fold_each_copy_targets)."""
    by_caster = m.group(1) == "that player copies"
    if m.group(3) == " you control" and by_caster:
        raise Unsupported(m.string)
    flt = parse_filter(m.group(2) + (" you control" if m.group(3) else ""))
    return [CopyForEachOtherTarget(flt, by_caster=by_caster)]


@dataclasses.dataclass(frozen=True, slots=True)
class _EachCopyTargets:
    """"Each copy targets a different one of those Golems": folded into the CopyForEachOtherTarget before it."""

    noun: str


@sentence_template(r"each copy targets a different one of those ([a-z]+)")
def _each_copy_targets(m, targets):
    return [_EachCopyTargets(m.group(1))]


def _fold_each_copy_targets(effects: list, targets: list) -> None:
    """A CopyForEachOtherTarget is followed by the sentence saying what each copy targets; that sentence is
    dropped once read, and is refused anywhere else."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], CopyForEachOtherTarget):
            if i + 1 >= len(effects) or not isinstance(effects[i + 1], _EachCopyTargets):
                raise Unsupported("copies that spell for each other ...: what each copy targets")
            del effects[i + 1]
        elif isinstance(effects[i], _EachCopyTargets):
            raise Unsupported("each copy targets a different one of those")
        i += 1


EFFECTS_CHECKS.append(_fold_each_copy_targets)


_CHAIN_WHO = r"(that player or that permanent's controller|that (?:permanent|creature)'s controller|that player)"
_CHAIN_COPY = r"copy cardname and may choose a new target for that copy"


def _chain_who(phrase: str, targets: list) -> V.Who:
    """The player the chain spells offer the copy to: the target, a player, or the targeted permanent's
    controller (608.2h: as it last existed, once it left the battlefield)."""
    if not targets:
        raise Unsupported(phrase)
    last = V.Ref(len(targets) - 1)
    kind = targets[-1].kind
    if phrase == "that player or that permanent's controller" and kind == "any":
        return PlayerOrController(last)
    if phrase.endswith("'s controller") and kind == "permanent":
        return ControllerOf(last)
    if phrase == "that player" and kind in ("player", "opponent"):
        return last
    raise Unsupported(phrase)


@sentence_template(rf"(?:then )?{_CHAIN_WHO} may (pay (?:\{{[0-9wubrgc]\}})+|discard a card|sacrifice a land of their choice)")
def _chain_offer(m, targets):
    """The first half ("Then that player or that permanent's controller may pay {R}{R}"); the next sentence,
    "If the player does, they may copy ...", says what for (_fold_chain_copy)."""
    who = _chain_who(m.group(1), targets)
    what = m.group(2)
    if what.startswith("pay "):
        cost: V.Effect = V.PayMana(parse_cost(what[len("pay "):].upper()))
    elif what == "discard a card":
        cost = V.Discard(1, who)
    else:
        cost = V.Sacrifice(who, parse_filter("land"))
    return [_ChainOffer(who, cost, what.replace(what[4:], what[4:].upper()) if what.startswith("pay ") else what)]


@dataclasses.dataclass(frozen=True, slots=True)
class _ChainOffer:
    """"That player may pay {R}{R}": folded with the "if the player does, they may copy" after it."""

    who: object
    cost: V.Effect
    text: str


@dataclasses.dataclass(frozen=True, slots=True)
class _TheyMayCopy:
    """"If the player does, they may copy CARDNAME and may choose a new target for that copy"."""


@sentence_template(rf"if the player does, they may {_CHAIN_COPY}")
def _they_may_copy(m, targets):
    return [_TheyMayCopy()]


@sentence_template(rf"(?:then )?{_CHAIN_WHO} may {_CHAIN_COPY}")
def _may_copy(m, targets):
    """"Then that permanent's controller may copy CARDNAME and may choose a new target for that copy" (Chain of
    Acid): a copy offered at no cost."""
    who = _chain_who(m.group(1), targets)
    return [V.Optional((CopyResolvingSpell(who),), prompt="copy this spell", who=who)]


def _fold_chain_copy(effects: list, targets: list) -> None:
    """_ChainOffer + _TheyMayCopy → "that player may [pay the cost]; if they do, they may copy the spell"
    (608.2d: that player chooses both times)."""
    i = 0
    while i < len(effects):
        e = effects[i]
        if isinstance(e, _ChainOffer):
            if i + 1 >= len(effects) or not isinstance(effects[i + 1], _TheyMayCopy):
                raise Unsupported(f"may {e.text}: for what")
            copy = V.Optional((CopyResolvingSpell(e.who),), prompt="copy this spell", who=e.who)
            effects[i:i + 2] = [V.Optional((e.cost, copy), prompt=e.text, who=e.who)]
        elif isinstance(e, _TheyMayCopy):
            raise Unsupported("if the player does, they may copy")
        i += 1


EFFECTS_CHECKS.append(_fold_chain_copy)


# --------------------------------------------------------------------------- mana spent to cast it

@keyword_template(r"sunburst")
def _sunburst(m, out: CardDraft):
    """702.44a: "This permanent enters with a +1/+1 counter on it for each color of mana spent to cast it
    if it's a creature, or a charge counter for each color otherwise" (702.44b: each instance applies)."""
    out.abilities.append(ManaSpentCounters(m.group(0), "sunburst"))


@paragraph_template(r"converge — cardname enters(?: the battlefield)? with (a|an|one|two|three) \+1/\+1 counters? on it "
                    r"for each color of mana spent to cast it")
def _converge(m, para, out: CardDraft, is_spell):
    out.abilities.append(ManaSpentCounters(para, "converge", amount=_count_word(m.group(1))))


@paragraph_template(r"adamant — if at least three (white|blue|black|red|green|mana of the same color) mana was spent "
                    r"to cast cardname, cardname enters(?: the battlefield)? with (a|an|one|two) \+1/\+1 counters? on it")
def _adamant(m, para, out: CardDraft, is_spell):
    color = COLOR_WORDS.get(m.group(1), "")
    out.abilities.append(ManaSpentCounters(para, "adamant", amount=_count_word(m.group(2)), color=color))


@paragraph_template(rf"you may cast cardname as though it had flash if you pay {_MANA_N} more to cast it")
def _flash_for_more(m, para, out: CardDraft, is_spell):
    """601.3b: a permission to cast the spell at instant speed, with a cost increase (601.2f) when it is
    cast at a time only the permission allows."""
    out.abilities.append(CostModifier(para, int(m.group(1)), "self", condition=CostCondition("flash_timing")))


# --------------------------------------------------------------------------- 101.2 statics

_WHO = {"each player": "each", "players": "each", "you": "you", "your opponents": "opponents",
        "each opponent": "opponents"}


@paragraph_template(r"(each player|you|your opponents|each opponent) can't cast more than (one|two|three) spells? each turn")
def _max_spells(m, para, out: CardDraft, is_spell):
    out.abilities.append(PlayerCastRestriction(para, _WHO[m.group(1)], "max_per_turn", _count_word(m.group(2))))


@paragraph_template(r"you can cast spells only during your turn(?: and you can cast no more than (one|two|three) spells?"
                    r" each turn)?")
def _only_your_turn(m, para, out: CardDraft, is_spell):
    """101.2: "You can cast spells only during your turn and you can cast no more than two spells each turn"
    (Fires of Invention): two restrictions of its controller."""
    out.abilities.append(PlayerCastRestriction(para, "you", "only_your_turn"))
    if m.group(1):
        out.abilities.append(PlayerCastRestriction(para, "you", "max_per_turn", _count_word(m.group(1))))


@paragraph_template(r"you may cast spells with mana value less than or equal to the number of lands you control "
                    r"without paying their mana costs")
def _free_cast_by_lands(m, para, out: CardDraft, is_spell):
    """118.9 / 601.2b: an alternative cost of {0} for its controller's spells (rules/alternative_costs.py)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(FreeCastPermission(para))


@paragraph_template(r"any player may cast ([a-z]+) spells with mana value (\d+) or less without paying their mana costs "
                    r"and as though they had flash")
def _free_cast_with_flash(m, para, out: CardDraft, is_spell):
    """118.9 / 601.2b, 601.3b: "Any player may cast creature spells with mana value 3 or less without paying
    their mana costs and as though they had flash" (Aluren): an alternative cost of {0} for any player's such
    spells cast from their hand, and a permission to cast them any time they could cast an instant
    (rules/alternative_costs.py, rules/timing_permissions.py). Not modelled: that the flash permission comes only with
    the free cast (a player who pays the mana cost of such a spell may still cast it at instant speed here)."""
    if is_spell:
        raise Unsupported(para)
    kind = parse_spell_kind(m.group(1))
    if kind is None:
        raise Unsupported(para)
    spells = (dataclasses.replace(kind, max_mana_value=int(m.group(2))),)
    out.abilities.append(FreeCastPermission(para, mv_le_lands=False, who="each", spells=spells))
    out.abilities.append(FlashPermission(para, "each", spells))


@sentence_template(r"exile that card instead of putting it into your graveyard as it resolves")
def _exile_as_it_resolves(m, targets):
    """608.2n (Feather, the Redeemed); the next sentence says what becomes of the card (_fold_exile_as_resolves)."""
    return [_ExileInstead()]


@dataclasses.dataclass(frozen=True, slots=True)
class _ExileInstead:
    """"Exile that card instead of putting it into your graveyard as it resolves": with the next sentence."""


@dataclasses.dataclass(frozen=True, slots=True)
class _ReturnAtNextEnd:
    """"If you do, return it to your hand at the beginning of the next end step"."""


@sentence_template(r"if you do, return it to your hand at the beginning of the next end step")
def _return_at_next_end(m, targets):
    return [_ReturnAtNextEnd()]


def _fold_exile_as_resolves(effects: list, targets: list) -> None:
    """_ExileInstead + _ReturnAtNextEnd → ExileAsItResolves; either alone is refused."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], _ExileInstead):
            if i + 1 >= len(effects) or not isinstance(effects[i + 1], _ReturnAtNextEnd):
                raise Unsupported("exile that card instead of putting it into your graveyard: then what")
            effects[i:i + 2] = [ExileAsItResolves()]
        elif isinstance(effects[i], _ReturnAtNextEnd):
            raise Unsupported("if you do, return it to your hand at the beginning of the next end step")
        i += 1


EFFECTS_CHECKS.append(_fold_exile_as_resolves)


@sentence_template(r"that creature's owner can't cast spells with the same name as that creature until your next turn")
def _cant_cast_same_name(m, targets):
    """101.2 / 201.2 (Reflector Mage): the creature targeted before, by the name it last had."""
    if not targets or targets[-1].kind != "permanent":
        raise Unsupported(m.string)
    return [CantCastSameName(V.Ref(len(targets) - 1))]


@paragraph_template(r"(your opponents|players) can't cast spells during (your turn|combat)")
def _no_spells_during(m, para, out: CardDraft, is_spell):
    if m.group(2) == "your turn" and m.group(1) != "your opponents":
        raise Unsupported(para)
    kind = "during_your_turn" if m.group(2) == "your turn" else "during_combat"
    out.abilities.append(PlayerCastRestriction(para, _WHO[m.group(1)], kind))


@paragraph_template(r"each opponent who attacked with a creature this turn can't cast spells")
def _no_spells_after_attacking(m, para, out: CardDraft, is_spell):
    """101.2: "Each opponent who attacked with a creature this turn can't cast spells" (Angelic Arbiter):
    a player who declared an attacking creature this turn (rules/turn_history.py)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PlayerCastRestriction(para, "opponents", "attacked_this_turn"))


@paragraph_template(r"your opponents can't cast spells with the chosen name")
def _no_spells_with_chosen_name(m, para, out: CardDraft, is_spell):
    """101.2 / 201.4: "Your opponents can't cast spells with the chosen name" (Gideon's Intervention; the
    card check of cards/templates/statics_activation.py wants the name chosen as it enters)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(PlayerCastRestriction(para, "opponents", "chosen_name"))


@paragraph_template(r"each opponent who cast a spell this turn can't attack with creatures")
def _no_attack_after_casting(m, para, out: CardDraft, is_spell):
    """508.1c: "Each opponent who cast a spell this turn can't attack with creatures" (Angelic Arbiter;
    rules/combat.attack_block_reason)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para, NO_ATTACK_AFTER_CASTING))


@paragraph_template(r"(you|your opponents|players) can't cast ([a-z ]+?) spells")
def _no_kind_of_spells(m, para, out: CardDraft, is_spell):
    spell = parse_spell_kind(m.group(2))
    out.abilities.append(PlayerCastRestriction(para, _WHO[m.group(1)], "spells", spell=spell))


@paragraph_template(r"((?:[a-z]+ )*?)spells( you control)? can't be countered")
def _uncounterable_group(m, para, out: CardDraft, is_spell):
    """101.2: beats "counter target spell" (rules/effects.py can_be_countered)."""
    spell = parse_spell_kind(m.group(1).strip())
    out.abilities.append(Uncounterable(para, "you" if m.group(2) else "each", spell))


@paragraph_template(r"you may cast cardname as though it had flash\. if you cast it any time a sorcery couldn't have "
                    r"been cast, the controller of the permanent it becomes sacrifices it at the beginning of the next "
                    r"cleanup step")
def _flash_sacrifice(m, para, out: CardDraft, is_spell):
    """601.3b: a permission to cast it at instant speed; cast that way, a delayed trigger (603.7) sacrifices
    the permanent at the beginning of the next cleanup step (514.3a)."""
    out.abilities.append(CastingKeyword(para, "flash_sacrifice"))


@paragraph_template(rf"spells (your opponents cast|you cast) that target cardname cost {_MANA_N} (more|less) to cast")
def _tax_targeting_me(m, para, out: CardDraft, is_spell):
    """601.2f: a change to the cost of spells that target this permanent (the actions offered to agents
    are priced with their targets: rules/casting.py priced_with_targets)."""
    n = int(m.group(2))
    scope = "opponents" if m.group(1) == "your opponents cast" else "you"
    out.abilities.append(CostModifier(para, n if m.group(3) == "more" else -n, scope,
                                         condition=CostCondition("targets_source")))


@paragraph_template(rf"spells (your opponents cast|you cast) that target (?:a|an) (.+?) cost {_MANA_N} (more|less) to cast")
def _tax_targeting_mine(m, para, out: CardDraft, is_spell):
    """601.2f: "Spells your opponents cast that target a creature or planeswalker you control cost {2} more to cast"
    (Kasmina, Enigmatic Mentor): one of the spell's targets is such a permanent ("you": the modifier's controller;
    the actions offered to agents are priced with their targets)."""
    flt = parse_filter(m.group(2))
    n = int(m.group(3))
    scope = "opponents" if m.group(1) == "your opponents cast" else "you"
    out.abilities.append(CostModifier(para, n if m.group(4) == "more" else -n, scope,
                                         condition=CostCondition("targets", filter=flt)))


@paragraph_template(rf"as long as cardname is on the stack, spells that target it cost {_MANA_N} more to cast")
def _tax_targeting_this_spell(m, para, out: CardDraft, is_spell):
    """601.2f: "As long as CARDNAME is on the stack, spells that target it cost {2} more to cast" (Kaervek's
    Torch): a cost modifier that functions while the spell is on the stack (scope "on_stack",
    rules/cost_modifiers.py)."""
    out.abilities.append(CostModifier(para, int(m.group(1)), "on_stack", condition=CostCondition("targets_source")))


@paragraph_template(rf"the first ((?:[a-z]+ )*?)spell you cast each turn costs {_MANA_N} less to cast")
def _first_spell(m, para, out: CardDraft, is_spell):
    """601.2f: the first spell of a kind its controller casts each turn costs less (counted from the game log)."""
    spell = parse_spell_kind(m.group(1).strip())
    out.abilities.append(CostModifier(para, -int(m.group(2)), "you", spell,
                                         condition=CostCondition("first_of_kind", spell=spell)))


@sentence_template(rf"the next ((?:[a-z]+ )*?)spell you cast this turn costs {_MANA_N} less to cast")
def _next_spell(m, targets):
    """611.2 / 601.2f: a one-shot reduction for the next such spell its controller casts this turn."""
    return [NextSpellDiscount(int(m.group(2)), parse_spell_kind(m.group(1).strip()))]


@paragraph_template(r"as an additional cost to cast (white|blue|black|red|green) permanent spells, you may pay (\d+) "
                    r"life\. those spells cost \{([wubrg])\} less to cast if you paid life this way\. this effect "
                    r"reduces only the amount of (white|blue|black|red|green) mana you pay")
def _defiler(m, para, out: CardDraft, is_spell):
    color = COLOR_WORDS[m.group(1)]
    if m.group(3).upper() != color or COLOR_WORDS[m.group(4)] != color:
        raise Unsupported(para)
    out.abilities.append(LifeForColorDiscount(para, color, int(m.group(2))))


@paragraph_template(r"(white|blue|black|red|green) spells you cast cost \{([wubrg])\} more to cast")
def _leech(m, para, out: CardDraft, is_spell):
    """601.2f: a colored cost increase for its controller's spells of a color."""
    out.abilities.append(ColoredCostIncrease(para, SpellFilter(colors=frozenset({COLOR_WORDS[m.group(1)]})),
                                                m.group(2).upper()))


@keyword_template(r"ripple (\d+)")
def _ripple(m, out: CardDraft):
    """702.60a: "When you cast this spell, you may reveal the top N cards of your library ..." """
    n = int(m.group(1))
    out.abilities.append(V.TriggeredAbility(m.group(0), "cast_self", (V.Optional(
        (RippleReveal(n),), f"reveal the top {n} cards of your library (ripple)"),)))


# --------------------------------------------------------------------------- 702.96 overload

@keyword_template(r"overload ((?:\{[0-9wubrgcx]+\})+)")
def _overload(m, out: CardDraft):
    """702.96a: the overloaded text is compiled once the whole card is (_finish_overload)."""
    try:
        cost = parse_cost(m.group(1).upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    out.abilities.append(Overload(m.group(0), cost))


def _finish_overload(out: CardDraft) -> list[str]:
    """702.96b: replace every "target" with "each" in the spell's other paragraphs and compile them; the
    result must have no target. Otherwise the overload paragraph is reported unsupported."""
    marks = [a for a in out.abilities if type(a) is Overload and not a.effects]
    if not marks:
        return []
    ov = marks[0]
    paras = [p.strip() for p in out.text.split("\n") if p.strip()]
    body = [p for p in paras if p.lower().rstrip(".") != ov.text]
    if len(marks) > 1 or not out.spell_effects or not body:
        out.abilities.remove(ov)
        return [ov.text]
    changed = re.sub(r"\btarget\b", "each", " ".join(body).lower().rstrip("."))
    try:
        targets: list = []
        effects = parse_effects(changed, targets)
    except Unsupported:
        out.abilities.remove(ov)
        return [ov.text]
    if targets or not effects:
        out.abilities.remove(ov)
        return [ov.text]
    out.abilities[out.abilities.index(ov)] = Overload(ov.text, ov.cost, tuple(effects))
    return []


CARD_FINISHERS.append(_finish_overload)


@keyword_template(r"(buyback|evoke|entwine)—(.+)")
def _cast_option_other(m, out: CardDraft):
    """702.27a / 702.74a / 702.42a with a cost that isn't (only) mana: "Buyback—Sacrifice a land",
    "Evoke—Exile a green card from your hand", "Entwine—Sacrifice two lands" (parse_other_cost)."""
    kind = m.group(1)
    mana, other = parse_other_cost(m.group(2))
    try:
        cost = parse_cost(mana.upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    if any(type(a) is CastOption and a.kind == kind for a in out.abilities):
        raise Unsupported(m.group(0))
    out.abilities.append(CastOption(m.group(0), kind, cost, other=other))
