"""The explore file's reader, the Browser guide rendered from it, and the jar that serves the guide."""

from __future__ import annotations

import stat
import zipfile
from pathlib import Path

import pytest

from tkgrag.errors import ServerError
from tkgrag.explore import load_explore, parse_explore
from tkgrag.server.browser_guide import (
    GUIDE_JAR,
    GUIDE_RESOURCE,
    browser_conf_lines,
    guide_url,
    render_guide,
    write_guide_jar,
)
from tkgrag.server.conf import render_conf
from tkgrag.server.layout import InstanceLayout
from tkgrag.server.versions import BROWSER_VERSION

EXPLORE = """// tkgrag: a header.
//
//   tkgrag ingest facts x.jsonl
//   tkgrag ingest passages y.jsonl
// Then look.

// ---- parameters (run these once; they stay set) ----
:param entity => 'Q7747';
:param from => date('1999-01-01');

// ---- overview ---------------------
// Nodes per label.
MATCH (n)
RETURN labels(n)[0] AS label, count(*) AS nodes;

// ---- STAR-RAG rules & <edges> ----
// Rules of `tkgrag rules build`.
// May be empty: built later.
MATCH (a:Rule)-[w:RULE_EDGE]->(b:Rule)
WHERE a.support > 1 AND w.weight < 2 // inline note
RETURN a.key, b.key;
"""


def test_parse_explore_sections_params_and_queries() -> None:
    explore = parse_explore(EXPLORE)
    assert explore.header == [
        "tkgrag: a header.",
        "",
        "  tkgrag ingest facts x.jsonl",
        "  tkgrag ingest passages y.jsonl",
        "Then look.",
    ]
    assert explore.params == {"entity": "'Q7747'", "from": "date('1999-01-01')"}
    assert explore.param_commands() == [":param entity => 'Q7747'", ":param from => date('1999-01-01')"]
    assert [s.title for s in explore.sections] == ["overview", "STAR-RAG rules & <edges>"]
    first, second = explore.queries
    assert (first.section, first.comment, first.may_be_empty) == ("overview", "Nodes per label.", False)
    assert first.text == "MATCH (n)\nRETURN labels(n)[0] AS label, count(*) AS nodes"
    assert second.comment == "Rules of `tkgrag rules build`. May be empty: built later."
    assert second.may_be_empty
    assert second.text.splitlines() == [
        "MATCH (a:Rule)-[w:RULE_EDGE]->(b:Rule)",
        "WHERE a.support > 1 AND w.weight < 2 // inline note",
        "RETURN a.key, b.key",
    ]


def test_guide_has_a_params_slide_then_one_slide_per_section_with_escaped_runnable_queries() -> None:
    guide = render_guide(parse_explore(EXPLORE))
    assert guide.count("<slide") == 3
    assert [f'data-tkgrag-slide="{n}"' in guide for n in (1, 2, 3, 4)] == [True, True, True, False]
    assert (
        '<pre class="runnable" data-tkgrag="params">:param entity =&gt; &#x27;Q7747&#x27;;\n'
        ":param from =&gt; date(&#x27;1999-01-01&#x27;);</pre>" in guide
    )
    assert '<pre class="runnable" data-tkgrag="query-1">MATCH (n)\nRETURN labels(n)[0] AS label' in guide
    assert "MATCH (a:Rule)-[w:RULE_EDGE]-&gt;(b:Rule)\nWHERE a.support &gt; 1 AND w.weight &lt; 2" in guide
    assert 'data-tkgrag="query-2"' in guide and 'data-tkgrag="query-3"' not in guide
    assert "<h3>STAR-RAG rules &amp; &lt;edges&gt;</h3>" in guide
    assert "<p>Rules of <code>tkgrag rules build</code>. May be empty: built later.</p>" in guide
    assert (
        "<p>tkgrag: a header.</p>\n<p><br><code>tkgrag ingest facts x.jsonl</code><br> "
        "<code>tkgrag ingest passages y.jsonl</code><br> Then look.</p>"
    ) in guide


def test_the_project_explore_file_renders_every_query() -> None:
    explore = load_explore()
    guide = render_guide(explore)
    assert guide.count("<slide") == len(explore.sections) + 1
    assert f'data-tkgrag="query-{len(explore.queries)}"' in guide
    assert f'data-tkgrag="query-{len(explore.queries) + 1}"' not in guide


def test_conf_opens_the_guide_of_this_instance_after_login(tmp_path: Path) -> None:
    from tkgrag.config import load_settings

    settings = load_settings({"TKGRAG_HOME": str(tmp_path), "TKGRAG_HTTP_PORT": "27474", "TKGRAG_BOLT_PORT": "27687"})
    conf = render_conf(InstanceLayout.from_settings(settings), settings.server).splitlines()
    assert guide_url(27474) == "http://127.0.0.1:27474/browser/tkgrag/explore.html"
    assert "browser.post_connect_cmd=play http://127.0.0.1:27474/browser/tkgrag/explore.html" in conf
    assert "browser.remote_content_hostname_whitelist=127.0.0.1,localhost" in conf
    assert set(browser_conf_lines(27474)) <= set(conf)


