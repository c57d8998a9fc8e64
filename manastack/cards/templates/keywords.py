"""Keyword abilities (CR 702) that need more than a word in the KEYWORDS set, and the
Equipment machinery (301.5, 702.6).

- 702.18 shroud (checked in rules/stack.py target_legal), 702.11 hexproof (idem).
- 702.14 landwalk, 702.28 shadow, 702.36 fear, 702.13 intimidate, 702.31 horsemanship, 702.118
  skulk: evasion, checked in rules/combat.py can_block.
- 702.73 changeling (every creature type) and 702.114 devoid (colorless): characteristic-defining
  abilities, applied in rules/continuous.py in every zone (604.3).
- 702.108 prowess: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of
  turn": a "cast" triggered ability (rules/triggers.py spell_cast, 601.2i).
- 702.16 protection: "protection from black and from red" (two qualities on one line).
- 702.107a outlast [cost]: "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery."
- 702.156a ravenous: "This permanent enters with X +1/+1 counters on it" ("etb_counters") and "When this permanent
  enters, if X is 5 or more, draw a card" (CastXAtLeast, 107.3m).
- 702.131 ascend: on an instant or sorcery the spell ability `AscendNow` (702.131a), on a permanent a static
  ability, StaticAbility kind "ascend" (702.131b); rules/ascend.py.
- 702.6 equip: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
  Activate only as a sorcery."; 701.3 attach.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from ...model.vocab import (
    SELF,
    ActivatedAbility,
    ActivationRestriction,
    AddCounters,
    CardDef,
    Draw,
    ObjectFilter,
    Pump,
    Ref,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
)
from ...model.vocab.ascend import AscendNow
from ...model.vocab.conditions import CastXAtLeast
from ...model.vocab.keyword_actions import (  # noqa: F401 (the vocabulary this module executes)
    Attach,
    CreateAndAttach,
)
from ..compiler import (
    COLOR_WORDS,
    KEYWORDS,
    Unsupported,
    compile_card,
    compile_paragraph,
    early_paragraph_template,
    keyword_template,
    paragraph_template,
    parse_activation_cost,
    parse_keywords,
    sentence_template,
)
from ..draft import CardDraft
from ..object_phrases import parse_target

if TYPE_CHECKING:
    pass

# 205.3m (CR 2026-02-27): the creature types, for changeling (702.73a).
CREATURE_TYPES = frozenset(t.replace("_", " ") for t in """
Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin Assembly-Worker
Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat Bear Beast Beaver Beeble
Beholder Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg Camarid Camel Capybara Caribou Carrier Cat
Centaur Child Chimera Citizen Cleric Clown Cockatrice Construct Coward Coyote Crab Crocodile Custodes Cyberman
Cyclops C'tan Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake
Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk Employee
Eye Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle Germ Giant Gith Glimmer Gnoll Gnome
Goat Goblin God Golem Gorgon Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero
Hippo Hippogriff Homarid Homunculus Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling Inquisitor
Insect Jackal Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold Kor Kraken Lamia Lammasu Leech
Lemur Leviathan Lhurgoyf Licid Lizard Llama Lobster Manticore Masticore Mercenary Merfolk Metathran Minion
Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk Mount Mouse Mutant Myr Mystic Nautilus Necron
Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox
Oyster Pangolin Peasant Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate
Plant Platypus Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit Raccoon Ranger Rat Rebel Reflection
Rhino Rigger Robot Rogue Sable Salamander Samurai Sand Saproling Satyr Scarecrow Scientist Scion Scorpion
Scout Sculpture Seal Serf Serpent Servo Shade Shaman Shapeshifter Shark Sheep Siren Skeleton Skunk Slith
Sliver Sloth Slug Snail Snake Soldier Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit
Splinter Sponge Squid Squirrel Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter
Thrull Tiefling Time_Lord Toy Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Utrom Vampire
Varmint Vedalken Villain Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine
Wombat Worm Wraith Wurm Yeti Zombie Zubera

