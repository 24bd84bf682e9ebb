"""The docs' pages written from the project's data (docs/sources.py)."""
from __future__ import annotations

import gettext

from docs import sources as SRC
from laws.rulings import rule as RU
from laws.rulings import trees as R


def test_a_tree_page_says_an_adjusted_score_as_the_engine_does():
    """12C1(d): the director *may* award an artificial adjusted score; 23C / 27D: he awards one."""
    t = gettext.NullTranslations()
    for edition in ("2007", "2017"):
        page = SRC.tree_page_rst(R.trees(edition)["adjusted_score"], "en", t)
        assert SRC.esc(RU.ADJUSTED_SCORE_MAY) in page
        assert SRC.esc(RU.ADJUSTED_SCORE_AWARDED) in SRC.tree_page_rst(R.trees(edition)["wrong_board"], "en", t)
