"""Choices made as a permanent enters and the statics that read them (614.12, 613.1d, 400.7); the
templates are in cards/templates/statics_choices.py.

- 614.12 / 614.12a: "As CARDNAME enters, choose a creature type" (a choice made before it enters);
  "CARDNAME is the chosen type in addition to its other types" (613.1d, layer 4); "Other creatures
  you control of the chosen type get +1/+1" (registry.GROUP_FILTERS).
- "... of the chosen color" likewise.
- 614.12 / 201.4: "As CARDNAME enters, choose a card name" (201.4a: "a nonland card name": the name of a
  nonland card); 602.5: "Activated abilities of sources with the chosen name can't be activated [unless
  they're mana abilities]" (Pithing Needle, Phyrexian Revoker): on the battlefield the abilities are
  left out of the characteristics (rules/continuous.py "no_activated"); a card in another zone
  (cycling, unearth) by registry.ACTIVATION_RESTRICTIONS. 709.4a / 201.4b: an object has the chosen
  name if one of its names is the chosen name.
- 614.12 / 119.4: "As CARDNAME enters, pay any amount of life" (0 up to the life total); "the life paid
  as CARDNAME entered" (LifePaidOnEntry) is that amount (608.2h: still known after it has left).
- 400.7: a permanent that left the battlefield is a new object: its choices are gone.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..cards import db
from ..engine import registry
from ..model.actions import ActivateAbility
from ..model.events import EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab import ActivatedAbility, ManaAbility
from ..model.vocab.statics import ChosenNameStatic
from ..model.vocab.x_amounts import LIFE_PAID_EFFECT, LifePaidOnEntry
from . import add_hook, continuous

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj


CHOSEN_TYPE = "chosen_type"  # ContinuousEffect kind: `data` is the creature type chosen as `target` entered
CHOSEN_NAME = "chosen_name"  # ContinuousEffect kind: `data` is the card name chosen as `target` entered
LIFE_PAID = LIFE_PAID_EFFECT  # ContinuousEffect kind: `data` is the life paid as `target` entered


def chosen_type(s: GameState, oid: int) -> str | None:
    for e in s.effects:
        if e.kind == CHOSEN_TYPE and e.target == oid:
            return e.data
    return None


def creature_type_options(g: Game, p: int) -> list[str]:
    """Every creature type (205.3m); the default first: the most common one among the player's
    creature cards (for players without a way to answer, see stack.choose)."""
    s = g.s
    counts: Counter = Counter()
    pl = s.players[p]
    for oid in list(pl.hand) + list(pl.library) + list(pl.graveyard) + [x.id for x in g.permanents(p)]:
        card = s.objects[oid].card
        if "Creature" in card.types:
            counts.update(t for t in card.subtypes if t in continuous.creature_types())
    return sorted(continuous.creature_types(), key=lambda t: (-counts[t], t))


def _etb_choose_type(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12 / 614.12a: "As CARDNAME enters, choose a creature type" (a choice made before it
    enters). "CARDNAME is the chosen type in addition to its other types" (613.1d, layer 4) is
    recorded with it."""
    s = g.s
    t = choices.get("creature_type") or g.choose(o.controller, "creature_type", creature_type_options(g, o.controller),
                                               f"614.12: as {o.card.name} enters, choose a creature type")
    g.perform(EffectCreated("614.12", ContinuousEffect(CHOSEN_TYPE, o.id, controller=o.controller, until="static",
                                                       data=t),
                            "choose_type", {"card": o.card.name, "player": s.players[o.controller].name, "type": t}))
    if any(getattr(a, "kind", "") == "self_chosen_type" for a in o.card.abilities):
        g.perform(EffectCreated("614.12", ContinuousEffect("add_subtypes", o.id, controller=o.controller,
                                                           until="static", data=frozenset({t}))))


def _of_chosen_type(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                    colors: frozenset[str]) -> bool:
    """"Creatures of the chosen type": the type chosen as the source entered (none chosen: none)."""
    if not getattr(ab, "of_chosen_type", False):
        return True
    t = chosen_type(s, src.id)
    return t is not None and t in subtypes


