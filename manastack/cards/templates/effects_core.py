"""Effect sentences (608.2c, 701): damage to groups, counters, pumps, destroy/exile/return, tap and
untap, scry/surveil/mill, discard, search, sacrifice, "you may ... / if you do ...", and compound
sentences ("..., then ...", "... and ..."); "Return target creature card from your graveyard to the
battlefield. Put a +1/+1 counter [or a loyalty counter | your choice of a ... counter] on it." (the counter
put on the permanent the card became, its kind chosen by the controller). "CARDNAME gains / Target creature
loses your choice of flying, first strike, or trample until end of turn" (608.2d: rules/choice_effects.py).
Executed by rules/effects.py.

Sentences arrive lower-cased, with the card's own name as "cardname" and no final period.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab.combat_keywords import CombatRule
from ...model.vocab.counter_kinds import KEYWORD_COUNTERS
from ...model.vocab.effects import EffectOfChoice, SacrificeOrElse
from ...model.vocab.referred_objects import GainControlOfAttached, GainControlOfSpellTargets
from ...model.vocab.statics import CANT_HAVE
from ...model.vocab.timing_permissions import UNTIL_YOUR_NEXT_TURN, UNTIL_YOUR_NEXT_UPKEEP
from ..compiler import (
    EFFECTS_CHECKS,
    KEYWORDS,
    SENTENCE_TEMPLATES,
    Unsupported,
    first_template,
    parse_keywords,
)
from . import effects_prevention
from .effects_common import N, amount, keywords_of, parse_filter, sub_effects, target, template

_PLAYER = r"(you|target player|target opponent|each player|each opponent|that player)"
_CREATURES_ALL = {"creatures": None, "all creatures": None, "each creature": None}


def _who(phrase: str, targets: list) -> V.Who:
    return target(phrase, targets)


def _group(phrase: str) -> V.ObjectFilter | None:
    """"creatures you control", "each other creature you control", "all creatures" → a filter, or
    None when the phrase names one object or a target."""
    p = phrase.strip()
    m = re.fullmatch(r"(?:all|each) (.+)", p)
    if m:
        return parse_filter(m.group(1))
    if re.fullmatch(r"(other )?(?:[a-z-]+ )*(creatures|permanents|lands|artifacts)( you control| your opponents control"
                    r"| an opponent controls| you don't control)?", p) or re.fullmatch(r"[a-z]+s you control", p):
        return parse_filter(p)
    return None


# --- optional and conditional ------------------------------------------------------------------

def _no_mana(effects: list) -> list:
    """605.1a: an ability that could add mana is a mana ability; adding mana inside optional,
    conditional or compound effects is not supported (it would wrongly use the stack)."""
    if any(isinstance(e, V.AddMana) for e in effects):
        raise Unsupported("mana added by a compound effect")
    return effects


@template(r"you may (.+)")
def _you_may(m, targets):
    inner = _no_mana(sub_effects(m.group(1), targets))
    return [V.Optional(tuple(inner), prompt=m.group(1))]


@template(r"if you do, (.+)")
def _if_you_do(m, targets):
    return [V.IfYouDo(tuple(_no_mana(sub_effects(m.group(1), targets))))]


# --- damage -----------------------------------------------------------------------------------

@template(rf"(?:cardname|it) deals {N} damage to (.+)")
def _damage(m, targets):
    n = amount(m.group(1))
    if m.group(2) == "each opponent and each planeswalker they control":
        # "it deals X damage to each opponent and each planeswalker they control" (Cavalier of Flame): 120.3,
        # all at once
        return [V.DamageAll(n, V.ObjectFilter(types=frozenset({"Planeswalker"}), controller="opponent"),
                            players=V.EACH_OPPONENT)]
    parts = re.split(r", and | and |, ", m.group(2))
    out: list[V.Effect] = []
    for part in parts:
        part = part.strip()
        if part in ("each opponent", "each player", "you", "target player", "target opponent"):
            out.append(V.DealDamage(n, _who(part, targets)))
            continue
        if part == "target creature or player":  # older wording of "any target" (115.4)
            targets.append(V.TargetSpec("any", text=part))
            out.append(V.DealDamage(n, V.Ref(len(targets) - 1)))
            continue
        mm = re.fullmatch(r"each (.+)", part)
        if mm:
            out.append(V.DamageAll(n, parse_filter(mm.group(1))))
            continue
        who = _who(part, targets)
        out.append(V.DealDamage(n, who))
    return out


# --- counters ---------------------------------------------------------------------------------

# 122.1b-i: counters with rules meaning of their own are not plain counters here.
# "lore" is not among them: lore counters put on a Saga by an effect trigger its chapter abilities (714.2b,
# rules/sagas.py reads every CountersPut); on anything else they are a plain tally.
_SPECIAL_COUNTERS = frozenset({"finality", "loyalty", "defense", "rad", "poison", "time",
                               "level", "fade", "age", "energy", "experience", "ticket", "bounty", "brain",
                               "incarnation", "hour", "doom", "vow", "wish", "slumber", "egg", "hatchling"})


_KIND = r"(\+1/\+1|-1/-1|first strike|double strike|[a-z]+)"


def _plain_or_keyword_counter(kind: str, text: str) -> None:
    """Refuse a counter whose rules meaning isn't implemented; keyword counters (122.1b) give their keyword
    (rules/counter_kinds.py)."""
    if kind in _SPECIAL_COUNTERS or (kind in KEYWORDS and kind not in KEYWORD_COUNTERS):
        raise Unsupported(text)


@template(rf"put {N} {_KIND} counters? and {N} {_KIND} counters? on (.+)")
def _two_kinds_of_counters(m, targets):
    """"Put a +1/+1 counter and a lifelink counter on target creature" (one object, both kinds)."""
    (n1, k1), (n2, k2), what = (amount(m.group(1)), m.group(2)), (amount(m.group(3)), m.group(4)), m.group(5)
    for k in (k1, k2):
        _plain_or_keyword_counter(k, m.string)
    if k1 == k2:
        raise Unsupported(m.string)
    flt = _group(what)
    if flt is not None:
        return [V.AddCountersAll(k1, n1, flt), V.AddCountersAll(k2, n2, flt)]
    who = _who(what, targets)
    return [V.AddCounters(k1, n1, who), V.AddCounters(k2, n2, who)]


@template(rf"put {N} {_KIND} counters? on (.+)")
def _counters(m, targets):
    n, kind, what = amount(m.group(1)), m.group(2), m.group(3)
    _plain_or_keyword_counter(kind, m.string)
    flt = _group(what)
    if flt is not None:
        return [V.AddCountersAll(kind, n, flt)]
    return [V.AddCounters(kind, n, _who(what, targets))]


# --- pump ---------------------------------------------------------------------------------------

# 611.2a: how long a pump lasts ("until your next turn": until its controller's next turn begins,
# rules/timing_permissions.py ends it before that turn's untap step; "until your next upkeep": as its
# controller's next upkeep begins)
_PUMP_UNTIL = {"until end of turn": "eot", "until your next turn": UNTIL_YOUR_NEXT_TURN,
               "until your next upkeep": UNTIL_YOUR_NEXT_UPKEEP}


def _pump_until(duration: str, subject: str, text: str) -> str:
    """The Pump `until` of `duration`. "Until your next turn" is read only of a target, CARDNAME or a group of
    permanents: of a player ("you gain hexproof") or an untargeted "it" (the card a search found) it is
    refused rather than compiled to a pump that finds no permanent."""
    until = _PUMP_UNTIL[duration]
    if until != "eot" and not (subject == "cardname" or "target " in subject or _group(subject) is not None) \
            or until != "eot" and re.fullmatch(r"you|(?:up to \w+ )?(?:target|each|that) (?:player|opponent)s?", subject):
        raise Unsupported(text)
    return until


@template(r"(.+?) (?:gets?|get) ([+-]\d+)/([+-]\d+)(?: and (?:gains?|gain) (.+?))? (until end of turn|until your next turn)")
def _pump(m, targets):
    """611.2: "target creature gets +2/+2 until end of turn", "up to one target creature gets -2/-0 until
    your next turn" (Liliana, the Last Hope), "creatures your opponents control get -3/-0 until your next turn"."""
    subj = m.group(1)
    p, t = int(m.group(2)), int(m.group(3))
    kws = keywords_of(m.group(4)) if m.group(4) else ()
    until = _pump_until(m.group(5), subj, m.string)
    flt = _group(subj)
    if flt is not None:
        return [V.PumpAll(flt, p, t, kws, until)]
    who = _who(subj, targets)
    return [V.Pump(who, p, t, kws, until)]


