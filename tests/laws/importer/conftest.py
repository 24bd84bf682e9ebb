"""What the tests of each site's pages share: importing a page made of seed lines, and the fields of
provisions that `rulebook import` and `rulebook list --json` both give (the ones the issue compares)."""
import pytest

from laws import importer as I

FIELDS = ("key", "parent", "heading", "text", "notes", "cites")


@pytest.fixture
def fields():
    """``rows -> {key: {field: value}}`` for the compared fields."""
    return lambda rows: {r["key"]: {f: r[f] for f in FIELDS} for r in rows}


@pytest.fixture
def imported(tmp_path):
    """``(publication, lines or text, file name) -> Result``: the page written, imported into a folder."""
    def run(pub: str, page, name: str):
        f = tmp_path / name
        f.write_text(page if isinstance(page, str) else "\n".join(page) + "\n", encoding="utf-8")
        return I.run([f], pub, out=tmp_path / "out")

    return run


@pytest.fixture
def seed_law(seed_corpus, fields):
    """``(publication, law numbers...) -> fields`` of those laws in the seed corpus."""
    return lambda pub, *laws: fields(p.to_dict(seed_corpus) for p in seed_corpus.provisions()
                                     if p.pub.id == pub and getattr(p.key, "law", None) in laws)
