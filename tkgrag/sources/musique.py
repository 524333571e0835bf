"""MuSiQue questions (a JSON list with ``paragraphs``); the corpus ``<name>_corpus.json`` beside the file holds the
passages, keyed ``<title>#<n>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tkgrag.sources.corpus import TitledPassages
from tkgrag.sources.fields import FieldError, kind_of, string_field
from tkgrag.sources.keys import clean_text
from tkgrag.sources.loading import (
    Collector,
    DatasetError,
    Raw,
    finish,
    guard,
    infer_type,
    json_items,
    list_field,
    objects,
    read_text,
    str_list_field,
)
from tkgrag.sources.questions import Dataset, EvalQuestion, GoldAnswer
from tkgrag.sources.records import PassageRecord


# ------------------------------------------------------------------------------------------- musique
def musique_corpus_path(questions: Path) -> Path:
    """HippoRAG's layout: ``X.json`` questions, ``X_corpus.json`` passages."""
    return questions.with_name(f"{questions.stem}_corpus.json")


def parse_musique(path: Path, items: list[Raw], corpus: Path | None = None) -> Dataset:
    corpus = corpus or musique_corpus_path(path)
    if not corpus.is_file():
        raise DatasetError(f"{path}: MuSiQue questions need their corpus file {corpus} (it holds the passages)")
    out = Collector()
    passages: list[PassageRecord] = []
    position: dict[tuple[str, str], str] = {}
    titled = TitledPassages()
    for raw in objects(json_items(corpus, read_text(corpus)), out):
        try:
            title, text = string_field(raw.value, "title"), string_field(raw.value, "text")
        except FieldError as exc:
            out.reject(raw, exc.reason, exc.field)
            continue
        key = titled.next_key(title)
        position.setdefault((title, text), key)
        passages.append(PassageRecord(key, title.strip(), clean_text(text), raw.ref, "musique"))
    for raw in objects(items, out):
        guard(out, raw, lambda r: out.add(r, _musique_question(r, position, corpus)))
    return finish(path, "musique", out, passages)


def _musique_question(raw: Raw, position: Mapping[tuple[str, str], str], corpus: Path) -> EvalQuestion:
    obj = raw.value
    qid = string_field(obj, "id")
    aliases = str_list_field(obj, "answer_aliases") if "answer_aliases" in obj else []
    answer = string_field(obj, "answer")
    gold: list[str] = []
    for i, p in enumerate(list_field(obj, "paragraphs")):
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
        answer_type=infer_type([answer]),
        time_level=None,
        qtype=qid.split("__", 1)[0],
        source=raw.ref,
        dataset="musique",
        gold_passages=tuple(dict.fromkeys(gold)),
        meta={"answerable": obj.get("answerable", True), "decomposition": obj.get("question_decomposition", [])},
    )
