"""Effect sentences about players' life and the game (engine side: rules/effects.py):

- 104.2b: "you win the game" (WinGame); 104.3e: "that player loses the game" (LoseGame).
- 603.7a / 104.3e, the pacts: "At the beginning of your next upkeep, pay {2}{U}. If you don't, you lose the
  game." (a delayed trigger of the spell: its controller chooses whether to pay, 608.2d; LoseGame).
- "You gain X life, where X is the number of cards in your hand minus 4" (CardsInHand, 107.1b).
- 119.9: "Whenever you gain life, target opponent loses that much life" (ThatMuchLife: the life gained,
  rules/triggers.py).
- 613.1b: "the player with the most life gains control of CARDNAME" (no one on a tie).
- 111.2: "target opponent creates a 3/3 green Dinosaur creature token with trample": another player
  creates the token, and it enters under their control (the token effect's `who`).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab.effects import CardsInHand, LoseGame, ThatMuchLife, WinGame
from ..compiler import Unsupported, paragraph_template, sentence_template
from ..draft import CardDraft
from .effects_common import sub_effects, target


@sentence_template(r"you win the game")
def _win(m: re.Match, targets: list) -> list:
    return [WinGame()]


@paragraph_template(r"at the beginning of your next upkeep, pay ((?:\{[0-9wubrgc]\})+)\. if you don't, you lose the game\.?")
def _pact_upkeep(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """603.7a: the spell creates a delayed triggered ability for its controller's next upkeep (702.88a's
    "your next upkeep"); as it resolves the player chooses whether to pay (608.2d: paying is an optional
    action, mana abilities may be activated, 605.3a) and loses the game if they don't (104.3e)."""
    if not is_spell:
        raise Unsupported(para)
    cost = parse_cost(m.group(1).upper())
    effects = (V.Optional((V.PayMana(cost),), prompt=f"pay {cost.text}"), V.IfYouDo((LoseGame(),), negate=True))
    out.spell_effects.append(V.DelayedTrigger("your_next_upkeep", effects, para))


@sentence_template(r"(you|that player|target player|target opponent|each opponent) loses? the game")
def _lose(m: re.Match, targets: list) -> list:
    """104.3e: "Whenever a creature you control deals combat damage to a player, that player loses the game"."""
    return [LoseGame(target(m.group(1), targets))]


@sentence_template(r"you gain x life, where x is the number of cards in your hand(?: minus (\d+))?")
def _gain_hand_size(m: re.Match, targets: list) -> list:
    return [V.GainLife(CardsInHand(int(m.group(1) or 0)))]


@sentence_template(r"(target opponent|target player|each opponent|each player) creates? (.+)")
def _player_creates(m: re.Match, targets: list) -> list:
    who = target(m.group(1), targets)
    effects = sub_effects("create " + m.group(2), targets)
    if not effects or any(not isinstance(e, (V.CreateToken, V.CreateTokenCard)) or e.who != V.YOU for e in effects):
        raise Unsupported(m.string)
    return [dataclasses.replace(e, who=who) for e in effects]


@paragraph_template(r"whenever you gain life, (target opponent|each opponent|target player|each player) loses? that much life")
def _lose_that_much(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    targets: list[V.TargetSpec] = []
    who = target(m.group(1), targets)
    out.abilities.append(V.TriggeredAbility(para, "gain_life", (V.LoseLife(ThatMuchLife(), who),), tuple(targets),
                                            who="you"))


@sentence_template(r"the player with the most life gains control of cardname")
def _most_life_gains_control(m: re.Match, targets: list) -> list:
    """613.1b: Wild Dogs, Ghazbán Ogre (after "if a player has more life than each other player", 603.4)."""
    return [V.MostLifeGainsControl()]
