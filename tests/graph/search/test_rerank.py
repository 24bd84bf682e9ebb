"""The search's second stage (graph/search/rerank.py, model.py, memory.py): its model file, its memory
of labelled queries, what it may change and what it may not."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graph import search as S
from graph.search import labelled as LAB
from graph.search import memory as MEM
from graph.search import model as MODEL
from graph.search import rank as RANK
from graph.search import rerank as RR


@pytest.fixture(scope="module")
def index():
    return S.load_index()


LABELLED = LAB.load()
QUERIES = [(x.q, x.lang) for x in LABELLED if x.writer in ("set09", "set11")]


def test_the_shipped_model_has_every_feature_once():
    m = MODEL.load_model()
    assert sorted(m.names) == sorted(RR.FEATURES)
    assert all(sd > 0 for sd in m.sd)


@pytest.mark.parametrize("text,line,what", [
    ("features:\n  - {name: rel, mean: 0.5, sd: 0.3, weight: 1}\n  - {name: relevance, mean: 0, sd: 1, weight: 1}\n",
     3, "unknown feature 'relevance'"),
    ("features:\n  - {name: rel, mean: 0.5, sd: 0.3}\n", 2, "expected the fields name, mean, sd, weight"),
    ("features:\n  - {name: rel, mean: 0.5, sd: 0, weight: 1}\n", 2, "sd above 0"),
    ("features:\n  - {name: rel, mean: 0.5, sd: 1, weight: 1}\n  - {name: rel, mean: 0.5, sd: 1, weight: 1}\n",
     3, "appears twice"),
    ("features: [\n", None, "not valid YAML"),
    ("features:\n  - {name: rel, mean: 0.5, sd: 1, weight: 1}\nhidden:\n  - {bias: 0, out: 1, weights: [1, 2]}\n",
     4, "weights must be a list of 1 numbers"),
    ("features:\n  - {name: rel, mean: 0.5, sd: 1, weight: 1}\nhidden:\n  - {bias: 0, weights: [1]}\n",
     4, "expected the fields bias, out, weights"),
    ("features:\n  - {name: rel, mean: 0.5, sd: 1, weight: 1}\nhidden:\n  - {bias: x, out: 1, weights: [1]}\n",
     4, "must be numbers"),
    ("features:\n  - {name: rel, mean: 0.5, sd: 1, weight: 1}\nhidden: 3\n", 3, "not a list of units"),
    ("weights: 1\n", 1, "no list of features"),
])
def test_a_broken_model_file_says_where_and_how_to_fix_it(tmp_path, text, line, what):
    p = tmp_path / "model.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(MODEL.ModelError) as e:
        MODEL.load_model(p)
    assert what in e.value.message and e.value.fix
    if line is not None:
        assert e.value.line == line


def test_a_query_of_the_memory_is_its_own_nearest_until_its_writer_is_left_out(index):
    item = next(x for x in LABELLED if x.writer == "set07" and x.lang == "es" and len(x.q.split()) > 6)
    q = S.analyse(index, item.q, item.lang)
    near = MEM.neighbours(index.memory, q)
    assert len(near) == MEM.MEMORY_K and near[0][0] > 0.9 and near[0][1] == item.targets
    assert all(a[0] >= b[0] for a, b in zip(near, near[1:]))
    # the fitting leaves out the writer of the query it computes, as a new query's would be
    assert MEM.neighbours(index.memory, q, exclude={"set07"})[0][0] < near[0][0]
    assert MEM.neighbours(index.memory, q) == near


def test_the_memory_votes_for_the_decisive_target_more_than_for_an_acceptable_one(index):
    near = [(0.8, ("30B2a", "30B")), (0.5, ("2017:30B1",)), (0.4, ("31A",))]
    keys = ["2007:30B2a", "2007:30B", "2017:30B1", "2007:31A", "2007:29B", "2007:30"]
    votes = MEM.votes(near, keys, index.ancestors)
    assert votes[0] == (0.8, 0.8, 0.0)
    assert votes[1] == (pytest.approx(0.8 * MEM.MEMORY_ALT), pytest.approx(0.8 * MEM.MEMORY_ALT), 0.8)   # 30B2a is below
    assert votes[2] == (0.5, 0.5, 0.0) and votes[3] == (0.4, 0.4, 0.0) and votes[4] == (0.0, 0.0, 0.0)
    assert votes[5] == (0.0, 0.0, 0.8)   # a law asked about in general words: the best vote for its parts
    assert [v[2] for v in MEM.votes([(0.7, ("2017:16C2",))], ["2017:16C", "2017:16"], index.ancestors)] == [0.7, 0.7]
    assert MEM.votes(near, ["2007:30B1"]) == [(0.0, 0.0, 0.0)]   # an edition-qualified target is that edition's


def test_without_its_memory_the_second_stage_still_ranks(index):
    q, first, parts, via, _ = RANK.first_stage(index, "mi compañero ha tardado mucho en pasar", "es")
    out = RR.rerank(index, q, first, parts, "es", near=[])
    assert sorted(k for k, _ in out[:RR.N]) == sorted(k for k, _ in RR.candidates(index, first, RR.account_of(index, q, "es")))
    assert MEM.neighbours(index.memory, q) and not MEM.neighbours(None, q)


def test_the_memory_brings_up_what_answered_the_nearest_queries():
    ranked = [(f"2007:{k}", (20.0 - n, n)) for n, k in enumerate(
        ["31", "26", "22B1", "20C2", "31A2b", "31B", "27A2", "30B1", "26A2", "30B2a", "26B", "30B3", "20C1", "29B",
         "30A", "28B", "32A", "33"])] + [("2017:47E1", (0.5, 99))]
    near = [(0.6, ("29", "29B")), (0.58, ("47E1",)), (0.57, ("33",)), (0.56, ("32A",))]
    cand = RR.candidates(S.load_index(), ranked, None, near)
    keys = [k for k, _ in cand]
    assert len(cand) == RR.N and "2017:47E1" in keys and "2007:33" in keys
    assert "2007:32A" not in keys   # only the decisive targets of the MEMORY_BRING nearest
    assert keys[:RR.N - 2] == [k for k, _ in ranked[:RR.N - 2]]   # they take the last places
    assert RR.candidates(S.load_index(), ranked, None, ()) == ranked[:RR.N]


def test_a_missing_model_file_says_how_to_restore_it(tmp_path):
    with pytest.raises(MODEL.ModelError) as e:
        MODEL.load_model(tmp_path / "none.yaml")
    assert "fit_rerank.py" in e.value.fix


@given(st.sampled_from(QUERIES))
@settings(max_examples=60, deadline=None)
def test_the_second_stage_only_reorders_the_first_candidates(pair):
    query, lang = pair
    idx = S.load_index()
    q, first, _, via, _ = RANK.first_stage(idx, query, lang)
    _, second, *_ = S.ranked(idx, query, lang)
    if not RR.applies(idx, lang, bool(via)):
        # a query citing a provision («rinvio all'articolo 22») keeps the first stage's order and scores
        assert second == first
        return
    # the first N, where a provision the ruling engine applies to the query read as an auction
    # record (graph/search/account.py), or the decisive target of one of the nearest labelled queries
    # of the memory, may take the place of the last ones
    account = RR.account_of(idx, q, lang)
    near = MEM.neighbours(idx.memory, q)
    cand = RR.candidates(idx, first, account, near)
    assert len(cand) == min(RR.N, len(first))
    brought_up = {k for k, _ in cand} - {k for k, _ in first[:RR.N]}
    voted = [t[0] for _, t in near[:RR.MEMORY_BRING]]
    by_memory = {k for k in brought_up if any(MEM.target_matches(t, k) for t in voted)}
    assert len(by_memory) <= RR.MEMORY_EXTRA
    assert brought_up - by_memory <= (account.qualified(idx.corresponds) if account is not None else set())
    assert sorted(k for k, _ in cand) == sorted(k for k, _ in second[:RR.N])
    inside = {k for k, _ in cand}
    assert [k for k, _ in first if k not in inside] == [k for k, _ in second[RR.N:]]
    scores = [s for _, (s, _) in second]
    assert scores == sorted(scores, reverse=True)
    assert all(0 <= s <= 1 for s in scores)


def test_a_cited_provision_keeps_its_place(index):
    hits = S.search("voz insuficiente, ver artículo 27C", "es", 3, index)
    assert hits[0].key == "27C"


def test_a_heading_still_follows_its_best_part(index):
    keys = ["2007:27", "2007:18D", "2007:27B"]
    # whatever the model says, 27 (only a heading) goes after 27B
    order = RR.arrange(index, keys, [3.0, 2.0, 1.0])
    assert [keys[j] for j in order] == ["2007:18D", "2007:27B", "2007:27"]


def test_a_word_few_candidates_hold_counts_more_than_one_they_all_hold():
    """The contrast feature: the detail that tells the candidates apart (word 1, held by the first candidate
    alone) outweighs the cue they share (word 0, held by all), at equal weight."""
    held = [frozenset({0, 1}), frozenset({0}), frozenset({0}), frozenset({0, 2})]
    c = RR._contrast(held, [1.0, 1.0, 0.5])
    assert c[0] == 1.0 and c[3] < c[0] and c[1] == c[2] < c[3]
    assert RR._contrast([frozenset(), frozenset()], [1.0]) == [0.0, 0.0]


def test_the_hidden_units_add_to_the_linear_score(tmp_path):
    """A model's hidden unit adds out * tanh(bias + its weights times the standardised features); a model file
    without ``hidden`` is linear."""
    import math
    p = tmp_path / "model.yaml"
    p.write_text("features:\n  - {name: rel, mean: 0.5, sd: 0.25, weight: 2}\n  - {name: neg, mean: 0, sd: 1, weight: 0}\n"
                 "hidden:\n  - {bias: 0.1, out: -3, weights: [1, 0.5]}\n", encoding="utf-8")
    m = MODEL.load_model(p)
    row = {"rel": 1.0, "neg": 1.0}
    assert RR.score_rows(m, [row])[0] == pytest.approx(2 * 2 - 3 * math.tanh(0.1 + 2 + 0.5))
    linear = RR.Model(m.names, m.mean, m.sd, m.weight)
    assert RR.score_rows(linear, [row])[0] == pytest.approx(4)


def test_the_shipped_model_has_hidden_units_over_every_feature():
    m = MODEL.load_model()
    assert m.hidden and all(len(ws) == len(m.names) for _, _, ws in m.hidden)


def test_the_models_score_is_its_formula_to_the_last_digit(index):
    """score_rows: the standardised features times the weights, plus each hidden unit, summed in that order."""
    mdl = index.model
    q, ranked, parts, *_ = RANK.first_stage(index, "mi compañero tardó mucho en pasar y luego subí", "es")
    rows = RR.features(index, q, RR.candidates(index, ranked, None), parts, "es")
    for row, got in zip(rows, RR.score_rows(mdl, rows)):
        z = [(row[nm] - mu) / sd for nm, mu, sd in zip(mdl.names, mdl.mean, mdl.sd)]
        v = sum(w * x for w, x in zip(mdl.weight, z))
        for bias, o, ws in mdl.hidden:
            v += o * math.tanh(bias + sum(w * x for w, x in zip(ws, z)))
        assert got == v


@pytest.mark.parametrize("query,lang,agrees,opposes", [
    ("het bieden is al begonnen als hij de uitslag van de tafel ernaast hoort", "nl", "2017:16D3", "2017:16D2"),
    ("ha sentito il risultato dal tavolo vicino; la licita non è ancora iniziata", "it", "2017:16D2", "2017:16D3"),
    ("paso fuera de turno antes de que nadie hubiera declarado", "es", "2007:30A", "2007:30B2a"),
])
def test_a_provision_saying_the_opposite_of_what_decides_is_marked_down(index, query, lang, agrees, opposes):
    """The auction had begun or not, anyone had bid or not: a text that holds what the query says is
    marked 1, one that holds only what excludes it -1, one that says neither 0."""
    q = S.analyse(index, query, lang)
    neither = "2017:16B1" if agrees.startswith("2017") else "2007:31A1"
    cand = [(k, (1.0, next(iter(index.by_key[k].values())))) for k in (agrees, opposes, neither)]
    rows = RR.features(index, q, cand, {}, lang)
    assert [r["opposed"] for r in rows] == [1.0, -1.0, 0.0]
