"""Calls and seats (Laws 17, 18 and 19): the four seats and where one sits relative to another, a
:class:`Call` (pass, double, redouble or bid) parsed from the record notation, the order of bids
(Law 18), the final :class:`Contract`, and :class:`AuctionError`, the error every part of the
auction reader raises (a msgid with parameters, for the front ends to translate).

>>> str(parse_call("3nt")), lho("N"), relation("E", "N")
('3NT', 'E', 'RHO')
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import N_

SEATS = ("N", "E", "S", "W")
DENOMINATIONS = ("C", "D", "H", "S", "NT")   # ascending rank (Law 18E)

PASS, DOUBLE, REDOUBLE, BID = "pass", "double", "redouble", "bid"


# -- errors ------------------------------------------------------------------------------------
class AuctionError(ValueError):
    """A malformed record, call or PBN text.

    ``msgid`` is an English message marked for translation and ``params`` its parameters:
    a front end shows ``t.gettext(e.msgid).format(**e.params)`` (see :meth:`translate`).
    ``position`` (1-based) and ``token`` name the offending token when there is one.
    """

    def __init__(self, msgid: str, *, position: int | None = None, token: str | None = None, **params):
        self.msgid = msgid
        self.position = position
        self.token = token
        self.params = {"position": position, "token": token, **params}
        super().__init__(msgid.format(**self.params))

    def translate(self, t) -> str:
        """The message in the language of ``t`` (anything with a ``gettext`` method)."""
        return t.gettext(self.msgid).format(**self.params)

    def to_dict(self) -> dict:
        return {"message": str(self), "position": self.position, "token": self.token}


AuctionError.__module__ = "laws.rulings.auction"   # its public home (tracebacks and docs name it there)


# -- seats -------------------------------------------------------------------------------------
def seat_at(seat: str, steps: int) -> str:
    """The seat ``steps`` places after ``seat`` in rotation."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def lho(seat: str) -> str:
    """The left-hand opponent of ``seat``: the next player in rotation (Law 17C).

    >>> lho("N"), lho("W")
    ('E', 'N')
    """
    return seat_at(seat, 1)


def partner(seat: str) -> str:
    """The partner of ``seat``.

    >>> partner("E")
    'W'
    """
    return seat_at(seat, 2)


def rho(seat: str) -> str:
    """The right-hand opponent of ``seat``: the previous player in rotation.

    >>> rho("N")
    'W'
    """
    return seat_at(seat, 3)


def relation(offender: str, other: str) -> str | None:
    """Where ``other`` sits relative to ``offender``: ``'partner'``, ``'RHO'``, ``'LHO'``, or None
    for the offender himself.

    "At RHO's turn" means ``relation(offender, turn) == 'RHO'``.

    >>> relation("E", "N"), relation("E", "S"), relation("E", "W"), relation("E", "E")
    ('RHO', 'LHO', 'partner', None)
    """
    return {0: None, 1: "LHO", 2: "partner", 3: "RHO"}[(SEATS.index(other) - SEATS.index(offender)) % 4]


SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


def normalize_seat(seat: str) -> str:
    """``'n'``, ``'North'`` → ``'N'``; anything else raises :class:`AuctionError`.

    >>> normalize_seat("south")
    'S'
    """
    s = SEAT_WORDS.get(str(seat).strip().upper())
    if s is None:
        raise AuctionError(N_("Unknown dealer “{seat}”: the dealer is N, E, S or W."), seat=seat)
    return s


