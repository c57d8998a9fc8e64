"""The rules registry: the points where the engine, or one rules module, hands over to rules that
live elsewhere. Each is declared here once, with what its functions take and return; the rules
modules fill them (manastack/assembly.py imports those modules, in the order it writes down).

A rules module that registers here needs no import of the module that calls the hook, which keeps
imports flowing one way (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model.state import Obj
    from .game import Game

# 614.1c: StaticAbility kinds that modify how their own permanent enters (bloodthirst, "enters
# with N counters if ...", "enters tapped unless ..."): kind -> fn(game, the entering object, the
# ability, the choices made for it as it enters). Read by rules/stack.py as a permanent enters.
ETB_REPLACEMENTS: dict[str, Callable[[Game, Obj, Any, dict], None]] = {}
