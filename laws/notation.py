"""Bidding notation in each federation's language: read a record written with the letters
and words of a notation, turn it into the neutral record of :mod:`laws.rulings.auction`, and write
calls, contracts and seats back in that notation.

The neutral notation is the English one of :mod:`laws.rulings.auction` (``C D H S NT``, ``P X XX``,
seats ``N E S W``); it is what the replay reads and what JSON output gives. Each other
notation uses the letters of its federation's text:

======  ==========================================  ===========  ==========================
code    suits ♣ ♦ ♥ ♠, no trump                      seats        pass, double, redouble
======  ==========================================  ===========  ==========================
``en``  C D H S, NT (or N)                           N E S W      P/Pass, X/Dbl, XX/Rdbl
``es``  T D C P (tréboles, diamantes, corazones,     N E S O      P/paso, X/doblo, XX/redoblo
        picas), ST (or SA; sin triunfo)
``nl``  K R H S (klaveren, ruiten, harten,           N O Z W      P/pas, X/doublet,
        schoppen), SA (sans atout)                                XX/redoublet
``it``  F Q C P (fiori, quadri, cuori, picche),      N E S O      P/passo, X/contro,
        SA (senza atout)                                          XX/surcontro
======  ==========================================  ===========  ==========================

The suit symbols ``♣ ♦ ♥ ♠`` are read in every notation and written by default.

**The same letter, different readings.** ``C`` is clubs in English but hearts (corazones,
cuori) in Spanish and Italian; ``D`` is a suit but never a double; ``S`` is spades in English
and Dutch but South as a seat in Spanish and Italian, and not a seat at all in Dutch (Zuid);
``O`` is West in Spanish and Italian and East (Oost) in Dutch; ``P`` is pass alone but spades
(picas, picche) after a level in Spanish and Italian. So a token is read by its form: a level
followed by letters is a bid, a word alone is a pass, double or redouble, and a letter before
a colon is a seat. :func:`reading` gives the parsed record back with symbols and the
notation's words, so that a front end shows how it read the record before any ruling.

>>> to_neutral("1C P 2C P P P", "es")
'1H P 2H P P P'
>>> to_neutral("1H P 2H P P P", "nl"), to_neutral("1C P 2C P P P", "it")
('1H P 2H P P P', '1H P 2H P P P')
>>> to_neutral("O:1P doblo 1ST", "es")
'W:1S X 1NT'
>>> reading("1H P 2H P P P", "es")
'1♥ Paso 2♥ Paso Paso Paso'
>>> format_call(parse_call("3NT"), "nl"), format_seat("E", "nl"), format_seat("W", "it")
('3SA', 'O', 'O')

Errors are :class:`laws.rulings.auction.AuctionError` naming the token, its position and the letters
the notation has (``t.gettext(e.msgid).format(**e.params)``), never a traceback.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from i18n import N_
from laws.rulings import auction as A
from laws.rulings.auction import AuctionError, Call, parse_call

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_DENOMS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
NEUTRAL_SEATS = A.SEATS   # N E S W
DENOMS = A.DENOMINATIONS  # C D H S NT


@dataclass(frozen=True)
class Notation:
    """The letters and words of one notation (all upper case where they are read)."""

    code: str
    name: str                     # the notation's name, in its own language
    denoms: dict                  # neutral denomination -> the letter(s) written
    denom_alt: dict               # further accepted spellings -> neutral denomination
    denom_names: dict             # neutral denomination -> the word (for descriptions)
    seats: dict                   # neutral seat -> letter
    seat_names: dict              # neutral seat -> full name
    words: dict                   # 'pass' | 'double' | 'redouble' -> (written word, accepted spellings...)

    def read_denom(self, text: str) -> str | None:
        up = text.upper().replace("\ufe0f", "")
        if up in _SYMBOL_DENOMS:
            return _SYMBOL_DENOMS[up]
        for neutral, letter in self.denoms.items():
            if up == letter.upper():
                return neutral
        return self.denom_alt.get(up)

    def read_seat(self, text: str) -> str | None:
        up = text.strip().upper()
        for neutral, letter in self.seats.items():
            if up == letter.upper() or up == self.seat_names[neutral].upper():
                return neutral
        return None

    def read_word(self, text: str) -> str | None:
        """``'pass'``, ``'double'``, ``'redouble'`` for a word of this notation, else None."""
        up = text.upper()
        for kind, spellings in self.words.items():
            if up in (s.upper() for s in spellings):
                return kind
        return None

    def letters(self) -> str:
        """``C ♣, D ♦, H ♥, S ♠, NT`` in this notation's letters."""
        suits = ", ".join(f"{self.denoms[d]} {SYMBOLS[d]}" for d in ("C", "D", "H", "S"))
        return f"{suits}, {self.denoms['NT']}"


