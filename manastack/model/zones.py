"""CR 400.1: the zones of a two-player game (the command zone is not used). Their names are the
strings the log and the scenario files use."""

from __future__ import annotations

LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, STACK, EXILE = "library", "hand", "battlefield", "graveyard", "stack", "exile"
ZONES = (LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, STACK, EXILE)
