"""Casting cards from a graveyard or exile, and the special actions that exile cards from a hand
(601.3, 116.2f/h/k); the templates are in cards/templates/graveyard_keywords.py.

- 601.3 casting from a graveyard or exile (rules/stack.py CAST_PERMISSIONS): 702.81a retrace,
  702.133a jump-start, 702.138a escape (702.138b: "sacrifice it unless it escaped"), 702.35a madness
  (a discard replacement, registry.REPLACEMENTS[Discard], and a trigger that casts while resolving,
  collected from the Discard event, registry.EVENT_TRIGGERS).
- 702.62a suspend, 702.143a foretell and 702.170a plot: special actions (116.2f/h/k,
  A.ExileFromHand); suspend's upkeep trigger in exile and last-counter cast, haste (702.62a);
  "exile CARDNAME with three time counters on it" (702.62b).
- 118.6: cards without a mana cost can't be cast from a hand for it (registry.CAST_RESTRICTIONS).
- 702.34a granted: "target instant or sorcery card in your graveyard gains flashback until end of turn. The
  flashback cost is equal to its mana cost" (a "granted_flashback" effect on the card until end of turn,
  611.2c: "each instant and sorcery card" is the cards there as it resolves); a card without a mana cost
  has no flashback cost to pay (118.6).
- 601.3: "You may cast CARDNAME from your graveyard as long as you control a Zombie" (Gravecrawler): only while
  its owner controls such a permanent.
- 702.138a granted by a static ability: "Each nonland card in your graveyard has escape. The escape cost is
  equal to the card's mana cost plus exile three other cards from your graveyard." (Underworld Breach): while
  its controller controls the permanent, the matching cards of their graveyard may be cast for that cost
  (702.138b: they escaped); a card with its own escape uses its own (the first permission found).
- 601.3 granted for a turn: "You may cast target instant or sorcery card from your graveyard this turn" (a
  "graveyard_cast_this_turn" record on the card until end of turn; its costs are paid as usual), with "If
  that card would be put into your graveyard this turn, exile it instead" (614.1a: the spell is exiled
  instead of going to the graveyard).
- 601.3 / 305.1 from exile: "Exile the top card of your library. You may play it this turn." (a
  "may_play_this_turn" record on the exiled card until end of turn: its owner casts it paying its costs with
  the usual timing, or plays it as their land play, registry.LAND_PERMISSIONS); "exile the top two cards ...
  until the end of your next turn, you may play those cards" (611.2a: as that turn begins the record
  becomes one until end of turn, registry.BEFORE_UNTAP_HOOKS); "you may play the exiled card this turn" after
  "... and exile one of them" (Expressive Iteration: the card the dig exiled, MayPlayExiledCard).
- 305.1 from the library: "You may play lands from the top of your library" (Courser of Kruphix: the top card, a
  land card, played as the land play of the turn, registry.LAND_PERMISSIONS).
- 607.2a / 601.3 / 305.1: "You may play lands and cast spells from among cards exiled with CARDNAME" (Nightveil
  Specter): the cards the permanent's linked ability exiled, whoever owns them, while it is on the battlefield.
- 601.3: "Creature cards exiled this way gain "You may cast this card from exile as long as you control a Lukka
  planeswalker."" (ExileTopMayPlay.only): a record on each such card for its owner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import game as game_module
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.costs import parse_cost, requirements
from ..model.events import (
    CountersPut,
    CountersRemoved,
    Discard,
    EffectChanged,
    EffectCreated,
    EffectsEnded,
    Event,
)
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, LIBRARY, ContinuousEffect
from ..model.vocab.cast_from_zones import (  # noqa: F401 (the vocabulary this module executes)
    UNTIL_END_OF_YOUR_NEXT_TURN,
    CastFromGraveyard,
    CastFromGraveyardThisTurn,
    ExileSelfWithCounters,
    ExileTopMayPlay,
    Foretell,
    GrantFlashback,
    GrantsEscape,
    Madness,
    MadnessCast,
    MayPlayExiledCard,
    Plot,
    RemoveTimeCounter,
    SacrificeUnlessEscaped,
    Suspend,
    SuspendCast,
    SuspendTrigger,
)
from ..model.vocab.imprint import PLAY_LINKED_EXILED
from . import add_hook, choice_effects, effect_context, effects, imprint, timing, total_cost, trigger_queue
from . import mana_payment as _mana_payment_module
from . import stack as _stack_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model import actions as A
    from ..model.state import Obj


@dataclass(frozen=True)
class CastPermit:
    """What rules/stack.py cast_spell needs to cast a card from a graveyard or exile."""

    event: str
    rule: str
    alt_cost: Any = None
    additional: V.Cost | None = None
    any_time: bool = False
    choices: tuple = ()

    def cast(self, g: Game, p: int, oid: int) -> None:
        """Called once the spell is cast this way (rules/stack.py cast_spell). 702.138b: a spell cast with
        escape "escaped"; the permanent it becomes too (its `escapes with` counters, 702.138c)."""
        if self.event == "escape":
            s = g.s
            g.perform(EffectCreated("702.138b", ContinuousEffect("escaped", oid, until="permanent", controller=p,
                                                                 timestamp=s.next_timestamp)))
            s.next_timestamp += 1

    def reqs(self, g: Game, p: int, card: V.CardDef, x: int, targets: tuple[int, ...]) -> list:
        if self.alt_cost is None:
            return total_cost.total_cost_reqs(g, p, card, x, targets)
        return requirements(self.alt_cost, x, total_cost.cost_adjustment(g, p, card, targets))


_PERMITS: dict[str, tuple[str, tuple]] = {
    "retrace": ("702.81a", ()),
    "jump-start": ("702.133a", (("exile_after", True),)),
    "escape": ("702.138a", (("escaped", True),)),
    "graveyard": ("601.3", ()),  # "You may cast CARDNAME from your graveyard [by discarding ...]"
    # 702.34a with a cost that also pays life ("Flashback—{1}{U}, Pay 3 life"): exiled when it leaves the stack.
    "flashback": ("702.34a", (("flashback", True),)),
}


def _graveyard_permit(g: Game, p: int, o: Any) -> CastPermit | None:
    if o.zone == GRAVEYARD and o.owner == p:
        for ab in o.card.abilities:
            if isinstance(ab, CastFromGraveyard):
                if ab.while_control is not None and not any(
                        _targeting_module.matches_filter(g, ab.while_control, x, p) for x in g.permanents(p)):
                    continue  # "as long as you control a Zombie"
                rule, choices = _PERMITS[ab.keyword]
                return CastPermit(ab.keyword, rule, ab.alt_cost, ab.additional, choices=choices)
        granted = _granted_escape(g, p, o)
        if granted is not None:
            # 702.138a: its escape cost is its mana cost plus the other cards exiled (a card with no mana
            # cost has no escape cost to pay, 118.6)
            return CastPermit("escape", "702.138a", o.card.mana_cost, granted, choices=_PERMITS["escape"][1])
        if _granted_flashback(g, o.id) and {"Instant", "Sorcery"} & o.card.types and o.card.mana_cost.text:
            # 702.34a: the flashback cost is its mana cost; exiled instead when it leaves the stack
            return CastPermit("flashback", "702.34a", o.card.mana_cost, choices=(("flashback", True),))
        permitted = _cast_this_turn(g, o.id)
        if permitted is not None:
            # 601.3: its costs as usual; 614.1a: "if that card would be put into your graveyard, exile it instead"
            return CastPermit("graveyard", "601.3", choices=(EXILE_IF_GRAVEYARD,) if permitted.data else ())
        return None
    if o.zone == "exile" and o.owner == p:
        window = next((e.data for e in g.s.effects if e.kind == "cast_window" and e.target == o.id), None)
        if window is not None:
            return _window_permit(o, window)  # only while its madness / suspend trigger resolves
        return _exile_permit(g, p, o)
    return None


def _granted_escape(g: Game, p: int, o: Obj) -> V.Cost | None:
    """702.138a granted: the escape cost's other part ("plus exile three other cards from your graveyard") of
    a permanent `p` controls whose static ability gives this card of their graveyard escape (Underworld
    Breach); None without one, or for a card with no mana cost (118.6) or a land (305.9: never cast)."""
    if not g.may_have(GrantsEscape) or not o.card.mana_cost.text or "Land" in o.card.types:
        return None
    for perm in g.permanents():
        if perm.controller != p:
            continue
        for ab in g.chars(perm).abilities:
            if isinstance(ab, GrantsEscape) and _targeting_module.matches_filter(g, ab.filter, o, p, perm.id):
                return ab.additional
    return None


def _window_permit(o: Any, kind: str) -> CastPermit | None:
    """The permission a resolving triggered ability gives: 702.35a madness (its madness cost), 702.62a
    suspend ("without paying its mana cost": an alternative cost of {0}, 601.2b)."""
    if kind == "madness":
        mad = next((ab for ab in o.card.abilities if isinstance(ab, Madness)), None)
        if mad is None:
            return None
        return CastPermit("madness", "702.35a", mad.cost, any_time=True, choices=(("madness", True),))
    if kind == "suspend":
        return CastPermit("suspend", "702.62a", parse_cost(""), any_time=True, choices=(("suspend_haste", True),))
    return None


def zone_cast_actions(g: Game, p: int) -> list:
    """CastSpell actions for `p`'s cards in their graveyard that a permission lets them cast (for agents)."""
    s = g.s
    granted = {e.target for e in s.effects if e.kind in GRANTED_GRAVEYARD_CASTS}
    if not granted and not g.may_have(CastFromGraveyard, GrantsEscape):
        return []
    pl = s.players[p]
    out: list = []
    for oid in pl.graveyard:
        o = s.objects[oid]
        if oid not in granted and not any(isinstance(ab, CastFromGraveyard) for ab in o.card.abilities) \
                and _granted_escape(g, p, o) is None:
            continue
        permit = _graveyard_permit(g, p, o)
        if permit is None or _stack_module.cast_block_reason(g, p, o) is not None or o.card.mana_cost.x_count:
            continue
        extra = permit.additional
        if extra is not None and extra.life and pl.life < extra.life:
            continue  # 119.4
        if type(extra) is V.CostPlus:
            if extra.discard and sum(1 for c in pl.hand if extra.discard_filter is None or _targeting_module.matches_filter(
                    g, extra.discard_filter, s.objects[c], p)) < extra.discard:
                continue
            if extra.exile_from_graveyard is not None and sum(
                    1 for c in pl.graveyard if c != oid and _targeting_module.matches_filter(g, extra.exile_from_graveyard, s.objects[c], p,
                                                                          oid)) < extra.exile_count:
                continue
        out.extend(_permitted_casts(g, p, o, permit))
    return out


