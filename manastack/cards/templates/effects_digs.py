"""Library digs (401.4, 701.16a, 608.2c): what happens to the cards a "look at the top N cards of your
library" / "reveal the top N cards of your library" sentence (effects_core.py `_look`, V.LookAtTop) just
looked at; executed by rules/library_effects.py (V.DigPut, V.PutRest).

- "Put one of them into your hand and the other on the bottom of your library" (Sea Gate Oracle), "put two
  of them into your hand and the rest into your graveyard", "put up to one of them on top of your library
  and the rest on the bottom of your library in a random order": a number of the cards (or up to it) to a
  zone, and the rest to another.
- "You may reveal a creature card with power 2 or less from among them and put it into your hand", "you may
  put a land card from among them onto the battlefield tapped", "put up to two creature cards with mana
  value 3 or less from among them onto the battlefield", "you may put any number of ... from among them
  ...", "put all Elf cards revealed this way into your hand and the rest on the bottom of your library in any
  order" (Sylvan Messenger), "you may put a creature card and/or a land card from among them into your hand" (up to
  one of each), "put up to two instant and/or sorcery cards from among them into your hand" (each card of either
  quality; "... and put the revealed cards into your hand"): the cards of a quality (701.16a: a revealed card is
  shown to every player).
- "Put one of them into your hand, put one of them on the bottom of your library, and exile one of them. You may play
  the exiled card this turn." (Expressive Iteration; 601.3 / 305.1: the card exiled may be played this turn).
- "Put the rest on the bottom of your library in a random order", "... into your graveyard", "... back on top
  of your library in any order" (401.4: the owner orders cards put on top or on the bottom together).
- "You may put one of those cards back on top of your library" (it stays there, on top); "reveal up to one basic
  land card from among them, then put that card on top of your library and the rest on the bottom in any order".
- "Mill three cards. You may put a noncreature, nonland card from among the cards milled this way into your hand.
  If you don't, put a +1/+1 counter on CARDNAME." (701.13a, 608.2c: MillThenDig, IfYouDont.)

- "Look at the top X cards of your library, where X is your devotion to blue" (700.5); "if X is greater than or
  equal to the number of cards in your library, you win the game" (104.2b: the same X; Thassa's Oracle).

A quality of cards in a library ("permanent card", 110.4b: an artifact, battle, creature, enchantment, land
or planeswalker card; "Elf, Warrior, or Tyvar card": any of them) is read by `card_filter`.
Every sentence here refers to the cards looked at: `_after_look` refuses one with nothing looked at before it,
reads "mill four cards. You may put a creature card from among them into your hand" as the milled cards, and
keeps the sentences after "If you do, look at the top two cards ..." inside what is done only if you do.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.cast_from_zones import MayPlayExiledCard
from ...model.vocab.library_effects import Devotion, IfYouDont, MilledCount, MillThenDig, WinIfLibraryAtMost
from ...model.vocab.vehicles_facedown import AnyOfFilter
from ..compiler import COLOR_WORDS, EFFECTS_CHECKS, SENTENCE_TEMPLATES, Unsupported, first_template
from .effects_common import amount, parse_filter, sub_effects, template

_PERMANENT_TYPES = "artifact, battle, creature, enchantment, land, or planeswalker"  # 110.4b

_QTY = r"(a|an|one|two|three|four|five|up to (?:one|two|three|four|five)|any number of|all)"
# where the chosen cards go
_TO = (r"(into your hand|onto the battlefield tapped and attacking|onto the battlefield tapped|onto the battlefield|"
       r"into your graveyard|"
       r"(?:back )?on top of your library)")
# where the rest go
_REST_TO = (r"(into your graveyard|on the bottom of your library(?: in (?:a random|any) order)?|"
            r"on the bottom in (?:a random|any) order|(?:back )?on top of your library in any order)")
_REST = r"(?:the rest|the other|the others|the rest of (?:the|those) cards)"


def _dest(text: str) -> tuple[str, bool]:
    """(V.DigPut.to, tapped) of a destination phrase ("tapped and attacking" only where DigPut.attacking is set)."""
    if text.endswith(" and attacking"):
        raise Unsupported(text)
    if text == "into your hand":
        return "hand", False
    if text.startswith("onto the battlefield"):
        return "battlefield", text.endswith("tapped")
    if text == "into your graveyard":
        return "graveyard", False
    return "top", False


def _rest_dest(text: str) -> str:
    """V.PutRest.to of a phrase for the rest (401.4: cards put on the bottom together, no order stated: their
    owner orders them)."""
    if text == "into your graveyard":
        return "graveyard"
    if "on top" in text:
        return "top_any"
    return "bottom_random" if text.endswith("a random order") else "bottom_any"


def _count(qty: str) -> tuple[int, bool, bool]:
    """(count, upto, every) of a quantity word."""
    if qty == "all":
        return 99, False, True
    if qty == "any number of":
        return 99, True, False
    if qty.startswith("up to "):
        return _int(qty[len("up to "):]), True, False
    return _int("one" if qty in ("a", "an") else qty), False, False


def _int(word: str) -> int:
    n = amount(word)
    if not isinstance(n, int):
        raise Unsupported(word)
    return n


def card_filter(phrase: str) -> V.ObjectFilter:
    """A quality of cards in a zone other than the battlefield ("creature card with power 2 or less",
    "nonland permanent cards", "elf, warrior, or tyvar card"). Raises Unsupported."""
    p = phrase.strip()
    if not re.search(r"\bcards?\b", p):
        raise Unsupported(phrase)
    # 110.4b: a "permanent card" is a card of a permanent type (parse_filter reads "permanent" as anything,
    # which is right only on the battlefield).
    if re.search(r"\bpermanent\b", p):
        if re.search(r"\bpermanent\b.*\bpermanent\b|\bpermanent (?!cards?\b)|\bor\b|\band\b", p):
            raise Unsupported(phrase)
        p = re.sub(r"\bpermanent\b", _PERMANENT_TYPES, p)
    if re.fullmatch(r"historic cards?", p):
        return V.FilterPlus(historic=True)  # 700.6: an artifact, a legendary card or a Saga
    try:
        flt = parse_filter(p, allow_card=True)
    except Unsupported:
        pass
    else:
        if re.fullmatch(r"[a-z'-]+ creature cards?", p) and flt.subtypes and not flt.types and type(flt) is V.ObjectFilter:
            # "Human creature card": a creature card (a Kindred card has creature types too, 308.3)
            flt = dataclasses.replace(flt, types=frozenset({"Creature"}))
        return flt
    # "Elf, Warrior, or Tyvar card", "Human or artifact card": any of the listed qualities
    m = re.fullmatch(r"(.+?) (cards?)", p)
    if not m or " with " in p or "permanent" in phrase:
        raise Unsupported(phrase)
    parts = [x.strip() for x in re.split(r", or |, | or ", m.group(1)) if x.strip()]
    if len(parts) < 2:
        raise Unsupported(phrase)
    return AnyOfFilter(options=tuple(parse_filter(f"{x} card", allow_card=True) for x in parts))


@template(rf"put (up to )?(one|two|three|four|five|any number) (?:of them |of those cards |of those )?{_TO},? and "
          rf"(?:{_REST} {_REST_TO}|(exile) the rest)")
def _dig_and_rest(m, targets):
    """"Put one of them into your hand and the other on the bottom of your library", "put up to one of them
    on top of your library and the rest on the bottom of your library in a random order" (Thassa's Oracle)."""
    to, tapped = _dest(m.group(3))
    upto = bool(m.group(1)) or m.group(2) == "any number"
    n = 99 if m.group(2) == "any number" else _int(m.group(2))
    if to == "top" and n != 1:
        raise Unsupported(m.string)  # several cards on top: their order is not modelled here
    rest = "exile" if m.group(5) else _rest_dest(m.group(4))  # "and exile the rest" (Plunge into Darkness)
    return [V.DigPut(n, upto=upto, to=to, tapped=tapped), V.PutRest(rest)]


