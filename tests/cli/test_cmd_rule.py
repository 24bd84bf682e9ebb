"""``rulebook rule`` and ``rulebook facts`` as the director reads them: the review of session 3 (#5, #8)."""
from __future__ import annotations

import pytest

BOTH = ("2017", "2007")


@pytest.mark.parametrize("edition", BOTH)
def test_a_27B1_ruling_says_how_to_walk_the_end_of_play_tree(run_cli, edition):
    code, out, _ = run_cli("rule", "--dealer", "N", "--auction", "1H 1D TD E:2D", "--edition", edition, "--fact",
                           "accepted=no", "--fact", "unintended=no", "--fact", "artificial=no", "--fact",
                           "same_denomination=yes")
    assert code == 0 and "Ruling (27B1a)" in out
    assert f"rulebook rule --tree correction_damage --edition {edition}" in out
    assert "At the end of the play" in out and "27D" in out


def test_an_adjusted_score_is_awarded_not_may_be(run_cli):
    code, out, _ = run_cli("rule", "--tree", "correction_damage", "--edition", "2017", "--fact",
                           "outcome_could_differ=yes", "--fact", "damaged=yes", "--fact", "results_assessable=yes",
                           "--fact", "serious_error=no", "--fact", "several_likely_results=no")
    assert code == 0 and "The director awards an adjusted score." in out and "may award" not in out


def test_a_fact_given_and_not_used_is_shown_with_its_reason(run_cli):
    code, out, _ = run_cli("rule", "--dealer", "E", "--auction", "1S 2NT P N:P S:X TD", "--edition", "2017",
                           "--fact", "unintended=yes")
    assert code == 0 and "Ruling (36B4)" in out
    assert "Given but not used: unintended=yes: the offender's partner has called since" in out


@pytest.mark.parametrize("edition", BOTH)
def test_after_a_25A1_substitution_the_lho_has_nothing_to_accept(run_cli, edition):
    code, out, _ = run_cli("rule", "--dealer", "N", "--auction", "1NT P P P W:2C", "--edition", edition,
                           "--fact", "unintended=yes", "--fact", "pause=no")
    assert code == 0 and "accepting it" not in out
    assert "Not yet dealt with: North, the offender's LHO, calls next, or the director be called." in out


@pytest.mark.parametrize("edition", BOTH)
def test_next_to_call_after_25A_gives_both_cases(run_cli, edition):
    code, out, _ = run_cli("rule", "--dealer", "E", "--auction", "1S 2NT P S:X TD", "--edition", edition,
                           "--fact", "unintended=yes", "--fact", "pause=no")
    assert code == 0
    assert "Next to call: West if he withdraws the call he made over the unintended call; if he keeps it, North" in out


def test_facts_of_an_edition_in_its_own_words(run_cli):
    _, out07, _ = run_cli("facts", "--edition", "2007")
    _, out17, _ = run_cli("facts", "--edition", "2017")
    line07 = next(ln for ln in out07.splitlines() if ln.startswith("outcome_could_differ"))
    line17 = next(ln for ln in out17.splitlines() if ln.startswith("outcome_could_differ"))
    assert "well" not in line07 and "27D" in line07      # 2007 27D: could have been different
    assert "could the outcome of the board well have been different" in line17   # 2017 23C/27D


@pytest.mark.parametrize("edition", BOTH)
def test_the_lho_is_not_said_to_call_next_where_he_does_not(run_cli, edition):
    """Review session 4 #1: after the LHO declined (27B: the offender replaces), no 'South calls next'; where the
    intended call is itself insufficient (25A1, '1NT 2S N:1S'), the LHO may accept it; after 25A4/25A6, both choices."""
    _, out, _ = run_cli("rule", "--dealer", "N", "--auction", "1H 1D", "--edition", edition, "--fact", "accepted=no",
                        "--fact", "unintended=no", "--fact", "replacement=other_bid")
    assert "calls next" not in out
    _, out, _ = run_cli("rule", "--dealer", "W", "--auction", "1NT 2S N:1S", "--edition", edition, "--fact",
                        "unintended=yes", "--fact", "pause=no")
    assert "East, the offender's LHO, may call over it (accepting it where the law allows)" in out
    _, out, _ = run_cli("rule", "--dealer", "E", "--auction", "1S 2NT P S:X", "--edition", edition, "--fact",
                        "unintended=yes", "--fact", "pause=no")
    assert "calls next" not in out and "if he keeps it, North" in out


@pytest.mark.parametrize("edition", BOTH)
def test_an_artificial_adjusted_score_is_said_to_be_the_directors_choice(run_cli, edition):
    """Review session 4 #5: 12C1(d) leaves the artificial adjusted score to the director (he may award one): the
    fixed line follows the ruling, not 'awards'."""
    code, out, _ = run_cli("rule", "--tree", "adjusted_score", "--edition", edition, "--fact", "damaged=yes",
                           "--fact", "results_assessable=no")
    assert code == 0 and "Ruling (12C1d)" in out
    assert "The director may award an artificial adjusted score." in out
    assert "The director awards an adjusted score." not in out


def test_a_provision_new_in_the_ruling_s_edition_is_not_bridged_to_none(run_cli):
    """Review session 4 #12(c): read in Spanish (the AEB text follows 2007), a 2017 ruling citing 23A and 23C, which
    the 2007 Laws have no counterpart of, lists them without a Python None."""
    code, out, _ = run_cli("rule", "--dealer", "N", "--auction", "1H P W:X TD S:2H W:X", "--edition", "2017",
                           "--fact", "accepted=no", "--fact", "comparable=yes", "--lang", "es")
    assert code == 0 and "None" not in out
    bridge = [ln for ln in out.splitlines() if ln.startswith("  2017 23A") or ln.startswith("  2017 23C")]
    assert len(bridge) == 2 and all("->" not in ln and "2007" in ln for ln in bridge)


def test_pause_is_moot_for_the_same_reason_as_unintended_once_the_partner_called(run_cli):
    """Review session 4 #4 (2007): '1H 1D S:P W:P TD', unintended=yes: too late, West has called (25A2); the pause
    given is unused for that reason, not as a question no step asks."""
    code, out, _ = run_cli("rule", "--dealer", "N", "--auction", "1H 1D S:P W:P TD", "--edition", "2007",
                           "--fact", "unintended=yes", "--fact", "pause=no")
    assert code == 0 and "Ruling (27A1)" in out
    assert "Given but not used: pause=no: the offender's partner has called since" in out and "(Law 25A2)" in out
    assert "no step of this ruling turns on it" not in out


def test_a_tree_walked_into_another_keeps_its_own_name(run_cli):
    """Review session 4 #12(d): 2017 correction_damage goes on in adjusted_score (12C1): the heading names the tree
    the director walked (23C/27D), not the one the walk ended in."""
    code, out, _ = run_cli("rule", "--tree", "correction_damage", "--edition", "2017", "--fact",
                           "outcome_could_differ=yes", "--fact", "damaged=yes", "--fact", "results_assessable=yes",
                           "--fact", "serious_error=no", "--fact", "several_likely_results=no")
    head = out.splitlines()[0]
    assert code == 0 and "23C" in head and "27D" in head and "12C1" not in head
