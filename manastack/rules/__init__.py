"""The Comprehensive Rules, one module per area (see each module's opening docstring)."""


def add_hook(hooks: list, fn: object) -> None:
    """Register `fn` in one of the rules modules' hook lists, once (a module that installs its hooks as
    it is imported may be imported again, e.g. by a test that reloads it)."""
    if fn not in hooks:
        hooks.append(fn)