def _granted_flashback(g: Game, oid: int) -> bool:
    return any(e.kind == "granted_flashback" and e.target == oid for e in g.s.effects)


def _grant_flashback(g: Game, ctx: effect_context.Context, e: GrantFlashback) -> list | None:
    """702.34a: until end of turn (514.2 ends it); a card that leaves the graveyard is a new object
    without it (400.7)."""
    s = g.s
    if e.filter is not None:
        flt = e.filter
        cards = [c for c in s.players[ctx.controller].graveyard
                 if _targeting_module.matches_filter(g, flt, s.objects[c], ctx.controller)]
    else:
        oid = choice_effects.target_anywhere(g, ctx, e.target) if e.target is not None else None
        cards = [oid] if oid is not None and s.objects[oid].zone == GRAVEYARD else []
    for c in cards:
        g.perform(EffectCreated("702.34a", ContinuousEffect("granted_flashback", c, until="eot", controller=ctx.controller,
                                                            timestamp=s.next_timestamp),
                                "gains_flashback", {"card": s.objects[c].card.name, "source": ctx.name}))
        s.next_timestamp += 1
    return None


registry.register_effect(GrantFlashback, _grant_flashback)

# 601.3: "you may cast target ... card from your graveyard this turn": a record on the card until end of turn
# (514.2), its data whether the spell cast this way is exiled instead of going to the graveyard (614.1a).
CAST_THIS_TURN = "graveyard_cast_this_turn"
# The records that let a card be cast from its owner's graveyard (rules/priority.py lists those casts)
GRANTED_GRAVEYARD_CASTS = ("granted_flashback", CAST_THIS_TURN)
EXILE_IF_GRAVEYARD = ("exile_if_graveyard", True)  # rules/effects.py spell_destination (free_casting's choice)


