"""i18n/build.py: every module that writes a user-visible string is extracted by some domain.

A string marked for translation (``t.gettext("...")``, ``N_("...")``...) in a module that no glob of ``DOMAINS``
matches is never extracted: it stays English in every language and ``python -m i18n.build check`` cannot see it.
"""
from __future__ import annotations

import re
from pathlib import Path

from i18n import build as B

ROOT = B.ROOT
PACKAGES = ("laws", "graph", "present", "cli", "app_pages", "docs", "i18n")
# a call of an extraction keyword with a string literal: what Babel would extract
MARKED = re.compile(r"""\b(?:gettext|ngettext|pgettext|N_|tr|trn)\(\s*[rbuf]*["']""")
NOT_USER_VISIBLE = {"i18n/__init__.py", "i18n/build.py", "i18n/extract.py"}   # the machinery itself


def marked_modules(root: Path = ROOT) -> set[str]:
    files = [root / "app.py"] + [p for pkg in PACKAGES for p in (root / pkg).rglob("*.py")]
    return {p.relative_to(root).as_posix() for p in files
            if p.is_file() and "_build" not in p.parts and MARKED.search(p.read_text(encoding="utf-8"))}


def extracted_modules() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for d in B.DOMAINS for p, method, _ in B._files(d) if method == "python"}


def test_every_module_with_strings_is_in_a_domain():
    missing = sorted(marked_modules() - extracted_modules() - NOT_USER_VISIBLE)
    assert not missing, (f"strings marked for translation in modules no domain extracts: {missing} "
                         "(add each to the domain of its part in i18n/build.py DOMAINS)")


def test_a_module_outside_every_domain_is_found(tmp_path):
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "cmd_new.py").write_text('MSG = N_("A new message")\n', encoding="utf-8")
    (tmp_path / "cli" / "quiet.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "app.py").write_text("", encoding="utf-8")
    assert marked_modules(tmp_path) == {"cli/cmd_new.py"}
