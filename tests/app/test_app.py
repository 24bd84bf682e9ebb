"""The Streamlit app, through streamlit.testing.v1.AppTest: every page and its deep links, the
language (browser default, switch, bad value), a whole ruling walked to its card, and clear
messages for bad input. The real-browser test is tests/app/test_app_browser.py."""
import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from i18n import language_name, translator

APP = str(Path(__file__).resolve().parents[2] / "app.py")
# The tests that script a walk of the insufficient-bid tree (its questions, its card) follow the
# trees of the first edition of the registry, named in the URL as a director's link would.
FIRST = __import__("laws.editions", fromlist=["editions"]).editions()[0]
TIMEOUT = 60


def app(page: str | None = None, lang: str | None = None, context: dict | None = None, **params) -> AppTest:
    """Run the app once (on its default page), then open ``page`` with the query ``params``."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    if context:
        at.context = context
    if lang:
        at.query_params["lang"] = lang
    if page is None:
        at.query_params.update(params)
        at.run()
    else:
        at.run()
        goto(at, page, **params)
    return at


def goto(at: AppTest, page: str, **params) -> AppTest:
    """Open a page of the app (``?page=``), as a link with query parameters would."""
    lang = at.query_params.get("lang")
    at.query_params.clear()
    if page != "read":  # the default page has no ``page`` parameter
        at.query_params["page"] = page
    if lang:
        at.query_params["lang"] = lang
    at.query_params.update(params)
    return at.run()


def keyed(widgets, name: str):
    """The widget of canonical value ``name`` (its key: ``name.<language>.<version>``, see
    app_pages.lang.widget_key)."""
    found = [w for w in widgets if str(w.key).startswith(name + ".")]
    assert len(found) == 1, [w.key for w in widgets]
    return found[0]


def record_box(at: AppTest):
    """The ruling page's record box (its key changes when the app itself changes the record)."""
    from app_pages.ruling_page import AUCTION_KEY

    boxes = [w for w in at.text_input if str(w.key).startswith(AUCTION_KEY + ".")]
    assert len(boxes) == 1, [w.key for w in at.text_input]
    return boxes[0]


def edition_switch(at: AppTest):
    """The ruling page's switch of the edition (its key changes when the app changes the choice)."""
    found = [w for w in at.segmented_control if str(w.key).startswith("rl_edition.")]
    assert len(found) == 1, [w.key for w in at.segmented_control]
    return found[0]


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _attr(node, attr):
    try:
        return getattr(node, attr, None)
    except Exception:
        return None


def _strings(at: AppTest, pick) -> list[str]:
    """The strings ``pick(node)`` yields for every node of the page's element tree."""
    out = []

    def walk(node):
        out.extend(pick(node))
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for c in children.values():
                walk(c)

    walk(at._tree)
    return out


def texts(at: AppTest) -> list[str]:
    """Every string the page shows: element values, labels, options of widgets."""
    def pick(node):
        for attr in ("value", "label", "body", "placeholder", "help"):
            v = _attr(node, attr)
            if isinstance(v, str):
                yield v
        v = getattr(node, "options", None)
        if isinstance(v, (list, tuple)):
            yield from (x for x in v if isinstance(x, str))
    return _strings(at, pick)


def plain(s: str) -> str:
    """A message as the reader sees it: the Markdown escapes of app_pages.common.md removed."""
    return re.sub(r"\\(.)", r"\1", s)


def err(at: AppTest, i: int = 0) -> str:
    return plain(at.error[i].value)


def markdown(at: AppTest, bar: bool = False) -> str:
    """The page's Markdown (``bar``: with the navigation bar's)."""
    return plain("\n".join(m.value for m in at.markdown if bar or not m.value.startswith('<nav class="rb-bar"')))


def href(key: str, lang: str) -> str:
    return f'href="./?lang={lang}&amp;law={key}"'


# -- Read ------------------------------------------------------------------------------------------
def test_deep_link_dutch_16B1():
    at = ok(app(lang="nl", law="16B1"))
    assert at.title[0].value == "Spelregels voor wedstrijdbridge"
    assert at.header[0].value == "16B1"
    md = markdown(at)
    assert "Elke anderszins (anders dan bepaald in" in md
    # the cross-reference is a link to 16A that opens it in place, with a preview of 16A's whole Dutch text
    link = re.search(r'<a class="xref" href="\./\?lang=nl&amp;law=16A" target="_self" data-nav="1" '
                     r'data-pv="([^"]+)">artikel 16A</a>', md)
    assert link
    pv = at.session_state["_rb_previews"][link[1]]
    assert pv["head"].startswith("16A [nl · NBB 2017 · Spelregels 2017] Gebruik van informatie door de spelers")
    assert len(pv["body"]) > 320 and "\n" in pv["body"]  # the whole text, not a tooltip cut at 320 characters
    # breadcrumb, children, cited by, the other texts
    assert href("16", "nl") in md and href("16B", "nl") in md
    assert "16B1(a)" in md and "onloochenbaar gesuggereerd" in md
    # cited by 16A1(c) (nl); the es 20F3 cites the 2007 16B1, another provision (issue 10)
    assert href("16A1c", "nl") in md and href("20F3", "nl") not in md
    t = translator("nl")
    assert md.count(t.gettext("Not in this language’s text.")) == 2  # es and it
    assert "AEB 2007" in md and "FIGB 2017" in md
    assert at.query_params["law"] == "16B1"


