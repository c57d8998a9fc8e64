"""Static abilities that change how much damage is dealt (614.1a); executed by rules/damage_replacement.py.

- "If a source [you control] would deal damage to a permanent or player, it deals double / triple that
  damage [to that permanent or player] instead" (Dictate of the Twin Gods, Furnace of Rath, Fiery
  Emancipation); "If a [red] source you control would deal [noncombat] damage to an opponent or a
  permanent an opponent controls, it deals that much damage plus N instead" (Torbran); "If a red instant or
  sorcery spell you control would deal damage, it deals double that damage instead" (Fire Servant).
- 614.9 (an effect sentence): "The next time CARDNAME would deal combat damage to an opponent this turn, it deals that
  damage to target creature instead" (Soltari Guerrillas), "The next time target attacking creature would deal combat
  damage to CARDNAME this turn, that creature deals that damage to itself instead" (Shield Dancer).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.damage_replacement import (
    ANY_RECIPIENT,
    DAMAGE_REPLACEMENT,
    ITSELF,
    OPPONENTS,
    TO_OPPONENT,
    DamageReplacement,
    RedirectNextDamage,
)
from ..compiler import COLOR_WORDS, Unsupported, number, paragraph_template
from ..draft import CardDraft
from .effects_common import target, template

_TO = {"a permanent or player": ANY_RECIPIENT, "an opponent or a permanent an opponent controls": OPPONENTS}


@paragraph_template(r"if an? (?:(white|blue|black|red|green) )?(source|instant or sorcery spell)( you control)? would deal "
                    r"(noncombat )?damage(?: to (a permanent or player|an opponent or a permanent an opponent controls))?, "
                    r"it deals (double that damage|triple that damage|that much damage plus (\w+))"
                    r"(?: to that (?:permanent or player|player or permanent))? instead")
def _damage_replacement(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a: a replacement effect of the permanent, while it is on the battlefield. No recipient named ("If a
    red instant or sorcery spell you control would deal damage, it deals double that damage instead"): any."""
    if is_spell or (m.group(5) is None and "to that" in m.group(0)):
        raise Unsupported(para)
    how = m.group(6)
    if how.startswith("that much"):
        op, n = "plus", number(m.group(7))
        if not isinstance(n, int):
            raise Unsupported(para)
    else:
        op, n = "times", 2 if how.startswith("double") else 3
    spells = frozenset({"Instant", "Sorcery"}) if m.group(2) != "source" else frozenset()
    out.abilities.append(DamageReplacement(
        para.strip(), DAMAGE_REPLACEMENT, op=op, n=n, color=COLOR_WORDS[m.group(1)] if m.group(1) else "",
        yours=bool(m.group(3)), to=_TO[m.group(5)] if m.group(5) else ANY_RECIPIENT, noncombat=bool(m.group(4)),
        spell_types=spells))


@paragraph_template(r"if a source you control would deal noncombat damage to a creature an opponent controls, put that "
                    r"many -1/-1 counters on that creature instead")
def _damage_as_counters(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a: Soul-Scar Mage's replacement effect, while it is on the battlefield."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(DamageReplacement(para.strip(), DAMAGE_REPLACEMENT, op="counters", n=0, yours=True,
                                           to=OPPONENTS, noncombat=True, creatures_only=True))



@template(r"the next time (cardname|target [a-z ]+?) would deal (combat )?damage to (an opponent|cardname|you) this turn, "
          r"(?:it|that creature) deals that damage to (target [a-z ]+?|itself|you) instead")
def _redirect_next(m: re.Match, targets: list) -> list:
    """614.9: a redirection of the source's next damage this turn (rules/damage_replacement.py)."""
    source = target(m.group(1), targets)
    if m.group(1) != "cardname" and not isinstance(source, V.Ref):
        raise Unsupported(m.string)
    to = {"an opponent": TO_OPPONENT, "cardname": V.SELF, "you": V.YOU}[m.group(3)]
    if m.group(4) == "itself":
        new: V.Who = ITSELF
    elif m.group(4) == "you":
        new = V.YOU
    else:
        new = target(m.group(4), targets)
        if not isinstance(new, V.Ref):
            raise Unsupported(m.string)
    if source == V.SELF and new == ITSELF:
        raise Unsupported(m.string)
    return [RedirectNextDamage(source, to, new, combat_only=bool(m.group(2)))]
