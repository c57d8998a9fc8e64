"""More static abilities: lands that enter tapped unless a condition holds, power/toughness
characteristic-defining abilities, and rules that only matter outside a two-player game.
Engine side: rules/static_counts.py, enters_tapped.py, protection.py, entry_choices.py, auras_on_players.py,
control_statics.py, game_rule_statics.py.

Templates (lower-cased paragraph, CARDNAME for the card's own name):
- 614.1d / 614.12 "CARDNAME enters tapped unless [condition]" and "If [condition], CARDNAME enters
  tapped". Conditions: "you control two or more other lands", "... two or fewer other lands",
  "... two or more basic lands", "... three or more other Mountains", "you control a Plains or an
  Island", "... a legendary creature", "... a basic land", "... a Mount or Vehicle", "... a white,
  blue, or black permanent", "a player has 13 or less life", "you have two or more opponents"
  (102.3: two players, one opponent), "your opponents control eight or more lands", "it's your turn".
- 614.12 "As CARDNAME enters, you may pay N life. If you don't, it enters tapped." (119.4).
- 614.12a "As CARDNAME enters, you may reveal a Dragon / Mountain or Forest card from your hand.
  If you don't, CARDNAME enters tapped." (701.16a).
- "CARDNAME enters tapped. As it enters, choose a color." (two replacement effects, 614.12).
- 604.3 / 208.2a / 613.4a "CARDNAME's power and toughness are each equal to [amount]",
  "CARDNAME's power is equal to [amount]", "CARDNAME's toughness is equal to [amount]",
  "... and its toughness is equal to that number plus N" (Tarmogoyf), an ability word before it
  ("Domain — "). Amounts: "[N plus] [twice] the number of X [plus the number of Y]" where X is
  permanents ("Swamps you control", "creatures on the battlefield", "other Rats on the
  battlefield", "artifacts your opponents control"), cards ("cards in your hand", "creature cards
  in your graveyard", "land cards in all graveyards", "cards in all players' hands"), "card types
  among cards in all graveyards", "basic land types among lands you control" (domain).
Anything else raises Unsupported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The engine side registers its hooks as it is imported: in this order (the order of sba.PRE_CHECK,
# continuous.GROUP_FILTERS ... when these were one module, rules/statics_more.py).
# isort: off
from ...rules import static_counts  # noqa: F401
from ...rules import enters_tapped  # noqa: F401
from ...rules import game_rule_statics
from ...rules import control_statics  # noqa: F401
from ...rules import protection
from ...rules import entry_choices  # noqa: F401
from ...rules import auras_on_players  # noqa: F401
# isort: on
from ...rules.effects import register_effect
from .. import vocab as V
from ..compiler import (
    CARD_CHECKS,
    NUMBERS,
    PARAGRAPH_TEMPLATES,
    Unsupported,
    keyword_template,
    paragraph_template,
    sentence_template,
    trigger_template,
)
from .effects_common import CREATURE_TYPE_SET, SUBTYPES, parse_filter, target
from .statics import LayeredStatic
from .statics import build as build_static

# --------------------------------------------------------------------------- vocabulary


@dataclass(frozen=True, slots=True)
class EntryCondition:
    """The condition of "enters tapped unless ...". kind: "control" (at least / at most (`at_most`)
    `n` permanents matching `filter` you control), "control_any" (a permanent matching one of
    `alternatives`), "opponents_control" (your opponents control at least `n` matching `filter`),
    "player_life_le" (some player has `n` or less life), "opponents" (you have at least `n`
    opponents), "your_turn"."""

    kind: str
    n: int = 1
    at_most: bool = False
    filter: V.ObjectFilter | None = None
    alternatives: tuple[V.ObjectFilter, ...] = ()


@dataclass(frozen=True, slots=True)
class EntersTappedUnless(V.StaticAbility):
    """614.1d: enters tapped unless `condition` holds (`tapped_if`: "If X, it enters tapped")."""

    condition: EntryCondition | None = None
    tapped_if: bool = False


@dataclass(frozen=True, slots=True)
class EntersRevealOrTapped(V.StaticAbility):
    """614.12a: "you may reveal a [filter] card from your hand. If you don't, it enters tapped"."""


@dataclass(frozen=True, slots=True)
class CdaTerm:
    """One "the number of X" of a CDA. kind: "permanents" (matching `filter`, "you" relative to the
    object's controller, its owner outside the battlefield and stack), "hand" / "graveyard" / "exile"
    (cards matching `filter` in the zones of `whose`: "you", "opponents", "all"),
    "card_types_graveyards" (card types among cards in the graveyards of `whose`), "domain" (basic
    land types among lands you control)."""

    kind: str
    filter: V.ObjectFilter | None = None
    whose: str = "you"
    colors: frozenset[str] = frozenset()  # "devotion": your devotion to these colors (700.5)


@dataclass(frozen=True, slots=True)
class CdaAmount:
    """(`constant` + the sum of `terms`) × `multiplier`."""

    terms: tuple[CdaTerm, ...]
    constant: int = 0
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class PowerToughnessCda(V.StaticAbility):
    """604.3 / 613.4a: sets power (`sets_power`) and/or toughness (`sets_toughness`, plus
    `toughness_plus`) to `cda_amount` in every zone."""

    cda_amount: CdaAmount | None = None
    sets_power: bool = False
    sets_toughness: bool = False
    toughness_plus: int = 0


_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|thirteen)"


def _n(w: str) -> int:
    if w.isdigit():
        return int(w)
    if w == "thirteen":
        return 13
    return NUMBERS[w]


_LATE_LAYER_QUALITIES = ("power_min", "power_max", "toughness_max", "min_mana_value", "keywords", "non_keywords",
                         "attacking", "blocking")


def check_filter(flt: V.ObjectFilter, text: str) -> V.ObjectFilter:
    """Refuse qualities rules/static_counts.layer4_match doesn't read (keywords and power are layer
    6-7 characteristics; combat status)."""
    if flt.attacking_or_blocking or flt.multicolored is not None:
        raise Unsupported(text)
    for name in _LATE_LAYER_QUALITIES:
        v = getattr(flt, name, None)
        if v:
            raise Unsupported(text)
    return flt


def _permanents(phrase: str) -> V.ObjectFilter:
    return check_filter(parse_filter(phrase), phrase)


# --------------------------------------------------------------------------- entering tapped

_COLOR = r"(?:white|blue|black|red|green)"


def parse_entry_condition(text: str) -> EntryCondition:
    t = text.strip()
    m = re.fullmatch(rf"you control {_NUM} or (more|fewer) (.+)", t)
    if m:
        return EntryCondition("control", _n(m.group(1)), m.group(2) == "fewer",
                              _permanents(m.group(3) + " you control"))
    m = re.fullmatch(rf"you control an? ((?:{_COLOR}, )+(?:or )?{_COLOR}) permanent", t)
    if m:
        colors = frozenset(V_COLOR[c] for c in re.findall(_COLOR, m.group(1)))
        return EntryCondition("control_any", alternatives=(V.ObjectFilter(colors=colors, controller="you"),))
    m = re.fullmatch(r"you control (an? .+)", t)
    if m:
        parts = re.split(r",? or (?=an? )", m.group(1))
        alts = []
        for part in parts:
            pm = re.fullmatch(r"an? (.+)", part)
            if not pm:
                raise Unsupported(text)
            alts.append(_permanents(pm.group(1) + " you control"))
        return EntryCondition("control_any", alternatives=tuple(alts))
    m = re.fullmatch(rf"your opponents control {_NUM} or more (.+)", t)
    if m:
        return EntryCondition("opponents_control", _n(m.group(1)), filter=_permanents(m.group(2) + " your opponents control"))
    m = re.fullmatch(rf"an? player has {_NUM} or less life", t)
    if m:
        return EntryCondition("player_life_le", _n(m.group(1)))
    m = re.fullmatch(rf"you have {_NUM} or more opponents", t)
    if m:
        return EntryCondition("opponents", _n(m.group(1)))
    if t == "it's your turn":
        return EntryCondition("your_turn")
    raise Unsupported(text)


V_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@paragraph_template(r"cardname enters(?: the battlefield)? tapped unless (.+)")
def _tapped_unless(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    cond = parse_entry_condition(m.group(1))
    out["abilities"].append(EntersTappedUnless(para.strip(), "etb_tapped_unless", condition=cond))


@paragraph_template(r"if (.+), cardname enters(?: the battlefield)? tapped")
def _tapped_if(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    cond = parse_entry_condition(m.group(1))
    out["abilities"].append(EntersTappedUnless(para.strip(), "etb_tapped_unless", condition=cond, tapped_if=True))


@paragraph_template(r"as cardname enters(?: the battlefield)?, you may pay (\d+) life\. if you don't, "
                    r"(?:it|cardname) enters(?: the battlefield)? tapped")
def _pay_life_or_tapped(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    out["abilities"].append(V.StaticAbility(para.strip(), "etb_pay_life_or_tapped", amount=int(m.group(1))))


@paragraph_template(r"as cardname enters(?: the battlefield)?, you may reveal an? (.+?) card from your hand\. "
                    r"if you don't, (?:it|cardname) enters(?: the battlefield)? tapped")
def _reveal_or_tapped(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    flt = check_filter(parse_filter(m.group(1)), para)
    if flt.controller is not None or flt.tapped is not None or flt.other:
        raise Unsupported(para)
    out["abilities"].append(EntersRevealOrTapped(para.strip(), "etb_reveal_or_tapped", filter=flt))


@paragraph_template(r"cardname enters(?: the battlefield)? tapped\. as it enters(?: the battlefield)?, choose a color")
def _tapped_choose_color(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """Two replacement effects of one paragraph (614.1d enters tapped, 614.12 the color)."""
    out["abilities"].append(V.StaticAbility(para.strip(), "etb_tapped"))
    out["abilities"].append(V.StaticAbility(para.strip(), "etb_choose_color"))


# --------------------------------------------------------------------------- power/toughness CDAs


def parse_cda_term(x: str) -> CdaTerm:
    x = x.strip()
    if x == "cards in your hand":
        return CdaTerm("hand")
    if x in ("cards in all players' hands", "cards in all hands"):
        return CdaTerm("hand", whose="all")
    m = re.fullmatch(r"card types among cards in (all graveyards|your opponents' graveyards)", x)
    if m:
        return CdaTerm("card_types_graveyards", whose="all" if m.group(1) == "all graveyards" else "opponents")
    m = re.fullmatch(r"(?:(.+) )?cards? (?:you own )?in (your graveyard|all graveyards|your opponents' graveyards)", x)
    if m:
        flt = check_filter(parse_filter(m.group(1)), x) if m.group(1) else None
        whose = {"your graveyard": "you", "all graveyards": "all"}.get(m.group(2), "opponents")
        return CdaTerm("graveyard", flt, whose)
    if x == "basic land types among lands you control":
        return CdaTerm("domain")
    m = re.fullmatch(r"(.+?) on the battlefield", x)
    if m:
        flt = _permanents(m.group(1))
        if flt.controller is not None:
            raise Unsupported(x)
        return CdaTerm("permanents", flt)
    m = re.fullmatch(r"(.+?) (you control|your opponents control)", x)
    if m:
        return CdaTerm("permanents", _permanents(x))
    raise Unsupported(x)


def parse_cda_amount(text: str) -> CdaAmount:
    t = text.strip()
    constant = 0
    multiplier = 1
    m = re.fullmatch(r"(\d+) plus (.+)", t)
    if m:
        constant, t = int(m.group(1)), m.group(2)
    if t.startswith("twice "):
        if constant:
            raise Unsupported(text)
        multiplier, t = 2, t[len("twice "):]
    m = re.fullmatch(rf"your devotion to ({_COLOR})(?: and ({_COLOR}))?", t)
    if m:
        colors = frozenset(V_COLOR[c] for c in m.groups() if c)
        return CdaAmount((CdaTerm("devotion", colors=colors),), constant, multiplier)
    parts = re.split(r" plus (?=the (?:total )?number of )", t)
    terms = []
    for part in parts:
        pm = re.fullmatch(r"the (?:total )?number of (.+)", part)
        if not pm:
            raise Unsupported(text)
        terms.append(parse_cda_term(pm.group(1)))
    return CdaAmount(tuple(terms), constant, multiplier)


_ABILITY_WORD = r"(?:[a-z' ]+ — )?"


@paragraph_template(rf"{_ABILITY_WORD}cardname's (power and toughness are each|power is|toughness is) equal to (.+?)"
                    r"(?: and its toughness is equal to that number plus (\d+))?")
def _pt_cda(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    which = m.group(1)
    amount = parse_cda_amount(m.group(2))
    sets_power = which != "toughness is"
    sets_toughness = which != "power is" or m.group(3) is not None
    out["abilities"].append(PowerToughnessCda(
        para.strip(), "cda_pt", cda_amount=amount, sets_power=sets_power, sets_toughness=sets_toughness,
        toughness_plus=int(m.group(3) or 0)))
    out.setdefault("cda", set()).update(({"power"} if sets_power else set())
                                        | ({"toughness"} if sets_toughness else set()))


# --------------------------------------------------------------------------- rules of the game


@paragraph_template(r"you have no maximum hand size")
def _no_max_hand_size(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """402.2 / 514.1: no discard to a maximum hand size in the cleanup step."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "no_max_hand_size"))