def test_deep_link_spanish_27B1a_children_notes_and_relative_reference():
    at = ok(app(lang="es", law="27B1(a)"))
    assert at.header[0].value.startswith("27B1(a)")
    md = markdown(at)
    assert href("16D", "es") in md and ">Artículo 16D</a>" in md
    assert href("27D", "es") in md and ">el punto D a continuación</a>" in md  # relative reference resolved
    assert href("27B1b", "es") in md  # cited by 27B1(b)
    assert at.query_params["law"] == "27B1a"  # the URL holds the canonical key


def test_a_key_the_readers_edition_lacks_links_the_other_editions_text():
    """2007 16D2 (no Spanish text of Law 16): its corresponding 2017 provision, in the NBB text, labelled."""
    at = ok(app(lang="es", law="16D2"))
    assert not at.error
    md = markdown(at)
    assert "rb-bridges" in md and "law=16C2" in md and "NBB" in md


def test_provision_only_in_another_text():
    at = ok(app(lang="nl", law="27B1a"))
    t = translator("nl")
    assert any("27B1(a)" in i.value and "NBB 2017" in i.value for i in at.info)
    md = markdown(at)
    assert "la subasta continúa sin rectificación" in md  # the Spanish text, verbatim
    assert t.gettext("Not in this language’s text.") in md


def test_notes_and_regulation_keys():
    at = ok(app(lang="es", law="Norma 8ª"))
    assert at.header[0].value.startswith("AEB-AL.A.8")
    at = ok(app(lang="nl", law="16B2"))
    assert "law-note" in markdown(at)  # the Bondsbestuur's «Noot»


def test_every_law_renders():
    """Every law of the corpus opens on the Read page, with its parts, without an error."""
    from laws.corpus import load

    at = ok(app(lang="en"))
    laws = [k for k in load().keys() if k.parent is None]
    assert len(laws) > 30
    for k in laws:
        at.query_params["law"] = str(k)
        at.run()
        assert not at.exception and not at.error, (str(k), [e.value for e in at.exception or at.error])
        assert at.header[0].value.startswith(k.display)


def test_unknown_key_names_it_and_suggests():
    at = ok(app(lang="es", law="27B9"))
    assert "27B9 no está en el corpus" in err(at) and "27B1" in err(at)
    assert any(b.label == "27B1" for b in at.button)
    at.button(key="read_near_27B1").click().run()
    ok(at)
    assert at.header[0].value.startswith("27B1") and at.query_params["law"] == "27B1"


def test_absent_provision_says_who_cites_it():
    at = ok(app(lang="en", law="90"))  # cited, held by no text: information (tests/app_pages/test_read_page.py)
    assert not at.error
    assert any("No text in this app holds 90 of the 2007 Laws" in plain(i.value) and "17D4" in plain(i.value)
               for i in at.info)


def test_words_instead_of_a_key_search():
    at = ok(app(lang="es", q="doblo fuera de turno"))
    md = markdown(at)
    assert href("32", "es") in md and "<mark>" in md


def test_following_a_link_in_place():
    """A link followed in the browser (static/nav.js) changes the query: its page opens in the same session."""
    at = ok(app(lang="nl", law="16B1"))
    at.query_params["law"] = "16A"
    at.run()
    assert ok(at).header[0].value.startswith("16A") and at.query_params["law"] == "16A"
    at.session_state["marker"] = "same session"
    goto(at, "glossary", term="OI")
    assert "<b>LT</b>" in markdown(ok(at)) and at.session_state["marker"] == "same session"


def test_typing_a_key():
    at = ok(app(lang="nl"))
    at.text_input(key="read_query").input("artikel 16B1").run()
    ok(at)
    assert at.header[0].value == "16B1" and at.query_params["law"] == "16B1"


def test_welcome_page_examples():
    at = ok(app(lang="it"))
    assert at.title[0].value == translator("it").gettext("Laws of Duplicate Bridge")
    at.button(key="read_ex_40B2(c)(i)").click().run()
    ok(at)
    assert at.header[0].value.startswith("40B2(c)(i)")


# -- the interface language -------------------------------------------------------------------------
def test_language_from_the_browser():
    at = ok(app(context={"locale": "it-IT"}, law="17"))
    assert at.title[0].value == translator("it").gettext("Laws of Duplicate Bridge")
    assert 'hreflang="it" lang="it" aria-current="true"' in markdown(at, bar=True)  # the language menu marks it
    at = ok(app(context={"locale": "de-DE"}))
    assert at.title[0].value == "Laws of Duplicate Bridge"


def language_link(at: AppTest, code: str) -> str:
    """The href of a language of the bar's language menu."""
    m = re.search(r'<a href="([^"]+)" data-nav="1" hreflang="' + code + '"', markdown(at, bar=True))
    assert m, code
    return m[1].replace("&amp;", "&")


def follow(at: AppTest, href: str) -> AppTest:
    """Follow a link of the app as the browser script does: its page and query, in this session."""
    from urllib.parse import parse_qsl, urlsplit

    parts = urlsplit(href)
    page = parts.path.strip("./") or "read"
    at.query_params.clear()
    if page != "read":
        at.query_params["page"] = page
    for k, v in parse_qsl(parts.query):
        at.query_params[k] = at.query_params.get_all(k) + [v] if k in at.query_params else v
    return at.run()


def test_language_switch():
    at = ok(app(lang="en", law="16B1"))
    assert at.title[0].value == "Laws of Duplicate Bridge"
    follow(at, language_link(at, "nl"))
    ok(at)
    assert at.title[0].value == "Spelregels voor wedstrijdbridge"
    assert at.query_params["lang"] == "nl" and at.query_params["law"] == "16B1"
    assert "Taal van de interface" in markdown(at, bar=True)
    follow(at, language_link(at, "es"))
    assert ok(at).title[0].value == translator("es").gettext("Laws of Duplicate Bridge")


