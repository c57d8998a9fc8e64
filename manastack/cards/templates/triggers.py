"""Trigger conditions (603.1, 603.2): "At the beginning of your upkeep", "Whenever you cast a
noncreature spell", "Whenever another creature you control enters", landfall, "Whenever you gain
life", "Whenever CARDNAME deals combat damage to a player", "Whenever CARDNAME blocks", ... Their
events are detected by rules/triggers.py. An ability word before an ability ("Landfall — ", 207.2c)
has no rules meaning: the rest of the paragraph is compiled as it stands.

Conditions arrive lower-cased, with "cardname" for the card's own name, no trailing comma.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.counterspells import ManaValueBound, TargetsMatching
from ...model.vocab.referred_objects import TARGETS_PERMANENTS
from ...model.vocab.spell_copies import TARGETS_ONLY_ONE
from ..compiler import (
    CARD_CHECKS,
    Unsupported,
    compile_paragraph,
    paragraph_template,
    parse_effects,
    parse_keywords,
    trigger_template,
)
from ..draft import CardDraft
from .effects_common import article_filter, parse_filter

# CR 207.2c (2024-09 and 2026-02 editions).
ABILITY_WORDS = frozenset({
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4", "descend 8", "disappear",
    "domain", "eerie", "eminence", "enrage", "fateful hour", "fathomless descent", "ferocious", "flurry",
    "formidable", "grandeur", "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship", "landfall",
    "lieutenant", "magecraft", "metalcraft", "morbid", "pack tactics", "paradox", "parley", "radiance", "raid",
    "rally", "renew", "revolt", "secret council", "spell mastery", "strive", "survival", "sweep",
    "tempting offer", "threshold", "undergrowth", "valiant", "vivid", "void", "will of the council",
})


# Keyword abilities of CR 702 (2026-02 edition) whose text also takes the "Name — " form; they have
# rules meaning, so they are never flavor words ("Max speed — ...", "Visit — ...", "Exhaust — ...").
_KEYWORDS_702 = frozenset({
    "absorb", "affinity", "afflict", "afterlife", "aftermath", "amplify", "annihilator", "ascend", "assist",
    "aura swap", "awaken", "backup", "banding", "bargain", "battle cry", "bestow", "blitz", "bloodthirst", "boast",
    "bushido", "buyback", "cascade", "casualty", "champion", "changeling", "choose", "cipher", "cleave",
    "companion", "compleated", "conspire", "convoke", "craft", "crew", "cumulative upkeep", "cycling", "dash",
    "daybound", "deathtouch", "decayed", "defender", "delve", "demonstrate", "dethrone", "devoid", "devour",
    "disguise", "disturb", "double strike", "dredge", "echo", "embalm", "emerge", "enchant", "encore", "enlist",
    "entwine", "epic", "equip", "escalate", "escape", "eternalize", "evoke", "evolve", "exalted", "exhaust",
    "exploit", "extort", "fabricate", "fading", "fear", "firebending", "first strike", "flanking", "flash",
    "flashback", "flying", "for mirrodin!", "forecast", "foretell", "fortify", "freerunning", "frenzy", "fuse",
    "gift", "graft", "gravestorm", "harmonize", "haste", "haunt", "hexproof", "hidden agenda", "hideaway",
    "horsemanship", "impending", "improvise", "indestructible", "infect", "infinity", "ingest", "intimidate",
    "job select", "jump-start", "kicker", "landwalk", "level", "level up", "lifelink", "living metal",
    "living weapon", "madness", "max speed", "mayhem", "melee", "menace", "mentor", "miracle", "mobilize",
    "modular", "more than meets the eye", "morph", "mutate", "myriad", "nightbound", "ninjutsu", "offering",
    "offspring", "outlast", "overload", "partner", "persist", "phasing", "plot", "poisonous", "protection",
    "prototype", "provoke", "prowess", "prowl", "rampage", "ravenous", "reach", "read ahead", "rebound",
    "reconfigure", "recover", "reinforce", "renown", "replicate", "retrace", "riot", "ripple", "saddle", "scavenge",
    "shadow", "shroud", "skulk", "sneak", "solved", "soulbond", "soulshift", "space sculptor", "spectacle",
    "splice", "split second", "spree", "squad", "start your engines!", "station", "storm", "sunburst", "surge",
    "suspend", "tiered", "toxic", "training", "trample", "transfigure", "transmute", "tribute", "umbra armor",
    "undaunted", "undying", "unearth", "unleash", "vanishing", "vigilance", "visit", "ward", "warp", "web-slinging",
    "wither",
})


def _is_flavor_word(word: str) -> bool:
    """207.2d: a flavor word ("Natural Recovery — When ...") has no rules meaning, like an ability
    word; anything that could be a keyword, a mode choice or a chapter/level marker is not one."""
    if word in _NOT_FLAVOR or word.startswith(("choose", "level", "stage ", "team ")):
        return False
    words = word.split()
    pairs = {" ".join(words[i:i + 2]) for i in range(len(words))}
    if (set(words) | pairs | {word}) & _KEYWORDS_702:
        return False  # "Commander Suspend 4", "Fixed commander ninjutsu": a keyword in disguise
    return not re.fullmatch(r"[ivx, ]+|[0-9+\- ]+", word) and len(words) <= 4


# Labels that look like flavor words but carry rules (their reminder text explains them): power-up
# abilities are activated only once, "To solve" is a Case's solve condition (CR 719).
_NOT_FLAVOR = frozenset({"power-up", "to solve"})


@paragraph_template(r"([a-z' ’0-9!-]+) — (.+)")
def _ability_word(m, para, out: CardDraft, is_spell):
    """207.2c: "Landfall — Whenever a land you control enters, ..." is the ability after the dash."""
    word = m.group(1).replace("’", "'").strip()
    if word not in ABILITY_WORDS and not _is_flavor_word(word):
        raise Unsupported(para)
    rest = para.split("—", 1)[1].strip()
    compile_paragraph(rest, {}, is_spell, out)


# --- the source itself ----------------------------------------------------------------------------

@trigger_template(r"whenever cardname enters(?: the battlefield)? or attacks")
def _etb_or_attacks(m):
    return {"event": "etb_or_attacks"}


@trigger_template(r"(?:when|whenever) cardname attacks or blocks")
def _attacks_or_blocks(m):
    return {"event": "attacks_or_blocks"}


@trigger_template(r"whenever cardname blocks")
def _blocks(m):
    return {"event": "blocks"}


@trigger_template(r"whenever cardname becomes blocked")
def _becomes_blocked(m):
    return {"event": "becomes_blocked"}


@trigger_template(r"whenever cardname deals combat damage to (?:a player|an opponent)")
def _combat_damage(m):
    return {"event": "combat_damage_player"}


@trigger_template(r"when cardname leaves the battlefield")
def _leaves(m):
    return {"event": "leaves"}


@trigger_template(r"when cardname is put into a graveyard from the battlefield")
def _to_graveyard(m):
    return {"event": "to_graveyard"}


# --- steps --------------------------------------------------------------------------------------

_WHOSE = {"your": "you", "each": "each", "each player's": "each", "the": "each", "each opponent's": "opponent"}


@trigger_template(r"at the beginning of (your|each|each player's|each opponent's) upkeep")
def _upkeep(m):
    return {"event": "upkeep", "who": _WHOSE[m.group(1)]}


@trigger_template(r"at the beginning of (your|each|each player's|each opponent's) draw step")
def _draw_step(m):
    """504.2: after the active player's draw (504.1); "that player" is the active player."""
    return {"event": "draw_step", "who": _WHOSE[m.group(1)]}


