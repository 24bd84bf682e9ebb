"""The phone probe: the app held as a director holds it at the table, upright (390×844) and
turned sideways (844×390), in Spanish, Dutch and Italian, with a touch screen. Every check is a
problem a director would hit at once (issue 25); each one fails again if the problem comes back.

- nothing wider than the screen, on every page (no sideways swipe); no name cut in the bar;
- from the first screen, at least four pages one tap away, no drawer over the page, no word broken
  across two lines;
- on the ruling page, no button, link or switch under 44×44 px, nor a node of the citation graph; on every
  page, no text box under 44 px high;
- keypad taps 100 ms apart all recorded (``1 ♥ 1 ♦ TD``), then the questions to the card, the
  card's governing provision on the first screen (sideways too), the page's title wholly off the
  screen or wholly on it, the note on the other edition's text in one line, and two Backs that each
  show what the address bar says;
- from the card, a governing provision no text of its edition holds: its preview offers the other
  edition's text (labelled), which opens; "Open" shows it as information, never an error box;
- results typed in the language's notation on Score (``4CX-2`` is four hearts in es and it);
- after "Open X →" in a preview, the next tap on a reference opens its preview, which stays;
- sideways, the Read page shows law text on the first screen;
- Practice: the exercise at the top of the first screen;
- none of Streamlit's own English words (labels, titles, placeholders: "Help for", "Link to heading",
  "Choose an option", a chart's "Fullscreen", the uploader's, the "Press Enter to apply" shown under a
  text box while one types in it) on any page;
- no words of the page under the language chip when a ruling's step is brought to the top;
- every page in Spanish read as a screen reader reads it (Chromium's accessibility tree): no English
  name or description (Streamlit's "Open", "Scroll tabs right", "Skip to main content", "undo icon");
- no request to another host, no answer of 400 or more (deep links load at the root).

Uses the server and browser of ``tests/app/test_app_browser.py`` (skipped without Playwright or Chromium);
writes ``screenshots/app-phone-first-screen.png`` (nl, upright) and ``app-phone-sideways-card.png``
(es, sideways) as that module does.
"""
import re
from urllib.parse import urlparse

import pytest

from benchmarks.bench_app import COST
from tests.app.test_app_browser import TIMEOUT_MS, browser, server, shot, sync_api  # noqa: F401 (fixtures)

UPRIGHT = {"width": 390, "height": 844}
SIDEWAYS = {"width": 844, "height": 390}
SETTLED = ("(() => { const a = document.querySelector('[data-testid=stApp]'); "
           "return !!a && a.dataset.testScriptState === 'notRunning'; })()")

# what the director types on Score, per language's notation: four hearts doubled down two, four
# hearts made, four clubs made (-300, 420, 130 not vulnerable)
RESULTS = {"es": "4CX-2 4C= 4T=", "nl": "4HX-2 4H= 4K=", "it": "4CX-2 4C= 4F="}
READ = {"es": "27B1a", "nl": "16B1", "it": "17D"}

# every element of the main area that reaches past the screen's edges, unless a container that
# fits the screen clips it (a table's own scroller, a diagram)
WIDER_THAN_SCREEN = """() => {
  const vw = document.documentElement.clientWidth, out = [];
  for (const el of [document.documentElement, document.body, ...document.querySelectorAll(
      '[data-testid=stAppViewContainer], [data-testid=stMain]')]) {
    if (el && el.scrollWidth > el.clientWidth + 1) out.push((el.dataset.testid || el.tagName) + ' scrolls ' + el.scrollWidth);
  }
  for (const el of document.querySelectorAll('[data-testid=stMain] *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || (r.right <= vw + 1 && r.left >= -1)) continue;
    let p = el.parentElement, clipped = false;
    while (p && p !== document.body) {
      if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX) && p.getBoundingClientRect().right <= vw + 1) {
        clipped = true; break;
      }
      p = p.parentElement;
    }
    if (!clipped) out.push(el.tagName + '.' + String(el.className).slice(0, 40) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  return out.slice(0, 5);
}"""

