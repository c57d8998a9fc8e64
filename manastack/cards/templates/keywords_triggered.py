"""Keyword abilities that are triggered abilities (each a keyword line item); the engine side is
rules/trigger_keywords.py (and rules/triggers.py for the trigger events):

- 702.101a extort: a "cast" trigger of spells you cast; "you may pay {W/B}. If you do, ..." (608.2d, 608.2c).
- 702.115a ingest: a "combat_damage_player" trigger; "that player" is the player dealt the damage.
- 702.86a annihilator N: an "attacks" trigger; the defending player sacrifices N permanents (701.21a).
- 702.149a training: an "attacks_with_greater_power" trigger; a +1/+1 counter on this creature.
- 702.110a exploit: an "etb" trigger; "you may sacrifice a creature", then `Exploits` (702.110b), which
  triggers the "When CARDNAME exploits a creature" abilities (templates/triggers_actions.py).
- 702.189a firebending N: an "attacks" trigger adding N {R} kept until end of combat (rules/mana_abilities.py
  kept_mana).
- 702.95a soulbond: an "etb" trigger and an "enters" trigger of another creature you control (rules/soulbond.py).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.mana import bag_of
from ...model.vocab.mana_abilities import AddRestrictedMana
from ...model.vocab.soulbond import PairWithAnother, PairWithEntering
from ...model.vocab.trigger_keywords import ExileTopOfLibrary, Exploits, ExtortDrain
from ..compiler import Unsupported, keyword_template
from ..draft import CardDraft

_EXTORT_COST = parse_cost("{W/B}")
EXTORT = V.TriggeredAbility(
    "Extort (Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain "
    "that much life.)", "cast",
    (V.Optional((V.PayMana(_EXTORT_COST),), prompt="pay {W/B}"), V.IfYouDo((ExtortDrain(),))), who="you")
INGEST = V.TriggeredAbility(
    "Ingest (Whenever this creature deals combat damage to a player, that player exiles the top card of their "
    "library.)", "combat_damage_player", (ExileTopOfLibrary(),))
TRAINING = V.TriggeredAbility(
    "Training (Whenever this creature attacks with another creature with greater power, put a +1/+1 counter "
    "on this creature.)", "attacks_with_greater_power", (V.AddCounters("+1/+1", 1),))

EXPLOIT = V.TriggeredAbility(
    "Exploit (When this creature enters, you may sacrifice a creature.)", "etb",
    (V.Optional((V.Sacrifice(V.YOU, V.ObjectFilter(types=frozenset({"Creature"}))), Exploits()),
                prompt="sacrifice a creature"),))


@keyword_template(r"extort")
def _extort(m: re.Match, out: CardDraft) -> None:
    out.abilities.append(EXTORT)


@keyword_template(r"ingest")
def _ingest(m: re.Match, out: CardDraft) -> None:
    out.abilities.append(INGEST)


@keyword_template(r"exploit")
def _exploit(m: re.Match, out: CardDraft) -> None:
    out.abilities.append(EXPLOIT)


@keyword_template(r"firebending (\d+)")
def _firebending(m: re.Match, out: CardDraft) -> None:
    """702.189a: "Whenever this creature attacks, add N {R}. Until end of combat, you don't lose this mana as steps
    and phases end" (not a mana ability: it triggers on attacking, 605.1a, and uses the stack)."""
    n = int(m.group(1))
    if n < 1:
        raise Unsupported(m.group(0))
    out.abilities.append(V.TriggeredAbility(
        f"Firebending {n} (Whenever this creature attacks, add {'{R}' * n}. This mana lasts until end of combat.)",
        "attacks", (AddRestrictedMana(V.ManaProduction("fixed", (bag_of("R" * n),)), None, keep_combat=True),)))


@keyword_template(r"training")
def _training(m: re.Match, out: CardDraft) -> None:
    out.abilities.append(TRAINING)


SOULBOND_ETB = V.TriggeredAbility(
    "Soulbond (When this creature enters, you may pair it with another unpaired creature you control.)", "etb",
    (PairWithAnother(),))
SOULBOND_OTHER = V.TriggeredAbility(
    "Soulbond (Whenever another creature you control enters, you may pair it with this unpaired creature.)", "enters",
    (PairWithEntering(),), filter=V.ObjectFilter(types=frozenset({"Creature"}), controller="you", other=True))


@keyword_template(r"soulbond")
def _soulbond(m: re.Match, out: CardDraft) -> None:
    """702.95a: two triggered abilities (rules/soulbond.py)."""
    out.abilities.extend((SOULBOND_ETB, SOULBOND_OTHER))


@keyword_template(r"annihilator (\d+)")
def _annihilator(m: re.Match, out: CardDraft) -> None:
    out.abilities.append(annihilator_ability(int(m.group(1))))


# The words of these keywords in a list of keywords another ability grants ("Other creatures you control have
# extort", "has trample and annihilator 2"): templates/statics.py parse_keyword_list / parse_predicate.
GRANTABLE_PATTERN = r"extort|ingest|training|annihilator \d+"


def annihilator_ability(n: int) -> V.TriggeredAbility:
    return V.TriggeredAbility(
        f"Annihilator {n} (Whenever this creature attacks, defending player sacrifices {n} permanent"
        f"{'s' if n != 1 else ''}.)", "attacks", (V.Sacrifice(V.DEFENDING, V.ANY_OBJECT, n),))


def granted_keyword_ability(word: str) -> V.TriggeredAbility | None:
    """The triggered ability a granted keyword of this module is (702.101a, 702.115a, 702.149a, 702.86a)."""
    fixed = {"extort": EXTORT, "ingest": INGEST, "training": TRAINING}.get(word)
    if fixed is not None:
        return fixed
    m = re.fullmatch(r"annihilator (\d+)", word)
    return annihilator_ability(int(m.group(1))) if m else None
