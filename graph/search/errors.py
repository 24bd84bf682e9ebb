"""The errors of a query that cannot be searched: English message ids with parameters, translated
by the front end (:meth:`SearchError.message`)."""
from __future__ import annotations

from i18n import N_


class SearchError(ValueError):
    """A query that cannot be searched; ``msgid`` (English) and ``params`` for translation."""

    msgid = N_("The query cannot be searched.")

    def __init__(self, **params):
        self.params = params
        super().__init__(self.msgid.format(**params))

    def message(self, t) -> str:
        """The message in the language of translator ``t`` (its words too, not only the sentence)."""
        return t.gettext(self.msgid).format(**self._params(t))

    def _params(self, t) -> dict:
        return self.params


class EmptyQuery(SearchError):
    msgid = N_("The query is empty: write what happened at the table (e.g. «doblo fuera de turno») "
               "or a provision key (e.g. 27B1(a)).")


class OnlyStopWords(SearchError):
    msgid = N_("The query {query!r} has only common words (articles, prepositions, pronouns) and "
               "punctuation: add what happened, e.g. the call or the irregularity.")


class TooLong(SearchError):
    msgid = N_("The query is {n} characters long; a search takes at most {max} characters.")


class NoWords(SearchError):
    msgid = N_("The query {query!r} has no words, only punctuation or symbols.")


class NoMatch(SearchError):
    msgid = N_("Nothing in the corpus matches {query!r}. Try other words, another language (--lang) "
               "or a provision key such as 27B1(a).")


class AbsentKey(SearchError):
    msgid = N_("{key} is not in the corpus and no text cites it. Nearest: {near}")


class AbsentInEdition(SearchError):
    msgid = N_("{key} is not a provision of the {edition} Laws in the corpus and no text of that edition "
               "cites it. In the other edition: {other}. Corresponds to: {corresponds}.")

    def __init__(self, statuses: tuple = (), **params):
        # statuses: (EDITION:KEY, status of the correspondence table) for ``corresponds``
        self.statuses = tuple(statuses)
        super().__init__(corresponds=_corresponds(self.statuses, None), **params)

    def _params(self, t) -> dict:
        return {**self.params, "corresponds": _corresponds(self.statuses, t)}


def _corresponds(statuses, t) -> str:
    """``2017:16D (renumbered)``, the status word in the language of ``t`` (English without)."""
    return ", ".join(f"{qk} ({t.gettext(st) if t is not None else st})" for qk, st in statuses) or "-"