NOTATIONS: dict[str, Notation] = {
    "en": Notation(
        "en", "English",
        {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT"}, {"N": "NT"},
        {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"},
        {"N": "N", "E": "E", "S": "S", "W": "W"},
        {"N": "North", "E": "East", "S": "South", "W": "West"},
        {"pass": ("Pass", "P"), "double": ("Dbl", "X"), "redouble": ("Rdbl", "XX")}),
    "es": Notation(
        "es", "española (AEB)",
        {"C": "T", "D": "D", "H": "C", "S": "P", "NT": "ST"}, {"SA": "NT", "NT": "NT"},
        {"C": "tréboles", "D": "diamantes", "H": "corazones", "S": "picas", "NT": "sin triunfo"},
        {"N": "N", "E": "E", "S": "S", "W": "O"},
        {"N": "Norte", "E": "Este", "S": "Sur", "W": "Oeste"},
        {"pass": ("Paso", "P", "Pasa"), "double": ("Doblo", "X", "Dbl", "Dobla"),
         "redouble": ("Redoblo", "XX", "Rdbl", "Redobla")}),
    "nl": Notation(
        "nl", "Nederlandse (NBB)",
        {"C": "K", "D": "R", "H": "H", "S": "S", "NT": "SA"}, {"NT": "NT"},
        {"C": "klaveren", "D": "ruiten", "H": "harten", "S": "schoppen", "NT": "sans atout"},
        {"N": "N", "E": "O", "S": "Z", "W": "W"},
        {"N": "Noord", "E": "Oost", "S": "Zuid", "W": "West"},
        {"pass": ("Pas", "P"), "double": ("Doublet", "X", "Dbl"), "redouble": ("Redoublet", "XX", "Rdbl")}),
    "it": Notation(
        "it", "italiana (FIGB)",
        {"C": "F", "D": "Q", "H": "C", "S": "P", "NT": "SA"}, {"NT": "NT"},
        {"C": "fiori", "D": "quadri", "H": "cuori", "S": "picche", "NT": "senza atout"},
        {"N": "N", "E": "E", "S": "S", "W": "O"},
        {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"},
        {"pass": ("Passo", "P"), "double": ("Contro", "X", "Dbl"), "redouble": ("Surcontro", "XX", "Rdbl")}),
}
CODES = tuple(NOTATIONS)
DEFAULT = "en"


class NotationError(ValueError):
    """An unknown notation code; ``msgid``/``params`` like :class:`laws.rulings.auction.AuctionError`."""

    msgid = N_("Unknown notation “{code}”: use en, es, nl or it.")

    def __init__(self, code: str):
        self.params = {"code": code}
        super().__init__(self.msgid.format(code=code))

    def translate(self, t) -> str:
        return t.gettext(self.msgid).format(**self.params)


def get(notation: "str | Notation | None") -> Notation:
    """The :class:`Notation` of a code (``en es nl it``, also ``es_ES``...); None is English."""
    if isinstance(notation, Notation):
        return notation
    code = (notation or DEFAULT).replace("-", "_").split("_")[0].strip().lower()
    if code not in NOTATIONS:
        raise NotationError(str(notation))
    return NOTATIONS[code]


# -- reading -----------------------------------------------------------------------------------
_BID = re.compile(r"^(\d+)(.*)$", re.S)
_PASSTHROUGH = ("TD", "AP", "^S", "*", "+")


def _seat_list(n: Notation) -> str:
    return ", ".join(n.seats[s] for s in NEUTRAL_SEATS)


def _denom_list(n: Notation) -> str:
    parts = [f"{n.denoms[d]} ({n.denom_names[d]})" for d in DENOMS]
    return ", ".join(parts)


def read_seat(text: str, notation="en") -> str:
    """The neutral seat of a seat letter or name in ``notation`` (``O`` is West in es/it,
    East in nl); :class:`AuctionError` otherwise.

    >>> read_seat("O", "es"), read_seat("O", "nl"), read_seat("Zuid", "nl"), read_seat("s", "en")
    ('W', 'E', 'S', 'S')
    """
    n = get(notation)
    if n.code == "en":
        return A.normalize_seat(text)
    seat = n.read_seat(str(text))
    if seat is None:
        raise AuctionError(N_("Unknown dealer “{seat}”: in the {notation} notation the seats are {seats}."),
                           seat=text, notation=n.code, seats=_seat_list(n))
    return seat


def read_call(text: str, notation="en", position: int = 1, token: str | None = None) -> Call:
    """One call written in ``notation``: a level and a denomination letter is a bid, a word
    alone a pass, double or redouble.

    >>> str(read_call("1P", "es")), str(read_call("P", "es")), str(read_call("1C", "it"))
    ('1S', 'P', '1H')
    >>> read_call("1H", "es")
    Traceback (most recent call last):
    ...
    laws.rulings.auction.AuctionError: Token 1 “1H”: “H” is not a denomination in the es notation; a bid is a level followed by T (tréboles), D (diamantes), C (corazones), P (picas), ST (sin triunfo) or a suit symbol ♣ ♦ ♥ ♠.
    """
    n = get(notation)
    token = text if token is None else token
    if n.code == "en":
        return parse_call(text, position, token)
    word = text.strip().replace("\ufe0f", "")
    kind = n.read_word(word)
    if kind is not None:
        return {"pass": A.CALL_PASS, "double": A.CALL_DOUBLE, "redouble": A.CALL_REDOUBLE}[kind]
    m = _BID.match(word)
    if not m:
        if n.read_denom(word) is not None:
            raise AuctionError(N_("Token {position} “{token}”: “{word}” is a denomination in the {notation} notation; "
                                  "a bid needs a level before it (e.g. 1{word})."),
                               position=position, token=token, word=word, notation=n.code)
        raise AuctionError(N_("Token {position} “{token}”: not a call in the {notation} notation; a call is "
                              "{pass_} (pass), {double} (double), {redouble} (redouble) or a bid such as "
                              "1{suit} or 3{nt}."),
                           position=position, token=token, notation=n.code,
                           pass_="/".join(n.words["pass"][:2]), double="/".join(n.words["double"][:2]),
                           redouble="/".join(n.words["redouble"][:2]), suit=n.denoms["S"], nt=n.denoms["NT"])
    level, rest = m.group(1), m.group(2)
    denom = n.read_denom(rest) if rest else None
    if rest and denom is None:
        raise AuctionError(N_("Token {position} “{token}”: “{denomination}” is not a denomination in the {notation} "
                              "notation; a bid is a level followed by {letters} or a suit symbol ♣ ♦ ♥ ♠."),
                           position=position, token=token, denomination=rest, notation=n.code,
                           letters=_denom_list(n))
    # the neutral parser checks the level and the missing denomination, with its own messages
    return parse_call(f"{level}{denom or ''}", position, token)


def to_neutral(record: str, notation="en") -> str:
    """The record in the neutral notation of :mod:`laws.rulings.auction` (English is returned as is).

    Seat prefixes (``O:1P``), ``^I``, ``TD``, ``AP``, ``^S``, notes and ``*``/``+`` keep their place.

    >>> to_neutral("^I Z:1K TD pas", "nl")
    '^I S:1C TD P'
    >>> to_neutral("S:1S", "nl")
    Traceback (most recent call last):
    ...
    laws.rulings.auction.AuctionError: Token 1 “S:1S”: unknown seat “S” in the nl notation; the seats are N, O, Z, W.
    """
    n = get(notation)
    if n.code == "en":
        return record
    out = []
    for pos, word in enumerate(record.split(), 1):
        up = word.upper()
        if up in _PASSTHROUGH or up == "^I" or (up.startswith("=") and up.endswith("=")):
            out.append(up if up in _PASSTHROUGH or up == "^I" else word)
            continue
        prefix, body = "", word
        if ":" in word:
            head, body = word.split(":", 1)
            seat = n.read_seat(head) if head else None
            if seat is None:
                raise AuctionError(N_("Token {position} “{token}”: unknown seat “{seat}” in the {notation} notation; "
                                      "the seats are {seats}."),
                                   position=pos, token=word, seat=head, notation=n.code, seats=_seat_list(n))
            prefix = seat + ":"
        mark = ""
        if body.upper().startswith("^I"):
            mark, body = "^I", body[2:]
        if body.upper() in _PASSTHROUGH or not body:
            out.append(prefix + mark + body.upper())   # the neutral parser reports the misuse
            continue
        out.append(prefix + mark + str(read_call(body, n, pos, word)))
    return " ".join(out)


# -- writing -----------------------------------------------------------------------------------
def format_denomination(denom: str, notation="en", symbols: bool = True) -> str:
    """``'H'`` → ``'♥'`` (or the notation's letter without symbols); NT → ``NT``/``ST``/``SA``."""
    n = get(notation)
    if denom == "NT":
        return n.denoms["NT"]
    return SYMBOLS[denom] if symbols else n.denoms[denom]


def format_call(call: Call, notation="en", symbols: bool = True) -> str:
    """A call in ``notation``: ``1♥``, ``3ST``, ``Paso``, ``Contro``...

    >>> format_call(parse_call("2H"), "es", symbols=False), format_call(parse_call("X"), "it")
    ('2C', 'Contro')
    """
    n = get(notation)
    if call.kind == A.PASS:
        return n.words["pass"][0]
    if call.kind == A.DOUBLE:
        return n.words["double"][0]
    if call.kind == A.REDOUBLE:
        return n.words["redouble"][0]
    return f"{call.level}{format_denomination(call.denomination, n, symbols)}"


def format_contract(contract, notation="en", symbols: bool = True) -> str:
    """A contract (:class:`laws.rulings.auction.Contract`) in ``notation``: ``4♥X``, ``3SA``."""
    return f"{contract.level}{format_denomination(contract.denomination, notation, symbols)}{contract.risk}"


def format_seat(seat: str, notation="en", full: bool = False) -> str:
    """A neutral seat (``N E S W``) as the notation writes it: a letter, or its name."""
    n = get(notation)
    return n.seat_names[seat] if full else n.seats[seat]


def reading(record: str, notation="en", symbols: bool = True, short: bool = False) -> str:
    """The neutral ``record`` written back in ``notation`` with suit symbols: the echo that
    shows how a record was read (``Read as: 1♥ Paso 2♥ ...``); with ``short``, pass, double and
    redouble as ``P``, ``X``, ``XX`` (see :func:`write_record`).

    >>> reading("W:1S X ^I 1H TD AP", "it")
    'O:1♠ Contro ^I 1♥ TD AP'
    """
    n = get(notation)
    if short:
        n = replace(n, words={k: (v[1],) + v for k, v in n.words.items()})
    out = []
    for word in record.split():
        up = word.upper()
        if up in _PASSTHROUGH or up == "^I" or up.startswith("="):
            out.append(word)
            continue
        prefix, body = "", word
        if ":" in word:
            head, body = word.split(":", 1)
            prefix = format_seat(A.normalize_seat(head), n) + ":"
        mark = ""
        if body.upper().startswith("^I"):
            mark, body = "^I ", body[2:]
        out.append(mark + prefix + format_call(parse_call(body), n, symbols))
    return " ".join(out)


def write_record(record: str, notation="en") -> str:
    """The neutral ``record`` in ``notation``'s letters, as a director types it: what an input
    box shows for a record that came in neutral (a deep link, an example, a record read back).
    :func:`to_neutral` reads it back to the same record.

    >>> write_record("1H P 2H P W:1S TD", "es")
    '1C P 2C P O:1P TD'
    >>> to_neutral(write_record("1H P 2H X XX S:3NT AP", "nl"), "nl")
    '1H P 2H X XX S:3NT AP'
    """
    return reading(record, notation, symbols=False, short=True)


def describe(notation="en", t=None) -> str:
    """One line describing the notation, for the hint next to an input (in the language of
    translator ``t``; English without one).

    >>> describe("es")
    'Notation es: T ♣, D ♦, C ♥, P ♠, ST; P or Paso = pass, X or Doblo = double, XX or Redoblo = redouble; seats N, E, S, O.'
    """
    n = get(notation)
    msg = N_("Notation {code}: {letters}; P or {pass_} = pass, X or {double} = double, XX or {redouble} = redouble; "
             "seats {seats}.")
    text = t.gettext(msg) if t is not None else msg
    return text.format(code=n.code, letters=n.letters(), pass_=n.words["pass"][0], double=n.words["double"][0],
                       redouble=n.words["redouble"][0], seats=_seat_list(n))


READ_AS = N_("Read as: {record}")


def read_as(record: str, notation="en", t=None) -> str:
    """``Read as: 1♥ Paso 2♥ Paso Paso Paso``: the echo line for a neutral ``record``."""
    text = t.gettext(READ_AS) if t is not None else READ_AS
    return text.format(record=reading(record, notation))


def ambiguous_letters(notation="en") -> dict:
    """Letters that this notation reads differently from another notation:
    ``{letter: {code: meaning}}`` (used by front ends to warn, and by the tests).

    >>> sorted(ambiguous_letters("es"))
    ['C', 'O', 'P', 'S']
    >>> ambiguous_letters("es")["C"]
    {'es': ('denomination', 'H'), 'en': ('denomination', 'C')}
    """
    n = get(notation)
    mine = {v.upper(): ("denomination", k) for k, v in n.denoms.items()}
    mine.update({v.upper(): ("seat", k) for k, v in n.seats.items() if v.upper() not in mine})
    out: dict = {}
    for letter, meaning in mine.items():
        others = {}
        for code, o in NOTATIONS.items():
            if code == n.code:
                continue
            theirs = {v.upper(): ("denomination", k) for k, v in o.denoms.items()}
            seat_of = {v.upper(): ("seat", k) for k, v in o.seats.items()}
            word_of = {w.upper(): ("call", k) for k, ws in o.words.items() for w in ws if len(w) == 1}
            m = theirs.get(letter) or seat_of.get(letter) or word_of.get(letter)
            if m is not None and m != meaning:
                others[code] = m
        if others:
            out[letter] = {n.code: meaning, **others}
    return out