def test_language_switch_keeps_the_ruling():
    at = ok(app("ruling", lang="en", dealer="E", auction="1H 1D TD S:2D", fact="artificial=no"))
    assert keyed(at.segmented_control, "rl_dealer").value == "E"
    assert "Offender (South)" in markdown(at)
    follow(at, language_link(at, "it"))
    ok(at)
    t = translator("it")
    assert at.title[0].value == t.gettext("Ruling assistant")
    assert keyed(at.segmented_control, "rl_dealer").value == "E"  # the wizard's state survives
    assert keyed(at.radio, "rl_mode").value == "auction"
    assert ":material/print: " + t.gettext("Print view") in [b.label for b in at.get("download_button")]
    assert t.gettext("Offender") + " (Sud)" in markdown(at)


def test_accept_language_header():
    from app_pages.lang import accept_language

    assert accept_language("fr-FR,fr;q=0.9,nl;q=0.8,en;q=0.7") == "nl"
    assert accept_language("it;q=0.5, es-AR;q=0.9") == "es"
    assert accept_language("de-DE") is None and accept_language(None) is None


def test_unknown_language_is_reported():
    at = ok(app(lang="fr", law="16B1"))
    assert "“fr”" in plain(at.warning[0].value)


@pytest.mark.parametrize("lang", ["es", "nl", "it"])
@pytest.mark.parametrize("page,params", [
    (None, {"law": "27B1a"}), ("ruling", {"dealer": "N", "auction": "1H 1D TD E:2D", "fact": "artificial=no"}),
    ("ruling", {"tree": "card_exposed"}), ("graph", {"law": "27D", "to": "16D"}), ("glossary", {}),
    ("score", {"result": "4HX-2", "adjust": "4S=:60,4S-1:40", "against": "420"}),
    ("search", {"q": "insufficient"}), ("practice", {}), ("practice", {"source": "generated"})])
def test_no_untranslated_string(lang, page, params):
    """None of the app's own English strings shows on any page in es, nl or it."""
    from i18n.build import template

    t = translator(lang)
    at = ok(app(page, lang=lang, **params))
    shown = texts(at)
    whole = "\n".join(shown)
    for m in template("app"):
        if not m.id or "{" in m.id or t.gettext(m.id) == m.id:
            continue
        english = m.id
        assert english not in shown, f"untranslated on {page}: {english!r}"
        if len(english) > 24:
            assert english not in whole, f"untranslated on {page}: {english!r}"


# -- Ruling assistant -------------------------------------------------------------------------------
def test_whole_ruling_typed_and_walked_to_its_card():
    at = ok(app("ruling", lang="en", edition=FIRST))
    assert at.title[0].value == "Ruling assistant"
    keyed(at.segmented_control, "rl_dealer").set_value("E")
    keyed(at.segmented_control, "rl_dealer").set_value("N")
    record_box(at).input("1H 1D TD").run()
    ok(at)
    assert "insufficient bid" in plain(at.warning[0].value)  # detected and explained as you type
    assert "option of accepting the insufficient bid" in markdown(at)  # the LHO's option first (27A1)
    at.button(key="rl_opt_accepted_no").click().run()
    assert "What call does the offender make in place of the insufficient bid?" in markdown(ok(at))
    at.button(key="rl_opt_replacement_lowest_same").click().run()
    assert "Could either call be artificial" in markdown(ok(at))
    assert at.query_params.get("fact") == ["accepted=no", "replacement=lowest_same"]
    at.button(key="rl_opt_artificial_no").click().run()
    md = markdown(ok(at))
    assert "Ruling" in md and href("27B1a", "en").replace('href="', 'href="') in md
    assert "neither call is artificial: the auction continues without rectification" in md
    assert "la subasta continúa sin rectificación" in md  # the governing provision's text, verbatim
    rows = re.findall(r"<tr><td[^>]*><b>([^<]+)</b></td><td>([^<]+)</td></tr>", md)
    assert ("Offender&#x27;s partner (West)", "no obligation") in rows and ("Next to call", "South") in rows
    # the trail as links
    for k in ("27A1", "27A2", "27B", "27B1a"):
        assert href(k, "en") in md
    # the diagram, on demand, highlights the path
    assert not at.get("graphviz_chart")
    at.button(key="rl_show_tree").click().run()
    dot = ok(at).get("graphviz_chart")[0].proto.spec
    assert re.search(r'"insufficient_bid/lowest_no_rectification" \[[^\]]*fillcolor="#f4a261"', dot)
    assert re.search(r'"insufficient_bid/lowest_artificial" -> "insufficient_bid/lowest_no_rectification" '
                     r'\[label="no", color="#b8860b"', dot)
    # back, then restart
    at.button(key="rl_back_card").click().run()
    assert "Could either call be artificial" in markdown(ok(at))
    at.button(key="rl_restart_q").click().run()
    assert "option of accepting the insufficient bid" in markdown(ok(at))  # from the first question again
    assert "fact" not in at.query_params


