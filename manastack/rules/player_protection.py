"""Protection of a player (702.16); the templates are in cards/templates/effects_player_protection.py.

- 702.16b: a player with protection can't be targeted by spells with the stated quality nor by abilities
  from a source with it (rules/targeting.py target_legal asks registry.PLAYER_PROTECTION).
- 702.16c: nor enchanted by Auras with it: such an Aura attached to the player is put into its owner's
  graveyard as a state-based action (704.5m, registry.AURA_ON_PLAYER); casting one at the player is refused
  by 702.16b (an Aura spell targets).
- 702.16e: damage from sources with the quality that would be dealt to the player is prevented
  (rules/effects.py deal_damage).
- 702.16j: "protection from everything": from each object: no spell or ability can target the player,
  not even their own, and all damage to them is prevented. 702.16k / 702.16i: "protection from each of
  your opponents": from each object an opponent controls.
- Where it comes from: "You gain protection from the color of your choice until end of turn" (Seht's
  Tiger; the color is chosen as the ability resolves, 608.2c), "You gain protection from everything until
  your next turn" (The Stasis Coffin; 611.2a, ended by rules/timing_permissions.py), and the static "You
  have protection from each of your opponents" (Absolute Virtue).
- Veil of Summer: 702.11d "You and permanents you control gain hexproof from blue and from black until end of
  turn": the player and the permanents they control as it resolves (611.2c) can't be the targets of spells of
  those colors or abilities from sources of those colors their opponents control (rules/targeting.py reads the
  permanents' records); 101.2 "Spells you control can't be countered this turn" (registry.UNCOUNTERABLE_HOOKS);
  608.2c "Draw a card if an opponent has cast a blue or black spell this turn" (the casts of this turn's log,
  the spell's colors as it was cast or last existed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.compiler import COLOR_WORDS
from ..engine import registry
from ..model.events import EffectCreated
from ..model.state import ContinuousEffect
from ..model.vocab.player_protection import (  # noqa: F401 (the vocabulary this module executes)
    HEXPROOF_FROM_EFFECT,
    OPPONENTS,
    PLAYER_PROTECTION_EFFECT,
    GainHexproofFrom,
    GainPlayerProtection,
    IfOpponentCastColor,
    PlayerProtection,
    SpellsUncounterableThisTurn,
)
from . import add_hook, auras_on_players, effect_context, turn_history

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj

CHOICE = "player_protection_color"
_COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def qualities_of(g: Game, p: int) -> list[str]:
    """The qualities player `p` has protection from now: from static abilities of permanents they control
    and from effects."""
    out = [q for src, ab in g.battlefield_abilities(PlayerProtection) if src.controller == p for q in ab.qualities]
    out.extend(q for e in g.s.effects if e.kind == PLAYER_PROTECTION_EFFECT and e.controller == p for q in e.data)
    return out


def player_protected(g: Game, p: int, source: Any, colors: frozenset[str], controller: int | None,
                     what: str = "") -> bool:
    """registry.PLAYER_PROTECTION: whether player `p` has protection from a source with characteristics
    `source` (None when unknown), colors `colors`, controlled by `controller` (702.16a)."""
    for q in qualities_of(g, p):
        if q == "everything":  # 702.16j
            return True
        if q == OPPONENTS:  # 702.16k
            if controller is not None and controller != p:
                return True
        elif q == "multicolored":
            if len(colors) > 1:
                return True
        elif q in COLOR_WORDS:
            if COLOR_WORDS[q] in colors:
                return True
        elif source is not None and any(fn(q, source) for fn in registry.PROTECTION_QUALITIES):
            return True
    return False


def _aura_allowed(g: Game, aura: Obj, chars: Any) -> bool:
    """registry.AURA_ON_PLAYER, 702.16c: an Aura with a quality the enchanted player has protection from
    doesn't stay attached to them."""
    p = auras_on_players.enchanted_player(aura)
    return p is None or not player_protected(g, p, chars, chars.colors, aura.controller, "enchant")


# ----------------------------------------------------------------------------- gaining protection


def _grant(g: Game, p: int, qualities: tuple[str, ...], until: str, source: str) -> None:
    s = g.s
    protection = ContinuousEffect(PLAYER_PROTECTION_EFFECT, None, controller=p, timestamp=s.next_timestamp,
                                  until=until, data=tuple(qualities))
    s.next_timestamp += 1
    g.perform(EffectCreated("702.16a", protection, "gains_protection", {
        "player": s.players[p].name, "qualities": ", ".join(qualities), "source": source}))


