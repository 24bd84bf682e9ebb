"""Law 77 scores, the WBF IMP scale, weighted adjusted scores (Law 12C1(c)) and their commands.

The exhaustive test compares every possible result (7 levels x 5 denominations x 3 doublings
x 2 vulnerabilities x 14 trick counts = 2940) with a second implementation written here,
table-driven from the Law 77 schedule as it is printed, trick by trick.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from laws import scoring as S

# -- an independent implementation: the Law 77 schedule as printed, applied trick by trick ----

# trick points for each odd trick bid and made: (first trick, each subsequent trick)
TRICK_SCORE = {
    ("C", ""): (20, 20), ("C", "X"): (40, 40), ("C", "XX"): (80, 80),
    ("D", ""): (20, 20), ("D", "X"): (40, 40), ("D", "XX"): (80, 80),
    ("H", ""): (30, 30), ("H", "X"): (60, 60), ("H", "XX"): (120, 120),
    ("S", ""): (30, 30), ("S", "X"): (60, 60), ("S", "XX"): (120, 120),
    ("NT", ""): (40, 30), ("NT", "X"): (80, 60), ("NT", "XX"): (160, 120),
}
# each overtrick: (not vulnerable, vulnerable); undoubled overtricks score at trick value
OVERTRICK = {"X": (100, 200), "XX": (200, 400)}
UNDOUBLED_OVERTRICK = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
# each undertrick: (1st, 2nd, 3rd, 4th and each subsequent)
UNDERTRICK = {
    ("", False): (50, 50, 50, 50), ("", True): (100, 100, 100, 100),
    ("X", False): (100, 200, 200, 300), ("X", True): (200, 300, 300, 300),
    ("XX", False): (200, 400, 400, 600), ("XX", True): (400, 600, 600, 600),
}
GAME = (300, 500)
PARTSCORE = 50
SLAM = {6: (500, 750), 7: (1000, 1500)}
INSULT = {"": 0, "X": 50, "XX": 100}


def reference_score(level: int, strain: str, dbl: str, vul: bool, tricks: int) -> int:
    needed = level + 6
    if tricks < needed:
        total = 0
        for i in range(needed - tricks):
            total -= UNDERTRICK[(dbl, vul)][min(i, 3)]
        return total
    first, rest = TRICK_SCORE[(strain, dbl)]
    trick_score = sum(first if i == 0 else rest for i in range(level))
    total = trick_score
    for _ in range(tricks - needed):
        total += OVERTRICK[dbl][vul] if dbl else UNDOUBLED_OVERTRICK[strain]
    total += GAME[vul] if trick_score >= 100 else PARTSCORE
    total += SLAM.get(level, (0, 0))[vul]
    total += INSULT[dbl]
    return total


def notation(level: int, strain: str, dbl: str, tricks: int) -> str:
    diff = tricks - (level + 6)
    return f"{level}{strain}{dbl}" + ("=" if diff == 0 else f"{diff:+d}")


ALL = [(level, strain, dbl, vul, tricks)
       for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT") for dbl in ("", "X", "XX")
       for vul in (False, True) for tricks in range(14)]


def test_the_exhaustive_table_has_every_result():
    assert len(ALL) == 7 * 5 * 3 * 2 * 14 == 2940
    assert len(list(S.all_results())) * 2 == 2940


def test_every_result_against_the_reference():
    wrong = []
    for level, strain, dbl, vul, tricks in ALL:
        expected = reference_score(level, strain, dbl, vul, tricks)
        s = S.score(S.Contract(level, strain, len(dbl)), tricks, vul)
        parsed = S.score_result(notation(level, strain, dbl, tricks), vulnerable=vul)
        if not (s.total == parsed.total == expected and sum(s.breakdown().values()) == 2 * s.total):
            wrong.append((notation(level, strain, dbl, tricks), vul, s.total, parsed.total, expected))
    assert wrong == []


def test_breakdown_parts_are_consistent():
    for level, strain, dbl, vul, tricks in ALL:
        s = S.score(S.Contract(level, strain, len(dbl)), tricks, vul)
        b = s.breakdown()
        if tricks >= level + 6:
            assert b["undertricks"] == 0 and b["contract_points"] > 0
            assert b["game_or_partscore"] in ((500 if vul else 300), 50)
            assert b["insult"] == INSULT[dbl]
            assert (b["slam"] > 0) == (level >= 6)
            assert s.made and s.undertrick_count == 0 and s.overtrick_count == tricks - level - 6
        else:
            assert b["undertricks"] < 0 and b["total"] == b["undertricks"]
            assert s.made is False and s.undertrick_count == level + 6 - tricks
        assert b["total"] % 10 == 0


def test_more_tricks_always_score_more():
    for level in range(1, 8):
        for strain in S.STRAINS:
            for doubled in (0, 1, 2):
                for vul in (False, True):
                    totals = [S.score(S.Contract(level, strain, doubled), n, vul).total for n in range(14)]
                    assert all(a < b for a, b in zip(totals, totals[1:]))


# -- hand-checked values --------------------------------------------------------------------

@pytest.mark.parametrize("result, vul, expected", [
    ("1NT=", False, 90), ("3NT=", True, 600), ("4HX-2", True, -500), ("7NTXX-13", True, -7600),
    ("1CXX=", False, 230), ("2HX=", False, 470), ("7NTXX=", True, 2980), ("4S+1", False, 450),
    ("1C=", False, 70), ("2D=", False, 90), ("1S=", False, 80), ("3NT+2", True, 660), ("4H+1", True, 650),
    ("6NT=", False, 990), ("7NT=", True, 2220), ("6H=", True, 1430), ("7S=", False, 1510),
    ("3NTX=", False, 550), ("1NTX+1", True, 380), ("2SX=", True, 670), ("1NTXX=", False, 560),
    ("3NTX-3", False, -500), ("5CX-4", False, -800), ("4SX-1", True, -200), ("4S-1", False, -50),
    ("4S-1", True, -100), ("1C+6", False, 190), ("5D=", False, 400), ("4D=", True, 130),
    ("7NTXX-13", False, -7000), ("1CXX+6", True, 2630), ("6CX=", False, 1090), ("PASS", False, 0),
])
def test_famous_values(result, vul, expected):
    assert S.score_result(result, vulnerable=vul).total == expected


@pytest.mark.parametrize("doubled, vul, table", [
    (1, False, [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]),
    (1, True, [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]),
    (2, False, [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000]),
    (2, True, [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600]),
    (0, False, [50 * n for n in range(1, 14)]), (0, True, [100 * n for n in range(1, 14)]),
])
def test_undertrick_tables(doubled, vul, table):
    assert [S.undertrick_points(n, doubled, vul) for n in range(1, 14)] == table


def test_breakdown_of_a_redoubled_grand_slam():
    s = S.score_result("7NTXX=", vulnerable=True)
    assert s.breakdown() == {"contract_points": 880, "overtricks": 0, "game_or_partscore": 500,
                             "slam": 1500, "insult": 100, "undertricks": 0, "total": 2980}
    assert s.bonus_kind == "game" and s.slam_kind == "grand"
    assert S.score_result("1CXX=").bonus_kind == "partscore"  # 80 trick points redoubled
    assert S.score_result("2CXX=").bonus_kind == "game"       # 160
    assert S.score_result("2HX=").bonus_kind == "game"        # 120
    assert S.score_result("4DX=").bonus_kind == "game" and S.score_result("4D=").bonus_kind == "partscore"


def test_to_dict():
    d = S.score_result("4hx-2", vulnerable=True).to_dict()
    assert d["result"] == "4hx-2" and d["contract"] == "4HX" and d["tricks"] == 8
    assert d["vulnerable"] is True and d["score"] == -500 and d["law"] == "77"
    assert d["breakdown"]["undertricks"] == -500 and d["undertrick_count"] == 2
    assert "declarer" not in d
    p = S.score_result("passed out").to_dict()
    assert p["contract"] == "PASS" and p["score"] == 0 and p["tricks"] is None and p["passed_out"]
    json.dumps(d)


# -- notation ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, contract, tricks, declarer", [
    ("4HX-2", "4HX", 8, None), ("4hx-2", "4HX", 8, None), ("3NT+1", "3NT", 10, None),
    ("3n+1", "3NT", 10, None), ("6S=", "6S", 12, None), ("7NTXX-13", "7NTXX", 0, None),
    ("1C+6", "1C", 13, None), ("4♥X-2", "4HX", 8, None), ("4♠=", "4S", 10, None), ("2♦xx+1", "2DXX", 9, None),
    ("3♣-1", "3C", 8, None), ("4♥️x−2", "4HX", 8, None), (" 4 H X - 2 ", "4HX", 8, None),
    ("4SN=", "4S", 10, "N"), ("4HXE-2", "4HX", 8, "E"), ("4HEX-2", "4HX", 8, "E"),
    ("4NS=", "4NT", 10, "S"), ("4NTW-1", "4NT", 9, "W"), ("4NN+1", "4NT", 11, "N"), ("4SS=", "4S", 10, "S"),
])
def test_parse(text, contract, tricks, declarer):
    c, t = S.parse_result(text)
    assert (str(c), t, c.declarer) == (contract, tricks, declarer)


@pytest.mark.parametrize("text", ["PASS", "pass", "AP", "ap", "passed out", "Passed Out", "passed-out", "All Pass"])
def test_passed_out(text):
    assert S.parse_result(text) == (None, None)
    assert S.score_result(text, vulnerable=True).total == 0


@pytest.mark.parametrize("text, says, law", [
    ("", "is empty", None),
    ("hello", "starts with the level", None),
    ("S4=", "starts with the level", None),
    ("0S=", "level 0 is not a contract", "18A"),
    ("8NT-1", "a contract above seven cannot be played (Law 38A)", "38A"),
    ("10S=", "level 10", "38A"),
    ("4Z=", "'Z' is not a denomination", None),
    ("4=", "no denomination", None),
    ("4SXXX=", "'XXX' is not a doubling", None),
    ("4S", "no result after the contract", None),
    ("4HX", "e.g. 4HX=", None),
    ("4S=1", "'=1' is not a result", None),
    ("4S+", "'+' is not a result", None),
    ("4S+0", "'+0' is ambiguous", None),
    ("4S-0", "'-0' is ambiguous", None),
    ("4S+4", "+4 would be 14 tricks", None),
    ("6NT+2", "6NT can make at most +1", None),
    ("7S+1", "grand slam", None),
    ("4S-11", "at most 10 down", None),
    ("1C-8", "at most 7 down", None),
    ("4SNE=", "'NE=' is not a result", None),
    ("4S=junk", "is not a result", None),
])
def test_bad_results(text, says, law):
    with pytest.raises(S.ScoringError) as info:
        S.parse_result(text)
    e = info.value
    assert says in str(e)
    assert f"'{text}'" in str(e)          # the message names the bad token
    assert e.token == text and e.law == law
    assert e.translate(lambda m: m) == str(e)


def test_largest_legal_over_and_undertricks():
    assert S.parse_result("1C+6")[1] == 13 and S.parse_result("6NT+1")[1] == 13
    assert S.parse_result("7NT-13")[1] == 0 and S.parse_result("1C-7")[1] == 0


def test_board_vulnerability():
    ew = S.parse_vulnerability("EW")
    assert S.score_result("4SE=", board_vul=ew).total == 620
    assert S.score_result("4SN=", board_vul=ew).total == 420
    assert S.score_result("4SN=", board_vul=S.parse_vulnerability("All")).vulnerable is True
    assert S.parse_vulnerability("ow") == S.parse_vulnerability("EO") == ew
    assert S.parse_vulnerability("love") == S.parse_vulnerability("-") == frozenset()
    with pytest.raises(S.ScoringError, match="names no declarer"):
        S.score_result("4S=", board_vul=ew)
    with pytest.raises(S.ScoringError, match="'sometimes' is not a vulnerability"):
        S.parse_vulnerability("sometimes")


# -- IMPs ----------------------------------------------------------------------------------------

WBF_RANGES = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
              (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
              (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
              (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
              (3500, 3990, 23), (4000, 10**6, 24)]


def test_imp_scale_on_every_multiple_of_ten():
    for diff in range(0, 8010, 10):
        expected = next(imps for low, high, imps in WBF_RANGES if low <= diff <= high)
        assert S.imps(diff) == expected, diff
        assert S.imps(-diff) == -expected, -diff


def test_imps_of_differences_between_tens():
    assert [S.imps(d) for d in (14, 15, 45, 44, 215, 214, -215)] == [0, 1, 2, 1, 6, 5, -6]
    assert S.imps(Fraction(1250, 3) - 0) == 9        # 416.67 -> 420
    assert S.round_to_ten(Fraction(-5)) == -10


def test_parse_points():
    assert S.parse_points("-420") == -420 and S.parse_points("+50") == 50
    assert S.parse_points("416.67") == Fraction(41667, 100) and S.parse_points("−50") == -50
    for bad in ("abc", "4S=", "", "1e3", "12-3", "4,1,6", "4,16.7"):
        with pytest.raises(S.ScoringError, match="is not a number of points"):
            S.parse_points(bad)
    # the decimal comma the es/nl/it outputs print is read back; a comma before three digits is ambiguous
    assert S.parse_points("416,67") == Fraction(41667, 100) and S.parse_points("-1,5") == Fraction(-3, 2)
    for ambiguous in ("1,100", "-2,000", "1,000,000"):
        with pytest.raises(S.ScoringError, match="thousands separator or a decimal comma"):
            S.parse_points(ambiguous)


# -- weighted adjusted scores --------------------------------------------------------------------

def test_weighted_score_exact():
    w = S.adjusted_score(["4S=:60", "4S-1:40"])
    assert w.exact == 232 and [c.points for c in w.components] == [420, -50]
    assert w.to_dict()["weighted_score"] == 232 and w.to_dict()["weighted_score_is_exact"]
    assert w.to_dict()["law"] == "12C1c"


def test_weighted_score_rounded_to_two_decimals():
    w = S.adjusted_score(["4S=:100/3", "4S-1:200/3"])
    assert w.exact == Fraction(320, 3)
    d = w.to_dict()
    assert d["weighted_score"] == 106.67 and d["weighted_score_exact"] == "320/3"
    assert not d["weighted_score_is_exact"] and "halves away from zero" in d["rounding"]
    assert S.round2(Fraction(-1, 200)) == S.round2(Fraction(-1, 100))      # -0.005 -> -0.01
    assert str(S.round2(Fraction(1, 200))) == "0.01"
    w = S.adjusted_score(["3NT=:33.33", "3NT-1:33.33", "3NT+1:33.34%"], vulnerable=True)
    assert w.exact == Fraction(600 * 3333 - 100 * 3333 + 630 * 3334, 10000)


def test_weighted_imps_are_the_wbf_way():
    w = S.adjusted_score(["4S=:60", "4S-1:40"], against=420)
    assert [c.imps for c in w.components] == [0, -10]
    assert w.weighted_imps == -4                     # IMPs weighted
    assert w.imps_of_weighted_score == -5            # points weighted, then converted: 232 - 420 = -188
    d = w.to_dict()
    assert d["weighted_imps"] == -4 and d["imps_of_weighted_score"] == -5
    assert d["imps_against"]["points"] == 420 and d["components"][1]["imps"] == -10


def test_imps_against_a_result():
    w = S.adjusted_score(["4S=:50", "4S+1:50"], vulnerable=True, against="4S-1")
    assert w.against == -100
    assert [c.imps for c in w.components] == [S.imps(720), S.imps(750)] == [12, 13]
    assert w.weighted_imps == Fraction(25, 2)


def test_components_declared_by_both_sides():
    none = S.parse_vulnerability("None")
    w = S.adjusted_score(["4SN=:50", "5HXE-2:50"], board_vul=none)
    assert [c.points for c in w.components] == [420, 300] and w.side == "NS" and w.exact == 360
    w = S.adjusted_score(["4SN=:50", "5HXE-2:50"], board_vul=none, side="EW")
    assert [c.points for c in w.components] == [-420, -300]
    w = S.adjusted_score(["4SN=:70", "5SXE-1:30"], board_vul=S.parse_vulnerability("NS"), side="OW")
    assert [c.score.vulnerable for c in w.components] == [True, False] and w.exact == Fraction(-464)
    w = S.adjusted_score(["4SN=:50", "4SS-1:50"], board_vul=S.parse_vulnerability("NS"), against="4SE-1")
    assert w.against == 50 and [c.points for c in w.components] == [620, -100]
    assert [c.imps for c in w.components] == [S.imps(570), S.imps(-150)] == [11, -4]
    with pytest.raises(S.ScoringError, match="ambiguous"):      # the other table's declarer counts too
        S.adjusted_score(["4SN=:50", "4SS-1:50"], vulnerable=True, against="4SE-1")
    w = S.adjusted_score(["4SN=:50", "4SS-1:50"], vulnerable=True, against="4SN+1")
    assert w.against == 650


@pytest.mark.parametrize("components, kwargs, says", [
    (["4S=:60", "4S-1:30"], {}, "the percentages add up to 90%, not 100%"),
    (["4S=:60", "4S-1:50"], {}, "add up to 110%"),
    (["4S=:33.333", "4S-1:33.333", "4S-2:33.333"], {}, "add up to 99.999%"),
    (["4S=:60", "4S-1:0", "4S-2:40"], {}, "must be more than 0"),
    (["4S=:60", "4S-1"], {}, "RESULT:PERCENT"),
    (["4S=:60", "4S-1:x"], {}, "'x' is not a percentage"),
    (["4S=:60", "4S-1:-40"], {}, "is not a percentage"),
    (["4S=:60", "4S-1:40/0"], {}, "divides by zero"),
    (["4S=:60", "8S-1:40"], {}, "Law 38A"),
    (["4SN=:60", "4S-1:40"], {}, "names no declarer but '4SN=:60' does"),
    (["4S=:60", "4S-1:40"], {"side": "NS"}, "needs the declarer's seat"),
    (["4SN=:60", "4SN-1:40"], {"side": "NW"}, "'NW' is not a side"),
    (["4SN=:60", "4HE-1:40"], {"vulnerable": True}, "ambiguous"),
    (["4S=:60", "4S-1:40"], {"board_vul": frozenset()}, "names no declarer"),
    (["4S=:60", "4S-1:40"], {"against": "foo"}, "'foo' is neither a number of points nor a result"),
    ([], {}, "no results to weigh"),
])
def test_bad_components(components, kwargs, says):
    with pytest.raises(S.ScoringError) as info:
        S.adjusted_score(components, **kwargs)
    assert says in str(info.value)


# -- the commands ---------------------------------------------------------------------------------

def test_cli_score_json(run_cli):
    code, out, err = run_cli("score", "4HX-2", "3NT+1", "PASS", "--vul", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert [d["result"] for d in data] == ["4HX-2", "3NT+1", "PASS"]
    assert [d["contract"] for d in data] == ["4HX", "3NT", "PASS"]
    assert [d["tricks"] for d in data] == [8, 10, None]
    assert [d["score"] for d in data] == [-500, 630, 0]
    assert data[0]["vulnerable"] is True and data[0]["law"] == "77"
    assert data[1]["breakdown"] == {"contract_points": 100, "overtricks": 30, "game_or_partscore": 500,
                                    "slam": 0, "insult": 0, "undertricks": 0, "total": 630}


def test_cli_score_text(run_cli):
    code, out, _ = run_cli("score", "4S+1", "7NTXX=", "--vul")
    assert code == 0
    assert "4S+1: 4♠, vulnerable, 11 tricks: 650" in out
    assert re.search(r"grand slam bonus\s+1500", out) and re.search(r"1 overtrick\s+30", out)
    assert "Law 77" in out


def test_cli_score_board_vul(run_cli):
    code, out, _ = run_cli("score", "4SN=", "5HXE-2", "--board-vul", "EW", "--json")
    data = json.loads(out)
    assert code == 0 and [d["score"] for d in data] == [420, -500]
    assert [d["declarer"] for d in data] == ["N", "E"] and [d["side"] for d in data] == ["NS", "EW"]


def test_cli_adjust(run_cli):
    code, out, _ = run_cli("adjust", "4S=:60", "4S-1:40", "--imps-against", "420", "--json")
    d = json.loads(out)
    assert code == 0 and d["law"] == "12C1c" and d["weighted_score"] == 232
    assert [c["score"] for c in d["components"]] == [420, -50]
    assert [c["percent"] for c in d["components"]] == [60, 40]
    assert d["weighted_imps"] == -4 and d["imps_of_weighted_score"] == -5
    code, out, _ = run_cli("adjust", "4S=:100/3", "4S-1:200/3")
    assert code == 0 and "Weighted score: 106.67 (exactly 320/3; rounded to 2 decimals" in out
    code, out, _ = run_cli("adjust", "4S=:60", "4S-1:40", "--imps-against", "-420")
    assert code == 0 and "Weighted IMPs: 11.4" in out   # 0.6 x 13 + 0.4 x 9


def test_cli_imps(run_cli):
    code, out, _ = run_cli("imps", "420", "-50", "0", "4000", "215", "--json")
    assert code == 0
    assert json.loads(out) == [{"difference": 420, "imps": 9}, {"difference": -50, "imps": -2},
                               {"difference": 0, "imps": 0}, {"difference": 4000, "imps": 24},
                               {"difference": 215, "imps": 6, "rounded_difference": 220}]
    code, out, _ = run_cli("imps", "430")
    assert code == 0 and "10 IMPs" in out


@pytest.mark.parametrize("argv, names", [
    (["score", "4S=", "9S="], "'9S='"),
    (["score", "4Q="], "'Q'"),
    (["score", "4S+4"], "'4S+4'"),
    (["score", "4S=", "--vul", "--board-vul", "NS"], "--board-vul"),
    (["score", "4S=", "--board-vul", "NS"], "'4S='"),
    (["score", "4SN=", "--board-vul", "half"], "'half'"),
    (["adjust", "4S=:60", "4S-1:30"], "90%"),
    (["adjust", "4S=:60", "4S-1:40", "--imps-against", "lots"], "'lots'"),
    (["imps", "abc"], "'abc'"),
])
def test_cli_bad_input(run_cli, argv, names):
    code, out, err = run_cli(*argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and names in err
    assert "Traceback" not in err


def test_cli_bad_input_json(run_cli):
    code, out, err = run_cli("score", "8NT=", "--json")
    assert code == 2 and out == ""
    e = json.loads(err)
    assert e["token"] == "8NT=" and e["law"] == "38A" and "8NT=" in e["error"]


@pytest.mark.parametrize("lang, words", [
    ("es", ["vulnerable", "2 multas", "1 baza de más", "prima de manga", "por Norte", "Artículo 77"]),
    ("nl", ["kwetsbaar", "2 down", "1 overslag", "manchepremie", "door Noord", "artikel 77"]),
    ("it", ["in zona", "2 prese mancanti", "1 presa in più", "premio di manche", "da Nord", "Articolo 77"]),
])
def test_cli_translated(run_cli, lang, words):
    code, out, _ = run_cli("score", "4HX-2", "4SN+1", "--vul", "--lang", lang)
    assert code == 0
    for w in words:
        assert w in out, (lang, w)


@pytest.mark.parametrize("lang, words", [
    ("es", ["Puntuación ajustada ponderada", "Artículo 12C1(c)", "106,67", "exactamente 320/3", "IMPs ponderados"]),
    ("nl", ["Gewogen arbitrale score", "artikel 12C1(c)", "106,67", "precies 320/3", "Gewogen IMP's"]),
    ("it", ["Punteggio arbitrale ponderato", "Articolo 12C1(c)", "106,67", "esattamente 320/3", "IMP ponderati"]),
])
def test_cli_adjust_translated(run_cli, lang, words):
    code, out, _ = run_cli("adjust", "4S=:100/3", "4S-1:200/3", "--imps-against", "420", "--lang", lang)
    assert code == 0
    for w in words:
        assert w in out, (lang, w)


@pytest.mark.parametrize("lang, words", [
    ("es", ["nunca se permite el carteo", "Artículo 38A"]),
    ("nl", ["boven zeven", "artikel 38A"]),
    ("it", ["oltre il livello di sette", "Articolo 38A"]),
])
def test_cli_errors_translated(run_cli, lang, words):
    code, out, err = run_cli("score", "8S=", "--lang", lang)
    assert code == 2 and "'8S='" in err
    for w in words:
        assert w in err, (lang, w)


# -- the catalogs -------------------------------------------------------------------------------

def test_scoring_catalogs_complete():
    from i18n import build

    assert build.problems(["scoring"]) == []


@pytest.mark.parametrize("lang", ["es", "nl", "it"])
def test_scoring_translations_keep_placeholders(lang):
    from babel.messages.pofile import read_po

    from i18n import build

    ids = {m.id for m in build.template("scoring") if m.id}
    with open(build.LOCALE / lang / "LC_MESSAGES" / "scoring.po", "rb") as f:
        cat = read_po(f)
    seen = set()
    for m in cat:
        if not m.id or m.id not in ids:
            continue
        seen.add(m.id)
        msgids = m.id if isinstance(m.id, (list, tuple)) else [m.id]
        strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        want = set(re.findall(r"\{(\w+)\}", msgids[-1]))
        for s in strings:
            assert s and set(re.findall(r"\{(\w+)\}", s)) == want, (lang, m.id, s)
        # notation the user must type is kept as it is
        for token in ("4HX-2", "4S=:60", "RESULT:PERCENT", "Law 38A", "Law 18A", "--board-vul"):
            if token in msgids[0]:
                expected = {"RESULT:PERCENT": {"es": "RESULTADO:PORCENTAJE", "nl": "RESULTAAT:PERCENTAGE",
                                               "it": "RISULTATO:PERCENTUALE"}[lang],
                            "Law 38A": "38A", "Law 18A": "18A"}.get(token, token)
                assert all(expected in s for s in strings), (lang, m.id, token)
    assert seen == ids