@template(r"(.+?) gains? your choice of ([a-z ,]+?) (until end of turn|until your next turn)")
def _gains_chosen(m, targets):
    """608.2d: "Up to one other target creature you control gains your choice of vigilance, lifelink, or
    indestructible until end of turn" (Gideon Blackblade): one keyword of the list, chosen as it resolves."""
    options = tuple(k.strip() for k in re.split(r",? or |, ", m.group(2)) if k.strip())
    if len(options) < 2 or any(parse_keywords(k) != (k,) for k in options):
        raise Unsupported(m.string)
    subj = m.group(1)
    if _group(subj) is not None:
        raise Unsupported(m.string)  # a group gains one keyword for all of it: not modelled
    until = _pump_until(m.group(3), subj, m.string)
    who = _who(subj, targets)
    return [EffectOfChoice(who, tuple((k, V.Pump(who, 0, 0, (k,), until)) for k in options))]


@template(r"(.+?) (?:gains?|gain) (.+?) (until end of turn|until your next turn|until your next upkeep)")
def _gains(m, targets):
    """"Target creature gains flying until end of turn"; "Non-Angel creatures you control gain indestructible
    until your next turn" (Emeria's Call: 611.2a, it ends as its controller's next turn begins); "target non-Wall
    creature an opponent controls gains forestwalk until your next upkeep" (Erhnam Djinn)."""
    subj = m.group(1)
    if subj == "you":
        # a player's keyword, not a permanent's: "you gain hexproof / shroud" is templates/statics_game_rules.py's
        raise Unsupported(m.string)
    kws = keywords_of(m.group(2))
    until = _pump_until(m.group(3), subj, m.string)
    flt = _group(subj)
    if flt is not None:
        return [V.PumpAll(flt, 0, 0, kws, until)]
    return [V.Pump(_who(subj, targets), 0, 0, kws, until)]


def _found_card_pumped(effects: list, targets: list) -> None:
    """"Search your library for a Dinosaur card, put it onto the battlefield. It gains indestructible ...": "it" is
    the card found, which the search doesn't tell the later effects (refused, not read as the source)."""
    for i, e in enumerate(effects):
        if type(e) is V.Pump and e.target == V.IT and any(type(b) is V.SearchLibrary for b in effects[:i]):
            raise Unsupported("it: the card found by the search")


EFFECTS_CHECKS.append(_found_card_pumped)


# --- destroy, exile, return, tap ----------------------------------------------------------------

@template(r"destroy (.+)")
def _destroy(m, targets):
    what = m.group(1)
    flt = _group(what)
    if flt is not None:
        return [V.DestroyAll(flt)]
    return [V.Destroy(_who(what, targets))]


@template(r"exile (.+)")
def _exile(m, targets):
    what = m.group(1)
    if re.match(r"(all|each) ", what):
        raise Unsupported(what)
    return [V.Exile(_who(what, targets))]


