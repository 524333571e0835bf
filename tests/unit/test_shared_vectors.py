"""``embed.shared_vectors``: inside one request, a one-text encode of a text the same model already embedded returns
that vector instead of running the model again; nothing is kept outside the block. And ``queries.probe``'s one
query for every label."""

from __future__ import annotations

import numpy as np
import pytest

from tkgrag.embed import remembered, shared_vectors
from tkgrag.queries.probe import LABELS, probe_query


class Model:
    """Counts its runs; the vector of a text is (len(text), runs so far), so a rerun is visible in the values."""

    def __init__(self) -> None:
        self.runs = 0

    def encode(self, texts: list[str]) -> np.ndarray:
        self.runs += 1
        return np.array([[len(t), self.runs] for t in texts], dtype=np.float32)


def test_one_text_is_embedded_once_per_block_and_per_model() -> None:
    m = Model()
    with shared_vectors():
        a = remembered("m", "onnx", ["who won"], lambda: m.encode(["who won"]))
        b = remembered("m", "onnx", ["who won"], lambda: m.encode(["who won"]))
        assert m.runs == 1 and a.tolist() == b.tolist() == [[7.0, 1.0]]
        b[0, 0] = 99.0  # a copy: the caller's changes do not reach the next caller
        assert remembered("m", "onnx", ["who won"], lambda: m.encode(["who won"])).tolist() == [[7.0, 1.0]]
        other = remembered("tks", "onnx", ["who won"], lambda: m.encode(["who won"]))  # another model: its own
        assert other.tolist() == [[7.0, 2.0]] and m.runs == 2
        with shared_vectors():  # a nested block shares the outer one
            assert remembered("m", "onnx", ["who won"], lambda: m.encode(["who won"])).tolist() == [[7.0, 1.0]]
        batch = remembered("m", "onnx", ["who won", "x"], lambda: m.encode(["who won", "x"]))  # a batch: always run
        assert batch.tolist() == [[7.0, 3.0], [1.0, 3.0]] and m.runs == 3
    # outside a block, and in a new block, nothing is remembered
    assert remembered("m", "onnx", ["who won"], lambda: m.encode(["who won"])).tolist() == [[7.0, 4.0]]
    with shared_vectors():
        assert remembered("m", "onnx", ["who won"], lambda: m.encode(["who won"])).tolist() == [[7.0, 5.0]]


def test_the_probe_reads_every_label_in_one_parameterised_query() -> None:
    q = probe_query(["Passage", "Chunk"])
    assert q.count("CALL () {") == 2 and q.endswith("RETURN hits_Passage, hits_Chunk")
    assert "$n_Passage" in q and "$n_Chunk" in q and "$qvec" in q and "$n_Event" not in q
    assert probe_query(["Chunk", "Chunk"]).count("CALL () {") == 1
    assert LABELS == ("Event", "Passage", "Chunk")
    with pytest.raises(ValueError, match="labels must be some of Event, Passage, Chunk, got \\['Person'\\]"):
        probe_query(["Person"])
