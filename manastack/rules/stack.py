"""CR 305.1-305.2, 601, 608: playing lands, casting spells and resolving the stack. Targets are in
rules/targeting.py, paying costs and activating mana abilities in rules/mana_payment.py, activating
other abilities in rules/activation.py (the hook lists stay here).

- 305.2: one land per turn; 305.1 / 116.2a: only in a main phase of your turn, with the stack empty.
- 307.1 / 117.1a: sorceries and permanent spells at sorcery speed; instants and flash any time.
- 601.2a-i: a spell moves to the stack, X and targets are chosen (601.2b-c), the total cost is
  determined (601.2f), mana abilities are activated (601.2g) and the cost is paid (601.2h).
- 601.2b: additional costs: "sacrifice a creature", "discard a card", "pay 2 life", "pay X life" (X announced,
  107.3), and a choice of them ("discard a card or pay {5}": the CastSpell choice ("cost_option", text), else
  asked, kind "cost_option"; an option's mana is added to the total cost, 601.2f).
- 602.5: which activated abilities an object has, and when (timing); 605.3: mana abilities resolve
  immediately.
- 608.2b: a spell or ability whose targets are all illegal doesn't resolve; 608.3: permanent spells.
- 614.1c-d / 614.12: enters-the-battlefield replacement effects ("enters tapped", "enters with N
  counters"); 107.3m: X in those refers to the X paid, the permanent's own X is 0.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.costs import Requirement, requirements
from ..model.events import AttachChange, CastMoved
from ..model.mana import COLORS, is_color
from ..model.memo import by_identity
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, MAIN1, MAIN2, STACK, StackItem
from ..model.vocab import (
    AdditionalCost,
    AdditionalCostChoice,
    CardDef,
    Cost,
    CostPlus,
    Count,
    ManaAbility,
    Ref,
    StaticAbility,
    TargetSpec,
)
from ..model.vocab.x_amounts import PayXLife
from . import (
    cast_origin,
    choice_effects,
    combat,
    cost_objects,
    effect_context,
    effects,
    mana_payment,
    object_abilities,
    targeting,
    timing,
    total_cost,
)
from . import facedown as _facedown_module
from . import trigger_events as _trigger_events_module
from . import triggers as _triggers_module

# The other names here are compatibility re-exports: rules/triggers.py, rules/turn.py, game/ and
# scenario/runner.py (which this split did not edit) still reach them as stack.<name>.

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


# ----------------------------------------------------------------------------- lands

def can_play_land_now(g: Game, p: int) -> str | None:
    """Why `p` can't play a land now, or None."""
    s = g.s
    if s.active != p:
        return "305.1: a player plays lands only during their own turn"
    if s.step not in (MAIN1, MAIN2):
        return "305.1: lands are played only in a main phase"
    if s.stack:
        return "305.1: lands are played only while the stack is empty"
    allowed = 1
    for extra in registry.live(s, LAND_PLAYS):
        allowed += extra(g, p)  # 305.2: "you may play an additional land on each of your turns"
    if s.players[p].lands_played >= allowed:
        return "305.2: only one land per turn" if allowed == 1 else f"305.2b: only {allowed} lands this turn"
    return None


LAND_PLAYS = registry.LAND_PLAYS  # (engine/registry.py)


LAND_PERMISSIONS = registry.LAND_PERMISSIONS  # (engine/registry.py)


def play_land(g: Game, p: int, action: A.PlayLand) -> None:
    s = g.s
    card = action.card
    o = s.objects.get(card)
    # each permission checks whose card it may be (its owner's, or any player's exiled with a permanent of p's)
    if o is not None and o.zone != HAND and any(perm(g, p, o) for perm in LAND_PERMISSIONS):
        pass
    elif o is None or o.zone != HAND or o.owner != p:
        raise IllegalActionError(f"{g.name_of(card)} is not in {s.players[p].name}'s hand")
    why = can_play_land_now(g, p)
    if why:
        raise IllegalActionError(why)
    if o.card.faces or action.back_face is not None:
        for choose_face in LAND_FACE_CHOICES:  # 712.12: the face of a modal double-faced card (rules/layouts.py)
            choose_face(g, p, o, action)
    if "Land" not in o.card.types:
        raise IllegalActionError(f"{o.card.name} is not a land: it is cast, not played (305.1)")
    s.players[p].lands_played += 1
    g.log_event("play_land", "305.1", player=s.players[p].name, card=o.card.name)
    g.move(card, BATTLEFIELD, rule="305.1", controller=p)
    s.passes = 0


# ----------------------------------------------------------------------------- timing


# ----------------------------------------------------------------------------- casting

