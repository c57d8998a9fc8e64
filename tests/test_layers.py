"""The house in layers (pyproject.toml [tool.importlinter], docs/architecture.md): the model imports
nothing else of manastack, the card compiler knows nothing of the engine or the rules, imports flow one
way from the clients down to the model, and there is no import circle (inside every package, sibling
modules import each other one way only)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept() -> None:
    exe = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    if not Path(exe).exists():
        pytest.fail("import-linter is not installed: pip install -e '.[test]'")
    out = subprocess.run([exe, "--no-cache"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout


def test_the_readme_layout_names_every_module() -> None:
    """The README's layout section matches the code: it names every rules module and model module."""
    readme = (ROOT / "README.md").read_text()
    layout = readme[readme.index("## Layout"):]
    layout = layout[:layout.index("\n## ", 1)]
    for folder in ("rules", "model"):
        for path in (ROOT / "manastack" / folder).glob("*.py"):
            if path.stem != "__init__":
                assert f"`{path.name}`" in layout, f"README layout does not name {folder}/{path.name}"
