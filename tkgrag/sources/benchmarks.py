"""Benchmark loaders: each dataset's own file format -> :class:`~tkgrag.sources.questions.Dataset` of ``EvalQuestion``.

:func:`load_dataset` recognises the format from the file's content (not its name), so a renamed file still loads and
an unknown one fails with a message that lists what is known. One malformed record never sinks a file: it becomes a
:class:`~tkgrag.sources.records.Reject` naming the file, line and field, and the rest loads. A file that is not JSON
at all, or in which no record is usable, raises :class:`DatasetError`.

Formats (see /work/shared/data/README.md):

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

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.errors import TkgragError
from tkgrag.sources.corpus import TitledPassages
from tkgrag.sources.fields import FieldError, field_value, kind_of, string_field
from tkgrag.sources.jsonsource import json_lines, json_list_items, raw_of
from tkgrag.sources.keys import clean_text, wikidata_entity_key
from tkgrag.sources.menatqa import menatqa_context, menatqa_section
from tkgrag.sources.normalize import normalize_name, parse_time
from tkgrag.sources.questions import UNANSWERABLE, AnswerType, Dataset, EvalQuestion, GoldAnswer, Quad
from tkgrag.sources.records import PassageRecord, Reject, SourceRef
from tkgrag.sources.timeqa import timeqa_passages
from tkgrag.temporal import Granularity


class DatasetError(TkgragError):
    """A benchmark file that cannot be loaded at all (not JSON, unknown format, no usable record)."""


@dataclass
class _Raw:
    """One top-level record of a file and where it sits."""

    ref: SourceRef
    value: Any
    text: str = ""


@dataclass
class _Collector:
    """Gathers questions and rejects; refuses duplicate question ids (the later one is rejected)."""

    questions: list[EvalQuestion] = field(default_factory=list)
    rejects: list[Reject] = field(default_factory=list)
    seen: dict[str, SourceRef] = field(default_factory=dict)

    def reject(self, raw: _Raw, reason: str, fld: str | None = None) -> None:
        self.rejects.append(Reject(raw.ref, reason, fld, raw.text[:300]))

    def add(self, raw: _Raw, q: EvalQuestion) -> None:
        if q.id in self.seen:
            self.reject(raw, f"duplicate question id {q.id!r} (first at {self.seen[q.id]})", "id")
            return
        self.seen[q.id] = raw.ref
        self.questions.append(q)


# ------------------------------------------------------------------------------------------- reading files
def _json_error(path: Path, exc: json.JSONDecodeError, what: str) -> DatasetError:
    return DatasetError(
        f"{path}:{exc.lineno}:{exc.colno}: not valid {what} ({exc.msg}). "
        "Check the file is a complete, unmodified copy of the benchmark."
    )


def _read_text(path: Path) -> str:
    if not path.exists():
        raise DatasetError(f"{path}: no such file")
    if path.is_dir():
        found = sorted(p.name for p in path.iterdir() if p.suffix in (".json", ".jsonl"))
        hint = f" (JSON files there: {', '.join(found)})" if found else ""
        raise DatasetError(f"{path}: is a folder; pass one question file{hint}")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{path}: not UTF-8 text (byte {exc.start}); is it a JSON/JSONL benchmark file?") from None


def _jsonl_records(path: Path, text: str, out: _Collector) -> list[_Raw]:
    """Parsed lines of a JSONL file (``sources.jsonsource``); bad lines become rejects. Raises when NO line is JSON."""
    records: list[_Raw] = []
    bad = 0
    for item in json_lines(path, text):
        if isinstance(item, Reject):
            bad += item.reason.startswith("not valid JSON")
            out.rejects.append(item)
            continue
        ref, obj = item
        records.append(_Raw(ref, obj, raw_of(obj)))
    if not records and bad:
        first = out.rejects[0].describe()
        raise DatasetError(f"{path}: not JSON Lines: no line parses as JSON (first: {first})")
    return records


def _json_items(path: Path, text: str) -> list[_Raw]:
    """Items of a top-level JSON array, each with the line it starts on. Raises for anything but a JSON array."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _json_error(path, exc, "JSON") from None
    if not isinstance(data, list):
        keys = f" with keys {sorted(data)[:8]}" if isinstance(data, dict) else ""
        raise DatasetError(f"{path}: expected a JSON list of questions, got {kind_of(data)}{keys}")
    return [_Raw(ref, value, raw) for ref, value, raw in json_list_items(path, text, data)]


