"""Sentence shapes made of the core effects (608.2c): more ways to say what effects_core.py compiles.

- "CARDNAME deals 2 damage to any target and 1 damage to you"; "... deals N damage to that
  creature's controller" (608.2h).
- "target creature defending player controls" (506.2 / 508.1b: in a two-player game, the attacking
  player's opponent); "you may have target creature get -1/-1 until end of turn" (608.2d: the
  controller chooses).
- "You gain 1 life for each creature you control" (counted as it resolves, 608.2h); likewise "CARDNAME deals X
  damage to any target, where X is the number of Mountains you control", "draw a card for each creature you
  control", and the domain count "basic land types among lands you control" (they control: the player named).
- "Return a black or red creature you control to its owner's hand", "return another [permanent] you
  control to its owner's hand" (chosen as it resolves); "counter target red spell" (701.5a, 115.1).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab import referred_objects
from ...model.vocab.counted_effects import PumpPer, SumOf
from ...model.vocab.effects import CardsInHand
from ...model.vocab.graveyard_effects import GraveyardCardCount
from ...model.vocab.library_effects import Devotion, MilledCount
from ...model.vocab.player_groups import ControlledCount
from ...model.vocab.x_amounts import PumpAllX, PumpX
from ..compiler import Unsupported
from ..words import COLOR_WORDS
from .effects_common import N, amount, parse_filter, sub_effects, template
from .effects_referred import _object_ref

# ---------------------------------------------------------------------------- more sentence shapes

@template(rf"(cardname|it) deals {N} damage to (.+?) and {N} damage to (.+)")
def _damage_two(m, targets):
    """"CARDNAME deals 2 damage to any target and 1 damage to you" (Orcish Artillery)."""
    if ", where x is " in m.string:
        raise Unsupported(m.string)  # "X damage to target creature and X damage to you, where X is ...": one X
    first = sub_effects(f"{m.group(1)} deals {m.group(2)} damage to {m.group(3)}", targets)
    second = sub_effects(f"{m.group(1)} deals {m.group(4)} damage to {m.group(5)}", targets)
    return first + second


@template(rf"(?:cardname|it) deals {N} damage to (its|that creature's|that permanent's|that land's) controller")
def _damage_controller(m, targets):
    """"CARDNAME deals 2 damage to that creature's controller" (608.2h)."""
    return [V.DealDamage(amount(m.group(1)), referred_objects.ControllerOf(_object_ref(targets)))]


_PLAYER_SUBJECT = r"that player|target player|target opponent|each opponent|each player"


@template(rf"you may have ({_PLAYER_SUBJECT}) (lose|gain|draw|discard|mill|sacrifice|create|reveal|shuffle|return) (.+)")
def _you_may_have_player(m, targets):
    """608.2d: "you may have that player lose 1 life" (Suture Priest), "you may have target player mill two
    cards": the controller chooses whether that player does what the sentence says."""
    inner = sub_effects(f"{m.group(1)} {m.group(2)}s {m.group(3)}", targets)
    return [V.Optional(tuple(inner), prompt=f"have {m.group(1)} {m.group(2)} {m.group(3)}")]


@template(r"(.*)\btarget (.+?) defending player controls\b(.*)")
def _defending_controls(m, targets):
    """506.2 / 508.1b: in a two-player game the defending player is the attacking player's opponent."""
    return sub_effects(f"{m.group(1)}target {m.group(2)} an opponent controls{m.group(3)}", targets)


@template(r"you may have (target .+?|cardname|it) (get|gain|deal|fight|explore) (.+)")
def _you_may_have(m, targets):
    """"You may have target creature get -1/-1 until end of turn" (608.2d: the controller chooses)."""
    verb = {"get": "gets", "gain": "gains", "deal": "deals", "fight": "fights", "explore": "explores"}[m.group(2)]
    inner = sub_effects(f"{m.group(1)} {verb} {m.group(3)}", targets)
    if any(isinstance(e, V.AddMana) for e in inner):
        raise Unsupported(m.string)
    return [V.Optional(tuple(inner), prompt=f"have {m.group(1)} {m.group(2)} {m.group(3)}")]


@template(rf"(you|target player|target opponent|each opponent|each player|that player(?= .+ they control$)) (gains?|loses?) "
          rf"{N} life for each (.+)")
