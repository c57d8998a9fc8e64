"""Several targets for one instance of the word "target" (CR 601.2c, 115.1): "tap up to two target
creatures", "return up to one target creature card from your graveyard to your hand", "put a +1/+1
counter on each of up to three target creatures", "two target creatures each get +1/+1", "any number of
target players each gain 6 life" (up to two in a two-player game).

The sentence is read in the singular ("tap target creature") by the other templates; its effects
are then repeated for each of the N targets, each a TargetSpec of its own in one group (chosen once
each, 115.3; "up to": each may be left unchosen, `optional`). 608.2b: a target that became illegal
is simply not affected; the spell or ability does nothing more only when every chosen target is
illegal. Sentences that relate the targets to each other ("from a single graveyard") or to another
target ("their graveyard") are left unsupported.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ..compiler import SENTENCE_TEMPLATES, Unsupported, first_template, parse_effect_sentence
from .effects_common import SUBTYPES, substitute

_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10}
_RX = re.compile(r"(?P<pre>.*?)\b(?P<each>each of )?(?:up to (?P<upto>one|two|three|four|five|six|seven|eight|nine|ten)"
                 r"|(?P<exact>two|three|four|five|six)|(?P<anynum>any number of)) (?P<other>other )?"
                 r"(?:target (?P<rest>.+)|(?P<any>targets)(?P<tail>.*))")
# "any number of target players": a two-player game has two players and one opponent, so at most that many
_ANY_NUMBER_OF = {"players": 2, "opponents": 1}
_NOUNS = {"creatures": "creature", "permanents": "permanent", "artifacts": "artifact", "enchantments": "enchantment",
          "lands": "land", "cards": "card", "planeswalkers": "planeswalker", "players": "player", "spells": "spell",
          "tokens": "token", "opponents": "opponent", "battles": "battle"}
# Plural wording of the rest of the sentence → the singular the one-target templates read.
_PHRASES = (
    (" each get ", " gets "), (" each gain ", " gains "), (" each have ", " has "), (" get ", " gets "),
    (" each draw ", " draws "), (" each discard ", " discards "), (" each mill ", " mills "),
    (" each lose ", " loses "), (" each sacrifice ", " sacrifices "),
    (" gain ", " gains "), (" have ", " has "), (" become ", " becomes "),
    # "target creatures your opponents control": each one a creature an opponent controls (109.5)
    (" your opponent control ", " an opponent controls "),  # "opponents" made singular above
    ("their owners' hands", "its owner's hand"), ("their owner's hand", "its owner's hand"),
    ("their owners' libraries", "its owner's library"), ("their controllers'", "its controller's"),
    ("don't untap during their controller's", "doesn't untap during its controller's"),
    ("don't untap during their controllers'", "doesn't untap during its controller's"),
)
# Wording that ties the targets to one another or to something else: not modelled.
_RELATED = ("single graveyard", "same ", "their graveyard", "that player", "each other", "those ", "them ",
            "divided", "different")


def _singular(rest: str) -> str:
    words = rest.split(" ")
    out = []
    for i, w in enumerate(words):
        base = w.rstrip(",")
        tail = w[len(base):]
        if base in _NOUNS:
            out.append(_NOUNS[base] + tail)
        elif i < 3 and base in SUBTYPES and SUBTYPES[base].lower() != base:
            out.append(SUBTYPES[base].lower() + tail)  # "goblins" → "goblin"
        else:
            out.append(w)
    t = " " + " ".join(out) + " "
    for a, b in _PHRASES:
        t = t.replace(a, b)
    return t.strip()


def _several_targets(m: re.Match, targets: list) -> list:
    s = m.string
    if any(r in s for r in _RELATED):
        raise Unsupported(s)
    if m.group("anynum"):
        noun = (m.group("rest") or "").split(" ", 1)[0]
        if noun not in _ANY_NUMBER_OF or m.group("other"):
            raise Unsupported(s)  # any number of target creatures: not bounded by the game
        n, optional = _ANY_NUMBER_OF[noun], True
    else:
        n = _COUNT[m.group("upto") or m.group("exact")]
        optional = m.group("upto") is not None
    if m.group("any") is not None:  # "deals 1 damage to each of two targets": any target (115.4)
        if m.group("other"):
            raise Unsupported(s)
        singular = m.group("pre") + "any target" + m.group("tail")
    else:
        singular = m.group("pre") + ("another target " if m.group("other") else "target ") + _singular(m.group("rest"))
    if singular == s:
        raise Unsupported(s)
    k = len(targets)
    effects = parse_effect_sentence(singular, targets)
    if len(targets) != k + 1:
        raise Unsupported(s)  # the singular sentence must have exactly this one target
    group = k + 1  # unique among the targets of this ability
    first = dataclasses.replace(targets[k], optional=optional, group=group,
                                text=f"{targets[k].text}, one of {'up to ' if optional else ''}{n}")
    targets[k] = first
    out = list(effects)
    for _ in range(n - 1):
        targets.append(first)
        out.extend(substitute(e, V.Ref(k), V.Ref(len(targets) - 1)) for e in effects)
    return out


def _declining(m: re.Match, targets: list) -> list:
    """Try the several-targets reading; if it doesn't apply, the later templates get the sentence."""
    n = len(targets)
    try:
        return _several_targets(m, targets)
    except Unsupported:
        del targets[n:]
    for rx, fn in SENTENCE_TEMPLATES[1:]:
        m2 = rx.fullmatch(m.string)
        if m2:
            return fn(m2, targets)
    raise Unsupported(m.string)


# First in line: "up to two target creatures" is never meant for a one-target template.
first_template(SENTENCE_TEMPLATES, (_RX, _declining))