""".split()) | {"C’tan"}

# 702.14: [type]walk for the basic land types and Desert.
LANDWALK = {"swampwalk": "Swamp", "islandwalk": "Island", "forestwalk": "Forest", "mountainwalk": "Mountain",
            "plainswalk": "Plains", "desertwalk": "Desert"}
EVASION = {"shadow", "fear", "intimidate", "horsemanship", "skulk"}

# (Prowess is a triggered ability: its keyword template adds the trigger, so it is not a plain keyword.)
KEYWORDS.update({"shroud", "changeling", "devoid"} | EVASION | set(LANDWALK))


# --------------------------------------------------------------------------- protection

_COLOR = r"(white|blue|black|red|green)"


@keyword_template(rf"protection from {_COLOR} and from {_COLOR}")
def _protection_two(m: re.Match, out: CardDraft) -> None:
    """702.16a / 702.16g: "protection from black and from red" is two protection abilities."""
    out.protection.extend([m.group(1), m.group(2)])


@paragraph_template(r"[a-z ]+(?:; [a-z ]+)+")
def _semicolon_keywords(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """Older keyword lines separated by semicolons ("Flying; fear", "Defender; reach")."""
    for item in para.rstrip(".").split(";"):
        compile_paragraph(item.strip(), {}, is_spell, out)


# --------------------------------------------------------------------------- prowess (702.108)

# 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn." A
# "cast" trigger (rules/triggers.py spell_cast, 601.2i); each instance triggers separately (702.108b).
PROWESS = TriggeredAbility("Prowess", "cast", (Pump(SELF, 1, 1),),
                           filter=ObjectFilter(non_types=frozenset({"Creature"})), who="you")


@keyword_template(r"prowess")
def _prowess(m: re.Match, out: CardDraft) -> None:
    out.keywords.add("prowess")
    out.abilities.append(PROWESS)


# --------------------------------------------------------------------------- bushido (702.45)


@keyword_template(r"bushido (\d+)")
def _bushido(m: re.Match, out: CardDraft) -> None:
    """702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn."
    A creature that blocks never becomes blocked in the same combat, so the two trigger events of
    rules/triggers.py ("blocks", "becomes_blocked") together are the one ability."""
    n = int(m.group(1))
    text = f"Bushido {n}"
    out.abilities.append(TriggeredAbility(text, "blocks", (Pump(SELF, n, n),)))
    out.abilities.append(TriggeredAbility(text, "becomes_blocked", (Pump(SELF, n, n),)))


# --------------------------------------------------------------------------- attach / equip


_CREATURE_YOU_CONTROL = ObjectFilter(types=frozenset({"Creature"}), controller="you")


def equip_ability(text: str, cost_text: str, flt: ObjectFilter = _CREATURE_YOU_CONTROL,
                  what: str = "creature") -> ActivatedAbility:
    cost = parse_activation_cost(cost_text)
    spec = TargetSpec("permanent", flt, text=f"target {what} you control")
    return ActivatedAbility(text, cost, (Attach(Ref(0)),), (spec,), sorcery_speed=True)


_EQUIP_COST = r"((?:\{[0-9wubrgc]+(?:/[wubrgp])?\})+|pay \d+ life)"


@paragraph_template(rf"equip(?: ([a-z]+?)(?: creature)?)?(?: |—){_EQUIP_COST}")
def _equip(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.6a: "Equip [cost]"; 702.6c: "Equip [quality] creature [cost]" (a creature type)."""
    quality = m.group(1)
    flt, what = _CREATURE_YOU_CONTROL, "creature"
    if quality:
        sub = quality.capitalize()
        if sub not in CREATURE_TYPES:
            raise Unsupported(para)
        flt = ObjectFilter(types=frozenset({"Creature"}), subtypes=frozenset({sub}), controller="you")
        what = f"{quality} creature"
    out.abilities.append(equip_ability(para.strip(), m.group(2), flt, what))


@paragraph_template(r"when (?:this equipment|cardname) enters(?: the battlefield)?, attach it to target creature you control"
                    r"(?:\. that creature gains (.+) until end of turn)?")
def _equipment_etb_attach(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"When this Equipment enters, attach it to target creature you control[. That creature gains
    first strike until end of turn.]" (603.6a, 701.3a, 611.2)."""
    spec = TargetSpec("permanent", _CREATURE_YOU_CONTROL, text="target creature you control")
    effects: tuple = (Attach(Ref(0)),)
    if m.group(1):
        kws = parse_keywords(m.group(1))
        if kws is None:
            raise Unsupported(para)
        effects += (Pump(Ref(0), 0, 0, kws),)
    out.abilities.append(TriggeredAbility(para, "etb", effects, (spec,)))