# buttons, links, switches, menus under 44×44 px that a finger may aim at (visually hidden ones aside)
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, a[href], summary, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio]')]
  .filter(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 2 && r.height > 2 && s.visibility !== 'hidden' && s.opacity !== '0' && (r.width < 44 || r.height < 44); })
  .map(e => e.tagName + ' «' + (e.innerText || e.getAttribute('aria-label') || '').trim().slice(0, 20) + '» '
    + Math.round(e.getBoundingClientRect().width) + '×' + Math.round(e.getBoundingClientRect().height))"""

# the pages of the app one tap away: visible links on the first screen, by the page they open
PAGES_ONE_TAP = """() => { const pages = new Set(), here = new URL(location.href);
  for (const a of document.querySelectorAll('a[href]')) {
    const r = a.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
    const u = new URL(a.getAttribute('href'), location.href);
    if (u.origin !== here.origin) continue;
    const page = u.pathname.replace(/^\\/+|\\/+$/g, '') || new URLSearchParams(u.search).get('page') || 'read';
    pages.add(page);
  }
  return [...pages]; }"""

# words of the page under the language chip (fixed at the top right of a phone): each text's own
# boxes, not its block's
UNDER_CHIP = """() => { const chip = document.querySelector('.rb-lang > summary'); if (!chip) return [];
  const c = chip.getBoundingClientRect(), out = [];
  const walk = document.createTreeWalker(document.querySelector('[data-testid=stMain]'), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim() || n.parentElement.closest('.rb-bar, .rb-lang')) continue;
    const r = document.createRange(); r.selectNodeContents(n);
    for (const b of r.getClientRects())
      if (b.width > 1 && b.right > c.left && b.left < c.right && b.bottom > c.top && b.top < c.bottom) {
        out.push(n.textContent.trim().slice(0, 30)); break; }
  }
  return out.slice(0, 3); }"""

# words Streamlit writes itself, in English whatever the page's language, into what a screen reader
# reads or a pointer shows (labels, titles, placeholders): none of them on a page in es, nl or it
STREAMLIT_ENGLISH = ("Link to heading", "Help for ", "Choose an option", "Show/hide columns", "Download as CSV",
                     "Fullscreen", "Upload", "Drag and drop", "per file", "Press Enter", "Enter to apply")
ENGLISH_LABELS = """(words) => { const out = [];
  for (const e of document.querySelectorAll('[data-testid=stMain] *')) {
    if (e.checkVisibility && !e.checkVisibility()) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const v = e.getAttribute(a) || '';
      if (words.some(w => v.includes(w))) out.push(a + '=' + v.slice(0, 40));
    }
    if (e.children.length === 0 && words.some(w => (e.textContent || '').includes(w))) out.push(e.textContent.slice(0, 40));
  }
  return [...new Set(out)].slice(0, 5); }"""

# text boxes and menus a finger types in or opens, under 44 px high (walk #14)
SMALL_INPUTS = """() => [...document.querySelectorAll('[data-testid=stMain] input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), [data-testid=stMain] textarea, [data-testid=stMain] [data-baseweb=select] > div')]
  .filter(e => !(e.tagName === 'INPUT' && e.closest('[data-baseweb=select]')))
  .filter(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 2 && r.height > 2 && s.visibility !== 'hidden' && s.opacity !== '0' && r.height < 44; })
  .map(e => e.tagName + ' ' + Math.round(e.getBoundingClientRect().width) + '×' + Math.round(e.getBoundingClientRect().height))"""

# words of the page broken across two lines (a table squeezed into a phone: "Fede/razio/ne", "200/7")
BROKEN_WORDS = """() => { const out = [];
  const walk = document.createTreeWalker(document.querySelector('[data-testid=stMain]'), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.closest('.rb-bar, .rb-lang') || !n.parentElement.checkVisibility()) continue;
    for (const m of n.textContent.matchAll(/\\S+/g)) {
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
      if (lines.size > 1) out.push(m[0]);
    }
  }
  return out.slice(0, 5); }"""

DRAWER = """() => [...document.querySelectorAll('[data-testid=stSidebar], [role=dialog], [aria-modal=true]')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 40 && r.height > 40 && r.right > 0 &&
    getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).display !== 'none'; }).map(e => e.tagName)"""


def plan(lang: str) -> list[tuple[str, str, str, str]]:
    """The questions the app asks after ``1♥ 1♦ TD`` (the engine's, in the edition the app rules
    by), each with the answer the probe taps: (question, answer's label, fact, value)."""
    from i18n import translator
    from laws.rulings import rule as RU
    from laws.rulings import trees as R

    t, facts, steps = translator(lang), {}, []
    for _ in range(8):
        d = RU.translate(RU.rule("N", "1H 1D TD", facts, edition=R.default_edition(lang)), t)
        if d["status"] != "needs":
            assert d["status"] == "ruling", d["status"]
            return steps
        q = d["question"]
        opt = next((o for o in q["options"] if o["value"] in ("lowest_same", "no")), q["options"][0])
        steps.append((q["text"], opt["label"], q["fact"], opt["value"]))
        facts[q["fact"]] = opt["value"]
    raise AssertionError(f"no ruling after {steps}")


def settle(page) -> None:
    """Wait until the app has drawn the page (its bar is there) and is not running."""
    page.locator(".rb-bar").wait_for()
    page.wait_for_function(SETTLED)
    page.wait_for_timeout(150)
    page.wait_for_function(SETTLED)


def on_screen(locator, viewport) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] and box["x"] >= 0