@template(rf"(you may )?(reveal|put) {_QTY} (.+?) (from among them|from among those cards|from among the revealed "
          rf"cards|revealed this way|from among the cards milled this way)(?: and put (?:it|them|that card|those cards|the revealed cards))? {_TO}"
          rf"(?:,? and {_REST} {_REST_TO})?")
def _dig_quality(m, targets):
    """"You may reveal a creature card from among them and put it into your hand", "put all Elf cards
    revealed this way into your hand and the rest on the bottom of your library in any order"."""
    may, verb, qty, what = m.group(1), m.group(2), m.group(3), m.group(4)
    if (verb == "reveal") != (" and put " in m.string):
        raise Unsupported(m.string)
    both = re.fullmatch(r"(.+? card) and/or (?:a|an) (.+? card)", what)
    if both and may and qty in ("a", "an") and not m.group(7):
        # "you may put a creature card and/or a land card from among them into your hand": up to one card of
        # each quality (a card of both may be the one of either; the second is chosen among the others)
        to, tapped = _dest(m.group(6))
        return [V.DigPut(1, upto=True, filter=card_filter(x), reveal=verb == "reveal", to=to, tapped=tapped,
                         milled=m.group(5) == "from among the cards milled this way") for x in both.groups()]
    n, upto, every = _count(qty)
    several = re.fullmatch(r"(\w+(?:, \w+)*),? and/or (\w+) cards", what)
    if several and (upto or every):
        # "up to two instant and/or sorcery cards", "any number of creature and/or land cards": each card
        # chosen has one of the qualities (a single card of each is the "a ... card and/or a ... card" above)
        what = f"{several.group(1)}, or {several.group(2)} cards" if "," in several.group(1) \
            else f"{several.group(1)} or {several.group(2)} cards"
    elif "and/or" in what:
        raise Unsupported(m.string)
    if may:
        if every:
            raise Unsupported(m.string)
        upto = True
    milled = m.group(5) == "from among the cards milled this way"
    attacking = m.group(6).endswith(" and attacking")  # 508.4 (Winota, Joiner of Forces)
    to, tapped = _dest(m.group(6).removesuffix(" and attacking"))
    if to == "top" or milled and to == "graveyard":
        raise Unsupported(m.string)
    if qty in ("a", "an") and re.search(r"\bcards\b", what) or qty not in ("a", "an", "one") and not re.search(
            r"\bcards\b", what):
        raise Unsupported(m.string)
    out: list[V.Effect] = [V.DigPut(n, upto=upto, filter=card_filter(what), reveal=verb == "reveal", to=to,
                                    tapped=tapped, every=every, milled=milled, attacking=attacking)]
    if m.group(7):
        if milled:
            raise Unsupported(m.string)
        out.append(V.PutRest(_rest_dest(m.group(7))))
    return out


