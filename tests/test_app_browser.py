"""The app in a real browser: the test starts ``streamlit run app.py`` on a free localhost port
and drives it with Playwright in Debian's headless Chromium (``/usr/bin/chromium``).

It opens the app with a Dutch browser, looks up 16B1, follows the cross-reference to 16A (the
link's title previews the cited text), steps through an insufficient-bid ruling to its card,
switches the interface to English and checks the card again, then opens a provision by clicking
its node in the citation graph. Screenshots go to
``tests/artifacts/`` (not committed); the README's screenshot ``screenshots/app-ruling.png`` is
written when it is missing or when ``UPDATE_SCREENSHOTS=1``.

Skipped, with the reason, when Playwright or Chromium is not installed (``python3 run.py setup``
installs Chromium on Debian).
"""
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
README_SHOT = ROOT / "screenshots" / "app-ruling.png"
CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 45_000

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"Chromium is not installed at {CHROMIUM} (Debian: apt-get install chromium; "
                "python3 run.py setup installs it)", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """``streamlit run app.py`` on a free port; yields its base URL; stopped at the end."""
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ARTIFACTS / "streamlit.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"streamlit exited with {proc.returncode}; see {ARTIFACTS / 'streamlit.log'}")
            try:
                with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.time() > deadline:
                pytest.fail("streamlit did not answer on /_stcore/health within 60 s")
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def shot(page, name: str) -> Path:
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path


def test_read_follow_and_rule_in_a_real_browser(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="nl-NL")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # 1. the interface follows the browser's language; look up 16B1
    page.goto(server + "/")
    page.get_by_role("heading", name="Spelregels voor wedstrijdbridge").wait_for()
    box = page.get_by_role("textbox", name="Bepaling of woorden")
    box.fill("16B1")
    box.press("Enter")
    page.get_by_text("Elke anderszins (anders dan bepaald in").wait_for()
    page.wait_for_url("**law=16B1**")
    assert page.get_by_text("NBB 2017").first.is_visible()
    shot(page, "app-read-16B1-nl.png")

    # 2. follow the cross-reference: its title previews 16A's text
    link = page.locator("a.xref", has_text="artikel 16A").first
    assert link.get_attribute("title").startswith("16A [nl · NBB 2017] Gebruik van informatie door de spelers")
    link.click()
    page.wait_for_url("**law=16A**")
    page.get_by_role("heading", name="16A — Gebruik van informatie door de spelers").wait_for()
    shot(page, "app-read-16A-nl.png")

    # 3. the ruling assistant: an insufficient bid, one question at a time, to the card
    page.get_by_role("link", name="Hulp bij arbitrage").click()
    page.get_by_role("heading", name="Hulp bij arbitrage").wait_for()
    record = page.get_by_role("textbox", name="Biedverloop")
    record.fill("1H 1D TD")
    record.press("Enter")
    page.get_by_role("heading", name="Welke bieding doet de overtreder in plaats van het onvoldoende bod?").wait_for()
    page.get_by_role("button", name="het laagste voldoende bod in dezelfde speelsoort").click()
    page.get_by_role("heading", name="Kan een van beide biedingen kunstmatig zijn").wait_for()
    page.get_by_role("button", name="nee", exact=True).click()
    page.get_by_text("Volgende aan de beurt om te bieden", exact=True).wait_for()
    assert page.get_by_text("la subasta continúa sin rectificación").first.is_visible()  # 27B1(a), verbatim
    page.wait_for_url("**fact=artificial%3Dno**")
    page.locator("[data-testid='stGraphVizChart'] svg").first.wait_for()
    shot(page, "app-ruling-nl.png")

    # 4. switch the interface to English: the same ruling, in English
    page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").click()
    page.get_by_role("option", name="English").click()
    page.get_by_text("neither call is artificial: the auction continues without rectification").wait_for()
    page.get_by_text("Next to call", exact=True).wait_for()
    page.set_viewport_size({"width": 1280, "height": 2000})
    page.locator("[data-testid='stGraphVizChart'] svg").first.wait_for()
    page.wait_for_timeout(500)  # let the diagram settle at the new size
    card = shot(page, "app-ruling-en.png")
    if not README_SHOT.exists() or os.environ.get("UPDATE_SCREENSHOTS") == "1":
        README_SHOT.parent.mkdir(exist_ok=True)
        shutil.copyfile(card, README_SHOT)

    # 5. a look at another page does not lose the ruling
    page.get_by_role("link", name="Read the laws").click()
    page.get_by_text("16A — Gebruik van informatie door de spelers").or_(
        page.get_by_role("heading", name="Laws of Duplicate Bridge")).first.wait_for()
    page.get_by_role("link", name="Ruling assistant").click()
    page.get_by_text("neither call is artificial: the auction continues without rectification").wait_for()

    # 6. the citation graph: a click on a node opens that provision
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(server + "/graph?lang=en&law=27D&depth=1")
    node = page.locator("[data-testid='stGraphVizChart'] svg a").filter(has_text="27B1(a)").first
    node.wait_for()
    shot(page, "app-graph-27D-en.png")
    node.click()
    page.wait_for_url("**law=27B1a**")
    page.get_by_text("la subasta continúa sin rectificación").first.wait_for()
    assert not errors, errors
    context.close()