def heading_text(page) -> str:
    return " ".join(page.locator("h1, h2, p.rl-q, .rl-card-head").all_inner_texts())


@pytest.mark.parametrize("orientation", ["upright", "sideways"])
@pytest.mark.parametrize("lang", ["es", "nl", "it"])
def test_phone_probe(server, browser, lang, orientation):  # noqa: F811 (fixtures)
    vp = UPRIGHT if orientation == "upright" else SIDEWAYS
    steps = plan(lang)
    context = browser.new_context(viewport=vp, has_touch=True, is_mobile=True, locale=lang)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    hosts, failed, errors, problems = set(), [], [], []
    page.on("request", lambda r: hosts.add(urlparse(r.url).hostname) if r.url.startswith("http") else None)
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    def wide(where):
        found = page.evaluate(WIDER_THAN_SCREEN)
        if found:
            problems.append(f"{where}: wider than the screen: {found}")
        english = page.evaluate(ENGLISH_LABELS, list(STREAMLIT_ENGLISH))
        if english:
            problems.append(f"{where}: Streamlit's English: {english}")
        cut = page.evaluate("[...document.querySelectorAll('.rb-bar .rb-lb')].filter(e => e.scrollWidth > e.clientWidth + 1)"
                            ".map(e => e.textContent + ' ' + e.scrollWidth + '>' + e.clientWidth)")
        if cut:  # walk #9: a page's short name cut in its slot of the bar
            problems.append(f"{where}: the bar's labels cut: {cut}")
        small_inputs = page.evaluate(SMALL_INPUTS)
        if small_inputs:
            problems.append(f"{where}: text boxes under 44 px high: {small_inputs[:4]}")

    def typing(where, box, text):
        """Text typed in a box, not yet applied: Streamlit then writes its hint under the box."""
        box.fill(text)
        page.locator("[data-testid=InputInstructions]").first.wait_for(state="attached")
        wide(f"{where}, typing")

    # the first screen: pages one tap away, no drawer, nothing sideways
    page.goto(f"{server}/?lang={lang}")
    settle(page)
    pages = page.evaluate(PAGES_ONE_TAP)
    if len(pages) < 4:
        problems.append(f"first screen: {len(pages)} pages one tap away ({pages})")
    if page.evaluate(DRAWER):
        problems.append(f"first screen: a drawer or dialog over the page: {page.evaluate(DRAWER)}")
    wide("first screen")
    broken = page.evaluate(BROKEN_WORDS)
    if broken:  # walk #10: Read's texts in a table squeezed to the screen
        problems.append(f"first screen: words broken across lines: {broken}")
    if lang == "nl" and orientation == "upright":
        shot(page, "app-phone-first-screen.png", readme=True)

    # Read: law text on the first screen, nothing sideways
    page.goto(f"{server}/?lang={lang}&law={READ[lang]}")
    page.locator("div.law-text p").first.wait_for()
    settle(page)
    if not on_screen(page.locator("div.law-text p").first, vp):
        problems.append("Read: no law text on the first screen")
    wide("Read")
    typing("Read", page.locator(".st-key-read_query input"), "27")
    for path in ("glossary", "practice", f"search?q={READ[lang]}", "graph?law=27D&depth=2", "pbn"):
        page.goto(f"{server}/{path}{'&' if '?' in path else '?'}lang={lang}")
        settle(page)
        wide(path)
        if path.startswith("graph"):  # walk #12: the diagram's nodes are links a finger can hit
            small = page.evaluate("[...document.querySelectorAll('[data-testid=stGraphVizChart] svg a')]"
                                  ".filter(a => a.getAttribute('href') || a.getAttribute('xlink:href'))"
                                  ".map(a => a.getBoundingClientRect()).filter(b => b.height < 44 || b.width < 44)"
                                  ".map(b => Math.round(b.width) + '×' + Math.round(b.height))")
            if small:
                problems.append(f"{path}: diagram nodes under 44 px: {small[:4]}")
        if path == "practice":  # the exercise first: its top in the first third of the screen
            box = page.locator(".st-key-pr_situation").bounding_box()
            if box is None or not 0 <= box["y"] < vp["height"] / 3:
                problems.append(f"practice: the exercise is not on the first screen ({box})")

    # Score: results in the language's notation
    page.goto(f"{server}/score?lang={lang}")
    box = page.locator(".st-key-sc_result input")
    typing("Score", box, RESULTS[lang])
    box.press("Enter")
    page.locator("[data-testid=stMetricValue]").nth(2).wait_for()
    settle(page)
    values = [x.strip() for x in page.locator("[data-testid=stMetricValue]").all_inner_texts()]
    if values != ["-300", "420", "130"]:
        problems.append(f"Score: {RESULTS[lang]} scored {values}, not -300 420 130")
    tabs = page.evaluate("[...document.querySelectorAll('[role=tablist], [role=tablist] *')]"
                         ".filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 1)"
                         ".map(e => e.tagName + ' ' + e.scrollWidth + ' in ' + e.clientWidth)")
    if tabs:
        problems.append(f"Score: the tabs do not fit the screen: {tabs}")
    wide("Score")

    # the ruling page: targets, fast taps, the questions, the card on the first screen, Back twice
    page.goto(f"{server}/ruling?lang={lang}")
    page.locator(".st-key-rl_kp_TD button").wait_for()
    settle(page)
    small = page.evaluate(SMALL_TARGETS)
    if small:
        problems.append(f"ruling: {len(small)} targets under 44 px: {small[:6]}")
    if page.evaluate(DRAWER):
        problems.append("ruling: a drawer over the page")
    wide("ruling")
    for key in ("l1", "H", "l1", "D", "TD"):
        page.locator(f".st-key-rl_kp_{key} button").tap()
        page.wait_for_timeout(100)
    question = page.locator("p.rl-q", has_text=steps[0][0])
    try:
        question.wait_for(timeout=20_000)
        page.wait_for_url("**auction=1H+1D+TD**", timeout=10_000)
    except sync_api.TimeoutError:
        problems.append(f"keypad: taps 100 ms apart not all recorded: {page.url}")
    else:
        settle(page)
        urls = [page.url]
        for n, (text, label, _, _) in enumerate(steps):
            page.locator(".st-key-rl_question").get_by_role("button", name=label, exact=True).tap()
            if n + 1 < len(steps):
                page.locator("p.rl-q", has_text=steps[n + 1][0]).wait_for()
            else:
                page.locator(".st-key-rl_card").wait_for()
            settle(page)
            urls.append(page.url)
        page.wait_for_timeout(300)
        if not on_screen(page.locator(".st-key-rl_card .rl-card-head a").first, vp):
            problems.append("ruling: the card's governing provision is not on the screen after the last answer")
        title = page.locator("h1").first.bounding_box()
        if title and title["y"] < -1 and title["y"] + title["height"] > 1:  # walk #18: all of it or none of it
            problems.append(f"ruling card: the page's title is cut at the top edge ({title})")
        if page.evaluate(UNDER_CHIP):
            problems.append(f"ruling card: words under the language chip: {page.evaluate(UNDER_CHIP)}")
        wide("ruling card")
        for back in range(1, min(2, len(steps)) + 1):  # the last answer undone, then the one before: the screen follows the address
            page.go_back()
            settle(page)
            page.wait_for_timeout(300)
            want = urls[-1 - back]
            shown = steps[len(steps) - back][0]
            if page.url != want:
                problems.append(f"Back {back}: the address bar says {page.url}, expected {want}")
            elif shown not in heading_text(page):
                problems.append(f"Back {back}: the screen does not show «{shown}» ({page.url})")

    # a card opened by its link: the governing provision on the first screen
    facts = "".join(f"&fact={fact}%3D{value}" for _, _, fact, value in steps)
    page.goto(f"{server}/ruling?lang={lang}&dealer=N&auction=1H+1D+TD{facts}")
    card_law = page.locator(".st-key-rl_card .rl-card-head a").first
    card_law.wait_for()
    settle(page)
    page.wait_for_timeout(300)
    if not on_screen(card_law, vp):
        problems.append("ruling link: the governing provision is not on the first screen")
    lines = page.evaluate("[...document.querySelectorAll('.st-key-rl_step p.rl-edition')].map(e => "
                          "Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)))")
    if any(n > 1 for n in lines):  # walk #17: the other edition's text in one line, not a paragraph above the card
        problems.append(f"ruling link: the edition notice takes {lines} lines")
    if lang == "es" and orientation == "sideways":
        shot(page, "app-phone-sideways-card.png", readme=True)
    if "xref-absent" in (card_law.get_attribute("class") or ""):  # no text of the ruling's edition holds it
        card_law.tap()  # its preview offers the other edition's text, labelled; that opens on Read, no error box
        other = page.locator("#rb-preview a.rb-preview-other").first
        try:
            other.wait_for(state="visible", timeout=10_000)
        except sync_api.TimeoutError:
            problems.append("ruling card: the preview of an absent governing provision offers no other edition's text")
        else:
            other.tap()
            page.locator("div.law-text p").first.wait_for()
            settle(page)
            if page.locator("[data-testid=stAlertContainer][role=alert]").count():
                problems.append(f"ruling card → other edition's text: an error box on Read ({page.url})")
        page.goto(f"{server}/ruling?lang={lang}&dealer=N&auction=1H+1D+TD{facts}")  # the absent provision itself
        card_law.wait_for()
        settle(page)
        card_law.tap()
        page.locator("#rb-preview a.rb-preview-open:not(.rb-preview-other)").tap()
        page.locator("ul.rb-bridges a").first.wait_for()
        settle(page)
        if page.locator("[data-testid=stAlertContainer][role=alert]").count():
            problems.append(f"ruling card → Open: an error box on Read ({page.url})")
    page.goto(f"{server}/ruling?lang={lang}&tree=misinformation")  # a long heading brought to the top
    page.locator("p.rl-q").first.wait_for()
    settle(page)
    page.wait_for_timeout(300)
    if page.evaluate(UNDER_CHIP):
        problems.append(f"ruling step: words under the language chip: {page.evaluate(UNDER_CHIP)}")

    # previews: after "Open X →", the next tap on a reference opens its preview, and it stays
    page.goto(f"{server}/?lang={lang}&law={READ[lang]}")
    page.wait_for_function("window.__rbNavReady === true")
    settle(page)
    preview = page.locator("#rb-preview")
    page.locator("div.law-text a.xref[data-pv]").first.tap()
    preview.wait_for(state="visible")
    before = page.url
    preview.locator("a[data-nav]").tap()
    page.wait_for_function(f"location.href !== {before!r}")
    settle(page)
    page.locator("div.law-text a.xref[data-pv]").first.tap()
    page.wait_for_timeout(700)
    if not preview.is_visible():
        problems.append("preview: after «Open X →», the next tap on a reference did not keep its preview open")

    if hosts - {"127.0.0.1", "localhost"}:
        problems.append(f"requests to other hosts: {sorted(hosts - {'127.0.0.1', 'localhost'})}")
    if failed:
        problems.append(f"answers of 400 or more: {failed[:5]}")
    if errors:
        problems.append(f"script errors: {errors[:3]}")
    context.close()
    assert not problems, "\n".join(problems)