@template(rf"reveal up to one (.+? card) from among them, then put that card on top of your library and {_REST} {_REST_TO}")
def _reveal_one_to_top(m, targets):
    """"Reveal up to one basic land card from among them, then put that card on top of your library and the rest
    on the bottom in any order" (Fertile Thicket, Planar Atlas; 701.16a, 401.4): the card revealed stays on top,
    the others are the rest."""
    return [V.DigPut(1, upto=True, filter=card_filter(m.group(1)), reveal=True, to="top"),
            V.PutRest(_rest_dest(m.group(2)))]


_ONE_TO = (r"(?:put one of them (into your hand|into your graveyard|on top of your library|on the bottom of your "
           r"library)|exile one of them)")


@template(rf"{_ONE_TO}, {_ONE_TO},? and {_ONE_TO}")
def _one_each(m, targets):
    """"Put one of them into your hand, put one of them on the bottom of your library, and exile one of them"
    (Expressive Iteration): one card of those looked at to each place, chosen in the order written (the last
    one is the card left)."""
    places = []
    for i in range(3):
        where = m.group(i + 1)
        places.append("exile" if where is None else "bottom" if where.startswith("on the bottom") else _dest(where)[0])
    if len(set(places)) != 3:
        raise Unsupported(m.string)
    return [V.DigPut(1, to=to) for to in places]


@template(r"you may play the exiled card this turn")
def _may_play_exiled(m, targets):
    """601.3, 305.1: the card the dig just before exiled (`_after_look` checks it follows one)."""
    return [MayPlayExiledCard()]


@template(rf"(?:then )?put {_REST} (?:back )?{_REST_TO}")
def _put_rest(m, targets):
    """"Put the rest on the bottom of your library in a random order" (401.4)."""
    return [V.PutRest(_rest_dest(m.group(1)))]


