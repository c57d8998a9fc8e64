"""Effects that stop life gain (119.7, 614.1a); executed by rules/life_gain.py.

- "Players / Your opponents can't gain life this turn" (an effect of a spell or ability).
- A permanent's "Players / Your opponents / You can't gain life" and "If a player would gain life, that
  player gains no life instead" (Sulfuric Vortex).
- 614.1a: a permanent's "If you would gain life, you gain that much life plus 1 instead" / "... twice that
  much life instead".
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.life_gain import (
    LIFE_GAIN_BOOST,
    NO_LIFE_GAIN,
    OPPONENTS,
    PLAYERS,
    YOU,
    CantGainLifeThisTurn,
    LifeGainBoost,
    NoLifeGain,
)
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft
from .effects_common import target, template

_WHO = {"players": PLAYERS, "your opponents": OPPONENTS, "you": YOU, "each player": PLAYERS}
_EFFECT_WHO = {"players": V.EACH_PLAYER, "your opponents": V.EACH_OPPONENT, "you": V.YOU}


@template(r"(players|your opponents|you|target player|target opponent) can't gain life this turn")
def _cant_gain_this_turn(m, targets):
    """119.7: until end of turn."""
    w = m.group(1)
    who = _EFFECT_WHO[w] if w in _EFFECT_WHO else target(w, targets)
    return [CantGainLifeThisTurn(who)]


@paragraph_template(r"(players|your opponents|you) can't gain life")
def _cant_gain(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """119.7: a static ability, while the permanent is on the battlefield."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(NoLifeGain(para.strip(), NO_LIFE_GAIN, who=_WHO[m.group(1)]))


@paragraph_template(r"if (a player|an opponent|you) would gain life, (?:that player|they|you) gains? no life instead")
def _gains_no_life(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a / 119.10: Sulfuric Vortex's replacement effect."""
    if is_spell:
        raise Unsupported(para)
    who = {"a player": PLAYERS, "an opponent": OPPONENTS, "you": YOU}[m.group(1)]
    out.abilities.append(NoLifeGain(para.strip(), NO_LIFE_GAIN, who=who, instead=True))


@paragraph_template(r"if you would gain life, you gain (that much life plus (\d+|one|two|three)|twice that much life) "
                    r"instead")
def _gain_more(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """614.1a: a replacement effect of the permanent on its controller's life gain (rules/life_gain.py)."""
    if is_spell:
        raise Unsupported(para)
    if m.group(2):
        plus = {"one": 1, "two": 2, "three": 3}.get(m.group(2)) or int(m.group(2))
        out.abilities.append(LifeGainBoost(para.strip(), LIFE_GAIN_BOOST, plus=plus))
    else:
        out.abilities.append(LifeGainBoost(para.strip(), LIFE_GAIN_BOOST, times=2))