# ------------------------------------------------------------------------------------------- field access


def _list(obj: Mapping[str, Any], key: str, prefix: str = "", *, nonempty: bool = False) -> list[Any]:
    v = field_value(obj, key, prefix)
    if not isinstance(v, list):
        raise FieldError(prefix + key, f"expected a list, got {kind_of(v)}")
    if nonempty and not v:
        raise FieldError(prefix + key, "is empty (a question needs at least one gold answer)")
    return v


def _str_list(obj: Mapping[str, Any], key: str, prefix: str = "", *, nonempty: bool = False) -> list[str]:
    items = _list(obj, key, prefix, nonempty=nonempty)
    for i, v in enumerate(items):
        if not isinstance(v, str) or not v.strip():
            raise FieldError(f"{prefix}{key}[{i}]", f"expected a non-empty string, got {kind_of(v)} {v!r:.60}")
    return items


def _choice(obj: Mapping[str, Any], key: str, allowed: tuple[str, ...], *, optional: bool = False) -> str | None:
    if optional and obj.get(key) is None:
        return None
    v = field_value(obj, key)
    if v not in allowed:
        raise FieldError(key, f"expected one of {', '.join(allowed)}, got {v!r:.60}")
    return str(v)


def _time_answers(answers: list[str], key: str) -> None:
    for i, a in enumerate(answers):
        if parse_time(a) is None:
            raise FieldError(
                f"{key}[{i}]", f"answer_type is 'time' but {a!r} is not a date (YYYY, YYYY-MM, YYYY-MM-DD)"
            )


def _infer_type(answers: list[str]) -> AnswerType:
    return "time" if answers and all(parse_time(a) is not None for a in answers) else "entity"


# ------------------------------------------------------------------------------------------- tkgqa / multitq
_LEVELS = ("day", "month", "year")


def _multitq_like(raw: _Raw, dataset: str, *, with_evidence: bool) -> EvalQuestion:
    obj = raw.value
    qid = string_field(obj, "quid", allow_int=True)
    answers = _str_list(obj, "answers", nonempty=True)
    answer_type = _choice(obj, "answer_type", ("entity", "time"))
    level = _choice(obj, "time_level", _LEVELS, optional=True)
    if answer_type == "time":
        _time_answers(answers, "answers")
    events: list[Quad] = []
    if with_evidence:
        for i, quad in enumerate(_list(obj, "evidence")):
            if not (isinstance(quad, list) and len(quad) == 4 and all(isinstance(x, str) and x for x in quad)):
                raise FieldError(f"evidence[{i}]", f"expected [subject, relation, object, date], got {quad!r:.80}")
            if parse_time(quad[3]) is None:
                raise FieldError(f"evidence[{i}][3]", f"not a date: {quad[3]!r}")
            events.append((quad[0], quad[1], quad[2], quad[3]))
    meta = {k: obj[k] for k in ("qlabel", "time", "entities") if k in obj}
    return EvalQuestion(
        id=qid,
        question=string_field(obj, "question"),
        answers=tuple(GoldAnswer(a) for a in answers),
        answer_type="time" if answer_type == "time" else "entity",
        time_level=Granularity(level) if level else None,
        qtype=string_field(obj, "qtype"),
        source=raw.ref,
        dataset=dataset,
        gold_events=tuple(events),
        meta=meta,
    )


def _parse_tkgqa(path: Path, text: str) -> Dataset:
    out = _Collector()
    for raw in _jsonl_records(path, text, out):
        _guard(out, raw, lambda r: out.add(r, _multitq_like(r, "tkgqa", with_evidence=True)))
    return _finish(path, "tkgqa", out)


