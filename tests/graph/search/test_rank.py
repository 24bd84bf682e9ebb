"""The first stage (graph/search/rank.py): its scores and bonuses, computed as their definitions say."""
from __future__ import annotations

import pytest

from graph import search as S
from graph.search import labelled as LAB
from graph.search import rank as RANK
from graph.search.index import FIELD_WEIGHT, FIELDS
from graph.search.text import SIT_PREFIX


@pytest.fixture(scope="module")
def index():
    return S.warm()


QUERIES = [(x.q, x.lang) for x in LAB.load()[::40]]


def _read(index, query, lang):
    try:
        return S.analyse(index, query, lang)
    except S.SearchError:
        return None


def _score_by_definition(index, q):
    """BM25F as the module's docstring says it: each word of the query through its best token, times the
    share of the query's words held (without the bonuses)."""
    raw, held, parts = {}, {}, {}
    for g in q.groups:
        best = {}
        for tok, w in g.tokens.items():
            kind = ("concept" if tok[0] in "@~" else "situation" if tok.startswith(SIT_PREFIX)
                    else "word" if tok.startswith(f"{q.lang}:") else "cognate")
            for i, c in index.postings[tok]:
                if i not in best or w * c > best[i][0]:
                    best[i] = (w * c, kind)
        for i, (s, kind) in best.items():
            raw[i] = raw.get(i, 0.0) + s
            held[i] = held.get(i, 0.0) + g.weight
            parts.setdefault(i, {})[kind] = parts.get(i, {}).get(kind, 0.0) + s
    total = sum(g.weight for g in q.groups) or 1.0
    return {i: s * (RANK.COVER_FLOOR + (1 - RANK.COVER_FLOOR) * held[i] / total) for i, s in raw.items()}, parts


@pytest.mark.parametrize("query,lang", QUERIES)
def test_the_scores_are_bm25f_over_each_words_best_token_plus_the_bonuses(index, query, lang):
    q = _read(index, query, lang)
    if q is None or q.known == 0:
        return
    scores, parts = RANK.score(index, q)
    plain, plain_parts = _score_by_definition(index, q)
    assert list(scores) == list(plain)     # the same documents, in the same order (ties fall the same way)
    total = sum(g.weight for g in q.groups) or 1.0
    top = sorted(plain, key=lambda i: -plain[i])[:RANK.PROXIMITY_DOCS]
    for i, s in plain.items():
        bonus = (_proximity_by_definition(RANK._positions(index, i), q) if q.pairs else 0.0) + \
            RANK._heading_match(index.docs[i], q, total) if i in top else 0.0
        assert scores[i] == (s + bonus if bonus else s), i
        word = plain_parts[i].get("word", 0.0) + bonus if bonus else plain_parts[i].get("word")
        assert parts[i] == {**plain_parts[i], **({"word": word} if word is not None else {})}, i


def _proximity_by_definition(pos, q):
    bonus = 0.0
    for a, b in q.pairs:
        best = 0.0
        for f in FIELDS:
            pa = [n for t in q.groups[a].tokens for n in pos[f].get(t, ())]
            pb = [n for t in q.groups[b].tokens for n in pos[f].get(t, ())]
            if any(abs(x - y) <= RANK.PROXIMITY_WINDOW for x in pa for y in pb):
                best = max(best, FIELD_WEIGHT[f] / FIELD_WEIGHT["heading"])
        bonus += best * RANK.PROXIMITY * min(q.groups[a].weight, q.groups[b].weight)
    return bonus


@pytest.mark.parametrize("query,lang", QUERIES)
def test_the_proximity_bonus_is_the_weightiest_field_holding_each_pair_close(index, query, lang):
    q = _read(index, query, lang)
    if q is None or not q.pairs:
        return
    groups_of = RANK.word_groups(q)
    assert not any(t.startswith(SIT_PREFIX) or t[0] in "@~" for t in groups_of)
    for i in range(0, len(index.meta), 7):
        pos = RANK._positions(index, i)
        want = _proximity_by_definition(pos, q)
        assert RANK._proximity(pos, q) == want
        assert RANK._proximity(pos, q, groups_of) == want
