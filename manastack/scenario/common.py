"""What the scenario runner's parts share: its errors and small helpers."""

from __future__ import annotations

from typing import Any

from ..errors import IllegalActionError, InputError
from ..model.state import (
    BATTLEFIELD,
)
from .yamlio import line_of

# Choices of any number of objects at once, made while casting (702.51a convoke, 702.126a improvise,
# 702.66a delve): answered with one list.
SET_CHOICES = ("convoke", "improvise", "delve")


class ScenarioFailure(Exception):
    """The scenario ran but did not do what it says."""


class StepError(Exception):
    """A script step could not be carried out (not the rules refusing an action)."""


class UnansweredChoice(IllegalActionError):
    """A choice made while an action is carried out (605.3b, 616.1, 614.12) that the script doesn't
    answer, or answers with something that doesn't fit. Raised by the runner's chooser inside the
    engine, it refuses the action like the rules would; where the action can't be undone (a listed
    one: the game is then faulted), the scenario fails with this message, not an engine error."""


def _err(msg: str, path: str, node: Any, key: Any = None) -> InputError:
    return InputError(msg, path, line_of(node, key))


def _parts(action: Any, cid: int) -> dict[int, int]:
    """The recipients and amounts an AssignDamage action gives creature `cid`."""
    out: dict[int, int] = {}
    for c, parts in getattr(action, "assignments", ()):
        if c == cid:
            for r, n in parts:
                out[r] = out.get(r, 0) + n
    return out


def _ability_zone(ab: Any) -> str:
    """The zone an activated ability works from (113.6: the battlefield unless it says otherwise)."""
    return getattr(ab, "zone", "") or BATTLEFIELD


def _norm(text: str) -> str:
    return " ".join(text.replace("(", "").replace(")", "").split()).lower()
