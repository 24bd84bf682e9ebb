"""A director's own words (graph/search/, graph/search/lexicon.py, laws/data/glossary.yaml): general
vocabulary (a suit named for the denomination, a level written as one word, how directors say a
mistaken bid, a partial review, taking back a played card, the last pass, a card that fell during the
auction, asking for an explanation)."""
import pytest

from graph import glossary as G
from graph import search as S


def top(query, lang, n=3):
    return [h.key for h in S.search(query, lang, n)]


@pytest.mark.parametrize("query,lang,targets", [
    # a suit, or no trump, named for the denomination (19A3: doubling while naming the wrong one)
    ("al doblar dijo doblo dos corazones pero eran dos picas", "es", {"19A3"}),
    ("al doblar dijo el palo equivocado", "es", {"19A3"}),
    # a level above seven written as one Dutch word (only the Spanish text holds Law 38)
    ("bod op achtniveau wordt geannuleerd", "nl", {"38", "38B", "38C"}),
    # the bid was wrong, not the explanation (75C)
    ("het bod was fout, niet de uitleg", "nl", {"75C"}),
    # asking for a part of the auction only (20B2)
    ("pide que le repitan solo una parte de la subasta", "es", {"20B2", "20C3"}),
    # taking back a played card after misinformation: Law 47E, only in the Dutch (2017) text
    ("retiró la carta jugada tras una explicación errónea del adversario", "es", {"47E2a", "47E2"}),
    ("ritirare la carta giocata dopo una spiegazione sbagliata", "it", {"47E2a", "47E2", "47E"}),
    # calls after the last pass (39)
    ("bod na de laatste pas", "nl", {"39", "39A", "39B", "39C"}),
    # asking what an opponent's call means (20F1 during the auction, 20F2 after it: the query does not say when)
    ("chiede la spiegazione di una licita avversaria", "it", {"20F1", "20F", "20F2"}),
    # a card that fell on the table during the auction (24)
    ("kaart valt op tafel tijdens het bieden", "nl", {"24", "24A"}),
])
def test_director_words_find_the_provision(query, lang, targets):
    got = top(query, lang)
    assert targets & set(got), got


def test_a_suit_named_after_a_double_stands_for_the_denomination():
    idx = S.load_index()
    for query, lang in [("doblo dos corazones", "es"), ("doublet twee harten", "nl"), ("contro due cuori", "it")]:
        assert "@denomination" in S.analyse(idx, query, lang).concepts, query


@pytest.mark.parametrize("query,lang,call", [
    ("cogió el cartón de 1 corazón queriendo 1 pica", "es", {"1", "corazon", "pica"}),
    ("abrió 3SA fuera de turno", "es", {"3sa"}),
    ("hij bood twee harten voor de beurt", "nl", {"twee", "harten"}),
    ("ha detto cuori ma voleva picche", "it", {"cuori", "picche"}),
])
def test_a_call_named_in_a_query_is_a_situation_not_a_topic(query, lang, call):
    """The words of a call weigh little and never stand for the denomination or its rank (18E)."""
    q = S.analyse(S.load_index(), query, lang)
    assert "@denomination" not in q.concepts
    weights = {g.word: g.weight for g in q.groups}
    others = [w for g, w in weights.items() if g not in call and w]
    for word in call:
        assert weights[word] < min(others), (word, weights)


@pytest.mark.parametrize("word", ["achtniveau", "negenniveau", "8", "nueve"])
def test_a_level_above_seven_in_one_word(word):
    q = S.analyse(S.load_index(), f"bod op {word}", "nl")
    assert q.concepts.get("@bid-above-seven") == 1.0


def test_a_level_of_seven_or_less_is_not_above_seven():
    for word in ("zevenniveau", "drieniveau", "niveau"):
        # «zevenniveau» is part of the glossary's term «bod boven het zevenniveau»: a partial match only
        assert S.analyse(S.load_index(), f"bod op {word}", "nl").concepts.get("@bid-above-seven", 0.0) < 1.0


def test_the_new_concepts_keep_their_statuses():
    g = G.load()
    partial, retraction = g.get("partial-review"), g.get("retraction-of-a-card-played")
    # found verbatim in the corpus: the AEB's «revisión parcial» (20B2), the NBB's «terugnemen» (47E2a)
    assert partial.status("es") == "found" and retraction.status("nl") == "found"
    # the others are usual terms, never shown as a federation's
    assert not partial.is_official("nl") and not partial.is_official("it")
    assert not retraction.is_official("es") and not retraction.is_official("it")
    assert not [x for x in g.check() if x[0] in ("partial-review", "retraction-of-a-card-played",
                                                  "request-for-explanation")]


def test_a_term_of_two_words_needs_both():
    idx = S.load_index()
    assert "@mistaken-call" not in S.analyse(idx, "il giocatore obbligato a passare licita", "it").concepts
    assert "@mistaken-call" in S.analyse(idx, "una licita sbagliata", "it").concepts
    # a term of three words or more may miss a minor one: «bod boven het zevenniveau»
    assert 0 < S.analyse(idx, "bod zevenniveau", "nl").concepts.get("@bid-above-seven", 0) < 1


@pytest.mark.parametrize("query,lang,targets", [
    # accepting an irregular call, said in Dutch or Italian; only the Spanish text holds 25 and 27
    ("LT accepteert het onvoldoende bod", "nl", {"27A1", "27A"}),
    ("l'avversario accetta la chiamata sostituita", "it", {"25B1"}),
    # correcting an explanation during the auction (20F5, Spanish text)
    ("il compagno corregge la spiegazione durante la licitazione", "it", {"20F5a", "20F5", "20F5b"}),
])
def test_accepting_and_correcting_cross_languages(query, lang, targets):
    got = top(query, lang)
    assert targets & set(got), got


def test_an_inadmissible_double_finds_law_36_from_dutch():
    # Law 36's heading («Doblos y redoblos inadmisibles», Spanish text only) is the concept itself
    assert "36" in top("ontoelaatbaar doublet", "nl")


@pytest.mark.parametrize("word,lang,parts", [
    ("rigiochiamo", "it", ("giochiamo", "nuovamente")),
    ("herspelen", "nl", ("spelen", "opnieuw")),
    ("rejugar", "es", ("jugar", "nuevamente")),
    ("ricevuto", "it", None),        # a word the index knows is never split
    ("rebid", "en", None),           # its rest too short to be a word of its own
])
def test_a_word_that_says_again_by_its_prefix_is_read_as_its_rest_and_again(word, lang, parts):
    from graph.search import query as Q
    assert Q.split_again(S.load_index(), lang, word) == parts


def test_replaying_the_board_of_the_wrong_cards_finds_17d3():
    # «rigioca» read as «gioca» and «nuovamente»: without it, 17D1 (the call with the wrong cards) came first
    got = top("nel turno dopo rigioca il board delle carte sbagliate", "it", 1)
    assert got == ["17D3"], got