def test_ruling_downloads_markdown_and_json():
    from app_pages import ruling_page
    from laws.rulings import rule as RU

    at = ok(app("ruling", lang="nl", dealer="N", auction="1H 1D TD E:2D", fact="artificial=no", edition=FIRST))
    t = translator("nl")
    assert [b.label for b in at.get("download_button")] == [":material/article: Markdown", ":material/data_object: JSON",
                                                             ":material/print: " + t.gettext("Print view")]
    # the downloads are these records
    d = RU.translate(RU.rule("N", "1H 1D TD E:2D", {"artificial": "no"}, edition=FIRST), t)
    rec = ruling_page.ruling_record(d, {"dealer": "N", "auction": "1H 1D TD E:2D"}, [["artificial", "no"]], t)
    back = json.loads(json.dumps(rec, ensure_ascii=False, default=str))
    assert back["ruling"]["law"] == "27B1a" and back["ruling"]["next"] == "S"
    assert back["governing_provision"]["authority"] == "AEB"
    assert back["governing_provision"]["text"].startswith("Si la declaración insuficiente se corrige")
    # the question as the tree's node asked it (present.ruling.question_text with the ruling)
    from laws.rulings import trees as R
    node_q = next(n.question for tid, nid in d["path"] for n in [R.trees(FIRST)[tid].nodes[nid]] if n.ask == "artificial")
    assert back["answers"][0]["question"] == t.gettext(node_q)
    md = ruling_page.ruling_markdown(rec, t)
    assert md.startswith("# " + t.gettext("Ruling") + ": onvoldoende bod")
    assert "`1H 1D TD E:2D`" in md and "27A1 › 27A2 › 27B › 27B1(a)" in md
    assert "> Si la declaración insuficiente se corrige" in md
    assert d["explanation"] in md


def test_work_survives_a_visit_to_another_page():
    """The bar's links carry each page's state, and a page opened without it gets it back: coming
    back to a page finds the ruling (or provision) as it was."""
    at = ok(app("ruling", lang="en", edition=FIRST))
    record_box(at).input("1H 1D TD").run()
    at.button(key="rl_opt_accepted_no").click().run()
    at.button(key="rl_opt_replacement_lowest_same").click().run()
    assert "Could either call be artificial" in markdown(ok(at))
    goto(at, "read", law="27B1a")
    assert ok(at).header[0].value.startswith("27B1(a)")
    goto(at, "glossary")
    goto(at, "ruling")
    assert record_box(at).value == "1H 1D TD"
    assert "Could either call be artificial" in markdown(ok(at))
    assert at.query_params.get("fact") == ["accepted=no", "replacement=lowest_same"]
    goto(at, "read")
    assert ok(at).header[0].value.startswith("27B1(a)")


def test_tree_without_auction():
    at = ok(app("ruling", lang="es", tree="card_exposed"))
    assert keyed(at.radio, "rl_mode").value == "tree"
    t = translator("es")
    assert t.gettext("Which cards could the offender's partner have seen?") in markdown(at)
    at.button(key="rl_opt_cards_exposed_two_or_more").click().run()
    ok(at)
    assert at.query_params.get("fact") == "cards_exposed=two_or_more"


def test_bad_auction_token_is_named():
    at = ok(app("ruling", lang="en", dealer="N", auction="1H 1D ZZ"))
    assert "ZZ" in err(at) and "Token 3" in err(at)
    assert "<mark>ZZ</mark>" in markdown(at)


def test_bad_dealer_and_bad_fact_in_the_link():
    at = ok(app("ruling", lang="en", dealer="Q", auction="1H 1D TD", fact="nonsense"))
    errors = " ".join(plain(e.value) for e in at.error)
    assert "Q" in errors and "KEY=VALUE" in errors
    at = ok(app("ruling", lang="en", dealer="N", auction="1H 1D TD E:2D", fact="artificial=maybe"))
    assert "“artificial”" in err(at) and "“maybe”" in err(at)


def test_no_irregularity():
    at = ok(app("ruling", lang="en", dealer="N", auction="1S P 2S P 4S AP"))
    assert plain(at.success[0].value).startswith("No irregularity")


def test_loading_a_worked_example():
    at = ok(app("ruling", lang="en", edition=FIRST))
    keyed(at.selectbox, "rl_example").select("N|1NT 1C TD E:2C").run()
    ok(at)
    assert record_box(at).value == "1NT 1C TD E:2C"
    assert at.query_params["auction"] == "1NT 1C TD E:2C"


# -- Graph ------------------------------------------------------------------------------------------
def test_graph_neighbourhood_and_path():
    at = ok(app("graph", lang="es", law="27D", depth="2", to="16D"))
    dot = at.get("graphviz_chart")[0].proto.spec
    # nodes are provisions of one edition: the Spanish reader's 16D is the 2007 one (issue 10)
    for node in ("2007:27D", "2007:27B1a", "2007:16D", "2007:12B1"):
        assert f'"{node}" [' in dot
    assert 'URL="./?lang=es&law=27B1a"' in dot  # clicking a node opens it
    assert "style=\"rounded,filled,dashed\"" in dot  # 12B1 is absent
    md = markdown(at)
    assert href("27D", "es") in md and href("16D", "es") in md  # the chain 27D → 27B1a → 16D
    assert at.pills(key="graph_open").options  # the nodes, to open
    at.pills(key="graph_open").set_value("2007:27B1a").run()
    ok(at)
    assert at.header[0].value.startswith("27B1(a)")  # opened on the Read page
    assert at.query_params["law"] in ("27B1a", "2007:27B1a")


def test_graph_bad_input():
    at = ok(app("graph", lang="en", law="27Z"))
    assert "27Z" in err(at)
    at = ok(app("graph", lang="en", law="27D", to="99"))
    assert "99" in err(at)
    at = ok(app("graph", lang="en", law="27D", depth="lots"))
    assert "lots" in err(at)


