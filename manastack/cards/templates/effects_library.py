"""Library sentences (401.4, 701.19, 701.20, 608.2n); executed by rules/library_effects.py.

- "Look at the top N cards of your library, then put them back in any order", "look at the top card
  of target player's library" (401.4).
- "Put target creature on top of its owner's library", "... into its owner's library third from the top",
  "put target card from your graveyard on top of your library" (401.4), "shuffle CARDNAME into its owner's library" (608.2n).
- 701.19 / 701.20: "search your library for a card, then shuffle and put that card on top", "search
  your library for ... named CARDNAME", "shuffle your library", "you may shuffle" (Ponder).
- 701.19a: "search your library for a creature card with the same total power and toughness, put it onto
  the battlefield, then shuffle" (Wild Pair: the creature the trigger's event refers to;
  rules/library_matching.py).
- 701.19a / 608.2d: "Its controller may search their library for a basic land card, put it onto the battlefield
  [tapped], then shuffle" (Path to Exile, Assassin's Trophy, Ghost Quarter): the controller of the object
  the sentence before acted on (as it last existed, 608.2h) chooses, searches and gets the land.
- 608.2c: "... put it onto the battlefield tapped, then shuffle. Then if you control four or more lands, untap
  that land." (Fabled Passage: the land found, untapped after the shuffle when the count holds).
- 701.19a: "search your library for an instant card or a card with flash, reveal it, put it into your hand, then
  shuffle" (Mystical Teachings: either quality).
- 701.16a: "reveal the top card of your library and put that card into your hand. You lose life equal to its
  mana value." (Dark Confidant, Pain Seer; rules/reveal_top.py); "reveal cards from the top of your library until you
  reveal a basic land card. Put that card into your hand and all other cards revealed this way into your graveyard."
  (Hermit Druid; RevealUntil, rules/reveal_top.py).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab import library_effects
from ...model.vocab.library_matching import SearchSameTotal
from ...model.vocab.referred_objects import ControllerOf, ObjectStat
from ...model.vocab.reveal_top import LoseLifeRevealedValue, RevealTopToHand, RevealUntil
from ...model.vocab.vehicles_facedown import AnyOfFilter
from ..compiler import CARD_CHECKS, EFFECTS_CHECKS, Unsupported
from ..draft import CardDraft
from .conditions import HISTORY_RX, parse_history
from .effects_common import (
    COMPILE_MARKERS,
    N,
    amount,
    fold_pair,
    nested_instance,
    number,
    parse_filter,
    target,
    template,
)
from .effects_digs import card_filter


@template(rf"look at the top {N} cards of your library,? then put them back in any order")
def _reorder_top(m, targets):
    """401.4."""
    return [library_effects.ReorderTop(amount(m.group(1)))]


@template(r"put (target .+?|cardname|it|that creature) on (top|the bottom) of its owner's library")
def _on_library(m, targets):
    """401.4: a permanent put on top of (or under) its owner's library."""
    if m.group(1) == "cardname":
        return [library_effects.PutSelfInLibrary(bottom=m.group(2) != "top")]
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [V.PutInLibrary(who, bottom=m.group(2) != "top")]


@template(r"put (target .+?) into its owner's library (second|third|fourth|fifth) from the top")
def _into_library_nth(m, targets):
    """401.4: "Put target nonland permanent into its owner's library third from the top" (Teferi, Hero of
    Dominaria; "second from the top", Chronostutter): the cards above it stay above it."""
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    index = {"second": 1, "third": 2, "fourth": 3, "fifth": 4}[m.group(2)]
    return [V.PutInLibrary(who, bottom=False, index=index)]


@template(r"put (target card from a graveyard|target .+? card from a graveyard) on your choice of the top or bottom of "
          r"its owner's library")
def _card_on_top_or_bottom(m, targets):
    """401.4: "Put target card from a graveyard on your choice of the top or bottom of its owner's library"."""
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "graveyard_card":
        raise Unsupported(m.string)
    return [library_effects.PutInLibraryTopOrBottom(who)]


@template(r"(target .+?)'s owner puts it on (?:their|his or her) choice of the top or bottom of (?:their|his or her) "
          r"library")
def _owner_top_or_bottom(m, targets):
    """401.4: "Target creature's owner puts it on their choice of the top or bottom of their library" (the owner
    answers top or bottom as it resolves)."""
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [library_effects.PutInLibraryTopOrBottom(who, owner_chooses=True)]


