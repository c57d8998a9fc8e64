"""Shared parsing for the effect templates (effects_*.py, triggers.py): object phrases ("another
target nontoken creature with power 4 or greater an opponent controls"), targets, amounts and
sub-sentences. No templates are registered here.

Subtypes are the lists of CR 205.3g-i and 205.3m.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from ...model import vocab as V
from ..compiler import (
    CARD_CHECKS,
    CARD_TYPES,
    COLOR_WORDS,
    KEYWORDS,
    NUMBERS,
    SENTENCE_TEMPLATES,
    Unsupported,
    later_template,
    number,
    parse_effect_sentence,
    parse_keywords,
    sentence_template,
)
from ..draft import CardDraft
from ..object_phrases import parse_target

CREATURE_TYPES = CREATURE_TYPES_TEXT = (
    "Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin "
    "Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat Bear "
    "Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg Camarid Camel "
    "Capybara Caribou Carrier Cat Centaur Child Chimera Citizen Cleric Clown Cockatrice Construct Coward "
    "Coyote Crab Crocodile C’tan Custodes Cyberman Cyclops Dalek Dauthi Demigod Demon Deserter Detective "
    "Devil Dinosaur Djinn Doctor Dog Dragon Drake Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet "
    "Egg Elder Eldrazi Elemental Elephant Elf Elk Employee Eye Faerie Ferret Fish Flagbearer Fox Fractal "
    "Frog Fungus Gamer Gargoyle Germ Giant Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon "
    "Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero Hippo Hippogriff "
    "Homarid Homunculus Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling Inquisitor Insect "
    "Jackal Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold Kor Kraken Llama Lamia Lammasu "
    "Leech Lemur Leviathan Lhurgoyf Licid Lizard Lobster Manticore Masticore Mercenary Merfolk Metathran "
    "Minion Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk Mount Mouse Mutant Myr Mystic "
    "Nautilus Necron Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb "
    "Orc Orgg Otter Ouphe Ox Oyster Pangolin Peasant Pegasus Pentavite Performer Pest Phelddagrif Phoenix "
    "Phyrexian Pilot Pincher Pirate Plant Platypus Porcupine Possum Praetor Primarch Prism Processor Qu "
    "Rabbit Raccoon Ranger Rat Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander Samurai Sand "
    "Saproling Satyr Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo Shade "
    "Shaman Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver Sloth Slug Snail Snake Soldier "
    "Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Squid Squirrel "
    "Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Toy "
    "Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Utrom Vampire Varmint Vedalken Villain "
    "Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm "
    "Wraith Wurm Yeti Zombie Zubera "
)
OTHER_SUBTYPES_TEXT = (
    "Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator Infinity "
    "Junk Lander Map Mutagen Powerstone Spacecraft Stone Treasure Vehicle Aura Background Cartouche Case "
    "Class Curse Role Room Rune Saga Shard Shrine Cave Desert Forest Gate Island Lair Locus Mine Mountain "
    "Plains Planet Power-Plant Sphere Swamp Tower Town Urza’s "
    "Adventure Arcane Chorus Lesson Omen Trap "  # 205.3k: spell types
)


def _plural(w: str) -> str:
    if w.endswith("f"):
        return w[:-1] + "ves"
    if w.endswith(("s", "x", "ch", "sh")):
        return w + "es"
    if w.endswith("y") and w[-2:-1] not in "aeiou":
        return w[:-1] + "ies"
    return w + "s"


SUBTYPES: dict[str, str] = {}
for _t in (CREATURE_TYPES_TEXT + OTHER_SUBTYPES_TEXT).split():
    _name = _t.replace("_", " ").replace("’", "'")
    SUBTYPES[_name.lower()] = _name
    SUBTYPES.setdefault(_plural(_name.lower()), _name)
SUBTYPES.update({"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "mice": "Mouse", "faeries": "Faerie",
                 "merfolk": "Merfolk", "plains": "Plains"})
CREATURE_TYPE_SET = frozenset(t.replace("_", " ") for t in CREATURE_TYPES_TEXT.split())

_TYPE_PLURALS = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
                 "lands": "land", "planeswalkers": "planeswalker", "permanents": "permanent",
                 "instants": "instant", "sorceries": "sorcery", "battles": "battle", "spells": "spell",
                 "cards": "card", "tokens": "token"}
N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"


def amount(word: str) -> int | str:
    try:
        return number(word)
    except KeyError:
        raise Unsupported(word) from None


def article_filter(m: re.Match) -> V.ObjectFilter:
    """The filter of a template whose group 1 is the article ("a", "an", "another": not the source
    itself) and group 2 the object phrase ("whenever another creature you control dies")."""
    return parse_filter(("another " if m.group(1) == "another" else "") + m.group(2))


def parse_filter(phrase: str, allow_card: bool = False) -> V.ObjectFilter:
    """An object phrase ("nontoken creature an opponent controls", "creatures you control",
    "artifact or enchantment", "basic land card") → a filter. Raises Unsupported."""
    q = phrase.strip().lower()
    # "creature you control with power 4 or greater" says what "creature with power 4 or greater you
    # control" says: the controller suffix is read last.
    q = re.sub(r"^(.+?) (you control|an opponent controls|you don't control|your opponents control) "
               r"((?:with|without) .+)$", r"\1 \3 \2", q)
    p = " " + re.sub(r"\b(non[a-z-]+), (?=non)", r"\1 ", q) + " "
    kw: dict = {}
    plus: dict = {}
    for suffix, who in ((" you control ", "you"), (" you don't control ", "opponent"),
                        (" an opponent controls ", "opponent"), (" your opponents control ", "opponent"),
                        (" opponents control ", "opponent"), (" you own ", "you")):
        if p.endswith(suffix):
            p = p[: -len(suffix)] + " "
            kw["controller"] = who
            break
    # "with" / "without" qualities at the end.
    while True:
        m = re.search(r" with (power|toughness|mana value) (\d+) or (greater|less) $", p)
        if m:
            n = int(m.group(2))
            key = {("power", "greater"): "power_min", ("power", "less"): "power_max",
                   ("toughness", "less"): "toughness_max", ("toughness", "greater"): "toughness_min",
                   ("mana value", "greater"): "min_mana_value"}.get(
                (m.group(1), m.group(3)))
            if m.group(1) == "mana value" and m.group(3) == "less":
                kw["max_mana_value"] = n
            elif key is None:
                raise Unsupported(phrase)
            else:
                plus[key] = n
            p = p[: m.start()] + " "
            continue
        m = re.search(r" with (?:an? ([a-z+\-0-9/]+) counter|one or more ([a-z+\-0-9/]+) counters|(a) counter) on (?:it|them) $", p)
        if m:
            # 122.1: "creature with a +1/+1 counter on it", "permanent with a counter on it"
            plus["with_counter"] = "any" if m.group(3) else (m.group(1) or m.group(2))
            p = p[: m.start()] + " "
            continue
        m = re.search(r" with (?:a cycling ability|cycling abilities|cycling) $", p)
        if m:
            plus["with_cycling"] = True  # 702.29a/f: "card with a cycling ability" (Zenith Flare)
            p = p[: m.start()] + " "
            continue
        m = re.search(r" with no (?:([a-z+\-0-9/]+) )?counters on (?:it|them) $", p)
        if m:
            # 122.1: "creature with no counters on it" (Heartless Act), "with no +1/+1 counters on it"
            plus["without_counter"] = m.group(1) or "any"
            p = p[: m.start()] + " "
            continue
        m = re.search(r" with(out)? ([a-z ]+?) $", p)
        if m and m.group(2) in KEYWORDS:
            plus["non_keywords" if m.group(1) else "keywords"] = frozenset({m.group(2)})
            p = p[: m.start()] + " "
            continue
        m = re.search(r" with(out)? ((?:[a-z ]+?, )+(?:or )?[a-z ]+?|[a-z ]+? or [a-z ]+?) $", p)
        if m and all(k in KEYWORDS for k in re.split(r", or |, | or ", m.group(2))):
            # "creature card with deathtouch, hexproof, reach, or trample": at least one of them; "without
            # flying or reach": none of them
            plus["non_keywords" if m.group(1) else "keywords"] = frozenset(re.split(r", or |, | or ", m.group(2)))
            p = p[: m.start()] + " "
            continue
        break
    words = p.split()
    colors: set[str] = set()
    non_types: set[str] = set()
    non_colors: set[str] = set()
    while words:
        w = words[0]
        if w in ("another", "other"):
            kw["other"] = True
        elif w == "tapped":
            kw["tapped"] = True
        elif w == "untapped":
            kw["tapped"] = False
        elif w == "attacking" and words[1:3] == ["or", "blocking"]:
            kw["attacking_or_blocking"] = True
            words = words[2:]
        elif w in ("attacking", "blocking"):
            plus[w] = True
        elif w == "nontoken":
            plus["token"] = False
        elif w in ("legendary", "snow"):
            plus["supertypes"] = plus.get("supertypes", frozenset()) | {w.capitalize()}
        elif w in ("nonlegendary", "nonsnow"):
            plus["non_supertypes"] = plus.get("non_supertypes", frozenset()) | {w[3:].capitalize()}
        elif w in ("artifact", "enchantment", "land") and len(words) > 1 and words[1] in (
                "creature", "creatures", "land", "lands", "artifact", "artifacts") and words[1].rstrip("s") != w:
            plus["all_types"] = plus.get("all_types", frozenset()) | {w.capitalize()}
        elif w == "basic":
            plus["basic"] = True
        elif w == "nonbasic":
            kw["nonbasic"] = True
        elif w in ("colorless",):
            non_colors |= set(COLOR_WORDS.values())
        elif w == "multicolored":
            kw["multicolored"] = True
        elif w == "monocolored":
            plus["monocolored"] = True  # 105.2b: exactly one color
        elif w in COLOR_WORDS and words[1:2] == ["or"] and len(words) > 2 and words[2] in COLOR_WORDS:
            colors |= {COLOR_WORDS[w], COLOR_WORDS[words[2]]}  # "black or red permanent": either color (105.2)
            words = words[2:]
        elif w in COLOR_WORDS:
            colors.add(COLOR_WORDS[w])
        elif w.startswith("non") and w[3:] in CARD_TYPES:
            non_types.add(w[3:].capitalize())
        elif w.startswith("non") and w[3:] in COLOR_WORDS:
            non_colors.add(COLOR_WORDS[w[3:]])
        elif w.startswith("non-") and w[4:] in SUBTYPES:
            plus["non_subtypes"] = plus.get("non_subtypes", frozenset()) | {SUBTYPES[w[4:]]}
        else:
            break
        words = words[1:]
    if kw.get("multicolored"):
        raise Unsupported(phrase)  # not checked by matches_filter
    rest = " ".join(words)
    if rest.endswith(" token") or rest.endswith(" tokens"):
        plus["token"] = True
        rest = rest.rsplit(" ", 1)[0]
    elif rest in ("token", "tokens"):
        plus["token"] = True
        rest = "permanent"
    if allow_card and (rest.endswith(" card") or rest.endswith(" cards") or rest in ("card", "cards")):
        rest = rest.rsplit(" ", 1)[0] if " " in rest else "permanent"
    types: set[str] = set()
    subtypes: set[str] = set()
    for t in [x.strip() for x in re.split(r", (?:and/or |or |and )?| or | and/or | and ", rest) if x.strip()]:
        t = _TYPE_PLURALS.get(t, t)
        if t in CARD_TYPES:
            types.add(t.capitalize())
        elif t == "permanent":
            pass
        elif t in SUBTYPES:
            subtypes.add(SUBTYPES[t])
        elif t.endswith((" creature", " creatures")) and t.rsplit(" ", 1)[0] in SUBTYPES:
            # "Human creatures you control": the plural of "Goblin creature" (205.3m)
            subtypes.add(SUBTYPES[t.rsplit(" ", 1)[0]])
            types.add("Creature")
        elif t.endswith(" permanent") and t[: -len(" permanent")] in SUBTYPES:
            subtypes.add(SUBTYPES[t[: -len(" permanent")]])
        else:
            raise Unsupported(phrase)
    if subtypes and types - {"Creature"}:
        raise Unsupported(phrase)  # "goblin or artifact": a union of a type and a subtype
    if len(types) + len(subtypes) > 1 and any(k in plus for k in ("power_min", "power_max", "toughness_max", "toughness_min",
                                                                   "keywords", "non_keywords")):
        # "artifact, enchantment, or creature with power 4 or greater": the quality is the creature's only
        raise Unsupported(phrase)
    if subtypes and types:
        types = set()  # "goblin creature": the subtype implies the type
    if non_colors == set(COLOR_WORDS.values()) and not colors:
        kw["non_colors"] = frozenset(non_colors)
    elif non_colors:
        kw["non_colors"] = frozenset(non_colors)
    if colors:
        kw["colors"] = frozenset(colors)
    flt_kw = dict(kw, types=frozenset(types), non_types=frozenset(non_types), subtypes=frozenset(subtypes))
    if plus:
        return V.FilterPlus(**flt_kw, **plus)
    return V.ObjectFilter(**flt_kw)


def target(phrase: str, targets: list) -> V.Who:
    """A target or player phrase → a Ref to a new TargetSpec (appended to `targets`), or a fixed
    player / object (YOU, EACH_OPPONENT, SELF, IT). Raises Unsupported."""
    p = phrase.strip().lower()
    if p in ("it", "that creature", "that permanent", "that land", "that artifact"):
        # The object targeted earlier in the ability, else the trigger's object or the source itself.
        for i in range(len(targets) - 1, -1, -1):
            if targets[i].kind in ("permanent", "any"):
                return V.Ref(i)
            if targets[i].kind in ("spell", "graveyard_card"):
                raise Unsupported(phrase)
        return V.IT
    if p in ("cardname", "itself"):
        return V.SELF
    if p in ("enchanted creature", "enchanted permanent", "enchanted land", "enchanted artifact", "equipped creature"):
        return V.ATTACHED
    if p == "that player":
        # The player targeted earlier in the same ability ("target player ... and loses 1 life"), else the
        # player the trigger event refers to (the player dealt damage, the active player, the caster).
        for i in range(len(targets) - 1, -1, -1):
            if targets[i].kind in ("player", "opponent"):
                return V.Ref(i)
        if targets:
            raise Unsupported(phrase)
        return V.EVENT_PLAYER
    if p == "any other target":
        # "deals 2 damage to any target and 1 damage to any other target" (Arc Trail), "Gain control of target
        # creature ... deals 2 damage to any other target" (Bond of Passion): other than the targets chosen
        # before it (rules/targeting.py check_targets: one object is never chosen for two targets of an ability).
        # With no target before it, "other" means not the source (Invasion of Ulgrotha): not read here.
        if not targets:
            raise Unsupported(phrase)
        targets.append(V.TargetSpec("any", text=p))
        return V.Ref(len(targets) - 1)
    n = len(targets)
    m = re.fullmatch(r"((?:any |another |up to one )?target(?: .+?)?) that was dealt damage this turn", p)
    if m:
        # "destroy target creature that was dealt damage this turn" (Hooded Assassin), "any target that was
        # dealt damage this turn" (Needle Drop): the damage events of this turn (rules/targeting.py, 120.3)
        ref = target(m.group(1), targets)
        if not isinstance(ref, V.Ref) or len(targets) != n + 1 or targets[n].kind not in ("any", "permanent") \
                or type(targets[n].filter) not in (V.ObjectFilter, V.FilterPlus):
            raise Unsupported(phrase)
        old = targets[n].filter
        plus = V.FilterPlus(**{f.name: getattr(old, f.name) for f in dataclasses.fields(old)})
        targets[n] = dataclasses.replace(targets[n], filter=dataclasses.replace(plus, dealt_damage_this_turn=True), text=p)
        return ref
    m = re.fullmatch(r"((?:up to one )?target .+?) that's one or more colors", p)
    if m:
        # "Destroy target permanent that's one or more colors" (Ugin, the Ineffable): it has at least one color (105.2)
        ref = target(m.group(1), targets)
        if not isinstance(ref, V.Ref) or len(targets) != n + 1 or targets[n].kind != "permanent" \
                or targets[n].filter.colors or type(targets[n].filter) not in (V.ObjectFilter, V.FilterPlus):
            raise Unsupported(phrase)
        targets[n] = dataclasses.replace(targets[n], filter=dataclasses.replace(
            targets[n].filter, colors=frozenset(COLOR_WORDS.values())), text=p)
        return ref
    try:
        return parse_target(p, targets)
    except Unsupported:
        del targets[n:]
    m = re.fullmatch(r"(another )?target (.+?) (?:card )?(?:from|in) (your|a|an opponent's) graveyard", p)
    if m:
        flt = parse_filter(("another " if m.group(1) else "") + m.group(2), allow_card=True)
        who = {"your": "you", "a": None, "an opponent's": "opponent"}[m.group(3)]
        flt = _with(flt, controller=who)
        targets.append(V.TargetSpec("graveyard_card", flt, text=p))
        return V.Ref(len(targets) - 1)
    m = re.fullmatch(r"(another )?target (.+?) that's ((?:white|blue|black|red|green)(?: or (?:white|blue|black|red|green))?)", p)
    if m:
        # "target creature or planeswalker that's white or blue" (Fry): the colors qualify every type named
        return target(f"{m.group(1) or ''}target {m.group(3)} {m.group(2)}", targets)
    m = re.fullmatch(r"(another )?target (.+)", p)
    if m:
        q = m.group(2)
        flt = parse_filter(("another " if m.group(1) else "") + q)
        targets.append(V.TargetSpec("permanent", flt, text=p))
        return V.Ref(len(targets) - 1)
    raise Unsupported(phrase)


def _with(flt: V.ObjectFilter, **changes) -> V.ObjectFilter:
    return dataclasses.replace(flt, **changes)


def sub_effects(text: str, targets: list) -> list:
    """Effects of a part of a sentence (a clause after "you may", "then", "and"). Raises Unsupported;
    on failure `targets` is left as it was."""
    n = len(targets)
    try:
        return parse_effect_sentence(text.strip().rstrip("."), targets)
    except Unsupported:
        del targets[n:]
        raise


def keywords_of(text: str) -> tuple[str, ...]:
    k = parse_keywords(text)
    if k is None:
        raise Unsupported(text)
    return k


__all__ = ["NUMBERS", "SUBTYPES", "amount", "parse_filter", "target", "sub_effects", "keywords_of", "N", "template"]


# --- registering templates that may decline ----------------------------------------------------

def substitute(x: Any, old: Any, new: Any) -> Any:
    """`x` with every occurrence of `old` (a Ref, a player constant) made `new`, inside effects and
    tuples of them. Abilities nested in an effect (a reflexive trigger's) keep their own references."""
    if x == old and type(x) is type(old):
        return new
    if isinstance(x, tuple):
        items = tuple(substitute(y, old, new) for y in x)
        return items if any(a is not b for a, b in zip(items, x)) else x
    if isinstance(x, V.Effect):
        changes = {}
        for f in dataclasses.fields(x):
            if not f.init:
                continue
            v = getattr(x, f.name)
            nv = substitute(v, old, new)
            if nv is not v:
                changes[f.name] = nv
        return dataclasses.replace(x, **changes) if changes else x
    return x


def template(pattern: str):
    """Like compiler.sentence_template, but the builder may decline a sentence its pattern matches
    (raise Unsupported): the next registered template whose pattern matches gets it, as if this one
    had not matched."""

    def deco(fn):
        def wrapper(m, targets):
            n = len(targets)
            try:
                return fn(m, targets)
            except Unsupported:
                del targets[n:]
            later = later_template(SENTENCE_TEMPLATES, wrapper, m.string)
            if later is not None:
                return later[0](later[1], targets)
            raise Unsupported(m.string)
        # the template's own name and module: the compiler orders templates by their module
        wrapper.__name__, wrapper.__qualname__, wrapper.__module__ = fn.__name__, fn.__qualname__, fn.__module__
        sentence_template(pattern)(wrapper)
        return fn
    return deco


# Compile-time marker classes (effects a fold of EFFECTS_CHECKS turns into vocabulary): a card whose compiled
# abilities still hold one (a paragraph compiled without the fold: "Spell mastery — If ..., those creatures ...")
# is refused by _no_markers_left.
COMPILE_MARKERS: list[type] = []


def _no_markers_left(out: CardDraft, unsupported: list[str]) -> None:
    """A CARD_CHECKS hook: no compile-time marker is left anywhere in the card's abilities or spell effects."""
    if not COMPILE_MARKERS:
        return
    classes = tuple(COMPILE_MARKERS)
    found: list[bool] = []

    def walk(x: object, depth: int) -> None:
        if depth > 12 or found:
            return
        if isinstance(x, classes):
            found.append(True)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y, depth + 1)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name), depth + 1)
    walk(list(out.abilities), 0)
    walk(list(out.spell_effects), 0)
    if found:
        unsupported.append("a sentence that refers to an effect of another paragraph (compile-time marker left)")


