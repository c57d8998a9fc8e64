"""Effect sentences that put cards from graveyards onto the battlefield (reanimation) and blink
permanents; executed by rules/effects.py (`ReturnFromGraveyard`, `Flicker`).

- 110.2a, 608.2c: "Put target creature card from a graveyard onto the battlefield under your control"
  (Reanimate), "... under its owner's control" (Kenrith, the Returned King), "Return target creature
  card from your graveyard to the battlefield under your control".
- 608.2h: "You lose life equal to that card's mana value" after such a return: the card as it last
  existed in the graveyard (the return records it).
- 613.1d-e, 611.2a: "That creature is a black Zombie in addition to its other colors and types" after
  such a return (Rise from the Grave): the permanent the card became (400.7), for as long as it stays.
- 406.2, 610.3: "Exile target creature you control, then return it to the battlefield under its owner's
  control" (Ephemerate).
- "Return target creature you control and target creature you don't control to their owners' hands";
  603.7a "At the beginning of the next end step, return that card to the battlefield under its owner's
  control with a +1/+1 counter on it"; 406.2 "Exile all graveyards".
- 608.2d: "[Each player chooses] / [Choose] a creature type. [Each player returns] / [Return] all creature
  cards of [a type chosen this way] / [the chosen type] from [their] / [your] graveyard to the battlefield".
- rules/graveyard_effects.py: 701.20a "[Target player shuffles] / [Shuffle] up to N target cards from their / your
  graveyard into their / your library";
  701.20a "Shuffle [CARDNAME and] your graveyard into your [their owner's]
  library"; 602.2b "[Cost], Exile CARDNAME: [Effect]".

This module is tried before effects_library, whose "you lose life equal to its mana value" reads the
card revealed just before; the reading here declines unless a graveyard card was targeted before.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab import graveyard_effects, referred_objects
from ...model.vocab.library_effects import ExileLibrary
from ..compiler import (
    EFFECTS_CHECKS,
    SENTENCE_TEMPLATES,
    Unsupported,
    first_template,
    later_template,
    paragraph_template,
    parse_effects,
)
from ..draft import CardDraft
from ..words import COLOR_WORDS
from .effects_activated import parse_cost_plus
from .effects_common import (
    CREATURE_TYPE_SET,
    SUBTYPES,
    N,
    amount,
    mentions,
    parse_filter,
    sub_effects,
    target,
    template,
)

_GRAVEYARD_CARD = r"target (?:[a-z]+ )*?card from (?:a|your|an opponent's) graveyard"


@template(rf"(?:put|return) ({_GRAVEYARD_CARD}) (?:onto|to) the battlefield(?: under (your|its owner's) control)?")
def _reanimate(m: re.Match, targets: list) -> list:
    """110.2a: without "under ... control" the card enters under the control of the player who put it
    onto the battlefield: the ability's controller, as for "under your control"."""
    ref = target(m.group(1), targets)
    if not isinstance(ref, V.Ref) or targets[ref.index].kind != "graveyard_card":
        raise Unsupported(m.string)
    types = targets[ref.index].filter.types
    if not types or "Enchantment" in types:
        raise Unsupported(m.string)  # an Aura put onto the battlefield: what it enchants (303.4f) isn't chosen here
    return [V.ReturnFromGraveyard(ref, owner=m.group(2) == "its owner's")]


@dataclass(frozen=True, slots=True)
class _LifeForReturnedValue(V.Effect):
    """Compile-time marker: "you lose life equal to that card's mana value" (folded below)."""

    ref: V.Ref


@dataclass(frozen=True, slots=True)
class _ReturnedIsAlso(V.Effect):
    """Compile-time marker: "That creature is a black Zombie in addition to its other colors and types"."""

    ref: V.Ref
    colors: frozenset[str]
    subtypes: frozenset[str]


def _last_graveyard_target(targets: list) -> V.Ref | None:
    for i in range(len(targets) - 1, -1, -1):
        if targets[i].kind == "graveyard_card":
            return V.Ref(i)
    return None


@template(r"you lose life equal to (?:that card's|its) mana value")
def _lose_life_returned(m: re.Match, targets: list) -> list:
    ref = _last_graveyard_target(targets)
    if ref is None:
        raise Unsupported(m.string)  # the card revealed just before (effects_library)
    return [_LifeForReturnedValue(ref)]


