"""Training groups for the cross-encoder: (question, gold passage, negatives of three kinds).

Questions and passages come from the project's own loaders (``tkgrag.sources.benchmarks``). The passages of every
training set form ONE pool, and each question gets negatives of three kinds, so that no single cue separates gold
from the rest:

- ``document``: the bi-encoder's top non-gold passages of the gold passage's own document (TimeQA article, MenatQA
  item). Telling these apart needs the question's time constraint.
- ``cross``: the bi-encoder's top passages of OTHER documents across the whole pool. Telling these apart needs what
  the question is about (the entity, the relation) -- the skill a reranker over a general Wikipedia corpus needs
  (MuSiQue); with in-document negatives only, a model learns "the passage states the asked year" and nothing else.
- ``random``: uniform passages of other documents (easy negatives, a calibrated floor).

Every negative keeps its bi-encoder cosine (the teacher of the distillation term, ``tkgrag.train.reranker``). A
negative that is a near-copy of the gold passage (cosine >= ``DUPLICATE_COS``) is dropped: it is probably not wrong.
The held-out split is by document, so validation passages come from documents the model never saw. The evaluation
questions (musique_100) are never read here.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tkgrag.errors import ConfigError

KINDS = ("document", "cross", "random")
DUPLICATE_COS = 0.98  # a "negative" this close to gold is a copy of it (MenatQA repeats paragraphs across items)
SCAN = 500  # hard negatives come from the bi-encoder's top SCAN passages; below that they are not hard
MIN_NEGATIVE_CHARS = 40  # title-only TimeQA paragraphs ("Diane Downs") teach nothing as negatives


@dataclass(frozen=True)
class Group:
    """One question with its gold passage and its negatives; ``kinds`` and ``neg_cos`` run parallel to ``negatives``."""

    qid: str
    question: str
    gold: str
    negatives: tuple[str, ...]
    kinds: tuple[str, ...]
    gold_cos: float
    neg_cos: tuple[float, ...]
    heldout: bool

    def of_kind(self, *kinds: str) -> list[int]:
        """Indices of the negatives of these kinds."""
        return [i for i, k in enumerate(self.kinds) if k in kinds]


@dataclass(frozen=True)
class PoolPassage:
    key: str  # dataset-qualified: ``<dataset stem>:<passage key>``
    document: str
    text: str


def pair_text(title: str | None, text: str) -> str:
    """The passage side of a cross-encoder pair: ``title: text`` (MuSiQue passages often omit their title)."""
    return f"{title}: {text}" if title else text


def document_of(key: str, item: int | None) -> str:
    """TimeQA keys are ``<article>#<paragraph>``; a key without ``#`` (MenatQA) belongs to its source item."""
    if "#" in key:
        return key.split("#", 1)[0]
    return f"item:{item}" if item is not None else key


def heldout(doc: str, fraction: float) -> bool:
    """A stable, seed-free split: the document's hash decides."""
    h = int(hashlib.sha1(doc.encode("utf-8")).hexdigest()[:8], 16)
    return (h % 1000) < fraction * 1000


@dataclass(frozen=True)
class MiningConfig:
    document: int = 5  # in-document hard negatives kept per question
    cross: int = 10  # other-document hard negatives kept per question
    random: int = 5  # other-document random negatives kept per question
    heldout_fraction: float = 0.1
    seed: int = 13


