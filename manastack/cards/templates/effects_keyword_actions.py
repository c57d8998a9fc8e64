"""Keyword-action sentences (701, 107.14, 120.3, 122.8); executed by rules/keyword_actions.py.

- Fight (701.12), "target creature you control deals damage equal to its power to ..." (120.3).
- Monstrosity N and "When CARDNAME becomes monstrous" (701.31), adapt (701.43), bolster (701.33),
  connive (701.47), populate (701.30), amass [subtype] N (701.44), endure N (701.63), support N (701.35a).
- Energy (107.14): "you get {E}{E}", "pay {E}{E}".
- "Put its counters on target creature you control" (122.8).
- 701.21a: "tap or untap target permanent", "untap up to N lands", "tap all ...".
- 122.1: "For each kind of counter on target permanent or player, give that permanent or player another
  counter of that kind"; "Choose a counter on target permanent or player. Give that permanent or player
  another counter of that kind" (the two sentences one effect, keyword_actions.AnotherCounter).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab import keyword_actions
from ...model.vocab.phasing import PhaseOut
from ..compiler import EFFECTS_CHECKS, Unsupported, trigger_template
from .effects_common import SUBTYPES, N, amount, parse_filter, sub_effects, target, template
from .effects_referred import _object_ref
from .effects_tokens import creature_token


def _creature(phrase: str, targets: list) -> V.Who:
    """A creature that fights or deals damage: a creature target, "it" or CARDNAME."""
    who = target(phrase, targets)
    if isinstance(who, V.Ref):
        spec = targets[who.index]
        if spec.kind != "permanent" or spec.filter.types != frozenset({"Creature"}):
            raise Unsupported(phrase)
    return who


@template(r"(cardname|target [a-z ]+?|another target [a-z ]+?) phases out")
def _phases_out(m, targets):
    """702.26a (rules/phasing.py): the source itself, or a target permanent (not "until ...": that needs a phase-in of
    its own)."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [PhaseOut(who)]


@template(r"(.+?) fights (.+)")
def _fight(m, targets):
    """701.12a: "Target creature you control fights target creature you don't control"."""
    first = _creature(m.group(1), targets)
    second = _creature(m.group(2), targets)
    return [keyword_actions.Fight(first, second)]


@template(r"(.+?) deals damage equal to its power to (.+)")
def _power_damage(m, targets):
    """"Target creature you control deals damage equal to its power to target creature you don't control"; "each
    creature you control deals damage equal to its power to each opponent" (every such creature a source)."""
    each = re.fullmatch(r"each (creature you control|other creature you control)", m.group(1))
    if each:
        if m.group(2) != "each opponent":
            raise Unsupported(m.string)
        return [keyword_actions.PowerDamage(V.SELF, V.EACH_OPPONENT, each=parse_filter(each.group(1)))]
    src = _creature(m.group(1), targets)
    to = m.group(2)
    if to in ("itself", "it"):
        return [keyword_actions.PowerDamage(src, src)]
    if to == "cardname":
        return [keyword_actions.PowerDamage(src, V.SELF)]
    if to in ("each opponent", "target player", "target opponent", "any target") or to.startswith(("target ",
                                                                                                    "another target ")):
        return [keyword_actions.PowerDamage(src, target(to, targets))]
    raise Unsupported(m.string)


@template(r"(target creature|cardname) deals damage to itself equal to its power")
def _self_damage(m, targets):
    src = _creature(m.group(1), targets)
    return [keyword_actions.PowerDamage(src, src)]


@template(rf"monstrosity {N}")
def _monstrosity(m, targets):
    """701.31a."""
    return [keyword_actions.Monstrosity(amount(m.group(1)))]


@trigger_template(r"when cardname becomes monstrous")
def _becomes_monstrous(m):
    """701.31a-b: triggered by the monstrosity action (rules/keyword_actions.py)."""
    return {"event": "becomes_monstrous"}


@template(rf"adapt {N}")
def _adapt(m, targets):
    """701.43a."""
    return [keyword_actions.Adapt(amount(m.group(1)))]


