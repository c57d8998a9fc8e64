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

import json
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar, cast

from ..cards.db import get_card
from ..decks import Deck, as_card_list, check_companion, companion_card, sideboard_cards
from ..errors import GameFaultedError, IllegalActionError
from ..model import actions as A
from ..model import vocab as _vocab
from ..model.chars import VOLATILE_READS, Chars
from ..model.decisions import Decision, DecisionKind
from ..model.events import (
    Draw,
    LifeChange,
    ManaAdded,
    TapChange,
    ZoneChange,
)
from ..model.mana import EMPTY, Bag, format_bag
from ..model.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    OUTSIDE,
    STACK,
    STEPS,
    GameState,
    Obj,
    player_ref,
)
from ..model.vocab import Ability, CardDef, ability_types
from . import door, registry, validate
from .registry import RULES

PROFILES = ("cr-2024-09", "cr-2026-02")
# 104.4b: steps the engine runs without a decision before it calls the game a draw (rules/loops.py),
# and after how many it starts looking for a position that comes back (a proven loop, ended sooner).
MANDATORY_BOUND = 100_000
MANDATORY_WATCH = 1_000

# The zone-change hooks of the rules registry (engine/registry.py), by their old names.
LEFT_BATTLEFIELD_HOOKS = registry.LEFT_BATTLEFIELD_HOOKS
ENTERED_BATTLEFIELD_HOOKS = registry.ENTERED_BATTLEFIELD_HOOKS
_NO_KINDS: frozenset = frozenset()