@template(r"put (target .+? from your graveyard) on (top|the bottom) of your library")
def _card_on_library(m, targets):
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "graveyard_card":
        raise Unsupported(m.string)
    return [V.PutInLibrary(who, bottom=m.group(2) != "top")]


@template(r"search your library for (a|an) (?:(.+?) )?card,(?: reveal it,)? then shuffle and put (?:that|the) card on top")
def _search_to_top(m, targets):
    """701.19a: the card found is put on top after the shuffle (Vampiric Tutor: "a card")."""
    flt = parse_filter(m.group(2) + " card", allow_card=True) if m.group(2) else V.ObjectFilter()
    return [library_effects.SearchToTop(flt)]


@dataclass(frozen=True, slots=True)
class _SearchAndReveal(V.Effect):
    """Compile-time marker: "Search your library for a creature card with deathtouch ... and reveal it", folded
    with the next sentence "Shuffle and put that card on top" by _fold_search_then_top."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class _ShuffleThatOnTop(V.Effect):
    """Compile-time marker: "Shuffle and put that card on top" (after _SearchAndReveal)."""


@template(r"search your library for (?:a|an) ((?:[a-z]+ )*?card(?: with [a-z, ]+)?) and reveal it")
def _search_and_reveal(m, targets):
    return [_SearchAndReveal(parse_filter(m.group(1), allow_card=True))]


@template(r"shuffle and put that card on top")
def _shuffle_that_on_top(m, targets):
    return [_ShuffleThatOnTop()]


def _fold_search_then_top(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the two sentences of Mwonvuli Beast Tracker, in this order, are the one search
    of "search your library for a creature card, reveal it, then shuffle and put the card on top" (701.19a)."""
    if nested_instance(effects, (_SearchAndReveal, _ShuffleThatOnTop)):
        raise Unsupported("search your library ... and reveal it: inside another effect")  # a fold can't reach it
    fold_pair(effects, _SearchAndReveal, _ShuffleThatOnTop, lambda found, _: library_effects.SearchToTop(found.filter),
              "search your library for a card and reveal it. shuffle and put that card on top")


EFFECTS_CHECKS.append(_fold_search_then_top)
COMPILE_MARKERS.extend((_SearchAndReveal, _ShuffleThatOnTop))


@template(r"shuffle cardname into its owner's library")
def _shuffle_self(m, targets):
    """701.20a: the Sun's Zeniths."""
    return [library_effects.ShuffleSelfIntoLibrary()]


@template(r"look at the top card of (target player's|target opponent's|each player's) library")
def _look_at_top_of(m, targets):
    who = {"target player's": "target player", "target opponent's": "target opponent",
           "each player's": "each player"}[m.group(1)]
    return [library_effects.LookAtTopOf(target(who, targets))]


@template(r"(target player|target opponent) reveals the top card of their library")
def _reveal_top_of(m, targets):
    """701.16a (Aven Windreader)."""
    return [library_effects.RevealTopOf(target(m.group(1), targets))]


def _reveal_top_of_last(effects: list, targets: list) -> None:
    """Nothing after the reveal is modelled as referring to the revealed card (Cerebral Eruption's "the
    revealed card"): the reveal is accepted only as the last effect."""
    for i, e in enumerate(effects):
        if isinstance(e, library_effects.RevealTopOf) and i != len(effects) - 1:
            raise Unsupported("target player reveals the top card of their library")


EFFECTS_CHECKS.append(_reveal_top_of_last)


@template(r"search your library for (a card|up to (?:two|three|four) cards|any number of cards) named cardname, reveal "
          r"(?:it|them), put (?:it|them) into your hand, then shuffle")
def _search_same_name(m, targets):
    """701.19a: "search your library for a card named CARDNAME" (the source's own name)."""
    n = 1 if m.group(1) == "a card" else 99 if m.group(1).startswith("any") else int(amount(m.group(1).split()[2]))
    return [library_effects.SearchSameName(n)]


@template(r"shuffle your library")
def _shuffle_library(m, targets):
    """701.20a."""
    return [library_effects.ShuffleLibrary()]


@template(r"you may shuffle")
def _may_shuffle(m, targets):
    """701.20a / 608.2d: "you may shuffle" after looking at the top cards of your library (Ponder): the
    library is yours, the one the sentence before looked at. Only as a sentence of its own: after a
    search of another player's library "then shuffle" would be theirs."""
    return [V.Optional((library_effects.ShuffleLibrary(),), prompt="shuffle your library")]


