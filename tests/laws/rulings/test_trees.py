"""The rulings engine (laws/rulings/trees.py), the auction-aware ruling (laws/rulings/rule.py) and
`rulebook rule/facts/trees`: structural checks that can fail, walks, worked examples, and
director's scenarios written from the text of Laws 27-39."""
import json
import shutil

import pytest

from laws.rulings import examples as E
from laws.rulings import trees as R
from laws.rulings.rule import rule


# these tests are of the 2007 engine: a ruling asked without an edition follows the 2007 Laws here
pytestmark = pytest.mark.usefixtures("the_2007_engine")

TREES = R.TREES


def test_every_tree_is_sound_and_its_examples_pass(corpus):
    assert [f.message for f in R.check_trees(corpus)] == []
    assert [f.message for f in E.check_examples(corpus)] == []


@pytest.mark.parametrize("kind", ["insufficient_bid", "pass_out_of_rotation", "bid_out_of_rotation",
                                  "double_out_of_rotation", "inadmissible_double", "call_when_required_to_pass",
                                  "bid_above_seven", "call_after_final_pass", "change_of_call"])
def test_a_tree_per_irregularity(kind):
    assert R.by_irregularity(kind) is not None


def _broken(tmp_path, monkeypatch, edit):
    d = tmp_path / "trees"
    shutil.copytree(TREES, d)
    p = d / "2007" / "insufficient_bid.yaml"
    p.write_text(edit(p.read_text()))
    monkeypatch.setattr(R, "TREES", d)
    monkeypatch.setattr(R, "_TREES", None)
    try:
        from laws.corpus import load

        return [f.message for f in R.check_trees(load())]
    finally:
        R._TREES = None


@pytest.mark.parametrize("edit,expected", [
    (lambda s: s.replace('answers: {"yes": accepted_stands, "no": in_rotation}', 'answers: {"yes": accepted_stands, "no": accepted}'),
     "cycle"),
    (lambda s: s.replace('answers: {"yes": accepted_stands, "no": in_rotation}', 'answers: {"yes": accepted_stands, "no": accepted_stands}'),
     "cannot be reached"),
    (lambda s: s.replace("ask: same_meaning", "ask: same_meanin"), "unknown fact"),
    (lambda s: s.replace('answers: {"yes": same_meaning_no_rectification, "no": partner_passes}',
                         'answers: {"yes": same_meaning_no_rectification}'), "must be exactly"),
    (lambda s: s.replace('law: "27B3"\n    ruling:', 'law: "27Q9"\n    ruling:', 1), "27Q9 is in no text of the 2007 Laws"),
    (lambda s: s.replace("next: offender", "next: dummy", 1), "next='dummy'"),
    # a goto stays within the edition's directory: a tree id no edition has is unknown
    (lambda s: s.replace("goto: bid_out_of_rotation", "goto: no_such_tree"), "goto unknown tree 'no_such_tree'"),
    (lambda s: s.replace("      law_23: false\n      explanation: \"The offender's LHO called over", "      law_23: false\n      note_: x\n      explanation: \"The offender's LHO called over", 1),
     "unknown ruling field"),
])
def test_structural_checks_can_fail(tmp_path, monkeypatch, edit, expected):
    msgs = _broken(tmp_path, monkeypatch, edit)
    assert any(expected in m for m in msgs), msgs


def test_a_malformed_tree_file_names_file_and_line(tmp_path, monkeypatch):
    d = tmp_path / "trees"
    (d / "2007").mkdir(parents=True)
    (d / "2007" / "x.yaml").write_text("id: x\nirregularity: x\ntitle: t\nstart: a\nnodes:\n  - id: a\n    ask: [\n")
    monkeypatch.setattr(R, "TREES", d)
    monkeypatch.setattr(R, "_TREES", None)
    try:
        with pytest.raises(R.TreeError) as e:
            R.trees("2007")
    finally:
        R._TREES = None
    assert e.value.file.endswith("x.yaml") and e.value.line


def test_trees_live_in_edition_directories(tmp_path, monkeypatch):
    """The edition is the directory's; the old 'follows' field and a directory that is no edition are errors."""
    d = tmp_path / "trees"
    shutil.copytree(TREES, d)
    monkeypatch.setattr(R, "TREES", d)
    monkeypatch.setattr(R, "_TREES", None)
    try:
        assert {t.edition for t in R.trees("2007").values()} == {"2007"}
        p = d / "2007" / "wrong_board.yaml"
        p.write_text(p.read_text().replace("\ntitle:", "\nfollows: es-aeb-2007\ntitle:", 1))
        with pytest.raises(R.TreeError, match="directory"):
            R.load_tree(p)
        (d / "1999").mkdir()
        msgs = [f.message for f in R.check_trees(None)]
        assert any("laws/trees/1999/ is not an edition" in m for m in msgs), msgs
    finally:
        R._TREES = None


