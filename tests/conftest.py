"""Shared fixtures. The corpus cache goes to a temporary directory so tests never read a stale one."""
import os
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("RULEBOOK_CACHE", tempfile.mkdtemp(prefix="rulebook-cache-"))


@pytest.fixture(scope="module")
def the_2007_engine():
    """For the tests of the 2007 engine: a ruling asked without an edition follows the 2007 Laws (the default is
    otherwise the edition in force, laws/data/editions/editions.yaml). Use it with
    ``pytestmark = pytest.mark.usefixtures("the_2007_engine")``."""
    from laws.rulings import trees as R

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(R, "default_edition", lambda lang=None: "2007")
        yield


@pytest.fixture(scope="session")
def corpus():
    from laws import corpus as C

    return C.load()


@pytest.fixture
def run_cli(capsys):
    """Run the CLI in-process: returns (exit code, stdout, stderr)."""
    from cli.main import main

    def run(*argv):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run
