"""The reviewed corrections (laws/importer/corrections.py): ``fold`` makes a lone part its provision's
own text, ``unfold`` undoes the importer's own folding where the Laws do have a lone part; a
correction that does not fit names its line. Pages made of the seed documents' own lines."""
import pytest

from laws import datafile
from laws import importer as I
from laws.importer import corrections as CR

SOURCES = datafile.PROJECT_DATA / "sources"


def corrections(tmp_path, monkeypatch, pub: str, body: str):
    f = tmp_path / f"{pub}.yaml"
    f.write_text(f"publication: {pub}\ncorrections:\n{body}", encoding="utf-8")
    monkeypatch.setattr(CR, "corrections_file", lambda p: f)
    return f


def page(tmp_path, source: str, lines: slice | list, name: str):
    src = (SOURCES / source).read_text(encoding="utf-8").split("\n")
    f = tmp_path / name
    f.write_text("\n".join(src[lines] if isinstance(lines, slice) else [src[i] for i in lines]) + "\n", encoding="utf-8")
    return f


def test_fold_a_labelled_lone_part(tmp_path, monkeypatch):
    """Articolo 17 with only the first item of E: «1.» is labelled, so the importer keeps 17E1; a person
    decides it is E's own text."""
    f = page(tmp_path, "004_945fbd73cb0c2825.txt", list(range(0, 21)) + [22, 23], "art17.txt")
    got = {str(p.key) for p in I.run([f], "it-figb-2017", out=tmp_path / "a").provisions}
    assert "17E1" in got
    corrections(tmp_path, monkeypatch, "it-figb-2017", '  - op: fold\n    key: "17E1"\n    reason: "a list of one"\n')
    res = I.run([f], "it-figb-2017", out=tmp_path / "b")
    got = {str(p.key): p for p in res.provisions}
    assert "17E1" not in got and got["17E"].own_text.startswith("La licitazione ed il periodo")
    assert got["17E"].heading == "Fine del periodo licitativo" and res.applied[0]["op"] == "fold"


def test_unfold_what_the_importer_folded(tmp_path, monkeypatch):
    f = page(tmp_path, "002_f9cce6a10a56f325.txt", slice(8, 17), "artikel-41.txt")
    corrections(tmp_path, monkeypatch, "nl-nbb-2017",
                '  - op: unfold\n    key: "41A"\n    starts: "Nadat een bod"\n    reason: "x"\n')
    got = {str(p.key): p for p in I.run([f], "nl-nbb-2017", out=tmp_path / "o").provisions}
    assert got["41A"].own_text == "" and got["41A1"].reconstructed and got["41A1"].own_text.startswith("Nadat een bod")


@pytest.mark.parametrize("body,message", [
    ('  - op: fold\n    key: "17D1"\n    reason: "x"\n', "not the only part"),
    ('  - op: fold\n    key: "17"\n    reason: "x"\n', "whole law"),
    ('  - op: unfold\n    key: "17D"\n    starts: "Una chiamata"\n    reason: "x"\n', "paragraphs starting"),
])
def test_a_fold_that_does_not_fit(tmp_path, monkeypatch, body, message):
    corrections(tmp_path, monkeypatch, "it-figb-2017", body)
    from laws.datafile import DataError

    with pytest.raises(DataError) as e:
        I.run([SOURCES / "004_945fbd73cb0c2825.txt"], "it-figb-2017", out=tmp_path / "o")
    assert message in e.value.message and e.value.line == 3
