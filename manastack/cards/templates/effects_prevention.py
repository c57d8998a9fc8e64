"""Prevention effects of spells and abilities; executed by rules/prevention.py.

- "The next time a source of your choice would deal damage to you this turn, prevent that damage"
  (609.7a, 615.7).
- "The next time target creature / that creature / CARDNAME would deal damage [to you] this turn, prevent that
  damage" (615.7: a named source).
- "Damage can't be prevented this turn" (615.12).
- "Prevent all damage that would be dealt to you and creatures you control this turn" (615.1, a group).
- 615.5: "Prevent the next X damage that would be dealt to you this turn. If damage is prevented this way,
  CARDNAME deals that much damage to target player or planeswalker." (Vengeful Archon): the second
  sentence is the shield's additional effect (`PreventDamage.then`).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab import prevention
from ..compiler import EFFECTS_CHECKS, Unsupported
from .effects_common import parse_filter, sub_effects, target, template


@template(r"the next time (?:a|an) (?:(white|blue|black|red|green|artifact) )?source of your choice would deal damage"
          r"(?: to (you|any target|target creature|target player|target creature or player))? this turn, prevent that damage")
def _prevent_next_from_source(m, targets):
    """Circle of Protection: Red: "The next time a red source of your choice would deal damage to you this turn,
    prevent that damage" (609.7a, 615.7)."""
    quality = parse_filter(m.group(1)) if m.group(1) else V.ObjectFilter()
    to = None
    if m.group(2) == "you":
        to = V.YOU
    elif m.group(2):
        to = target(m.group(2), targets)  # Charm Peddler: "to target creature"
    return [prevention.PreventNextFromSource(quality, to)]


@template(r"the next time (target creature|that creature|cardname) would deal damage(?: to (you))? this turn, "
          r"prevent that damage")
def _prevent_next_from_named(m, targets):
    """"The next time that creature would deal damage this turn, prevent that damage" (Dazzling Reflection),
    "The next time CARDNAME would deal damage to you this turn, ..." (Mercenaries): the source is named, not
    chosen (615.7: used up once it prevents damage)."""
    source = target(m.group(1), targets)
    if m.group(1) == "that creature" and source == V.IT:
        raise Unsupported(m.string)  # no creature named before it
    return [prevention.PreventNextFromSource(V.ObjectFilter(), V.YOU if m.group(2) else None, source=source)]


@template(r"damage can't be prevented this turn")
def _cant_be_prevented(m, targets):
    """615.12: Skullcrack, Stomp, Flaring Pain."""
    return [prevention.DamageCantBePrevented()]


def prevent_all_to(phrase: str, combat_only: bool) -> list:
    """615.1: "Prevent all [combat] damage that would be dealt to [you and] creatures you control this turn"
    (Safe Passage; the group phrase as effects_core.py's `_group` reads it; called by its "prevent all"
    template)."""
    you = phrase.startswith("you and ")
    rest = phrase[len("you and "):] if you else phrase
    m = re.fullmatch(r"(?:all |each )?(.+)", rest)
    assert m is not None
    group = parse_filter(m.group(1))
    if group is None or not group.types:
        raise Unsupported(phrase)
    return [prevention.PreventAllDamageTo(you, group, combat_only)]


@dataclass(frozen=True, slots=True)
class _IfPreventedThen(V.Effect):
    """"If damage is prevented this way, [effects]": folded into the PreventDamage before it (never run)."""

    effects: tuple[V.Effect, ...]


@template(r"if damage is prevented this way, cardname deals that much damage to (.+)")
def _if_prevented_deals(m: re.Match, targets: list) -> list:
    """615.5: the prevention shield's additional effect: its source deals as much damage as was prevented."""
    effects = sub_effects(f"cardname deals 1 damage to {m.group(1)}", targets)
    if len(effects) != 1 or not isinstance(effects[0], V.DealDamage):
        raise Unsupported(m.string)
    return [_IfPreventedThen((dataclasses.replace(effects[0], amount=prevention.PreventedThisWay()),))]


def _fold_prevented_then(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: "If damage is prevented this way, ..." becomes the `then` of the shield for
    a number of damage just before it; anywhere else it is refused."""
    i = 0
    while i < len(effects):
        e = effects[i]
        if isinstance(e, _IfPreventedThen):
            before = effects[i - 1] if i else None
            if not isinstance(before, V.PreventDamage) or before.amount is None or before.then:
                raise Unsupported("if damage is prevented this way")
            effects[i - 1] = dataclasses.replace(before, then=e.effects)
            del effects[i]
            continue
        i += 1


EFFECTS_CHECKS.append(_fold_prevented_then)