def _life_for_each(m, targets):
    """"You gain 1 life for each creature you control / Locus on the battlefield" (the number is counted
    as it resolves, 608.2h); "that player loses 1 life for each artifact they control" (the permanents of the
    one player losing it: not "each player", each of whom would count their own)."""
    n = amount(m.group(3))
    what = m.group(4)
    if not isinstance(n, int):
        raise Unsupported(m.string)
    count: V.Count | GraveyardCardCount | ControlledCount | MilledCount
    if what.endswith(" they control"):
        if m.group(1) in ("you", "each player"):
            raise Unsupported(m.string)
        effects = sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets)
        if len(effects) != 1 or not isinstance(effects[0], (V.GainLife, V.LoseLife)):
            raise Unsupported(m.string)
        flt = parse_filter(what.removesuffix(" they control"))
        if flt.controller or flt.other:
            raise Unsupported(m.string)
        return [dataclasses.replace(effects[0], amount=ControlledCount(effects[0].who, flt, n))]
    if what.endswith((" milled this way", " put into your graveyard this way")):
        # "for each creature card milled this way" (templates/effects_digs.py joins it to the mill before it)
        kind = what.removesuffix(" milled this way").removesuffix(" put into your graveyard this way")
        count = MilledCount(_graveyard_filter(kind + " in your graveyard"), multiplier=n)
    elif what.endswith(" in your graveyard"):
        count = GraveyardCardCount(_graveyard_filter(what), multiplier=n)
    elif what.endswith((" you control", " your opponents control", " an opponent controls", " on the battlefield")):
        # every player's (Glimmerpost's Loci)
        count = V.Count(parse_filter(what.removesuffix(" on the battlefield")), multiplier=n)
    else:
        raise Unsupported(m.string)
    effects = sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets)
    if len(effects) != 1 or not isinstance(effects[0], (V.GainLife, V.LoseLife)):
        raise Unsupported(m.string)
    return [dataclasses.replace(effects[0], amount=count)]


@template(r"(.+?) (gains?|loses?) life equal to the number of (.+)")
def _life_equal_to_count(m, targets):
    """"Draw a card, then you lose life equal to the number of cards in your hand" (Castle Locthwain), "you
    gain life equal to the number of creature cards in your graveyard": "X life, where X is the number of
    ...", counted as that part of the effect happens (608.2h)."""
    if re.search(r"\bx\b", m.group(1)):
        raise Unsupported(m.string)  # an X of its own before: "where X is" would define both
    return _define_x(sub_effects(f"{m.group(1)} {m.group(2)} x life", targets),
                     _count_of(m.group(3), "", targets), m.string)


def _graveyard_filter(what: str) -> V.ObjectFilter:
    """The cards a "for each creature card in your graveyard" phrase counts: the phrase must name cards
    ("card", "creature card", "instant and sorcery card": either type, 205.4; "cards with a cycling ability")."""
    kind = what.removesuffix(" in your graveyard").strip()
    if not re.fullmatch(r"(?:[a-z]+ )*cards?(?: with (?:a cycling ability|cycling))?", kind) \
            or kind.startswith(("other ", "another ")):
        raise Unsupported(what)  # "other creature card": a source in the graveyard, not known here
    return parse_filter(kind, allow_card=True)


def _count_of(what: str, who_text: str, targets: list) -> V.Amount:
    """The number a "for each ..." / "the number of ..." phrase counts as it resolves (608.2h): permanents
    a player controls, or the basic land types among their lands (domain); "A plus the number of B": the sum."""
    what = what.strip()
    if " plus the number of " in what:
        return SumOf(tuple(_count_of(term, who_text, targets) for term in what.split(" plus the number of ")))
    if what in ("attacking creatures", "blocking creatures"):
        return V.Count(parse_filter(what))  # every player's (506.4: creatures attacking or blocking now)
    m = re.fullmatch(r"([a-z+/\-0-9]+) counters on grantor", what)
    if m:  # 613.1f: on the Aura granting the ability (compiler.normalise; bound by rules/continuous.py)
        return V.Count(counters_on_self=m.group(1), grantor=-1)
    m = re.fullmatch(r"cards named cardname in all graveyards", what)
    if m:
        return GraveyardCardCount(named_as_source=True, all_graveyards=True)
    if what.endswith(" in all graveyards"):
        return GraveyardCardCount(_graveyard_filter(what.removesuffix(" in all graveyards") + " in your graveyard"),
                                  all_graveyards=True)
    if what == "cards in your hand":
        return CardsInHand()  # 608.2h: counted as it resolves (Promise of Power's X/X Demon)
    if what.endswith(" in your graveyard"):
        return GraveyardCardCount(_graveyard_filter(what))
    if what in ("basic land type among lands you control", "basic land types among lands you control"):
        return referred_objects.BasicLandTypes()
    if what in ("basic land type among lands they control", "basic land types among lands they control"):
        if who_text not in ("target player", "target opponent"):
            raise Unsupported(what)
        return referred_objects.BasicLandTypes(V.Ref(len(targets) - 1))
    # "other permanent you control with mana value 3 or greater": a quality may follow who controls them
    if not re.search(r" (?:you control|your opponents control|an opponent controls|on the battlefield)"
                     r"(?: with [a-z0-9 +/]+)?$", what):
        raise Unsupported(what)
    return V.Count(parse_filter(what.replace(" on the battlefield", "")))


