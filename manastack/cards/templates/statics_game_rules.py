"""Statics that change the rules of the game for a player, and rules that only matter outside a
two-player game (402.2, 305.2, 502.3, 400.2, 602.2, 702.124, 903.3a); executed by
rules/game_rule_statics.py.

- 402.2 / 514.1 "You have no maximum hand size", "Your maximum hand size is two"; 614.10 "Skip your draw step"; 702.11c /
  702.18a "You have hexproof", "You have shroud", and the effects "You gain hexproof / shroud until end of turn / until
  your next turn" (611.2a); 305.2 "You may play an additional land on each of
  your turns", "You may play an additional land this turn"; 502.3 "Untap CARDNAME during each other
  player's untap step".
- 101.2: "Each opponent / each player can't draw more than one card each turn".
- 502.3: "[As long as CARDNAME is untapped, ]players can't untap more than two permanents / one land / one
  creature / one nonbasic land during their untap steps" (Static Orb, Winter Orb, Smoke), "You can't
  untap more than one land during your untap step".
- 614.1a / 104.2b: "If you would draw a card while your library has no cards in it, you win the game instead".
- 400.2: "You may look at the top card of your library any time" (400.2, 401.2: hidden information; nothing changes);
  "Play with the top card of your library revealed" (701.16a: likewise); 305.1 "You may play lands from the top of
  your library" (rules/cast_from_zones.py).
- "Any player may activate this ability" (602.2: the player who activates it controls it; only plain costs).
- Deck construction only: partner (702.124h-i), "choose a background" (702.124k), "doctor's
  companion" (702.124m), "CARDNAME can be your commander" (903.3a); 702.124j "Partner with [name]"
  (a triggered search).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.game_rule_statics import (  # noqa: F401 (the vocabulary this module executes)
    UNTAP_LIMIT,
    AnyPlayerMayActivate,
    ExtraLandThisTurn,
    GainPlayerUntargetability,
    PartnerSearch,
    UntapLimit,
)
from ...model.vocab.timing_permissions import UNTIL_YOUR_NEXT_TURN
from ..compiler import (
    CARD_CHECKS,
    Unsupported,
    keyword_template,
    paragraph_template,
    sentence_template,
)
from ..draft import CardDraft
from .effects_common import parse_filter
from .statics_counts import _NUM, _n

# --------------------------------------------------------------------------- rules of the game


@paragraph_template(r"you have no maximum hand size")
def _no_max_hand_size(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """402.2 / 514.1: no discard to a maximum hand size in the cleanup step."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "no_max_hand_size"))


