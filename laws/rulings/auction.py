"""The auction period (Laws 17-39): calls, the auction record notation, and a replay of a
record that detects every irregularity where it happens and applies, to the calls that follow,
the rectification that the irregularity's decision tree (``laws/trees/``) rules. The replay reads
the record (which call is irregular, what the calls after it establish) and walks the tree with
those facts (:meth:`_Replay.settle`); everything the rectification does to the auction -- the calls
cancelled, withdrawn or standing, the pass put in place of a cancelled call, who calls next, who
must pass and for how long, what must be repeated, the provisions applied -- is a field of the
tree's ruling (or of the ``effect`` of the node where it waits for a later call), applied the same
way whatever the law (:meth:`_Replay.enact`). ``tests/test_engine_agreement.py`` checks over random
records that ``rule`` and the replay agree.

The model follows the corpus edition of these laws: the AEB text of the 2007 Laws
(``laws/data/es-aeb-2007/17.yaml`` ... ``40.yaml``). Every rectification it applies is named by
the provision key it rests on (``'27B1a'``, ``'30B2a'``, ``'31A2b'``...), never paraphrased.

Calls (Laws 18 and 19)
----------------------
A :class:`Call` is a pass, a double, a redouble or a bid (a level and a denomination,
C < D < H < S < NT, Law 18E). A level above seven can be recorded (Law 38 makes it
inadmissible). A bid is sufficient when it supersedes the last bid (18B-D). A double is
admissible only of the last bid, made by an opponent, with only passes since (19A1); a
redouble only of the last double, made by an opponent, with only passes since (19B1).

The record notation
-------------------
Whitespace-separated tokens, case-insensitive:

=================  ==================================================================
``P`` ``Pass``     pass
``X`` ``Dbl``      double (``D`` alone is diamonds, never double)
``XX`` ``Rdbl``    redouble
``1S`` ``3NT``     a bid: a level (any positive number) and ``C D H S NT`` (also ``N``,
                   and the suit symbols ``♣ ♦ ♥ ♠``/``♧ ♢ ♡ ♤``)
``S:1S``           a call with the seat of its caller (``N E S W``)
``AP``             all pass: as many passes, in rotation, as end the auction
``TD``             the director is called here, for the irregularity just committed
``^I``             the next bid is insufficient (PBN 2.1, 3.9): a check, not a command
``^S``             the player whose turn it is was skipped: the next call is made by the
                   following player, out of rotation (PBN 2.1, 3.9)
``=n=``            a note reference on the previous call (kept as an annotation)
``*`` ``+``        the record ends here, the auction unfinished (PBN); last token only
=================  ==================================================================

An unprefixed call is made by the dealer if it is the first, otherwise by the player whose
turn it is: the left-hand opponent (LHO) of the previous caller; after an irregular call
that nobody has dealt with yet, the offender's LHO (so that an irregular call is *accepted*
the way the laws define it: the LHO simply calls next, Laws 27A1 and 29A); after ``TD``,
or after Law 17E2 sends the auction back, the player the rectification gives the turn to.

The replay
----------
:func:`replay` walks a record and returns an :class:`AuctionState`: every call with its
status, every :class:`Irregularity` (kind, offender, whose turn it was, where the offender
sits relative to that player, whether the LHO called, whether the director was called, the
provisions applied, the calls cancelled), every :class:`Obligation` created (who must pass,
at the next turn or for the rest of the auction, and why), and the outcome: ``complete``,
``passed_out``, ``contract``, ``declarer`` and ``next``.

>>> s = replay("1S P 2S P 4S AP", "N")
>>> str(s.contract), s.declarer, s.complete, s.next
('4S', 'N', True, None)
>>> s = replay("1H 1D 2D P P P", "N", edition="2007")   # E's 1D is insufficient; S calls: accepted (27A1)
>>> s.irregularities[0].kind, s.irregularities[0].accepted, str(s.contract), s.declarer
('insufficient_bid', True, '2D', 'S')

Where the law leaves a fact to the director's judgement (is a call artificial? does the
replacement have the same meaning? was the change of call unintended?) the replay takes it
from ``facts`` when given; otherwise the dependent obligation is recorded as
``undetermined`` with the fact it waits for, rather than guessed.

Readings
--------
Where the text leaves the mechanics open, the replay takes these readings (each is tested):

* The irregular call stands provisionally in the auction until the next token deals with it.
  The offender's LHO calling accepts it where the law allows acceptance (27A1, 29A, 25B1,
  37A); after an inadmissible double (36A) or a bid above seven (38B, 38D) the LHO's call
  does not make it stand: the irregular call and every later call are cancelled when the
  director is called (a later ``TD``), and until then the record goes on as made.
* The player whose turn it was calls before the rectification of a call out of rotation by
  an opponent (at RHO's turn, or at LHO's turn when the offender had not called): Law 28B,
  the call out of rotation is cancelled. At LHO's turn this reading gives 28B precedence
  over 29A, since 28B names the player in turn.
* A second call by the same player before his LHO calls (``1H N:1S``), and, as 30B3 (a pass)
  and the parenthesis of 31B (a bid, when the offender had called before) say, a call at LHO's
  turn, is a change of call (kind ``change_of_call``, Law 25): the LHO's call accepts it (25B1:
  the earlier call is withdrawn), the director cancels it (25B2), or, with the facts
  ``unintended`` (and no ``pause``), lets it replace the earlier call (25A1). The condition "if
  the offender has not previously called" of 31B is read as belonging to LHO's turn only.
* The player who made the final pass calling again before his LHO is a change of call too
  (22A1 "but see Law 25"; 25A3: an unintended call may be replaced until the end of the auction
  period): with ``unintended`` and no ``pause`` the auction goes on from the new call; otherwise
  it is a call after the final pass (Law 39).
* Any other call made before the rectification (by the offender's partner, or by the
  offender himself after a call out of rotation) leaves the irregularity unaccepted: the
  law's rectification applies as written (29B with 30-32, 27B, 36B, 37B, 38), as if the
  director had been called, and the new call is judged in the resulting auction. The
  offender replacing his insufficient bid at once is Law 27C.
* A pass out of rotation that would be the third pass after a call (or the fourth pass)
  is cancelled at once and the auction returns to the player who missed his turn (17E2,
  34); an accepted pass out of rotation among the last three passes does the same. The
  next unprefixed call is then that player's.
* 31A and 32B depend on the RHO's call and the offender's next call, read from the record;
  31A1 and 32B1 ("must repeat") and 30B2(b) ("may not double or redouble") become
  obligations, and a call that breaks one is reported as ``obligation_breached``: accepted
  if the LHO calls, otherwise cancelled and made again at the same turn.
* A bid above seven out of rotation is cancelled and the auction returns to the player whose
  turn it was (29B); no pass is put in its place, since a pass at another player's turn
  could not stand in rotation. Both offenders must pass for the rest of the auction (38C).
* "Before any player has bid" (30A) counts the bids that stand in the auction.

Everything here is a pure function of its arguments: no I/O, no global state. Messages are
English msgids (marked with ``N_``) with parameters, for the front ends to translate.
"""
from __future__ import annotations

import dataclasses

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from i18n import N_

__all__ = [
    "SEATS", "DENOMINATIONS", "KINDS", "FACT_KEYS", "AuctionError", "Call", "Token", "Record",
    "CallEntry", "Irregularity", "Obligation", "Contract", "AuctionState",
    "lho", "rho", "partner", "relation", "parse_call", "parse_record", "replay",
    "normalize_seat", "normalize_facts",
]

SEATS = ("N", "E", "S", "W")
DENOMINATIONS = ("C", "D", "H", "S", "NT")   # ascending rank (Law 18E)

PASS, DOUBLE, REDOUBLE, BID = "pass", "double", "redouble", "bid"

#: The kinds of irregularity the replay detects, with the law that governs each.
KINDS = {
    "insufficient_bid": "27",
    "pass_out_of_rotation": "30",
    "bid_out_of_rotation": "31",
    "double_out_of_rotation": "32",
    "inadmissible_double": "36",
    "call_when_required_to_pass": "37",
    "bid_above_seven": "38",
    "call_after_final_pass": "39",
    "change_of_call": "25",        # a second call by the same player before his LHO calls (25; 30B3, 31B)
    "obligation_breached": None,   # the provision of the obligation breached (31A1, 32B1, 30B2b)
}

#: Facts the director decides, that the replay uses when given ('yes' or 'no').
FACT_KEYS = ("artificial", "same_meaning", "unintended", "pause", "repeats_denomination", "pass_over_artificial")

KIND_LABELS = {
    "insufficient_bid": N_("insufficient bid"),
    "pass_out_of_rotation": N_("pass out of rotation"),
    "bid_out_of_rotation": N_("bid out of rotation"),
    "double_out_of_rotation": N_("double or redouble out of rotation"),
    "inadmissible_double": N_("inadmissible double or redouble"),
    "call_when_required_to_pass": N_("call by a player required to pass"),
    "bid_above_seven": N_("bid above the level of seven"),
    "call_after_final_pass": N_("call after the final pass"),
    "change_of_call": N_("change of call"),
    "obligation_breached": N_("call that breaks an obligation of the rectification"),
}

STATUS_LABELS = {
    "legal": N_("legal"),
    "accepted_irregular": N_("irregular, stands"),
    "cancelled": N_("cancelled"),
    "replaced": N_("replaced"),
    "pending": N_("irregular, not yet dealt with"),
}

