"""How fast the Streamlit app answers: cold start, and the script run of each page with a typical
deep link, measured with ``streamlit.testing.v1.AppTest`` (the server-side work of a page: what
a director waits for after a tap, minus the network and the browser's drawing).

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_app.py [--repeat N]

*Cold start* runs in a fresh Python process: importing Streamlit and the app, loading the corpus
(from its disk cache, or parsing it when the cache is empty), the first script run. *Per page*:
in one warm process (the corpus, graph, glossary and search index loaded once, as
``st.cache_resource`` keeps them for every session), ``N`` fresh sessions each open the page
with its deep link; median and max of that script run (AppTest's own polling included, so these
are upper bounds). Prints a Markdown table for the README; asserts nothing.

``--browser``: from action to settled page in headless Chromium at 390×844 (Playwright, Debian's
``/usr/bin/chromium``), against ``streamlit run app.py`` on a free port: the time from a tap to the
moment the target is shown and Streamlit has finished the run (``data-test-script-state`` back to
``notRunning``). Following a reference in place, Back, a page switch from the bar, a keypad tap, an
answer, an upload, a practice answer, for comparison the same provision opened by a full page load,
and a cold open (a new browser with an empty cache on a deep link). The load average of the machine
before and after is printed with the table.

``--relabel``: what the screen-reader relabelling costs (``app_pages/static/nav.js`` gives Streamlit's English
accessible names the page's words after each batch of DOM changes): the browser main thread's time in it
during each action (``window.__rbNav.cost``), beside the action's own time, in Dutch and in English.

``--search``: in fresh processes, the time to open the search index as the app does at its warm
start (``graph.search.warm``: opened and read whole into memory) against opening it lazily
(``graph.search.load_index``), then the first and a second search.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
sys.path.insert(0, str(ROOT))

# (what, page url path or None for the default page, query parameters)
PAGES = [
    ("Read, `?lang=nl&law=16B1`", None, {"lang": "nl", "law": "16B1"}),
    ("Read, `?lang=es&law=27B1a`", None, {"lang": "es", "law": "27B1a"}),
    ("Read, words: `?q=doblo fuera de turno`", None, {"lang": "es", "q": "doblo fuera de turno"}),
    ("Ruling, a question: `ruling?dealer=N&auction=1H 1D TD`", "ruling",
     {"lang": "en", "dealer": "N", "auction": "1H 1D TD"}),
    ("Ruling, the card: `…&auction=1H 1D TD E:2D&fact=artificial=no`", "ruling",
     {"lang": "nl", "dealer": "N", "auction": "1H 1D TD E:2D", "fact": "artificial=no"}),
    ("Ruling without auction: `ruling?tree=misinformation`", "ruling", {"lang": "it", "tree": "misinformation"}),
    ("Graph: `graph?law=27D&depth=2&to=16D`", "graph", {"lang": "es", "law": "27D", "depth": "2", "to": "16D"}),
    ("Search: `search?q=onvoldoende bod`", "search", {"lang": "nl", "q": "onvoldoende bod"}),
    ("Glossary, all 100 concepts", "glossary", {"lang": "en"}),
    ("Glossary: `glossary?term=OI`", "glossary", {"lang": "es", "term": "OI"}),
    ("Practice, a generated exercise: `practice?source=generated`", "practice", {"lang": "it", "source": "generated"}),
    ("Score: `score?result=4HX-2 3NT+1&adjust=4S=:60,4S-1:40&against=420`", "score",
     {"lang": "en", "result": "4HX-2 3NT+1", "adjust": "4S=:60,4S-1:40", "against": "420"}),
]

COLD = r"""
import sys, time
t0 = time.perf_counter()
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(sys.argv[1], default_timeout=120)
at.query_params.update({"lang": "nl", "law": "16B1"})
t1 = time.perf_counter()
at.run()
t2 = time.perf_counter()
assert not at.exception, at.exception
at.run()
t3 = time.perf_counter()
print(f"{t2 - t0:.4f} {t2 - t1:.4f} {t3 - t2:.4f}")
"""


# the first search in each language of a fresh process (a key, words, a director's account), then one again
QUERIES = [("es", "doblo fuera de turno"),
           ("nl", "Zuid opent 1 harten, West biedt 1 ruiten, de wedstrijdleider wordt geroepen"),
           ("it", "il compagno ha visto una carta scoperta del dichiarante prima dell'attacco"),
           ("en", "insufficient bid accepted by LHO"),
           ("es", "doblo fuera de turno")]
SEARCH = r"""
import json, sys, time
way, queries = sys.argv[1], json.loads(sys.argv[2])
import graph.search as S
from app_pages import resources
t0 = time.perf_counter()
idx = resources.search_index.__wrapped__() if way == "app" else S.load_index()
out = [time.perf_counter() - t0]
for lang, q in queries:
    t0 = time.perf_counter()
    S.search(q, lang, index=idx)
    out.append(time.perf_counter() - t0)
