"""Library dataclasses <-> plain JSON values, guided by ``dataclasses.fields`` and type hints.

No pydantic here: the CLI's path to a server (``tkgrag.cli.remote``) decodes answers with this and stays light.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from datetime import date, datetime
from enum import Enum
from typing import Any, Union, get_args, get_origin

JSON = Any


def to_jsonable(value: Any) -> JSON:
    """Plain JSON values for any dataclass tree: enums by value, dates as ISO strings, tuples and sets as lists,
    mappings with string keys; anything else (a driver value in a subgraph) by ``str``."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value) if f.repr}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    return str(value)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def from_jsonable(tp: Any, data: JSON) -> Any:
    """The inverse of ``to_jsonable`` guided by type hints: rebuilds dataclasses, enums, dates, tuples. Fields the
    JSON lacks keep their defaults; keys the type does not know are ignored (a newer server, an older client)."""
    if data is None or tp is Any:
        return data
    if _is_union(tp):
        for arm in get_args(tp):
            if arm is type(None):
                continue
            try:
                return from_jsonable(arm, data)
            except (TypeError, ValueError, KeyError):
                continue
        return data
    origin = get_origin(tp)
    if origin in (list, tuple, set, frozenset) or tp in (list, tuple):
        hinted = [a for a in get_args(tp) if a is not Ellipsis]
        inner = hinted[0] if hinted else Any
        items = [from_jsonable(inner, v) for v in data]
        return items if origin in (list, None) else (origin or tuple)(items)
    if origin in (dict, Mapping) or tp is dict or origin is typing.Mapping or origin is type(Mapping):
        args = get_args(tp)
        inner = args[1] if len(args) == 2 else Any
        return {k: from_jsonable(inner, v) for k, v in data.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {
            f.name: from_jsonable(hints.get(f.name, Any), data[f.name])
            for f in dataclasses.fields(tp)
            if f.init and f.name in data
        }
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if tp is date:
        return date.fromisoformat(data)
    if tp is datetime:
        return datetime.fromisoformat(data)
    if tp in (int, float, str, bool):
        if not isinstance(data, tp) and not (tp is float and isinstance(data, int)):
            raise TypeError(f"expected {tp.__name__}, got {type(data).__name__}")
        return tp(data)
    return data
