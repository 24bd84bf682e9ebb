"""The command line's frame (cli/main.py): options without a command, no argument at all, and, as
processes, the paths only a process has (a closed stdout, a full disk, a broken pipe): an exit status of
0, 1 or 2 and never a traceback."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT / ".venv" / "bin" / "rulebook"


@pytest.mark.parametrize("argv", [["--json"], ["--lang", "fr"], ["--lang", "es"], ["--json", "--lang", "nl"]])
def test_options_without_a_command_are_an_error_on_stderr(run_cli, argv):
    code, out, err = run_cli(*argv)
    assert code == 2 and out == ""
    assert "rulebook" in err and "Traceback" not in err


def test_no_command_is_translated(run_cli):
    code, out, err = run_cli("--lang", "es")
    assert code == 2 and out == "" and "falta la orden" in err


def test_no_argument_at_all_prints_the_help(run_cli):
    code, out, err = run_cli()
    assert code == 0 and "COMMAND" in out and err == ""


# -- as processes ----------------------------------------------------------------------------
def _proc(args, **kw):
    env = dict(os.environ)
    return subprocess.run([str(RULEBOOK), *args], capture_output=True, text=True, env=env, timeout=60, **kw)


needs_venv = pytest.mark.skipif(not RULEBOOK.exists(), reason="no .venv/bin/rulebook")


@needs_venv
def test_process_stdout_closed():
    p = subprocess.run(f"'{RULEBOOK}' show 27 >&-", shell=True, capture_output=False, stderr=subprocess.PIPE,
                       text=True, timeout=60)
    assert p.returncode == 1 and "Traceback" not in p.stderr and "cannot write the output" in p.stderr


@needs_venv
def test_process_disk_full():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        p = subprocess.run([str(RULEBOOK), "list"], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 1 and "Traceback" not in p.stderr


@needs_venv
def test_process_broken_pipe():
    p = subprocess.run(f"'{RULEBOOK}' export | head -c 10", shell=True, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in p.stderr and len(p.stdout) == 10


@needs_venv
@pytest.mark.parametrize("args", [["--json"], ["imps", "10000000000000000000000000000"],
                                  ["sparql", "SELECT (STRDT(\"x\", xsd:integer) AS ?x) WHERE {}"],
                                  ["sparql", "--timeout", "1", "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?a"]])
def test_process_exit_status_and_no_traceback(args):
    p = _proc(args)
    assert p.returncode in (0, 1, 2) and "Traceback" not in p.stderr
