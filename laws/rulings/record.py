"""The auction record: the notation a director types (or a PBN file holds), parsed into tokens.

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
``^I``             the next bid is insufficient and was accepted (PBN 2.1, 3.9): the next
                   call over it by another player accepts it, whoever makes it
``^S``             the player whose turn it is was skipped: the next call is made by the
                   following player, out of rotation (PBN 2.1, 3.9)
``=n=``            a note reference on the previous call (kept as an annotation)
``*`` ``+``        the record ends here, the auction unfinished (PBN); last token only
=================  ==================================================================
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import N_

from .calls import SEAT_WORDS, AuctionError, Call, parse_call


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
            seat = SEAT_WORDS.get(head.upper()) if len(head) == 1 else None
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