@paragraph_template(rf"you may play {_NUM} additional lands? on each of your turns")
def _extra_land(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """305.2: the number of lands you can play each turn is increased."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "extra_land_plays", amount=_n(m.group(1))))


# --------------------------------------------------------------------------- deck construction only


def _deck_construction(kind: str):
    def record(m: re.Match, out: dict) -> None:
        """702.124a / 113.6n / 903.3a: partner abilities, "Choose a Background", "Doctor's companion"
        and "CARDNAME can be your commander" modify deck construction in the Commander variant and
        function before the game begins: they do nothing during a game (two-player, 100.2a decks)."""
        out["abilities"].append(V.StaticAbility(m.group(0), kind))
    return record


# 702.124h partner; 702.124i "partner—friends forever" (2024-09) / "partner—[text]" (2026-02);
# 702.124k choose a background; 702.124m doctor's companion. "Partner with [name]" (702.124j) also
# has a triggered ability and isn't matched here.
keyword_template(r"partner(?:—(?:friends forever|character select|survivors|father & son))?")(
    _deck_construction("deck_partner"))
keyword_template(r"choose a background")(_deck_construction("deck_partner"))
keyword_template(r"doctor's companion")(_deck_construction("deck_partner"))


@paragraph_template(r"cardname can be your commander")
def _can_be_commander(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """903.3a / 113.6n: a deck-construction rule of the Commander variant; nothing in this game."""
    out["abilities"].append(V.StaticAbility(para.strip(), "deck_commander"))


# Counter kinds with no rules of their own (122.1: only their number matters to the card's text).
# Stun (122.1d) and others with rules are left to templates that implement them.
_PLAIN_COUNTERS = ("charge", "coin", "depletion", "slumber", "+1/+1", "-1/-1")


@paragraph_template(rf"cardname enters(?: the battlefield)? tapped (?:and )?with {_NUM} ([a-z+/\-0-9]+) counters? on it")
def _tapped_with_counters(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """614.1c-d: two replacement effects of one ability: it enters tapped and with counters."""
    kind = m.group(2)
    if is_spell or kind not in _PLAIN_COUNTERS:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "etb_tapped"))
    out["abilities"].append(V.StaticAbility(para.strip(), "etb_counters", counter_kind=kind, amount=_n(m.group(1))))


@paragraph_template(r"you control enchanted (creature|permanent|land|artifact|enchantment)")
def _control_enchanted(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """613.1b (layer 2): the Aura's controller controls the object it's attached to (303.4e);
    rules/control_statics.refresh_static_control."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "control_enchanted"))


# --------------------------------------------------------------------------- "any player may activate"


@dataclass(frozen=True, slots=True)
class AnyPlayerMayActivate(V.Effect):
    """Not an effect: "Any player may activate this ability" written among an activated ability's
    effects (602.2: the player who activates an ability controls it and pays its costs;
    rules/stack.any_player_may). Costs that take objects (sacrifice another permanent, discard)
    are refused at compile time (`_check_any_player`): they'd be chosen from the source's
    controller's permanents and hand."""

    any_player: bool = True


register_effect(AnyPlayerMayActivate, lambda g, ctx, e: None)


@sentence_template(r"any player may activate this ability(?: but only (as a sorcery|any time you could cast a sorcery))?")
def _any_player(m: re.Match, targets: list) -> list:
    out: list = [AnyPlayerMayActivate()]
    if m.group(1):
        out.append(V.ActivationRestriction("sorcery"))  # 602.5d, for the player activating it (307.1)
    return out


def _check_any_player(out: dict, unsupported: list) -> None:
    """Only plain costs (mana, life, sacrificing or tapping nothing else) for abilities any player
    may activate: the cost code chooses other objects among the source controller's."""
    for ab in out["abilities"]:
        effects = getattr(ab, "effects", ())
        if any(isinstance(e, AnyPlayerMayActivate) for e in effects):
            cost = ab.cost
            if not isinstance(ab, V.ActivatedAbility) or type(cost) is not V.Cost or cost.tap or cost.untap \
                    or cost.sacrifice is not None:
                unsupported.append(ab.text)


CARD_CHECKS.append(_check_any_player)


# --------------------------------------------------------------------------- protection qualities

_PROTECTION_TYPES = {"artifacts": "Artifact", "enchantments": "Enchantment", "creatures": "Creature",
                     "instants": "Instant", "sorceries": "Sorcery", "planeswalkers": "Planeswalker",
                     "lands": "Land"}


def protection_quality(text: str) -> str:
    """One quality of "protection from X" (702.16a) → the code rules/protection.protection_quality
    reads. Raises Unsupported."""
    t = text.strip()
    if t in _PROTECTION_TYPES:
        return f"type:{_PROTECTION_TYPES[t]}"
    if t in ("everything", "monocolored", "colorless", "multicolored") or t in V_COLOR:
        return t
    if t in SUBTYPES and SUBTYPES[t].lower() != t and SUBTYPES[t] in CREATURE_TYPE_SET:
        return f"subtype:{SUBTYPES[t]}"  # a plural creature type: "protection from Goblins"
    raise Unsupported(text)


@keyword_template(r"protection from ([a-z]+)(?: and from ([a-z]+))?")
def _protection(m: re.Match, out: dict) -> None:
    """702.16a / 702.16g ("from A and from B": two protection abilities) / 702.16j (everything)."""
    quals = [protection_quality(x) for x in m.groups() if x]
    out["protection"].extend(quals)


@dataclass(frozen=True, slots=True)
class GainProtection(V.Effect):
    """"[object] gains protection from [qualities] until end of turn" (702.16a, layer 6, until the
    cleanup step 514.2); `color_choice`: "you" ("from the color of your choice", chosen as it
    resolves) or "its_controller" ("of its controller's choice"), added to `qualities`."""

    target: V.Who
    qualities: tuple[str, ...] = ()
    color_choice: str = ""


protection.register_protection_effect(GainProtection)


@sentence_template(r"(.+?) gains? protection from (.+?) until end of turn")
def _gains_protection(m: re.Match, targets: list) -> list:
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) and who not in (V.SELF, V.ATTACHED):
        raise Unsupported(m.string)
    quals: list[str] = []
    choice = ""
    for part in re.split(r",? (?:and|or) from |, from ", m.group(2)):
        part = part.strip()
        if part == "the color of your choice":
            choice = "you"
        elif part == "the color of its controller's choice":
            choice = "its_controller"
        else:
            quals.append(protection_quality(part))
    if " or from " in m.group(2) and (len(quals) + bool(choice)) > 1:
        raise Unsupported(m.string)  # "from artifacts or from the color of your choice": a choice between qualities
    return [GainProtection(who, tuple(quals), choice)]


