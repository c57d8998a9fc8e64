"""More effect sentences (608.2c) and keyword actions (701); executed by rules/effects_more.py.

- "Its controller loses 2 life", "Its controller mills three cards", "That creature's controller
  ...": any player sentence with "its controller" as its subject (608.2h: the controller of the
  object the ability refers to, by last known information once it has left its zone).
- "You gain life equal to that creature's toughness", "Its controller gains life equal to its power"
  (608.2h).
- "Sacrifice CARDNAME unless you pay {2}" (118.12a).
- Fight (701.12), "target creature you control deals damage equal to its power to ..." (120.3).
- Monstrosity N and "When CARDNAME becomes monstrous" (701.31), adapt (701.43), bolster (701.33),
  connive (701.47), populate (701.30), amass [subtype] N (701.44).
- "Exile target ... until CARDNAME leaves the battlefield" (610.3).
- "If that creature would die this turn, exile it instead" (614.1a, 700.4).
- "Look at the top N cards of your library, then put them back in any order" (401.4).
- "Put target creature on top of its owner's library" (401.4).
- Predefined tokens (111.10): Blood (111.10g), Map (111.10i), Lander (111.10l).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ...rules import (
    hand_effects,
    keyword_actions,
    library_effects,
    prevention,
    referred_objects,
    zone_change_effects,
)
from ...rules.costs import parse_cost
from .. import vocab as V
from ..compiler import CARD_CHECKS, COUNTERS_WITH_RULES, EFFECTS_CHECKS, Unsupported, trigger_template
from .effects_common import SUBTYPES, N, amount, parse_filter, sub_effects, substitute, target, template
from .effects_tokens import PREDEFINED, creature_token, predefined

# The rules modules that execute this module's effects (_refers_to_it reads their effects' fields).
_RULES_MODULES = frozenset(m.__name__ for m in (hand_effects, keyword_actions, library_effects, prevention,
                                                  referred_objects, zone_change_effects))

# ---------------------------------------------------------------------------- "its controller"

_OBJECT_KINDS = ("permanent", "any", "spell", "graveyard_card")


def _object_ref(targets: list) -> V.Who:
    """The object "it" refers to: the last object targeted earlier in the ability, else the object
    of the trigger event (or the source itself). With only players targeted, "it" / "that creature"
    is an object chosen some other way ("Target opponent sacrifices a creature. You gain life equal to
    that creature's toughness"): not supported."""
    for i in range(len(targets) - 1, -1, -1):
        if targets[i].kind in _OBJECT_KINDS:
            return V.Ref(i)
    if targets:
        raise Unsupported("it")
    return V.IT


# Effects that can come before a "that creature" / "its controller" meaning the trigger's object: none of
# them chooses or creates another object the words could refer to instead.
_HARMLESS_BEFORE = (V.GainLife, V.LoseLife, V.DealDamage, V.Destroy, V.Exile, V.ReturnToHand, V.Pump, V.AddCounters,
                    V.TapUntap, V.PutInLibrary, V.Regenerate, V.CounterSpell, V.Draw, V.CantBeRegenerated,
                    keyword_actions.Fight, keyword_actions.PowerDamage, referred_objects.SacrificeUnlessPay, zone_change_effects.ExileIfWouldDie)
_USES_IT = (referred_objects.ControllerOf, referred_objects.ObjectStat)


def _refers_to_it(x) -> bool:
    if isinstance(x, _USES_IT):
        return x.of == V.IT
    if isinstance(x, V.Effect) and type(x).__module__ in _RULES_MODULES and any(
            getattr(x, f.name) == V.IT for f in dataclasses.fields(x)):
        return True  # one of the rules modules' effects about "it" (_RULES_MODULES)
    if isinstance(x, tuple):
        return any(_refers_to_it(y) for y in x)
    if isinstance(x, V.Effect):
        return any(_refers_to_it(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def _check_it(effects: list, targets: list) -> None:
    """"At the beginning of your upkeep, sacrifice a creature. You gain life equal to that creature's
    toughness": "that creature" is the sacrificed one, not the trigger's object (nor the source)."""
    for i, e in enumerate(effects):
        if _refers_to_it(e) and not all(isinstance(b, _HARMLESS_BEFORE) for b in effects[:i]):
            raise Unsupported("an object chosen earlier in the ability")


EFFECTS_CHECKS.append(_check_it)


def _as_player(rest: str, targets: list, who) -> list:
    """Parse "[verb phrase]" as if its subject were a target player, then make `who` the subject."""
    scratch = list(targets)
    if rest.startswith("creates "):
        # "Its controller creates a 3/3 green Beast creature token": the token templates have no subject.
        made = sub_effects("create " + rest[len("creates "):], scratch)
        if not made or not all(isinstance(e, (V.CreateTokenCard, V.CreateToken)) for e in made) or len(scratch) != len(targets):
            raise Unsupported(rest)
        return [dataclasses.replace(e, who=who) for e in made]
    effects = sub_effects("target player " + rest, scratch)
    added = scratch[len(targets):]
    if len(added) != 1 or added[0].kind != "player":
        raise Unsupported(rest)
    out = [substitute(e, V.Ref(len(targets)), who) for e in effects]
    if any(_mentions(e, V.Ref(len(targets))) for e in out):
        raise Unsupported(rest)
    return out


def _mentions(x, ref) -> bool:
    if x == ref and type(x) is type(ref):
        return True
    if isinstance(x, tuple):
        return any(_mentions(y, ref) for y in x)
    if isinstance(x, V.Effect):
        return any(_mentions(getattr(x, f.name), ref) for f in dataclasses.fields(x))
    return False


@template(r"(its|that creature's|that permanent's|that spell's|that land's|that artifact's) controller (.+)")
def _its_controller(m, targets):
    """608.2h: "Destroy target creature. Its controller loses 2 life." """
    if m.group(2).startswith(("may ", "can't ", "doesn't ", "puts ", "reveals ", "shuffles ", "chooses ")):
        raise Unsupported(m.string)
    return _as_player(m.group(2), targets, referred_objects.ControllerOf(_object_ref(targets)))


# ---------------------------------------------------------------------------- amounts from an object

def _object_named(phrase: str, targets: list) -> V.Who:
    p = phrase.strip()
    if p in ("its", "that creature's", "that permanent's"):
        ref = _object_ref(targets)
        if isinstance(ref, V.Ref) and targets[ref.index].kind in ("spell", "graveyard_card"):
            raise Unsupported(phrase)
        return ref
    if p == "cardname's":
        return V.SELF
    raise Unsupported(phrase)


@template(r"(you|target player|target opponent|that player|each opponent|each player) (gains?|loses?) life equal to "
          r"(its|that creature's|that permanent's|cardname's) (power|toughness)")
def _life_equal(m, targets):
    """"You gain life equal to that creature's toughness" (608.2h: its last known information if it left)."""
    stat = referred_objects.ObjectStat(_object_named(m.group(3), targets), m.group(4))
    effects = sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets)
    if len(effects) != 1 or not isinstance(effects[0], (V.GainLife, V.LoseLife)):
        raise Unsupported(m.string)
    return [dataclasses.replace(effects[0], amount=stat)]


# ---------------------------------------------------------------------------- sacrifice unless you pay

@template(r"sacrifice (cardname|it) unless you pay ((?:\{[0-9wubrgc]\})+)")
def _sacrifice_unless_pay(m, targets):
    """118.12a."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref):
        raise Unsupported(m.string)  # "it" is the source or the trigger's object here, not a target
    try:
        cost = parse_cost(m.group(2).upper())
    except ValueError:
        raise Unsupported(m.string) from None
    return [referred_objects.SacrificeUnlessPay(who, cost)]


# ---------------------------------------------------------------------------- fight, damage equal to power

def _creature(phrase: str, targets: list) -> V.Who:
    """A creature that fights or deals damage: a creature target, "it" or CARDNAME."""
    who = target(phrase, targets)
    if isinstance(who, V.Ref):
        spec = targets[who.index]
        if spec.kind != "permanent" or spec.filter.types != frozenset({"Creature"}):
            raise Unsupported(phrase)
    return who


@template(r"(.+?) fights (.+)")
def _fight(m, targets):
    """701.12a: "Target creature you control fights target creature you don't control"."""
    first = _creature(m.group(1), targets)
    second = _creature(m.group(2), targets)
    return [keyword_actions.Fight(first, second)]


@template(r"(.+?) deals damage equal to its power to (.+)")
def _power_damage(m, targets):
    """"Target creature you control deals damage equal to its power to target creature you don't control"."""
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


# ---------------------------------------------------------------------------- keyword actions

@template(rf"monstrosity {N}")
def _monstrosity(m, targets):
    """701.31a."""
    return [keyword_actions.Monstrosity(amount(m.group(1)))]


@trigger_template(r"when cardname becomes monstrous")
def _becomes_monstrous(m):
    """701.31a-b: triggered by the monstrosity action (rules/effects_more.py)."""
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


# ---------------------------------------------------------------------------- libraries

@template(rf"look at the top {N} cards of your library,? then put them back in any order")
def _reorder_top(m, targets):
    """401.4."""
    return [library_effects.ReorderTop(amount(m.group(1)))]


@template(r"put (target .+?|cardname|it) on (top|the bottom) of its owner's library")
def _on_library(m, targets):
    """401.4: a permanent put on top of (or under) its owner's library."""
    if m.group(1) == "cardname":
        return [library_effects.PutSelfInLibrary(bottom=m.group(2) != "top")]
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [V.PutInLibrary(who, bottom=m.group(2) != "top")]


@template(r"put (target .+? from your graveyard) on (top|the bottom) of your library")
def _card_on_library(m, targets):
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "graveyard_card":
        raise Unsupported(m.string)
    return [V.PutInLibrary(who, bottom=m.group(2) != "top")]


# ---------------------------------------------------------------------------- exile until, exile instead

@template(r"exile ((?:another )?target .+?) until cardname leaves the battlefield")
def _exile_until(m, targets):
    """610.3: "Exile target nonland permanent an opponent controls until CARDNAME leaves the battlefield"."""
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [zone_change_effects.ExileUntilLeaves(who)]


@template(r"if (that creature|it|that creature or planeswalker) would die this turn, exile it instead")
def _exile_instead(m, targets):
    """614.1a: a replacement effect until end of turn on the object the spell referred to."""
    who = _object_ref(targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind not in ("permanent", "any"):
        raise Unsupported(m.string)
    return [zone_change_effects.ExileIfWouldDie(who)]


@template(r"if a (creature|creature or planeswalker|permanent) dealt damage this way would die this turn, exile it instead")
def _exile_damaged_instead(m, targets):
    """614.1a: Anger of the Gods: "... deals 3 damage to each creature. If a creature dealt damage this way
    would die this turn, exile it instead"."""
    kinds = {"creature": {"Creature"}, "creature or planeswalker": {"Creature", "Planeswalker"},
             "permanent": {"Creature", "Planeswalker"}}[m.group(1)]
    return [zone_change_effects.ExileDamagedIfWouldDie(frozenset(kinds))]


# ---------------------------------------------------------------------------- predefined tokens (111.10)

_MORE_TOKENS = {
    "blood": ("Artifact", "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."),
    "map": ("Artifact", "{1}, {T}, Sacrifice this artifact: Target creature you control explores. "
                        "Activate only as a sorcery."),
    "lander": ("Artifact", "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it onto "
                           "the battlefield tapped, then shuffle."),
}
for _k, _v in _MORE_TOKENS.items():
    PREDEFINED.setdefault(_k, _v)


@template(rf"create {N} (tapped )?(blood|map|lander) tokens?")
def _create_more_tokens(m, targets):
    return [V.CreateTokenCard(predefined(m.group(3)), amount(m.group(1)), tapped=bool(m.group(2)))]





# ---------------------------------------------------------------------------- delayed triggers on an object (603.7)

_OBJ = r"(it|that creature|that card|cardname|that permanent|that token)"
_DELAYED_EVENT = {"at end of combat": "end_combat", "at the beginning of the next end step": "next_end"}
_ACTIONS = [
    (rf"destroy {_OBJ}", "destroy"),
    (rf"sacrifice {_OBJ}", "sacrifice"),
    (rf"exile {_OBJ}", "exile"),
    (rf"return {_OBJ} to its owner's hand", "bounce"),
    (rf"return {_OBJ} to the battlefield under its owner's control", "return_owner"),
    (rf"return {_OBJ} to the battlefield under your control", "return_you"),
]


@template(r"(.+) (at end of combat|at the beginning of the next end step)")
def _delayed_on_object(m, targets):
    """603.7a: "Destroy that creature at end of combat", "Return that card to the battlefield under its owner's
    control at the beginning of the next end step" (the card an earlier sentence exiled)."""
    inner, event = m.group(1), _DELAYED_EVENT[m.group(2)]
    found = next(((a, act) for rx, act in _ACTIONS if (a := re.fullmatch(rx, inner))), None)
    if found is None:
        a = re.fullmatch(rf"remove {N} (\+1/\+1|-1/-1|[a-z]+) counters? from {_OBJ}", inner)
        if a is None:
            raise Unsupported(m.string)
        n = amount(a.group(1))
        if not isinstance(n, int) or a.group(2) in COUNTERS_WITH_RULES or a.group(2) == "time":
            raise Unsupported(m.string)
        return [referred_objects.DelayedOnObject(event, "remove_counters", _delayed_object(a.group(3), targets, False), m.string,
                                  a.group(2), n)]
    a, action = found
    return [referred_objects.DelayedOnObject(event, action, _delayed_object(a.group(1), targets, action.startswith("return_")),
                              m.string)]


def _delayed_object(phrase: str, targets: list, card: bool) -> V.Who:
    if phrase == "cardname":
        return V.SELF
    if phrase == "that card" and not card:
        raise Unsupported(phrase)
    who = _object_ref(targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(phrase)
    return who


@template(rf"remove {N} (\+1/\+1|-1/-1|[a-z]+) counters? from (cardname|it|target .+)")
def _remove_counters(m, targets):
    """"At the beginning of your upkeep, remove a +1/+1 counter from CARDNAME"."""
    n = amount(m.group(1))
    if not isinstance(n, int) or m.group(2) in COUNTERS_WITH_RULES or m.group(2) == "time":
        raise Unsupported(m.string)
    who = target(m.group(3), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [referred_objects.RemoveCounters(m.group(2), n, who)]


# ---------------------------------------------------------------------------- more sentence shapes

@template(rf"(cardname|it) deals {N} damage to (.+?) and {N} damage to (.+)")
def _damage_two(m, targets):
    """"CARDNAME deals 2 damage to any target and 1 damage to you" (Orcish Artillery)."""
    first = sub_effects(f"{m.group(1)} deals {m.group(2)} damage to {m.group(3)}", targets)
    second = sub_effects(f"{m.group(1)} deals {m.group(4)} damage to {m.group(5)}", targets)
    return first + second


@template(rf"(?:cardname|it) deals {N} damage to (its|that creature's|that permanent's|that land's) controller")
def _damage_controller(m, targets):
    """"CARDNAME deals 2 damage to that creature's controller" (608.2h)."""
    return [V.DealDamage(amount(m.group(1)), referred_objects.ControllerOf(_object_ref(targets)))]


@template(r"(.*)\btarget (.+?) defending player controls\b(.*)")
def _defending_controls(m, targets):
    """506.2 / 508.1b: in a two-player game the defending player is the attacking player's opponent."""
    return sub_effects(f"{m.group(1)}target {m.group(2)} an opponent controls{m.group(3)}", targets)


@template(r"you may have (target .+?|cardname|it) (get|gain|deal|fight|explore) (.+)")
def _you_may_have(m, targets):
    """"You may have target creature get -1/-1 until end of turn" (608.2d: the controller chooses)."""
    verb = {"get": "gets", "gain": "gains", "deal": "deals", "fight": "fights", "explore": "explores"}[m.group(2)]
    inner = sub_effects(f"{m.group(1)} {verb} {m.group(3)}", targets)
    if any(isinstance(e, V.AddMana) for e in inner):
        raise Unsupported(m.string)
    return [V.Optional(tuple(inner), prompt=f"have {m.group(1)} {m.group(2)} {m.group(3)}")]


@template(rf"(you|target player|target opponent|each opponent|each player) (gains?|loses?) {N} life for each (.+)")
def _life_for_each(m, targets):
    """"You gain 1 life for each creature you control" (the number is counted as it resolves, 608.2h)."""
    n = amount(m.group(3))
    what = m.group(4)
    if not isinstance(n, int) or not what.endswith((" you control", " your opponents control",
                                                     " an opponent controls")):
        raise Unsupported(m.string)
    flt = parse_filter(what)
    effects = sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets)
    if len(effects) != 1 or not isinstance(effects[0], (V.GainLife, V.LoseLife)):
        raise Unsupported(m.string)
    return [dataclasses.replace(effects[0], amount=V.Count(flt, multiplier=n))]


# ---------------------------------------------------------------------------- countered to another zone

@dataclass(frozen=True, slots=True)
class _CounteredTo(V.Effect):
    """A marker folded into the counter effect before it (_fold_counter_to): never executed."""

    to: str


_COUNTERED_TO = {"exile it instead of putting it into its owner's graveyard": "exile",
                 "put it into its owner's hand instead of into that player's graveyard": "hand",
                 "put it on top of its owner's library instead of into that player's graveyard": "library_top",
                 "put it on the bottom of its owner's library instead of into that player's graveyard":
                     "library_bottom"}


@template(r"if (?:that|the) spell is countered this way, (.+)")
def _countered_to(m, targets):
    """614.1a: where the countered spell goes instead of its owner's graveyard."""
    to = _COUNTERED_TO.get(m.group(1))
    if to is None:
        raise Unsupported(m.string)
    return [_CounteredTo(to)]


def _fold_counter_to(effects: list, targets: list) -> None:
    """Fold "If that spell is countered this way, ..." into the counter effect just before it."""
    for i, e in enumerate(effects):
        if not isinstance(e, _CounteredTo):
            continue
        prev = effects[i - 1] if i else None
        if isinstance(prev, V.CounterSpell):
            effects[i - 1:i + 1] = [zone_change_effects.CounterTo(prev.target, e.to)]
        elif isinstance(prev, V.CounterUnlessPays):
            effects[i - 1:i + 1] = [zone_change_effects.CounterTo(prev.target, e.to, prev.cost)]
        else:
            raise Unsupported("countered this way")
        return _fold_counter_to(effects, targets)
    return None


EFFECTS_CHECKS.append(_fold_counter_to)


# ---------------------------------------------------------------------------- 607.2a: "the exiled card"

@template(r"return the exiled card to the battlefield under its owner's control")
def _return_exiled(m, targets):
    """607.2a: linked to the ability of the same object that exiled it (_link_exile)."""
    return [zone_change_effects.ReturnLinked()]


def _swap_exile(x):
    if isinstance(x, V.Exile):
        return zone_change_effects.LinkedExile(x.target), 1
    if isinstance(x, V.Optional):
        inner = [_swap_exile(y) for y in x.effects]
        return dataclasses.replace(x, effects=tuple(y for y, _ in inner)), sum(k for _, k in inner)
    return x, 0


def _link_exile(out: dict, unsupported: list) -> None:
    """Link "return the exiled card" to the one other ability of the card that exiles a target (607.2a):
    "When CARDNAME enters, exile target creature an opponent controls. / When CARDNAME leaves the
    battlefield, return the exiled card to the battlefield under its owner's control." """
    abilities = out["abilities"]
    returns = [a for a in abilities if isinstance(a, V.TriggeredAbility) and zone_change_effects.ReturnLinked() in a.effects]
    if not returns:
        return
    found = 0
    for i, ab in enumerate(abilities):
        if not isinstance(ab, (V.TriggeredAbility, V.ActivatedAbility)) or ab in returns:
            continue
        swapped = [_swap_exile(e) for e in ab.effects]
        n = sum(k for _, k in swapped)
        if n:
            found += n
            abilities[i] = dataclasses.replace(ab, effects=tuple(e for e, _ in swapped))
    if found != 1 or out.get("spell_effects"):
        unsupported.append(returns[0].text)  # nothing (or more than one thing) the exiled card can be


CARD_CHECKS.append(_link_exile)


# ---------------------------------------------------------------------------- 609.7a: a source of your choice

@template(r"the next time (?:a|an) (?:(white|blue|black|red|green|artifact) )?source of your choice would deal damage"
          r"(?: to (you|any target))? this turn, prevent that damage")
def _prevent_next_from_source(m, targets):
    """Circle of Protection: Red: "The next time a red source of your choice would deal damage to you this turn,
    prevent that damage" (609.7a, 615.7)."""
    quality = parse_filter(m.group(1)) if m.group(1) else V.ObjectFilter()
    to = None
    if m.group(2) == "you":
        to = V.YOU
    elif m.group(2) == "any target":
        to = target("any target", targets)
    return [prevention.PreventNextFromSource(quality, to)]


# ---------------------------------------------------------------------------- 107.14: energy

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


# ---------------------------------------------------------------------------- tap or untap, copies, hands

@template(r"(you may )?tap or untap ((?:another )?target .+|cardname|it|that creature)")
def _tap_or_untap(m, targets):
    """701.21a: "You may tap or untap target permanent" (answered tap, untap or false)."""
    who = target(m.group(2), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [keyword_actions.TapOrUntap(who, optional=bool(m.group(1)))]


@template(rf"create {N} tokens? that's a copy of (cardname|it|target .+)")
def _create_token_copy(m, targets):
    """707.2: "Create a token that's a copy of CARDNAME"."""
    who = target(m.group(2), targets)
    if isinstance(who, V.Ref) and targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [referred_objects.CreateTokenCopy(who, amount(m.group(1)))]


@template(r"you may put (a|an) (land|basic land|creature|artifact|creature or land|land or creature) card from your "
          r"hand onto the battlefield( tapped)?")
def _put_from_hand(m, targets):
    """"You may put a land card from your hand onto the battlefield" (not a land play, 305.1)."""
    return [hand_effects.PutFromHand(parse_filter(m.group(2) + " card", allow_card=True), tapped=bool(m.group(3)))]


@template(r"look at (target opponent's|target player's|each opponent's) hand")
def _look_at_hand(m, targets):
    """402.3: a player may look at cards in a hand only when an effect allows it."""
    who = {"target opponent's": "target opponent", "target player's": "target player",
           "each opponent's": "each opponent"}[m.group(1)]
    return [hand_effects.LookAtHand(target(who, targets))]


@template(r"return (a|an|one) (white|blue|black|red|green) or (white|blue|black|red|green) (creature|permanent) you "
          r"control to its owner's hand")
def _return_two_colors(m, targets):
    """"Return a black or red creature you control to its owner's hand" (chosen as it resolves)."""
    flt = parse_filter(f"{m.group(2)} {m.group(4)} you control")
    both = parse_filter(f"{m.group(3)} {m.group(4)} you control")
    return [V.ReturnChosen(dataclasses.replace(flt, colors=flt.colors | both.colors), 1)]


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


@template(r"counter target ((?:non)?(?:white|blue|black|red|green)) spell")
def _counter_color(m, targets):
    """701.5a: "Counter target red spell" (a quality of the spell, 115.1)."""
    targets.append(V.TargetSpec("spell", parse_filter(m.group(1)), text=f"target {m.group(1)} spell"))
    return [V.CounterSpell(V.Ref(len(targets) - 1))]


@template(r"sacrifice (it|cardname) unless you return (a|an) (.+?) you control to its owner's hand")
def _sacrifice_unless_return(m, targets):
    """118.12a: the Lairs' "sacrifice it unless you return a non-Lair land you control to its owner's hand"."""
    who = target(m.group(1), targets)
    if isinstance(who, V.Ref):
        raise Unsupported(m.string)
    return [referred_objects.SacrificeUnlessReturn(who, parse_filter(m.group(3) + " you control"))]


@template(r"put its counters on (target .+)")
def _put_counters_of(m, targets):
    """122.8: "When CARDNAME dies, put its counters on target creature you control"."""
    of = _object_ref(targets)
    to = target(m.group(1), targets)
    if not isinstance(to, V.Ref) or targets[to.index].kind != "permanent":
        raise Unsupported(m.string)
    return [keyword_actions.PutCountersOf(of, to)]


@template(r"search your library for (a|an) (?:(.+?) )?card,(?: reveal it,)? then shuffle and put (?:that|the) card on top")
def _search_to_top(m, targets):
    """701.19a: the card found is put on top after the shuffle (Vampiric Tutor: "a card")."""
    flt = parse_filter(m.group(2) + " card", allow_card=True) if m.group(2) else V.ObjectFilter()
    return [library_effects.SearchToTop(flt)]



@template(r"shuffle cardname into its owner's library")
def _shuffle_self(m, targets):
    """701.20a: the Sun's Zeniths."""
    return [library_effects.ShuffleSelfIntoLibrary()]


@template(rf"(that player|target player|target opponent|each opponent) discards {N} cards? at random")
def _discard_at_random(m, targets):
    """701.8a: "That player discards a card at random"."""
    n = amount(m.group(2))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [hand_effects.DiscardAtRandom(n, target(m.group(1), targets))]


@template(r"look at the top card of (target player's|target opponent's|each player's) library")
def _look_at_top_of(m, targets):
    who = {"target player's": "target player", "target opponent's": "target opponent",
           "each player's": "each player"}[m.group(1)]
    return [library_effects.LookAtTopOf(target(who, targets))]


@template(r"if it's (not )?your turn, (.+)")
def _if_your_turn(m, targets):
    """"If it's your turn, scry 2" (checked as it resolves)."""
    inner = sub_effects(m.group(2), targets)
    if any(isinstance(e, V.AddMana) for e in inner):
        raise Unsupported(m.string)
    return [referred_objects.IfYourTurn(tuple(inner), yours=not m.group(1))]


@template(rf"untap up to {N} (lands|creatures|permanents|artifacts)( you control)?")
def _untap_up_to(m, targets):
    """"Untap up to three lands" (Frantic Search): any lands, not targeted."""
    n = amount(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [keyword_actions.UntapUpTo(parse_filter(m.group(2) + (m.group(3) or "")), n)]


@template(r"at the beginning of the next end step, (.+)")
def _delayed_on_object_first(m, targets):
    """603.7a: "At the beginning of the next end step, return that creature to its owner's hand"."""
    return _delayed_on_object(re.fullmatch(r"(.+) (at the beginning of the next end step)",
                                           f"{m.group(1)} at the beginning of the next end step"), targets)



@template(r"search your library for (a card|up to (?:two|three|four) cards|any number of cards) named cardname, reveal "
          r"(?:it|them), put (?:it|them) into your hand, then shuffle")
def _search_same_name(m, targets):
    """701.19a: "search your library for a card named CARDNAME" (the source's own name)."""
    n = 1 if m.group(1) == "a card" else 99 if m.group(1).startswith("any") else int(amount(m.group(1).split()[2]))
    return [library_effects.SearchSameName(n)]



@template(r"attach cardname to (it|that creature)")
def _attach_self_to(m, targets):
    """701.3a: "Whenever a creature you control enters, you may attach CARDNAME to it" (an Equipment)."""
    who = _object_ref(targets)
    if who != V.IT:
        raise Unsupported(m.string)
    return [referred_objects.AttachSelfTo(who)]



@template(r"(?:you )?(draw (?:a card|two cards)|gain (?:1|2|3) life) for each (\+1/\+1|-1/-1|[a-z]+) counter on "
          r"(it|cardname)")
def _for_each_counter(m, targets):
    """"When CARDNAME dies, draw a card for each +1/+1 counter on it" (608.2h: its last known counters)."""
    what = m.group(1)
    n = 2 if what in ("draw two cards", "gain 2 life") else 3 if what == "gain 3 life" else 1
    of = V.SELF if m.group(3) == "cardname" else _object_ref(targets)
    count = referred_objects.CountersOn(of, m.group(2), n)
    return [V.Draw(count)] if what.startswith("draw") else [V.GainLife(count)]



@template(r"shuffle your library")
def _shuffle_library(m, targets):
    """701.20a."""
    return [library_effects.ShuffleLibrary()]


@template(r"return another (.+?) you control to its owner's hand")
def _return_another(m, targets):
    """"Return another creature you control to its owner's hand" (chosen as it resolves, not targeted)."""
    return [V.ReturnChosen(parse_filter(f"another {m.group(1)} you control"), 1)]



@template(r"tap all (.+)")
def _tap_all(m, targets):
    """701.21a: "Tap all creatures your opponents control", "tap all other creatures"."""
    if "target" in m.group(1):
        raise Unsupported(m.string)
    return [keyword_actions.TapAll(parse_filter(m.group(1)))]