def _parse_multitq(path: Path, items: list[_Raw]) -> Dataset:
    out = _Collector()
    for raw in _objects(items, out):
        _guard(out, raw, lambda r: out.add(r, _multitq_like(r, "multitq", with_evidence=False)))
    return _finish(path, "multitq", out)


# ------------------------------------------------------------------------------------------- timequestions
_QID = re.compile(r"^Q\d+$")
_WD_TIME = re.compile(r"^[+-]?\d{1,4}-\d{2}-\d{2}T")  # Wikidata timestamps; plain numbers are values


def read_wikidata_labels(path: Path) -> dict[str, str]:
    """``QID<TAB>label`` lines (TimeQuestions kg_vocab) -> {qid: label}; lines without a tab are skipped."""
    labels: dict[str, str] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            qid, sep, label = line.rstrip("\n").partition("\t")
            if sep and label.strip():
                labels[qid.strip()] = label.strip()
    return labels


def _default_vocab(path: Path) -> Path | None:
    for cand in (path.parent / "kg_vocab", path.parent.parent / "kg_vocab"):
        f = cand / "wd_id2entity_text.txt"
        if f.is_file():
            return f
    return None


def _wikidata_date(raw: str) -> GoldAnswer:
    """A Wikidata timestamp as a gold answer. The export drops Wikidata's precision and writes year- and month-precision
    dates as the first day of the period (880 of 1,481 dev dates are on 1 January), so YYYY-01-01 also accepts YYYY
    and YYYY-MM-01 also accepts YYYY-MM."""
    span = parse_time(raw)
    if span is None or span.granularity is not Granularity.DAY or span.start is None:
        return GoldAnswer(raw)
    day = span.start
    text = day.isoformat()
    aliases = [raw] if raw != text else []
    if day.day == 1:
        aliases.append(f"{day.year:04d}" if day.month == 1 else f"{day.year:04d}-{day.month:02d}")
    return GoldAnswer(text, tuple(aliases))


def _timequestions_question(raw: _Raw, labels: Mapping[str, str]) -> EvalQuestion:
    obj = raw.value
    answers: list[GoldAnswer] = []
    kinds: list[AnswerType] = []
    entities: list[str] = []
    for i, a in enumerate(_list(obj, "Answer", nonempty=True)):
        where = f"Answer[{i}]."
        if not isinstance(a, dict):
            raise FieldError(f"Answer[{i}]", f"expected an object, got {kind_of(a)}")
        kind = field_value(a, "AnswerType", where)
        if kind == "Entity":
            qid = string_field(a, "WikidataQid", where)
            if not _QID.match(qid):
                raise FieldError(where + "WikidataQid", f"not a Wikidata QID: {qid!r}")
            label = a.get("WikidataLabel") if isinstance(a.get("WikidataLabel"), str) else None
            names = [n for n in (label, labels.get(qid)) if n]
            text = names[0] if names else qid
            aliases = tuple(dict.fromkeys(n for n in (*names[1:], qid) if n != text))
            answers.append(GoldAnswer(text, aliases))
            kinds.append("entity")
            entities.append(wikidata_entity_key(qid))
        elif kind == "Value":
            value = string_field(a, "AnswerArgument", where)
            if _WD_TIME.match(value):
                answers.append(_wikidata_date(value))
                kinds.append("time")
            else:
                answers.append(GoldAnswer(value))
                kinds.append("value")
        else:
            raise FieldError(where + "AnswerType", f"expected 'Entity' or 'Value', got {kind!r:.40}")
    types = _str_list(obj, "Temporal question type") if "Temporal question type" in obj else []
    meta: dict[str, object] = {"qtypes": types}
    for key, name in (("Temporal signal", "signals"), ("Data source", "source"), ("gold_constraint", "constraint")):
        if key in obj:
            meta[name] = obj[key]
    return EvalQuestion(
        id=string_field(obj, "Id", allow_int=True),
        question=string_field(obj, "Question"),
        answers=tuple(answers),
        answer_type=kinds[0],
        time_level=None,
        qtype="+".join(sorted(types)) or "unknown",
        source=raw.ref,
        dataset="timequestions",
        gold_entities=tuple(dict.fromkeys(entities)),
        meta=meta,
    )


