"""Provision keys: forms accepted, display, and lossless round trips (laws/keys.py)."""
import pytest

from laws import keys as K


@pytest.mark.parametrize("text", [
    "27B1a", "27B1(a)", "27 B 1 a", "Law 27B1(a)", "Artículo 27B1(a)", "artículo 27 B 1 (a)", "Art. 27B1(a)",
    "art 27b1a", "Articolo 27B1(a)", "artikel 27B1(a)", "27-B-1-a", "  27B1(a)  ", "LAW 27 B 1 (a)",
])
def test_usual_forms_of_27B1a(text):
    assert K.parse_key(text) == K.LawKey(27, "B", 1, "a")


@pytest.mark.parametrize("text,canon,display", [
    ("16", "16", "16"), ("16B", "16B", "16B"), ("artikel 16B1", "16B1", "16B1"),
    ("40B2(c)(i)", "40B2ci", "40B2(c)(i)"), ("12C1eii", "12C1eii", "12C1(e)(ii)"),
    ("35.1", "35.1", "35.1"), ("AEB-AL.A.8", "AEB-AL.A.8", "AEB-AL.A.8"), ("Norma 8ª", "AEB-AL.A.8", "AEB-AL.A.8"),
    ("21B1(b)", "21B1b", "21B1(b)"),
])
def test_canonical_and_display(text, canon, display):
    k = K.parse_key(text)
    assert str(k) == canon and k.display == display


@pytest.mark.parametrize("bad", ["", "   ", "foo", "27B1(a)(b)(c)", "27(a)", "B1", "27B1a(q)"])
def test_not_keys(bad):
    with pytest.raises(K.KeyError_):
        K.parse_key(bad)


def test_round_trips_over_the_whole_corpus(corpus):
    n = 0
    for k in corpus.keys():
        assert K.from_canonical(str(k)) == k
        assert K.from_eid(k.eid) == k
        assert K.from_iri(k.iri) == k
        assert K.parse_key(k.display) == k
        n += 1
    assert n > 300


def test_eid_is_akoma_ntoso_style():
    assert K.parse_key("27B1a").eid == "art_27__para_B__subpara_1__point_a"
    assert K.parse_key("40B2ci").eid == "art_40__para_B__subpara_2__point_c__subpoint_i"
    assert K.parse_key("35.1").eid == "art_35__subpara_1"


def test_structure():
    k = K.parse_key("40B2ci")
    chain = []
    while k is not None:
        chain.append(str(k))
        k = k.parent
    assert chain == ["40B2ci", "40B2c", "40B2", "40B", "40"]
    assert str(K.parse_key("27B").child("1").child("a")) == "27B1a"
    assert str(K.parse_key("35").child("1")) == "35.1"
    with pytest.raises(K.KeyError_):
        K.parse_key("27").child("a")


def test_sort_order():
    ks = [K.parse_key(x) for x in ["27B1b", "27A", "27", "27B1", "27B1a", "16D2", "AEB-AL.A.10", "AEB-AL.A.9"]]
    assert [str(k) for k in sorted(ks, key=K.sort_key)] == \
        ["16D2", "27", "27A", "27B1", "27B1a", "27B1b", "AEB-AL.A.9", "AEB-AL.A.10"]
