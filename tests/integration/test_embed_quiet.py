"""Exporting and loading the ONNX embedder prints nothing to the user: the TorchScript exporter's deprecation and
TracerWarning, onnxruntime's quantization advice and sentence-transformers' renamed-method FutureWarning were ours
to silence. (Here rather than in unit/: the export runs torch for a minute on a small machine.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_onnx_export_and_load_print_no_library_warnings(tmp_path: Path) -> None:
    code = (
        "from pathlib import Path; from tkgrag.embed import OnnxEmbedder, SentenceTransformerEmbedder;"
        "OnnxEmbedder('sentence-transformers/all-MiniLM-L6-v2', quantize=True, "
        f"cache_dir=Path({str(tmp_path)!r}) / 'm');"
        "SentenceTransformerEmbedder('sentence-transformers/all-MiniLM-L6-v2')"
    )
    out = subprocess.run(
        [sys.executable, "-W", "default", "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
        env={
            "PYTHONPATH": str(REPO),
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "PATH": "/usr/bin:/bin",
            "HOME": str(Path.home()),
        },
    )
    assert out.returncode == 0, out.stderr
    for noise in ("TracerWarning", "DeprecationWarning", "FutureWarning", "pre-processing before quantization"):
        assert noise not in out.stderr, out.stderr