def _parse_timequestions(path: Path, items: list[_Raw], vocab: Path | None = None) -> Dataset:
    vocab = vocab or _default_vocab(path)
    labels = read_wikidata_labels(vocab) if vocab else {}
    out = _Collector()
    for raw in _objects(items, out):
        _guard(out, raw, lambda r: out.add(r, _timequestions_question(r, labels)))
    return _finish(path, "timequestions", out)


# ------------------------------------------------------------------------------------------- timeqa
def _parse_timeqa(path: Path, items: list[_Raw]) -> Dataset:
    out = _Collector()
    passages: list[PassageRecord] = []
    for raw in _objects(items, out):
        try:
            obj = raw.value
            index = string_field(obj, "index")
            paras = timeqa_passages(obj, raw.ref, "timeqa")
            questions = _list(obj, "questions")
            qtype = string_field(obj, "type")
        except FieldError as exc:
            out.reject(raw, exc.reason, exc.field)
            continue
        passages.extend(paras)
        pid = [p.key for p in paras]
        for j, entry in enumerate(questions):
            try:
                out.add(raw, _timeqa_question(raw, index, j, entry, pid, qtype))
            except FieldError as exc:
                out.reject(raw, exc.reason, exc.field)
    return _finish(path, "timeqa", out, passages)


def _timeqa_question(raw: _Raw, index: str, j: int, entry: Any, pid: list[str], qtype: str) -> EvalQuestion:
    where = f"questions[{j}]"
    if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and isinstance(entry[1], list)):
        raise FieldError(where, "expected [question, [answer spans]]")
    question, spans = entry
    if not spans:
        raise FieldError(where + "[1]", "no answer span")
    answers: dict[str, GoldAnswer] = {}
    gold: dict[str, None] = {}
    if all(isinstance(s, dict) and s.get("answer") == "" for s in spans):
        # TimeQA's unanswerable questions: one empty span at paragraph 0; no evidence passage.
        return EvalQuestion(
            id=f"{index}:q{j}",
            question=question,
            answers=(GoldAnswer(UNANSWERABLE),),
            answer_type="entity",
            time_level=None,
            qtype=qtype,
            source=raw.ref,
            dataset="timeqa",
            meta={"field": where, "unanswerable": True},
        )
    for k, span in enumerate(spans):
        at = f"{where}[1][{k}]."
        if not isinstance(span, dict):
            raise FieldError(f"{where}[1][{k}]", f"expected an answer object, got {kind_of(span)}")
        text = string_field(span, "answer", at)
        para = field_value(span, "para", at)
        if not isinstance(para, int) or not 0 <= para < len(pid):
            raise FieldError(at + "para", f"paragraph index {para!r} outside 0..{len(pid) - 1}")
        answers.setdefault(normalize_name(text), GoldAnswer(text))
        gold[pid[para]] = None
    texts = [a.text for a in answers.values()]
    return EvalQuestion(
        id=f"{index}:q{j}",
        question=question,
        answers=tuple(answers.values()),
        answer_type=_infer_type(texts),
        time_level=None,
        qtype=qtype,
        source=raw.ref,
        dataset="timeqa",
        gold_passages=tuple(gold),
        meta={"field": where, "unanswerable": False},
    )


# ------------------------------------------------------------------------------------------- menatqa
_WORD = re.compile(r"\w+")
MENATQA_MIN_OVERLAP = 0.5
"""An annotated paragraph that no context contains is matched to the context sharing the most of its words, when that
context holds at least this fraction of them (MenatQA's annotated_para is often a trimmed or re-joined copy)."""


def _menatqa_gold(annotated: str, contexts: list[tuple[str, str]]) -> list[int]:
    """Indices of the contexts that hold the annotated evidence paragraph: containment either way after whitespace
    normalisation, else the single best word-overlap context if it covers MENATQA_MIN_OVERLAP of the words."""
    norm = " ".join(annotated.split())
    texts = [" ".join(t.split()) for _, t in contexts]
    hits = [i for i, t in enumerate(texts) if norm and (norm in t or t in norm)]
    if hits:
        return hits
    words = set(_WORD.findall(annotated.lower()))
    if not words:
        return []
    overlap = [len(words & set(_WORD.findall(f"{title} {t}".lower()))) / len(words) for title, t in contexts]
    best = max(range(len(contexts)), key=lambda i: overlap[i], default=None)
    return [best] if best is not None and overlap[best] >= MENATQA_MIN_OVERLAP else []