@template(r"(?:that creature|it) is an? ((?:[a-z]+ )*?[a-z]+) in addition to its other (colors and types|types)")
def _returned_is_also(m: re.Match, targets: list) -> list:
    ref = _last_graveyard_target(targets)
    if ref is None:
        raise Unsupported(m.string)
    colors: set[str] = set()
    subtypes: set[str] = set()
    for w in m.group(1).split():
        if w in COLOR_WORDS and not subtypes:
            colors.add(COLOR_WORDS[w])
        elif SUBTYPES.get(w) in CREATURE_TYPE_SET:
            subtypes.add(SUBTYPES[w])
        else:
            raise Unsupported(m.string)  # a card type or an unknown word
    if not subtypes or (colors and m.group(2) != "colors and types"):
        raise Unsupported(m.string)
    return [_ReturnedIsAlso(ref, frozenset(colors), frozenset(subtypes))]


def _fold_into_return(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: each marker joins the ReturnFromGraveyard of the same card just before
    it; "that card" / "that creature" of anything else is refused."""
    for i, e in enumerate(effects):
        if not isinstance(e, (_LifeForReturnedValue, _ReturnedIsAlso)):
            continue
        before = effects[i - 1] if i else None
        if not isinstance(before, V.ReturnFromGraveyard) or before.target != e.ref:
            raise Unsupported("that card: no card returned from a graveyard just before")
        if isinstance(e, _LifeForReturnedValue):
            # 608.2h: the mana value of the card as it last existed in the graveyard
            effects[i] = V.LoseLife(referred_objects.ObjectStat(e.ref, "mana value"))
        else:
            if before.subtypes or before.colors:
                raise Unsupported("two type additions")
            effects[i - 1:i + 1] = [dataclasses.replace(before, colors=e.colors, subtypes=e.subtypes)]
        _fold_into_return(effects, targets)
        return


EFFECTS_CHECKS.append(_fold_into_return)


@template(r"exile (target .+?|cardname), then return (?:it|that card) to the battlefield under (its owner's|your) control")
def _blink(m: re.Match, targets: list) -> list:
    """406.2 then 610.3-style return: the card exiled comes back as a new object (400.7); a token
    exiled ceases to exist (111.7) and doesn't return. "Exile CARDNAME, then return it ..." (the ability
    Deadeye Navigator grants): its own source."""
    if m.group(1) == "cardname":
        return [V.Flicker((V.SELF,), owner=m.group(2) == "its owner's")]
    ref = target(m.group(1), targets)
    if not isinstance(ref, V.Ref) or targets[ref.index].kind != "permanent":
        raise Unsupported(m.string)
    return [V.Flicker((ref,), owner=m.group(2) == "its owner's")]


@dataclass(frozen=True, slots=True)
class _CountersIfReturnedIs(V.Effect):
    """A marker folded into the Flicker just before it (_fold_into_flicker): never executed."""

    filter: V.ObjectFilter
    counters: int


@template(rf"if it's an? ([a-z]+), put {N} \+1/\+1 counters? on it")
def _counters_if_returned_is(m: re.Match, targets: list) -> list:
    """608.2c: "If it's a Spirit, put a +1/+1 counter on it" after a blink: the permanent that returned."""
    n = amount(m.group(2))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [_CountersIfReturnedIs(parse_filter(m.group(1)), n)]


def _fold_into_flicker(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the marker joins the one-target Flicker just before it, else it is refused."""
    for i, e in enumerate(effects):
        if isinstance(e, _CountersIfReturnedIs):
            before = effects[i - 1] if i else None
            if not isinstance(before, V.Flicker) or len(before.targets) != 1 or before.counter_if is not None:
                raise Unsupported("it: no permanent blinked just before")
            effects[i - 1:i + 1] = [dataclasses.replace(before, counter_if=e.filter, counters=e.counters)]
            return


EFFECTS_CHECKS.append(_fold_into_flicker)


@template(r"return (target .+?) and (target .+?) to their owners' hands")
def _bounce_two(m: re.Match, targets: list) -> list:
    """115.1, 608.2b: "Return target creature you control and target creature you don't control to their
    owners' hands" (Peel from Reality): two targets, each returned if it is still legal."""
    first = target(m.group(1), targets)
    second = target(m.group(2), targets)
    if not isinstance(first, V.Ref) or not isinstance(second, V.Ref) \
            or any(targets[r.index].kind != "permanent" for r in (first, second)):
        raise Unsupported(m.string)
    return [V.ReturnToHand(first), V.ReturnToHand(second)]


@template(r"at the beginning of the next end step, (return (?:that card|it) to the battlefield under (?:its owner's|your) "
          r"control)(?: with an? (\+1/\+1|-1/-1) counter on it)?")
