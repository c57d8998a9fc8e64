"""A triggered ability that creates a token and then refers to it (608.2c, 111.1):

- "At the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token gains
  haste until end of turn and attacks this combat if able." (Legion Warboss); "That token attacks this
  combat if able." (Howlsquad Heavy).

- "Create a token that's a copy of target artifact. That token gains haste. Exile it at the beginning of the
  next end step." (Cogwork Assembler, Mimic Vat): "it" / "that token" gains haste for as long as it stays
  (611.2a, no duration); cards/templates/effects_referred.py folds the sentences into one `TokenThen`.

"That token" is the token the first sentence created (every token, if a replacement effect made
more). The engine side: rules/effects.py `TokenThen`; "this combat" ends as the end of combat step
begins (rules/combat_keywords.py THIS_COMBAT, 511.3); "attacks ... if able" is the 508.1d requirement.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.combat_keywords import THIS_COMBAT, CombatRule
from ...model.vocab.effects import TokenThen
from ..compiler import Unsupported, paragraph_template, parse_effects, parse_keywords, trigger_kwargs
from ..draft import CardDraft
from .effects_common import template

_ATTACKS = "attacks this combat if able"


@paragraph_template(r"((?:when|whenever|at) [^,]+?), (create (?:a|an|one) [^.]+? token(?: with [^.]+?)?)\. that token "
                    r"(?:gains ([a-z ,]+?) until end of turn and )?(attacks this combat if able|gains [a-z ,]+? until "
                    r"end of turn)")
def _token_then(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    kwargs = trigger_kwargs(m.group(1))
    targets: list[V.TargetSpec] = []
    create = parse_effects(m.group(2), targets)
    if targets or len(create) != 1 or not isinstance(create[0], (V.CreateToken, V.CreateTokenCard)) \
            or create[0].amount != 1 or create[0].who != V.YOU:
        raise Unsupported(para)
    keywords_text, last = m.group(3), m.group(4)
    if last != _ATTACKS:
        keywords_text, last = last[len("gains "):-len(" until end of turn")], ""
    riders: list[V.Effect] = []
    if keywords_text:
        kws = parse_keywords(keywords_text)
        if kws is None:
            raise Unsupported(para)
        riders.append(V.Pump(V.Ref(0), 0, 0, kws))  # 611.2: until end of turn
    if last == _ATTACKS:
        riders.append(CombatRule(V.Ref(0), ("attacks_each_combat",), THIS_COMBAT))  # 508.1d, this combat only
    out.abilities.append(V.TriggeredAbility(para, effects=(TokenThen(create[0], tuple(riders)),), **kwargs))


TOKEN_HASTE = "permanent"  # Pump.until of "it gains haste" after a token was created (lasts, 611.2a)


@template(r"(?:it|that token|the token) gains haste")
def _token_gains_haste(m: re.Match, targets: list) -> list:
    """Only right after a sentence that created a token (effects_referred._tokens_created refuses it elsewhere:
    "it" would be another object)."""
    return [V.Pump(V.IT, keywords=("haste",), until=TOKEN_HASTE)]
