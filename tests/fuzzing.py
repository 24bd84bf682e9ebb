"""Hostile inputs for every ``rulebook`` command (Hypothesis strategies) and an in-process runner.

Used by tests/cli/test_main_fuzz.py (the fast profile, in CI) and benchmarks/bench_fuzz.py (the long
profile: 10,000+ inputs per command). A run *fails* when an exception escapes
:func:`cli.main.main`, when anything like a traceback reaches stderr, or when the exit status is
not 0, 1 or 2.
"""
from __future__ import annotations

import io
import os
import sys
import tempfile
import time
import traceback
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

TRACEBACK_MARKERS = ("Traceback (most recent call last)", 'File "', "Error: [<class")


@dataclass
class Run:
    argv: list
    code: int | None
    out: str
    err: str
    seconds: float
    exception: str | None = None   # an exception that escaped main(), formatted

    @property
    def traceback(self) -> bool:
        return self.exception is not None or any(m in self.err for m in TRACEBACK_MARKERS[:1])

    @property
    def ok(self) -> bool:
        return not self.traceback and self.code in (0, 1, 2)


def run(argv: list[str], stdin: str = "") -> Run:
    """``rulebook ARGV`` in this process, stdout and stderr captured."""
    from cli.main import main

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    exc = None
    start = time.perf_counter()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main([str(a) for a in argv])
            except SystemExit as e:  # argparse's --help, or a command that exits
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - recorded, the caller decides
        code = None
        exc = traceback.format_exc()
    finally:
        sys.stdin = old_stdin
    return Run(list(argv), code, out.getvalue(), err.getvalue(), time.perf_counter() - start, exc)


def describe(r: Run) -> str:
    return (f"rulebook {' '.join(repr(a) for a in r.argv)[:500]}\n  exit {r.code} in {r.seconds:.2f}s\n"
            f"  stderr: {r.err[-1500:]}\n  exception: {(r.exception or '')[-3000:]}")


# -- building blocks ------------------------------------------------------------------------------
HUGE = st.tuples(st.sampled_from("123456789"), st.integers(20, 6000)).map(lambda x: x[0] * x[1])
digits = st.integers(min_value=0, max_value=10**6).map(str) | HUGE | st.text("0123456789", min_size=1, max_size=30)
weird = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)  # anything, no surrogates
garbage = weird | st.sampled_from(["", " ", "-", "--", "=", "==", ":", "\x00", "\u202e", "∞", "NaN", "-0", "1e999",
                                   "[Login expired](https://evil.example/login)", "<script>alert(1)</script>",
                                   "../../etc/passwd", "%s%n%x", "{}", "{0}", "{mensaje}", "\\", "'", '"'])
langs = st.sampled_from(["en", "es", "nl", "it"])
seats = st.sampled_from(["N", "E", "S", "W"])
strains = st.sampled_from(["C", "D", "H", "S", "N", "NT", "♣", "♦", "♥", "♠"])


def _join(parts):
    return "".join(parts)


# auction records: calls, seats, directors' calls, junk; sometimes enormous bid levels
level = st.integers(min_value=0, max_value=9).map(str) | digits
call = st.one_of(
    st.tuples(st.integers(1, 7).map(str), strains).map(_join),
    st.tuples(level, strains).map(_join),
    st.sampled_from(["P", "PASS", "X", "XX", "TD", "D", "R", "AP", "-", "Dbl", "Rdbl"]),
    st.tuples(seats, st.just(":"), st.tuples(st.integers(1, 7).map(str), strains).map(_join)).map(_join),
    garbage,
)
record = st.lists(call, max_size=30).map(" ".join)
safe_call = st.one_of(
    st.tuples(st.integers(0, 9).map(str), strains).map(_join),
    st.sampled_from(["P", "PASS", "X", "XX", "TD", "AP", "-"]),
    st.tuples(seats, st.just(":"), st.tuples(st.integers(1, 7).map(str), strains).map(_join)).map(_join),
    st.text("1234567CDHSNTXPW:E ", max_size=6),
)
safe_record = st.lists(safe_call, max_size=30).map(" ".join)

# provision keys in every usual form, and nonsense
key = st.one_of(
    st.tuples(st.integers(0, 99).map(str), st.sampled_from(["", "A", "B", "C", "D", "E"]),
              st.sampled_from(["", "1", "2", "3"]), st.sampled_from(["", "(a)", "(b)", "(i)", "a"])).map(_join),
    st.tuples(st.sampled_from(["Law ", "Artículo ", "artikel ", "Articolo ", "2007:", "2017:", "1997:"]),
              st.integers(0, 120).map(str), st.sampled_from(["", "B1(a)", "C", "D2"])).map(_join),
    digits, garbage,
)