def spell_targets(card: CardDef, modes: tuple[int, ...] = ()) -> tuple[TargetSpec, ...]:
    """The targets a spell asks for (601.2c); of a modal spell, those of the chosen modes in the
    order chosen (700.2c)."""
    if card.spell is not None:
        modal = choice_effects.modal_of(card.spell.effects)
        if modal is not None:
            return card.spell.targets + choice_effects.mode_layout(modal, modes)[0]
        return card.spell.targets
    for ab in card.abilities:
        if isinstance(ab, StaticAbility) and ab.kind == "enchant":
            # 702.5d: "Enchant player" / "Enchant opponent" target a player (target_kind)
            return (TargetSpec(getattr(ab, "target_kind", "permanent"), ab.filter,
                               text=ab.text.lower().replace("enchant", "target")),)
    return ()


def cast_block_reason(g: Game, p: int, o: Obj, any_time: bool = False) -> str | None:
    """Why `p` can't cast the card `o` now, or None (`any_time`: a permission that ignores timing, such
    as casting a card with madness while its triggered ability resolves, 702.35a)."""
    c = o.card
    if "Land" in c.types:
        return f"{c.name} is a land: lands are played, not cast (305.9)"
    if c.unsupported:
        return f"{c.name} is not supported by the card compiler"
    if c.faces and c.layout in ("split", "aftermath"):  # the halves combined (709.4): never cast as such
        return f"709.3: {c.name} is cast as one of its halves (the choice half: 1 or 2)"
    if not any_time and not timing.sorcery_timing_ok(g, p) and not timing.may_cast_any_time(g, p, o):
        return (f"307.1: {c.name} can be cast only during its controller's main phase while the stack is empty"
                if "Sorcery" in c.types else
                f"307.1/117.1a: {c.name} (a permanent spell) can be cast only at sorcery speed: "
                f"your main phase, stack empty")
    if "Legendary" in c.supertypes and {"Instant", "Sorcery"} & c.types and not any(
            "Legendary" in ch.supertypes and {"Creature", "Planeswalker"} & ch.types
            for ch in (g.chars(x) for x in g.permanents() if x.controller == p)):
        return f"205.4e: {c.name} is a legendary {'sorcery' if 'Sorcery' in c.types else 'instant'}: cast it only " \
               f"while you control a legendary creature or planeswalker"
    for restriction in registry.live(g.s, CAST_RESTRICTIONS):  # 601.3: split second, "cast this spell only during ..."
        why = restriction(g, p, o)
        if why:
            return why
    extra = additional_costs(c)
    if extra:
        why = _additional_block_reason(g, p, o, extra)
        if why:
            return why
    for choice in additional_cost_choices(c):
        if not _usable_options(g, p, o, choice):
            return f"{o.card.name}: none of its additional costs can be paid (601.2b): {choice.text}"
    return None


CAST_RESTRICTIONS = registry.CAST_RESTRICTIONS  # (engine/registry.py)
FLASH_PERMISSIONS = registry.FLASH_PERMISSIONS  # (engine/registry.py)
ACTIVATION_RESTRICTIONS = registry.ACTIVATION_RESTRICTIONS  # (engine/registry.py)
PERMANENT_SPELL_HOOKS = registry.PERMANENT_SPELL_HOOKS  # (engine/registry.py)
CARD_SWAPS = registry.CARD_SWAPS  # (engine/registry.py)
CAST_FACE_CHOICES = registry.CAST_FACE_CHOICES  # (engine/registry.py)
LAND_FACE_CHOICES = registry.LAND_FACE_CHOICES  # (engine/registry.py)
ALL_MODES_HOOKS = registry.ALL_MODES_HOOKS  # (engine/registry.py)


@by_identity
def additional_costs(card: CardDef) -> tuple:
    """601.2b: the card's "As an additional cost to cast this spell, ..." costs (cached per card)."""
    return tuple(ab.cost for ab in card.abilities if isinstance(ab, AdditionalCost))


@by_identity
def pays_x_life(card: CardDef) -> bool:
    """601.2b / 107.3: "As an additional cost to cast this spell, pay X life" (cached per card)."""
    return any(isinstance(ab, PayXLife) for ab in card.abilities)


@by_identity
def additional_cost_choices(card: CardDef) -> tuple[AdditionalCostChoice, ...]:
    """601.2b: the card's "As an additional cost to cast this spell, [cost] or [cost]" choices (cached per card)."""
    return tuple(ab for ab in card.abilities if isinstance(ab, AdditionalCostChoice))