@template(r"search your library for (?:a|an) (.+?) card with the same total power and toughness, "
          r"put (?:it|that card) (onto the battlefield|into your hand), then shuffle")
def _search_same_total(m, targets):
    """701.19a / 208.1: the total of the creature the trigger's event refers to (Wild Pair)."""
    return [SearchSameTotal(parse_filter(m.group(1), allow_card=True),
                            "battlefield" if m.group(2) == "onto the battlefield" else "hand")]


@template(r"reveal the top card of your library and put (?:that card|it) into your hand")
def _reveal_top_to_hand(m, targets):
    """701.16a: the revealed card is "its" / "that card" of the next sentence."""
    return [RevealTopToHand()]


@template(r"you lose life equal to (?:its|that card's) (?:mana value|converted mana cost)")
def _lose_life_revealed(m, targets):
    """119.3 / 202.3: the card revealed by the sentence before (checked by `_revealed_before`)."""
    return [LoseLifeRevealedValue()]


def _revealed_before(effects: list, targets: list) -> None:
    """"its mana value" refers to the card revealed just before: nothing else is "it" here."""
    for i, e in enumerate(effects):
        if isinstance(e, LoseLifeRevealedValue) and (i == 0 or not isinstance(effects[i - 1], RevealTopToHand)):
            raise Unsupported("you lose life equal to its mana value")


EFFECTS_CHECKS.append(_revealed_before)


@dataclasses.dataclass(frozen=True, slots=True)
class _UntapFoundIf:
    """"Then if you control N or more lands, untap that land": folded into the search before it."""

    lands: int


@template(r"then if you control (\w+) or more lands, untap that land")
def _then_untap_found(m, targets):
    n = number(m.group(1))
    if not isinstance(n, int) or n <= 0:
        raise Unsupported(m.string)
    return [_UntapFoundIf(n)]


def _fold_untap_found(effects: list, targets: list) -> None:
    """"That land" is the one land the search just before put onto the battlefield tapped."""
    for i, e in enumerate(effects):
        if isinstance(e, _UntapFoundIf):
            prev = effects[i - 1] if i else None
            if not (isinstance(prev, V.SearchLibrary) and prev.to == "battlefield" and prev.tapped
                    and prev.amount == 1 and "Land" in prev.filter.types):
                raise Unsupported("untap that land")
            effects[i - 1:i + 1] = [dataclasses.replace(prev, untap_if_lands=e.lands)]
            return _fold_untap_found(effects, targets)
    return None


EFFECTS_CHECKS.append(_fold_untap_found)


@template(r"its controller may search their library for (?:a|an) (basic land|land|basic [a-z]+) card, put (?:it|that card) "
          r"(onto the battlefield|onto the battlefield tapped|into their hand), then shuffle")
def _controller_may_search(m, targets):
    """701.19a: "its controller" is the controller of the permanent targeted before (Path to Exile's creature)."""
    ref = target("it", targets)
    if not isinstance(ref, V.Ref):
        raise Unsupported(m.string)
    who = ControllerOf(ref)
    dest = m.group(2)
    search = V.SearchLibrary(parse_filter(m.group(1) + " card", allow_card=True),
                             "hand" if dest == "into their hand" else "battlefield", tapped=dest.endswith("tapped"), who=who)
    return [V.Optional((search,), prompt=f"search your library for a {m.group(1)} card", who=who)]


@template(r"search your library for ((?:a|an) .+? or (?:a|an) .+?), (?:reveal (?:it|that card), )?put (?:it|that card) "
          r"(onto the battlefield|onto the battlefield tapped|into your hand), then shuffle")
def _search_either(m, targets):
    """701.19a: "search your library for an instant card or a card with flash" (Mystical Teachings): a card with
    either quality."""
    parts = re.split(r" or (?:a|an) ", re.sub(r"^(?:a|an) ", "", m.group(1)))
    if len(parts) != 2 or not all(re.search(r"\bcard\b", x) for x in parts):
        raise Unsupported(m.string)
    flt = AnyOfFilter(options=tuple(card_filter(x) for x in parts))
    dest = m.group(2)
    return [V.SearchLibrary(flt, "hand" if dest == "into your hand" else "battlefield", tapped=dest.endswith("tapped"))]


@template(r"search (target player's|target opponent's) library for up to (one|two|three|four|five) cards with flashback and put "
          r"them into that player's graveyard")