# -- Glossary, Score, Search -------------------------------------------------------------------------
def test_glossary_side_by_side():
    at = ok(app("glossary", lang="nl", term="OI"))
    md = markdown(at)
    assert "oponente de la izquierda" in md and "<b>LT</b>" in md and "avversario di sinistra" in md
    assert href("17D2", "nl") in md
    at = ok(app("glossary", lang="en"))
    from graph import glossary as G

    assert at.caption[1].value == f"{len(G.load().concepts)} concepts"


def test_glossary_unknown_term():
    at = ok(app("glossary", lang="en", term="onvoldoendd bod"))
    assert "onvoldoendd bod" in err(at) and "insufficient bid" in err(at)


def test_score_law_77_and_weighted():
    at = ok(app("score", lang="en", result="4HX-2 3NT+1", vul="1", adjust="4S=:60,4S-1:40", against="420"))
    values = [m.value for m in at.metric]
    assert "-500" in values and "630" in values and "232" in values and "-4" in values
    at = ok(app("score", lang="en", adjust="4S=:60,4S-1:40", against="420", adjust_vul="1"))
    assert [m.value for m in at.metric] == ["332", "-1.4"]
    at = ok(app("score", lang="es", result="8S=", adjust="4S=:60,4S-1:30"))
    errors = [plain(e.value) for e in at.error]
    assert any("'8P='" in e for e in errors) and any("90" in e for e in errors)  # 8♠ in the AEB's notation


def test_search_page():
    at = ok(app("search", lang="nl", q="onvoldoende bod"))
    md = markdown(at)
    assert href("27", "nl") in md
    at = ok(app("search", lang="en", q="the of and"))
    assert err(at)  # only common words: the search module's own message, translated


@pytest.mark.parametrize("lang, q", [("nl", "onvoldoende bod"), ("it", "licita insufficiente")])
def test_search_says_why_a_result_is_in_spanish(lang, q):
    """Walk #7: a Dutch or Italian search whose results are the AEB's Spanish text (the 2007 Laws, in no
    other text of the app) says why on each such line; a result in the reader's own text does not."""
    md = markdown(ok(app("search", lang=lang, q=q)))
    lines = re.findall(r"<li .*?</li>", md)
    spanish = [x for x in lines if "[" + language_name("es", lang) + " · " in x]  # the text each was found in
    assert lines and all("rb-other-text" in x for x in spanish) and spanish
    assert "rb-other-text" not in markdown(ok(app("search", lang="es", q="doblo fuera de turno")))


def test_search_page_names_the_situation_a_result_was_found_through():
    # the law's text is the snippet; the project's phrase is named as such, escaped, in the interface language
    at = ok(app("search", lang="es", q="mi compi se lo pensó mucho antes de pasar y luego subí"))
    md = markdown(at)
    assert href("16B1a", "es") in md   # the link keeps the interface language; the text shown is the NBB's
    assert "Encontrado por la situación" in md and "nuestro índice, no texto normativo" in md


# -- Markdown injection (issue 14): user input is shown as typed, never as a link -------------------
EVIL = "[Login expired, click here](https://evil.example/login)"


RENDERED = {"markdown", "error", "warning", "info", "success", "caption", "title", "header", "subheader", "toast"}


def rendered(at: AppTest) -> list[str]:
    """What Streamlit renders as Markdown: message and text elements, and every label and help."""
    def pick(node):
        if getattr(node, "type", None) in RENDERED:
            for attr in ("value", "body"):
                v = getattr(node, attr, None)
                if isinstance(v, str):
                    yield v
        for attr in ("label", "help"):
            v = _attr(node, attr)
            if isinstance(v, str):
                yield v
    return _strings(at, pick)


def _no_live_link(at: AppTest) -> None:
    for v in rendered(at):
        if v.lstrip().startswith("<"):  # an HTML block: user text is HTML-escaped, never an href
            # (the app's own links may carry it, URL-encoded, in their query: ./search?q=%5BLogin...)
            assert not re.search(r"""href=["'](?!\./[a-z]*\?)[^"']*evil""", v), v
            assert not re.search(r"""href=["'][^"'?]*evil""", v), v
        else:  # Markdown: no link syntax, no autolink left unescaped
            assert "](" not in v and "https://" not in v and "evil.example" not in v, v


@pytest.mark.parametrize("page,params", [
    ("search", {"q": EVIL}), (None, {"q": EVIL}), (None, {"law": EVIL}), (None, {"lang": EVIL}),
    ("score", {"result": EVIL}), ("score", {"adjust": EVIL}), ("score", {"adjust": "4S=:100", "against": EVIL}),
    ("glossary", {"term": EVIL}), ("graph", {"law": EVIL}), ("graph", {"law": "27D", "to": EVIL}),
    ("graph", {"law": "27D", "depth": EVIL}),
    ("ruling", {"dealer": EVIL, "auction": "1H 1D TD"}), ("ruling", {"dealer": "N", "auction": "1H " + EVIL}),
    ("ruling", {"dealer": "N", "auction": EVIL.replace(" ", "")}), ("ruling", {"tree": EVIL}),
    ("ruling", {"dealer": "N", "auction": "1H 1D TD", "fact": EVIL}),
    ("ruling", {"dealer": "N", "auction": "1H 1D TD E:2D", "fact": "artificial=" + EVIL}),
    ("practice", {"source": EVIL})])
def test_user_input_is_never_markdown(page, params):
    at = ok(app(page, **{"lang": "en", **params}))
    _no_live_link(at)
    shown = plain(" ".join(rendered(at)))
    if page != "practice" and "lang" not in params:
        assert "Login" in shown or "evil" in shown  # the input is shown (as text), not dropped


