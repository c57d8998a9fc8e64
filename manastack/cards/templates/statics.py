"""Static abilities (CR 604) that change characteristics or the rules of combat, Auras (303.4) and
Equipment (301.5) bonuses. They compile to `LayeredStatic`, applied on read by
rules/continuous.py (613: layer 6 abilities, layer 7c power/toughness) and rules/combat.py
(508.1c-d / 509.1b-c restrictions and requirements).

Templates (lower-cased paragraph, CARDNAME for the card's own name):
- "[subject] get(s) +N/+M [for each X]", "... and has/have [keywords]", "[subject] has/have
  [keywords]", "[subject] has/have "[ability]"" (a granted ability, compiled like a paragraph).
  Subjects: CARDNAME, "enchanted creature/permanent/land/artifact", "equipped creature", and groups
  ("other Elf creatures you control", "all Sliver creatures", "creatures your opponents control",
  "attacking creatures you control", "white / colorless / legendary creatures you control",
  "creatures you control with flying / with +1/+1 counters on them", "creatures you control that
  are enchanted", "other permanents you control", "each creature you control with a +1/+1 counter
  on it", "each other creature you control that's a Cat, Elemental, or Beast": one of the listed
  creature types). "For each X": permanents you control or on the battlefield, Auras/Equipment attached,
  cards in hand or graveyard, counters.
- Combat restrictions and requirements (508.1c-d, 509.1a-c): "can't block", "can't attack", "can't
  attack or block", "can't be blocked", "can't be blocked by more than one creature", "... except by
  N or more creatures", "... by creatures with power N or less/greater", "... by Walls / artifact
  creatures / blue creatures", "... except by creatures with flying or reach", "creatures with
  power less than CARDNAME's power can't block it", "can block only creatures with flying", "can
  block an additional creature / any number of creatures", "attacks (or blocks) each combat if
  able", "is goaded" (701.15b, two players), "can't attack unless defending player controls an
  Island", "can't attack/block alone", "its activated abilities can't be activated [unless they're mana
  abilities]" (602.5),
  "doesn't untap during its controller's untap step" (502.3).
- Conditions (611.3a, evaluated on read): "during your turn", "as long as it's your turn /
  attacking / untapped", "as long as you control an artifact / three or more artifacts / a Plains",
  "as long as an opponent controls ...", graveyard size and card types (threshold, delirium), life
  total, empty hand (hellbent), counters on it, "as long as it's equipped", "as long as equipped
  creature is a Human / attacking", "there are two or more instant and/or sorcery cards in your
  graveyard", "an opponent has 10 or less life"; an ability word before it ("Threshold — ") is ignored.
- "During your turn, CARDNAME is a 4/4 Human Soldier creature with indestructible that's still a
  planeswalker" (611.3a, 205.1b); "Enchanted creature is a Demon Spirit" (205.1a: its creature types
  replaced); "can't attack, block, or transform".
- 113.6: "As long as CARDNAME is in your graveyard and you control an Island, creatures you control have
  flying" (Wonder): a GraveyardLayeredStatic, read from the graveyard.
- "Enchant [object phrase]" beyond the compiler's built-in kinds ("creature you control",
  "artifact or creature", "creature an opponent controls", "nonland permanent", ...).
- Effects of an Aura's / Equipment's own abilities on the object it is attached to: "tap enchanted
  creature", "enchanted creature gets +1/+0 until end of turn", "put a +1/+1 counter on enchanted
  creature" (OnAttached).
Text outside these templates raises Unsupported: the card is not compiled.
"""

from __future__ import annotations

import dataclasses
import re

from ...model.vocab import Ability, AddCounters, FilterPlus, ObjectFilter, Pump, Ref, StaticAbility, TapUntap
from ...model.vocab.animate import SELF_ANIMATE, ConditionalSelfAnimation
from ...model.vocab.statics import (  # noqa: F401 (the vocabulary this module executes)
    ADD_COLOR,
    ADD_SUBTYPE,
    ATTACK_TAX,
    BLOCK_TAX,
    CANT_HAVE,
    SET_CREATURE_TYPE,
    Condition,
    GraveyardLayeredStatic,
    LayeredStatic,
    OnAttached,
    PerCount,
)
from ..compiler import (
    COLOR_WORDS,
    KEYWORDS,
    NUMBERS,
    LazyPattern,
    Unsupported,
    compile_paragraph,
    paragraph_template,
    parse_effects,
    parse_keywords,
    sentence_template,
)
from ..draft import CardDraft
from ..object_phrases import parse_object_phrase
from .effects_animate import parse_animation
from .keywords import CREATURE_TYPES, LANDWALK, PROWESS
from .keywords_triggered import GRANTABLE_PATTERN, granted_keyword_ability

# --------------------------------------------------------------------------- vocabulary


KIND = "layered"

# --------------------------------------------------------------------------- subjects


def _plural(t: str) -> str:
    irregular = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves", "Ox": "Oxen",
                 "Mouse": "Mice", "Fish": "Fish", "Sheep": "Sheep", "Merfolk": "Merfolk", "Kithkin": "Kithkin",
                 "Moonfolk": "Moonfolk", "Samurai": "Samurai", "Cyclops": "Cyclopes", "Pegasus": "Pegasi",
                 "Homunculus": "Homunculi", "Thalakos": "Thalakos", "Azra": "Azra", "Astartes": "Astartes",
                 "Custodes": "Custodes", "Aurochs": "Aurochs", "Djinn": "Djinn", "Efreet": "Efreet",
                 "Locus": "Loci", "Octopus": "Octopuses", "Walrus": "Walruses"}
    if t in irregular:
        return irregular[t]
    if re.search(r"(s|x|ch|sh)$", t):
        return t + "es"
    if re.search(r"[^aeiou]y$", t):
        return t[:-1] + "ies"
    return t + "s"


PLURAL_TYPES = {_plural(t).lower(): t for t in CREATURE_TYPES}
SINGULAR_TYPES = {t.lower(): t for t in CREATURE_TYPES}
_SUBJECT_KW = "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True))


