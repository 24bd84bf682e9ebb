"""`rulebook score`, `adjust` and `imps` (cli/cmd_score.py) on numbers too long for a score: a clear,
translated error (exit status 2, no traceback), while large but possible numbers still work."""
from __future__ import annotations

import json

import pytest

HUGE = "9" * 5000


def _clean(code, err, expected=2):
    assert code == expected, err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["imps", "10000000000000000000000000000"],          # decimal.InvalidOperation before
    ["imps", "--", "-" + HUGE],
    ["imps", HUGE + ".5"],
    ["imps", "1." + HUGE],
    ["score", HUGE + "S="],                             # ValueError: 4300 digits
    ["score", "4S+" + HUGE],
    ["score", "4S-" + HUGE],
    ["adjust", "4S=:" + HUGE],
    ["adjust", "4S=:1/" + HUGE],
    ["adjust", "4S=:60", "4S-1:40", "--imps-against", "10000000000000000000000000000"],
    ["adjust", "4S=:60", "4S-1:40", "--imps-against", HUGE],
    ["adjust", HUGE + "S=:100"],
])
def test_huge_numbers_are_clear_errors(run_cli, argv):
    code, out, err = run_cli(*argv)
    _clean(code, err)
    assert err.startswith("error: ") and len(err) < 600


def test_huge_numbers_are_translated(run_cli):
    code, _, err = run_cli("imps", "10000000000000000000000000000", "--lang", "es")
    _clean(code, err)
    assert "demasiado grande" in err and "9 cifras" in err


def test_large_but_possible_numbers_still_work(run_cli):
    code, out, _ = run_cli("imps", "999999999", "--json")
    assert code == 0 and json.loads(out)[0]["imps"] == 24
    code, out, _ = run_cli("adjust", "4S=:60", "4S-1:40", "--imps-against", "-999999999", "--json")
    assert code == 0 and json.loads(out)["weighted_imps"] == 24
