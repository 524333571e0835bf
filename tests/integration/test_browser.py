"""Neo4j Browser as a person uses it, in a real headless Chromium (Selenium + Debian's chromium and chromium-driver).

Open the URL that `tkgrag neo4j status` prints, log in as neo4j with the instance's password, and use the explore
guide that opens by itself after login (tkgrag/server/browser_guide.py): set its parameters with one click, run an
explore query from its slide, and check that the result frame shows the rows the same query returns over Bolt.
Skipped, with the reason, only when Chromium or chromedriver is not installed (`.ci/run` installs both).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from tkgrag.config import Settings
from tkgrag.explore import ExploreFile, load_explore
from tkgrag.ingest.formats.run import ingest_facts
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.server import process
from tkgrag.server.browser_guide import guide_url, store_params
from tkgrag.server.credentials import read_password
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
FACTS = REPO / "tkgrag" / "data" / "facts_sample.jsonl"
CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
CHROMEDRIVER = shutil.which("chromedriver")
# Generous for a loaded CI machine; every wait ends as soon as its condition holds (no sleeps).
WAIT_S = 90
STREAMED = re.compile(r"Started streaming (\d+) records?")


@pytest.fixture
def chrome() -> Iterator[WebDriver]:
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip(
            "Chromium and chromedriver are not installed, so Browser cannot be tested in a real browser "
            "(Debian: apt-get install chromium chromium-driver; .ci/run installs them)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1600,1100"):
        options.add_argument(arg)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium refuses to run its sandbox as root (CI containers)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def _frame_of(driver: WebDriver, command: str) -> WebElement | None:
    """The newest stream frame whose command line is ``command`` (Browser shows it on one line)."""
    wanted = " ".join(command.split())
    for frame in driver.find_elements(By.CSS_SELECTOR, "[data-testid=frame]"):
        label = frame.find_elements(By.CSS_SELECTOR, "[data-testid=frameCommand]")
        if label and " ".join((label[0].get_attribute("textContent") or "").split()) == wanted:
            return frame
    return None


def _streamed_rows(driver: WebDriver, command: str) -> int | None:
    """The record count in the status bar of the query's result frame, once it has finished."""
    try:
        frame = _frame_of(driver, command)
        if frame is None:
            return None
        bars = frame.find_elements(By.CSS_SELECTOR, "[data-testid=frameStatusbar]")
        match = STREAMED.search(bars[0].text) if bars else None
        return int(match.group(1)) if match else None
    except StaleElementReferenceException:  # the frame re-rendered under us: look again
        return None


def test_explore_guide_opens_after_login_and_runs_a_query(
    neo4j_settings: Settings, store: Store, tmp_path: Path, chrome: WebDriver
) -> None:
    options = IngestOptions(progress=False, rejects_dir=tmp_path, embedder=None)
    assert ingest_facts(store, FACTS, options=options).rejected == 0
    explore = load_explore()
    number, query = next(
        (n, q) for n, q in enumerate(explore.queries, 1) if q.comment.startswith("An entity's timeline")
    )
    slide = 2 + [s.title for s in explore.sections].index(query.section)  # slide 1 holds the parameters
    values = {name: store.run(f"RETURN {expr} AS v")[0]["v"] for name, expr in explore.params.items()}
    expected = len(store.run(query.text, values))
    assert expected > 0

    url, password = _printed_url_and_password(neo4j_settings)
    driver, wait = chrome, WebDriverWait(chrome, WAIT_S)
    shot = tmp_path / "browser-explore.png"
    try:
        shown, rows = _use_the_guide(driver, wait, url, password, neo4j_settings, explore, slide, number)
    finally:
        driver.save_screenshot(str(shot))  # also of a failure, to see where it stopped
    assert shown == expected and rows == expected, (shown, rows, expected, shot)
    assert shot.stat().st_size > 10_000


def _use_the_guide(
    driver: WebDriver,
    wait: WebDriverWait[WebDriver],
    url: str,
    password: str,
    settings: Settings,
    explore: ExploreFile,
    slide: int,
    number: int,
) -> tuple[int, int]:
    """What a person does; returns the record count of the result frame's status bar and the table rows shown."""
    query = explore.queries[number - 1]
    # 1-2. Log in; the guide opens by itself; one click sets every :param of explore.cypher.
    _log_in(driver, wait, url, password, settings)
    params = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "pre.runnable[data-tkgrag=params]")))
    params.find_element(By.CSS_SELECTOR, "i.fa-play-circle-o").click()
    done = "[data-testid=multi-statement-list-icon][title='Status: success']"
    wait.until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, done)) == len(explore.params),
        message=f"the {len(explore.params)} :param commands of the guide's first slide did not all succeed",
    )

    # 3. Go to the query's slide and run it from its play icon.
    _run_from_slide(driver, wait, slide, number, query.text)

    # 4. The result frame: its status bar's record count, and the rows of its table.
    shown: int = wait.until(
        lambda d: _streamed_rows(d, query.text), message="the query's result frame did not finish streaming"
    )
    frame = _frame_of(driver, query.text)
    assert frame is not None
    return shown, len(frame.find_elements(By.CSS_SELECTOR, "tbody tr"))


def _printed_url_and_password(settings: Settings) -> tuple[str, str]:
    """The `browser:` URL `tkgrag neo4j status` prints, and the password a person reads from the instance's file."""
    status = process.status(settings)
    printed = re.search(r"browser:\s+(\S+)", status.describe())
    password = read_password(status.layout.password_file)
    assert status.running and printed and password
    return printed.group(1), password