def creature_token(power: int, toughness: int, colors: str, subtypes: str) -> CardDef:
    """A creature token (111.4: named for its subtypes)."""
    cd = _tokens.get((power, toughness, colors, subtypes))
    if cd is None:
        base = compile_card({"name": subtypes, "mana_cost": "", "type_line": f"Creature — {subtypes}",
                             "oracle_text": "", "power": str(power), "toughness": str(toughness)})
        cd = dataclasses.replace(base, is_token=True, colors=frozenset(colors),
                                 type_line=f"Token Creature — {subtypes}")
        _tokens[(power, toughness, colors, subtypes)] = cd
    return cd


_tokens: dict = {}
_LIVING_WEAPON_TEXT = "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this to it."
_FOR_MIRRODIN_TEXT = "When this Equipment enters, create a 2/2 red Rebel creature token, then attach this to it."


@keyword_template(r"living weapon")
def _living_weapon(m: re.Match, out: CardDraft) -> None:
    """702.92a."""
    out.abilities.append(TriggeredAbility(_LIVING_WEAPON_TEXT, "etb",
                                             (CreateAndAttach(creature_token(0, 0, "B", "Phyrexian Germ")),)))


@keyword_template(r"for mirrodin!")
def _for_mirrodin(m: re.Match, out: CardDraft) -> None:
    """702.163a."""
    out.abilities.append(TriggeredAbility(_FOR_MIRRODIN_TEXT, "etb",
                                             (CreateAndAttach(creature_token(2, 2, "R", "Rebel")),)))


_TOKEN_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": ""}


@paragraph_template(r"when (?:this equipment|cardname) enters(?: the battlefield)?, create an? (\d+)/(\d+) "
                    r"(white|blue|black|red|green|colorless) ([a-z]+(?: [a-z]+)?) creature token, then attach "
                    r"(?:this equipment|cardname|it) to it")
def _equipment_etb_token(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    subs = " ".join(w.capitalize() for w in m.group(4).split())
    if any(w not in CREATURE_TYPES for w in subs.split()):
        raise Unsupported(para)
    out.abilities.append(TriggeredAbility(
        para, "etb", (CreateAndAttach(creature_token(int(m.group(1)), int(m.group(2)), _TOKEN_COLORS[m.group(3)],
                                                     subs)),)))


@sentence_template(r"attach (?:it|cardname|this equipment) to (target creature(?: you control| an opponent controls)?)")
def _attach_sentence(m: re.Match, targets: list) -> list:
    """"attach it to target creature you control" (701.3a), "{1}: Attach this Equipment to target
    creature an opponent controls" (Bloodthirsty Blade)."""
    ref = parse_target(m.group(1), targets)
    assert isinstance(ref, Ref)
    return [Attach(ref)]


@sentence_template(r"equip only as a sorcery")
def _equip_only_as_sorcery(m: re.Match, targets: list) -> list:
    """The older wording of "Activate only as a sorcery" (602.5d) on Equipment."""
    return [ActivationRestriction("sorcery")]


__all__ = ["CREATURE_TYPES", "LANDWALK", "EVASION", "Attach", "PROWESS", "COLOR_WORDS"]


@keyword_template(r"ravenous")
def _ravenous(m: re.Match, out: CardDraft) -> None:
    """702.156a: a replacement effect as it enters (614.1c) and an enters trigger with an intervening "if" (603.4)."""
    out.abilities.append(StaticAbility("Ravenous (X +1/+1 counters)", "etb_counters", counter_kind="+1/+1", amount="X"))
    out.abilities.append(TriggeredAbility("Ravenous (When this permanent enters, if X is 5 or more, draw a card.)", "etb",
                                          (Draw(1),), intervening=CastXAtLeast(5)))


@paragraph_template(r"outlast ((?:\{[0-9wubrgc]+(?:/[wubrg])?\})+)")
def _outlast(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.107a: "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery" (a sorcery-speed
    activated ability)."""
    if is_spell:
        raise Unsupported(para)
    cost = parse_activation_cost(m.group(1) + ", {t}")
    out.abilities.append(ActivatedAbility(f"Outlast {m.group(1).upper()}", cost, (AddCounters("+1/+1", 1),),
                                          sorcery_speed=True))


@early_paragraph_template(r"ascend")
def _ascend(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.131a-b: the spell gets the city's blessing as it resolves, in its text's order; a permanent's
    controller gets it any time they control ten or more permanents (rules/ascend.py)."""
    if is_spell:
        out.spell_effects.append(AscendNow())
    else:
        out.abilities.append(StaticAbility(para, "ascend"))