@template(r"you may put (?:one|a card) of (?:them|those cards) back on top of your library")
def _may_keep_on_top(m, targets):
    """"You may put one of those cards back on top of your library. Put the rest into your graveyard.": the card
    chosen stays on top of the library (it is no longer among the rest)."""
    return [V.DigPut(1, upto=True, to="top")]


@template(r"(look at|reveal) the top x cards of your library, where x is your devotion to (white|blue|black|red|green)")
def _look_devotion(m, targets):
    """700.5: counted as the ability resolves (608.2h)."""
    return [V.LookAtTop(Devotion(frozenset({COLOR_WORDS[m.group(2)]})), reveal=m.group(1) == "reveal")]  # type: ignore[arg-type]


@template(r"(?:then )?if your library has no cards in it, you win the game")
def _win_if_library_empty(m, targets):
    """104.2b: "Draw seven cards. Then if your library has no cards in it, you win the game" (Jace, Wielder of
    Mysteries; Doctor Doom, Unrivaled): checked once the effects before it are done (608.2c)."""
    return [WinIfLibraryAtMost(0)]


@template(r"if x is greater than or equal to the number of cards in your library, you win the game")
def _win_if_x(m, targets):
    """104.2b; X is the one a sentence before defined (`_after_look` folds it in)."""
    return [WinIfLibraryAtMost("X")]


@template(r"if you (?:don't|do not|didn't put a card into your hand this way), (.+)")
def _if_you_dont(m, targets):
    """608.2c: after "you may put a ... card from among them into your hand" (`_after_look` checks it follows one)."""
    return [IfYouDont(tuple(sub_effects(m.group(1), targets)))]


def _after_look(effects: list, targets: list) -> None:
    """"Them", "the rest": the cards a "look at the top N cards" sentence before looked at."""
    looked: V.LookAtTop | None = None
    for i, e in enumerate(effects):
        if isinstance(e, V.Optional) and e.who is None and e.effects and isinstance(e.effects[-1], V.LookAtTop) \
                and i + 1 < len(effects) and isinstance(effects[i + 1], V.IfYouDo) and effects[i + 1].effects \
                and all(isinstance(x, (V.DigPut, V.PutRest)) for x in effects[i + 1].effects):
            # "You may look at the top five cards of your library. If you do, reveal up to one ... from among them":
            # what is done if you do is part of the optional look (the cards looked at are its own, 608.2c)
            inner = [*e.effects, *effects[i + 1].effects]
            _after_look(inner, targets)
            effects[i:i + 2] = [dataclasses.replace(e, effects=tuple(inner))]
            return _after_look(effects, targets)
        if isinstance(e, V.IfYouDo) and e.effects and (any(isinstance(x, V.LookAtTop) for x in e.effects)
                                                     or isinstance(e.effects[-1], V.Mill)):
            # "If you do, look at the top two cards of your library. You may reveal ... Put the rest ...": the
            # sentences about the cards looked at are part of what is done only if you do
            j = i + 1
            while j < len(effects) and isinstance(effects[j], (V.DigPut, V.PutRest, IfYouDont)):
                j += 1
            if j > i + 1:
                inner = [*e.effects, *effects[i + 1:j]]
                _after_look(inner, targets)
                effects[i:j] = [V.IfYouDo(tuple(inner))]
                return _after_look(effects, targets)
        if isinstance(e, V.DigPut) and not e.milled and looked is None and i and isinstance(effects[i - 1], V.Mill):
            effects[i] = e = dataclasses.replace(e, milled=True)  # "mill four cards. You may put ... from among them"
        if isinstance(e, V.DigPut) and e.milled:
            # "mill three cards. You may put ... from among the cards milled this way ... [If you don't, ...]"
            prev = effects[i - 1] if i else None
            if not (isinstance(prev, V.Mill) and prev.who == V.YOU):
                raise Unsupported("the cards milled this way")
            follow = effects[i + 1:i + 2] if i + 1 < len(effects) and isinstance(effects[i + 1], IfYouDont) else []
            effects[i - 1:i + 1 + len(follow)] = [MillThenDig(prev.amount, (e, *follow))]
            return _after_look(effects, targets)
        if isinstance(e, IfYouDont) and i and isinstance(effects[i - 1], V.Optional) and effects[i - 1].who is None \
                and not any(isinstance(x, V.LookAtTop) for x in effects[i - 1].effects):
            # 608.2c: "you may remove a +1/+1 counter from CARDNAME. If you don't, sacrifice CARDNAME ..." (Magmasaur):
            # done only if the controller chose not to
            effects[i] = V.IfYouDo(e.effects, negate=True)
            return _after_look(effects, targets)
        if isinstance(e, IfYouDont):
            # right after the dig into the hand, or after the rest of its cards were put away
            j = i - 2 if i >= 2 and isinstance(effects[i - 1], V.PutRest) else i - 1
            prev = effects[j] if j >= 0 else None
            if not (isinstance(prev, V.DigPut) and prev.upto and prev.to == "hand" and not prev.every):
                raise Unsupported("if you don't")
        if isinstance(e, MayPlayExiledCard):
            prev = effects[i - 1] if i else None
            if not (isinstance(prev, V.DigPut) and prev.to == "exile" and prev.count == 1 and not prev.upto
                    and looked is not None):
                raise Unsupported("you may play the exiled card this turn")
        if isinstance(e, V.LookAtTop):
            looked = e
        elif isinstance(e, (V.DigPut, V.PutRest)) and looked is None \
                and any(not isinstance(x, (V.DigPut, V.PutRest, IfYouDont)) for x in effects[:i]):
            # (none but these before it: a sentence compiled on its own, the look being the sentence before)
            raise Unsupported("the cards looked at")
        elif isinstance(e, WinIfLibraryAtMost) and e.amount == "X":
            # "if X is ...": the X of "look at the top X cards ..., where X is ..." before it
            if looked is None or not isinstance(looked.amount, Devotion):
                raise Unsupported("if x is greater than or equal to the number of cards in your library")
            effects[i] = WinIfLibraryAtMost(looked.amount)


