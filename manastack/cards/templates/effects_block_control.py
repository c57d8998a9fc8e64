"""Declarations made by another player (508.1, 509.1); executed by rules/block_control.py.

- "You choose which creatures attack this turn" (508.1).
- "You choose which creatures block this turn / this combat and how those creatures block" (509.1).
- "[Creatures] block this turn if able, and you choose how those creatures block" (509.1c requirements
  on the group, then the declaration is yours).
- The trigger condition "Whenever CARDNAME and at least N other creatures attack" (508.1, one trigger
  for the declaration, CARDNAME among the attackers).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.block_control import ChooseDeclarations
from ..compiler import number, sentence_template, trigger_template
from .effects_common import sub_effects
from .triggers_actions import _NUM


@sentence_template(r"you choose which creatures attack this turn")
def _choose_attackers(m: re.Match, targets: list) -> list:
    """508.1: the attacking player's declaration is made by the controller of this effect."""
    return [ChooseDeclarations(("attackers",))]


@sentence_template(r"you choose which creatures block this (turn|combat) and how those creatures block")
def _choose_blockers(m: re.Match, targets: list) -> list:
    """509.1: the defending player's declaration is made by the controller of this effect."""
    return [ChooseDeclarations(("blockers",), m.group(1))]


@sentence_template(r"(.+?) block this turn if able, and you choose how those creatures block")
def _must_block_you_choose(m: re.Match, targets: list) -> list:
    """509.1c: the group must block if able; 509.1: you declare how (which attacker each one blocks)."""
    return [*sub_effects(f"{m.group(1)} block this turn if able", targets), ChooseDeclarations(("blockers",))]


@trigger_template(rf"whenever cardname and at least {_NUM} other creatures attack")
def _self_and_others_attack(m: re.Match) -> dict:
    """508.1: one trigger for a declaration of attackers that includes CARDNAME and N other creatures."""
    return {"event": "you_attack_n", "who": "you", "count": number(m.group(1)) + 1, "scope": "self",
            "filter": V.ObjectFilter(types=frozenset({"Creature"}))}