@paragraph_template(r"players have no maximum hand size")
def _players_no_max_hand_size(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """402.2 / 514.1: every player's (rules/game_rule_statics.py)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "players_no_max_hand_size"))


@paragraph_template(r"your maximum hand size is (one|two|three|four|five|six|eight|nine|ten|eleven|twelve)")
def _max_hand_size(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """402.2 / 514.1: "Your maximum hand size is two" (Recycle): the cleanup step discards down to it."""
    if is_spell:
        raise Unsupported(para)
    n = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8, "nine": 9, "ten": 10,
         "eleven": 11, "twelve": 12}[m.group(1)]
    out.abilities.append(V.StaticAbility(para.strip(), "max_hand_size", amount=n))


@paragraph_template(r"skip your draw step")
def _skip_draw_step(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.10 / 504: "Skip your draw step" (Necropotence, Recycle): the step doesn't happen (rules/turn.py)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "skip_draw_step"))


@paragraph_template(r"(each opponent|each player) can't draw more than (one|two) cards? each turn")
def _draw_limit(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """101.2: "Each opponent can't draw more than one card each turn" (Narset, Parter of Veils; Spirit of the
    Labyrinth: "each player")."""
    if is_spell:
        raise Unsupported(para)
    kind = "draw_limit_opponents" if m.group(1) == "each opponent" else "draw_limit_players"
    out.abilities.append(V.StaticAbility(para.strip(), kind, amount=_n(m.group(2))))


_UNTAP_KINDS = {"permanent": frozenset(), "land": frozenset({"Land"}), "creature": frozenset({"Creature"}),
                "artifact": frozenset({"Artifact"}), "nonbasic land": frozenset({"Land"})}


@paragraph_template(r"(as long as cardname is untapped, )?(players|you|your opponents) can't untap more than "
                    rf"{_NUM} (permanent|land|creature|artifact|nonbasic land)s? during (?:their|your) untap steps?")
def _untap_limit(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """502.3: at most N of the player's permanents of a kind untap during their untap step (they choose)."""
    if is_spell:
        raise Unsupported(para)
    scope = {"players": "players", "you": "you", "your opponents": "opponents"}[m.group(2)]
    kind = m.group(4)
    flt = V.ObjectFilter(types=_UNTAP_KINDS[kind], nonbasic=kind == "nonbasic land")
    out.abilities.append(UntapLimit(para.strip(), UNTAP_LIMIT, flt, amount=_n(m.group(3)), scope=scope,
                                    while_untapped=bool(m.group(1))))


@paragraph_template(r"if you would draw a card while your library has no cards in it, you win the game instead")
def _empty_library_draw_wins(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a / 104.2b: "If you would draw a card while your library has no cards in it, you win the game
    instead" (Laboratory Maniac, Jace, Wielder of Mysteries): a replacement of that draw (121.3: it would
    have been a draw from an empty library) by winning the game (rules/game_rule_statics.py)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "empty_library_draw_wins"))


@paragraph_template(r"you have (hexproof|shroud)")
def _player_hexproof(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.11c "You have hexproof" / 702.18a "You have shroud" (Leyline of Sanctity, Spirit of the Hearth)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), f"player_{m.group(1)}"))


@sentence_template(r"you gain (hexproof|shroud) (until end of turn|until your next turn)")
def _gain_player_hexproof(m: re.Match, targets: list) -> list:
    """702.11c / 702.18a as an effect (Gilded Light, Blossoming Calm): the resolving spell or ability's
    controller has it for that long (611.2a)."""
    return [GainPlayerUntargetability(m.group(1), "eot" if m.group(2) == "until end of turn" else UNTIL_YOUR_NEXT_TURN)]