def test_an_edition_without_the_tree_says_so(tmp_path, monkeypatch):
    """Never another edition's tree: a clear status naming the editions that have one (here the 2007 tree of
    misinformation is taken away from a copy of laws/trees)."""
    d = tmp_path / "trees"
    shutil.copytree(TREES, d)
    (d / "2007" / "misinformation.yaml").unlink()
    monkeypatch.setattr(R, "TREES", d)
    monkeypatch.setattr(R, "_TREES", None)
    try:
        r = rule(None, None, {}, "misinformation", "2007")
        assert r["status"] == "no_tree" and r["laws_edition"] == "2007" and r["editions_with_tree"] == ["2017"]
        with pytest.raises(Exception, match="unknown edition"):
            rule(None, None, {}, "misinformation", "1999")
    finally:
        R._TREES = None


def test_walk_is_pure_and_asks_one_question_at_a_time():
    t = R.trees()["change_of_call"]
    a = R.walk(t, {})
    assert a.status == "needs" and a.fact == "unintended" and a.options == ["yes", "no"]
    b = R.walk(t, {"unintended": "yes"})
    assert b.status == "needs" and b.fact == "partner_called" and b.trail == ["25A1", "25A2"]
    c = R.walk(t, {"unintended": "yes", "partner_called": "no", "auction_ended": "no"})
    assert c.fact == "pause" and c.trail == ["25A1", "25A2", "25A3"]
    assert R.walk(t, {"unintended": "yes"}).trail == b.trail
    with pytest.raises(R.FactError):
        R.walk(t, {"unintended": "perhaps"})


def test_facts_not_needed_are_ignored():
    r = rule("N", "1H 1D TD E:2D", {"artificial": "no", "pause": "yes", "turn_of": "rho"})
    assert r["status"] == "ruling" and r["law"] == "27B1a"
    assert "pause" in r["facts_ignored"] and "turn_of" in r["facts_ignored"]


@pytest.mark.parametrize("key,nearest", [("artifical", "artificial"), ("same_meanig", "same_meaning"),
                                         ("unintened", "unintended")])
def test_a_misspelled_fact_is_an_error_with_the_nearest_key(key, nearest):
    from laws.rulings.rule import RulingError

    with pytest.raises(RulingError) as e:
        rule("N", "1H 1D TD E:2D", {key: "no"})
    assert key in str(e.value) and nearest in str(e.value)


def test_a_fact_that_contradicts_the_record_is_an_error_naming_the_call():
    from laws.rulings.rule import RulingError

    with pytest.raises(RulingError) as e:     # S's 2H is the LHO's call over E's insufficient 1H
        rule("N", "1S 1H 2H", {"accepted": "no"})
    assert "accepted=no" in str(e.value) and "call 3" in str(e.value) and "2H" in str(e.value)
    with pytest.raises(RulingError) as e:     # the record shows whose turn it was
        rule("N", "1H W:1S TD", {"turn_of": "rho"})
    assert "turn_of" in str(e.value) and "1S" in str(e.value)
    # a fact that agrees with the record is accepted
    assert rule("N", "1S 1H 2H", {"accepted": "yes"})["law"] == "27A1"


def test_no_irregularity():
    r = rule("N", "1S P 2S P 4S P P P", {})
    assert r["status"] == "no_irregularity" and r["irregularity"] is None