# -- calls -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Call:
    """A call: ``kind`` is ``'pass'``, ``'double'``, ``'redouble'`` or ``'bid'``; a bid has a
    ``level`` (any positive number, so that a bid above seven can be recorded) and a
    ``denomination`` (``C D H S NT``).

    >>> Call.parse("3nt"), str(Call.parse("4♠"))
    (Call(kind='bid', level=3, denomination='NT'), '4S')
    >>> Call.parse("1NT").supersedes(Call.parse("1S")), Call.parse("1C").supersedes(Call.parse("1D"))
    (True, False)
    """

    kind: str
    level: int = 0
    denomination: str = ""

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Parse one call in the record notation (see the module docstring)."""
        return parse_call(text)

    @property
    def is_bid(self) -> bool:
        return self.kind == BID

    @property
    def is_pass(self) -> bool:
        return self.kind == PASS

    @property
    def is_double(self) -> bool:
        """A double or a redouble."""
        return self.kind in (DOUBLE, REDOUBLE)

    @property
    def rank(self) -> tuple[int, int]:
        """``(level, denomination rank)``: bids compare by this (Law 18B)."""
        return (self.level, DENOMINATIONS.index(self.denomination)) if self.is_bid else (0, -1)

    def supersedes(self, other: "Call | None") -> bool:
        """Law 18B: the same level in a higher denomination, or a higher level; any bid
        supersedes no bid."""
        if not self.is_bid:
            return False
        return other is None or self.rank > other.rank

    def __str__(self) -> str:
        if self.kind == PASS:
            return "P"
        if self.kind == DOUBLE:
            return "X"
        if self.kind == REDOUBLE:
            return "XX"
        return f"{self.level}{self.denomination}"


CALL_PASS = Call(PASS)
CALL_DOUBLE = Call(DOUBLE)
CALL_REDOUBLE = Call(REDOUBLE)

_WORD_CALLS = {"P": CALL_PASS, "PASS": CALL_PASS, "X": CALL_DOUBLE, "DBL": CALL_DOUBLE,
               "XX": CALL_REDOUBLE, "RDBL": CALL_REDOUBLE}
_DENOMS = {"C": "C", "♣": "C", "♧": "C", "D": "D", "♦": "D", "♢": "D", "H": "H", "♥": "H", "♡": "H",
           "S": "S", "♠": "S", "♤": "S", "NT": "NT", "N": "NT"}
_BID_RE = re.compile(r"^(\d+)(.*)$", re.S)


def _short(text: str, n: int = 24) -> str:
    """A token as an error message quotes it: a very long one is cut."""
    return text if len(text) <= n else text[: n - 1] + "…"


def parse_call(text: str, position: int = 1, token: str | None = None) -> Call:
    """Parse one call; ``position`` and ``token`` name it in the error message.

    >>> parse_call("Pass"), str(parse_call("rdbl")), str(parse_call("8s"))
    (Call(kind='pass', level=0, denomination=''), 'XX', '8S')
    >>> parse_call("1Z")
    Traceback (most recent call last):
    ...
    laws.rulings.auction.AuctionError: Token 1 “1Z”: unknown denomination “Z”; a bid is a level followed by C, D, H, S or NT (or N, ♣ ♦ ♥ ♠).
    """
    token = text if token is None else token
    word = text.strip().upper().replace("\ufe0f", "")
    call = _WORD_CALLS.get(word)
    if call is not None:
        return call
    if word in ("D", "DB", "DBLE"):
        raise AuctionError(N_("Token {position} “{token}”: D is diamonds, not double; write X or Dbl for a double."),
                           position=position, token=token)
    if word in ("XXX", "R", "RD", "RE", "REDBL"):
        raise AuctionError(N_("Token {position} “{token}”: not a call; a double is X (or Dbl) and a redouble "
                              "XX (or Rdbl)."), position=position, token=token)
    m = _BID_RE.match(word)
    if not m:
        raise AuctionError(N_("Token {position} “{token}”: not a call; a call is P (Pass), X (Dbl), XX (Rdbl) or a "
                              "bid such as 1S or 3NT, and the record may also hold AP, TD, ^I and ^S."),
                           position=position, token=token)
    digits, rest = m.group(1), m.group(2)
    if len(digits.lstrip("0")) > 3:   # never int() of thousands of digits (Python refuses beyond 4300)
        raise AuctionError(N_("Token {position} “{token}”: a level of {digits} digits is not a bid; a bid names one to "
                              "seven odd tricks (a bid above seven, such as 8S, can be recorded: Law 38)."),
                           position=position, token=_short(token), digits=len(digits.lstrip("0")))
    level = int(digits)
    if level < 1:
        raise AuctionError(N_("Token {position} “{token}”: a bid needs a level of at least 1."),
                           position=position, token=token)
    if not rest:
        raise AuctionError(N_("Token {position} “{token}”: a bid needs a denomination after the level "
                              "(C, D, H, S or NT)."), position=position, token=token)
    denom = _DENOMS.get(rest)
    if denom is None:
        raise AuctionError(N_("Token {position} “{token}”: unknown denomination “{denomination}”; a bid is a level "
                              "followed by C, D, H, S or NT (or N, ♣ ♦ ♥ ♠)."),
                           position=position, token=token, denomination=m.group(2))
    return Call(BID, level, denom)




@dataclass(frozen=True)
class Contract:
    """The final contract: ``level``, ``denomination`` and ``risk`` (``''``, ``'X'``, ``'XX'``).

    >>> str(Contract(3, "NT", "XX"))
    '3NTXX'
    """

    level: int
    denomination: str
    risk: str = ""

    def __str__(self) -> str:
        return f"{self.level}{self.denomination}{self.risk}"




def lowest_sufficient(last: Call | None, denom: str) -> int:
    """The level of the lowest sufficient bid in ``denom`` over the bid ``last`` (Law 18).

    >>> lowest_sufficient(Call.parse("1S"), "H"), lowest_sufficient(Call.parse("1S"), "NT")
    (2, 1)
    """
    if last is None:
        return 1
    return last.level if DENOMINATIONS.index(denom) > DENOMINATIONS.index(last.denomination) else last.level + 1