@template(r"return (.+?) to (?:its|their) owners?'?s?'? hands?")
def _bounce(m, targets):
    return [V.ReturnToHand(_who(m.group(1), targets))]


@template(r"return (target .+? (?:from|in) your graveyard) to your hand")
def _regrowth(m, targets):
    return [V.ReturnToHand(_who(m.group(1), targets))]


@template(r"return (target .+? (?:from|in) your graveyard) to the battlefield")
def _reanimate(m, targets):
    ref = _who(m.group(1), targets)
    if not isinstance(ref, V.Ref):
        raise Unsupported(m.string)
    return [V.ReturnFromGraveyard(ref)]


@template(r"(tap|untap) (.+)")
def _tap(m, targets):
    what = m.group(2)
    if re.match(r"(all|each|up to|two|three) ", what):
        raise Unsupported(what)
    return [V.TapUntap(_who(what, targets), untap=m.group(1) == "untap")]


# --- library ------------------------------------------------------------------------------------

@template(rf"scry {N}")
def _scry(m, targets):
    return [V.Scry(amount(m.group(1)))]


@template(rf"surveil {N}")
def _surveil(m, targets):
    return [V.Surveil(amount(m.group(1)))]


@template(rf"(?:{_PLAYER} mills?|mill) {N} cards?")
def _mill(m, targets):
    # "mill two cards" is you; "mills two cards" with no subject belongs to a subject before it
    # ("target player loses 2 life and mills two cards": that player mills, _with_subject_of)
    who = _who(m.group(1), targets) if m.group(1) else V.YOU
    return [V.Mill(amount(m.group(2)), who)]


@template(rf"(?:{_PLAYER} puts?|put) the top (?:card|{N} cards) of (their|your|his or her) library into "
          rf"(their|your|his or her) graveyard")
def _mill_old_wording(m, targets):
    """701.13b: "target opponent puts the top five cards of their library into their graveyard" (the wording
    of mill before the keyword action, still in some Oracle texts: Jace, Telepath Unbound's emblem, Merfolk
    Secretkeeper's Venture Deeper): mill."""
    subject, n = m.group(1), m.group(2)
    own = "your" if subject in (None, "you") else "their"
    mine = [("their" if w == "his or her" else w) for w in (m.group(3), m.group(4))]
    if mine != [own, own]:
        raise Unsupported(m.string)  # someone else's library, or into another's graveyard: not mill
    who = _who(subject, targets) if subject and subject != "you" else V.YOU
    return [V.Mill(amount(n) if n else 1, who)]


@template(rf"discard {N} cards?")
def _discard(m, targets):
    return [V.Discard(amount(m.group(1)))]


