"""Runs every scenario file under tests/scenarios/ (SCENARIOS.md). Files listed in
tests/scenarios/KNOWN_GAPS.txt exercise rules not implemented yet: they are strict xfails, so
one that starts passing must be taken off the list."""

from pathlib import Path

import pytest

from manastack.scenario import run

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(p for p in HERE.rglob("*") if p.suffix in (".yaml", ".yml"))
GAPS = {
    line.split("#")[0].strip()
    for line in (HERE / "KNOWN_GAPS.txt").read_text().splitlines()
    if line.split("#")[0].strip()
} if (HERE / "KNOWN_GAPS.txt").exists() else set()


def _param(p: Path):
    rel = str(p.relative_to(HERE))
    marks = [pytest.mark.xfail(strict=True, reason="known gap (KNOWN_GAPS.txt)")] if rel in GAPS else []
    return pytest.param(p, id=rel, marks=marks)


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_scenario(path: Path) -> None:
    res = run(path)
    assert res.passed, res.failure


def test_known_gaps_exist() -> None:
    missing = [g for g in GAPS if not (HERE / g).exists()]
    assert not missing, f"KNOWN_GAPS.txt lists files that don't exist: {missing}"