# -- scenarios from the text of the laws (AEB text of the 2007 Laws) ---------------------------
SCENARIOS = [
    # (dealer, auction, facts, expected fields)
    ("N", "1H 1D TD E:2D", {"artificial": "no"},
     dict(irregularity="insufficient_bid", offender="E", law="27B1a", offender_must_pass="no", partner_must_pass="no",
          lead_restrictions=False, law_23=False, cancelled=["1D"], next="S")),
    ("N", "1H 1D TD E:3D", {"same_meaning": "no"},
     dict(law="27B2", partner_must_pass="rest_of_auction", lead_restrictions=True, law_23=True, next="S")),
    ("N", "1H 1D TD E:3D", {"same_meaning": "yes"}, dict(law="27B1b", partner_must_pass="no")),
    ("N", "1H 1D TD E:P", {"same_meaning": "no"}, dict(law="27B2", partner_must_pass="rest_of_auction", next="S")),
    ("N", "1H 1D TD E:2D", {"artificial": "yes", "same_meaning": "no"}, dict(law="27B2")),
    ("W", "1NT 1S 2S", {}, dict(law="27A1", offender="N", next="S")),
    ("N", "P E:P TD", {"artificial": "no"}, None),  # E passed in rotation: no irregularity
    ("N", "S:P TD", {"accepted": "no", "artificial": "no"},
     dict(irregularity="pass_out_of_rotation", offender="S", law="30A", offender_must_pass="next_turn",
          partner_must_pass="no", law_23=True, next="N")),
    ("N", "1C E:P TD", {"artificial": "no"}, None),  # E's own turn
    ("N", "1C S:P TD", {"accepted": "no", "artificial": "no", "pass_over_artificial": "no"},
     dict(offender="S", law="30B1", offender_must_pass="next_turn", next="E")),
    ("N", "1C W:P TD", {"accepted": "no", "artificial": "no", "pass_over_artificial": "no"},
     dict(offender="W", law="30B2a", offender_must_pass="rest_of_auction", partner_must_pass="no", next="E")),
    ("N", "W:1S TD", {"accepted": "no"}, dict(irregularity="bid_out_of_rotation", offender="W", law="31B",
                             partner_must_pass="rest_of_auction", lead_restrictions=True, law_23=True, next="N")),
    ("N", "S:1S TD", {"accepted": "no"}, dict(offender="S", law="31B", partner_must_pass="rest_of_auction", next="N")),
    ("N", "E:1S TD N:P E:1S", {}, dict(offender="E", law="31A1", partner_must_pass="no")),
    ("N", "E:1S TD N:1H E:2S", {"artificial": "no"}, dict(offender="E", law="31A2a", partner_must_pass="next_turn", law_23=True)),
    ("N", "E:1S TD N:1H E:1NT", {"artificial": "no"}, dict(offender="E", law="31A2b", partner_must_pass="rest_of_auction",
                                          lead_restrictions=True)),
    ("N", "1H W:X TD", {"accepted": "no"}, dict(irregularity="double_out_of_rotation", offender="W", law="32A",
                               partner_must_pass="rest_of_auction", next="E")),
    ("N", "1H 1S P X TD", {}, dict(irregularity="inadmissible_double", offender="W", law="36B2",
                                 partner_must_pass="rest_of_auction", next="W")),
    ("N", "7NT X 8C TD", {}, dict(irregularity="bid_above_seven", offender="S", law="38C",
                                  offender_must_pass="rest_of_auction", partner_must_pass="rest_of_auction")),
    ("N", "1S P P P W:X TD", {"unintended": "no"}, dict(irregularity="change_of_call", offender="W", law="39C",
                                      lead_restrictions=True, next=None)),
    ("N", "1S P P P E:P TD", {}, dict(irregularity="call_after_final_pass", offender="E", law="39B",
                                      lead_restrictions=False)),
]


@pytest.mark.parametrize("dealer,auction,facts,expected", SCENARIOS)
def test_scenarios(dealer, auction, facts, expected):
    if expected is None:
        from laws.rulings.auction import AuctionError

        with pytest.raises(AuctionError):  # TD with nothing to rectify
            rule(dealer, auction, facts)
        return
    r = rule(dealer, auction, facts)
    assert r["status"] == "ruling", r
    for k, v in expected.items():
        assert r[k] == v, (k, r[k], v, r["trail"])
    assert r["law"] in r["trail"]


# -- the CLI -----------------------------------------------------------------------------------
def test_rule_cli_json(run_cli):
    code, out, err = run_cli("rule", "--dealer", "N", "--auction", "1H 1D TD E:2D", "--fact", "artificial=no", "--json")
    d = json.loads(out)
    assert code == 0
    for k in ("status", "irregularity", "offender", "law", "trail", "offender_must_pass", "partner_must_pass",
              "lead_restrictions", "law_23", "cancelled", "next", "explanation"):
        assert k in d
    assert d["law"] == "27B1a" and d["next"] == "S"


def test_rule_cli_needs_a_question_translated(run_cli):
    code, out, _ = run_cli("rule", "--dealer", "N", "--auction", "1H 1D TD E:2D", "--json", "--lang", "nl")
    d = json.loads(out)
    assert code == 0 and d["status"] == "needs" and d["question"]["fact"] == "artificial"
    assert d["question"]["text"] != "Is the irregular call in question artificial?"
    assert [o["value"] for o in d["question"]["options"]] == ["yes", "no"]


def test_rule_cli_walks_a_tree_without_auction(run_cli):
    code, out, _ = run_cli("rule", "--tree", "change_of_call", "--fact", "unintended=no",
                           "--fact", "accepted=no", "--json")
    d = json.loads(out)
    assert code == 0 and d["law"] == "25B2" and d["offender"] is None


@pytest.mark.parametrize("argv,needle", [
    (["rule", "--dealer", "N", "--auction", "1H 1Q"], "1Q"),
    (["rule", "--dealer", "Q", "--auction", "1H"], "Q"),
    (["rule", "--auction", "1H"], "dealer"),
    (["rule", "--tree", "nope"], "nope"),
    (["rule", "--tree", "change_of_call", "--fact", "unintended"], "KEY=VALUE"),
    (["rule", "--tree", "change_of_call", "--fact", "unintended=perhaps"], "unintended=perhaps"),
    (["trees", "nope"], "nope"),
])
def test_rule_cli_bad_input(run_cli, argv, needle):
    code, out, err = run_cli(*argv)
    assert code == 2 and needle in err and "Traceback" not in err


def test_facts_and_trees_listings(run_cli):
    code, out, _ = run_cli("facts", "--json")
    keys = {f["key"] for f in json.loads(out)}
    assert {"artificial", "same_meaning", "unintended", "pause"} <= keys
    code, out, _ = run_cli("trees", "--json")
    assert {"insufficient_bid", "change_of_call"} <= {t["id"] for t in json.loads(out)}
    code, out, _ = run_cli("trees", "insufficient_bid", "--json")
    assert json.loads(out)["start"] == "own_replacement"   # 25A1 before the LHO's option (27A1)