def _search_to_graveyard(m, targets):
    """701.19a: searched by the controller (the shuffle is the sentence after it, `_fold_player_shuffles`)."""
    who = target(m.group(1)[:-2], targets)
    return [library_effects.SearchPlayerLibrary(who, library_effects.WithFlashbackFilter(), _COUNTS[m.group(2)])]


_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


@template(r"search (target player's|target opponent's) library for (an? (?:.+?) card|up to (?:one|two|three|four|five|six|"
          r"seven) (?:.+? )?cards) and (put (?:that card|it|them|those cards) onto the battlefield under your control|"
          r"exile (?:it|them))")
def _search_player_library(m, targets):
    """701.19a: "Search target opponent's library for an artifact card and put that card onto the battlefield under
    your control" (Acquire, Bribery), "... for up to seven cards and exile them" (Denying Wind): searched by the
    controller, who may fail to find cards of a stated quality (701.19b); a number of any cards must be found if
    they are there, so "a card" without a quality stays refused (the shuffle is the next sentence)."""
    what = m.group(2)
    one = re.fullmatch(r"an? (.+?) card", what)
    if one:
        n, kind = 1, one.group(1)
    else:
        upto = re.fullmatch(r"up to (\w+) (?:(.+?) )?cards", what)
        assert upto is not None
        n, kind = _COUNTS[upto.group(1)], upto.group(2) or ""
    if one and m.group(3).endswith("them") or not one and m.group(3).endswith(("that card", "it")):
        raise Unsupported(m.string)
    flt = parse_filter(kind, allow_card=True) if kind else V.ObjectFilter()
    who = target(m.group(1)[:-2], targets)
    return [library_effects.SearchPlayerLibrary(who, flt, n, "exile" if m.group(3).startswith("exile") else "battlefield")]


@dataclasses.dataclass(frozen=True, slots=True)
class _ThePlayerShuffles(V.Effect):
    """"Then the player shuffles." after a search of a target player's library: part of that effect (701.20a)."""


@template(r"then (?:the|that) player shuffles")
def _the_player_shuffles(m, targets):
    return [_ThePlayerShuffles()]


@template(r"search (its controller's|its owner's) graveyard, hand, and library for (all|any number of) cards with the "
          r"same name as (?:that|the exiled) (spell|creature|land|artifact|enchantment|card|permanent) and exile them")
def _exile_same_name_everywhere(m, targets):
    """701.19b: "Counter target spell. Search its controller's graveyard, hand, and library for all cards with the
    same name as that spell and exile them" (Counterbore, Quash; Scour, Splinter: "exile target ..."): "its" and
    "that spell" are the one target of the sentence before (the shuffle is the sentence after it,
    `_fold_player_shuffles`)."""
    if len(targets) != 1:
        raise Unsupported(m.string)
    return [library_effects.ExileSameNameEverywhere(V.Ref(0), "controller" if "controller" in m.group(1) else "owner",
                                                    any_number=m.group(2) != "all")]


_SEARCH_THEN_SHUFFLE = (library_effects.SearchPlayerLibrary, library_effects.ExileSameNameEverywhere)


def _fold_player_shuffles(effects: list, targets: list) -> None:
    """The shuffle sentence belongs to the search of that player's library just before it (which shuffles); each
    needs the other."""
    out: list = []
    for e in effects:
        if isinstance(e, _ThePlayerShuffles):
            if not (out and isinstance(out[-1], _SEARCH_THEN_SHUFFLE)):
                raise Unsupported("then the player shuffles")
            out[-1] = (out[-1], "shuffled")
            continue
        if out and isinstance(out[-1], _SEARCH_THEN_SHUFFLE):
            raise Unsupported("search target player's library: no shuffle")
        out.append(e)
    if out and isinstance(out[-1], _SEARCH_THEN_SHUFFLE):
        raise Unsupported("search target player's library: no shuffle")
    effects[:] = [x[0] if isinstance(x, tuple) else x for x in out]


EFFECTS_CHECKS.append(_fold_player_shuffles)


@dataclasses.dataclass(frozen=True, slots=True)
class _BattlefieldInstead(V.Effect):
    """Compile-time marker: "You may put that card onto the battlefield instead of putting it into your hand if
    [history]" (folded into the search just before it by _fold_battlefield_instead)."""

    condition: object


