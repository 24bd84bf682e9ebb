"""The Streamlit app, through streamlit.testing.v1.AppTest."""
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def test_deep_link_dutch_16B1():
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = "nl"
    at.query_params["law"] = "16B1"
    at.run()
    assert not at.exception
    assert at.title[0].value == "Spelregels voor wedstrijdbridge"
    assert any("16B1 · NBB 2017" in s.value for s in at.subheader)
    assert any("Elke anderszins" in m.value for m in at.markdown)
    assert any("16B1: staat niet in de tekst in het Spaans" in i.value for i in at.info)


def test_unknown_key_is_a_clear_message():
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = "es"
    at.query_params["law"] = "27B9"
    at.run()
    assert not at.exception
    assert "27B9 no está en el corpus" in at.error[0].value and "27B1" in at.error[0].value
