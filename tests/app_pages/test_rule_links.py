"""From a provision to its ruling in one tap (app_pages/rule_links.py; walk #7): which trees rule on a provision
found by search or read, and the links on the Search and Read pages that open the ruling assistant on them, in the
edition the provision's text follows."""
import re

import pytest

from i18n import translator
from laws import keys as K
from laws.rulings import trees as R
from tests.app.test_app import app, markdown, ok

RULE_LINK = re.compile(r'<a class="rb-rule" href="([^"]+)" target="_self" data-nav="1" data-tree="([^"]+)" '
                       r'data-edition="([^"]+)">([^<]+)</a>')


def trees_for(key: str, edition):
    from app_pages.rule_links import trees_for as pick

    return pick(K.parse_key(key), edition)


@pytest.mark.parametrize("edition", R.tree_editions())
def test_the_trees_that_rule_on_a_provision_closest_first(edition):
    assert trees_for("27B1(a)", edition) == ["insufficient_bid"]          # a node decides by it
    assert trees_for("27", edition)[0] == "insufficient_bid"              # its parts: the tree with most of them
    assert "second_insufficient_bid" in trees_for("27", edition)
    assert trees_for("25A1", edition)[0] == "change_of_call"              # Law 25's own tree before those passing by
    assert len(trees_for("25A1", edition)) == 3                           # the closest few, not all five
    assert trees_for("16B1(a)", edition) == ["unauthorized_information"]
    assert trees_for("40B2(c)(i)", edition) == []                         # no tree touches Law 40
    assert trees_for("27B1(a)", None) == []


def test_a_provision_no_node_cites_takes_the_tree_of_the_provision_above_it():
    resting = {ed: R.resting_on(ed) for ed in R.tree_editions()}
    ed = next(e for e in R.tree_editions() if "16B1" in resting[e] and "16B1a" in resting[e])
    # a child no tree names, under a provision a tree rests on: that tree
    key = K.parse_key("16B1(a)").parent.child("z")
    assert str(key) not in resting[ed]
    assert trees_for(str(key), ed) == list(resting[ed]["16B1"])[:3]


@pytest.mark.parametrize("lang, q", [("nl", "onvoldoende bod"), ("es", "declaración insuficiente")])
def test_a_search_result_offers_its_ruling_once_in_the_edition_of_its_text(lang, q):
    from app_pages.resources import corpus

    at = ok(app("search", lang=lang, q=q))
    t = translator(lang)
    items = re.findall(r"<li .*?</li>", markdown(at))
    first = RULE_LINK.search(items[0])
    assert first, items[0]
    href, tree, edition, label = first.groups()
    assert edition == corpus().edition_of("es")  # Law 27 is only in the AEB's Spanish text: its edition
    assert tree == "insufficient_bid"
    assert href == f"./ruling?lang={lang}&amp;tree={tree}&amp;edition={edition}"
    assert label == t.gettext("Rule: {tree} · {laws}").format(
        tree=t.gettext(R.trees(edition)[tree].title), laws=t.gettext("{edition} Laws").format(edition=edition)) + " →"
    offered = [RULE_LINK.search(x).group(2, 3) for x in items if RULE_LINK.search(x)]
    assert len(offered) == len(set(offered))  # each tree once, under the best result it rules on


def test_the_link_opens_the_ruling_page_on_that_tree_in_that_edition():
    at = ok(app("search", lang="it", q="carta esposta"))
    href, tree, edition, _ = RULE_LINK.search(markdown(at)).groups()
    params = dict(p.split("=", 1) for p in href.split("?", 1)[1].split("&amp;"))
    at = ok(app("ruling", **params))
    assert at.query_params["tree"] == tree and at.query_params["edition"] == edition
    assert re.search(r"<p class='rl-q'>", markdown(at))  # the tree's first question
    assert not at.error


@pytest.mark.parametrize("law, lang", [("16B1", "nl"), ("27B1a", "es")])
def test_read_offers_the_ruling_of_the_provision_in_its_texts_edition(law, lang):
    at = ok(app(lang=lang, law=law))
    links = RULE_LINK.findall(markdown(at))
    assert links
    from app_pages.resources import corpus

    edition = corpus().get(K.parse_key(law), lang).laws_edition
    assert {e for _, _, e, _ in links} == {edition}
    assert links[0][1] == trees_for(law, edition)[0]


def test_read_offers_the_ruling_of_a_provision_no_text_of_its_edition_holds():
    """2017 27B (no text of the corpus holds it): the page says so, and offers the 2017 tree all the same."""
    from app_pages.resources import corpus

    ed = next(e for e in R.tree_editions() if e != corpus().edition_of("es"))  # 27B: only in the AEB's text
    at = ok(app(lang="es", law=f"{ed}:27B"))
    assert at.info and not at.error
    links = RULE_LINK.findall(markdown(at))
    assert [(tree, e) for _, tree, e, _ in links][:1] == [("insufficient_bid", ed)]