@trigger_template(r"at the beginning of (your|each|each player's|the|each opponent's) end step")
def _end_step(m):
    return {"event": "end", "who": _WHOSE[m.group(1)]}


@trigger_template(r"at the beginning of (?:combat on your turn|each combat)")
def _begin_combat(m):
    return {"event": "begin_combat", "who": "you" if "your turn" in m.group(0) else "each"}


@trigger_template(r"at the beginning of your (?:precombat|first) main phase")
def _main1(m):
    return {"event": "main1", "who": "you"}


# --- other objects ------------------------------------------------------------------------------

_CAST_WHO = {"you cast": "you", "an opponent casts": "opponent", "a player casts": "any", "you cast or copy": "you"}


@trigger_template(r"whenever (you cast or copy|you cast|an opponent casts|a player casts) (?:a|an) (.+?)")
def _cast(m):
    """601.2i: "whenever you cast a noncreature spell"."""
    what = m.group(2)
    scope = {}
    # "from a graveyard" (Ash Zealot): the caster's, as a spell is cast from its owner's graveyard unless a
    # permission says otherwise (the zone is what counts, 601.2a)
    for suffix, sc in ((" during an opponent's turn", "opponent_turn"), (" from your graveyard", "from_graveyard"),
                       (" from a graveyard", "from_graveyard")):
        if what.endswith(suffix):
            # 601.2i, while another player is active; 601.2a, a spell cast from its caster's graveyard
            what, scope = what[: -len(suffix)], {"scope": sc}
    if what in ("instant", "sorcery", "instant or sorcery"):
        what += " spell"  # the older wording: "whenever you cast an instant"
    if what == "kicked spell":
        if scope:
            raise Unsupported(m.group(0))
        return {"event": "cast", "who": _CAST_WHO[m.group(1)], "scope": "kicked"}  # 702.33d
    if what == "spell that targets cardname":
        # heroic: "whenever you cast a spell that targets CARDNAME" (its targets as it became cast, 601.2c)
        return {"event": "cast", "who": _CAST_WHO[m.group(1)], "scope": "targets_self"}
    if what == "spell that targets one or more permanents":
        # "whenever you cast a spell that targets one or more permanents" (Dack Fayden's emblem): its event
        # object is the spell ("those permanents": its targets, rules/referred_objects.py)
        return {"event": "cast", "who": _CAST_WHO[m.group(1)], "scope": TARGETS_PERMANENTS}
    cm = re.fullmatch(r"(?:([a-z ]+) )?spell with mana value equal to the number of ([a-z]+) counters on cardname", what)
    if cm:
        # "a spell with mana value equal to the number of charge counters on CARDNAME" (Chalice of the Void):
        # counted as the spell becomes cast (rules/counterspells.py ManaValueBound)
        base = parse_filter(cm.group(1)) if cm.group(1) else V.ObjectFilter()
        return {"event": "cast", "who": _CAST_WHO[m.group(1)], **scope,
                "filter": ManaValueBound(base=base, exact=True, counters_on_source=cm.group(2))}
    om = re.fullmatch(r"(instant or sorcery|instant|sorcery) spell that targets only (cardname|a single [a-z]+)", what)
    if om:
        # "whenever a player casts an instant or sorcery spell that targets only a single Golem" (Precursor
        # Golem): its targets as it became cast are one object (601.2c), the source or one matching the filter;
        # its event object is the spell (rules/triggers.py)
        if scope:
            raise Unsupported(m.group(0))
        one = None if om.group(2) == "cardname" else parse_filter(om.group(2)[len("a single "):])
        return {"event": "cast", "who": _CAST_WHO[m.group(1)], "filter": parse_filter(om.group(1)),
                "scope": TARGETS_ONLY_ONE, "target_filter": one}
    tm = re.fullmatch(r"(?:(instant or sorcery|instant|sorcery) )?spell that targets (?:a|an) ([a-z ]+)", what)
    if tm and not tm.group(2).startswith(("single ", "cardname")):
        # "whenever you cast an instant or sorcery spell that targets a creature you control" (Feather): a
        # target on the battlefield matching (rules/counterspells.py TargetsMatching), as it became cast
        base = parse_filter(tm.group(1)) if tm.group(1) else V.ObjectFilter()
        return {"event": "cast", "who": _CAST_WHO[m.group(1)], **scope,
                "filter": TargetsMatching(base=base, what=parse_filter(tm.group(2)))}
    if what == "spell":
        flt = None
    else:
        keyword = None
        km = re.fullmatch(r"(.+ spell) with ([a-z ]+)", what)
        if km and not km.group(2).startswith("mana value"):
            found = parse_keywords(km.group(2))
            if found is None or len(found) != 1:
                raise Unsupported(what)
            what, keyword = km.group(1), found[0]  # "a creature spell with infect": a keyword the spell has
        mm = re.fullmatch(r"(?:(.+) )?spell( with mana value \d+ or (?:greater|less))?", what)
        if not mm:
            raise Unsupported(what)
        kind = mm.group(1) or ""
        # Qualities only spells are asked about here (matched by rules/stack.py matches_filter):
        # multicolored (105.2c) and historic (700.6).
        words = kind.split()
        special = {w for w in words if w in ("multicolored", "historic")}
        kind = " ".join(w for w in words if w not in special)
        if not kind and not mm.group(2) and not special:
            raise Unsupported(what)
        flt = parse_filter((kind or "permanent") + (mm.group(2) or ""))
        if special or keyword:
            base = {f: getattr(flt, f) for f in flt.__dataclass_fields__}
            if "multicolored" in special:
                base["multicolored"] = True
            if "historic" in special:
                base["historic"] = True
            if keyword:
                base["keywords"] = frozenset({keyword}) | base.get("keywords", frozenset())
            flt = V.FilterPlus(**base)
    return {"event": "cast", "who": _CAST_WHO[m.group(1)], "filter": flt, **scope}


