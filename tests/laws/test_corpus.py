"""The corpus: structure, metadata, verbatim texts, notes, reconstructed labels, and the
loader's errors (file, line, fix) for malformed data files (laws/corpus.py)."""
import re
import shutil
from pathlib import Path

import pytest

from laws import corpus as C
from laws.keys import parse_key as k

DATA = Path(C.__file__).parent / "data"


def test_the_seed_publications(seed_corpus):
    pubs = {(p.lang, p.authority, p.edition, p.laws_edition) for p in seed_corpus.publications()}
    # the FIGB Codice carries 2017 but follows the 2007 Laws (laws/data/publications.yaml)
    assert pubs == {("es", "AEB", 2007, "2007"), ("nl", "NBB", 2017, "2017"), ("it", "FIGB", 2017, "2007")}


def test_every_publication_has_its_facts_and_sources(corpus):
    from laws import registry as R

    facts = R.publications()
    assert {p.id for p in corpus.publications()} == {p for p in facts if (DATA / p).is_dir()}
    for p in corpus.publications():
        f = facts[p.id]
        assert (p.lang, p.authority, p.edition, p.laws_edition) == (f["lang"], f["authority"], f["year"], f["laws_edition"])
        assert p.source_title and p.sources == tuple(f["sources"]) and all(C.source_path(x).exists() for x in p.sources)


def test_laws_per_language(seed_corpus, corpus):
    """What the seed documents hold; and in the corpus as it grows, a language holds the laws of its
    publications' files, each file one law."""
    laws = lambda c, lang: sorted({str(p.key.law_key) for p in c.provisions(lang)})
    assert laws(seed_corpus, "es") == [str(n) for n in range(17, 41)] + ["AEB-AL", "AEB-VF"]
    assert laws(seed_corpus, "nl") == ["12", "16", "21", "40", "41", "47", "75"]
    assert laws(seed_corpus, "it") == ["17"]
    for lang in C.LANGS:
        files = {str(C.K.from_canonical(C.read_yaml(f)["key"])) for p in corpus.publications() if p.lang == lang
                 for f in sorted((DATA / p.id).glob("*.yaml"))}
        assert laws(corpus, lang) == sorted(files)


@pytest.mark.parametrize("key,lang,text", [
    ("27B1a", "es", "Si la declaración insuficiente se corrige por la declaración suficiente más baja en la misma "
     "denominación, y el Árbitro opina que sin duda alguna tanto la voz insuficiente como la que le sustituye no son "
     "artificiales, la subasta continúa sin rectificación. El Artículo 16D no se aplica, pero ver el punto D a continuación."),
    ("16B1a", "nl", "Een speler mag geen bieding of speelwijze kiezen die onloochenbaar gesuggereerd is boven een andere, "
     "als die andere bieding of speelwijze een logisch alternatief is."),
    ("17D1", "it", "Una chiamata viene cancellata, se viene effettuata da un giocatore sulla base di carte che abbia "
     "estratto da un board sbagliato."),
    ("35.3", "es", "Una declaración superior al nivel de siete. Se aplica el Artículo 38."),
    ("47E2b", "nl", "Wanneer het te laat is voor herstel volgens (a), kan de wedstrijdleider een arbitrale score toekennen."),
    ("AEB-AL.A.1", "es", "Cualquier voz que no sea natural de acuerdo con las anteriores definiciones debe ser alertada, "
     "con las excepciones expuestas en las normas 2ª y 3ª."),
])
def test_verbatim_texts(corpus, key, lang, text):
    assert corpus.get(k(key), lang).text == text


def test_headings_are_headings(corpus):
    assert corpus.get(k("27"), "es").heading == "Declaración insuficiente"
    assert corpus.get(k("17A"), "es").heading == "Comienzo"
    assert corpus.get(k("17A"), "es").text.startswith("El período de subasta comienza")
    assert corpus.get(k("17"), "it").heading == "IL PERIODO LICITATIVO"
    assert corpus.get(k("16"), "nl").heading == "Geoorloofde en ongeoorloofde informatie"
    assert corpus.get(k("16B"), "nl").heading == "Anderszins verkregen informatie van de zijde van de partner"
    assert corpus.get(k("12C"), "nl").heading == "Het toekennen van een arbitrale score"


def test_own_text_excludes_children(corpus):
    p = corpus.get(k("27B"), "es")
    assert p.text.startswith("Si una declaración insuficiente en turno no se acepta")
    assert "sin duda alguna" not in p.text
    assert [str(c) for c in p.children] == ["27B1", "27B2", "27B3", "27B4"]


def test_nbb_footnotes_are_notes_not_text(corpus):
    p = corpus.get(k("41B"), "nl")
    assert "Noot" not in p.text
    assert "als het hun beurt is om te spelen" in p.text
    assert [n.label for n in p.notes] == ["Noot", "Noot"]
    assert p.notes[1].text == "De leider mag uitleg vragen als hij speelt vanuit de blinde of vanuit zijn eigen hand."
    assert any("Het Bondsbestuur heeft dit niet verboden." == n.text for n in corpus.get(k("16B2"), "nl").notes)