def test_md_escapes_every_markdown_construct():
    from app_pages.common import md

    for s in (EVIL, "**bold** _it_ `code` <b>x</b> :red[x] :material/home: www.evil.example # h", "a\nb"):
        assert plain(md(s).replace("  \n", "\n")).replace("\u2060", "") == s


# -- not found, titles, the adjusted-score tab, practice, the record ---------------------------------
def test_adjusted_score_deep_link_opens_its_tab():
    def default_tab(at):
        block = next(n for n in at.main.children.values() if getattr(n, "type", None) == "tab_container")
        return block.proto.tab_container.default_tab_index

    at = ok(app("score", lang="en", adjust="4S=:60,4S-1:40", against="420", adjust_vul="1"))
    assert [m.value for m in at.metric] == ["332", "-1.4"] and default_tab(at) == 1
    assert default_tab(ok(app("score", lang="en", result="4HX-2", vul="1"))) == 0
    assert default_tab(ok(app("score", lang="en", result="4HX-2", tab="adjusted"))) == 1


def test_keypad_writes_the_notation_of_the_interface_and_never_takes_an_older_record():
    """The keypad (its taps applied in the browser, see tests/app/test_app_browser.py) writes the
    letters of the interface language's notation, and Python takes only a newer record."""
    from app_pages import keypad

    t = translator("es")
    data = keypad._data("", t, lambda s: s, "es")
    assert [s["letter"] for s in data["strains"]] == ["T", "D", "C", "P", "ST"]  # es: C is corazones
    assert [s["letter"] for s in data["seats"]] == ["N", "E", "S", "O"]
    assert keypad.take({"text": "1C 1D TD", "seq": 5}, 4) == (5, "1C 1D TD")
    assert keypad.take({"text": "1C", "seq": 4}, 5) == (5, None)  # an older record, sent before: never taken
    assert keypad.take({"seq": "x"}, 5) == (5, None) and keypad.take("junk", 5) == (5, None)
    # the record the keypad gives is taken as typed: the question comes first
    from laws.rulings import rule as RU
    from laws.rulings import trees as R

    at = ok(app("ruling", lang="es"))
    record_box(at).set_value("1C 1D TD").run()
    assert at.query_params["auction"] == "1H 1D TD"
    first = RU.translate(RU.rule("N", "1H 1D TD", {}, edition=R.default_edition("es")), t)["question"]["text"]
    assert first in markdown(ok(at))  # the engine's first question, in the edition the page rules by


def test_the_record_is_typed_in_the_interface_languages_notation():
    """A bare «1C» in the Spanish app is one heart (corazones), echoed as such before any ruling;
    the same record in the Dutch and Italian notations gives the same contract; a deep link
    (neutral) is shown in the reader's notation."""
    from laws import notation as N

    for lang, typed in (("es", "1C P 2C P P P"), ("nl", "1H P 2H P P P"), ("it", "1C P 2C P P P")):
        at = ok(app("ruling", lang=lang))
        record_box(at).set_value(typed).run()
        ok(at)
        assert at.query_params["auction"] == "1H P 2H P P P"
        t = translator(lang)
        captions = [re.sub(r"\\(.)", r"\1", c.value) for c in at.caption]  # md() escapes punctuation
        assert N.read_as("1H P 2H P P P", lang, t) in captions  # the reading, before any ruling
        assert N.describe(lang, t) in captions  # the notation, next to the input
    at = ok(app("ruling", lang="es", dealer="N", auction="1H 1D TD"))
    assert record_box(at).value == "1C 1D TD"
    at = ok(app("ruling", lang="nl", dealer="N", auction="W:1S TD"))
    assert record_box(at).value == "W:1S TD"
    at = ok(app("ruling", lang="it", dealer="N", auction="W:1S TD"))
    assert record_box(at).value == "O:1P TD"


def test_ruling_record_round_trip_through_upload():
    """The JSON record read back gives the same ruling."""
    from laws.rulings import rule as RU
    from laws.corpus import load
    from present import record as REC

    t = translator("nl")
    d = RU.translate(RU.rule("N", "1H 1D TD E:2D", {"artificial": "no"}, edition=FIRST), t)
    meta = {"event": "Clubkampioenschap", "board": "7", "table": "3", "pairs_ns": "12", "pairs_ew": "5",
            "director": "J. de Vries", "session": "2", "time": "2026-11-22 20:15"}
    rec = REC.build(d, {"dealer": "N", "auction": "1H 1D TD E:2D"}, [("artificial", "no")], meta, t, load())
    assert rec["replacement_call"] == {"index": 2, "seat": "E", "call": "2D"}
    assert {f["fact"]: f["established_by"] for f in rec["facts"]}["artificial"] == "director"
    assert {f["fact"]: f["established_by"] for f in rec["facts"]}["replacement"] == "record"
    assert rec["laws_edition"] == FIRST and rec["meta"]["director"] == "J. de Vries"
    html_view = REC.to_html(rec, t)
    assert "J. de Vries" in html_view and "Si la declaración insuficiente se corrige" in html_view
    md = REC.to_markdown(rec, t)
    assert "Clubkampioenschap" in md and "Oost 2♦" in md

    # read back (the app's upload calls the same functions; tests/app/test_app_browser.py uploads the file)
    parsed = REC.parse(REC.to_json(rec).encode())
    again = RU.translate(REC.reproduce(parsed), t)
    assert REC.differences(parsed, again) == [] and again["law"] == d["law"] and again["trail"] == d["trail"]
    assert parsed["meta"]["director"] == "J. de Vries" and parsed["answers"] == [("artificial", "no")]
    # a record whose ruling no longer comes out says where it differs
    changed = dict(parsed, recorded=dict(parsed["recorded"], law="27B2"))
    assert REC.differences(changed, again) == ["law"]


