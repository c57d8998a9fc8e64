"""Game state: objects (109), zones (400), players (102), the stack (405), and clone().

Objects carry only what the rules track on them (tapped, damage, counters, ...); their
characteristics are computed on read by rules/continuous.py (613), never stored twice.
Players are referred to in targets and attack declarations by negative ints: player 0 is -1,
player 1 is -2 (`player_ref`), so that every target is a plain int.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Generic, TypeVar

from .chars import Chars
from .mana import EMPTY, Bag
from .vocab import Ability, CardDef
from .zones import (  # noqa: F401 (read from here by the house)
    BATTLEFIELD,
    COMMAND,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    OUTSIDE,
    PHASED_OUT,
    STACK,
    ZONES,
)

if TYPE_CHECKING:
    from .decisions import Decision

T = TypeVar("T")

STEPS = (
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "postcombat_main",
    "end", "cleanup",
)
STEP_INDEX = {s: i for i, s in enumerate(STEPS)}
UNTAP, UPKEEP, DRAW, MAIN1, BEGIN_COMBAT, DECLARE_ATTACKERS, DECLARE_BLOCKERS, FIRST_STRIKE, \
    COMBAT_DAMAGE, END_COMBAT, MAIN2, END, CLEANUP = range(13)
PHASE_OF_STEP = ("beginning", "beginning", "beginning", "precombat_main", "combat", "combat", "combat",
                 "combat", "combat", "combat", "postcombat_main", "ending", "ending")


def player_ref(index: int) -> int:
    return -1 - index


def ref_player(ref: int) -> int:
    return -1 - ref


class Obj:
    """A game object: a card or token in some zone (109.1). A new object after each zone change (400.7)."""

    __slots__ = ("id", "card", "owner", "controller", "zone", "tapped", "sick", "damage", "counters",
                 "attached_to", "x", "deathtouched", "timestamp", "chosen_color", "previous_id", "cast_x",
                 "face_down", "own_card")

    def __init__(self, oid: int, card: CardDef, owner: int, zone: str, timestamp: int) -> None:
        self.id = oid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.sick = False  # 302.6: not continuously controlled since its controller's turn began
        self.damage = 0
        self.counters: dict[str, int] = {}
        self.attached_to: int | None = None
        self.x = 0  # X of a spell on the stack (107.3); 0 for permanents (107.3m)
        self.deathtouched = False  # dealt damage by a deathtouch source since SBA were checked (704.5h)
        self.timestamp = timestamp
        self.chosen_color: str | None = None
        self.previous_id: int | None = None
        self.cast_x: int | None = None  # the X paid when it was cast, for ETB references (107.3m)
        # 708: (the real card, how it was turned face down) while face down; `card` is then the face-down
        # characteristics (rules/vehicles_facedown.py).
        self.face_down: tuple[CardDef, str] | None = None
        # 707.5: the object's own card while it entered as a copy; `card` is then the copiable values it
        # got (layer 1, 613.2a; rules/copy_effects.py). Anywhere but the battlefield it is its own card again.
        self.own_card: CardDef | None = None

    def controlled_by(self, player: int) -> Obj:
        """A copy that is no game object, seen as controlled by `player`: the watcher of an ability a player has
        from an effect of this object (611.2a: "until your next turn, whenever ..."), whoever controls it now."""
        o = self.copy()
        o.controller = player
        return o

    def copy(self) -> Obj:
        o = Obj.__new__(Obj)
        o.id = self.id
        o.card = self.card
        o.owner = self.owner
        o.controller = self.controller
        o.zone = self.zone
        o.tapped = self.tapped
        o.sick = self.sick
        o.damage = self.damage
        o.counters = dict(self.counters) if self.counters else {}
        o.attached_to = self.attached_to
        o.x = self.x
        o.deathtouched = self.deathtouched
        o.timestamp = self.timestamp
        o.chosen_color = self.chosen_color
        o.previous_id = self.previous_id
        o.cast_x = self.cast_x
        o.face_down = self.face_down
        o.own_card = self.own_card
        return o

    @property
    def name(self) -> str:
        return self.card.name

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.id} {self.zone}>"


class Player:
    __slots__ = ("index", "name", "life", "pool", "snow_pool", "library", "hand", "graveyard", "exile", "outside",
                 "companion", "lands_played", "lost", "drew_from_empty", "poison", "mulligans", "spells_cast",
                 "loss_reason")

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name
        self.life = 20
        self.pool: Bag = EMPTY
        self.snow_pool: Bag = EMPTY  # 107.4h: the part of `pool` produced by snow sources
        self.library: list[int] = []  # index 0 is the top
        self.hand: list[int] = []
        self.graveyard: list[int] = []  # last is the top
        self.exile: list[int] = []
        # 400.11: the player's cards outside the game that the game knows of: their sideboard (400.11a, the
        # cards an effect may bring into the game, 400.11b) and their revealed companion (702.139a).
        self.outside: list[int] = []
        self.companion: int | None = None  # 702.139a / 116.2g: the revealed companion's id while it is outside
        self.lands_played = 0
        self.lost = False
        self.drew_from_empty = False
        self.poison = 0
        self.mulligans = 0
        self.spells_cast = 0  # this turn
        self.loss_reason = ""

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.index = self.index
        p.name = self.name
        p.life = self.life
        p.pool = self.pool
        p.snow_pool = self.snow_pool
        p.library = list(self.library)
        p.hand = list(self.hand)
        p.graveyard = list(self.graveyard)
        p.exile = list(self.exile)
        p.outside = list(self.outside) if self.outside else []
        p.companion = self.companion
        p.lands_played = self.lands_played
        p.lost = self.lost
        p.drew_from_empty = self.drew_from_empty
        p.poison = self.poison
        p.mulligans = self.mulligans
        p.spells_cast = self.spells_cast
        p.loss_reason = self.loss_reason
        return p

    def zone_list(self, zone: str) -> list[int]:
        return {LIBRARY: self.library, HAND: self.hand, GRAVEYARD: self.graveyard, EXILE: self.exile,
                OUTSIDE: self.outside}[zone]


# Last known information (608.2h): an object as it last existed, with its characteristics then.
LKI = tuple["Obj", Chars]
# Combat damage on the stack (Stack of Paperwork): (the assigner's id, its LKI, recipient, amount) each.
CombatDamagePlan = tuple[tuple[int, LKI, int, int], ...]


class StackItem:
    """An object on the stack (405): a spell (its card object id is `obj`), an activated or
    triggered ability, or — under Stack of Paperwork — combat damage, controlled by no player."""

    __slots__ = ("id", "kind", "obj", "source", "controller", "ability", "targets", "x", "name",
                 "source_lki", "damage", "step", "modes", "choices")

    def __init__(self, sid: int, kind: str, controller: int | None, name: str, *, obj: int | None = None,
                 source: int | None = None, ability: Ability | None = None, targets: tuple[int, ...] = (),
                 x: int = 0, source_lki: LKI | None = None, damage: CombatDamagePlan | None = None, step: int = 0,
                 modes: tuple[int, ...] = (), choices: tuple[object, ...] = ()) -> None:
        self.id = sid
        self.kind = kind  # "spell", "ability", "trigger", "combat_damage"
        self.obj = obj
        self.source = source
        self.controller = controller
        self.ability = ability
        self.targets = targets
        self.x = x
        self.name = name
        self.source_lki = source_lki
        self.damage = damage
        self.step = step
        self.modes = modes  # chosen modes (700.2), 1-based
        self.choices = choices  # other choices made on casting (kicker, ...)

    def replaced(self, *, targets: tuple[int, ...] | None = None, x: int | None = None) -> StackItem:
        """A copy with new targets or X: the stack list is shared by clones of the state (GameState.clone
        copies the list, not its items), so a change is a new item put in the old one's place."""
        return StackItem(self.id, self.kind, self.controller, self.name, obj=self.obj, source=self.source,
                         ability=self.ability, targets=self.targets if targets is None else targets,
                         x=self.x if x is None else x, source_lki=self.source_lki, damage=self.damage,
                         step=self.step, modes=self.modes, choices=self.choices)

    def __repr__(self) -> str:
        return f"<stack {self.name}#{self.id}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StackItem):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__ if k != "source_lki")

    __hash__ = object.__hash__