def parse_group(subj: str) -> dict:
    """"other elf creatures you control" → LayeredStatic keyword arguments. Raises Unsupported."""
    p = subj.strip()
    listed: set[str] = set()
    # "each other creature you control that's a Cat, Elemental, or Beast": one of the listed creature types
    m = re.fullmatch(r"each (other )?creature( you control| your opponents control)? that's an? (.+)", p)
    if m:
        names = [re.sub(r"^an? ", "", t) for t in re.split(r",? or |, ", m.group(3)) if t]
        if len(names) < 1 or any(t not in SINGULAR_TYPES for t in names):
            raise Unsupported(subj)
        listed = {SINGULAR_TYPES[t] for t in names}
        p = f"{m.group(1) or ''}creatures{m.group(2) or ''}"
    other = False
    if p.startswith("other "):
        other, p = True, p[len("other "):]
    elif p.startswith("all "):
        p = p[len("all "):]
    with_kw = ""
    with_counter = ""
    attached = ""
    without_kws: tuple[str, ...] = ()
    # "creatures without flying or islandwalk": those that have none of the keywords
    m = re.fullmatch(rf"(.+) without ({_SUBJECT_KW})(?: or ({_SUBJECT_KW}))?", p)
    if m:
        p, without_kws = m.group(1), tuple(k for k in m.group(2, 3) if k)
    m = re.fullmatch(rf"(.+) with ({_SUBJECT_KW})", p)
    if m:
        p, with_kw = m.group(1), m.group(2)
    m = re.fullmatch(r"(.+) with ([+\-0-9/a-z]+) counters on them", p)
    if m:
        p, with_counter = m.group(1), m.group(2)
    m = re.fullmatch(r"(.+) that are (enchanted|equipped)", p)
    if m:
        p, attached = m.group(1), "Aura" if m.group(2) == "enchanted" else "Equipment"
    controller = None
    for suffix, who in ((" you control", "you"), (" your opponents control", "opponent")):
        if p.endswith(suffix):
            p, controller = p[: -len(suffix)], who
            break
    if not with_kw:
        m = re.fullmatch(rf"(.+) with ({_SUBJECT_KW})", p)
        if m:
            p, with_kw = m.group(1), m.group(2)
    words = p.split()
    if not words:
        raise Unsupported(subj)
    types = {"Creature"}
    subtypes: set[str] = set()
    token = False
    head = words[-1]
    if head == "tokens" and len(words) >= 2 and words[-2] == "creature":
        token, words = True, words[:-2]
    elif head == "creatures":
        words = words[:-1]
    elif head == "permanents":
        types = set()
        words = words[:-1]
    elif head in PLURAL_TYPES:
        subtypes.add(PLURAL_TYPES[head])
        types = set()
        words = words[:-1]
    else:
        raise Unsupported(subj)
    colors: set[str] = set()
    non_colors: set[str] = set()
    attacking = False
    tapped = None
    supertype = ""
    i = 0
    while i < len(words):
        w = words[i]
        if w in COLOR_WORDS:
            colors.add(COLOR_WORDS[w])
        elif w == "colorless":
            non_colors |= set(COLOR_WORDS.values())
        elif w == "legendary":
            supertype = "Legendary"
        elif w in ("enchanted", "equipped") and not attached:
            attached = "Aura" if w == "enchanted" else "Equipment"
        elif w.startswith("non") and w[3:] in COLOR_WORDS:
            non_colors.add(COLOR_WORDS[w[3:]])
        elif w in ("artifact", "enchantment", "land"):
            types.add(w.capitalize())
        elif w == "attacking":
            attacking = True
        elif w in ("tapped", "untapped"):
            tapped = w == "tapped"
        elif w in SINGULAR_TYPES and not subtypes.difference({SINGULAR_TYPES[w]}) and head == "creatures":
            subtypes.add(SINGULAR_TYPES[w])
            # "Ninja and Rogue creatures": one of the listed creature types
            if i + 2 < len(words) and words[i + 1] in ("and", "or") and words[i + 2] in SINGULAR_TYPES:
                subtypes.add(SINGULAR_TYPES[words[i + 2]])
                i += 2
        else:
            raise Unsupported(subj)
        i += 1
    if len(colors) > 1:
        raise Unsupported(subj)
    if listed and subtypes:
        raise Unsupported(subj)
    subtypes |= listed
    flt = ObjectFilter(types=frozenset(types), subtypes=frozenset(subtypes), colors=frozenset(colors),
                       non_colors=frozenset(non_colors), controller=controller, other=other, tapped=tapped)
    return {"affects": "group", "filter": flt, "attacking": attacking, "with_keyword": with_kw, "token": token,
            "with_counter": with_counter, "attached": attached, "supertype": supertype,
            "without_keywords": without_kws}


def parse_subject(subj: str) -> dict:
    s = subj.strip()
    if s in ("cardname", "it"):
        return {"affects": "self"}
    if s in ("enchanted creature", "enchanted permanent", "enchanted land", "enchanted artifact"):
        return {"affects": "enchanted"}
    if s == "equipped creature":
        return {"affects": "equipped"}
    return parse_group(s)


# --------------------------------------------------------------------------- predicates

_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"


def _n(w: str) -> int:
    return int(w) if w.isdigit() else NUMBERS[w]


