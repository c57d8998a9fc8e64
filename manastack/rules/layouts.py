"""CR 715 adventurer cards, 712 modal double-faced cards and 709 split cards: cards of two parts (cards/compiler.py
compile_card: `CardDef.layout`, `CardDef.faces`).

- 715.3: as an adventurer card is cast from its owner's hand, the player chooses whether to cast it as
  its Adventure (the choice ("adventure", true/false) of the CastSpell action, else asked); the spell
  then has only the Adventure's characteristics (715.3b): the object's `card` is the Adventure part
  and `own_card` the card, which it is again as soon as it leaves the stack (400.7, engine/door.py).
- 715.3d: an Adventure spell that resolves is exiled instead of going to the graveyard, and while it
  stays exiled its controller may cast it as a creature spell (only its owner: rules/stack.py casts
  only a player's own cards) (a CastSpell of the exiled card, 601.3);
  countered, or leaving the stack any other way, it goes where it would (the graveyard).
- 715.4: in every other zone, and on the stack not as an Adventure, it has only its main characteristics.

CR 712 modal double-faced cards (layout "modal_dfc": the front face is the CardDef, the back face
`faces[0]`):

- 712.11b / 712.12: its owner may cast it or play it as either face. A back face that is a land is
  played as a land drop (PlayLand `back_face`: None plays the face that is a land and asks if both are, 305.1);
  a back face that is a spell is cast as such (the choice ("back_face", true/false), else asked).
- 712.8f / 712.13: on the stack and on the battlefield it has the characteristics of the face it was
  cast or played as (engine/door.py keeps `own_card` onto the battlefield); 712.8a: in every other zone
  its front face's (400.7: once it leaves, the new object is its own card again).

CR 709 split cards (layout "split": the CardDef is the two halves combined, 709.4; `faces` the halves):

- 709.3: a split card is cast as one half, chosen as it is cast (the choice ("half", 1 or 2), else
  asked); on the stack it has only that half's characteristics (709.3b); the combined card itself is
  never cast (rules/stack.py cast_block_reason says so).
- 709.4: in every other zone its characteristics are both halves' combined (cards/compiler.py).
- 702.127a aftermath (layout "aftermath"): the first half is cast only from elsewhere than a graveyard,
  the second only from its owner's graveyard (a cast permission), and exiled as it leaves the stack.
  Fuse (702.102) is not supported yet (the compiler refuses it).

CR 712 transforming double-faced cards (layout "transform": the front face is the CardDef, the back face
`faces[0]`) are never cast as their back face; turning over, entering transformed and their mana value are
rules/transform.py's.

For agents, `face_cast_actions` lists the casts as an Adventure from the hand and the casts of the
creature from exile that can be made now, and the casts and land plays of back faces (rules/priority.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.events import EffectCreated, PartChosen
from ..model.state import EXILE, GRAVEYARD, HAND, STACK, ContinuousEffect
from . import add_hook, cast_from_zones, mana_payment, stack, targeting, total_cost

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj, StackItem
    from ..model.vocab import CardDef

ADVENTURE = "adventure"
MODAL_DFC = "modal_dfc"
SPLIT = "split"
AFTERMATH = "aftermath"
HALF = "half"
BACK_FACE = "back_face"
_ON_AN_ADVENTURE = "on_an_adventure"  # the ContinuousEffect kind marking a card exiled by 715.3d


def adventure_of(card: CardDef) -> CardDef | None:
    """715.2: the Adventure part of an adventurer card, or None."""
    return card.faces[0] if card.layout == ADVENTURE and card.faces else None


def is_adventure_spell(o: Obj) -> bool:
    """715.3: the object is an adventurer card on the stack cast as its Adventure."""
    return o.zone == STACK and o.own_card is not None and o.card is adventure_of(o.own_card)


def _choice(action: A.CastSpell) -> bool | None:
    return _flag(action.choices, ADVENTURE)


def choose_adventure(g: Game, p: int, o: Obj, action: A.CastSpell) -> None:
    """registry.CAST_FACE_CHOICES: 715.3 / 601.2b: cast it as its Adventure? From the action's choices,
    else asked (scenario answer true/false; default the creature)."""
    part = adventure_of(o.card)
    if part is None or o.zone != HAND:
        if _choice(action):
            raise IllegalActionError(f"{o.card.name} can't be cast as an Adventure from there (715.3)")
        return
    ans = _choice(action)
    if ans is None:
        ans = g.choose(p, ADVENTURE, [False, True],
                       f"715.3: cast {o.card.name} as its Adventure {part.name}? (true or false)")
    if not isinstance(ans, bool):
        raise IllegalActionError(f"{o.card.name}: answer true or false for casting it as its Adventure (715.3)")
    if not ans:
        return
    # 715.3b: only the Adventure's characteristics while on the stack
    g.perform(PartChosen("715.3", o.id, part, ADVENTURE, {"adventure": part.name}))


def back_face_of(card: CardDef) -> CardDef | None:
    """712.2: the back face of a modal double-faced card, or None."""
    return card.faces[0] if card.layout == MODAL_DFC and card.faces else None


def _flag(choices: tuple, key: str) -> bool | None:
    return next((bool(c[1]) for c in choices if isinstance(c, tuple) and len(c) == 2 and c[0] == key), None)


def _show_face(g: Game, o: Obj, face: CardDef, rule: str) -> None:
    g.perform(PartChosen(rule, o.id, face, BACK_FACE, {"face": face.name}))


def choose_back_face(g: Game, p: int, o: Obj, action: A.CastSpell) -> None:
    """registry.CAST_FACE_CHOICES: 712.11b: cast a modal double-faced card as its back face? From the
    action's choices (("back_face", true/false)), else asked when both faces are spells; a land face is
    played, not cast (305.9)."""
    back = back_face_of(o.card)
    wanted = _flag(action.choices, BACK_FACE)
    if back is None or o.zone != HAND:
        if wanted:
            raise IllegalActionError(f"{o.card.name} has no back face that can be cast from there (712.11b)")
        return
    if "Land" in back.types:
        if wanted:
            raise IllegalActionError(f"{back.name} is a land: it is played, not cast (712.12, 305.9)")
        return
    if wanted is None:
        if "Land" in o.card.types:
            wanted = True  # the front is a land: the spell cast is the back face
        else:
            wanted = g.choose(p, BACK_FACE, [False, True],
                              f"712.11b: cast {o.card.name} as its back face {back.name}? (true or false)")
    if not isinstance(wanted, bool):
        raise IllegalActionError(f"{o.card.name}: answer true or false for casting its back face (712.11b)")
    if wanted:
        _show_face(g, o, back, "712.11b")


def choose_land_face(g: Game, p: int, o: Obj, action: A.PlayLand) -> None:
    """registry.LAND_FACE_CHOICES: 712.12 / 305.1: play a modal double-faced card as the face chosen (the
    action's `back_face`; None: the face that is a land, asked if both are)."""
    back = back_face_of(o.card)
    wanted = action.back_face
    if back is None:
        if wanted:
            raise IllegalActionError(f"{o.card.name} has no back face (712.12)")
        return
    if wanted is None:
        front_land, back_land = "Land" in o.card.types, "Land" in back.types
        if front_land and back_land:
            wanted = g.choose(p, BACK_FACE, [False, True],
                              f"712.12: play {o.card.name} as its back face {back.name}? (true or false)")
        else:
            wanted = back_land
    if not isinstance(wanted, bool):
        raise IllegalActionError(f"{o.card.name}: answer true or false for playing its back face (712.12)")
    if wanted:
        if "Land" not in back.types:
            raise IllegalActionError(f"{back.name} is not a land: it is cast, not played (712.12, 305.1)")
        _show_face(g, o, back, "712.12")


def _whole_split_card(card: CardDef) -> bool:
    return card.layout in (SPLIT, AFTERMATH) and len(card.faces) == 2


def _castable_halves(o: Obj) -> list[int]:
    """709.3: the halves that may be cast from where the card is; 702.127a aftermath: the first only
    from elsewhere than a graveyard, the second only from a graveyard."""
    if o.card.layout != AFTERMATH:
        return [1, 2]
    return [2] if o.zone == GRAVEYARD else [1]


def choose_half(g: Game, p: int, o: Obj, action: A.CastSpell) -> None:
    """registry.CAST_FACE_CHOICES: 709.3: the player chooses which half of a split card to cast (the
    action's choice ("half", 1 or 2), else asked; default the first half)."""
    if not _whole_split_card(o.card):
        if any(isinstance(c, tuple) and c[:1] == (HALF,) for c in action.choices):
            raise IllegalActionError(f"{o.card.name} is not a split card: it has no halves (709.3)")
        return
    left, right = o.card.faces
    options = _castable_halves(o)
    half = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == HALF), None)
    if half is None:
        half = options[0] if len(options) == 1 else g.choose(
            p, HALF, options, f"709.3: cast which half of {o.card.name}: 1 ({left.name}) or 2 ({right.name})?")
    if half not in (1, 2) or isinstance(half, bool):
        raise IllegalActionError(f"{o.card.name}: a half is 1 ({left.name}) or 2 ({right.name}), not {half!r} (709.3)")
    if half not in options:
        raise IllegalActionError(f"702.127a: {o.card.faces[half - 1].name} (aftermath) can be cast only "
                                 f"{'from a graveyard' if half == 2 else 'from elsewhere than a graveyard'}")
    face = o.card.faces[half - 1]
    # 709.3b: only the chosen half's characteristics on the stack
    g.perform(PartChosen("709.3", o.id, face, HALF, {"half": face.name}))


