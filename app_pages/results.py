"""Results of a board (``4HX-2``, ``3NT+1``, ``6S=``, ``PASS``) typed and shown in the notation
of the interface language: ``4CX-2`` is four hearts doubled in Spanish and Italian (``C`` is
corazones, cuori), four clubs in English; Dutch writes ``4KX-2`` for four clubs (klaveren).

The letters are :mod:`laws.notation`'s; the score is :mod:`laws.scoring`'s, which reads the
neutral (English) result. Only the denomination and the declarer's seat differ between
notations: the level, the doubling (``X``, ``XX``) and the outcome (``=``, ``+N``, ``-N``) are the
same in all of them. URLs keep the neutral result.
"""
from __future__ import annotations

import re

from i18n import N_
from laws import notation as N

PASSED_OUT = "PASS"  # laws.scoring's word for a passed-out board
_HEAD = re.compile(r"^(?P<level>\d+)(?P<rest>.*)$")
# a neutral result in a message of laws.scoring (its examples: 4HX-2, 3NT+1, 6S=), not a {placeholder}
_EXAMPLE = re.compile(r"(?<![\w{])[1-7](?:NT|[CDHS])X{0,2}(?:[NESW]?[=+\-]\d*)?(?![\w}])")
_TAIL = re.compile(r"^(?P<s1>[^\WX\d])?(?P<x>X*)(?P<s2>[^\WX\d])?(?P<result>.*)$", re.IGNORECASE)


class ResultError(ValueError):
    """A result whose denomination or seat is not a letter of the notation."""

    def __init__(self, msgid: str, **params):
        self.msgid, self.params = msgid, params
        super().__init__(msgid.format(**params))

    def translate(self, t) -> str:
        return t.gettext(self.msgid).format(**self.params)


def read_result(text: str, code: str) -> str:
    """A result typed in notation ``code``, in the neutral notation of :mod:`laws.scoring`
    (anything that is not a bid's result is left for the scoring to judge). The notation's word
    for a pass (``Paso``, ``pas``, ``passo``, ``P``) is a passed-out board, ``PASS``.

    >>> read_result("4CX-2", "es"), read_result("4C=", "it"), read_result("3SA+1", "nl"), read_result("4HX-2", "en")
    ('4HX-2', '4H=', '3NT+1', '4HX-2')
    >>> read_result("4PO=", "es"), read_result("4♠XX-1", "nl"), read_result("Paso", "es"), read_result("pas", "nl")
    ('4SW=', '4SXX-1', 'PASS', 'PASS')
    """
    s = "".join(str(text).split())
    m = _HEAD.match(s)
    if code == N.DEFAULT or not m:
        return PASSED_OUT if code != N.DEFAULT and N.get(code).read_word(s) == "pass" else s
    n = N.get(code)
    rest = m["rest"]
    for size in (2, 1):
        denom = n.read_denom(rest[:size]) if len(rest) >= size else None
        if denom:
            break
    else:
        bad = re.match(r"[^+\-=X\d]*", rest, re.IGNORECASE).group()
        if not bad:
            raise ResultError(N_("“{token}”: no denomination after the level: write {letters}."), token=s,
                              letters=n.letters())
        raise ResultError(N_("“{token}”: “{denomination}” is not a denomination of the {name} notation: write {letters}."),
                          token=s, denomination=bad, name=n.name, letters=n.letters())
    tail = _TAIL.match(rest[size:])
    seats = []
    for letter in (tail["s1"], tail["s2"]):
        if letter:
            seat = n.read_seat(letter)
            if seat is None:
                raise ResultError(N_("“{token}”: “{seat}” is not a seat of the {name} notation: the seats are {seats}."),
                                  token=s, seat=letter, name=n.name, seats=", ".join(n.seats.values()))
            seats.append(seat)
    return f"{m['level']}{denom}{''.join(seats)}{tail['x'].upper()}{tail['result']}"


def write_result(neutral: str, code: str) -> str:
    """A neutral result in notation ``code`` (the text as it was if it is not a bid's result).

    >>> write_result("4HX-2", "es"), write_result("3NT+1", "nl"), write_result("4SW=", "it"), write_result("PASS", "es")
    ('4CX-2', '3SA+1', '4PO=', 'Paso')
    """
    m = _HEAD.match(neutral or "")
    if code != N.DEFAULT and (neutral or "").upper() == PASSED_OUT:
        return N.get(code).words["pass"][0]
    if code == N.DEFAULT or not m:
        return neutral
    n = N.get(code)
    rest = m["rest"]
    denom = "NT" if rest[:2].upper() == "NT" else rest[:1].upper()
    if denom not in n.denoms:
        return neutral
    tail = _TAIL.match(rest[len(denom):])
    seats = "".join(n.seats.get((x or "").upper(), x or "") for x in (tail["s1"], tail["s2"]))
    return f"{m['level']}{n.denoms[denom]}{seats}{tail['x']}{tail['result']}"


def read_weighted(text: str, code: str) -> str:
    """``RESULT:PERCENT`` (a component of a weighted score) with its result read in ``code``."""
    result, sep, weight = text.rpartition(":")
    return f"{read_result(result, code)}:{weight}" if sep else read_result(text, code)


def write_weighted(text: str, code: str) -> str:
    result, sep, weight = text.rpartition(":")
    return f"{write_result(result, code)}:{weight}" if sep else write_result(text, code)


def is_points(text: str) -> bool:
    """``420``, ``-50``: points, not a result."""
    return bool(re.fullmatch(r"[+-]?\d+(\.\d*)?", (text or "").strip()))


def scoring_message(e, t, code: str, typed: str | None = None) -> str:
    """A :class:`laws.scoring.ScoringError` in the interface's language and notation ``code``: its
    examples and its word for a passed-out board written in that notation (``4CX-2, 3ST+1, 6P=``,
    ``Paso``), the result it names as the director typed it (``typed``; else its neutral token
    written in the notation), never the neutral English form (``4HX`` for a Spanish ``4CX``).

    >>> from i18n import translator
    >>> from laws import scoring as S
    >>> try:
    ...     S.score_result(read_result("4CX", "es"))
    ... except S.ScoringError as e:
    ...     print(scoring_message(e, translator("en"), "es", "4CX"))
    '4CX': no result after the contract: add '=' (made exactly), '+N' (overtricks) or '-N' (undertricks), e.g. 4CX=
    """
    template = t.gettext(e.msgid)
    params = dict(e.params)
    if code != N.DEFAULT:
        template = _EXAMPLE.sub(lambda m: write_result(m.group(), code), template)
        template = re.sub(rf"\b{PASSED_OUT}\b", N.get(code).words["pass"][0], template)
        for name in ("contract", "example"):
            if isinstance(params.get(name), str):
                params[name] = write_weighted(params[name], code)
        params["token"] = write_weighted(str(params["token"]), code)
    if typed is not None:
        params["token"] = typed[:60]
    return template.format(**params)
