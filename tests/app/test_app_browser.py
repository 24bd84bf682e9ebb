"""The app in a real browser: the test starts ``streamlit run app.py`` on a free localhost port
and drives it with Playwright in Debian's headless Chromium (``/usr/bin/chromium``).

On a phone (390×844) and on a desktop: follow a cross-reference in place (no reload, no new
session, Back returns), a preview on hover and on tap with the whole cited text, a ruling deep
link with its question on the first screen, a ruling walked to its card with the bidding-box
keypad, a ruling record uploaded back, a practice exercise, the not-found page, no injected link;
on a desktop, the ruling in Dutch then English and the citation graph. Screenshots go to
``tests/artifacts/`` (not committed); the README's screenshots ``screenshots/*.png`` are written
when missing or when ``UPDATE_SCREENSHOTS=1``.

Skipped, with the reason, when Playwright or Chromium is not installed (``python3 run.py setup``
installs Chromium on Debian).
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from urllib.parse import quote
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
SCREENSHOTS = ROOT / "screenshots"
PHONE = {"width": 390, "height": 844}
CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 45_000
# the walks these tests script follow the insufficient-bid tree of the registry's first edition
FIRST = __import__("laws.editions", fromlist=["editions"]).editions()[0]

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


def shot(page, name: str, readme: bool = False) -> Path:
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    if readme and (not (SCREENSHOTS / name).exists() or os.environ.get("UPDATE_SCREENSHOTS") == "1"):
        SCREENSHOTS.mkdir(exist_ok=True)
        shutil.copyfile(path, SCREENSHOTS / name)
    return path


def new_page(browser, errors: list, **kw):
    context = browser.new_context(**kw)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page


def ready(page) -> None:
    """Wait until the app's link script (app_pages/static/nav.js) is mounted."""
    page.wait_for_function("window.__rbNavReady === true")


def settled(page) -> None:
    """Wait until Streamlit has taken the last action and finished its run."""
    page.wait_for_timeout(200)
    page.wait_for_function("document.querySelector('[data-testid=stApp]').dataset.testScriptState === 'notRunning'")


def answer(page, button, then, tries: int = 3) -> None:
    """Click an answer and wait for what it leads to; click again only if the click was lost (a rerun
    of the page replaced the button before Streamlit took the click: the button is still there and
    the next step is not)."""
    for n in range(tries):
        button.click()
        try:
            then.wait_for(timeout=15_000)
            return
        except Exception:
            if n == tries - 1 or not button.is_visible():
                raise


def on_first_screen(locator, height: int = PHONE["height"]) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_phone_follow_a_reference_in_place(server, browser):
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE)
    page.goto(server + "/?lang=nl&law=16B1")
    page.get_by_role("heading", name="16B1").wait_for()
    ready(page)
    assert page.title().startswith("16B1 · ")  # each provision names the browser's tab
    page.evaluate("window.__sameDocument = 'yes'")
    link = page.locator("a.xref", has_text="artikel 16A").first
    # hover: the whole text of 16A, not a tooltip cut at 320 characters
    link.hover()
    preview = page.locator("#rb-preview")
    preview.wait_for(state="visible")
    text = preview.inner_text()
    assert text.startswith("16A [nl · NBB 2017 · Spelregels 2017] Gebruik van informatie door de spelers") and len(text) > 400
    shot(page, "app-phone-preview.png", readme=True)
    link.click()
    page.get_by_role("heading", name="16A — Gebruik van informatie door de spelers").wait_for()
    page.wait_for_url("**law=16A**")
    assert page.evaluate("window.__sameDocument") == "yes"  # no reload: the same document, the same session
    assert page.title().startswith("16A · ")
    page.go_back()
    page.get_by_role("heading", name="16B1").wait_for()
    page.wait_for_url("**law=16B1**")
    assert page.evaluate("window.__sameDocument") == "yes"
    assert not errors, errors
    context.close()


