"""PBN 2.1 auction sections: the text of a PBN file (:func:`decode_pbn`) and every auction
section in it (:func:`parse_pbn`), as records of the auction notation (:mod:`laws.rulings.auction`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import N_

from .auction import _NOTE_RE, _SEAT_WORDS, AuctionError, Record, Token, _seat_at, parse_call

__all__ = ["PbnAuction", "decode_pbn", "parse_pbn"]


def decode_pbn(raw: bytes) -> str:
    """The text of a PBN file: UTF-8, or ISO 8859-1 (Latin-1), the PBN character set (PBN 2.1, 3.1)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")



@dataclass(frozen=True)
class PbnAuction:
    """The auction section of one PBN game: its ``record``, ``dealer`` (from the ``Dealer``
    tag, or from the ``Auction`` tag and the leading ``-`` tokens), the ``first`` player of
    the section, the ``board`` number and the ``notes`` (``[Note "1:text"]``)."""

    record: Record
    dealer: str
    first: str
    board: str | None
    notes: dict


_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_PBN_TOKEN_RE = re.compile(r"\^.?|=\d+=|\$\d+|[!?]{1,2}|\*|\+|[A-Za-z0-9\-]+|\S")


def _strip_pbn_comments(text: str) -> str:
    out = []
    i, n = 0, len(text)
    in_tag = False
    while i < n:
        ch = text[i]
        if ch == "%" and (i == 0 or text[i - 1] == "\n"):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if ch == "[":
            in_tag = True
        elif ch == "]":
            in_tag = False
        if ch == '"' and in_tag:
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
            continue
        if ch == "{":
            j = text.find("}", i)
            i = n if j < 0 else j + 1
            out.append("\x00")
            continue
        if ch == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j
            out.append("\x00")
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def parse_pbn(text: str) -> list[PbnAuction]:
    """Every auction section of a PBN 2.1 text (import format).

    Understood: ``[Dealer]``, ``[Board]``, ``[Auction "X"]`` followed by the calls (``Pass``,
    ``X``, ``XX``, bids, ``AP``), ``-`` for the players before the dealer, note references
    ``=n=`` (kept as annotations with the ``[Note "n:text"]`` text), suffixes ``!``, ``?``...
    and NAGs ``$n`` (kept as annotations), the irregularity tokens of PBN 3.9: ``^I`` before
    an insufficient bid accepted by the opponents, ``^S`` in place of the call of a player
    skipped by an accepted call out of rotation; ``*`` or ``+`` for an auction that is not
    finished; comments ``{...}`` and ``;...``; ``%`` escape lines.

    >>> a = parse_pbn('[Dealer "W"]\\n[Auction "W"]\\n1D ^S 2D Pass\\nPass Pass')[0]
    >>> a.dealer, [t.text for t in a.record]
    ('W', ['1D', '^S', '2D', 'Pass', 'Pass', 'Pass'])
    """
    games = re.split(r"\n[ \t]*\r?\n", _strip_pbn_comments(text.replace("\r\n", "\n")))
    out: list[PbnAuction] = []
    for game in games:
        game = game.replace("\x00", " ")
        tags = list(_TAG_RE.finditer(game))
        values = {}
        for m in tags:
            values.setdefault(m.group(1), m.group(2))
        for i, m in enumerate(tags):
            if m.group(1) != "Auction":
                continue
            end = tags[i + 1].start() if i + 1 < len(tags) else len(game)
            section = game[m.end():end]
            notes = {}
            for m2 in tags[i + 1:]:
                if m2.group(1) == "Play":
                    break
                if m2.group(1) == "Note" and ":" in m2.group(2):
                    k, v = m2.group(2).split(":", 1)
                    notes[k.strip()] = v.strip()
            out.append(_pbn_auction(m.group(2), section, values.get("Dealer"), values.get("Board"), notes))
    if not out:
        raise AuctionError(N_("No [Auction] section in the PBN text."))
    return out


def _pbn_auction(first: str, section: str, dealer_tag: str | None, board: str | None, notes: dict) -> PbnAuction:
    f = _SEAT_WORDS.get(first.strip().upper()) if len(first.strip()) == 1 else None
    if f is None:
        raise AuctionError(N_("[Auction \"{value}\"]: the Auction tag names the first player, N, E, S or W."),
                           value=first)
    tokens: list[Token] = []
    hyphens = 0
    mark = False
    unfinished = False
    for pos, m in enumerate(_PBN_TOKEN_RE.finditer(section), 1):
        w = m.group(0)
        up = w.upper()
        if unfinished:
            raise AuctionError(N_("Token {position} “{token}”: the record already ended with “*” or “+”, which must be "
                                  "the last token."), position=pos, token=w)
        if w == "-":
            if tokens or mark:
                raise AuctionError(N_("PBN token {position} “{token}”: “-” stands only for the players before the "
                                      "dealer, at the start of the auction."), position=pos, token=w)
            hyphens += 1
            continue
        if w in ("*", "+"):
            unfinished = True
            tokens.append(Token("end", w, pos))
            continue
        if up == "^I":
            mark = True
            continue
        if up == "^S":
            tokens.append(Token("skip", w, pos))
            continue
        if w.startswith("^"):
            raise AuctionError(N_("PBN token {position} “{token}”: not an auction irregularity (^R and ^L belong to "
                                  "the play section; the auction has ^I and ^S)."), position=pos, token=w)
        if w.startswith("=") or w.startswith("$") or w[0] in "!?":
            if not tokens or tokens[-1].kind != "call":
                raise AuctionError(N_("PBN token {position} “{token}”: an annotation must follow a call."),
                                   position=pos, token=w)
            ann = w
            nm = _NOTE_RE.match(w)
            if nm and nm.group(1) in notes:
                ann = f"{w} {notes[nm.group(1)]}"
            prev = tokens[-1]
            tokens[-1] = Token(prev.kind, prev.text, prev.position, prev.call, prev.seat, prev.marked_insufficient,
                               prev.annotations + (ann,))
            continue
        if up == "AP":
            tokens.append(Token("ap", w, pos))
            continue
        call = parse_call(w, pos, w)
        if mark and not call.is_bid:
            raise AuctionError(N_("Token {position} “{token}”: “^I” must stand right before the insufficient bid it "
                                  "marks."), position=pos, token=w)
        tokens.append(Token("call", w, pos, call, None, mark))
        mark = False
    dealer = _seat_at(f, hyphens)
    if dealer_tag is not None and dealer_tag.strip():
        d = _SEAT_WORDS.get(dealer_tag.strip().upper()) if len(dealer_tag.strip()) == 1 else None
        if d is None:
            raise AuctionError(N_("[Dealer \"{value}\"]: the dealer is N, E, S or W."), value=dealer_tag)
        if d != dealer:
            raise AuctionError(N_("The PBN [Dealer] tag says {dealer} but the auction section makes {computed} the "
                                  "dealer."), dealer=d, computed=dealer)
    if not tokens:
        raise AuctionError(N_("The auction record is empty."))
    return PbnAuction(Record(tuple(tokens), unfinished), dealer, f, board, notes)
