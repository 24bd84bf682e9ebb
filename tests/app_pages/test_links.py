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
