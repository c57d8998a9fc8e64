"""manastack: a Magic: The Gathering rules engine.

Public API: `Game` (new_game, pending, legal_actions, apply, clone, log), the actions in
`manastack.actions`, `IllegalActionError`, and `manastack.scenario.run`.
"""

import os

from . import assembly
from .engine.game import Decision, Game
from .errors import CardError, GameFaultedError, IllegalActionError, InputError, ManastackError
from .model import actions

# The rules and the templates, in the order manastack/assembly.py writes down.
if not os.environ.get("MANASTACK_DEFER_INSTALL"):
    assembly.install()

__version__ = "0.1.0"
__all__ = ["Game", "Decision", "actions", "IllegalActionError", "GameFaultedError", "CardError", "InputError", "ManastackError"]