def aftermath_permit(g: Game, p: int, o: Obj) -> cast_from_zones.CastPermit | None:
    """registry.CAST_PERMISSIONS: 702.127a: the aftermath half may be cast from its owner's graveyard;
    exiled instead of going anywhere else as it leaves the stack (jump-start's choice, 702.133a)."""
    if o.zone == GRAVEYARD and o.owner == p and o.card.layout == AFTERMATH and _whole_split_card(o.card):
        return cast_from_zones.CastPermit(AFTERMATH, "702.127a", choices=(("exile_after", True),))
    return None


def adventure_resolved(g: Game, item: StackItem) -> bool:
    """registry.RESOLVED_SPELL_HOOKS: 715.3d: as an Adventure spell resolves, its controller exiles it
    instead of putting it anywhere else; it may then cast it from exile, not as an Adventure."""
    o = g.s.objects.get(item.obj) if item.obj is not None else None
    if o is None or not is_adventure_spell(o):
        return False
    s = g.s
    new = g.move(o.id, EXILE, rule="715.3d")
    g.perform(EffectCreated("715.3d", ContinuousEffect(_ON_AN_ADVENTURE, new, until="permanent", controller=item.controller,
                                                      timestamp=s.next_timestamp)))
    s.next_timestamp += 1
    return True


