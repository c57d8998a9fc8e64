"""Scenario files: `run(path)` runs one; `check(paths)` runs every *.yaml / *.yml under them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from .runner import ScenarioResult, run, run_data

__all__ = ["run", "run_data", "ScenarioResult", "scenario_files"]


def scenario_files(paths: list[str]) -> Iterator[str]:
    for p in paths:
        path = Path(p)
        if path.is_dir():
            for f in sorted(path.rglob("*")):
                if f.suffix in (".yaml", ".yml") and f.is_file():
                    yield str(f)
        else:
            yield str(path)
