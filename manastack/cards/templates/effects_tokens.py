"""Tokens (111): predefined artifact tokens (111.10a Treasure, 111.10b Food, 111.10f Clue, 111.10c
Gold, 111.10e Shard), "investigate" (701.36a: create a Clue), and creature tokens the text describes
("create two 1/1 red and white Soldier creature tokens with haste"; "create an X/X green Ooze creature
token", its size the X paid or the amount "where X is ..." defines, 111.4). A token's name is its subtypes
(as the built-in Spirit / Thopter tokens are named).
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache

from ...model import vocab as V
from ..compiler import CARD_CHECKS, COLOR_WORDS, EFFECTS_CHECKS, Unsupported, compile_card
from ..draft import CardDraft
from .effects_common import SUBTYPES, N, amount, keywords_of, template
from .keywords_triggered import GRANTABLE_PATTERN
from .statics_counts import CdaAmount, CdaTerm, PowerToughnessCda

PREDEFINED = {
    "treasure": ("Artifact", "{T}, Sacrifice this artifact: Add one mana of any color."),
    "food": ("Artifact", "{2}, {T}, Sacrifice this artifact: You gain 3 life."),
    "clue": ("Artifact", "{2}, Sacrifice this artifact: Draw a card."),
    "gold": ("Artifact", "Sacrifice this artifact: Add one mana of any color."),
    "shard": ("Enchantment", "{2}, Sacrifice this enchantment: Scry 1, then draw a card."),
}


@cache
def predefined(kind: str) -> V.CardDef:
    """111.10: the predefined token `kind` ("treasure", "food", "clue", ...)."""
    card_type, text = PREDEFINED[kind]
    name = kind.capitalize()
    cd = compile_card({"name": name, "mana_cost": "", "type_line": f"{card_type} — {name}", "oracle_text": text})
    if cd.unsupported:
        raise Unsupported(f"{name} token: {cd.unsupported[0]}")
    return dataclasses.replace(cd, is_token=True, type_line=f"Token {card_type} — {name}")


@cache
def creature_token(power: int, toughness: int, colors: frozenset[str], subtypes: tuple[str, ...],
                   extra_types: tuple[str, ...], keywords: tuple[str, ...], text: str = "") -> V.CardDef:
    """A creature token as described (111.4: its name is its subtypes)."""
    name = " ".join(subtypes)
    types = ("Creature",) + extra_types
    type_line = f"{' '.join(sorted(types))} — {name}"
    cd = compile_card({"name": name, "mana_cost": "", "type_line": type_line, "oracle_text": text,
                       "power": str(power), "toughness": str(toughness)})
    if cd.unsupported:
        raise Unsupported(f"{name} token: {cd.unsupported[0]}")
    return dataclasses.replace(cd, is_token=True, colors=colors, keywords=cd.keywords | frozenset(keywords),
                               type_line="Token " + type_line)


_PREDEF = "|".join(PREDEFINED)


@template(rf"create {N} (tapped )?({_PREDEF}) tokens?")
def _create_predefined(m, targets):
    return [V.CreateTokenCard(predefined(m.group(3)), amount(m.group(1)), tapped=bool(m.group(2)))]


@template(r"investigate( twice| three times| an additional time)?")
def _investigate(m, targets):
    """701.36a: "Investigate" means "Create a Clue token" (N times: N investigations); "investigate an additional
    time" (Erdwal Illuminator) once more."""
    n = {None: 1, " twice": 2, " three times": 3, " an additional time": 1}[m.group(1)]
    return [V.CreateTokenCard(predefined("clue"), n, investigate=True)]


_COLOR = r"(?:colorless|white|blue|black|red|green)"


@template(rf"create {N} (tapped )?(\d+|x)/(\d+|x) ({_COLOR}(?:(?:,| and|, and) {_COLOR})*) ([a-z' -]+?) "
          r"((?:artifact |enchantment )*)creature tokens?(?: with (.+?))?")
def _create_creature(m, targets):
    """"Create two 1/1 red Goblin creature tokens"; "create an X/X green Ooze creature token" (111.4: its
    power and toughness are X as the effect resolves: `size`, defined by "where X is ..." or the X paid)."""
    power, toughness = m.group(3), m.group(4)
    if (power == "x") != (toughness == "x"):
        raise Unsupported(m.string)  # "X/1": not one size
    if power == "x":
        card = _described("0", "0", m.group(5), m.group(6), m.group(7), m.group(8))
        return [V.CreateTokenCard(card, amount(m.group(1)), tapped=bool(m.group(2)), size="X")]
    card = _described(power, toughness, m.group(5), m.group(6), m.group(7), m.group(8))
    return [V.CreateTokenCard(card, amount(m.group(1)), tapped=bool(m.group(2)))]


@template(rf"create {N} ({_COLOR}(?:(?:,| and|, and) {_COLOR})*) ([a-z' -]+?) creature tokens? with [\"“]cardname's "
          r"power and toughness are each equal to the number of ([a-z]+) counters on cardname\.?[\"”]")
