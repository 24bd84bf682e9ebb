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