@pytest.mark.parametrize("data,why", [
    (b"\xff\xfe not utf8", "UTF-8"), (b"{not json", "JSON"), (b'{"format": "other"}', "format"),
    (b'{"format": "bridge-rulebook/ruling-record", "version": 9}', "version"),
    (b'{"format": "bridge-rulebook/ruling-record", "version": 1}', "input"),
    (b'{"format": "bridge-rulebook/ruling-record", "version": 1, "input": {"tree": "nope"}}', "nope"),
    (b'{"format": "bridge-rulebook/ruling-record", "version": 1, "input": {"dealer": "Q", "auction": "1H"}}', "Q"),
    (b'{"format": "bridge-rulebook/ruling-record", "version": 1, "input": {"tree": "card_exposed"}, "answers": [1]}',
     "1")])
def test_bad_record_upload_is_a_clear_error(data, why):
    from present import record as REC

    with pytest.raises(REC.RecordError) as e:
        REC.parse(data)
    assert why in str(e.value)
    assert e.value.translate(translator("es"))


def test_practice_exercise_scored_with_the_engines_ruling():
    from app_pages import practice_page as PP
    from present import practice as P
    from present import ruling as PR

    at = ok(app("practice", lang="it"))
    ex = at.session_state["pr_ex"]
    d = P.solve(ex)
    right = PP.choices(d, ex["seed"]).index(PR.rectification(d))
    at.button(key=f"pr_opt_{right}").click().run()
    ok(at)
    assert at.session_state["pr_score"] == [1, 1]
    key = PR.governing(d, __import__("laws.corpus", fromlist=["load"]).load())[0]
    # the provision that decides, as a link in the edition of the tree (a 2017 tree in the Italian
    # interface links 2017:47E, never the 2007 provision of the same number)
    assert f'data-pv="{PR.laws_edition(d)}:{key}|' in markdown(at)
    first_tree = PP.tree_of(ex)
    at.button(key="pr_next").click().run()
    ok(at)
    ex2 = at.session_state["pr_ex"]
    assert PP.tree_of(ex2) != first_tree  # never the same tree twice in a row
    d2 = P.solve(ex2)
    wrong = next(i for i in range(4) if i != PP.choices(d2, ex2["seed"]).index(PR.rectification(d2)))
    at.button(key=f"pr_opt_{wrong}").click().run()
    assert ok(at).session_state["pr_score"] == [1, 2]
    t = translator("it")
    assert PP.score_text(1, 2, t) in [plain(c.value) for c in at.caption]
    keyed(at.segmented_control, "pr_source").set_value("generated").run()
    assert ok(at).session_state["pr_ex"]["source"] == "generated"


def test_practice_teaches():
    """Exercises never repeat their tree twice in a row; the choices differ in what the law decides;
    no internal id is shown; the score has each language's plural forms."""
    from app_pages import practice_page as PP
    from present import practice as P
    from present import ruling as PR

    at = ok(app("practice", lang="es"))
    trees = []
    for _ in range(8):
        ex = at.session_state["pr_ex"]
        trees.append(PP.tree_of(ex))
        d = P.solve(ex)
        opts = PP.choices(d, ex["seed"])
        assert len(opts) >= 2 and PR.rectification(d) in opts
        assert len({PP.decision(o) for o in opts}) == len(opts)  # each choice a different decision
        assert not re.search(r"\(\w\w-\w+-\d{4}\)", markdown(at))  # never «(es-aeb-2007)»
        at.button(key="pr_opt_0").click().run()
        at.button(key="pr_next").click().run()
        ok(at)
    assert all(a != b for a, b in zip(trees, trees[1:])), trees
    for lang, one, two in (("es", "1 respuesta correcta", "2 respuestas correctas"),
                           ("nl", "1 goed antwoord", "2 goede antwoorden"),
                           ("it", "1 risposta esatta", "2 risposte esatte")):
        t = translator(lang)
        assert one in PP.score_text(1, 1, t) and two in PP.score_text(2, 3, t)
        assert PP.score_text(0, 0, t) == t.gettext("No exercise answered yet in this session.")


def test_generated_exercises_follow_their_trees_edition():
    from hypothesis import given, settings, strategies as st_

    from laws.rulings import trees as R
    from present import practice as P
    from present import ruling as PR

    @settings(max_examples=40, deadline=None)
    @given(st_.integers(min_value=0, max_value=10**9))
    def check(seed):
        ex, d = P.generated(seed)
        assert d["status"] == "ruling" and PR.rectification(d) in P.choices(d, seed)
        # the edition is the tree's directory (laws/trees/<edition>/<tree>.yaml)
        assert d["tree"] in R.trees(PR.laws_edition(d))

    check()


def test_a_preview_never_shows_another_editions_text():
    """16D of the 2007 Laws (the AEB and FIGB texts) is not 16D of the 2017 Laws (the NBB text):
    a 2007 text's citation of 16D is never previewed with the Dutch 2017 text."""
    from app_pages import common
    from laws.corpus import load
    from laws.keys import parse_key
    from present.ruling import edition_of_lang, in_edition

    c = load()
    k = parse_key("16D")
    assert edition_of_lang(c, "es") == "2007" and edition_of_lang(c, "it") == "2007" and edition_of_lang(c, "nl") == "2017"
    if c.get(k, "es") is None and c.get(k, "it") is None and c.get(k, "nl") is not None:
        assert in_edition(c, k, "es") is None
        at = ok(app(lang="es", law="27B1a"))
        pid = f"2007:{k}|es"
        pv = at.session_state["_rb_previews"].get(pid)
        assert pv is not None and "[nl" not in pv["head"] and "2007" in pv["body"]
    assert in_edition(c, parse_key("27B1a"), "nl") is None or in_edition(c, parse_key("27B1a"), "nl").lang == "nl"


