"""Text from the graph, made safe for a terminal: data is printed, never interpreted.

An entity name holding ``ESC]0;...`` (set the window title) or ``ESC[31m`` (colours), or any other C0/C1 control
character, would act on the user's terminal if printed raw; ``[red]`` in a name would be read as Rich markup. So what
the CLI prints from the graph goes through ``safe``: control characters become visible ``\\x1b``-style escapes, and the
result is a Rich ``Text`` (never parsed as markup).
"""

from __future__ import annotations

import re

from rich.text import Text

# C0 controls except tab and newline, DEL, and C1 controls (which include the 8-bit CSI, U+009B).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def escape_controls(value: object) -> str:
    """``value`` as a string with every control character shown as ``\\xNN``."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(value))


def safe(value: object) -> Text:
    """``value`` as plain Rich text: controls escaped, no markup."""
    return Text(escape_controls(value))
