"""The Oracle-text compiler: card text → typed abilities (model/vocab.py).

Text is normalised (reminder text dropped, the card's own name and "this creature" / "this
artifact" ... become CARDNAME, old "enters the battlefield" and new "enters" templates both
accepted), split into paragraphs and sentences, and each sentence is matched against the
templates below. A sentence no template matches is recorded in `CardDef.unsupported`: such a
card is never half-working; the engine refuses it with a clear error.

Intrinsic mana abilities of basic land types (305.6) come from the type line, not the text.
Object and target phrases are parsed by cards/object_phrases.py, the text of mana abilities by
cards/mana_text.py.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Callable

from ..model.costs import parse_cost
from ..model.vocab import (
    DEFENDING,
    Ability,
    ActivatedAbility,
    AddCounters,
    AddMana,
    CardDef,
    Cost,
    Count,
    CounterSpell,
    CreateContinuousEffect,
    CreateToken,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    Effect,
    Flicker,
    GainLife,
    LoseLife,
    ObjectFilter,
    Pump,
    Ref,
    ReturnFromGraveyard,
    ReturnToHand,
    RevealTopPutLandInHand,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    contains,  # noqa: F401 (re-exported: the whole-card checks read it from here)
)
from ..model.vocab.reveal_top import RevealTopLandOrHand
from . import mana_text, object_phrases
from .draft import CardDraft
from .words import (  # noqa: F401 (re-exported: templates read them from here)
    _N,
    BASIC_LAND_MANA,
    CARD_TYPES,
    COLOR_WORDS,
    COUNTERS_WITH_RULES,
    KEYWORDS,
    NUMBERS,
    Unsupported,
    number,
)

# Extension points: template modules in manastack/cards/templates/ register here at import.
# A sentence template turns one effect sentence (lower-cased, CARDNAME for the card's own name, no
# final period) into effects, appending any TargetSpec it needs to `targets`.
SentenceBuilder = Callable[[re.Match, list], list]
SENTENCE_TEMPLATES: list[tuple[Matcher, SentenceBuilder]] = []
# A paragraph template handles a whole paragraph (a static ability, a keyword with a cost ...):
# fn(match, para, out, is_spell) appends to out.abilities / out.keywords (out: the CardDraft).
ParagraphBuilder = Callable[[re.Match, str, CardDraft, bool], None]
PARAGRAPH_TEMPLATES: list[tuple[Matcher, ParagraphBuilder]] = []
# A trigger template turns a trigger condition ("whenever cardname attacks") into the keyword
# arguments of TriggeredAbility (event, scope, filter, who).
TRIGGER_TEMPLATES: list[tuple[Matcher, Callable[[re.Match], dict]]] = []
# A keyword template handles one item of a keyword line ("ward {2}", "bushido 2"):
# fn(match, out) records it (out.keywords, out.abilities).
KeywordBuilder = Callable[[re.Match, CardDraft], None]
KEYWORD_TEMPLATES: list[tuple[Matcher, KeywordBuilder]] = []
# A card finisher runs once all paragraphs are compiled: fn(out) may rewrite out.abilities and
# returns the texts it could not support (added to CardDef.unsupported).
CARD_FINISHERS: list[Callable[[CardDraft], list[str]]] = []
# Whole-card checks run after every paragraph compiled: fn(out, unsupported) appends the text of
# an ability that can't work as compiled (cards/templates/statics_*.py).
CARD_CHECKS: list[Callable[[CardDraft, list[str]], None]] = []


_META = re.compile(r"[.^$*+?{}\[\]\\|()]")
_ESCAPED_OR_CLASS = re.compile(r"\\.|\[(?:\\.|[^\]\\])*\]")
_GROUP = re.compile(r"\([^()]*\)")


def match_prefixes(pattern: str) -> str | tuple[str, ...]:
    """Texts one of which every match of `pattern` starts with (for str.startswith): its literal prefix,
    or, for a pattern opening with a group of alternatives ("(convoke|improvise|delve) ..."), the literal
    prefix of each alternative; "" when unsure."""
    if pattern.startswith("(") and not pattern.startswith("(?") or pattern.startswith("(?:"):
        start = 3 if pattern.startswith("(?:") else 1
        depth, i, alts, begin = 1, start, [], start
        while i < len(pattern) and depth:
            ch = pattern[i]
            if ch == "\\":
                i += 2
                continue
            if ch == "[":
                j = pattern.find("]", i + 2)
                if j < 0:
                    return ""
                i = j + 1
                continue
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if not depth:
                    alts.append(pattern[begin:i])
            elif ch == "|" and depth == 1:
                alts.append(pattern[begin:i])
                begin = i + 1
            i += 1
        if depth or (i < len(pattern) and pattern[i] in "?*{"):
            return ""  # unclosed, or an optional / repeated group
        if "|" in _top_level(pattern[i:]):
            return ""  # "(a|b)c|d": the rest has alternatives of its own
        prefixes = tuple(literal_prefix(a) for a in alts)
        return "" if not all(prefixes) else prefixes[0] if len(prefixes) == 1 else prefixes
    return literal_prefix(pattern)


def _top_level(pattern: str) -> str:
    """`pattern` without escapes, classes and groups (what is left at the top level)."""
    rest = _ESCAPED_OR_CLASS.sub("", pattern)
    n = 1
    while n:
        rest, n = _GROUP.subn("", rest)
    return rest


def literal_prefix(pattern: str) -> str:
    """The literal text every match of `pattern` starts with ("" when unsure: an alternation at the top
    level, a group, a class or an escape first)."""
    if "|" in pattern and "|" in _top_level(pattern):
        return ""  # "a|b": no common prefix
    m = _META.search(pattern)
    if m is None:
        return pattern
    end = m.start()
    if m.group() in "*?{" and end > 0:
        end -= 1  # the last literal is optional or repeated
    return pattern[:end]


class LazyPattern:
    """A regular expression compiled when first used: the ~500 template patterns are registered as
    their modules load, but compiling them all would cost a fresh process a third of a second, while
    compiling a deck's cards tries only some of them."""

    __slots__ = ("pattern", "_rx", "_prefix")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._rx: re.Pattern | None = None
        self._prefix = match_prefixes(pattern)

    def compiled(self) -> re.Pattern:
        if self._rx is None:
            self._rx = re.compile(self.pattern)
        return self._rx

    def fullmatch(self, text: str) -> re.Match | None:
        if not text.startswith(self._prefix):
            return None  # a text that can't match doesn't compile the pattern
        return self.compiled().fullmatch(text)

    def match(self, text: str) -> re.Match | None:
        if not text.startswith(self._prefix):
            return None
        return self.compiled().match(text)

    def search(self, text: str) -> re.Match | None:
        return self.compiled().search(text)

    def __getattr__(self, name: str):
        return getattr(self.compiled(), name)