@template(rf"you may put that card onto the battlefield instead of putting it into your hand if ({HISTORY_RX})")
def _battlefield_instead(m, targets):
    """608.2d / 701.19a: Caravan Vigil's morbid: the card found may go onto the battlefield instead, if a creature
    died this turn as it is found (rules/library_effects.py, the "battlefield_instead" decision)."""
    return [_BattlefieldInstead(parse_history(m.group(1)))]


def _fold_battlefield_instead(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the marker qualifies the search for one card into the hand written just before it
    (in a paragraph of its own, the spell's paragraph before: _fold_spell_battlefield_instead)."""
    for i, e in enumerate(effects):
        if isinstance(e, _BattlefieldInstead):
            if i == 0:
                continue
            before = effects[i - 1]
            if type(before) is not V.SearchLibrary or before.to != "hand" or before.amount != 1 \
                    or before.battlefield_instead_if is not None:
                raise Unsupported("that card: no search for a card into your hand just before")
            effects[i - 1:i + 1] = [dataclasses.replace(before, battlefield_instead_if=e.condition)]
            return _fold_battlefield_instead(effects, targets)
    return None


EFFECTS_CHECKS.append(_fold_battlefield_instead)


def _fold_spell_battlefield_instead(out: CardDraft, unsupported: list) -> None:
    """A CARD_CHECKS hook: Caravan Vigil's second paragraph qualifies the search its first one ends with; a marker
    left anywhere else is refused."""
    try:
        _fold_battlefield_instead(out.spell_effects, [])
    except Unsupported as e:
        unsupported.append(str(e))
        return
    if any(isinstance(e, _BattlefieldInstead) for e in out.spell_effects) or any(
            isinstance(e, _BattlefieldInstead) for ab in out.abilities for e in getattr(ab, "effects", ())):
        unsupported.append("you may put that card onto the battlefield instead: no search for a card into your hand")


CARD_CHECKS.append(_fold_spell_battlefield_instead)


# "put one onto the battlefield tapped and the other into your hand" (Cultivate)
_ONE_TO = r"(onto the battlefield tapped|onto the battlefield|into your hand)"
_OTHER_TO = r"(into your hand|into your graveyard)"


def _split_search(what: str, to: str, other: str) -> V.SearchLibrary:
    flt = parse_filter(what, allow_card=True)
    return V.SearchLibrary(flt, "hand" if to == "into your hand" else "battlefield", tapped=to.endswith("tapped"),
                           amount=2, other_to="hand" if other == "into your hand" else "graveyard")


@template(rf"search your library for up to two (.+?) cards, reveal (?:those cards|them),? (?:and )?put one {_ONE_TO} and "
          rf"the (?:other|rest) {_OTHER_TO}(, then shuffle)?")
def _search_one_and_other(m, targets):
    """701.19a, 701.16a: "Search your library for up to two basic land cards, reveal those cards, put one onto the
    battlefield tapped and the other into your hand, then shuffle" (Cultivate, Kodama's Reach; Nissa's Pilgrimage
    with "Then shuffle." as the next sentence): the cards found, one of each destination (a lone card found goes
    where its searcher chooses)."""
    if m.group(2) == m.group(3):
        raise Unsupported(m.string)
    e = _split_search(m.group(1), m.group(2), m.group(3))
    return [e] if m.group(4) else [e, _AwaitsShuffle()]


@template(r"search your library for up to two (.+?) cards and reveal them")
def _search_and_reveal(m, targets):
    """"Search your library for up to two basic land cards and reveal them. Put one into your hand and the other into
    your graveyard. Then shuffle." (Fork in the Road, Jarad's Orders): the three sentences are one search."""
    return [_SearchRevealed(m.group(1))]


@template(r"then shuffle")
def _then_shuffle(m, targets):
    return [_ThenShuffle()]


@dataclasses.dataclass(frozen=True, slots=True)
class _SearchRevealed(V.Effect):
    """Compile-time marker: the search sentence of a three-sentence split search."""

    what: str


@dataclasses.dataclass(frozen=True, slots=True)
class _ThenShuffle(V.Effect):
    """Compile-time marker: "Then shuffle." after a search sentence (the search shuffles)."""


@dataclasses.dataclass(frozen=True, slots=True)
class _AwaitsShuffle(V.Effect):
    """Compile-time marker: a search whose "Then shuffle." is the next sentence."""


def _fold_split_search(effects: list, targets: list) -> None:
    """The sentences of a split search make one SearchLibrary; each marker needs its neighbours."""
    out: list = []
    i = 0
    while i < len(effects):
        e = effects[i]
        nxt = effects[i + 1:i + 4]
        if isinstance(e, _SearchRevealed) and len(nxt) == 3 and nxt[0] == V.DigPut(1, to="hand") \
                and nxt[1] == V.PutRest("graveyard") and isinstance(nxt[2], _ThenShuffle):
            # "Put one into your hand and the other into your graveyard." read as a dig (templates/effects_digs.py)
            out.append(_split_search(e.what, "into your hand", "into your graveyard"))
            i += 4
            continue
        if isinstance(e, V.SearchLibrary) and len(nxt) >= 2 and isinstance(nxt[0], _AwaitsShuffle) \
                and isinstance(nxt[1], _ThenShuffle):
            out.append(e)
            i += 3
            continue
        if isinstance(e, (_SearchRevealed, _ThenShuffle, _AwaitsShuffle)):
            raise Unsupported("a search's sentences apart")
        out.append(e)
        i += 1
    effects[:] = out


EFFECTS_CHECKS.append(_fold_split_search)


# --- 701.16a: revealing until a card of a quality -----------------------------------------------------------------

@template(r"reveal cards from the top of your library until you reveal an? (.+? card)( with greater mana value)?")
def _reveal_until(m, targets):
    """Where the card found and the others go is the next sentence (`_fold_reveal_until`). "... with greater mana
    value" (than the permanent the ability targeted, by last known information: Lukka, Coppercoat Outcast's exiled
    creature)."""
    above = None
    if m.group(2):
        perms = [i for i, t in enumerate(targets) if t.kind == "permanent"]
        if len(perms) != 1:
            raise Unsupported(m.string)
        above = ObjectStat(V.Ref(perms[0]), "mana value")
    return [RevealUntil(card_filter(m.group(1)), above)]


@dataclasses.dataclass(frozen=True, slots=True)
class _PutRevealed(V.Effect):
    """"Put that card into your hand and all other cards revealed this way into your graveyard": the destinations
    of the RevealUntil just before."""

    to: str
    tapped: bool
    attacking: bool
    rest: str


@template(r"put that card (into your hand|onto the battlefield( tapped( and attacking)?)?) and (?:put )?"
          r"(?:all other cards revealed this way|the rest) (into your graveyard|on the bottom of your library in a "
          r"random order)")
def _put_revealed(m, targets):
    return [_PutRevealed("hand" if m.group(1) == "into your hand" else "battlefield", bool(m.group(2)),
                         bool(m.group(3)), "graveyard" if m.group(4) == "into your graveyard" else "bottom_random")]


def _revealed_to(reveal: RevealUntil, put: _PutRevealed) -> RevealUntil:
    return dataclasses.replace(reveal, to=put.to, tapped=put.tapped, attacking=put.attacking, rest=put.rest)


def _fold_reveal_until(effects: list, targets: list) -> None:
    """RevealUntil and the sentence saying where its cards go are one effect; each needs the other. "You may reveal
    ... If you do, put that card ..." (Avenging Druid) is the optional RevealUntil; anywhere else either is refused."""
    out: list = []
    for e in effects:
        prev = out[-1] if out else None
        if isinstance(e, _PutRevealed):
            if not (isinstance(prev, RevealUntil) and not prev.to):
                raise Unsupported("put that card: no reveal just before")
            out[-1] = _revealed_to(prev, e)
            continue
        if isinstance(e, V.IfYouDo) and len(e.effects) == 1 and isinstance(e.effects[0], _PutRevealed) \
                and isinstance(prev, V.Optional) and len(prev.effects) == 1 and isinstance(prev.effects[0], RevealUntil):
            out[-1] = dataclasses.replace(prev, effects=(_revealed_to(prev.effects[0], e.effects[0]),))
            continue
        out.append(e)
    if _unfinished_reveal(out):
        raise Unsupported("reveal until: where the cards go is not said")
    effects[:] = out


def _unfinished_reveal(x: object) -> bool:
    """A RevealUntil without its destinations, or a _PutRevealed left over, anywhere in `x`."""
    if isinstance(x, _PutRevealed) or (isinstance(x, RevealUntil) and not x.to):
        return True
    if isinstance(x, (list, tuple)):
        return any(_unfinished_reveal(y) for y in x)
    return isinstance(x, V.Effect) and any(_unfinished_reveal(getattr(x, f.name)) for f in dataclasses.fields(x))


EFFECTS_CHECKS.append(_fold_reveal_until)