@template(rf"discard {N} ((?:[a-z]+ )+?)cards?")
def _discard_quality(m, targets):
    """701.8a-b: "[You may] discard a land card", "discard two creature cards": the player chooses among the
    cards of that quality in their hand (rules/effects.py); with "you may ... if you do", it can be done only
    with enough of them (608.2c)."""
    if m.group(2).strip() in ("two", "three", "x", "that many", "all the", "any number of"):
        raise Unsupported(m.string)
    n = amount(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [V.Discard(n, filter=parse_filter(m.group(2).strip() + " card", allow_card=True))]


@template(rf"(each player) discards {N} cards?")
def _each_discards(m, targets):
    return [V.Discard(amount(m.group(2)), _who(m.group(1), targets))]


@template(rf"{_PLAYER} gains? {N} life")
def _gain(m, targets):
    return [V.GainLife(amount(m.group(2)), _who(m.group(1), targets))]


@template(rf"(that player|each player) (loses|draws|discards) {N} (life|cards?)")
def _that_player(m, targets):
    """A player named earlier in the sentence ("target player sacrifices a creature and loses 1 life")."""
    who = _who(m.group(1), targets)
    n = amount(m.group(3))
    verb, what = m.group(2), m.group(4)
    if verb == "loses" and what == "life":
        return [V.LoseLife(n, who)]
    if verb == "draws" and what.startswith("card"):
        return [V.Draw(n, who)]
    if verb == "discards" and what.startswith("card"):
        return [V.Discard(n, who)]
    raise Unsupported(m.string)


@template(r"regenerate (.+)")
def _regenerate(m, targets):
    """701.15a: a regeneration shield; "regenerate each creature you control", "regenerate all Werewolf creatures
    you control": one for each permanent of the group as it resolves (611.2c)."""
    group = _group(m.group(1))
    if group is not None:
        return [V.Regenerate(each=group)]
    return [V.Regenerate(_who(m.group(1), targets))]


@template(r"(?:it|they) can't be regenerated")
def _no_regen(m, targets):
    """701.15c: qualifies the destruction just before it (rules/effects.py run)."""
    return [V.CantBeRegenerated()]


_RESTRICTIONS = {"as a sorcery": "sorcery", "as an instant": "instant", "once each turn": "once_each_turn",
                 "during your turn": "your_turn", "during your upkeep": "your_upkeep",
                 "during your turn, before attackers are declared": "before_attackers"}


@template(r"activate (?:this ability )?only (as a sorcery|as an instant|once each turn|during your turn|during your upkeep|"
          r"during your turn, before attackers are declared)")
def _activation_restriction(m, targets):
    """602.5b-d: a restriction on the activated ability it ends (rules/stack.py activated_abilities)."""
    return [V.ActivationRestriction(_RESTRICTIONS[m.group(1)])]


@template(r"activate (?:this ability )?no more than (twice|three times|four times) each turn")
def _activate_at_most(m, targets):
    """602.5b: "Activate no more than twice each turn" (Pit Imp): counted like "only once each turn"."""
    n = {"twice": 2, "three times": 3, "four times": 4}[m.group(1)]
    return [V.ActivationRestriction(f"at_most_{n}")]


@template(r"activate (?:this ability )?only (as a sorcery|during your turn) and only once each turn")
def _two_activation_restrictions(m, targets):
    """602.5b-d: "Activate only as a sorcery and only once each turn" (Bound by Moonsilver): both restrictions."""
    return [V.ActivationRestriction(_RESTRICTIONS[m.group(1)]), V.ActivationRestriction("once_each_turn")]


@template(r"search your library for (a|an|up to two|up to three|up to four|two) (.+?) cards?( with mana value \d+ or (?:less|greater))?, "
          r"(?:reveal (?:it|them|that card|those cards), )?"
          r"put (?:it|them|that card|those cards) (onto the battlefield|onto the battlefield tapped|into your hand), "
          r"then shuffle")
def _search(m, targets):
    n = {"a": 1, "an": 1, "up to two": 2, "up to three": 3, "up to four": 4, "two": 2}[m.group(1)]
    if m.group(1) == "two":
        raise Unsupported(m.string)  # must find two if possible (701.19d) is not modelled for stated qualities
    what = m.group(2) + (m.group(3) or "")
    flt = V.ObjectFilter() if what == "" else parse_filter(what, allow_card=True)
    dest = m.group(4)
    return [V.SearchLibrary(flt, "hand" if dest == "into your hand" else "battlefield",
                            tapped=dest.endswith("tapped"), amount=n)]


@template(r"search your library for (?:a|an) (.+?) card and (?:a|an) (.+?) card, (?:reveal (?:them|those cards), )?"
          r"put (?:them|those cards) (onto the battlefield|onto the battlefield tapped|into your hand), then shuffle")
def _search_two_kinds(m, targets):
    """701.19a: "search your library for a Forest card and a Plains card, put them onto the battlefield tapped,
    then shuffle" (Krosan Verge): one card of each quality, either may not be found (701.19b)."""
    dest = m.group(3)
    return [V.SearchLibrary(parse_filter(m.group(1), allow_card=True),
                            "hand" if dest == "into your hand" else "battlefield", tapped=dest.endswith("tapped"),
                            also=parse_filter(m.group(2), allow_card=True))]


@template(r"search your library for a card, put (?:it|that card) into your hand, then shuffle")
def _tutor(m, targets):
    return [V.SearchLibrary(V.ObjectFilter(), "hand")]


# --- sacrifice ----------------------------------------------------------------------------------

@template(rf"{_PLAYER} sacrifices? {N} (.+?)(?: of their choice)?")
def _edict(m, targets):
    """701.17a: the sacrificing player chooses."""
    who = _who(m.group(1), targets)
    n = amount(m.group(2))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    what = m.group(3)
    if what in ("cardname",):
        raise Unsupported(what)
    return [V.Sacrifice(who, parse_filter(what), n)]


@template(rf"sacrifice {N} (.+)")
def _sacrifice_own(m, targets):
    n = amount(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [V.Sacrifice(V.YOU, parse_filter(m.group(2)), n)]


@template(r"sacrifice (cardname|it|that creature)")
def _sacrifice_self(m, targets):
    return [V.Sacrifice(target=_who(m.group(1), targets))]


# --- compound sentences (registered last: they split what nothing else matched) ----------------

@template(r"(.+?),? then (.+)")
def _then(m, targets):
    """"draw a card, then discard a card" (608.2c: in the order written); a series "draw three cards, untap
    up to two lands, then discard a card" (Pore Over the Pages): each part in order."""
    _whole_sentence_x(m.string)
    _whole_reflexive(m.string)
    n = len(targets)
    try:
        # "target player discards a card, then mills a card": the later clause is that player's (_with_subject_of)
        return _no_mana(_series(m.group(1), targets) + _with_subject_of(m.group(1), m.group(2), targets))
    except Unsupported:
        del targets[n:]
    # "sacrifice CARDNAME, search your library for up to two creature cards, put those cards onto the
    # battlefield, then shuffle": a first effect, then a whole sentence of its own that has the ", then"
    for i in [i.start() for i in re.finditer(r", ", m.group(1))]:
        try:
            return _no_mana(sub_effects(m.string[:i], targets) + sub_effects(m.string[i + 2:], targets))
        except Unsupported:
            del targets[n:]
    raise Unsupported(m.string)


def _series(text: str, targets: list) -> list:
    """The effects of "A" or of a series "A, B" (each comma tried as the break, first to last)."""
    n = len(targets)
    try:
        return sub_effects(text, targets)
    except Unsupported:
        pass
    for i in [i.start() for i in re.finditer(r", ", text)]:
        try:
            return sub_effects(text[:i], targets) + _with_subject_of(text[:i], text[i + 2:], targets)
        except Unsupported:
            del targets[n:]
    raise Unsupported(text)


@template(r"then (.+)")
def _then_sentence(m, targets):
    """"... draws a card. Then destroy all creatures." (Shatter the Sky): a sentence opening with "then" happens
    after the sentences before it, as every sentence does (608.2c)."""
    _whole_reflexive(m.group(1))
    return sub_effects(m.group(1), targets)


@template(r"(.+) and (.+)")
def _and(m, targets):
    """"you gain 3 life and draw a card", "each opponent loses 2 life and you gain 2 life"."""
    s = m.string
    _whole_sentence_x(s)
    _whole_reflexive(s)
    for i in [i.start() for i in re.finditer(r" and ", s)]:
        left, right = s[:i], s[i + 5:]
        n = len(targets)
        try:
            first = sub_effects(left, targets)
            return _no_mana(first + _with_subject_of(left, right, targets))
        except Unsupported:
            del targets[n:]
    raise Unsupported(s)


def _whole_sentence_x(s: str) -> None:
    """"You draw X cards and you lose X life, where X is ...": the "where X is" defines every X of the
    sentence, so the sentence is not split into clauses here (effects_phrases._amount_where_x reads it)."""
    if ", where x is " in s:
        raise Unsupported(s)


def _whole_reflexive(s: str) -> None:
    """"When you do, search ..., put it onto the battlefield tapped, then shuffle and you gain 1 life": the
    reflexive triggered ability's effect runs to the end of the sentence (603.12, templates/reflexive.py),
    so the sentence is not split into clauses here."""
    if s.startswith("when you do, "):
        raise Unsupported(s)


def _with_subject_of(left: str, right: str, targets: list) -> list:
    """The effects of `right`, a clause that may leave out the subject of `left` ("target opponent loses 2
    life and gets a poison counter": that player gets it)."""
    subject = re.match(r"(target player|target opponent|that player|each player|each opponent) ", left)
    verb = right.split(" ", 1)[0]
    if subject and verb.endswith("s") and verb not in ("its", "this", "his"):
        # "target player loses 2 life and mills two cards": a verb of the third person is that player's
        who = "each player" if subject.group(1) == "each player" else (
            "each opponent" if subject.group(1) == "each opponent" else "that player")
        return sub_effects(f"{who} {right}", targets)
    try:
        return sub_effects(right, targets)
    except Unsupported:
        if left.startswith("you ") and not right.startswith("you "):
            return sub_effects("you " + right, targets)
        if re.match(r"(target player|target opponent|that player) ", left):
            return sub_effects("that player " + right, targets)
        if left.startswith("each player "):
            return sub_effects("each player " + right, targets)
        raise


@template(r"(.+?), ([^,]+), and ([^,]+)")
def _three_clauses(m, targets):
    """"You gain 2 life, draw a card, and scry 1": three clauses in order, the later two of the first
    one's subject when they name none (", then" is _then's)."""
    _whole_sentence_x(m.string)
    first, second, third = m.group(1), m.group(2), m.group(3)
    effects = sub_effects(first, targets)
    effects += _with_subject_of(first, second, targets)
    effects += _with_subject_of(first, third, targets)
    return _no_mana(effects)


_ = _CREATURES_ALL


@template(r"you (draw|scry|surveil|mill|discard|sacrifice|create|search|put|return|exile|destroy|investigate)\b(.*)")
def _you_verb(m, targets):
    """"you draw a card and you lose 1 life": an explicit "you" before an imperative verb."""
    return sub_effects(m.group(1) + m.group(2), targets)


def _mana_cost(text: str):
    try:
        return parse_cost(text.upper())
    except ValueError:
        raise Unsupported(text) from None


@template(r"pay ((?:\{[0-9wubrgcx]\})+)")
def _pay(m, targets):
    """"You may pay {2}. If you do, ...": mana paid while resolving (605.3a); "you may pay {X}. If you do, create
    X ..." (107.3: X chosen as it is paid, rules/choice_effects.py "pay_x"; only as a "you may", _check_pay_x)."""
    return [V.PayMana(_mana_cost(m.group(1)))]


def _check_pay_x(effects: list, targets: list) -> None:
    """"Pay {X}" is an optional payment's ("you may pay {X}": the first effect of a V.Optional), its X chosen
    then; anywhere else it is refused."""
    def walk(x: object, first_of_optional: bool = False) -> None:
        if isinstance(x, V.PayMana) and getattr(x.cost, "x_count", 0) and not first_of_optional:
            raise Unsupported("pay {X}")
        if isinstance(x, tuple | list):
            for y in x:
                walk(y)
        elif isinstance(x, V.Optional):
            for i, y in enumerate(x.effects):
                walk(y, i == 0)
        elif isinstance(x, V.Effect):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))

    walk(effects)