def test_a_call_against_an_earlier_rectification():
    """30B2(b): after W's pass out of rotation at his partner's turn, E may not double at that turn."""
    r = rule("N", "1H W:P TD E:X", {"artificial": "no"})
    assert r["irregularity"] == "obligation_breached" and r["offender"] == "E" and r["law"] == "30B2b"
    # nobody has dealt with it yet: South (E's LHO) may call over it, as `rulebook auction` says; after the ruling, E
    assert r["cancelled"] == ["X"] and r["next"] == "S" and r["awaiting"] == "lho_or_director"
    assert r["next_after_ruling"] == "E" and r["after_ruling"]["next"] == "E"


# -- issue 10: the other edition of the Laws --------------------------------------------------------
def test_every_ruling_carries_the_provisions_the_other_edition_changed():
    d = rule("N", "1H N:1S E:P", {"unintended": "no"})       # 25B1, a 2007 tree; its explanation cites 16D
    assert d["laws_edition"] == "2007"
    pairs = {(c["key"], c["other_key"], c["status"]) for c in d["other_edition"]}
    assert ("16D", "16C", "renumbered") in pairs
    assert all(c["laws_edition"] == "2007" and c["other_edition"] == "2017" for c in d["other_edition"])
    d = rule(None, None, {}, "withdrawn_action_information", "2017")  # a 2017 tree
    assert d["laws_edition"] == "2017"
    assert [(c["key"], c["other_key"]) for c in d["other_edition"]] == [("16C", "16D")]
    assert rule("N", "1S P P P")["other_edition"] == []


def test_a_mention_of_the_other_editions_key_is_not_read_as_this_editions():
    from laws.rulings.rule import ruling_keys

    keys = ruling_keys({"trail": ["26A1"], "law": "26A1", "explanation": "Law 16D applies (Law 26A1; Law 16C in the "
                                                                         "2017 Laws)."})
    assert keys == ["26A1", "16D"]


def test_explanations_name_the_law_on_withdrawn_calls_in_the_trees_edition():
    """16D in the 2007 trees, 16C in the 2017 trees (an explicit "in the 2017 Laws" mention excepted)."""
    import re

    wrong = {"2007": "16C", "2017": "16D"}
    bad = []
    for tree in (t for reg in R.all_trees().values() for t in reg.values()):
        ed = tree.edition
        for node in tree.nodes.values():
            text = (node.ruling or {}).get("explanation", "")
            for sentence in re.split(r"(?<=[.;])\s", re.sub(r"Laws? \S+ in the (2007|2017) Laws", "", text)):
                if "withdrawn" in sentence and re.search(rf"\b{wrong[ed]}\b", sentence):
                    bad.append((tree.id, node.id, sentence))
    assert bad == []


@pytest.mark.parametrize("lang,argv,edition,text_edition,line", [
    ("nl", ["--dealer", "N", "--auction", "1H N:1S E:P", "--fact", "unintended=no"], "2007", "2017", "2007 16D -> 2017 16C"),
    ("es", ["--tree", "withdrawn_action_information", "--edition", "2017"], "2017", "2007", "2017 16C -> 2007 16D"),
    ("it", ["--tree", "withdrawn_action_information", "--edition", "2017"], "2017", "2007", "2017 16C -> 2007 16D"),
])
def test_rule_says_when_the_ruling_follows_the_other_edition_than_the_text(run_cli, lang, argv, edition, text_edition,
                                                                          line):
    code, out, err = run_cli("rule", "--lang", lang, *argv)
    assert code == 0, err
    head = out.split("\n")
    notice = [i for i, ln in enumerate(head) if edition in ln and text_edition in ln and "->" not in ln]
    assert notice and notice[0] == 0                      # said first, before the ruling
    assert any(ln.strip().startswith(line) for ln in head)


def test_rule_says_nothing_of_editions_when_they_agree(run_cli):
    code, out, err = run_cli("rule", "--lang", "es", "--dealer", "N", "--auction", "1H N:1S E:P", "--fact", "unintended=no")
    assert code == 0 and "->" not in out


# -- the classes of wrong rulings of issue 22 (item 7), and acceptance first (item 3) -------------------------------
def test_lead_restrictions_only_if_the_finished_auction_makes_the_offender_a_defender():
    """27B2 may bring Law 26; when the record's auction is over, it does only if the offender defends."""
    facts = {"artificial": "no", "same_meaning": "no"}
    declares = rule("N", "1H 1D TD E:2C P P P", facts)          # East, the offender, declares 2C
    assert declares["law"] == "27B2" and declares["declarer"] == "E"
    assert declares["lead_restrictions"] is False and declares["lead_restrictions_by_tree"] is True
    assert declares["law_26_condition"] is None
    defends = rule("N", "1H 1D TD E:2C P P 2H P P P", facts)    # North declares 2H: East defends
    assert defends["declarer"] == "N" and defends["lead_restrictions"] is True
    open_ = rule("N", "1H 1D TD E:2C", facts)                    # the auction goes on: Law 26 may apply
    assert open_["lead_restrictions"] is True and open_["law_26_condition"]


