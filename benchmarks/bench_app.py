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
"""
from __future__ import annotations

import argparse
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
    if page is not None:
        at._page_hash = next(h for h, i in at._registered_pages.items() if i.get("url_pathname") == page)
    at.query_params.clear()
    at.query_params.update(params)
    t0 = time.perf_counter()
    at.run()
    dt = time.perf_counter() - t0
    if at.exception:
        raise RuntimeError(f"{page} {params}: {at.exception[0].value}")
    return dt


def ms(x: float) -> str:
    return f"{x * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args(argv)
    repeat = max(1, args.repeat)

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