@paragraph_template(r"you may look at the top card of your library (?:any time|at any time)")
def _look_at_top(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """A permission about hidden information (400.2: a library is a hidden zone; 401.2: no one
    may look at its cards unless a rule or effect allows it). It changes no game state and no legal action: the engine keeps no
    per-player view of hidden zones, so this static ability has nothing to do (recorded for the
    record). The card's other abilities that act on that card (playing it) are separate paragraphs."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "look_top_any_time"))


# --------------------------------------------------------------------------- 702.16n


@dataclass(frozen=True, slots=True)
class ProtectionKeepingSource(LayeredStatic):
    """"Enchanted creature has protection from white. This effect doesn't remove CARDNAME."
    (702.16n): a LayeredStatic whose protection doesn't make its own source fall off
    (rules/protection.aura_kept)."""

    keeps_source: bool = True


@paragraph_template(r"enchanted creature has (protection from (?:white|blue|black|red|green)(?: and from (?:white|blue|black|red|green))?)\. "
                    r"this effect doesn't remove cardname")
def _protection_not_removing(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    st = build_static(para, "enchanted creature", "has " + m.group(1))
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out["abilities"].append(ProtectionKeepingSource(**fields))


# --------------------------------------------------------------------------- "choose a creature type"


@dataclass(frozen=True, slots=True)
class ChosenTypeStatic(LayeredStatic):
    """A group LayeredStatic limited to creatures of the type chosen as its source entered
    ("Other creatures you control of the chosen type get +1/+1"; rules/entry_choices._of_chosen_type)."""

    of_chosen_type: bool = True


@paragraph_template(r"as cardname enters(?: the battlefield)?, choose a creature type")
def _choose_type(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """614.12: a replacement effect that modifies how the permanent enters (a choice)."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "etb_choose_type"))


@paragraph_template(r"cardname is the chosen type in addition to its other types")
def _self_chosen_type(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """613.1d (layer 4), applied with the choice (rules/entry_choices._etb_choose_type)."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "self_chosen_type"))


@paragraph_template(r"(other |all )?creatures( you control| your opponents control)? of the chosen type"
                    r"( you control| your opponents control)? (gets? .+|have .+)")
def _chosen_type_group(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    if is_spell or (m.group(2) and m.group(3)):
        raise Unsupported(para)
    subject = f"{m.group(1) or ''}creatures{m.group(2) or m.group(3) or ''}"
    st = build_static(para, subject, m.group(4))
    if st.affects != "group":
        raise Unsupported(para)
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out["abilities"].append(ChosenTypeStatic(**fields))


def _check_chosen_type(out: dict, unsupported: list) -> None:
    """"Of the chosen type" refers to the choice "As CARDNAME enters, choose a creature type" makes;
    without that ability on the card (another kind of choice) the ability isn't compiled."""
    abilities = out["abilities"]
    if any(getattr(a, "kind", "") == "etb_choose_type" for a in abilities):
        return
    for a in abilities:
        if isinstance(a, ChosenTypeStatic) or getattr(a, "kind", "") == "self_chosen_type":
            unsupported.append(a.text)


CARD_CHECKS.append(_check_chosen_type)


# --------------------------------------------------------------------------- devotion (700.5)


@dataclass(frozen=True, slots=True)
class DevotionNotCreature(V.StaticAbility):
    """"As long as your devotion to [colors] is less than N (`amount`), CARDNAME isn't a creature"
    (613.1d layer 4; rules/static_counts._not_creature_unless_devotion)."""

    colors: frozenset[str] = frozenset()


@paragraph_template(rf"as long as your devotion to ({_COLOR})(?: and ({_COLOR}))? is less than {_NUM}, "
                    r"cardname isn't a creature")
def _devotion_not_creature(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    colors = frozenset(V_COLOR[c] for c in (m.group(1), m.group(2)) if c)
    out["abilities"].append(DevotionNotCreature(para.strip(), "devotion_not_creature", amount=_n(m.group(3)),
                                                colors=colors))


@paragraph_template(r"cardname enters(?: the battlefield)? tapped and doesn't untap during (?:your|its controller's) untap step")
def _tapped_and_doesnt_untap(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """614.1d (enters tapped) and 502.3 (a static ability keeping it tapped in its controller's
    untap step: statics.LayeredStatic rule "doesnt_untap")."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "etb_tapped"))
    out["abilities"].append(LayeredStatic(para.strip(), "layered", rules=("doesnt_untap",)))


# --------------------------------------------------------------------------- Auras that enchant players (702.5d)


@dataclass(frozen=True, slots=True)
class EnchantPlayer(V.StaticAbility):
    """702.5a / 702.5d: "Enchant player" / "Enchant opponent": the Aura spell targets a player
    (`target_kind` "player" or "opponent") and the Aura is attached to that player
    (rules/auras_on_players.aura_player_legal)."""

    target_kind: str = "player"


def _enchant_player(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    ab = EnchantPlayer(para.strip(), "enchant", target_kind=m.group(1))
    out["enchant"] = ab.filter
    out["abilities"].append(ab)


# Before statics._enchant, which refuses "enchant player" (templates are tried in order).
PARAGRAPH_TEMPLATES.insert(0, (re.compile(r"enchant (player|opponent)"), _enchant_player))


@trigger_template(r"at the beginning of enchanted player's upkeep")
def _enchanted_players_upkeep(m: re.Match) -> dict:
    """503.1a; "that player" is the enchanted player (rules/auras_on_players._upkeep_of_enchanted_player)."""
    return {"event": "upkeep_enchanted_player"}


@dataclass(frozen=True, slots=True)
class EnchantedPlayersStatic(LayeredStatic):
    """A group LayeredStatic for the permanents of the player its source enchants ("Creatures
    enchanted player controls get -1/-1"; rules/auras_on_players._of_enchanted_player)."""

    of_enchanted_player: bool = True


@paragraph_template(r"((?:[a-z]+ )*?creatures) enchanted player controls ((?:gets?|have|has|attack|can't) .+)")
def _enchanted_players_creatures(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    st = build_static(para, m.group(1), m.group(2))
    if st.affects != "group" or st.filter.controller is not None:
        raise Unsupported(para)
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out["abilities"].append(EnchantedPlayersStatic(**fields))


@paragraph_template(r"(cardname|enchanted creature) has protection from the chosen color"
                    r"(\. this effect doesn't remove cardname)?")
def _protection_chosen_color(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """702.16a with the color chosen as the source entered ("As CARDNAME enters, choose a color",
    614.12); rules/continuous.py reads the source's chosen color. 702.16n for the Aura's own
    "doesn't remove" clause."""
    if is_spell or (m.group(2) and m.group(1) != "enchanted creature"):
        raise Unsupported(para)
    st = build_static(para, m.group(1), "has protection from white")
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    fields["protection"] = ("chosen_color",)
    out["abilities"].append(ProtectionKeepingSource(**fields, keeps_source=bool(m.group(2))))


def _check_chosen_color(out: dict, unsupported: list) -> None:
    """"The chosen color" needs "As CARDNAME enters, choose a color" on the same card."""
    abilities = out["abilities"]
    if any(getattr(a, "kind", "") == "etb_choose_color" for a in abilities):
        return
    for a in abilities:
        if "chosen_color" in getattr(a, "protection", ()):
            unsupported.append(a.text)


CARD_CHECKS.append(_check_chosen_color)


# --------------------------------------------------------------------------- 702.124j partner with


@dataclass(frozen=True, slots=True)
class PartnerSearch(V.Effect):
    """702.124j: "target player may search their library for a card named `card_name`, reveal it,
    put it into their hand, then shuffle" (rules/game_rule_statics._partner_search)."""

    who: V.Who
    card_name: str


game_rule_statics.register_partner_effect(PartnerSearch)


def _partner_ability(name: str) -> V.TriggeredAbility:
    return V.TriggeredAbility(
        f"When this permanent enters, target player may search their library for a card named {name}, "
        f"reveal it, put it into their hand, then shuffle.", "etb", (PartnerSearch(V.Ref(0), name),),
        (V.TargetSpec("player", text="target player"),))


@paragraph_template(r"partner with ([a-z0-9 ,'\-]+)")
def _partner_with(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """702.124j: a deck-construction part (nothing in this game) and a triggered ability. The name
    (it may contain a comma, so the whole paragraph) is compared without regard to case: card
    names are unique that way."""
    name = m.group(1).strip()
    if is_spell or "cardname" in name:
        raise Unsupported(para)
    out["abilities"].append(_partner_ability(name))


# --------------------------------------------------------------------------- "Enchanted land is an Island"


@dataclass(frozen=True, slots=True)
class AttachedFilter(V.ObjectFilter):
    """Only the object the source is attached to (rules/continuous.matches_static)."""

    attached_only: bool = True


@paragraph_template(r"enchanted land is an? (plains|island|swamp|mountain|forest)")
def _enchanted_land_is(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """305.7 / 613.1d (layer 4): setting a land's subtype replaces its old land types and removes
    the abilities of its rules text; it has the new type's mana ability (305.6)."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "type_change", AttachedFilter(types=frozenset({"Land"})),
                                            subtypes=(m.group(1).capitalize(),), replace=True))


# --------------------------------------------------------------------------- more rules-modifying statics

_ENTER_KINDS = {"creatures": "Creature", "artifacts": "Artifact", "lands": "Land", "enchantments": "Enchantment",
                "planeswalkers": "Planeswalker"}


@dataclass(frozen=True, slots=True)
class EnterFilter(V.ObjectFilter):
    """The permanents "... your opponents control enter tapped" applies to: one of `types`, with
    `nonbasic_lands`: lands only when nonbasic ("creatures and nonbasic lands")."""

    nonbasic_lands: bool = False


@paragraph_template(r"((?:(?:artifacts|creatures|lands|nonbasic lands|enchantments|planeswalkers)(?:, | and |, and ))*"
                    r"(?:artifacts|creatures|lands|nonbasic lands|enchantments|planeswalkers)) your opponents control "
                    r"enter(?: the battlefield)? tapped")
def _opponents_enter_tapped(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """614.12: a replacement effect of this permanent on other permanents entering
    (rules/enters_tapped._others_enter_tapped)."""
    if is_spell:
        raise Unsupported(para)
    words = [w for w in re.split(r", and |, | and ", m.group(1)) if w]
    types = set()
    nonbasic_lands = False
    for w in words:
        if w == "nonbasic lands":
            types.add("Land")
            nonbasic_lands = True
        else:
            types.add(_ENTER_KINDS[w])
    flt = EnterFilter(types=frozenset(types), controller="opponent", nonbasic_lands=nonbasic_lands,
                      nonbasic=nonbasic_lands and types == {"Land"})
    out["abilities"].append(V.StaticAbility(para.strip(), "others_enter_tapped", flt))


@paragraph_template(r"untap cardname during each other player's untap step")
def _untap_during_others(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """502.3 (rules/game_rule_statics._untap_during_others)."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "untap_during_others"))


@dataclass(frozen=True, slots=True)
class ExtraLandThisTurn(V.Effect):
    """305.2: "You may play an additional land this turn"."""


game_rule_statics.register_extra_land_effect(ExtraLandThisTurn)


@sentence_template(r"you may play an additional land this turn")
def _extra_land_this_turn(m: re.Match, targets: list) -> list:
    return [ExtraLandThisTurn()]


@paragraph_template(r"lands you control are every basic land type in addition to their other types")
def _every_basic_type(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    """305.6 / 613.1d: the lands gain the five basic land types (and their mana abilities)."""
    if is_spell:
        raise Unsupported(para)
    out["abilities"].append(V.StaticAbility(para.strip(), "type_change",
                                            V.ObjectFilter(types=frozenset({"Land"}), controller="you"),
                                            subtypes=("Plains", "Island", "Swamp", "Mountain", "Forest")))


@dataclass(frozen=True, slots=True)
class ChosenColorStatic(LayeredStatic):
    """A group LayeredStatic for creatures of the color chosen as its source entered
    (rules/entry_choices._of_chosen_color)."""

    of_chosen_color: bool = True


@paragraph_template(r"(other |all )?creatures( you control)? of the chosen color (gets? .+|have .+)")
def _chosen_color_group(m: re.Match, para: str, out: dict, is_spell: bool) -> None:
    if is_spell:
        raise Unsupported(para)
    st = build_static(para, f"{m.group(1) or ''}creatures{m.group(2) or ''}", m.group(3))
    if st.affects != "group":
        raise Unsupported(para)
    fields = {f: getattr(st, f) for f in st.__dataclass_fields__}
    out["abilities"].append(ChosenColorStatic(**fields))


def _check_chosen_color_group(out: dict, unsupported: list) -> None:
    """"Of the chosen color" needs "As CARDNAME enters, choose a color" on the same card."""
    abilities = out["abilities"]
    if not any(getattr(a, "kind", "") == "etb_choose_color" for a in abilities):
        unsupported.extend(a.text for a in abilities if isinstance(a, ChosenColorStatic))


CARD_CHECKS.append(_check_chosen_color_group)
