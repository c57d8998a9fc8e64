"""CR 117: priority.

- 117.3a-d: who receives priority; the player who acts keeps it (117.3c); passing gives it to
  the next player in turn order (117.3d).
- 117.4: when all players pass in succession, the top of the stack resolves (then the active
  player receives priority, 117.3b), or, with an empty stack, the step or phase ends.
- Trivial passes (pass is the only legal action) are made automatically by the engine loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.costs import fixed_supply, payable, requirements, solve_payment
from ..model.decisions import Decision, DecisionKind
from ..model.state import PerCardKinds
from ..model.vocab import ManaAbility, ability_types
from ..model.vocab.facedown import FaceDownCost
from . import (
    activation,
    companion,
    ending_effects,
    facedown,
    layouts,
    mana_abilities,
    mana_payment,
    object_abilities,
    produce,
    stack,
    targeting,
    timing,
    total_cost,
    turn,
)
from . import cast_from_zones as _cast_from_zones_module
from . import graveyard_keywords as _graveyard_keywords_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState


MAX_X_LISTED = 10
_PASS = A.PassPriority()  # immutable: one for every list


def pass_priority(g: Game) -> None:
    s = g.s
    s.passes += 1
    if s.passes >= 2:
        s.passes = 0
        if s.stack:
            stack.resolve_top(g)
            if not s.over:
                s.priority = s.active  # 117.3b
        else:
            turn.end_step(g)
    else:
        s.priority = 1 - s.priority  # type: ignore[operator]


def priority_actions(g: Game, p: int) -> list[A.Action]:
    """Everything `p` may do now except activating mana abilities on their own."""
    s = g.s
    acts: list[A.Action] = [_PASS]
    pl = s.players[p]
    sources = None
    restricted = False
    afford_memo: dict = {}  # (printed mana cost, X, cost change) -> payable with `sources` (_spell_affordable)
    land_ok = None
    sorcery_time = timing.sorcery_timing_ok(g, p)
    face_down, special_actions, flashback, graveyard_abilities, graveyard_casts = _game_features(s)
    # 601.3b: a permission to cast spells as though they had flash makes no card in hand quiet
    granted = not sorcery_time and any(f(g, p, None) for f in registry.live(s, registry.FLASH_GRANTS))
    for oid in (pl.hand if sorcery_time or granted else _loud_cards(s, p)):
        o = s.objects[oid]
        card = o.card
        if card.abilities and activation.hand_abilities(card):
            acts.extend(_hand_ability_actions(g, p, o))  # 113.6b / 702.29a: cycling
        if card.abilities and face_down and facedown.face_down_ability(card) is not None:
            acts.extend(facedown.face_down_cast_actions(g, p, o))  # 702.37c / 702.168b
        if "Land" in card.types:
            if land_ok is None:
                land_ok = stack.can_play_land_now(g, p) is None
            if land_ok:
                acts.append(A.PlayLand(oid))
            continue
        if not sorcery_time and not timing.may_cast_any_time(g, p, o):
            continue  # 307.1 / 117.1a: cast_block_reason would say so (without writing out why)
        if stack.cast_block_reason(g, p, o, any_time=True) is not None:  # its timing was checked just above
            continue
        if sources is None:
            sources = mana_payment.mana_sources(g, p)
            restricted = mana_abilities.has_restricted(g, p)
        # 106.6: mana that may pay only for some spells counts only for those.
        card_sources = mana_payment.mana_sources(g, p, purpose=("spell", oid)) if restricted else sources
        card_memo = {} if restricted else afford_memo  # the memo holds for one list of sources
        xs = [0]
        if card.mana_cost.x_count:
            xs = [x for x in range(0, MAX_X_LISTED + 1) if _spell_affordable(g, p, o, x, card_sources, card_memo)]
            if not xs:
                continue
        # 601.2b: other optional and alternative costs (buyback, evoke, dash ...: rules/casting.py)
        variants = [c for hook in registry.CAST_VARIANTS for c in hook(g, p, o, card_sources)]
        if not card.mana_cost.x_count and not _spell_affordable(g, p, o, 0, card_sources, card_memo):
            if not variants:
                continue
            xs = []
        kick = bool(xs) and total_cost.kicker_cost(card) is not None and \
            solve_payment(total_cost.kicked_reqs(g, p, card, 0), mana_abilities.usable_pool(g, p, ("spell", oid)),
                          card_sources, pl.life, mana_abilities.usable_snow(g, p, ("spell", oid))) is not None  # 702.33a
        for modes, specs in stack.cast_variants(g, card):  # 700.2a: one entry per mode choice of a modal spell
            if specs and len(xs) > 1:
                # 601.2b-c: X is announced before the targets, which may depend on it ("target spell with mana
                # value X"): the targets listed for each X are those legal with it
                for x in xs:
                    was, o.x = o.x, x
                    combos = targeting.target_combos(g, specs, p, oid, card.colors)
                    o.x = was
                    for targets in combos:
                        acts.append(A.CastSpell(oid, targets, x, modes=modes))
                        if kick:
                            acts.append(A.CastSpell(oid, targets, x, modes=modes, choices=(("kicked", True),)))
                for targets in targeting.target_combos(g, specs, p, oid, card.colors) if variants else ():
                    for choices in variants:
                        acts.append(A.CastSpell(oid, targets, 0, modes=modes, choices=choices))
                continue
            for targets in targeting.target_combos(g, specs, p, oid, card.colors):
                for x in xs:
                    acts.append(A.CastSpell(oid, targets, x, modes=modes))
                    if kick:
                        acts.append(A.CastSpell(oid, targets, x, modes=modes, choices=(("kicked", True),)))
                for choices in variants:
                    acts.append(A.CastSpell(oid, targets, 0, modes=modes, choices=choices))
    if layouts.has_face_cards(s, p):
        acts.extend(layouts.face_cast_actions(g, p))  # 715.3 Adventures, 715.3d from exile, 712 faces, 709 halves
    if s.face_down_seen:
        acts.extend(facedown.turn_face_up_actions(g, p))  # 116.2b: a special action
    gk, cz = _graveyard_keywords_module, _cast_from_zones_module
    if special_actions:
        acts.extend(cz.exile_actions(g, p))  # 116.2f/h/k: suspend, foretell, plot; casting foretold or plotted cards
    if pl.exile and any(e.kind == cz.MAY_PLAY_THIS_TURN for e in s.effects):
        acts.extend(cz.may_play_actions(g, p))  # 601.3 / 305.1: "you may play it this turn"
    acts.extend(cz.library_top_land_actions(g, p))  # 305.1: "you may play lands from the top of your library"
    if pl.companion is not None:
        acts.extend(companion.companion_actions(g, p))  # 116.2g: put the companion into the hand
    if s.effects and any(e.kind == ending_effects.LICID_AURA for e in s.effects):
        acts.extend(ending_effects.end_effect_actions(g, p))  # 116.2c: "you may pay {G} to end this effect"
    if pl.graveyard and flashback:
        for oid in pl.graveyard:
            if stack.flashback_cost(s.objects[oid].card) is not None:
                acts.extend(_flashback_actions(g, p, s.objects[oid]))  # 702.34a
    if pl.graveyard:
        if graveyard_abilities:
            acts.extend(gk.graveyard_ability_actions(g, p))  # 113.6m: abilities that work from a graveyard
        if graveyard_casts or any(e.kind in cz.GRANTED_GRAVEYARD_CASTS for e in s.effects):
            # 601.3: retrace, jump-start, escape; flashback granted, "you may cast it from your graveyard this turn"
            acts.extend(cz.zone_cast_actions(g, p))
        acts.extend(gk.graveyard_land_actions(g, p))  # 305.1: "you may play lands from your graveyard"
        acts.extend(companion.graveyard_cast_actions(g, p))  # 601.3: "once during each of your turns" (Lurrus)
    for o, idx, ab, foreign in _activated_candidates(g, p):
        oid = o.id
        if foreign and not activation.any_player_may(g, o, idx):
            continue
        if ab.sorcery_speed and not timing.sorcery_timing_ok(g, p):
            continue
        cost = ab.cost
        if mana_payment.cost_block_reason(g, o, cost) is not None:
            continue
        if cost.life and pl.life < cost.life:
            continue
        increase = total_cost.ability_cost_adjustment(g, o, cost.mana)  # 601.2f: "cost {3} more / {1} less"
        if not cost.mana.is_empty() or cost.mana.x_count or increase:
            srcs = mana_payment.mana_sources(g, p, exclude=oid if cost.tap else None, purpose=("ability", oid))
            if solve_payment(requirements(cost.mana, 0, increase), mana_abilities.usable_pool(g, p, ("ability", oid)),
                             srcs, pl.life, mana_abilities.usable_snow(g, p, ("ability", oid))) is None:
                continue
        removed = activation.removed_x_kind(cost)
        # 107.3 / 601.2b: "Remove X [kind] counters from CARDNAME": each X up to the counters it has
        xs = range(min(o.counters.get(removed, 0), MAX_X_LISTED) + 1) if removed is not None else (0,)
        for modes, specs in activation.ability_variants(ab):  # 602.2b / 700.2: the modes, chosen as it is activated
            for targets in targeting.target_combos(g, specs, p, oid, g.chars(o).colors):
                acts.extend(A.ActivateAbility(oid, idx, targets, x, modes=modes) for x in xs)
    if len(acts) == 1:
        return acts  # only passing: nothing to filter
    if registry.ACTIVATION_RESTRICTIONS:  # 702.61a split second
        acts = [a for a in acts if not isinstance(a, A.ActivateAbility)
                or not any(r(g, p, a) for r in registry.ACTIVATION_RESTRICTIONS)]
    expansions = registry.live(s, registry.CAST_ACTION_EXPANSIONS)
    if expansions:  # 601.2d: the divisions of a spell's damage (rules/divided.py)
        acts = _expanded(g, p, acts, expansions)
    if registry.CAST_ACTION_FILTERS:  # 601.2f: costs that depend on the chosen targets
        acts = [a for a in acts if not isinstance(a, A.CastSpell) or all(f(g, p, a) for f in registry.CAST_ACTION_FILTERS)]
    return acts


def _expanded(g: Game, p: int, acts: list[A.Action], expansions) -> list[A.Action]:
    """registry.CAST_ACTION_EXPANSIONS: each cast replaced by the casts the first expansion that answers
    gives for it (announcing a choice it needs, 601.2d)."""
    out: list[A.Action] = []
    for a in acts:
        if isinstance(a, A.CastSpell):
            for fn in expansions:
                more = fn(g, p, a)
                if more is not None:
                    out.extend(more)
                    break
            else:
                out.append(a)
        else:
            out.append(a)
    return out


def _features(kinds: frozenset | None) -> tuple[bool, bool, bool, bool, bool]:
    """Whether some card of this game can be cast face down (702.37c morph, disguise), has a special
    action from hand or exile (116.2f/h/k: suspend, foretell, plot), has flashback (702.34a), an
    ability that works from a graveyard (113.6m) or a permission to be cast from one (601.3: retrace,
    jump-start, escape); what graveyard_ability_actions and zone_cast_actions ask first."""
    if kinds is None:
        return False, False, True, True, True
    return (FaceDownCost in kinds,
            not kinds.isdisjoint(_cast_from_zones_module.SPECIAL_ACTION_KINDS),
            any(k.__name__ == "Flashback" for k in kinds),
            _graveyard_keywords_module.GraveyardAbility in kinds,
            _cast_from_zones_module.CastFromGraveyard in kinds)


_game_features = PerCardKinds("card_kinds", _features)


def _activated_candidates(g: Game, p: int) -> list[tuple]:
    """(permanent, index, ability, controlled by another player) for the non-mana activated abilities `p`
    might activate: those of `p`'s permanents, and those "any player may activate" of the others (read
    off the printed text; such an ability granted by another card is not offered). Listed once per state
    of the characteristics (Game.invalidate forgets it: permanents, control and abilities are what it
    depends on)."""
    def compute() -> list[tuple]:
        s = g.s
        got = []
        for oid in s.battlefield:
            o = s.objects[oid]
            foreign = o.controller != p  # activation.any_player_may decides for each ability
            if foreign and "ny player may activate" not in o.card.oracle_text:
                continue
            for idx, ab in object_abilities.nonmana_abilities(g, o):
                got.append((o, idx, ab, foreign))
        return got

    return g.derived(("activated_candidates", p), compute)


_QUIET: dict[int, tuple] = {}


def _quiet_at_instant_speed(card) -> bool:
    """Whether a card in hand offers nothing when its owner couldn't cast a sorcery: no ability that
    works from the hand (113.6b), no face-down casting (702.37c), not an instant, no flash (702.8a) nor
    a permission to cast it as though it had flash (601.3b); a land can't be played then either (305.1).
    Cached per card definition."""
    ent = _QUIET.get(id(card))
    if ent is None or ent[0] is not card or ent[2] != len(registry.FLASH_PERMISSION_KINDS):
        quiet = not activation.hand_abilities(card) and facedown.face_down_ability(card) is None \
            and "Instant" not in card.types and "flash" not in card.keywords \
            and registry.FLASH_PERMISSION_KINDS.isdisjoint(ability_types(card))
        if len(_QUIET) > 100_000:
            _QUIET.clear()
        ent = _QUIET[id(card)] = (card, quiet, len(registry.FLASH_PERMISSION_KINDS))
    return ent[1]


def _loud_cards(s: GameState, p: int) -> tuple[int, ...]:
    """The cards of `p`'s hand that aren't quiet at instant speed (the others offer nothing when their
    owner couldn't cast a sorcery: the checks of priority_actions would each say no). Kept per player
    with the hand it was computed for, an immutable value replaced (clones share it while it holds: an
    object id names one card in a game and its clones)."""
    hand = s.players[p].hand
    kept = s.loud_hands[p]
    if kept is not None and kept[0] == hand and kept[2] == len(registry.FLASH_PERMISSION_KINDS):
        return kept[1]  # type: ignore[return-value]
    loud = tuple(oid for oid in hand if not _quiet_at_instant_speed(s.objects[oid].card))
    entry = (list(hand), loud, len(registry.FLASH_PERMISSION_KINDS))  # a copy of the hand, never changed
    s.loud_hands = (s.loud_hands[0], entry) if p else (entry, s.loud_hands[1])
    return loud


def _spell_affordable(g: Game, p: int, o, x: int, sources, memo: dict) -> bool:
    """Whether the spell `o` with this X can be paid for (601.2f-h): its total cost (total_cost.total_cost_reqs)
    by mana abilities (`sources`), or with convoke, improvise or delve (registry.AFFORD_HOOKS). `memo`: the
    mana abilities' answers for the costs already asked about with these same `sources` during this
    priority (several cards in a hand often cost the same; the cards, and so the ids of their costs, live
    until it ends)."""
    card = o.card
    pl = g.s.players[p]
    adjust = total_cost.cost_adjustment(g, p, card)
    reqs = None
    if g.s.restricted_mana:  # 106.6: the mana this spell may use
        reqs = requirements(card.mana_cost, x, adjust)
        pool, with_pool = mana_payment.pool_and_sources(g, p, ("spell", o.id), sources)
        paid = solve_payment(reqs, pool, with_pool, pl.life, mana_abilities.usable_snow(g, p, ("spell", o.id))) is not None
    else:
        cost = card.mana_cost
        key = (cost.text or id(cost), x, adjust)  # the printed cost ("{1}{R}") says what it is
        paid = memo.get(key)
        if paid is None:
            reqs = requirements(cost, x, adjust)
            if "supply" not in memo:
                memo["supply"] = fixed_supply(pl.pool, sources)  # None: mana abilities with choices
            paid = memo[key] = payable(reqs, pl.pool, sources, pl.life, memo["supply"], pl.snow_pool)
    if paid and stack.additional_costs(card):
        excluded = stack.sacrificed_mana_sources(g, p, o)
        if excluded:  # 601.2h: a Treasure sacrificed for the cost adds no mana
            reqs = requirements(card.mana_cost, x, adjust)
            pool, with_pool = mana_payment.pool_and_sources(
                g, p, ("spell", o.id),
                [src for src in sources if not (isinstance(src.key, tuple) and src.key and src.key[0] in excluded)])
            paid = solve_payment(reqs, pool, with_pool, pl.life) is not None
    if paid and stack.additional_cost_choices(card):  # 601.2f: with the mana of an option ("or pay {5}")
        paid = stack.cost_choice_affordable(g, p, o, reqs if reqs is not None else requirements(card.mana_cost, x, adjust))
    if paid:
        return True
    if registry.AFFORD_KINDS.isdisjoint(ability_types(card)):
        return False
    if reqs is None:
        reqs = requirements(card.mana_cost, x, adjust)
    return any(hook(g, p, o, reqs) for hook in registry.AFFORD_HOOKS)


def _hand_ability_actions(g: Game, p: int, o) -> list[A.Action]:
    """Abilities of a card in `p`'s hand that work from there (113.6b; 702.29a cycling)."""
    out: list[A.Action] = []
    for idx, ab in enumerate(activation.hand_abilities(o.card)):
        if activation.hand_ability_block_reason(g, p, o, ab) is not None:
            continue
        mana = None if ab.cost.mana.is_empty() else requirements(ab.cost.mana, 0)
        costs = registry.HAND_ABILITY_COSTS.get(type(ab))
        kept_by = costs.kept if costs is not None else None  # 601.2h: what the other costs use can't pay the mana
        if mana is not None and kept_by is None and not mana_payment.can_pay(g, p, mana, ("ability", o.id)):
            continue
        xs = [0]
        if ab.cost.mana.x_count and kept_by is None:  # 107.3: "cycling {X}{1}{U}", each X that can be paid
            xs = [x for x in range(MAX_X_LISTED + 1)
                  if mana_payment.can_pay(g, p, requirements(ab.cost.mana, x), ("ability", o.id))]
        ways = costs.options(g, ab, p, o) if costs is not None else [()]  # 702.49a: the attacker returned
        if mana is not None and kept_by is not None:
            ways = [c for c in ways if mana_payment.can_pay(g, p, mana, ("ability", o.id), exclude_more=kept_by(c))]
        for targets in targeting.target_combos(g, ab.targets, p, o.id, g.chars(o).colors):
            out.extend(A.ActivateAbility(o.id, idx, targets, x, choices=c) for c in ways for x in xs)
    return out


def _flashback_actions(g: Game, p: int, o) -> list[A.Action]:
    """702.34a: casting an instant or sorcery from `p`'s graveyard by paying its flashback cost."""
    card = o.card
    if stack.cast_block_reason(g, p, o) is not None:
        return []
    xs = [0]
    if card.mana_cost.x_count or stack.flashback_cost(card).x_count:
        return []  # X spells with flashback: not offered to agents
    if not mana_payment.can_pay(g, p, stack.flashback_reqs(g, p, card, 0), ("spell", o.id)):
        return []
    out: list[A.Action] = []
    for modes, specs in stack.cast_variants(g, card):
        for targets in targeting.target_combos(g, specs, p, o.id, card.colors):
            for x in xs:
                out.append(A.CastSpell(o.id, targets, x, modes=modes))
    return out


def priority_action(g: Game, who: int, action: A.Action) -> None:
    """116 / 117.1: what a player with priority does other than pass: play a land (305.1), cast a
    spell (601), activate an ability (602, 605.3a), or take a special action (116.2b turning a
    face-down permanent face up, 116.2f/h/k exiling a card from hand, 116.2g putting the companion into
    the hand)."""
    if isinstance(action, A.PlayLand):
        stack.play_land(g, who, action)
    elif isinstance(action, A.CastSpell):
        stack.cast_spell(g, who, action)
    elif isinstance(action, A.ActivateAbility):
        if not _mana_choice(g, who, action):
            activation.activate_ability(g, who, action)
    elif isinstance(action, A.TurnFaceUp):
        facedown.turn_face_up(g, who, action)  # 116.2b: a special action
    elif isinstance(action, A.ExileFromHand):
        _cast_from_zones_module.exile_from_hand(g, who, action)  # 116.2f/h/k: a special action
    elif isinstance(action, A.PutCompanionIntoHand):
        companion.put_into_hand(g, who, action)  # 116.2g: a special action
    elif isinstance(action, A.EndEffect):
        ending_effects.end_effect(g, who, action)  # 116.2c: a special action
    else:
        raise IllegalActionError(f"{type(action).__name__} is not possible now: "
                                 f"{g.s.players[who].name} has priority")


def _mana_choice(g: Game, who: int, action: A.ActivateAbility) -> bool:
    """A mana ability activated on its own whose result is a choice (a color, the order of
    replacement effects 616.1, a triggered mana ability's color) becomes a decision: the
    player picks the resulting mana among the distinct outcomes. Returns True if it did."""
    if g.chooser is not None or action.choices or not object_abilities.is_mana_ability_action(g, action):
        return False
    o = g.s.objects[action.source]
    if o.controller != who:
        return False  # 602.2 / 605.3a: activation.activate_ability refuses another player's permanent
    ab = object_abilities.activated_abilities(g, o)[action.index]
    assert isinstance(ab, ManaAbility)
    if ab.cost.sacrifice is not None or mana_payment.cost_block_reason(g, o, ab.cost):
        return False
    finals = tuple(dict.fromkeys(pl.final for pl in produce.activation_plans(g, who, o, ab)))
    if len(finals) < 2:
        return False
    g.s.pending = Decision(DecisionKind.MANA_CHOICE, who, data=(action, finals),
                           prompt=f"{o.card.name}: choose the mana it adds (106.1, 616.1)")
    return True
