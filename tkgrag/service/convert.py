"""Library dataclasses <-> JSON, and pydantic models built from their fields.

Generic on purpose: the HTTP and MCP bodies are derived from ``tkgrag.model`` (``Answer``, ``Retrieval``,
``Evidence`` ...) by walking ``dataclasses.fields``, so a field added to those types appears in the service, its
OpenAPI schema and the client without a second, hand-written copy that would drift.
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

import pydantic

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


def _schema_type(tp: Any) -> Any:
    """``tp`` with every dataclass replaced by its pydantic model; a type pydantic cannot describe becomes Any."""
    if _is_union(tp):
        return functools.reduce(lambda a, b: a | b, [_schema_type(a) for a in get_args(tp)])
    origin = get_origin(tp)
    if origin in (list, tuple, set, frozenset):
        hinted = [a for a in get_args(tp) if a is not Ellipsis]
        return list[_schema_type(hinted[0]) if hinted else Any]  # type: ignore[misc]
    if origin in (dict,) or origin is type(Mapping) or origin is typing.Mapping or tp is Mapping:
        args = get_args(tp)
        return dict[str, _schema_type(args[1]) if len(args) == 2 else Any]  # type: ignore[misc]
    if origin is Mapping:
        return dict[str, Any]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return model_of(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        # JSON carries the value; the schema lists the allowed ones
        return typing.Literal[tuple(m.value for m in tp)]
    try:
        pydantic.TypeAdapter(tp)
    except Exception:  # any type pydantic cannot handle: describe it as free JSON rather than fail to start
        return Any
    return tp


@functools.cache
def model_of(cls: type) -> type[pydantic.BaseModel]:
    """A pydantic model with the fields of dataclass ``cls`` (same names, types mapped by ``_schema_type``)."""
    hints = _hints(cls)
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.repr:
            continue
        tp = _schema_type(hints.get(f.name, Any))
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        fields[f.name] = (tp, None) if has_default else (tp, ...)
    doc = (cls.__doc__ or "").strip().split("\n\n")[0]
    model = pydantic.create_model(cls.__name__, __doc__=doc or None, **fields)
    return model
