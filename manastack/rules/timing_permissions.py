"""Permissions and restrictions on when things may be done (302.6, 601.3, 602.5, 611.2a); the templates are
in cards/templates/statics_timing.py.

- 302.6 / 602.5a: "You may activate abilities of [other] creatures you control as though those creatures
  had haste" (Thousand-Year Elixir, Tyvar, Shang-Chi, Dynaheir): a creature's {T} and {Q} abilities may be
  activated the turn it came under its controller's control (registry.HASTE_PERMISSIONS). It isn't haste:
  the creature still can't attack (302.6), and "creatures with haste" don't include it. "All creatures
  have haste" is a grant of the keyword (613.1f), not this permission.
- 601.3b / 702.8a: "You may cast [kind] spells as though they had flash" (Leyline of Anticipation, Vedalken
  Orrery, Vivien, Yeva), "Any player may cast ..." (Vernal Equinox, Quick Sliver), and the effects "You may
  cast [kind] spells this turn as though they had flash" (Borne Upon a Wind, Alchemist's Refuge, Winding
  Canyons; until the cleanup step, 514.2) and "Until your next turn, you may cast [kind] spells as though
  they had flash" (Teferi's +1): the player may begin to cast such a spell any time they could cast an
  instant (registry.FLASH_GRANTS). The spells don't gain flash. "The next sorcery spell you cast this turn
  can be cast as though it had flash" (Quicken): the next such spell the player casts this turn, with or
  without the permission, uses it up (registry.SPELL_CAST_HOOKS).
- 101.2: "Each opponent can cast spells only any time they could cast a sorcery" (Teferi, Time Raveler):
  it beats any permission to cast as though the spell had flash; "Players can cast spells only during their
  own turns" (registry.CAST_RESTRICTIONS).
- 601.3 / 602.5b: timing windows (registry.TIMING_WINDOWS): "Activate only during combat" (506.1: the
  five steps of the combat phase), "... during the end of combat step" (511), "... before blockers are
  declared", "... before the end of combat step", "Cast this spell only before attackers are declared"
  (Master Warcraft) ...
- 611.2a: an effect that lasts "until your next turn" ends as that player's next turn begins (before its
  untap step's actions, registry.BEFORE_UNTAP_HOOKS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.events import EffectCreated, EffectsEnded
from ..model.state import BEGIN_COMBAT, DECLARE_ATTACKERS, DECLARE_BLOCKERS, END_COMBAT, ContinuousEffect
from ..model.vocab.timing_permissions import (  # noqa: F401 (the vocabulary this module executes)
    FLASH_EFFECT,
    FLASH_NEXT_EFFECT,
    TIMING_WINDOW_WORDS,
    UNTIL_YOUR_NEXT_TURN,
    UNTIL_YOUR_NEXT_UPKEEP,
    CastTiming,
    FlashPermission,
    GrantFlashPermission,
    HastePermission,
)
from . import add_hook, cast_restrictions, cost_modifiers, timing

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


# ----------------------------------------------------------------------------- 302.6: as though it had haste


def haste_permitted(g: Game, o: Obj) -> bool:
    """registry.HASTE_PERMISSIONS: a static ability of a permanent `o`'s controller controls lets them
    activate `o`'s abilities as though it had haste ("other creatures": not the permanent's own)."""
    for src, ab in g.battlefield_abilities(HastePermission):
        if src.controller == o.controller and not (ab.other and src.id == o.id):
            return True
    return False


# ----------------------------------------------------------------------------- 601.3b: as though it had flash


def flash_granted(g: Game, p: int, o: Obj | None) -> bool:
    """registry.FLASH_GRANTS: whether a static ability ("You may cast creature spells as though they had
    flash", of a permanent `p` controls, or "Any player may ...") or an effect `p` controls lets `p` cast
    the card `o` as though it had flash (`o` None: whether it lets them cast any card so)."""
    for src, ab in g.battlefield_abilities(FlashPermission):
        if (ab.who == "each" or src.controller == p) and (o is None or _of_kind(ab.spells, o)):
            return True
    for e in g.s.effects:
        if e.kind in (FLASH_EFFECT, FLASH_NEXT_EFFECT) and e.controller == p and (o is None or _of_kind(e.data, o)):
            return True
    return False


def _of_kind(spells: tuple, o: Obj) -> bool:
    return not spells or any(cost_modifiers.spell_matches(f, o.card) for f in spells)


def _grant_flash(g: Game, ctx: Any, e: GrantFlashPermission) -> list | None:
    """611.2c: the permission changes the rules of the game: it covers cards the player gets later."""
    s = g.s
    permission = ContinuousEffect(FLASH_NEXT_EFFECT if e.next_only else FLASH_EFFECT, None, controller=ctx.controller, timestamp=s.next_timestamp,
                                  until=e.until, data=e.spells)
    s.next_timestamp += 1
    g.perform(EffectCreated("601.3b", permission, "flash_permission", {
        "player": s.players[ctx.controller].name, "source": ctx.name,
        "until": "your next turn" if e.until == UNTIL_YOUR_NEXT_TURN else "end of turn"}))
    return None


def _next_spell_cast(g: Game, p: int, spell: int) -> None:
    """registry.SPELL_CAST_HOOKS: the player's "next [sorcery] spell" permissions that this spell matches
    are used up (it is that next spell, 611.2a)."""
    s = g.s
    o = s.objects.get(spell)
    used = tuple(e for e in s.effects if e.kind == FLASH_NEXT_EFFECT and e.controller == p
                 and o is not None and _of_kind(e.data, o))
    if used:
        g.perform(EffectsEnded("611.2a", used, "effects_end", {
            "player": s.players[p].name, "count": len(used), "duration": f"until {o.card.name} was cast"}))


def cast_timing_restriction(g: Game, p: int, o: Obj) -> str | None:
    """registry.CAST_RESTRICTIONS, 101.2: "Each opponent can cast spells only any time they could cast a
    sorcery" (Teferi, Time Raveler) beats a permission to cast a spell as though it had flash; "Players can
    cast spells only during their own turns" (Dosan the Falling Leaf)."""
    for src, ab in g.battlefield_abilities(CastTiming):
        if ab.who == "opponents" and src.controller == p:
            continue
        if ab.kind == "sorcery" and not timing.sorcery_timing_ok(g, p):
            return f"101.2: {src.card.name}: {g.s.players[p].name} can cast spells only any time they could cast a sorcery"
        if ab.kind == "own_turn" and g.s.active != p:
            return f"101.2: {src.card.name}: {g.s.players[p].name} can cast spells only during their own turn"
    return None


# ----------------------------------------------------------------------------- 601.3 / 602.5b: windows


def _as_cast(kind: str):
    """A window the casting restrictions know (601.3: "Cast this spell only during combat"), the same for
    activating (602.5b: "Activate only during combat")."""
    def now(g: Game, p: int) -> bool:
        return cast_restrictions._restriction_ok(g, p, kind)
    return now


def _step(lo: int, hi: int):
    """A window of the current turn's steps, from `lo` to `hi` (both included)."""
    def now(g: Game, p: int) -> bool:
        return lo <= g.s.step <= hi
    return now


_WINDOWS = {
    **{kind: _as_cast(kind) for kind in ("combat", "before_combat_damage", "declare_attackers", "declare_blockers",
                                         "combat_before_blockers", "combat_after_blockers", "opponents_turn",
                                         "attacked_this_step")},
    "end_combat": _step(END_COMBAT, END_COMBAT),  # 511
    "before_blockers": _step(0, DECLARE_ATTACKERS),
    "before_attackers_declared": _step(0, BEGIN_COMBAT),
    "before_end_combat": _step(0, END_COMBAT - 1),
    # combat damage is dealt as its step begins (510.2), before anyone gets priority in it
    "combat_before_damage": _step(BEGIN_COMBAT, DECLARE_BLOCKERS),
}


def _install_windows() -> None:
    words = {kind: text for text, kind in TIMING_WINDOW_WORDS.items()}
    for kind, now in _WINDOWS.items():
        registry.TIMING_WINDOWS[kind] = (words[kind], now)


# ----------------------------------------------------------------------------- 611.2a: until your next turn


def _next_turn_began(g: Game) -> None:
    """registry.BEFORE_UNTAP_HOOKS: effects of the active player that last "until your next turn" end."""
    s = g.s
    ended = tuple(e for e in s.effects if e.until == UNTIL_YOUR_NEXT_TURN and e.controller == s.active)
    if ended:
        g.perform(EffectsEnded("611.2a", ended, "effects_end", {
            "player": s.players[s.active].name, "count": len(ended), "duration": "until your next turn"}))


def _next_upkeep_began(g: Game, event: str) -> None:
    """registry.STEP_HOOKS: effects of the active player that last "until your next upkeep" end as that upkeep
    begins (611.2a), before its "at the beginning of your upkeep" abilities trigger (so Erhnam Djinn's new
    forestwalk comes after the old one ended)."""
    s = g.s
    if event != "upkeep" or not s.effects:
        return
    ended = tuple(e for e in s.effects if e.until == UNTIL_YOUR_NEXT_UPKEEP and e.controller == s.active)
    if ended:
        g.perform(EffectsEnded("611.2a", ended, "effects_end", {
            "player": s.players[s.active].name, "count": len(ended), "duration": "until your next upkeep"}))


add_hook(registry.STEP_HOOKS, _next_upkeep_began)
add_hook(registry.HASTE_PERMISSIONS, haste_permitted, classes=(HastePermission,))
add_hook(registry.FLASH_GRANTS, flash_granted, classes=(FlashPermission, GrantFlashPermission))  # FLASH_EFFECT: _grant_flash
add_hook(registry.BEFORE_UNTAP_HOOKS, _next_turn_began)
add_hook(registry.SPELL_CAST_HOOKS, _next_spell_cast, classes=(GrantFlashPermission,))
add_hook(registry.CAST_RESTRICTIONS, cast_timing_restriction, classes=(CastTiming,))
registry.register_effect(GrantFlashPermission, _grant_flash)
_install_windows()
