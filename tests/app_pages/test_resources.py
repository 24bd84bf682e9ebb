"""app_pages/resources.py: the search index the app shares is read whole into memory once
(graph.search.warm), so that no search of a reader waits for the disk (issue 24's warm())."""
from app_pages import resources
from graph.search import store


def lazy_parts(idx) -> list[str]:
    """The parts of ``idx`` still on disk (read on a search's demand)."""
    out = [n for n, v in vars(idx).items() if isinstance(v, (store.Table, store.Part))]
    for n, v in vars(idx).items():
        if isinstance(v, dict):
            out += [f"{n}[{k}]" for k, x in v.items() if isinstance(x, (store.Table, store.Part))
                    or (isinstance(x, tuple) and x and isinstance(x[0], store.Table))]
    if idx.memory is not None and isinstance(idx.memory.postings, store.Table):
        out.append("memory.postings")
    return out


def test_the_apps_search_index_is_read_whole():
    store.reset()
    assert lazy_parts(store.open_index()), "the store opens lazily: this test would not see a lazy index"
    store.reset()
    idx = resources.search_index.__wrapped__()
    assert lazy_parts(idx) == []
    assert resources.search("doblo fuera de turno", "es", limit=1)[0]["key"] == "32"
