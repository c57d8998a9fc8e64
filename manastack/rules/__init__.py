"""The Comprehensive Rules, one module per area (see each module's opening docstring)."""