# What a registry entry matches text with: a LazyPattern, or a compiled pattern (`first_template` entries).
Matcher = LazyPattern | re.Pattern[str]


def keyword_template(pattern: str) -> Callable[[KeywordBuilder], KeywordBuilder]:
    def deco(fn: KeywordBuilder) -> KeywordBuilder:
        KEYWORD_TEMPLATES.append((LazyPattern(pattern), fn))
        return fn
    return deco


def sentence_template(pattern: str):
    """Decorator: register an effect-sentence template (`pattern` is matched in full)."""
    def deco(fn: SentenceBuilder) -> SentenceBuilder:
        SENTENCE_TEMPLATES.append((LazyPattern(pattern), fn))
        return fn
    return deco


def paragraph_template(pattern: str) -> Callable[[ParagraphBuilder], ParagraphBuilder]:
    def deco(fn: ParagraphBuilder) -> ParagraphBuilder:
        PARAGRAPH_TEMPLATES.append((LazyPattern(pattern), fn))
        return fn
    return deco


# Paragraph templates tried before the built-in "[cost]: [effect]" parsing: abilities that look like a
# permanent's activated ability but function from another zone (113.6m: "{2}{B}: Return CARDNAME from
# your graveyard to your hand"), or keyword lines with commas in their cost ("Escape—{R}, exile ...").
EARLY_PARAGRAPH_TEMPLATES: list[tuple[Matcher, ParagraphBuilder]] = []


def early_paragraph_template(pattern: str) -> Callable[[ParagraphBuilder], ParagraphBuilder]:
    def deco(fn: ParagraphBuilder) -> ParagraphBuilder:
        EARLY_PARAGRAPH_TEMPLATES.append((LazyPattern(pattern), fn))
        return fn
    return deco


def trigger_template(pattern: str):
    def deco(fn: Callable[[re.Match], dict]) -> Callable[[re.Match], dict]:
        TRIGGER_TEMPLATES.append((LazyPattern(pattern), fn))
        return fn
    return deco


def trigger_kwargs(cond: str, skip: tuple = ()) -> dict:
    """The keyword arguments of TriggeredAbility for a trigger condition ("when cardname enters",
    "whenever a creature you control attacks") as the built-in rule or a registered template reads
    it, leaving out the templates in `skip` and those that add their own ", if" clause (603.4).
    Raises Unsupported."""
    m = re.fullmatch(r"(?:when|whenever) cardname (enters(?: the battlefield)?|dies|attacks)", cond)
    if m:
        return {"event": {"dies": "dies", "attacks": "attacks"}.get(m.group(1), "etb")}
    for rx, fn in TRIGGER_TEMPLATES:
        if fn in skip or ", if " in rx.pattern:
            continue
        tm = rx.fullmatch(cond)
        if tm:
            try:
                return fn(tm)
            except Unsupported:
                continue
    raise Unsupported(cond)


