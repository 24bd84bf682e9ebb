"""Links to provisions (app_pages/links.py): the preview of a provision that no text of its edition
holds offers the corresponding provision of the other edition, labelled as that edition's text."""
from i18n import translator
from laws import keys as K

from app_pages import links

FORCE, OTHER = "2017", "2007"


def test_the_preview_of_an_absent_provision_links_the_other_editions_text():
    t = translator("es")
    pv = links.preview_data(K.parse_key("27B"), None, t, FORCE)
    assert "27B" in pv["body"] and FORCE in pv["body"]
    assert pv["links"] == [{"href": "./?lang=es&law=27B", "label": t.gettext(
        "{key} of the {edition} Laws ({authority} text) — another edition: {status}").format(
        key="27B", edition=OTHER, authority="AEB", status=t.gettext("changed"))}]
    assert OTHER in pv["links"][0]["label"]


def test_the_preview_of_a_provision_a_text_holds_has_no_other_link():
    pv = links.preview_data(K.parse_key("27B"), "es", translator("es"), OTHER)
    assert "links" not in pv and pv["body"]


def test_a_link_to_a_provision_no_text_holds_is_marked_neutrally_never_struck_through():
    import re
    from pathlib import Path

    t = translator("es")
    html = links._link("27B", "27B", None, "es", "es", "xref", FORCE)[0]
    assert 'class="xref xref-absent"' in html
    assert 'data-absent="sin texto"' in html
    assert f'title="{t.gettext("No text of the {edition} Laws in this app holds {key}").format(edition=FORCE, key="27B")}"' in html
    present = links._link("27B", "27B", "es", "es", "es", "xref", OTHER)[0]
    assert "xref-absent" not in present and "data-absent" not in present
    css = (Path(links.__file__).parent / "static" / "app.css").read_text()
    rules = re.findall(r"([^{}]*xref-absent[^{}]*)\{([^}]*)\}", css)
    assert rules and not any("line-through" in body for _, body in rules)
    assert any("attr(data-absent)" in body for _, body in rules)