def _fake_browser(layout: InstanceLayout) -> Path:
    layout.lib.mkdir(parents=True)
    layout.conf_dir.mkdir(parents=True)
    jar = layout.lib / f"neo4j-browser-{BROWSER_VERSION}.jar"
    with zipfile.ZipFile(jar, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("META-INF/INDEX.LIST", "JarIndex-Version: 1.0\n")
        z.writestr("browser/", b"")
        z.writestr("browser/index.html", "<html>Browser</html>")
    return jar


def test_guide_jar_holds_browser_and_the_guide_and_is_rewritten_only_when_either_changes(tmp_path: Path) -> None:
    layout = InstanceLayout(home=tmp_path, name="t")
    source = _fake_browser(layout)
    explore = parse_explore(EXPLORE)
    jar = write_guide_jar(layout, explore)
    assert jar == layout.conf_dir / GUIDE_JAR
    assert stat.S_IMODE(jar.stat().st_mode) == 0o600
    with zipfile.ZipFile(jar) as z:
        assert sorted(z.namelist()) == ["browser/", "browser/index.html", GUIDE_RESOURCE]
        assert z.read("browser/index.html") == b"<html>Browser</html>"
        assert z.read(GUIDE_RESOURCE).decode() == render_guide(explore)
    written = jar.stat().st_mtime_ns

    assert write_guide_jar(layout, explore).stat().st_mtime_ns == written  # up to date: left alone
    changed = parse_explore(EXPLORE.replace("Nodes per label.", "Nodes by label."))
    write_guide_jar(layout, changed)
    with zipfile.ZipFile(jar) as z:
        assert "Nodes by label." in z.read(GUIDE_RESOURCE).decode()
    with zipfile.ZipFile(source, "a") as z:  # a different Browser jar (size) also rewrites it
        z.writestr("browser/new.js", "x")
    write_guide_jar(layout, changed)
    with zipfile.ZipFile(jar) as z:
        assert "browser/new.js" in z.namelist()
    assert not list(layout.conf_dir.glob(".*partial"))


def test_a_half_written_guide_jar_is_replaced(tmp_path: Path) -> None:
    layout = InstanceLayout(home=tmp_path, name="t")
    _fake_browser(layout)
    (layout.conf_dir / GUIDE_JAR).write_bytes(b"PK\x03\x04 cut short")
    with zipfile.ZipFile(write_guide_jar(layout, parse_explore(EXPLORE))) as z:
        assert GUIDE_RESOURCE in z.namelist()


def test_missing_browser_jar_is_a_clear_error(tmp_path: Path) -> None:
    layout = InstanceLayout(home=tmp_path, name="t")
    layout.conf_dir.mkdir(parents=True)
    with pytest.raises(ServerError, match=r"neo4j-browser-.*\.jar is missing .* start again"):
        write_guide_jar(layout, parse_explore(EXPLORE))


def test_the_instance_conf_jars_come_before_browsers_own_on_the_server_classpath(tmp_path: Path) -> None:
    """What makes Neo4j serve tkgrag-browser.jar's browser/ folder rather than Browser's own jar's."""
    layout = InstanceLayout(home=tmp_path, name="t")
    entries = layout.classpath().split(":")
    assert entries.index(f"{layout.conf_dir}/*") < entries.index(f"{layout.lib}/*")


def test_the_guide_applies_the_grass_style_captioning_events_by_text_and_entities_by_name() -> None:
    from tkgrag.server.browser_guide import grass_path, grass_style

    style = grass_style()
    assert style.startswith(":style node { diameter: 50px;") and "\n" not in style
    assert 'node.Event { color: #F79767; border-color: #F36924; diameter: 65px; caption: "{text}"; }' in style
    assert 'node.Entity { color: #4C8EDA; border-color: #2870C2; diameter: 55px; caption: "{name}"; }' in style
    assert 'relationship.QUALIFIER { caption: "{predicate}"; }' in style
    # Balanced blocks, one per selector: a stray brace would make Browser drop the rest of the style.
    text = grass_path().read_text(encoding="utf-8")
    assert text.count("{") - text.count('"{') == text.count("}") - text.count('}"') == 12
    guide = render_guide(parse_explore(EXPLORE))
    block = guide.split('data-tkgrag="style">', 1)[1].split("</pre>", 1)[0]
    assert block.startswith(":style node {") and "caption: &quot;{text}&quot;;" in block
    assert guide.index('data-tkgrag="params"') < guide.index('data-tkgrag="style"') < guide.index("query-1")


def test_the_guide_offers_the_parameters_from_the_stores_own_data() -> None:
    from tkgrag.server.browser_guide import store_params

    derived = store_params()
    assert list(derived.params) == list(load_explore().params)
    assert derived.params["entity"].startswith("coalesce(COLLECT { MATCH (e:Entity)<-[:SUBJECT]-(ev:Event)")
    assert derived.params["entity"].endswith(", 'Q7747')")  # the samples' value where the store has none
    guide = render_guide(load_explore())
    block = guide.split('data-tkgrag="store-params">', 1)[1].split("</pre>", 1)[0]
    assert block.startswith(":param entity =&gt; coalesce(COLLECT {") and block.count(":param ") == len(derived.params)
    assert guide.index('data-tkgrag="params"') < guide.index('data-tkgrag="store-params"') < guide.index("query-1")