print(" ".join(f"{x:.4f}" for x in out))
"""


def first_search(way: str) -> list[float]:
    """In a fresh process: opening the index as ``way`` does, then each search of ``QUERIES``, in
    seconds; ``way`` is ``app`` (the app's resources.search_index: graph.search.warm) or ``lazy``
    (graph.search.load_index alone, the app before it warmed the index)."""
    out = subprocess.run([sys.executable, "-c", SEARCH, way, json.dumps(QUERIES)], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [float(x) for x in out]


def search_rows(repeat: int) -> list[tuple[str, float, float]]:
    rows = []
    whats = ["opening the index (the server's warm start)"] + [
        f"{'again' if n == len(QUERIES) - 1 else 'first ' + lang}: «{q[:40]}{'…' if len(q) > 40 else ''}»"
        for n, (lang, q) in enumerate(QUERIES)]
    for way, name in (("lazy", "load_index (before)"), ("app", "warm (the app now)")):
        runs = [first_search(way) for _ in range(repeat)]
        for i, what in enumerate(whats):
            rows.append((f"{name}: {what}", statistics.median(r[i] for r in runs), max(r[i] for r in runs)))
    return rows


def cold(cache_dir: str | None) -> tuple[float, float, float]:
    """(import + first run, first run alone, second run) in a fresh process, in seconds."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if cache_dir is not None:
        env["RULEBOOK_CACHE"] = cache_dir
    out = subprocess.run([sys.executable, "-c", COLD, APP], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    return tuple(float(x) for x in out)  # type: ignore[return-value]


def open_page(page: str | None, params: dict):
    """A new session opens the default page, then ``page`` (None: the default page) with
    ``params``, as a tap on a link does; the run time of that second script run."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update({"lang": params.get("lang", "en")})
    at.run()  # the session's first run also pays AppTest's own set-up: not timed
    at.query_params.clear()
    if page is not None:
        at.query_params["page"] = page
    at.query_params.update(params)
    t0 = time.perf_counter()
    at.run()
    dt = time.perf_counter() - t0
    if at.exception:
        raise RuntimeError(f"{page} {params}: {at.exception[0].value}")
    return dt


LOAD = [0.0]  # the load average when the measurement began


def ms(x: float) -> str:
    return f"{x * 1000:.0f} ms"


# -- in the browser ------------------------------------------------------------------------------
SETTLED = ("(() => { const a = document.querySelector('[data-testid=stApp]'); "
           "return !!a && a.dataset.testScriptState === 'notRunning'; })()")


def _server():
    import socket
    import urllib.request

    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        port = sk.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", APP, "--server.headless", "true", "--server.address", "127.0.0.1",
         "--server.port", str(port), "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(base + "/_stcore/health", timeout=2):
                return proc, base
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("streamlit did not start")


@contextlib.contextmanager
def _chromium():
    """``(browser, base url)``: headless Chromium (Debian's, or $CHROMIUM) and ``streamlit run app.py`` on a free
    port, both stopped on leaving."""
    from playwright.sync_api import sync_playwright

    proc, base = _server()
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                  args=["--no-sandbox", "--disable-gpu"])
            try:
                yield b, base
            finally:
                b.close()
    finally:
        proc.terminate()
        proc.wait(10)


def browser_rows(repeat: int) -> list[tuple[str, float, float]]:
    """(what, median, max) from action to settled page, in headless Chromium at 390×844."""
    import json

    from i18n import translator
    from laws.corpus import load
    from laws.editions import editions
    from laws.rulings import rule as RU
    from laws.rulings import trees as R
    from present import record as REC

    t = translator("en")
    # the record of a ruling in the registry's first edition (its fact same_meaning; the record says its edition)
    d = RU.translate(RU.rule("S", "1S 1H TD W:X", {"same_meaning": "no"}, edition=editions()[0]), t)
    rec = REC.build(d, {"dealer": "S", "auction": "1S 1H TD W:X"}, [("same_meaning", "no")], {"board": "1"}, t, load())
    tmp = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
    tmp.write(json.dumps(json.loads(REC.to_json(rec))))
    tmp.close()
    times: dict[str, list[float]] = {}

    def timed(what, action, target):
        t0 = time.perf_counter()
        action()
        target.wait_for()
        page.wait_for_function(SETTLED)
        times.setdefault(what, []).append(time.perf_counter() - t0)

    try:
        with _chromium() as (b, base):
            page = b.new_page(viewport={"width": 390, "height": 844})
            page.set_default_timeout(60_000)
            page.goto(base + "/?lang=nl&law=16B1")
            page.get_by_role("heading", name="16B1").wait_for()
            page.wait_for_function("window.__rbNavReady === true")
            page.wait_for_function(SETTLED)
            h16a = page.get_by_role("heading", name="16A — Gebruik van informatie door de spelers")
            h16b1 = page.get_by_role("heading", name="16B1", exact=True)
            for _ in range(repeat):
                timed("Follow «artikel 16A» from 16B1, in place (no reload)",
                      lambda: page.locator("a.xref", has_text="artikel 16A").first.click(), h16a)
                timed("Back (the browser's) to 16B1", page.go_back, h16b1)
            ruling_title = page.get_by_role("heading", name="Hulp bij arbitrage")
            for _ in range(repeat):
                timed("Page switch: tap «Arbitrage» in the bar (Read → Ruling assistant), in place",
                      lambda: page.locator(".rb-bar a.rb-tab[href^='./ruling']").click(), ruling_title)
                timed("Page switch: tap «Lezen» in the bar (back to Read 16B1), in place",
                      lambda: page.locator(".rb-bar a.rb-tab[href^='./?']").click(), h16b1)
            for _ in range(repeat):
                timed("For comparison: `?lang=nl&law=16A` by a full page load (new session)",
                      lambda: page.goto(base + "/?lang=nl&law=16A"), h16a)
            for _ in range(repeat):  # a browser with nothing cached: the app's files, fonts, the first run
                fresh = b.new_context(viewport={"width": 390, "height": 844})
                cold_page = fresh.new_page()
                cold_page.set_default_timeout(60_000)
                t0 = time.perf_counter()
                cold_page.goto(base + "/ruling?lang=en&dealer=N&auction=1H+1D+TD")
                cold_page.locator("p.rl-q").first.wait_for()
                cold_page.wait_for_function(SETTLED)
                times.setdefault("Cold open: a new browser (empty cache) on `/ruling?dealer=N&auction=1H+1D+TD` until "
                                 "its question shows", []).append(time.perf_counter() - t0)
                fresh.close()
            # the engine's own questions after 1H 1D TD (in the edition the app rules by), and the answers tapped
            asked, facts = [], {}
            while (q := RU.translate(RU.rule("N", "1H 1D TD", facts, edition=R.default_edition("en")), t)).get(
                    "status") == "needs":
                pick = next((o for o in q["question"]["options"] if o["value"] in ("lowest_same", "no")),
                            q["question"]["options"][0])
                asked.append((q["question"]["text"], pick["label"]))
                facts[q["fact"]] = pick["value"]
            card = page.locator(".st-key-rl_card .rl-card-head")
            for _ in range(repeat):
                page.goto(base + "/ruling?lang=en&dealer=N&auction=1H+1D")
                page.locator(".st-key-rl_kp_TD button").last.wait_for()
                page.wait_for_function(SETTLED)
                timed("Ruling: tap TD on the keypad (1♥ 1♦ entered) until the question shows",
                      lambda: page.locator(".st-key-rl_kp_TD button").last.click(),
                      page.locator("p.rl-q", has_text=asked[0][0]))
                for n, (_, label) in enumerate(asked):
                    last = n + 1 == len(asked)
                    timed("Ruling: the last answer until the card shows" if last else
                          "Ruling: an answer until the next question shows",
                          lambda: page.locator(".st-key-rl_question").get_by_role("button", name=label, exact=True).click(),
                          card if last else page.locator("p.rl-q", has_text=asked[n + 1][0]))
            for _ in range(repeat):
                page.goto(base + "/ruling?lang=en")
                page.get_by_text("Open a saved ruling record (JSON)").click()
                page.wait_for_function(SETTLED)
                timed("Upload a JSON ruling record until the same ruling shows",
                      lambda: page.locator("input[type=file]").set_input_files(tmp.name),
                      page.get_by_text("The record was read back: the same ruling (27B3)."))
            for _ in range(repeat):
                page.goto(base + "/practice?lang=en")
                page.locator(".st-key-pr_opt_0 button").last.wait_for()
                page.wait_for_function(SETTLED)
                timed("Practice: choose a rectification until the ruling shows",
                      lambda: page.locator(".st-key-pr_opt_0 button").last.click(),
                      page.locator(".st-key-pr_next button").last)
    finally:
        os.unlink(tmp.name)
    return [(what, statistics.median(v), max(v)) for what, v in times.items()]


# the main thread's time in nav.js's relabelling so far in this window: [passes, mutation batches, ms]
COST = "(() => { const c = (window.__rbNav || {}).cost || {}; return [c.runs || 0, c.batches || 0, c.ms || 0]; })()"
FRAMES = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def relabel_rows(repeat: int) -> list[tuple]:
    """What nav.js's relabelling of Streamlit's English accessible names costs (app_pages/static/nav.js:
    a pass over the page's ``[aria-label]`` elements after each batch of DOM mutations), in headless Chromium
    at 390×844, in Dutch (labels replaced) and in English (nothing to replace; the pass runs all the same):
    ``(language, what, action median, relabel ms median, relabel ms max, passes median, batches median)`` per
    action, the relabel time read from ``window.__rbNav.cost`` before and after the action (the frame after
    the settled page included, where the last pass runs)."""
    from i18n import translator

    rows = []
    with _chromium() as (b, base):
        for lang in ("nl", "en"):
            page = b.new_page(viewport={"width": 390, "height": 844})
            page.set_default_timeout(60_000)
            measured: dict[str, list[tuple]] = {}

            def measure(what, action, target, load=False):
                before = [0, 0, 0.0] if load else page.evaluate(COST)  # a page load starts a new window
                t0 = time.perf_counter()
                action()
                target.wait_for()
                page.wait_for_function(SETTLED)
                page.evaluate(FRAMES)
                dt = time.perf_counter() - t0
                after = page.evaluate(COST)
                measured.setdefault(what, []).append((dt, after[2] - before[2], after[0] - before[0], after[1] - before[1]))

            h16b1 = page.get_by_role("heading", name="16B1", exact=True)
            h16a = page.get_by_role("heading", name="16A — Gebruik van informatie door de spelers")
            ruling = page.get_by_role("heading", name=translator(lang).gettext("Ruling assistant"))
            for _ in range(repeat):
                measure("Open Read 16B1 (a full page load)", lambda: page.goto(f"{base}/?lang={lang}&law=16B1"), h16b1,
                        load=True)
                page.wait_for_function("window.__rbNavReady === true")
                measure("Follow «artikel 16A», in place", lambda: page.locator("a.xref", has_text="artikel 16A").first.click(),
                        h16a)
                measure("Back to 16B1", page.go_back, h16b1)
                measure("Tap the bar's Rule (page switch)",
                        lambda: page.locator(".rb-bar a.rb-tab[href^='./ruling']").click(), ruling)
                measure("Open the ruling on 1H 1D TD (a full page load: keypad, question, icons)",
                        lambda: page.goto(f"{base}/ruling?lang={lang}&dealer=N&auction=1H+1D+TD"),
                        page.locator("p.rl-q").first, load=True)
                measure("Open the citation graph of 16B1, depth 2 (a full page load: a diagram of groups)",
                        lambda: page.goto(f"{base}/graph?lang={lang}&law=16B1&depth=2"),
                        page.locator("[data-testid=stGraphVizChart] svg").first, load=True)
                measure("Idle for 2 s on the settled graph", lambda: page.wait_for_timeout(2000), page.locator(".rb-bar"))
            page.close()
            for what, v in measured.items():
                rows.append((lang, what, statistics.median(x[0] for x in v), statistics.median(x[1] for x in v),
                             max(x[1] for x in v), statistics.median(x[2] for x in v), statistics.median(x[3] for x in v)))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--browser", action="store_true", help="only the browser figures, from action to settled page")
    ap.add_argument("--search", action="store_true", help="only the first search of a fresh process, lazy index or warmed")
    ap.add_argument("--relabel", action="store_true",
                    help="only what the screen-reader relabelling (nav.js) costs the browser's main thread, per action")
    args = ap.parse_args(argv)
    repeat = max(1, args.repeat)
    if args.relabel:
        load = os.getloadavg()[0]
        rows = relabel_rows(repeat)
        print(f"| language: action (headless Chromium, 390×844, {repeat} times each; load average {load:.1f} before, "
              f"{os.getloadavg()[0]:.1f} after, {os.cpu_count()} cores) | action, median | relabelling, median (max) "
              "| share | passes | mutation batches |")
        print("| --- | --- | --- | --- | --- | --- |")
        for lang, what, act, med, mx, passes, batches in rows:
            print(f"| {lang}: {what} | {ms(act)} | {med:.1f} ms ({mx:.1f}) | {med / (10 * act):.2f}% | {passes:.0f} "
                  f"| {batches:.0f} |")
        return 0
    for flag, measure, head in ((args.search, search_rows, "in a fresh process ({n} times each"),
                                (args.browser, browser_rows,
                                 "from action to settled page (headless Chromium, 390×844, {n} times each")):
        if not flag:
            continue
        LOAD[0] = os.getloadavg()[0]
        rows = measure(repeat)
        print(f"| {head.format(n=repeat)}; load average {LOAD[0]:.1f} before, {os.getloadavg()[0]:.1f} after, "
              f"{os.cpu_count()} cores) | median | max |")
        print("| --- | --- | --- |")
        for what, med, mx in rows:
            print(f"| {what} | {ms(med)} | {ms(mx)} |")
        return 0

    rows = []
    warm = [cold(None) for _ in range(3)]
    rows.append(("Cold start, warm disk cache: import Streamlit and the app, first run of `?lang=nl&law=16B1`",
                 statistics.median(w[0] for w in warm), max(w[0] for w in warm)))
    rows.append(("… of which the first script run (corpus, graph, glossary loaded)",
                 statistics.median(w[1] for w in warm), max(w[1] for w in warm)))
    empty = []
    for _ in range(2):
        with tempfile.TemporaryDirectory(prefix="rulebook-bench-") as d:
            empty.append(cold(d))
    rows.append(("Cold start, empty disk cache (the corpus parsed from its YAML files)",
                 statistics.median(e[0] for e in empty), max(e[0] for e in empty)))
    rows.append(("The same page again in that session (everything cached)",
                 statistics.median(w[2] for w in warm), max(w[2] for w in warm)))

    open_page(None, {"lang": "en"})  # load every resource once, as a running server has
    for _, page, params in PAGES:
        open_page(page, params)
    for what, page, params in PAGES:
        times = [open_page(page, params) for _ in range(repeat)]
        rows.append((what, statistics.median(times), max(times)))

    print(f"| what (AppTest script run, {repeat} sessions per page) | median | max |")
    print("| --- | --- | --- |")
    for what, med, mx in rows:
        print(f"| {what} | {ms(med)} | {ms(mx)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