def _gain_protection(g: Game, ctx: Any, e: GainPlayerProtection) -> list | None:
    if not e.color_choice:
        _grant(g, ctx.controller, e.qualities, e.until, ctx.name)
        return None
    # 608.2c: the color is chosen as the effect resolves, by the ability's controller
    return [effect_context.queue_choice(CHOICE, ctx.controller, tuple(_COLOR_WORD),
                      f"{ctx.name}: choose a color (you gain protection from it)",
                      (e.qualities, e.until, ctx.name))]


def _answer_color(g: Game, d: Any, value: Any) -> None:
    letter, (qualities, until, name) = effect_context.take_color_answer(g, d, value)
    _grant(g, d.player, tuple(qualities) + (_COLOR_WORD[letter],), until, name)


# PLAYER_PROTECTION_EFFECT: _grant
UNCOUNTERABLE_TURN = "uncounterable_this_turn"  # ContinuousEffect.kind: the spells `controller` controls


def _gain_hexproof_from(g: Game, ctx: Any, e: GainHexproofFrom) -> list | None:
    """702.11d / 611.2c: the player, and each permanent they control now, until end of turn (514.2)."""
    s = g.s
    p = ctx.controller
    for target in (None, *(o.id for o in g.permanents(p))):
        g.perform(EffectCreated("702.11d", ContinuousEffect(HEXPROOF_FROM_EFFECT, target, controller=p, until="eot",
                                                            timestamp=s.next_timestamp, data=e.colors)))
        s.next_timestamp += 1
    g.log_event("hexproof_from", "702.11d", player=s.players[p].name, colors="".join(sorted(e.colors)), source=ctx.name)
    return None


def hexproof_from_blocks(g: Game, p: int, source: Any, colors: frozenset[str], controller: int | None,
                         kind: str) -> bool:
    """registry.PLAYER_PROTECTION: 702.11d, a player with hexproof from a color can't be the target of an
    opponent's spell or ability from a source of that color (targeting only)."""
    if kind != "target" or controller is None or controller == p or not colors:
        return False
    return any(e.kind == HEXPROOF_FROM_EFFECT and e.target is None and e.controller == p and e.data & colors
               for e in g.s.effects)


def _uncounterable_this_turn(g: Game, ctx: Any, e: SpellsUncounterableThisTurn) -> list | None:
    s = g.s
    g.perform(EffectCreated("101.2", ContinuousEffect(UNCOUNTERABLE_TURN, None, controller=ctx.controller, until="eot",
                                                      timestamp=s.next_timestamp), "uncounterable",
                            {"player": s.players[ctx.controller].name, "source": ctx.name}))
    s.next_timestamp += 1
    return None


def uncounterable_this_turn(g: Game, o: Obj) -> bool:
    """registry.UNCOUNTERABLE_HOOKS: a spell whose controller's spells can't be countered this turn."""
    return any(e.kind == UNCOUNTERABLE_TURN and e.controller == o.controller for e in g.s.effects)


def _if_opponent_cast_color(g: Game, ctx: Any, e: IfOpponentCastColor) -> list | None:
    """608.2c: the effects happen if an opponent cast a spell of one of the colors this turn (601.2i)."""
    s = g.s
    me = s.players[ctx.controller].name
    for ev in turn_history._this_turn(g):
        if ev.get("event") != "cast" or ev.get("player") == me:
            continue
        oid = ev.get("id")
        o = s.objects.get(oid)
        card = o.card if o is not None else (s.lki[oid][0].card if oid in s.lki else None)
        if card is not None and card.colors & e.colors:
            return [("resume_effects", ctx, e.effects, 0, None)]
    return None


add_hook(registry.PLAYER_PROTECTION, hexproof_from_blocks, classes=(GainHexproofFrom,))
add_hook(registry.UNCOUNTERABLE_HOOKS, uncounterable_this_turn, classes=(SpellsUncounterableThisTurn,))
registry.register_effect(GainHexproofFrom, _gain_hexproof_from)
registry.register_effect(SpellsUncounterableThisTurn, _uncounterable_this_turn)
registry.register_effect(IfOpponentCastColor, _if_opponent_cast_color)
add_hook(registry.PLAYER_PROTECTION, player_protected, classes=(PlayerProtection, GainPlayerProtection))
add_hook(registry.AURA_ON_PLAYER, _aura_allowed)  # sba.py reads the list itself
registry.register_effect(GainPlayerProtection, _gain_protection)
registry.CHOICES[CHOICE] = (effect_context.color_actions, _answer_color)
