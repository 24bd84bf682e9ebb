"""benchmarks/bench_account.py: the account reader measured on a corpus of directors' accounts (on made-up
accounts: the halves, the records compared call by call, and that the test half is never listed)."""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_account as BA  # noqa: E402

_ACCOUNTS = [
    {"id": "es-002", "lang": "es", "text": "Norte abre 1♣ y antes de que Este hable, Oeste dice paso", "dealer": "N",
     "record": "1C W:P TD", "provision_2007": "30B2a"},
    {"id": "es-004", "lang": "es", "text": "Norte explica el 2♣ de Sur como Stayman", "dealer": None, "record": None,
     "provision_2007": "75"},
    {"id": "nl-001", "lang": "nl", "text": "N opent 1♣ en W past voordat O iets zegt", "dealer": "N",
     "record": "1C W:P TD", "provision_2007": "30B2a"},
]


def test_even_ids_are_the_development_half():
    assert [BA.half_of(a) for a in _ACCOUNTS] == ["dev", "dev", "test"]


def test_records_are_compared_call_by_call():
    # a call in rotation with or without its seat, «AP» for the three passes, a TD after the last call
    assert BA.calls_of("1S P 4S AP S:5S TD", "N") == BA.calls_of("1S E:P 4S P P P S:5S", "N")
    assert BA.calls_of("1C S:P 1S", "N") == BA.calls_of("1C S:P W:1S", "N")
    assert BA.calls_of("1C W:P TD", "N") != BA.calls_of("1C S:P TD", "N")
    assert BA.calls_of("1C W:P TD P", "N") != BA.calls_of("1C W:P P", "N")


def test_the_test_half_is_measured_but_never_listed(tmp_path, capsys):
    path = tmp_path / "accounts.yaml"
    path.write_text(yaml.safe_dump({"accounts": _ACCOUNTS}, allow_unicode=True), encoding="utf-8")
    assert BA.main([str(path), "--half", "both", "--misses"]) == 0
    out = capsys.readouterr().out
    assert "| all | 1 | 1 (100%) | 1 (100%) | 1 (100%) | 1 | 0 |" in out     # dev: read as written, 30B2a
    assert "| all | 1 | 1 (100%) | 1 (100%) | 1 (100%) | 0 | 0 |" in out     # test: figures only
    assert "voordat" not in out and "nl-001" not in out