def test_language_menu_closes_after_a_choice(server, browser):  # noqa: F811 (fixtures)
    """Walk #6: the language chosen, the menu closes (it covered the question) and the page is at its top;
    a tap outside an open menu closes it too."""
    context = browser.new_context(viewport=UPRIGHT, has_touch=True, is_mobile=True, locale="es")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(f"{server}/ruling?lang=es&dealer=N&auction=1H+1D+TD")
        page.locator("p.rl-q").first.wait_for()
        settle(page)
        menu = page.locator("details.rb-lang")
        menu.locator("summary").tap()
        page.wait_for_function("document.querySelector('details.rb-lang').open")
        menu.locator("a[hreflang=nl]").tap()
        page.wait_for_url("**lang=nl**")
        page.locator(".rb-lang summary", has_text="NL").wait_for()
        settle(page)
        assert not menu.evaluate("d => d.open"), "the language menu is still open over the page"
        assert page.evaluate("window.scrollY") == 0
        menu.locator("summary").tap()
        page.wait_for_function("document.querySelector('details.rb-lang').open")
        page.touchscreen.tap(12, 300)  # left of the menu (it opens under the chip, at the right)
        page.wait_for_function("!document.querySelector('details.rb-lang').open")
    finally:
        context.close()


@pytest.mark.parametrize("vp", [UPRIGHT, SIDEWAYS], ids=["upright", "sideways"])
def test_from_a_search_result_to_its_ruling_in_one_tap(server, browser, vp):  # noqa: F811 (fixtures)
    """Walk #7: a search offers the ruling assistant on the tree that rules on its best result (a 44 px target
    on the first screen, either way up); one tap opens the ruling page on that tree, in the edition the
    federation of the result's text applies, with its first question on the first screen. Read's provision
    offers the same."""
    from app_pages.resources import publications
    from laws.editions import in_force

    # «onvoldoende bod» finds Law 27 in the AEB's text: ruled by the edition the AEB applies
    edition = in_force(next(p for p in publications() if p.lang == "es").authority)
    context = browser.new_context(viewport=vp, has_touch=True, is_mobile=True, locale="nl")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(f"{server}/search?lang=nl&q=onvoldoende+bod")
        settle(page)
        link = page.locator(".rb-rules-top a.rb-rule")  # above the results (the first is 18D, a definition)
        box = link.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, box
        assert on_screen(link, vp), box
        assert link.get_attribute("data-tree") == "insufficient_bid" and link.get_attribute("data-edition") == edition
        shot(page, f"phone-search-rule-{'upright' if vp is UPRIGHT else 'sideways'}.png")
        link.tap()
        page.wait_for_url("**tree=insufficient_bid**")
        question = page.locator("p.rl-q").first
        question.wait_for()
        settle(page)
        assert f"edition={edition}" in page.url
        assert on_screen(question, vp), question.bounding_box()
        assert page.locator(".rb-bar").count() == 1 and not page.evaluate(WIDER_THAN_SCREEN)
        # Read: the provision's text, then its ruling
        page.goto(f"{server}/?lang=nl&law=16B1")
        settle(page)
        rule = page.locator(".rb-rules a.rb-rule").first
        assert rule.get_attribute("data-tree") == "unauthorized_information"
        assert rule.bounding_box()["height"] >= 44
        rule.scroll_into_view_if_needed()
        shot(page, f"phone-read-rule-{'upright' if vp is UPRIGHT else 'sideways'}.png")
    finally:
        context.close()


