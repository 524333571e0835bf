"""What the store can answer with, and how: the inventory (``tkgrag status``), the preparation steps
(``tkgrag prepare``), and the ``auto`` method's planner and fusion. Sits above the retrievers and readers it
inspects and composes, below the API and CLI."""
