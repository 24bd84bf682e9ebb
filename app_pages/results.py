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

_HEAD = re.compile(r"^(?P<level>\d+)(?P<rest>.*)$")
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
    (anything that is not a bid's result, ``PASS``, is left for the scoring to judge).

    >>> read_result("4CX-2", "es"), read_result("4C=", "it"), read_result("3SA+1", "nl"), read_result("4HX-2", "en")
    ('4HX-2', '4H=', '3NT+1', '4HX-2')
    >>> read_result("4PO=", "es"), read_result("4♠XX-1", "nl")
    ('4SW=', '4SXX-1')
    """
    s = "".join(str(text).split())
    m = _HEAD.match(s)
    if code == N.DEFAULT or not m:
        return s
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

    >>> write_result("4HX-2", "es"), write_result("3NT+1", "nl"), write_result("4SW=", "it")
    ('4CX-2', '3SA+1', '4PO=')
    """
    m = _HEAD.match(neutral or "")
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