# The template modules, in the order their templates are tried (earlier modules first; within a
# module, in the order it registers them). Written down here, not taken from file names: renaming a
# file changes nothing. Registration order doesn't matter either: `install_templates` sorts every
# registry by this order, so importing the modules in any order compiles every card the same way.
TEMPLATE_MODULES = (
    "keywords", "statics", "conditions", "effects_common", "activation", "casting", "combat_keywords", "tapped_durations", "companion", "costs",
    "damage_history", "draw_additional", "effects_activated", "effects_animate", "effects_block_control", "effects_core", "effects_divided", "effects_damage_riders", "effects_counted", "effects_player_groups", "effects_graveyard", "effects_free_casting", "effects_hand", "effects_imprint", "effects_instead",
    "effects_referred", "effects_tokens", "effects_token_riders", "effects_keyword_actions", "effects_library", "effects_digs", "effects_piles", "effects_modal",
    "effects_phrases", "effects_player_protection", "effects_players", "effects_prevention", "effects_zone_change", "graveyard_keywords", "keywords_ninjutsu", "keywords_cipher", "keywords_triggered", "keywords_bestow", "keywords_splice", "loyalty_mana",
    "mana_amounts", "multi_targets", "once_each_turn", "opening_hand", "reflexive", "return_dead", "statics_auras", "statics_counters", "statics_counts",
    "statics_prevention", "statics_protection", "statics_choices", "statics_control", "statics_copy", "statics_entering", "statics_game_rules", "statics_graveyard",
    "statics_land_types", "statics_timing", "statics_tokens", "statics_activation", "triggers", "triggers_actions", "triggers_combat", "triggers_conditions",
    "triggers_zones", "triggers_x_spells", "vehicles_facedown", "x_amounts",
    "effects_monarch", "life_gain", "damage_replacement",
    "sagas",
    "transform",
    "effects_counterspells",
    "effects_emblems",
)
_TEMPLATES_PACKAGE = "manastack.cards.templates"
# Entries registered to be tried before all others (`first_template`): ids of the registry entries.
_FIRST: set[int] = set()
_templates_loaded = False


def first_template(registry: list, entry: object) -> None:
    """Register `entry` (a (pattern, fn) pair) ahead of the general templates of `registry`, which would
    match the same text and give up. Among such entries, the later module's comes first."""
    registry.insert(0, entry)
    _FIRST.add(id(entry))


def later_template(registry: list, fn: object, text: str) -> tuple[Callable[..., object], re.Match] | None:
    """The first template registered after `fn` in `registry` whose pattern matches all of `text`, with
    its match: where a template gives the text back, the ones it stood before get their turn."""
    after = False
    for rx, other in registry:
        if other is fn:
            after = True
        elif after:
            m = rx.fullmatch(text)
            if m:
                return other, m
    return None


def _registries() -> tuple[list, ...]:
    return (SENTENCE_TEMPLATES, PARAGRAPH_TEMPLATES, TRIGGER_TEMPLATES, KEYWORD_TEMPLATES, CARD_FINISHERS,
            CARD_CHECKS, EARLY_PARAGRAPH_TEMPLATES, EFFECTS_CHECKS, mana_text.MANA_ABILITY_TEMPLATES)


def _entry_module(entry: object) -> str:
    fn = entry[1] if isinstance(entry, tuple) else entry
    return getattr(fn, "__module__", "") or ""


def install_templates(modules: tuple[str, ...] = TEMPLATE_MODULES) -> None:
    """Import the template modules and order every registry by `modules` (stable within a module)."""
    global _templates_loaded
    for name in modules:
        importlib.import_module(f"{_TEMPLATES_PACKAGE}.{name}")
    index = {f"{_TEMPLATES_PACKAGE}.{name}": i for i, name in enumerate(modules)}
    # Entries of the compiler's own modules (the built-in readings) keep their place before the templates.
    for registry in _registries():
        def rank(entry: object) -> tuple[int, int]:
            i = index.get(_entry_module(entry), -1)
            return (0, -i) if id(entry) in _FIRST else (1, i)
        registry.sort(key=rank)
    _templates_loaded = True


def _load_templates() -> None:
    if not _templates_loaded:
        install_templates()


# --- costs ------------------------------------------------------------------------------------

def parse_activation_cost(text: str) -> Cost:
    mana = ""
    tap = untap = sac_self = False
    sac = None
    life = 0
    for part in [p.strip() for p in text.split(",")]:
        pl = part.lower()
        if pl == "{t}":
            tap = True
        elif pl == "{q}":
            untap = True
        elif re.fullmatch(r"(\{[0-9wubrgcxs/p]+\})+", pl):
            mana += part
        elif pl == "sacrifice cardname":
            sac_self = True
        elif pl.startswith("sacrifice "):
            q = pl[len("sacrifice "):]
            q = re.sub(r"^(a|an) ", "", q)
            _, sac = object_phrases.parse_object_phrase(q)
        elif m := re.fullmatch(r"pay (\d+) life", pl):
            life = int(m.group(1))
        else:
            raise Unsupported(text)
    try:
        mc = parse_cost(mana.upper())
    except ValueError as exc:
        raise Unsupported(text) from exc
    return Cost(mana=mc, tap=tap, untap=untap, sacrifice_self=sac_self, sacrifice=sac, life=life)


# --- effects ---------------------------------------------------------------------------------

_KW_LIST = r"((?:[a-z ]+?)(?:, [a-z ]+?)*(?:,? and [a-z ]+?)?)"


