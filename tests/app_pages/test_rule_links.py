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


def _laws(t, edition):
    return t.gettext("{edition} Laws").format(edition=edition)


@pytest.mark.parametrize("lang, q", [("nl", "onvoldoende bod"), ("es", "declaración insuficiente")])
def test_a_search_result_offers_its_ruling_once_by_the_laws_its_federation_applies(lang, q):
    """Law 27 is only in the AEB's text (it follows one edition): the tree is the one that rules on the result's
    provision in that edition, opened in the edition the AEB applies (the same tree id), and the link says both
    when they differ."""
    from app_pages.resources import corpus, publications
    from laws.editions import in_force

    aeb = next(p for p in publications() if p.lang == "es")
    found, force = corpus().edition_of("es"), in_force(aeb.authority)
    at = ok(app("search", lang=lang, q=q))
    t = translator(lang)
    md = markdown(at)
    top = re.search(r"<div class='rb-rules rb-rules-top'>(.*?)</div><ol>", md)  # above the list: the first screen
    assert top, md
    items = re.findall(r"<li .*?</li>", md)
    href, tree, edition, label = RULE_LINK.search(top.group(1)).groups()
    assert (tree, edition) == ("insufficient_bid", force)
    assert href == f"./ruling?lang={lang}&amp;tree={tree}&amp;edition={force}"
    want = t.gettext("Rule: {tree} · {laws}").format(tree=t.gettext(R.trees(force)[tree].title), laws=_laws(t, force))
    if force != found:
        want += " " + t.gettext("(this provision: {laws})").format(laws=_laws(t, found))
    assert label == want + " →"
    offered = [tree] + [RULE_LINK.search(x).group(2) for x in items if RULE_LINK.search(x)]
    assert len(offered) == len(set(offered)) > 1  # each tree once, for the best result it rules on


def test_without_the_tree_in_the_edition_in_force_the_link_keeps_the_provisions_edition(monkeypatch):
    """The edition in force has no such tree (none today: every tree id is in every edition): the tree of the
    provision's own edition, and the link says the edition in force has none."""
    from app_pages import rule_links as RL
    from laws.editions import in_force

    force = in_force()
    found = next(e for e in R.tree_editions() if e != force)
    real = RL.trees
    monkeypatch.setattr(RL, "trees", lambda ed: {k: v for k, v in real(ed).items() if ed != force or k != "insufficient_bid"})
    assert RL.offers(["insufficient_bid", "change_of_call"], found, None) == [("insufficient_bid", found),
                                                                              ("change_of_call", force)]
    t = translator("en")
    html = RL.rule_links_html(["insufficient_bid"], found, None, t)
    assert RULE_LINK.search(html).group(2, 3) == ("insufficient_bid", found)
    assert RULE_LINK.search(html).group(4).endswith(
        t.gettext("(no such tree in the {laws})").format(laws=_laws(t, force)) + " →")


def test_the_link_opens_the_ruling_page_on_that_tree_in_that_edition():
    at = ok(app("search", lang="it", q="carta esposta"))
    href, tree, edition, _ = RULE_LINK.search(markdown(at)).groups()
    params = dict(p.split("=", 1) for p in href.split("?", 1)[1].split("&amp;"))
    at = ok(app("ruling", **params))
    assert at.query_params["tree"] == tree and at.query_params["edition"] == edition
    assert re.search(r"<p class='rl-q'>", markdown(at))  # the tree's first question
    assert not at.error


@pytest.mark.parametrize("law, lang", [("16B1", "nl"), ("27B1a", "es")])
def test_read_offers_the_ruling_of_the_provision_by_the_laws_its_federation_applies(law, lang):
    from app_pages.resources import corpus
    from laws.editions import in_force

    p = corpus().get(K.parse_key(law), lang)
    at = ok(app(lang=lang, law=law))
    links = RULE_LINK.findall(markdown(at))
    assert links
    assert {e for _, _, e, _ in links} == {in_force(p.pub.authority)}
    assert links[0][1] == trees_for(law, p.laws_edition)[0]


def test_read_offers_the_ruling_of_a_provision_no_text_of_its_edition_holds():
    """2017 27B (no text of the corpus holds it): the page says so, and offers the tree all the same."""
    from app_pages.resources import corpus
    from laws.editions import in_force_for_lang

    ed = next(e for e in R.tree_editions() if e != corpus().edition_of("es"))  # 27B: only in the AEB's text
    at = ok(app(lang="es", law=f"{ed}:27B"))
    assert at.info and not at.error
    links = RULE_LINK.findall(markdown(at))
    assert [(tree, e) for _, tree, e, _ in links][:1] == [("insufficient_bid", in_force_for_lang("es"))]


def test_a_provision_that_sends_the_director_to_a_tree_later_offers_that_tree():
    """2017 27D (the director's check at the end of the play): the tree a ruling points to from it
    (correction_damage's pointed_from, in the engine's resting_on) is offered, though no node cites 27D."""
    ed = next(e for e in R.tree_editions() if "23C" in R.resting_on(e))  # the edition of 23C and 27D
    assert "correction_damage" in R.resting_on(ed).get("27D", ())  # the engine's answer this relies on
    assert trees_for("27D", ed) == ["correction_damage"]
    at = ok(app(lang="nl", law=f"{ed}:27D"))
    assert [tree for _, tree, _, _ in RULE_LINK.findall(markdown(at))][:1] == ["correction_damage"]