@trigger_template(r"whenever (cardname or )?(another |a |an )(.+?) enters(?: the battlefield)?( under your control)?")
def _enters(m):
    """603.6a: "whenever another creature you control enters", landfall ("a land you control")."""
    what = m.group(3)
    if m.group(4):
        what += " you control"
    if "one or more" in what:
        raise Unsupported(what)
    flt = parse_filter(("another " if m.group(2) == "another " else "") + what)
    if m.group(1):
        if m.group(2) != "another ":
            raise Unsupported(m.group(0))
        return {"event": "enters", "filter": flt, "scope": "or_self"}  # "cardname or another ...": itself too
    return {"event": "enters", "filter": flt}


@trigger_template(r"whenever (cardname or )?(another |a |an )(.+?) dies")
def _dies_other(m):
    """603.10a: "whenever another creature you control dies" looks back in time; "CARDNAME or another
    creature you control" includes the source itself."""
    flt = parse_filter(("another " if m.group(2) == "another " else "") + m.group(3))
    if m.group(1):
        if m.group(2) != "another ":
            raise Unsupported(m.group(0))
        return {"event": "dies_filter", "filter": flt, "scope": "or_self"}
    return {"event": "dies_filter", "filter": flt}


@trigger_template(r"whenever (you|an opponent|a player) gains? life")
def _gain_life(m):
    """119.9: once per life-gain event; "that player" is the player who gained life (rules/triggers.py)."""
    return {"event": "gain_life", "who": {"you": "you", "an opponent": "opponent", "a player": "each"}[m.group(1)]}


