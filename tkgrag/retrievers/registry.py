"""Retrieval methods by name: each is a recipe (a retriever family + a typed, validated config), like Graphiti's
search-config recipes. A new method is one module behind the ``Retriever`` protocol plus one entry in ``METHODS``;
the CLI (``tkgrag retrieve|eval --method``, ``tkgrag methods``), the readers and the evaluation take it from here.

A factory gets a ``RetrieverContext`` (store, embedder, settings, the LLM client when one is configured) and the
recipe's config; ``create(name, context, **overrides)`` validates overrides against the config's fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Protocol

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.retrievers.base import MAX_OPTION, Need, Retriever
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.fastinsight.config import ChunkPprConfig, FastInsightConfig
from tkgrag.retrievers.mrag.config import MragConfig
from tkgrag.retrievers.star.config import STAR_PLUS, StarConfig
from tkgrag.retrievers.timer4.config import TimeR4Config
from tkgrag.retrievers.vector import VectorConfig
from tkgrag.store import Store

if TYPE_CHECKING:
    from tkgrag.config import Settings
    from tkgrag.llm.client import ChatClient


class MethodConfig(Protocol):
    """A recipe's config: a frozen dataclass that validates itself and says what the method returns and needs."""

    @property
    def kinds(self) -> frozenset[ItemKind]: ...

    @property
    def needs(self) -> frozenset[Need]: ...


@dataclass(frozen=True)
class RetrieverContext:
    """What a factory may use. ``llm`` is None when no endpoint is configured; methods needing one refuse then."""

    store: Store
    embedder: Embedder
    settings: Settings | None = None
    llm: ChatClient | None = None