def test_a_pass_owed_at_the_rhos_turn_counts_among_the_passes_that_end_the_auction():
    """28A: North calls at West's turn, West being bound to pass (27B2): West's turn counts as his pass, so after
    2C, South's pass, West's pass and North's pass the auction is over (East does not call again over his bid)."""
    from laws.rulings.auction import replay

    s = replay("1H 1D TD E:2C P N:P", "N", {"artificial": "no", "same_meaning": "no"})
    assert s.complete and str(s.contract) == "2C" and s.declarer == "E" and s.next is None
    deemed = [c for c in s.calls if c.synthetic and c.made_before is not None]
    assert [(c.seat, c.law) for c in deemed] == [("W", "28A")]
    # the passes are in the auction's order: West's deemed pass before North's
    assert [c.seat for c in s.standing][-3:] == ["S", "W", "N"]


@pytest.fixture
def acceptance_read(tmp_path, monkeypatch):
    """The 2007 Law 27 tree without ``acceptance: asked`` (``read``, the format's default)."""
    d = tmp_path / "trees"
    shutil.copytree(TREES, d)
    p = d / "2007" / "insufficient_bid.yaml"
    text = p.read_text()
    assert "\nacceptance: asked\n" in text
    p.write_text(text.replace("\nacceptance: asked\n", "\n", 1))
    monkeypatch.setattr(R, "TREES", d)
    monkeypatch.setattr(R, "_TREES", None)
    yield
    R._TREES = None


def test_acceptance_first_when_the_director_is_called_before_the_lho_calls():
    d = rule("N", "1H 1D TD")
    assert d["status"] == "needs" and d["fact"] == "accepted" and "accepted" not in d["facts_from_record"]
    d = rule("N", "1H 1D", {})                                   # the record stops: the director is called now
    assert d["status"] == "needs" and d["fact"] == "accepted"
    d = rule("N", "1H 1D TD", {"accepted": "yes"})               # offered the option, South accepts 1D
    assert d["law"] == "27A1" and d["next"] == "S" and d["cancelled"] == []
    d = rule("N", "1H 1D TD", {"accepted": "no"})
    assert d["status"] == "needs" and d["fact"] == "replacement"


def test_acceptance_is_never_asked_when_the_record_shows_it():
    d = rule("N", "1H 1D 2D")                                     # South called over it: accepted
    assert d["law"] == "27A1" and d["facts_from_record"]["accepted"] == "yes"
    d = rule("N", "1H 1D TD E:2D", {"artificial": "no"})          # East replaced it: the option was declined
    assert d["law"] == "27B1a" and d["facts_from_record"]["accepted"] == "no"
    # told the LHO accepted 1D, East's 2D is no replacement but a change of call made at South's turn
    assert rule("N", "1H 1D TD E:2D", {"artificial": "no", "accepted": "yes"})["irregularity"] == "change_of_call"


def test_acceptance_is_read_off_the_directors_call_where_the_tree_says_so(acceptance_read):
    """A tree without ``acceptance: asked`` reads the director's call as the option declined."""
    d = rule("N", "1H 1D TD")
    assert d["fact"] == "replacement" and d["facts_from_record"]["accepted"] == "no"


def test_after_the_director_the_lho_calling_accepts_and_another_call_declines():
    """The director offered the LHO his option: South's call after TD accepts 1D; East's (the offender's
    replacement) shows it declined, and the rectification applies before it is read."""
    d = rule("N", "1H 1D TD S:P")
    assert d["law"] == "27A1" and d["facts_from_record"]["accepted"] == "yes" and d["next"] == "W"
    d = rule("N", "1H 1D TD E:2D", {"artificial": "no"})
    assert d["law"] == "27B1a" and d["facts_from_record"]["accepted"] == "no"


def test_the_tree_cache_is_the_parsed_trees(tmp_path, monkeypatch):
    """Trees parsed once are kept in the cache folder, keyed by the files: an edited file is parsed again."""
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "cache"))
    d = tmp_path / "trees"
    shutil.copytree(TREES, d)
    monkeypatch.setattr(R, "TREES", d)
    monkeypatch.setattr(R, "_TREES", None)
    try:
        first = R.trees("2007")["wrong_board"].title
        assert list((tmp_path / "cache").glob("trees-2007-*.pickle"))
        p = d / "2007" / "wrong_board.yaml"
        p.write_text(p.read_text().replace(f'title: "{first}"', 'title: "Edited"', 1))
        R._TREES = None
        assert R.trees("2007")["wrong_board"].title == "Edited"
    finally:
        R._TREES = None