def parse_keyword_list(text: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """"flying and first strike", "protection from red", "vigilance, trample, and haste" →
    (keywords, protection colors), or None."""
    items = [x.strip() for x in re.split(r",? and (?!from )|, ", text.strip()) if x.strip()]
    kws: list[str] = []
    prot: list[str] = []
    for it in items:
        if it in KEYWORDS or it == "prowess" or granted_keyword_ability(it) is not None:
            kws.append(it)
            continue
        m = re.fullmatch(r"protection from (white|blue|black|red|green)(?: and from (white|blue|black|red|green))?", it)
        if m:
            prot.extend(x for x in m.groups() if x)
            continue
        if it in ("protection from each color", "protection from all colors"):
            prot.extend(("white", "blue", "black", "red", "green"))  # 702.16a: each color is a quality
            continue
        return None
    if not items:
        return None
    return tuple(kws), tuple(prot)


_LAND_SUBTYPES = {"island": "Island", "swamp": "Swamp", "forest": "Forest", "mountain": "Mountain",
                  "plains": "Plains", "desert": "Desert"}
_COLOR_ALT = "white|blue|black|red|green"


def _blocker_quality(q: str) -> str:
    """"blue creatures" / "artifact creatures" / "walls" / "creatures with flying" → a quality code
    read by rules/combat.py (color:U, type:Artifact, subtype:Wall, kw:flying)."""
    q = q.strip()
    m = re.fullmatch(rf"({_COLOR_ALT}) creatures", q)
    if m:
        return f"color:{COLOR_WORDS[m.group(1)]}"
    if q == "artifact creatures":
        return "type:Artifact"
    if q == "creatures with flying":
        return "kw:flying"
    if q == "creatures with reach":
        return "kw:reach"
    if q == "creatures with defender":
        return "kw:defender"
    if q in PLURAL_TYPES:
        return f"subtype:{PLURAL_TYPES[q]}"
    raise Unsupported(q)


def _qualities(text: str) -> str:
    """"creatures with flying or reach", "artifact creatures and/or black creatures" → "q1|q2"."""
    m = re.fullmatch(r"creatures with (flying|reach) or (flying|reach)", text)
    if m:
        return f"kw:{m.group(1)}|kw:{m.group(2)}"
    return "|".join(_blocker_quality(x) for x in re.split(r" and/or | or ", text))


def _type_pair(first: str, plural: str) -> str:
    """"eldrazi scions" → "subtype:Eldrazi&Scion" (both creature types). Raises Unsupported."""
    if first not in SINGULAR_TYPES or plural not in PLURAL_TYPES:
        raise Unsupported(f"{first} {plural}")
    return f"subtype:{SINGULAR_TYPES[first]}&{PLURAL_TYPES[plural]}"


# a plural creature type ("Spirits", "Slivers") is checked by _blocker_quality (PLURAL_TYPES)
_BLOCKER_Q = rf"(?:(?:{_COLOR_ALT}|artifact) creatures|creatures with (?:flying|reach|defender)|[a-z]+)"

def _creature_type(word: str) -> str:
    if word not in SINGULAR_TYPES:
        raise Unsupported(word)
    return SINGULAR_TYPES[word]


def _keyword(text: str) -> str:
    if text not in KEYWORDS:
        raise Unsupported(text)
    return text


# one creature type's name (not a land type: "enchanted land is an Island" is a land-type change)
_ONE_CREATURE_TYPE = "|".join(sorted((re.escape(t) for t in SINGULAR_TYPES if " " not in t), key=len, reverse=True))
_RULE_CLAUSES: list[tuple[str, object]] = [
    (r"can't attack or block", ("cant_attack", "cant_block")),
    # 101.2: "can't attack, block, or transform" (rules/transform.py reads "cant_transform")
    (r"can't attack, block, or transform", ("cant_attack", "cant_block", "cant_transform")),
    (r"can't attack", ("cant_attack",)),
    (r"can't block", ("cant_block",)),
    (r"can't be blocked", ("cant_be_blocked",)),
    (r"can't be blocked by more than one creature", ("max_one_blocker",)),
    (rf"can't be blocked except by {_NUM} or more creatures", lambda m: (f"min_blockers:{_n(m.group(1))}",)),
    (r"can't be blocked by creatures with power (\d+) or less", lambda m: (f"unblockable_by_power_le:{m.group(1)}",)),
    (r"can't be blocked by creatures with power (\d+) or greater",
     lambda m: (f"unblockable_by_power_ge:{m.group(1)}",)),
    (rf"can't be blocked by ({_BLOCKER_Q})", lambda m: (f"unblockable_by:{_blocker_quality(m.group(1))}",)),
    (rf"can't be blocked except by ({_BLOCKER_Q}(?: (?:and/or|or) {_BLOCKER_Q})?|creatures with flying or reach)",
     lambda m: (f"blockable_only_by:{_qualities(m.group(1))}",)),
    (r"can't block creatures with power (\d+) or greater", lambda m: (f"cant_block_power_ge:{m.group(1)}",)),
    (r"can block only creatures with flying", ("block_only_flyers",)),
    (r"can block an additional creature each combat", ("extra_blocks:1",)),
    (rf"can block an additional {_NUM} creatures each combat", lambda m: (f"extra_blocks:{_n(m.group(1))}",)),
    (r"can block any number of creatures", ("any_number_blocks",)),
    (r"attacks? each combat if able", ("attacks_each_combat",)),
    (r"blocks? each combat if able", ("blocks_each_combat",)),
    (r"attacks? or blocks? each combat if able", ("attacks_each_combat", "blocks_each_combat")),
    # 701.15b: a goaded creature attacks each combat if able (and a player other than the goading
    # player if able: with two players that part never constrains the declaration).
    (r"is goaded", ("attacks_each_combat",)),
    (r"can't attack unless defending player controls an? (island|swamp|forest|mountain|plains|desert)",
     lambda m: (f"attack_unless:{_LAND_SUBTYPES[m.group(1)]}",)),
    # 205.1b / 613.1d-e: "is a white Angel in addition to its other colors and types" (layers 4 and 5 of the
    # object the static affects, read by rules/continuous.py _layer4)
    (rf"is an? ({_COLOR_ALT}) ([a-z]+) in addition to its other colors and types",
     lambda m: (f"{ADD_COLOR}{COLOR_WORDS[m.group(1)]}", f"{ADD_SUBTYPE}{_creature_type(m.group(2))}")),
    (r"is an? ([a-z]+) in addition to its other types", lambda m: (f"{ADD_SUBTYPE}{_creature_type(m.group(1))}",)),
    # 205.1a: "Enchanted creature is a Demon Spirit" (its creature types replaced, its other types kept)
    (rf"is an? ((?:{_ONE_CREATURE_TYPE})(?: (?:{_ONE_CREATURE_TYPE}))?)",
     lambda m: tuple(f"{SET_CREATURE_TYPE}{_creature_type(w)}" for w in m.group(1).split())),
    # 508.1d / 509.1d: costs to attack or block (rules/combat_costs.py)
    (r"can't attack or block unless its controller pays \{(\d+)\}",
     lambda m: (f"{ATTACK_TAX}{m.group(1)}", f"{BLOCK_TAX}{m.group(1)}")),
    (r"can't attack unless its controller pays \{(\d+)\}", lambda m: (f"{ATTACK_TAX}{m.group(1)}",)),
    (r"can't block unless its controller pays \{(\d+)\}", lambda m: (f"{BLOCK_TAX}{m.group(1)}",)),
    (r"can't attack alone", ("cant_attack_alone",)),
    (r"can't block alone", ("cant_block_alone",)),
    (r"can't attack or block alone", ("cant_attack_alone", "cant_block_alone")),
    (r"is every creature type", ("all_creature_types",)),
    (r"its activated abilities can't be activated", ("no_activated",)),
    (r"its activated abilities can't be activated unless they're mana abilities", ("no_nonmana_activated",)),
    (r"can't be blocked by creatures with greater power", ("unblockable_by_greater_power",)),
    (r"(?:doesn't|don't) untap during (?:its controller's|your|their controllers'|its controllers') untap steps?",
     ("doesnt_untap",)),
    # 101.2 / 613.1f: "[lose first strike and] can't have or gain first strike": removed after every effect
    # that would give it, whatever their timestamps (rules/continuous.py CANT_HAVE).
    (r"can't have or gain ([a-z ]+)", lambda m: (f"{CANT_HAVE}{_keyword(m.group(1))}",)),
    (r"loses? ([a-z ]+)", lambda m: (f"loses:{_keyword(m.group(1))}",)),
    # "can't be blocked by Eldrazi Scions" (509.1b): by creatures that have both creature types.
    (r"can't be blocked by ([a-z]+) ([a-z]+)", lambda m: (f"unblockable_by:{_type_pair(m.group(1), m.group(2))}",)),
    # 509.1b: "CARDNAME can't block Humans" (the attacker's quality, rules/blocking_requirements.py)
    (rf"can't block ({_BLOCKER_Q}|[a-z]+s)", lambda m: (f"cant_block_quality:{_blocker_quality(m.group(1))}",)),
]
_RULE_CLAUSES_RX = [(LazyPattern(p), r) for p, r in _RULE_CLAUSES]
_VERB = r"(?:gets?|has|have|can't|can|attacks?|blocks?|doesn't|don't|is|its activated)"

# --------------------------------------------------------------------------- counts and conditions

_PLURAL_KINDS = {"artifacts": "Artifact", "creatures": "Creature", "lands": "Land", "enchantments": "Enchantment",
                 "planeswalkers": "Planeswalker", "artifact": "Artifact", "creature": "Creature", "land": "Land",
                 "enchantment": "Enchantment", "planeswalker": "Planeswalker"}
_BASIC_PLURALS = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
                  "forests": "Forest", "island": "Island", "swamp": "Swamp", "mountain": "Mountain",
                  "forest": "Forest", "equipment": "Equipment", "auras": "Aura", "aura": "Aura"}