def _cast_this_turn(g: Game, oid: int) -> ContinuousEffect | None:
    return next((e for e in g.s.effects if e.kind == CAST_THIS_TURN and e.target == oid), None)


def _permit_cast_this_turn(g: Game, ctx: effect_context.Context, e: CastFromGraveyardThisTurn) -> list | None:
    """601.3: the permission is the card's in the graveyard (a card that leaves it is a new object without
    it, 400.7); it is its owner's, who is the only one who may cast a card from their graveyard here."""
    s = g.s
    oid = choice_effects.target_anywhere(g, ctx, e.target)
    if oid is None or s.objects[oid].zone != GRAVEYARD:
        return None
    g.perform(EffectCreated("601.3", ContinuousEffect(CAST_THIS_TURN, oid, until="eot", controller=ctx.controller,
                                                      timestamp=s.next_timestamp, data=e.exile_instead),
                            "may_cast_this_turn", {"card": s.objects[oid].card.name, "source": ctx.name,
                                                   "zone": GRAVEYARD}))
    s.next_timestamp += 1
    return None


registry.register_effect(CastFromGraveyardThisTurn, _permit_cast_this_turn)

# "Exile the top card of your library. You may play it this turn.": a record on the exiled card until end of
# turn (514.2) for its owner, who may play it (305.1) or cast it (601.3) from exile.
MAY_PLAY_THIS_TURN = "may_play_this_turn"


def _may_play(g: Game, p: int, oid: int) -> bool:
    return any(e.kind == MAY_PLAY_THIS_TURN and e.target == oid and e.controller == p for e in g.s.effects)


# "Creature cards exiled this way gain "You may cast this card from exile as long as you control a Lukka
# planeswalker."": a record on the exiled card (its `data` the planeswalker types) for its owner, for as long
# as it stays in exile (400.7: it is then a new object).
MAY_CAST_WHILE_PLANESWALKER = "may_cast_while_planeswalker"


def _exile_top_may_play(g: Game, ctx: effect_context.Context, e: ExileTopMayPlay) -> list | None:
    s = g.s
    p = ctx.controller
    kinds: frozenset[str] = frozenset()
    if e.only is not None:
        src = s.objects.get(ctx.source) if ctx.source is not None else None
        chars = g.chars(src) if src is not None and src.zone == BATTLEFIELD else (
            ctx.source_lki[1] if ctx.source_lki else None)
        kinds = frozenset(chars.subtypes) if chars is not None else frozenset()
    for old in list(s.players[p].library[:e.amount]):
        new = g.move(old, EXILE, rule="406.3")
        if e.only is None:
            _permit_play(g, ctx, new, e.until)
        elif kinds and _targeting_module.matches_filter(g, e.only, s.objects[new], p):
            g.perform(EffectCreated("601.3", ContinuousEffect(MAY_CAST_WHILE_PLANESWALKER, new, until="permanent",
                                                              controller=p, timestamp=s.next_timestamp, data=kinds),
                                    "may_cast_from_exile", {"card": s.objects[new].card.name, "source": ctx.name,
                                                            "while_controlling": sorted(kinds)}))
            s.next_timestamp += 1
    return None


def _may_cast_while_planeswalker(g: Game, p: int, oid: int) -> bool:
    """601.3: the card's owner controls a planeswalker of one of the record's planeswalker types (Lukka)."""
    for e in g.s.effects:
        if e.kind == MAY_CAST_WHILE_PLANESWALKER and e.target == oid and e.controller == p:
            kinds = e.data if isinstance(e.data, frozenset) else frozenset()
            if any("Planeswalker" in g.chars(x).types and kinds & g.chars(x).subtypes for x in g.permanents(p)):
                return True
    return False