def test_the_registry_s_editions_are_kept_with_the_trees_and_follow_its_edits(tmp_path, monkeypatch):
    """The engine reads the editions' ids through the cache folder (no YAML parsed once they are there), keyed by the
    registry file: an edited registry (a third edition) is read again; an unreadable cached file is rebuilt."""
    from laws import editions as LE
    from laws.datafile import PROJECT_DATA
    from laws.registry import registry_file

    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "cache"))
    reg = tmp_path / "editions.yaml"
    reg.write_bytes(registry_file().read_bytes())
    monkeypatch.setattr(R, "registry_file", lambda: reg)
    monkeypatch.setattr(R, "_EDITION_IDS", {})
    assert R.editions() == tuple(LE.editions())
    assert list((tmp_path / "cache").glob("editions-*.pickle"))
    parse = R.read_registry

    def no_parse(path):
        raise AssertionError("the registry was parsed again")

    monkeypatch.setattr(R, "read_registry", no_parse)
    R._EDITION_IDS.clear()                               # a new process: the ids come from the cache folder
    assert R.editions() == tuple(LE.editions())
    monkeypatch.setattr(R, "read_registry", parse)
    third = PROJECT_DATA.parent.parent / "tests" / "fixtures" / "third_edition" / "editions.yaml"
    reg.write_bytes(third.read_bytes())                  # the registry edited: a third edition
    assert R.editions() == tuple(LE.editions()) + ("2027",)
    for f in (tmp_path / "cache").glob("editions-*.pickle"):
        f.write_bytes(b"not a pickle")
    R._EDITION_IDS.clear()
    assert R.editions()[-1] == "2027"
    with pytest.raises(R.EditionUnknown):
        R.check_tree_edition("2037")


def test_the_fact_that_decides_who_must_pass_is_asked_before_ruling_a_later_call():
    """2017: South's 3D replaced the insufficient 1D; North then doubles his partner's bid (36). Whether North was
    bound to pass (27B2, if 3D is neither the same denomination(s) nor comparable) is part of the ruling on the double:
    the findings on 3D are asked first."""
    d = rule("E", "1H 1D TD S:3D P N:X TD", None, None, "2017")
    assert d["status"] == "needs" and d["fact"] == "artificial" and d["earlier_irregularity"]
    d = rule("E", "1H 1D TD S:3D P N:X TD", {"artificial": "no"}, None, "2017")
    assert d["status"] == "needs" and d["fact"] == "comparable" and d["earlier_irregularity"]
    d = rule("E", "1H 1D TD S:3D P N:X TD", {"artificial": "no", "comparable": "no"}, None, "2017")
    assert d["law"].startswith("36") and d["offender_must_pass"] == "rest_of_auction"


def test_the_lhos_option_offered_by_the_director_is_its_own_resolution():
    """2017 27A1: the director called over an insufficient bid first offers the LHO the option; until the LHO
    answers (by a call or by the director's finding), the irregularity is resolved as that offer, not 'rectified'."""
    from laws.rulings.auction import RESOLUTION_LABELS, replay

    i = replay("1H 1D TD", "N", None, "2017").irregularities[0]
    assert (i.td_called, i.awaiting, i.resolution) == (True, "lho_option", "lho_option")
    assert "lho_option" in RESOLUTION_LABELS
    i = replay("1H 1D TD S:P", "N", None, "2017").irregularities[0]       # South's call accepts 1D
    assert i.accepted and i.resolution != "lho_option"


@pytest.mark.parametrize("edition,record,expected", [
    ("2007", "1H N:1S", ["31B"]), ("2007", "1H N:P", ["30B3"]), ("2007", "1H 1S P 2C P N:X", ["25"]),
    ("2017", "1H N:1S", ["31C"]), ("2017", "1H N:P", ["30B2"]), ("2017", "1H 1S P 2C P N:X", ["32C"]),
])
def test_a_change_of_call_at_the_lhos_turn_cites_the_provision_of_the_edition(edition, record, expected):
    """A later call at the LHO's turn is treated as a change of call by 2007 30B3/31B and by 2017 30B2/31C/32C: the
    provision comes from the edition's tree of that call out of rotation, never from the other edition."""
    from laws.rulings.auction import replay

    i = replay(record, "N", None, edition).irregularities[0]
    assert i.kind == "change_of_call" and i.provisions[:1] == expected


@pytest.mark.parametrize("edition,law,note", [("2007", "17E2", "16D"), ("2017", "17D3", "16C")])
def test_a_pass_that_would_end_the_auction_is_governed_by_the_editions_provision(edition, law, note):
    """Three passes after a call, one out of rotation (34): 2007 17E2, 2017 17D3, as the edition's tree rules."""
    from laws.rulings.auction import NOTE_LABELS, RESOLUTION_LABELS, replay

    i = replay("1H P P E:P P", "N", None, edition).irregularities[0]
    assert (i.law, i.resolution) == (law, "reverted") and i.provisions == [law] and note in i.notes
    other = {"2007": "17D3", "2017": "17E2"}[edition]
    assert other not in RESOLUTION_LABELS["reverted"] and other not in NOTE_LABELS["34"]