def parse_keywords(text: str) -> tuple[str, ...] | None:
    items = [x.strip() for x in re.split(r",? and |, ", text.strip().lower()) if x.strip()]
    if items and all(i in KEYWORDS for i in items):
        return tuple(items)
    return None


def parse_effect_sentence(s: str, targets: list[TargetSpec]) -> list[Effect]:
    """One sentence (lower-cased, no final period) → effects. Raises Unsupported.

    The built-in patterns below are tried first; when one matches but can't parse its parts
    ("cardname deals 2 damage to each creature"), the registered SENTENCE_TEMPLATES get the sentence."""
    n = len(targets)
    try:
        return _builtin_effect_sentence(s, targets)
    except Unsupported:
        del targets[n:]
    for rx, fn in SENTENCE_TEMPLATES:
        m = rx.fullmatch(s)
        if m:
            return fn(m, targets)
    raise Unsupported(s)


def _builtin_effect_sentence(s: str, targets: list[TargetSpec]) -> list[Effect]:
    m = re.fullmatch(rf"cardname deals {_N} damage to (.+)", s)
    if m:
        return [DealDamage(number(m.group(1)), object_phrases.parse_target(m.group(2), targets))]
    m = re.fullmatch(rf"draw {_N} cards?", s)
    if m:
        return [Draw(number(m.group(1)))]
    m = re.fullmatch(rf"(target player|target opponent|each player) draws? {_N} cards?", s)
    if m:
        return [Draw(number(m.group(2)), object_phrases.parse_target(m.group(1), targets))]
    m = re.fullmatch(rf"you gain {_N} life", s)
    if m:
        return [GainLife(number(m.group(1)))]
    m = re.fullmatch(rf"(target player|target opponent|each opponent|each player|you) loses? {_N} life", s)
    if m:
        return [LoseLife(number(m.group(2)), object_phrases.parse_target(m.group(1), targets))]
    m = re.fullmatch(rf"(target player|target opponent|each opponent) discards? {_N} cards?", s)
    if m:
        return [Discard(number(m.group(2)), object_phrases.parse_target(m.group(1), targets))]
    m = re.fullmatch(r"counter (target .*spell)", s)
    if m:
        ref = object_phrases.parse_target(m.group(1), targets)
        assert isinstance(ref, Ref)
        return [CounterSpell(ref)]
    m = re.fullmatch(r"destroy (target .+)", s)
    if m:
        return [Destroy(object_phrases.parse_target(m.group(1), targets))]
    m = re.fullmatch(r"return (target .+) to its owner's hand", s)
    if m:
        return [ReturnToHand(object_phrases.parse_target(m.group(1), targets))]
    m = re.fullmatch(r"return (target .+ from your graveyard) to the battlefield", s)
    if m:
        ref = object_phrases.parse_target(m.group(1), targets)
        assert isinstance(ref, Ref)
        return [ReturnFromGraveyard(ref)]
    m = re.fullmatch(r"(target creature|cardname) gets ([+-]\d+)/([+-]\d+)(?: and gains (.+?))? until end of turn", s)
    if m:
        kws: tuple[str, ...] = ()
        if m.group(4):
            k = parse_keywords(m.group(4))
            if k is None:
                raise Unsupported(s)
            kws = k
        return [Pump(object_phrases.parse_target(m.group(1), targets), int(m.group(2)), int(m.group(3)), kws)]
    m = re.fullmatch(r"(target creature|cardname) gains (.+?) until end of turn", s)
    if m:
        k = parse_keywords(m.group(2))
        if k is None:
            raise Unsupported(s)
        return [Pump(object_phrases.parse_target(m.group(1), targets), 0, 0, k)]
    m = re.fullmatch(rf"put {_N} (\+1/\+1|-1/-1) counters? on (cardname|target creature)", s)
    if m:
        return [AddCounters(m.group(2), number(m.group(1)), object_phrases.parse_target(m.group(3), targets))]
    m = re.fullmatch(r"until end of turn, (if .+)", s)
    if m:
        rep = mana_text.parse_mana_replacement(m.group(1))
        if rep is None:
            raise Unsupported(s)
        return [CreateContinuousEffect(rep)]
    m = re.fullmatch(r"exile two target artifacts, creatures, and/or lands you control, then return those cards to "
                     r"the battlefield under your control", s)
    if m:
        flt = ObjectFilter(types=frozenset({"Artifact", "Creature", "Land"}), controller="you")
        targets.append(TargetSpec("permanent", flt, text="target artifact, creature or land you control"))
        targets.append(TargetSpec("permanent", flt, text="target artifact, creature or land you control"))
        return [Flicker((Ref(len(targets) - 2), Ref(len(targets) - 1)))]
    m = re.fullmatch(r"add (.+)", s)
    if m:
        return [AddMana(mana_text.parse_production(m.group(1)))]
    m = re.fullmatch(
        rf"create {_N} (\d+)/(\d+) (colorless|white|blue|black|red|green) ([a-z]+) (artifact )?creature tokens?"
        r"(?: with ([a-z ]+?))?( for each \+1/\+1 counter on cardname)?", s)
    if m:
        kw = m.group(7)
        if kw and parse_keywords(kw) is None:
            raise Unsupported(s)
        key = f"{m.group(5).capitalize()}|{m.group(2)}|{m.group(3)}|{m.group(4)}|{bool(m.group(6))}|{kw or ''}"
        amount: int | str | Count = number(m.group(1))
        if m.group(8):
            amount = Count(counters_on_self="+1/+1")
        return [CreateToken(key, amount)]
    raise Unsupported(s)


