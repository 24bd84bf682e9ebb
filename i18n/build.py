"""Extract, update, compile and check the gettext catalogs, with Babel's Python API.

    python -m i18n.build extract   # write i18n/templates/<domain>.pot from the code and data
    python -m i18n.build update [DOMAIN...]  # extract, then merge into <lang>/<domain>.po (all domains by default)
    python -m i18n.build compile   # compile every .po that is newer than its .mo
    python -m i18n.build check     # exit 1 on any untranslated, fuzzy or missing entry

Each *domain* is a part of the project with its own catalog, so that separate pieces of work
never edit the same .po file. A domain lists the files it extracts from: Python with Babel's
extractor, the project's YAML data with ``i18n.extract:extract_yaml``.
"""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LOCALE = HERE / "locale"
TEMPLATES = HERE / "templates"
TARGET_LANGS = ("es", "nl", "it")

KEYWORDS = {
    "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "tr": None, "trn": (1, 2), "N_": None,
}
YAML = "i18n.extract:extract_yaml"
TREE_KEYS = "title,summary,question,help,labels,explanation,note,condition"
# The decision trees (laws/trees/<edition>/<tree id>.yaml) are split into domains by family, every edition's directory
# alike, so that the engineers who write them never edit the same catalog (laws/trees/README.md names the owners):
#   "rulings"  -- Law 27, the insufficient bid (with the engine's own strings);
#   "rotation" -- calls out of rotation and the end of the auction (Laws 17D, 28-32, 34);
#   "calls"    -- the other trees driven by the auction record (Laws 25, 33, 35-39);
#   "trees"    -- every other tree (those that need no record).
TREE_FAMILIES = {
    "rulings": ("insufficient_bid", "second_insufficient_bid"),
    "rotation": ("pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation",
                 "pass_ends_auction_out_of_rotation", "skipped_turn", "call_out_of_rotation"),
    "calls": ("change_of_call", "simultaneous_call", "inadmissible_double", "call_when_required_to_pass",
              "bid_above_seven", "call_after_final_pass", "unintended_call"),
}
FAMILY_TREES = tuple(t for ids in TREE_FAMILIES.values() for t in ids)


def _trees(family: str | None) -> list:
    """The extraction rules of one family's trees, in every edition's directory (None: the trees of no family)."""
    if family is None:
        return [("laws/trees/*/*.yaml", YAML, {"keys": TREE_KEYS, "exclude": ",".join(FAMILY_TREES)})]
    return [(f"laws/trees/*/{t}.yaml", YAML, {"keys": TREE_KEYS}) for t in TREE_FAMILIES[family]]


# domain -> [(glob relative to the project root, method, options)]
DOMAINS: dict[str, list[tuple[str, str, dict]]] = {
    "core": [("laws/keys.py", "python", {}), ("laws/corpus.py", "python", {}), ("present/provision.py", "python", {}),
             ("laws/citations.py", "python", {}), ("laws/check.py", "python", {}),
             ("cli/main.py", "python", {}), ("cli/cmd_corpus.py", "python", {}), ("cli/cmd_import.py", "python", {}),
             ("cli/safe_io.py", "python", {}), ("graph/sparql.py", "python", {})],
    "graph": [("graph/**/*.py", "python", {"exclude_glob": "graph/search/**/*.py,graph/sparql.py"}), ("cli/cmd_graph.py", "python", {}), ("present/graph.py", "python", {}),
              ("laws/data/glossary.yaml", YAML, {"keys": "definition,note"})],
    "auction": [(f"laws/rulings/{m}.py", "python", {}) for m in ("auction", "calls", "record", "state", "labels", "replay")]
               + [("laws/rulings/irregularities/*.py", "python", {}), ("laws/notation.py", "python", {}),
                  ("cli/cmd_auction.py", "python", {}), ("present/auction.py", "python", {})],
    "scoring": [("laws/scoring.py", "python", {}), ("cli/cmd_score.py", "python", {}), ("present/score.py", "python", {})],
    "rulings": [(f"laws/rulings/{m}.py", "python", {}) for m in ("trees", "facts", "rule", "ruling", "examples")]
               + [("cli/cmd_rule.py", "python", {})] + _trees("rulings"),
    "rotation": _trees("rotation"),
    "calls": _trees("calls"),
    "trees": _trees(None),
    "search": [("graph/search/**/*.py", "python", {}), ("cli/cmd_search.py", "python", {})],
    "app": [("app.py", "python", {}), ("app_pages/**/*.py", "python", {"exclude_glob": "app_pages/pbn_page.py"}),
            ("present/ruling.py", "python", {}),
            ("present/record.py", "python", {}), ("present/practice.py", "python", {})],
    "docs": [("docs/*.py", "python", {}), ("docs/_ext/*.py", "python", {})],
    # a session's PBN file: reading, the checks against the tags, the CLI's --pbn modes and the app's PBN page
    "pbn": [("laws/rulings/pbn.py", "python", {}), ("laws/rulings/pbn_check.py", "python", {}),
            ("present/pbn.py", "python", {}), ("app_pages/pbn_page.py", "python", {})],
}


