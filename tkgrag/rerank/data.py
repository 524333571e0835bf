"""Training groups for the cross-encoder: (question, gold passage, hard negatives).

Questions and passages come from the project's own loaders (``tkgrag.eval.loaders``), so gold ids are the passage
keys. Hard negatives are the bi-encoder's top hits over the same passage pool that are not gold: the passages a
retrieve-then-rerank pipeline hands the cross-encoder, where it must do better than the bi-encoder. The held-out
split is by document (TimeQA's ``<link>#n`` article, else the passage key), so validation passages come from
articles the model never saw. The evaluation questions (musique_100) are never read here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tkgrag.errors import ConfigError


@dataclass(frozen=True)
class Group:
    """One question with its gold passage first, then its hard negatives (texts)."""

    qid: str
    question: str
    gold: str
    negatives: tuple[str, ...]
    heldout: bool
    gold_rank_bi: int  # the gold passage's rank (1-based) among gold + negatives by the bi-encoder


def pair_text(title: str | None, text: str) -> str:
    """The passage side of a cross-encoder pair: ``title: text`` (MuSiQue passages often omit their title)."""
    return f"{title}: {text}" if title else text


def _document(key: str) -> str:
    return key.split("#", 1)[0]


def heldout(doc: str, fraction: float) -> bool:
    """A stable, seed-free split: the document's hash decides."""
    h = int(hashlib.sha1(doc.encode("utf-8")).hexdigest()[:8], 16)
    return (h % 1000) < fraction * 1000


def build_groups(
    paths: Sequence[Path],
    encode: object,
    *,
    negatives: int = 15,
    heldout_fraction: float = 0.1,
    max_questions: int | None = None,
    seed: int = 13,
    cache: Path | None = None,
) -> list[Group]:
    """Groups from every dataset in ``paths``: gold + the top ``negatives`` non-gold passages by cosine.

    ``encode(texts) -> np.ndarray`` embeds (L2-normalised); the passage matrix is cached in ``cache`` (npy per
    dataset) so a resumed run does not embed again. ``max_questions`` samples that many questions per dataset (seeded);
    the pool is then cut to the articles of the sampled questions (keys ``<article>#n``): the negatives a retriever
    would rank above gold come from the same article, and embedding the rest would cost CPU for nothing."""
    import random

    from tkgrag.eval.loaders import load_dataset

    groups: list[Group] = []
    for path in paths:
        ds = load_dataset(path)
        if ds.format == "musique":
            raise ConfigError(f"{path}: MuSiQue corpus questions are the evaluation set; not used for training")
        known = {p.key for p in ds.passages}
        qs = [q for q in ds.questions if any(g in known for g in q.gold_passages)]
        if max_questions is not None and len(qs) > max_questions:
            qs = sorted(random.Random(seed).sample(qs, max_questions), key=lambda q: q.id)
        articles = {_document(g) for q in qs for g in q.gold_passages}
        pool = [p for p in ds.passages if "#" not in p.key or _document(p.key) in articles]
        keys = [p.key for p in pool]
        texts = {p.key: pair_text(p.title, p.text) for p in pool}
        index = {k: i for i, k in enumerate(keys)}
        if not qs:
            continue
        cached = cache / f"{Path(path).stem}.{len(keys)}.passages.npy" if cache else None
        if cached is not None and cached.is_file():
            pmat = np.load(cached)
        else:
            pmat = encode([texts[k] for k in keys])  # type: ignore[operator]
            if cached is not None:
                cached.parent.mkdir(parents=True, exist_ok=True)
                np.save(cached, pmat)
        qmat = encode([q.question for q in qs])  # type: ignore[operator]
        sims = qmat @ pmat.T
        for q, row in zip(qs, sims, strict=True):
            gold_keys = [g for g in q.gold_passages if g in index]
            gold = set(gold_keys)
            order = np.argsort(-row)[: negatives + len(gold) + 5]
            negs = [keys[i] for i in order if keys[i] not in gold][:negatives]
            if not negs:
                continue
            gold_sim = row[index[gold_keys[0]]]
            rank_bi = 1 + sum(1 for k in negs if row[index[k]] > gold_sim)
            groups.append(
                Group(
                    q.id,
                    q.question,
                    texts[gold_keys[0]],
                    tuple(texts[k] for k in negs),
                    heldout(_document(gold_keys[0]), heldout_fraction),
                    rank_bi,
                )
            )
    return groups
