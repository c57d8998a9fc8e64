"""The Comprehensive Rules, one module per area (see each module's opening docstring)."""

from collections.abc import Collection

from ..engine import registry


def add_hook(hooks: list, fn: object, *, classes: Collection[type] = (), kinds: Collection[str] = (),
             events: Collection[str] = ()) -> None:
    """Register `fn` in one of the rules modules' hook lists, once (a module that installs its hooks as
    it is imported may be imported again, e.g. by a test that reloads it). `classes`, `kinds`, `events`:
    its gate (engine/registry.py HookGate), what a card of the game must have for `fn` to answer anything
    but its neutral answer; call sites that ask registry.live(...) then skip it in other games. Every
    gate must be exact: a hook that could still matter without any of them must have none."""
    if fn not in hooks:
        hooks.append(fn)
    if classes or kinds or events:
        registry.HOOK_GATES[fn] = registry.HookGate(classes, kinds, events)
