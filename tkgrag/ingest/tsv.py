"""Reader for TKG quadruple/quintuple TSV files: ICEWS, MultiTQ and the TimeQuestions KG subset.

Layouts (tab-separated; blank lines and lines starting with ``#`` are not records):
- ``s  r  o  date`` (ICEWS14, ICEWS05-15, MultiTQ): one-day events; ``date`` may also be ``YYYY-MM`` or ``YYYY``.
- ``s  r  o  start  end``: an interval; an empty, ``-`` or ``null`` end is open.
- A header line names the columns instead (any order): ``subject relation object date`` or ``... start end``, and
  the TimeQuestions KG subset ``subject_id subject relation_id relation object_id object start_year end_year``. When
  both ``X_id`` and ``X`` are present, the id is the key and the other column the display name (a label equal to
  its id means "no label"); an empty id falls back to the label (TimeR4's decoded slice leaves ids empty where a
  label is not unique), by ``tkgrag.sources.keys.wikidata_entity_key``, the key the TimeQuestions loader uses.
  Known synonyms: head/tail, predicate, time/timestamp, valid_from/valid_to, begin/until.

Names: ICEWS writes ``Citizen_(North_Korea)``, MultiTQ sometimes ``Citizen (North Korea)``. Entity and relation keys
are normalised to underscores (spaces -> ``_``) so both spellings are one entity and the relation keeps its CAMEO
form (``Make_an_appeal_or_request``, which verbalises in the past tense); names come back with spaces. Id-keyed
files (the TimeQuestions subset) keep keys and relation labels exactly as written ("position held").

Unknown years: the TimeQuestions subset writes an unknown start as year ``1`` and an unknown end as year ``2916``
(in the shipped files 958/4998 and 1189/4998 facts; real early years such as 41 or 628 also occur, so only these
exact placeholders are read as open ends). ``open_start_years`` / ``open_end_years`` change the placeholders.
Objects in an id-keyed file that are not Wikidata items (``+11190``, ``9.BG.05a``) are literals, not entities.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tkgrag.errors import TkgragError
from tkgrag.sources.fields import FieldError, check_indexable
from tkgrag.sources.keys import wikidata_entity_key
from tkgrag.sources.readsum import ReadDigest
from tkgrag.sources.records import EventRecord, Reject, SourceRef
from tkgrag.temporal import Granularity, TimeParseError, TimeSpan
from tkgrag.text_input import default_source, printable_path
from tkgrag.verbalize import entity_name, relation_phrase, time_phrase

FORMAT = "tkg-tsv"

_SYNONYMS = {
    "subject": ("subject", "head", "s", "sub", "subj"),
    "relation": ("relation", "predicate", "rel", "r", "p"),
    "object": ("object", "tail", "o", "obj"),
    "date": ("date", "time", "timestamp", "t", "day"),
    "start": ("start", "start_year", "start_time", "valid_from", "begin", "from", "start_date"),
    "end": ("end", "end_year", "end_time", "valid_to", "until", "to", "end_date"),
}
_COLUMN_OF = {name: role for role, names in _SYNONYMS.items() for name in names}
_OPEN_VALUES = {"", "-", "null", "none", "nan", "?", "unknown"}
_WIKIDATA_ITEM = re.compile(r"^Q\d+$")


@dataclass(frozen=True)
class LabelledEventRecord(EventRecord):
    """An event of an id-keyed file (Wikidata): its relation is a noun phrase ("position held", "employer") and
    reads as written, not put in the past tense like ICEWS's CAMEO verbs."""

    @property
    def text(self) -> str:
        shown = self.object_name or (entity_name(self.object) if self.object_is_entity else self.object.lstrip("+"))
        parts = [self.subject_name or entity_name(self.subject), relation_phrase(self.relation), shown]
        return " ".join(p for p in [*parts, time_phrase(self.span)] if p)


@dataclass(frozen=True)
class TsvOptions:
    """Mapping options of the reader (also the ``[mapping]`` table of a job file)."""

    source: str | None = None  # Event.source; default: the file's stem
    open_start_years: frozenset[int] = frozenset({1})
    open_end_years: frozenset[int] = frozenset({2916})
    labels: Mapping[str, str] = field(default_factory=dict)  # id -> display name (e.g. a Wikidata label map)
    normalize_keys: bool | None = None  # spaces -> underscores in keys; default: yes unless the file is id-keyed

    @classmethod
    def from_mapping(cls, options: Mapping[str, object], base: Path | None = None) -> TsvOptions:
        """From a job file's ``[mapping]`` table; ``labels`` there is a path to a ``id<TAB>label`` file."""
        known = {"source", "open_start_years", "open_end_years", "labels", "normalize_keys"}
        unknown = set(options) - known
        if unknown:
            raise TkgragError(f"unknown tkg-tsv mapping option(s) {sorted(unknown)}; known: {sorted(known)}")
        kw: dict[str, object] = {}
        if "source" in options:
            kw["source"] = str(options["source"])
        for name in ("open_start_years", "open_end_years"):
            if name in options:
                value = options[name]
                if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
                    raise TkgragError(f"mapping option {name} must be a list of years (integers), not {value!r}")
                kw[name] = frozenset(value)
        if "normalize_keys" in options:
            kw["normalize_keys"] = bool(options["normalize_keys"])
        if "labels" in options:
            path = Path(str(options["labels"])).expanduser()
            if base is not None and not path.is_absolute():
                path = base / path
            kw["labels"] = read_labels(path)
        return cls(**kw)  # type: ignore[arg-type]