def _usable_options(g: Game, p: int, o: Obj, choice: AdditionalCostChoice) -> list[int]:
    """The options of `choice` whose parts other than mana `p` can pay (601.2b); mana is checked with the
    total cost (601.2f-h)."""
    return [i for i, cost in enumerate(choice.options) if _additional_block_reason(g, p, o, (cost,)) is None]


def with_option_mana(reqs: list[Requirement], cost: Cost) -> list[Requirement]:
    """601.2f: the total cost with an additional cost's mana added (each way to pay both)."""
    if cost.mana.is_empty():
        return reqs
    return [Requirement(tuple(a + b for a, b in zip(r.typed, e.typed)), r.generic + e.generic,  # type: ignore[arg-type]
                        r.life + e.life, r.snow + e.snow) for r in reqs for e in requirements(cost.mana, 0)]


def cost_choice_affordable(g: Game, p: int, o: Obj, reqs: list[Requirement]) -> bool:
    """Whether `p` could pay the spell's total cost `reqs` with one option of each of its additional cost
    choices (601.2b, 601.2f-h): what listing a cast asks (rules/priority.py)."""
    return all(any(mana_payment.can_pay(g, p, with_option_mana(reqs, choice.options[i]), ("spell", o.id))
                   for i in _usable_options(g, p, o, choice)) for choice in additional_cost_choices(o.card))


def _choose_cost_options(g: Game, p: int, o: Obj, card: CardDef, action: A.CastSpell,
                         reqs: list[Requirement]) -> tuple[list[Requirement], tuple[Cost, ...], tuple]:
    """601.2b: the option the caster chooses of each "[cost] or [cost]" additional cost: from the action's
    choices (("cost_option", label)), else asked among those that can be paid (a scenario answers the
    option's text, "pay {5}"; without a chooser the first one whose mana can be paid too). Returns the total
    cost with the options' mana (601.2f), the options' other costs, and the choices to remember."""
    chosen: list[Cost] = []
    answers: tuple = ()
    for choice in additional_cost_choices(card):
        usable = _usable_options(g, p, o, choice)
        if not usable:
            raise IllegalActionError(f"{card.name}: none of its additional costs can be paid (601.2b): {choice.text}")
        given = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "cost_option"), None)
        labels = [choice.labels[i] for i in sorted(usable, key=lambda i: not mana_payment.can_pay(
            g, p, with_option_mana(reqs, choice.options[i]), ("spell", o.id)))]
        if given is None:
            prompt = f"601.2b: {card.name}: which additional cost do you pay? ({' or '.join(labels)})"
            given = g.choose(p, "cost_option", labels, prompt) if len(labels) > 1 else \
                g.unasked(p, "cost_option", labels, prompt)
        if given not in labels:
            raise IllegalActionError(f"{card.name}: its additional cost is one of {' / '.join(choice.labels)} that can be "
                                     f"paid ({', '.join(labels)}) (601.2b), not {given!r}")
        cost = choice.options[choice.labels.index(given)]
        reqs = with_option_mana(reqs, cost)
        chosen.append(cost)
        answers += (("cost_option", given),)
        g.log_event("additional_cost", "601.2b", card=card.name, cost=given)
    return reqs, tuple(chosen), answers


def _spell_sacrifice_candidates(g: Game, p: int, o: Obj, cost: Cost) -> list[int]:
    assert cost.sacrifice is not None
    # 601.2g-h: mana abilities are activated before the costs are paid, so a permanent may be tapped
    # for mana and then sacrificed for the same spell (a mana rock for Eviscerator's Insight).
    cands = [x.id for x in g.permanents(p) if targeting.matches_filter(g, cost.sacrifice, x, p)]
    # A permanent whose mana ability sacrifices it (a Treasure) can't both add mana and be sacrificed for
    # the cost: the others come first, so the default choice keeps its mana.
    return sorted(cands, key=lambda c: _sacrifices_for_mana(g, g.s.objects[c]))


def _sacrifices_for_mana(g: Game, o: Obj) -> bool:
    return any(isinstance(ab, ManaAbility) and (ab.cost.sacrifice_self or ab.cost.sacrifice is not None)
               for ab in object_abilities.activated_abilities(g, o))


def sacrificed_mana_sources(g: Game, p: int, o: Obj) -> tuple[int, ...]:
    """601.2h: the permanents the spell's additional sacrifice costs take by default that a mana
    ability would have sacrificed too (only Treasures left to sacrifice): they can't pay its mana."""
    out: list[int] = []
    for cost in additional_costs(o.card):
        if cost.sacrifice is not None:
            cands = [c for c in _spell_sacrifice_candidates(g, p, o, cost) if c not in out]
            if cands and _sacrifices_for_mana(g, g.s.objects[cands[0]]):
                out.append(cands[0])
    return tuple(out)


