"""FastInsight's hyperparameters (defaults from the paper, Sec. 4.1.1) and the baseline recipes built on them."""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.retrievers.base import ANN_CANDIDATES, Need

CHUNK_KINDS = frozenset({ItemKind.CHUNK})


@dataclass(frozen=True)
class FastInsightConfig:
    """Alg. 1's inputs. ``stex=False`` skips the expansion loop (the candidates are then the vector top ``b_max``:
    the GRanker-only ablation, and with ``alpha=0`` the Re2 baseline); ``alpha=0`` makes GRanker a plain,
    topology-blind cross-encoder (the STeX-only ablation)."""

    batch: int = 10  # Sec. 4.1.1: BATCH = 10 nodes per step
    b_max: int = 100  # Sec. 4.1.1: budget b_max = 100 nodes (cross-encoder pairs per query)
    alpha: float = 0.2  # Sec. 4.1.1: GRanker smoothing factor
    beta: float = 1.0  # Sec. 4.1.1: STeX score ratio
    stex: bool = True
    reranker: str = ""  # a CrossEncoder name or path; "" = TKGRAG_RERANKER_MODEL, else the trained model
    candidates: int = ANN_CANDIDATES  # ANN candidates asked of the vector index for the initial search

    def __post_init__(self) -> None:
        for name in ("batch", "b_max", "candidates"):
            if getattr(self, name) < 1:
                raise ConfigError(f"FastInsightConfig.{name}={getattr(self, name)!r}: must be >= 1")
        if not 0.0 <= self.alpha <= 1.0:
            raise ConfigError(f"FastInsightConfig.alpha={self.alpha!r}: must be in [0, 1]")
        if self.beta < 0:
            raise ConfigError(f"FastInsightConfig.beta={self.beta!r}: must be >= 0")

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return CHUNK_KINDS

    @property
    def needs(self) -> frozenset[Need]:
        return frozenset({Need.CROSS_ENCODER})


@dataclass(frozen=True)
class ChunkPprConfig:
    """HippoRAG-style baseline: GDS personalized PageRank over the chunk graph, restarting at the vector top
    ``seeds`` chunks weighted by their similarity. ``damping`` 0.5 as HippoRAG (Gutierrez et al. 2024, Sec. 3)."""

    seeds: int = 10
    damping: float = 0.5
    candidates: int = ANN_CANDIDATES

    def __post_init__(self) -> None:
        if self.seeds < 1 or self.candidates < 1:
            raise ConfigError("ChunkPprConfig: seeds and candidates must be >= 1")
        if not 0.0 < self.damping < 1.0:
            raise ConfigError(f"ChunkPprConfig.damping={self.damping!r}: must be in (0, 1)")

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return CHUNK_KINDS

    @property
    def needs(self) -> frozenset[Need]:
        return frozenset()