# English a screen reader would read on a page in Spanish: English words Spanish does not have, and
# identifiers read aloud (a Material icon's ligature, "restart_alt icon")
ENGLISH_WORDS = frozenset("""the to of and or with for from your this that is are not here open close clear icon
    scroll tabs tab right left skip main content show hide help link heading press enter apply choose option select
    upload drag drop file files fullscreen download copy menu expand collapse next previous page loading running stop
    value entry all more less search sidebar home settings theme neighbourhood""".split())
# the roles whose name is data a text holds (a table's cells: a publication's own title), not the app's words
DATA_ROLES = {"cell", "gridcell", "StaticText", "InlineTextBox", "RootWebArea"}


def english_for_a_screen_reader(cdp) -> list[str]:
    """The accessible names and descriptions of the page (Chromium's accessibility tree: what a
    screen reader reads) that hold an English word or an identifier."""
    found = []
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        role = (node.get("role") or {}).get("value")
        if node.get("ignored") or role in DATA_ROLES:
            continue
        for prop in ("name", "description"):
            text = str((node.get(prop) or {}).get("value") or "")
            words = re.findall(r"\w+", text.lower())
            if any("_" in w or w in ENGLISH_WORDS for w in words):
                found.append(f"{role} {prop} «{text[:60]}»")
    return found


