"""Groups of permanents a targeted player controls (CR 115.1, 611.2c, 120.3): "Creatures target player
controls get -2/-2 until end of turn" (Arms of Hadar), "CARDNAME deals 4 damage to target player or
planeswalker and 1 damage to each creature that player or that planeswalker's controller controls"
(Chandra's Fury), "Put a -1/-1 counter on each creature target player controls" (Contagion Engine), "... deals X damage to target player or planeswalker and each creature that player or that
planeswalker's controller controls" (Lavalanche), "Creatures and lands target opponent controls don't untap
during their next untap step" (Exhaustion), "Lands you control don't untap during your next untap step"
(Bontu's Last Reckoning), "Tap all creatures target player controls. Those creatures don't untap during that
player's next untap step" (Sleep; "their controllers' next untap steps" after any "tap all ...": The Savant),
"Destroy target creature an opponent controls. Each other creature that player controls gets -2/-0 until end
of turn" (Public Execution). Executed by rules/player_groups.py. 115.1 / 603.2: "target creature that player
controls" in a triggered ability whose trigger names a player (Tooth Collector, Blind Zealot: the player of the
trigger event, TargetSpec.controlled_by EVENT_PLAYER_CONTROLS, rules/targeting.py dependency_ok).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab.keyword_actions import TapAll
from ...model.vocab.player_groups import (
    CountersTheirs,
    DamageTargetAndTheirs,
    EvenOut,
    NoUntapTheirs,
    PlayersWhoControl,
    PumpTheirs,
    TapTheirs,
)
from ..compiler import CARD_CHECKS, EFFECTS_CHECKS, Unsupported
from ..draft import CardDraft
from ..object_phrases import parse_target
from .effects_common import (
    COMPILE_MARKERS,
    N,
    amount,
    nested_instance,
    parse_filter,
    sub_effects,
    substitute,
    template,
)


@template(r"(creatures|permanents|artifacts|lands) (target player|target opponent) controls get ([+-]\d+)/([+-]\d+) "
          r"until end of turn")
def _pump_theirs(m: re.Match, targets: list) -> list:
    """611.2c: each of them, as the spell resolves."""
    ref, flt = _their_group(m, targets)
    return [PumpTheirs(ref, flt, int(m.group(3)), int(m.group(4)))]


def _their_group(m: re.Match, targets: list) -> tuple[V.Ref, V.ObjectFilter]:
    """The target player (group 2 of the match: "target player", "target opponent") and the kind of their
    permanents (group 1: "creatures", "lands" ...)."""
    ref = parse_target(m.group(2), targets)
    if not isinstance(ref, V.Ref):
        raise Unsupported(m.string)
    flt = parse_filter(m.group(1))
    if flt.controller is not None:
        raise Unsupported(m.string)
    return ref, flt


@template(r"each player who controls (?:a|an|one or more) (.+?) (draws|gains|loses|mills|discards|creates) (.+)")
def _each_player_who_controls(m: re.Match, targets: list) -> list:
    """608.2h: "Each player who controls a creature with power 4 or greater draws a card" (Shatter the Sky),
    "Each player who controls an artifact or enchantment creates a 2/2 green Bear creature token" (Fade from
    History): the players are those who control one as it resolves."""
    flt = parse_filter(m.group(1))
    if flt.controller is not None:
        raise Unsupported(m.string)
    n = len(targets)
    effects = sub_effects(f"each player {m.group(2)} {m.group(3)}", targets)
    if len(targets) != n or len(effects) != 1 or getattr(effects[0], "who", None) != V.EACH_PLAYER:
        raise Unsupported(m.string)
    return [substitute(effects[0], V.EACH_PLAYER, PlayersWhoControl(flt))]


@template(rf"put {N} (\+1/\+1|-1/-1) counters? on each (creature|artifact|land|permanent) (target player|target opponent) "
          r"controls")
def _counters_theirs(m: re.Match, targets: list) -> list:
    """122.1: "Put a -1/-1 counter on each creature target player controls" (Contagion Engine, Meadowboon)."""
    ref = parse_target(m.group(4), targets)
    if not isinstance(ref, V.Ref):
        raise Unsupported(m.string)
    return [CountersTheirs(ref, m.group(2), amount(m.group(1)), parse_filter(m.group(3)))]


@template(rf"cardname deals {N} damage to target (player|opponent) or planeswalker and (?:{N} damage to )?each "
          r"(creature|creature and planeswalker) that (player|opponent) or that planeswalker's controller controls")
def _damage_target_and_theirs(m: re.Match, targets: list) -> list:
    """120.3: the target and each of that player's creatures, at the same time."""
    ref = parse_target(f"target {m.group(2)} or planeswalker", targets)
    if not isinstance(ref, V.Ref):
        raise Unsupported(m.string)
    types = frozenset({"Creature"} | ({"Planeswalker"} if "planeswalker" in m.group(4) else set()))
    n = amount(m.group(1))
    each = amount(m.group(3)) if m.group(3) else n  # "4 damage to target player ... and each creature ..."
    return [DamageTargetAndTheirs(ref, n, each, V.ObjectFilter(types=types))]


@template(r"each player chooses a number of (lands|creatures|permanents) they control equal to the number of \1 "
          r"controlled by the player who controls the fewest, then sacrifices the rest")
def _even_out(m: re.Match, targets: list) -> list:
    """Balance's first sentence: down to the fewest (rules/player_groups.py EvenOut)."""
    return [EvenOut(m.group(1)[:-1])]


_SAME_WAY = {"players discard cards and sacrifice creatures the same way": ("hand", "creature"),
             "players sacrifice creatures and discard cards the same way": ("creature", "hand"),
             "each player discards cards the same way": ("hand",)}


