"""CR 400.1: the zones of a two-player game. Their names are the strings the log and the scenario files
use. The command zone (COMMAND, 408) holds only emblems (114.1), which are not cards and never move, so it
is not one of ZONES (no card is put there): the state lists the emblems (GameState.emblems). OUTSIDE is
not a zone (400.11): it names where a card outside the game is kept, a player's companion (702.139a),
which the state lists per player."""

from __future__ import annotations

LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, STACK, EXILE = "library", "hand", "battlefield", "graveyard", "stack", "exile"
ZONES = (LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, STACK, EXILE)
COMMAND = "command"  # 408.1 / 114.1: where emblems are
OUTSIDE = "outside"  # 400.11 / 702.139a: outside the game (the chosen companion); not one of ZONES
PHASED_OUT = "phased_out"  # 702.26a-d: a phased-out permanent, treated as though it doesn't exist; not one of ZONES
