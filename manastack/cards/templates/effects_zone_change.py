"""Sentences that move an object to another zone than usual, or back through a link (610.3, 614.1a,
701.5a, 607.2a); executed by rules/zone_change_effects.py.

- "Exile target ... until CARDNAME leaves the battlefield" (610.3).
- 502.3: "During your next untap step, as you untap your permanents, return CARDNAME to its owner's hand".
- "If that creature would die this turn, exile it instead" (614.1a, 700.4); "If it's a creature, it can't be
  regenerated this turn, and if it would die this turn, exile it instead" (701.15c too).
- 701.5a: "counter target spell [unless its controller pays {3} / {X}]. If that spell is countered this way,
  exile it instead of putting it into its owner's graveyard" (Dissipate, Syncopate).
- 607.2a: "return the exiled card to the battlefield under its owner's control" (linked to the
  card's exile ability, checked for the whole card).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab import zone_change_effects
from ...model.vocab.counterspells import CounterUnlessPaysAmount
from ...model.vocab.damage_riders import CantBeRegeneratedThisTurn
from ..compiler import CARD_CHECKS, EFFECTS_CHECKS, Unsupported
from ..draft import CardDraft
from .effects_common import target, template
from .effects_referred import _object_ref


@template(r"exile ((?:another )?target .+?) until cardname leaves the battlefield")
def _exile_until(m, targets):
    """610.3: "Exile target nonland permanent an opponent controls until CARDNAME leaves the battlefield"."""
    who = target(m.group(1), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    return [zone_change_effects.ExileUntilLeaves(who)]


@template(r"during your next untap step, as you untap your permanents, return cardname to its owner's hand")
def _return_at_next_untap(m, targets):
    """502.3: carried out as the untap step's permanents untap (rules/zone_change_effects.py)."""
    return [zone_change_effects.ReturnSelfAtNextUntap()]


@template(r"if (that creature|it|that creature or planeswalker) would die this turn, exile it instead")
def _exile_instead(m, targets):
    """614.1a: a replacement effect until end of turn on the object the spell referred to."""
    who = _object_ref(targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind not in ("permanent", "any"):
        raise Unsupported(m.string)
    return [zone_change_effects.ExileIfWouldDie(who)]


@template(r"if it's a creature, it can't be regenerated this turn, and if it would die this turn, exile it instead")
def _creature_exile_instead(m, targets):
    """701.15c / 614.1a: Disintegrate, Carbonize: "... deals X damage to any target. If it's a creature, it
    can't be regenerated this turn, and if it would die this turn, exile it instead" (608.2c: the target
    as the spell resolves; a player or planeswalker gets neither)."""
    who = _object_ref(targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind not in ("permanent", "any"):
        raise Unsupported(m.string)
    return [CantBeRegeneratedThisTurn(who), zone_change_effects.ExileIfWouldDie(who, creature_only=True)]


@template(r"if a (creature|creature or planeswalker|permanent) dealt damage this way would die this turn, exile it instead")
def _exile_damaged_instead(m, targets):
    """614.1a: Anger of the Gods: "... deals 3 damage to each creature. If a creature dealt damage this way
    would die this turn, exile it instead"."""
    kinds = {"creature": {"Creature"}, "creature or planeswalker": {"Creature", "Planeswalker"},
             "permanent": {"Creature", "Planeswalker"}}[m.group(1)]
    return [zone_change_effects.ExileDamagedIfWouldDie(frozenset(kinds))]


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
        elif isinstance(prev, CounterUnlessPaysAmount) and prev.countered_to is None:
            effects[i - 1:i + 1] = [dataclasses.replace(prev, countered_to=e.to)]  # Syncopate: "... pays {X}"
        else:
            raise Unsupported("countered this way")
        return _fold_counter_to(effects, targets)
    return None


EFFECTS_CHECKS.append(_fold_counter_to)


@template(r"(destroy|exile|return) (target [a-z ]+?)( not named cardname)? and all other (permanents|creatures) with the "
          r"same name as that (?:permanent|creature)( to their owners' hands)?")
def _with_same_name(m, targets):
    """201.2: "Destroy target nonland permanent and all other permanents with the same name as that permanent"
    (Maelstrom Pulse), "exile target nonland permanent not named CARDNAME and all other ..." (Detention Sphere),
    "return target ... to their owners' hands" (Echoing Truth)."""
    if (m.group(1) == "return") != bool(m.group(5)):
        raise Unsupported(m.string)
    who = target(m.group(2), targets)
    if not isinstance(who, V.Ref) or targets[who.index].kind != "permanent":
        raise Unsupported(m.string)
    if m.group(3):
        spec = targets[who.index]
        flt = spec.filter
        fields = {f.name: getattr(flt, f.name) for f in dataclasses.fields(flt)}
        targets[who.index] = dataclasses.replace(spec, filter=V.FilterPlus(**{**fields, "not_named_source": True}))
    action = {"destroy": "destroy", "exile": "exile", "return": "hand"}[m.group(1)]
    return [zone_change_effects.WithSameName(who, action, creatures_only=m.group(4) == "creatures")]


@template(r"return the exiled cards? to the battlefield under (?:its|their) owner's control")
def _return_exiled(m, targets):
    """607.2a: linked to the ability of the same object that exiled it (_link_exile)."""
    return [zone_change_effects.ReturnLinked()]


def _swap_exile(x):
    if isinstance(x, V.Exile):
        return zone_change_effects.LinkedExile(x.target), 1
    if isinstance(x, zone_change_effects.WithSameName) and x.action == "exile":
        return dataclasses.replace(x, linked=True), 1  # Detention Sphere: "return the exiled cards"
    if isinstance(x, V.Optional):
        inner = [_swap_exile(y) for y in x.effects]
        return dataclasses.replace(x, effects=tuple(y for y, _ in inner)), sum(k for _, k in inner)
    return x, 0


def _link_exile(out: CardDraft, unsupported: list) -> None:
    """Link "return the exiled card" to the one other ability of the card that exiles a target (607.2a):
    "When CARDNAME enters, exile target creature an opponent controls. / When CARDNAME leaves the
    battlefield, return the exiled card to the battlefield under its owner's control." """
    abilities = out.abilities
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
    if found != 1 or out.spell_effects:
        unsupported.append(returns[0].text)  # nothing (or more than one thing) the exiled card can be


CARD_CHECKS.append(_link_exile)