def permanent_filter(phrase: str, controller: str | None = "you", other: bool = False) -> ObjectFilter:
    """"artifact", "artifacts", "Plains", "red creature", "other creature", "Equipment" (what a
    player controls) → an ObjectFilter (types: one of them). Raises Unsupported."""
    p = phrase.strip()
    if p.startswith("other "):
        other, p = True, p[len("other "):]
    words = p.split()
    colors: set[str] = set()
    if len(words) == 4 and words[1] == "or" and words[0] in COLOR_WORDS and words[2] in COLOR_WORDS:
        colors.add(COLOR_WORDS[words[0]])  # "a white or black permanent": one of either color (105.2)
        words = words[2:]
    if len(words) == 2 and words[0] in COLOR_WORDS and words[1] in ("creature", "creatures", "permanent",
                                                                     "permanents"):
        colors.add(COLOR_WORDS[words[0]])
        p = words[1]
    elif colors:
        raise Unsupported(phrase)
    if p in _PLURAL_KINDS:
        return ObjectFilter(types=frozenset({_PLURAL_KINDS[p]}), colors=frozenset(colors), controller=controller,
                            other=other)
    if p in ("permanent", "permanents") and colors:
        return ObjectFilter(colors=frozenset(colors), controller=controller, other=other)
    if p in _BASIC_PLURALS:
        return ObjectFilter(subtypes=frozenset({_BASIC_PLURALS[p]}), controller=controller, other=other)
    if p in PLURAL_TYPES:
        return ObjectFilter(subtypes=frozenset({PLURAL_TYPES[p]}), controller=controller, other=other)
    if p in SINGULAR_TYPES:
        return ObjectFilter(subtypes=frozenset({SINGULAR_TYPES[p]}), controller=controller, other=other)
    raise Unsupported(phrase)


def parse_per(text: str) -> PerCount:
    """The X of "+N/+N for each X"."""
    t = text.strip()
    m = re.fullmatch(r"(aura|equipment|aura and equipment) attached to (?:it|cardname)", t)
    if m:
        return PerCount("attached", what={"aura": "Aura", "equipment": "Equipment"}.get(m.group(1), ""))
    m = re.fullmatch(r"(?:(creature|artifact|land|instant and sorcery|instant|sorcery) )?cards? in your graveyard", t)
    if m:
        return PerCount("graveyard", what=(m.group(1) or "").capitalize())
    m = re.fullmatch(r"(?:(creature|artifact|land|instant and sorcery|instant|sorcery) )?cards? in all graveyards", t)
    if m:
        return PerCount("all_graveyards", what=(m.group(1) or "").capitalize())
    if t == "card in your hand":
        return PerCount("hand")
    m = re.fullmatch(r"([a-z+/\-0-9]+) counter on (?:it|cardname)", t)
    if m:
        return PerCount("counters", what=m.group(1))
    m = re.fullmatch(r"(.+?) you control", t)
    if m:
        return PerCount("control", permanent_filter(m.group(1)))
    m = re.fullmatch(r"(.+?) on the battlefield", t)
    if m:
        return PerCount("control", permanent_filter(m.group(1), controller=None))
    raise Unsupported(text)


_GRAVEYARD_CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery")


STARTING_LIFE = 20  # 103.4: each player's starting life total in a two-player game


