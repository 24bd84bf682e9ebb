"""Bidding notation in each federation's language (laws/notation.py) and the CLI's --notation."""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from laws.rulings import auction as A
from laws import notation as N

CODES = N.CODES


@pytest.mark.parametrize("code,record", [("es", "1C P 2C P P P"), ("nl", "1H P 2H P P P"), ("it", "1C P 2C P P P")])
def test_two_hearts_in_every_notation(code, record):
    neutral = N.to_neutral(record, code)
    assert neutral == "1H P 2H P P P"
    state = A.replay(neutral, N.read_seat("N", code))
    assert str(state.contract) == "2H"


@pytest.mark.parametrize("code,letters", [("es", "T D C P ST"), ("nl", "K R H S SA"), ("it", "F Q C P SA"),
                                          ("en", "C D H S NT")])
def test_the_federation_letters(code, letters):
    record = " ".join(f"1{x}" for x in letters.split())
    assert N.to_neutral(record, code) == "1C 1D 1H 1S 1NT"


def test_bare_p_is_pass_and_level_p_is_spades():
    assert N.to_neutral("1P P 2P pasa", "es") == "1S P 2S P"
    assert N.to_neutral("1P passo 2P P", "it") == "1S P 2S P"


@pytest.mark.parametrize("code,seat,neutral", [("es", "O", "W"), ("it", "O", "W"), ("nl", "O", "E"), ("nl", "Z", "S"),
                                               ("es", "Oeste", "W"), ("nl", "w", "W"), ("en", "W", "W")])
def test_seats(code, seat, neutral):
    assert N.read_seat(seat, code) == neutral
    assert N.to_neutral(f"{seat}:1SA" if code != "en" else f"{seat}:1NT", code) == f"{neutral}:1NT"


@pytest.mark.parametrize("code,bad,why", [("es", "1H", "“H” is not a denomination"), ("nl", "S:1S", "unknown seat “S”"),
                                          ("es", "O:1N", "“N” is not a denomination"), ("it", "D", "not a call"),
                                          ("es", "C", "is a denomination in the es notation"), ("en", "1Z", "unknown")])
def test_errors_name_the_token_and_the_reading(code, bad, why):
    with pytest.raises(A.AuctionError) as e:
        N.to_neutral(f"P {bad}", code) if code != "en" else A.parse_record(f"P {bad}")
    assert e.value.position == 2 and why in str(e.value)


def test_unknown_notation():
    with pytest.raises(N.NotationError):
        N.get("fr")
    assert N.get("es_ES").code == "es"


def test_ambiguous_letters_are_the_known_ones():
    assert set(N.ambiguous_letters("es")) == {"C", "O", "P", "S"}
    assert "O" in N.ambiguous_letters("nl") and "S" in N.ambiguous_letters("nl")


_call = st.one_of(st.sampled_from(["P", "X", "XX"]),
                  st.builds(lambda lv, d: f"{lv}{d}", st.integers(1, 8), st.sampled_from(A.DENOMINATIONS)))
_token = st.builds(lambda seat, c: f"{seat}:{c}" if seat else c, st.sampled_from([None, *A.SEATS]), _call)


@given(st.lists(_token, min_size=1, max_size=12), st.sampled_from(CODES), st.booleans())
def test_written_in_a_notation_and_read_back(tokens, code, symbols):
    neutral = " ".join(tokens)
    written = N.reading(neutral, code, symbols=symbols)
    assert N.to_neutral(written, code) == (neutral if code != "en" else written)
    if code == "en":
        assert A.parse_record(written)   # English output is valid English input


def test_describe_and_echo():
    from i18n import translator

    es = translator("es")
    line = N.describe("es", es)
    assert "T ♣" in line and "ST" in line and "O" in line
    assert N.read_as("1H P 2H P P P", "es", es) == "Leído como: 1♥ Paso 2♥ Paso Paso Paso"


def test_cli_notation_json_is_neutral(run_cli):
    for code, record in (("es", "1C P 2C P P P"), ("nl", "1H P 2H P P P"), ("it", "1C P 2C P P P")):
        rc, out, err = run_cli("auction", "--notation", code, "--dealer", "N", record, "--json")
        assert rc == 0, err
        d = json.loads(out)
        assert d["contract"] == "2H" and d["record"] == "1H P 2H P P P" and d["notation"] == code


def test_cli_echo_before_the_ruling(run_cli):
    rc, out, _ = run_cli("auction", "--notation", "es", "--dealer", "O", "O:1P P 2C")
    assert rc == 0 and out.splitlines()[0] == "Read as: O:1♠ Paso 2♥"
    rc, out, _ = run_cli("rule", "--notation", "es", "--dealer", "N", "--auction", "1C 1T TD")
    assert rc == 0 and out.splitlines()[0] == "Read as: 1♥ 1♣ TD" and "insufficient bid" in out


def test_cli_notation_errors(run_cli):
    rc, _, err = run_cli("auction", "--notation", "nl", "--dealer", "S", "1H")
    assert rc == 2 and "N, O, Z, W" in err and "Traceback" not in err
    rc, _, err = run_cli("auction", "--notation", "fr", "--dealer", "N", "1H")
    assert rc == 2 and "fr" in err


@pytest.mark.parametrize("lang", ["es", "nl", "it"])
def test_the_catalogs_write_calls_as_the_notation_does(lang):
    """The interface (present/auction.call_text without a notation) and the notation agree."""
    from i18n import translator
    from present.auction import call_text

    t, n = translator(lang), N.get(lang)
    for text in ("P", "X", "XX", "3NT", "1S"):
        call = A.parse_call(text)
        assert call_text(call, t) == N.format_call(call, n), (lang, text)
        assert call_text(call, t, n) == N.format_call(call, n)