def test_no_english_for_a_screen_reader(server, browser):  # noqa: F811 (fixtures)
    """Every page in Spanish, in the states a director reaches (keypad, a question, the card, a select
    box, tabs, a diagram), read as a screen reader reads it: no English name or description (Streamlit's
    "Open", "Scroll tabs right", "Skip to main content", a Material icon's "undo icon")."""
    facts = "".join(f"&fact={fact}%3D{value}" for _, _, fact, value in plan("es"))
    context = browser.new_context(viewport=UPRIGHT, has_touch=True, is_mobile=True, locale="es")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    cdp = context.new_cdp_session(page)
    problems = []
    try:
        for path in ("?lang=es", "?lang=es&law=27B1a", "ruling?lang=es", "ruling?lang=es&dealer=N&auction=1H+1D+TD",
                     f"ruling?lang=es&dealer=N&auction=1H+1D+TD{facts}", "search?lang=es&q=doblo+fuera+de+turno",
                     "score?lang=es&result=4HX-2", "score?lang=es&tab=adjusted", "glossary?lang=es", "practice?lang=es",
                     "graph?lang=es&law=27B1a&to=16D", "pbn?lang=es", "nowhere?lang=es"):
            page.goto(f"{server}/{path}")
            settle(page)
            page.wait_for_timeout(300)  # the script's labels follow Streamlit's drawing by a frame
            problems += [f"{path}: {x}" for x in english_for_a_screen_reader(cdp)]
        # what the relabelling costs is counted (benchmarks/bench_app.py --relabel reads it), and a settled page
        # costs nothing more: no pass of the relabelling sets off another
        cost = page.evaluate(COST)
        page.wait_for_timeout(1000)
        assert cost[0] > 0 and page.evaluate(COST)[:2] == cost[:2]
    finally:
        context.close()
    assert not problems, "\n".join(problems)
