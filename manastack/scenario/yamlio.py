"""YAML loading that remembers line numbers, so errors can name the line (1-based)."""

from __future__ import annotations

from typing import Any

import yaml

from ..errors import InputError


class LineDict(dict):
    line: int = 0
    key_lines: dict


class LineList(list):
    line: int = 0
    item_lines: list


class _Loader(yaml.SafeLoader):
    pass


def _map(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    d = LineDict()
    d.line = node.start_mark.line + 1
    d.key_lines = {}
    for k_node, v_node in node.value:
        key = loader.construct_object(k_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise InputError(f"unhashable mapping key {key!r}", None, k_node.start_mark.line + 1) from None
        if key in d:
            raise InputError(f"duplicate key {key!r}", None, k_node.start_mark.line + 1)
        d[key] = loader.construct_object(v_node, deep=True)
        d.key_lines[key] = k_node.start_mark.line + 1
    return d


def _seq(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    lst = LineList(loader.construct_object(n, deep=True) for n in node.value)
    lst.line = node.start_mark.line + 1
    lst.item_lines = [n.start_mark.line + 1 for n in node.value]
    return lst


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _map)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _seq)


def load(text: str, path: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except InputError as exc:
        raise InputError(exc.bare, path, exc.line) from None
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise InputError(f"invalid YAML: {exc.problem or exc}", path, line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {exc}", path) from None


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
