"""The Game: one decision pipeline (DESIGN.md). The engine runs until some player must decide,
then exposes `pending` (a Decision) and `legal_actions()`; `apply(action)` acts and runs on.

    >>> from manastack import Game
    >>> g = Game.new_game("vanilla", "vanilla", seed=1)
    >>> g.pending.kind
    'mulligan'
    >>> g.apply(g.legal_actions()[0])

An illegal action raises IllegalActionError and leaves the game exactly as it was.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar, cast

from ..cards.db import get_card
from ..decks import Deck, as_card_list
from ..errors import GameFaultedError, IllegalActionError
from ..model import actions as A
from ..model import vocab as _vocab
from ..model.chars import VOLATILE_READS, Chars
from ..model.decisions import Decision, DecisionKind
from ..model.events import (
    CountersPut,
    CountersRemoved,
    Damage,
    Discard,
    Draw,
    Event,
    LifeChange,
    ManaAdded,
    TapChange,
    TokenCreated,
    ZoneChange,
)
from ..model.mana import EMPTY, Bag, format_bag
from ..model.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    STEPS,
    GameState,
    Obj,
    player_ref,
)
from ..model.vocab import Ability, CardDef, ability_types
from . import registry, validate
from .registry import RULES

PROFILES = ("cr-2024-09", "cr-2026-02")
# 104.4b: steps the engine runs without a decision before it calls the game a draw (rules/loops.py).
MANDATORY_BOUND = 100_000

# The zone-change hooks of the rules registry (engine/registry.py), by their old names.
LEFT_BATTLEFIELD_HOOKS = registry.LEFT_BATTLEFIELD_HOOKS
ENTERED_BATTLEFIELD_HOOKS = registry.ENTERED_BATTLEFIELD_HOOKS
_NO_KINDS: frozenset = frozenset()


_PRIORITY_DECISIONS: dict[tuple[int, str], Decision] = {}
# Events that change nothing a state-based action looks at (704.5: life, poison, drawing from an empty
# library, the permanents and their characteristics, damage, counters, attachments, control): turn
# structure, mana, casting (its costs are logged on their own: "life", "zone_change" ...) — unless a
# characteristic depends on the turn, the step, tapped status or the cards in a zone
# (GameState.volatile_chars). After only these, the state-based actions that found nothing before still
# find nothing (Game.settle). Events performed through Game.perform (tapping, mana added, life, zone
# changes, draws, discards) say it by their class (Event.marks_sba: a zone change not involving the
# battlefield doesn't count).
SBA_NEUTRAL_EVENTS = frozenset({"step", "turn", "untap_step", "no_attackers", "no_blockers", "cast",
                                "activate_mana", "pay_mana", "mana_empties", "order_triggers"})

# What Game.new_game takes as a deck: a Deck, a bundled deck's name or a deck file's path, or card names.
DeckSpec = Deck | str | Sequence[str]
T = TypeVar("T")


class Game:
    """A two-player game of Magic."""

    def __init__(self, state: GameState) -> None:
        self.s = state
        self._cache: dict = {}
        self._legal: list[A.Action] | None = None
        # Decisions with a single legal option are taken automatically (agents); the scenario
        # runner turns this off to check its answers against them.
        self.auto_single = True
        self.auto_pass = True  # trivial priority passes; off under the scenario runner
        # Answers choices made while a mana ability resolves (605.3b: no decision can wait there);
        # None takes the default. The scenario runner sets it to read the script's answers.
        self.chooser = None
        # Lifelink gains of damage being dealt at the same time (rules/effects.simultaneous_damage).
        self.damage_batch: dict[tuple[int, str], int] | None = None  # (controller, source name) -> life
        # What happened once in that simultaneous damage event (one counter removed, one trigger): a set.
        self.damage_event_marks: set[Hashable] | None = None
        # Why the game can't go on, after an engine error left it half-changed (apply); None normally.
        self.faulted: str | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new_game(cls, deck_a: DeckSpec, deck_b: DeckSpec, seed: int = 0, names: tuple[str, str] = ("alice", "bob"),
                 profile: str = "cr-2024-09", max_turns: int = 100, starting_player: int = 0) -> Game:
        """Start a game (103): shuffle, draw seven, mulligans (London, 103.5), opening-hand actions
        (103.6), first player skips the first draw (103.8a). Decks are Deck objects, deck names/paths, or lists of card names."""
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})")
        s = GameState(seed, names, profile, max_turns)
        g = cls(s)
        for i, deck in enumerate((deck_a, deck_b)):
            for name in as_card_list(deck):
                o = g.new_object(get_card(name), i, LIBRARY)
                s.players[i].library.append(o.id)
        for p in s.players:
            s.rng.shuffle(p.library)
        s.active = starting_player
        s.turn = 0
        for i in (starting_player, 1 - starting_player):
            g.draw(i, 7, rule="103.4")
        s.queue = [("mulligan", starting_player), ("mulligan", 1 - starting_player)]
        RULES.queue_opening_hands(s.queue, starting_player)  # 103.6, once the mulligans are done
        g.log_event("game_start", "103.1", seed=seed, starting_player=s.players[starting_player].name,
                    profile=profile)
        g._run()
        return g

    @classmethod
    def empty(cls, names: tuple[str, ...] = ("alice", "bob"), seed: int = 0, profile: str = "cr-2024-09",
              max_turns: int = 1000) -> Game:
        """A game with empty zones, for setting up positions (scenario files)."""
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})")
        if len(names) != 2:
            raise ValueError("manastack plays two-player games: exactly two players are needed")
        return cls(GameState(seed, (names[0], names[1]), profile, max_turns))

    # ------------------------------------------------------------------ public API
    @property
    def state(self) -> GameState:
        return self.s

    @property
    def pending(self) -> Decision | None:
        """The decision the engine waits for, or None when the game is over."""
        s = self.s
        if s.over:
            return None
        if s.pending is not None:
            return s.pending
        if s.priority is not None:
            key = (s.priority, s.players[s.priority].name)
            d = _PRIORITY_DECISIONS.get(key)
            if d is None:  # a Decision is immutable: one per player and name
                if len(_PRIORITY_DECISIONS) > 1000:
                    _PRIORITY_DECISIONS.clear()
                d = _PRIORITY_DECISIONS[key] = Decision(DecisionKind.PRIORITY, s.priority, prompt=f"{key[1]} has priority")
            return d
        return None

    @property
    def over(self) -> bool:
        return self.s.over

    @property
    def winner(self) -> int | None:
        return self.s.winner

    @property
    def log(self) -> list[dict[str, object]]:
        return self.s.log

    def legal_actions(self) -> list[A.Action]:
        """The legal actions at the pending decision. Mana abilities on their own are not listed
        (they are activated while paying costs), but `apply` accepts them."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply(self, action: A.Action) -> None:
        """Take `action` for the deciding player. Raises IllegalActionError (the game unchanged).

        Atomicity (issue 10): an action is first checked for shape (validate.check_shape: its class
        fits the decision, its fields have their types, its ids name objects), which changes nothing.
        Then a listed action (legal_actions()) is carried out without an undo snapshot, except those
        whose payment can still fail midway (casting, activating, special actions with a cost); an
        unlisted one runs under a snapshot, since the rule module carrying it out is where the rules
        refuse it (the agents' hot path only takes listed actions). Any refusal restores the snapshot.
        An exception while carrying out a listed action without a snapshot is an engine bug that may
        have left the game half-changed: the game is marked faulted (`faulted`) and every later
        apply() raises GameFaultedError naming the original error."""
        s = self.s
        if self.faulted is not None:
            raise GameFaultedError(f"the game is faulted and can't go on: {self.faulted}")
        if s.over:
            raise IllegalActionError("the game is over")
        listed = self._is_listed(action)
        if not listed:
            validate.check_shape(self, action)  # refuses junk before anything changes
            snapshot: GameState | None = s.clone()
        elif isinstance(action, A.CastSpell):
            snapshot = s.clone(cast_snapshot_of=action.card)  # a legal cast: only its payment can fail
        elif isinstance(action, A.ActivateAbility | A.TurnFaceUp | A.ExileFromHand):
            snapshot = s.clone()  # their payments can still fail
        else:
            snapshot = None
        try:
            self._dispatch(action)
            s.decisions += 1
            self._run()
        except Exception as e:
            if snapshot is not None:
                self.s = snapshot  # a refusal (or an engine error) leaves the game as it was
                self._cache = {}
                self._legal = None
                raise
            # A listed action has no snapshot: whatever it changed can't be undone.
            self.faulted = f"{type(e).__name__} while applying listed action {action!r}: {e}"
            raise GameFaultedError(f"engine error applying {action!r} (the game is now faulted): "
                                   f"{type(e).__name__}: {e}") from e

    def _is_listed(self, action: A.Action) -> bool:
        """Whether `action` is among the legal actions listed for this decision (an agent usually hands
        back one of the listed objects: found by identity before comparing field by field)."""
        legal = self._legal
        if legal is None:
            return False
        for a in legal:
            if a is action:
                return True
        return action in legal

    def clone(self) -> Game:
        """An exact, independent copy (same RNG state: the same decisions give the same game)."""
        g = Game(self.s.clone())
        g.auto_single = self.auto_single
        g.auto_pass = self.auto_pass
        g.faulted = self.faulted
        return g

    def write_log(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            for e in self.s.log:
                f.write(json.dumps(e, sort_keys=True) + "\n")

    def log_jsonl(self) -> str:
        return "".join(json.dumps(e, sort_keys=True) + "\n" for e in self.s.log)

    # ------------------------------------------------------------------ engine loop
    def run(self) -> None:
        """Run the engine until the next decision (after setting up a position by hand: this also
        forgets every cached characteristic)."""
        self._cache = {}
        self._run()

    def _run(self) -> None:
        s = self.s
        self._legal = None
        guard = 0
        while not s.over:
            guard += 1
            if guard > MANDATORY_BOUND:  # 104.4b: no decision in sight, only mandatory actions
                self.end_game(None, "104.4b: a loop of mandatory actions (the engine ran "
                                    f"{MANDATORY_BOUND} steps without a decision): the game is a draw")
                return
            if s.pending is not None:
                if self.auto_single:
                    acts = RULES.decision_actions(self, s.pending)
                    if len(acts) == 1:
                        self._dispatch(acts[0])
                        continue
                return
            if s.queue:
                RULES.process_queue(self)
                continue
            if s.priority is None:
                RULES.advance(self)
                continue
            # 117.5: state-based actions and triggers before a player receives priority.
            if not self.settle():
                continue
            if s.over or s.pending is not None:
                return
            acts = RULES.priority_actions(self, s.priority)
            if len(acts) == 1 and self.auto_pass:
                # A trivial pass (the only legal action) is made for the player, and logged.
                self.log_event("pass", "117.3d", player=s.players[s.priority].name, auto=True)
                RULES.pass_priority(self)
                continue
            if not RULES.note_priority(self):
                return
            self._legal = acts
            return

    def settle(self) -> bool:
        """Check SBA (704.3) and put triggered abilities on the stack (603.3) until neither has
        anything to do. Returns False when it did something (the loop looks again)."""
        s = self.s
        # Every change to the game is logged (log_event bumps s.sba_version, passes and SBA_NEUTRAL_EVENTS
        # aside), so an unchanged mark means nothing SBA look at changed since they last found nothing.
        mark = s.sba_version
        if s.sba_mark != mark or s.stray_tokens:  # 704.5d: a token left the battlefield
            if s.combat is not None:
                RULES.prune_combat(self)  # 506.4: a permanent that stopped being a creature leaves combat
            if RULES.check_sba(self):
                return False
            if s.over or s.pending is not None:
                return False
            s.sba_mark = mark
        if s.over or s.pending is not None:
            return False
        RULES.flush_triggers(self)  # batched "one or more" events (603.2c), state triggers (603.8)
        if s.pending_triggers:
            RULES.put_triggers_on_stack(self)
            return False
        return True

    def _compute_legal(self) -> list[A.Action]:
        s = self.s
        if s.over:
            return []
        if s.pending is not None:
            return RULES.decision_actions(self, s.pending)
        if s.priority is not None:
            return RULES.priority_actions(self, s.priority)
        return []

    def _dispatch(self, action: A.Action) -> None:
        s = self.s
        d = self.pending
        if d is None:
            raise IllegalActionError("no decision is pending")
        if d.kind == "priority":
            who = d.player
            if isinstance(action, A.PassPriority):
                self.log_event("pass", "117.3d", player=s.players[who].name)
                RULES.pass_priority(self)
            else:
                RULES.priority_action(self, who, action)  # 116: play, cast, activate, special actions
        else:
            # 605.3a: mana abilities are activated with priority or while paying a cost; no decision
            # outside priority asks for a payment, so they are refused here.
            RULES.answer(self, d, action)

    # ------------------------------------------------------------------ state helpers
    def chars(self, obj: Obj) -> Chars:
        """The object's characteristics now (613), cached until `invalidate` (every change that can
        alter characteristics calls it: zone changes to or from the battlefield, counters, effects,
        attachments, control; tests/rules/test_chars_cache.py checks cached reads against fresh ones).
        Values that can change without such a change ("as long as it's your turn") are never cached."""
        c = self._cache.get(obj.id)
        if c is not None:
            return c
        return RULES.characteristics(self.s, obj, self._cache)

    def invalidate(self) -> None:
        """Characteristics may have changed (battlefield, counters, effects)."""
        self._cache = {}

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """A value computed from characteristics (a list of abilities, of attack targets ...), kept
        with them until `invalidate` — unless computing it read a volatile characteristic (one that
        changes without an invalidation: "as long as you have no cards in hand", 613; counted in
        VOLATILE_READS), which is then never kept: a stale list would offer an ability a
        permanent no longer has (the fuzzer found one with Gobhobbler Rats' hellbent)."""
        cache = self._cache
        got = cache.get(key)
        if got is not None:
            return got
        before = cache.get(VOLATILE_READS, 0)
        got = compute()
        if self._cache is cache and cache.get(VOLATILE_READS, 0) == before:
            cache[key] = got
        return got

    def statics_of_kind(self, kind: str) -> list[tuple[Obj, Ability]]:
        """(permanent, ability) for the abilities with this `kind` (StaticAbility and its relatives)
        the permanents on the battlefield have now, indexed once per state of the characteristics."""
        known = self.s.card_ability_kinds
        if known is not None and kind not in known:
            return []  # no card of this game has an ability of this kind
        return self.derived("static_kinds", self._static_kinds).get(kind, [])

    def _static_kinds(self) -> dict[str, list[tuple[Obj, Ability]]]:
        idx: dict[str, list[tuple[Obj, Ability]]] = {}
        for o in self.permanents():
            for ab in self.chars(o).abilities:
                k = getattr(ab, "kind", None)
                if isinstance(k, str):
                    idx.setdefault(k, []).append((o, ab))
        return idx

    def battlefield_abilities(self, cls: type) -> list[tuple[Obj, Ability]]:
        """(permanent, ability) for every ability of exactly type `cls` the permanents have now (their
        current characteristics), cached with the characteristics: hooks asked for each card in a
        hand (cost changes, cast restrictions) then don't scan the battlefield again."""
        if not self.may_have(cls):
            return []  # no card of this game has (or grants) such an ability
        return self.derived(("abilities", cls), lambda: [
            (o, ab) for o in self.permanents() for ab in self.chars(o).abilities if type(ab) is cls])

    def obj(self, oid: int) -> Obj:
        return self.s.objects[oid]

    def log_event(self, event: str, rule: str, **fields: object) -> None:
        """Log a change made outside the event door with its rule (its SBA mark: SBA_NEUTRAL_EVENTS)."""
        s = self.s  # the body of _log, inlined: this is called for most log lines
        if event != "pass":
            s.version += 1
            if s.volatile_chars or event not in SBA_NEUTRAL_EVENTS:
                s.sba_version += 1
        s.log.append({"event": event, "rule": rule, "turn": s.turn, "step": STEPS[s.step], **fields})

    def _log(self, event: str, rule: str, sba: bool, fields: dict[str, object]) -> None:
        """Log an event with its rule; `sba`: whether state-based actions may care (704.3)."""
        s = self.s
        if event != "pass":
            s.version += 1
            if s.volatile_chars or sba:
                s.sba_version += 1
        s.log.append({"event": event, "rule": rule, "turn": s.turn, "step": STEPS[s.step], **fields})

    def name_of(self, ref: int | None) -> str:
        if ref is None:
            return "nobody"
        if ref < 0:
            return self.s.players[-1 - ref].name if -1 - ref < len(self.s.players) else f"player #{ref}"
        o = self.s.objects.get(ref)
        return o.card.name if o else f"#{ref}"

    def new_object(self, card: CardDef, owner: int, zone: str) -> Obj:
        s = self.s
        o = Obj(s.next_id, card, owner, zone, s.next_timestamp)
        s.next_id += 1
        s.next_timestamp += 1
        s.objects[o.id] = o
        if card.is_token and zone != BATTLEFIELD:
            s.stray_tokens = True  # 704.5d: sba.check looks for it
        if s.last_card is card:
            return o  # the same card as the last new object (copies in a deck): nothing new to record
        s.last_card = card
        kinds = ability_types(card)
        known = s.card_kinds
        if known is None or not kinds <= known:
            # The ability classes of every card in this game (a frozenset in the state's dictionary, so
            # clone() shares it): hooks for rare mechanics ask `may_have` before scanning zones.
            s.card_kinds = (known or frozenset()) | kinds
        akinds = _vocab.ability_kinds(card)
        known_akinds = s.card_ability_kinds
        if known_akinds is None or not akinds <= known_akinds:
            s.card_ability_kinds = (known_akinds or frozenset()) | akinds
        events = _vocab.trigger_events(card)
        known_events = s.card_events
        if known_events is None or not events <= known_events:
            s.card_events = (known_events or frozenset()) | events
        return o

    def may_have(self, *classes: type) -> bool:
        """Whether some card of this game has a printed ability of one of these classes."""
        # card_kinds holds every class in the abilities' class hierarchies (vocab.ability_types)
        return not (self.s.card_kinds or _NO_KINDS).isdisjoint(classes)

    def opponent(self, p: int) -> int:
        return 1 - p

    def zone_list(self, o: Obj) -> list[int]:
        if o.zone == BATTLEFIELD:
            return self.s.battlefield
        if o.zone == STACK:
            return []
        return self.s.players[o.owner].zone_list(o.zone)

    def move(self, oid: int, to: str, *, rule: str, controller: int | None = None, tapped: bool = False,
             bottom: bool = False, index: int | None = None, cast_x: int | None = None,
             etb_choices: dict[str, object] | None = None) -> int:
        """Move an object to another zone (a ZoneChange performed through the event door); it becomes a
        new object (400.7). Returns the new id (the old one when a replacement effect left it where it
        was)."""
        o = self.s.objects[oid]
        self.perform(ZoneChange(rule, oid, o.zone, to, controller, tapped, bottom, index, cast_x, etb_choices))
        return self.s.successor.get(oid, oid)

    def _zone_change(self, event: ZoneChange) -> Event | None:
        """Perform a zone change: the object leaves its zone (last known information, 608.2h, 603.10;
        506.4 it leaves combat), a new object enters the other (400.7), is logged, and the consequences
        follow in this order: leaves-the-battlefield triggers and hooks, enters hooks and triggers
        (EVENT_TRIGGERS[ZoneChange] then collects the other zone-change triggers)."""
        s = self.s
        oid = event.obj
        to = event.to_zone
        o = s.objects[oid]
        frm = o.zone
        if frm == BATTLEFIELD:
            s.lki[oid] = (o.copy(), self.chars(o))
            s.battlefield.remove(oid)
            # Auras attached to it are put into the graveyard by SBA (704.5m): handled in sba.
            if s.combat:
                RULES.remove_from_combat(self, oid)
        elif frm == STACK:
            for leaving in registry.LEAVING_STACK_HOOKS:
                leaving(self, o, to)
            s.lki[oid] = (o.copy(), self.chars(o))  # 608.2h: "its controller" of a countered spell
        else:
            self.zone_list(o).remove(oid)
        new = self.new_object(o.card, o.owner, to)
        new.previous_id = oid
        if o.face_down is not None:  # 708.3-708.4 stays face down onto the battlefield; 708.9 else revealed
            RULES.face_down_moved(self, o, new, frm, to)
        if o.own_card is not None:
            new.card = o.own_card  # 707.5 / 400.7: it was a copy as it entered; the new object is its own card
        s.successor[oid] = new.id
        del s.objects[oid]
        if to == BATTLEFIELD:
            new.controller = o.owner if event.controller is None else event.controller
            new.sick = True
            new.cast_x = event.cast_x
            new.tapped = event.tapped
            if new.card.loyalty is not None and "Planeswalker" in new.card.types:
                new.counters["loyalty"] = new.card.loyalty  # 306.5b
            RULES.enters_battlefield(self, new, event.etb_choices or {})
            s.battlefield.append(new.id)
        elif to == STACK:
            new.controller = o.controller if event.controller is None else event.controller
        else:
            lst = s.players[o.owner].zone_list(to)
            if event.bottom:
                lst.append(new.id)
            elif to == LIBRARY:
                lst.insert(0 if event.index is None else event.index, new.id)
            else:
                lst.append(new.id)
        if frm == BATTLEFIELD or to == BATTLEFIELD:
            self.invalidate()
        self._log("zone_change", event.rule, event.marks_sba(),
                  {"card": o.card.name, "id": new.id, "old_id": oid, "from_zone": frm, "to_zone": to,
                   "owner": s.players[o.owner].name})
        if frm == BATTLEFIELD:
            RULES.left_battlefield(self, oid, to)
            for hook in LEFT_BATTLEFIELD_HOOKS:
                hook(self, oid, to)
        if to == BATTLEFIELD:
            for entered in ENTERED_BATTLEFIELD_HOOKS:
                entered(self, oid, new.id, frm)
            RULES.entered_battlefield(self, new.id)
        return event

    def current_id(self, oid: int) -> int:
        """Follow zone changes (400.7) to the object's newest incarnation."""
        seen = 0
        while oid in self.s.successor and seen < 1000:
            oid = self.s.successor[oid]
            seen += 1
        return oid

    def draw(self, p: int, n: int = 1, rule: str = "121.1") -> int:
        """121.1: `p` draws `n` cards, one at a time (each a Draw through the event door: 121.2, each
        draw triggers on its own; 121.6, a replacement may replace one). Returns how many were drawn."""
        drawn = 0
        for _ in range(n):
            if isinstance(self.perform(Draw(rule, p)), Draw):
                drawn += 1
        return drawn

    def set_life(self, p: int, delta: int, rule: str, source: str = "") -> None:
        if delta == 0:
            return
        self.perform(LifeChange(rule, p, delta, source))

    def tap(self, o: Obj, rule: str) -> None:
        """701.26a: tap the permanent `o` (an event, through the door)."""
        self.perform(TapChange(rule, o.id, True))

    def untap(self, o: Obj, rule: str) -> None:
        """701.26b: untap the permanent `o`."""
        self.perform(TapChange(rule, o.id, False))

    def add_mana(self, p: int, bag: Bag, source: str, tapped_for_mana: bool = False) -> None:
        """106.3: add mana to `p`'s pool (106.12: `tapped_for_mana`)."""
        self.perform(ManaAdded("106.3", p, bag, source, tapped_for_mana))

    # ------------------------------------------------------------------ choices without a decision
    def choose(self, p: int, kind: str, options: list[T], prompt: str) -> T:
        """A choice made where no decision can wait (605.3b: while a mana ability resolves, or a
        replacement effect applies). The game's `chooser` answers it (the scenario runner); without
        one, the first option is taken (callers list the best default first)."""
        if self.chooser is not None:
            return self.chooser(p, kind, options, prompt)
        return options[0]

    def unasked(self, p: int, kind: str, options: list[T], prompt: str) -> T:
        """A choice the rules make without asking: one legal option, or options that all give the same
        result (an order of identical replacement effects, 616.1). The game's `chooser` (the scenario
        runner) may take an answer given for it, checked against the options and used up (SCENARIOS.md);
        otherwise the first option."""
        if self.chooser is not None:
            picked = self.chooser(p, kind, options, prompt, asked=False)
            if picked is not None:
                return picked
        return options[0]

    # ------------------------------------------------------------------ the event door
    def perform(self, event: Event) -> Event | None:
        """Perform `event`, the one door for the changes of model/events.py: replacement effects rewrite
        it (614; the affected player orders several when the order changes the result, 616.1), then it
        changes the state, is logged with its rule, marks the state-based actions from its own type, and
        the triggered abilities watching for it are collected (603.2). Returns the event that happened
        (None: nothing did)."""
        table = registry.REPLACEMENTS
        if type(event) in table:
            finders = table[type(event)]
            for find in finders:  # the cheap look first: most events have none (Game.move is hot)
                if find(self, event):
                    replaced = self._replaced(event, finders)
                    if replaced is None:
                        return None
                    event = replaced
                    break
        perform_one = _PERFORMERS.get(type(event))
        if perform_one is not None:
            done = perform_one(self, event)
            if done is None:
                return None
            event = done
        else:
            performer = registry.EVENT_PERFORMERS.get(type(event))
            if performer is None:
                raise TypeError(f"{type(event).__name__} is not an event the engine performs")
            performer(self, event)
        for collect in registry.EVENT_TRIGGERS.get(type(event), ()):
            collect(self, event)
        return event


    # --- what each event changes, and its log line (perform's table, _PERFORMERS)
    def _life_change(self, event: LifeChange) -> Event | None:
        pl = self.s.players[event.player]
        pl.life += event.delta
        self._log("life", event.rule, event.SBA, {"player": pl.name, "delta": event.delta, "life": pl.life,
                                                   "source": event.source})
        return event

    def _tap_change(self, event: TapChange) -> Event | None:
        o = self.s.objects[event.obj]
        o.tapped = event.tapped
        self._log("tap" if event.tapped else "untap", event.rule, event.SBA, {"card": o.card.name, "id": o.id})
        return event

    def _mana_added(self, event: ManaAdded) -> Event | None:
        pl = self.s.players[event.player]
        pl.pool = cast(Bag, tuple(a + b for a, b in zip(pl.pool, event.mana)))
        self._log("add_mana", event.rule, event.SBA, {"player": pl.name, "mana": format_bag(event.mana),
                                                      "source": event.source,
                                                      "tapped_for_mana": event.tapped_for_mana})
        return event

    def _counters_put(self, event: CountersPut) -> Event | None:
        if event.amount <= 0:
            return None  # replaced down to none (Vizier of Remedies on one -1/-1 counter)
        o = self.s.objects[event.obj]
        o.counters[event.kind] = o.counters.get(event.kind, 0) + event.amount
        self.invalidate()
        self._log("counters", event.rule, event.SBA, {"card": o.card.name, "kind": event.kind,
                                                      "amount": event.amount})
        return event

    def _counters_removed(self, event: CountersRemoved) -> Event | None:
        o = self.s.objects[event.obj]
        have = o.counters.get(event.kind, 0)
        k = min(have, event.amount)
        if k <= 0:
            return None  # none to remove
        if have > k:
            o.counters[event.kind] = have - k
        else:
            del o.counters[event.kind]
        self.invalidate()
        self._log("remove_counters", event.rule, event.SBA, {"card": o.card.name, "kind": event.kind, "amount": k})
        return event if k == event.amount else dataclasses.replace(event, amount=k)

    def _draw(self, event: Draw) -> Event | None:
        pl = self.s.players[event.player]
        if not pl.library:
            pl.drew_from_empty = True  # 121.4: no card is drawn; 704.5b: checked as a state-based action
            self._log("draw_empty", "121.4", True, {"player": pl.name})
            return None  # nothing was drawn: no "whenever you draw" (121.2)
        self.move(pl.library[0], HAND, rule=event.rule)
        self._log("draw", event.rule, event.marks_sba(), {"player": pl.name})
        return event

    def _discard(self, event: Discard) -> Event | None:
        s = self.s
        o = s.objects[event.obj]
        self._log("discard", event.rule, event.marks_sba(), {"player": s.players[event.player].name,
                                                             "card": o.card.name})
        self.move(event.obj, event.to_zone, rule=event.rule)
        return event

    # --- damage, counters, tokens (120.3, 122.1, 111.1)
    def _damage(self, event: Damage) -> Event | None:
        """120.3: what damage does to its recipient, in the order the log has always shown: to a player
        the damage is logged (its life loss or poison, 120.3a-b, follows: EVENT_TRIGGERS[Damage]); to a
        creature it is marked or becomes -1/-1 counters (120.3d-e, wither 702.80a, infect 702.90c),
        deathtouch marks it (702.2b), a planeswalker loses that many loyalty counters (120.3c), then the
        damage is logged."""
        n = event.amount
        chars = event.source_chars
        fields: dict[str, Any]
        if event.recipient < 0:
            fields = {"source": event.source, "target": self.s.players[-1 - event.recipient].name, "amount": n,
                      "combat": event.combat}
        else:
            o = self.s.objects[event.recipient]
            c = self.chars(o)
            kws = chars.keywords if chars is not None else _NO_KINDS
            if "Creature" in c.types:
                if "wither" in kws or "infect" in kws:
                    self.perform(CountersPut("120.3d", o.id, "-1/-1", n))
                else:
                    o.damage += n
                if "deathtouch" in kws:
                    o.deathtouched = True
            if "Planeswalker" in c.types:
                # 120.3c: the damage line records it (no counters line: the log has never had one)
                o.counters["loyalty"] = o.counters.get("loyalty", 0) - n
            self.invalidate()
            fields = {"source": event.source, "target": o.card.name, "target_id": o.id, "amount": n,
                      "combat": event.combat}
            if event.source_id is not None:
                fields["source_id"] = event.source_id
        self._log("damage", event.rule, event.SBA, fields)
        return event

    def _create_tokens(self, event: TokenCreated) -> TokenCreated:
        """111.1: the tokens enter the battlefield one at a time (each an object, its enters triggers
        looked at as it enters, 603.6a)."""
        s = self.s
        ids = []
        for _ in range(event.amount):
            o = self.new_object(event.card, event.player, BATTLEFIELD)
            o.sick = True
            o.tapped = event.tapped
            RULES.enters_battlefield(self, o, {})
            s.battlefield.append(o.id)
            self.invalidate()
            self._log("create_token", event.rule, event.SBA, {"card": event.card.name, "id": o.id,
                                                              "controller": s.players[event.player].name})
            RULES.entered_battlefield(self, o.id)
            ids.append(o.id)
        return dataclasses.replace(event, ids=tuple(ids))
    # --- end of damage, counters, tokens

    def replace_event(self, event: Event) -> Event | None:
        """The event `event` becomes under the replacement effects that apply (614.1, 616.1), without
        performing it: what a permanent enters with (614.1c), a cost's counters (606.4)."""
        if type(event) not in registry.REPLACEMENTS:
            return event
        return self._replaced(event)

    def _affected_player(self, event: Event) -> int:
        """616.1: who orders the replacement effects: the affected player, or the affected object's
        controller (for a card in a player's zone, its owner)."""
        if isinstance(event, TapChange | CountersPut | CountersRemoved):
            return self.s.objects[event.obj].controller
        if isinstance(event, Damage):
            r = event.recipient
            return -1 - r if r < 0 else self.s.objects[r].controller
        if isinstance(event, ZoneChange):
            o = self.s.objects[event.obj]
            return o.controller if o.zone in (BATTLEFIELD, STACK) else o.owner
        return getattr(event, "player", 0)

    def _replaced(self, event: Event, finders: list[Callable[[Game, Event], list[registry.Replacement]]] | None = None
                  ) -> Event | None:
        """614.1 / 616.1: every way to apply the replacement effects that apply (each once, 614.5; the
        others checked again after each, 616.1e); the affected player chooses the order when orders
        give different results, else the rules make it without asking. An optional effect ("you may",
        Replacement.ask) is asked once its order is chosen; one declined is left out and the others are
        looked at again."""
        if finders is None:
            finders = registry.REPLACEMENTS[type(event)]
        declined: tuple[tuple[Hashable, ...], ...] = ()
        accepted: set[tuple[Hashable, ...]] = set()
        while True:
            first = [r for find in finders for r in find(self, event) if r.key not in declined]
            if not first:
                return event  # none applies (the hot path: nothing walked)
            orders: list[tuple[tuple[registry.Replacement, ...], Event | None]] = []
            outcomes: dict[object, tuple[registry.Replacement, ...]] = {}
            self._walk(finders, event, first, declined, (), (), orders, outcomes)
            order = self._choose_order(event, orders, outcomes)
            refused = next((r for r in order if r.ask is not None and r.key not in accepted
                            and not self._accepts(r, accepted)), None)
            if refused is not None:
                declined += (refused.key,)
                continue
            result: Event | None = event
            for r in order:  # again, in the order chosen: what each one does besides (615.7)
                assert result is not None
                after = r.apply(result)
                if r.then is not None:
                    r.then(self, result, after)
                result = after
            self._log_replaced(event, result, order)
            return result

    def _accepts(self, r: registry.Replacement, accepted: set[tuple[Hashable, ...]]) -> bool:
        assert r.ask is not None
        if r.ask(self):
            accepted.add(r.key)
            return True
        return False

    def _choose_order(self, event: Event, orders: list[tuple[tuple[registry.Replacement, ...], Event | None]],
                      outcomes: dict[object, tuple[registry.Replacement, ...]]) -> tuple[registry.Replacement, ...]:
        """616.1: the affected player chooses the order when orders give different results (through the
        chooser: the options are orders of Replacement objects; without a chooser, the one
        REPLACEMENT_PREFERRED prefers, else the first found); else one is taken without asking."""
        p = self._affected_player(event)
        prompt = f"616.1: choose the order of the replacement effects on {type(event).__name__}"
        if len(outcomes) > 1:
            results = list(outcomes.items())
            prefer = registry.REPLACEMENT_PREFERRED.get(type(event))
            if prefer is not None:
                results.sort(key=lambda kv: prefer(kv[0][0]))  # type: ignore[index]  # stable: ties keep the order found
            options = [rs for _, rs in results]
            chosen = self.choose(p, "replacement_order", options, prompt)
        else:
            options = list(dict.fromkeys(rs for rs, _ in orders))
            chosen = self.unasked(p, "replacement_order", options, prompt)
        return next((rs for rs in options if rs == tuple(chosen)), options[0])

    def _walk(self, finders: list, ev: Event | None, options: list, done: tuple, names: tuple, uses: tuple,
              orders: list, outcomes: dict) -> None:
        """One step of _replaced's walk: `options` apply to `ev` after those `done` (their keys)."""
        if not options:
            orders.append((names, ev))
            outcomes.setdefault((ev, frozenset(uses)), names)
            return
        seen: set[tuple] = set()
        for r in options:
            same = r.key if r.same is None else r.same
            if same in seen:
                continue  # identical effects: one order of them is enough (616.1)
            seen.add(same)
            assert ev is not None
            after = r.apply(ev)
            key = done + (r.key,)
            nxt = [] if after is None else [x for find in finders for x in find(self, after) if x.key not in key]
            self._walk(finders, after, nxt, key, names + (r,), uses + ((r.key, ev),) if r.uses else uses,
                       orders, outcomes)

    def _log_replaced(self, event: Event, result: Event | None, order: tuple[registry.Replacement, ...]) -> None:
        """The log line of the replacement effects applied to `event` (614.1a; 616.1 when several)."""
        rule = "616.1" if len(order) > 1 else "614.1a"
        if all(r.log is not None for r in order):
            for r in order:  # the effects' own lines (614.1a "replace": where a card goes instead)
                assert r.log is not None
                self._log(r.log[0], r.log[1], True, dict(r.log[2]))
            return
        # --- damage, counters, tokens: their lines as the log has always shown them
        if isinstance(event, Damage):
            # each prevention effect logs what it prevented (615.7, Replacement.then); the others are named here
            order = tuple(r for r in order if r.then is None)
            if order:
                self._log("replacement", "616.1" if len(order) > 1 else "614.1a", True,
                          {"replaced": "Damage", "by": [r.name for r in order]})
            return
        if isinstance(event, CountersPut):
            self._log("counter_replacement", rule, True, {
                "card": self.s.objects[event.obj].card.name, "kind": event.kind, "would": event.amount,
                "amount": result.amount if isinstance(result, CountersPut) else 0, "by": [r.name for r in order]})
            return
        if isinstance(event, TokenCreated):
            if isinstance(result, TokenCreated) and result.amount != event.amount:
                self._log("token_replacement", "614.1a", True, {"card": event.card.name, "amount": result.amount})
            return
        # --- end of damage, counters, tokens
        self._log("replacement", rule, True, {"replaced": type(event).__name__, "by": [r.name for r in order]})

    def empty_pools(self, rule: str = "500.4") -> None:
        if self.s.kept_mana:
            kept = RULES.kept_mana(self)  # "Until end of turn, you don't lose this mana as steps and phases end"
        else:
            kept = {}
        for i, pl in enumerate(self.s.players):
            keep = kept.get(i, EMPTY)
            if pl.pool != keep:
                lost = cast(Bag, tuple(a - b for a, b in zip(pl.pool, keep)))
                self.log_event("mana_empties", rule, player=pl.name, mana=format_bag(lost))
                pl.pool = keep
        if self.s.restricted_mana:
            self.s.restricted_mana = ()  # 106.6: restricted mana empties with the rest

    def end_game(self, winner: int | None, reason: str) -> None:
        s = self.s
        if s.over:
            return
        s.over = True
        s.winner = winner
        s.end_reason = reason
        s.priority = None
        s.pending = None
        self.log_event("game_over", "104.2", winner=None if winner is None else s.players[winner].name,
                       reason=reason)

    def controller_ref(self, p: int) -> int:
        return player_ref(p)

    def graveyard_of(self, o: Obj) -> list[int]:
        return self.s.players[o.owner].graveyard

    def permanents(self, controller: int | None = None) -> list[Obj]:
        objs = self.s.objects
        if controller is None:
            return [objs[i] for i in self.s.battlefield]
        return [objs[i] for i in self.s.battlefield if objs[i].controller == controller]

    def creatures(self, controller: int | None = None) -> list[Obj]:
        return [o for o in self.permanents(controller) if "Creature" in self.chars(o).types]


# Game.perform's table: an event class -> what it changes and logs, returning the event that happened.
_PERFORMERS: dict[type, Callable[[Game, Any], Event | None]] = {
    LifeChange: Game._life_change, TapChange: Game._tap_change, ManaAdded: Game._mana_added,
    ZoneChange: Game._zone_change, Draw: Game._draw, Discard: Game._discard,
    Damage: Game._damage, CountersPut: Game._counters_put, CountersRemoved: Game._counters_removed,
    TokenCreated: Game._create_tokens,
}


__all__ = ["Game", "Decision", "PROFILES", "HAND", "GRAVEYARD", "EXILE"]
