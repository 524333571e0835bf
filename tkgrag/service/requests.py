"""What a caller may send: the request bodies with their limits, and turning them into facade arguments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind, TemporalConstraint


@dataclass(frozen=True)
class RequestLimits:
    max_question_chars: int = 1000
    k_max: int = 100
    max_body_bytes: int = 64 * 1024
    body_timeout_s: float = 10.0  # a client must send its whole body within this (slow-loris guard)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=False)


def request_models(limits: RequestLimits) -> tuple[type[BaseModel], type[BaseModel]]:
    """``AskRequest`` and ``RetrieveRequest`` with this server's bounds in their schema."""
    question = (str, Field(min_length=1, max_length=limits.max_question_chars, description="The question."))
    k = (int, Field(10, ge=1, le=limits.k_max, description="How many items to retrieve."))
    method: Any = (str | None, Field(None, description="A method from GET /v1/methods; the server's default if unset."))
    when: dict[str, Any] = {
        "before": (str | None, Field(None, description="Only items ending before YYYY, YYYY-MM or YYYY-MM-DD.")),
        "after": (str | None, Field(None, description="Only items starting after this date.")),
        "during": (str | None, Field(None, description="Only items overlapping this period, or A..B.")),
    }
    ask = create_model(
        "AskRequest",
        __base__=_Strict,
        question=question,
        method=method,
        reader=(
            str | None,
            Field(None, description="auto (per kind), symbolic, ranked, extractive or llm; server default if unset."),
        ),
        k=k,
        **when,
    )
    retrieve = create_model(
        "RetrieveRequest",
        __base__=_Strict,
        question=question,
        method=method,
        k=k,
        kinds=(list[ItemKind] | None, Field(None, description="Item kinds wanted; all the method returns if unset.")),
        **when,
    )
    return ask, retrieve


class IngestRequest(_Strict):
    """``POST /v1/ingest``: items in the JSONL formats of ``tkgrag ingest facts`` / ``tkgrag ingest passages``."""

    source: str = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_.-]+$", description="The source name.")
    kind: Literal["facts", "passages"] = Field(description="facts (events are facts without qualifiers) or passages.")
    items: list[dict[str, Any]] = Field(
        min_length=1, description="One object per fact or passage, as a line of the JSONL file format."
    )
    embed: bool = Field(True, description="Store embeddings with the server's embedder.")


def constraint_of(before: str | None, after: str | None, during: str | None) -> TemporalConstraint | None:
    """The one constraint a request gives; a bad date is a ConfigError naming the field."""
    given = [(n, v) for n, v in (("before", before), ("after", after), ("during", during)) if v]
    if not given:
        return None
    if len(given) > 1:
        raise ConfigError("give at most one of before, after, during")
    name, value = given[0]
    try:
        if name == "before":
            return TemporalConstraint.before(value)
        if name == "after":
            return TemporalConstraint.after(value)
        if ".." in value:
            first, last = value.split("..", 1)
            return TemporalConstraint.between(first, last)
        return TemporalConstraint.in_period(value)
    except ValueError as exc:
        raise ConfigError(f"field {name}: {exc}") from None
