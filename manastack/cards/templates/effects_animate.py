"""Effect sentences that make a land a creature until end of turn ("manlands"); executed by
rules/animate.py (`BecomeCreature`), applied in layers 4, 5, 6 and 7b by rules/continuous.py.

- "CARDNAME becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land."
  (Mishra's Factory), "Until end of turn, CARDNAME becomes a 4/4 white and blue Elemental creature with
  flying and vigilance. It's still a land." (Celestial Colonnade), "... a 2/2 creature with all creature
  types ..." (Mutavault), "target land you control becomes ... that's still a land".
- "CARDNAME becomes a 3/3 Knight creature with first strike" (no duration: lasting, 611.2a; its new types replace
  the old ones, 205.1a); "..., if CARDNAME is an enchantment, it becomes ..." (the Opals: "it" is CARDNAME).
- "It's still a land" (205.1b: the new types are added to the old ones) is required: without it the
  effect would replace the land's types (205.1a), which is not supported, so such a sentence is refused.
- "Until end of turn, target creature loses all abilities [and has base power and toughness 0/1 / and becomes
  a blue Frog with base power and toughness 1/1]"
  (Humble; 613.1f, 613.4b): `LoseAllAbilities`.
- "Switch target creature's power and toughness until end of turn" (Twisted Image; 613.4d):
  `SwitchPowerToughness`.
- "Target artifact creature becomes blue until end of turn" (Grand Architect; 613.1e): `BecomeColor`.
- "CARDNAME [gets +1/+1 and] becomes the color of your choice until end of turn" (Caldera Kavu, Wild Mongrel;
  608.2c, 613.1e): `BecomeChosenColor` (after the `Pump`).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab.animate import (
    Animation,
    BecomeChosenColor,
    BecomeColor,
    BecomeCreature,
    BecomeCreatureEach,
    LoseAllAbilities,
    SwitchPowerToughness,
)
from ...model.vocab.ending_effects import BecomeAuraUntilPaid
from ...model.vocab.keyword_actions import Attach
from ...model.vocab.timing_permissions import UNTIL_YOUR_NEXT_TURN
from ..compiler import COLOR_WORDS, EFFECTS_CHECKS, Unsupported, compile_paragraph, paragraph_template
from ..draft import CardDraft
from .effects_common import keywords_of, parse_filter, target, template
from .keywords import CREATURE_TYPES

_TYPE_NAMES = {t.lower(): t for t in CREATURE_TYPES}
_COLOR = "|".join(COLOR_WORDS)


@dataclass(frozen=True, slots=True)
class _StillALand(V.Effect):
    """The sentence "It's still a land": folded into the BecomeCreature before it (never executed)."""


def parse_animation(pt_p: str, pt_t: str, words: str, with_: str | None) -> tuple[Animation, tuple[str, ...]]:
    """"white and blue elemental" / "phyrexian blinkmoth artifact" + "with flying and infect" →
    (Animation, keywords). Raises Unsupported."""
    ws = words.split()
    colors: set[str] = set()
    while ws and (ws[0] in COLOR_WORDS or ws[0] == "and"):
        w = ws.pop(0)
        if w != "and":
            colors.add(COLOR_WORDS[w])
    if ws and ws[0] == "colorless":
        raise Unsupported(words)  # "colorless" sets no color: not needed by the lands covered here
    types = {"Creature"}
    if ws and ws[-1] == "artifact":
        ws.pop()
        types.add("Artifact")
    subtypes = set()
    for w in ws:
        if w not in _TYPE_NAMES:
            raise Unsupported(words)
        subtypes.add(_TYPE_NAMES[w])
    all_types = False
    kws: tuple[str, ...] = ()
    if with_:
        if with_ == "all creature types":
            all_types = True
        else:
            m = re.fullmatch(r"all creature types and (.+)", with_)
            if m:
                all_types = True
                with_ = m.group(1)
            kws = keywords_of(with_)
    return Animation(frozenset(types), frozenset(subtypes), all_types, frozenset(colors) or None,
                     int(pt_p), int(pt_t)), kws


_ARTIFACT_SUBJECTS = ("that artifact", "target noncreature artifact", "target noncreature artifact you control")


@template(rf"(until end of turn, )?(cardname|target (?:snow )?(?:land|forest|island|swamp|mountain|plains)(?: you control)?|"
          rf"that land|that artifact|target noncreature artifact(?: you control)?) becomes an? (\d+)/(\d+) "
          rf"((?:(?:{_COLOR}|and|[a-z'-]+) )*?)creature(?: with (.+?))?( until end of turn| for as long as cardname remains on "
          rf"the battlefield)?( that's still a land)?")
def _becomes_creature(m: re.Match, targets: list) -> list:
    """613.1d-f, 613.4b: a land becomes a creature with set P/T, colors and keywords until end of turn, or
    with no duration for as long as it stays on the battlefield (611.2a: "That artifact becomes a 0/0
    Homunculus artifact creature with flying", Kenku Artificer). A noncreature artifact that becomes an
    "artifact creature" keeps its card types as a land that's "still a land" does (205.1a-b); CARDNAME
    becoming a creature with no duration and nothing kept is that creature only (205.1a: Opal Champion is
    no longer an enchantment)."""
    if m.group(1) and m.group(7):
        raise Unsupported(m.string)  # "until end of turn" twice
    animation, kws = parse_animation(m.group(3), m.group(4), m.group(5), m.group(6))
    subject = m.group(2)
    if subject == "cardname" and not m.group(1) and not m.group(7) and not m.group(8):  # (the source itself)
        return [BecomeCreature(V.SELF, dataclasses.replace(animation, replace_types=True), kws, "permanent")]
    if subject in _ARTIFACT_SUBJECTS and ("Artifact" not in animation.types or m.group(8)):
        raise Unsupported(m.string)  # an artifact that would stop being one (205.1a)
    # 611.2b: "for as long as CARDNAME remains on the battlefield" (Awakener Druid) ends when the source leaves
    until = "while_source" if m.group(7) and m.group(7).startswith(" for") else (
        "eot" if m.group(1) or m.group(7) else "permanent")
    if until == "while_source" and (m.group(1) or subject == "cardname"):
        raise Unsupported(m.string)
    # 205.1b: "CARDNAME becomes a 1/1 ... Soldier artifact creature until end of turn" (Boros Keyrune) keeps
    # its card types and its subtypes other than creature types, which the new ones replace
    artifact_creature = subject == "cardname" and not m.group(8) and "Artifact" in animation.types
    if artifact_creature:
        animation = dataclasses.replace(animation, replaces_creature_types=bool(animation.subtypes))
    out: list = [BecomeCreature(target(subject, targets), animation, kws, until)]
    if m.group(8) or subject in _ARTIFACT_SUBJECTS:
        out.append(_StillALand())
    return out


@template(r"(until end of turn, |until your next turn, )?((?:up to one )?target noncreature artifact(?: you control)?|that artifact) "
          r"becomes an artifact creature with power and toughness each equal to its mana value( until end of turn)?")
def _becomes_mana_value_creature(m: re.Match, targets: list) -> list:
    """613.1d / 613.4b: "Until your next turn, up to one target noncreature artifact becomes an artifact creature
    with power and toughness each equal to its mana value" (Karn, the Great Creator): its types are kept (205.1b),
    its base P/T is its mana value (202.3) for the duration."""
    if m.group(1) and m.group(3):
        raise Unsupported(m.string)  # two durations
    until = UNTIL_YOUR_NEXT_TURN if m.group(1) == "until your next turn, " else (
        "eot" if m.group(1) or m.group(3) else "permanent")
    animation = Animation(frozenset({"Artifact", "Creature"}), pt_mana_value=True)
    return [BecomeCreature(target(m.group(2), targets), animation, (), until), _StillALand()]


@template(rf"until end of turn, each (.+? you control) becomes an? (\d+)/(\d+) ((?:(?:{_COLOR}|and|[a-z'-]+) )*?)creature"
          rf"(?: with (.+?))?(?: and gains (.+))?")
def _each_becomes_creature(m: re.Match, targets: list) -> list:
    """613.1d-f, 613.4b: "Until end of turn, each planeswalker you control becomes a 4/4 red Dragon creature and gains
    flying" (Sarkhan the Masterless): each of them, its card types and subtypes replaced (205.1a; an "artifact
    creature" keeps them, 205.1b). Lands are refused (205.1a would take their land types: not modelled)."""
    if m.group(5) and m.group(6):
        raise Unsupported(m.string)
    flt = parse_filter(m.group(1))
    if "Land" in flt.types or not (flt.types or flt.subtypes):
        raise Unsupported(m.string)
    animation, kws = parse_animation(m.group(2), m.group(3), m.group(4), m.group(5) or m.group(6))
    if "Artifact" in animation.types:
        animation = dataclasses.replace(animation, replaces_creature_types=bool(animation.subtypes))
    else:
        animation = dataclasses.replace(animation, replace_types=True)
    return [BecomeCreatureEach(flt, animation, kws)]


@template(r"until end of turn, cardname becomes an? ((?:[a-z'-]+ )*?)creature in addition to its other types and gains "
          r"[\"“]cardname's power and toughness are each equal to the number of ([a-z]+) counters on it\.?[\"”]")
def _becomes_counted_creature(m: re.Match, targets: list) -> list:
    """613.1d / 613.4b: "Until end of turn, CARDNAME becomes a Monk Avatar creature in addition to its other types
    and gains "This creature's power and toughness are each equal to the number of lore counters on it.""
    (Myth Realized): its types kept (205.1b), its base power and toughness the counters on it (layer 7b)."""
    animation, _ = parse_animation("0", "0", m.group(1), None)
    return [BecomeCreature(V.SELF, dataclasses.replace(animation, pt_counters=m.group(2)), (), "eot"), _StillALand()]


_ONE_COLOR = "white|blue|black|red|green"


@template(rf"(until end of turn, )?(.+?) becomes ((?:{_ONE_COLOR})(?: and (?:{_ONE_COLOR}))?|colorless)( until end of turn)?")
def _becomes_color(m: re.Match, targets: list) -> list:
    """613.1e (layer 5): "Target artifact creature becomes blue until end of turn" (Grand Architect),
    "CARDNAME becomes colorless until end of turn" (105.2c); "until end of turn" exactly once."""
    if bool(m.group(1)) == bool(m.group(4)):
        raise Unsupported(m.string)
    n = len(targets)
    who = target(m.group(2), targets)
    if isinstance(who, V.Ref) and (who.index < n - 1 or targets[who.index].kind != "permanent"):
        raise Unsupported(m.string)  # a spell, a player, or an object of an earlier sentence
    if not isinstance(who, V.Ref) and who != V.SELF:
        raise Unsupported(m.string)
    colors = frozenset() if m.group(3) == "colorless" else frozenset(COLOR_WORDS[c] for c in m.group(3).split(" and "))
    return [BecomeColor(who, colors)]


@template(r"(cardname|target creature)(?: gets ([+-]\d+)/([+-]\d+) and)? becomes the color of your choice until end of turn")
def _becomes_chosen_color(m: re.Match, targets: list) -> list:
    """608.2c / 613.1e: one color chosen as it resolves; with "gets +1/+1 and", the pump too (611.2a)."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    out: list = [V.Pump(who, int(m.group(2)), int(m.group(3)), (), "eot")] if m.group(2) else []
    return out + [BecomeChosenColor(who)]


@template(r"(until end of turn, )?(target creature|target artifact or creature|cardname|it|enchanted creature|equipped creature)"
          rf" loses all abilities(?: and (?:has|becomes an? ((?:{_COLOR}) [a-z'-]+)( creature)? with) base power and toughness"
          r" (\d+)/(\d+))?( until end of turn)?")
def _loses_all_abilities(m: re.Match, targets: list) -> list:
    """613.1f (and 613.4b): "Until end of turn, target creature loses all abilities and has base power and
    toughness 0/1", "... and becomes a blue Frog with base power and toughness 1/1" (its color set, 613.1e,
    and its creature types replaced, 205.1a); "until end of turn" exactly once, or none after "becomes a
    green Elk creature with base power and toughness 3/3" (Oko, Thief of Crowns: lasting, 611.2a; its card
    types replaced by Creature, 205.1a)."""
    becomes_creature = bool(m.group(4))
    if m.group(1) and m.group(7) or not (m.group(1) or m.group(7) or becomes_creature):
        raise Unsupported(m.string)  # "until end of turn" twice, or a lasting "loses all abilities" alone
    if m.group(2) == "target artifact or creature" and not becomes_creature:
        raise Unsupported(m.string)  # an artifact given a base power and toughness only: not a creature
    base_pt = (int(m.group(5)), int(m.group(6))) if m.group(5) else None
    colors: frozenset[str] | None = None
    subtypes: frozenset[str] = frozenset()
    if m.group(3):
        color, kind = m.group(3).split()
        if kind not in _TYPE_NAMES:
            raise Unsupported(m.string)
        colors, subtypes = frozenset({COLOR_WORDS[color]}), frozenset({_TYPE_NAMES[kind]})
    until = "eot" if m.group(1) or m.group(7) else "permanent"  # 611.2a: Oko's Elk stays one
    return [LoseAllAbilities(target(m.group(2), targets), base_pt, colors, subtypes, becomes_creature, until)]


@template(rf"(until end of turn, )?(cardname|target creature(?: you control| an opponent controls)?) becomes an? "
          rf"(?:((?:{_COLOR})(?: and (?:{_COLOR}))?) )?((?:[a-z'-]+ )*?[a-z'-]+) with base power and toughness "
          r"(\d+)/(\d+)(?:, ([a-z ,]+?))?( until end of turn)?")
def _becomes_creature_types(m: re.Match, targets: list) -> list:
    """613.1d-e, 613.4b: "Until end of turn, target creature becomes a blue Serpent with base power and toughness
    4/4" (Startling Development), "CARDNAME becomes a Kithkin Spirit with base power and toughness 2/2" (Figure of
    Destiny: no duration, 611.2a): its creature types replaced by these (205.1a), its color set if one is named
    (layer 5), its base power and toughness set (layer 7b); keywords after a comma are gained (layer 6)."""
    if m.group(1) and m.group(8):
        raise Unsupported(m.string)  # "until end of turn" twice
    words = m.group(4).split()
    if not all(w in _TYPE_NAMES for w in words):
        raise Unsupported(m.string)  # a card type ("artifact creature") keeps its other types (205.1b): not here
    colors = frozenset(COLOR_WORDS[c] for c in m.group(3).split(" and ")) if m.group(3) else None
    keywords = keywords_of(m.group(7)) if m.group(7) else ()
    animation = Animation(frozenset(), frozenset(_TYPE_NAMES[w] for w in words), colors=colors,
                          power=int(m.group(5)), toughness=int(m.group(6)), replaces_creature_types=True)
    until = "eot" if m.group(1) or m.group(8) else "permanent"
    return [BecomeCreature(target(m.group(2), targets), animation, keywords, until)]


@template(r"switch (target creature's|cardname's|its) power and toughness until end of turn")
def _switch_pt(m: re.Match, targets: list) -> list:
    """613.4d (layer 7d)."""
    who = {"target creature's": "target creature", "cardname's": "cardname", "its": "it"}[m.group(1)]
    return [SwitchPowerToughness(target(who, targets))]


@template(r"it's still a land")
def _still_a_land(m: re.Match, targets: list) -> list:
    """205.1b: the preceding "becomes a ... creature" keeps the land's types."""
    return [_StillALand()]


