"""The small hand-made TKG shared by the STAR-RAG unit tests (worked out by hand in the tests' comments).

event 0: (A, x, B, day 1)      RelSet[A] = {x, y, z}
event 1: (A, y, C, day 2)      RelSet[B] = {x, y}
event 2: (B, y, C, day 3)      RelSet[C] = {y}
event 3: (D, x, E, day 4)      RelSet[D] = {x, z}
event 4: (D, z, A, day 5)      RelSet[E] = {x}
"""

from __future__ import annotations

HAND_EVENTS = [
    ("A", "x", "B", 1),
    ("A", "y", "C", 2),
    ("B", "y", "C", 3),
    ("D", "x", "E", 4),
    ("D", "z", "A", 5),
]
