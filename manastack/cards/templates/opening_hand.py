"""Opening-hand actions (CR 103.6; engine: rules/opening_hand.py).

- 103.6a: "If CARDNAME is in your opening hand, you may begin the game with it on the battlefield."
  (the Leylines; "... with him on the battlefield").
- 103.6b: "You may reveal CARDNAME from your opening hand. If you do, scry 3 at the beginning of your first
  upkeep." (Sphinx of Foresight), "... If you do, at the beginning of the first upkeep, ..." (Chancellors).
- 103.6a: "If CARDNAME is in your opening hand and you're not the starting player (2019: "you're not
  playing first"), you may begin the game with CARDNAME on the battlefield with a luck counter on it.
  If you do, exile a card from your hand." (Gemstone Caverns).
"""

from __future__ import annotations

from ...model.vocab.opening_hand import BeginOnBattlefield, RevealFromOpeningHand
from ..compiler import Unsupported, paragraph_template, parse_effects
from ..draft import CardDraft


@paragraph_template(r"if cardname is in your opening hand( and you're not (?:the starting player|playing first))?, you "
                    r"may begin the game with (?:it|cardname|him|her) on the battlefield(?: with an? ([a-z]+) counter on "
                    r"it)?(\. if you do, exile a card from your hand)?\.?")
def _begin_on_battlefield(m, para, out: CardDraft, is_spell):
    """103.6a: the player may put the card onto the battlefield before the first turn."""
    if is_spell:
        raise Unsupported(para)  # an instant or sorcery can't be on the battlefield (110.4a)
    out.abilities.append(BeginOnBattlefield(para, not_starting=bool(m.group(1)), counter=m.group(2) or "",
                                               exile_from_hand=1 if m.group(3) else 0))


@paragraph_template(r"you may reveal cardname from your opening hand\. if you do, (?:(.+?) at the beginning of "
                    r"(your first upkeep|the first upkeep)|at the beginning of (your first upkeep|the first upkeep), "
                    r"(.+?))\.?")
def _reveal_from_opening_hand(m, para, out: CardDraft, is_spell):
    """103.6b: revealing the card from the opening hand creates a delayed triggered ability for the first
    upkeep (of the game, or of the revealing player)."""
    text, when = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    targets: list = []
    effects = parse_effects(text, targets)
    if targets or not effects:
        raise Unsupported(para)  # its targets would be chosen as it triggers: not covered
    out.abilities.append(RevealFromOpeningHand(para, effects=tuple(effects), yours=when == "your first upkeep"))