@trigger_template(r"whenever you attack")
def _you_attack(m):
    return {"event": "you_attack"}


@trigger_template(r"when cardname enters(?: the battlefield)? or dies")
def _etb_or_dies(m):
    return {"event": "etb_or_dies"}


@paragraph_template(r"when this (?:equipment|vehicle|siege|aura|saga|spacecraft|room|case|class|battle|planeswalker|"
                    r"kindred) enters(?: the battlefield)?, (.+)")
def _this_enters(m, para, out: CardDraft, is_spell):
    """"When this Equipment enters, ..." (the compiler names creatures, artifacts ... CARDNAME, not
    these). A paragraph template, registered after the equipment templates (keywords.py), so that
    theirs ("..., attach it to target creature you control") come first."""
    targets: list = []
    effects = parse_effects(m.group(1), targets)
    out.abilities.append(V.TriggeredAbility(para, "etb", tuple(effects), tuple(targets)))


@trigger_template(r"whenever cardname is dealt damage")
def _dealt_damage(m):
    return {"event": "dealt_damage"}


@trigger_template(r"whenever cardname becomes (tapped|untapped)")
def _becomes_tapped(m):
    return {"event": "becomes_" + m.group(1)}


@trigger_template(r"whenever cardname attacks and isn't blocked")
def _attacks_unblocked(m):
    return {"event": "attacks_unblocked"}


@trigger_template(r"whenever cardname attacks alone")
def _attacks_alone(m):
    return {"event": "attacks_alone"}


@trigger_template(r"whenever (a|another) (.+?) attacks alone")
def _creature_attacks_alone(m):
    """"Whenever a creature you control attacks alone" (506.5): "it" is that creature."""
    flt = article_filter(m)
    if flt.controller != "you":
        raise Unsupported(m.group(0))
    return {"event": "attacks_alone_filter", "filter": flt}


@trigger_template(r"whenever cardname and at least two other creatures attack")
def _battalion(m):
    return {"event": "battalion"}


@trigger_template(r"whenever cardname blocks a creature")
def _blocks_creature(m):
    return {"event": "blocks_creature"}