def _return_next_end_step(m: re.Match, targets: list) -> list:
    """603.7a: "Exile target creature. At the beginning of the next end step, return that card to the
    battlefield under its owner's control with a +1/+1 counter on it" (Otherworldly Journey): a delayed
    triggered ability returning the card exiled; it enters with the counter (122.6, 614.1c)."""
    effects = sub_effects(f"{m.group(1)} at the beginning of the next end step", targets)
    if len(effects) != 1 or not isinstance(effects[0], referred_objects.DelayedOnObject) \
            or not effects[0].action.startswith("return_"):
        raise Unsupported(m.string)
    kind = m.group(2) or ""
    return [dataclasses.replace(effects[0], text=m.string, counter_kind=kind, amount=1 if kind else 0)]


@template(r"exile all graveyards")
def _exile_all_graveyards(m: re.Match, targets: list) -> list:
    """406.2: every card in every graveyard is exiled (Rest in Peace, Relic of Progenitus)."""
    return [V.ExileGraveyard(V.EACH_PLAYER)]


@template(r"exile all cards from your library( face down)?")
def _exile_library(m: re.Match, targets: list) -> list:
    """406.3 (rules/library_effects.py): "Exile all cards from your library [face down]" (Leveler, Inverter of
    Truth)."""
    return [ExileLibrary(face_down=bool(m.group(1)))]


@template(r"shuffle all cards from your graveyard into your library")
def _shuffle_all_graveyard_cards(m: re.Match, targets: list) -> list:
    """701.20a: "shuffle all cards from your graveyard into your library" (Inverter of Truth): the graveyard."""
    return [graveyard_effects.ShuffleGraveyardIntoLibrary()]


_UP_TO = {"one": 1, "two": 2, "three": 3}  # more would list too many target sets to choose among (601.2c)


@template(r"(?:(target player|target opponent) shuffles|shuffle) up to (one|two|three) target cards? from "
          r"(their|your) graveyard into (their|your) library")
def _shuffle_target_cards(m: re.Match, targets: list) -> list:
    """701.20a (rules/graveyard_effects.py): "Target player shuffles up to two target cards from their graveyard
    into their library" (Krosan Reclamation, Gaea's Blessing): the cards target the chosen player's graveyard
    (115.1, TargetSpec.controlled_by); "Shuffle up to three target cards from your graveyard into your library"."""
    theirs = m.group(1) is not None
    if (m.group(3) == "their") != theirs or (m.group(4) == "their") != theirs:
        raise Unsupported(m.string)
    player: V.Who = V.YOU
    if theirs:
        targets.append(V.TargetSpec("opponent" if m.group(1) == "target opponent" else "player", text=m.group(1)))
        player = V.Ref(len(targets) - 1)
    n = _UP_TO[m.group(2)]
    group = len(targets) + 1
    spec = V.TargetSpec("graveyard_card", V.ObjectFilter() if theirs else V.ObjectFilter(controller="you"),
                        text=f"target card from {m.group(3)} graveyard, one of up to {n}", optional=True, group=group,
                        controlled_by=player.index if isinstance(player, V.Ref) else -1)
    refs = []
    for _ in range(n):
        targets.append(spec)
        refs.append(V.Ref(len(targets) - 1))
    return [graveyard_effects.ShuffleCardsIntoLibrary(tuple(refs), player)]


@template(r"shuffle (cardname and )?your graveyard into (?:your|their owner's) library")
def _shuffle_graveyard(m: re.Match, targets: list) -> list:
    """701.20a (rules/graveyard_effects.py): "Shuffle your graveyard into your library" (Feldon's Cane),
    "Shuffle CARDNAME and your graveyard into their owner's library" (Elixir of Immortality)."""
    if bool(m.group(1)) != ("their owner's" in m.string):
        raise Unsupported(m.string)
    return [graveyard_effects.ShuffleGraveyardIntoLibrary(with_self=bool(m.group(1)))]


@template(r"(target player|target opponent|each player) shuffles their graveyard into their library")
def _player_shuffles_graveyard(m: re.Match, targets: list) -> list:
    """701.20a: "Target player shuffles their graveyard into their library" (Gaea's Blessing, Elixir's kin)."""
    who = V.EACH_PLAYER if m.group(1) == "each player" else target(m.group(1), targets)
    return [graveyard_effects.ShuffleGraveyardIntoLibrary(who=who)]