def _permit_play(g: Game, ctx: effect_context.Context, oid: int, until: str) -> None:
    """The card `oid` in exile may be played by the effect's controller (its owner) until `until`."""
    s = g.s
    g.perform(EffectCreated("601.3", ContinuousEffect(MAY_PLAY_THIS_TURN, oid, until=until, controller=ctx.controller,
                                                      timestamp=s.next_timestamp),
                            "may_play_this_turn", {"card": s.objects[oid].card.name, "source": ctx.name,
                                                   "zone": EXILE, "until": until}))
    s.next_timestamp += 1


def _may_play_exiled_card(g: Game, ctx: effect_context.Context, e: MayPlayExiledCard) -> list | None:
    o = g.s.objects.get(ctx.chosen) if ctx.chosen is not None else None
    if o is not None and o.zone == EXILE and o.owner == ctx.controller:
        _permit_play(g, ctx, o.id, "eot")
    return None


registry.register_effect(MayPlayExiledCard, _may_play_exiled_card)


def _next_turn_began(g: Game) -> None:
    """registry.BEFORE_UNTAP_HOOKS, 611.2a: "until the end of your next turn": as that turn begins, the
    permission lasts until end of turn (514.2 ends it in that turn's cleanup step)."""
    s = g.s
    for e in [e for e in s.effects if e.until == UNTIL_END_OF_YOUR_NEXT_TURN and e.controller == s.active]:
        g.perform(EffectChanged("611.2a", e, ContinuousEffect(e.kind, e.target, until="eot", controller=e.controller,
                                                              timestamp=e.timestamp, data=e.data)))


def _exiled_land_permission(g: Game, p: int, o: Any) -> bool:
    """305.1: a land card exiled this way may be played (a land play) by its owner this turn."""
    return o.zone == EXILE and o.owner == p and _may_play(g, p, o.id)


def _linked_exile_sources(g: Game, p: int) -> list[int]:
    """607.2a: the permanents `p` controls with "you may play lands and cast spells from among cards exiled with
    CARDNAME"."""
    return [x.id for x, _ in g.statics_of_kind(PLAY_LINKED_EXILED) if x.controller == p]


def _linked_exile_playable(g: Game, p: int, o: Any) -> bool:
    """607.2a / 601.3 / 305.1: `o` is a card in exile that an ability of such a permanent exiled (the same
    object: 400.7), whoever owns it (Nightveil Specter plays the cards of the player it damaged)."""
    return o.zone == EXILE and any(o.id in imprint.linked_cards(g, x) for x in _linked_exile_sources(g, p))


def _linked_exile_land_permission(g: Game, p: int, o: Any) -> bool:
    """305.1: a land card exiled with such a permanent is played as the land play of the turn."""
    return "Land" in o.card.types and _linked_exile_playable(g, p, o)


def _linked_exile_permit(g: Game, p: int, o: Any) -> CastPermit | None:
    """registry.CAST_PERMISSIONS, 601.3: a nonland card exiled with such a permanent is cast with its costs and
    the usual timing; the spell is `p`'s (its owner's graveyard when it leaves the stack, 404.1)."""
    if o.zone != EXILE or "Land" in o.card.types or not _linked_exile_playable(g, p, o):
        return None
    return CastPermit("exile", "601.3")


def may_play_actions(g: Game, p: int) -> list:
    """The plays and casts of `p`'s cards exiled with "you may play it this turn", and of the cards exiled with a
    permanent of `p`'s that lets them play those (for agents)."""
    s = g.s
    cards = list(dict.fromkeys(e.target for e in s.effects if e.kind in (MAY_PLAY_THIS_TURN, MAY_CAST_WHILE_PLANESWALKER)
                               and e.controller == p))
    linked = [c for x in _linked_exile_sources(g, p) for c in imprint.linked_cards(g, x)]
    out: list = []
    for oid in linked:
        out.extend(_exiled_card_actions(g, p, s.objects[oid], True, _linked_exile_permit))
    for oid in cards:
        o = s.objects.get(oid)
        if o is None or o.zone != EXILE or o.owner != p or oid in linked:
            continue
        out.extend(_exiled_card_actions(g, p, o, _may_play(g, p, oid), _exile_permit))
    return out


def _exiled_card_actions(g: Game, p: int, o: Any, land_ok: bool, permit_of: Any) -> list:
    """The play of a land card in exile that `p` may play (`land_ok`), or the casts of a card `permit_of` lets
    them cast."""
    if "Land" in o.card.types:
        return [A.PlayLand(o.id)] if land_ok and _stack_module.can_play_land_now(g, p) is None else []
    permit = permit_of(g, p, o)
    if permit is None or _stack_module.cast_block_reason(g, p, o) is not None or o.card.mana_cost.x_count:
        return []
    return _permitted_casts(g, p, o, permit)


registry.register_effect(ExileTopMayPlay, _exile_top_may_play)
add_hook(registry.LAND_PERMISSIONS, _exiled_land_permission)


def _library_top_land_permission(g: Game, p: int, o: Any) -> bool:
    """305.1: "You may play lands from the top of your library" (a static ability of a permanent `p` controls):
    the top card of `p`'s library, a land card, is played as the turn's land play, with its timing."""
    lib = g.s.players[p].library
    if o.zone != LIBRARY or o.owner != p or not lib or lib[0] != o.id or "Land" not in o.card.types:
        return False
    return any(x.controller == p for x, _ in g.statics_of_kind("play_lands_from_library_top"))