def read_labels(path: Path) -> dict[str, str]:
    """``id<TAB>label`` lines (the TimeQuestions ``wd_id2entity_text.txt``)."""
    labels: dict[str, str] = {}
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                parts = line.rstrip("\r\n").split("\t")
                if len(parts) >= 2 and parts[0] and parts[1]:
                    labels[parts[0]] = parts[1]
    except OSError as exc:
        raise TkgragError(f"cannot read the labels file {path}: {exc.strerror or exc}") from None
    return labels


@dataclass(frozen=True)
class _Layout:
    """Column positions: keys, optional names, and either one date or a start/end pair."""

    n_fields: int
    subject: int
    relation: int
    object: int
    date: int | None = None
    start: int | None = None
    end: int | None = None
    subject_name: int | None = None
    relation_name: int | None = None
    object_name: int | None = None
    id_keyed: bool = False


_QUAD = _Layout(4, 0, 1, 2, date=3)
_QUINT = _Layout(5, 0, 1, 2, start=3, end=4)


def _header_layout(fields: list[str]) -> _Layout | None:
    """The layout a header line describes, or None when the line is data."""
    names = [f.strip().lower().replace(" ", "_") for f in fields]
    pos: dict[str, int] = {}
    ids: dict[str, int] = {}
    for i, name in enumerate(names):
        if name.endswith("_id") and _COLUMN_OF.get(name[:-3]) in ("subject", "relation", "object"):
            ids[_COLUMN_OF[name[:-3]]] = i
        elif name in _COLUMN_OF and _COLUMN_OF[name] not in pos:
            pos[_COLUMN_OF[name]] = i
    roles = set(pos) | set(ids)
    if not {"subject", "relation", "object"} <= roles or not ("date" in roles or "start" in roles):
        return None
    try:  # a data line whose date column parses is not a header, even if its entities are called "time" etc.
        TimeSpan.parse(fields[pos.get("date", pos.get("start", 3))])
        return None
    except (TimeParseError, IndexError):
        pass

    def key_and_name(role: str) -> tuple[int, int | None]:
        if role in ids:
            return ids[role], pos.get(role)
        return pos[role], None

    s, sn = key_and_name("subject")
    r, rn = key_and_name("relation")
    o, on = key_and_name("object")
    return _Layout(
        len(fields),
        s,
        r,
        o,
        date=pos.get("date"),
        start=pos.get("start"),
        end=pos.get("end"),
        subject_name=sn,
        relation_name=rn,
        object_name=on,
        id_keyed=bool(ids),
    )