def parse_condition(text: str) -> Condition:
    """The X of "as long as X" (and "during your turn")."""
    t = text.strip()
    simple = {"it's your turn": "your_turn", "it's not your turn": "not_your_turn", "it's attacking": "attacking",
              "it's untapped": "untapped", "it's tapped": "tapped", "cardname is untapped": "untapped",
              "cardname is tapped": "tapped", "cardname is attacking": "attacking"}
    if t in simple:
        return Condition(simple[t])
    m = re.fullmatch(rf"there are {_NUM} or more cards in your graveyard", t)
    if m:
        return Condition("graveyard", _n(m.group(1)))
    if t in ("there are no cards in your graveyard", "your graveyard is empty"):
        return Condition("graveyard", 1, negated=True)  # not "one or more cards" (Gorilla Titan)
    m = re.fullmatch(rf"there are {_NUM} or more ((?:[a-z]+(?:, | or | and/or |, or |, and/or ))*[a-z]+) cards in your graveyard", t)
    if m:  # spell mastery: "two or more instant and/or sorcery cards" (cards of any of these card types)
        kinds = re.split(r", and/or |, or | and/or | or |, ", m.group(2))
        if not all(k in _GRAVEYARD_CARD_TYPES for k in kinds):
            raise Unsupported(text)
        return Condition("graveyard", _n(m.group(1)), ObjectFilter(types=frozenset(k.capitalize() for k in kinds)))
    m = re.fullmatch(rf"there are {_NUM} or more (.+?) on the battlefield", t)
    if m:  # "five or more Islands on the battlefield": every player's permanents
        return Condition("control", _n(m.group(1)), permanent_filter(m.group(2), controller=None))
    m = re.fullmatch(rf"there are {_NUM} or more card types among cards in your graveyard", t)
    if m:
        return Condition("graveyard_types", _n(m.group(1)))
    m = re.fullmatch(r"you have (\d+) or more life", t)
    if m:
        return Condition("life_ge", int(m.group(1)))
    m = re.fullmatch(r"you have at least (\d+) life more than your starting life total", t)
    if m:  # 103.4: a two-player game's starting life total is 20
        return Condition("life_ge", STARTING_LIFE + int(m.group(1)))
    m = re.fullmatch(r"you have (\d+) or less life", t)
    if m:
        return Condition("life_le", int(m.group(1)))
    m = re.fullmatch(r"an opponent has (\d+) or less life", t)
    if m:
        return Condition("opponent_life_le", int(m.group(1)))
    m = re.fullmatch(rf"an opponent has {_NUM} or more poison counters", t)
    if m:
        return Condition("opponent_poison_ge", _n(m.group(1)))
    if t in ("you're the monarch", "you are the monarch"):
        return Condition("monarch")  # 722 (rules/monarch.py)
    if t == "you have the city's blessing":
        return Condition("city_blessing")  # 702.131c (rules/ascend.py)
    if t == "you have no cards in hand":
        return Condition("hand_le", 0)
    m = re.fullmatch(r"(?:it|cardname) has an? ([a-z+/\-0-9]+) counter on it", t)
    if m:
        return Condition("counter", what=m.group(1))
    m = re.fullmatch(r"(?:it's|cardname is) (enchanted|equipped)", t)
    if m:
        return Condition("attached", what="Aura" if m.group(1) == "enchanted" else "Equipment")
    m = re.fullmatch(rf"(you control|an opponent controls) (an?|another|{_embed(_NUM)} or more) (.+)", t)
    if m:
        who = "you" if m.group(1) == "you control" else "opponent"
        q = m.group(2)
        n = 1 if q in ("a", "an", "another") else _n(q.split()[0])
        what = m.group(3)
        if who == "you" and what.endswith(" you don't own"):
            # 108.3: "if you control three or more permanents you don't own" (Agent of Treachery)
            kind = what.removesuffix(" you don't own")
            flt = ObjectFilter(controller=who, other=q == "another") if kind in ("permanent", "permanents") \
                else permanent_filter(kind, who, other=q == "another")
            if type(flt) is not ObjectFilter:
                raise Unsupported(text)
            return Condition("control", n, FilterPlus(**{f: getattr(flt, f) for f in flt.__dataclass_fields__},
                                                      not_owned=True))
        return Condition("control", n, permanent_filter(what, who, other=q == "another"))
    raise Unsupported(text)


def parse_predicate(pred: str, para: str) -> dict:
    """"gets +2/+2 and has flying" → LayeredStatic keyword arguments. Raises Unsupported."""
    clauses = [c.strip() for c in re.split(rf",? and (?={_VERB} )|, (?={_VERB} )", pred) if c.strip()]
    pred_kw: dict = {"power": 0, "toughness": 0, "keywords": (), "protection": (), "rules": (), "granted": (),
                     "per": None}
    for c in clauses:
        m = re.fullmatch(r"gets? ([+-]\d+)/([+-]\d+)(?: for each (.+))?", c)
        if m:
            if m.group(3):
                if pred_kw["per"] is not None or pred_kw["power"] or pred_kw["toughness"]:
                    raise Unsupported(c)
                pred_kw["per"] = parse_per(m.group(3))
            elif pred_kw["per"] is not None:
                raise Unsupported(c)
            pred_kw["power"] += int(m.group(1))
            pred_kw["toughness"] += int(m.group(2))
            continue
        m = re.fullmatch(r"(?:has|have) (.+)", c)
        if m:
            body = m.group(1)
            kl = parse_keyword_list(body)
            if kl is not None:
                pred_kw["keywords"] += kl[0]
                pred_kw["protection"] += kl[1]
                if "prowess" in kl[0]:
                    pred_kw["granted"] += (PROWESS,)  # the keyword is a triggered ability (702.108a)
                # 702.101a extort, 702.115a ingest, 702.149a training, 702.86a annihilator: triggered abilities too
                pred_kw["granted"] += tuple(ab for kw in kl[0] if (ab := granted_keyword_ability(kw)) is not None)
                continue
            qm = re.fullmatch(r"[\"“](.+)[\"”]", body)
            if qm:
                # The granted ability in its original case (the quote of the paragraph).
                orig = re.search(r"[\"“](.+)[\"”]", para)
                inner = CardDraft.quoted()
                compile_paragraph((orig.group(1) if orig else qm.group(1)), {}, False, inner)
                if inner.keywords or inner.protection or not inner.abilities:
                    raise Unsupported(c)
                pred_kw["granted"] += tuple(inner.abilities)
                continue
            raise Unsupported(c)
        for rx, r in _RULE_CLAUSES_RX:
            rm = rx.fullmatch(c)
            if rm:
                pred_kw["rules"] += r(rm) if callable(r) else r  # type: ignore[operator]
                break
        else:
            raise Unsupported(c)
    lost = {r for r in pred_kw["rules"] if r.startswith("loses:")}
    if lost:
        # "loses X" alone follows timestamps (613.7), not modelled; with "can't have or gain X" it says no more.
        if any(f"{CANT_HAVE}{r[len('loses:'):]}" not in pred_kw["rules"] for r in lost):
            raise Unsupported(pred)
        pred_kw["rules"] = tuple(r for r in pred_kw["rules"] if r not in lost)
    return pred_kw


