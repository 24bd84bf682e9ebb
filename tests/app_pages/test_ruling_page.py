"""The ruling page (app_pages/ruling_page.py): what it offers beyond the step reached."""
import re

import pytest

from i18n import translator
from tests.app.test_app import app, markdown, ok, plain

RECORD = "1H 1D TD"  # East's insufficient 1D, the director called at once: the tree does not ask whether it was unintended


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_question_the_tree_did_not_ask_is_offered_and_its_answer_rules_anew(lang):
    """facts_unasked (25A1 'unintended' after '1H 1D TD'): the page shows the question, its provision and the answer
    the ruling took, with the answers as buttons; one tap gives the ruling anew with that answer in the URL."""
    from laws.rulings.rule import rule
    from present.ruling import option_label, question_text

    t = translator(lang)
    d = rule("N", RECORD, {"accepted": "no"}).to_dict()
    unasked = d["facts_unasked"]
    assert [u["fact"] for u in unasked] == ["unintended"]  # the engine's answer this page relies on
    at = ok(app("ruling", lang=lang, dealer="N", auction=RECORD, fact="accepted=no"))
    md = markdown(at)
    box = re.search(r"<p class='pub-label'><b>([^<]+)</b> · <a [^>]*>([^<]+)</a></p><p class='rl-unasked-q'>([^<]+)</p>"
                    r"<p class='pub-label'>([^<]+)</p>", md)
    assert box, md
    assert box.groups() == (t.gettext("Not asked"), unasked[0]["law"],
                            question_text("unintended", t, d).replace("'", "&#x27;"),
                            t.gettext("The ruling takes: {answer}. Answer if the table raises it.").format(
                                answer=option_label("unintended", "no", t)))
    # the steps list says the answer was taken, not given
    assert f"({t.gettext('not asked')})" in md
    buttons = [b for b in at.button if str(b.key).startswith("rl_un_unintended_")]
    assert sorted(b.key for b in buttons) == ["rl_un_unintended_no", "rl_un_unintended_yes"]
    assert all(b.label == option_label("unintended", b.key.rsplit("_", 1)[1], t) for b in buttons)
    at.button(key="rl_un_unintended_yes").click().run()
    ok(at)
    assert at.query_params["fact"] == ["accepted=no", "unintended=yes"]
    anew = rule("N", RECORD, {"accepted": "no", "unintended": "yes"}).to_dict()
    assert anew["law"] != d["law"] and not anew["facts_unasked"]
    md = markdown(at)
    assert re.search(r"rl-card-head'>[^<]*<a [^>]*>" + re.escape(anew["law"]) + "</a>", md), md
    assert not [b for b in at.button if str(b.key).startswith("rl_un_")]


def test_the_offer_comes_with_the_question_too():
    """Before the ruling (the LHO's option still asked), the unasked 25A1 question is offered under it."""
    at = ok(app("ruling", lang="nl", dealer="N", auction=RECORD))
    assert [b.key for b in at.button if str(b.key).startswith("rl_opt_accepted_")]
    assert {b.key for b in at.button if str(b.key).startswith("rl_un_")} == {"rl_un_unintended_yes", "rl_un_unintended_no"}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_card_links_the_tree_the_ruling_sends_the_director_to_later(lang):
    """A ruling with a follow_up (27B1(a): at the end of the play, 27D -> correction_damage) shows it on the card
    as one link to the ruling page on that tree, in the ruling's edition, in the engine's words."""
    from laws.rulings import rule as RU
    from laws.rulings import trees as R

    t = translator(lang)
    facts = {"accepted": "no", "artificial": "no", "unintended": "no"}
    for edition in R.tree_editions():
        d = RU.rule("N", "1H 1D TD E:2D", facts, edition=edition).to_dict()
        fu = d["follow_up"]
        assert fu and fu["edition"] == edition  # the engine's pointer this page relies on
        at = ok(app("ruling", lang=lang, dealer="N", auction="1H 1D TD E:2D", edition=edition,
                    fact=[f"{k}={v}" for k, v in facts.items()]))
        links = re.findall(r'<p class="rl-follow-up"><a class="rb-rule" href="([^"]+)"[^>]*>([^<]+)</a></p>',
                           markdown(at))
        assert len(links) == 1, markdown(at)
        href, words = links[0]
        assert href == f"./ruling?lang={lang}&amp;tree={fu['tree']}&amp;edition={edition}"
        assert words == (RU.follow_up_label(fu, t) + ": " + t.gettext(R.trees(edition)[fu["tree"]].title) + " →"
                         ).replace("'", "&#x27;")
    # no pointer, no link
    assert 'rl-follow-up' not in markdown(ok(app("ruling", lang=lang, dealer="N", auction=RECORD, fact="accepted=no")))


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_an_answer_the_ruling_does_not_use_says_why(lang):
    """A fact given that no step of the ruling turns on is named with its answer and the engine's reason."""
    from laws.rulings import rule as RU
    from present.ruling import option_label, question_text

    t = translator(lang)
    facts = {"accepted": "yes", "comparable": "no"}
    d = RU.translate(RU.rule("N", RECORD, facts), t)
    why = {w["fact"]: w["text"] for w in d["facts_ignored_why"]}
    assert list(why) == ["comparable"]  # the engine's answer this page relies on
    at = ok(app("ruling", lang=lang, dealer="N", auction=RECORD, fact=[f"{k}={v}" for k, v in facts.items()]))
    want = t.gettext("An answer this ruling does not use: {question} → {answer}").format(
        question=question_text("comparable", t), answer=option_label("comparable", "no", t)) + f" ({why['comparable']})"
    assert want in [plain(c.value) for c in at.caption], [plain(c.value) for c in at.caption]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_cards_next_to_call_says_who_calls_if_the_lho_keeps_his_call(lang):
    """25A1 after the LHO called over the unintended call (1H 1S N:P, unintended): the LHO may withdraw his call or
    keep it; the card's row says who calls next either way (the engine's next_if_kept), not only the LHO."""
    from laws.rulings import rule as RU
    from present.auction import seat_name

    t = translator(lang)
    d = RU.rule("N", "1H 1S N:P", {"unintended": "yes"}).to_dict()
    assert d["next_if_kept"] in ("N", "E", "S", "W") and d["next"] != d["next_if_kept"]  # the engine's answer
    at = ok(app("ruling", lang=lang, dealer="N", auction="1H 1S N:P TD", fact="unintended=yes"))
    want = t.gettext(RU.NEXT_IF_WITHDRAWN).format(seat=seat_name(d["next"], t), other=seat_name(d["next_if_kept"], t))
    rows = re.findall(r"<tr><td><b>([^<]*)</b></td><td>([^<]*)</td></tr>", markdown(at))
    assert (t.gettext("Next to call"), want.replace("'", "&#x27;")) in rows, rows
