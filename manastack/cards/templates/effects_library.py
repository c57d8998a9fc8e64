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
  mana value." (Dark Confidant, Pain Seer; rules/reveal_top.py)
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab import library_effects
from ...model.vocab.library_matching import SearchSameTotal
from ...model.vocab.referred_objects import ControllerOf
from ...model.vocab.reveal_top import LoseLifeRevealedValue, RevealTopToHand
from ...model.vocab.vehicles_facedown import AnyOfFilter
from ..compiler import EFFECTS_CHECKS, Unsupported
from .effects_common import N, amount, number, parse_filter, target, template
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
    return [library_effects.SearchPlayerLibraryToGraveyard(who, library_effects.WithFlashbackFilter(), _COUNTS[m.group(2)])]


_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclasses.dataclass(frozen=True, slots=True)
class _ThePlayerShuffles(V.Effect):
    """"Then the player shuffles." after a search of a target player's library: part of that effect (701.20a)."""


@template(r"then (?:the|that) player shuffles")
def _the_player_shuffles(m, targets):
    return [_ThePlayerShuffles()]


def _fold_player_shuffles(effects: list, targets: list) -> None:
    """The shuffle sentence belongs to the search of that player's library just before it (which shuffles); each
    needs the other."""
    out: list = []
    for e in effects:
        if isinstance(e, _ThePlayerShuffles):
            if not (out and isinstance(out[-1], library_effects.SearchPlayerLibraryToGraveyard)):
                raise Unsupported("then the player shuffles")
            out[-1] = (out[-1], "shuffled")
            continue
        if out and isinstance(out[-1], library_effects.SearchPlayerLibraryToGraveyard):
            raise Unsupported("search target player's library: no shuffle")
        out.append(e)
    if out and isinstance(out[-1], library_effects.SearchPlayerLibraryToGraveyard):
        raise Unsupported("search target player's library: no shuffle")
    effects[:] = [x[0] if isinstance(x, tuple) else x for x in out]


EFFECTS_CHECKS.append(_fold_player_shuffles)