def build(para: str, subject: str, predicate: str, condition: Condition | None = None) -> LayeredStatic:
    kw = parse_subject(subject)
    if condition is not None and condition.kind in ("attacking", "untapped", "tapped", "counter", "attached") \
            and kw["affects"] != "self":
        raise Unsupported(para)  # "it" would not be the source
    pr = parse_predicate(predicate, para)
    if kw["affects"] == "group" and any(r.startswith((ADD_COLOR, ADD_SUBTYPE, SET_CREATURE_TYPE)) for r in pr["rules"]):
        raise Unsupported(para)  # layers 4-5 of a static are read for the object it is attached to, or itself
    if kw.get("without_keywords") and (pr["keywords"] or pr["protection"] or pr["granted"]):
        raise Unsupported(para)  # rules/continuous.py reads "without flying" after layer 6: it may add none
    return LayeredStatic(para.strip(), KIND, condition=condition, **kw, **pr)


def _embed(rx: str) -> str:
    """A clause pattern without capturing groups, to embed in a larger pattern."""
    return re.sub(r"(?<!\\)\((?!\?)", "(?:", rx)


_KW_ALT = "|".join(sorted((re.escape(k) for k in KEYWORDS | {"prowess"}), key=len, reverse=True)) + "|" + GRANTABLE_PATTERN
_PROT = (r"protection from (?:(?:white|blue|black|red|green)(?: and from (?:white|blue|black|red|green))?"
         r"|each color|all colors)")
_KWL = rf"(?:{_KW_ALT}|{_PROT})(?:(?:,? and |, )(?:{_KW_ALT}|{_PROT}))*"
_CLAUSE = (rf"(?:gets? (?:an additional )?[+-]\d+/[+-]\d+(?: for each [a-z0-9+/' \-]+?)?|(?:has|have) (?:{_KWL}|[\"“][^\"”]+[\"”])|"
           + "|".join(_embed(p) for p, _ in _RULE_CLAUSES) + ")")
_PRED = rf"({_CLAUSE}(?:(?:,? and |, ){_CLAUSE})*)"
_HEAD = "|".join(sorted((re.escape(p) for p in PLURAL_TYPES), key=len, reverse=True))
_GROUP = (rf"(?:other |all )?(?:[a-z]+ )*?(?:creatures|creature tokens|permanents|{_HEAD})"
          rf"(?: you control| your opponents control)?(?: that are (?:enchanted|equipped))?"
          rf"(?: with (?:{_KW_ALT}|[+\-0-9/a-z]+ counters on them)| without (?:{_KW_ALT})(?: or (?:{_KW_ALT}))?)?")
_EACH_LISTED = r"each (?:other )?creature(?: you control| your opponents control)? that's an? [a-z, ]+?"
_SUBJ = rf"(cardname|it|enchanted (?:creature|permanent|land|artifact)|equipped creature|{_GROUP}|{_EACH_LISTED})"
_ABILITY_WORD = r"(?:[a-z' ]+(?: \d+)? — )?"
_COND = r"([a-z0-9'+/\- ]+?)"


def _delegate_spell(para: str, out: CardDraft) -> None:
    """The compiler's own fallback for a paragraph of an instant or sorcery (its effects)."""
    out.spell_effects.extend(parse_effects(para.lower().rstrip(".").strip(), out.spell_targets))


_CARD_TYPE_WORDS = {"creature", "artifact", "enchantment", "land"}


def _host_condition(quality: str) -> Condition:
    """The "it's X" of "enchanted creature gets +1/+2 as long as it's white": a color, "a Zombie" /
    "an enchantment" (one creature type or card type), "attacking", "untapped" (of the object the
    source is attached to). Raises Unsupported."""
    if quality in ("attacking", "untapped"):
        return Condition(f"host_{quality}")
    if quality in COLOR_WORDS:
        return Condition("host", filter=ObjectFilter(colors=frozenset({COLOR_WORDS[quality]})))
    m = re.fullmatch(r"an? ([a-z]+)", quality)
    if m and m.group(1) in _CARD_TYPE_WORDS:
        return Condition("host", filter=ObjectFilter(types=frozenset({m.group(1).capitalize()})))
    if m and m.group(1) in SINGULAR_TYPES:
        return Condition("host", filter=ObjectFilter(subtypes=frozenset({SINGULAR_TYPES[m.group(1)]})))
    raise Unsupported(quality)


@paragraph_template(rf"{_ABILITY_WORD}(enchanted|equipped) (?:creature|permanent) {_PRED} as long as it's ([a-z ]+?)"
                    rf"(?:\. otherwise, it {_PRED})?")
def _host_quality_suffix(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Enchanted creature gets +1/+2 as long as it's white. Otherwise, it gets -2/-1" (Serra's Boon),
    "... as long as it's a Zombie / an enchantment / attacking", "has shroud as long as it's untapped":
    611.3a, the condition read continuously about the enchanted or equipped object; "Otherwise" is a
    second effect under the opposite condition."""
    if is_spell:
        raise Unsupported(para)
    affects = m.group(1)
    cond = _host_condition(m.group(3))
    first, _, second = para.strip().partition(". Otherwise, ")
    text = first if second else para.strip()
    out.abilities.append(LayeredStatic(text, KIND, affects=affects, condition=cond, **parse_predicate(m.group(2), para)))
    if m.group(4):
        out.abilities.append(LayeredStatic(f"Otherwise, {second}" if second else para.strip(), KIND, affects=affects,
                                           condition=dataclasses.replace(cond, negated=True),
                                           **parse_predicate(m.group(4), para)))


@paragraph_template(rf"as long as (enchanted|equipped) (?:creature|permanent) is (an? [a-z]+(?: or an? [a-z]+)?|attacking), "
                    rf"it {_PRED}")
def _host_is(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"As long as equipped creature is a Human, it has lifelink", "... it gets an additional +1/+1",
    "As long as equipped creature is attacking, it has first strike" (a condition on the object the
    source is attached to)."""
    what = m.group(2)
    kw: dict = {"affects": m.group(1)}
    if what == "attacking":
        kw["attacking"] = True
    elif what in ("a creature", "an artifact", "an enchantment", "a land"):
        kw["filter"] = ObjectFilter(types=frozenset({what.split()[-1].capitalize()}))
    else:
        subs = re.findall(r"\ban? ([a-z]+)", what)
        if any(w not in SINGULAR_TYPES for w in subs):
            raise Unsupported(para)
        kw["filter"] = ObjectFilter(subtypes=frozenset(SINGULAR_TYPES[w] for w in subs))
    pred = m.group(3).replace("gets an additional ", "gets ")
    out.abilities.append(LayeredStatic(para.strip(), KIND, **kw, **parse_predicate(pred, para)))