# scores: results, components, points
result = st.one_of(
    st.tuples(level, strains, st.sampled_from(["", "X", "XX", "XXX"]), st.sampled_from(["", "N", "E", "S", "W", "NE"]),
              st.sampled_from(["=", "+", "-", "+1", "-1", "+7", "-13", "+0"]) | st.tuples(st.sampled_from(["+", "-"]), digits).map(_join)
              ).map(_join),
    st.sampled_from(["PASS", "passed-out", "4S=", "3NT+1", "7NTXX-13"]),
    garbage,
)
percent = st.one_of(st.integers(0, 100).map(str), digits, st.tuples(digits, st.just("/"), digits).map(_join),
                    st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str), garbage)
component = st.tuples(result, st.just(":"), percent).map(_join) | garbage
points = st.one_of(st.integers(-10**7, 10**7).map(str), digits, st.tuples(st.sampled_from(["", "-", "+", "−"]), digits).map(_join),
                   st.floats(allow_nan=True, allow_infinity=True).map(str), garbage)
vul = st.sampled_from(["None", "NS", "EW", "All", "Both", "-", "ns", "x", "Love"])

# facts
fact_key = st.sampled_from(["accepted", "artificial", "same_meaning", "in_rotation", "premature", "replacement",
                            "offender_knew", "x", ""]) | garbage
fact = st.one_of(
    st.tuples(fact_key, st.just("="), st.sampled_from(["yes", "no", "lowest_same", "other_bid", ""]) | garbage).map(_join),
    st.tuples(digits, st.just(":"), fact_key, st.just("="), st.sampled_from(["yes", "no"])).map(_join),
    garbage,
)
safe_fact = st.one_of(
    st.tuples(fact_key, st.just("="), st.sampled_from(["yes", "no", "lowest_same", "other_bid", ""])).map(_join),
    st.tuples(st.integers(0, 99).map(str), st.just(":"), fact_key, st.just("="), st.sampled_from(["yes", "no"])).map(_join),
)
tree_id = st.sampled_from(["insufficient_bid", "bid_out_of_rotation", "wrong_board", "misinformation",
                           "adjusted_score", "nope", ""]) | garbage

# search queries
query = st.one_of(weird, st.lists(st.sampled_from(["revoke", "insufficient", "bid", "27B", "declaración", "Law",
                                                   "pass", "the", "and", "!!!", "*", "OR", "\"", "ley"]),
                                   max_size=12).map(" ".join),
                  st.text(min_size=200, max_size=3000))

# PBN files (bytes, written to a temporary file)
pbn_tag = st.tuples(st.sampled_from(["Dealer", "Auction", "Board", "Vulnerable", "Event", "Deal", "Contract"]),
                    st.sampled_from(["N", "E", "S", "W", "1", "", "9" * 50]) | digits | garbage)
pbn_text = st.tuples(st.lists(pbn_tag, max_size=6), record).map(
    lambda x: "\n".join(f'[{k} "{v}"]' for k, v in x[0]) + "\n" + x[1] + "\n")
# whole files (issue 27): several games, the tags the replay is checked against, inheritance, comments
pbn_check_tag = st.tuples(
    st.sampled_from(["Contract", "Declarer", "Result", "Score", "Vulnerable", "Dealer", "Board", "West", "Note"]),
    st.sampled_from(["#", "##", "##1", "4SX", "3NTXX", "Pass", "^N", "^Q", "NS 9 EW 4", "EW -100", "13", "99", "",
                     "?", "None", "All", "1:x"]) | digits | garbage)
pbn_game = st.tuples(st.lists(pbn_check_tag, max_size=6), st.sampled_from(["N", "E", "S", "W", "#", "X"]),
                     st.sampled_from(["", "- ", "- - ", "^S ", "^I "]), safe_record | record,
                     st.sampled_from(["", "\n+", "\n*", " {c\n\nc}", " ; c", "\n% esc"])).map(
    lambda x: "".join(f'[{k} "{v}"]\n' for k, v in x[0]) + f'[Auction "{x[1]}"]\n{x[2]}{x[3]}{x[4]}\n')
pbn_file_text = st.lists(pbn_game, min_size=1, max_size=5).flatmap(
    lambda games: st.sampled_from(["\n", "\n\n", "\r\n\r\n", "\n \n"]).map(lambda sep: sep.join(games)))
