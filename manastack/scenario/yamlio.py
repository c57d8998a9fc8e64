"""YAML loading that remembers line numbers, so errors can name the line (1-based).

A scenario file is user input: the loader bounds nesting depth, the size an anchor/alias web
expands to ("billion laughs") and integer magnitude, and refuses non-string and duplicate keys,
each with an InputError naming the line instead of a RecursionError or an exhausted memory.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..errors import InputError
from ..inputs import strip_bom

MAX_DEPTH = 40          # nested mappings/lists; real scenarios use at most 5
MAX_NODES = 200_000     # values after expanding aliases; real scenarios have a few hundred
MAX_INT = 10 ** 18      # SCENARIOS.md's largest example is 205891132094649


class LineDict(dict):
    line: int = 0
    key_lines: dict


class LineList(list):
    line: int = 0
    item_lines: list


def _line(node: yaml.Node | yaml.Event | None) -> int | None:
    mark = getattr(node, "start_mark", None)
    return mark.line + 1 if mark is not None else None


class _Loader(yaml.SafeLoader):
    """SafeLoader with a depth limit while composing and an expansion limit before constructing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.CollectionStartEvent):
            self._depth += 1
            if self._depth > MAX_DEPTH:
                raise InputError(f"nested more than {MAX_DEPTH} levels deep", None, _line(self.peek_event()))
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1
        return super().compose_node(parent, index)

    def get_single_data(self) -> Any:
        node = self.get_single_node()
        if node is None:
            return None
        _check_expansion(node)
        return self.construct_document(node)


def _check_expansion(root: yaml.Node) -> None:
    """Count the values the document stands for once aliases are expanded, without expanding
    them (each shared node's size is computed once); refuse a recursive alias."""
    size: dict[int, int] = {}
    open_: set[int] = set()
    todo: list[tuple[yaml.Node, bool]] = [(root, False)]
    while todo:
        node, done = todo.pop()
        key = id(node)
        if done:
            open_.discard(key)
            total = 1 + sum(size[id(c)] for c in _children(node))
            if total > MAX_NODES:
                raise InputError(f"the document expands to more than {MAX_NODES:,} values "
                                 f"(anchors and aliases used as a bomb?)", None, _line(node))
            size[key] = total
            continue
        if key in size:
            continue
        if key in open_:
            raise InputError("an alias refers to the collection it is inside (recursive alias)", None, _line(node))
        open_.add(key)
        todo.append((node, True))
        todo.extend((c, False) for c in _children(node) if id(c) not in size)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _map(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    own = sum(1 for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge")
    loader.flatten_mapping(node)
    merged = len(node.value) - own  # pairs from `<<: *anchor` come first; the mapping's own keys override them
    d = LineDict()
    d.line = node.start_mark.line + 1
    d.key_lines = {}
    from_merge: set[str] = set()
    for i, (k_node, v_node) in enumerate(node.value):
        key = loader.construct_object(k_node, deep=True)
        kline = k_node.start_mark.line + 1
        if not isinstance(key, str):
            hint = f" (quote it: '{k_node.value}')" if isinstance(k_node, yaml.ScalarNode) else ""
            raise InputError(f"mapping key {key!r} must be a string{hint}", None, kline)
        if i < merged:
            if key in d:
                continue  # 'the first mapping merged wins' (YAML merge key type)
            from_merge.add(key)
        elif key in d and key not in from_merge:
            raise InputError(f"duplicate key {key!r} (first on line {d.key_lines[key]})", None, kline)
        else:
            from_merge.discard(key)
        d[key] = loader.construct_object(v_node, deep=True)
        d.key_lines[key] = kline
    return d


def _seq(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    lst = LineList(loader.construct_object(n, deep=True) for n in node.value)
    lst.line = node.start_mark.line + 1
    lst.item_lines = [n.start_mark.line + 1 for n in node.value]
    return lst


def _int(loader: _Loader, node: yaml.ScalarNode) -> int:
    digits = node.value.replace("_", "").lstrip("+-")
    if len(digits) > 40:  # refuse before Python converts (or refuses) a 10,000-digit number
        raise InputError(f"integer {node.value[:20]}... is too large", None, _line(node))
    n = loader.construct_yaml_int(node)
    if abs(n) > MAX_INT:
        raise InputError(f"integer {node.value} is too large (at most 10^18)", None, _line(node))
    return n


def _timestamp(loader: _Loader, node: yaml.ScalarNode) -> Any:
    try:
        return loader.construct_yaml_timestamp(node)
    except ValueError as exc:  # 2024-02-30
        raise InputError(f"invalid date {node.value!r}: {exc}", None, _line(node)) from None


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _map)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _seq)
_Loader.add_constructor("tag:yaml.org,2002:int", _int)


def load(text: str, path: str) -> Any:
    """The document in `text`; InputError naming `path` and the line for anything malformed."""
    try:
        loader = _Loader(strip_bom(text))
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except InputError as exc:
        raise InputError(exc.bare, path, exc.line) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or str(exc)
        if exc.problem and exc.context:
            what = f"{exc.problem} ({exc.context})"
        raise InputError(f"invalid YAML: {_one_line(what)}", path, line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {_one_line(str(exc))}", path) from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep", path) from None
    except ValueError as exc:  # a scalar the constructors refuse (a timestamp such as 2024-02-30)
        raise InputError(f"invalid YAML value: {_one_line(str(exc))}", path) from None


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def line_of(node: Any, key: Any = None, default: int | None = None) -> int | None:
    if isinstance(node, LineDict):
        if key is not None and key in node.key_lines:
            return node.key_lines[key]
        return node.line
    if isinstance(node, LineList):
        if isinstance(key, int) and 0 <= key < len(node.item_lines):
            return node.item_lines[key]
        return node.line
    return default
