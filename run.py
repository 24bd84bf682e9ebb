#!/usr/bin/env python3
"""One entry point for every set-up step, so that a fresh machine needs two commands.

    python3 run.py app     # set up (once) and start the Streamlit app
    python3 run.py test    # set up (once) and run the whole test suite

Other verbs: ``setup`` (only the set-up), ``docs`` (build the Sphinx sites),
``bench`` (run the benchmarks), ``catalogs`` (re-extract and update the gettext catalogs),
``rulebook ARGS...`` (the CLI inside the project's environment).

The set-up is idempotent and cheap when nothing changed: it creates ``.venv`` with the
running Python (3.11 or newer), installs ``requirements.lock`` (hash-pinned) when the lock
changed, installs the project itself in editable mode, compiles the gettext catalogs and builds
the search index (when its inputs changed).
Only the standard library is used here, since this runs before anything is installed.

For ``setup``, ``test``, ``docs`` and ``bench`` it also makes sure of the system programs the
Sphinx sites and their browser test need: Graphviz (``dot``, the decision-tree diagrams) and
Chromium (the headless browser test), installed with ``apt-get install -y`` on Debian when they
are missing and the set-up runs as root (as in CI); otherwise it says what to install and goes on
(the diagrams then fail the docs build, the browser test is skipped with its reason).
"""
from __future__ import annotations

import hashlib
import os
import shutil
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


# system packages (Debian) -> the file whose presence shows that the package is installed
SYSTEM_PACKAGES = {
    "graphviz": "dot",                     # decision-tree diagrams in the Sphinx sites
    "chromium": "chromium",                # the headless-browser test of the built sites
    "fonts-dejavu-core": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",  # text in diagrams and screenshots
}
NEEDS_SYSTEM_PACKAGES = {"setup", "test", "docs", "bench"}


def _installed(probe: str) -> bool:
    return Path(probe).exists() if probe.startswith("/") else shutil.which(probe) is not None


def ensure_system_packages() -> None:
    """Install the missing Debian packages of SYSTEM_PACKAGES with apt-get, when running as root."""
    missing = [pkg for pkg, probe in SYSTEM_PACKAGES.items() if not _installed(probe)]
    if not missing:
        return
    names = " ".join(missing)
    if shutil.which("apt-get") is None:
        say(f"skipping the system packages {names}: no apt-get here (not Debian); install them with your "
            "package manager (the docs need Graphviz's dot, the browser test needs Chromium)")
        return
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        say(f"skipping the system packages {names}: not running as root; install them with "
            f"'sudo apt-get install -y {names}' (the docs need Graphviz's dot, the browser test needs Chromium)")
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "--no-install-recommends", *missing]
    say("installing the system packages " + names)
    if subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL).returncode != 0:
        say("apt-get install failed; updating the package lists and trying again")
        subprocess.run(["apt-get", "update"], env=env, stdout=subprocess.DEVNULL)
        if subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL).returncode != 0:
            say(f"could not install {names}; the docs build or the browser test may fail or be skipped")


def compile_catalogs() -> None:
    """Compile every ``i18n/locale/*/LC_MESSAGES/*.po`` to ``.mo`` when the .po is newer."""
    sh(PY, "-m", "i18n.build", "compile")


def build_search_index() -> None:
    """Build the search index once (``python -m graph.search build``; nothing to do when it is current), so
    that the first search is as quick as any other; a failure is reported and the set-up goes on."""
    subprocess.run([str(PY), "-m", "graph.search", "build"], cwd=ROOT)


def setup() -> None:
    ensure_venv()
    compile_catalogs()
    build_search_index()


def main(argv: list[str]) -> int:
    verb = argv[0] if argv else "help"
    rest = argv[1:]
    if verb in {"help", "-h", "--help"}:
        print(__doc__)
        return 0
    setup()
    if verb in NEEDS_SYSTEM_PACKAGES:
        ensure_system_packages()
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