@template(rf"bolster {N}")
def _bolster(m, targets):
    """701.33a."""
    return [keyword_actions.Bolster(amount(m.group(1)))]


@template(r"(it|cardname|target creature you control) connives")
def _connive(m, targets):
    """701.47a."""
    return [keyword_actions.Connive(target(m.group(1), targets))]


@template(r"populate")
def _populate(m, targets):
    """701.30a."""
    return [keyword_actions.Populate()]


@template(rf"amass ([a-z]+) {N}")
def _amass(m, targets):
    """701.44a: "Amass Zombies 2"."""
    sub = SUBTYPES.get(m.group(1))
    if sub is None or m.group(1) == sub.lower():
        raise Unsupported(m.string)  # the subtype is written in the plural
    n = amount(m.group(2))
    army = creature_token(0, 0, frozenset({"B"}), (sub, "Army"), (), ())
    return [keyword_actions.Amass(sub, n, army)]


_ENERGY = r"((?:\{e\})+|(?:one|two|three|four|five|six|seven|eight|nine|ten) \{e\})"


def _energy_count(text: str) -> int:
    if text.startswith("{"):
        return text.count("{e}")
    return int(amount(text.split()[0]))


@template(rf"(you|target player|each player|each opponent) gets? {_ENERGY}")
def _get_energy(m, targets):
    """"You get {E}{E}" (107.14: energy counters)."""
    who = V.YOU if m.group(1) == "you" else target(m.group(1), targets)
    return [keyword_actions.GetEnergy(_energy_count(m.group(2)), who)]


@template(rf"get {_ENERGY}")
def _get_energy_bare(m, targets):
    """"You gain 2 life and get {E}{E}" (the subject is the sentence's "you")."""
    return [keyword_actions.GetEnergy(_energy_count(m.group(1)))]


@template(rf"pay {_ENERGY}")
def _pay_energy(m, targets):
    """"You may pay {E}{E}. If you do, ..." (107.14)."""
    return [keyword_actions.PayEnergy(_energy_count(m.group(1)))]


@template(r"(you may )?tap or untap ((?:another )?target .+|cardname|it|that creature)")
def _tap_or_untap(m, targets):
    """701.21a: "You may tap or untap target permanent" (answered tap, untap or false)."""
    who = target(m.group(2), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [keyword_actions.TapOrUntap(who, optional=bool(m.group(1)))]


def _fold_tap_or_untap(effects: list, targets: list) -> None:
    """"You may tap or untap target creature" is one choice, answered tap, untap or false."""
    for i, e in enumerate(effects):
        if isinstance(e, V.Optional) and len(e.effects) == 1 and isinstance(e.effects[0], keyword_actions.TapOrUntap) and not (
                i + 1 < len(effects) and isinstance(effects[i + 1], V.IfYouDo)):
            effects[i] = dataclasses.replace(e.effects[0], optional=True)


EFFECTS_CHECKS.append(_fold_tap_or_untap)


@template(rf"support {N}")
def _support(m, targets):
    """701.35a: "Put a +1/+1 counter on each of up to N other target creatures" (on an instant or sorcery
    "up to N target creatures": the same, since a spell is never one of the creatures)."""
    n = amount(m.group(1))
    if not isinstance(n, int) or not 1 <= n <= 10:
        raise Unsupported(m.string)
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
             10: "ten"}
    return sub_effects(f"put a +1/+1 counter on each of up to {words[n]} other target creatures", targets)


@template(rf"(it|cardname) endures {N}")
def _endure(m, targets):
    """701.63a (2026 rules): "It endures 2"."""
    n = amount(m.group(2))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [keyword_actions.Endure(target(m.group(1), targets), n, creature_token(n, n, frozenset({"W"}), ("Spirit",), (), ()))]


@template(r"put its counters on (target .+)")
def _put_counters_of(m, targets):
    """122.8: "When CARDNAME dies, put its counters on target creature you control"."""
    of = _object_ref(targets)
    to = target(m.group(1), targets)
    if not isinstance(to, V.Ref) or targets[to.index].kind != "permanent":
        raise Unsupported(m.string)
    return [keyword_actions.PutCountersOf(of, to)]


