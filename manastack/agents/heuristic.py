"""A simple heuristic agent: keeps reasonable hands, plays a land, casts the most expensive spell
it can (removal and burn at the opponent's best creature or face), attacks when it is safe, blocks
to trade or to survive. Deterministic given its seed (ties broken by its own RNG)."""

from __future__ import annotations

import random

from ..engine.game import Game
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.state import player_ref
from ..model.vocab.divided import DIVIDE, DividedDamage
from ..rules import blocking_requirements, combat
from .progress import ProgressGuard


class HeuristicAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.guard = ProgressGuard()  # 729.3: no activation repeated without progress

    def act(self, game: Game) -> A.Action:
        d = game.pending
        acts = game.legal_actions()
        assert d is not None
        k = d.kind
        if k == "mulligan":
            return self._mulligan(game, d.player)
        if k == "priority":
            a = self._priority(game, d.player, self.guard.allowed(game, acts))
            self.guard.note(game, a)
            return a
        if (k == "attackers" and d.player != game.s.active) or (k == "blockers" and d.player == game.s.active):
            # 508.1 / 509.1: declaring another player's creatures ("you choose which creatures block"): none
            return next((a for a in acts if isinstance(a, A.DeclareAttackers | A.DeclareBlockers)
                         and not (a.attackers if isinstance(a, A.DeclareAttackers) else a.blockers)),
                        next((a for a in acts if isinstance(a, A.DeclareAttackers | A.DeclareBlockers)), acts[0]))
        if k == "attackers":
            return self._attack(game, d.player, acts)
        if k == "blockers":
            return self._block(game, d.player, acts)
        if k in ("discard", "bottom"):
            return self._discard(game, d.player, acts)
        if k == "trigger_target":
            opp = player_ref(1 - d.player)
            for a in acts:
                if isinstance(a, A.Choose) and a.value == opp:
                    return a
        return acts[0]

    def _mulligan(self, g: Game, p: int) -> A.Action:
        s = g.s
        hand = s.players[p].hand
        lands = sum(1 for o in hand if "Land" in s.objects[o].card.types)
        keep = len(hand) <= 5 or 2 <= lands <= 5
        return A.Choose(keep)

    def _discard(self, g: Game, p: int, acts: list[A.Action]) -> A.Action:
        s = g.s
        lands = [a for a in acts if isinstance(a, A.Choose) and isinstance(a.value, int)
                 and "Land" in s.objects[a.value].card.types]  # a discard's answers are card ids
        n_lands_bf = sum(1 for o in g.permanents(p) if "Land" in g.chars(o).types)
        if lands and n_lands_bf >= 5:
            return lands[0]
        return max(acts, key=lambda a: s.objects[a.value].card.mana_cost.mana_value)  # type: ignore[attr-defined]

    def _value(self, g: Game, p: int, a: A.Action) -> float:
        s = g.s
        if isinstance(a, A.PlayLand):
            return 100.0
        if isinstance(a, A.CastSpell):
            o = s.objects[a.card]
            card = o.card
            score = 10.0 + card.mana_cost.mana_value + a.x
            shares = dict(c for c in a.choices if isinstance(c, tuple) and len(c) == 2).get(DIVIDE)
            chosen = iter(shares) if isinstance(shares, tuple) else None
            for t in a.targets:
                # 601.2d: each target is dealt the damage the division announces for it
                share = next(chosen, None) if chosen is not None and t is not None else None
                score += self._target_score(g, p, card, t, share)
            if card.spell is not None and not a.targets and any(isinstance(e, V.CounterSpell) for e in card.spell.effects):
                score -= 100
            return score
        if isinstance(a, A.ActivateAbility):
            o = s.objects[a.source]
            ab = [x for x in g.chars(o).abilities if isinstance(x, V.ActivatedAbility | V.ManaAbility)][a.index]
            if isinstance(ab, V.ActivatedAbility) and any(isinstance(e, V.Pump) for e in ab.effects):
                return -1.0 if s.active == p and s.step in (3, 10) else 1.0
            return 2.0
        if isinstance(a, A.PutCompanionIntoHand):
            return 5.0  # 116.2g: after the spells worth casting (10 and more), before passing
        return 0.0

    def _target_score(self, g: Game, p: int, card: V.CardDef, t: int | None, share: int | None = None) -> float:
        s = g.s
        harmful = card.spell is not None and any(
            isinstance(e, V.DealDamage | V.Destroy | V.ReturnToHand | V.CounterSpell | V.Discard | DividedDamage)
            or (isinstance(e, V.Pump) and e.toughness < 0) for e in card.spell.effects)
        if t is None:
            return -1.0  # an "up to N" target left unchosen: slightly worse than using it
        if t < 0:
            mine = (-1 - t) == p
            return (-50 if mine else 5) if harmful else (5 if mine else -50)
        o = s.objects[t]
        mine = o.controller == p
        c = g.chars(o)
        worth = (c.power or 0) + (c.toughness or 0) if "Creature" in c.types else 1
        if harmful:
            if mine:
                return -50
            # Burn: prefer a creature it kills.
            if share is not None and "Creature" in c.types and share < (c.toughness or 0) - o.damage:
                return -20
            for e in card.spell.effects if card.spell else ():
                if isinstance(e, V.DealDamage) and isinstance(e.amount, int) and "Creature" in c.types:
                    if e.amount < (c.toughness or 0) - o.damage:
                        return -20
            return 3 + worth
        return (3 + worth) if mine else -50

    def _priority(self, g: Game, p: int, acts: list[A.Action]) -> A.Action:
        s = g.s
        best = None
        best_v = 0.5
        for a in acts:
            if isinstance(a, A.PassPriority):
                continue
            if isinstance(a, A.CastSpell):
                card = s.objects[a.card].card
                instant = "Instant" in card.types
                # Cast creatures and sorceries in the first main phase; instants when useful.
                if instant and card.spell is not None:
                    is_pump = any(isinstance(e, V.Pump) and e.power > 0 for e in card.spell.effects)
                    is_counter = any(isinstance(e, V.CounterSpell) for e in card.spell.effects)
                    if is_counter and not any(it.controller != p and it.kind == "spell" for it in s.stack):
                        continue
                    if is_pump and not (s.combat and s.combat.attackers and s.step in (6,)):
                        continue
            v = self._value(g, p, a) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        return best if best is not None else A.PassPriority()

    def _attack(self, g: Game, p: int, acts: list[A.Action]) -> A.Action:
        opp = 1 - p
        blockers = [o for o in g.creatures(opp) if not o.tapped]
        best_block = max(((g.chars(b).power or 0) for b in blockers), default=0)
        best_tough = max(((g.chars(b).toughness or 0) for b in blockers), default=0)
        chosen = []
        for cid in combat.possible_attackers(g):
            o = g.s.objects[cid]
            c = g.chars(o)
            power, tough = c.power or 0, c.toughness or 0
            evasive = "flying" in c.keywords and not any(
                {"flying", "reach"} & g.chars(b).keywords for b in blockers)
            safe = evasive or not blockers or tough > best_block or (power >= best_tough and len(blockers) <= 1) \
                or g.s.players[opp].life <= power
            if safe and power > 0:
                chosen.append((cid, player_ref(opp)))
        if combat.attack_declaration_error(g, [c for c, _ in chosen]) is not None:
            # Requirements ("attacks each combat if able"): add the creatures that must attack.
            for cid in combat.possible_attackers(g):
                if cid not in dict(chosen) and "attacks_each_combat" in getattr(g.chars(g.s.objects[cid]), "rules", ()):
                    chosen.append((cid, player_ref(opp)))
        if combat.attack_declaration_error(g, [c for c, _ in chosen]) is not None:
            return acts[0]  # build a legal declaration from the offered actions instead
        return A.DeclareAttackers(tuple(chosen))

    def _block(self, g: Game, p: int, acts: list[A.Action]) -> A.Action:
        s = g.s
        cb = s.combat
        assert cb is not None
        blocks = []
        used: set[int] = set()
        incoming = sum((g.chars(s.objects[a]).power or 0) for a in cb.attackers)
        desperate = incoming >= s.players[p].life
        for a in sorted(cb.attackers, key=lambda x: -(g.chars(s.objects[x]).power or 0)):
            ao = s.objects[a]
            ac = g.chars(ao)
            if "menace" in ac.keywords:
                continue
            for b in g.creatures(p):
                if b.id in used or blocking_requirements.can_block(g, b, ao) is not None:
                    continue
                bc = g.chars(b)
                kills = (bc.power or 0) >= (ac.toughness or 0) - ao.damage or "deathtouch" in bc.keywords
                survives = (ac.power or 0) < (bc.toughness or 0) - b.damage and "deathtouch" not in ac.keywords
                if survives or (kills and (bc.power or 0) + (bc.toughness or 0) <= (ac.power or 0) + (ac.toughness or 0)) \
                        or desperate:
                    blocks.append((b.id, (a,)))
                    used.add(b.id)
                    break
        for candidate in (tuple(blocks), ()):
            try:
                blocking_requirements.validate_blocks(g, candidate)
                return A.DeclareBlockers(candidate)
            except IllegalActionError:
                continue
        return acts[0]  # requirements ("blocks each combat if able"): take an offered action