def split_sentences(text: str) -> list[str]:
    """Split on sentence ends that are not inside quotes."""
    out, buf, quoted = [], "", False
    for i, ch in enumerate(text):
        buf += ch
        if ch in "\"“”":
            quoted = not quoted
            if not quoted and buf[-2:-1] == "." and i + 1 < len(text) and text[i + 1] == " ":
                # 'with "... greater." Activate only as a sorcery': a quoted ability ends the sentence
                out.append(buf.strip())
                buf = ""
        elif ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out


def parse_effects(text: str, targets: list[TargetSpec]) -> tuple[Effect, ...]:
    effects: list[Effect] = []
    t = text.strip().lower()
    special = _SPECIAL_EFFECTS.get(t.rstrip("."))
    if special:
        return special()
    for sentence in split_sentences(t):
        effects.extend(parse_effect_sentence(sentence.rstrip("."), targets))
    for check in EFFECTS_CHECKS:
        check(effects, targets)  # may raise Unsupported (a reference the sentences alone can't settle)
    return tuple(effects)


# Checks on the effects of a whole ability: fn(effects, targets) raises Unsupported to refuse them
# (cards/templates/effects_referred.py: "that creature" after a sentence that chose a creature untargeted).
EFFECTS_CHECKS: list[Callable[[list, list], None]] = []


_SPECIAL_EFFECTS: dict[str, Callable[[], tuple[Effect, ...]]] = {
    "defending player reveals the top card of their library. if it's a land card, that player puts it into their hand":
        lambda: (RevealTopPutLandInHand(DEFENDING),),
    # Nissa, Sage Animist: one card revealed, then one of two zones (608.2c)
    "reveal the top card of your library. if it's a land card, put it onto the battlefield. otherwise, put it into "
    "your hand": lambda: (RevealTopLandOrHand(),),
}


# --- paragraphs -----------------------------------------------------------------------------

_PROTECTION = r"protection from (multicolored|white|blue|black|red|green|each color|all colors)"
_EACH_COLOR = ("white", "blue", "black", "red", "green")  # 702.16a: "each color" is each of them
_COST_RE = re.compile(r"^((?:(?:\{[^}]+\})+|sacrifice [^:,]+|pay \d+ life)(?:, (?:(?:\{[^}]+\})+|sacrifice [^:,]+|pay \d+ life))*)"
                      r": (.+)$", re.I)


