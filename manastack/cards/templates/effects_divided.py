"""Damage and counters divided among targets (CR 601.2c-d, 608.2b, 107.1a): "CARDNAME deals 3 damage divided as you
choose among one, two, or three targets", "... among one or two target creatures", "... among any number
of target attacking or blocking creatures", "CARDNAME deals X damage divided evenly, rounded down, among
any number of targets", "Prevent the next 4 damage that would be dealt this turn to any number of targets,
divided as you choose" (615.7); and Fireball's "This spell costs {1} more to cast for each target beyond the
first" (601.2f).

The targets are one instance of the word "target" (115.3: each object or player once), one TargetSpec
per possible target in one group, the first required ("one or two": the second may be left unchosen);
"any number of" is one repeating spec (601.2c: the player announces how many). Executed by
rules/divided.py, which asks for the division as the spell is cast (601.2d). The division is asked for a spell's
own effects and for a triggered ability's (603.3d, as it is put on the stack); in an activated ability, or inside
a mode or a "you may", the sentence is refused (CARD_CHECKS).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.cost_modifiers import CostCount, CostModifier
from ...model.vocab.divided import Divided, DividedCounters, DividedDamage, DividedPrevention
from ..compiler import CARD_CHECKS, PARAGRAPH_TEMPLATES, Unsupported, first_template, paragraph_template
from ..draft import CardDraft
from .effects_common import N, amount, target, template
from .multi_targets import _singular

_HOW_MANY = {"one or two": (1, 2), "one, two, or three": (1, 3), "up to two": (0, 2), "up to three": (0, 3), "up to four": (0, 4),
             "any number of": (1, 0)}


@template(rf"(?:cardname|it) deals {N} damage divided (as you choose|evenly, rounded down,) among "
          r"(one or two|one, two, or three|up to two|up to three|any number of) (?:(targets)|target (.+))")
def _divided(m: re.Match, targets: list) -> list:
    """601.2d: N damage divided among the targets; "evenly, rounded down" (107.1a): no division asked."""
    phrase = "any target" if m.group(4) else "target " + _singular(m.group(5))
    k, most = _target_group(phrase, m.group(3), targets, ("any", "permanent"), m.string)
    return [DividedDamage(amount(m.group(1)), k, most, even=m.group(2) != "as you choose")]


def _target_group(phrase: str, how_many: str, targets: list, kinds: tuple[str, ...], text: str) -> tuple[int, int]:
    """601.2d: the targets an amount is divided among, as one group of target slots ("one, two, or three": up to
    three slots, the first required; "any number of": one slot that repeats); returns (the group's first slot,
    the most targets, 0 for any number)."""
    least, most = _HOW_MANY[how_many]
    k = len(targets)
    ref = target(phrase, targets)
    if not isinstance(ref, V.Ref) or len(targets) != k + 1 or targets[k].kind not in kinds:
        raise Unsupported(text)
    how = f"one of {how_many}" if most else "any number of"
    first = dataclasses.replace(targets[k], group=k + 1, text=f"{targets[k].text}, {how}",
                                optional=least == 0, repeat=most == 0)
    targets[k] = first
    for _ in range(most - 1):
        targets.append(dataclasses.replace(first, optional=True))
    return k, most


@template(rf"distribute {N} (\+1/\+1) counters among (one or two|one, two, or three|up to two|up to three|up to four|any number of) target (.+)")
def _distribute(m: re.Match, targets: list) -> list:
    """601.2d: counters divided as the spell is cast, each target getting at least one."""
    k, most = _target_group("target " + _singular(m.group(4)), m.group(3), targets, ("permanent",), m.string)
    return [DividedCounters(amount(m.group(1)), k, most, kind=m.group(2))]


@template(rf"prevent the next {N} damage that would be dealt this turn to (one or two|one, two, or three|up to two|"
          r"up to three|any number of) (?:(targets)|target (.+)), divided as you choose")
def _divided_prevention(m: re.Match, targets: list) -> list:
    """615.7 / 601.2d: a prevention shield on each target for the part of N announced for it (Embolden)."""
    phrase = "any target" if m.group(3) else "target " + _singular(m.group(4))
    k, most = _target_group(phrase, m.group(2), targets, ("any", "permanent"), m.string)
    return [DividedPrevention(amount(m.group(1)), k, most)]


@paragraph_template(r"cardname costs \{(\d+)\} more to cast for each target beyond the first")
def _per_extra_target(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """601.2f: the spell's own cost increase, counted from the number of targets chosen for it."""
    if not is_spell:
        raise Unsupported(para)
    out.abilities.append(CostModifier(para, int(m.group(1)), "self", per=CostCount("extra_targets")))


# Ahead of the general "CARDNAME costs {N} more to cast for each ..." reading (templates/casting.py).
first_template(PARAGRAPH_TEMPLATES, PARAGRAPH_TEMPLATES.pop())


def _nested(effects: object) -> bool:
    """Whether a DividedDamage lies anywhere inside these effects (or abilities)."""
    if isinstance(effects, Divided):
        return True
    if isinstance(effects, tuple | list):
        return any(_nested(e) for e in effects)
    if dataclasses.is_dataclass(effects) and not isinstance(effects, type):
        return any(_nested(getattr(effects, f.name)) for f in dataclasses.fields(effects))
    return False


def _check(out: CardDraft, unsupported: list[str]) -> None:
    """601.2d is asked as a spell is cast: a division in an ability, nested in another effect (a mode, a
    "you may"), or a repeating target followed by more targets is refused."""
    for ab in out.abilities:
        if type(ab) is V.TriggeredAbility and sum(isinstance(e, Divided) for e in ab.effects) == 1 \
                and not any(_nested(e) for e in ab.effects if not isinstance(e, Divided)) \
                and not any(t.repeat for t in ab.targets) and not ab.intervening:
            continue  # 603.3d: divided as it is put on the stack, after its targets (rules/divided.py)
        if _nested(ab):
            unsupported.append(getattr(ab, "text", "") or "damage divided in an ability")
    top = [e for e in out.spell_effects if isinstance(e, Divided)]
    if any(_nested(e) for e in out.spell_effects if not isinstance(e, Divided)):
        unsupported.append("a division inside another effect (601.2d)")
    if len(top) > 1:
        unsupported.append("two divisions in one spell")
    specs = out.spell_targets
    if any(s.repeat for s in specs[:-1]):
        unsupported.append("targets after 'any number of targets'")
    for e in top:
        if e.even and not (e.count == 0 and e.first == len(specs) - 1):
            unsupported.append("damage divided evenly among a fixed number of targets")


CARD_CHECKS.append(_check)