def _on_an_adventure(s: GameState, oid: int, p: int) -> bool:
    return any(e.kind == _ON_AN_ADVENTURE and e.target == oid and e.controller == p for e in s.effects)


def adventure_permit(g: Game, p: int, o: Obj) -> cast_from_zones.CastPermit | None:
    """registry.CAST_PERMISSIONS: 715.3d: the Adventure spell's controller may cast the card from exile (its
    mana cost), not as an Adventure; rules/stack.py casts only a player's own cards."""
    if o.zone == EXILE and o.owner == p and adventure_of(o.card) is not None and _on_an_adventure(g.s, o.id, p):
        return cast_from_zones.CastPermit(ADVENTURE, "715.3d")
    return None


def face_cast_actions(g: Game, p: int) -> list[A.Action]:
    """CastSpell actions for agents: `p`'s adventurer cards in hand cast as their Adventure (715.3), and
    their cards on an adventure cast from exile (715.3d), that can be cast and paid for now."""
    s = g.s
    pl = s.players[p]
    out: list[A.Action] = []
    for oid in pl.hand:
        o = s.objects[oid]
        part = adventure_of(o.card)
        if part is not None:
            out.extend(_face_casts(g, p, o, part, (ADVENTURE, True)))
        elif _whole_split_card(o.card):
            for i in _castable_halves(o):
                out.extend(_face_casts(g, p, o, o.card.faces[i - 1], (HALF, i)))  # 709.3, 702.127a
    land_ok: bool | None = None
    for oid in pl.hand:
        o = s.objects[oid]
        back = back_face_of(o.card)
        if back is None:
            continue
        if "Land" in back.types:
            if land_ok is None:
                land_ok = stack.can_play_land_now(g, p) is None
            if land_ok:
                out.append(A.PlayLand(oid, back_face=True))  # 712.12: the face that is a land
            continue
        out.extend(_face_casts(g, p, o, back, (BACK_FACE, True)))
    for oid in pl.graveyard:
        o = s.objects[oid]
        if o.card.layout == AFTERMATH and _whole_split_card(o.card) and aftermath_permit(g, p, o) is not None:
            out.extend(_face_casts(g, p, o, o.card.faces[1], (HALF, 2)))  # 702.127a
    if pl.exile and any(e.kind == _ON_AN_ADVENTURE for e in s.effects):
        for oid in pl.exile:
            o = s.objects[oid]
            permit = adventure_permit(g, p, o)
            if permit is not None and stack.cast_block_reason(g, p, o) is None and not o.card.mana_cost.x_count:
                out.extend(cast_from_zones._permitted_casts(g, p, o, permit))
    return out