def _additional_block_reason(g: Game, p: int, o: Obj, extra: tuple) -> str | None:
    pl = g.s.players[p]
    for cost in extra:
        if cost.sacrifice is not None and not _spell_sacrifice_candidates(g, p, o, cost):
            return f"{o.card.name}: there is nothing to sacrifice for its additional cost (601.2b)"
        if type(cost) is CostPlus and cost.discard and sum(
                1 for c in pl.hand if c != o.id and (cost.discard_filter is None or targeting.matches_filter(
                    g, cost.discard_filter, g.s.objects[c], p))) < cost.discard:
            return f"{o.card.name}: not enough other cards in hand to discard for its additional cost (601.2b)"
        if cost.life and pl.life < cost.life:
            return f"{o.card.name}: {pl.name} can't pay {cost.life} life (119.4)"
        if type(cost) is CostPlus and cost.return_to_hand is not None and not cost_objects.return_candidates(g, p, o, cost):
            return f"{o.card.name}: there is nothing to return to its owner's hand for its additional cost (601.2b)"
        if type(cost) is CostPlus and cost.reveal_from_hand is not None and not _reveal_candidates(g, p, o, cost):
            return f"{o.card.name}: there is no such card in hand to reveal for its additional cost (601.2b)"
    return None


def _reveal_candidates(g: Game, p: int, o: Obj, cost: CostPlus) -> list[int]:
    """601.2b / 701.16a: the cards of `p`'s hand (other than the spell) a "reveal an Elf card from your hand" shows."""
    assert cost.reveal_from_hand is not None
    return [c for c in g.s.players[p].hand if c != o.id and targeting.matches_filter(
        g, cost.reveal_from_hand, g.s.objects[c], p)]


COST_MODIFIERS = registry.COST_MODIFIERS  # (engine/registry.py)
CAST_OPTIONS = registry.CAST_OPTIONS  # (engine/registry.py)
SPELL_PAYERS = registry.SPELL_PAYERS  # (engine/registry.py)
AFFORD_HOOKS = registry.AFFORD_HOOKS  # (engine/registry.py)
CAST_ACTION_FILTERS = registry.CAST_ACTION_FILTERS  # (engine/registry.py)
CAST_VARIANTS = registry.CAST_VARIANTS  # (engine/registry.py)
CAST_PERMISSIONS = registry.CAST_PERMISSIONS  # (engine/registry.py)


def cast_permission(g: Game, p: int, o: Obj) -> Any:
    """The permission under which `p` may cast `o` from the zone it is in (not a hand), or None."""
    for perm in CAST_PERMISSIONS:
        found = perm(g, p, o)
        if found is not None:
            return found
    return None


def _kicker_choice(g: Game, p: int, card: CardDef, action: A.CastSpell) -> bool:
    """601.2b / 702.33a: the player announces whether they pay the kicker cost. From the action's
    choices (("kicked", bool)), else asked (scenario answer true/false; default not kicked)."""
    for c in action.choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == "kicked":
            return bool(c[1])
    ans = g.choose(p, "kicker", [False, True],
                 f"702.33a: {card.name}: pay its kicker cost {total_cost.kicker_cost(card).text}? (true or false)")
    if not isinstance(ans, bool):
        raise IllegalActionError(f"{card.name}: answer true or false for its kicker cost (702.33a)")
    return ans


@by_identity
def flashback_cost(card: CardDef) -> Any:
    """702.34a: the flashback cost (a ManaCost; cards/templates/costs.py) of an instant or sorcery, or None."""
    cost = next((ab.cost for ab in card.abilities if type(ab).__name__ == "Flashback"), None)
    return cost if {"Instant", "Sorcery"} & card.types else None


def flashback_reqs(g: Game, p: int, card: CardDef, x: int, targets: tuple[int, ...] = ()) -> list[Requirement]:
    """601.2f / 702.34a: the flashback cost (an alternative cost) with cost increases and reductions."""
    return requirements(flashback_cost(card), x, total_cost.cost_adjustment(g, p, card, targets))


def is_flashback_cast(p: int, o: Obj | None) -> bool:
    """702.34a: `p` casting `o` from their graveyard casts it with flashback."""
    return o is not None and o.zone == GRAVEYARD and o.owner == p and flashback_cost(o.card) is not None


