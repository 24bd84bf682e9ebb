"""The Read page on a provision that no text of its edition holds (walk #1: 2017 27B, whose 2017 text
is in no text of the corpus, reached from a 2017 ruling card): information, not an error, with the
corresponding provision of the other edition first, as a link labelled as that edition's text."""
import re

import pytest

from i18n import translator
from tests.app.test_app import app, markdown, ok, plain

FORCE, OTHER = "2017", "2007"  # the edition whose texts lack 27B, and the one whose AEB text holds it


@pytest.mark.parametrize("lang", ["es", "nl", "it", "en"])
def test_a_provision_no_text_holds_is_information_with_the_other_editions_link_first(lang):
    from laws.editions import corresponding

    assert [x.key for x in corresponding(FORCE, "27B")] == ["27B"]  # the table's row this test relies on
    at = ok(app(lang=lang, law=f"{FORCE}:27B"))
    t = translator(lang)
    assert not at.error, [e.value for e in at.error]
    assert any("27B" in plain(i.value) and FORCE in plain(i.value) for i in at.info)
    md = markdown(at)
    bridge = re.search(r'<ul class="rb-bridges"><li><a class="rb-target" href="([^"]+)"[^>]*>([^<]+)</a>', md)
    assert bridge, md
    href, label = bridge.groups()
    assert f"lang={lang}&amp;law=" in href and href.endswith("27B")
    assert label == t.gettext("{key} of the {edition} Laws ({authority} text) — another edition: {status}").format(
        key="27B", edition=OTHER, authority="AEB", status=t.gettext("changed"))
    # the link is the first of the nearest provisions, and is not offered twice
    near = [b for b in at.button if str(b.key).startswith("read_near_")]
    assert near
    assert f"read_near_{OTHER}:27B" not in [b.key for b in near]
    # the link opens the other edition's text, labelled with its edition
    at.query_params["law"] = href.split("law=")[1]
    at.run()
    ok(at)
    assert not at.error and at.header[0].value.startswith("27B")
    assert f"AEB 2007 · {t.gettext('{edition} Laws').format(edition=OTHER)}" in markdown(at)


def test_a_key_of_no_edition_stays_an_error():
    at = ok(app(lang="es", law="27B9"))
    assert at.error and not at.info


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_texts_cards_say_the_edition_each_text_follows_not_only_its_year(lang):
    """Read's welcome cards and "In the other texts": each publication with its year and the edition of the
    Laws its data says it follows (the FIGB's Codice of 2017 follows the 2007 Laws)."""
    from app_pages.resources import publications

    t = translator(lang)
    figb = next(p for p in publications() if p.authority == "FIGB")
    assert str(figb.edition) != figb.laws_edition  # the case this test is about: the year is not the edition
    md = markdown(ok(app(lang=lang)))
    cards = re.findall(r"<li class='rb-text'><div><b>([^<]+)</b>", md)
    assert len(cards) == len(publications())
    for p in publications():
        label = t.gettext("{authority} {year} · {edition} Laws").format(
            authority=p.authority, year=p.edition, edition=p.laws_edition)
        assert any(c.endswith(label) for c in cards), (label, cards)
    # "In the other texts" under a provision of the Spanish text: the FIGB's card says its edition too
    at = ok(app(lang=lang, law=f"{figb.laws_edition}:27B1a"))
    heads = [plain(m.value) for m in at.markdown if "FIGB" in m.value]
    assert any(h.endswith(t.gettext("{authority} {year} · {edition} Laws").format(
        authority="FIGB", year=figb.edition, edition=figb.laws_edition)) for h in heads), heads