pbn_bytes = st.one_of(
    pbn_text.map(lambda s: s.encode("utf-8")),
    pbn_text.map(lambda s: s.encode("latin-1", "replace")),
    st.binary(max_size=400),
    st.tuples(st.sampled_from(["N", "E", "S", "W", "X"]), safe_record, digits).map(
        lambda x: f'[Board "{x[2]}"]\n[Dealer "{x[0]}"]\n[Auction "{x[0]}"]\n{x[1]}\n'.encode()),
    pbn_file_text.map(lambda s: s.encode("latin-1", "replace")),
)
# --board and --game of the PBN modes: numbers, names, huge and odd values
pbn_choice = st.one_of(
    st.just([]), st.integers(0, 30).map(lambda b: ["--board", str(b)]),
    st.tuples(st.integers(0, 9), st.integers(0, 9) | st.sampled_from(["Ann", "x", "", "9" * 60])).map(
        lambda x: ["--board", str(x[0]), "--game", str(x[1])]),
    (st.integers(0, 12).map(str) | st.sampled_from(["-1", "9" * 5000, "Peña"]) | garbage).map(lambda g: ["--game", g]),
)

# SPARQL
var = st.sampled_from(["?s", "?p", "?o", "?a", "?b", "?x"])
term = st.one_of(var, st.sampled_from(["law:27", "eli:cites", "eli:has_part", "rb:absent", "skos:prefLabel",
                                       "<https://w3id.org/bridge-rulebook/law/27/A>", '"x"', "42", "true", "foo:bar",
                                       "<>", '"abc"@es', "_:b"]))
triple = st.tuples(term, term, term).map(" ".join)
pattern = st.lists(triple, min_size=1, max_size=4).map(" . ".join)
expr = st.one_of(
    st.sampled_from(['STRDT("x", xsd:integer)', 'STRDT("abc", xsd:date)', 'xsd:integer("1e5")', "1/0",
                     'REGEX(?s, "(((a+)+)+)b")', 'STRLEN(?o)', "NOW()", "RAND()", 'xsd:dateTime("nope")',
                     '"9999999999999999999999999999"^^xsd:integer * 99999999999999']),
    var,
)
sparql = st.one_of(
    st.tuples(st.sampled_from(["SELECT *", "SELECT DISTINCT ?s", "SELECT (COUNT(*) AS ?n)", "ASK", "CONSTRUCT { ?s ?p ?o }",
                               "DESCRIBE ?s", "SELECT ?x"]),
              st.sampled_from([" WHERE { ", " { "]), pattern,
              st.sampled_from(["", " . GRAPH ?g { ?s ?p ?o }", " . SERVICE <http://x/> { ?s ?p ?o }",
                               " FILTER(?s != ?o)"]) | st.tuples(st.just(" BIND("), expr, st.just(" AS ?z)")).map(_join),
              st.just(" }"),
              st.sampled_from(["", " ORDER BY ?s", " LIMIT 5", " LIMIT 99999999999999999999999999", " OFFSET 99999999999999999999",
                               " LIMIT -1", " GROUP BY ?s"]) | st.tuples(st.just(" LIMIT "), digits).map(_join)).map(_join),
    st.sampled_from(["DROP ALL", "INSERT DATA { <a> <b> <c> }", "LOAD <http://x>", "SELECT * FROM <http://x> WHERE { ?s ?p ?o }",
                     "SELEC *", "SELECT * WHERE {", "PREFIX : <", "}" * 50, "{" * 500, "SELECT * WHERE " + "{ " * 300 + "}" * 300]),
    weird,
)