def compile_paragraph(para: str, card: dict, is_spell: bool, out: CardDraft) -> None:
    low = para.lower().rstrip(".").strip()
    if not low:
        return
    items = [x.strip() for x in low.split(",")]

    def kw_template(item: str) -> tuple[re.Match[str], KeywordBuilder] | None:
        for rx, fn in KEYWORD_TEMPLATES:
            km = rx.fullmatch(item)
            if km:
                return km, fn
        return None

    if all(i in KEYWORDS or re.fullmatch(_PROTECTION, i) or kw_template(i) for i in items):
        for i in items:
            if i in KEYWORDS:
                out.keywords.add(i)
            elif re.fullmatch(_PROTECTION, i):
                quality = i[len("protection from "):]
                out.protection.extend(_EACH_COLOR if quality in ("each color", "all colors") else (quality,))
            else:
                found = kw_template(i)
                assert found is not None  # the test above matched every item
                km, keyword_fn = found
                keyword_fn(km, out)
        return
    for rx, fn in EARLY_PARAGRAPH_TEMPLATES:
        pm = rx.fullmatch(low)
        if pm:
            fn(pm, para, out, is_spell)
            return
    m = _COST_RE.match(para.rstrip())
    cost = None
    if m and not is_spell:
        try:
            cost = parse_activation_cost(m.group(1))
        except Unsupported:
            pass  # a cost the built-in parser doesn't know: the PARAGRAPH_TEMPLATES below may
    if m and cost is not None:
        body = m.group(2).strip()
        bl = body.lower().rstrip(".")
        if bl.startswith("add ") and "target" not in bl:
            out.abilities.append(mana_text.mana_ability(para, cost, bl))
            return
        targets: list[TargetSpec] = []
        effects = parse_effects(bl, targets)
        sorcery = False
        out.abilities.append(ActivatedAbility(para, cost, effects, tuple(targets), sorcery))
        return
    trig = mana_text.parse_mana_trigger(low, parse_effects)
    if trig is not None:
        out.abilities.append(TriggeredAbility(para, trig.event, trig.effects, trig.targets, trig.scope,
                                                 trig.filter, trig.who))
        return
    rep = mana_text.parse_mana_replacement(low)
    if rep is not None:
        out.abilities.append(StaticAbility(para, "mana_replacement", mana_replacement=rep))
        return
    m = re.fullmatch(r"at the beginning of your upkeep, sacrifice cardname unless you sacrifice an? (.+)", low)
    if m:
        try:
            _, flt = object_phrases.parse_object_phrase(m.group(1))
        except Unsupported:
            flt = None  # "a Mountain": the trigger templates' sentence (cards/templates/effects_referred.py) may know it
        if flt is not None:
            out.abilities.append(TriggeredAbility(para, "upkeep", (), (), unless_sacrifice=flt))
            return
    m = re.fullmatch(r"each spell a player casts costs \{1\} more to cast for each other spell that player has cast this turn",
                     low)
    if m:
        out.abilities.append(StaticAbility(para, "cost_increase_per_spell", amount=1))
        return
    if re.fullmatch(r"as cardname enters(?: the battlefield)?, choose a color", low):
        out.abilities.append(StaticAbility(para, "etb_choose_color"))
        return
    if re.fullmatch(r"if damage would be dealt to cardname while it has a \+1/\+1 counter on it, prevent that damage "
                    r"and remove that many \+1/\+1 counters from cardname", low):
        out.abilities.append(StaticAbility(para, "prevent_damage_remove_counters", counter_kind="+1/+1"))
        return
    # Not "..., if [condition], ...": an intervening "if" clause (603.4) is a trigger template's.
    m = re.fullmatch(r"(when|whenever) cardname (enters(?: the battlefield)?|dies|attacks), (?!if )(.+)", low)
    if m:
        event = {"dies": "dies", "attacks": "attacks"}.get(m.group(2), "etb")
        targets = []
        trigger_effects: tuple[Effect, ...] | None
        try:
            trigger_effects = parse_effects(m.group(3), targets)
        except Unsupported:
            trigger_effects = None  # a paragraph template below may know the whole paragraph
        if trigger_effects is not None:
            out.abilities.append(TriggeredAbility(para, event, trigger_effects, tuple(targets)))
            return
    if TRIGGER_TEMPLATES and re.match(r"(when|whenever|at) ", low):
        # Try each comma as the end of the trigger condition.
        for comma in [i for i, ch in enumerate(low) if ch == ","]:
            cond, rest = low[:comma], low[comma + 1:].strip()
            for trx, trigger_fn in TRIGGER_TEMPLATES:
                tm = trx.fullmatch(cond)
                if tm:
                    targets = []
                    try:
                        kwargs = trigger_fn(tm)
                        effects = parse_effects(rest, targets)
                    except Unsupported:
                        continue  # another template, split or paragraph template below may know it
                    out.abilities.append(TriggeredAbility(para, effects=effects, targets=tuple(targets), **kwargs))
                    return
    for rx, fn in PARAGRAPH_TEMPLATES:
        pm = rx.fullmatch(low)
        if pm:
            fn(pm, para, out, is_spell)
            return
    if re.fullmatch(r"cardname enters(?: the battlefield)? tapped", low):
        out.abilities.append(StaticAbility(para, "etb_tapped"))
        return
    m = re.fullmatch(rf"cardname enters(?: the battlefield)? with {_N} (\+1/\+1|-1/-1|[a-z]+) counters? on it", low)
    if m and m.group(2) not in COUNTERS_WITH_RULES:
        out.abilities.append(StaticAbility(para, "etb_counters", counter_kind=m.group(2),
                                              amount=number(m.group(1))))
        return
    m = re.fullmatch(r"(other )?creatures you control get ([+-]\d+)/([+-]\d+)", low)
    if m:
        out.abilities.append(StaticAbility(
            para, "anthem", ObjectFilter(types=frozenset({"Creature"}), controller="you", other=bool(m.group(1))),
            power=int(m.group(2)), toughness=int(m.group(3))))
        return
    if low == "combat damage uses the stack":
        out.abilities.append(StaticAbility(para, "combat_damage_uses_stack"))
        return
    m = re.fullmatch(r"nonbasic lands are (plains|islands|swamps|mountains|forests)", low)
    if m:
        out.abilities.append(StaticAbility(para, "type_change", ObjectFilter(types=frozenset({"Land"}), nonbasic=True),
                                              subtypes=(m.group(1)[:-1].capitalize(),), replace=True))
        return
    m = re.fullmatch(r"each land is an? (plains|island|swamp|mountain|forest) in addition to its other land types", low)
    if m:
        out.abilities.append(StaticAbility(para, "type_change", ObjectFilter(types=frozenset({"Land"})),
                                              subtypes=(m.group(1).capitalize(),)))
        return
    m = re.fullmatch(r"lands you control have [\"“](.+)[\"”]", para.rstrip(".").strip(), re.I)
    if m:
        inner = CardDraft.quoted()
        compile_paragraph(m.group(1), card, False, inner)
        if inner.keywords or not inner.abilities:
            raise Unsupported(para)
        out.abilities.append(StaticAbility(para, "grant_ability", ObjectFilter(types=frozenset({"Land"}), controller="you"),
                                              granted=tuple(inner.abilities)))
        return
    m = re.fullmatch(r"enchant (creature|land|artifact|enchantment|permanent|forest|plains|island|swamp|mountain)", low)
    if m:
        w = m.group(1)
        flt = (ObjectFilter(subtypes=frozenset({w.capitalize()})) if w.capitalize() in BASIC_LAND_MANA
               else ObjectFilter(types=frozenset() if w == "permanent" else frozenset({w.capitalize()})))
        out.enchant = flt
        out.abilities.append(StaticAbility(para, "enchant", flt))
        return
    if is_spell:
        targets = out.spell_targets
        out.spell_effects.extend(parse_effects(low, targets))
        return
    raise Unsupported(para)


