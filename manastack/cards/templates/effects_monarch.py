"""The monarch (722): "you become the monarch", "target player becomes the monarch" (the BecomeMonarch
effect, executed by rules/monarch.py, with the monarch's two inherent triggered abilities, 722.2);
"as long as you're the monarch" / "if you're the monarch" is a condition of templates/statics.py
parse_condition."""

from __future__ import annotations

from ...model.vocab.monarch import BecomeMonarch
from .effects_common import target, template


@template(r"(you|target player|target opponent|that player) becomes? the monarch")
def _become_monarch(m, targets):
    return [BecomeMonarch(target(m.group(1), targets))]