@trigger_template(r"whenever cardname becomes blocked by a creature")
def _blocked_by_creature(m):
    return {"event": "blocked_by_creature"}


@trigger_template(r"whenever cardname blocks or becomes blocked by a creature")
def _blocks_or_blocked_by(m):
    return {"event": "blocks_or_blocked_by"}


@trigger_template(r"whenever cardname blocks or becomes blocked")
def _blocks_or_blocked(m):
    raise Unsupported(m.group(0))


@trigger_template(r"whenever cardname deals combat damage to a creature")
def _combat_damage_creature(m):
    return {"event": "combat_damage_creature"}


@trigger_template(r"when you cast cardname|when you cast this spell")
def _cast_self(m):
    """603.2 / 112.3c: an ability of the spell itself that triggers as it is cast."""
    return {"event": "cast_self"}


@trigger_template(r"whenever you cast your second spell each turn")
def _second_spell(m):
    return {"event": "cast", "who": "you", "scope": "second_spell"}


@trigger_template(r"at the beginning of your (?:postcombat|second) main phase")
def _main2(m):
    return {"event": "main2", "who": "you"}


@trigger_template(r"(?:when|whenever) (?:enchanted|equipped) creature dies")
def _attached_dies(m):
    """603.10a: the Aura or Equipment is still on the battlefield as the creature dies."""
    return {"event": "attached_dies"}


@trigger_template(r"when (?:enchanted|equipped) (creature|artifact|land|enchantment|permanent) (is put into a graveyard|"
                  r"leaves the battlefield)")
def _attached_leaves(m):
    """603.6c / 603.10a: "When enchanted artifact is put into a graveyard" (from the battlefield: an Aura
    enchants only permanents), "When enchanted creature leaves the battlefield": the Aura or Equipment is
    still on the battlefield as its permanent leaves (rules/triggers.py left_battlefield)."""
    return {"event": "attached_to_graveyard" if m.group(2).startswith("is put") else "attached_leaves"}


@trigger_template(r"whenever (?:enchanted|equipped) creature attacks")
def _attached_attacks(m):
    return {"event": "attached_attacks"}


@trigger_template(r"whenever (?:enchanted|equipped) creature deals combat damage to a player")
def _attached_combat_damage(m):
    return {"event": "attached_combat_damage_player"}


@trigger_template(r"whenever (you|an opponent|a player) draws? (a card|your second card each turn|their second card "
                  r"each turn)")
def _draw(m):
    """121.2: each card drawn is a draw event."""
    who = {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)]
    return {"event": "draw", "who": who, "scope": "" if m.group(2) == "a card" else "second"}


@trigger_template(r"whenever (a|another) (.+?) deals combat damage to (a player|an opponent)")
def _creature_combat_damage(m):
    """510.2: "whenever a creature you control deals combat damage to a player" ("it" is that creature; "that
    player" the player dealt the damage: rules/triggers.py gives the ability one of them, never both)."""
    flt = article_filter(m)
    return {"event": "creature_combat_damage_player", "filter": flt,
            "scope": "opponent" if m.group(3) == "an opponent" else ""}


def _damage_triggers(x: object, depth: int = 0) -> list[V.TriggeredAbility]:
    """The "whenever a creature ... deals combat damage to a player" abilities in `x` (an emblem's among them)."""
    if depth > 12:
        return []
    if isinstance(x, V.TriggeredAbility) and x.event == "creature_combat_damage_player":
        return [x]
    if isinstance(x, tuple | list):
        return [t for y in x for t in _damage_triggers(y, depth + 1)]
    fields = getattr(x, "__dataclass_fields__", None)
    if fields is None or isinstance(x, V.ObjectFilter):
        return []
    return [t for f in fields for t in _damage_triggers(getattr(x, f), depth + 1)]


def _check_creature_and_player(out: CardDraft, unsupported: list) -> None:
    """"... deals combat damage to a player, put a +1/+1 counter on it and that player ...": the ability
    carries one of the creature and the player it damaged, not both (refused)."""
    for ab in _damage_triggers(tuple(out.abilities)):
        if V.mentions(ab.effects, V.EVENT_PLAYER) and V.mentions(ab.effects, V.IT):
            unsupported.append(ab.text)


CARD_CHECKS.append(_check_creature_and_player)