@template(rf"({_PLAYER_SUBJECT}|you) (gains?|loses?) life equal to the number of (.+)")
def _life_equal_count(m, targets):
    """"You gain life equal to the number of creatures on the battlefield plus the number of artifacts on the
    battlefield" (War Report): "gain X life, where X is the number of ..." (counted as it resolves, 608.2h)."""
    return sub_effects(f"{m.group(1)} {m.group(2)} x life, where x is the number of {m.group(3)}", targets)


@template(r"(cardname|it) deals x damage to (.+), where x is the number of (.+)")
def _damage_count(m, targets):
    """"CARDNAME deals X damage to any target, where X is the number of basic land types among lands you
    control" (Tribal Flames)."""
    effects = sub_effects(f"{m.group(1)} deals x damage to {m.group(2)}", targets)
    if effects and all(isinstance(e, V.DamageAll) for e in effects[:1]) and all(
            isinstance(e, (V.DealDamage, V.DamageAll)) and e.amount == "X" for e in effects):
        pass  # "... to each creature without flying and each player" (Magmasaur)
    elif not effects or any(not isinstance(e, V.DealDamage) or e.amount != "X" for e in effects):
        raise Unsupported(m.string)  # every X of the sentence is the number counted (Sparksmith: two of them)
    own = re.fullmatch(r"([a-z+/\-0-9]+) counters on (?:it|cardname)", m.group(3))
    if own:  # the source that deals the damage: counted as it resolves, or as it last existed (608.2h)
        return [dataclasses.replace(e, amount=V.Count(counters_on_self=own.group(1))) for e in effects]
    count = _count_of(m.group(3), "", targets)
    return [dataclasses.replace(e, amount=count) for e in effects]


_DEVOTION_RX = re.compile(r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))?")


def _number_phrase(phrase: str, targets: list) -> V.Amount:
    """The amount an "equal to ..." phrase names, counted as the effect happens (608.2h): "the number of ...",
    or "your devotion to blue" / "your devotion to black and red" (700.5)."""
    if phrase.startswith("the number of "):
        return _count_of(phrase.removeprefix("the number of "), "", targets)
    m = _DEVOTION_RX.fullmatch(phrase)
    if m is None:
        raise Unsupported(phrase)
    return Devotion(frozenset(COLOR_WORDS[c] for c in m.groups() if c))  # type: ignore[return-value]


@template(r"create a number of (.+?) equal to (.+)")
def _create_a_number(m, targets):
    """"When CARDNAME enters, create a number of 1/0 blue Elemental creature tokens equal to your devotion to
    blue" (Master of Waves), "... equal to the number of ...": that many tokens, counted as it resolves."""
    if re.search(r"\bx\b", m.group(1)):
        raise Unsupported(m.string)
    return _define_x(sub_effects(f"create x {m.group(1)}", targets), _number_phrase(m.group(2), targets), m.string)


# The effects whose handlers count an amount as they resolve (rules/effect_context.amount): only these may
# take a counted amount ("sacrifices X creatures" keeps a number).
_COUNTED_AMOUNTS = frozenset({"DealDamage", "DamageAll", "GainLife", "LoseLife", "Draw", "Discard", "Mill", "Scry",
                              "Surveil", "LookAtTop", "AddCounters", "AddCountersAll", "Bolster", "CreateToken",
                              "CreateTokenCard"})