@dataclass(frozen=True, slots=True)
class _TheyBecome(V.Effect):
    """Compile-time marker: "They become 6/6 Elemental creatures" after "untap up to six target lands" (folded by
    _fold_they_become into one BecomeCreature per target)."""

    animation: Animation
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _TheyreStillLands(V.Effect):
    """Compile-time marker: "They're still lands" (205.1b) after _TheyBecome."""


@template(r"they become (\d+)/(\d+) ((?:[a-z'-]+ )*?)creatures(?: with (.+?))?")
def _they_become(m: re.Match, targets: list) -> list:
    """"Untap up to six target lands. They become 6/6 Elemental creatures. They're still lands." (Nissa, Sage
    Animist): "they" are the targets of the sentence before (608.2c); no duration (611.2a: lasting)."""
    animation, kws = parse_animation(m.group(1), m.group(2), m.group(3).strip(), m.group(4))
    return [_TheyBecome(animation, kws)]


@template(r"they're still lands")
def _theyre_still_lands(m: re.Match, targets: list) -> list:
    return [_TheyreStillLands()]


def _fold_they_become(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: _TheyBecome, right after effects on targeted lands and followed by "They're still
    lands", becomes a lasting BecomeCreature of each of those targets (each then "still a land", 205.1b)."""
    i = 0
    while i < len(effects):
        e = effects[i]
        if isinstance(e, _TheyreStillLands) and not (i and isinstance(effects[i - 1], _TheyBecome)):
            raise Unsupported("they're still lands")
        if not isinstance(e, _TheyBecome):
            i += 1
            continue
        refs: list[V.Ref] = []
        j = i - 1
        while j >= 0 and isinstance(effects[j], V.TapUntap) and isinstance(effects[j].target, V.Ref):
            refs.insert(0, effects[j].target)
            j -= 1
        if not refs or i + 1 >= len(effects) or not isinstance(effects[i + 1], _TheyreStillLands) \
                or any("Land" not in targets[r.index].filter.types for r in refs):
            raise Unsupported("they become ...: not the target lands of the sentence before")
        new: list = []
        for r in refs:
            new += [BecomeCreature(r, e.animation, e.keywords, "permanent"), _StillALand()]
        effects[i:i + 2] = new
        i += len(new)


EFFECTS_CHECKS.append(_fold_they_become)


def _fold_still_a_land(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: each BecomeCreature that keeps the old types must be followed by "It's still a
    land" (folded away); a lone "It's still a land" is refused (so is one after a BecomeCreature whose types
    replace the old ones). Effects nested in "if you do" are checked the same."""
    i = 0
    while i < len(effects):
        e = effects[i]
        if isinstance(e, V.IfYouDo | V.Optional):
            inner = list(e.effects)
            _fold_still_a_land(inner, targets)
            effects[i] = dataclasses.replace(e, effects=tuple(inner))
        elif isinstance(e, BecomeCreature) and not e.animation.replace_types and e.animation.types:
            # (no card type added: a creature's creature types, color and base power and toughness set)
            if i + 1 < len(effects) and isinstance(effects[i + 1], _StillALand):
                del effects[i + 1]
            elif not (e.target == V.SELF and "Artifact" in e.animation.types):
                # 205.1b: CARDNAME becoming an "artifact creature" keeps its types without it
                raise Unsupported("becomes a creature without \"it's still a land\" (205.1a)")
        elif isinstance(e, _StillALand):
            raise Unsupported("it's still a land")
        i += 1


EFFECTS_CHECKS.append(_fold_still_a_land)


@paragraph_template(r"((?:when|whenever) .+?), if cardname is an? (enchantment|artifact|creature|land), it becomes (.+)")
def _if_it_is_then_it_becomes(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"When an opponent casts a creature spell, if CARDNAME is an enchantment, it becomes a 3/3 Knight creature
    with first strike": "it" is CARDNAME (the intervening clause's subject, 603.4), not the spell."""
    n = len(out.abilities)
    compile_paragraph(f"{m.group(1)}, if cardname is an {m.group(2)}, cardname becomes {m.group(3)}", {}, is_spell, out)
    out.abilities[n:] = [dataclasses.replace(ab, text=para) for ab in out.abilities[n:]]


# --- the Licids: "becomes an Aura enchantment with enchant creature" until its controller pays (116.2c) -----------

@dataclass(frozen=True, slots=True)
class _BecomesAura(V.Effect):
    """"CARDNAME loses this ability and becomes an Aura enchantment with enchant creature": the first sentence of a
    BecomeAuraUntilPaid (`_fold_licid`)."""

    enchant: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class _PayToEnd(V.Effect):
    """"You may pay {G} to end this effect" (116.2c), the last sentence of a BecomeAuraUntilPaid."""

    cost: str


@template(r"cardname loses this ability and becomes an aura enchantment with enchant (creature)")
def _becomes_aura(m, targets):
    return [_BecomesAura(V.ObjectFilter(types=frozenset({"Creature"})))]


@template(r"you may pay ((?:\{[0-9wubrg]\})+) to end this effect")
def _pay_to_end(m, targets):
    return [_PayToEnd(m.group(1).upper())]


def _fold_licid(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: "CARDNAME loses this ability and becomes an Aura enchantment with enchant creature.
    Attach it to target creature. You may pay {G} to end this effect." is one BecomeAuraUntilPaid (rules/
    ending_effects.py); any part without the others is refused."""
    if not any(isinstance(e, (_BecomesAura, _PayToEnd)) for e in effects):
        return
    if len(effects) != 3 or not isinstance(effects[0], _BecomesAura) or not isinstance(effects[1], Attach) \
            or not isinstance(effects[2], _PayToEnd) or effects[1].target != V.Ref(0) or len(targets) != 1:
        raise Unsupported("the Licid's becoming an Aura: not the three sentences")
    effects[:] = [BecomeAuraUntilPaid(V.Ref(0), effects[2].cost, effects[0].enchant)]


EFFECTS_CHECKS.append(_fold_licid)
