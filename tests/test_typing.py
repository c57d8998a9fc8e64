"""mypy over the typed core (pyproject.toml [tool.mypy] files): the game state, actions, the Game
facade, agents and the fuzzer type-check cleanly; and the public signatures of model/ and engine/
(functions, methods, dataclass fields and class attributes, the registries of engine/registry.py)
name real types: no `Any`, no generic without its parameters (`list`: list[Any]) and no parameter or
return left unannotated (an implicit Any)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TYPED_PACKAGES = ("manastack/model", "manastack/engine")


def test_the_typed_core_type_checks() -> None:
    mypy_api = pytest.importorskip("mypy.api")
    out, err, status = mypy_api.run([])  # files and options from pyproject.toml
    assert status == 0, out + err


def test_mypy_checks_the_model_and_the_engine() -> None:
    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    assert all(pkg in files for pkg in TYPED_PACKAGES), files


def _public(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


# Generic classes that, without parameters, mean their items are Any (`list` is `list[Any]`).
_GENERICS = frozenset({"list", "dict", "set", "frozenset", "tuple", "Callable"})


def _names_any(node: ast.expr | None) -> bool:
    """Whether an annotation names typing.Any, or a generic without parameters (also inside a string
    annotation)."""
    if node is None:
        return False
    subscripted = {id(n.value) for n in ast.walk(node) if isinstance(n, ast.Subscript)}
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id == "Any" or isinstance(n, ast.Attribute) and n.attr == "Any":
            return True
        if isinstance(n, ast.Name) and n.id in _GENERICS and id(n) not in subscripted:
            return True
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            try:
                if _names_any(ast.parse(n.value, mode="eval").body):
                    return True
            except SyntaxError:
                pass
    return False


def public_signature_faults(source: str, where: str) -> list[str]:
    """The places in a module's public signatures that name Any or leave a type out."""
    faults: list[str] = []

    def check(annotation: ast.expr | None, what: str, line: int, required: bool = True) -> None:
        if annotation is None and required:
            faults.append(f"{where}:{line} {what}: no annotation (an implicit Any)")
        elif _names_any(annotation):
            faults.append(f"{where}:{line} {what}: Any")

    def function(f: ast.FunctionDef | ast.AsyncFunctionDef, prefix: str, method: bool) -> None:
        a = f.args
        params = a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x is not None]
        for i, arg in enumerate(params):
            if method and i == 0 and arg.arg in ("self", "cls"):
                continue
            check(arg.annotation, f"{prefix}{f.name}({arg.arg})", f.lineno)
        check(f.returns, f"{prefix}{f.name} return", f.lineno, required=f.name != "__init__")
        if method:  # attributes a public method declares: self.x: T = ...
            for st in ast.walk(f):
                if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Attribute) \
                        and isinstance(st.target.value, ast.Name) and st.target.value.id == "self" \
                        and _public(st.target.attr):
                    check(st.annotation, f"{prefix}{st.target.attr}", st.lineno)

    def body(stmts: list[ast.stmt], prefix: str, in_class: bool) -> None:
        for st in stmts:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and _public(st.name):
                function(st, prefix, in_class)
            elif isinstance(st, ast.ClassDef) and _public(st.name):
                body(st.body, f"{prefix}{st.name}.", True)
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and _public(st.target.id):
                check(st.annotation, f"{prefix}{st.target.id}", st.lineno)
            elif isinstance(st, ast.If):  # if TYPE_CHECKING: ... else: ...
                body(st.body, prefix, in_class)
                body(st.orelse, prefix, in_class)

    body(ast.parse(source).body, "", False)
    return faults


def test_no_any_in_the_public_signatures_of_the_model_and_the_engine() -> None:
    faults = [f for pkg in TYPED_PACKAGES for path in sorted((ROOT / pkg).rglob("*.py"))
              for f in public_signature_faults(path.read_text(), str(path.relative_to(ROOT)))]
    assert not faults, "\n".join(faults)


def test_the_signature_walk_finds_any() -> None:
    """The walk itself: each kind of public signature that names Any, or leaves a type out, is found."""
    source = '''
from typing import Any
import typing
REGISTRY: dict[str, Any] = {}
_PRIVATE: Any = None
def f(x: "list[Any]") -> int: ...
def g(x: int): ...
def k(x: list[int], y: tuple[int, ...], z: "dict") -> Callable[..., int]: ...
HOOKS: list[Callable] = []
def _h(x: Any) -> Any: ...
class C:
    field: typing.Any
    def m(self, y) -> None:
        self.seen: Any = None
        self._own: Any = None
    def __init__(self, z: int) -> None: ...
'''
    faults = public_signature_faults(source, "m.py")
    assert [f.split(" ", 1)[1] for f in faults] == [
        "REGISTRY: Any", "f(x): Any", "g return: no annotation (an implicit Any)", "k(z): Any", "HOOKS: Any",
        "C.field: Any",
        "C.m(y): no annotation (an implicit Any)", "C.seen: Any"]