RESOLUTION_LABELS = {
    "pending": N_("Not yet dealt with: the offender's LHO may call (accepting it where the law allows) or the "
                  "director may be called."),
    "accepted": N_("Accepted: the offender's LHO called over it; the call stands."),
    "valid": N_("The offender's LHO called before the rectification: the call and all later calls stand (37A)."),
    "awaiting_director": N_("The offender's LHO called before the rectification; when the director is called, "
                            "the irregular call and all later calls are cancelled."),
    "rectified": N_("Rectified."),
    "deemed_in_rotation": N_("Made at the turn of a RHO required by law to pass: deemed to be in rotation, no "
                             "rectification (28A)."),
    "forfeited": N_("The player whose turn it was called before the rectification: the call out of rotation is "
                    "cancelled and the right to rectification is forfeited (28B)."),
    "substituted": N_("The offender replaced it before the director's rectification (27C)."),
    "reverted": N_("The auction does not end: it returns to the player who missed his turn and the passes that "
                   "followed are cancelled (17E2)."),
    "cancelled": N_("Cancelled."),
    "no_tree": N_("Not ruled: the edition of the Laws followed has no decision tree for this irregularity."),
}

NOTE_LABELS = {
    "16D": N_("Law 16D applies to the withdrawn calls."),
    "16D2": N_("Law 16D2 applies to the offending side."),
    "16C": N_("Law 16C applies to the withdrawn calls."),
    "16C2": N_("Law 16C2 applies to the offending side."),
    "23C": N_("Law 23C may apply (an adjusted score if the outcome could well have been different)."),
    "23": N_("Law 23 may apply."),
    "26": N_("The lead restrictions of Law 26 may apply."),
    "26B": N_("The lead restrictions of Law 26B may apply."),
    "no_26": N_("The lead restrictions of Law 26 do not apply."),
    "no_23_26": N_("Laws 23 and 26 do not apply (38D)."),
    "72C": N_("Law 72C may apply: awareness of potential damage."),
    "no_72C_26B": N_("Laws 26B and 72C do not apply (38D)."),
    "no_26B": N_("The lead restrictions of Law 26B do not apply."),
    "27D": N_("Law 27D may apply at the end of the play."),
    "25": N_("Treated as a change of call: Law 25 applies."),
    "27A2": N_("An insufficient bid out of rotation: Law 31 applies (27A2)."),
    "28A": N_("Deemed in rotation: the right-hand opponent, whose turn it was, was required to pass (28A)."),
    "34": N_("Three passes followed a call, one of them out of rotation: Law 17E2 applies (34)."),
    "substitute": N_("The offender must replace the cancelled call by a legal call."),
    "repeat_ok": N_("The offender repeated the call out of rotation: no rectification."),
    "superseded": N_("The rectification of an earlier irregularity cancelled this call."),
    "no_tree": N_("The edition of the Laws followed has no decision tree for this irregularity: nothing is rectified."),
}

OBLIGATION_STATUS_LABELS = {
    "in_force": N_("in force"),
    "undetermined": N_("undetermined"),
    "fulfilled": N_("fulfilled"),
    "breached": N_("breached"),
    "cancelled": N_("void"),      # created by calls that a later rectification cancelled (36A, 38B)
}

#: the call of the record that gives a fact a tree waits for, as ``Irregularity.awaiting`` names it
#: the reading the replay takes of a director's fact it is not given, when the answers would treat the calls
#: differently (27B1(b): a double replacing an insufficient bid is cancelled unless it has the same meaning)
READINGS = {"same_meaning": "no", "artificial": "no", "unintended": "no", "pause": "no", "pass_over_artificial": "no"}

AWAITED_CALL = {"rho_action": "rho_call", "call_kind": "offender_call", "same_denomination": "offender_call",
                "offender_repeats": "offender_call", "replacement": "offender_call"}

PENDING_FACT_LABELS = {
    "artificial": N_("whether the calls are artificial"),
    "same_meaning": N_("whether the replacement has the same meaning as the insufficient bid"),
    "unintended": N_("whether the change of call was unintended"),
    "pause": N_("whether the player paused for thought before changing his call"),
    "pass_over_artificial": N_("whether the pass out of rotation was made over an artificial call of the offender's "
                               "partner (30C)"),
    "repeats_denomination": N_("whether the offender's call repeats the denomination specified by the artificial "
                               "bid out of rotation (29C)"),
    "offender_call": N_("what the offender calls next"),
}


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


# -- seats -------------------------------------------------------------------------------------
def _seat_at(seat: str, steps: int) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def lho(seat: str) -> str:
    """The left-hand opponent of ``seat``: the next player in rotation (Law 17C).

    >>> lho("N"), lho("W")
    ('E', 'N')
    """
    return _seat_at(seat, 1)


def partner(seat: str) -> str:
    """The partner of ``seat``.

    >>> partner("E")
    'W'
    """
    return _seat_at(seat, 2)


def rho(seat: str) -> str:
    """The right-hand opponent of ``seat``: the previous player in rotation.

    >>> rho("N")
    'W'
    """
    return _seat_at(seat, 3)


def relation(offender: str, other: str) -> str | None:
    """Where ``other`` sits relative to ``offender``: ``'partner'``, ``'RHO'``, ``'LHO'``, or None
    for the offender himself.

    "At RHO's turn" means ``relation(offender, turn) == 'RHO'``.

    >>> relation("E", "N"), relation("E", "S"), relation("E", "W"), relation("E", "E")
    ('RHO', 'LHO', 'partner', None)
    """
    return {0: None, 1: "LHO", 2: "partner", 3: "RHO"}[(SEATS.index(other) - SEATS.index(offender)) % 4]


_SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


def normalize_seat(seat: str) -> str:
    """``'n'``, ``'North'`` → ``'N'``; anything else raises :class:`AuctionError`.

    >>> normalize_seat("south")
    'S'
    """
    s = _SEAT_WORDS.get(str(seat).strip().upper())
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