class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (611.2), e.g. "+3/+3 until end of turn".
    Immutable once created."""

    __slots__ = ("kind", "target", "power", "toughness", "keywords", "timestamp", "until", "controller", "data")

    def __init__(self, kind: str, target: int | None, *, power: int = 0, toughness: int = 0,
                 keywords: tuple[str, ...] = (), timestamp: int = 0, until: str = "eot",
                 controller: int = 0, data: object = None) -> None:
        self.kind = kind
        self.target = target
        self.power = power
        self.toughness = toughness
        self.keywords = keywords
        self.timestamp = timestamp
        self.until = until
        self.controller = controller
        self.data = data


class Combat:
    """506-511 bookkeeping for the current combat phase."""

    __slots__ = ("attackers", "blocked", "blockers", "order", "blocker_order", "first_strike_step",
                 "first_strikers", "declared_blockers", "removed", "declared_any")

    def __init__(self) -> None:
        self.attackers: dict[int, int] = {}  # attacking creature → player ref or planeswalker id
        self.blocked: set[int] = set()  # attackers that became blocked (509.1h: stays blocked)
        self.blockers: dict[int, list[int]] = {}  # blocker → attackers it blocks
        self.order: dict[int, list[int]] = {}  # attacker → its blockers in damage assignment order (509.2)
        self.blocker_order: dict[int, list[int]] = {}  # blocker → attackers in order (509.3)
        self.first_strike_step = False
        # 510.4: the creatures that had first strike or double strike as the first combat damage step began
        self.first_strikers: set[int] = set()
        self.declared_blockers = False
        self.removed: set[int] = set()
        self.declared_any = False  # 508.8: were any attackers declared?

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        c.attackers = dict(self.attackers)
        c.blocked = set(self.blocked)
        c.blockers = {k: list(v) for k, v in self.blockers.items()}
        c.order = {k: list(v) for k, v in self.order.items()}
        c.blocker_order = {k: list(v) for k, v in self.blocker_order.items()}
        c.first_strike_step = self.first_strike_step
        c.first_strikers = set(self.first_strikers)
        c.declared_blockers = self.declared_blockers
        c.removed = set(self.removed)
        c.declared_any = self.declared_any
        return c

    def blockers_of(self, attacker: int) -> list[int]:
        return self.order.get(attacker, [])


_CARD_ZONES = frozenset({LIBRARY, HAND, GRAVEYARD, EXILE, OUTSIDE})


class PerCardKinds(Generic[T]):
    """A value computed from a game's set of card kinds (`attr`: GameState.card_kinds, the ability classes,
    or card_ability_kinds, the ability kinds; Game.new_object keeps them), remembered while that set is the
    same object: it is replaced when a card brings new kinds, never changed. Hot paths ask "does this game
    have any card with ...?" once per set instead of at every priority. Before any card exists (None) the
    value is computed on each call."""

    __slots__ = ("_attr", "_compute", "_seen", "_value")
    _value: T

    def __init__(self, attr: str, compute: Callable[[frozenset[Hashable] | None], T]) -> None:
        self._attr = attr
        self._compute = compute  # fn(the set of kinds, or None) -> value
        self._seen: frozenset[Hashable] | None = None  # _value is set with _seen, before it is read

    def __call__(self, s: GameState) -> T:
        kinds = getattr(s, self._attr)
        if kinds is None:
            return self._compute(None)
        if kinds is not self._seen:
            self._value = self._compute(kinds)
            self._seen = kinds
        return self._value


class GameState:
    """Everything that defines a game position. `clone()` copies it exactly and independently."""

    def __init__(self, seed: int, names: tuple[str, str], profile: str, max_turns: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.profile = profile
        self.max_turns = max_turns
        self.players = [Player(0, names[0]), Player(1, names[1])]
        self.objects: dict[int, Obj] = {}
        self.battlefield: list[int] = []
        self.stack: list[StackItem] = []  # last is the top
        self.next_id = 1
        self.next_timestamp = 1
        self.turn = 0
        self.active = 0
        self.step = UNTAP
        self.stage = 0  # progress within the current step's turn-based actions
        self.priority: int | None = None
        self.passes = 0
        self.pending: Decision | None = None  # a non-priority Decision
        self.combat: Combat | None = None
        self.effects: list[ContinuousEffect] = []
        self.pending_triggers: list[tuple[object, ...]] = []  # rules/triggers.py's records
        self.lki: dict[int, LKI] = {}  # last known information of objects that left a zone
        self.successor: dict[int, int] = {}  # old object id → new object id after a zone change (400.7)
        self.log: list[dict[str, object]] = []
        self.over = False
        self.winner: int | None = None
        self.end_reason = ""
        self.decisions = 0
        self.partial: dict[str, object] = {}  # attackers / blockers being declared one by one
        self.queue: list[tuple[object, ...]] = []  # pending work items, (kind, ...) (sequential discards, mulligan bottoms ...)
        self.paperwork_step = False  # combat damage uses the stack for this step (Stack of Paperwork)
        self.version = 0
        # Bumped by the logged events that can make a state-based action apply (the door's events whose
        # class says so, Game.log_event): not by records (Game.record) and passes, unless some permanent's
        # characteristics depend on such changes (below).
        self.sba_version = 0
        # Some characteristics were computed that can change without a logged change to the object
        # ("as long as it's your turn", "as long as it's tapped"; continuous.characteristics sets it).
        self.volatile_chars = False
        # 106.6: mana in the pools with a spending restriction: (player, bag, restriction), immutable
        # (the pool holds it too; rules/mana_abilities.py).
        self.restricted_mana: tuple[tuple[int, Bag, object], ...] = ()
        # 106.4 / 500.4 exception: mana "you don't lose as steps and phases end" this turn: (player, bag, turn).
        self.kept_mana: tuple[tuple[int, Bag, int, bool], ...] = ()  # (player, mana, turn, until end of combat only)
        # 106.6: spells on the stack that mana with the rider "that spell can't be countered" was spent on.
        self.uncounterable_spells: tuple[int, ...] = ()
        # 729.3 loop watch (rules/loops.py): the turn watched, its priority decisions, positions seen.
        self.loop_turn = -1
        self.turn_decisions = 0
        self.loop_seen: dict[int, int] = {}
        # Designations and records the rules keep, each an immutable value replaced when it changes
        # (so clone()'s shallow copy of the fields keeps clones independent).
        # 701.28f / 613.7g: (permanent, the timestamp it got as it last transformed), rules/transform.py
        self.transforms: tuple[tuple[int, int], ...] = ()
        self.renowned: frozenset[int] = frozenset()  # 702.112b: renowned permanents
        self.monarch: int | None = None  # 722.1: the player who is the monarch (None: no monarch yet)
        self.city_blessing: frozenset[int] = frozenset()  # 702.131c: the players who have the city's blessing
        # 701.8: the ids the cards discarded this game got in their new zone, in order (rules/hand_effects.py
        # records them only in games with a "when you discard ... this way" ability)
        self.discards: tuple[int, ...] = ()
        self.emblems: tuple[int, ...] = ()  # 114.1: the emblems in the command zone (objects of zone COMMAND)
        self.energy: tuple[int, int] = (0, 0)  # 107.14: each player's energy counters
        self.kicked_permanents: frozenset[int] = frozenset()  # 702.33d: permanents whose spell was kicked
        # 603.4: (permanent, cost kind) for permanents whose spell was cast for its surge (...) cost
        self.costs_paid_permanents: frozenset[tuple[int, str]] = frozenset()
        self.tribute_unpaid: frozenset[int] = frozenset()  # 702.104b: permanents whose tribute wasn't paid
        self.cast_origins: frozenset[tuple[int, int, str]] = frozenset()  # (spell, caster, zone cast from)
        self.cast_reveals: frozenset[int] = frozenset()  # spells cast with "you revealed a ... or controlled a ..."
        # 702.26: the phased-out permanents: (id, the player who controlled it as it phased out, the permanent it
        # phased out indirectly with, 702.26g, or None)
        self.phased_out: tuple[tuple[int, int, int | None], ...] = ()
        self.ninjutsu_defenders: tuple[tuple[int, int], ...] = ()  # 702.49c: (attacker, player it attacks)
        self.triggered_once: frozenset[tuple[object, ...]] = frozenset()  # 603.2h "triggers only once each turn"
        # 601.3 "once during each of your turns, you may cast ... from your graveyard": (turn, source) used
        self.graveyard_casts_used: frozenset[tuple[int, int]] = frozenset()
        self.combat_damage_groups: frozenset[tuple[object, ...]] = frozenset()  # 603.2c: one trigger per damage event
        # 500.7: the players who take an extra turn after this one, the next one first (the one created
        # most recently is taken first)
        self.extra_turns: tuple[int, ...] = ()
        self.resume_active: int | None = None  # who takes the next turn once the extra turns are taken
        # 500.8: the phases added directly after the current phase ("combat", "main"), the next one first, and
        # the step the turn goes on with once the added phases are over (None: no added phase has begun)
        self.added_phases: tuple[str, ...] = ()
        self.resume_step: int | None = None
        # 603.2c: cards that left graveyards at once: (owner, card, the zone it went to)
        self.graveyard_leavers: tuple[tuple[int, object, str], ...] = ()
        # Per-turn counts, (turn, per-player counts); a record of another turn counts as none.
        self.draws: tuple[int, tuple[int, ...]] = (-1, (0, 0))  # 121.1: cards drawn ("second card each turn")
        self.drawn_cards: tuple[int, frozenset[int]] = (-1, frozenset())  # their ids in the hands ("drawn this turn")
        self.life_gain_events: tuple[int, tuple[int, ...]] = (-1, ())  # 119.9: "first time each turn"
        # 603.2: (turn, {(player, card type)}): the card types of the cards put into each graveyard this turn
        # ("whenever one or more land cards are put into your graveyard from anywhere for the first time each turn")
        self.graveyard_types_this_turn: tuple[int, frozenset[tuple[int, str]]] = (-1, frozenset())
        self.spell_mana_spent: tuple[int, tuple[int, ...]] = (-1, ())  # 700.14 expend
        self.casting_other_costs: tuple[tuple[object, ...], ...] = ()  # 601.2b choices paid at 601.2h (alternative_costs)
        self.face_down_seen = False  # 702.37: a face-down permanent existed: turning face up is offered
        self.cleanup_again = False  # 514.3a: another cleanup step follows
        self.stray_tokens = False  # 704.5d: a token left the battlefield (sba.check looks for it)
        # What the cards of this game can do (Game.new_object; None until the first card): the classes
        # in their abilities' hierarchies, their abilities' kinds, their trigger events.
        self.card_kinds: frozenset[type] | None = None
        self.card_ability_kinds: frozenset[str] | None = None
        self.card_events: frozenset[str] | None = None
        # Every vocabulary class and `kind` word anywhere in their text (vocab.vocabulary: effects and what
        # they grant too): the hooks of engine/registry.py gated on words no card has are skipped.
        self.card_vocab: frozenset[type | str] | None = None
        # engine/registry.live's answers for these sets: id(hook list) -> (the list, its length, live hooks);
        # replaced (not cleared) when the sets grow, so clones with other sets don't share it.
        self.live_hooks: dict[int, tuple[object, ...]] = {}
        # Caches of derived values, each valid for the key it holds (immutable, replaced).
        self.last_card: object = None  # the card of the last object made (Game.new_object)
        self.sba_mark: object = None  # Game.settle: the state in which SBAs last found nothing
        self.trigger_watch: tuple[object, ...] | None = None  # rules/trigger_queue.py: permanents' trigger events
        self.loud_hands: tuple[tuple[object, ...] | None, tuple[object, ...] | None] = (None, None)  # rules/priority.py, per player

    def restore(self, snapshot: GameState) -> None:
        """Become `snapshot` (a clone() taken earlier) in place, for a rule that undoes a change it can't
        complete (601.2h: a cast whose costs turn out unpayable is rewound): callers holding this state
        object then see the restored position."""
        self.__dict__.clear()
        self.__dict__.update(snapshot.__dict__)

    def clone(self, cast_snapshot_of: int | None = None) -> GameState:
        """An independent copy. `cast_snapshot_of` (the id of a card being cast) makes a cheaper undo
        snapshot for Game.apply: objects in libraries, hands, graveyards and exile, other than that
        card, are shared rather than copied — casting a spell (601.2) changes only the card cast and
        permanents in place; a card used for a cost leaves its zone as a new object (400.7)."""
        s = GameState.__new__(GameState)
        s.__dict__.update(self.__dict__)
        s.rng = random.Random.__new__(random.Random)  # not Random(): that seeds from os.urandom first
        s.rng.setstate(self.rng.getstate())
        s.players = [p.copy() for p in self.players]
        if cast_snapshot_of is None:
            s.objects = {k: o.copy() for k, o in self.objects.items()}
        else:
            s.objects = {k: o if o.zone in _CARD_ZONES and k != cast_snapshot_of else o.copy()
                         for k, o in self.objects.items()}
        s.battlefield = list(self.battlefield)
        s.stack = list(self.stack)
        s.combat = self.combat.copy() if self.combat else None
        s.effects = list(self.effects)
        s.pending_triggers = list(self.pending_triggers)
        s.lki = dict(self.lki)
        s.successor = dict(self.successor)
        s.log = list(self.log)
        s.partial = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                     for k, v in self.partial.items()}
        s.queue = list(self.queue)
        if self.loop_seen:
            s.loop_seen = dict(self.loop_seen)
        return s