EFFECTS_CHECKS.append(_after_look)


def _milled_counts(effects: list, targets: list) -> None:
    """"Mill X cards. Target player loses 2 life for each creature card put into your graveyard this way"
    (Liliana's Indignation): the sentence counting the cards milled joins the mill right before it (MillThenDig:
    the cards milled, 608.2h)."""
    for i, e in enumerate(effects):
        if isinstance(getattr(e, "amount", None), MilledCount):
            prev = effects[i - 1] if i else None
            if not (isinstance(prev, V.Mill) and prev.who == V.YOU):
                raise Unsupported("the cards milled this way")
            effects[i - 1:i + 1] = [MillThenDig(prev.amount, (e,))]
            return _milled_counts(effects, targets)
    return None


EFFECTS_CHECKS.append(_milled_counts)


def _it_after_put_onto_battlefield(effects: list, targets: list) -> None:
    """608.2c: after "You may put a Human creature card from among them onto the battlefield tapped and attacking",
    "It gains indestructible until end of turn" is that card (V.ENTERED), not the trigger's object; an "it"
    deeper inside an effect there is refused."""
    put = False
    for i, e in enumerate(effects):
        if isinstance(e, V.DigPut):
            put = e.to == "battlefield" and e.count == 1 and not e.every
            continue
        if not put or not V.mentions(e, V.IT):
            continue
        swaps = {f: V.ENTERED for f in e.__dataclass_fields__ if getattr(e, f) == V.IT}
        effects[i] = dataclasses.replace(e, **swaps) if swaps else e
        if V.mentions(effects[i], V.IT):
            raise Unsupported("it")


EFFECTS_CHECKS.append(_it_after_put_onto_battlefield)


def _first(fn) -> None:
    """Before the general "you may ..." template (608.2d), which would ask yes or no and then for exactly
    one card: here "you may put a land card from among them" is one choice of up to one card."""
    entry = next(e for e in SENTENCE_TEMPLATES if e[1].__qualname__ == fn.__qualname__
                 and e[1].__module__ == fn.__module__)
    SENTENCE_TEMPLATES.remove(entry)
    first_template(SENTENCE_TEMPLATES, (entry[0].compiled(), entry[1]))


_first(_dig_quality)
_first(_may_keep_on_top)


# "If you don't, sacrifice CARDNAME and it deals damage ..." (Magmasaur): the whole clause is done only if you don't,
# so the sentence is read before the compound "... and ..." template splits it.
_first(_if_you_dont)