class _Bad(Exception):
    def __init__(self, reason: str, field: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.field = reason, field


@functools.lru_cache(maxsize=65536)  # a TKG has few distinct dates (ICEWS14: 365); parsing each once saves ~10%
def _parse_time(value: str) -> TimeSpan:
    return TimeSpan.parse(value)


def _bound(text: str, column: str, open_years: frozenset[int]) -> tuple[TimeSpan | None, Granularity | None]:
    """The period a time value names (None for an open end) and the granularity it was written at."""
    value = text.strip()
    if value.lower() in _OPEN_VALUES:
        return None, None
    try:
        span = _parse_time(value)
    except TimeParseError as exc:
        raise _Bad(str(exc), column) from None
    if span.granularity is Granularity.YEAR and span.start is not None and span.start.year in open_years:
        return None, Granularity.YEAR
    return span, span.granularity


class TkgTsvReader:
    """Iterates a TSV file as ``EventRecord | Reject`` in line order (deterministic: resume counts items)."""

    def __init__(self, path: Path, options: TsvOptions | None = None) -> None:
        self.path = path
        self.options = options or TsvOptions()
        self.source = self.options.source or default_source(path)
        # sha256 of the bytes read, once the file has been read to its end (``readsum``; the pipeline records it in
        # the ledger: a file that grew after its checksum was taken is not what the checksum says)
        self.read_checksum: str | None = None

    def __iter__(self) -> Iterator[EventRecord | Reject]:
        shown = printable_path(self.path)
        layout: _Layout | None = None
        first = True
        digest = ReadDigest()
        try:
            fh = digest.open(self.path)
        except OSError as exc:
            raise TkgragError(f"cannot read {self.path}: {exc.strerror or exc}") from None
        with fh:
            for lineno, raw_bytes in enumerate(fh, start=1):
                try:
                    raw = raw_bytes.decode("utf-8")
                except UnicodeDecodeError as exc:
                    ref = SourceRef(shown, lineno)
                    yield Reject(ref, f"not UTF-8 text ({exc.reason} at byte {exc.start})", raw=repr(raw_bytes)[:300])
                    continue
                line = raw.rstrip("\r\n")
                if first:
                    line = line.lstrip("\ufeff")
                if not line.strip() or line.startswith("#"):
                    continue
                fields = line.split("\t")
                if first:
                    first = False
                    layout = _header_layout(fields)
                    if layout is not None:
                        continue
                yield self._record(fields, layout, SourceRef(shown, lineno), line)
        self.read_checksum = digest.hexdigest()

    def _record(self, fields: list[str], header: _Layout | None, ref: SourceRef, line: str) -> EventRecord | Reject:
        try:
            return self._parse(fields, header, ref)
        except _Bad as bad:
            return Reject(ref, bad.reason, field=bad.field, raw=line[:1000])

    def _parse(self, fields: list[str], header: _Layout | None, ref: SourceRef) -> EventRecord:
        if header is not None:
            layout = header
            if len(fields) != layout.n_fields:
                raise _Bad(f"expected {layout.n_fields} tab-separated fields (as the header), found {len(fields)}")
        elif len(fields) == 4:
            layout = _QUAD
        elif len(fields) == 5:
            layout = _QUINT
        else:
            hint = " (is it tab-separated?)" if len(fields) == 1 else ""
            raise _Bad(
                f"expected 4 (s, r, o, date) or 5 (s, r, o, start, end) tab-separated fields, found {len(fields)}{hint}"
            )
        opts = self.options
        normalize = opts.normalize_keys if opts.normalize_keys is not None else not layout.id_keyed

        def value(i: int, label: int | None, name: str) -> str:
            v = wikidata_entity_key(fields[i], fields[label] if label is not None else "")
            if not v:
                raise _Bad("is empty", name)
            try:
                return check_indexable(name, v)
            except FieldError as exc:
                raise _Bad(exc.reason, name) from None

        subject = value(layout.subject, layout.subject_name, "subject")
        relation = value(layout.relation, layout.relation_name, "relation")
        obj = value(layout.object, layout.object_name, "object")
        object_without_id = layout.id_keyed and not fields[layout.object].strip()
        if layout.date is not None:
            span, _ = _bound(fields[layout.date], "date", frozenset())
            if span is None:
                raise _Bad("is empty: a quadruple needs its date", "date")
        else:
            assert layout.start is not None
            a, ga = _bound(fields[layout.start], "start", opts.open_start_years)
            b, gb = _bound(fields[layout.end], "end", opts.open_end_years) if layout.end is not None else (None, None)
            if a is not None and b is not None and a.start is not None and b.end is not None and a.start > b.end:
                raise _Bad(f"the interval starts ({a.label()}) after it ends ({b.label()})", "end")
            gran = (ga or gb or Granularity.DAY).coarser(gb or ga or Granularity.DAY)
            span = TimeSpan(a.start if a else None, b.end if b else None, gran)

        def name(key: str, col: int | None) -> str | None:
            label = fields[col].strip() if col is not None else ""
            if label and label != key:
                return label
            return opts.labels.get(key)

        subject_name = name(subject, layout.subject_name)
        object_name = name(obj, layout.object_name)
        relation_label = name(relation, layout.relation_name)
        object_is_entity = True
        if layout.id_keyed:
            relation = relation_label or relation
            object_is_entity = object_without_id or bool(_WIKIDATA_ITEM.match(obj))
        if normalize:
            subject, relation, obj = subject.replace(" ", "_"), relation.replace(" ", "_"), obj.replace(" ", "_")
        record_type = LabelledEventRecord if layout.id_keyed else EventRecord
        return record_type(
            subject=subject,
            relation=relation,
            object=obj,
            span=span,
            source=self.source,
            ref=ref,
            subject_name=subject_name,
            object_name=object_name if object_is_entity else None,
            object_is_entity=object_is_entity,
        )


def read_tkg_tsv(path: Path, options: TsvOptions | None = None) -> Iterator[EventRecord | Reject]:
    """Records and rejects of a TKG TSV file, in line order."""
    return iter(TkgTsvReader(path, options))


def count_lines(path: Path) -> int:
    """Lines in a file (for a progress bar's total); cheap: counts newlines in 1 MiB blocks."""
    n = 0
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            n += block.count(b"\n")
    return n
