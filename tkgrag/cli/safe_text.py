"""Text from the graph or from file names, made safe for a terminal: data is printed, never interpreted.

An entity name holding ``ESC]0;...`` (set the window title) or ``ESC[31m`` (colours), or any other C0/C1 control
character, would act on the user's terminal if printed raw; ``[red]`` in a name would be read as Rich markup; a bidi
control (U+202E RIGHT-TO-LEFT OVERRIDE and kin) would reorder what follows it on the line, so a file name could make a
table row read differently from what it is. So what the CLI prints from the graph or the file system goes through
``safe``: those characters become visible ``\\x1b`` / ``\\u202e`` escapes, and the result is a Rich ``Text`` (never
parsed as markup). JSON output goes through ``json_text``: the same characters as JSON ``\\u`` escapes (valid JSON that
reads back to the same strings).
"""

from __future__ import annotations

import json
import re

from rich.console import Console
from rich.text import Text

# Bidi controls: ALM, LRM, RLM, the embeddings/overrides LRE..RLO (U+202A-U+202E) and the isolates LRI..PDI.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
# C0 controls except tab and newline, DEL, C1 controls (which include the 8-bit CSI, U+009B), and bidi controls.
_CONTROL = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}]")
# What json.dumps(ensure_ascii=False) leaves raw (it escapes C0 itself): DEL, C1, bidi and the line separators.
_JSON_RAW = re.compile(f"[\x7f-\x9f{_BIDI}\u2028\u2029]")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(value: object) -> str:
    """``value`` as a string with every control character shown as ``\\xNN`` (bidi controls as ``\\uNNNN``)."""
    return _CONTROL.sub(lambda m: _escape(m.group()), str(value))


def safe(value: object) -> Text:
    """``value`` as plain Rich text: controls escaped, no markup."""
    return Text(escape_controls(value))


def json_text(data: object) -> str:
    """``data`` as indented JSON whose strings carry no character a terminal acts on (``\\u009b``, not the CSI)."""
    text = json.dumps(data, default=str, ensure_ascii=False, indent=2)
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def print_json(console: Console, data: object) -> None:
    """Print ``data`` as JSON through ``json_text``: no markup, no highlighting, never wrapped."""
    console.print(json_text(data), markup=False, highlight=False, soft_wrap=True)