def mine_negatives(
    qvec: np.ndarray,
    pmat: np.ndarray,
    pool: Sequence[PoolPassage],
    gold: Sequence[int],
    cfg: MiningConfig,
    rng: random.Random,
) -> list[tuple[int, str]]:
    """(pool index, kind) of one question's negatives. ``qvec`` and the rows of ``pmat`` are L2-normalised, so the
    dot product is the cosine. Gold passages, near-copies of the first gold passage and short passages are never
    negatives; the first gold passage's document decides what "in-document" means."""
    gold_set = set(gold)
    gold_doc = pool[gold[0]].document
    sims = pmat @ qvec
    dup = pmat @ pmat[gold[0]] >= DUPLICATE_COS

    def usable(i: int) -> bool:
        return i not in gold_set and not dup[i] and len(pool[i].text) >= MIN_NEGATIVE_CHARS

    out: list[tuple[int, str]] = []
    counts = {"document": 0, "cross": 0}
    want = {"document": cfg.document, "cross": cfg.cross}
    for i in np.argsort(-sims, kind="stable")[:SCAN]:
        i = int(i)
        if not usable(i):
            continue
        kind = "document" if pool[i].document == gold_doc else "cross"
        if counts[kind] < want[kind]:
            counts[kind] += 1
            out.append((i, kind))
        if counts == want:
            break
    taken = {i for i, _ in out}
    drawn = 0
    for _ in range(20 * cfg.random):  # rejection sampling: the pool is large, few draws are refused
        if drawn >= cfg.random:
            break
        i = rng.randrange(len(pool))
        if pool[i].document != gold_doc and i not in taken and usable(i):
            taken.add(i)
            out.append((i, "random"))
            drawn += 1
    return out


def load_pool(paths: Sequence[Path]) -> tuple[list[PoolPassage], list[tuple[str, str, list[int]]]]:
    """The shared passage pool of every dataset and the questions (id, text, gold pool indices) that have a gold
    passage in it. MuSiQue (the evaluation set) is refused."""
    from tkgrag.sources.benchmarks import load_dataset

    pool: list[PoolPassage] = []
    questions: list[tuple[str, str, list[int]]] = []
    for path in paths:
        ds = load_dataset(path)
        if ds.format == "musique":
            raise ConfigError(f"{path}: MuSiQue corpus questions are the evaluation set; not used for training")
        stem = Path(path).stem
        index: dict[str, int] = {}
        for p in ds.passages:
            if p.key in index:
                continue
            index[p.key] = len(pool)
            doc = document_of(p.key, p.ref.item if p.ref is not None else None)
            pool.append(PoolPassage(f"{stem}:{p.key}", f"{stem}:{doc}", pair_text(p.title, p.text)))
        for q in ds.questions:
            gold = [index[g] for g in q.gold_passages if g in index]
            if gold:
                questions.append((f"{stem}:{q.id}", q.question, gold))
    return pool, questions


def build_groups(
    paths: Sequence[Path],
    encode: Callable[[Sequence[str]], np.ndarray],
    cfg: MiningConfig | None = None,
    *,
    cache: Path | None = None,
) -> list[Group]:
    """Groups for every question of every dataset in ``paths``, negatives mined over their joint passage pool.

    ``encode(texts) -> np.ndarray`` embeds (L2-normalised); the pool's matrix is cached in ``cache`` so a resumed
    run does not embed it again."""
    cfg = cfg or MiningConfig()
    pool, questions = load_pool(paths)
    if not questions:
        return []
    cached = cache / f"pool.{len(pool)}.{_digest(pool)}.npy" if cache else None
    if cached is not None and cached.is_file():
        pmat = np.load(cached, allow_pickle=False)
    else:
        pmat = np.asarray(encode([p.text for p in pool]), dtype=np.float32)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            np.save(cached, pmat)
    qmat = np.asarray(encode([q for _, q, _ in questions]), dtype=np.float32)
    rng = random.Random(cfg.seed)
    groups: list[Group] = []
    for (qid, text, gold), qvec in zip(questions, qmat, strict=True):
        negs = mine_negatives(qvec, pmat, pool, gold, cfg, rng)
        if not negs:
            continue
        groups.append(
            Group(
                qid,
                text,
                pool[gold[0]].text,
                tuple(pool[i].text for i, _ in negs),
                tuple(k for _, k in negs),
                float(pmat[gold[0]] @ qvec),
                tuple(float(pmat[i] @ qvec) for i, _ in negs),
                heldout(pool[gold[0]].document, cfg.heldout_fraction),
            )
        )
    return groups


def _digest(pool: Sequence[PoolPassage]) -> str:
    h = hashlib.sha1()
    for p in pool:
        h.update(p.key.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:10]
