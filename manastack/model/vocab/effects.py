"""The vocabulary manastack/rules/effects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True)
class SacrificeUnless(V.Effect):
    """118.12a: "sacrifice CARDNAME unless you sacrifice a creature", "When CARDNAME enters, sacrifice it unless you
    sacrifice a Forest" (Plant Elemental); `exile`: "exile it unless you sacrifice another creature" (Demonlord of
    Ashmouth): the controller chooses ("another": never the source itself)."""

    filter: V.ObjectFilter
    exile: bool = False


@dataclass(frozen=True, slots=True)
class LifePayment:
    """A cost of N life asked for while resolving ("Ward—Pay 2 life", 702.21a): payable only with a
    life total of at least N (119.4)."""

    amount: int

    @property
    def text(self) -> str:
        return f"{self.amount} life"


@dataclass(frozen=True, slots=True)
class DiscardPayment:
    """A cost of discarding N cards asked for while resolving ("Ward—Discard a card", 702.21a): payable only with
    at least N cards in hand; the player chooses the cards as they pay (701.8a)."""

    amount: int = 1

    @property
    def text(self) -> str:
        return "discard a card" if self.amount == 1 else f"discard {self.amount} cards"


@dataclass(frozen=True, slots=True)
class WinGame(V.Effect):
    """104.2b: "you win the game" (the controller of the spell or ability): the game ends (104.1)."""


@dataclass(frozen=True, slots=True)
class LoseGame(V.Effect):
    """104.3e: "that player loses the game", "you lose the game" (the pacts' "If you don't, you lose the game"):
    each player `who` names loses; in a two-player game the other player wins (104.2a), and the game ends at
    once (104.1)."""

    who: V.Who = V.YOU


@dataclass(frozen=True, slots=True)
class CardsInHand:
    """An Amount: "X, where X is the number of cards in your hand minus 4" (counted as it resolves,
    608.2h; a negative result is 0, 107.1b)."""

    minus: int = 0


@dataclass(frozen=True, slots=True)
class TokenThen(V.Effect):
    """"Create a 1/1 red Goblin creature token. That token gains haste until end of turn and attacks
    this combat if able": `create` (one token), then `riders`, whose V.Ref(0) is the token created."""

    create: V.Effect
    riders: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class ThatMuchLife:
    """An Amount: "that much" in "Whenever you gain life, target opponent loses that much life" — the
    life gained in the event (119.9); rules/triggers.py writes the number into the ability as it triggers."""


@dataclass(frozen=True, slots=True)
class ThatMuchDamage:
    """An Amount: "that much" in "Whenever CARDNAME is dealt damage, it deals that much damage to any target"
    — the damage dealt to it in the event (120.3, 603.2c: damage dealt at once by several sources, as in
    combat, 510.2, is one event); rules/trigger_events.py writes `amount` into the ability as it triggers."""

    amount: int = 0


@dataclass(frozen=True, slots=True)
class EffectOfChoice(V.Effect):
    """608.2d: "CARDNAME gains your choice of first strike, vigilance, or trample until end of turn", "Target
    creature loses your choice of flying, first strike, or trample until end of turn": the controller picks one
    of the `options` ((word, effect) pairs) as it resolves, and that effect happens to `target`."""

    target: V.Who
    options: tuple[tuple[str, V.Effect], ...]


@dataclass(frozen=True, slots=True)
class SacrificeOrElse(V.Effect):
    """701.21a, 608.2c: "Sacrifice a creature other than CARDNAME. If you can't, CARDNAME deals 7 damage to you"
    (Lord of the Pit), "Sacrifice a creature. If you can't, sacrifice CARDNAME" (Eldrazi Monument): the
    controller sacrifices one permanent matching `filter`; `otherwise` happens only if they control none."""

    filter: V.ObjectFilter
    otherwise: tuple[V.Effect, ...]
