"""Replacement effects on the number of counters put on permanents (614.1a, 616.1, 122.6); the engine
side is rules/counter_replacement.py (CounterReplacement, put_counters, counters_on_entering).

- "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1
  counters are put on it instead." (Hardened Scales, Conclave Mentor, Ozolith, Mowu: "on CARDNAME")
- "... twice that many +1/+1 counters are put on it instead." (Corpsejack Menace, Branching Evolution)
- "If one or more counters would be put on an artifact or creature you control, that many plus one of
  each of those kinds of counters are put on that permanent instead." (Winding Constrictor)
- "If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 counters minus
  one are put on it instead." (Vizier of Remedies)
- "If an effect would put one or more counters on a permanent you control, it puts twice that many of
  those counters on that permanent instead." (Doubling Season's counter half)
- "If you would put one or more counters on a permanent you control, put that many plus one of each of
  those kinds of counters on that permanent instead." (Doc Samson)
Counters on players ("on a permanent or player") and "your team" are refused (no counters on players
are replaced here), and so are effects limited to one kind of ability ("If a modular triggered ability").
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.counter_replacement import KIND, CounterReplacement
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft
from .effects_common import parse_filter

_KIND = r"(\+1/\+1 |-1/-1 )?"
_IT = r"(?:it|that creature|that permanent|cardname)"
_HOW = r"(that many plus one|twice that many|that many|half that many)"


def _op(how: str, minus: bool) -> tuple[str, int]:
    if minus:
        return "minus", 1
    return {"that many plus one": ("plus", 1), "twice that many": ("times", 2),
            "half that many": ("half", 2)}.get(how, ("", 0))


def _subject(phrase: str, para: str) -> tuple[V.ObjectFilter, bool]:
    """The permanents of "would be put on [phrase]": a filter, or CARDNAME itself."""
    p = phrase.strip()
    if p == "cardname":
        return V.ANY_OBJECT, True
    if "team" in p or "player" in p or "yourself" in p:
        raise Unsupported(para)  # counters on players are not replaced here
    p = re.sub(r"^(a|an) ", "", p)
    flt = parse_filter(p)
    if flt.subtypes and ("creature" in p or "permanent" in p) and " or " in p:
        raise Unsupported(para)  # "creature or Vehicle": a union parse_filter reads as "Vehicle creature"
    return flt, False


def _add(para: str, out: dict, kind: str | None, subject: str, how: str, minus: bool = False,
         by_effect: bool = False, placer: str = "") -> None:
    op, n = _op(how, minus)
    if not op:
        raise Unsupported(para)
    flt, self_only = _subject(subject, para)
    kinds = frozenset({kind.strip()}) if kind else frozenset()
    out.abilities.append(CounterReplacement(para.strip(), KIND, filter=flt, kinds=kinds, self_only=self_only,
                                               op=op, n=n, by_effect=by_effect, placer=placer))


@paragraph_template(rf"if one or more {_KIND}counters would be put on (.+?), {_HOW} "
                    rf"(?:(\+1/\+1 |-1/-1 )counters( minus one)?|of each of those kinds of counters) "
                    rf"are put on {_IT} instead")
def _counters_would_be_put(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a: "If one or more [kind] counters would be put on [permanents], that many plus one / twice
    that many [kind] counters are put on it instead" (any kind: "... of each of those kinds of counters")."""
    kind, subject, how, again, minus = m.groups()
    if is_spell or (kind or None) != (again or None) or minus and how != "that many":
        raise Unsupported(para)
    _add(para, out, kind, subject, how, minus=bool(minus))


@paragraph_template(rf"if (an effect|you|an opponent) would put one or more {_KIND}counters on (.+?), "
                    rf"(?:it puts|put|they put) {_HOW} (?:of those counters|(\+1/\+1 |-1/-1 )counters|"
                    rf"of each of those kinds of counters) on {_IT} instead(, rounded down)?")
def _effect_would_put(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a: "If an effect would put one or more counters on a permanent you control, it puts twice that
    many of those counters on that permanent instead" (Doubling Season: not counters put as a cost);
    "If you would put ..." / "If an opponent would put ..." (the player putting them, 122.6a)."""
    who, kind, subject, how, again, rounded = m.groups()
    if is_spell or (again and (kind or None) != again) or (how == "half that many") != bool(rounded):
        raise Unsupported(para)
    _add(para, out, kind or again, subject, how, by_effect=who == "an effect",
         placer={"you": "you", "an opponent": "opponent"}.get(who, ""))