_PRIORITY_DECISIONS: dict[tuple[int, str], Decision] = {}

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
                 profile: str = "cr-2024-09", max_turns: int = 100, starting_player: int = 0,
                 companions: tuple[str | None, str | None] | None = None,
                 sideboards: tuple[Sequence[str], Sequence[str]] | None = None) -> Game:
        """Start a game (103): companions revealed (103.2b), shuffle, draw seven, mulligans (London, 103.5),
        opening-hand actions (103.6), first player skips the first draw (103.8a). Decks are Deck objects,
        deck names/paths, or lists of card names. `companions`: each player's companion (702.139a: a card
        name, or None), checked against that player's deck; without it, each deck's own (a Deck's or a deck
        file's Companion section or sideboard, manastack.decks.companion_of). `sideboards`: the cards each
        player has outside the game besides the companion (400.11a, for the wishes: cards that compile); without
        it, each Deck's or deck file's sideboard (manastack.decks.sideboard_cards)."""
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})")
        s = GameState(seed, names, profile, max_turns)
        g = cls(s)
        chosen: list[str | None] = []
        outside: list[list[str]] = []
        for i, deck in enumerate((deck_a, deck_b)):
            main = as_card_list(deck)
            for card_name in main:
                o = g.new_object(get_card(card_name), i, LIBRARY)
                s.players[i].library.append(o.id)
            companion: str | None
            if companions is not None:
                companion = companions[i]
                if companion is not None:
                    companion = check_companion(companion, main, deck.format if isinstance(deck, Deck) else None)
            else:
                companion = companion_card(deck)
            chosen.append(companion)
            if sideboards is None:
                outside.append(sideboard_cards(deck, companion))
            else:
                outside.append(as_card_list(list(sideboards[i])) if sideboards[i] else [])
        for i, name in enumerate(chosen):
            if name is not None:  # 103.2b / 702.139a: revealed from outside the game, where it stays
                o = g.new_object(get_card(name), i, OUTSIDE)
                s.players[i].outside.append(o.id)
                s.players[i].companion = o.id
                g.log_event("companion_revealed", "702.139a", player=s.players[i].name, card=o.card.name, id=o.id)
        for i, sideboard in enumerate(outside):
            for card_name in sideboard:  # 400.11a: outside the game, for effects that bring cards in (400.11b)
                s.players[i].outside.append(g.new_object(get_card(card_name), i, OUTSIDE).id)
            if sideboard:
                g.log_event("sideboard", "400.11a", player=s.players[i].name, cards=len(sideboard))
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
        elif isinstance(action, A.ActivateAbility | A.TurnFaceUp | A.ExileFromHand | A.PutCompanionIntoHand
                        | A.EndEffect):
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
        seen: dict[int, int] | None = None  # 104.4b: the positions seen, once the loop is watched
        while not s.over:
            guard += 1
            if guard > MANDATORY_WATCH:  # 104.4b: no decision in sight, only mandatory actions
                if guard > MANDATORY_BOUND:
                    self.end_game(None, "104.4b: a loop of mandatory actions (the engine ran "
                                        f"{MANDATORY_BOUND} steps without a decision): the game is a draw")
                    return
                if seen is None:
                    seen = {}
                if not RULES.note_mandatory(self, seen):
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
                self.log_pass(s.priority, auto=True)
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
        # Every change to the game is logged: the door's events bump s.sba_version when their class says
        # state-based actions may care (Event.marks_sba), log_event always, records (Game.record) and
        # passes never (unless GameState.volatile_chars); so an unchanged mark means nothing SBA look at
        # changed since they last found nothing.
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
        d = self.pending
        if d is None:
            raise IllegalActionError("no decision is pending")
        if d.kind == "priority":
            who = d.player
            if isinstance(action, A.PassPriority):
                self.log_pass(who)
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
        """Log a change made outside the event door with its rule: state-based actions look again (704.3),
        since it may change what they look at (704.5). What changes nothing they look at is a `record`."""
        s = self.s  # the body of _log, inlined: this is called for most log lines
        s.version += 1
        s.sba_version += 1
        s.log.append({"event": event, "rule": rule, "turn": s.turn, "step": STEPS[s.step], **fields})

    def record(self, event: str, rule: str, **fields: object) -> None:
        """Log what happened that changes nothing a state-based action looks at (704.5: life, poison,
        drawing from an empty library, the permanents and their characteristics, damage, counters,
        attachments, control): turn structure, casting (its costs are events or lines of their own), mana
        paid or emptied, an order of triggers chosen. After only these, the state-based actions that found
        nothing before still find nothing (Game.settle) — unless a characteristic depends on the turn,
        the step, tapped status or the cards in a zone (GameState.volatile_chars)."""
        s = self.s
        s.version += 1
        if s.volatile_chars:
            s.sba_version += 1
        s.log.append({"event": event, "rule": rule, "turn": s.turn, "step": STEPS[s.step], **fields})

    def log_pass(self, p: int, auto: bool = False) -> None:
        """117.3d: `p` passes priority (`auto`: the only legal action, made for them). Nothing changes:
        neither the position's version (agents/progress.py) nor the state-based actions' mark."""
        s = self.s
        fields: dict[str, object] = {"player": s.players[p].name, "auto": True} if auto else {"player": s.players[p].name}
        s.log.append({"event": "pass", "rule": "117.3d", "turn": s.turn, "step": STEPS[s.step], **fields})

    def _log(self, event: str, rule: str, sba: bool, fields: dict[str, object]) -> None:
        """Log an event of the door with its rule; `sba`: whether state-based actions may care (704.3)."""
        s = self.s
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

    def new_object(self, card: CardDef, owner: int, zone: str, controller: int | None = None) -> Obj:
        """A new object (109.1) of `card` in `zone`, controlled by its owner unless `controller` says
        otherwise (a copy of a spell, 707.10: its controller's, 108.4)."""
        s = self.s
        o = Obj(s.next_id, card, owner, zone, s.next_timestamp)
        if controller is not None:
            o.controller = controller
        s.next_id += 1
        s.next_timestamp += 1
        s.objects[o.id] = o
        if card.is_token and zone != BATTLEFIELD:
            s.stray_tokens = True  # 704.5d: sba.check looks for it
        if s.last_card is card:
            return o  # the same card as the last new object (copies in a deck): nothing new to record
        s.last_card = card
        self._record_card(card)
        for part in card.faces:  # 712.8e, 715.3b, 709.3b: a part the object may become (a back face transformed)
            self._record_card(part)
        return o

    def _record_card(self, card: CardDef) -> None:
        """Note what the card's abilities use in the game's sets (hook gates, trigger events, vocabulary)."""
        s = self.s
        events = _vocab.trigger_events(card)
        vocab = _vocab.vocabulary(card)
        if s.card_vocab is None or not vocab <= s.card_vocab or not events <= s.card_events:  # type: ignore[operator]
            s.live_hooks = {}  # registry.live: which hooks can matter may change
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
        known_events = s.card_events
        if known_events is None or not events <= known_events:
            s.card_events = (known_events or frozenset()) | events
        known_vocab = s.card_vocab
        if known_vocab is None or not vocab <= known_vocab:
            s.card_vocab = (known_vocab or frozenset()) | vocab

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

    def add_mana(self, p: int, bag: Bag, source: str, tapped_for_mana: bool = False, snow: bool = False) -> None:
        """106.3: add mana to `p`'s pool (106.12: `tapped_for_mana`; 107.4h: `snow`, from a snow source)."""
        self.perform(ManaAdded("106.3", p, bag, source, tapped_for_mana, snow))

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

    # ------------------------------------------------------------------ the event door (engine/door.py)
    perform = door.perform  # 614, 616.1, 603.2: every change of model/events.py
    replace_event = door.replace_event  # an event as the replacement effects would make it

    def empty_pools(self, rule: str = "500.4") -> None:
        if self.s.kept_mana:
            kept = RULES.kept_mana(self)  # "Until end of turn, you don't lose this mana as steps and phases end"
        else:
            kept = {}
        for i, pl in enumerate(self.s.players):
            keep = kept.get(i, EMPTY)
            if pl.pool != keep:
                lost = cast(Bag, tuple(a - b for a, b in zip(pl.pool, keep)))
                self.record("mana_empties", rule, player=pl.name, mana=format_bag(lost))
                pl.pool = keep
                pl.snow_pool = cast(Bag, tuple(min(a, b) for a, b in zip(pl.snow_pool, keep)))
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


__all__ = ["Game", "Decision", "PROFILES", "HAND", "GRAVEYARD", "EXILE"]
