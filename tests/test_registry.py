"""The explicit registry (manastack/assembly.py, engine/registry.py): every vocabulary class has exactly
one handler, the engine's rules table is complete, and what the package registers doesn't depend on
the order Python imports its modules in."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from manastack import assembly
from manastack.cards import compiler
from manastack.engine import registry
from manastack.model import vocab as V
from manastack.model.vocab import conditions
from manastack.model.vocab.divided import Divided
from manastack.rules import effects, intervening

ROOT = Path(__file__).resolve().parent.parent

# Effect classes that are never resolved: read where they are (602.5: restrictions on activation).
# Base classes never compiled themselves (divided.Divided: its subclasses DividedDamage, DividedCounters are).
NOT_RESOLVED = {V.ActivationRestriction, Divided}


def _subclasses(cls: type) -> set[type]:
    out: set[type] = set()
    for sub in cls.__subclasses__():
        # dataclass(slots=True) replaces a class by a new one: keep the one its module names
        if getattr(sys.modules[sub.__module__], sub.__name__, None) is sub:
            out.add(sub)
        out |= _subclasses(sub)
    return out


def test_every_effect_of_the_vocabulary_has_exactly_one_handler() -> None:
    vocabulary = {c for c in _subclasses(V.Effect) if c.__module__.startswith("manastack.model")}
    assert len(vocabulary) > 150
    missing = sorted(c.__qualname__ for c in vocabulary - NOT_RESOLVED if c not in effects._HANDLERS)
    assert not missing, f"effects without a handler: {missing}"
    # compile-time markers of the templates are folded away before a card is built: never executed
    for c in _subclasses(V.Effect):
        if c.__module__.startswith("manastack.cards"):
            assert c not in effects._HANDLERS and c.__name__.startswith("_"), c


def test_a_second_handler_for_an_effect_is_refused() -> None:
    with pytest.raises(ValueError, match="already has a handler"):
        registry.register_effect(V.DealDamage, lambda g, ctx, e: None)
    registry.register_effect(V.DealDamage, effects._HANDLERS[V.DealDamage])  # the same one again: a no-op


def test_every_condition_has_an_evaluator() -> None:
    family = {c for c in vars(conditions).values()
              if isinstance(c, type) and c.__module__ == conditions.__name__ and not issubclass(c, V.Ability)}
    assert family and family <= set(intervening.EVALUATORS)


def test_the_engine_rules_table_is_complete() -> None:
    """Every slot of the tables of calls into other rules areas is filled: the engine's (RULES) and the
    payer's, which the mana-ability rules call back into (PAYMENT, 605.3b)."""
    for table in (registry.RULES, registry.PAYMENT):
        missing = [name for name, fn in vars(table).items() if fn is registry._not_installed]
        assert not missing, f"{type(table).__name__}: {missing}"


# Run in a fresh interpreter: import every rules and template module in the order given by `seed`
# (none: the package's own), install, and report the order of every hook list and a digest of the
# whole corpus compiled.
_PROBE = """
import hashlib, importlib, json, random, sys
import manastack
from manastack import assembly
from manastack.cards import compiler
from manastack.cards.coverage import load_corpus
seed = int(sys.argv[1])
if seed:
    mods = [f"manastack.rules.{m}" for m in assembly.RULES_MODULES]
    mods += [f"manastack.cards.templates.{m}" for m in compiler.TEMPLATE_MODULES]
    random.Random(seed).shuffle(mods)
    for m in mods:
        importlib.import_module(m)
assembly.install()
hooks = {where: [getattr(h if callable(h) else h[-1], "__qualname__", "?") for h in hooks]
         for where, hooks in assembly.hook_lists()}
templates = [[getattr(e[1] if isinstance(e, tuple) else e, "__qualname__", "?") for e in reg]
             for reg in compiler._registries()]
digest = hashlib.sha256()
for rec in load_corpus(None):
    try:
        digest.update(repr(compiler.compile_card(rec)).encode())
    except Exception as exc:
        digest.update(f"{type(exc).__name__}: {exc}".encode())
print(json.dumps({"hooks": hooks, "templates": templates, "corpus": digest.hexdigest()}))
"""


def _probe(seed: int) -> dict:
    env = dict(os.environ, MANASTACK_DEFER_INSTALL="1", PYTHONHASHSEED="0",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", _PROBE, str(seed)], capture_output=True, text=True, env=env,
                         cwd=ROOT, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.splitlines()[-1])


def test_import_order_changes_nothing_the_package_registers() -> None:
    """The rules and templates modules imported in a shuffled order register the same hooks in the same
    order, and the whole corpus compiles to exactly the same cards (issue 11, item 4)."""
    with ThreadPoolExecutor(2) as pool:
        default, shuffled = pool.map(_probe, (0, 20261201))
    assert shuffled["hooks"] == default["hooks"]
    assert shuffled["templates"] == default["templates"]
    assert shuffled["corpus"] == default["corpus"]


def test_every_module_is_named_in_the_written_order() -> None:
    """A new rules or template module must be added to assembly.RULES_MODULES or
    compiler.TEMPLATE_MODULES (where its place decides the order of its hooks and templates)."""
    rules = {p.stem for p in (ROOT / "manastack" / "rules").glob("*.py")} - {"__init__"}
    templates = {p.stem for p in (ROOT / "manastack" / "cards" / "templates").glob("*.py")} - {"__init__"}
    assert rules == set(assembly.RULES_MODULES) and len(assembly.RULES_MODULES) == len(rules)
    assert templates == set(compiler.TEMPLATE_MODULES) and len(compiler.TEMPLATE_MODULES) == len(templates)
