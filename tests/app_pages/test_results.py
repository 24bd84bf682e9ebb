"""Results on Score in the interface's notation (walk #2, #3): the federation's word for a
passed-out board is read, and laws.scoring's messages echo the result as typed, with their
examples and their pass word in that notation, never the neutral English form."""
import pytest

from i18n import translator
from laws import scoring as S
from tests.app.test_app import app, ok, plain

from app_pages.results import read_result, scoring_message, write_result

PASS_WORDS = {"es": ("Paso", "paso", "P", "PASS"), "nl": ("Pas", "pas", "PASS"), "it": ("Passo", "passo", "PASS")}
EXAMPLES = {"es": "4CX-2, 3ST+1, 6P=", "nl": "4HX-2, 3SA+1, 6S=", "it": "4CX-2, 3SA+1, 6P="}


@pytest.mark.parametrize("lang", sorted(PASS_WORDS))
def test_the_federations_word_for_a_passed_out_board(lang):
    for word in PASS_WORDS[lang]:
        assert read_result(word, lang) == "PASS"
        assert S.score_result(read_result(word, lang)).passed_out
    assert write_result("PASS", lang) == PASS_WORDS[lang][0]


@pytest.mark.parametrize("lang", sorted(PASS_WORDS))
def test_scoring_messages_in_the_languages_notation(lang):
    t, typed = translator(lang), {"es": "4CX", "nl": "4HX", "it": "4CX"}[lang]  # four hearts doubled
    with pytest.raises(S.ScoringError) as e:
        S.score_result(read_result(typed, lang))
    msg = scoring_message(e.value, t, lang, typed)
    assert f"'{typed}'" in msg and f"{typed}=" in msg
    if lang != "nl":  # nl writes hearts H, as English does
        assert "4HX" not in msg
    with pytest.raises(S.ScoringError) as e:
        S.score_result(read_result("Z", lang))
    msg = scoring_message(e.value, t, lang, "Z")
    assert EXAMPLES[lang] in msg and "PASS" not in msg and PASS_WORDS[lang][0] in msg
    assert "3NT" not in msg


def test_score_page_in_spanish():
    at = ok(app("score", lang="es", result="PASS 4HX"))  # the URL's neutral results, shown as the AEB writes them
    errors = [plain(e.value) for e in at.error]
    assert len(errors) == 1 and "'4CX'" in errors[0] and "4CX=" in errors[0] and "4HX" not in errors[0]
    assert [m.value for m in at.metric] == ["0"]
    captions = " ".join(plain(c.value) for c in at.caption)
    assert "Paso" in captions and "PASS" not in captions