CARD_CHECKS.append(_no_markers_left)


def fold_pair(effects: list, first: type, second: type, make: Callable[[Any, Any], V.Effect], what: str) -> None:
    """An EFFECTS_CHECKS helper: each marker `first` directly followed by a marker `second` becomes
    make(first, second), the one effect the two sentences say together; either marker alone is refused."""
    i = 0
    while i < len(effects):
        e = effects[i]
        if isinstance(e, first):
            after = effects[i + 1] if i + 1 < len(effects) else None
            if not isinstance(after, second):
                raise Unsupported(what)
            effects[i:i + 2] = [make(e, after)]
        elif isinstance(e, second):
            raise Unsupported(what)
        i += 1


def nested_instance(effects: list, classes: tuple[type, ...]) -> bool:
    """Whether an effect of one of `classes` (a compile-time marker) sits inside another effect of `effects`
    ("If ..., those creatures don't untap ...": inside a condition), where a fold of the ability's top-level
    effects can't reach it."""
    def inside(x: object) -> bool:
        if isinstance(x, classes):
            return True
        if isinstance(x, tuple):
            return any(inside(y) for y in x)
        if isinstance(x, V.Effect):
            return any(inside(getattr(x, f.name)) for f in dataclasses.fields(x))
        return False
    return any(isinstance(e, V.Effect) and not isinstance(e, classes)
               and any(inside(getattr(e, f.name)) for f in dataclasses.fields(e)) for e in effects)


def mentions(x: object, ref: V.Ref) -> bool:
    """Whether an effect (or a tuple of them) refers to the target `ref` anywhere in its fields."""
    if x == ref and type(x) is type(ref):
        return True
    if isinstance(x, tuple):
        return any(mentions(y, ref) for y in x)
    if isinstance(x, V.Effect):
        return any(mentions(getattr(x, f.name), ref) for f in dataclasses.fields(x))
    return False