def _files(domain: str):
    seen = set()
    for pattern, method, options in DOMAINS[domain]:
        excluded = {x for x in options.get("exclude", "").split(",") if x}
        excluded_paths = {x for g in (options.get("exclude_glob") or "").split(",") if g for x in ROOT.glob(g)}
        for path in sorted(ROOT.glob(pattern)):
            if path.stem in excluded or path in excluded_paths:
                continue
            if path.is_file() and path not in seen:
                seen.add(path)
                yield path, method, options


def template(domain: str):
    """The catalog template of a domain, freshly extracted."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    cat = Catalog(project="bridge-rulebook", domain=domain, charset="utf-8", fuzzy=False)
    for path, method, options in _files(domain):
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                method, str(path), keywords=KEYWORDS, options=options, strip_comment_tags=True):
            cat.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return cat


def extract() -> list[Path]:
    from babel.messages.pofile import write_po

    TEMPLATES.mkdir(exist_ok=True)
    out = []
    for domain in DOMAINS:
        cat = template(domain)
        path = TEMPLATES / f"{domain}.pot"
        with open(path, "wb") as f:
            write_po(f, cat, width=100, omit_header=False, sort_output=False, include_lineno=False)
        out.append(path)
    return out


def update(domains: list[str] | None = None) -> None:
    """Merge freshly extracted templates into the .po files of ``domains`` (default: all)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    extract()
    for domain in domains or list(DOMAINS):
        tmpl = template(domain)
        for lang in TARGET_LANGS:
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if not len(tmpl) and not po.exists():
                continue
            po.parent.mkdir(parents=True, exist_ok=True)
            if po.exists():
                with open(po, "rb") as f:
                    cat = read_po(f, locale=lang, domain=domain)
            else:
                cat = Catalog(locale=lang, domain=domain, project="bridge-rulebook", fuzzy=False)
            created = cat.creation_date if po.exists() else None
            cat.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
            cat.fuzzy = False
            if created is not None:  # keep the header stable: a catalog changes only when its messages do
                cat.creation_date = created
            buf = io.BytesIO()
            write_po(buf, cat, width=100, ignore_obsolete=True, include_lineno=False)
            if not po.exists() or po.read_bytes() != buf.getvalue():
                po.write_bytes(buf.getvalue())


def compile_all(force: bool = False) -> int:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    n = 0
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if force or not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with open(po, "rb") as f:
                cat = read_po(f)
            with open(mo, "wb") as f:
                write_mo(f, cat, use_fuzzy=False)
            n += 1
    return n


def _rel(p: Path) -> str:
    try:
        return p.relative_to(ROOT).as_posix()
    except ValueError:
        return str(p)


_PO_LINE = re.compile(r'^(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"\s*$')


def syntax_problems(po: Path) -> list[str]:
    """Lines that are not gettext syntax (Babel's reader accepts an unterminated string and
    silently changes the message): comments, blank lines, keyword + quoted string, quoted string."""
    out = []
    try:
        text = po.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        return [f"{_rel(po)}: the catalog is not UTF-8 ({e.reason} at byte {e.start}) (save it as UTF-8)"]
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if not _PO_LINE.match(s):
            out.append(f"{_rel(po)}:{n}: not valid catalog syntax: {s[:80]!r} (each line is a keyword and a "
                       "quoted string, a quoted string, or a # comment)")
    return out


