#!/usr/bin/env python3
"""One entry point for every set-up step, so that a fresh machine needs two commands.

    python3 run.py app     # set up (once) and start the Streamlit app
    python3 run.py test    # set up (once) and run the whole test suite

Other verbs: ``setup`` (only the set-up), ``docs`` (build the Sphinx sites),
``bench`` (run the benchmarks), ``catalogs`` (re-extract and update the gettext catalogs),
``rulebook ARGS...`` (the CLI inside the project's environment).

The set-up is idempotent and cheap when nothing changed: it creates ``.venv`` with the
running Python (3.11 or newer), installs ``requirements.lock`` (hash-pinned) when the lock
changed, installs the project itself in editable mode and compiles the gettext catalogs.
Only the standard library is used here, since this runs before anything is installed.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
LOCK = ROOT / "requirements.lock"
STAMP = VENV / ".lock-sha256"


def say(msg: str) -> None:
    print(f"[run.py] {msg}", file=sys.stderr, flush=True)


def sh(*args: str | Path, **kw) -> None:
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, **kw)


def ensure_venv() -> None:
    if sys.version_info < (3, 11):
        sys.exit("bridge-rulebook needs Python 3.11 or newer (found %s)." % sys.version.split()[0])
    if not PY.exists():
        say(f"creating {VENV.name} with {sys.executable}")
        sh(sys.executable, "-m", "venv", VENV)
    digest = hashlib.sha256(LOCK.read_bytes() + (ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != digest:
        say("installing the pinned dependencies from requirements.lock")
        sh(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--require-hashes", "-r", LOCK)
        sh(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--no-deps", "-e", ".")
        STAMP.write_text(digest)


def compile_catalogs() -> None:
    """Compile every ``i18n/locale/*/LC_MESSAGES/*.po`` to ``.mo`` when the .po is newer."""
    sh(PY, "-m", "i18n.build", "compile")


def setup() -> None:
    ensure_venv()
    compile_catalogs()


def main(argv: list[str]) -> int:
    verb = argv[0] if argv else "help"
    rest = argv[1:]
    if verb in {"help", "-h", "--help"}:
        print(__doc__)
        return 0
    setup()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if verb == "setup":
        return 0
    if verb == "app":
        return subprocess.call([str(PY), "-m", "streamlit", "run", "app.py", *rest], cwd=ROOT, env=env)
    if verb == "test":
        return subprocess.call([str(PY), "-m", "pytest", *rest], cwd=ROOT, env=env)
    if verb == "bench":
        code = 0
        for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
            say(f"running {script.name}")
            code |= subprocess.call([str(PY), str(script), *rest], cwd=ROOT, env=env)
        return code
    if verb == "catalogs":
        return subprocess.call([str(PY), "-m", "i18n.build", "update"], cwd=ROOT, env=env)
    if verb == "docs":
        return subprocess.call([str(PY), "-m", "docs.build", *rest], cwd=ROOT, env=env)
    if verb == "rulebook":
        return subprocess.call([str(BIN / "rulebook"), *rest], cwd=ROOT, env=env)
    print(f"unknown verb {verb!r}; see: python3 run.py help", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
