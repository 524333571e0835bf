"""The explore queries as a Neo4j Browser guide that opens by itself after login on the managed instance.

How it works (Neo4j Browser 5.24, served by Neo4j 5.26 itself):

- Browser runs ``browser.post_connect_cmd`` after every successful login; ``play <url>`` there shows a guide: HTML
  slides whose ``<pre class="runnable">`` blocks go into the editor on a click, or run at once from their play icon.
  Browser fetches a guide only from hosts in ``browser.remote_content_hostname_whitelist`` (hostnames, any port).
- Neo4j serves Browser's files from the classpath folder ``browser/`` (the jar org.neo4j.client:neo4j-browser in
  ``lib/``); the first classpath entry that has that folder wins, and the server's classpath starts with the
  instance's ``conf/*.jar`` (``InstanceLayout.classpath``). So at every start tkgrag writes
  ``conf/tkgrag-browser.jar``: Browser's own ``browser/`` files plus ``browser/tkgrag/explore.html``, the guide
  rendered from ``cypher/explore.cypher``. Neo4j then serves the guide from its own HTTP port, with no other process,
  while Browser itself is byte for byte the one assembled.
- The jar is rebuilt only when the guide or Browser's jar changed (a stamp in the zip comment); rebuilding costs a few
  seconds (Browser's files are 45 MB unpacked).
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import zipfile
from pathlib import Path

from tkgrag.cypher_files import cypher_dir
from tkgrag.errors import ServerError
from tkgrag.explore import ExploreFile, load_explore, parse_explore
from tkgrag.server.layout import InstanceLayout
from tkgrag.server.versions import BROWSER_VERSION

GUIDE_JAR = "tkgrag-browser.jar"
GUIDE_RESOURCE = "browser/tkgrag/explore.html"
# Browser's files live under this folder of its jar; the HTTP server serves the first such folder on the classpath.
_BROWSER_FOLDER = "browser/"
_CODE = re.compile(r"`([^`]+)`")


def guide_url(http_port: int) -> str:
    return f"http://127.0.0.1:{http_port}/{GUIDE_RESOURCE}"


def browser_conf_lines(http_port: int) -> list[str]:
    """The ``browser.*`` settings of neo4j.conf: open the guide after login, and let Browser fetch it from here."""
    return [
        f"browser.post_connect_cmd=play {guide_url(http_port)}",
        # Hostnames only (Browser ignores the port): this machine, as the status command prints it or by name.
        "browser.remote_content_hostname_whitelist=127.0.0.1,localhost",
        # Browser's product analytics off, like Neo4j's usage reports (dbms.usage_report.enabled).
        "client.allow_telemetry=false",
    ]


def _text(comment: str) -> str:
    """A query's description as HTML: escaped, with `backticked` words as code."""
    return _CODE.sub(r"<code>\1</code>", html.escape(comment))


def _paragraphs(lines: list[str]) -> str:
    """The file's header comment as paragraphs (split at blank lines); indented lines, commands, as code lines."""
    paragraphs: list[list[str]] = [[]]
    code = False
    for line in lines:
        if not line.strip():
            paragraphs.append([])
        elif line.startswith(" "):
            paragraphs[-1].append(f"{'' if code else '<br>'}<code>{html.escape(line.strip())}</code><br>")
        else:
            paragraphs[-1].append(_text(line))
        code = line.startswith(" ")
    return "\n".join(f"<p>{' '.join(p)}</p>" for p in paragraphs if p)


def grass_style() -> str:
    """``cypher/browser.grass``: how Browser draws the graph (an Event captioned by its text, "subject relation
    object on time"; an Entity by its name; a qualifier edge by its predicate), as one ``:style`` command."""
    return ":style " + " ".join(grass_path().read_text(encoding="utf-8").split())


def grass_path() -> Path:
    return cypher_dir() / "browser.grass"


def store_params() -> ExploreFile:
    """``cypher/browser-params.cypher``: the same parameters, taken from the store's own data (falling back to the
    samples' values where it has no such item)."""
    return parse_explore((cypher_dir() / "browser-params.cypher").read_text(encoding="utf-8"))


