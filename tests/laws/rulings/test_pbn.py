"""PBN files (issue 27): every game of a file read once and replayed, each checked against its own
tags; one game chosen by board, table or player; rulings on every irregular call; the fuzzing of
the PBN modes. The session file ``tests/data/pbn/session.pbn`` is synthetic (written for these
tests, Latin-1): its games carry what real files carry (one game per table, ``#``/``##``
inheritance, passes before the first bid left out, a contract without its double, a ``^``
declarer, an unfinished auction, ``^I``, markup in the players' names, a game with no empty line
before it, an auction that does not parse, a deal without auction)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from laws.rulings import pbn as PB
from laws.rulings import pbn_check as PC
from laws.rulings.auction import AuctionError, replay

SESSION = Path(__file__).resolve().parents[2] / "data" / "pbn" / "session.pbn"


@pytest.fixture(scope="module")
def session():
    pbn = PB.read_pbn(PB.decode_pbn(SESSION.read_bytes()))
    return {r.game.index: r for r in PC.replay_file(pbn)}, pbn


def codes(r):
    return [(f.code, f.cause.code if f.cause else None) for f in r.findings]


# -- reading ----------------------------------------------------------------------------------------
def test_every_game_of_the_session_is_read(session):
    reports, pbn = session
    assert len(reports) == 11
    g = reports[1].game
    assert (g.board, g.line, g.tags["West"], g.tags["North"]) == ("1", 4, "Peña", "Müller")   # Latin-1
    assert g.auction.notes == {"1": "4+ spades"} and g.auction.record.tokens[2].annotations == ("=1= 4+ spades",)
    assert [r.game.board for r in reports.values()] == ["1", "1", "2", "2", "3", "3", "4", None, "5", "6", "7"]
    assert not pbn.findings


def test_inheritance(session):
    reports, _ = session
    assert reports[2].game.board == "1" and reports[2].game.own >= {"Board"}          # [Board "#"]
    assert {r.game.tags["Event"] for r in reports.values()} == {"Club pairs, Tuesday"}  # "##" holds on
    assert "Site" not in reports[2].game.tags                                           # a plain value does not
    assert codes(reports[11])[:2] == [("nothing_to_inherit", None)] * 2


def test_a_comment_with_empty_lines_does_not_split_a_game(session):
    reports, _ = session
    assert reports[1].game.auction is not None and reports[1].contract == "4S"


def test_a_missing_empty_line_starts_a_new_game(session):
    reports, _ = session
    assert reports[8].game.board is None and reports[8].game.tags["Contract"] == "1NT"   # no Board of its own
    assert reports[9].game.board == "5" and codes(reports[9])[0] == ("no_empty_line", None)


def test_a_repeated_tag_is_ignored():
    f = PB.read_pbn('[Board "1"]\n[Dealer "N"]\n[Dealer "S"]\n[Auction "N"]\n1S AP\n')
    assert len(f.games) == 1 and f.games[0].tags["Dealer"] == "N"
    assert f.games[0].findings[0].code == "repeated_tag" and f.games[0].findings[0].line == 3


def test_text_outside_tags_and_an_open_comment_are_reported():
    f = PB.read_pbn('bad characters\n\n[Board "1"]\n{ never closed\n[Board "2"]\n')
    assert [x.code for x in f.findings] == ["comment_not_closed", "stray_text"]
    assert [x.line for x in f.findings] == [4, 1] and len(f.games) == 1


def test_tag_values_keep_their_escapes_and_strings_hide_comments():
    f = PB.read_pbn('[Event "a \\"b\\" ; {c}"]\n[Board "1"]\n')
    assert f.games[0].tags["Event"] == 'a "b" ; {c}'


def test_crlf_bom_and_escape_lines():
    text = "\ufeff% PBN 2.1\r\n[Board \"1\"]\r\n[Dealer \"E\"]\r\n% inside\r\n[Auction \"E\"]\r\n1C AP\r\n"
    g = PB.read_pbn(text).games[0]
    assert g.auction.dealer == "E" and g.auction_line == 5


# -- checks ---------------------------------------------------------------------------------------------
def test_a_sound_game_has_no_finding(session):
    r = session[0][1]
    assert (r.contract, r.declarer, r.source, r.tricks, r.findings) == ("4S", "S", "auction", 10, [])


def test_passes_before_the_first_bid_missing(session):
    r = session[0][2]
    assert (r.contract, r.declarer) == ("2S", "N")
    assert codes(r) == [("declarer_differs", "passes_missing")]
    f = r.findings[0]
    assert (f.tag, f.value, f.auction, f.line) == ("Declarer", "E", "N", 35)
    assert f.cause.params["seat"] == "E" and f.cause.params["count"] == 1


def test_contract_without_the_double_and_a_score_that_fits_the_auction(session):
    r = session[0][3]
    assert r.contract == "3NTX"
    assert codes(r) == [("contract_differs", "double_missing"), ("score_differs", "score_fits_auction")]


def test_declarer_swap_is_reported_and_a_wrong_score_found(session):
    r = session[0][4]
    assert r.declarer == "W" and codes(r) == [("declarer_swap", None), ("score_differs", None)]
    assert r.findings[1].params == {"value": "EW 620", "side": "EW", "points": 420, "contract": "4H", "seat": "E",
                                    "tricks": 10, "vul": "NS"}


def test_a_swap_mark_on_the_declarer_himself_is_a_disagreement():
    f = PB.read_pbn('[Dealer "S"]\n[Declarer "^S"]\n[Contract "1C"]\n[Auction "S"]\n1C AP\n')
    assert codes(PC.check_game(f.games[0])) == [("declarer_differs", None)]


def test_unfinished_auction_takes_the_tags_contract(session):
    r = session[0][5]
    assert (r.contract, r.declarer, r.source, r.complete) == ("6NT", "N", "tags", False)
    assert codes(r) == [("auction_unfinished", None)]
    assert r.findings[0].params["contract_last"] == "4NT" and r.findings[0].params["seat_last"] == "S"


def test_unfinished_auction_without_tags_has_no_contract():
    r = PC.check_game(PB.read_pbn('[Dealer "N"]\n[Auction "N"]\n1S Pass\n+\n').games[0])
    assert (r.contract, r.source, r.complete, r.findings) == (None, None, False, [])


def test_accepted_insufficient_bid(session):
    r = session[0][6]
    assert r.contract == "1H" and r.declarer == "W" and not r.findings
    assert [(i.kind, i.offender, i.accepted) for i in r.irregularities] == [("insufficient_bid", "W", True)]


def test_passed_out(session):
    r = session[0][7]
    assert (r.contract, r.declarer, r.passed_out, r.findings) == ("Pass", None, True, [])


def test_a_game_whose_auction_does_not_parse_keeps_its_line(session):
    r = session[0][9]
    assert r.state is None and r.error.token == "1Z" and r.error_line == 125
    assert ("tag_format", None) in codes(r)


def test_not_replayed_game_with_tags_is_a_warning():
    r = PC.check_game(PB.read_pbn('[Dealer "N"]\n[Contract "4S"]\n[Declarer "N"]\n[Auction "N"]\n1S 1Q\n').games[0])
    assert (r.contract, r.source) == ("4S", "tags") and codes(r) == [("not_replayed", None)]


def test_a_deal_without_auction(session):
    r = session[0][10]
    assert (r.state, r.contract, r.complete, r.findings) == (None, None, None, [])


def test_dealer_tag_against_the_auction_section(session):
    r = session[0][11]
    assert r.state.dealer == "E" and ("dealer_differs", None) in codes(r)
    f = PB.read_pbn('[Dealer "N"]\n[Declarer "N"]\n[Contract "1H"]\n[Auction "E"]\n1H P P P\n')
    assert codes(PC.check_game(f.games[0])) == [("dealer_differs", None), ("declarer_differs", "first_player")]


def test_passes_missing_on_a_contract_tag_only():
    # dealer W passed, N opened: the converter wrote N's call first; the tags know the contract only
    f = PB.read_pbn('[Dealer "W"]\n[Contract "3NTX"]\n[Auction "W"]\n1NT P 3NT X AP\n')
    r = PC.check_game(f.games[0])
    assert r.contract == "3NTX" and r.findings == []   # the contract is the same whoever opened: nothing to say


def test_dummy_named_as_declarer():
    f = PB.read_pbn('[Dealer "N"]\n[Declarer "N"]\n[Contract "1S"]\n[Auction "N"]\nP P 1S AP\n')
    assert codes(PC.check_game(f.games[0])) == [("declarer_differs", "dummy_named")]


@pytest.mark.parametrize("tag,value", [("Contract", "5Hearts"), ("Declarer", "White"), ("Result", "C-2"),
                                       ("Score", "a"), ("Dealer", "Black")])
def test_tag_formats(tag, value):
    tags = {"Dealer": "N", "Vulnerable": "None", tag: value}
    f = PB.read_pbn("".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + '[Auction "N"]\n1S AP\n')
    assert ("tag_format", None) in codes(PC.check_game(f.games[0]))


def test_result_checks():
    f = PB.read_pbn('[Dealer "N"]\n[Result "NS 9 EW 2"]\n[Auction "N"]\n1S AP\n\n'
                    '[Dealer "N"]\n[Result "9"]\n[Auction "N"]\nAP\n')
    a, b = PC.replay_file(f)
    assert codes(a) == [("result_sum", None)] and a.tricks == 9
    assert codes(b) == [("result_passed_out", None)]


def test_tag_parsers():
    assert str(PC.contract_tag("3nt xx")) == "3NTXX" and PC.contract_tag("") is None
    assert PC.declarer_tag("^n") == ("N", True) and PC.declarer_tag("?") == (None, False)
    assert PC.result_tag("EW 4") == {"EW": 4} and PC.score_tag("NS +550") == ("NS", 550)
    for parse, bad in ((PC.contract_tag, "8S"), (PC.result_tag, "14"), (PC.score_tag, "NS")):
        with pytest.raises(ValueError):
            parse(bad)


# -- the compatible reader -------------------------------------------------------------------------------
def test_parse_pbn_strict():
    games = PB.parse_pbn('[Board "2"]\n[Dealer "E"]\n[Auction "N"]\n- 1D ^S ^I 1C\nPass Pass Pass\n')
    g = games[0]
    assert g.dealer == "E" and g.first == "N" and g.hyphens == 1
    s = replay(g.record, g.dealer)
    assert str(s.contract) == "1C" and s.declarer == "W" and s.irregularities[0].provisions == ["27A2", "29A", "27A1"]


@pytest.mark.parametrize("text,why", [
    ('[Dealer "N"]', "No \\[Auction\\]"),
    ('[Auction "Q"]\n1S', "first player"),
    ('[Dealer "E"]\n[Auction "N"]\n1S P', "Dealer\\] tag says E"),
    ('[Auction "N"]\n1S - P', "before the\\s+dealer"),
    ('[Auction "N"]\n1S ^L P', "play section"),
    ('[Auction "N"]\n1S P * P', "last token"),
    ('[Auction "N"]\n=1= 1S', "must follow a call"),
    ('[Auction "N"]\n1S 1Q', "unknown denomination"),
])
def test_parse_pbn_errors(text, why):
    with pytest.raises(AuctionError, match=why):
        PB.parse_pbn(text)


# -- rulings ----------------------------------------------------------------------------------------------
def test_rulings_on_marks_and_questions():
    text = ('[Event "Marks"]\n[Dealer "N"]\n[Declarer "^S"]\n[Contract "4HX"]\n[Auction "W"]\n'
            '- ^S 1H ^I 1D\n3S ^I 2NT ^S ^S\nX 4H X AP\n')
    r = PC.check_game(PB.read_pbn(text).games[0])
    assert (r.contract, r.declarer) == ("4HX", "N") and codes(r) == [("declarer_swap", None)]
    items = PC.rule_game(r, edition="2007")
    assert [i["call"] for i in items] == ["1H", "1D", "2NT", "X"]
    assert items[0]["accepted"]["provisions"] == ["29A"]              # accepted by the next irregular call
    assert items[1]["ruling"]["law"] == "27A1"
    # ^I marks an insufficient bid the opponents accepted: West's double over it (East and South skipped, ^S ^S)
    # accepts 2NT (27A1), in every edition, and the LHO's option is never asked
    assert items[2]["ruling"] is None and items[2]["accepted"]["provisions"] == ["27A1"]
    assert items[3]["ruling"]["law"] == "29A"                          # North's 4H accepts the double out of rotation
    items = PC.rule_game(r)
    assert items[2]["accepted"]["provisions"] == ["27A1"] and not items[2]["questions"]


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_an_insufficient_bid_marked_accepted_is_accepted_by_the_next_call_over_it(edition):
    """^I (PBN 3.9): the opponents accepted the insufficient bid; the next call over it by another player, even one
    out of rotation after skipped players (^S), is that acceptance (accepted=yes from the record, never asked)."""
    s = replay("1S ^I 1H ^S P", "N", None, edition)                    # West calls over it, South skipped
    ib = s.irregularities[0]
    assert (ib.kind, ib.accepted, ib.lho_called) == ("insufficient_bid", True, True)
    assert ib.facts["accepted"] == "yes" and "accepted" not in ib.facts_needed and "27A1" in ib.provisions
    unmarked = replay("1S 1H ^S P", "N", None, edition).irregularities[0]
    assert not unmarked.lho_called                                      # without the mark, only the LHO accepts


# -- the commands -------------------------------------------------------------------------------------------
def test_cli_whole_file_json(run_cli):
    code, out, err = run_cli("auction", "--pbn", SESSION, "--json")
    assert code == 0, err
    d = json.loads(out)
    assert [g["index"] for g in d["games"]] == list(range(1, 12))
    g = d["games"][1]
    assert {"index", "line", "board", "contract", "declarer", "complete", "irregularities", "tags", "warnings"} <= set(g)
    assert g["warnings"][0]["code"] == "declarer_differs" and g["warnings"][0]["cause"] == "passes_missing"
    assert "East" in g["warnings"][0]["message"] and g["tags"]["Declarer"] == "E"
    assert d["games"][4]["contract_source"] == "tags" and d["games"][8]["error"]["line"] == 125
    assert d["summary"]["games"] == 11 and d["games"][5]["irregularities"][0]["law"] == "27"
    assert d["summary"]["warnings"]["declarer_differs/passes_missing"] == 1 and d["summary"]["warnings"]["score_differs"] == 1


def test_cli_whole_file_text(run_cli):
    code, out, err = run_cli("auction", "--pbn", SESSION)
    assert code == 0, err
    assert "games: 11, boards: 7" in out and "Müller–van Dijk v Ortiz–Peña" in out
    assert "the passes before the first bid are missing" in out
    code, out, _ = run_cli("auction", "--pbn", SESSION, "--lang", "es")
    assert code == 0 and "Este" in out and "Estuche" in out and "Causa probable: faltan los pasos" in out


def test_cli_one_board(run_cli):
    code, out, err = run_cli("auction", "--pbn", SESSION, "--board", "2")
    assert code == 0, err
    assert out.startswith("Board 2: the file holds 2 tables; this is the first") and "3NTX" in out
    code, out, _ = run_cli("auction", "--pbn", SESSION, "--board", "2", "--game", "2", "--json")
    d = json.loads(out)
    assert d["board"] == "2" and d["game"]["index"] == 4 and d["game"]["warnings"][0]["code"] == "declarer_swap"
    code, out, _ = run_cli("auction", "--pbn", SESSION, "--board", "1", "--game", "smith")
    assert code == 0 and "table 2 of 2" in out and "passes before the first bid" in out
    code, out, _ = run_cli("auction", "--pbn", SESSION, "--game", "6", "--json")
    assert json.loads(out)["irregularities"][0]["kind"] == "insufficient_bid"


@pytest.mark.parametrize("argv,words", [
    (["--board", "9"], ["board 9 has no game", "1, 2, 3"]),
    (["--board", "2", "--game", "3"], ["2 tables", "--game 1 to 2"]),
    (["--board", "2", "--game", "nobody"], ["no player named"]),
    (["--game", "Peña"], ["matches", "games"]),
    (["--game", "99"], ["11 games"]),
    (["--game", "9"], ["session.pbn:125", "1Z"]),
    (["--game", "10"], ["no auction section"]),
    (["--dealer", "W"], ["--dealer"]),
])
def test_cli_choice_errors(run_cli, argv, words):
    code, out, err = run_cli("auction", "--pbn", SESSION, *argv)
    assert code == 2 and out == "" and "Traceback" not in err
    assert all(w in err for w in words), err


def test_cli_file_errors(run_cli, tmp_path):
    code, _, err = run_cli("auction", "--pbn", tmp_path / "missing.pbn")
    assert code == 2 and "missing.pbn" in err
    empty = tmp_path / "empty.pbn"
    empty.write_bytes(b"% nothing\n")
    code, _, err = run_cli("auction", "--pbn", empty)
    assert code == 2 and "no PBN game" in err
    code, _, err = run_cli("auction", "--board", "1", "--dealer", "N", "1S AP")
    assert code == 2 and "--pbn" in err


def test_cli_rule_every_irregular_game(run_cli):
    code, out, err = run_cli("rule", "--pbn", SESSION, "--json")
    assert code == 0, err
    d = json.loads(out)
    assert [g["index"] for g in d["games"]] == [6]
    ruling = d["games"][0]["rulings"][0]["ruling"]
    assert ruling["law"] == "27A1" and ruling["laws_edition"]
    code, out, _ = run_cli("rule", "--pbn", SESSION)
    assert code == 0 and "27A1" in out and "#6, board 3" in out
    code, _, err = run_cli("rule", "--pbn", SESSION, "--fact", "artificial=no")
    assert code == 2 and "--board" in err
    code, out, err = run_cli("rule", "--pbn", SESSION, "--game", "6", "--fact", "artificial=no", "--json")
    assert code == 0, err


def test_cli_rule_lists_the_questions(run_cli, tmp_path):
    f = tmp_path / "ib.pbn"
    f.write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S 1H\n', encoding="utf-8")
    code, out, err = run_cli("rule", "--pbn", f, "--json", "--edition", "2007")
    assert code == 0, err
    item = json.loads(out)["games"][0]["rulings"][0]
    assert item["ruling"]["status"] == "needs" and len(item["questions"]) >= 2
    assert all(q["options"] for q in item["questions"])
    code, out, err = run_cli("rule", "--pbn", f, "--json")          # the edition in force: the LHO's option first
    assert code == 0, err
    item = json.loads(out)["games"][0]["rulings"][0]
    assert item["ruling"]["status"] == "needs" and item["questions"][0]["fact"] == "accepted"


def test_cli_fuzzed_pbn_modes(tmp_path):
    from tests import fuzzing as F

    for argv in (["auction", "--pbn", str(SESSION), "--board", "1", "--game", "x" * 5000],
                 ["auction", "--pbn", str(SESSION), "--game", "9" * 5000],
                 ["rule", "--pbn", str(SESSION), "--board", "9" * 5000]):
        r = F.run(argv)
        assert r.ok and r.code == 2, F.describe(r)


# -- the app's page ----------------------------------------------------------------------------------------
def _page(lang="en"):
    from tests.app.test_app import app, ok

    at = ok(app("pbn", lang=lang))
    at.text_area(key="pb_paste").set_value(SESSION.read_bytes().decode("latin-1")).run()
    return ok(at)


def test_app_page_irregular_first_and_the_ruling_link():
    at = _page()
    cards = [m.value for m in at.markdown]
    boards = [c for c in cards if c.startswith("**")]
    assert boards[0].startswith("**Board 3**")                   # the board with an irregular table comes first
    assert "Board 4" not in "".join(boards)                       # a sound board is not among the problems
    assert any("passes before the first bid are missing" in w.value.replace("\\", "") for w in at.warning)
    at.button(key="pb_rule_6_3").click().run()
    assert not at.exception and at.title[0].value == "Ruling assistant"
    assert at.query_params["dealer"] == "S" and at.query_params["auction"] == "1S ^I 1H P P P"
    assert at.query_params["edition"]                            # the ruling follows the page's edition


def test_app_page_never_renders_the_file_as_markup():
    at = _page()
    at.segmented_control(key="pb_show").set_value("all").run()
    html_cards = "\n".join(m.value for m in at.markdown)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html_cards and "<script>" not in html_cards
    assert "**Bold** &lt;b&gt;West&lt;/b&gt;" in html_cards and "<b>West</b>" not in html_cards
    assert "[link](http://example.invalid)" in html_cards       # inside an HTML block: no Markdown link
    assert not any("<script>" in e.value for e in list(at.error) + list(at.warning))


@pytest.mark.parametrize("lang", ["es", "nl", "it"])
def test_app_page_translated(lang):
    from i18n import translator
    from i18n.build import template
    from tests.app.test_app import texts

    t = translator(lang)
    at = _page(lang)
    shown = "\n".join(texts(at)).replace("\\", "")
    assert at.title[0].value == t.gettext("Session file (PBN)") != "Session file (PBN)"
    for m in template("pbn"):
        if m.id and "{" not in m.id and len(m.id) > 12 and t.gettext(m.id) != m.id:
            assert m.id not in shown, f"untranslated: {m.id!r}"


def test_app_page_bad_input():
    from tests.app.test_app import app, ok

    at = ok(app("pbn", lang="en"))
    at.text_area(key="pb_paste").set_value("no tags at all").run()
    assert "holds no PBN game" in at.error[0].value.replace("\\", "")


def test_an_empty_line_inside_the_auction_or_before_the_play_does_not_lose_them():
    text = ('[Board "7"]\n[Dealer "S"]\n[Auction "S"]\n1NT Pass\n\n{the auction goes on}\nPass Pass\n\n'
            '[Play "W"]\nSA S2 S3 S4\n\n[Board "8"]\n[Dealer "W"]\n[Auction "W"]\n1S =1= AP\n\n[Note "1:five"]\n')
    f = PB.read_pbn(text)
    assert [g.board for g in f.games] == ["7", "8"] and not f.findings
    a, b = PC.replay_file(f)
    assert (a.contract, a.declarer, b.contract) == ("1NT", "S", "1S") and "Play" in a.game.tags
    assert codes(a) == codes(b) == [("empty_line_inside", None)] and a.findings[0].line == 5
    assert b.game.auction.notes == {"1": "five"}


def test_cli_json_error_is_one_line(run_cli):
    code, out, err = run_cli("auction", "--pbn", SESSION, "--board", "9", "--json")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "board 9 has no game" in json.loads(err)["error"]
    code, out, err = run_cli("auction", "--pbn", SESSION, "--game", "9", "--json")
    d = json.loads(err)
    assert code == 2 and err.count("\n") == 1 and (d["line"], d["token"]) == (125, "1Z")


def test_unfinished_or_broken_auction_with_a_declarer_tag_only():
    f = PB.read_pbn('[Dealer "N"]\n[Declarer "S"]\n[Auction "N"]\n1S Pass\n+\n\n'
                    '[Dealer "N"]\n[Declarer "S"]\n[Auction "N"]\n1S 1Q\n')
    a, b = PC.replay_file(f)
    assert (a.contract, a.declarer, a.source) == (None, "S", "tags") and codes(a) == [("auction_unfinished", None)]
    assert (b.contract, b.declarer, b.source) == (None, "S", "tags") and codes(b) == [("not_replayed", None)]


def test_cli_rule_in_an_edition_without_the_tree_says_so(run_cli):
    from laws.rulings import trees as R

    missing = [ed for ed in R.editions() if "insufficient_bid" not in R.trees(ed)]
    if not missing:
        pytest.skip("every edition has the insufficient_bid tree")
    code, out, err = run_cli("rule", "--pbn", SESSION, "--edition", missing[0])
    assert code == 0, err
    assert "Editions with a decision tree for it" in out and "27A1" not in out
