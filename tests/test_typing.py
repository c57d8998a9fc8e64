"""mypy over the typed core (pyproject.toml [tool.mypy] files): the game state, actions, the Game
facade, agents and the fuzzer type-check cleanly."""

from __future__ import annotations

import pytest

mypy_api = pytest.importorskip("mypy.api")


def test_the_typed_core_type_checks() -> None:
    out, err, status = mypy_api.run([])  # files and options from pyproject.toml
    assert status == 0, out + err