def library_top_land_actions(g: Game, p: int) -> list:
    """The play of the top card of `p`'s library, when a permanent lets them (for agents and legal actions)."""
    lib = g.s.players[p].library
    if not lib or not g.statics_of_kind("play_lands_from_library_top"):
        return []
    if not _library_top_land_permission(g, p, g.s.objects[lib[0]]) or _stack_module.can_play_land_now(g, p) is not None:
        return []
    return [A.PlayLand(lib[0])]


add_hook(registry.LAND_PERMISSIONS, _library_top_land_permission)
add_hook(registry.LAND_PERMISSIONS, _linked_exile_land_permission, kinds=(PLAY_LINKED_EXILED,))
add_hook(registry.BEFORE_UNTAP_HOOKS, _next_turn_began, classes=(ExileTopMayPlay,))


def _install_cast_hooks() -> None:
    add_hook(registry.CAST_PERMISSIONS, _graveyard_permit)
    add_hook(registry.CAST_PERMISSIONS, _linked_exile_permit, kinds=(PLAY_LINKED_EXILED,))


_install_cast_hooks()


MADNESS_TRIGGER_TEXT = "When this card is exiled this way, its owner may cast it by paying its madness cost"


def _madness_replacement(g: Game, e: Event) -> list[registry.Replacement]:
    """registry.REPLACEMENTS[Discard]: 702.35a, "if you discard this card, discard it by exiling it instead
    of putting it into your graveyard"."""
    if not isinstance(e, Discard) or e.to_zone != GRAVEYARD:
        return []  # "instead of putting it into your graveyard": another effect already sent it elsewhere
    o = g.s.objects.get(e.obj)
    if o is None or o.zone != "hand" or not _has_madness(o.card):
        return []
    return [registry.Replacement(("madness", e.obj), "madness", _exile_discarded, source=e.obj,
                                 log=("replace", "702.35a", {"card": o.card.name, "instead": "exile"}))]


def _has_madness(card: V.CardDef) -> bool:
    return any(isinstance(ab, Madness) for ab in card.abilities)


def _exile_discarded(e: Event) -> Event:
    assert isinstance(e, Discard)
    return Discard(e.rule, e.player, e.obj, "exile")


def _madness_trigger(g: Game, e: Discard) -> None:
    """registry.EVENT_TRIGGERS[Discard]: 702.35a, "when this card is exiled this way" (a discarded card
    with madness exiled instead of put into the graveyard)."""
    if e.to_zone != "exile":
        return
    o = g.s.objects.get(g.s.successor.get(e.obj, -1))
    if o is None or o.zone != "exile" or not _has_madness(o.card):
        return
    ab = V.TriggeredAbility(MADNESS_TRIGGER_TEXT, "madness", (MadnessCast(),))
    trigger_queue.queue(g, o.owner, o.id, ab, None, o.card.name)


def _cast_offer(g: Game, ctx: effect_context.Context, kind: str) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != "exile":
        return None  # 400.7: the card left exile; it can't be found
    what = ("cast it for its madness cost (true) or put it into your graveyard (false)" if kind == "madness" else
            "cast it without paying its mana cost (true) or leave it exiled (false)")
    return [effect_context.queue_choice("cast_offer", o.owner, o.id, f"{o.card.name}: {what}", (o.id, (), kind))]


def _madness_cast(g: Game, ctx: effect_context.Context, e: MadnessCast) -> list | None:
    return _cast_offer(g, ctx, "madness")


def _suspend_cast(g: Game, ctx: effect_context.Context, e: SuspendCast) -> list | None:
    return _cast_offer(g, ctx, "suspend")


# The rule that lets an exiled card be cast now: madness's trigger, suspend's last time counter.
_WINDOW_RULES = {"madness": "702.35a", "suspend": "702.62a"}


def _open_window(g: Game, oid: int, kind: str) -> None:
    s = g.s
    if not any(e.kind == "cast_window" and e.target == oid for e in s.effects):
        g.perform(EffectCreated(_WINDOW_RULES.get(kind, "601.2"), ContinuousEffect(
            "cast_window", oid, until="permanent", timestamp=s.next_timestamp, data=kind)))
        s.next_timestamp += 1


def _close_window(g: Game, oid: int) -> None:
    s = g.s
    if s.effects:
        ended = tuple(e for e in s.effects if e.kind == "cast_window" and e.target == oid)
        if ended:
            g.perform(EffectsEnded(_WINDOW_RULES.get(ended[0].data, "601.2"), ended))


def _castable(g: Game, p: int, oid: int, kind: str) -> bool:
    """Whether casting the exiled card this way could be begun now: it can be paid for and each of its
    targets has a candidate (601.2c)."""
    s = g.s
    o = s.objects[oid]
    permit = _window_permit(o, kind)
    if permit is None or _stack_module.cast_block_reason(g, p, o, any_time=True) is not None:
        return False
    if "Land" in o.card.types:
        return False  # playing a land this way: not modelled (no card in the corpus needs it)
    if not _mana_payment_module.can_pay(g, p, permit.reqs(g, p, o.card, 0, ()), ("spell", oid)):
        return False
    return all(getattr(spec, "optional", False) or _targeting_module.target_candidates(g, spec, p, oid, o.card.colors)
               for spec in _stack_module.spell_targets(o.card))


def _offer_actions(g: Game, d: Any) -> list:
    oid, _, kind = g.s.queue[0][5]
    if oid not in g.s.objects or not _castable(g, d.player, oid, kind):
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def _target_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data]