def test_phone_tap_opens_the_preview_then_follows(server, browser):
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(server + "/?lang=es&law=27B1a")
    page.get_by_role("heading", name="27B1(a)").first.wait_for()
    ready(page)
    page.evaluate("window.__sameDocument = 'yes'")
    link = page.locator("div.law-text a.xref", has_text="16D").first
    link.tap()
    preview = page.locator("#rb-preview")
    preview.wait_for(state="visible")
    # the AEB text follows the 2007 Laws: its 16D is absent here, and the Dutch 2017 16D (another
    # provision) is never shown in its place; the preview points to the correspondence instead
    text = preview.inner_text()
    assert text.startswith("16D") and "Abrir 16D" in text and "2007" in text and "2017 16C" in text
    assert "Anderszins verkregen informatie uit andere bronnen" not in text
    assert "16C" in preview.locator("a.rb-preview-other").inner_text()  # the 2017 text, labelled as such
    preview.locator("a.rb-preview-open:not(.rb-preview-other)").tap()  # "Abrir 16D →"
    page.wait_for_url("**law=16D**")
    page.locator("ul.rb-bridges a", has_text="16C").first.wait_for()  # the absent provision, with its correspondence
    assert page.evaluate("window.__sameDocument") == "yes"
    assert not errors, errors
    context.close()


def test_phone_ruling_with_the_keypad_to_its_card(server, browser):
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE)
    # a deep link: the current question is on the first screen
    page.goto(server + f"/ruling?dealer=N&auction=1H+1D+TD&lang=es&edition={FIRST}&fact=accepted%3Dno")
    question = page.locator("p.rl-q", has_text="¿Qué voz da el infractor en sustitución de la declaración insuficiente?")
    question.wait_for()
    ready(page)
    settled(page)   # the run finished and the step brought up: where a director sees it, not mid-render
    assert on_first_screen(question)
    assert on_first_screen(page.locator(".st-key-rl_question").get_by_role("button", name="otra declaración insuficiente"))
    shot(page, "app-phone-ruling-question.png", readme=True)
    # the keypad: 1♥ 1♦ TD with the thumb
    page.goto(server + f"/ruling?lang=es&edition={FIRST}")
    page.get_by_role("textbox", name="Subasta").wait_for()
    shot(page, "app-phone-keypad.png", readme=True)
    for key in ("rl_kp_l1", "rl_kp_H", "rl_kp_l1", "rl_kp_D", "rl_kp_TD"):
        page.locator(f".st-key-{key} button:not([disabled])").last.click()
        page.wait_for_timeout(300)
    # the director's first step: the LHO's option (27A1), declined
    option = page.locator("p.rl-q", has_text="¿La acepta (Artículo 27A1)?")
    option.wait_for()
    page.wait_for_url("**auction=1H+1D+TD**")
    assert on_first_screen(option)
    answer(page, page.locator(".st-key-rl_question").get_by_role("button", name="no", exact=True), question)
    assert on_first_screen(question)
    answer(page, page.locator(".st-key-rl_question").get_by_role(
        "button", name="la declaración suficiente más baja en la misma denominación"),
        page.locator("p.rl-q", has_text="¿Podría ser artificial alguna de las dos voces"))
    page.locator(".st-key-rl_question").get_by_role("button", name="no", exact=True).click()
    card = page.locator(".st-key-rl_card")
    card.get_by_text("Siguiente en dar voz").wait_for()
    assert on_first_screen(card.get_by_text("27B1(a)").first)
    assert on_first_screen(page.locator(".st-key-rl_back_card button").last)  # Back at hand
    shot(page, "app-phone-ruling-card.png", readme=True)
    assert not errors, errors
    context.close()


