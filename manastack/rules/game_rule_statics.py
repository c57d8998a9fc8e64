"""Static abilities and effects that change the rules of the game for a player (402.2, 305.2, 502.3,
702.124j); the templates are in cards/templates/statics_game_rules.py.

- 402.2: "You have no maximum hand size", "Players have no maximum hand size" (registry.HAND_SIZE).
- 702.11c / 702.18a: "You have hexproof" (opponents' spells and abilities can't target you), "You have
  shroud" (no spell or ability can) (registry.PLAYER_TARGET_BLOCKS); the effects "You gain hexproof / shroud
  until end of turn / until your next turn" (611.2a: a ContinuousEffect of its controller for that long).
- 305.2: "You may play an additional land on each of your turns", "... this turn" (until the cleanup
  step, 514.2) (registry.LAND_PLAYS).
- 502.3: "Untap CARDNAME during each other player's untap step", "Untap all creatures and lands you control
  during each other player's untap step" (registry.BEFORE_UNTAP_HOOKS); "[As long as CARDNAME is untapped,]
  players can't untap more than one land during their untap steps" (Winter Orb, Static Orb, Smoke;
  registry.UNTAP_LIMITS): the active player chooses which of those permanents untap, as many as the limits
  allow (each limit counted on its own kind of permanents).
- 101.2: "Each opponent can't draw more than one card each turn" (Narset, Parter of Veils), "Each player
  can't draw more than one card each turn": a draw beyond the limit doesn't happen (registry.REPLACEMENTS
  [Draw]: the event is replaced by nothing; the cards drawn this turn are GameState.draws).
- 614.1a / 104.2b: "If you would draw a card while your library has no cards in it, you win the game instead"
  (Laboratory Maniac): that draw (REPLACEMENTS[Draw]) is replaced by its player winning the game.
- 702.124j "Partner with [name]": "When this permanent enters, target player may search their
  library for a card named [name], reveal it, put it into their hand, then shuffle".
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.events import Draw, EffectCreated, Event
from ..model.state import BATTLEFIELD, HAND, ContinuousEffect
from ..model.vocab.game_rule_statics import (
    PLAYER_UNTARGETABLE_EFFECT,
    UNTAP_LIMIT,
    AnyPlayerMayActivate,
    ExtraLandThisTurn,
    GainPlayerUntargetability,
    PartnerSearch,
    UntapLimit,
)
from . import add_hook, choice_effects, effect_context, tapped_durations, targeting
from . import triggers as _triggers_module

if TYPE_CHECKING:
    from ..engine.game import Game


# ----------------------------------------------------------------------------- hand size, land plays


def _statics_of(g: Game, p: int, kind: str):
    """Static abilities of kind `kind` of permanents `p` controls (after layer-6 ability changes)."""
    for o, ab in g.statics_of_kind(kind):
        if o.controller == p and o.zone == BATTLEFIELD:
            yield o, ab


def _hand_size(g: Game, p: int, limit: int | None) -> int | None:
    """402.2: "You have no maximum hand size", "Your maximum hand size is two": applied in timestamp order (the
    newest one wins)."""
    found = [(o.timestamp, ab) for kind in ("no_max_hand_size", "max_hand_size") for o, ab in _statics_of(g, p, kind)]
    # "Players have no maximum hand size" (Spellbook's kin, Thought Vessel's for all): any controller's
    found += [(o.timestamp, ab) for o, ab in g.statics_of_kind("players_no_max_hand_size") if o.zone == BATTLEFIELD]
    for _ts, ab in sorted(found, key=lambda x: x[0]):
        limit = int(ab.amount) if ab.kind == "max_hand_size" else None
    return limit


def _land_plays(g: Game, p: int) -> int:
    """305.2: "You may play an additional land on each of your turns" (each instance adds one;
    "two additional lands" adds two)."""
    return sum(int(ab.amount) for _o, ab in _statics_of(g, p, "extra_land_plays"))


def _player_untargetable(g: Game, p: int, controller: int) -> bool:
    """702.11c: "You have hexproof" (not by `p`'s own spells and abilities); 702.18a: "You have shroud"; the
    same gained for a while."""
    gained = {e.data for e in g.s.effects if e.kind == PLAYER_UNTARGETABLE_EFFECT and e.controller == p}
    if controller != p and ("hexproof" in gained or next(_statics_of(g, p, "player_hexproof"), None) is not None):
        return True
    return "shroud" in gained or next(_statics_of(g, p, "player_shroud"), None) is not None


def _gain_untargetability(g: Game, ctx: Any, e: GainPlayerUntargetability) -> list | None:
    """611.2a: the resolving spell or ability's controller has hexproof / shroud for the stated time."""
    s = g.s
    effect = ContinuousEffect(PLAYER_UNTARGETABLE_EFFECT, None, controller=ctx.controller, until=e.until,
                              timestamp=s.next_timestamp, data=e.keyword)
    s.next_timestamp += 1
    rule = "702.11c" if e.keyword == "hexproof" else "702.18a"
    g.perform(EffectCreated(rule, effect, "player_gains", {"player": s.players[ctx.controller].name,
                                                           "keyword": e.keyword, "source": ctx.name}))
    return None


def _draw_limit(g: Game, e: Event) -> list[registry.Replacement]:
    """101.2: "can't" wins: a player who already drew the limit this turn can't draw another card."""
    if not isinstance(e, Draw):
        return []
    s = g.s
    p = e.player
    turn, counts = s.draws
    drawn = counts[p] if turn == s.turn else 0
    limits = [(o, ab) for o, ab in g.statics_of_kind("draw_limit_opponents") if o.controller != p]
    for o, ab in limits + g.statics_of_kind("draw_limit_players"):
        if o.zone != BATTLEFIELD:
            continue
        if drawn >= int(ab.amount):
            name = s.players[p].name
            return [registry.Replacement(("cant_draw", p), f"{o.card.name}: {name} can't draw more than {ab.amount}",
                                         lambda ev: None, source=o.id,
                                         log=("cant_draw", "101.2", {"player": name, "source": o.card.name}))]
    return []


def _empty_library_draw_wins(g: Game, e: Event) -> list[registry.Replacement]:
    """614.1a / 104.2b: "If you would draw a card while your library has no cards in it, you win the game
    instead": the draw doesn't happen (so no loss for drawing from an empty library, 704.5b) and its player
    wins the game (104.1: the game ends at once)."""
    if not isinstance(e, Draw):
        return []
    s = g.s
    p = e.player
    if s.players[p].library:
        return []
    for o, _ab in _statics_of(g, p, "empty_library_draw_wins"):
        name = s.players[p].name

        def win(g: Game, before: Event, after: Event | None, o=o, name=name) -> None:
            g.end_game(p, f"{name} wins the game: {o.card.name} (104.2b, 614.1a)")

        return [registry.Replacement(("empty_library_draw_wins", p), f"{o.card.name}: {name} wins the game instead",
                                     lambda ev: None, source=o.id, then=win,
                                     log=("win_instead_of_draw", "614.1a", {"player": name, "source": o.card.name}))]
    return []


registry.REPLACEMENTS.setdefault(Draw, []).append(_draw_limit)
add_hook(registry.REPLACEMENTS[Draw], _empty_library_draw_wins, kinds=("empty_library_draw_wins",))
add_hook(registry.HAND_SIZE, _hand_size, kinds=("no_max_hand_size", "max_hand_size", "players_no_max_hand_size"))
add_hook(registry.LAND_PLAYS, _land_plays, kinds=("extra_land_plays",))
add_hook(registry.PLAYER_TARGET_BLOCKS, _player_untargetable, kinds=("player_hexproof", "player_shroud"),
         classes=(GainPlayerUntargetability,))
registry.register_effect(GainPlayerUntargetability, _gain_untargetability)


# ----------------------------------------------------------------------------- 702.124j "Partner with [name]"


def _partner_search(g: Game, ctx: Any, e: Any) -> list | None:
    """702.124j: "When this permanent enters, target player may search their library for a card
    named [name], reveal it, put it into their hand, then shuffle." First whether they search (a
    player who doesn't search doesn't shuffle), then the card (701.19b: they may find nothing)."""
    players = effect_context.resolve_who(g, ctx, e.who)
    if not players:
        return None
    p = players[0]
    return [effect_context.queue_choice("partner_may", p, (True, False),
                      f"702.124j: {g.s.players[p].name}, search your library for a card named {e.card_name} "
                      f"(true) or not (false)?", (p, e.card_name, ctx.name))]


def _may_actions(g: Game, d: Any) -> list:
    return [A.Choose(True), A.Choose(False)]


def _answer_partner_may(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    item = s.queue[0]
    p, name, source = item[5]
    s.pending = None
    if not value:
        s.queue.pop(0)
        return
    g.log_event("search", "701.19a", player=s.players[p].name, source=source)
    cands = tuple(c for c in s.players[p].library if s.objects[c].card.name.lower() == name.lower())
    s.queue[0] = ("choice", "partner_find", p, cands,
                  f"701.19: the card named {name} ({len(cands)} in the library) or false to find nothing", item[5])


def _find_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_partner_find(g: Game, d: Any, value: Any) -> None:
    s = g.s
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    p, name, source = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    if value is not False:
        g.log_event("reveal", "701.16a", player=s.players[p].name, card=name, source=source)
        g.move(value, HAND, rule="701.19a")
    effect_context.shuffle_library(g, p)  # 701.20a


def register_partner_effect(cls: type) -> None:
    registry.register_effect(cls, _partner_search)
    registry.CHOICES["partner_may"] = (_may_actions, _answer_partner_may)
    registry.CHOICES["partner_find"] = (_find_actions, _answer_partner_find)


# ----------------------------------------------------------------------------- more rules-modifying statics


def _untap_during_others(g: Game) -> None:
    """502.3: "Untap CARDNAME during each other player's untap step" — in the active player's untap
    step, the other players' permanents with it untap too."""
    triggers = _triggers_module
    s = g.s
    for oid in list(s.battlefield):
        o = s.objects[oid]
        if o.controller == s.active or not o.tapped:
            continue
        if any(getattr(ab, "kind", "") == "untap_during_others" for ab in g.chars(o).abilities) or any(
                src.controller == o.controller and targeting.matches_filter(g, ab.filter, o, src.controller, src.id)
                for src, ab in g.statics_of_kind("untap_yours_during_others")):  # Prophet of Kruphix
            o.tapped = False
            g.log_event("untap", "502.3", card=o.card.name, reason="untaps during each other player's untap step")
            triggers.tapped_changed(g, o, False)


def _extra_land_this_turn(g: Game, ctx: Any, e: Any) -> list | None:
    """305.2: "You may play an additional land this turn" (until the cleanup step, 514.2)."""
    s = g.s
    extra = ContinuousEffect("extra_land_play", None, controller=ctx.controller, timestamp=s.next_timestamp)
    s.next_timestamp += 1
    g.perform(EffectCreated("305.2", extra, "extra_land_play", {"player": s.players[ctx.controller].name,
                                                               "source": ctx.name}))
    return None


def _land_plays_this_turn(g: Game, p: int) -> int:
    return sum(1 for e in g.s.effects if e.kind == "extra_land_play" and e.controller == p)


_EXTRA_LAND_CLASSES: set[type] = set()  # the effect classes that make "extra_land_play" effects


def register_extra_land_effect(extra_land_cls: type) -> None:
    _EXTRA_LAND_CLASSES.add(extra_land_cls)
    registry.register_effect(extra_land_cls, _extra_land_this_turn)


add_hook(registry.BEFORE_UNTAP_HOOKS, _untap_during_others, kinds=("untap_during_others", "untap_yours_during_others"))
add_hook(registry.LAND_PLAYS, _land_plays_this_turn, classes=_EXTRA_LAND_CLASSES)  # its effects: _extra_land_this_turn


registry.register_effect(AnyPlayerMayActivate, lambda g, ctx, e: None)  # a static ability: read where abilities are listed
register_partner_effect(PartnerSearch)
register_extra_land_effect(ExtraLandThisTurn)


# ----------------------------------------------------------------------------- untap limits (502.3)


def _untap_limits(g: Game, p: int, about_to: list[int]) -> list[tuple[int, frozenset[int]]]:
    """502.3: the limits on how many of `about_to` (player `p`'s permanents about to untap) untap."""
    out = []
    for src, ab in g.statics_of_kind(UNTAP_LIMIT):
        if not isinstance(ab, UntapLimit) or src.zone != BATTLEFIELD:
            continue
        if ab.while_untapped and src.tapped:
            continue  # "as long as CARDNAME is untapped"
        if (ab.scope == "you" and p != src.controller) or (ab.scope == "opponents" and p == src.controller):
            continue
        ids = frozenset(oid for oid in about_to
                        if targeting.matches_filter(g, ab.filter, g.s.objects[oid], src.controller, src.id))
        out.append((int(ab.amount), ids))  # type: ignore[arg-type]
    return out


add_hook(registry.UNTAP_LIMITS, _untap_limits)


def _allowed(chosen: frozenset[int], limits: tuple) -> bool:
    return all(len(chosen & ids) <= n for n, ids in limits)


def _maximal(chosen: frozenset[int], held: tuple[int, ...], limits: tuple, optional: frozenset[int] = frozenset()) -> bool:
    """As many as the limits allow: no other held permanent could untap as well (but one its controller "may
    choose not to untap", 502.3, may stay tapped)."""
    return not any(_allowed(chosen | {c}, limits) for c in held if c not in chosen and c not in optional)


def _untap_limit_actions(g: Game, d: Any) -> list:
    limits = g.s.queue[0][5]
    optional = tapped_durations.optional_untaps(g, d.player, list(d.data))
    out = []
    # every held permanent is in some limit's group: no answer untaps more than the limits' sum
    for k in range(min(len(d.data), sum(n for n, _ in limits)), -1, -1):
        for combo in combinations(d.data, k):
            chosen = frozenset(combo)
            if _allowed(chosen, limits) and _maximal(chosen, d.data, limits, optional):
                out.append(A.Choose(combo))
                if len(out) >= 200:
                    return out  # many permanents: some of the choices are offered; any legal answer is accepted
    return out


def _answer_untap_limit(g: Game, d: Any, value: Any) -> None:
    chosen = frozenset(choice_effects.check_subset(g, d, value))
    limits = g.s.queue[0][5]
    if not _allowed(chosen, limits):
        raise IllegalActionError(f"{d.prompt}: too many (502.3)")
    if not _maximal(chosen, d.data, limits, tapped_durations.optional_untaps(g, d.player, list(d.data))):
        raise IllegalActionError(f"{d.prompt}: untap as many as the limits allow (502.3)")
    g.s.pending = None
    g.s.queue.pop(0)
    for c in sorted(chosen):
        o = g.s.objects.get(c)
        if o is not None and o.zone == BATTLEFIELD and o.tapped:
            g.untap(o, "502.3")


registry.CHOICES["untap_limit"] = (_untap_limit_actions, _answer_untap_limit)
