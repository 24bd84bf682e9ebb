"""app_pages/keypad.py: what the bidding-box keypad shows and writes (its taps in the browser are
tested by tests/app/test_app_browser.py and the phone probe)."""
import pytest

from app_pages import keypad
from i18n import translator


def _director_key(lang: str) -> dict:
    data = keypad._data("", translator(lang), lambda s: s, lang)
    return next(c for c in data["calls"] if c["code"] == "TD")


@pytest.mark.parametrize("lang", ["es", "nl", "it"])
def test_the_director_key_says_the_federations_word_and_writes_td(lang):
    """Walk #11: the key is labelled in the federation's word for the director (the app domain's
    keypad word), not the English "TD"; the token it writes is still the one the engine reads."""
    key = _director_key(lang)
    assert key["token"] == "TD"
    assert key["label"] == translator(lang).pgettext("keypad", "TD")
    assert key["label"] != key["token"], f"{lang}: the director's key still says {key['token']}"


def test_the_director_key_in_english_is_td():
    assert _director_key("en")["label"] == _director_key("en")["token"] == "TD"