@template(r"(.+?) for each (.+)")
def _amount_for_each(m, targets):
    """"Create a 1/1 green Elf Warrior creature token for each Elf you control" (Elvish Promenade), "that
    player loses 1 life for each artifact you control": the one amount of the sentence, times the number
    counted as it resolves (608.2h). Sentences with an amount of their own for "for each" come first."""
    effects = sub_effects(m.group(1), targets)
    amounts = [e for e in effects if isinstance(getattr(e, "amount", None), int)
               and not isinstance(e.amount, bool)]
    if len(effects) != 1 or len(amounts) != 1 or type(effects[0]).__name__ not in _COUNTED_AMOUNTS:
        raise Unsupported(m.string)
    count = _count_of(m.group(2), "", targets)
    if not isinstance(count, (V.Count, GraveyardCardCount)):
        raise Unsupported(m.string)
    e = effects[0]
    return [dataclasses.replace(e, amount=dataclasses.replace(count, multiplier=e.amount))]


@template(r"(.+), where x is the number of (.+)")
def _amount_where_x(m, targets):
    """"{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control" (Krenko),
    "draw X cards, where X is the number of ...": every X of the sentence is an effect's amount, counted
    as it resolves (608.2h)."""
    return _define_x(sub_effects(m.group(1), targets), _count_of(m.group(2), "", targets), m.string)


def greatest_among(what: str, text: str) -> referred_objects.GreatestAmong:
    """"the greatest mana value among permanents you control" (608.2h: as it resolves)."""
    m = re.fullmatch(r"the greatest (power|toughness|mana value) among (.+ (?:you control|your opponents control|"
                     r"an opponent controls))", what)
    if not m:
        raise Unsupported(text)
    return referred_objects.GreatestAmong(parse_filter(m.group(2)), m.group(1))


@template(r"(.+), where x is the greatest (power|toughness|mana value) among (.+?)(?:, then (.+))?")
def _amount_where_x_greatest(m, targets):
    """"Scry X, where X is the greatest mana value among permanents you control, then draw three cards"
    (Ugin's Insight): every X of the sentence is the greatest value among those permanents as it resolves
    (608.2h); a "then" clause after the definition is the next effect (608.2c)."""
    value = greatest_among(f"the greatest {m.group(2)} among {m.group(3)}", m.string)
    effects = _define_x(sub_effects(m.group(1), targets), value, m.string)
    return effects + (sub_effects(m.group(4), targets) if m.group(4) else [])


@template(rf"(.+), where x is {N} plus the number of (.+)")
def _amount_where_x_plus(m, targets):
    """"CARDNAME deals X damage to any target, where X is 2 plus the number of cards named CARDNAME in all
    graveyards" (Kindle, Flame Burst): the number counted as it resolves (608.2h), plus N."""
    count = _count_of(m.group(3), "", targets)
    n = amount(m.group(2))
    if not isinstance(count, GraveyardCardCount) or not isinstance(n, int):
        raise Unsupported(m.string)
    return _define_x(sub_effects(m.group(1), targets), dataclasses.replace(count, plus=n), m.string)


def _define_x(effects: list, value: V.Amount, text: str) -> list:
    """Every X of `effects` is `value`: an effect's amount, or an X/X token's size (CreateTokenCard.size)."""
    out = []
    for e in effects:
        if isinstance(e, PumpAllX) and e.x is None:
            out.append(dataclasses.replace(e, x=value))  # "creatures you control get +X/+X, where X is ..." (608.2h)
            continue
        if isinstance(e, PumpX):
            # "target creature gets +X/+0 ..., where X is ...": +1/+0 times that amount as it resolves (608.2h)
            signs = {"+x": 1, "-x": -1, "+0": 0, "-0": 0}
            if e.power not in signs or e.toughness not in signs:
                raise Unsupported(text)  # "+X/+2": not one amount times a fixed change
            out.append(PumpPer(e.target, signs[e.power], signs[e.toughness], value))
            continue
        fields = {f.name: getattr(e, f.name) for f in dataclasses.fields(e)}
        if any(k not in ("amount", "size") and v == "X" for k, v in fields.items()) or (
                fields.get("amount") == "X" and type(e).__name__ not in _COUNTED_AMOUNTS):
            raise Unsupported(text)  # an X that is not an amount ("+X/+X"), or not counted
        out.append(dataclasses.replace(e, **{k: value for k in ("amount", "size") if fields.get(k) == "X"}))
    if out == effects:
        raise Unsupported(text)  # no X to define
    return out