@paragraph_template(rf"you may play {_NUM} additional lands? on each of your turns")
def _extra_land(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """305.2: the number of lands you can play each turn is increased."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "extra_land_plays", amount=_n(m.group(1))))


# --------------------------------------------------------------------------- deck construction only


def _deck_construction(kind: str):
    def record(m: re.Match, out: CardDraft) -> None:
        """702.124a / 113.6n / 903.3a: partner abilities, "Choose a Background", "Doctor's companion"
        and "CARDNAME can be your commander" modify deck construction in the Commander variant and
        function before the game begins: they do nothing during a game (two-player, 100.2a decks)."""
        out.abilities.append(V.StaticAbility(m.group(0), kind))
    return record


# 702.124h partner; 702.124i "partner—friends forever" (2024-09) / "partner—[text]" (2026-02);
# 702.124k choose a background; 702.124m doctor's companion. "Partner with [name]" (702.124j) also
# has a triggered ability and isn't matched here.
keyword_template(r"partner(?:—(?:friends forever|character select|survivors|father & son))?")(
    _deck_construction("deck_partner"))
keyword_template(r"choose a background")(_deck_construction("deck_partner"))
keyword_template(r"doctor's companion")(_deck_construction("deck_partner"))


@paragraph_template(r"cardname can be your commander")
def _can_be_commander(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """903.3a / 113.6n: a deck-construction rule of the Commander variant; nothing in this game."""
    out.abilities.append(V.StaticAbility(para.strip(), "deck_commander"))


# --------------------------------------------------------------------------- "any player may activate"


@sentence_template(r"any player may activate this ability(?: but only (as a sorcery|any time you could cast a sorcery))?")
def _any_player(m: re.Match, targets: list) -> list:
    out: list = [AnyPlayerMayActivate()]
    if m.group(1):
        out.append(V.ActivationRestriction("sorcery"))  # 602.5d, for the player activating it (307.1)
    return out


def _check_any_player(out: CardDraft, unsupported: list) -> None:
    """Only plain costs (mana, life, sacrificing or tapping nothing else) for abilities any player
    may activate: the cost code chooses other objects among the source controller's."""
    for ab in out.abilities:
        effects = getattr(ab, "effects", ())
        if any(isinstance(e, AnyPlayerMayActivate) for e in effects):
            cost = ab.cost
            if not isinstance(ab, V.ActivatedAbility) or type(cost) is not V.Cost or cost.tap or cost.untap \
                    or cost.sacrifice is not None:
                unsupported.append(ab.text)


CARD_CHECKS.append(_check_any_player)


# --------------------------------------------------------------------------- protection qualities


@paragraph_template(r"you may look at the top card of your library (?:any time|at any time)")
def _look_at_top(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """A permission about hidden information (400.2: a library is a hidden zone; 401.2: no one
    may look at its cards unless a rule or effect allows it). It changes no game state and no legal action: the engine keeps no
    per-player view of hidden zones, so this static ability has nothing to do (recorded for the
    record). The card's other abilities that act on that card (playing it) are separate paragraphs."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "look_top_any_time"))


@paragraph_template(r"play with the top card of your library revealed")
def _top_card_revealed(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Play with the top card of your library revealed" (701.16a: every player may see it, while the ability
    applies). Like the permission above it changes what players know of a hidden zone (401.2), not the game
    state: the engine keeps no per-player view of hidden information, so it has nothing to do."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "top_card_revealed"))


@paragraph_template(r"(you may look at the top card of your library (?:any time|at any time), and )?"
                    r"you may play lands from the top of your library")
def _lands_from_library_top(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """305.1 / 401.2: "You may play lands from the top of your library" (Courser of Kruphix; a land play, with
    its timing: rules/cast_from_zones.py); "You may look at the top card of your library any time, and ..."
    (Radha, Heart of Keld: the look is the permission above)."""
    if is_spell:
        raise Unsupported(para)
    if m.group(1):
        out.abilities.append(V.StaticAbility(para.strip(), "look_top_any_time"))
    out.abilities.append(V.StaticAbility(para.strip(), "play_lands_from_library_top"))


# --------------------------------------------------------------------------- 702.124j partner with


def _partner_ability(name: str) -> V.TriggeredAbility:
    return V.TriggeredAbility(
        f"When this permanent enters, target player may search their library for a card named {name}, "
        f"reveal it, put it into their hand, then shuffle.", "etb", (PartnerSearch(V.Ref(0), name),),
        (V.TargetSpec("player", text="target player"),))


@paragraph_template(r"partner with ([a-z0-9 ,'\-]+)")
def _partner_with(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.124j: a deck-construction part (nothing in this game) and a triggered ability. The name
    (it may contain a comma, so the whole paragraph) is compared without regard to case: card
    names are unique that way."""
    name = m.group(1).strip()
    if is_spell or "cardname" in name:
        raise Unsupported(para)
    out.abilities.append(_partner_ability(name))


# --------------------------------------------------------------------------- more rules-modifying statics


@paragraph_template(r"untap cardname during each other player's untap step")
def _untap_during_others(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """502.3 (rules/game_rule_statics._untap_during_others)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "untap_during_others"))


@paragraph_template(r"untap all (.+?) you control during each other player's untap step")
def _untap_yours_during_others(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """502.3: "Untap all creatures and lands you control during each other player's untap step" (Prophet of
    Kruphix; rules/game_rule_statics._untap_during_others)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para.strip(), "untap_yours_during_others",
                                            parse_filter(f"{m.group(1)} you control")))


@sentence_template(r"you may play an additional land this turn")
def _extra_land_this_turn(m: re.Match, targets: list) -> list:
    return [ExtraLandThisTurn()]
