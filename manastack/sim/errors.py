"""Errors of the simulation package."""

from __future__ import annotations

from ..errors import ManastackError


class SimError(ManastackError):
    """A simulation that cannot run as asked (a missing optional backend, bad parameters,
    workers running another engine version)."""