def test_upload_a_ruling_record(server, browser, tmp_path):
    from i18n import translator
    from laws.rulings import rule as RU
    from laws.corpus import load
    from present import record as REC

    t = translator("en")
    d = RU.translate(RU.rule("S", "1S 1H TD W:X", {"same_meaning": "no"}, edition=FIRST), t)
    rec = REC.build(d, {"dealer": "S", "auction": "1S 1H TD W:X"}, [("same_meaning", "no")],
                    {"event": "Club pairs", "board": "14", "director": "A. Director"}, t, load())
    f = tmp_path / "ruling.json"
    f.write_text(REC.to_json(rec), encoding="utf-8")
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE)
    page.goto(server + "/ruling?lang=en")
    page.get_by_text("Open a saved ruling record (JSON)").click()
    page.locator("input[type=file]").set_input_files(str(f))
    page.get_by_text("The record was read back: the same ruling (27B3).").wait_for()
    page.wait_for_url("**auction=1S+1H+TD+W%3AX**")
    card = page.locator(".st-key-rl_card")
    card.get_by_text("must pass for the rest of the auction").first.wait_for()
    assert not errors, errors
    context.close()


def big_session(path: Path, size: int = 2_100_000) -> int:
    """A session file of at least ``size`` bytes: the tests' club session (tests/data/pbn) again
    and again, each copy with boards of its own; returns the number of copies."""
    text = (ROOT / "tests" / "data" / "pbn" / "session.pbn").read_bytes().decode("latin-1")
    head, body = text.split("[Event", 1)
    copies = size // len(body) + 1
    boards = lambda k: re.sub(r'\[Board "(\d+)"\]', lambda m: f'[Board "{int(m.group(1)) + 100 * k}"]', "[Event" + body)
    path.write_bytes((head + "\n".join(boards(k) for k in range(copies))).encode("latin-1"))
    return copies


def test_upload_a_session_file_of_2_mb(server, browser, tmp_path):
    """A session's PBN file of 2 MB uploads (.streamlit/config.toml server.maxUploadSize) and is replayed."""
    f = tmp_path / "session.pbn"
    copies = big_session(f)
    assert f.stat().st_size > 2_000_000
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(server + "/pbn?lang=es")
    page.locator(".st-key-pb_upload input[type=file]").set_input_files(str(f))
    summary = page.get_by_text(re.compile(r"session\.pbn — "))
    summary.wait_for(timeout=120_000)
    games = int(re.search(r"(\d+)", summary.inner_text().split("—")[1]).group(1))
    assert games > copies  # every copy's games replayed
    page.locator(".st-key-pb_cards button").first.wait_for()  # the irregular tables' rulings
    assert not errors, errors
    context.close()


STREAMLIT_UPLOADER_WORDS = ("Upload", "Drag and drop", "per file", "Browse files", "not allowed", "or smaller",
                            "file upload", "Add files")