@dataclass(frozen=True)
class Method:
    name: str
    description: str
    config: Any  # a MethodConfig
    build: Callable[[RetrieverContext, Any, str], Retriever]

    @property
    def kinds(self) -> frozenset[ItemKind]:
        kinds: frozenset[ItemKind] = self.config.kinds
        return kinds

    @property
    def needs(self) -> frozenset[Need]:
        needs: frozenset[Need] = self.config.needs
        return needs

    def configured(self, **overrides: Any) -> Any:
        """The recipe's config with ``overrides`` (unknown names and invalid values raise ``ConfigError``)."""
        if not overrides:
            return self.config
        known = {f.name for f in fields(self.config)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ConfigError(
                f"method {self.name!r}: unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        for name, value in overrides.items():
            if isinstance(value, int) and not isinstance(value, bool) and value > MAX_OPTION:
                said = f"option {name}={value:,} is more than the {MAX_OPTION:,} allowed"
                raise ConfigError(f"method {self.name!r}: {said}")
        return replace(self.config, **overrides)


def parse_options(m: Method, items: list[str] | None) -> dict[str, Any]:
    """``["llm_decompose=true", "candidates=50"]`` -> overrides typed like the recipe's config fields (bool, int,
    float, str); unknown names and bad values raise ``ConfigError`` naming the option."""
    out: dict[str, Any] = {}
    types = {f.name: type(getattr(m.config, f.name)) for f in fields(m.config)}
    for item in items or []:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise ConfigError(f"option {item!r} of method {m.name!r}: write NAME=VALUE")
        if name not in types:
            raise ConfigError(f"method {m.name!r}: unknown option {name!r}; known: {', '.join(sorted(types))}")
        kind = types[name]
        try:
            if kind is bool:
                if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(raw)
                out[name] = raw.lower() in ("true", "1", "yes")
            elif kind in (int, float, str):
                out[name] = kind(raw)
            else:
                raise ConfigError(f"method {m.name!r}: option {name!r} cannot be set from the command line")
        except ValueError:
            raise ConfigError(f"method {m.name!r}: option {name}={raw!r} is not a valid {kind.__name__}") from None
    m.configured(**out)  # bounds and the config's own checks, before anything connects
    return out


def _vector(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.vector import VectorRetriever

    return VectorRetriever(ctx.store, ctx.embedder, config, name)


def _passage_vector(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.passage_vector import PassageVectorRetriever

    return PassageVectorRetriever(ctx.store, ctx.embedder, config, name)


def _mrag(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.mrag.retriever import MragRetriever

    return MragRetriever(ctx.store, ctx.embedder, config, name, ctx.llm)


def _exaqt(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever

    return ExaqtRetriever(ctx.store, ctx.embedder, config, name)


def _timer4(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.timer4.retriever import TimeR4Retriever

    return TimeR4Retriever(ctx.store, ctx.embedder, config, name, ctx.llm)


def _star(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.star.retriever import StarRetriever

    return StarRetriever(ctx.store, ctx.embedder, config, name)


def _fastinsight(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.fastinsight.retriever import FastInsightRetriever

    return FastInsightRetriever(ctx.store, ctx.embedder, config, name)


def _chunk_ppr(ctx: RetrieverContext, config: Any, name: str) -> Retriever:
    from tkgrag.retrievers.fastinsight.chunk_ppr import ChunkPprRetriever

    return ChunkPprRetriever(ctx.store, ctx.embedder, config, name)


_METHODS = [
    Method(
        "vector",
        "top-k events/facts by cosine through the event vector index (STAR-RAG's no-rule ablation)",
        VectorConfig(),
        _vector,
    ),
    Method(
        "vector+tc",
        "`vector` with the temporal constraints applied in Cypher",
        VectorConfig(apply_constraints=True),
        _vector,
    ),
    Method(
        "star",
        "STAR-RAG Alg. 1: anchors, seed rules with personalization gamma, PPR on the rule graph, supports by cosine",
        StarConfig(),
        _star,
    ),
    Method(
        "star-uniform",
        "`star` with a uniform seed distribution (the paper's ablation)",
        StarConfig(personalization="star-uniform"),
        _star,
    ),
    Method(
        "star+tc",
        "`star` with the temporal constraints narrowing the candidates in Cypher",
        StarConfig(apply_constraints=True),
        _star,
    ),
    Method(
        "star+",
        "`star+tc` seeded also by the question's grounded anchor event, the anchor as evidence, and candidates scored "
        "by cosine + rule PPR mass + temporal proximity (beyond the paper)",
        STAR_PLUS,
        _star,
    ),
    Method(
        "passage-vector",
        "top-k passages by cosine through the passage vector index (the MRAG baseline)",
        VectorConfig(label="Passage"),
        _passage_vector,
    ),
    Method(
        "passage-vector+tc",
        "`passage-vector` with the temporal filter on the passages' mentioned dates",
        VectorConfig(label="Passage", apply_constraints=True),
        _passage_vector,
    ),
    Method(
        "passage-rerank",
        "retrieve-then-rerank baseline: passages by the whole question, re-ranked by their best sentence",
        MragConfig(split_question=False, temporal=False, qfs_passages=0),
        _mrag,
    ),
    Method(
        "mrag",
        "MRAG: main content / temporal constraint split, sentences scored semantic x temporal (+ QFS with an LLM)",
        MragConfig(),
        _mrag,
    ),
    Method(
        "mrag+",
        "`mrag` with a plain period scored as *during* (flat) and the passage's own similarity in the score",
        MragConfig(ramp_unordered=False, passage_weight=0.3),
        _mrag,
    ),
    Method(
        "exaqt",
        "EXAQT: question-relevant facts of the linked entities, Group Steiner Trees in GDS, completion, temporal "
        "fact enhancement (the answer graph); answers ranked with the temporal constraint applied exactly",
        ExaqtConfig(),
        _exaqt,
    ),
    Method(
        "timer4",
        "TimeR4: FKS facts, rewrite of implicit times (symbolic; LLM prompt optional), time-aware retrieval from "
        "the TKS (fine-tuned encoder, Event.embedding_ta), rerank mu x cos + (1 - mu) x phi_t (Eq. 10)",
        TimeR4Config(),
        _timer4,
    ),
    Method(
        "timer4-no-rewrite",
        "`timer4` without the rewrite step (Table 5's ablation): the TKS searched with the question as asked",
        TimeR4Config(rewrite=False),
        _timer4,
    ),
    Method(
        "timer4-no-rerank",
        "`timer4` without the rerank (Table 5's ablation): the TKS's top k by similarity alone",
        TimeR4Config(rerank=False),
        _timer4,
    ),
    Method(
        "chunk-vector",
        "top-k corpus-graph chunks by cosine through the chunk vector index (FastInsight's Vector Search baseline)",
        VectorConfig(label="Chunk"),
        _vector,
    ),
    Method(
        "re2",
        "retrieve-then-rerank: the vector top-100 chunks reranked by the cross-encoder (FastInsight's Re2 baseline)",
        FastInsightConfig(stex=False, alpha=0.0),
        _fastinsight,
    ),
    Method(
        "chunk-ppr",
        "HippoRAG-style GDS personalized PageRank over the chunk graph, restarting at the vector top-10 chunks",
        ChunkPprConfig(),
        _chunk_ppr,
    ),
    Method(
        "fastinsight",
        "FastInsight Alg. 1: vector top-BATCH, then STeX expansion and GRanker reranking (cross-encoder latents "
        "smoothed over the retrieved subgraph) until b_max chunks",
        FastInsightConfig(),
        _fastinsight,
    ),
    Method(
        "stex-only",
        "FastInsight ablation: STeX expansion with a topology-blind cross-encoder (GRanker with alpha = 0)",
        FastInsightConfig(alpha=0.0),
        _fastinsight,
    ),
    Method(
        "granker-only",
        "FastInsight ablation: GRanker over the vector top-b_max chunks, no STeX expansion",
        FastInsightConfig(stex=False),
        _fastinsight,
    ),
]
METHODS: dict[str, Method] = {m.name: m for m in _METHODS}


def method(name: str) -> Method:
    try:
        return METHODS[name]
    except KeyError:
        raise ConfigError(f"unknown retrieval method {name!r}; choose one of: {', '.join(METHODS)}") from None


def create(name: str, context: RetrieverContext, **overrides: Any) -> Retriever:
    """The retriever of method ``name`` (its recipe's config with ``overrides``)."""
    m = method(name)
    config = m.configured(**overrides)
    if Need.LLM in config.needs and context.llm is None:
        raise ConfigError(
            f"method {name!r} needs an LLM endpoint: set OPENAI_BASE_URL and OPENAI_API_KEY (see `tkgrag doctor`)"
        )
    return m.build(context, config, name)