@template(rf"untap up to {N} (lands|creatures|permanents|artifacts)( you control)?")
def _untap_up_to(m, targets):
    """"Untap up to three lands" (Frantic Search): any lands, not targeted."""
    n = amount(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [keyword_actions.UntapUpTo(parse_filter(m.group(2) + (m.group(3) or "")), n)]


@template(r"tap (?:all|each) (.+)")
def _tap_all(m, targets):
    """701.21a: "Tap all creatures your opponents control", "tap all other creatures"; "tap each creature you
    don't control" (Blustersquall's overloaded text, 702.96b)."""
    if "target" in m.group(1):
        raise Unsupported(m.string)
    return [keyword_actions.TapAll(parse_filter(m.group(1)))]


@template(r"put those counters on cardname")
def _put_those_counters(m, targets):
    """122.8: "Whenever a creature you control leaves the battlefield, if it had counters on it, put those counters
    on CARDNAME" (The Ozolith): the same number of each kind the creature had as it last existed."""
    if targets:
        raise Unsupported(m.string)
    return [keyword_actions.PutCountersOf(V.IT, V.SELF)]


@template(r"move all counters from cardname onto (target .+)")
def _move_all_counters(m, targets):
    """122.5: "move all counters from CARDNAME onto target creature": each is removed from it and put on the other."""
    to = target(m.group(1), targets)
    if not isinstance(to, V.Ref) or targets[to.index].kind != "permanent":
        raise Unsupported(m.string)
    return [keyword_actions.PutCountersOf(V.SELF, to)]


_PERMANENT_OR_PLAYER = "target permanent or player"


def _permanent_or_player(targets: list) -> V.Ref:
    """115.1: "target permanent or player" (either may be chosen)."""
    targets.append(V.TargetSpec("permanent_or_player", text=_PERMANENT_OR_PLAYER))
    return V.Ref(len(targets) - 1)


@template(rf"for each kind of counter on {_PERMANENT_OR_PLAYER}, give that permanent or player another counter "
          r"of that kind")
def _another_counter_each_kind(m, targets):
    """122.1: one more counter of each kind it has (a player's: poison, energy)."""
    return [keyword_actions.AnotherCounter(_permanent_or_player(targets))]


@dataclass(frozen=True, slots=True)
class _ChooseCounterOn(V.Effect):
    """"Choose a counter on target permanent or player": a compile-time marker folded with the sentence
    after it ("Give that permanent or player another counter of that kind") into one AnotherCounter."""

    target: V.Ref


@dataclass(frozen=True, slots=True)
class _GiveThatKind(V.Effect):
    """"Give that permanent or player another counter of that kind": a compile-time marker (see above)."""


@template(rf"choose a counter on {_PERMANENT_OR_PLAYER}")
def _choose_counter_on(m, targets):
    return [_ChooseCounterOn(_permanent_or_player(targets))]


@template(r"give that permanent or player another counter of that kind")
def _give_that_kind(m, targets):
    return [_GiveThatKind()]


def _fold_chosen_counter(effects: list, targets: list) -> None:
    """Each "choose a counter on ..." must be followed by "give ... another counter of that kind", and each
    such sentence must follow one: the pair is one AnotherCounter of one kind chosen as it resolves."""
    for i, e in enumerate(effects):
        if isinstance(e, _GiveThatKind) and not (i and isinstance(effects[i - 1], _ChooseCounterOn)):
            raise Unsupported("give that permanent or player another counter of that kind")
        if isinstance(e, _ChooseCounterOn) and not (i + 1 < len(effects) and isinstance(effects[i + 1], _GiveThatKind)):
            raise Unsupported("choose a counter on target permanent or player")
    effects[:] = [keyword_actions.AnotherCounter(e.target, each_kind=False) if isinstance(e, _ChooseCounterOn) else e
                  for e in effects if not isinstance(e, _GiveThatKind)]


EFFECTS_CHECKS.append(_fold_chosen_counter)