def origin_reqs(g: Game, p: int, o: Obj, action: A.CastSpell) -> list[Requirement]:
    """601.2f: the cost a cast of `o` starts from, by the zone it is cast from: the flashback cost from a
    graveyard (702.34a), a permission's cost from another zone (an alternative cost or the mana cost),
    else the mana cost; with cost increases and reductions."""
    if is_flashback_cast(p, o):
        return flashback_reqs(g, p, o.card, action.x, action.targets)
    permit = cast_permission(g, p, o) if o.zone not in (HAND, STACK) else None
    if permit is not None:
        return permit.reqs(g, p, o.card, action.x, action.targets)
    return total_cost.total_cost_reqs(g, p, o.card, action.x, action.targets)


def cast_spell(g: Game, p: int, action: A.CastSpell) -> None:
    s = g.s
    o = s.objects.get(action.card)
    flashback = is_flashback_cast(p, o)
    permit = cast_permission(g, p, o) if o is not None and o.zone not in (HAND, STACK) and not flashback else None
    # a permission says whose cards it lets p cast (Nightveil Specter's: cards another player owns too)
    if o is None or (o.zone != HAND and not flashback and permit is None) or (o.owner != p and permit is None):
        raise IllegalActionError(f"{g.name_of(action.card)} is not in {s.players[p].name}'s hand")
    vf = _facedown_module
    face_down = not flashback and permit is None and vf.face_down_cast_wanted(g, p, o, action)  # 601.2b / 702.37c
    if not face_down and o.card.faces:
        for choose_face in CAST_FACE_CHOICES:  # 715.3 an Adventure, 712.11b a back face, 709.3 a half
            choose_face(g, p, o, action)
    why = vf.face_down_block_reason(g, p, o) if face_down else cast_block_reason(
        g, p, o, any_time=permit is not None and permit.any_time)
    if why:
        raise IllegalActionError(why)
    card = vf.cast_face_down(g, p, o) if face_down else o.card  # 708.4: turned face down first
    for swap in CARD_SWAPS:  # 702.96a overload: the spell's text changes as it is cast (rules/casting.py)
        card = swap(g, p, o, action, card)
    x_life = pays_x_life(card)  # 601.2b: "pay X life" as an additional cost: X announced without an {X}
    if action.x and not card.mana_cost.x_count and not x_life:
        raise IllegalActionError(f"{card.name} has no X in its cost")
    if action.x < 0:
        raise IllegalActionError("X can't be negative (107.3)")
    modal = choice_effects.modal_of(card.spell.effects) if card.spell is not None else None
    if action.modes and modal is None:
        raise IllegalActionError(f"{card.name} is not a modal spell: it has no modes to choose (700.2)")
    if modal is not None and not any(hook(card, modal, action.modes) for hook in ALL_MODES_HOOKS):
        choice_effects.check_modes(card.name, modal, action.modes)
    kicked = total_cost.kicker_cost(card) is not None and _kicker_choice(g, p, card, action)  # 601.2b, 702.33a
    specs = spell_targets(card, action.modes)
    o.x = action.x  # 601.2b: X is announced before the targets are chosen ("with mana value X", 601.2c)
    targeting.check_targets(g, specs, action.targets, p, o.id, card.name, g.chars(o).colors)  # 702.114a devoid
    if face_down:
        reqs = vf.face_down_reqs(g, p, card)  # 702.37c / 702.168b: {3} rather than its mana cost
    elif flashback:
        reqs = flashback_reqs(g, p, card, action.x, action.targets)  # 702.34a
    elif permit is not None:
        reqs = permit.reqs(g, p, card, action.x, action.targets)  # 601.2f: an alternative cost, or the mana cost
    else:
        reqs = total_cost.kicked_reqs(g, p, card, action.x, action.targets) if kicked else \
            total_cost.total_cost_reqs(g, p, card, action.x, action.targets)
    added: tuple = ()
    for hook in CAST_OPTIONS:  # 601.2b: other optional additional and alternative costs (rules/casting.py)
        reqs, more = hook(g, p, o, action, reqs, kicked, flashback)
        added += more
    option_costs: tuple[Cost, ...] = ()
    if additional_cost_choices(card):  # 601.2b: "discard a card or pay {5}"
        reqs, option_costs, more = _choose_cost_options(g, p, o, card, action, reqs)
        added += more
    # 601.2a: the card moves to the stack first; mana abilities then can't use it.
    hand = s.players[p].hand
    cast_origin.remember(g, o.id, p, o.zone)  # "if you cast it from your hand" (603.4)
    g.perform(CastMoved("601.2a", o.id, p))  # from its hand, graveyard (flashback) or wherever a permission says
    o.x = action.x
    # 601.2b / 601.2h: additional costs; the objects they use are chosen before mana is paid.
    victims: list[int] = []
    discards: list[int] = []
    life = 0
    exiles: list[int] = []
    returns: list[int] = []  # a land returned may first be tapped for mana (601.2g-h): returned after the mana
    permit_costs = (permit.additional,) if permit is not None and permit.additional is not None else ()
    for cost in additional_costs(card) + option_costs + permit_costs:
        if type(cost) is CostPlus and cost.exile_from_graveyard is not None:  # 702.138a escape
            cands = [c for c in s.players[p].graveyard if c not in exiles and targeting.matches_filter(
                g, cost.exile_from_graveyard, s.objects[c], p, o.id)]
            exiles += cost_objects.choose_cost_objects(g, p, cands, cost.exile_count, "exile", card.name)
        if cost.sacrifice is not None:
            victims += cost_objects.choose_cost_objects(g, p, [c for c in _spell_sacrifice_candidates(g, p, o, cost)
                                                   if c not in victims], 1, "sacrifice", card.name)
        if type(cost) is CostPlus and cost.discard:
            cands = [c for c in hand if c not in discards and (
                cost.discard_filter is None or targeting.matches_filter(g, cost.discard_filter, s.objects[c], p))]
            discards += cost_objects.choose_cost_objects(g, p, cands, cost.discard, "discard", card.name)
        if type(cost) is CostPlus and cost.return_to_hand is not None:
            returns += cost_objects.choose_cost_objects(g, p, [c for c in cost_objects.return_candidates(g, p, o, cost)
                                                               if c not in returns], 1, "return", card.name)
        if type(cost) is CostPlus and cost.reveal_from_hand is not None:
            shown = cost_objects.choose_cost_objects(g, p, _reveal_candidates(g, p, o, cost), 1, "reveal", card.name)
            g.log_event("reveal", "701.16a", player=s.players[p].name, cards=[g.name_of(c) for c in shown],
                        source=card.name)  # revealed, it stays in the hand
        life += cost.life
    if x_life:
        life += action.x  # 119.4: X life, X as announced (107.3)
    if life and s.players[p].life < life:
        raise IllegalActionError(f"{s.players[p].name} can't pay {life} life (119.4)")
    if not any(payer(g, p, o, reqs, action, tuple(victims)) for payer in SPELL_PAYERS):  # convoke, delve ...
        # A victim may be tapped for mana first (601.2g-h), but not sacrificed for mana: it is sacrificed once.
        sacrificing = tuple(v for v in victims if _sacrifices_for_mana(g, g.s.objects[v]))
        mana_payment.pay_mana(g, p, reqs, action.payment, card.name, exclude_more=sacrificing, purpose=("spell", o.id))
    if life:
        g.set_life(p, -life, "119.4", source=card.name)
    for v in victims:
        effects.sacrifice(g, v)
    for c in discards:
        effects.discard(g, p, c, rule="701.8a")
    for c in exiles:
        g.move(c, EXILE, rule="406.2")
    for c in returns:
        if s.objects.get(c) is None or s.objects[c].zone != BATTLEFIELD:
            raise IllegalActionError(f"{card.name}: the permanent chosen to return for its cost is gone (601.2h)")
        g.move(c, HAND, rule="601.2h")
    choices = action.choices + tuple(c for c in added if c not in action.choices)
    if victims:  # 601.2h: what "the sacrificed creature" refers to as it resolves (608.2h)
        choices = choices + (("sacrificed", tuple(victims)),)
    if permit is not None:
        choices = choices + tuple(c for c in permit.choices if c not in choices)
        g.log_event(permit.event, permit.rule, card=card.name)
        permit.cast(g, p, o.id)  # what the permission remembers about the spell (702.138b "escaped")
    if flashback:
        choices = choices + (("flashback", True),)
        g.log_event("flashback", "702.34a", card=card.name, cost=flashback_cost(card).text)
    if kicked:
        choices = tuple(c for c in choices if not (isinstance(c, tuple) and c[:1] == ("kicked",))) + (("kicked", True),)
        g.log_event("kicked", "702.33a", card=card.name, cost=total_cost.kicker_cost(card).text)
    item = StackItem(o.id, "spell", p, card.name, obj=o.id, source=o.id, targets=action.targets, x=action.x,
                     modes=action.modes, choices=choices)
    s.stack.append(item)
    _trigger_events_module.targets_chosen(g, p, item)  # 702.21a
    s.players[p].spells_cast += 1
    g.record("cast", "601.2", player=s.players[p].name, card=card.name, id=o.id,
                targets=[g.name_of(t) for t in action.targets], x=action.x,
                **({"modes": list(action.modes)} if action.modes else {}))
    s.passes = 0
    g.invalidate()
    triggers = _triggers_module
    triggers.spell_cast(g, p, o.id)