def _create_counting_creator(m, targets):
    """111.4 / 604.3: "create a green Ooze creature token with "This token's power and toughness are each equal
    to the number of slime counters on Gutter Grime."" (the card's name: the permanent creating it; its id is
    written into the token as it is created, rules/choice_effects.py; none once it has left, 400.7)."""
    return [_counting_creator(amount(m.group(1)), m.group(2), m.group(3), m.group(4))]


def _counting_creator(count: V.Amount, colors: str, subtypes: str, kind: str) -> V.CreateTokenCard:
    """The token whose power and toughness are the `kind` counters on the permanent creating it."""
    base = _described("0", "0", colors, subtypes, "", None)
    cda = PowerToughnessCda(f"This creature's power and toughness are each equal to the number of {kind} counters "
                            "on the permanent that created it.", "cda_pt",
                            cda_amount=CdaAmount((CdaTerm("creator_counters", counter_kind=kind),)),
                            sets_power=True, sets_toughness=True)
    card = dataclasses.replace(base, power=None, toughness=None, abilities=base.abilities + (cda,))
    return V.CreateTokenCard(card, count, counts_creator=True)


@dataclasses.dataclass(frozen=True, slots=True)
class _TokenWithoutSize(V.Effect):
    """"Create a green Saproling creature token." with no power and toughness: a compile-time marker that only
    "It has "This token's power and toughness are each equal to ..."" right after it completes."""

    count: V.Amount
    colors: str
    subtypes: str


@dataclasses.dataclass(frozen=True, slots=True)
class _ItHasCreatorCda(V.Effect):
    """"It has "This token's power and toughness are each equal to the number of fade counters on CARDNAME."""

    kind: str


@template(rf"create {N} ({_COLOR}(?:(?:,| and|, and) {_COLOR})*) ([a-z' -]+?) creature tokens?")
def _create_without_size(m, targets):
    return [_TokenWithoutSize(amount(m.group(1)), m.group(2), m.group(3))]


@template(r"(?:it has|they have) [\"“]cardname's power and toughness are each equal to the number of ([a-z]+) counters "
          r"on cardname\.?[\"”]")
def _it_has_creator_cda(m, targets):
    return [_ItHasCreatorCda(m.group(1))]


def _fold_token_size(effects: list, targets: list) -> None:
    """Each token without a size must be followed by the ability that defines it (Saproling Burst), and that
    sentence must follow one: together one CreateTokenCard counting the creator's counters."""
    out: list = []
    for e in effects:
        if isinstance(e, _ItHasCreatorCda):
            if not out or not isinstance(out[-1], _TokenWithoutSize):
                raise Unsupported("it has ...: no token just before")
            t = out.pop()
            out.append(_counting_creator(t.count, t.colors, t.subtypes, e.kind))
            continue
        if out and isinstance(out[-1], _TokenWithoutSize):
            raise Unsupported("a creature token without power and toughness")
        out.append(e)
    if out and isinstance(out[-1], _TokenWithoutSize):
        raise Unsupported("a creature token without power and toughness")
    effects[:] = out


EFFECTS_CHECKS.append(_fold_token_size)


def _described(power: str, toughness: str, colors_text: str, subtypes_text: str, extra_text: str,
               with_text: str | None) -> V.CardDef:
    """The creature token "P/T [colors] [subtypes] [artifact] creature token [with ...]" describes (111.4)."""
    colors = frozenset(COLOR_WORDS[c] for c in re.split(r",? and |, ", colors_text) if c in COLOR_WORDS)
    subtypes = []
    for w in subtypes_text.split():
        if w not in SUBTYPES:
            raise Unsupported(subtypes_text)
        subtypes.append(SUBTYPES[w])
    extra = tuple(t.capitalize() for t in extra_text.split())
    kws: tuple[str, ...] = ()
    text = ""
    if with_text:
        w = with_text
        q = re.fullmatch(r"(?:(.+?) and )?[\"“](.+)[\"”]", w)
        if q:
            kws = keywords_of(q.group(1)) if q.group(1) else ()
            text = q.group(2).replace("cardname", "this creature")
            text = text[0].upper() + text[1:]
        else:
            kws, text = _token_keywords(w)
    return creature_token(int(power), int(toughness), colors, tuple(subtypes), extra, kws, text)


# Keywords that are triggered abilities (702.108 prowess, 702.101 extort, 702.115 ingest, 702.149 training, 702.86
# annihilator N): a token "with training" has the ability, compiled from its keyword line by its keyword template.
_TRIGGERED_KEYWORD = re.compile(rf"prowess|{GRANTABLE_PATTERN}")


def _token_keywords(text: str) -> tuple[tuple[str, ...], str]:
    """"flying and training" -> (the plain keywords, the text of the triggered ones, one keyword line each)."""
    items = [x.strip() for x in re.split(r",? and |, ", text.strip()) if x.strip()]
    triggered = [i for i in items if _TRIGGERED_KEYWORD.fullmatch(i)]
    if not triggered:
        return keywords_of(text), ""
    plain = [i for i in items if i not in triggered]
    kws = keywords_of(", ".join(plain)) if plain else ()
    return kws, "\n".join(i.capitalize() for i in triggered)


