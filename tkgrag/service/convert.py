"""Library dataclasses <-> JSON, and pydantic models built from their fields.

Generic on purpose: the HTTP and MCP bodies are derived from ``tkgrag.model`` (``Answer``, ``Retrieval``,
``Evidence`` ...) by walking ``dataclasses.fields``, so a field added to those types appears in the service, its
OpenAPI schema and the client without a second, hand-written copy that would drift.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, get_args, get_origin

import pydantic

from tkgrag.service.jsonable import JSON, _hints, _is_union, from_jsonable, to_jsonable

__all__ = ["JSON", "from_jsonable", "model_of", "to_jsonable"]


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