def cast_variants(g: Game, card: CardDef) -> list[tuple[tuple[int, ...], tuple[TargetSpec, ...]]]:
    """The (modes, targets) a spell can be cast with: one per allowed mode choice for a modal spell."""
    modal = choice_effects.modal_of(card.spell.effects) if card.spell is not None else None
    if modal is None:
        return [((), spell_targets(card))]
    n = len(modal.modes)
    out = []
    for k in range(modal.min, min(modal.max, n) + 1):
        for combo in combinations(range(1, n + 1), k):
            out.append((combo, spell_targets(card, combo)))
    return out


# ----------------------------------------------------------------------------- resolving

def resolve_top(g: Game) -> None:
    """608: resolve the top object of the stack."""
    s = g.s
    item = s.stack.pop()
    g.invalidate()
    if item.kind == "combat_damage":
        mark = len(s.log)
        combat.resolve_damage_object(g, item)
        _triggers_module.combat_damage_dealt(g, [(oid, r, n) for oid, _, r, n in item.damage], mark)
        return
    if item.kind == "spell":
        for begins in registry.live(s, registry.SPELL_BEGINS_RESOLVING):
            begins(g, item)  # 702.103e: a bestowed Aura spell with an illegal target resolves as a creature
        o = s.objects[item.obj]
        card = o.card
        specs = spell_targets(card, item.modes)
        legal = tuple(targeting.target_legal(g, spec, t, item.controller, o.id, g.chars(o).colors)
                      for spec, t in zip(targeting.fitted_specs(specs, len(item.targets)), item.targets))
        legal = targeting.dependent_legal(g, tuple(specs), item.targets, legal)  # 115.1: "that player controls"
        if specs and targeting.all_targets_illegal(item.targets, legal):
            g.log_event("fizzle", "608.2b", card=card.name, reason="all its targets are illegal")
            g.move(o.id, effects.spell_destination(item), rule="608.2b")
            return
        g.log_event("resolve", "608.2", card=card.name, id=o.id)
        if card.spell is not None:
            s.stack.append(item)  # 608.2n: it stays on the stack until it has finished resolving
            ctx = effect_context.Context(item.controller, o.id, item.targets, legal, item.x, card.name, (o.copy(), g.chars(o)),
                                  modes=item.modes, kicked=("kicked", True) in item.choices,
                                  sacrificed=effects.sacrificed_for_cost(item.choices), choices=item.choices)
            effects.run(g, ctx, card.spell.effects, finish=(
                "spell_to_exile" if effects.spell_destination(item) == EXILE else "spell_to_graveyard", o.id))
        else:
            if g.chooser is None and any(isinstance(a, StaticAbility) and a.kind == "etb_choose_color"
                                         for a in card.abilities):
                # 614.12: "As this enters, choose a color" is a decision of its controller; the spell
                # stays on the stack until it has finished resolving (608.2n).
                g.s.stack.append(item)
                g.s.queue.insert(0, ("etb_color", item.controller, item))
                return
            put_permanent(g, item, {})
        return
    ab = item.ability
    specs = ab.targets if ab is not None else ()
    modal = choice_effects.modal_of(ab.effects) if ab is not None and hasattr(ab, "effects") else None
    if modal is not None:
        specs = specs + choice_effects.mode_layout(modal, item.modes)[0]
    colors = item.source_lki[1].colors if item.source_lki else frozenset()
    legal = tuple(targeting.target_legal(g, spec, t, item.controller, item.source, colors)
                  for spec, t in zip(targeting.fitted_specs(specs, len(item.targets)), item.targets))
    event_obj = item.choices[0] if item.kind == "trigger" and item.choices else None
    # 115.1: "that player controls": an earlier target's player, or the trigger event's
    legal = targeting.dependent_legal(g, tuple(specs), item.targets, legal, event_obj)
    if specs and targeting.all_targets_illegal(item.targets, legal):
        g.log_event("fizzle", "608.2b", card=item.name, reason="all its targets are illegal")
        return
    if item.kind == "trigger" and getattr(ab, "intervening", None) is not None:
        if not _trigger_events_module.still_holds(g, item):
            return  # 603.4: the intervening "if" clause is false as it resolves
    g.log_event("resolve", "608.2", card=item.name, ability=ab.text if ab else "")
    ctx = effect_context.Context(item.controller, item.source, item.targets, legal, item.x, item.name, item.source_lki,
                          event_obj=event_obj, modes=item.modes,
                          sacrificed=effects.sacrificed_for_cost(item.choices) if item.kind == "ability" else (),
                          choices=item.choices if item.kind == "trigger" else ())  # a trigger's division (601.2d)
    effects.run(g, ctx, ab.effects if ab else (), finish=None)


