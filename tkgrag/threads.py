"""How many threads one request's linear algebra may use, and the limit applied around it.

On a busy machine the BLAS and OpenMP pools that numpy, scipy and torch start with one thread per core fight the other
processes for those cores: STAR's in-process PPR took 430-1,400 ms a question with the default threads and 73-89 ms
with one (issue 30), and a torch training step 12 s instead of 0.5 s. A request's matrices are small (a few thousand
rules, tens of candidates), so one thread loses little when the machine is idle and avoids the collapse when it is
not; bulk work (ingestion's embedding, training) keeps more threads, but not more than the cores.

``TKGRAG_REQUEST_THREADS`` (default 1; 0: the libraries' own defaults, i.e. no limit) bounds a request;
``TKGRAG_TORCH_THREADS`` (default: the cores less one, at least 1) bounds torch in training.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tkgrag.errors import ConfigError

_controller: Any = None
_lock = threading.Lock()


def _env_threads(var: str, default: int) -> int:
    raw = os.environ.get(var, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{var}={raw!r} is not a whole number of threads (0: no limit)") from None
    if value < 0:
        raise ConfigError(f"{var}={raw!r} must be 0 (no limit) or more")
    return value


def request_threads() -> int | None:
    """Threads one request may use (``TKGRAG_REQUEST_THREADS``, default 1); None: no limit."""
    return _env_threads("TKGRAG_REQUEST_THREADS", 1) or None


def training_threads() -> int:
    """Torch's intra-op threads in training (``TKGRAG_TORCH_THREADS``; default the cores less one, at least 1)."""
    return _env_threads("TKGRAG_TORCH_THREADS", max(1, (os.cpu_count() or 1) - 1)) or (os.cpu_count() or 1)


def _threadpools() -> Any:
    """One threadpoolctl controller for the process (finding the loaded BLAS/OpenMP libraries takes ~5 ms; limiting
    through a kept controller ~0.1 ms). Made at the first request, when numpy and scipy are loaded."""
    global _controller
    with _lock:
        if _controller is None:
            from threadpoolctl import ThreadpoolController

            _controller = ThreadpoolController()
        return _controller


@contextmanager
def limited(threads: int | None) -> Iterator[None]:
    """BLAS/OpenMP pools (threadpoolctl) and, when torch is loaded, its intra-op threads at ``threads`` inside the
    block, put back after; no-op for None."""
    if threads is None:
        yield
        return
    torch = sys.modules.get("torch")
    before = torch.get_num_threads() if torch is not None else None
    if torch is not None and before != threads:
        torch.set_num_threads(threads)
    try:
        with _threadpools().limit(limits=threads):
            yield
    finally:
        if torch is not None and before is not None and before != threads:
            torch.set_num_threads(before)


def limit_torch_for_training(threads: int | None = None) -> int:
    """Set torch's intra-op threads for a training run (process-wide: training owns its process); returns them."""
    import torch

    n = threads or training_threads()
    torch.set_num_threads(n)
    return n