def commands(tmpdir: str) -> dict:
    """command -> strategy of argv lists (every command of the CLI)."""
    lang_opt = st.one_of(st.just([]), langs.map(lambda x: ["--lang", x]), st.just(["--json"]),
                         st.just(["--lang", "fr"]), st.just(["--lang", "es", "--json"]))

    def with_opts(argv):
        return st.tuples(argv, lang_opt).map(lambda x: x[0] + x[1])

    def pbn_file(data: bytes) -> str:
        fd, path = tempfile.mkstemp(suffix=".pbn", dir=tmpdir)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return path

    from graph import glossary as Gl
    from laws.corpus import load

    real_keys = sorted({str(p.key) for p in load().provisions()} | {p.key.display for p in load().provisions()})
    terms = sorted({c.id for c in Gl.load()} | {c.en for c in Gl.load()})
    k = st.one_of(st.sampled_from(real_keys), st.sampled_from(real_keys).map(lambda x: "2007:" + x),
                  st.sampled_from(real_keys).map(lambda x: "Artículo " + x), key)
    q = st.one_of(st.sampled_from(terms), query, st.lists(st.sampled_from(terms), min_size=1, max_size=3).map(" ".join))
    good_result = st.tuples(st.integers(1, 7), strains, st.sampled_from(["", "X", "XX"]),
                            st.sampled_from(["=", "+1", "-1", "-2", "-3"])).map(lambda x: f"{x[0]}{x[1]}{x[2]}{x[3]}")
    split = st.integers(1, 99).map(lambda p: (p, 100 - p))
    plausible = st.tuples(good_result, good_result, split).map(lambda x: [f"{x[0]}:{x[2][0]}", f"{x[1]}:{x[2][1]}"])
    vul_opts = st.one_of(st.just([]), st.just(["--vul"]), vul.map(lambda v: ["--board-vul", v]))
    return {
        "list": with_opts(st.just(["list"])),
        "show": with_opts(st.lists(k, min_size=1, max_size=3).map(lambda ks: ["show", *ks])),
        "refs": with_opts(st.tuples(k, st.integers(-3, 6) | st.integers(10**6, 10**30), st.booleans()).map(
            lambda x: ["refs", x[0], "--depth", str(x[1])] + (["--containment"] if x[2] else []))),
        "path": with_opts(st.tuples(k, k, st.booleans()).map(
            lambda x: ["path", x[0], x[1]] + (["--citations-only"] if x[2] else []))),
        "glossary": with_opts(st.lists(q, max_size=2).map(lambda q: ["glossary", *q])),
        "search": with_opts(st.tuples(q, st.integers(-5, 50) | st.integers(10**6, 10**30)).map(
            lambda x: ["search", x[0], "--limit", str(x[1])])),
        "score": with_opts(st.tuples(st.lists(good_result | result, min_size=1, max_size=4), vul_opts).map(
            lambda x: ["score", *x[0], *x[1]])),
        "adjust": with_opts(st.tuples(plausible | st.lists(component, min_size=1, max_size=4), vul_opts,
                                      st.one_of(st.just([]), points.map(lambda p: ["--imps-against", p]),
                                                (good_result | result).map(lambda r: ["--imps-against", r])),
                                      st.one_of(st.just([]), st.sampled_from(["NS", "EW", "N", "x"]).map(lambda s: ["--side", s]))
                                      ).map(lambda x: ["adjust", *x[0], *x[1], *x[2], *x[3]])),
        "imps": with_opts(st.lists(points, min_size=1, max_size=4).map(lambda ps: ["imps", "--", *ps])),
        "auction": with_opts(st.one_of(
            st.tuples(seats | garbage, safe_record, st.lists(safe_fact, max_size=3)).map(
                lambda x: ["auction", "--dealer", x[0], "--", *x[1].split()] + [a for f in x[2] for a in ("--fact", f)]),
            st.tuples(pbn_bytes, pbn_choice).map(lambda x: ["auction", "--pbn", pbn_file(x[0]), *x[1]]),
        )),
        "rule": with_opts(st.one_of(
            st.tuples(seats, safe_record, st.lists(safe_fact, max_size=3)).map(
                lambda x: ["rule", "--dealer", x[0], "--auction", x[1]] + [a for f in x[2] for a in ("--fact", f)]),
            st.tuples(tree_id, st.lists(safe_fact, max_size=4)).map(
                lambda x: ["rule", "--tree", x[0]] + [a for f in x[1] for a in ("--fact", f)]),
            st.tuples(pbn_bytes, pbn_choice, st.lists(safe_fact, max_size=2)).map(
                lambda x: ["rule", "--pbn", pbn_file(x[0]), *x[1]] + [a for f in x[2] for a in ("--fact", f)]),
        )),
        "facts": with_opts(st.just(["facts"])),
        "trees": with_opts(st.one_of(st.just(["trees"]), tree_id.map(lambda i: ["trees", i]))),
        "sparql": with_opts(st.tuples(sparql, st.sampled_from([[], ["--max-rows", "3"], ["--timeout", "2"]])).map(
            lambda x: ["sparql", "--timeout", "2", x[0], *x[1]])),
        "export": with_opts(st.tuples(st.sampled_from(["ttl", "jsonld", "graphml", "pdf"]),
                                      st.sampled_from(["out.ttl", "-", "sub/x.ttl", "link", "."]), st.booleans()).map(
            lambda x: ["export", "--format", x[0], "-o", x[1] if x[1] == "-" else os.path.join(tmpdir, x[1])]
            + (["--force"] if x[2] else []))),
        "none": st.lists(st.sampled_from(["--json", "--lang", "fr", "es", "--help", "-h", "nope", "--version", "-x"]), max_size=3),
    }


# inputs that reach the ruling engine (laws/rulings/, cli/cmd_auction.py,
# cli/cmd_rule.py): huge bid levels, --fact N: with a huge N, huge numbers in PBN files, rule --pbn
# on a Latin-1 file. Generated by these strategies for the engine's regression tests.
engine_commands = {
    "auction-huge": st.tuples(seats, record).map(lambda x: ["auction", "--dealer", x[0], "--", *x[1].split()]),
    "rule-huge": st.tuples(seats, record, st.lists(fact, max_size=3)).map(
        lambda x: ["rule", "--dealer", x[0], "--auction", x[1]] + [a for f in x[2] for a in ("--fact", f)]),
}