@pytest.mark.parametrize("lang", ["es", "nl", "it"])
def test_file_pickers_speak_the_readers_language(server, browser, tmp_path, lang):
    """The PBN page's and the ruling page's file pickers (app_pages/files.py): every word, label
    and message in the page's language, a 44 px button, a file of another type or over the limit
    refused with the reason, then a file chosen shown with its size and removable."""
    from i18n import translator

    t = translator(lang)
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE, has_touch=True, is_mobile=True)

    def words(sel: str) -> str:  # the text shown and the labels read aloud
        return page.locator(sel).evaluate(
            "el => el.innerText + ' ' + [...el.querySelectorAll('[aria-label],[title]')].map("
            "e => (e.getAttribute('aria-label') || '') + ' ' + (e.title || '')).join(' ')")

    page.goto(server + f"/pbn?lang={lang}")
    picker = page.locator(".st-key-pb_upload")
    picker.get_by_text(t.gettext("Choose a file")).wait_for()
    text = words(".st-key-pb_upload")
    assert t.gettext("Up to {size} MB · {types}").format(size=10, types=".pbn, .txt") in text
    assert not [w for w in STREAMLIT_UPLOADER_WORDS if w in text], text
    assert picker.locator(".rb-file-button").bounding_box()["height"] >= 44
    bad = tmp_path / "notes.docx"
    bad.write_bytes(b"x")
    picker.locator("input[type=file]").set_input_files(str(bad))
    picker.get_by_text(t.gettext("Only {types} files can be opened here.").format(types=".pbn, .txt")).wait_for()
    good = tmp_path / "club.pbn"
    good.write_bytes((ROOT / "tests" / "data" / "pbn" / "session.pbn").read_bytes())
    picker.locator("input[type=file]").set_input_files(str(good))
    page.get_by_text(re.compile(r"club\.pbn — ")).wait_for()
    assert re.search(r"club\.pbn \(\d+ kB\)", picker.inner_text())
    text = words(".st-key-pb_upload")
    assert t.gettext("Remove the file") in text and not [w for w in STREAMLIT_UPLOADER_WORDS if w in text], text
    picker.get_by_role("button", name=t.gettext("Remove the file")).click()
    page.get_by_text(re.compile(r"club\.pbn — ")).wait_for(state="detached")

    page.goto(server + f"/ruling?lang={lang}")
    page.get_by_text(t.gettext("Open a saved ruling record (JSON)")).click()
    picker = page.locator(".st-key-rl_upload")
    picker.get_by_text(t.gettext("Choose a file")).wait_for()
    big = tmp_path / "ruling.json"
    big.write_bytes(b" " * (1024 * 1024 + 1))
    picker.locator("input[type=file]").set_input_files(str(big))
    picker.get_by_text(t.gettext("This file is larger than {size} MB: it cannot be opened here.").format(size=1)).wait_for()
    text = words(".st-key-rl_upload")
    assert not [w for w in STREAMLIT_UPLOADER_WORDS if w in text], text
    shot(page, f"app-phone-file-picker-{lang}.png")
    assert not errors, errors
    context.close()


def test_practice_an_exercise(server, browser):
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE)
    page.goto(server + "/practice?lang=it")
    page.get_by_text("Qual è la rettifica?").wait_for()
    page.locator(".st-key-pr_opt_0 button").last.click()
    page.get_by_text("Punteggio di questa sessione: ").wait_for()
    page.get_by_text(re.compile(r"Punteggio di questa sessione: [01] rispost[ae] esatt[ae] su 1 esercizio")).wait_for()
    page.locator(".st-key-pr_next button").last.wait_for()
    shot(page, "app-phone-practice.png", readme=True)
    assert not errors, errors
    context.close()


def test_not_found_and_no_injected_link(server, browser):
    errors = []
    context, page = new_page(browser, errors, viewport=PHONE)
    page.goto(server + "/nonsense?lang=it")
    page.get_by_role("heading", name="Pagina non trovata").wait_for()
    assert page.get_by_role("dialog").count() == 0  # not Streamlit's English "Page not found" dialog
    page.goto(server + "/search?lang=en&q=" + quote("[Login expired, click here](https://evil.example/login)"))
    box = page.get_by_role("textbox", name="What happened, in your words")
    box.wait_for()
    page.wait_for_function("document.querySelector('[data-testid=stApp]').dataset.testScriptState === 'notRunning'")
    assert box.input_value().startswith("[Login expired")  # shown as typed
    assert page.locator("a[href*='evil']:not([href^='./'])").count() == 0  # the app's own links may carry the query
    assert not errors, errors
    context.close()