def test_ruling_page_rules_by_the_edition_chosen():
    """The ruling page says the edition it rules by (by default the engine's for the language's
    federation), lets the director switch, and the URL carries the choice; an edition without a
    tree for the irregularity says so, with the editions that have one."""
    from laws import editions as ED
    from laws.rulings import rule as RU
    from laws.rulings import trees as R

    t = translator("es")
    ed = R.default_edition("es")
    at = ok(app("ruling", lang="es", dealer="N", auction="1H 1D TD"))
    assert edition_switch(at).value == ed
    assert t.gettext("the {edition} Laws").format(edition=ed) in markdown(at)  # in the header
    other = next(e for e in ED.editions() if e != ed)
    edition_switch(at).set_value(other).run()
    ok(at)
    assert at.query_params["edition"] == other
    d = RU.rule("N", "1H 1D TD", {}, edition=other)
    if d["status"] == "no_tree":
        assert any(t.gettext("Rule by the {edition} Laws").format(edition=e) == b.label for b in at.button
                   for e in d["editions_with_tree"])
        at.button(key=f"rl_to_{d['editions_with_tree'][0]}").click().run()
        assert ok(at).query_params["edition"] == d["editions_with_tree"][0]
    else:
        assert t.gettext("the {edition} Laws").format(edition=other) in markdown(at)
    # a link names its edition; an unknown one is said plainly
    at = ok(app("ruling", lang="nl", dealer="N", auction="1H 1D TD", edition=ed))
    assert edition_switch(at).value == ed
    at = ok(app("ruling", lang="en", dealer="N", auction="1H 1D TD", edition="1997"))
    assert "1997" in err(at)


def test_the_acceptance_question_is_the_directors_first_step():
    """When the engine asks whether the offender's LHO accepts the call, the page says it is the
    director's first step."""
    def script():
        import streamlit as st

        from app_pages import ruling_page
        from i18n import translator
        from laws import editions as ED

        t = translator("nl")
        st.session_state["ui_lang"] = "nl"
        d = {"question": {"fact": "accepted", "text": "Accepteert de LT?", "law": "27A1",
                          "options": [{"value": "yes", "label": "ja"}, {"value": "no", "label": "nee"}]},
             "laws_edition": ED.editions()[0], "trail": [], "status": "needs"}
        ruling_page._question(d, t)

    at = ok(AppTest.from_function(script, default_timeout=TIMEOUT).run())
    t = translator("nl")
    assert t.gettext("The director's first step: the offender's left-hand opponent may accept the call.") in markdown(at)
    assert [b.label for b in at.button][:2] == ["ja", "nee"]


def test_search_echoes_bids_in_the_languages_notation():
    """A bid typed in a search is echoed as the interface language's notation reads it."""
    at = ok(app("search", lang="es", q="1C sobre 1P"))
    t = translator("es")
    assert t.gettext("Bids read as: {bids}").format(bids="1C → 1♥, 1P → 1♠") in [plain(c.value) for c in at.caption]


@pytest.mark.parametrize("lang, q", [("es", "1C 1D TD"), ("nl", "1H 1R TD"), ("it", "1C 1Q TD")])
def test_an_auction_searched_leads_to_its_ruling(lang, q):
    """A search that is an auction record calling the director (in the language's notation) offers
    its ruling first: the director's next step."""
    at = ok(app("search", lang=lang, q=q))
    t = translator(lang)
    first = markdown(at)
    assert 'class="rb-target rb-action"' in first
    assert "./ruling?lang=" + lang + "&amp;dealer=N&amp;auction=1H+1D+TD" in first
    assert t.gettext("Rule on this auction (dealer {dealer}): {record}").split("{")[0] in first
    assert 'rb-action' not in markdown(ok(app("search", lang=lang, q="1C")))   # a bid alone: a search


@pytest.mark.parametrize("lang, depth, words", [("es", "1", "5 disposiciones a 1 paso como máximo"),
                                               ("es", "2", "a 2 pasos como máximo"),
                                               ("en", "1", "5 provisions within 1 step.")])
def test_graph_counts_in_the_languages_plural_forms(lang, depth, words):
    at = ok(app("graph", lang=lang, law="27D", depth=depth))
    captions = " ".join(plain(c.value) for c in at.caption)
    assert words in captions and "1 pasos" not in captions and "1 steps" not in captions, captions


def test_pbn_ruling_buttons_name_the_edition():
    """A ruling button of the PBN page names the edition its law keys belong to."""
    from app_pages import pbn_page as PB

    text = (Path(__file__).resolve().parents[1] / "data" / "pbn" / "session.pbn").read_bytes().decode("latin-1")
    at = ok(app("pbn", lang="it"))
    at.text_area(key=PB.PASTE_KEY).input(text).run()
    ok(at)
    t = translator("it")
    rulings = [b.label for b in at.button if str(b.key).startswith("pb_rule_")]
    ed = at.session_state[PB.EDITION_KEY] if PB.EDITION_KEY in at.session_state else None
    from app_pages import edition as E
    assert rulings and all(t.gettext(E.OPTION).format(edition=ed or E.ED.in_force_for_lang("it")) in b
                           for b in rulings), rulings
