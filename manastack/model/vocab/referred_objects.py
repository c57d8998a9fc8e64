"""The vocabulary manastack/rules/referred_objects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from ..costs import ManaCost


@dataclass(frozen=True, slots=True)
class ControllerOf:
    """A Who: the controller of an object the ability refers to ("its controller", 608.2h)."""

    of: V.Who  # V.Ref or V.IT / V.SELF


@dataclass(frozen=True, slots=True)
class Sacrificed:
    """A referent: the permanent sacrificed to pay the ability's or spell's cost ("the sacrificed
    creature", 601.2h / 602.2b), seen as it last existed on the battlefield (608.2h)."""


SACRIFICED = Sacrificed()


@dataclass(frozen=True, slots=True)
class SacrificedThisWay:
    """A referent: the permanent a player sacrificed, of their choice, as an earlier part of the same effect
    ("Target player sacrifices a creature of their choice. You gain life equal to that creature's toughness"),
    seen as it last existed on the battlefield (608.2h); nothing if none was sacrificed."""


SACRIFICED_THIS_WAY = SacrificedThisWay()


@dataclass(frozen=True, slots=True)
class TokensCreated:
    """A referent: the tokens the part of the effect just before created ("Create three 1/1 red Human creature
    tokens with haste. Sacrifice those tokens at the beginning of the next end step", 111.1, 603.7a)."""


TOKENS_CREATED = TokensCreated()


@dataclass(frozen=True, slots=True)
class ObjectStat:
    """An Amount: the power, toughness or mana value of an object ("equal to that creature's toughness",
    "the sacrificed creature's power")."""

    of: V.Who | Sacrificed | SacrificedThisWay  # V.Ref or V.IT / V.SELF, or SACRIFICED, SACRIFICED_THIS_WAY
    stat: str  # "power", "toughness" or "mana value"


@dataclass(frozen=True, slots=True)
class GainControlOfAttached(V.Effect):
    """613.1b: "Destroy target nonblack creature. ... You gain control of all Equipment that were attached to it"
    (Murderous Spoils): the permanents with a subtype of `subtypes` attached to the object `of` (a target) as
    this part of the effect happens, whether or not that object is still on the battlefield (their attachment
    ends only with the next state-based actions, 704.5n); for the rest of the game."""

    of: V.Ref
    subtypes: frozenset[str]


@dataclass(frozen=True, slots=True)
class GreatestAmong:
    """An Amount: the greatest power, toughness or mana value among the permanents matching `filter`, as
    the effect resolves ("where X is the greatest mana value among permanents you control", 608.2h); 0
    when none matches."""

    filter: V.ObjectFilter
    stat: str  # "power", "toughness" or "mana value"


@dataclass(frozen=True, slots=True)
class SacrificeUnlessPay(V.Effect):
    """118.12a: "sacrifice CARDNAME unless you pay {2}"; with `per`, "unless you pay {1} for each other
    creature you control": the generic cost times the permanents matching `per` as it resolves."""

    target: V.Who
    cost: ManaCost
    per: V.ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class PlayerOrController:
    """A Who: "that player or that planeswalker's controller" (115.1, 608.2h): the target chosen for
    "target player or planeswalker" when it is a player, else the planeswalker's controller."""

    of: V.Ref  # of a "player_or_planeswalker" target


@dataclass(frozen=True, slots=True)
class CountersOn:
    """An Amount: "for each +1/+1 counter on it" (608.2h: as it last existed if it left the battlefield)."""

    of: V.Who
    kind: str
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class DelayedOnObject(V.Effect):
    """603.7a: "destroy that creature at end of combat", "return that card to the battlefield under its
    owner's control at the beginning of the next end step": a delayed triggered ability created as this
    resolves, about the object `of` names now (603.7c: it triggers once, the next time the event happens).
    `event`: "end_combat" or "next_end"."""

    event: str
    action: str  # "destroy", "sacrifice", "exile", "bounce", "return_owner", "return_you", "remove_counters", "put_counters"
    of: V.Who | TokensCreated  # TOKENS_CREATED: one delayed ability for each of them
    text: str = ""
    counter_kind: str = ""
    amount: int = 0


@dataclass(frozen=True, slots=True)
class ActOnSource(V.Effect):
    """The delayed ability's action on its object (the delayed ability's source, ctx.source)."""

    action: str
    counter_kind: str = ""
    amount: int = 0


ALL_KINDS = "*"  # RemoveCounters.kind: every kind of counter
ALL_OF_KIND = "all"  # RemoveCounters.amount: every counter of its kind ("remove all +1/+1 counters from ...")


@dataclass(frozen=True, slots=True)
class RemoveCounters(V.Effect):
    """"Remove a +1/+1 counter from CARDNAME" (122.1: as many as there are, at most N); `kind` ALL_KINDS:
    "remove all counters from ..."; `amount` ALL_OF_KIND: "remove all +1/+1 counters from ...". `up_to`:
    "remove up to three counters from target creature" (the controller chooses the counters, any number
    up to N, of `kind` or, for ALL_KINDS, of any kinds, as it resolves: 608.2d)."""

    kind: str
    amount: V.Amount
    target: V.Who
    up_to: bool = False


@dataclass(frozen=True, slots=True)
class CreateTokenCopy(V.Effect):
    """"Create a token that's a copy of CARDNAME" (707.2: the copiable values of the object now, or as it
    last existed on the battlefield, 608.2h)."""

    of: V.Who
    amount: V.Amount = 1


@dataclass(frozen=True, slots=True)
class SacrificeUnlessReturn(V.Effect):
    """"Sacrifice it unless you return a non-Lair land you control to its owner's hand" (118.12a)."""

    target: V.Who
    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class IfYourTurn(V.Effect):
    """"If it's your turn, scry 2" (608.2c: checked as the spell resolves)."""

    effects: tuple[V.Effect, ...]
    yours: bool = True


@dataclass(frozen=True, slots=True)
class AttachSelfTo(V.Effect):
    """"Attach CARDNAME to it" (701.3a): the source Equipment or Aura to the trigger's object."""

    to: V.Who


@dataclass(frozen=True, slots=True)
class InsteadIf(V.Effect):
    """"CARDNAME deals 2 damage to any target. Metalcraft — CARDNAME deals 4 damage instead if you control
    three or more artifacts" (608.2c: the text as a whole says what the spell does; the condition is
    checked as it resolves): `instead` when `condition` holds (a condition of vocab/conditions.py),
    else `otherwise`."""

    condition: object
    instead: tuple[V.Effect, ...]
    otherwise: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class IfTargetMatches(V.Effect):
    """"Destroy target creature if it has mana value 2 or less" (Fatal Push, 608.2c): the target is any
    creature; its quality is checked as the effect happens, and `effects` happen only if it has it, else
    `otherwise` ("Put a +1/+1 counter on equipped creature. If equipped creature is a Vampire, put two +1/+1
    counters on it instead": `target` the target, the equipped creature or the source itself)."""

    target: V.Who
    filter: V.ObjectFilter
    effects: tuple[V.Effect, ...]
    otherwise: tuple[V.Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class IfStatAtLeast(V.Effect):
    """608.2c: "If the sacrificed creature's toughness was 4 or greater, create two Food tokens instead" (Witch's
    Oven): the object's power, toughness or mana value (`stat`, by last known information once it has left,
    608.2h) is compared with `bound` as the effect happens ("or less" when `at_most`); `effects` happen if it
    holds, else `otherwise`."""

    stat: ObjectStat
    bound: int
    at_most: bool
    effects: tuple[V.Effect, ...]
    otherwise: tuple[V.Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class DestroyAllWithManaValue(V.Effect):
    """"Destroy each nonland permanent with mana value equal to the number of charge counters on CARDNAME"
    (Blast Zone, Engineered Explosives; 701.7a): `amount` is read as the effect happens (608.2h: the counters
    the sacrificed source had as it last existed)."""

    filter: V.ObjectFilter
    amount: V.Amount
    can_regenerate: bool = True  # "They can't be regenerated" (701.15c: Wave of Terror)
    # "... with mana value X whose controller was dealt combat damage by CARDNAME this turn" (Steel Hellkite)
    controller_damaged_by_source: bool = False


@dataclass(frozen=True, slots=True)
class BasicLandTypes:
    """An Amount: "the number of basic land types among lands you control" (domain), or among the lands of
    the player `who` names ("among lands they control"), counted as the effect happens (608.2h)."""

    who: V.Who = V.YOU


# The scope of "whenever you cast a spell that targets one or more permanents" (TriggeredAbility.scope): it
# triggers only for a spell with a permanent among its targets, and its event object is the spell.
TARGETS_PERMANENTS = "targets_permanents"


@dataclass(frozen=True, slots=True)
class GainControlOfSpellTargets(V.Effect):
    """"Gain control of those permanents" after "whenever you cast a spell that targets one or more
    permanents" (613.1b, for the rest of the game): the permanents the spell, the event object, targets."""


@dataclass(frozen=True, slots=True)
class DestroyAttached(V.Effect):
    """701.7a: "Destroy all Equipment attached to that creature" (Turn to Slag, Blastfire Bolt): the permanents
    matching `filter` attached to the object `to` refers to as the effect happens (301.5, 303.4)."""

    to: V.Who
    filter: V.ObjectFilter