def _log_in(driver: WebDriver, wait: WebDriverWait[WebDriver], url: str, password: str, settings: Settings) -> None:
    """The URL `tkgrag neo4j status` prints (its connect form already names this instance's Bolt port), log in as
    neo4j, and wait for the guide that opens by itself (browser.post_connect_cmd)."""
    driver.get(url)
    user = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "input[data-testid=username]")))
    address = driver.find_element(By.CSS_SELECTOR, "input[data-testid=boltaddress]").get_attribute("value")
    assert address == f"127.0.0.1:{settings.server.bolt_port}"
    user.send_keys("neo4j")
    driver.find_element(By.CSS_SELECTOR, "input[data-testid=password]").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "button[data-testid=connect]").click()
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "pre.runnable[data-tkgrag=params]")))
    assert _frame_of(driver, f":play {guide_url(settings.server.http_port)}") is not None


def _run_from_slide(driver: WebDriver, wait: WebDriverWait[WebDriver], slide: int, number: int, text: str) -> None:
    """Go to the guide's slide and run query ``number`` from its play icon."""
    for n in range(2, slide + 1):
        driver.find_element(By.CSS_SELECTOR, "[data-testid=nextSlide]").click()
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, f"[data-tkgrag-slide='{n}']")))
    runnable = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, f"pre.runnable[data-tkgrag=query-{number}]")))
    assert " ".join(runnable.text.split()) == " ".join(text.split())
    runnable.find_element(By.CSS_SELECTOR, "i.fa-play-circle-o").click()


def _captions(driver: WebDriver, command: str) -> list[str] | None:
    """The captions Browser drew in the graph view of the query's result frame (node and relationship texts)."""
    try:
        frame = _frame_of(driver, command)
        if frame is None:
            return None
        nodes = frame.find_elements(By.CSS_SELECTOR, "svg g.node")
        if not nodes:
            return None
        return [
            " ".join((t.get_attribute("textContent") or "").split())
            for t in frame.find_elements(By.CSS_SELECTOR, "svg text")
        ]
    except StaleElementReferenceException:
        return None


def test_guide_style_draws_events_by_their_text_and_entities_by_name(
    neo4j_settings: Settings, store: Store, tmp_path: Path, chrome: WebDriver
) -> None:
    """The guide's style block, clicked in a real Browser, changes what the graph view shows: an Event is drawn with
    its text (words of its relation), not its run id; an Entity with its name. The store-derived parameters block
    runs too (every :param succeeds)."""
    options = IngestOptions(progress=False, rejects_dir=tmp_path, embedder=None)
    assert ingest_facts(store, FACTS, options=options).rejected == 0
    explore = load_explore()
    number, query = next(
        (n, q) for n, q in enumerate(explore.queries, 1) if q.comment.startswith("The same timeline as a graph")
    )
    slide = 2 + [s.title for s in explore.sections].index(query.section)
    # The store-params block sets $entity to this store's most connected entity: read its events the same way.
    derived = store_params()
    values = {name: store.run(f"RETURN {expr} AS v")[0]["v"] for name, expr in derived.params.items()}
    events = store.run(
        "MATCH (x:Entity {key: $entity})<-[:SUBJECT|OBJECT]-(e:Event) RETURN e.relation AS relation, e.run_id AS run, "
        "x.name AS name",
        values,
    )
    assert events, "the sample has no event of the guide's entity"
    url, password = _printed_url_and_password(neo4j_settings)
    driver, wait = chrome, WebDriverWait(chrome, WAIT_S)
    shot = tmp_path / "browser-style.png"
    try:
        _log_in(driver, wait, url, password, neo4j_settings)
        done = "[data-testid=multi-statement-list-icon][title='Status: success']"
        for block in ("style", "store-params"):
            before = len(driver.find_elements(By.CSS_SELECTOR, done))
            runnable = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, f"pre.runnable[data-tkgrag={block}]")))
            # As a person does: point at the block (its play icon shows on hover), then click the icon.
            icon = runnable.find_element(By.CSS_SELECTOR, "i.fa-play-circle-o")
            ActionChains(driver).move_to_element(runnable).pause(0.3).move_to_element(icon).click().perform()
            if block == "store-params":
                _wait_for_successes(wait, done, before + len(derived.params))
        grass = driver.execute_script("return window.localStorage.getItem('neo4j.grass')") or ""
        assert "{text}" in grass and "{name}" in grass, grass[:300]
        _run_from_slide(driver, wait, slide, number, query.text)
        captions: list[str] = wait.until(
            lambda d: _captions(d, query.text), message="the graph view of the timeline query was not drawn"
        )
    finally:
        driver.save_screenshot(str(shot))
    drawn = " ".join(captions)
    relation_words = {w for e in events for w in str(e["relation"]).split() if len(w) > 3}
    assert any(w in drawn for w in relation_words), (captions, relation_words, shot)
    assert events[0]["name"].split()[0] in drawn, (captions, shot)
    runs = {str(e["run"]) for e in events if e["run"]}
    assert not any(r in drawn for r in runs), (captions, runs, shot)


def _wait_for_successes(wait: WebDriverWait[WebDriver], selector: str, count: int) -> None:
    wait.until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, selector)) == count,
        message="the store-derived :param commands did not all succeed",
    )
