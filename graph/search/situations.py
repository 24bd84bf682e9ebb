"""Situations: how directors and players describe the case each provision governs, in their words.

``graph/search/data/situations/<lang>.yaml`` (es, nl, it, en; a further pass by other hands in ``<lang>-<part>.yaml``) maps every provision, by its edition-qualified key
(``"2007:27B1a"``, ``"2017:16B1a"``), to a few short phrases in that language, written by a director
of that federation from the law texts::

    "2017:16B1a":
      - "el compañero tardó mucho en pasar y yo luego subasté"

They are the project's own index words (a back-of-the-book index), never law text: the search
indexes them beside the provision's text as a field of their own (:mod:`graph.search`), so that a
query in a player's words («alle vier gepast, opnieuw delen?») or in a language whose text does not
hold the provision (a Dutch query about Law 27, which only the Spanish text holds) finds it. They are
never shown as the provision's text; a search result found through one names it as such.

A bad file is a :class:`SituationError` with its file, line and fix: a key that no text holds (with
the nearest keys), an unqualified key, a phrase that is not a short line of text.
"""
from __future__ import annotations

import difflib
import functools
from pathlib import Path

import yaml

from laws import corpus as _corpus
from laws.corpus import CorpusError
from laws.editions import editions

from . import data as D

DIR = D.SITUATIONS
LANGS = D.SITUATION_LANGS
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_WORDS = 25          # a phrase is a short line, not a paragraph
MAX_PHRASES = 8         # per provision and language


class SituationError(CorpusError):
    """A problem in a situations file, with the line and how to fix it."""


def paths() -> list[Path]:
    """The situation files (:func:`graph.search.data.situation_paths`)."""
    return D.situation_paths()


def lang_of(path: Path) -> str:
    """The language of a situation file: ``es`` for ``es.yaml`` and ``es-players.yaml``."""
    return path.stem.split("-", 1)[0]


def parse(path: Path, known: set[str], lenient: bool = False) -> dict[str, list[str]]:
    """One language's file: ``{"EDITION:KEY": [phrase, ...]}``; ``known`` is every qualified key a text holds
    (``lenient``: a key no text holds is left out, not an error: another corpus than the project's)."""
    where = D.rel(path)
    try:
        text = path.read_text(encoding="utf-8")
        node = yaml.compose(text, Loader=_LOADER)
    except UnicodeDecodeError as e:
        raise SituationError(where, None, f"not UTF-8 ({e.reason})", "save the file as UTF-8") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise SituationError(where, mark.line + 1 if mark else None, f"not valid YAML: {getattr(e, 'problem', e)}",
                             "quote every key and phrase with double quotes") from None
    if node is None:
        return {}
    if not isinstance(node, yaml.MappingNode):
        raise SituationError(where, node.start_mark.line + 1, "the file must map provision keys to lists of phrases",
                             f'write "{editions()[0]}:27B1a": followed by lines - "phrase"')
    out: dict[str, list[str]] = {}
    for knode, vnode in node.value:
        line = knode.start_mark.line + 1
        key = knode.value if isinstance(knode, yaml.ScalarNode) else None
        if not isinstance(key, str) or ":" not in key:
            raise SituationError(where, line, f"{key!r} is not an edition-qualified key",
                                 f"write the edition first, e.g. \"{editions()[0]}:{key}\"")
        if key not in known and lenient:
            continue
        if key not in known:
            near = difflib.get_close_matches(key, sorted(known), n=3, cutoff=0.6)
            raise SituationError(where, line, f"no text holds {key}",
                                 ("nearest keys: " + ", ".join(near)) if near else "use a key of `rulebook list`")
        if key in out:
            raise SituationError(where, line, f"{key} appears twice", "merge its phrases under one key")
        if not isinstance(vnode, yaml.SequenceNode) or not vnode.value:
            raise SituationError(where, line, f"{key}: expected a list of phrases", 'write lines - "phrase" under the key')
        if len(vnode.value) > MAX_PHRASES:
            raise SituationError(where, line, f"{key}: {len(vnode.value)} phrases, at most {MAX_PHRASES}",
                                 "keep the phrases that tell this provision apart from its neighbours")
        phrases = []
        for item in vnode.value:
            pl = item.start_mark.line + 1
            v = item.value if isinstance(item, yaml.ScalarNode) and item.tag.endswith(":str") else None
            if not isinstance(v, str) or not v.strip():
                raise SituationError(where, pl, f"{key}: a phrase must be a line of text", 'write - "phrase" in double quotes')
            v = " ".join(v.split())
            n = len(v.split())
            if n > MAX_WORDS:
                raise SituationError(where, pl, f"{key}: a phrase of {n} words, at most {MAX_WORDS}",
                                     "say the situation in a short line")
            if v.casefold() in {p.casefold() for p in phrases}:
                raise SituationError(where, pl, f"{key}: the phrase {v!r} appears twice", "remove one")
            phrases.append(v)
        out[key] = phrases
    return out


@functools.lru_cache(maxsize=4)
def _load(stamp: tuple, known: frozenset, lenient: bool) -> dict:
    out: dict[str, dict[str, list[str]]] = {}
    for path in paths():
        lg = lang_of(path)
        for key, phrases in parse(path, set(known), lenient).items():
            have = out.setdefault(key, {}).setdefault(lg, [])
            seen = {p.casefold() for p in have}
            have += [p for p in phrases if p.casefold() not in seen]
    return out


def load(corpus=None) -> dict[str, dict[str, list[str]]]:
    """Every language's situations: ``{"EDITION:KEY": {lang: [phrase, ...]}}`` (of the provisions the corpus
    holds, when it is not the project's)."""
    corpus = corpus if corpus is not None else _corpus.load()
    known = frozenset(f"{e}:{k}" for e, k in corpus.qualified_keys())
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in paths())
    return _load(stamp, known, not D.for_the_project_corpus())


def check(corpus=None) -> list[str]:
    """Problems that do not stop the files from loading: provisions of the corpus with no phrase in a language.
    A :class:`SituationError` is raised for a file that does not load. Another corpus than the project's
    (``--data``) is not checked against them."""
    corpus = corpus if corpus is not None else _corpus.load()
    sit = load(corpus)
    if not D.for_the_project_corpus():
        return []
    problems = []
    for lg in dict.fromkeys(lang_of(p) for p in paths()):
        missing = [f"{e}:{k}" for e, k in corpus.qualified_keys() if lg not in sit.get(f"{e}:{k}", {})]
        if missing:
            problems.append(f"{D.rel(DIR)}/{lg}*.yaml: no phrase for {len(missing)} provision(s): {', '.join(missing[:8])}"
                            + ("…" if len(missing) > 8 else ""))
    return problems
