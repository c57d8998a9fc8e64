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
- 303.4f: a copy of an Aura (Copy Enchantment) isn't cast as an Aura spell: its controller chooses a
  permanent it can enchant as it enters. An Aura with nothing it could enchant (303.4g: it wouldn't
  enter) or that enchants a player is not offered to be copied.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import AttachChange
from ..model.state import GRAVEYARD
from ..model.vocab import CardDef, StaticAbility
from ..model.vocab.copy_effects import (  # noqa: F401 (the vocabulary this module executes)
    ENTERS_AS_COPY,  # noqa: F401 (the vocabulary this module executes)
    CopyExceptions,
    EntersAsCopy,
)
from . import targeting

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


def copy_card(own: CardDef, copied: CardDef, ab: EntersAsCopy) -> CardDef:
    """The copiable values the entering permanent gets: those of `copied`, with the exceptions
    (707.9b), keeping its own token status."""
    ex = ab.exceptions
    abilities = copied.abilities + ab.added
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


registry.ENTERS_AS.append(_enters_as_copy)
