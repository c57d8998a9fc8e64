"""CR 704: state-based actions, checked whenever a player would receive priority (704.3) and
performed simultaneously, repeated until none apply.

704.5a (0 or less life), 704.5b (drew from an empty library), 704.5c (ten poison counters),
704.5d (tokens outside the battlefield cease to exist), 704.5f (toughness 0 or less),
704.5g (lethal damage), 704.5h (deathtouch damage), 704.5i (planeswalker with 0 loyalty),
704.5j (the legend rule: the controller chooses one to keep), 704.5m (an Aura attached illegally
or to nothing goes to the graveyard; 702.16c: an Aura with a quality the permanent has protection
from), 704.5n / 301.5c (an Equipment attached to an illegal or nonexistent permanent, or one
with protection from it (702.16d), becomes unattached and stays on the battlefield), and the
sacrifices other areas name (registry.SBA_SACRIFICES: 704.5s a Saga past its final chapter,
rules/sagas.py), performed with the others. 104.4a: if all players lose simultaneously, the game is a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.decisions import Decision, DecisionKind
from ..model.events import AttachChange
from ..model.state import BATTLEFIELD, GRAVEYARD
from ..model.vocab import StaticAbility
from . import effects, targeting
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


PRE_CHECK = registry.PRE_CHECK  # (engine/registry.py)
AURA_KEPT = registry.AURA_KEPT  # (engine/registry.py)
AURA_ON_PLAYER = registry.AURA_ON_PLAYER  # (engine/registry.py)
SBA_SACRIFICES = registry.SBA_SACRIFICES  # (engine/registry.py)


def check(g: Game) -> bool:
    """Perform one round of state-based actions. Returns True if anything happened."""
    s = g.s
    if s.over:
        return False
    for fn in PRE_CHECK:
        if fn(g):
            return True
    losers = []
    for pl in s.players:
        if pl.life <= 0:
            losers.append((pl.index, "704.5a", "0 or less life"))
        elif pl.drew_from_empty:
            losers.append((pl.index, "704.5b", "drew from an empty library"))
        elif pl.poison >= 10:
            losers.append((pl.index, "704.5c", "ten or more poison counters"))
    if losers:
        for i, rule, why in losers:
            s.players[i].lost = True
            s.players[i].loss_reason = why
            g.log_event("lose", rule, player=s.players[i].name, reason=why)
        lost = {i for i, _, _ in losers}
        if len(lost) == 2:
            g.end_game(None, "both players lost simultaneously (104.4a)")
        else:
            loser = lost.pop()
            g.end_game(1 - loser, f"{s.players[loser].name}: {losers[0][2]} ({losers[0][1]})")
        return True
    acted = False
    # 704.5d: tokens in other zones. A token can only get there as a new object (400.7), which
    # Game.new_object flags (`stray_tokens`): without one since the last look there is none.
    if s.stray_tokens:
        s.stray_tokens = False
        for pl in s.players:
            for zone in (pl.hand, pl.graveyard, pl.exile, pl.library):
                for oid in list(zone):
                    o = s.objects[oid]
                    if o.card.is_token:
                        zone.remove(oid)
                        del s.objects[oid]
                        g.log_event("token_ceases", "704.5d", card=o.card.name)
                        acted = True
    to_graveyard: list[tuple[int, str]] = []
    to_destroy: list[tuple[int, str]] = []
    to_unattach: list[int] = []
    legend: dict[tuple[int, str], list[int]] = {}
    for oid in s.battlefield:
        o = s.objects[oid]
        c = g.chars(o)
        if "Creature" in c.types:
            t = c.toughness or 0
            if t <= 0:
                to_graveyard.append((oid, "704.5f"))
                continue
            if o.damage >= t:
                to_destroy.append((oid, "704.5g"))
                continue
            if o.deathtouched:
                to_destroy.append((oid, "704.5h"))
                continue
        if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
            to_graveyard.append((oid, "704.5i"))
            continue
        if "Aura" in c.subtypes and o.attached_to is not None and o.attached_to < 0:
            # 303.4c / 702.5d: an Aura attached to a player (rules/auras_on_players.aura_player_legal)
            if not AURA_ON_PLAYER or not all(ok(g, o, c) for ok in AURA_ON_PLAYER):
                to_graveyard.append((oid, "704.5m"))
                continue
        elif "Aura" in c.subtypes:
            host = s.objects.get(o.attached_to) if o.attached_to is not None else None
            if host is None or host.zone != BATTLEFIELD or not _aura_legal(g, o, host) \
                    or (targeting.protected_from(g, host, c.colors, c)  # 702.16c
                        and not any(keep(g, o, host, c) for keep in AURA_KEPT)):
                to_graveyard.append((oid, "704.5m"))
                continue
        elif o.attached_to is not None and "Equipment" in c.subtypes:
            host = s.objects.get(o.attached_to)
            if host is None or host.zone != BATTLEFIELD or host.id == oid or "Creature" in c.types \
                    or "Creature" not in g.chars(host).types \
                    or targeting.protected_from(g, host, c.colors, c):  # 702.16d
                to_unattach.append(oid)
        if "Legendary" in c.supertypes:
            legend.setdefault((o.controller, c.name), []).append(oid)
    to_sacrifice = [found for fn in registry.live(s, SBA_SACRIFICES) for found in fn(g)]
    for group in legend.values():
        if len(group) > 1:
            s.pending = _legend_decision(g, group)
            return True
    for oid in s.battlefield:
        s.objects[oid].deathtouched = False
    for oid in to_unattach:
        # 704.5n / 301.5c: an Equipment attached to an illegal or nonexistent permanent becomes
        # unattached and remains on the battlefield.
        g.perform(AttachChange("704.5n", oid, None, restamp=False))
        acted = True
    for oid, rule in to_graveyard:
        if oid in s.objects and s.objects[oid].zone == BATTLEFIELD:
            g.log_event("sba", rule, card=s.objects[oid].card.name)
            g.move(oid, GRAVEYARD, rule=rule)
            acted = True
    for oid, rule in to_destroy:
        if oid in s.objects and s.objects[oid].zone == BATTLEFIELD:
            if effects.destroy(g, oid, rule):
                acted = True
    for oid, rule in to_sacrifice:
        if oid in s.objects and s.objects[oid].zone == BATTLEFIELD:
            g.log_event("sba", rule, card=s.objects[oid].card.name)
            effects.sacrifice(g, oid)  # 701.17a: its controller puts it into its owner's graveyard
            acted = True
    return acted


def _aura_legal(g: Game, aura, host) -> bool:
    # its printed enchant ability, else one an effect gave it (a Licid become an Aura, rules/ending_effects.py)
    printed = any(isinstance(ab, StaticAbility) and ab.kind == "enchant" for ab in aura.card.abilities)
    for ab in (aura.card.abilities if printed else g.chars(aura).abilities):
        if isinstance(ab, StaticAbility) and ab.kind == "enchant":
            if getattr(ab, "target_kind", "permanent") != "permanent":
                return False  # 702.5d: an Aura that enchants a player can't be attached to a permanent
            return _targeting_module.matches_filter(g, ab.filter, host, aura.controller)
    return True


def _legend_decision(g: Game, group: list[int]):
    o = g.s.objects[group[0]]
    return Decision(DecisionKind.LEGEND, o.controller, data=tuple(group),
                    prompt=f"704.5j: choose the {o.card.name} to keep; the rest go to the graveyard")