def _forget_choices(g: Game) -> bool:
    """A permanent that left the battlefield is a new object (400.7): its choices are gone."""
    s = g.s
    if s.effects:
        gone = tuple(e for e in s.effects if e.kind in (CHOSEN_TYPE, CHOSEN_NAME, "add_subtypes") and (
            e.target not in s.objects or s.objects[e.target].zone != BATTLEFIELD))
        if gone:
            g.perform(EffectsEnded("400.7", gone))
    return False


registry.ETB_REPLACEMENTS["etb_choose_type"] = _etb_choose_type
registry.GROUP_FILTERS.append(_of_chosen_type)
registry.PRE_CHECK.append(_forget_choices)


def _of_chosen_color(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                     colors: frozenset[str]) -> bool:
    """"Creatures you control of the chosen color": the color chosen as the source entered."""
    if not getattr(ab, "of_chosen_color", False):
        return True
    return src.chosen_color is not None and src.chosen_color in colors


registry.GROUP_FILTERS.append(_of_chosen_color)


# --------------------------------------------------------------------------- a card name (201.4)


def chosen_name(s: GameState, oid: int) -> str | None:
    for e in s.effects:
        if e.kind == CHOSEN_NAME and e.target == oid:
            return e.data
    return None


def has_chosen_name(s: GameState, oid: int, card_name: str) -> bool:
    """Whether `card_name` (of a spell or a source) is the name chosen as permanent `oid` entered (201.4;
    709.4a: a split card has each of its names; none chosen, or no name: no)."""
    name = chosen_name(s, oid)
    return name is not None and bool(card_name) and name in _names(card_name)


def _names(card_name: str) -> tuple[str, ...]:
    """709.4a: a split card (or a card of two faces, "A // B") has each of its names."""
    return tuple(card_name.split(" // "))


def _has_activated(o: Obj, mana_too: bool) -> bool:
    return any(isinstance(a, ActivatedAbility) or (mana_too and isinstance(a, ManaAbility)) for a in o.card.abilities)


def _game_names(g: Game, p: int, nonland: bool, mana_too: bool) -> list[str]:
    """The names of the cards of this game, the default first (a player without a way to answer takes
    it): what an opponent shows with activated abilities (on the battlefield first, 602.5: the ones a
    name would stop), then other cards opponents have shown (graveyards, exile), then the rest by name
    (hidden cards, and the player's own, tell the default nothing)."""
    s = g.s
    ranked: dict[str, int] = {}
    for o in s.objects.values():
        card = o.card
        if card.is_token or not card.name:
            continue  # 201.4: not a token's name unless it is a card's (a token's card is not one)
        if nonland and "Land" in card.types:
            continue  # 201.4a
        public = o.zone in (BATTLEFIELD, "graveyard", "exile") and o.controller != p and o.owner != p
        rank = ((0 if o.zone == BATTLEFIELD else 1) if _has_activated(o, mana_too) else 2) if public else 3
        for n in _names(card.name):
            ranked[n] = min(rank, ranked.get(n, 3))
    return sorted(ranked, key=lambda n: (ranked[n], n))


def _reference_names(nonland: bool) -> list[str]:
    """201.4: the name of any card of the card reference (the database), by face (201.4b-d); 201.4a:
    "nonland": the face is not a land."""
    out: list[str] = []
    for name in db.every_name():
        rec = db.record(name) or {}
        faces = _names(name)
        types = str(rec.get("type_line") or "").split(" // ")
        for i, face in enumerate(faces):
            t = types[i] if len(types) == len(faces) else types[0]
            if not (nonland and "Land" in t):
                out.append(face)
    return out


def choose_card_name(g: Game, p: int, prompt: str, nonland: bool = False) -> str:
    """201.4: `p` names a card (608.2d: "choose a card name" as an effect resolves, Cursed Scroll): the options are
    the names of this game's cards, the default first; a player who answers (the scenario runner) may name any
    card of the reference."""
    options = _game_names(g, p, nonland, False)
    if g.chooser is not None or not options:
        options = list(dict.fromkeys(options + _reference_names(nonland)))
    return g.choose(p, "card_name", options, prompt)