def _menatqa_questions(raw: _Raw) -> tuple[list[EvalQuestion], list[PassageRecord]]:
    obj = raw.value
    item = string_field(obj, "ID", allow_int=True)
    passages: list[PassageRecord] = []
    updated: dict[str, str] = {}
    for i, c in enumerate(menatqa_context(obj)):
        passages.append(menatqa_section(c, i, raw.ref, "menatqa"))
        if isinstance(c.get("updated_text"), str) and c["updated_text"].strip():
            updated[passages[-1].key] = c["updated_text"]
    if not passages:
        raise FieldError("context", "is empty (a MenatQA item needs its passages)")
    contexts = [(p.title, p.text) for p in passages]
    gold = tuple(dict.fromkeys(passages[i].key for i in _menatqa_gold(string_field(obj, "annotated_para"), contexts)))
    kind = string_field(obj, "type")
    scope = obj.get("time_scope")
    base = {"time_scope": scope, "perturbation": kind}
    out: list[EvalQuestion] = []
    for variant, qkey, akey, qtype in (
        ("original", "question", "answer", "original"),
        ("updated", "updated_question", "updated_answer", kind),
    ):
        answer = string_field(obj, akey)
        meta: dict[str, object] = {**base, "variant": variant, "unanswerable": answer.strip().lower() == UNANSWERABLE}
        if variant == "updated" and updated:
            meta["updated_contexts"] = updated
        out.append(
            EvalQuestion(
                id=item if variant == "original" else f"{item}:{kind}",
                question=string_field(obj, qkey),
                answers=(GoldAnswer(answer),),
                answer_type=_infer_type([answer]),
                time_level=None,
                qtype=qtype,
                source=raw.ref,
                dataset="menatqa",
                gold_passages=gold,
                meta=meta,
            )
        )
    return out, passages


def _parse_menatqa(path: Path, items: list[_Raw]) -> Dataset:
    out = _Collector()
    passages: list[PassageRecord] = []
    for raw in _objects(items, out):
        try:
            qs, ps = _menatqa_questions(raw)
        except FieldError as exc:
            out.reject(raw, exc.reason, exc.field)
            continue
        for q in qs:
            out.add(raw, q)
        passages.extend(ps)
    return _finish(path, "menatqa", out, passages)


# ------------------------------------------------------------------------------------------- musique
def musique_corpus_path(questions: Path) -> Path:
    """HippoRAG's layout: ``X.json`` questions, ``X_corpus.json`` passages."""
    return questions.with_name(f"{questions.stem}_corpus.json")


def _parse_musique(path: Path, items: list[_Raw], corpus: Path | None = None) -> Dataset:
    corpus = corpus or musique_corpus_path(path)
    if not corpus.is_file():
        raise DatasetError(f"{path}: MuSiQue questions need their corpus file {corpus} (it holds the passages)")
    out = _Collector()
    passages: list[PassageRecord] = []
    position: dict[tuple[str, str], str] = {}
    titled = TitledPassages()
    for raw in _objects(_json_items(corpus, _read_text(corpus)), out):
        try:
            title, text = string_field(raw.value, "title"), string_field(raw.value, "text")
        except FieldError as exc:
            out.reject(raw, exc.reason, exc.field)
            continue
        key = titled.next_key(title)
        position.setdefault((title, text), key)
        passages.append(PassageRecord(key, title.strip(), clean_text(text), raw.ref, "musique"))
    for raw in _objects(items, out):
        _guard(out, raw, lambda r: out.add(r, _musique_question(r, position, corpus)))
    return _finish(path, "musique", out, passages)


