"""700.3 piles of the cards a "reveal the top five cards of your library" sentence (effects_core.py `_look`) just
revealed; executed by rules/piles.py (SeparateLookedIntoPiles).

- "An opponent separates those cards into two piles. Put one pile into your hand and the other into your
  graveyard." (Fact or Fiction, Sphinx of Uthuun); "... and the other on the bottom of your library in any order"
  (Jace, Architect of Thought).
- "Reveal the top five cards of your library and separate them into two piles. An opponent chooses one of those
  piles. Put that pile into your hand and the other into your graveyard." (Steam Augury): the controller
  separates, the opponent chooses.

Each sentence is a compile-time marker; `_fold_piles` joins them (right after the look) into one effect and
refuses any of them alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab.piles import SeparateLookedIntoPiles
from ..compiler import EFFECTS_CHECKS, Unsupported
from .effects_common import N, amount, template


@dataclass(frozen=True, slots=True)
class _Separates(V.Effect):
    """"An opponent separates those cards into two piles" / "... and separate them into two piles"."""

    separator: str


@dataclass(frozen=True, slots=True)
class _OpponentChooses(V.Effect):
    """"An opponent chooses one of those piles"."""


@dataclass(frozen=True, slots=True)
class _PutOnePile(V.Effect):
    """"Put one pile into your hand and the other into your graveyard"."""

    rest: str


_MARKERS = (_Separates, _OpponentChooses, _PutOnePile)


@template(r"an opponent separates those cards into two piles")
def _opponent_separates(m, targets):
    return [_Separates("opponent")]


@template(rf"reveal the top {N} cards of your library and separate them into two piles")
def _reveal_and_separate(m, targets):
    return [V.LookAtTop(amount(m.group(1)), reveal=True), _Separates("you")]


@template(r"an opponent chooses one of those piles")
def _opponent_chooses(m, targets):
    return [_OpponentChooses()]


@template(r"put (one|that) pile into your hand and the other (into your graveyard|on the bottom of your library in "
          r"any order)")
def _put_one_pile(m, targets):
    return [_PutOnePile("graveyard" if m.group(2) == "into your graveyard" else "bottom_any")]


def _fold_piles(effects: list, targets: list) -> None:
    """[look, separates (by an opponent), put one pile] or [look, separates (by you), an opponent chooses, put that
    pile]: one SeparateLookedIntoPiles after the look."""
    for i, e in enumerate(effects):
        if not isinstance(e, _MARKERS):
            continue
        if not (isinstance(e, _Separates) and i and isinstance(effects[i - 1], V.LookAtTop)):
            raise Unsupported("two piles")
        want = [_OpponentChooses, _PutOnePile] if e.separator == "you" else [_PutOnePile]
        tail = effects[i + 1:i + 1 + len(want)]
        if [type(x) for x in tail] != want:
            raise Unsupported("two piles")
        effects[i:i + 1 + len(want)] = [SeparateLookedIntoPiles(e.separator, tail[-1].rest)]
        return _fold_piles(effects, targets)
    return None


EFFECTS_CHECKS.append(_fold_piles)