EFFECTS_CHECKS.append(_check_pay_x)


@template(r"counter (target .*spell) unless its controller pays ((?:\{[0-9wubrgc]\})+)")
def _counter_unless(m, targets):
    """701.5a: the spell's controller chooses whether to pay."""
    ref = _who(m.group(1), targets)
    if not isinstance(ref, V.Ref) or targets[ref.index].kind != "spell":
        raise Unsupported(m.string)
    return [V.CounterUnlessPays(ref, _mana_cost(m.group(2)))]


@template(r"counter target ((?:[a-z]+ )*?)spell with (?:mana value|converted mana cost) (\d+)(?: or (greater|less))?")
def _counter_by_mana_value(m, targets):
    """701.5a / 202.3: "Counter target spell with mana value 4 or greater" (Disdainful Stroke), "... 3 or
    less" (Liquify), "... mana value 2" (Spell Snare); 202.3e: the X of a spell on the stack counts."""
    kind = m.group(1).strip()
    base = parse_filter(kind) if kind else V.ObjectFilter()
    n = int(m.group(2))
    bounds = {"greater": {"min_mana_value": n}, "less": {"max_mana_value": n}}.get(
        m.group(3) or "", {"min_mana_value": n, "max_mana_value": n})
    if base.max_mana_value is not None or getattr(base, "min_mana_value", None) is not None:
        raise Unsupported(m.string)
    fields = {f: getattr(base, f) for f in base.__dataclass_fields__}
    targets.append(V.TargetSpec("spell", V.FilterPlus(**{**fields, **bounds}), text=m.string[len("counter "):]))
    return [V.CounterSpell(V.Ref(len(targets) - 1))]


@template(rf"gain {N} life")
def _gain_bare(m, targets):
    """"You may gain 3 life" (the subject is the sentence's "you")."""
    return [V.GainLife(amount(m.group(1)))]