def render_guide(explore: ExploreFile, style: str | None = None, derived: ExploreFile | None = None) -> str:
    """The guide: a first slide with the parameters to set (the samples' values, or values from this store) and the
    style, then one slide per section of explore.cypher. ``style``: the ``:style`` command (default:
    ``grass_style()``); ``derived``: the store-derived parameters (default: ``store_params()``)."""
    header = _paragraphs(explore.header)
    params = html.escape(";\n".join(explore.param_commands()) + ";")
    from_store = html.escape(";\n".join((derived or store_params()).param_commands()) + ";")
    style_block = html.escape(style if style is not None else grass_style())
    slides = [
        '<slide class="row-fluid">\n'
        '<div class="col-sm-3"><h3>Explore the tkgrag graph</h3>\n'
        '<p class="lead">The queries of <code>cypher/explore.cypher</code>, one section per slide.</p></div>\n'
        '<div class="col-sm-9" data-tkgrag-slide="1">\n'
        "<p>First set the example parameters (values from the bundled samples): click the play icon of this block. "
        "Then click a query to put it in the editor, or its play icon to run it. Change a value with "
        "<code>:param name =&gt; value</code>.</p>\n"
        f'<pre class="runnable" data-tkgrag="params">{params}</pre>\n'
        "<p>Or take the values from this store's own data (the most connected entity, its dates and relation, the "
        "first qualified fact, chunk and dated passage; the samples' value where the store has none):</p>\n"
        f'<pre class="runnable" data-tkgrag="store-params">{from_store}</pre>\n'
        "<p>Draw events by what they say and entities by their name (the style of <code>cypher/browser.grass</code>; "
        "<code>:style reset</code> undoes it):</p>\n"
        f'<pre class="runnable" data-tkgrag="style">{style_block}</pre>\n'
        f"{header}\n"
        "</div>\n</slide>"
    ]
    number = 0
    for slide, section in enumerate(explore.sections, start=2):
        blocks = []
        for query in section.queries:
            number += 1
            blocks.append(
                f"<p>{_text(query.comment)}</p>\n"
                f'<pre class="runnable" data-tkgrag="query-{number}">{html.escape(query.text)}</pre>'
            )
        title = html.escape(section.title[:1].upper() + section.title[1:])
        content = "\n".join(blocks)
        slides.append(
            '<slide class="row-fluid">\n'
            f'<div class="col-sm-3"><h3>{title}</h3></div>\n'
            f'<div class="col-sm-9" data-tkgrag-slide="{slide}">\n{content}\n</div>\n</slide>'
        )
    body = "\n".join(slides)
    return (
        '<title>tkgrag: explore the graph</title>\n<article class="guide">\n'
        f'<carousel class="deck container-fluid">\n{body}\n</carousel>\n</article>\n'
    )


def browser_jar(layout: InstanceLayout) -> Path:
    jar = layout.lib / f"neo4j-browser-{BROWSER_VERSION}.jar"
    if not jar.is_file():
        raise ServerError(
            f"Neo4j Browser's jar {jar} is missing from the assembled server. Remove {layout.dist} and start again "
            "to assemble it afresh."
        )
    return jar


def write_guide_jar(layout: InstanceLayout, explore: ExploreFile | None = None) -> Path:
    """Write ``conf/tkgrag-browser.jar`` (Browser's files plus the guide) unless the one there is up to date."""
    guide = render_guide(explore or load_explore()).encode("utf-8")
    source = browser_jar(layout)
    stamp = f"tkgrag guide {hashlib.sha256(guide).hexdigest()} {source.name} {source.stat().st_size}".encode()
    target = layout.conf_dir / GUIDE_JAR
    if target.is_file():
        try:
            with zipfile.ZipFile(target) as current:
                if current.comment == stamp:
                    return target
        except zipfile.BadZipFile:
            pass  # a half-written jar from an interrupted start: write it again
    partial = target.with_name(f".{GUIDE_JAR}.{os.getpid()}.partial")
    try:
        with zipfile.ZipFile(source) as src, zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
            for info in src.infolist():
                if info.filename.startswith(_BROWSER_FOLDER) and info.filename != GUIDE_RESOURCE:
                    out.writestr(info, src.read(info), compresslevel=1)
            out.writestr(GUIDE_RESOURCE, guide)
            out.comment = stamp
        os.chmod(partial, 0o600)  # like every file of the instance (readable by its owner only)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target