_SMALL_WORDS = frozenset({"of", "the", "a", "an", "and", "in", "on"})


def _proper_name(text: str) -> str:
    """The token's name from lower-cased text: "marit lage" -> "Marit Lage", "scion of the deep" -> "Scion of
    the Deep"."""
    words = text.split()
    return " ".join(w if i and w in _SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words))


@template(rf"create ([a-z][a-z' -]*?), an? (legendary )?(\d+)/(\d+) ({_COLOR}(?:(?:,| and|, and) {_COLOR})*) "
          r"([a-z' -]+?) ((?:artifact |enchantment )*)creature token(?: with (.+?))?")
def _create_named_creature(m, targets):
    """111.4 / 111.10: "create Marit Lage, a legendary 20/20 black Avatar creature token with flying and
    indestructible": a token with the name the text gives it (and the legendary supertype, 205.4d)."""
    name = _proper_name(m.group(1))
    if name.lower() in SUBTYPES:
        raise Unsupported(m.string)  # a plain description, not a name
    card = _described(m.group(3), m.group(4), m.group(5), m.group(6), m.group(7), m.group(8))
    supertypes = card.supertypes | ({"Legendary"} if m.group(2) else set())
    card = dataclasses.replace(card, name=name, supertypes=frozenset(supertypes),
                               type_line=("Legendary " if m.group(2) else "") + card.type_line)
    return [V.CreateTokenCard(card, 1)]


@template(rf"create an? (legendary )?(\d+)/(\d+) ({_COLOR}(?:(?:,| and|, and) {_COLOR})*) ([a-z' -]+?) "
          r"((?:artifact |enchantment )*)creature token named ([a-z][a-z,' -]*?)(?: with (.+?))?")
def _create_creature_named(m, targets):
    """111.4: "Create a legendary 4/4 green Elemental creature token named Ashaya, the Awoken World" (Nissa,
    Sage Animist), "... a 1/1 blue Faerie creature token named Cloud Sprite" (Cloudseeder): the token has
    that name (and the legendary supertype, 205.4d)."""
    name = _proper_name(m.group(7))
    card = _described(m.group(2), m.group(3), m.group(4), m.group(5), m.group(6), m.group(8))
    supertypes = card.supertypes | ({"Legendary"} if m.group(1) else set())
    card = dataclasses.replace(card, name=name, supertypes=frozenset(supertypes),
                               type_line=("Legendary " if m.group(1) else "") + card.type_line)
    return [V.CreateTokenCard(card, 1)]


# Predefined tokens (111.10): Blood (111.10g), Map (111.10i), Lander (111.10l).
_BLOOD_MAP_LANDER = {
    "blood": ("Artifact", "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."),
    "map": ("Artifact", "{1}, {T}, Sacrifice this artifact: Target creature you control explores. "
                        "Activate only as a sorcery."),
    "lander": ("Artifact", "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it onto "
                           "the battlefield tapped, then shuffle."),
}


for _k, _v in _BLOOD_MAP_LANDER.items():
    PREDEFINED.setdefault(_k, _v)


@template(rf"create {N} (tapped )?(blood|map|lander) tokens?")
def _create_blood_map_lander(m, targets):
    return [V.CreateTokenCard(predefined(m.group(3)), amount(m.group(1)), tapped=bool(m.group(2)))]


@template(r"destroy all tokens created with cardname")
def _destroy_created(m, targets):
    """701.7a: the tokens this card's abilities created (a card check below: they must be tokens that name it)."""
    return [V.DestroyTokensCreatedBy()]


def _fold_no_regeneration(effects: list, targets: list) -> None:
    """701.15c: "They can't be regenerated" after "destroy all tokens created with CARDNAME"."""
    for i in range(len(effects) - 1):
        if isinstance(effects[i], V.DestroyTokensCreatedBy) and isinstance(effects[i + 1], V.CantBeRegenerated):
            effects[i:i + 2] = [V.DestroyTokensCreatedBy(can_regenerate=False)]
            return


EFFECTS_CHECKS.append(_fold_no_regeneration)


def _walk(x: object):
    if isinstance(x, tuple):
        for y in x:
            yield from _walk(y)
    elif isinstance(x, V.Effect):
        yield x
        for f in dataclasses.fields(x):
            yield from _walk(getattr(x, f.name))


def _check_tokens_created_with(out: CardDraft, unsupported: list[str]) -> None:
    """"Tokens created with CARDNAME" are found by the creator each of them names (CreateTokenCard.counts_creator):
    a card whose abilities create any other token is refused."""
    effects = [e for ab in out.abilities for e in _walk(getattr(ab, "effects", ()))] + list(_walk(tuple(out.spell_effects)))
    if not any(isinstance(e, V.DestroyTokensCreatedBy) for e in effects):
        return
    makers = [e for e in effects if isinstance(e, V.CreateTokenCard | V.CreateToken)]
    if not makers or any(not (isinstance(e, V.CreateTokenCard) and e.counts_creator) for e in makers):
        unsupported.append("tokens created with CARDNAME: a token that doesn't name its creator")


CARD_CHECKS.append(_check_tokens_created_with)
