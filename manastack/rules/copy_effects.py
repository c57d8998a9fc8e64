"""Permanents that enter as a copy (707, 613.2a, 614.1c, 614.12a); the templates are in
cards/templates/statics_copy.py.

- 707.5 / 614.1c: "You may have CARDNAME enter as a copy of any creature on the battlefield" is a
  replacement effect: the permanent becomes the copy as it enters, it doesn't enter and then become a
  copy. 614.12a: the choices (whether to copy, and what) are made before it enters, so it can't copy
  itself. Nothing to copy, or the player declines: it enters as itself (a 0/0 Clone dies, 704.5f).
- 707.5 / 614.12: the copy's other replacement effects that modify how it enters are those of what it
  copies ("enters with X +1/+1 counters": X is 0, the copy wasn't cast with that X, 107.3m; "as it
  enters, choose a color": its controller chooses again, 707.6), and its enters triggers trigger.
- 707.2 / 613.2a / 613.2c: the copiable values are the copied object's printed characteristics as
  modified by other copy effects (a Clone copying a Clone that copies Grizzly Bears is Grizzly Bears)
  and by its face-down status (708.2: a face-down permanent is copied as a nameless 2/2); counters,
  status (tapped, damage), choices (707.6) and other continuous effects are not copied. Being a token
  isn't a characteristic: a copy of a token isn't one, a token that enters as a copy still is.
- Layer 1: like face-down status (rules/facedown.py), the copy effect sets the object's `card` to the
  copiable values, so every reader (the layers of rules/continuous.py, triggers, mana abilities,
  the legend rule) sees them; `Obj.own_card` keeps its own card, which the object is again once it
  leaves the battlefield (400.7: Game.move).
- 707.9a-b: exceptions are part of the copiable values ("except it's an Illusion in addition to its
  other types and it has 'When this creature becomes the target of a spell or ability, sacrifice
  it.'", "it's an artifact in addition to its other types", "it's 7/7", "it isn't legendary", "its
  name is CARDNAME", "it has CARDNAME's other abilities"); 707.9d: a copy effect that sets power and
  toughness doesn't copy a characteristic-defining ability that defines them. 707.9e: "it enters with
  an additional +1/+1 counter on it" is an additional effect of this copy effect only.
- 306.5b: a copy of a planeswalker enters with loyalty counters equal to its copied loyalty.
- "... as a copy of any creature card in a graveyard" (Body Double): a card there is copied.
- 707.1 / 611.2b: "CARDNAME becomes a copy of target land, except it has this ability" (Thespian's Stage)
  is a resolving effect: the copiable values are those the target has as it resolves (locked in, 707.2),
  and it lasts for as long as the permanent stays on the battlefield, or "until end of turn" (514.2:
  then it ends, and the permanent has the values of its latest copy effect still lasting, else those
  it had before them). 613.2a / 613.7: a later copy effect overrides an earlier one. "Except it has
  this ability" (707.9a): the ability whose effect this is belongs to the copiable values, so it keeps
  being activatable (and is copied by what copies it).
- 303.4f: a copy of an Aura (Copy Enchantment) isn't cast as an Aura spell: its controller chooses a
  permanent it can enchant as it enters. An Aura with nothing it could enchant (303.4g: it wouldn't
  enter) or that enchants a player is not offered to be copied.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import AttachChange, EffectCreated
from ..model.state import BATTLEFIELD, GRAVEYARD, ContinuousEffect
from ..model.vocab import Ability, CardDef, StaticAbility
from ..model.vocab.copy_effects import (  # noqa: F401 (the vocabulary this module executes)
    ENTERS_AS_COPY,  # noqa: F401 (the vocabulary this module executes)
    BecomeCopy,
    CopyExceptions,
    EntersAsCopy,
)
from . import effect_context, targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj

# How many copy effects one entering permanent may apply in turn (707.5: a Clone copying a Clone that
# copies nothing gets the copied Clone's copy effect): a bound, never reached by real cards.
_MAX_COPIES = 8


def _candidates(g: Game, o: Obj, ab: EntersAsCopy) -> list[int]:
    """The objects it may copy (614.12a: chosen before it enters, so never itself), the most valuable
    first: the default of a player without a way to answer (Game.choose)."""
    s = g.s
    if ab.zone == GRAVEYARD:
        pool = [s.objects[c] for pl in s.players for c in pl.graveyard]
    else:
        pool = [x for x in g.permanents() if x.id != o.id]
    cands = [x for x in pool if targeting.matches_filter(g, ab.of, x, o.controller, o.id)
             and ("Aura" not in x.card.subtypes or _hosts(g, x.card, o))]

    def value(x: Obj) -> tuple:
        c = g.chars(x)
        return (-((c.power or 0) + (c.toughness or 0)), -targeting.mana_value(x), x.id)
    return [x.id for x in sorted(cands, key=value)]


def _hosts(g: Game, aura: CardDef, o: Obj) -> list[int]:
    """303.4f: the permanents an Aura with these copiable values, entering as `o`, could enchant (by its
    enchant ability, 702.5a, and protection, 702.16c); none for an Aura that enchants a player."""
    ench = [a for a in aura.abilities if isinstance(a, StaticAbility) and a.kind == "enchant"]
    if len(ench) != 1 or getattr(ench[0], "target_kind", "permanent") != "permanent":
        return []
    return [x.id for x in g.permanents() if x.id != o.id and targeting.matches_filter(g, ench[0].filter, x, o.controller)
            and not targeting.protected_from(g, x, aura.colors)]


def _type_line(card: CardDef) -> str:
    left = " ".join([t for t in ("Basic", "Legendary", "Snow", "World") if t in card.supertypes]
                    + sorted(card.types))
    return f"{left} — {' '.join(sorted(card.subtypes))}" if card.subtypes else left


def copiable_values(original: Obj) -> CardDef:
    """707.2 / 613.2c: the object's printed values as modified by copy effects and face-down status,
    which is what its `card` is (rules/facedown.py, this module)."""
    return original.card


def copy_card(own: CardDef, copied: CardDef, ab: EntersAsCopy | None, exceptions: CopyExceptions | None = None,
              added: tuple[Ability, ...] = ()) -> CardDef:
    """The copiable values the permanent gets: those of `copied`, with the exceptions (707.9b) of the
    entering-as-a-copy ability `ab` (or `exceptions` and `added` of a becoming-a-copy effect), keeping its
    own token status."""
    ex = ab.exceptions if ab is not None else (exceptions or CopyExceptions())
    abilities = copied.abilities + (ab.added if ab is not None else added)
    if ex.own_abilities:
        abilities = abilities + tuple(a for a in own.abilities if a is not ab)
    card = dataclasses.replace(
        copied, is_token=own.is_token,
        name=own.name if ex.own_name else copied.name,
        types=copied.types | ex.types, subtypes=copied.subtypes | ex.subtypes,
        supertypes=(copied.supertypes | ex.supertypes) - ex.not_supertypes,
        colors=copied.colors | ex.colors, keywords=copied.keywords | ex.keywords, abilities=abilities,
        power=copied.power if ex.power is None else ex.power,
        toughness=copied.toughness if ex.toughness is None else ex.toughness)
    if (card.types, card.subtypes, card.supertypes) != (copied.types, copied.subtypes, copied.supertypes):
        card = dataclasses.replace(card, type_line=_type_line(card))
    return card


def _enters_as_copy(g: Game, o: Obj, choices: dict) -> None:
    """614.1c / 614.12a / 707.5: as the permanent would enter, its controller may have it enter as a
    copy; the choice (yes or no, then the object) is made now."""
    if not g.may_have(EntersAsCopy):
        return  # no card of this game enters as a copy
    s = g.s
    for _ in range(_MAX_COPIES):
        ab = next((a for a in g.chars(o).abilities if isinstance(a, EntersAsCopy)), None)
        if ab is None:
            return
        p = o.controller
        cands = _candidates(g, o, ab)
        prompt = f"707.5: you may have {o.card.name} enter as a copy of {_describe(ab)}"
        if not cands:
            g.unasked(p, "copy", [False], f"{prompt} (there is none)")
            return
        if g.choose(p, "copy", [True, False], f"{prompt} (true or false)") is not True:
            g.log_event("enters_as_copy", "707.5", card=o.card.name, copy_of=None,
                        player=s.players[p].name)
            return
        pick = g.choose(p, "copy_of", cands, f"{prompt}: choose it ({', '.join(g.name_of(c) for c in cands)})")
        original = s.objects[pick]
        own = o.own_card or o.card
        card = copy_card(own, copiable_values(original), ab)
        o.own_card = own
        o.card = card
        g.invalidate()  # layer 1 (613.2a): every characteristic of the object changed
        if ab.tapped:
            o.tapped = True  # 614.1c: "enter tapped as a copy" (not yet on the battlefield: no event)
        g.log_event("enters_as_copy", "707.5", card=own.name, copy_of=original.card.name, id=o.id,
                    player=s.players[p].name)
        for kind, n in ab.exceptions.counters:  # 707.9e
            k = (o.cast_x or 0) if n == "X" else int(n)  # type: ignore[arg-type]
            if k:
                o.counters[kind] = o.counters.get(kind, 0) + k
        if card.loyalty is not None and "Planeswalker" in card.types and "loyalty" not in o.counters:
            o.counters["loyalty"] = card.loyalty  # 306.5b: the copied loyalty
        if "Aura" in card.subtypes:
            hosts = _hosts(g, card, o)  # offered only with one (_candidates)
            host = g.choose(p, "attach", hosts, f"303.4f: choose what {card.name} enchants "
                            f"({', '.join(g.name_of(h) for h in hosts)})")
            g.perform(AttachChange("303.4f", o.id, host, restamp=False))  # it enters attached (timestamp: entering)


def _describe(ab: EntersAsCopy) -> str:
    text = ab.text
    i = text.find(" as a copy of ")
    if i < 0:
        return "an object"
    rest = text[i + len(" as a copy of "):]
    return rest.split(", except")[0].rstrip(".")


_COPY = "copy"  # ContinuousEffect.kind of a becoming-a-copy effect; data: (the card it made, the card before)


def _ability_of(g: Game, source: int | None, e: BecomeCopy) -> Ability | None:
    """The ability whose effect `e` is, among the source's abilities (its own card's and those it has
    now): "except it has this ability" (707.9a)."""
    o = g.s.objects.get(source) if source is not None else None
    if o is None:
        return None
    for ab in (*g.chars(o).abilities, *(o.own_card or o.card).abilities):
        if any(x is e for x in getattr(ab, "effects", ())):
            return ab
    return None


def _become_copy(g: Game, ctx: effect_context.Context, e: BecomeCopy) -> list | None:
    """707.1 / 613.2a: the permanent becomes a copy of the target, with the copiable values it has now."""
    s = g.s
    oid = effect_context.target_object(g, ctx, e.subject)
    of = effect_context.target_object(g, ctx, e.of)
    if oid is None or of is None or s.objects[of].zone != BATTLEFIELD:
        return None
    o, original = s.objects[oid], s.objects[of]
    added = e.added
    if e.exceptions.this_ability:
        this = _ability_of(g, ctx.source, e)
        added = added + ((this,) if this is not None else ())
    own = o.own_card or o.card
    before = o.card
    card = copy_card(own, copiable_values(original), None, e.exceptions, added)
    o.own_card = own
    o.card = card  # layer 1 (613.2a): the record's creation below makes the door forget every characteristic
    until = "eot" if e.until_eot else "permanent"
    g.perform(EffectCreated("707.1", ContinuousEffect(_COPY, oid, timestamp=s.next_timestamp, until=until,
                                                      controller=ctx.controller, data=(card, before)),
                            "becomes_copy", {"card": own.name, "copy_of": original.card.name, "id": oid}))
    s.next_timestamp += 1
    return None


def end_copy_effects(g: Game) -> None:
    """514.2: "until end of turn" copy effects end: each permanent they applied to has the values of its
    latest copy effect still lasting, else those it had before the first of them (613.2a, 613.7)."""
    s = g.s
    ending: dict[int, list[ContinuousEffect]] = {}
    for e in s.effects:
        if e.kind == _COPY and e.until == "eot":
            ending.setdefault(e.target, []).append(e)  # type: ignore[arg-type]
    for oid, records in ending.items():
        o = s.objects.get(oid)
        if o is None or o.zone != BATTLEFIELD:
            continue
        lasting = [e for e in s.effects if e.kind == _COPY and e.target == oid and e.until != "eot"
                   and e.timestamp > min(r.timestamp for r in records)]
        first = min(records, key=lambda r: r.timestamp)
        o.card = max(lasting, key=lambda r: r.timestamp).data[0] if lasting else first.data[1]  # type: ignore[index]
        # the door forgets the characteristics as the records end (EffectsEnded, 514.2)


registry.ENTERS_AS.append(_enters_as_copy)
registry.EFFECT_HANDLERS[BecomeCopy] = _become_copy
