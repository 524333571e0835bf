"""Benchmark loaders: each dataset's own file format -> :class:`~tkgrag.sources.questions.Dataset` of ``EvalQuestion``.

:func:`load_dataset` recognises the format from the file's content (not its name), so a renamed file still loads and
an unknown one fails with a message that lists what is known. One malformed record never sinks a file: it becomes a
:class:`~tkgrag.sources.records.Reject` naming the file, line and field, and the rest loads. A file that is not JSON
at all, or in which no record is usable, raises :class:`DatasetError`.

Each format's parser is in its own module (``sources.tkgqa``, ``sources.timequestions``, ``sources.timeqa``,
``sources.menatqa``, ``sources.musique``; what they share in ``sources.loading``); this one detects and dispatches.

Formats (see the shared data folder's README.md):

==============  ==========================================================================================
tkgqa           JSONL, one question per line with ``evidence`` quadruples (MultiTQ-style over ICEWS14)
multitq         JSON list of MultiTQ questions (``quid``, ``answers``, ``answer_type``, ``time_level``, ...)
timequestions   JSON list of TimeQuestions / TIQ questions (``Id``, ``Question``, ``Answer`` with Wikidata QIDs or
                values); labels for QIDs come from ``../kg_vocab/wd_id2entity_text.txt`` when it exists
timeqa          JSON list of TimeQA pages (``paras`` + ``questions`` with answer spans); gold = answer paragraphs
menatqa         JSON list of MenatQA items; each yields the original and the updated (perturbed) question
musique         JSON list of MuSiQue questions with ``paragraphs``; the corpus ``<name>_corpus.json`` beside it
                holds the passages
==============  ==========================================================================================

Gold passage ids are the keys ingestion writes, from the same parsing (``tkgrag.sources``): timeqa
``<link>#<para>`` (``/wiki/X#3``), menatqa a hash of section title and text, musique ``<title>#<n>`` (the n-th corpus
passage of that title). TimeQuestions entity answers also carry their ``Entity.key`` (the QID) in ``gold_entities``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tkgrag.sources.loading import Collector, DatasetError, Raw, json_items, jsonl_records, read_text
from tkgrag.sources.menatqa import parse_menatqa
from tkgrag.sources.musique import parse_musique
from tkgrag.sources.questions import Dataset
from tkgrag.sources.timeqa import parse_timeqa
from tkgrag.sources.timequestions import parse_timequestions
from tkgrag.sources.tkgqa import parse_multitq, parse_tkgqa

__all__ = [
    "FORMATS",
    "DatasetError",
    "detect_format",
    "load_dataset",
    "load_menatqa",
    "load_multitq",
    "load_musique",
    "load_timeqa",
    "load_timequestions",
    "load_tkgqa",
]


# ------------------------------------------------------------------------------------------- detection
_JSON_SIGNATURES: tuple[tuple[str, frozenset[str]], ...] = (
    ("multitq", frozenset({"quid", "question", "answers"})),
    ("timequestions", frozenset({"Id", "Question", "Answer"})),
    ("timeqa", frozenset({"questions", "paras"})),
    ("menatqa", frozenset({"annotated_para", "context", "question"})),
    ("musique", frozenset({"paragraphs", "question", "answer"})),
)
FORMATS = ("tkgqa", "multitq", "timequestions", "timeqa", "menatqa", "musique")


def _unknown(path: Path, keys: set[str]) -> DatasetError:
    return DatasetError(
        f"{path}: unknown dataset format (first record has keys {sorted(keys)[:12]}). Known formats: "
        "tkgqa JSONL (quid, answers, evidence), multitq JSON (quid, answers), timequestions JSON (Id, Question, "
        "Answer), timeqa JSON (paras, questions), menatqa JSON (annotated_para, context), musique JSON (paragraphs, "
        "answer). Pass format=... to force one."
    )


def _detect_json(path: Path, items: list[Raw]) -> str:
    first = next((r.value for r in items if isinstance(r.value, dict)), None)
    if first is None:
        raise DatasetError(f"{path}: the JSON list holds no objects; expected one object per question")
    keys = set(first)
    for fmt, sig in _JSON_SIGNATURES:
        if sig <= keys:
            return fmt
    if {"title", "text"} <= keys:
        raise DatasetError(f"{path}: this is a passage corpus, not questions; pass the questions file instead")
    raise _unknown(path, keys)


def _looks_like_jsonl(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return len(lines) > 1 and lines[0].lstrip().startswith("{") and lines[0].rstrip().endswith("}")


def detect_format(path: str | Path) -> str:
    """The format name of a benchmark file, from its content; raises DatasetError naming the known formats."""
    p = Path(path)
    return _detect(p, read_text(p))[0]


def _detect(path: Path, text: str) -> tuple[str, list[Raw] | None]:
    if not text.strip():
        raise DatasetError(f"{path}: the file is empty")
    if path.suffix == ".jsonl" or _looks_like_jsonl(text):
        scratch = Collector()
        records = jsonl_records(path, text, scratch)
        first = next(iter(records), None)
        if first is None:
            raise DatasetError(f"{path}: no JSON object on any line")
        keys = set(first.value)
        if {"quid", "answers", "evidence"} <= keys:
            return "tkgqa", None
        raise _unknown(path, keys)
    items = json_items(path, text)
    return _detect_json(path, items), items


def load_dataset(
    path: str | Path,
    *,
    format: str | None = None,
    strict: bool = False,
    vocab: str | Path | None = None,
    corpus: str | Path | None = None,
) -> Dataset:
    """Load any known benchmark file into a :class:`Dataset`, detecting its format unless ``format`` is given.

    Malformed records become ``Dataset.rejects`` (file, line, field, reason); ``strict=True`` raises on the first
    instead. ``vocab`` overrides the Wikidata label file for timequestions, ``corpus`` the MuSiQue corpus file."""
    p = Path(path)
    text = read_text(p)
    if format is None:
        fmt, items = _detect(p, text)
    elif format in FORMATS:
        fmt, items = format, None
    else:
        raise DatasetError(f"unknown format {format!r}; known: {', '.join(FORMATS)}")
    if fmt == "tkgqa":
        ds = parse_tkgqa(p, text)
    else:
        items = items if items is not None else json_items(p, text)
        if fmt == "multitq":
            ds = parse_multitq(p, items)
        elif fmt == "timequestions":
            ds = parse_timequestions(p, items, Path(vocab) if vocab else None)
        elif fmt == "timeqa":
            ds = parse_timeqa(p, items)
        elif fmt == "menatqa":
            ds = parse_menatqa(p, items)
        else:
            ds = parse_musique(p, items, Path(corpus) if corpus else None)
    if strict and ds.rejects:
        raise DatasetError(f"{len(ds.rejects)} malformed record(s); first: {ds.rejects[0].describe()}")
    return ds


def load_tkgqa(path: str | Path, **kw: Any) -> Dataset:
    return load_dataset(path, format="tkgqa", **kw)


def load_multitq(path: str | Path, **kw: Any) -> Dataset:
    return load_dataset(path, format="multitq", **kw)


def load_timequestions(path: str | Path, **kw: Any) -> Dataset:
    return load_dataset(path, format="timequestions", **kw)


def load_timeqa(path: str | Path, **kw: Any) -> Dataset:
    return load_dataset(path, format="timeqa", **kw)


def load_menatqa(path: str | Path, **kw: Any) -> Dataset:
    return load_dataset(path, format="menatqa", **kw)


def load_musique(path: str | Path, **kw: Any) -> Dataset:
    return load_dataset(path, format="musique", **kw)