# -- the record --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    """One token of a record: ``kind`` is ``'call'``, ``'ap'``, ``'td'``, ``'skip'`` (``^S``)
    or ``'end'`` (``*``/``+``). A call token has ``call`` and, when prefixed, ``seat``;
    ``marked_insufficient`` when ``^I`` preceded it; ``annotations`` holds note references
    (with their text when known), suffixes and NAGs."""

    kind: str
    text: str
    position: int
    call: Call | None = None
    seat: str | None = None
    marked_insufficient: bool = False
    annotations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Record:
    """A parsed record: its tokens, and whether it ended with ``*``/``+`` (unfinished)."""

    tokens: tuple[Token, ...]
    unfinished: bool = False

    def __iter__(self):
        return iter(self.tokens)

    def __len__(self) -> int:
        return len(self.tokens)


_NOTE_RE = re.compile(r"^=(\d+)=$")


def parse_record(text: str) -> Record:
    """Parse a record in the notation of the module docstring.

    Every malformed token raises :class:`AuctionError` naming the token, its position
    (1-based) and why.

    >>> [t.kind for t in parse_record("1S TD S:2S AP")]
    ['call', 'td', 'call', 'ap']
    >>> parse_record("Q:1S")
    Traceback (most recent call last):
    ...
    laws.rulings.auction.AuctionError: Token 1 “Q:1S”: unknown seat “Q”; the seats are N, E, S and W.
    """
    words = text.split()
    if not words:
        raise AuctionError(N_("The auction record is empty."))
    out: list[Token] = []
    mark_at: int | None = None
    unfinished = False
    for pos, word in enumerate(words, 1):
        up = word.upper()
        if unfinished:
            raise AuctionError(N_("Token {position} “{token}”: the record already ended with “*” or “+”, which "
                                  "must be the last token."), position=pos, token=word)
        if mark_at is not None and not _looks_like_call(up):
            raise AuctionError(N_("Token {position} “{token}”: “^I” must stand right before the insufficient bid it "
                                  "marks."), position=mark_at, token="^I")
        if up in ("*", "+"):
            unfinished = True
            out.append(Token("end", word, pos))
            continue
        m = _NOTE_RE.match(word)
        if m:
            if not out or out[-1].kind != "call":
                raise AuctionError(N_("Token {position} “{token}”: a note reference must follow the call it "
                                      "annotates."), position=pos, token=word)
            prev = out[-1]
            out[-1] = Token(prev.kind, prev.text, prev.position, prev.call, prev.seat, prev.marked_insufficient,
                            prev.annotations + (word,))
            continue
        seat = None
        body = word
        if ":" in word:
            head, body = word.split(":", 1)
            seat = _SEAT_WORDS.get(head.upper()) if len(head) == 1 else None
            if seat is None:
                raise AuctionError(N_("Token {position} “{token}”: unknown seat “{seat}”; the seats are N, E, S "
                                      "and W."), position=pos, token=word, seat=head)
            if not body:
                raise AuctionError(N_("Token {position} “{token}”: a seat prefix must be followed by a call."),
                                   position=pos, token=word)
        ubody = body.upper()
        if ubody in ("TD", "AP", "^S"):
            if seat is not None:
                raise AuctionError(N_("Token {position} “{token}”: {word} takes no seat prefix."),
                                   position=pos, token=word, word=body)
            kind = {"TD": "td", "AP": "ap", "^S": "skip"}[ubody]
            out.append(Token(kind, word, pos))
            continue
        marked = False
        if ubody.startswith("^I"):
            if seat is not None:
                raise AuctionError(N_("Token {position} “{token}”: write the seat before the bid, after ^I "
                                      "(^I S:1C)."), position=pos, token=word)
            if len(ubody) == 2:
                mark_at = pos
                continue
            body, ubody, marked = body[2:], ubody[2:], True
        elif ubody.startswith("^"):
            raise AuctionError(N_("Token {position} “{token}”: unknown irregularity mark; the auction knows ^I (an "
                                  "insufficient bid) and ^S (a player skipped by a call out of rotation)."),
                               position=pos, token=word)
        mark_pos, mark_tok = (mark_at, "^I") if mark_at is not None else (pos, word)
        if mark_at is not None:
            marked, mark_at = True, None
        call = parse_call(body, pos, word)
        if marked and not call.is_bid:
            raise AuctionError(N_("Token {position} “{token}”: “^I” must stand right before the insufficient bid it "
                                  "marks."), position=mark_pos, token=mark_tok)
        out.append(Token("call", word, pos, call, seat, marked))
    if mark_at is not None:
        raise AuctionError(N_("Token {position} “{token}”: “^I” must stand right before the insufficient bid it "
                              "marks."), position=mark_at, token="^I")
    return Record(tuple(out), unfinished)


def _looks_like_call(up: str) -> bool:
    return not (up in ("TD", "AP", "^S", "*", "+") or up.startswith("=") or up.startswith("^"))


# -- the state ---------------------------------------------------------------------------------
@dataclass(eq=False)
class CallEntry:
    """One call of the replayed auction.

    ``index`` is its place in :attr:`AuctionState.calls`; ``position`` the token it came from
    (1-based; None for a pass that a rectification substitutes, ``synthetic``). ``turn`` is
    the seat whose turn it was (None after the end of the auction), ``in_rotation`` whether
    the caller was that player (or deemed so, Law 28A). ``status``: ``'legal'``,
    ``'accepted_irregular'`` (irregular but it stands), ``'cancelled'``, ``'replaced'``
    (cancelled and replaced by another call, ``replaced_by``) or ``'pending'`` (irregular,
    not yet dealt with). ``law`` is the provision that gave it that status.
    """

    index: int
    seat: str
    call: Call
    position: int | None
    turn: str | None
    status: str = "legal"
    in_rotation: bool = True
    synthetic: bool = False
    law: str | None = None
    substitute_for: int | None = None
    replaced_by: int | None = None
    skipped: tuple[str, ...] = ()
    annotations: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)
    _skipped_with_right: tuple[str, ...] = ()

    @property
    def stands(self) -> bool:
        """Whether the call is (still) part of the auction."""
        return self.status in ("legal", "accepted_irregular", "pending")

    def to_dict(self) -> dict:
        return {"index": self.index, "position": self.position, "seat": self.seat, "call": str(self.call),
                "status": self.status, "turn": self.turn, "in_rotation": self.in_rotation,
                "synthetic": self.synthetic, "law": self.law, "substitute_for": self.substitute_for,
                "replaced_by": self.replaced_by, "skipped": list(self.skipped),
                "annotations": list(self.annotations), "notes": list(self.notes)}


@dataclass(eq=False)
class Irregularity:
    """An irregularity detected in the record, with the facts the record establishes.

    Attributes
    ----------
    kind : str
        One of :data:`KINDS`.
    offender : str
        The seat of the offender.
    index, position : int
        The offending call in :attr:`AuctionState.calls`, and its token in the record.
    law : str
        The law that governs it (``'27'``, ``'30'``, ``'31'``, ``'32'``, ``'36'``, ``'37'``,
        ``'38'``, ``'39'``; ``'17E2'`` for a pass out of rotation that would have ended the
        auction, Law 34; for ``obligation_breached`` the provision of the obligation).
    provisions : list of str
        The provisions applied, in order (``['29B', '31A', '31A2', '31A2b']``).
    turn : str or None
        Whose turn it was. ``at_turn_of``: where that player sits relative to the offender
        (``'partner'``, ``'RHO'``, ``'LHO'``; None when the offender called at his own turn).
    bid_before : bool
        Whether any bid stood in the auction before the call (30A against 30B).
    accepted : bool
        The irregular call stands because the offender's LHO called over it (27A1, 29A,
        25B1, 37A).
    lho_called : bool
        The offender's LHO called before any rectification.
    td_called : bool
        The director was called (``TD``) for it.
    resolution : str
        A key of :data:`RESOLUTION_LABELS`.
    cancelled : list of int
        Indices of the calls the rectification cancelled.
    skipped : list of str
        Players who lost their turn (an accepted call out of rotation).
    insufficient, out_of_rotation, change_of_call : bool
        An insufficient bid; a call not made at the caller's turn; a call at LHO's turn by
        the player who made the previous call (30B3, 31B: treated as a change of call, Law 25).
    substitute : int or None
        The call that replaced the irregular one.
    facts_needed : list of str
        Facts for the director that the rectification still depends on.
    assumed : dict
        Facts the replay assumed (the standard reading), e.g. ``{'artificial': 'no'}``.
    awaiting : str or None
        What the rectification still waits for: ``'lho_or_director'``, ``'director'``,
        ``'rho_call'``, ``'offender_call'``.
    notes : list of str
        Keys of :data:`NOTE_LABELS`.
    facts : dict
        What the record establishes, under the fact keys of ``laws/facts.py``
        (``accepted``, ``turn_of``, ``any_bid``, ``called_before``, ``replacement``, ...).
    """

    kind: str
    offender: str
    index: int
    position: int | None
    law: str
    turn: str | None = None
    at_turn_of: str | None = None
    bid_before: bool = False
    provisions: list[str] = field(default_factory=list)
    accepted: bool = False
    lho_called: bool = False
    td_called: bool = False
    resolution: str = "pending"
    cancelled: list[int] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    insufficient: bool = False
    out_of_rotation: bool = False
    change_of_call: bool = False
    substitute: int | None = None
    facts_needed: list[str] = field(default_factory=list)
    assumed: dict = field(default_factory=dict)
    awaiting: str | None = "lho_or_director"
    notes: list[str] = field(default_factory=list)
    facts: dict = field(default_factory=dict)

    def _add(self, *keys: str) -> None:
        for k in keys:
            if k not in self.provisions:
                self.provisions.append(k)

    def _note(self, *keys: str) -> None:
        for k in keys:
            if k not in self.notes:
                self.notes.append(k)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "offender": self.offender, "index": self.index, "position": self.position,
                "law": self.law, "provisions": list(self.provisions), "turn": self.turn,
                "at_turn_of": self.at_turn_of, "bid_before": self.bid_before, "accepted": self.accepted,
                "lho_called": self.lho_called, "td_called": self.td_called, "resolution": self.resolution,
                "cancelled": list(self.cancelled), "skipped": list(self.skipped),
                "insufficient": self.insufficient, "out_of_rotation": self.out_of_rotation,
                "change_of_call": self.change_of_call, "substitute": self.substitute,
                "facts_needed": list(self.facts_needed), "assumed": dict(self.assumed),
                "awaiting": self.awaiting, "notes": list(self.notes), "facts": dict(self.facts)}


@dataclass(eq=False)
class Obligation:
    """What a rectification requires of a player.

    ``must`` is ``'pass'``, ``'not_double'`` (may not double or redouble, 30B2b) or
    ``'repeat'`` (must repeat ``call``, 31A1 and 32B1); ``scope`` ``'next_turn'`` or
    ``'rest_of_auction'``; ``law`` the provision; ``irregularity`` its index in
    :attr:`AuctionState.irregularities`; ``since`` the index of the last call when it was
    created. ``status``: ``'in_force'``, ``'undetermined'`` (it depends on ``pending_fact``),
    ``'fulfilled'``, ``'breached'`` or ``'cancelled'``.
    """

    seat: str
    must: str
    scope: str
    law: str
    irregularity: int
    since: int
    status: str = "in_force"
    call: str | None = None
    pending_fact: str | None = None
    consumed_by: int | None = None

    @property
    def in_force(self) -> bool:
        return self.status == "in_force"

    def to_dict(self) -> dict:
        return {"seat": self.seat, "must": self.must, "scope": self.scope, "law": self.law,
                "irregularity": self.irregularity, "since": self.since, "status": self.status,
                "call": self.call, "pending_fact": self.pending_fact, "consumed_by": self.consumed_by}


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


@dataclass(frozen=True)
class AuctionState:
    """The result of :func:`replay`.

    ``calls`` are all the calls of the record in order (with the passes that a rectification
    substitutes); ``irregularities`` and ``obligations`` everything detected and created.
    ``complete``: the auction has ended (Law 22A); ``passed_out``: by four passes (22A1);
    ``contract`` and ``declarer`` (the first player of the declaring side to name the
    contract's denomination, counting only calls that stand) when it ended with a bid;
    ``next`` the seat to call, None when complete. ``unfinished``: the record ended with
    ``*`` or ``+``.
    """

    dealer: str
    calls: tuple[CallEntry, ...]
    irregularities: tuple[Irregularity, ...]
    obligations: tuple[Obligation, ...]
    complete: bool
    passed_out: bool
    contract: Contract | None
    declarer: str | None
    next: str | None
    unfinished: bool = False
    #: the record stops at an irregularity nobody has dealt with: ``'lho_or_director'`` (the offender's LHO may
    #: still call over it, or the director be called) or ``'director'`` (the LHO called; the law leaves the
    #: director no choice, 36A/38D); None otherwise
    awaiting: str | None = None
    #: for ``awaiting == 'director'``: ``next``, ``contract``, ``declarer``, ``complete`` after his ruling
    after_director: dict | None = None
    #: for ``awaiting == 'director'`` (the LHO called over an irregularity the law leaves the director no choice
    #: about, 36A / 38D): ``next``, ``complete``, ``contract`` and ``declarer`` are those after his ruling (as
    #: ``rulebook rule`` gives them); these are the same as the record stands, before he is called
    recorded: dict | None = None

    @property
    def standing(self) -> list[CallEntry]:
        """The calls that stand, in order."""
        return [c for c in self.calls if c.stands]

    @property
    def in_force(self) -> list[Obligation]:
        """The obligations in force (or undetermined) at the end of the record."""
        return [o for o in self.obligations if o.status in ("in_force", "undetermined")]

    def to_dict(self) -> dict:
        return {"dealer": self.dealer, "complete": self.complete, "passed_out": self.passed_out,
                "contract": str(self.contract) if self.contract else None, "declarer": self.declarer,
                "next": self.next, "unfinished": self.unfinished, "awaiting": self.awaiting,
                "after_director": dict(self.after_director) if self.after_director else None,
                "recorded": dict(self.recorded) if self.recorded else None,
                "calls": [c.to_dict() for c in self.calls],
                "irregularities": [i.to_dict() for i in self.irregularities],
                "obligations": [o.to_dict() for o in self.obligations]}


# -- facts -------------------------------------------------------------------------------------
def normalize_facts(facts: Mapping | None) -> tuple[dict, dict]:
    """Split ``facts`` into (global facts, facts per call index) and check them.

    Keys are :data:`FACT_KEYS`; values ``'yes'``/``'no'`` (or booleans). An integer key holds
    the facts of the irregularity at that call index: ``{3: {'same_meaning': 'no'}}``.

    >>> normalize_facts({"artificial": True, 2: {"same_meaning": "no"}})
    ({'artificial': 'yes'}, {2: {'same_meaning': 'no'}})
    """
    glob: dict = {}
    per: dict = {}

    def check(d, into):
        for k, v in d.items():
            if k not in FACT_KEYS:
                raise AuctionError(N_("Unknown fact “{key}”; the facts are: {known}."), key=k,
                                   known=", ".join(FACT_KEYS))
            if isinstance(v, bool):
                v = "yes" if v else "no"
            v = str(v).strip().lower()
            if v not in ("yes", "no"):
                raise AuctionError(N_("The fact “{key}” is yes or no, not “{value}”."), key=k, value=v)
            into[k] = v

    for k, v in (facts or {}).items():
        if isinstance(k, int):
            if not isinstance(v, Mapping):
                raise AuctionError(N_("The facts of call {index} must be a mapping of fact to yes or no."), index=k)
            per[k] = {}
            check(v, per[k])
        else:
            check({k: v}, glob)
    return glob, per


# -- the replay --------------------------------------------------------------------------------
@dataclass(eq=False)
class _Substitution:
    """Law 27B: the offender must replace his insufficient bid."""

    irr: Irregularity
    bid: Call
    last_bid: Call | None      # the last bid before the insufficient bid
    after_b3: bool = False
    b4: Irregularity | None = None


class _Replay:
    def __init__(self, dealer: str, facts: Mapping | None, edition: str | None = None):
        from . import trees as R

        self.edition = R.default_edition() if edition is None else edition
        self.dealer = normalize_seat(dealer)
        self.glob, self.per = normalize_facts(facts)
        self.calls: list[CallEntry] = []
        self.irregs: list[Irregularity] = []
        self.obls: list[Obligation] = []
        self.standing: list[CallEntry] = []
        self.turn: str | None = self.dealer
        self.complete = False
        self.pending: Irregularity | None = None
        self.deferred: list[Irregularity] = []
        self.sub: _Substitution | None = None
        self.waiting: list[Irregularity] = []     # rulings that wait for later calls of the record
        self.last_caller: str | None = None
        self.auto: Irregularity | None = None      # resolved by itself on the last token (17E2, 39)

    # -- helpers -----------------------------------------------------------------------------
    def fact(self, irr: Irregularity, key: str) -> str | None:
        if key in irr.facts:   # what the record establishes is never taken from the director
            return irr.facts[key]
        return self.per.get(irr.index, {}).get(key, self.glob.get(key))

    def last_bid(self, upto: int | None = None) -> Call | None:
        for e in reversed(self.standing if upto is None else self.standing[:upto]):
            if e.call.is_bid:
                return e.call
        return None

    def sufficient(self, call: Call) -> bool:
        return call.supersedes(self.last_bid())

    def admissible(self, seat: str, call: Call) -> bool:
        """Law 19A1 / 19B1 against the calls that stand."""
        for e in reversed(self.standing):
            if e.call.is_pass:
                continue
            if call.kind == DOUBLE:
                return e.call.is_bid and relation(seat, e.seat) in ("LHO", "RHO")
            return e.call.kind == DOUBLE and relation(seat, e.seat) in ("LHO", "RHO")
        return False

    def must_pass(self, seat: str) -> bool:
        return any(o.seat == seat and o.must == "pass" and o.status == "in_force" for o in self.obls)

    def irr_index(self, irr: Irregularity) -> int:
        return next(i for i, r in enumerate(self.irregs) if r is irr)

    def oblige(self, seat: str, must: str, scope: str, law: str, irr: Irregularity, *, call: Call | None = None,
               status: str = "in_force", pending_fact: str | None = None) -> Obligation:
        n = self.irr_index(irr)
        for o in self.obls:
            if (o.seat, o.must, o.scope, o.law, o.status, o.irregularity) == (seat, must, scope, law, status, n):
                return o
        o = Obligation(seat, must, scope, law, n, len(self.calls) - 1, status, str(call) if call else None,
                       pending_fact)
        self.obls.append(o)
        return o

    def new_irreg(self, kind: str, e: CallEntry, law: str, **kw) -> Irregularity:
        irr = Irregularity(kind=kind, offender=e.seat, index=e.index, position=e.position, law=law, **kw)
        if irr.at_turn_of:
            irr.facts["turn_of"] = irr.at_turn_of.lower()
        self.irregs.append(irr)
        return irr

    # -- the law, from the decision trees ------------------------------------------------------
    def walk(self, irr: Irregularity, **assume):
        """The irregularity's decision tree walked with the facts the record establishes so far, the director's
        facts and the readings the replay takes (``irr.assumed``, ``assume``): ``(outcome, registry)``."""
        from types import SimpleNamespace

        from . import trees as R
        from .rule import record_facts, tree_for

        facts = {**self.glob, **self.per.get(irr.index, {}), **irr.assumed, **assume,
                 **record_facts(irr, SimpleNamespace(calls=self.calls))}
        reg = R.trees(self.edition)
        tree = reg.get(tree_for(irr))
        return (R.walk(tree, facts) if tree is not None else None), reg

    def settle(self, irr: Irregularity, *, event: bool = True, defer: bool = False, **assume) -> bool:
        """Walk the irregularity's tree and apply what it rules (:meth:`enact`). ``event``: the ruling is given now
        (the director is called, or the offender's LHO calls), so its ``next`` applies; otherwise it is reached on
        later calls the record already holds, and only its obligations apply. ``defer``: a ruling that cancels
        calls already made over the irregular call is the director's act (36A, 38D): it waits for him. While the
        tree waits for a fact that later calls of the record will give (the RHO's call, 31A / 32B), the ``effect``
        of the node where it waits applies, its obligations undetermined. True when a ruling was reached."""
        from . import trees as R

        out, reg = self.walk(irr, **assume)
        if out is None:     # the edition has no tree for it: nothing is rectified (rule() says so)
            irr._note("no_tree")
            irr.awaiting, irr.resolution = None, "no_tree"
            return False
        if out.status == "ruling" and defer and out.ruling.get("cancelled") == "irregular_and_later":
            irr._add(out.law)
            irr._note(*out.ruling.get("notes", ()))
            irr.resolution, irr.awaiting = "awaiting_director", "director"
            self.deferred.append(irr)
            return False
        for tid, nid in out.path:     # the provisions applied and pointed to, as the trees record them
            n = reg[tid].nodes[nid]
            for r in (n.effect, n.ruling):
                if r:
                    irr._add(*r.get("applies", ()))
                    irr._note(*r.get("notes", ()))
        if out.status == "ruling":
            if irr in self.waiting:
                self.waiting.remove(irr)
            irr.awaiting = None
            self.enact(irr, out.law, out.ruling, event=event)
            return True
        node = reg[out.tree].nodes[out.node]
        fact = R.all_facts(self.edition).get(out.fact)
        if node.effect is not None and getattr(fact, "source", "") == "auction":
            irr.awaiting = AWAITED_CALL.get(out.fact, "offender_call")
            if irr not in self.waiting and out.fact != "replacement":   # the replacement: see substitution()
                self.waiting.append(irr)
            self.enact(irr, node.law, node.effect, event=event, waiting=irr.awaiting)
        return False

    def seat_of(self, irr: Irregularity, who: str | None) -> str | None:
        o = irr.offender
        if who == "skipped":
            right = self.calls[irr.index]._skipped_with_right
            return right[0] if right else irr.turn
        return {"offender": o, "partner": partner(o), "lho": lho(o), "rho": rho(o), "turn": irr.turn}.get(who)

    def has_pass(self, seat: str, scope: str) -> bool:
        rank = {"next_turn": 1, "rest_of_auction": 2}
        return any(o.seat == seat and o.must == "pass" and o.status == "in_force" and rank[o.scope] >= rank[scope]
                   for o in self.obls)

    def enact(self, irr: Irregularity, law: str, r: dict, *, event: bool = True, waiting: str | None = None) -> None:
        """Apply to the auction what a tree states (a ruling, or the ``effect`` of the node where it waits for
        later calls): which calls are cancelled, withdrawn or stand, the pass put in place of a cancelled call, who
        calls next, who must pass and for how long, what must be repeated. The one place where the replay changes
        the auction for a rectification: every change is a field of the trees (``laws/rulings/trees.py``,
        ``RULING_FIELDS``), applied the same way whatever the law."""
        o, oe = irr.offender, self.calls[irr.index]
        applies = r.get("applies") or [law]
        if r.get("resolution"):
            irr.resolution = r["resolution"]
        cancel = r.get("cancelled")
        sp = None
        if cancel == "none":
            if oe.status == "pending":
                irr.accepted = True
                if not r.get("resolution"):
                    irr.resolution = "accepted"
                oe.status, oe.law = "accepted_irregular", irr.provisions[-1] if irr.provisions else law
                if not oe.in_rotation:
                    oe.skipped = tuple(irr.skipped)
                self.on_stand(oe)
        elif cancel == "previous_call":
            if oe.status != "accepted_irregular":
                self.withdraw_previous(irr, oe, r.get("withdrawn") == "calls_over", applies)
        elif cancel in ("irregular_and_later", "later_calls"):
            if event and (oe.stands or any(c.stands for c in self.after(irr.index))):
                self.cancel_from(irr, applies[0])
                sp = self.cancel_call(irr, oe, r, applies)
        elif cancel in ("irregular_call", "replacement"):
            target = self.calls[irr.substitute] if cancel == "replacement" and irr.substitute is not None else oe
            if target.stands:
                sp = self.cancel_call(irr, target, r, applies)
        if event and r.get("next") not in (None, "auction", "none"):
            self.turn = self.seat_of(irr, r["next"])
        status = "undetermined" if waiting else "in_force"
        n = self.irr_index(irr)
        for field_, seat in (("offender_must_pass", o), ("partner_must_pass", partner(o))):
            scope = r.get(field_, "no")
            pend = [ob for ob in self.obls if ob.irregularity == n and ob.seat == seat and ob.status == "undetermined"
                    and ob.must == "pass"]
            for ob in pend:     # what was undetermined while the tree waited is now ruled
                if waiting:
                    continue
                if scope == "no":
                    ob.status, ob.pending_fact = "cancelled", None
                else:
                    ob.scope, ob.law, ob.status, ob.pending_fact = scope, law, "in_force", None
            if scope != "no" and not pend and not (cancel == "none" and self.has_pass(seat, scope)):
                self.oblige(seat, "pass", scope, law, irr, status=status, pending_fact=waiting if waiting else None)
        if r.get("offender_must_repeat"):
            self.oblige(o, "repeat", "next_turn", law, irr, call=oe.call)
        if r.get("partner_may_not_double", "no") != "no":
            self.oblige(partner(o), "not_double", r["partner_may_not_double"], applies[-1], irr)
        if sp is not None:
            self.on_stand(sp)
        if not self.complete and self.turn is None:     # reopened with no seat ruled: rotation from the last call
            self.turn = lho(self.standing[-1].seat) if self.standing else self.dealer
        if event:
            self.check_end()

    def after(self, idx: int) -> list[CallEntry]:
        """The calls in the auction made after call ``idx`` (a substituted pass stands where the call it replaces was
        made; the call being read is not in it yet)."""
        return [c for c in self.standing
                if (c.substitute_for if c.synthetic and c.substitute_for is not None else c.index) > idx]

    def cancel_call(self, irr: Irregularity, oe: CallEntry, r: dict, applies: list) -> CallEntry | None:
        """The irregular call leaves the auction: cancelled, or replaced by a pass (``substitute_pass``)."""
        self.remove(oe)
        if oe.index not in irr.cancelled:
            irr.cancelled.insert(0, oe.index) if oe.index == irr.index else irr.cancelled.append(oe.index)
        irr.accepted = False
        if r.get("substitute_pass"):
            oe.law = applies[0]
            return self.synthetic_pass(irr.offender, applies[-1], oe)
        oe.status, oe.law = "cancelled", applies[0]
        self.restore_consumed(oe)
        return None

    def withdraw_previous(self, irr: Irregularity, oe: CallEntry, calls_over: bool, applies: list) -> None:
        """The offender's new call stands in place of his previous one, which is withdrawn (25A1, 25B1); with
        ``calls_over``, the calls made over the previous call are withdrawn with it (25A4)."""
        o = irr.offender
        prev = next((s for s in reversed(self.standing) if s.seat == o and s is not oe), None)
        if oe not in self.standing:      # a change after the final pass, within the auction period (25A3)
            self.complete = False
            self.standing.append(oe)
        if prev is not None:
            k = self.standing.index(prev)
            if calls_over:
                for w in [s for s in self.standing[k + 1:] if s is not oe]:
                    w.status, w.law = "cancelled", applies[-1]
                    self.restore_consumed(w)
                    self.remove(w)
            prev.status, prev.replaced_by, prev.law = "replaced", oe.index, "25"
            oe.substitute_for = prev.index
            self.remove(prev)
        irr.accepted = True
        if irr.resolution == "pending":
            irr.resolution = "accepted"
        oe.status, oe.law, oe.in_rotation = "accepted_irregular", applies[0], True
        self.turn = lho(o)
        self.on_stand(oe)

    def own_last(self, seat: str) -> bool:
        """Whether the last call that stands is ``seat``'s own (so that a new call by him, before his LHO
        calls, changes it: Law 25)."""
        return bool(self.standing) and self.standing[-1].seat == seat and not self.standing[-1].synthetic

    def remove(self, e: CallEntry) -> None:
        self.standing = [s for s in self.standing if s is not e]

    def restore_consumed(self, e: CallEntry) -> None:
        """The call ``e`` is cancelled and its caller calls again at that turn: the next-turn
        obligations it used up apply again."""
        for o in self.obls:
            if o.consumed_by == e.index and o.status in ("fulfilled", "breached"):
                o.status, o.consumed_by = "in_force", None

    def synthetic_pass(self, seat: str, law: str, replaced: CallEntry) -> CallEntry:
        e = CallEntry(len(self.calls), seat, CALL_PASS, None, replaced.turn, synthetic=True, law=law,
                      substitute_for=replaced.index, in_rotation=replaced.in_rotation)
        replaced.status, replaced.replaced_by = "replaced", e.index
        self.calls.append(e)
        self.standing.append(e)
        return e

    def default_caller(self) -> str:
        if self.pending is not None:
            return lho(self.pending.offender)
        if self.complete or self.turn is None:
            return lho(self.last_caller) if self.last_caller else self.dealer
        return self.turn

    # -- the walk ----------------------------------------------------------------------------
    def run(self, tokens: Sequence[Token]) -> None:
        skip = 0
        skip_tok: Token | None = None
        for tok in tokens:
            prev_auto, self.auto = self.auto, None
            if tok.kind == "skip":
                skip += 1
                skip_tok = skip_tok or tok
                if skip > 3:
                    raise AuctionError(N_("Token {position} “{token}”: “^S” can skip at most three players."),
                                       position=tok.position, token=tok.text)
                continue
            if skip and tok.kind != "call":
                raise AuctionError(N_("Token {position} “{token}”: “^S” must be followed by the call out of "
                                      "rotation that skipped the player."), position=skip_tok.position,
                                   token=skip_tok.text)
            if tok.kind == "end":
                continue
            if tok.kind == "td":
                self.director(tok, prev_auto)
                continue
            if tok.kind == "ap":
                if self.complete:
                    raise AuctionError(N_("Token {position} “{token}”: the auction is already over."),
                                       position=tok.position, token=tok.text)
                for _ in range(16):
                    self.call(self.default_caller(), CALL_PASS, tok)
                    if self.complete:
                        break
                else:  # pragma: no cover - passes in rotation always end the auction (22A)
                    raise AssertionError("AP did not end the auction")
                continue
            expected = _seat_at(self.default_caller(), skip)
            seat = tok.seat or expected
            if skip and tok.seat and tok.seat != expected:
                raise AuctionError(N_("Token {position} “{token}”: after “^S” the call is made by {seat}, the player "
                                      "after the skipped one."), position=tok.position, token=tok.text,
                                   seat=expected)
            skip, skip_tok = 0, None
            self.call(seat, tok.call, tok)
        if skip:
            raise AuctionError(N_("Token {position} “{token}”: “^S” must be followed by the call out of rotation that "
                                  "skipped the player."), position=skip_tok.position, token=skip_tok.text)
        if self.pending is not None and self.pending.facts.get("after_final_pass") == "yes":
            out, _ = self.walk(self.pending)
            if out is None:
                pass
            elif out.status == "ruling" and out.tree == "call_after_final_pass":   # 39 applies without the director
                irr, self.pending = self.pending, None
                self.settle(irr)
            elif out.status == "ruling" and self.pending.kind == "change_of_call":
                self.complete = False   # a change of the final pass that 25A permits: the auction period goes on (25A3)

    # -- a call ------------------------------------------------------------------------------
    def call(self, seat: str, call: Call, tok: Token) -> None:
        e = CallEntry(len(self.calls), seat, call, tok.position, self.turn, annotations=tok.annotations)
        self.calls.append(e)
        self.last_caller = seat
        if self.pending is not None:
            self.respond(e)
        e.turn = None if self.complete else self.turn
        if tok.marked_insufficient and not (call.is_bid and not self.complete and not self.sufficient(call)):
            raise AuctionError(N_("Token {position} “{token}”: “^I” marks {call} as an insufficient bid, but it is "
                                  "not insufficient."), position=tok.position, token=tok.text, call=str(call))
        self.classify(e)

    def respond(self, e: CallEntry) -> None:
        """A call made while ``self.pending`` awaits acceptance or rectification: what it establishes is read off the
        record (the offender's LHO called over it; the player whose turn it was called, 28B; the offender replaced
        his insufficient bid, 27C) and the tree rules."""
        irr = self.pending
        o, p = irr.offender, e.seat
        oe = self.calls[irr.index]
        self.pending = None
        irr.awaiting = None
        irr.lho_called = p == lho(o)
        irr.facts["accepted"] = "yes" if irr.lho_called else "no"
        if irr.kind == "change_of_call":
            irr.facts["substitution_accepted"] = irr.facts["accepted"]
        if irr.facts.get("after_final_pass") == "yes" or irr.kind == "call_after_final_pass":
            self.settle(irr)
            return None
        if irr.kind == "insufficient_bid" and self.sub is not None and self.sub.b4 is irr:
            self.sub.irr.facts["second_accepted"] = irr.facts["accepted"]
        ooor = irr.out_of_rotation and irr.kind != "change_of_call"
        if ooor and p == irr.turn and irr.at_turn_of in ("RHO", "LHO"):
            irr.facts["turn_player_called"] = "yes"      # the player whose turn it was called over it (28B)
        if irr.lho_called and irr.kind == "obligation_breached":    # no tree of its own: the call stands
            self.enact(irr, irr.law, {"cancelled": "none", "next": "auction"})
            return None
        if irr.lho_called:
            if irr.kind == "insufficient_bid" and self.sub is not None and self.sub.b4 is irr:
                self.sub = None
            if ooor and irr.insufficient and irr.facts.get("turn_player_called") != "yes":
                irr._add("29A", "27A1")
            self.settle(irr, defer=True)
            return None
        if irr.kind == "insufficient_bid" and p == o:
            # Law 27C: the offender replaces his insufficient bid before the rectification; this call is the replacement
            if self.sub is not None and self.sub.b4 is irr:   # 27B4 rules as 27B3 however the offender goes on
                self.rectify(irr, td=False)
                return None
            irr.facts["premature"] = "yes"
            self.settle(irr)
            self.sub = _Substitution(irr, oe.call, self.last_bid())
            return None
        self.rectify(irr, td=False)
        return None

    # -- classification of a new call ---------------------------------------------------------
    def classify(self, e: CallEntry) -> None:
        p, c = e.seat, e.call
        if self.complete:
            # the player who made the final pass calls again before his LHO: a change of call (22A1 "but see
            # Law 25"; 25A3: an unintended call may be replaced until the end of the auction period)
            own = bool(self.standing) and self.standing[-1].seat == p and not self.standing[-1].synthetic
            kind = "change_of_call" if own else "call_after_final_pass"
            irr = self.new_irreg(kind, e, "25" if own else "39", turn=None)
            irr.change_of_call = own
            irr.facts["after_final_pass"] = "yes"
            irr.facts["passed_out"] = "yes" if not any(s.call.is_bid for s in self.standing) else "no"
            irr.facts["call_kind"] = "pass" if c.is_pass else "bid" if c.is_bid else "double"
            contract = self.contract()
            if contract is not None:
                declarer = self.declarer(contract)
                irr.facts["by_defender"] = "no" if p in (declarer, partner(declarer)) else "yes"
            if own:
                irr.facts.update({"partner_called": "no", "auction_ended": "no"})
                irr.assumed.update({"unintended": self.fact(irr, "unintended") or "no",
                                    "pause": self.fact(irr, "pause") or "no"})
            else:
                irr._add("39A")
                irr.cancelled = [e.index]
            e.status, e.law, e.in_rotation = "cancelled", "39A", False
            self.pending = irr
            return
        t = self.turn
        in_turn = p == t
        if not in_turn and t == rho(p) and self.must_pass(t):
            in_turn = True
            e.notes.append("28A")
            e.law = "28A"
            for o in self.obls:
                if o.seat == t and o.status == "in_force" and o.scope == "next_turn":
                    o.status, o.consumed_by = "fulfilled", e.index
        e.in_rotation = in_turn
        bid_before = any(s.call.is_bid for s in self.standing)
        sufficient = not c.is_bid or self.sufficient(c)
        sub = self.sub if (in_turn and self.sub is not None and self.sub.irr.offender == p
                           and self.sub.b4 is None) else None

        breached: list[Obligation] = []
        rest_pass = False
        if in_turn:
            for o in self.obls:
                if o.seat == p and o.status == "undetermined" and o.must == "pass" and not c.is_pass and \
                        o.pending_fact in READINGS:
                    # bound to pass on the replay's reading of a fact the director has not given (27B1): the call is
                    # ruled as the breach it is on that reading, and the director is asked the fact (rule())
                    rest_pass = rest_pass or o.scope == "rest_of_auction"
                    breached.append(o) if o.scope == "next_turn" else None
                    continue
                if o.seat != p or o.status != "in_force":
                    continue
                ok = (c.is_pass if o.must == "pass" else not c.is_double if o.must == "not_double"
                      else str(c) == o.call)
                if o.must == "pass" and o.scope == "rest_of_auction":
                    rest_pass = rest_pass or not ok
                    continue
                o.status, o.consumed_by = ("fulfilled" if ok else "breached"), e.index
                if not ok:
                    breached.append(o)

        common = dict(turn=t, bid_before=bid_before, out_of_rotation=not in_turn,
                      at_turn_of=None if in_turn else relation(p, t))
        if c.is_bid and c.level > 7:
            irr = self.new_irreg("bid_above_seven", e, "38", **common)
            self.hold(irr, e)
            return
        if c.is_double and sub is None and not self.admissible(p, c):
            irr = self.new_irreg("inadmissible_double", e, "36", **common)
            irr.facts["inadmissible"] = "yes"
            self.hold(irr, e)
            return
        if sub is not None:
            self.substitution(e, sub)
            return
        pass_breach = [o for o in breached if o.must == "pass"]
        if in_turn and not c.is_pass and (rest_pass or pass_breach):
            irr = self.new_irreg("call_when_required_to_pass", e, "37", **common)
            irr.facts["rest_of_auction"] = "yes" if rest_pass else "no"
            self.hold(irr, e)
            return
        other_breach = [o for o in breached if o.must != "pass"]
        if in_turn and other_breach:
            ob = other_breach[0]
            irr = self.new_irreg("obligation_breached", e, ob.law, **common)
            irr._add(ob.law)
            if ob.must == "repeat":
                irr.facts["offender_repeats"] = "no"
            self.hold(irr, e)
            return
        if not in_turn:
            self.out_of_rotation(e, common, sufficient)
            return
        if not sufficient:
            irr = self.new_irreg("insufficient_bid", e, "27", insufficient=True, **common)
            irr.facts["in_rotation"] = "yes"
            irr.facts["second_insufficient"] = "no"
            self.hold(irr, e)
            return
        self.stand(e)

    def stand(self, e: CallEntry) -> None:
        """A call that stands, in rotation."""
        e.status = "legal"
        self.standing.append(e)
        self.turn = lho(e.seat)
        self.on_stand(e)
        self.check_end()

    def hold(self, irr: Irregularity, e: CallEntry) -> None:
        """An irregular call: provisionally in the auction until accepted or rectified."""
        e.status = "pending"
        self.standing.append(e)
        self.turn = lho(e.seat)
        self.pending = irr

    def out_of_rotation(self, e: CallEntry, common: dict, sufficient: bool) -> None:
        p, c, t = e.seat, e.call, self.turn
        kind = ("pass_out_of_rotation" if c.is_pass else "bid_out_of_rotation" if c.is_bid
                else "double_out_of_rotation")
        at = common["at_turn_of"]
        called_before = any(s.seat == p for s in self.standing)
        # a second call by the same player before his LHO calls, and, at LHO's turn, a pass after a bid (30B3),
        # a bid by a player who had called before (31B) or a double or redouble: a change of call (Law 25)
        # (before any bid a pass at LHO's turn is 30A, never a change: 30B3 applies "after some player has bid")
        change = at == "LHO" and not (c.is_pass and not common["bid_before"]) and (
            self.own_last(p) or (common["bid_before"] if c.is_pass else called_before if c.is_bid else True))
        first_kind = kind
        if change:
            kind = "change_of_call"
        irr = self.new_irreg(kind, e, KINDS[kind], insufficient=not sufficient, **common)
        if c.is_pass:
            pc = [s for s in self.standing if s.seat == partner(p) and not s.synthetic]
            if not pc or pc[-1].call.is_pass:
                irr.facts["pass_over_artificial"] = "no"    # 30C: no call of partner's to pass over
        irr.facts.update({"turn_of": at.lower(), "any_bid": "yes" if common["bid_before"] else "no",
                          "called_before": "yes" if called_before else "no"})
        if at == "RHO":
            irr.facts["rho_must_pass"] = "no"
        if at == "partner":
            # 25A1: a call at the partner's turn after one's own call (the partner not having called since) may be
            # the substitution of an intended call for an unintended one
            own = [s for s in self.standing if s.seat == p and not s.synthetic]
            may = bool(own) and c.is_bid and not any(
                s.seat == partner(p) and not s.synthetic for s in self.standing[self.standing.index(own[-1]) + 1:])
            irr.facts["may_change"] = "yes" if may else "no"
            if may:
                irr.facts.update({"partner_called": "no", "auction_ended": "no", "after_final_pass": "no"})
                irr.assumed["unintended"] = self.fact(irr, "unintended") or "no"   # read as a call out of rotation
        if c.is_double:
            irr.facts["inadmissible"] = "no"
        irr.assumed["artificial"] = self.fact(irr, "artificial") or "no"
        if c.is_pass:
            irr.assumed["pass_over_artificial"] = self.fact(irr, "pass_over_artificial") or "no"
        if not sufficient:
            irr._add("27A2")
            irr._note("27A2")
        # at LHO's turn: a pass after a bid (30B3), a bid by a player who had called before (31B) and a
        # double or redouble (19 makes it inadmissible before any call) are treated as a change of call
        irr.change_of_call = change
        if irr.change_of_call:
            irr._add({"pass_out_of_rotation": "30B3", "bid_out_of_rotation": "31B"}.get(first_kind, "25"))
            irr._note("25")
            irr.facts.update({"partner_called": "no", "auction_ended": "no", "after_final_pass": "no"})
            irr.assumed.update({"unintended": self.fact(irr, "unintended") or "no",
                                "pause": self.fact(irr, "pause") or "no"})
        # the players who lose their turn if the call stands
        skipped, s = [], t
        while s != p:
            skipped.append(s)
            s = lho(s)
        irr.skipped = skipped if at != "LHO" else []
        with_right = tuple(x for x in irr.skipped if not self.must_pass(x))
        e._skipped_with_right = with_right
        # Law 17E2 / 34: a pass out of rotation that would end the auction
        if c.is_pass and not irr.change_of_call and with_right:
            n = len(self.standing)
            k = 0
            for s_ in reversed(self.standing):
                if not s_.call.is_pass:
                    break
                k += 1
            if k >= 2 and n >= 3:
                irr.facts["ends_auction"] = "yes"
                irr.law = "17E2"
                self.hold(irr, e)
                self.auto = irr
                self.settle(irr)
                return
        if c.is_pass:
            irr.facts["ends_auction"] = "no"
        self.hold(irr, e)

    # -- Law 27B: the replacement of an insufficient bid ---------------------------------------
    def substitution(self, e: CallEntry, sub: _Substitution) -> None:
        """The offender's call that replaces his insufficient bid: what kind of replacement it is, read off the
        record; the tree rules (27B1-27B4)."""
        irr, c, o = sub.irr, e.call, e.seat
        ins = self.calls[irr.index]
        e.substitute_for = irr.index
        ins.status, ins.replaced_by = "replaced", e.index
        irr.substitute = e.index
        irr.awaiting = None
        if c.is_bid and not self.sufficient(c):
            # 27B4: another insufficient bid, an irregularity of its own that the LHO may accept
            b4 = self.new_irreg("insufficient_bid", e, "27", turn=o, insufficient=True, bid_before=True)
            b4.facts["in_rotation"] = "yes"
            b4.facts["second_insufficient"] = "yes"
            if not sub.after_b3:
                irr.facts["replacement"] = "insufficient"
            sub.b4 = b4
            self.hold(b4, e)
            return
        self.sub = None
        if sub.after_b3:          # the correction 27B3 / 27B4 require: the ruling was given
            self.stand(e)
            return
        lowest = _lowest_sufficient(sub.last_bid, sub.bid.denomination)
        if c.is_double:
            irr.facts["replacement"] = "double"
            irr.facts["replacement_legal"] = "yes" if self.admissible(o, c) else "no"
        elif c.is_bid and c.denomination == sub.bid.denomination and c.level == lowest:
            irr.facts["replacement"] = "lowest_same"
        else:
            irr.facts["replacement"] = "pass" if c.is_pass else "other_bid"
        self.stand(e)
        self.rule_with_director_facts(irr)
        if e.status == "cancelled":
            # 27B3: the replacement is cancelled and the offender must correct his insufficient bid again
            sub.after_b3 = True
            self.sub = sub
            irr.awaiting = "offender_call"

    def rule_with_director_facts(self, irr: Irregularity) -> None:
        """Settle ``irr``; when its tree still asks the director a question (27B1: whether the calls are artificial,
        whether the replacement has the same meaning), what every answer rules alike is applied now and the
        obligations the answers rule differently stay undetermined on that fact. When the answers differ on the
        calls themselves, the replay's reading (``READINGS``) is applied and recorded as assumed."""
        from . import trees as R

        if self.settle(irr):
            return
        out, reg = self.walk(irr)
        if out is None or out.status != "needs" or \
                getattr(R.all_facts(self.edition).get(out.fact), "source", "") == "auction":
            return
        fact = out.fact
        if fact not in irr.facts_needed:
            irr.facts_needed.append(fact)
        rulings = self.answers(irr, {}, 0)
        mech = {tuple(r.get(k) for k in ("cancelled", "substitute_pass", "withdrawn", "next")) for _, r in rulings}
        if len(mech) > 1:
            irr.assumed[fact] = READINGS[fact]
            self.settle(irr)
            return
        law, common = rulings[0]
        common = dict(common)
        scopes = {}
        for f in ("offender_must_pass", "partner_must_pass"):
            found = {r.get(f, "no"): lw for lw, r in rulings}
            if len(found) > 1:
                strongest = max(found, key=("no", "next_turn", "rest_of_auction").index)
                scopes[f] = (strongest, found[strongest])
                common[f] = "no"
        common["applies"], common["notes"] = [], []
        self.enact(irr, law, common)
        o = irr.offender
        for f, (scope, lw) in scopes.items():
            seat = o if f == "offender_must_pass" else partner(o)
            self.oblige(seat, "pass", scope, lw, irr, status="undetermined", pending_fact=fact)
        if scopes:
            irr.assumed.setdefault(fact, READINGS[fact])     # the reading a later call is ruled on (classify)

    def answers(self, irr: Irregularity, given: dict, depth: int) -> list:
        """Every ruling the director's answers can lead to: ``[(law, ruling), ...]``."""
        out, reg = self.walk(irr, **given)
        if out is None:
            return []
        if out.status == "ruling":
            return [(out.law, out.ruling)]
        if depth > 3:
            return []
        return [x for opt in out.options for x in self.answers(irr, {**given, out.fact: opt}, depth + 1)]

    # -- rectification (the director is called, or the law applies without him) ----------------
    def rectify(self, irr: Irregularity, td: bool) -> None:
        o = irr.offender
        oe = self.calls[irr.index]
        irr.td_called = irr.td_called or td
        irr.resolution = "rectified"
        irr.awaiting = None
        if irr.kind == "insufficient_bid":
            if self.sub is not None and self.sub.b4 is irr:   # 27B4: ruled as 27B3, on the first insufficient bid too
                orig = self.sub.irr
                orig.facts["second_accepted"] = "no"
                orig._add("27B4", "27B3")
                orig._note("26", "23")
                self.settle(irr)
                self.sub.after_b3, self.sub.b4 = True, None
            else:
                self.settle(irr)                              # 27B: the replacement is awaited
                self.sub = _Substitution(irr, oe.call, self.last_bid())
            return
        if irr.kind == "obligation_breached":
            self.remove(oe)
            oe.status, oe.law = "cancelled", irr.law
            irr.cancelled = [oe.index]
            self.restore_consumed(oe)
            self.turn = o
            return
        self.settle(irr)

    # -- things that happen when a call comes to stand -----------------------------------------
    def on_stand(self, e: CallEntry) -> None:
        """A call comes to stand: what it establishes for a ruling that waits for later calls (the RHO's call after
        a call out of rotation, 31A / 32B; the offender's next call, 31A2) is read off it, and the tree rules."""
        for ob in self.obls:     # the offender repeated (or not) the call 31A1 / 32B1 requires
            if ob.must == "repeat" and ob.consumed_by == e.index:
                src = self.irregs[ob.irregularity]
                src.facts["offender_repeats"] = "yes" if ob.status == "fulfilled" else "no"
                if ob.status == "fulfilled":
                    src._note("repeat_ok")
        for irr in list(self.waiting):
            if e.index <= irr.index or irr not in self.waiting:
                continue
            o = irr.offender
            if e.seat == rho(o) and "rho_action" not in irr.facts:
                irr.facts["rho_action"] = "pass" if e.call.is_pass else "call"
            elif e.seat == o and "rho_action" in irr.facts and "same_denomination" not in irr.facts:
                call = self.calls[irr.index].call
                if call.is_bid and self.fact(irr, "artificial") == "yes":
                    # 29C: the rectification applies to the denomination(s) the artificial call specified, which the
                    # record cannot show: the director's finding
                    rd = self.fact(irr, "repeats_denomination")
                    if rd is None:
                        for ob in self.obls:
                            if self.irregs[ob.irregularity] is irr and ob.status == "undetermined":
                                ob.pending_fact = "repeats_denomination"
                        if "repeats_denomination" not in irr.facts_needed:
                            irr.facts_needed.append("repeats_denomination")
                        self.waiting.remove(irr)
                        irr.awaiting = None
                        continue
                    irr.facts["same_denomination"] = rd
                else:
                    same = call.is_bid and e.call.is_bid and e.call.denomination == call.denomination
                    irr.facts["same_denomination"] = "yes" if same else "no"
            else:
                continue
            self.settle(irr, event=False)

    def check_end(self) -> None:
        """Law 22A; a pass out of rotation among the last three that skipped a player with the right to call is
        ruled by its tree (17E2: the auction reverts)."""
        if self.pending is not None or self.complete:
            return
        st = self.standing
        k = 0
        for s in reversed(st):
            if not s.call.is_pass:
                break
            k += 1
        has_bid = any(s.call.is_bid for s in st)
        if not ((has_bid and k >= 3) or (not has_bid and len(st) >= 4)):
            return
        for s in st[-3:]:
            if s.status == "accepted_irregular" and s.call.is_pass and s._skipped_with_right:
                irr = next((r for r in self.irregs if r.index == s.index), None)
                if irr is not None:
                    irr.facts["ends_auction"] = "yes"
                    irr.law = "17E2"
                    self.auto = irr
                    self.settle(irr)
                    return
        self.complete = True
        self.turn = None

    # -- the director ------------------------------------------------------------------------
    def director(self, tok: Token, prev_auto: Irregularity | None) -> None:
        if self.deferred:
            irr = self.deferred.pop(0)
            irr.td_called = True
            irr.resolution = "rectified"
            self.settle(irr)
            return
        if self.pending is not None:
            irr = self.pending
            self.pending = None
            if irr.kind == "call_after_final_pass" or irr.facts.get("after_final_pass") == "yes":
                irr.td_called = True
                self.settle(irr)
                return
            self.rectify(irr, td=True)
            return
        if prev_auto is not None:
            prev_auto.td_called = True
            return
        last = self.calls[-1] if self.calls else None
        if last is not None and last.law == "28A" and last.stands and not any(r.index == last.index for r in self.irregs):
            # the director called to a call made at the turn of a RHO required to pass: 28A, it is deemed in rotation
            kind = ("pass_out_of_rotation" if last.call.is_pass else "bid_out_of_rotation" if last.call.is_bid
                    else "double_out_of_rotation")
            irr = self.new_irreg(kind, last, "28A", turn=rho(last.seat), at_turn_of="RHO", out_of_rotation=True,
                                 bid_before=any(s.call.is_bid for s in self.standing if s.index < last.index))
            irr.facts.update({"rho_must_pass": "yes", "accepted": "no", "ends_auction": "no"})
            irr.resolution, irr.awaiting, irr.td_called = "deemed_in_rotation", None, True
            self.settle(irr)
            return
        raise AuctionError(N_("Token {position} “{token}”: there is no irregularity here for the director to "
                              "rectify (TD stands right after the irregular call, before the offender's left-hand "
                              "opponent calls)."), position=tok.position, token=tok.text)

    def cancel_from(self, irr: Irregularity, law: str) -> None:
        """The calls made after the irregular one leave the auction with it (36A, 38B, 17E2): their obligations and
        irregularities go with them. The irregular call itself is then dealt with as the ruling says."""
        idx = irr.index
        later = [c for c in self.after(idx) if c.stands]
        for c in later:
            c.status, c.law = "cancelled", law
            self.restore_consumed(c)
        irr.cancelled = [idx] + [c.index for c in later]
        gone = set(irr.cancelled)
        for o in self.obls:     # what the rectification of a cancelled call, or a cancelled call, imposed goes with it
            src = self.irregs[o.irregularity]
            made_by_gone = o.since in gone and not self.calls[o.since].synthetic
            if o.status in ("in_force", "undetermined") and src is not irr and (src.index in gone or made_by_gone):
                o.status = "cancelled"
        for r in self.irregs:     # their calls are gone: so is what was ruled on them
            if r.index > idx:
                if r.resolution in ("pending", "awaiting_director") or r.awaiting:
                    r.resolution, r.awaiting = "cancelled", None
                r._note("superseded")
        self.deferred = [d for d in self.deferred if d.index < idx]
        self.waiting = [w for w in self.waiting if w.index < idx]
        if self.sub is not None and self.sub.irr.index > idx:
            self.sub = None
        self.pending = None
        self.complete = False
        self.standing = [s for s in self.standing if s.index <= idx]

    # -- the outcome -------------------------------------------------------------------------
    def contract(self) -> Contract | None:
        if not self.complete:
            return None
        risk = ""
        for e in reversed(self.standing):
            if e.call.kind == REDOUBLE and not risk:
                risk = "XX"
            elif e.call.kind == DOUBLE and not risk:
                risk = "X"
            elif e.call.is_bid:
                return Contract(e.call.level, e.call.denomination, risk)
        return None

    def declarer(self, contract: Contract) -> str | None:
        last = next(e for e in reversed(self.standing) if e.call.is_bid)
        side = (last.seat, partner(last.seat))
        for e in self.standing:
            if e.call.is_bid and e.seat in side and e.call.denomination == contract.denomination:
                return e.seat
        return None  # pragma: no cover

    def state(self, unfinished: bool) -> AuctionState:
        contract = self.contract()
        declarer = self.declarer(contract) if contract else None
        passed_out = self.complete and contract is None
        for irr in self.irregs:
            if irr.facts.get("accepted") is None and irr.kind != "call_after_final_pass":
                irr.facts["accepted"] = "yes" if irr.lho_called else "no"
        return AuctionState(self.dealer, tuple(self.calls), tuple(self.irregs), tuple(self.obls), self.complete,
                            passed_out, contract, declarer, None if self.complete else self.default_caller(),
                            unfinished)


def _lowest_sufficient(last: Call | None, denom: str) -> int:
    if last is None:
        return 1
    return last.level if DENOMINATIONS.index(denom) > DENOMINATIONS.index(last.denomination) else last.level + 1


def replay(record: "str | Record | Iterable[Token]", dealer: str, facts: Mapping | None = None,
           edition: str | None = None) -> AuctionState:
    """Replay an auction record and detect its irregularities.

    Parameters
    ----------
    record : str, Record or iterable of Token
        The record, in the notation of the module docstring (or already parsed).
    dealer : str
        ``'N'``, ``'E'``, ``'S'`` or ``'W'`` (the player who makes the first call, Law 17B).
    facts : mapping, optional
        The director's findings the rectification depends on (:data:`FACT_KEYS`, values
        ``'yes'``/``'no'``); a key that is an integer call index holds the facts of the
        irregularity at that call. Missing facts leave the dependent obligations
        ``undetermined``.
    edition : str, optional
        The edition of the Laws whose trees rule (``laws/trees/<edition>/``); by default the
        edition in force. An irregularity the edition has no tree for is detected and left
        unrectified (note ``no_tree``).

    Returns
    -------
    AuctionState

    Raises
    ------
    AuctionError
        A malformed token, an unknown dealer or fact, or a record that contradicts itself
        (``^I`` on a sufficient bid, ``TD`` with no irregularity to rectify, ``AP`` after
        the end).

    Examples
    --------
    Dealer N; E bids 1S at N's turn, the director is called: the bid is cancelled and N
    calls (29B); N passes, so E must repeat his bid (31A1):

    >>> s = replay("E:1S TD P", "N", edition="2007")
    >>> i = s.irregularities[0]
    >>> i.kind, i.at_turn_of, i.provisions, s.next
    ('bid_out_of_rotation', 'RHO', ['29B', '31A', '31A1'], 'E')
    >>> [(o.seat, o.must, o.call, o.law) for o in s.in_force]
    [('E', 'repeat', '1S', '31A1')]

    W bids at his partner's turn; after the director's rectification E, who must now pass
    for the rest of the auction (31B), bids: Law 37.

    >>> s = replay("1H W:1S TD 2H", "N", edition="2007")
    >>> [(i.kind, i.offender, i.law) for i in s.irregularities]
    [('bid_out_of_rotation', 'W', '31'), ('call_when_required_to_pass', 'E', '37')]
    """
    if isinstance(record, str):
        rec = parse_record(record)
        tokens, unfinished = rec.tokens, rec.unfinished
    elif isinstance(record, Record):
        tokens, unfinished = record.tokens, record.unfinished
    else:
        tokens = tuple(record)
        unfinished = any(t.kind == "end" for t in tokens)
        if not tokens:
            raise AuctionError(N_("The auction record is empty."))
    r = _Replay(dealer, facts, edition)
    r.run(tokens)
    state = r.state(unfinished)
    live = [i for i in state.irregularities if "superseded" not in i.notes]
    last = live[-1] if live else None
    if last is not None and last.resolution in ("pending", "awaiting_director") and \
            last.awaiting in ("lho_or_director", "director"):
        after_director = recorded = None
        changes = {}
        if last.awaiting == "director":
            try:
                after = replay(tuple(tokens) + tuple(parse_record("TD").tokens), dealer, facts, r.edition)
            except AuctionError:
                after = None
            if after is not None:
                after_director = {"next": after.next, "complete": after.complete, "declarer": after.declarer,
                                  "contract": str(after.contract) if after.contract else None}
                # the law leaves the director no choice: the auction's next, contract and declarer are his ruling's
                recorded = {"next": state.next, "complete": state.complete, "declarer": state.declarer,
                            "contract": str(state.contract) if state.contract else None}
                changes = {"next": after.next, "complete": after.complete, "contract": after.contract,
                           "declarer": after.declarer, "passed_out": after.passed_out}
        state = dataclasses.replace(state, awaiting=last.awaiting, after_director=after_director, recorded=recorded,
                                    **changes)
    return state
