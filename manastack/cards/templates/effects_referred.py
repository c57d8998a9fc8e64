"""Effect sentences about the object an ability refers to (608.2h) and the choices made as they resolve
(118.12a, 603.7, 707.2, 701.3a); executed by rules/referred_objects.py.

- "Its controller loses 2 life", "Its controller mills three cards", "That creature's controller
  ...": any player sentence with "its controller" as its subject (608.2h: the controller of the
  object the ability refers to, by last known information once it has left its zone).
- "You gain life equal to that creature's toughness", "Its controller gains life equal to its power",
  "draw a card for each +1/+1 counter on it" (608.2h).
- "CARDNAME deals damage equal to the sacrificed creature's power to any target", "you gain life /
  draw cards equal to the sacrificed creature's toughness / power / mana value": the permanent
  sacrificed for the cost, by last known information (601.2h, 602.2b, 608.2h).
- "That player or that planeswalker's controller discards two cards" after "target player or
  planeswalker" (115.1, 608.2h).
- "Sacrifice CARDNAME unless you pay {2}", "... unless you return a land you control to its owner's
  hand", "... unless you discard a [land] card" (118.12a; rules/upkeep_keywords.py), "sacrifice / exile it unless you
  sacrifice [another creature]" (118.12a).
- 603.7: "[destroy it / sacrifice it / ...] at end of combat / at the beginning of the next end step",
  "remove N counters from it".
- 707.2 "create a token that's a copy of CARDNAME"; 701.3a "attach CARDNAME to it"; "if it's your turn,
  ..." (608.2c).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab import (
    hand_effects,
    keyword_actions,
    library_effects,
    prevention,
    referred_objects,
    zone_change_effects,
)
from ...model.vocab.combat_keywords import UntapAll
from ...model.vocab.effects import SacrificeUnless, TokenThen
from ...model.vocab.upkeep_keywords import SacrificeUnlessDiscard
from ..compiler import CARD_CHECKS, COUNTERS_WITH_RULES, EFFECTS_CHECKS, Unsupported, contains
from ..draft import CardDraft
from .effects_common import (
    N,
    amount,
    keywords_of,
    mentions,
    parse_filter,
    sub_effects,
    substitute,
    target,
    template,
)

# The vocabulary modules of the rules modules that execute this module's effects (_refers_to_it reads their effects' fields).
_RULES_MODULES = frozenset(m.__name__ for m in (hand_effects, keyword_actions, library_effects, prevention,
                                                  referred_objects, zone_change_effects))


_OBJECT_KINDS = ("permanent", "any", "spell", "graveyard_card")


def _object_ref(targets: list) -> V.Who:
    """The object "it" refers to: the last object targeted earlier in the ability, else the object
    of the trigger event (or the source itself). With only players targeted, "it" / "that creature"
    is an object chosen some other way ("Target opponent sacrifices a creature. You gain life equal to
    that creature's toughness"): not supported."""
    for i in range(len(targets) - 1, -1, -1):
        if targets[i].kind in _OBJECT_KINDS:
            return V.Ref(i)
    if targets:
        raise Unsupported("it")
    return V.IT


# Effects that can come before a "that creature" / "its controller" meaning the trigger's object: none of
# them chooses or creates another object the words could refer to instead.
_HARMLESS_BEFORE = (V.GainLife, V.LoseLife, V.DealDamage, V.Destroy, V.Exile, V.ReturnToHand, V.Pump, V.AddCounters,
                    V.TapUntap, V.PutInLibrary, V.Regenerate, V.CounterSpell, V.Draw, V.CantBeRegenerated,
                    keyword_actions.Fight, keyword_actions.PowerDamage, referred_objects.SacrificeUnlessPay, zone_change_effects.ExileIfWouldDie)


_USES_IT = (referred_objects.ControllerOf, referred_objects.ObjectStat)


def _refers_to_it(x) -> bool:
    if isinstance(x, _USES_IT):
        return x.of == V.IT
    if isinstance(x, V.Effect) and type(x).__module__ in _RULES_MODULES and any(
            getattr(x, f.name) == V.IT for f in dataclasses.fields(x)):
        return True  # one of the rules modules' effects about "it" (_RULES_MODULES)
    if isinstance(x, tuple):
        return any(_refers_to_it(y) for y in x)
    if isinstance(x, V.Effect):
        return any(_refers_to_it(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def _check_it(effects: list, targets: list) -> None:
    """"At the beginning of your upkeep, sacrifice a creature. You gain life equal to that creature's
    toughness": "that creature" is the sacrificed one, not the trigger's object (nor the source)."""
    for i, e in enumerate(effects):
        if _refers_to_it(e) and not all(isinstance(b, _HARMLESS_BEFORE) and not _mentions_sacrificed(b)
                                        for b in effects[:i]):
            # "You draw cards equal to the sacrificed creature's power, then you gain life equal to its
            # toughness": "its" is the sacrificed creature too (not supported).
            raise Unsupported("an object chosen earlier in the ability")


def _tokens_created(effects: list, targets: list) -> None:
    """"Create a 4/4 white Angel creature token with flying. Exile it at the beginning of the next end step":
    "it" / "that token" right after a token is created is that token, "them" / "those tokens" the tokens
    (111.1, 603.7a; rules/effects.py records them, and rules/effect_context.py reads "it" after one token was
    created as that token: "Put three +1/+1 counters on it"): rewrites `effects` in place before _check_it reads
    them, and refuses "them" anywhere else."""
    _fold_token_riders(effects)
    for i, e in enumerate(effects):
        if _is_token_haste(e):
            raise Unsupported("it gains haste: no token created just before")
        if not _about_token(e):
            continue
        if i > 0 and type(effects[i - 1]) in _CREATES:
            effects[i] = dataclasses.replace(e, of=referred_objects.TOKENS_CREATED)
        elif e.of == referred_objects.TOKENS_CREATED:
            raise Unsupported("those tokens: no tokens created just before")


_CREATES = (V.CreateToken, V.CreateTokenCard, referred_objects.CreateTokenCopy)


def _is_token_haste(e: object) -> bool:
    return type(e) is V.Pump and e.target == V.IT and e.until == "permanent"


def _about_token(e: object) -> bool:
    """A delayed "exile / sacrifice it (that token)" right after a token was created: "it" is the token, even where
    the sentence alone read it as the ability's target ("create a token that's a copy of target artifact")."""
    return isinstance(e, referred_objects.DelayedOnObject) and (
        e.of in (V.IT, referred_objects.TOKENS_CREATED)
        or (isinstance(e.of, V.Ref) and re.match(r"(?:exile|sacrifice) (?:it|that token|the token) ", e.text or "")))


def _fold_token_riders(effects: list) -> None:
    """"Create a token that's a copy of target artifact. It gains haste. Exile it at the beginning of the next end
    step": the token created (each, if a replacement effect made more), then "it gains haste" and the delayed
    "exile / sacrifice it" about that token, as one TokenThen whose riders' Ref(0) is the token (111.1, 603.7a)."""
    i = 0
    while i < len(effects) - 1:
        if type(effects[i]) in _CREATES and _is_token_haste(effects[i + 1]):
            riders: list[V.Effect] = [dataclasses.replace(effects[i + 1], target=V.Ref(0))]
            j = i + 2
            if j < len(effects) and _about_token(effects[j]):
                riders.append(dataclasses.replace(effects[j], of=V.Ref(0)))
                j += 1
            effects[i:j] = [TokenThen(effects[i], tuple(riders))]
        i += 1


EFFECTS_CHECKS.append(_tokens_created)
EFFECTS_CHECKS.append(_check_it)


def _uses_sacrificed_this_way(x: object) -> bool:
    if isinstance(x, referred_objects.ObjectStat):
        return x.of == referred_objects.SACRIFICED_THIS_WAY
    if isinstance(x, tuple):
        return any(_uses_sacrificed_this_way(y) for y in x)
    if isinstance(x, V.Effect):
        return any(_uses_sacrificed_this_way(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def _check_sacrificed_this_way(effects: list, targets: list) -> None:
    """"That creature" with only players targeted (or none) is the permanent sacrificed just before: the effect
    before (or before the other effects of the sentence reading it: "you gain X life and draw X cards, where X is
    that creature's power") must be one player's sacrifice of one permanent of their choice, a target player's or
    yours (608.2h, rules/choice_effects.py records which)."""
    for i, e in enumerate(effects):
        if _uses_sacrificed_this_way(e):
            j = i - 1
            while j >= 0 and _uses_sacrificed_this_way(effects[j]):
                j -= 1
            before = effects[j] if j >= 0 else None
            if not (type(before) is V.Sacrifice and before.target is None and before.amount == 1
                    and (isinstance(before.who, V.Ref) or before.who == V.YOU)):
                raise Unsupported("that creature: a permanent chosen earlier in the ability")


EFFECTS_CHECKS.append(_check_sacrificed_this_way)


def _as_player(rest: str, targets: list, who) -> list:
    """Parse "[verb phrase]" as if its subject were a target player, then make `who` the subject."""
    scratch = list(targets)
    if rest.startswith("creates "):
        # "Its controller creates a 3/3 green Beast creature token": the token templates have no subject.
        made = sub_effects("create " + rest[len("creates "):], scratch)
        if not made or not all(isinstance(e, (V.CreateTokenCard, V.CreateToken)) for e in made) or len(scratch) != len(targets):
            raise Unsupported(rest)
        return [dataclasses.replace(e, who=who) for e in made]
    effects = sub_effects("target player " + rest, scratch)
    added = scratch[len(targets):]
    if len(added) != 1 or added[0].kind != "player":
        raise Unsupported(rest)
    out = [substitute(e, V.Ref(len(targets)), who) for e in effects]
    if any(mentions(e, V.Ref(len(targets))) for e in out):
        raise Unsupported(rest)
    return out


@template(r"(its|that creature's|that permanent's|that spell's|that land's|that artifact's) controller (.+)")
def _its_controller(m, targets):
    """608.2h: "Destroy target creature. Its controller loses 2 life." """
    if m.group(2).startswith(("may ", "can't ", "doesn't ", "puts ", "reveals ", "shuffles ", "chooses ")):
        raise Unsupported(m.string)
    return _as_player(m.group(2), targets, referred_objects.ControllerOf(_object_ref(targets)))


@template(r"(?:then )?that player or that planeswalker's controller (.+)")
def _player_or_controller(m, targets):
    """115.1 / 608.2h: "Blightning deals 3 damage to target player or planeswalker. That player or that
    planeswalker's controller discards two cards": the last "target player or planeswalker" target
    (rules/referred_objects.py PlayerOrController)."""
    refs = [i for i, t in enumerate(targets) if t.kind == "player_or_planeswalker"]
    if not refs or m.group(1).startswith(("may ", "can't ", "doesn't ", "chooses ", "has ", "controls ")):
        raise Unsupported(m.string)
    return _as_player(m.group(1), targets, referred_objects.PlayerOrController(V.Ref(refs[-1])))


def _object_named(phrase: str, targets: list) -> V.Who | referred_objects.SacrificedThisWay:
    p = phrase.strip()
    if p in ("that creature's", "that permanent's") and targets and all(t.kind in ("player", "opponent")
                                                                        for t in targets):
        # "Target player sacrifices a creature of their choice. You gain life equal to that creature's
        # toughness": the one sacrificed (_check_sacrificed_this_way makes sure a sacrifice comes first)
        return referred_objects.SACRIFICED_THIS_WAY
    if p in ("its", "that creature's", "that permanent's"):
        ref = _object_ref(targets)
        if isinstance(ref, V.Ref) and targets[ref.index].kind in ("spell", "graveyard_card"):
            raise Unsupported(phrase)
        return ref
    if p == "cardname's":
        return V.SELF
    if p == "that card's":
        # "Exile target creature card from a graveyard. You gain life equal to that card's toughness" (Rotfeaster
        # Maggot): the card targeted, by last known information once it has moved (608.2h)
        ref = _object_ref(targets)
        if isinstance(ref, V.Ref) and targets[ref.index].kind == "graveyard_card":
            return ref
    raise Unsupported(phrase)


@template(r"(you|target player|target opponent|that player|each opponent|each player) (gains?|loses?) life equal to "
          r"(its|that creature's|that permanent's|cardname's|that card's) (power|toughness)")
def _life_equal(m, targets):
    """"You gain life equal to that creature's toughness" (608.2h: its last known information if it left)."""
    who = _object_named(m.group(3), targets)
    if m.group(4) == "mana value" and not isinstance(who, V.Ref):
        # "its mana value" of a target (Divine Offering); a revealed card's is effects_library's (Dark Confidant)
        raise Unsupported(m.string)
    stat = referred_objects.ObjectStat(who, m.group(4))
    effects = sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets)
    if len(effects) != 1 or not isinstance(effects[0], (V.GainLife, V.LoseLife)):
        raise Unsupported(m.string)
    return [dataclasses.replace(effects[0], amount=stat)]


@template(r"(you|target player|target opponent|each opponent|each player) (gains?|loses?) life equal to "
          r"(target [a-z ]+?)'s (power|toughness)")
def _life_equal_target(m, targets):
    """"You gain life equal to target creature's power" (Soul's Grace): read as it resolves (608.2h)."""
    effects = sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets)
    who = target(m.group(3), targets)
    if len(effects) != 1 or not isinstance(effects[0], (V.GainLife, V.LoseLife)) or not isinstance(who, V.Ref) \
            or targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [dataclasses.replace(effects[0], amount=referred_objects.ObjectStat(who, m.group(4)))]


# "the sacrificed creature's power": the permanent sacrificed for the cost (601.2h / 602.2b).
_SACRIFICED = r"the sacrificed (?:creature|artifact|permanent)'s (power|toughness|mana value)"


def _with_amount(effects: list, kinds: tuple, stat: referred_objects.ObjectStat, text: str) -> list:
    if not effects or not all(isinstance(e, kinds) for e in effects):
        raise Unsupported(text)
    return [dataclasses.replace(e, amount=stat) for e in effects]


@template(r"(?:(you|target player|that player) )?(draws?) cards equal to (its|that creature's|that permanent's|cardname's) "
          r"(power|toughness)")
def _draw_equal(m, targets):
    """608.2h: "You draw cards equal to that creature's power" (Twisted Justice), "draw cards equal to its
    power" (the object the ability refers to, by last known information once it has left)."""
    stat = referred_objects.ObjectStat(_object_named(m.group(3), targets), m.group(4))
    subject = f"{m.group(1)} " if m.group(1) else ""
    return _with_amount(sub_effects(f"{subject}{m.group(2)} two cards", targets), (V.Draw,), stat, m.string)


@template(rf"(?:cardname|it) deals damage equal to {_SACRIFICED} to (.+)")
def _damage_sacrificed(m, targets):
    """608.2h / 120.3: "Fling deals damage equal to the sacrificed creature's power to any target": the
    power as the creature last existed on the battlefield (rules/referred_objects.py ObjectStat of
    SACRIFICED; a card check requires a sacrifice cost)."""
    stat = referred_objects.ObjectStat(referred_objects.SACRIFICED, m.group(1))
    return _with_amount(sub_effects(f"cardname deals 1 damage to {m.group(2)}", targets),
                        (V.DealDamage, V.DamageAll), stat, m.string)


@template(rf"(you|target player|target opponent|each opponent|each player) (gains?|loses?) life equal to {_SACRIFICED}")
def _life_sacrificed(m, targets):
    """608.2h: "You gain life equal to the sacrificed creature's toughness" (Kheru Dreadmaw)."""
    stat = referred_objects.ObjectStat(referred_objects.SACRIFICED, m.group(3))
    return _with_amount(sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets), (V.GainLife, V.LoseLife),
                        stat, m.string)


@template(rf"(?:(?:then )?(you|target player) )?(?:then )?(draws?) cards equal to {_SACRIFICED}")
def _draw_sacrificed(m, targets):
    """608.2h: "Draw cards equal to the sacrificed creature's power" (Life's Legacy)."""
    stat = referred_objects.ObjectStat(referred_objects.SACRIFICED, m.group(3))
    subject = f"{m.group(1)} " if m.group(1) else ""
    return _with_amount(sub_effects(f"{subject}{m.group(2)} two cards", targets), (V.Draw,), stat, m.string)


def _mentions_sacrificed(x) -> bool:
    return contains(x, lambda y: isinstance(y, referred_objects.Sacrificed))


def _check_sacrificed(out: CardDraft, unsupported: list) -> None:
    """601.2h / 602.2b: "the sacrificed creature" is the permanent sacrificed to pay the cost: an
    activated ability needs a sacrifice cost, a spell an additional cost that sacrifices one (and the
    card no other ability using the words)."""
    spell_sacrifices = any(isinstance(a, V.AdditionalCost) and a.cost.sacrifice is not None
                           for a in out.abilities)
    for ab in out.abilities:
        if isinstance(ab, V.AdditionalCost) or not _mentions_sacrificed(getattr(ab, "effects", ())):
            continue
        if not (isinstance(ab, V.ActivatedAbility) and ab.cost.sacrifice is not None):
            unsupported.append(ab.text)
    if _mentions_sacrificed(tuple(out.spell_effects)) and not spell_sacrifices:
        unsupported.append("the sacrificed creature: no sacrifice among the spell's costs")


CARD_CHECKS.append(_check_sacrificed)


@template(r"sacrifice (cardname|it) unless you pay ((?:\{[0-9wubrgc]\})+)(?: for each (.+))?")
def _sacrifice_unless_pay(m, targets):
    """118.12a; "unless you pay {1} for each other creature you control" (counted as it resolves)."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref):
        raise Unsupported(m.string)  # "it" is the source or the trigger's object here, not a target
    try:
        cost = parse_cost(m.group(2).upper())
    except ValueError:
        raise Unsupported(m.string) from None
    per = None
    if m.group(3):
        if cost.pips or cost.x_count or not m.group(3).endswith(" you control"):
            raise Unsupported(m.string)  # only a generic amount per permanent of yours
        per = parse_filter(m.group(3))
    return [referred_objects.SacrificeUnlessPay(who, cost, per)]


_OBJ = r"(it|that creature|that card|cardname|that permanent|that token|them|those tokens)"


_DELAYED_EVENT = {"at end of combat": "end_combat", "at the beginning of the next end step": "next_end"}


_ACTIONS = [
    (rf"destroy {_OBJ}", "destroy"),
    (rf"sacrifice {_OBJ}", "sacrifice"),
    (rf"exile {_OBJ}", "exile"),
    (rf"return {_OBJ} to its owner's hand", "bounce"),
    (rf"return {_OBJ} to the battlefield under its owner's control", "return_owner"),
    (rf"return {_OBJ} to the battlefield under your control", "return_you"),
]


@template(r"(.+) (at end of combat|at the beginning of the next end step)")
def _delayed_on_object(m, targets):
    """603.7a: "Destroy that creature at end of combat", "Return that card to the battlefield under its owner's
    control at the beginning of the next end step" (the card an earlier sentence exiled)."""
    inner, event = m.group(1), _DELAYED_EVENT[m.group(2)]
    found = next(((a, act) for rx, act in _ACTIONS if (a := re.fullmatch(rx, inner))), None)
    if found is None:
        a = re.fullmatch(rf"(remove|put) {N} (\+1/\+1|-1/-1|[a-z]+) counters? (?:from|on) {_OBJ}", inner)
        if a is None or (a.group(1) == "put") != (" on " in inner):
            raise Unsupported(m.string)
        n = amount(a.group(2))
        if not isinstance(n, int) or a.group(3) in COUNTERS_WITH_RULES or a.group(3) == "time":
            raise Unsupported(m.string)
        # "put two +1/+1 counters on it at the beginning of the next end step" (Protean Hydra)
        return [referred_objects.DelayedOnObject(event, f"{a.group(1)}_counters", _delayed_object(a.group(4), targets, False),
                                  m.string, a.group(3), n)]
    a, action = found
    return [referred_objects.DelayedOnObject(event, action, _delayed_object(a.group(1), targets, action.startswith("return_")),
                              m.string)]


def _delayed_object(phrase: str, targets: list, card: bool) -> V.Who | referred_objects.TokensCreated:
    if phrase in ("them", "those tokens"):
        return referred_objects.TOKENS_CREATED  # _tokens_created: right after a sentence creating tokens
    if phrase == "cardname":
        return V.SELF
    if phrase == "that card" and not card:
        raise Unsupported(phrase)
    who = _object_ref(targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(phrase)
    return who


@template(rf"remove {N} (\+1/\+1|-1/-1|[a-z]+) counters? from (cardname|it|target .+)")
def _remove_counters(m, targets):
    """"At the beginning of your upkeep, remove a +1/+1 counter from CARDNAME"."""
    n = amount(m.group(1))
    if not isinstance(n, int) or m.group(2) in COUNTERS_WITH_RULES or m.group(2) == "time":
        raise Unsupported(m.string)
    who = target(m.group(3), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [referred_objects.RemoveCounters(m.group(2), n, who)]


@template(rf"remove up to {N} (?:(\+1/\+1|-1/-1|[a-z]+) )?counters? from (cardname|it|target .+)")
def _remove_up_to_counters(m, targets):
    """122.1, 608.2d: "Remove up to three counters from target creature" (Heartless Act, Glissa Sunslayer): the
    controller chooses that many counters or fewer, of any kinds (or of the kind named), as it resolves."""
    n = amount(m.group(1))
    kind = m.group(2) or referred_objects.ALL_KINDS
    if not isinstance(n, int) or kind in COUNTERS_WITH_RULES or kind == "time":
        raise Unsupported(m.string)
    who = target(m.group(3), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)  # "... from target artifact, creature, planeswalker, or opponent": a player's too
    return [referred_objects.RemoveCounters(kind, n, who, up_to=True)]


@template(r"remove all (\+1/\+1|-1/-1|[a-z]+) counters from (cardname|it|target .+)")
def _remove_all_of_kind(m, targets):
    """122.1: "Remove all +1/+1 counters from CARDNAME" (Anthroplasm): every counter of that kind."""
    if m.group(1) in COUNTERS_WITH_RULES or m.group(1) == "time":
        raise Unsupported(m.string)
    who = target(m.group(2), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [referred_objects.RemoveCounters(m.group(1), referred_objects.ALL_OF_KIND, who)]


@template(r"remove all counters from (cardname|it|target .+)")
def _remove_all_counters(m, targets):
    """122.1: "Remove all counters from target permanent" (Vampire Hexmage): every kind of counter."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [referred_objects.RemoveCounters(referred_objects.ALL_KINDS, 0, who)]


@template(rf"create {N} tokens? that's a copy of (cardname|it|(?:another )?target .+)")
def _create_token_copy(m, targets):
    """707.2: "Create a token that's a copy of CARDNAME"."""
    who = target(m.group(2), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [referred_objects.CreateTokenCopy(who, amount(m.group(1)))]


@template(r"sacrifice (it|cardname) unless you return (a|an) (.+?) you control to its owner's hand")
def _sacrifice_unless_return(m, targets):
    """118.12a: the Lairs' "sacrifice it unless you return a non-Lair land you control to its owner's hand"."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref):
        raise Unsupported(m.string)
    return [referred_objects.SacrificeUnlessReturn(who, parse_filter(m.group(3) + " you control"))]


@template(r"sacrifice (it|cardname) unless you discard (?:a|an) (?:(.+?) )?card")
def _sacrifice_unless_discard(m, targets):
    """118.12a: "At the beginning of your upkeep, sacrifice CARDNAME unless you discard a card" (Masticore), "When
    CARDNAME enters, sacrifice it unless you discard a land card" (Fallow Wurm): the source itself."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref):
        raise Unsupported(m.string)  # "it" is the source here, not a target
    flt = parse_filter(m.group(2), allow_card=True) if m.group(2) else None
    return [SacrificeUnlessDiscard(flt)]


@template(r"(sacrifice|exile) (it|cardname) unless you sacrifice (a|an|another) ([a-z -]+)")
def _unless_you_sacrifice(m, targets):
    """118.12a: "When CARDNAME enters, sacrifice it unless you sacrifice a Forest" (Plant Elemental), "exile it
    unless you sacrifice another creature" (Demonlord of Ashmouth): the source itself, one permanent sacrificed."""
    who = target(m.group(2), targets)
    if isinstance(who, V.Ref):
        raise Unsupported(m.string)  # "it" is the source here, not a target
    flt = parse_filter(("another " if m.group(3) == "another" else "") + m.group(4))
    return [SacrificeUnless(flt, exile=m.group(1) == "exile")]


@template(r"if it's (not )?your turn, (.+)")
def _if_your_turn(m, targets):
    """"If it's your turn, scry 2" (checked as it resolves)."""
    inner = sub_effects(m.group(2), targets)
    if any(isinstance(e, V.AddMana) for e in inner):
        raise Unsupported(m.string)
    return [referred_objects.IfYourTurn(tuple(inner), yours=not m.group(1))]


@template(r"at the beginning of the next end step, (.+)")
def _delayed_on_object_first(m, targets):
    """603.7a: "At the beginning of the next end step, return that creature to its owner's hand"."""
    return _delayed_on_object(re.fullmatch(r"(.+) (at the beginning of the next end step)",
                                           f"{m.group(1)} at the beginning of the next end step"), targets)


@template(r"attach cardname to (it|that creature)")
def _attach_self_to(m, targets):
    """701.3a: "Whenever a creature you control enters, you may attach CARDNAME to it" (an Equipment)."""
    who = _object_ref(targets)
    if who != V.IT:
        raise Unsupported(m.string)
    return [referred_objects.AttachSelfTo(who)]


@template(r"(?:you )?(draw (?:a card|two cards)|gain (?:1|2|3) life|lose 1 life) for each (\+1/\+1|-1/-1|[a-z]+) counter "
          r"on (it|cardname)")
def _for_each_counter(m, targets):
    """"When CARDNAME dies, draw a card for each +1/+1 counter on it" (608.2h: its last known counters);
    "At the beginning of your upkeep, you lose 1 life for each burden counter on CARDNAME" (The One Ring)."""
    what = m.group(1)
    n = 2 if what in ("draw two cards", "gain 2 life") else 3 if what == "gain 3 life" else 1
    of = V.SELF if m.group(3) == "cardname" else _object_ref(targets)
    count = referred_objects.CountersOn(of, m.group(2), n)
    if what.startswith("lose"):
        return [V.LoseLife(count)]
    return [V.Draw(count)] if what.startswith("draw") else [V.GainLife(count)]


@template(r"destroy each (.+?) with (?:mana value|converted mana cost) equal to the number of ([a-z]+) counters on cardname")
def _destroy_each_mana_value(m, targets):
    """701.7a: Blast Zone, Engineered Explosives (the counters as the source last existed, 608.2h)."""
    return [referred_objects.DestroyAllWithManaValue(parse_filter(m.group(1)), referred_objects.CountersOn(V.SELF, m.group(2)))]


@template(r"destroy each (.+?) with (?:mana value|converted mana cost) x whose controller was dealt combat damage by "
          r"cardname this turn")
def _destroy_each_x_damaged(m, targets):
    """701.7a / 510.2: Steel Hellkite: the permanents with mana value X of the players it dealt combat damage to
    this turn (rules/turn_history.py)."""
    return [referred_objects.DestroyAllWithManaValue(parse_filter(m.group(1)), "X", controller_damaged_by_source=True)]


def _fold_no_regeneration(effects: list, targets: list) -> None:
    """701.15c: "They can't be regenerated" after it qualifies that destruction."""
    for i in range(len(effects) - 1):
        if isinstance(effects[i], referred_objects.DestroyAllWithManaValue) and isinstance(effects[i + 1], V.CantBeRegenerated):
            effects[i:i + 2] = [dataclasses.replace(effects[i], can_regenerate=False)]
            return _fold_no_regeneration(effects, targets)
    return None


EFFECTS_CHECKS.append(_fold_no_regeneration)


# --------------------------------------------------------------------------- "they gain ..." after a group


@dataclass(frozen=True, slots=True)
class _TheyGain(V.Effect):
    """Compile-time marker: "They gain flying until end of turn" after an effect on a group (folded into
    a PumpAll of that group by _fold_they_gain)."""

    keywords: tuple[str, ...]


@template(r"(?:they|those creatures) gain (.+) until end of turn")
def _they_gain(m, targets):
    """"Untap all creatures you control. They gain flying and double strike until end of turn" (608.2c:
    "they" are the creatures the effect before acted on)."""
    return [_TheyGain(keywords_of(m.group(1)))]


def _membership_kept(before: V.Effect) -> V.ObjectFilter | None:
    """The group of `before` when acting on it can't change which objects the group holds, so that the
    group read again is the objects "they" refers to: untapping a group that isn't defined by being
    tapped; putting counters on a group not defined by power, toughness or keywords."""
    flt = getattr(before, "filter", None)
    if isinstance(before, UntapAll) and flt is not None and flt.tapped is None:
        return flt
    if isinstance(before, V.AddCountersAll) and flt is not None and not (
            isinstance(flt, V.FilterPlus) and (flt.power_min is not None or flt.power_max is not None
                                               or flt.toughness_max is not None or flt.toughness_min is not None
                                               or flt.keywords
                                               or flt.non_keywords or flt.power_below_source)):
        return flt
    return None


def _fold_they_gain(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the marker becomes a PumpAll of the group the effect just before acted on."""
    for i, e in enumerate(effects):
        if isinstance(e, _TheyGain):
            flt = _membership_kept(effects[i - 1]) if i else None
            if flt is None:
                raise Unsupported("they gain ...: no group acted on just before")
            effects[i] = V.PumpAll(flt, 0, 0, e.keywords)


EFFECTS_CHECKS.append(_fold_they_gain)


@template(r"destroy all (equipment|auras|auras and equipment) attached to (that creature|it)")
def _destroy_attached(m, targets):
    """701.7a: "CARDNAME deals 5 damage to target creature. Destroy all Equipment attached to that creature"
    (Turn to Slag, Blastfire Bolt, Fires of Mount Doom): the creature the ability refers to."""
    subtypes = {"equipment": {"Equipment"}, "auras": {"Aura"}, "auras and equipment": {"Aura", "Equipment"}}[m.group(1)]
    to = target(m.group(2), targets)
    if not isinstance(to, V.Ref) or targets[to.index].kind != "permanent":
        raise Unsupported(m.string)
    return [referred_objects.DestroyAttached(to, V.ObjectFilter(subtypes=frozenset(subtypes)))]