def test_aeb_notes_attached(corpus):
    notes = corpus.get(k("21B1"), "es").notes
    assert len(notes) == 3 and all(n.label == "Nota AEB" for n in notes)
    assert corpus.get(k("20G2"), "es").notes[0].text.startswith("La AEB lo puede permitir")
    assert corpus.get(k("40"), "es").notes[0].text.startswith("Todos los acuerdos, aclaraciones e interpretaciones")
    assert corpus.get(k("20F1"), "es").notes[0].text.startswith("Las aclaraciones que")
    assert corpus.get(k("17D2"), "it").notes[0].text.startswith("Per esempio una chiamata cancellata differisce")


def test_dutch_labels_reconstructed_and_recorded(corpus):
    assert corpus.get(k("16A1c"), "nl").reconstructed
    assert not corpus.get(k("16B1"), "nl").reconstructed  # named by its own page
    b1 = corpus.get(k("21B1"), "nl")
    assert b1.text == "" and [str(c) for c in b1.children] == ["21B1a", "21B1b"]
    assert corpus.get(k("21B1b"), "nl").text.startswith("De wedstrijdleider dient bij afwezigheid")
    assert [str(c) for c in corpus.get(k("12C1e"), "nl").children] == ["12C1ei", "12C1eii"]
    assert corpus.get(k("31A2b"), "es").reconstructed


def test_repeated_pages_encoded_once(seed_corpus):
    # 41B, 41C, 16B1 and 21B appear twice in the NBB source; the corpus holds each once
    assert sum(1 for p in seed_corpus.provisions("nl") if str(p.key) == "41B") == 1
    assert seed_corpus.get(k("47"), "nl").excerpt and not seed_corpus.get(k("16"), "nl").excerpt


def test_regulations_are_citable(corpus):
    assert corpus.get(k("AEB-VF"), "es").heading.startswith("NORMAS AEB SOBRE VOCES FALSAS")
    assert corpus.get(k("Norma 14ª"), "es").cite_as == "Norma 14ª"
    assert [str(c) for c in corpus.get(k("AEB-AL.B"), "es").children] == [f"AEB-AL.B.{i}" for i in range(1, 6)]


# -- malformed data files: file, line, and how to fix -----------------------------------------
@pytest.fixture
def scratch(tmp_path):
    d = tmp_path / "es-aeb-2007"
    d.mkdir()
    shutil.copy(DATA / "es-aeb-2007" / "33.yaml", d / "33.yaml")
    return d / "33.yaml"


def _err(path):
    with pytest.raises(C.CorpusError) as e:
        C.parse_all([path])
    return e.value


def test_good_scratch_file_parses(scratch):
    assert str(C.parse_all([scratch]).get(k("33"), "es").key) == "33"


def test_invalid_yaml_names_file_and_line(scratch):
    lines = scratch.read_text().splitlines()
    lines[3] = "heading: [unclosed"
    scratch.write_text("\n".join(lines) + "\n")
    e = _err(scratch)
    assert e.file.endswith("33.yaml") and e.line is not None and "YAML" in e.message and e.fix


def test_unknown_field(scratch):
    scratch.write_text(scratch.read_text().replace("heading:", "headng:", 1))
    e = _err(scratch)
    first = next(i for i, x in enumerate(scratch.read_text().splitlines(), 1) if not x.startswith("#"))
    assert "headng" in e.message and "allowed" in e.fix and e.line == first


def test_bad_label_and_duplicate_child(tmp_path):
    d = tmp_path / "es-aeb-2007"
    d.mkdir()
    base = (DATA / "es-aeb-2007" / "28.yaml").read_text()
    (d / "28.yaml").write_text(base.replace('label: "B"', 'label: "b"'))
    e = _err(d / "28.yaml")
    assert "'b' cannot label a child of 28" in e.message and e.line
    (d / "28.yaml").write_text(base.replace('label: "B"', 'label: "A"'))
    e = _err(d / "28.yaml")
    assert "28A appears twice" in e.message


def test_wrong_directory_and_file_name(tmp_path):
    d = tmp_path / "es-aeb-2099"
    d.mkdir()
    shutil.copy(DATA / "es-aeb-2007" / "33.yaml", d / "33.yaml")
    e = _err(d / "33.yaml")
    assert "is not a publication of laws/data/publications.yaml" in e.message and e.fix
    d2 = tmp_path / "es-aeb-2007"
    d2.mkdir()
    shutil.copy(DATA / "es-aeb-2007" / "33.yaml", d2 / "34.yaml")
    assert "33.yaml" in _err(d2 / "34.yaml").message


def test_note_anchor_must_be_in_text(tmp_path):
    d = tmp_path / "nl-nbb-2017"
    d.mkdir()
    src = (DATA / "nl-nbb-2017" / "41.yaml").read_text()
    bad = re.sub(r'after: "[^"]*"', 'after: "niet in de tekst"', src, count=1)
    assert bad != src
    (d / "41.yaml").write_text(bad)
    e = _err(d / "41.yaml")
    assert "'after'" in e.message and "niet in de tekst" in e.message


def test_publication_facts_are_stated_once(scratch):
    """lang/authority/edition/source live in publications.yaml only: a law file repeating them is refused."""
    scratch.write_text('lang: "es"\n' + scratch.read_text())
    e = _err(scratch)
    assert "publications.yaml" in e.message and "remove" in e.fix and e.line == 1