def test_law_26s_condition_is_the_editions():
    """2007 Law 26: a different call chosen at that turn; 2017 26A/26B: not replaced by a comparable call (23A)."""
    d7 = rule("N", "1H 1D TD E:2C", {"artificial": "no", "same_meaning": "no"}, None, "2007")
    d17 = rule("N", "1H 1D TD E:2C", {"artificial": "no", "comparable": "no", "same_denomination": "no"}, None,
               "2017")
    assert d7["lead_restrictions"] and d17["lead_restrictions"]
    assert "a call different from the withdrawn" in d7["law_26_condition"]
    assert "comparable call (Law 23A)" in d17["law_26_condition"]
    assert d17["law_26_condition"] == R.condition_of(R.LEAD_RESTRICTIONS, "2017")
    assert "comparable" not in d7["law_26_condition"]


def test_a_question_names_the_provision_of_the_node_that_asks_it():
    """The fact called_before was first written for 2007 31B; a 2017 tree asks it at 30B (a pass at the LHO's turn)."""
    from i18n import translator
    from laws.rulings.rule import translate

    facts = {"ends_auction": "no", "rho_must_pass": "no", "accepted": "no", "turn_player_called": "no",
             "artificial": "no", "pass_over_artificial": "no", "turn_of": "lho", "any_bid": "yes",
             "in_rotation": "no", "out_of_rotation": "yes"}
    d = rule(None, None, facts, "pass_out_of_rotation", "2017")
    assert d["status"] == "needs" and d["fact"] == "called_before"
    assert translate(d, translator("en"))["question"]["law"] == "30B"


def _keys_of_the_other_edition_only(edition):
    """The keys the correspondence table maps to another key in ``edition`` and that ``edition`` does not know."""
    from laws import editions as Ed

    known = {str(k) for k in Ed.known_keys(edition)}
    other = next(e for e in R.tree_editions() if e != edition)
    return {str(c) for c in Ed.known_keys(other)} - known


@pytest.mark.parametrize("edition", R.tree_editions())
def test_every_line_of_a_ruling_cites_its_editions_provisions(edition, run_cli):
    """Every worked example with a record, in its edition: the text of 'rulebook rule' and 'rulebook auction' cites
    no provision that only the other edition has (2007 17E2 or 30B3 on a 2017 ruling...)."""
    import re

    wrong = _keys_of_the_other_edition_only(edition)
    key = re.compile(r"(?:\bLaws? |\()([1-9]\d?[A-H](?:\d+|\([a-z]+\)|[a-z])*)")
    found = []
    for tree in R.trees(edition).values():
        for ex in tree.examples:
            if not ex.get("auction"):
                continue
            facts = [x for k, v in (ex.get("facts") or {}).items() for x in ("--fact", f"{k}={v}")]
            for argv in (["rule", "--edition", edition, "--dealer", ex["dealer"], "--auction", ex["auction"], *facts],
                         ["auction", "--edition", edition, "--dealer", ex["dealer"], *ex["auction"].split(), *facts]):
                _, out, _ = run_cli(*argv)
                for line in out.splitlines():
                    for k in key.findall(line):
                        if k.replace("(", "").replace(")", "") in wrong:
                            found.append((tree.id, ex["auction"], argv[0], line.strip()))
    assert wrong and found == []


@pytest.mark.parametrize("edition", R.tree_editions())
def test_the_first_call_after_the_final_pass_is_ruled_its_lhos_call_over_it_is_part_of_it(edition):
    """West's final pass, then West's 2C (a call after the final pass, not a permitted change: Law 39), then North,
    West's LHO, calls over it: the ruling is on West's 2C (39B), North's pass is cancelled with it, not ruled apart."""
    from laws.rulings.auction import replay

    d = rule("N", "1H P P P W:2C N:P", {"unintended": "no"}, None, edition)
    assert (d["status"], d["offender"], d["law"]) == ("ruling", "W", "39B")
    assert (d["contract"], d["declarer"]) == ("1H", "N")
    s = replay("1H P P P W:2C N:P", "N", {"unintended": "no"}, edition)
    assert [i.offender for i in s.irregularities] == ["W"]
    assert [c.status for c in s.calls[4:]] == ["cancelled", "cancelled"]


def test_the_lho_whose_turn_it_was_accepts_the_call_out_of_rotation_when_the_director_offers_it():
    """2017 29A: called at once, the director offers West's 1S (made at North's turn) to North, whose turn it was:
    accepted, 1S stands and North calls over it. Only a call by North before the director is 28B (1S cancelled)."""
    d = rule("N", "W:1S TD", {"accepted": "yes"}, None, "2017")
    assert (d["law"], d["next"], d["cancelled"]) == ("29A", "N", [])
    d = rule("E", "N:P TD E:P S:P W:P", {"accepted": "yes"}, None, "2017")   # the pass accepted: passed out
    assert d["law"] == "29A" and d["complete"] and d["contract"] is None
    d = rule("N", "W:1S N:1H", {}, None, "2017")
    assert d["law"] == "28B" and d["cancelled"] == ["1S"]
    d = rule("N", "W:1S TD", {}, None, "2017")
    assert d["fact"] == "accepted" and "offers" in d["question"] and "(Law 29A)" in d["question"]


