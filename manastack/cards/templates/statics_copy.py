"""Permanents that enter as a copy (707.5, 614.1c); executed by rules/copy_effects.py.

- "You may have CARDNAME enter as a copy of any creature on the battlefield" (Clone), "... of any
  artifact or creature on the battlefield" (Phyrexian Metamorph), "... of a creature you control",
  "... of any nonland permanent on the battlefield", "... of any creature card in a graveyard" (Body
  Double); the old "enter the battlefield as a copy" too; "enter tapped as a copy of any land on the
  battlefield" (Vesuva).
- 707.9 exceptions, joined by "and" / commas: "it's an Illusion in addition to its other types", "it's
  an artifact creature in addition to its other types", "it's a 4/4 black Zombie in addition to its
  other colors and types", "it's 7/7", "it isn't legendary", "its name is CARDNAME", "it has flying",
  "it has "When this creature becomes the target of a spell or ability, sacrifice it."" (a quoted
  ability compiled like a paragraph), "it has CARDNAME's other abilities", "it enters with X
  additional +1/+1 counters on it" (707.9e). Any other exception refuses the card.
- 707.1: "CARDNAME becomes a copy of target land, except it has this ability" (an effect, with no
  duration or "until end of turn"; 707.9a "this ability"), executed by rules/copy_effects.py too.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.copy_effects import ENTERS_AS_COPY, BecomeCopy, CopyExceptions, EntersAsCopy
from ..compiler import CARD_TYPES, COLOR_WORDS, Unsupported, compile_paragraph, number, paragraph_template
from ..draft import CardDraft
from .effects_common import SUBTYPES, parse_filter, target, template

_SUPERTYPES = {"legendary": "Legendary", "snow": "Snow"}
# An exception starts with one of these (the "it" may be left out after the first: "it isn't legendary,
# is an artifact ..., and has myriad").
_CLAUSE_START = r"(?:it |it's |its |his |her |is |has )"
_QUOTE = re.compile(r"[\"“]([^\"”]*)[\"”]")


@paragraph_template(r"you may have cardname enter(?: the battlefield)?( tapped)? as a copy of (?:any |an? )?(.+?)"
                    r"(?:, except (.+))?")
def _enters_as_copy(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """707.5 / 614.1c: a replacement effect of the permanent itself, with its choice made as it would
    enter (614.12a); "enter tapped as a copy of any land on the battlefield" (Vesuva): tapped if it does."""
    if is_spell:
        raise Unsupported(para)
    phrase = m.group(2)
    zone = "battlefield"
    if phrase.endswith(" on the battlefield"):
        phrase = phrase[: -len(" on the battlefield")]
    elif phrase.endswith(" card in a graveyard"):
        phrase, zone = phrase[: -len(" in a graveyard")], "graveyard"
    flt = parse_filter(phrase, allow_card=zone == "graveyard")
    added: tuple = ()
    exceptions = CopyExceptions()
    if m.group(3):
        text = para.strip().rstrip(".").strip()[m.start(3):m.end(3)]
        if text.lower() != m.group(3):
            raise Unsupported(para)
        added, exceptions = _exceptions(text, para)
        if exceptions.this_ability:
            raise Unsupported(para)
    out.abilities.append(EntersAsCopy(para.strip(), ENTERS_AS_COPY, of=flt, zone=zone, added=added,
                                         exceptions=exceptions, tapped=bool(m.group(1))))


@template(r"(until end of turn, )?(cardname|target [a-z ]+?) becomes a copy of ((?:another )?target [a-z ,]+?)"
          r"( until end of turn)?(?:, except (.+))?")
def _becomes_copy(m: re.Match, targets: list) -> list:
    """707.1 / 613.2a: "CARDNAME becomes a copy of target land, except it has this ability" (Thespian's
    Stage, Mizzium Transreliquat), with no duration; "... of target artifact until end of turn" (Mirage
    Mirror, Mizzium Transreliquat), "Until end of turn, CARDNAME becomes a copy of target creature you
    control" (rules/copy_effects.py); "Target artifact you control becomes a copy of another target artifact or
    creature you control until end of turn, except it's an artifact in addition to its other types" (Saheeli,
    Sublime Artificer: two targets, 115.3 two different objects). A target bounded by X is refused."""
    if re.search(r"\b(until|with|for as long as|x)\b", m.group(2) + " " + m.group(3)) or (m.group(1) and m.group(4)):
        raise Unsupported(m.string)
    subject = target(m.group(2), targets)
    if m.group(2) != "cardname" and (not isinstance(subject, V.Ref) or targets[subject.index].kind != "permanent"):
        raise Unsupported(m.string)
    of = target(m.group(3), targets)
    if not isinstance(of, V.Ref) or targets[of.index].kind != "permanent":
        raise Unsupported(m.string)
    if m.group(2) != "cardname" and m.group(3).startswith("another "):
        # "another" than the first target (115.3 keeps them apart), not other than the source
        spec = targets[of.index]
        targets[of.index] = dataclasses.replace(spec, filter=dataclasses.replace(spec.filter, other=False))
    added: tuple = ()
    exceptions = CopyExceptions()
    if m.group(5):
        if re.search("[\"“]", m.group(5)):
            raise Unsupported(m.string)  # a quoted ability: its text arrives lower-cased here
        added, exceptions = _exceptions(m.group(5), m.string)
        if exceptions.counters or (exceptions.this_ability and m.group(2) != "cardname"):
            raise Unsupported(m.string)  # 707.9e: only a permanent that enters as a copy enters with counters
    return [BecomeCopy(subject, of, added, exceptions, until_eot=bool(m.group(1) or m.group(4)))]


def _exceptions(text: str, para: str) -> tuple[tuple, CopyExceptions]:
    """The abilities and modifications of "except ..." (707.9a-b, 707.9e). Raises Unsupported."""
    quoted: list[str] = []

    def mask(q: re.Match) -> str:
        quoted.append(q.group(1))
        return f"<q{len(quoted) - 1}>"
    masked = _QUOTE.sub(mask, text).lower()
    clauses = re.split(rf"(?:,? and |, )(?={_CLAUSE_START})", masked)
    fields: dict = {"types": set(), "subtypes": set(), "supertypes": set(), "not_supertypes": set(),
                    "colors": set(), "keywords": set(), "counters": []}
    added: list = []
    for clause in clauses:
        c = re.sub(r"^it (?=is |has |isn't |enters )", "", clause.strip())
        c = re.sub(r"^it's ", "is ", c)
        if mm := re.fullmatch(r"is (?:an? )?(.+?) in addition to its other (?:creature )?(types|colors and types)", c):
            _add_types(mm.group(1), mm.group(2) != "types", fields, para)
        elif mm := re.fullmatch(r"is (\d+)/(\d+)", c):
            fields["power"], fields["toughness"] = int(mm.group(1)), int(mm.group(2))
        elif c == "isn't legendary":
            fields["not_supertypes"].add("Legendary")
        elif re.fullmatch(r"(?:its|his|her) name is cardname", c):
            fields["own_name"] = True
        elif c in ("has cardname's other abilities", "has its other abilities"):
            fields["own_abilities"] = True
        elif mm := re.fullmatch(r"enters with (an|x|one|two|three|\d+) additional (\+1/\+1) counters? on it", c):
            fields["counters"].append((mm.group(2), number(mm.group(1))))
        elif mm := re.fullmatch(r"has (?:(.+?),? and )?this ability", c):
            fields["this_ability"] = True  # only a becoming-a-copy effect has one (_becomes_copy)
            if mm.group(1):
                added.extend(_granted(mm.group(1), quoted, fields, para))
        elif mm := re.fullmatch(r"has (.+)", c):
            added.extend(_granted(mm.group(1), quoted, fields, para))
        else:
            raise Unsupported(para)
    ex = CopyExceptions(**{k: (frozenset(v) if isinstance(v, set) else tuple(v) if isinstance(v, list) else v)
                           for k, v in fields.items()})
    return tuple(added), ex


def _add_types(words: str, with_colors: bool, fields: dict, para: str) -> None:
    """"an artifact creature", "a Shapeshifter Rogue", "legendary and snow", "a 4/4 black Zombie"."""
    for w in words.split():
        if w == "and":
            continue
        if pt := re.fullmatch(r"(\d+)/(\d+)", w):
            fields["power"], fields["toughness"] = int(pt.group(1)), int(pt.group(2))
        elif with_colors and w in COLOR_WORDS:
            fields["colors"].add(COLOR_WORDS[w])
        elif w in CARD_TYPES:
            fields["types"].add(w.capitalize())
        elif w in _SUPERTYPES:
            fields["supertypes"].add(_SUPERTYPES[w])
        elif w in SUBTYPES:
            fields["subtypes"].add(SUBTYPES[w])
        else:
            raise Unsupported(para)


def _granted(what: str, quoted: list[str], fields: dict, para: str) -> list:
    """"it has flying", "it has haste and dethrone", "it has "[ability]"": keywords and abilities."""
    qm = re.fullmatch(r"<q(\d+)>", what)
    text = quoted[int(qm.group(1))] if qm else ", ".join(re.split(r",? and |, ", what))
    if not qm and "<q" in what:
        raise Unsupported(para)
    inner = CardDraft.quoted(spell_text=True)
    try:
        compile_paragraph(text, {}, False, inner)
    except (Unsupported, KeyError):
        raise Unsupported(para) from None
    if inner.protection or inner.spell_effects or not (inner.keywords or inner.abilities):
        raise Unsupported(para)
    fields["keywords"] |= inner.keywords
    return inner.abilities