def _musique_question(raw: _Raw, position: Mapping[tuple[str, str], str], corpus: Path) -> EvalQuestion:
    obj = raw.value
    qid = string_field(obj, "id")
    aliases = _str_list(obj, "answer_aliases") if "answer_aliases" in obj else []
    answer = string_field(obj, "answer")
    gold: list[str] = []
    for i, p in enumerate(_list(obj, "paragraphs")):
        if not isinstance(p, dict):
            raise FieldError(f"paragraphs[{i}]", f"expected an object, got {kind_of(p)}")
        if p.get("is_supporting") is True:
            key = (
                string_field(p, "title", f"paragraphs[{i}]."),
                string_field(p, "paragraph_text", f"paragraphs[{i}]."),
            )
            if key not in position:
                raise FieldError(f"paragraphs[{i}]", f"supporting paragraph {key[0]!r} is not in {corpus.name}")
            gold.append(position[key])
    if not gold:
        raise FieldError("paragraphs", "no paragraph has is_supporting: true")
    return EvalQuestion(
        id=qid,
        question=string_field(obj, "question"),
        answers=(GoldAnswer(answer, tuple(a for a in aliases if a != answer)),),
        answer_type=_infer_type([answer]),
        time_level=None,
        qtype=qid.split("__", 1)[0],
        source=raw.ref,
        dataset="musique",
        gold_passages=tuple(dict.fromkeys(gold)),
        meta={"answerable": obj.get("answerable", True), "decomposition": obj.get("question_decomposition", [])},
    )


# ------------------------------------------------------------------------------------------- shared plumbing
def _objects(items: list[_Raw], out: _Collector) -> Iterator[_Raw]:
    for raw in items:
        if isinstance(raw.value, dict):
            yield raw
        else:
            out.reject(raw, f"expected a JSON object, got {kind_of(raw.value)}")


def _guard(out: _Collector, raw: _Raw, fn: Callable[[_Raw], None]) -> None:
    try:
        fn(raw)
    except FieldError as exc:
        out.reject(raw, exc.reason, exc.field)


def _finish(path: Path, fmt: str, out: _Collector, passages: list[PassageRecord] | None = None) -> Dataset:
    if not out.questions:
        detail = "; ".join(r.describe() for r in out.rejects[:3]) or "the file holds no records"
        raise DatasetError(f"{path}: no usable {fmt} question ({len(out.rejects)} rejected): {detail}")
    unique = {p.key: p for p in reversed(passages or [])}  # one per key, the first, as ingestion keeps it
    return Dataset(path.stem, fmt, str(path), out.questions, out.rejects, list(reversed(unique.values())))


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


def _detect_json(path: Path, items: list[_Raw]) -> str:
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
    return _detect(p, _read_text(p))[0]


def _detect(path: Path, text: str) -> tuple[str, list[_Raw] | None]:
    if not text.strip():
        raise DatasetError(f"{path}: the file is empty")
    if path.suffix == ".jsonl" or _looks_like_jsonl(text):
        scratch = _Collector()
        records = _jsonl_records(path, text, scratch)
        first = next(iter(records), None)
        if first is None:
            raise DatasetError(f"{path}: no JSON object on any line")
        keys = set(first.value)
        if {"quid", "answers", "evidence"} <= keys:
            return "tkgqa", None
        raise _unknown(path, keys)
    items = _json_items(path, text)
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
    text = _read_text(p)
    if format is None:
        fmt, items = _detect(p, text)
    elif format in FORMATS:
        fmt, items = format, None
    else:
        raise DatasetError(f"unknown format {format!r}; known: {', '.join(FORMATS)}")
    if fmt == "tkgqa":
        ds = _parse_tkgqa(p, text)
    else:
        items = items if items is not None else _json_items(p, text)
        if fmt == "multitq":
            ds = _parse_multitq(p, items)
        elif fmt == "timequestions":
            ds = _parse_timequestions(p, items, Path(vocab) if vocab else None)
        elif fmt == "timeqa":
            ds = _parse_timeqa(p, items)
        elif fmt == "menatqa":
            ds = _parse_menatqa(p, items)
        else:
            ds = _parse_musique(p, items, Path(corpus) if corpus else None)
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
