"""Game state (objects, zones, players), actions, decisions and the engine loop."""
