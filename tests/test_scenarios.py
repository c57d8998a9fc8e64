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


def test_a_choice_the_script_leaves_unanswered_fails_the_scenario_not_the_engine(tmp_path: Path) -> None:
    """614.12: Pillar of Origins asks for a creature type as it enters, while the spell resolves (an
    action that can't be undone). A script without that answer fails with what is missing, never as an
    engine error."""
    p = tmp_path / "pillar.yaml"
    p.write_text("""name: Pillar of Origins without its creature type
rules: ["614.12"]
start: {turn: 3, active: alice, step: precombat_main}
players:
  alice:
    hand: [Pillar of Origins]
    battlefield: [Mountain, Mountain]
  bob: {}
actions:
  - {by: alice, cast: Pillar of Origins}
  - {resolve: 1}
""", "utf-8")
    res = run(p)
    assert not res.passed
    assert "unanswered choice: 614.12" in str(res.failure) and "internal error" not in str(res.failure)