@template(r"(.+), where x is (the sacrificed (?:creature|artifact|permanent)|that creature)'s (power|toughness)")
def _where_x_sacrificed(m, targets):
    """608.2h: "Create X 1/1 green Saproling creature tokens, where X is the sacrificed creature's toughness" (the
    permanent sacrificed for the cost, Korozda Guildmage); "Sacrifice another creature. You gain X life and draw X
    cards, where X is that creature's power" (the one sacrificed earlier in the effect, Disciple of Bolas; with no
    target the words could name, effects_referred._check_sacrificed_this_way makes sure that sacrifice comes first).
    Every X of the sentence is that power or toughness, by last known information."""
    if m.group(2) == "that creature":
        if targets:
            raise Unsupported(m.string)  # "that creature" may be a target
        of = referred_objects.SACRIFICED_THIS_WAY
    else:
        of = referred_objects.SACRIFICED
    return _define_x(sub_effects(m.group(1), targets), referred_objects.ObjectStat(of, m.group(3)), m.string)


@template(r"(.+), where x is that spell's mana value")
def _where_x_spell_mana_value(m, targets):
    """"Whenever you cast a noncreature spell, create an X/X blue Shark creature token with flying, where X
    is that spell's mana value" (Shark Typhoon): the mana value of the spell the trigger refers to (or the
    spell targeted), as it resolves (202.3e: on the stack, X counts)."""
    effects = sub_effects(m.group(1), targets)
    if any(getattr(e, f.name) == V.IT for e in effects for f in dataclasses.fields(e)):
        raise Unsupported(m.string)  # "put X +1/+1 counters on it": "it" may be a token made before (Deekah)
    spells = [i for i, t in enumerate(targets) if t.kind == "spell"]
    if targets and not spells:
        raise Unsupported(m.string)  # "that spell" is none of the targets
    ref = V.Ref(spells[-1]) if spells else V.THAT_SPELL
    return _define_x(effects, referred_objects.ObjectStat(ref, "mana value"), m.string)


@template(rf"(?:(target player|target opponent|you) )?draws? (a card|{N} cards) for each (.+)")
def _draw_for_each(m, targets):
    """"Target player draws a card for each basic land type among lands they control" (Allied Strategies),
    "draw a card for each creature you control"."""
    who = m.group(1) or "you"
    effects = sub_effects("draw a card" if who == "you" else f"{who} draws a card", targets)
    n = 1 if m.group(2) == "a card" else amount(m.group(3))
    if len(effects) != 1 or not isinstance(effects[0], V.Draw) or not isinstance(n, int):
        raise Unsupported(m.string)
    count = _count_of(m.group(4), who, targets)
    if n != 1:
        if not isinstance(count, (V.Count, GraveyardCardCount)):
            raise Unsupported(m.string)
        count = dataclasses.replace(count, multiplier=n)
    return [dataclasses.replace(effects[0], amount=count)]


# ---------------------------------------------------------------------------- tap or untap, copies, hands


@template(r"return (a|an|one) (white|blue|black|red|green) or (white|blue|black|red|green) (creature|permanent) you "
          r"control to its owner's hand")
def _return_two_colors(m, targets):
    """"Return a black or red creature you control to its owner's hand" (chosen as it resolves)."""
    flt = parse_filter(f"{m.group(2)} {m.group(4)} you control")
    both = parse_filter(f"{m.group(3)} {m.group(4)} you control")
    return [V.ReturnChosen(dataclasses.replace(flt, colors=flt.colors | both.colors), 1)]


@template(r"counter target ((?:non)?(?:white|blue|black|red|green)) spell")
def _counter_color(m, targets):
    """701.5a: "Counter target red spell" (a quality of the spell, 115.1)."""
    targets.append(V.TargetSpec("spell", parse_filter(m.group(1)), text=f"target {m.group(1)} spell"))
    return [V.CounterSpell(V.Ref(len(targets) - 1))]


@template(r"return another (.+?) you control to its owner's hand")
def _return_another(m, targets):
    """"Return another creature you control to its owner's hand" (chosen as it resolves, not targeted)."""
    return [V.ReturnChosen(parse_filter(f"another {m.group(1)} you control"), 1)]
