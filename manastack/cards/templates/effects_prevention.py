"""Prevention effects of spells and abilities; executed by rules/prevention.py.

- "The next time a source of your choice would deal damage to you this turn, prevent that damage"
  (609.7a, 615.7).
- "Damage can't be prevented this turn" (615.12).
"""

from __future__ import annotations

from ...model import vocab as V
from ...model.vocab import prevention
from .effects_common import parse_filter, target, template


@template(r"the next time (?:a|an) (?:(white|blue|black|red|green|artifact) )?source of your choice would deal damage"
          r"(?: to (you|any target))? this turn, prevent that damage")
def _prevent_next_from_source(m, targets):
    """Circle of Protection: Red: "The next time a red source of your choice would deal damage to you this turn,
    prevent that damage" (609.7a, 615.7)."""
    quality = parse_filter(m.group(1)) if m.group(1) else V.ObjectFilter()
    to = None
    if m.group(2) == "you":
        to = V.YOU
    elif m.group(2) == "any target":
        to = target("any target", targets)
    return [prevention.PreventNextFromSource(quality, to)]


@template(r"damage can't be prevented this turn")
def _cant_be_prevented(m, targets):
    """615.12: Skullcrack, Stomp, Flaring Pain."""
    return [prevention.DamageCantBePrevented()]
