"""N-ary facts (Wikidata style) from JSON Lines: ``<Obama, position held, President; start 2009; end 2017>``.

One JSON object per line (schema and examples in ``cypher/README.md``, section "Facts JSONL")::

    {"subject": "Q76", "subject_label": "Barack Obama", "predicate": "P39", "predicate_label": "position held",
     "object": "Q11696", "object_label": "President of the United States",
     "start": "2009-01-20", "end": "2017-01-20",
     "qualifiers": [{"predicate": "P768", "predicate_label": "electoral district", "value": "Q1204"}],
     "source": "wikidata"}

The fact's own time comes from ``start``/``end``/``point_in_time`` or, equivalently, from the Wikidata qualifiers
start time (P580), end time (P582) and point in time (P585); they become ``valid_from``/``valid_to`` like any TKG
event. A fact with no time at all is kept with both ends open. Other qualifiers stay qualifiers: entity-valued ones
become ``QUALIFIER`` edges to entities, literal and time values ``QUALIFIER`` edges to per-fact ``Value`` nodes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tkgrag.sources.fields import FieldError
from tkgrag.sources.jsonsource import check_fields, iter_json_objects, raw_of, text_field
from tkgrag.sources.readsum import Checksummed, ReadDigest
from tkgrag.sources.records import EventRecord, Qualifier, Reject, SourceRef
from tkgrag.temporal import Granularity, TimeParseError, TimeSpan
from tkgrag.text_input import default_source as default_source_of
from tkgrag.verbalize import entity_name, relation_phrase, time_phrase

FACT_FIELDS = frozenset(
    {
        "subject",
        "subject_label",
        "predicate",
        "predicate_label",
        "object",
        "object_label",
        "object_type",
        "start",
        "end",
        "point_in_time",
        "qualifiers",
        "source",
    }
)
QUALIFIER_FIELDS = frozenset({"predicate", "predicate_label", "value", "value_label", "type"})
OBJECT_TYPES = ("entity", "literal")
QUALIFIER_TYPES = ("entity", "literal", "time")

# Wikidata's time qualifiers, by property id or English label: they set the fact's own validity.
TIME_QUALIFIERS = {
    "p580": "start",
    "start time": "start",
    "p582": "end",
    "end time": "end",
    "p585": "point_in_time",
    "point in time": "point_in_time",
}

_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?$")


def literal_text(value: str) -> str:
    """Display form of a literal: Wikidata quantities drop their explicit plus sign (``+11190`` -> ``11190``)."""
    return value[1:] if value.startswith("+") and _NUMBER.match(value) else value


@dataclass(frozen=True)
class FactQualifier(Qualifier):
    """A qualifier with the property id it was given under (``predicate`` is the label when one was given)."""

    predicate_id: str | None = None

    @property
    def kind(self) -> str:
        """``entity``, ``time`` or ``literal``: how the qualifier is stored."""
        return "entity" if self.is_entity else "time" if self.span is not None else "literal"

    def phrase(self) -> str:
        if self.is_entity:
            shown = self.value_name or entity_name(self.value)
        elif self.span is not None:
            shown = self.span.label()
        else:
            shown = literal_text(self.value)
        return f"{self.predicate}: {shown}"


@dataclass(frozen=True)
class FactRecord(EventRecord):
    """A TKG event that came from an n-ary fact: its relation's property id, and qualifiers in its text.

    ``relation`` is the predicate's label when one was given (what questions say: "position held"), else the
    predicate as written; ``relation_id`` keeps the property id (P39)."""

    relation_id: str | None = None

    @property
    def object_value(self) -> str | None:
        """The literal object (``+11190``) when the object is not an entity."""
        return None if self.object_is_entity else self.object

    @property
    def text(self) -> str:
        """The event sentence plus its qualifiers, so that embedding search can match on them too:
        ``Stefano Fiore member of sports team Valencia CF from 2004 to 2007 (number of matches played: 20)``."""
        shown_object = self.object_name or (
            entity_name(self.object) if self.object_is_entity else literal_text(self.object)
        )
        # Wikidata predicates are noun phrases ("population", "spouse"): kept as written, never put in the past tense.
        parts = [self.subject_name or entity_name(self.subject), relation_phrase(self.relation), shown_object]
        base = " ".join(p for p in [*parts, time_phrase(self.span)] if p)
        quals = [q.phrase() for q in self.qualifiers if isinstance(q, FactQualifier)]
        return f"{base} ({'; '.join(quals)})" if quals else base


def read_facts(path: Path, *, source: str | None = None) -> Checksummed[FactRecord | Reject]:
    """Facts of a JSONL (or JSON list) file; ``source`` defaults to the file's stem and is overridden per line. The
    result reports ``read_checksum`` once read (``readsum``)."""
    return Checksummed(lambda digest: _read_facts(path, source, digest))


def _read_facts(path: Path, source: str | None, digest: ReadDigest) -> Iterator[FactRecord | Reject]:
    default_source = source or default_source_of(path)
    for item in iter_json_objects(path, digest):
        if isinstance(item, Reject):
            yield item
            continue
        ref, obj = item
        yield parse_fact(obj, ref, default_source)


def parse_fact(obj: Mapping[str, Any], ref: SourceRef, default_source: str) -> FactRecord | Reject:
    """One fact object -> record, or a reject naming the field that is wrong."""
    try:
        return _parse_fact(obj, ref, default_source)
    except FieldError as exc:
        return Reject(ref, exc.reason, field=exc.field, raw=raw_of(obj))


def _parse_fact(obj: Mapping[str, Any], ref: SourceRef, default_source: str) -> FactRecord:
    check_fields(obj, FACT_FIELDS)
    subject = text_field(obj, "subject")
    predicate = text_field(obj, "predicate")
    obj_value = text_field(obj, "object", numbers=True)
    assert subject is not None and predicate is not None and obj_value is not None
    predicate_label = text_field(obj, "predicate_label", required=False)
    object_type = text_field(obj, "object_type", required=False) or "entity"
    if object_type not in OBJECT_TYPES:
        raise FieldError("object_type", f"must be one of {', '.join(OBJECT_TYPES)}, not {object_type!r}")

    times: dict[str, tuple[str, str]] = {}  # role -> (value, field it came from)
    for role in ("start", "end", "point_in_time"):
        value = text_field(obj, role, required=False, numbers=True)
        if value is not None:
            times[role] = (value, role)
    qualifiers = _parse_qualifiers(obj.get("qualifiers"), times)
    span = _fact_span(times)
    if "point_in_time" in times and ("start" in times or "end" in times):
        # Both given (Wikidata allows it): start/end win as validity, the point in time is kept as a qualifier.
        value, where = times["point_in_time"]
        qualifiers.append(FactQualifier("point in time", value, span=_parse_time(value, where), predicate_id="P585"))

    return FactRecord(
        subject=subject,
        relation=predicate_label or predicate,
        object=obj_value,
        span=span,
        source=text_field(obj, "source", required=False) or default_source,
        ref=ref,
        subject_name=text_field(obj, "subject_label", required=False),
        object_name=text_field(obj, "object_label", required=False),
        object_is_entity=object_type == "entity",
        qualifiers=tuple(qualifiers),
        relation_id=predicate if predicate_label else None,
    )


def _parse_qualifiers(value: object, times: dict[str, tuple[str, str]]) -> list[Qualifier]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError("qualifiers", f"expected a list of objects, found {type(value).__name__}")
    out: list[Qualifier] = []
    for i, q in enumerate(value):
        where = f"qualifiers[{i}]"
        if not isinstance(q, dict):
            raise FieldError(where, f"expected an object, found {type(q).__name__}")
        check_fields(q, QUALIFIER_FIELDS, prefix=f"{where}.")
        try:
            pred = text_field(q, "predicate")
            val = text_field(q, "value", numbers=True)
            label = text_field(q, "predicate_label", required=False)
            qtype = text_field(q, "type", required=False) or "entity"
            value_label = text_field(q, "value_label", required=False)
        except FieldError as exc:
            raise FieldError(f"{where}.{exc.field}", exc.reason) from None
        assert pred is not None and val is not None
        role = TIME_QUALIFIERS.get(pred.lower()) or TIME_QUALIFIERS.get((label or "").lower())
        if role is not None:
            if role in times and times[role][0] != val:
                raise FieldError(f"{where}.value", f"{pred} {val!r} conflicts with {times[role][1]} {times[role][0]!r}")
            times[role] = (val, f"{where}.value")
            continue
        if qtype not in QUALIFIER_TYPES:
            raise FieldError(f"{where}.type", f"must be one of {', '.join(QUALIFIER_TYPES)}, not {qtype!r}")
        out.append(
            FactQualifier(
                predicate=label or pred,
                value=val,
                is_entity=qtype == "entity",
                value_name=value_label if qtype == "entity" else None,
                span=_parse_time(val, f"{where}.value") if qtype == "time" else None,
                predicate_id=pred if label else None,
            )
        )
    return out


def _parse_time(value: str, field: str) -> TimeSpan:
    try:
        return TimeSpan.parse(value)
    except TimeParseError as exc:
        raise FieldError(field, str(exc)) from None


def _fact_span(times: Mapping[str, tuple[str, str]]) -> TimeSpan:
    """Validity of the fact: [start, end] if either is known, else the point in time, else open on both ends."""
    if "start" in times or "end" in times:
        start = _parse_time(*times["start"]) if "start" in times else None
        end = _parse_time(*times["end"]) if "end" in times else None
        gran = (
            start.granularity.coarser(end.granularity) if start and end else (start or end).granularity  # type: ignore[union-attr]
        )
        if start and end and start.start and end.end and start.start > end.end:
            raise FieldError(times["end"][1], f"ends ({end.label()}) before it starts ({start.label()})")
        return TimeSpan(start.start if start else None, end.end if end else None, gran)
    if "point_in_time" in times:
        return _parse_time(*times["point_in_time"])
    return TimeSpan(None, None, Granularity.YEAR)