def _answer_offer(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    oid, _, kind = s.queue[0][5]
    if value and not _castable(g, d.player, oid, kind):
        raise IllegalActionError(f"{d.prompt}: it can't be cast now (answer false)")
    s.pending = None
    o = s.objects.get(oid)
    g.log_event("may", "702.35a" if kind == "madness" else "702.62a", player=s.players[d.player].name,
                source=o.card.name if o else "", choice=value)
    if not value:
        s.queue.pop(0)
        if kind == "madness" and o is not None and o.zone == "exile":
            g.move(oid, GRAVEYARD, rule="702.35a")  # suspend: "If you don't, it remains exiled."
        return
    _continue_cast(g, d.player, oid, (), kind)


def _continue_cast(g: Game, p: int, oid: int, chosen: tuple[int, ...], kind: str) -> None:
    """Choose the spell's targets one by one (601.2c), then cast it (601.2)."""
    s = g.s
    o = s.objects[oid]
    specs = _stack_module.spell_targets(o.card)
    if len(chosen) < len(specs):
        spec = specs[len(chosen)]
        cands = tuple(c for c in _targeting_module.target_candidates(g, spec, p, oid, o.card.colors) if c not in chosen)
        if getattr(spec, "optional", False):
            cands = cands + (False,)  # an "up to N" target may be left unchosen (false)
        s.queue[0] = effect_context.queue_choice("cast_target", p, cands, f"601.2c: {o.card.name}: choose a target ({spec.text})",
                             (oid, chosen, kind))
        return
    s.queue.pop(0)
    permit = _window_permit(o, kind)
    if permit is None or not _mana_payment_module.can_pay(g, p, permit.reqs(g, p, o.card, 0, chosen), ("spell", oid)):
        # The cost with these targets can't be paid: the card isn't cast (601.2h, 723.1 rewind).
        g.log_event("not_cast", "601.2h", card=o.card.name)
        if kind == "madness" and o.zone == "exile":
            g.move(oid, GRAVEYARD, rule="702.35a")
        return
    snapshot = s.clone()  # 601.2h: a cast the offer can't complete is undone, and the card isn't cast
    _open_window(g, oid, kind)
    try:
        _stack_module.cast_spell(g, p, A.CastSpell(oid, chosen))
    except IllegalActionError as e:
        s.restore(snapshot)
        g.invalidate()
        g.log_event("not_cast", "601.2h", card=o.card.name, reason=str(e))
        o = s.objects[oid]
        if kind == "madness" and o.zone == "exile":
            g.move(oid, GRAVEYARD, rule="702.35a")
        return
    finally:
        _close_window(g, oid)
    if kind == "suspend":
        # 702.62a: a creature spell cast this way gains haste (given as it becomes a permanent, _suspend_haste).
        g.perform(EffectCreated("702.62a", ContinuousEffect("suspend_haste_pending", oid, until="permanent",
                                                            controller=p, timestamp=s.next_timestamp)))
        s.next_timestamp += 1


def _answer_cast_target(g: Game, d: Any, value: Any) -> None:
    s = g.s
    oid, chosen, kind = s.queue[0][5]
    if value not in d.data or (isinstance(value, bool) and value is not False):
        raise IllegalActionError(f"{d.prompt}: {g.name_of(value) if isinstance(value, int) else value!r} "
                                 f"is not a legal target")
    s.pending = None
    _continue_cast(g, d.player, oid, chosen + (None if value is False else value,), kind)


registry.register_effect(MadnessCast, _madness_cast)
registry.register_effect(SuspendCast, _suspend_cast)


def _install_madness() -> None:
    registry.CHOICES["cast_offer"] = (_offer_actions, _answer_offer)
    registry.CHOICES["cast_target"] = (_target_actions, _answer_cast_target)
    add_hook(registry.REPLACEMENTS.setdefault(Discard, []), _madness_replacement)
    add_hook(registry.EVENT_TRIGGERS.setdefault(Discard, []), _madness_trigger)


_install_madness()


_SPECIAL = {"suspend": Suspend, "foretell": Foretell, "plot": Plot}


SPECIAL_ACTION_KINDS = (Suspend, Foretell, Plot)  # rules/priority.py asks only games with one of them


def _special_ability(card: V.CardDef, kind: str) -> Any:
    cls = _SPECIAL.get(kind)
    return next((ab for ab in card.abilities if cls is not None and isinstance(ab, cls)), None)


def special_action_reqs(o: Any, kind: str, g: Game | None = None) -> list:
    """The mana the special action costs (foretell: {2}, 702.143a, less {1} for each "Foretelling cards from
    your hand costs {1} less" permanent its owner controls, 118.7a)."""
    ab = _special_ability(o.card, kind)
    if ab is None:
        return []
    if kind != "foretell":
        return requirements(ab.cost)
    less = len(_foretell_helpers(g, o.owner)) if g is not None else 0
    return requirements(parse_cost(f"{{{max(0, 2 - less)}}}"))


def _foretell_helpers(g: Game, p: int) -> list:
    return [ab for x in g.permanents(p) for ab in g.chars(x).abilities
            if isinstance(ab, V.StaticAbility) and ab.kind == "foretell_any_turn_less"]


def special_action_block_reason(g: Game, p: int, o: Any, kind: str) -> str | None:
    """Why `p` can't take the special action `kind` with the card `o` now (116.2f, 116.2h, 116.2k), or None."""
    s = g.s
    name = o.card.name
    if o.zone != "hand" or o.owner != p:
        return f"{name} is not in {s.players[p].name}'s hand"
    if _special_ability(o.card, kind) is None:
        return f"{name} has no {kind} ability"
    if o.card.unsupported:
        return f"{name} is not supported by the card compiler"
    if s.priority != p:
        return f"{s.players[p].name} doesn't have priority (116.2)"
    if kind == "suspend":
        # 116.2f: only if they could begin to cast the card by putting it onto the stack (702.62c).
        c = o.card
        if "Land" in c.types:
            return f"{name} is a land: it can't be cast (702.62c)"
        if not timing.sorcery_timing_ok(g, p) and not timing.may_cast_any_time(g, p, o):  # 601.3b: or as though it had flash
            return f"116.2f: {name} could not be cast now (sorcery timing), so it can't be suspended"
        for restriction in registry.live(s, registry.CAST_RESTRICTIONS):
            if restriction is _unpayable_from_hand:
                continue  # 118.6: beginning to cast a spell with an unpayable cost is legal (Ancestral Vision)
            why = restriction(g, p, o)
            if why:
                return why
    elif kind == "foretell":
        if s.active != p and not _foretell_helpers(g, p):
            return f"116.2h: {name} can be foretold only during its owner's turn"
    elif kind == "plot" and not timing.sorcery_timing_ok(g, p):
        return f"116.2k: {name} can be plotted only in its owner's main phase while the stack is empty"
    return None


def exile_from_hand(g: Game, p: int, action: Any) -> None:
    """116.2f / 116.2h / 116.2k: pay the cost and exile the card (with N time counters: suspend; face down:
    foretell; plotted). Special actions don't use the stack; the player keeps priority (116.3)."""
    s = g.s
    o = s.objects.get(action.card)
    if o is None:
        raise IllegalActionError(f"{g.name_of(action.card)} is not in {s.players[p].name}'s hand")
    why = special_action_block_reason(g, p, o, action.keyword)
    if why:
        raise IllegalActionError(why)
    kind = action.keyword
    ab = _special_ability(o.card, kind)
    rule = {"suspend": "702.62a", "foretell": "702.143a", "plot": "702.170a"}[kind]
    _mana_payment_module.pay_mana(g, p, special_action_reqs(o, kind, g), action.payment, f"{o.card.name}'s {kind}")
    new = g.move(o.id, "exile", rule=rule)
    n = s.objects[new]
    if kind == "suspend":
        g.perform(CountersPut("702.62a", new, "time", ab.time))  # "exile it with N time counters on it"
    else:
        g.perform(EffectCreated(rule, ContinuousEffect("foretold" if kind == "foretell" else "plotted", new,
                                                       until="permanent", controller=p, timestamp=s.next_timestamp,
                                                       data=s.turn)))
        s.next_timestamp += 1
    g.log_event(kind, rule, player=s.players[p].name, card=o.card.name, id=new)
    if kind == "plot":
        for trig in n.card.abilities:
            if isinstance(trig, V.TriggeredAbility) and trig.event == "becomes_plotted":
                trigger_queue.queue(g, p, new, trig, None, n.card.name)  # 702.170: "when this card becomes plotted"
    s.passes = 0


def _marked_turn(g: Game, oid: int, kind: str) -> int | None:
    return next((e.data for e in g.s.effects if e.kind == kind and e.target == oid), None)


def _exile_permit(g: Game, p: int, o: Any) -> CastPermit | None:
    """Permissions for cards exiled by a special action: 702.143a foretold (its foretell cost, after the
    turn it was foretold) and 702.170d plotted (without paying its mana cost, during a later turn, in
    its owner's main phase while the stack is empty)."""
    s = g.s
    turn = _marked_turn(g, o.id, "foretold")
    if turn is not None and turn < s.turn:
        ab = _special_ability(o.card, "foretell")
        if ab is not None:
            return CastPermit("foretell", "702.143a", ab.cost, choices=(("foretold", True),))
    turn = _marked_turn(g, o.id, "plotted")
    if turn is not None and turn < s.turn and timing.sorcery_timing_ok(g, p):
        return CastPermit("plot", "702.170d", parse_cost(""), choices=(("plotted", True),))
    if _may_play(g, p, o.id) and "Land" not in o.card.types:
        return CastPermit("exile", "601.3")  # "you may play it this turn": its costs, the usual timing
    if "Land" not in o.card.types and _may_cast_while_planeswalker(g, p, o.id):
        return CastPermit("exile", "601.3")  # "as long as you control a Lukka planeswalker"
    return None


def exile_actions(g: Game, p: int) -> list:
    """Special actions `p` could take now with cards in their hand, and casts of their foretold or plotted
    cards in exile (for agents)."""
    s = g.s
    pl = s.players[p]
    if not g.may_have(*_SPECIAL.values()):
        return []  # the common case, asked at every priority: no card of this game can do it
    out: list = []
    for oid in pl.hand:
        o = s.objects[oid]
        if not o.card.abilities:
            continue
        for kind, cls in _SPECIAL.items():
            if not any(isinstance(ab, cls) for ab in o.card.abilities):
                continue
            if special_action_block_reason(g, p, o, kind) is not None:
                continue
            if not _mana_payment_module.can_pay(g, p, special_action_reqs(o, kind, g), None):  # 116.2f/h/k: not a spell
                continue
            out.append(A.ExileFromHand(oid, kind))
    for oid in pl.exile:
        o = s.objects[oid]
        if not any(e.target == oid and e.kind in ("foretold", "plotted") for e in s.effects):
            continue
        permit = _exile_permit(g, p, o)
        if permit is None or _stack_module.cast_block_reason(g, p, o) is not None:
            continue
        out.extend(_permitted_casts(g, p, o, permit))
    return out


SUSPEND_UPKEEP = SuspendTrigger("Suspend: at the beginning of your upkeep, remove a time counter", "suspend_upkeep",
                                (RemoveTimeCounter(),))


SUSPEND_LAST = V.TriggeredAbility("Suspend: when the last time counter is removed, you may cast it without paying "
                                  "its mana cost", "suspend_last", (SuspendCast(),))


def _suspend_upkeep(g: Game, event: str) -> None:
    if event != "upkeep" or not g.may_have(Suspend):
        return
    s = g.s
    for oid in list(s.players[s.active].exile):
        o = s.objects[oid]
        if o.counters.get("time") and any(isinstance(ab, Suspend) for ab in o.card.abilities):
            trigger_queue.queue(g, o.owner, oid, SUSPEND_UPKEEP, None, o.card.name)


def _remove_time_counter(g: Game, ctx: effect_context.Context, e: RemoveTimeCounter) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != "exile" or not o.counters.get("time"):
        return None  # 603.4: no longer suspended
    g.perform(CountersRemoved("702.62a", o.id, "time", 1))
    if not o.counters.get("time"):
        trigger_queue.queue(g, o.owner, o.id, SUSPEND_LAST, None, o.card.name)
    return None


def _suspend_haste(g: Game, old_id: int, new_id: int, frm: str) -> None:
    """702.62a: a creature spell cast this way gains haste until its caster loses control of it."""
    if frm != "stack" or not g.s.effects:
        return
    s = g.s
    o = s.objects[new_id]
    if "Creature" not in g.chars(o).types:
        return
    pending = next((e for e in s.effects if e.kind == "suspend_haste_pending" and e.target == old_id), None)
    if pending is None:
        return
    g.perform(EffectsEnded("702.62a", (pending,)))
    g.perform(EffectCreated("702.62a", ContinuousEffect("haste_while_controlled", new_id, keywords=("haste",),
                                                        until="permanent", controller=pending.controller,
                                                        timestamp=s.next_timestamp)))
    s.next_timestamp += 1


registry.register_effect(RemoveTimeCounter, _remove_time_counter)


def _install_special_actions() -> None:
    add_hook(registry.STEP_HOOKS, _suspend_upkeep, classes=(Suspend,))
    add_hook(game_module.ENTERED_BATTLEFIELD_HOOKS, _suspend_haste)


_install_special_actions()


def _exile_self_with_counters(g: Game, ctx: effect_context.Context, e: ExileSelfWithCounters) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != "stack":
        return None
    new = g.move(o.id, "exile", rule="608.2c")
    g.perform(CountersPut("122.1", new, e.kind, e.amount))  # in exile: no replacement effect applies (122.6)
    return None


registry.register_effect(ExileSelfWithCounters, _exile_self_with_counters)


def _sacrifice_unless_escaped(g: Game, ctx: effect_context.Context, e: SacrificeUnlessEscaped) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    if o.previous_id is not None and any(x.kind == "escaped" and x.target == o.previous_id for x in g.s.effects):
        return None
    effects.sacrifice(g, o.id)
    return None


registry.register_effect(SacrificeUnlessEscaped, _sacrifice_unless_escaped)


def _unpayable_from_hand(g: Game, p: int, o: Any) -> str | None:
    """118.6 / 202.1b: a card with no mana cost (Ancestral Vision, Lotus Bloom: cards with suspend) has an
    unpayable cost: it can't be cast from a hand by paying its mana cost. An alternative cost may be paid
    (118.6a: suspend's, foretell's, plot's ... cast from exile), so only casting from a hand without any
    alternative cost on the card is refused."""
    c = o.card
    if o.zone != "hand" or c.mana_cost.text or "Land" in c.types:
        return None
    if any(type(ab).__name__ == "AlternativeCost" for ab in c.abilities):
        return None  # other alternative costs: left to rules/casting.py
    return f"118.6: {c.name} has no mana cost, an unpayable cost: it can't be cast from a hand this way"


def _install_unpayable() -> None:
    add_hook(registry.CAST_RESTRICTIONS, _unpayable_from_hand)


_install_unpayable()


def _permitted_casts(g: Game, p: int, o: Obj, permit: Any) -> list[A.CastSpell]:
    """The casts of `o` a permission (retrace, jump-start, escape; a foretold or plotted card) offers
    `p` now: none unless its cost can be paid (601.2g-h), else one per mode choice and targets."""
    if not _mana_payment_module.can_pay(g, p, permit.reqs(g, p, o.card, 0, ()), ("spell", o.id)):
        return []
    return [A.CastSpell(o.id, targets, 0, modes=modes) for modes, specs in _stack_module.cast_variants(g, o.card)
            for targets in _targeting_module.target_combos(g, specs, p, o.id, o.card.colors)]


def _suspend_trigger_intervening_if(g: Game, ability: SuspendTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    return o is not None and o.zone == "exile" and o.counters.get("time", 0) > 0


registry.INTERVENING_IF[SuspendTrigger] = _suspend_trigger_intervening_if