@paragraph_template(r"((?:[^:\"“]+, )?exile cardname(?:, [^:\"“]+)?): (.+)")
def _exile_self_activated(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """602.1, 602.2b: "{1}, Exile CARDNAME: Exile all graveyards. Draw a card." (Relic of Progenitus): the
    permanent is exiled as the cost is paid, with the cost's other parts ({T}, mana)."""
    if is_spell:
        raise Unsupported(para)
    parts = [p.strip() for p in m.group(1).split(",")]
    rest = [p for p in parts if p != "exile cardname"]
    if len(rest) != len(parts) - 1:
        raise Unsupported(para)
    base = parse_cost_plus(", ".join(rest)) if rest else V.Cost(mana=parse_cost(""))
    if type(base) is not V.Cost or base.sacrifice_self or base.sacrifice is not None:
        raise Unsupported(para)  # other costs of their own, or a second way for the permanent to leave
    body = m.group(2).strip().rstrip(".")
    if body.startswith("add ") or "cardname" in body:
        raise Unsupported(para)  # a mana ability; "cardname" of an exiled source
    targets: list[V.TargetSpec] = []
    effects = parse_effects(body, targets)
    cost = graveyard_effects.ExileSelfCost(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    out.abilities.append(V.ActivatedAbility(para, cost, tuple(effects), tuple(targets)))


@template(r"return (another target .+? card from your graveyard) to your hand")
def _regrowth_another(m: re.Match, targets: list) -> list:
    """"When CARDNAME dies, return another target artifact card from your graveyard to your hand" (Myr
    Retriever): "another" excludes the card the source became in the graveyard (400.7, rules/targeting.py)."""
    ref = target(m.group(1), targets)
    if not isinstance(ref, V.Ref) or targets[ref.index].kind != "graveyard_card":
        raise Unsupported(m.string)
    return [V.ReturnToHand(ref)]


@paragraph_template(r"when cardname (is put into a graveyard from the battlefield|dies), its owner shuffles it into their library")
def _shuffled_back(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """603.10a, 701.20a (rules/graveyard_effects.py): "it" is the card the source became in its owner's
    graveyard (Lembas)."""
    if is_spell:
        raise Unsupported(para)
    event = "dies" if m.group(1) == "dies" else "to_graveyard"
    out.abilities.append(V.TriggeredAbility(para.strip(), event, (graveyard_effects.ShuffleDeadIntoLibrary(),)))


@template(r"(?:then )?return (a|an|two|three|x) ((?:[a-z]+ )*?)cards? at random from your graveyard to (your hand|the battlefield)")
def _return_at_random(m, targets):
    """"Return a Zombie card at random from your graveyard to your hand" (Ghoulraiser), "Return two cards at random
    from your graveyard to your hand" (Make a Wish), "return two creature cards at random from your graveyard to the
    battlefield" (Moldgraf Monstrosity): chosen among the cards there as it resolves."""
    what = m.group(2).strip()
    flt = parse_filter(what + " card", allow_card=True) if what else V.ANY_OBJECT
    to = "hand" if m.group(3) == "your hand" else "battlefield"
    if to == "battlefield" and not (flt.types and flt.types <= {"Creature", "Artifact", "Enchantment", "Land",
                                                                "Planeswalker", "Battle"}):
        raise Unsupported(m.string)  # an instant or sorcery card can't be put onto the battlefield (not supported)
    n = 1 if m.group(1) in ("a", "an") else amount(m.group(1))
    return [graveyard_effects.ReturnAtRandom(flt, n, to)]


@template(r"return to your hand all ((?:[a-z]+ )*?)cards in your graveyard that were put there from the battlefield this turn")
def _return_put_there(m: re.Match, targets: list) -> list:
    """rules/graveyard_effects.py: the cards put into your graveyard from the battlefield this turn that are
    still there (400.7)."""
    what = m.group(1).strip()
    flt = parse_filter(what, allow_card=True) if what else V.ANY_OBJECT
    if flt.controller is not None or flt.other:
        raise Unsupported(m.string)
    return [graveyard_effects.ReturnPutThereThisTurn(flt)]



@dataclass(frozen=True, slots=True)
class _IfItWas(V.Effect):
    """Compile-time marker: "If it was a creature card, [effects]" after "Exile target card from a graveyard"."""

    ref: V.Ref
    filter: V.ObjectFilter
    effects: tuple[V.Effect, ...]


def _if_it_was(m: re.Match, targets: list) -> list:
    """608.2h (rules/graveyard_effects.py): "Exile target card from a graveyard. If it was a creature card,
    put a +1/+1 counter on CARDNAME and you gain 1 life" (Scavenging Ooze)."""
    ref = _last_graveyard_target(targets)
    if ref is None:
        raise Unsupported(m.string)
    flt = parse_filter(m.group(1), allow_card=True)
    if flt == V.ANY_OBJECT or flt.controller is not None:
        raise Unsupported(m.string)
    n = len(targets)
    inner = sub_effects(m.group(2), targets)
    if len(targets) != n or any(mentions(e, ref) for e in inner):
        raise Unsupported(m.string)  # new targets, or "it" of the exiled card again
    return [_IfItWas(ref, flt, tuple(inner))]


def _if_it_was_first(m: re.Match, targets: list) -> list:
    """Tried before the compound-sentence templates: "..., put a +1/+1 counter on CARDNAME and you gain 1
    life" is all conditional. Declined: the later templates get the sentence."""
    n = len(targets)
    try:
        return _if_it_was(m, targets)
    except Unsupported:
        del targets[n:]
    later = later_template(SENTENCE_TEMPLATES, _if_it_was_first, m.string)
    if later is None:
        raise Unsupported(m.string)
    return later[0](later[1], targets)


first_template(SENTENCE_TEMPLATES, (re.compile(r"if it was an? ((?:[a-z]+ )*?card), (.+)"), _if_it_was_first))


@dataclass(frozen=True, slots=True)
class _Otherwise(V.Effect):
    """"Otherwise, you draw a card." right after "If it was a creature card, ...": folded into its ExileIfItWas."""

    effects: tuple[V.Effect, ...]


@template(r"otherwise, (.+)")
def _otherwise(m: re.Match, targets: list) -> list:
    n = len(targets)
    inner = sub_effects(m.group(1), targets)
    if len(targets) != n:
        raise Unsupported(m.string)
    return [_Otherwise(tuple(inner))]


def _fold_if_it_was(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the marker joins the Exile of that graveyard card just before it; "Otherwise, ..."
    joins the ExileIfItWas just before it (and nothing else)."""
    for i, e in enumerate(effects):
        if isinstance(e, _Otherwise):
            before = effects[i - 1] if i else None
            if not isinstance(before, graveyard_effects.ExileIfItWas) or before.otherwise:
                raise Unsupported("otherwise")
            effects[i - 1:i + 1] = [dataclasses.replace(before, otherwise=e.effects)]
            _fold_if_it_was(effects, targets)
            return
        if isinstance(e, _IfItWas):
            before = effects[i - 1] if i else None
            if not isinstance(before, V.Exile) or before.target != e.ref:
                raise Unsupported("if it was: no card exiled just before")
            effects[i - 1:i + 1] = [graveyard_effects.ExileIfItWas(e.ref, e.filter, e.effects)]
            _fold_if_it_was(effects, targets)
            return


EFFECTS_CHECKS.append(_fold_if_it_was)


@template(r"(choose|each player chooses) a creature type")
def _choose_creature_type(m: re.Match, targets: list) -> list:
    """608.2d: "Choose a creature type", "Each player chooses a creature type" (rules/graveyard_effects.py);
    _check_chosen_types keeps it only before a sentence that reads the types chosen."""
    return [graveyard_effects.ChooseCreatureType(each_player=m.group(1) != "choose")]


@template(r"(return|each player returns) all creature cards of (the chosen type|a type chosen this way) from "
          r"(your|their) graveyard to the battlefield")
def _return_chosen_types(m: re.Match, targets: list) -> list:
    """"Return all creature cards of the chosen type from your graveyard to the battlefield" (Bloodline Bidding),
    "Each player returns all creature cards of a type chosen this way from their graveyard to the battlefield"
    (Patriarch's Bidding)."""
    each = m.group(1) != "return"
    if each != (m.group(2) == "a type chosen this way") or each != (m.group(3) == "their"):
        raise Unsupported(m.string)
    return [graveyard_effects.ReturnChosenTypes(V.ObjectFilter(types=frozenset({"Creature"})), each_player=each)]


def _check_chosen_types(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: a creature type choice is compiled only right before the sentence that
    reads it, made by the same players ("each player chooses" / "a type chosen this way")."""
    for i, e in enumerate(effects):
        after = effects[i + 1] if i + 1 < len(effects) else None
        before = effects[i - 1] if i else None
        if isinstance(e, graveyard_effects.ChooseCreatureType) and not (
                isinstance(after, graveyard_effects.ReturnChosenTypes) and after.each_player == e.each_player):
            raise Unsupported("choose a creature type: nothing reads the type chosen")
        if isinstance(e, graveyard_effects.ReturnChosenTypes) and not isinstance(
                before, graveyard_effects.ChooseCreatureType):
            raise Unsupported("the chosen type: no creature type chosen just before")


EFFECTS_CHECKS.append(_check_chosen_types)
