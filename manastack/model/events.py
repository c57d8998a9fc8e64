"""Events: changes to the game as values (DESIGN.md). Each carries the rule that causes it; the engine
performs it through one door, `Game.perform` (engine/game.py): replacement effects rewrite it first
(614, 616.1), then it changes the state, is logged, marks what state-based actions look at (704.3)
from its own type, and the triggered abilities that watch for it are collected (603.2).

Life changes, tapping and untapping, mana added, zone changes, draws, discards, damage, counters
put on permanents and removed, tokens created, attachments, control changes, poison counters, a card
moving to the stack as it is cast, turning permanents face down or face up, and the continuous-effect
records of 611.2 created, changed and ended go through the door (docs/architecture.md).

Events are values: made once and never changed (a replacement effect derives a new one with
`dataclasses.replace`), hashed and compared by their fields. They are not frozen dataclasses only
because those are five times slower to make, and the door makes one for every change of every game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from .mana import Bag
from .zones import BATTLEFIELD, GRAVEYARD

if TYPE_CHECKING:
    from .chars import Chars
    from .state import ContinuousEffect
    from .vocab import CardDef


@dataclass(slots=True, unsafe_hash=True)
class Event:
    """A change to the game, caused by `rule`. `SBA`: whether a state-based action may care (704.5:
    life, the permanents and their characteristics, ...); events that don't are not checked for.
    `CHARS`: whether it may change characteristics (613) or what is computed from them: the door then
    forgets the cached ones (Game.invalidate) before collecting triggers (a zone change, damage and
    tokens created forget them themselves, in the middle of their performing)."""

    rule: str
    SBA: ClassVar[bool] = True
    CHARS: ClassVar[bool] = False

    def marks_sba(self) -> bool:
        """Whether state-based actions may care that this event happened (its class says, `SBA`)."""
        return self.SBA


@dataclass(slots=True, unsafe_hash=True)
class LifeChange(Event):
    """119.3: `player` gains (`delta` > 0) or loses (< 0) life; `source` names what caused it."""

    player: int = 0
    delta: int = 0
    source: str = ""


@dataclass(slots=True, unsafe_hash=True)
class TapChange(Event):
    """701.26: the permanent `obj` becomes tapped (`tapped`) or untapped."""

    obj: int = 0
    tapped: bool = True
    SBA: ClassVar[bool] = False


@dataclass(slots=True, unsafe_hash=True)
class ManaAdded(Event):
    """106.3: `mana` is added to `player`'s mana pool by `source` (106.12: `tapped_for_mana`; 107.4h:
    `snow`, the source is a snow permanent)."""

    player: int = 0
    mana: Bag = (0, 0, 0, 0, 0, 0)
    source: str = ""
    tapped_for_mana: bool = False
    snow: bool = False
    SBA: ClassVar[bool] = False


# --- damage, counters, tokens (120, 122, 111)


@dataclass(slots=True, unsafe_hash=True)
class Damage(Event):
    """120.3: `amount` damage is dealt by a source to `recipient` (a permanent's id, or a player ref < 0).
    The source: `source` its name, `source_id` its object (None: unknown), `source_chars` its
    characteristics as the damage is dealt (or as it last existed), `source_controller`; `combat`:
    combat damage (510.2). Prevention effects are replacement effects on it (615.1)."""

    recipient: int = 0
    amount: int = 0
    source: str = ""
    source_id: int | None = None
    source_chars: Chars | None = None
    source_controller: int = 0
    combat: bool = False


@dataclass(slots=True, unsafe_hash=True)
class CountersPut(Event):
    """122.1 / 122.6: `amount` `kind` counters are put on the permanent `obj` by `placer` (122.6a: None,
    its controller); `by_effect` False when a cost puts them (606.4 loyalty, 614.1a "If an effect would
    put"); `entering`: they are the counters it enters with (614.1c, 614.12: its own replacement effects
    apply too)."""

    obj: int = 0
    kind: str = ""
    amount: int = 0
    placer: int | None = None
    by_effect: bool = True
    entering: bool = False
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class CountersRemoved(Event):
    """122.8 / 122.1: `amount` `kind` counters are removed from the object `obj` (as many as it has, at most).
    `log` / `fields`: the line it has where it isn't "remove_counters" (122.1c: "shield_counter", with
    what the shield replaced)."""

    obj: int = 0
    kind: str = ""
    amount: int = 0
    log: str = ""
    fields: dict[str, object] | None = field(default=None, compare=False)
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class DamageRemoved(Event):
    """The damage marked on the permanents `objs` is removed: 514.2 in cleanup, 701.15a regeneration,
    702.89a umbra armor; `deathtouch`: the mark that deathtouch damage was dealt goes too (704.5h). No
    line of its own (the rule's own line follows it)."""

    objs: tuple[int, ...] = ()
    deathtouch: bool = True
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class TokenCreated(Event):
    """111.1: an effect creates `amount` tokens of `card` under `player`'s control (`tapped`: 111.1 "create
    ... tapped"). Performed, `ids` are the tokens created, in order."""

    card: CardDef
    player: int = 0
    amount: int = 1
    tapped: bool = False
    ids: tuple[int, ...] = ()


# --- continuous effects (611.2, 514.2)


@dataclass(slots=True, unsafe_hash=True)
class EffectCreated(Event):
    """611.2: a continuous effect begins: its record `effect` joins GameState.effects (made by a resolving
    spell or ability, 611.2a; by a keyword or a rule: 702.xx, 603.7a a delayed triggered ability, 614.12 a
    choice made as a permanent enters). An effect can change characteristics (613): the door invalidates
    them. `log`: its log line's name, with `fields` (""; no line: the records nobody reads in the log)."""

    effect: ContinuousEffect
    log: str = ""
    fields: dict[str, object] | None = field(default=None, compare=False)


@dataclass(slots=True, unsafe_hash=True)
class EffectsEnded(Event):
    """The continuous effects `effects` end, at once (514.2 "until end of turn" in cleanup, 611.2a-b their
    durations, 610.3 / 607.2a a linked exile used, 615.7 a shield used up): their records leave
    GameState.effects, found by identity (ContinuousEffect has no equality). `log` / `fields`: as
    EffectCreated's."""

    effects: tuple[ContinuousEffect, ...] = ()
    log: str = ""
    fields: dict[str, object] | None = field(default=None, compare=False)


@dataclass(slots=True, unsafe_hash=True)
class EffectChanged(Event):
    """615.7: the record `old` becomes `new`, in its place (records are immutable: a prevention shield
    for a number of damage that prevented some has that much less left)."""

    old: ContinuousEffect
    new: ContinuousEffect


# --- zone changes, draws and discards (400.7, 121, 701.8)


@dataclass(slots=True, unsafe_hash=True)
class ZoneChange(Event):
    """400.7: the object `obj` moves from `from_zone` to `to_zone` and becomes a new object. Onto the
    battlefield: under `controller` (None: its owner), `tapped`, with `cast_x` and the choices made as
    it enters (`etb_choices`, 614.12); into a library: on top, at `index` from the top, or at the
    `bottom`. 614.1a replacement effects ("exile it instead") change `to_zone`."""

    obj: int = 0
    from_zone: str = ""
    to_zone: str = ""
    controller: int | None = None
    tapped: bool = False
    bottom: bool = False
    index: int | None = None
    cast_x: int | None = None
    # Choices made as the permanent enters: carried along, never compared (they don't tell events apart)
    etb_choices: dict[str, object] | None = field(default=None, compare=False)
    shuffle: bool = False  # into a library that is then shuffled (701.20a: "shuffle it into its owner's library")

    def marks_sba(self) -> bool:
        # 704.5: state-based actions look at the battlefield (a draw or a discard changes nothing they see,
        # unless a characteristic depends on a zone: GameState.volatile_chars)
        return self.from_zone == BATTLEFIELD or self.to_zone == BATTLEFIELD


@dataclass(slots=True, unsafe_hash=True)
class Draw(Event):
    """121.1: `player` draws a card: the top card of their library is put into their hand (a ZoneChange).
    121.4: with no card in the library none is drawn, and the player loses when state-based actions are
    next checked (704.5b). 614.1a / 121.6: a replacement effect may replace the draw (dredge). `card`: the
    card drawn, its id in the hand (set as the draw is performed)."""

    player: int = 0
    card: int | None = field(default=None, compare=False)
    SBA: ClassVar[bool] = False


@dataclass(slots=True, unsafe_hash=True)
class Discard(Event):
    """701.8: `player` discards the card `obj` from their hand: it is put into `to_zone` (their graveyard;
    702.35a madness: exiled instead)."""

    player: int = 0
    obj: int = 0
    to_zone: str = GRAVEYARD
    x: int = 0  # a cycling cost's X, paid with this discard (702.29c: its "when you cycle" trigger's X)
    SBA: ClassVar[bool] = False


@dataclass(slots=True, unsafe_hash=True)
class Dredged(Event):
    """702.52a: what a dredge replaces a draw with: `player` mills `amount` cards and returns `card` from
    their graveyard to their hand. Performed by rules/graveyard_keywords.py (registry.EVENT_PERFORMERS)."""

    player: int = 0
    card: int = 0
    amount: int = 0
    SBA: ClassVar[bool] = False


# --- attachments, control, poison, faces (108.4, 122.1f, 301.5, 303.4, 701.3, 708)


@dataclass(slots=True, unsafe_hash=True)
class AttachChange(Event):
    """701.3a / 303.4f / 301.5: the permanent `obj` becomes attached to `to` (an object, or a player ref
    < 0: an Aura enchanting a player, 303.4), or unattached (`to` None: 701.3d, 704.5m-n). `restamp`: it
    gets a new timestamp (613.7e; not an Aura entering attached, whose timestamp is that of entering)."""

    obj: int = 0
    to: int | None = None
    restamp: bool = True
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class ControlChange(Event):
    """108.4 / 613.1b: the permanent `obj` comes under `player`'s control: it can't attack or {T} this
    turn (302.6) and it leaves combat (506.4)."""

    obj: int = 0
    player: int = 0
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class CastMoved(Event):
    """601.2a: the card `obj` moves from its zone to the stack as `player` begins to cast it; it becomes
    the spell `player` controls (108.4a). The engine keeps its id while casting can still be undone
    (601.2h), so this is not a ZoneChange; its log line is the "cast" line that follows (601.2i)."""

    obj: int = 0
    player: int = 0
    SBA: ClassVar[bool] = False
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class PoisonCounters(Event):
    """122.1f: `player` gets `amount` poison counters (from infect or toxic damage, 120.3b, 702.164c, or
    an effect: proliferate 701.27a); 704.5c: ten or more and they lose. `source` names what gave them."""

    player: int = 0
    amount: int = 0
    source: str = ""


@dataclass(slots=True, unsafe_hash=True)
class TurnedFaceDown(Event):
    """708.2a / 708.3 / 708.4: the card `obj` is turned face down (`how`: "morph", "megamorph",
    "disguise", "manifest", "cloak", "effect"), by `player` where it is cast or put onto the battlefield
    face down. Performed by rules/facedown.py (registry.EVENT_PERFORMERS)."""

    obj: int = 0
    how: str = ""
    player: int | None = None
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class TurnedFaceUp(Event):
    """708.8 / 702.37e: the face-down permanent `obj` is turned face up: its copiable values are its
    card's again. Performed by rules/facedown.py (registry.EVENT_PERFORMERS)."""

    obj: int = 0
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class Transformed(Event):
    """701.28a / 712.18: the transforming double-faced permanent `obj` turns over to its other face; it stays
    the same object (no zone change) and gets a new timestamp (613.7g). Performed by rules/transform.py
    (registry.EVENT_PERFORMERS)."""

    obj: int = 0
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class PhaseChange(Event):
    """702.26a / 702.26d: the permanent `obj` phases out (`phase_in` False) or in, without changing zones: a
    phased-out permanent is treated as though it doesn't exist; `via`: the permanent it phases out indirectly
    with (702.26g: an Aura or Equipment attached to it), and phases in with (702.26h)."""

    obj: int = 0
    phase_in: bool = False
    via: int | None = None
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class EntersAttacking(Event):
    """508.4 / 702.49c: the creature `obj` put onto the battlefield attacking is an attacking creature,
    attacking `defender` (a player ref), though it was never declared as an attacker (508.3a: no "whenever
    ... attacks"). `fields`: its log line's."""

    obj: int = 0
    defender: int = 0
    fields: dict[str, object] | None = field(default=None, compare=False)
    CHARS: ClassVar[bool] = True  # attack-dependent characteristics ("as long as it's attacking")


@dataclass(slots=True, unsafe_hash=True)
class BecameRenowned(Event):
    """702.112b: the permanent `obj` becomes renowned (a designation; its +1/+1 counters are their own event)."""

    obj: int = 0
    counters: int = 0
    CHARS: ClassVar[bool] = True


@dataclass(slots=True, unsafe_hash=True)
class BecameMonarch(Event):
    """722.1 / 722.3: `player` becomes the monarch (the current monarch, if any, ceases to be it);
    performed by rules/monarch.py (registry.EVENT_PERFORMERS)."""

    player: int = 0
    CHARS: ClassVar[bool] = True  # 611.3a: "as long as you're the monarch"


@dataclass(slots=True, unsafe_hash=True)
class GotCityBlessing(Event):
    """702.131a-c: `player` gets the city's blessing for the rest of the game; performed by rules/ascend.py
    (registry.EVENT_PERFORMERS)."""

    player: int = 0
    CHARS: ClassVar[bool] = True  # 702.131d: continuous effects are reapplied ("as long as you have ...")


@dataclass(slots=True, unsafe_hash=True)
class EmblemCreated(Event):
    """114.1-114.2: `player` gets an emblem, an object of the command zone with the abilities of `card`
    (no other characteristics); performed by rules/emblems.py (registry.EVENT_PERFORMERS)."""

    player: int = 0
    card: CardDef | None = None
    CHARS: ClassVar[bool] = True  # an emblem's static ability changes permanents ("creatures you control get +2/+2")


@dataclass(slots=True, unsafe_hash=True)
class PartChosen(Event):
    """715.3b, 712.11c, 709.3b: the card `obj` is cast (or played, 712.12) as its part `part` (an
    Adventure, a back face, a split card's half): until it leaves the stack (or, a permanent face, the
    battlefield) it has only that part's characteristics; it keeps its own card to become again (400.7).
    `log` / `fields`: its line."""

    obj: int = 0
    part: CardDef | None = field(default=None, compare=False)
    log: str = ""
    fields: dict[str, object] | None = field(default=None, compare=False)
    CHARS: ClassVar[bool] = True