@pytest.mark.parametrize("dealer,record,facts,law", [
    ("N", "1S 1H E:2H TD", {"unintended": "no", "accepted": "no", "artificial": "no"}, "27B1a"),  # 27C
    ("N", "E:1H S:1S TD", {}, "29A"),                                              # the LHO called over it
    ("N", "E:1H N:P E:1H TD", {}, "28B"),                                          # the player whose turn it was
    ("N", "1H N:1S E:P TD", {"unintended": "no"}, "25B1"),                         # the LHO accepted the change
    ("N", "1S P P P E:X S:P TD", {}, "39B"),                                       # the LHO called after the pass
])
def test_the_director_called_after_the_record_settled_the_irregularity_rules_on_it(dealer, record, facts, law):
    """A director called late still rules: on the record as it stands, not 'there is no irregularity here'."""
    d = rule(dealer, record, facts, None, "2017")
    assert (d["status"], d["law"]) == ("ruling", law)


def test_a_director_called_with_nothing_irregular_before_is_still_an_error():
    from laws.rulings.auction import AuctionError

    with pytest.raises(AuctionError, match="no irregularity here"):
        rule("N", "1S P TD", {}, None, "2017")


def test_the_law_23_pointer_names_the_editions_provision(run_cli):
    """2017: the comparable call's 23C (an adjusted score if the outcome could well have been different); 2007: Law 23
    (awareness of potential damage, 72C in 2017). The card and the CLI say which."""
    from i18n import translator
    from present.ruling import ruling_rows

    d17 = rule("N", "E:1S TD N:1H E:2S", {"accepted": "no", "comparable": "yes"}, None, "2017")
    d07 = rule("N", "1H 1D TD E:3D", {"artificial": "no", "same_meaning": "no"}, None, "2007")
    assert (d17["law_23"], d17["law_23_key"]) == (True, "23C") and (d07["law_23"], d07["law_23_key"]) == (True, "23")
    labels = [label for label, _ in ruling_rows(d17.to_dict(), translator("en"))]
    assert "Law 23C may apply" in labels and not any("(Law 26)" in x for x in labels)
    _, out, _ = run_cli("rule", "--edition", "2017", "--dealer", "N", "--auction", "E:1S TD N:1H E:2S",
                        "--fact", "accepted=no", "--fact", "comparable=yes")
    assert "Law 23C may apply: yes" in out and "Law 23 may apply" not in out


def test_a_pass_replacing_the_players_own_unintended_bid_takes_its_turn():
    """2017 25A1: West's 1C was unintended, his pass at East's turn is the call he meant: it stands in place of the
    1C, North's 1D over it is withdrawn (25A6), and the four passes end the auction: nobody was skipped (no 17D3)."""
    from laws.rulings.auction import replay

    s = replay("P P P 1C 1D W:P TD", "N", {"unintended": "yes"}, "2017")
    i = s.irregularities[0]
    assert s.passed_out and i.skipped == [] and "17D3" not in i.provisions and "25A1" in i.provisions


def test_a_chain_of_findings_on_an_earlier_irregularity_is_asked_before_ruling_a_later_call():
    """2017: East's 3D replaced his insufficient 1D; North passes at West's turn. West is bound to pass (27B2, so
    North's pass is in rotation, 28A) only if 3D neither specifies the same denomination nor is comparable: two
    findings in a row (artificial, then comparable) decide whether North's pass is irregular at all."""
    d = rule("N", "1H 1D TD E:3D P N:P", {}, None, "2017")
    assert (d["status"], d["fact"], d["offender"]) == ("needs", "artificial", "E") and d["earlier_irregularity"]
    d = rule("N", "1H 1D TD E:3D P N:P", {"artificial": "no"}, None, "2017")
    assert (d["status"], d["fact"]) == ("needs", "comparable")
    d = rule("N", "1H 1D TD E:3D P N:P", {"artificial": "no", "comparable": "no"}, None, "2017")
    assert (d["law"], d["contract"], d["declarer"]) == ("27B2", "3D", "E")


def test_the_trees_resting_on_a_provision_per_edition():
    from laws.rulings.trees import resting_on, trees

    for ed, end_of_play in (("2007", "27D"), ("2017", "23C")):
        on = resting_on(ed)
        assert "correction_damage" in on[end_of_play]
        assert "insufficient_bid" in on["27B1a"] and all(isinstance(v, tuple) for v in on.values())
        order = list(trees(ed))
        assert all(list(v) == sorted(v, key=order.index) for v in on.values())
    assert "23C" not in resting_on("2007")       # the 2007 Laws have no comparable call
    assert "correction_damage" in resting_on("2017")["27D"]     # its pointed_from (review session 4 #12(b))