@template(r"sacrifice (another) (.+)")
def _sacrifice_another(m, targets):
    return [V.Sacrifice(V.YOU, parse_filter("another " + m.group(2)), 1)]


@template(r"sacrifice (?:a|an) ([a-z -]+?) other than cardname")
def _sacrifice_other_than_self(m, targets):
    """701.21a: "Sacrifice a creature other than CARDNAME" (Demonic Taskmaster): never the source itself."""
    return [V.Sacrifice(V.YOU, parse_filter("another " + m.group(1)), 1)]


@dataclass(frozen=True)
class _IfYouCant(V.Effect):
    """"If you can't, [effects]": folded by _fold_if_you_cant into the sacrifice just before it."""

    effects: tuple[V.Effect, ...]


def _if_you_cant(m, targets):
    return [_IfYouCant(tuple(_no_mana(sub_effects(m.group(1), targets))))]


# Before the compound sentences: "if you can't, tap CARDNAME and you lose 4 life" is one condition on both.
first_template(SENTENCE_TEMPLATES, (re.compile(r"if you can't, (.+)"), _if_you_cant))


def _fold_if_you_cant(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: "Sacrifice a creature [other than CARDNAME]. If you can't, ..." (Lord of the Pit,
    Eldrazi Monument) becomes one SacrificeOrElse; after anything else "if you can't" is refused."""
    for i, e in enumerate(effects):
        if isinstance(e, _IfYouCant):
            before = effects[i - 1] if i else None
            if not (type(before) is V.Sacrifice and before.target is None and before.who == V.YOU
                    and before.amount == 1):
                raise Unsupported("if you can't: no sacrifice of one permanent just before")
            effects[i - 1:i + 1] = [SacrificeOrElse(before.filter, e.effects)]
            _fold_if_you_cant(effects, targets)
            return


EFFECTS_CHECKS.append(_fold_if_you_cant)


@template(rf"defending player (discards|loses|mills) {N} (cards?|life)")
def _defending(m, targets):
    """"Whenever CARDNAME attacks and isn't blocked, defending player discards a card" (506.2)."""
    n = amount(m.group(2))
    verb, what = m.group(1), m.group(3)
    if verb == "discards" and what.startswith("card"):
        return [V.Discard(n, V.DEFENDING)]
    if verb == "loses" and what == "life":
        return [V.LoseLife(n, V.DEFENDING)]
    if verb == "mills" and what.startswith("card"):
        return [V.Mill(n, V.DEFENDING)]
    raise Unsupported(m.string)


@template(rf"prevent the next {N} damage that would be dealt to (.+?) this turn")
def _prevent_next(m, targets):
    """615.7: a prevention shield for a number of damage."""
    n = amount(m.group(1))
    if not isinstance(n, int) and n != "X":
        raise Unsupported(m.string)  # "X" is the X paid ({X}: Prevent the next X damage ..., Vengeful Archon)
    return [V.PreventDamage(n, _who(m.group(2), targets))]


@template(r"prevent all (combat )?damage that would be dealt (?:to (.+?) )?this turn")
def _prevent_all(m, targets):
    """615.1: "Prevent all combat damage that would be dealt this turn" (Fog); "... to you and creatures you
    control this turn" (Safe Passage: a group, effects_prevention.py)."""
    if m.group(2) and (m.group(2).startswith("you and ") or _group(m.group(2)) is not None):
        return effects_prevention.prevent_all_to(m.group(2), bool(m.group(1)))
    who = _who(m.group(2), targets) if m.group(2) else None
    return [V.PreventDamage(None, who, combat_only=bool(m.group(1)))]


@template(r"prevent all (combat )?damage that would be dealt (to and dealt by|by) (.+?) this turn")
def _prevent_all_by(m, targets):
    """615.1: "Untap target attacking creature. Prevent all combat damage that would be dealt to and dealt by that
    creature this turn" (Maze of Ith), "... dealt to and dealt by CARDNAME this turn": a shield on the creature, and
    one on its side as a source (PreventDamage.dealt_by)."""
    who = _who(m.group(3), targets)
    if who not in (V.SELF, V.IT) and not isinstance(who, V.Ref):
        raise Unsupported(m.string)
    combat = bool(m.group(1))
    by = V.PreventDamage(None, who, combat_only=combat, dealt_by=True)
    return [V.PreventDamage(None, who, combat_only=combat), by] if m.group(2).startswith("to") else [by]


def _self_contained(effects: list) -> bool:
    """No reference to targets, the source or a trigger's object (a delayed trigger has none of them)."""

    def ok(x) -> bool:
        if isinstance(x, V.Ref) or x in (V.IT, V.SELF):
            return False
        if isinstance(x, tuple):
            return all(ok(y) for y in x)
        if isinstance(x, V.Effect):
            return all(ok(getattr(x, f.name)) for f in dataclasses.fields(x))
        return True
    return all(ok(e) for e in effects)


_NEXT = {"the next turn's upkeep": "next_upkeep", "the next end step": "next_end"}


@template(r"(.+) at the beginning of (the next turn's upkeep|the next end step)")
def _delayed_after(m, targets):
    """603.7: "Draw a card at the beginning of the next turn's upkeep"."""
    inner: list = []
    effects = sub_effects(m.group(1), inner)
    if inner or not _self_contained(effects):
        raise Unsupported(m.string)
    return [V.DelayedTrigger(_NEXT[m.group(2)], tuple(effects), m.string)]


@template(r"at the beginning of (the next turn's upkeep|the next end step), (.+)")
def _delayed_before(m, targets):
    inner: list = []
    effects = sub_effects(m.group(2), inner)
    if inner or not _self_contained(effects):
        raise Unsupported(m.string)
    return [V.DelayedTrigger(_NEXT[m.group(1)], tuple(effects), m.string)]


# --- looking at the top cards of a library ------------------------------------------------------

@template(rf"(look at|reveal) the top {N} cards of your library")
def _look(m, targets):
    """"Look at the top four cards of your library" (the next sentences say what happens to them);
    "reveal the top four cards of your library" (701.16a: shown to every player)."""
    return [V.LookAtTop(amount(m.group(2)), reveal=m.group(1) == "reveal")]


@template(r"gain control of (target .+?|it|that creature) until end of turn")
def _threaten(m, targets):
    """613.1b: "Gain control of target creature until end of turn" (Threaten)."""
    return [V.GainControl(_who(m.group(1), targets))]


@template(r"gain control of (target [a-z ,'-]+)")
def _gain_control(m, targets):
    """613.1b / 611.2b: "Gain control of target artifact" (Dack Fayden, Agent of Treachery): a control change
    with no duration, which lasts for the rest of the game (rules/choice_effects.py)."""
    phrase = m.group(1)
    if re.search(r"\b(for as long as|until|while|that player controls|and)\b", phrase):
        raise Unsupported(m.string)  # a duration, or a target tied to another: other templates' or not modelled
    return [V.GainControl(_who(phrase, targets), until_eot=False)]


@template(r"exchange control of (target [a-z0-9 ,'-]+?(?: you control)?|cardname) and (target [a-z0-9 ,'-]+)")
def _exchange_control(m, targets):
    """701.12a: "Exchange control of target artifact or creature you control and target creature an opponent
    controls with power 3 or less" (Oko, Thief of Crowns; Political Trickery, Trade the Helm)."""
    if re.search(r"\b(shares?|that|equal|less than|different|until|for as long)\b", m.group(0)):
        raise Unsupported(m.string)  # a target tied to the other, or a duration: not modelled
    first = V.SELF if m.group(1) == "cardname" else _who(m.group(1), targets)
    second = _who(m.group(2), targets)
    if any(isinstance(w, V.Ref) and targets[w.index].kind != "permanent" for w in (first, second)):
        raise Unsupported(m.string)
    return [V.ExchangeControl(first, second)]


@template(r"exchange control of two target ([a-z ']+?)")
def _exchange_control_two(m, targets):
    """701.12a, 115.3: "Exchange control of two target creatures" (Switcheroo, Shifting Borders): two different
    objects for one word "target" (one group of TargetSpecs, chosen once each)."""
    if re.search(r"\b(shares?|that|controlled by|different)\b", m.group(1)):
        raise Unsupported(m.string)  # the two targets tied to each other: not modelled
    k = len(targets)
    first = _who(f"target {_singular_noun(m.group(1))}", targets)
    if not isinstance(first, V.Ref) or len(targets) != k + 1 or targets[k].kind != "permanent":
        raise Unsupported(m.string)
    spec = dataclasses.replace(targets[k], group=k + 1, text=f"{targets[k].text}, one of 2")
    targets[k] = spec
    targets.append(spec)
    return [V.ExchangeControl(V.Ref(k), V.Ref(k + 1))]


def _singular_noun(phrase: str) -> str:
    """"nonlegendary creatures you don't control" → "nonlegendary creature you don't control"."""
    return re.sub(r"\b(creature|land|artifact|permanent|enchantment)s\b", r"\1", phrase, count=1)


@template(r"you gain control of all (equipment|auras|auras and equipment) that were attached to it")
def _gain_control_of_attached(m, targets):
    """613.1b: "You gain control of all Equipment that were attached to it" (Murderous Spoils), "it" the one
    object targeted before (rules/referred_objects.py)."""
    refs = [i for i, t in enumerate(targets) if t.kind == "permanent"]
    if len(refs) != 1 or len(targets) != 1:
        raise Unsupported(m.string)
    kinds = {"equipment": {"Equipment"}, "auras": {"Aura"}, "auras and equipment": {"Aura", "Equipment"}}[m.group(1)]
    return [GainControlOfAttached(V.Ref(refs[0]), frozenset(kinds))]


@template(r"gain control of those permanents")
def _gain_control_of_those(m, targets):
    """613.1b: after "whenever you cast a spell that targets one or more permanents" (its event object is the
    spell; rules/referred_objects.py)."""
    return [GainControlOfSpellTargets()]


@template(r"(?:(you|target player|target opponent) )?takes? an extra turn after this one")
def _extra_turn(m, targets):
    """500.7: "Take an extra turn after this one" (Time Walk, Temporal Manipulation)."""
    return [V.ExtraTurn(_who(m.group(1), targets) if m.group(1) else V.YOU)]


@template(r"after this (main )?phase, there is an additional combat phase( followed by an additional main phase)?")
def _additional_phases(m, targets):
    """500.8: "After this main phase, there is an additional combat phase followed by an additional main phase"
    (Seize the Day, Relentless Assault); "After this phase, there is an additional combat phase"."""
    return [V.AdditionalPhases(("combat", "main") if m.group(2) else ("combat",), after_main=bool(m.group(1)))]


@template(r"proliferate(?: (twice)|, then proliferate again)?")
def _proliferate(m, targets):
    """701.27a; "proliferate twice" (Contagion Engine), "proliferate, then proliferate again" (Roalesk): two
    proliferations one after the other, each with its own choices."""
    return [V.Proliferate()] * (2 if m.group(1) or m.group(0).endswith("again") else 1)


@template(rf"return {N} (.+?) you control to (?:its|their) owners?'?s?'? hands?")
def _return_own(m, targets):
    """"Return a land you control to its owner's hand" (chosen as it resolves, not targeted)."""
    n = amount(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [V.ReturnChosen(parse_filter(m.group(2) + " you control"), n)]


@template(r"exile (target player's|each opponent's|each player's|your) graveyard")
def _exile_graveyard(m, targets):
    who = {"target player's": "target player", "each opponent's": "each opponent", "each player's": "each player",
           "your": "you"}[m.group(1)]
    return [V.ExileGraveyard(_who(who, targets))]


@template(r"flip a coin")
def _flip(m, targets):
    """705.1."""
    return [V.FlipCoin()]


@template(r"if you (win|lose) the flip, (.+)")
def _if_flip(m, targets):
    return [V.IfFlip(m.group(1) == "win", tuple(_no_mana(sub_effects(m.group(2), targets))))]


@template(r"(cardname|it|target creature you control) explores(?: again)?")
def _explores(m, targets):
    """701.40a."""
    return [V.Explore(_who(m.group(1), targets))]


@template(r"(target player|target opponent|each opponent) reveals (?:their|his or her) hand")
def _reveal_hand(m, targets):
    """701.16a: the hand is revealed; "you choose a ... card from it" follows."""
    if m.group(1) == "each opponent":
        return [V.RevealHand(V.EACH_OPPONENT)]
    return [V.RevealHand(_who(m.group(1), targets))]


@template(r"you choose an? (?:(.+?) )?card from it( with mana value \d+ or (?:less|greater))?")
def _choose_from_hand(m, targets):
    what = (m.group(1) or "card") + (m.group(2) or "")
    return [V.ChooseCard(parse_filter(what, allow_card=True))]


@template(r"you choose an? (.+?) card from (?:that player's graveyard or hand|that player's hand or graveyard) and exile it")
def _choose_from_hand_or_graveyard(m, targets):
    """701.16a: "You choose a nonland card from that player's graveyard or hand and exile it" (Memory Leak)."""
    flt = parse_filter(m.group(1) + " card", allow_card=True)
    return [V.ChooseCard(flt, graveyard_filter=flt), V.ActOnChosen("exile")]


@template(r"you choose an? (.+?) card from it or an? (?:(.+?) )?card from their graveyard")
def _choose_from_hand_or_other_in_graveyard(m, targets):
    """701.16a: "You choose a nonland card from it or a card from their graveyard" (Agonizing Remorse; "exile
    that card" follows)."""
    return [V.ChooseCard(parse_filter(m.group(1) + " card", allow_card=True),
                         graveyard_filter=parse_filter((m.group(2) or "") + " card", allow_card=True))]


@template(r"(?:that player discards|exile) that card")
def _act_on_chosen(m, targets):
    return [V.ActOnChosen("discard" if "discards" in m.group(0) else "exile")]


@template(r"put (target card from a graveyard|target .+? card from a graveyard) on the (bottom|top) of its owner's library")
def _to_library(m, targets):
    return [V.PutInLibrary(_who(m.group(1), targets), bottom=m.group(2) == "bottom")]


_COUNTER_KIND = r"(?:\+1/\+1|[a-z]+(?: [a-z]+)?)"


@dataclass(frozen=True, slots=True)
class _CountersOnReturned(V.Effect):
    """Compile-time marker: "put a +1/+1 counter or a loyalty counter on it" after a return (folded into it)."""

    kinds: tuple[str, ...]


@template(rf"put (?:an? ({_COUNTER_KIND}) counter or an? ({_COUNTER_KIND}) counter|your choice of (.+?) counter"
          rf"|an? ({_COUNTER_KIND}) counter) on it")
def _counter_on_returned(m, targets):
    """"Put a +1/+1 counter or a loyalty counter on it" (or one kind, or "your choice of a ..., ... or ...
    counter") after "Return target ... card from your graveyard to the battlefield" (the
    one target: "it" is the card returned); refused anywhere else (_fold_counters_on_returned)."""
    if m.group(3):
        kinds = tuple(re.sub(r"^(?:or )?an? ", "", k.strip()) for k in re.split(r", (?:or )?|,? or ", m.group(3)))
    else:
        kinds = tuple(k for k in (m.group(1), m.group(2), m.group(4)) if k)
    for k in kinds:
        # keyword counters (122.1b) give no ability here yet: only these kinds
        if k not in ("+1/+1", "-1/-1", "loyalty") or len(set(kinds)) != len(kinds):
            raise Unsupported(m.string)
    return [_CountersOnReturned(kinds)]


def _fold_counters_on_returned(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the marker joins the return just before it (ReturnFromGraveyard.counters)."""
    for i, e in enumerate(effects):
        if isinstance(e, _CountersOnReturned):
            before = effects[i - 1] if i else None
            if not isinstance(before, V.ReturnFromGraveyard) or before.counters:
                raise Unsupported("put a counter on it: no card returned just before")
            effects[i - 1:i + 1] = [dataclasses.replace(before, counters=e.kinds)]
            _fold_counters_on_returned(effects, targets)
            return


EFFECTS_CHECKS.append(_fold_counters_on_returned)


@template(r"(cardname|target .+?) (gains|loses) your choice of ([a-z ,]+?),? or ([a-z ]+?) until end of turn")
def _keyword_of_choice(m: re.Match, targets: list) -> list:
    """608.2d: one keyword of the list, chosen as it resolves: gained (611.2, layer 6) or lost until end of turn
    (611.2c: it can't have it, so one granted later this turn is removed too, as for "loses flying")."""
    words = tuple(w.strip() for w in m.group(3).split(",")) + (m.group(4).strip(),)
    if len(set(words)) != len(words) or any(w not in KEYWORDS for w in words):
        raise Unsupported(m.string)
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    if m.group(2) == "gains":
        return [EffectOfChoice(who, tuple((w, V.Pump(who, 0, 0, (w,))) for w in words))]
    return [EffectOfChoice(who, tuple((w, CombatRule(who, (CANT_HAVE + w,))) for w in words))]