# The alternative costs a permanent remembers having been cast for (702.117a surge, 702.137a spectacle,
# 702.35a madness, 702.119a emerge): "When CARDNAME enters, if its surge cost was paid" (603.4).
PAID_COST_KINDS = frozenset({"surge", "spectacle", "madness", "emerge"})


def put_permanent(g: Game, item: StackItem, etb_choices: dict) -> None:
    """608.3: a permanent spell becomes a permanent (an Aura attached to its target, 303.4f). The
    permanent remembers the optional costs its spell was cast with (702.33d kicker; "if its surge cost
    was paid", 603.4)."""
    if ("kicked", True) in item.choices:
        etb_choices = {**etb_choices, "kicked": True}
    paid = frozenset(c[0] for c in item.choices if isinstance(c, tuple) and len(c) == 2 and c[1] is True
                     and c[0] in PAID_COST_KINDS)
    if paid:
        etb_choices = {**etb_choices, "costs_paid": paid}
    new = g.move(item.obj, BATTLEFIELD, rule="608.3", controller=item.controller, cast_x=item.x,
                 etb_choices=etb_choices)
    if item.targets and spell_targets(g.s.objects[new].card):  # not a copy of an Aura (rules/copy_effects.py)
        # 303.4f: the Aura enters attached to its target (its timestamp is that of entering)
        g.perform(AttachChange("303.4f", new, item.targets[0], restamp=False))
    for hook in PERMANENT_SPELL_HOOKS:
        hook(g, item, new)


