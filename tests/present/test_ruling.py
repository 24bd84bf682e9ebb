"""present/ruling.py: the ruling's rows as the card and the ruling record show them."""
import pytest

from i18n import translator
from laws.rulings import auction as A
from laws.rulings import rule as RU
from present import ruling as PR


def _partner_value(d: dict, t) -> str:
    label = t.gettext("Offender's partner") + f" ({PR.seat(A.partner(d['offender']), t)})"
    return dict(PR.ruling_rows(d, t))[label]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("auction, facts, awaiting", [
    ("1H 1D TD", {"accepted": "no"}, "replacement"),           # 27B: the replacement is not made yet
    ("1H W:1S TD", {"accepted": "no"}, "offender_called"),     # 31B: the offender's own call is still to come
])
def test_the_partners_row_waits_for_the_later_call(lang, auction, facts, awaiting):
    """Walk #13: a ruling given before the call its obligations follow from (``awaiting_call``) does not
    tell the partner he has no obligation: his row says what it depends on."""
    t = translator(lang)
    d = RU.translate(RU.rule("N", auction, facts).to_dict(), t)
    assert d["status"] == "ruling" and d["awaiting_call"] == awaiting and d["partner_must_pass"] == "no"
    assert _partner_value(d, t) == t.gettext(PR.AWAITING_LABELS[awaiting])
    assert _partner_value(d, t) != t.gettext(RU.MUST_PASS_LABELS["no"])


def test_the_partners_row_once_the_call_is_known():
    """The same record with an illegal replacement (a pass): the partner's obligation is decided (27B2)."""
    t = translator("es")
    d = RU.translate(RU.rule("N", "1H 1D TD E:P", {"accepted": "no", "unintended": "no", "comparable": "no"}).to_dict(), t)
    assert d["status"] == "ruling" and not d.get("awaiting_call"), d.get("fact")
    assert _partner_value(d, t) == t.gettext(RU.MUST_PASS_LABELS[d["partner_must_pass"]])
    assert d["partner_must_pass"] != "no"


def test_the_edition_notice_is_one_short_line_and_the_changes_go_with_the_steps():
    """Walk #17: a 2017 ruling read in Spanish (the AEB text is of 2007) says so in a line that names no
    provision; the provisions of its trail the 2007 Laws changed are a sentence of their own (shown with
    the steps taken)."""
    from laws.corpus import load

    corpus, t = load(), translator("es")
    d = RU.translate(RU.rule("N", "1H 1D TD", {"accepted": "no"}, edition="2017").to_dict(), t)
    notice, changes = PR.edition_notice(d, "es", corpus, t), PR.edition_changes(d, "es", corpus, t)
    assert notice and "2007" in notice and not any(k in notice for k in d["trail"])
    assert changes and "27B" in changes
    d07 = RU.translate(RU.rule("N", "1H 1D TD", {"accepted": "no"}, edition="2007").to_dict(), t)
    assert PR.edition_notice(d07, "es", corpus, t) is None and PR.edition_changes(d07, "es", corpus, t) is None


def test_next_to_call_after_25A_gives_both_choices_of_the_lho():
    """Review session 4 #10: the card's 'Next to call' row, as the CLI, says who calls if the LHO withdraws the call he
    made over the unintended one, and who if he keeps it."""
    from i18n import translator
    from laws.rulings.rule import rule

    d = rule("E", "1S 2NT P S:X TD", {"unintended": "yes"}, edition="2017").to_dict()
    assert dict(PR.ruling_rows(d, translator("en")))["Next to call"] == (
        "West if he withdraws the call he made over the unintended call; if he keeps it, North")


def test_the_card_says_the_lho_may_withdraw_his_call_over_the_unintended_call():
    """Review session 4 #18: the card carries the ruling's withdrawable call, under the engine's label, in English."""
    d = RU.rule("W", "1NT 2S E:P N:1S TD", {"unintended": "yes", "accepted": "no"}, edition="2017").to_dict()
    t = translator("en")
    rows = dict(PR.ruling_rows(d, t))
    assert "East may withdraw the call he made over the unintended call (P)" in rows[RU.WITHDRAWABLE_LABEL]
    assert "25A6" in rows[RU.WITHDRAWABLE_LABEL]