def test_desktop_read_follow_and_rule(server, browser):
    errors = []
    context, page = new_page(browser, errors, viewport={"width": 1280, "height": 1000}, locale="nl-NL")

    # 1. the interface follows the browser's language; look up 16B1
    page.goto(server + "/")
    page.get_by_role("heading", name="Spelregels voor wedstrijdbridge").wait_for()
    box = page.get_by_role("textbox", name="Bepaling of woorden")
    box.fill("16B1")
    box.press("Enter")
    page.get_by_text("Elke anderszins (anders dan bepaald in").wait_for()
    page.wait_for_url("**law=16B1**")
    assert page.locator(".pub-label", has_text="NBB 2017").first.is_visible()

    # 2. follow the cross-reference in place
    ready(page)
    page.locator("a.xref", has_text="artikel 16A").first.click()
    page.wait_for_url("**law=16A**")
    page.get_by_role("heading", name="16A — Gebruik van informatie door de spelers").wait_for()

    # 3. the ruling assistant: an insufficient bid, one question at a time, to the card
    page.get_by_role("link", name="Hulp bij arbitrage").click()
    page.get_by_role("heading", name="Hulp bij arbitrage").wait_for()
    page.get_by_role("radio", name=f"Spelregels {FIRST}").click()  # the edition whose walk this test scripts
    settled(page)
    record = page.get_by_role("textbox", name="Biedverloop")
    record.fill("1H 1R TD")  # the NBB notation: R = ruiten
    record.press("Enter")
    # the director's first step: the LHO's option (27A1), declined
    page.locator("p.rl-q", has_text="Accepteert hij het (artikel 27A1)?").wait_for()
    answer(page, page.locator(".st-key-rl_question").get_by_role("button", name="nee", exact=True),
           page.locator("p.rl-q", has_text="Welke bieding doet de overtreder in plaats van het onvoldoende bod?"))
    answer(page, page.locator(".st-key-rl_question").get_by_role("button", name="het laagste voldoende bod in dezelfde speelsoort"),
           page.locator("p.rl-q", has_text="Kan een van beide biedingen kunstmatig zijn"))
    page.locator(".st-key-rl_question").get_by_role("button", name="nee", exact=True).click()
    page.get_by_text("Volgende aan de beurt om te bieden", exact=True).wait_for()
    page.wait_for_url("**fact=artificial%3Dno**")
    shot(page, "app-ruling-nl.png")

    # 4. switch the interface to English (the language menu at the end of the bar): the same ruling, in English
    page.locator("details.rb-lang > summary").click()
    page.locator("details.rb-lang a[hreflang=en]").click()
    page.get_by_text("neither call is artificial: the auction continues without rectification").wait_for()
    page.get_by_text("Next to call", exact=True).wait_for()
    # the trail link opens the provision in place; the ruling is still there afterwards
    page.locator(".rl-head a.xref", has_text="27B").first.click()
    page.wait_for_url(re.compile(r"/\?lang=en&law=27B$"))  # the Read page (its path), in place
    page.get_by_role("heading", name=re.compile(r"^27B")).first.wait_for()
    settled(page)
    page.get_by_role("link", name="Ruling assistant").click()
    page.get_by_text("neither call is artificial: the auction continues without rectification").wait_for()
    page.locator(".st-key-rl_show_tree button").first.click()
    page.locator("[data-testid='stGraphVizChart'] svg").first.wait_for()
    page.wait_for_timeout(500)  # let the diagram settle
    shot(page, "app-ruling.png", readme=True)

    # 5. the citation graph: a click on a node opens that provision
    page.goto(server + "/graph?lang=en&law=27D&depth=1")
    node = page.locator("[data-testid='stGraphVizChart'] svg a").filter(has_text="27B1(a)").first
    node.wait_for()
    ready(page)
    page.evaluate("window.__sameDocument = 'graph'")
    node.click()
    page.wait_for_url("**law=27B1a**")
    page.get_by_text("la subasta continúa sin rectificación").first.wait_for()
    assert page.evaluate("window.__sameDocument") == "graph"  # a node of the diagram opens in place too
    # 6. the adjusted-score deep link opens its tab
    page.goto(server + "/score?lang=en&adjust=4S%3D:60,4S-1:40&against=420&adjust_vul=1")
    page.get_by_role("tab", name="Adjusted · Law 12C1(c)", selected=True).wait_for()
    assert not errors, errors
    context.close()