ETB_REPLACEMENTS = registry.ETB_REPLACEMENTS  # 614.1c (engine/registry.py)


ETB_FROM_OTHERS = registry.ETB_FROM_OTHERS  # 614.12 (engine/registry.py)


ENTERS_AS = registry.ENTERS_AS  # (engine/registry.py)


def enters_battlefield(g: Game, o: Obj, choices: dict) -> None:
    """614.1c-d, 614.12: replacement effects that modify how a permanent enters (applied before
    it is on the battlefield)."""
    for enters_as in ENTERS_AS:
        enters_as(g, o, choices)
    # 614.12: look at the permanent as it would exist on the battlefield (Blood Moon removes a
    # Guildgate's "enters tapped" before it could apply).
    if choices.get("kicked"):
        _trigger_events_module.remember_kicked(g, o.id)  # "When CARDNAME enters, if it was kicked" (603.4)
    if choices.get("costs_paid"):
        _trigger_events_module.remember_costs_paid(g, o.id, choices["costs_paid"])  # "if its surge cost was paid"
    for ab in g.chars(o).abilities:
        if isinstance(ab, StaticAbility):
            if ab.kind == "etb_choose_color":
                color = choices.get("color") or g.choose(
                    o.controller, "color", list(COLORS), f"614.12: as {o.card.name} enters, choose a color")
                if not is_color(color):
                    raise IllegalActionError(f"614.12: {o.card.name}: choose one color, W, U, B, R or G (106.1), "
                                             f"not {color!r}")
                o.chosen_color = color
                g.log_event("choose_color", "614.12", card=o.card.name, color=o.chosen_color)
            elif ab.kind == "etb_tapped":
                o.tapped = True
            elif ab.kind == "etb_counters_if_kicked":
                if choices.get("kicked"):  # 702.33d, 614.1c
                    o.counters[ab.counter_kind] = o.counters.get(ab.counter_kind, 0) + int(ab.amount)  # type: ignore[arg-type]
            elif ab.kind == "etb_counters":
                n = ab.amount
                if n == "X":
                    n = o.cast_x or 0  # 107.3m: the X paid; put onto the battlefield without casting: 0
                elif isinstance(n, Count):
                    n = 0
                if n:
                    o.counters[ab.counter_kind] = o.counters.get(ab.counter_kind, 0) + int(n)
            elif ab.kind in ETB_REPLACEMENTS:
                ETB_REPLACEMENTS[ab.kind](g, o, ab, choices)  # a template module's 614.1c effect (bloodthirst)
    for kind, n in choices.get("counters", {}).items():
        # 614.1c: "return it to the battlefield with a -1/-1 counter on it" (persist 702.79a, undying 702.93a)
        o.counters[kind] = o.counters.get(kind, 0) + n
    for other in ETB_FROM_OTHERS:
        other(g, o, choices)  # 614.12: replacement effects of other permanents ("... enter tapped")
    o.x = 0  # 107.3m / 107.3g: on the battlefield X is 0


def item_for(g: Game, ref: int) -> StackItem | None:
    for it in g.s.stack:
        if it.obj == ref or it.id == ref:
            return it
    return None


__all__ = ["play_land", "cast_spell", "resolve_top", "Ref"]