def normalise(text: str, name: str, legendary: bool = False) -> str:
    t = re.sub(r"\s*\([^()]*\)", "", text)
    t = re.sub(r"\btotem armor\b", "umbra armor", t, flags=re.I)  # 702.89b: the old name
    names = [name]
    for face in name.split(" // "):
        # Alchemy rebalanced cards ("A-Blood Artist") name themselves without the prefix.
        for n in (face, face[2:] if face.startswith("A-") else face):
            names.append(n)
            if "," in n:
                names.append(n.split(",")[0])
            elif legendary and (short := re.fullmatch(r"([A-Z][a-z]+) (?:of|the) .+", n)):
                # a legendary card's text calls it by its first name ("Narset" of Narset of the Ancient Way)
                names.append(short.group(1))
    t = _grantor_counters(t, names)
    for n in sorted(names, key=len, reverse=True):
        t = t.replace(n, "CARDNAME")
    t = re.sub(r"\bthis (creature|artifact|enchantment|land|aura|permanent|spell|card|equipment|vehicle|saga|class|"
               r"case|planeswalker|battle|siege|token|room|spacecraft|mount|curse|role|attraction|contraption|emblem)\b", "CARDNAME", t,
               flags=re.I)
    return t


def _grantor_counters(text: str, names: list[str]) -> str:
    """613.1f: in an ability an Aura or Equipment grants ('Enchanted creature has "{T}: This creature deals X damage
    ..., where X is the number of arrow counters on Archery Training."'), the card's own name is the permanent
    granting it, "this creature" the one that has it: "counters on GRANTOR" (Count.grantor) keeps them apart."""
    def one(m: re.Match) -> str:
        quote = m.group(2)
        if not re.search(r"\bthis creature\b", quote, re.I):
            return m.group(0)
        for n in sorted(names, key=len, reverse=True):
            quote = quote.replace(f"counters on {n}", "counters on GRANTOR")
        return m.group(1) + quote + m.group(3)
    return re.sub(r"(\b(?:has|have) [\"“])([^\"”]+)([\"”])", one, text)