@template(r"(players discard cards and sacrifice creatures|players sacrifice creatures and discard cards|"
          r"each player discards cards) the same way")
def _even_out_same_way(m: re.Match, targets: list) -> list:
    """"... the same way": the hand and/or creatures, in the order written, after the step before."""
    return [EvenOut(what, same_way=True) for what in _SAME_WAY[m.group(0)]]


def _check_same_way(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: "the same way" only right after the first step it refers to."""
    for i, e in enumerate(effects):
        if isinstance(e, EvenOut) and e.same_way and not (i and isinstance(effects[i - 1], EvenOut)):
            raise Unsupported("the same way")


EFFECTS_CHECKS.append(_check_same_way)


@template(r"((?:creatures|artifacts|lands|permanents)(?: and (?:creatures|artifacts|lands))?) (target player|target opponent|you) "
          r"controls? don't untap during (their|that player's|your) next untap step")
def _no_untap_theirs(m: re.Match, targets: list) -> list:
    """502.3, 611.2c: the permanents that player controls as it resolves, in that player's next untap step."""
    yours = m.group(2) == "you"
    if yours != (m.group(3) == "your"):
        raise Unsupported(m.string)
    who = V.YOU if yours else parse_target(m.group(2), targets)
    if not yours and not isinstance(who, V.Ref):
        raise Unsupported(m.string)
    return [NoUntapTheirs(who, parse_filter(m.group(1)))]


@template(r"tap all (creatures|permanents|artifacts|lands|nonland permanents) (target player|target opponent) controls")
def _tap_theirs(m: re.Match, targets: list) -> list:
    """701.21a: each of them, as the spell resolves."""
    return [TapTheirs(*_their_group(m, targets))]


@dataclass(frozen=True, slots=True)
class _ThoseDontUntap(V.Effect):
    """Compile-time marker: "those creatures don't untap during that player's / their controllers' next untap
    step(s)" (folded by _fold_those_dont_untap into the group the tapping just before acted on)."""

    whose: str


@template(r"(?:those creatures|those permanents|they) don't untap during (that player's|their controller's|their "
          r"controllers') next untap steps?")
def _those_dont_untap(m: re.Match, targets: list) -> list:
    """502.3: the permanents the "tap all ..." just before tapped (608.2c); after targeted creatures, "those
    creatures" are the targets (cards/templates/combat_keywords.py), not read here."""
    if any(t.kind == "permanent" for t in targets):
        raise Unsupported(m.string)
    return [_ThoseDontUntap(m.group(1))]


def _fold_those_dont_untap(effects: list, targets: list) -> None:
    """An EFFECTS_CHECKS hook: the marker becomes a NoUntapTheirs of the group tapped just before (tapping a
    group not defined by being tapped leaves the same permanents in it)."""
    if nested_instance(effects, (_ThoseDontUntap,)):
        raise Unsupported("those creatures don't untap: inside another effect")
    for i, e in enumerate(effects):
        if not isinstance(e, _ThoseDontUntap):
            continue
        before = effects[i - 1] if i else None
        if isinstance(before, TapTheirs) and before.filter.tapped is None:
            # "that player's": the targeted player's untap step; "their controller's": whoever controls each then
            effects[i] = NoUntapTheirs(before.ref, before.filter, each_controller=e.whose != "that player's")
        elif isinstance(before, TapAll) and before.filter.tapped is None and e.whose != "that player's":
            effects[i] = NoUntapTheirs(None, before.filter)
        else:
            raise Unsupported("those creatures don't untap: no group tapped just before")


EFFECTS_CHECKS.append(_fold_those_dont_untap)
COMPILE_MARKERS.append(_ThoseDontUntap)



@template(r"each other (creature|permanent) that player controls gets ([+-]\d+)/([+-]\d+) until end of turn")
def _pump_others_of_that_player(m: re.Match, targets: list) -> list:
    """608.2h, 611.2c: "Destroy target creature an opponent controls. Each other creature that player controls
    gets -2/-0 until end of turn" (Public Execution): that player is the one target's controller (as it last
    existed once it is destroyed), the target itself left out."""
    if len(targets) != 1 or targets[0].kind != "permanent":
        raise Unsupported(m.string)
    return [PumpTheirs(V.Ref(0), parse_filter(m.group(1)), int(m.group(2)), int(m.group(3)), other=True)]


def _event_player_targets(out: CardDraft, unsupported: list[str]) -> None:
    """"target creature that player controls" (object_phrases.parse_target: the trigger event's player) is read
    only in a triggered ability whose trigger names a player ("At the beginning of each opponent's upkeep",
    "Whenever CARDNAME deals combat damage to a player"); elsewhere "that player" is someone else."""
    def event_player_target(specs: tuple) -> bool:
        return any(t.controlled_by == V.EVENT_PLAYER_CONTROLS for t in specs)

    if event_player_target(tuple(out.spell_targets)):
        unsupported.append("target ... that player controls (a spell has no trigger event)")
    for ab in out.abilities:
        if not event_player_target(tuple(getattr(ab, "targets", ()) or ())):
            continue
        trigger = ab.text.split(",")[0].lower()
        if not isinstance(ab, V.TriggeredAbility) or not re.search(r"\b(player|opponent)\b", trigger) or (
                ab.event == "becomes_target" and ab.scope != "self"):
            # ("whenever enchanted creature becomes the target of ...": its event names the creature, not the
            # player whose spell targets it)
            unsupported.append(ab.text)


CARD_CHECKS.append(_event_player_targets)