@paragraph_template(rf"{_ABILITY_WORD}(?:during your turn|as long as it's your turn), {_SUBJ} {_PRED}")
def _your_turn_prefix(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        return _delegate_spell(para, out)
    out.abilities.append(build(para, m.group(1), m.group(2), Condition("your_turn")))


@paragraph_template(rf"{_ABILITY_WORD}(?:during turns other than yours|during each opponent's turn), {_SUBJ} {_PRED}")
def _not_your_turn_prefix(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        return _delegate_spell(para, out)
    out.abilities.append(build(para, m.group(1), m.group(2), Condition("not_your_turn")))


@paragraph_template(rf"as long as cardname is in your graveyard(?: and {_COND})?, {_SUBJ} {_PRED}")
def _from_graveyard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """113.6: "As long as CARDNAME is in your graveyard and you control an Island, creatures you control have
    flying" (Wonder, Anger, Brawn): the static functions from its owner's graveyard only (611.3a: the
    condition is read continuously)."""
    if is_spell:
        raise Unsupported(para)
    cond = parse_condition(m.group(1)) if m.group(1) else None
    if cond is not None and cond.kind != "control":
        raise Unsupported(para)  # about the card itself (tapped, counters ...): it is no permanent
    ls = build(para, m.group(2), m.group(3), cond)
    if ls.affects != "group" or ls.per is not None or ls.rules or ls.power or ls.toughness:
        raise Unsupported(para)  # abilities only: a graveyard change never calls for state-based actions
    out.abilities.append(GraveyardLayeredStatic(**{f.name: getattr(ls, f.name) for f in dataclasses.fields(ls)}))


@paragraph_template(rf"as long as cardname is paired with another creature, (?:both creatures|each of those creatures) {_PRED}")
def _paired(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.95d: "As long as CARDNAME is paired with another creature, both creatures have haste" (Lightning
    Mauler), "... each of those creatures gets +4/+4" (Wolfir Silverheart), "... has "{1}{U}: Exile CARDNAME, then
    return it to the battlefield under your control."" (Deadeye Navigator: CARDNAME is the creature that has it):
    it and its partner (rules/soulbond.py)."""
    if is_spell:
        raise Unsupported(para)
    pr = parse_predicate(m.group(1), para)
    if pr["per"] is not None or any(r.startswith((ADD_COLOR, ADD_SUBTYPE, SET_CREATURE_TYPE))
                                                     for r in pr["rules"]):
        raise Unsupported(para)
    out.abilities.append(LayeredStatic(para.strip(), KIND, affects="paired", **pr))


@paragraph_template(rf"{_ABILITY_WORD}as long as {_COND}, {_SUBJ} {_PRED}")
def _condition_prefix(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        return _delegate_spell(para, out)
    out.abilities.append(build(para, m.group(2), m.group(3), parse_condition(m.group(1))))


@paragraph_template(rf"{_ABILITY_WORD}{_SUBJ} {_PRED} as long as {_COND}")
def _condition_suffix(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        return _delegate_spell(para, out)
    out.abilities.append(build(para, m.group(1), m.group(2), parse_condition(m.group(3))))


@paragraph_template(r"(cardname doesn't untap during your untap step) if (it has an? [a-z+/\-0-9]+ counter on it)")
def _doesnt_untap_if_counter(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """502.3 / 611.3a: "CARDNAME doesn't untap during your untap step if it has a depletion counter on it" (Lava
    Tubes): the rule holds while the condition does, read as the untap step untaps."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(build(para, "cardname", "doesn't untap during your untap step", parse_condition(m.group(2))))


@paragraph_template(rf"{_ABILITY_WORD}cardname is an? (\d+)/(\d+) ((?:[a-z'-]+ )*?)creature as long as {_COND}")
def _self_animated_while(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Metalcraft — CARDNAME is a 5/5 Golem artifact creature as long as you control three or more
    artifacts" (Rusted Relic): 611.3a, its own types (613.1d) and base P/T (613.4b) while the condition
    holds (rules/static_counts.py)."""
    if is_spell:
        raise Unsupported(para)
    animation, _kws = parse_animation(m.group(1), m.group(2), m.group(3).strip(), None)
    if animation.colors is not None or animation.all_creature_types:
        raise Unsupported(para)  # colors (layer 5) are not read from this static
    out.abilities.append(ConditionalSelfAnimation(para.strip(), SELF_ANIMATE, animation=animation,
                                                  condition=parse_condition(m.group(4))))


@paragraph_template(r"(during your turn|during turns other than yours), cardname is an? (\d+)/(\d+) ((?:[a-z'-]+ )*?)creature"
                    r"(?: with ([a-z ,]+?))? that's still an? (planeswalker|land|artifact|enchantment)")
def _self_animated_during_turn(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"During your turn, CARDNAME is a 4/4 Human Soldier creature with indestructible that's still a
    planeswalker" (Gideon Blackblade): 611.3a, while it's your turn it is also a creature (613.1d, 205.1b:
    "still a planeswalker" keeps its other types) with that base power and toughness (613.4b) and
    keywords (613.1f); the other turns it is only what its card says."""
    if is_spell:
        raise Unsupported(para)
    animation, kws = parse_animation(m.group(2), m.group(3), m.group(4).strip(), m.group(5))
    if animation.colors is not None or animation.all_creature_types:
        raise Unsupported(para)  # colors (layer 5) are not read from this static
    cond = Condition("your_turn" if m.group(1) == "during your turn" else "not_your_turn")
    out.abilities.append(ConditionalSelfAnimation(para.strip(), SELF_ANIMATE, animation=animation, condition=cond))
    if kws:
        out.abilities.append(LayeredStatic(para.strip(), KIND, affects="self", keywords=kws, condition=cond))


@paragraph_template(rf"{_ABILITY_WORD}cardname can't (attack|block|attack or block) unless (?!defending player|its controller)(.+)")
def _cant_unless(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"CARDNAME can't attack unless there are five or more Islands on the battlefield" (Harbor Serpent),
    "... can't attack or block unless you control another Giant", "... unless there are seven or more
    cards in your graveyard": 508.1c / 509.1b restrictions that apply while the condition (611.3a,
    `parse_condition`) does not hold."""
    if is_spell:
        raise Unsupported(para)
    rules = {"attack": ("cant_attack",), "block": ("cant_block",), "attack or block": ("cant_attack", "cant_block")}
    cond = dataclasses.replace(parse_condition(m.group(2)), negated=True)
    out.abilities.append(LayeredStatic(para.strip(), KIND, affects="self", rules=rules[m.group(1)], condition=cond))


@paragraph_template(rf"{_SUBJ} gets? ([+-])x/([+-])(x|0), where x is the number of (.+)")
def _gets_x_number(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Equipped creature gets +X/+X, where X is the number of creature cards in all graveyards" (Bonehoard):
    the same as "+1/+1 for each creature card in all graveyards" (611.3a: counted continuously)."""
    toughness = "0" if m.group(4) == "0" else "1"
    per = re.sub(r"\bcounters on\b", "counter on", m.group(5))
    rewritten = f"{m.group(1)} gets {m.group(2)}1/{m.group(3)}{toughness} for each {per}"
    if not re.fullmatch(rf"{_SUBJ} {_PRED}", rewritten):
        raise Unsupported(para)
    before = len(out.abilities)
    compile_paragraph(rewritten, {}, is_spell, out)
    if len(out.abilities) != before + 1 or not isinstance(out.abilities[-1], LayeredStatic):
        raise Unsupported(para)
    out.abilities[-1] = dataclasses.replace(out.abilities[-1], text=para.strip())


@paragraph_template(rf"{_SUBJ} gets? ([+-])x/([+-])x, where x is your life total")
def _gets_x_life(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"CARDNAME gets -X/-X, where X is your life total" (Death's Shadow): the source's controller's life
    total, read continuously (611.3a; layer 7c, 613.4c)."""
    if is_spell:
        raise Unsupported(para)
    kw = parse_subject(m.group(1))
    out.abilities.append(LayeredStatic(para.strip(), KIND, power=int(f"{m.group(2)}1"), toughness=int(f"{m.group(3)}1"),
                                       per=PerCount("life"), **kw))


@paragraph_template(rf"{_SUBJ} {_PRED}")
def _static(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    if is_spell:
        return _delegate_spell(para, out)
    out.abilities.append(build(para, m.group(1), m.group(2)))


@paragraph_template(r"creatures with power less than cardname's power can't block it")
def _lesser_power(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    out.abilities.append(LayeredStatic(para.strip(), KIND, rules=("unblockable_by_lesser_power",)))


@paragraph_template(r"each creature you control with an? ([+\-0-9/a-z]+) counter on it (?:has|gets) (.+)")
def _with_counter(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Each creature you control with a +1/+1 counter on it has trample"."""
    pred = para.lower().rstrip(".").split(" counter on it ", 1)[1]
    kw = parse_group("creatures you control")
    kw["with_counter"] = m.group(1)
    out.abilities.append(LayeredStatic(para.strip(), KIND, **kw, **parse_predicate(pred, para)))


@paragraph_template(r"a deck can have any number of cards named cardname")
def _any_number(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """100.2a exception: a deck-construction rule; it does nothing during a game."""
    out.abilities.append(StaticAbility(para.strip(), "deck_any_number"))


# --------------------------------------------------------------------------- "enchanted creature" in effects


_HOST = r"(?:enchanted|equipped) (?:creature|permanent|land|artifact)"


@sentence_template(rf"(tap|untap) {_HOST}")
def _tap_host(m: re.Match, targets: list) -> list:
    return [OnAttached((TapUntap(Ref(0), untap=m.group(1) == "untap"),))]


@sentence_template(rf"{_HOST} gets ([+-]\d+)/([+-]\d+)(?: and gains (.+?))? until end of turn")
def _pump_host(m: re.Match, targets: list) -> list:
    kws: tuple[str, ...] = ()
    if m.group(3):
        k = parse_keywords(m.group(3))
        if k is None:
            raise Unsupported(m.string)
        kws = k
    return [OnAttached((Pump(Ref(0), int(m.group(1)), int(m.group(2)), kws),))]


@sentence_template(rf"{_HOST} gains (.+?) until end of turn")
def _gains_host(m: re.Match, targets: list) -> list:
    k = parse_keywords(m.group(1))
    if k is None:
        raise Unsupported(m.string)
    return [OnAttached((Pump(Ref(0), 0, 0, k),))]


@sentence_template(rf"put an? \+1/\+1 counter on {_HOST}")
def _counter_host(m: re.Match, targets: list) -> list:
    return [OnAttached((AddCounters("+1/+1", 1, Ref(0)),))]


# --------------------------------------------------------------------------- enchant (303.4a)

_BUILTIN_ENCHANT = r"(?:creature|land|artifact|enchantment|permanent|forest|plains|island|swamp|mountain)"


@paragraph_template(rf"enchant (?!{_BUILTIN_ENCHANT}$)(.+)")
def _enchant(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Enchant creature you control", "Enchant artifact or creature", "Enchant nonland permanent"."""
    phrase = m.group(1)
    if phrase in ("player", "opponent") or "card" in phrase or "graveyard" in phrase:
        raise Unsupported(para)
    land = re.fullmatch(r"(forest|plains|island|swamp|mountain)( you control| an opponent controls)?", phrase)
    if land:  # "Enchant Mountain you control" (Chained to the Rocks): a basic land type (205.3i)
        who = {" you control": "you", " an opponent controls": "opponent"}.get(land.group(2) or "")
        flt = ObjectFilter(subtypes=frozenset({land.group(1).capitalize()}), controller=who)
        out.enchant = flt
        out.abilities.append(StaticAbility(para, "enchant", flt))
        return
    kind, flt = parse_object_phrase(phrase)
    if kind != "permanent":
        raise Unsupported(para)
    out.enchant = flt
    out.abilities.append(StaticAbility(para, "enchant", flt))


__all__ = ["LayeredStatic", "Condition", "PerCount", "KIND", "parse_group", "parse_predicate", "LANDWALK",
           "Ability"]