def split_type_line(type_line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    left, _, right = type_line.partition("—")
    supers, types = set(), set()
    for w in left.split():
        if w in ("Basic", "Legendary", "Snow", "World", "Ongoing", "Token"):
            supers.add(w)
        else:
            types.add(w)
    return frozenset(types), frozenset(right.split()), frozenset(supers)


def _int_or_none(v: object) -> int | None:
    if v is None or v == "":
        return None
    try:
        return int(str(v))
    except ValueError:
        return None


# 709-715: the layouts whose card has several parts the engine plays by their rules (rules/layouts.py).
FACE_LAYOUTS = ("adventure", "modal_dfc", "split", "aftermath", "transform")
_ONE_FACE_LAYOUTS = ("normal", "leveler", "saga", "class", None)


def compile_card(card: dict) -> CardDef:
    """Compile one card record (Scryfall field names: name, mana_cost, type_line, oracle_text,
    power, toughness, loyalty; `card_faces` for a card of several parts) into a CardDef. Never
    raises for unknown text: it is recorded. A card of several parts (715 adventure, 712 modal
    double-faced) compiles each part; it is supported only if every part is."""
    layout = card.get("layout", "normal")
    if layout not in FACE_LAYOUTS:
        return _compile_face(card)
    faces = card.get("card_faces")
    if not isinstance(faces, list) or len(faces) != 2 or not all(isinstance(f, dict) for f in faces):
        main = _compile_face({**card, "layout": "normal", "name": str(card["name"]).split(" // ")[0]})
        return dataclasses.replace(main, layout=layout, unsupported=main.unsupported + (
            f"layout {layout}: the database does not hold the text of its other "
            f"{ {'adventure': 'part', 'split': 'half', 'aftermath': 'half'}.get(layout, 'face')}",))
    # 715.4 / 712.8a: the card's name everywhere but on the stack as its other part is its first part's name
    if layout == "aftermath":
        # 702.127a: "Aftermath" (its second half's first paragraph) is the layout's own rule: where each
        # half may be cast from and where the second goes (rules/layouts.py), not an ability to compile.
        text = str(faces[1].get("oracle_text") or "")
        first, _, rest = text.partition("\n")
        if re.fullmatch(r"aftermath(?: \(.*\))?", first.strip(), re.I) is None:
            return dataclasses.replace(_compile_face({**card, "layout": "normal"}), layout=layout,
                                       unsupported=("aftermath: its second half has no Aftermath ability",))
        faces = [faces[0], {**faces[1], "oracle_text": rest}]
    main, other = (_compile_face({"layout": "normal", **f, "name": f.get("name") or card["name"]}) for f in faces)
    if layout in ("split", "aftermath"):
        return _split_card(card, main, other)
    unsupported = list(main.unsupported) + [f"{other.name}: {u}" for u in other.unsupported]
    if layout == "adventure" and not ("Adventure" in other.subtypes and {"Instant", "Sorcery"} & other.types):
        unsupported.append(f"{other.name}: an Adventure is an instant or sorcery with the subtype Adventure (715.2a)")
    return dataclasses.replace(main, layout=layout, faces=(dataclasses.replace(other, layout=layout),),
                               unsupported=tuple(unsupported), oracle_text=card.get("oracle_text") or main.oracle_text)


def _split_card(card: dict, left: CardDef, right: CardDef) -> CardDef:
    """709.4: a split card's characteristics outside the stack are its two halves' combined: both names,
    the mana costs added (709.4b: its mana value the sum), every type and color; it has no spell ability
    of its own: it is cast as one half (709.3). `faces` holds the halves."""
    unsupported = [f"{half.name}: {u}" for half in (left, right) for u in half.unsupported]
    try:
        cost = parse_cost(left.mana_cost.text + right.mana_cost.text)
    except ValueError as exc:
        cost = left.mana_cost
        unsupported.append(f"mana cost: {exc}")
    layout = card.get("layout") or "split"
    halves = tuple(dataclasses.replace(h, layout=layout) for h in (left, right))
    return CardDef(
        name=card["name"], mana_cost=cost, types=left.types | right.types, subtypes=left.subtypes | right.subtypes,
        supertypes=left.supertypes | right.supertypes, colors=left.colors | right.colors, power=None, toughness=None,
        loyalty=None, keywords=frozenset(), abilities=(), spell=None,
        oracle_text="\n//\n".join(h.oracle_text for h in (left, right)),
        type_line=card.get("type_line") or " // ".join(h.type_line for h in (left, right)),
        unsupported=tuple(unsupported), layout=layout, faces=halves)


def _compile_face(card: dict) -> CardDef:
    """Compile one card, or one part of a card, into a CardDef."""
    name = card["name"]
    type_line = card.get("type_line", "")
    types, subtypes, supertypes = split_type_line(type_line)
    unsupported: list[str] = []
    try:
        mana_cost = parse_cost(card.get("mana_cost") or "")
    except ValueError as exc:
        mana_cost = parse_cost("")
        unsupported.append(f"mana cost: {exc}")
    is_spell = bool({"Instant", "Sorcery"} & types)
    _load_templates()
    text = normalise(card.get("oracle_text") or "", name, "Legendary" in supertypes)
    out = CardDraft(text=text)  # the card being compiled (its text kept for CARD_FINISHERS that re-read it)
    for para in [p.strip() for p in text.split("\n") if p.strip()]:
        try:
            compile_paragraph(para, card, is_spell, out)
        except Unsupported:
            unsupported.append(para)
        except Exception as exc:  # a template bug must not crash the database: report it
            unsupported.append(f"{para} (compiler error: {type(exc).__name__})")
    for finish in CARD_FINISHERS:
        unsupported.extend(finish(out))  # abilities that refer to the rest of the text (backup, 702.165a)
    if out.x_color:
        if not mana_cost.x_count or not is_spell:
            unsupported.append("spend only ... mana on X: no X in the spell's mana cost")
        mana_cost = dataclasses.replace(mana_cost, x_color=out.x_color)  # 107.3, 601.2h
    power, toughness = card.get("power"), card.get("toughness")
    p, t = _int_or_none(power), _int_or_none(toughness)
    # 208.2a / 604.3: a star is defined by a characteristic-defining ability (out.cda: the
    # values it defines, cards/templates/statics_counts.py).
    cda = out.cda
    if "Creature" in types and ((p is None and not ("*" in str(power) and "power" in cda))
                                or (t is None and not ("*" in str(toughness) and "toughness" in cda))):
        unsupported.append(f"power/toughness {power}/{toughness}")
    if card.get("layout", "normal") not in _ONE_FACE_LAYOUTS:
        unsupported.append(f"layout {card.get('layout')}")
    if "Aura" in subtypes and out.enchant is None:
        unsupported.append("Aura without an enchant ability")
    for check in CARD_CHECKS:
        check(out, unsupported)
    spell = None
    if is_spell:
        if not out.spell_effects and not unsupported:
            unsupported.append("spell without effects")
        spell = SpellAbility(tuple(out.spell_effects), tuple(out.spell_targets))
    colors = frozenset(card.get("colors") or mana_cost.colors())
    abilities: tuple[Ability, ...] = tuple(out.abilities)
    return CardDef(
        name=name, mana_cost=mana_cost, types=types, subtypes=subtypes, supertypes=supertypes,
        colors=colors, power=p, toughness=t, loyalty=_int_or_none(card.get("loyalty")),
        keywords=frozenset(out.keywords), abilities=abilities, spell=spell,
        oracle_text=card.get("oracle_text") or "", type_line=type_line,
        unsupported=tuple(unsupported), protection=tuple(out.protection),
    )