def _etb_choose_name(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12 / 201.4: "As CARDNAME enters, choose a [nonland] card name" (a choice made before it
    enters). The options are the names of this game's cards, the default first; a player who answers
    (the scenario runner) may name any card of the reference."""
    s = g.s
    p = o.controller
    nonland = ab.kind == "etb_choose_nonland_name"
    mana_too = any(isinstance(a, ChosenNameStatic) and "no_activated" in a.rules for a in o.card.abilities)
    options = _game_names(g, p, nonland, mana_too)
    if g.chooser is not None or not options:
        # Without a chooser the first option is taken: the whole reference is read only when it is needed.
        options = list(dict.fromkeys(options + _reference_names(nonland)))
    name = choices.get("card_name") or g.choose(p, "card_name", options,
                                                f"614.12: as {o.card.name} enters, choose a "
                                                f"{'nonland ' if nonland else ''}card name")
    g.perform(EffectCreated("614.12", ContinuousEffect(CHOSEN_NAME, o.id, controller=p, until="static", data=name),
                            "choose_name", {"card": o.card.name, "player": s.players[p].name, "name": name}))


def _of_chosen_name(s: GameState, src: Obj, ab: Any, obj: Obj, subtypes: frozenset[str],
                    colors: frozenset[str]) -> bool:
    """"Sources with the chosen name" (none chosen: none; 708.2: a face-down permanent has no name)."""
    if not getattr(ab, "of_chosen_name", False):
        return True
    name = chosen_name(s, src.id)
    return name is not None and bool(obj.card.name) and name in _names(obj.card.name)


def named_source_restriction(g: Game, p: int, action: ActivateAbility) -> str | None:
    """registry.ACTIVATION_RESTRICTIONS: 602.5 for a source with the chosen name that is not on the
    battlefield (a card in a hand or a graveyard: cycling, unearth; none of those is a mana ability,
    605.1a). On the battlefield the static leaves the abilities out of its characteristics."""
    o = g.s.objects.get(action.source)
    if o is None or o.zone == BATTLEFIELD or not o.card.name:
        return None
    for src, ab in g.battlefield_abilities(ChosenNameStatic):
        name = chosen_name(g.s, src.id)
        if name is not None and name in _names(o.card.name):
            return f"602.5: {src.card.name} (named {name}): {ab.text}"
    return None


registry.ETB_REPLACEMENTS["etb_choose_name"] = _etb_choose_name
registry.ETB_REPLACEMENTS["etb_choose_nonland_name"] = _etb_choose_name
registry.GROUP_FILTERS.append(_of_chosen_name)
add_hook(registry.ACTIVATION_RESTRICTIONS, named_source_restriction, classes=(ChosenNameStatic,))


def _etb_pay_any_life(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12 / 119.4: "As CARDNAME enters, pay any amount of life": any amount from 0 to the controller's
    life total (none with 0 life or less). Without a chooser the default is a measured amount (up to 6, and
    never the last life)."""
    s = g.s
    p = o.controller
    life = max(s.players[p].life, 0)
    default = min(6, max(life - 1, 0))
    options = [default] + [n for n in range(life + 1) if n != default]
    n = g.choose(p, "life_amount", options, f"614.12: as {o.card.name} enters, pay any amount of life (0 to {life})")
    if n:
        g.set_life(p, -n, "119.4", source=o.card.name)
    g.perform(EffectCreated("614.12", ContinuousEffect(LIFE_PAID, o.id, controller=p, until="permanent", data=n),
                            "pay_life", {"card": o.card.name, "player": s.players[p].name, "amount": n}))


def _life_paid_on_entry(g: Game, ctx: Any, x: LifePaidOnEntry) -> int:
    """The life paid as the source entered; once it has left the battlefield, as it last existed there (608.2h:
    the record outlives the permanent, and a new object gets a new id, 400.7)."""
    return next((int(e.data) for e in g.s.effects if e.kind == LIFE_PAID and e.target == ctx.source), 0)


registry.ETB_REPLACEMENTS["etb_pay_any_life"] = _etb_pay_any_life
registry.AMOUNT_RESOLVERS[LifePaidOnEntry] = _life_paid_on_entry