def placeholder_problems(msgid, msgstr) -> list[str]:
    """A translation must keep the message's placeholders: every ``{name}`` of the translation is
    one of the message's (else ``.format`` fails), none is lost (else information is), its braces
    parse, and its ``%`` conversions are the message's."""
    from i18n import placeholders

    ids = tuple(msgid) if isinstance(msgid, (list, tuple)) else (msgid,)
    strs = tuple(msgstr) if isinstance(msgstr, (list, tuple)) else (msgstr,)
    refs = [placeholders(i) for i in ids]
    if any(r is None for r in refs):
        return []
    allowed = frozenset().union(*(r[0] for r in refs))
    out = []
    for s in strs:
        got = placeholders(s)
        if got is None:
            out.append(f"the translation of {ids[0]!r} has braces that do not parse: {s!r} (write {{name}} "
                       "as in the message, {{{{ for a brace)")
            continue
        unknown = sorted(got[0] - allowed)
        if unknown:
            out.append(f"the translation of {ids[0]!r} has placeholder(s) {', '.join('{' + u + '}' for u in unknown)} "
                       f"that the message does not have (use {', '.join('{' + a + '}' for a in sorted(allowed)) or 'none'})")
        if len(ids) == 1:
            lost = sorted(allowed - got[0])
            if lost:
                out.append(f"the translation of {ids[0]!r} leaves out {', '.join('{' + x + '}' for x in lost)}")
            if sorted(got[1]) != sorted(refs[0][1]):
                out.append(f"the translation of {ids[0]!r} has the %-conversions {list(got[1])}, the message "
                           f"{list(refs[0][1])}")
    return out


def problems(domains: list[str] | None = None) -> list[str]:
    """Every untranslated, fuzzy or missing entry of every domain and language."""
    from babel.messages.pofile import read_po

    out: list[str] = []
    for domain in domains or list(DOMAINS):
        tmpl = template(domain)
        for lang in TARGET_LANGS:
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if not po.exists():
                if len(tmpl):
                    out.append(f"{_rel(po)}: missing (run: python3 run.py catalogs)")
                continue
            syntax = syntax_problems(po)
            if syntax:
                out.extend(syntax)
                continue
            try:
                with open(po, "rb") as f:
                    cat = read_po(f, abort_invalid=True)
            except Exception as e:  # noqa: BLE001 - a syntax error, not UTF-8...
                line = getattr(e, "lineno", None)
                where = f"{_rel(po)}:{line}" if line else _rel(po)
                out.append(f"{where}: the catalog does not parse: {getattr(e, 'msg', None) or e} (fix the entry)")
                continue
            ids = {m.id for m in cat if m.id}
            for m in tmpl:
                if m.id and m.id not in ids:
                    out.append(f"{_rel(po)}: {m.id!r} is not in the catalog (run: python3 run.py catalogs)")
            for m in cat:
                if not m.id:
                    continue
                strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
                if not all(s and s.strip() for s in strings):
                    out.append(f"{_rel(po)}:{m.lineno}: untranslated {m.id!r}")
                elif m.fuzzy:
                    out.append(f"{_rel(po)}:{m.lineno}: fuzzy {m.id!r}")
                else:
                    out.extend(f"{_rel(po)}:{m.lineno}: {p}" for p in placeholder_problems(m.id, m.string))
    return out


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "extract":
        for p in extract():
            print(p.relative_to(ROOT))
    elif cmd == "update":
        doms = [a for a in argv[1:] if not a.startswith("-")] or None
        update(doms)
        print("\n".join(problems(doms)) or "all catalogs complete")
    elif cmd == "compile":
        compile_all(force="--force" in argv)
    elif cmd == "check":
        probs = problems([a for a in argv[1:] if not a.startswith("-")] or None)
        print("\n".join(probs) or "all catalogs complete")
        return 1 if probs else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