def _face_casts(g: Game, p: int, o: Obj, face: CardDef, choice: tuple[str, bool | int]) -> list[A.Action]:
    """The casts of the card `o` in hand as its part `face` (715.3, 712.11b, 709.3) that can be made and
    paid for now, announced with `choice`; none for a cost with X (not listed)."""
    if face.mana_cost.x_count:
        return []
    main = o.card
    o.card = face  # only that part is evaluated (715.3a, 712.11c, 709.3a), for the checks below
    g.invalidate()
    try:
        if stack.cast_block_reason(g, p, o) is not None or not mana_payment.can_pay(
                g, p, total_cost.total_cost_reqs(g, p, face, 0, ()), ("spell", o.id)):
            return []
        return [A.CastSpell(o.id, targets, 0, modes=modes, choices=(choice,))
                for modes, specs in stack.cast_variants(g, face)
                for targets in targeting.target_combos(g, specs, p, o.id, face.colors)]
    finally:
        o.card = main
        g.invalidate()


def has_face_cards(s: GameState, p: int) -> bool:
    """Whether `p` may have a cast face_cast_actions would list (asked at every priority: cheap)."""
    pl = s.players[p]
    objs = s.objects
    return any(objs[oid].card.faces for oid in pl.hand) or bool(
        pl.exile and any(e.kind == _ON_AN_ADVENTURE for e in s.effects)) or any(
        objs[oid].card.layout == AFTERMATH for oid in pl.graveyard)


def _install() -> None:
    add_hook(registry.CAST_FACE_CHOICES, choose_adventure)
    add_hook(registry.CAST_FACE_CHOICES, choose_back_face)
    add_hook(registry.CAST_FACE_CHOICES, choose_half)
    add_hook(registry.LAND_FACE_CHOICES, choose_land_face)
    add_hook(registry.RESOLVED_SPELL_HOOKS, adventure_resolved)
    add_hook(registry.CAST_PERMISSIONS, adventure_permit)
    add_hook(registry.CAST_PERMISSIONS, aftermath_permit)


_install()
