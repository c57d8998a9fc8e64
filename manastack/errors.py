"""Exceptions raised by manastack's public API."""

from __future__ import annotations


class ManastackError(Exception):
    """Base class of every error manastack raises on purpose."""


class IllegalActionError(ManastackError):
    """An action the rules forbid. The game is left exactly as it was before the action."""


class GameFaultedError(ManastackError):
    """An engine error happened while carrying out an action that had no undo snapshot (Game.apply):
    the game may be half-changed, so it refuses every further action. Not an IllegalActionError: the
    action was legal; the engine failed."""


class CardError(ManastackError):
    """An unknown card, or a card whose Oracle text the compiler does not support."""


class InputError(ManastackError):
    """Malformed input (scenario file, deck file): names the file, the line and the problem."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        self.path = path
        self.line = line
        self.bare = message
        where = path or "<input>"
        if line is not None:
            where += f":{line}"
        super().__init__(f"{where}: {message}")
