"""app_pages/files.py: what the file picker takes from the browser (app_pages/static/files.js
sends ``{"name", "data": base64}``), checked again in Python whatever the browser checked.
The picker itself in a browser, in es/nl/it: tests/app/test_app_browser.py."""
import base64

import pytest

from app_pages import files as F


def sent(name: str, raw: bytes) -> dict:
    return {"name": name, "size": len(raw), "data": base64.b64encode(raw).decode()}


def test_a_file_of_a_type_asked_within_the_limit_is_taken_whole():
    raw = b'[Board "1"]\n' * 1000
    got = F.take(sent("Club.PBN", raw), ("pbn", "txt"), len(raw))
    assert got == F.Opened("Club.PBN", raw)


@pytest.mark.parametrize("payload, reason", [
    (sent("ruling.txt", b"{}"), "type"),                    # another type
    (sent("ruling", b"{}"), "type"),                        # no extension
    (sent("ruling.json", b"x" * 11), "size"),               # one byte over
    ({"name": "ruling.json", "data": "e30=" * 10_000}, "size"),  # refused before decoding
    ({"name": "ruling.json", "data": "not base64!"}, "unreadable"),
    ({"name": "ruling.json", "data": 12}, "unreadable"),
])
def test_what_the_picker_refuses_and_why(payload, reason):
    with pytest.raises(F.Refused) as e:
        F.take(payload, ("json",), 10)
    assert e.value.reason == reason


@pytest.mark.parametrize("payload", [None, {}, {"name": None}, {"name": ""}, "x"])
def test_a_removed_file_is_none(payload):
    assert F.take(payload, ("json",), 10) is None


def test_every_reason_has_a_message_in_every_language():
    from i18n import translator
    for lang in ("en", "es", "nl", "it"):
        msgs = F._messages(translator(lang), ("pbn",), 10)
        assert {"size", "type", "unreadable"} <= set(msgs)
        if lang != "en":
            english = F._messages(translator("en"), ("pbn",), 10)
            assert not [k for k in msgs if msgs[k] == english[k]], lang
