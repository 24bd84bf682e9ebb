"""Duplicate scoring (Law 77), the WBF IMP scale and weighted adjusted scores (Law 12C1(c)).

Results are written in the usual notation: a level from 1 to 7, a denomination (``C D H S NT``,
also ``N`` and the suit symbols ``♣ ♦ ♥ ♠``), an optional ``X`` (doubled) or ``XX``
(redoubled), an optional declarer seat (``N E S W``) and then ``=``, ``+N`` or ``-N``::

    4HX-2   3NT+1   6S=   7NTXX-13   1C+6   4♥x-2   4SN=   3NTXW-1

Case is not significant, spaces are ignored, and ``PASS``, ``AP`` or ``passed out`` is a
passed-out board (it scores 0). ``+0`` and ``-0`` are refused, not guessed at: a scorer who
typed them may have lost a digit, so the error asks for ``=``.

Every score is for the declaring side, negative when the contract went down, and is computed
from the schedule of Law 77 of the Laws of Duplicate Bridge (identical in 2007 and 2017):

* trick points for each odd trick bid and made: clubs and diamonds 20, hearts and spades 30,
  notrump 40 for the first and 30 for each other; doubled twice that, redoubled four times;
* overtricks: undoubled at trick value; doubled 100 not vulnerable, 200 vulnerable;
  redoubled 200 not vulnerable, 400 vulnerable;
* game (trick points of 100 or more) 300 not vulnerable, 500 vulnerable; a partscore 50;
  small slam 500 / 750, grand slam 1000 / 1500; 50 for making a doubled contract, 100 for
  making a redoubled one;
* undertricks: undoubled 50 not vulnerable, 100 vulnerable, each; doubled not vulnerable
  100 for the first, 200 for the second and third, 300 for each after; doubled vulnerable
  200 for the first, 300 for each after; redoubled twice doubled.

No honours: they are not scored in duplicate.

Errors are :class:`ScoringError`: an English message id (marked with ``N_`` for extraction)
and its parameters, so that a front end translates it with ``t.gettext(e.msgid).format(**e.params)``.

>>> score_result("4HX-2", vulnerable=True).total
-500
>>> score_result("3NT+1").total
430
>>> imps(420 - 170)
6
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Iterable, Sequence

from i18n import N_

LAW = "77"                 # the law that scores a board
ADJUSTED_LAW = "12C1c"     # weighted assigned adjusted scores
STRAINS = ("C", "D", "H", "S", "NT")
SEATS = ("N", "E", "S", "W")
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
SIDES = ("NS", "EW")
# the sides as es (NS/EO), nl (NZ/OW) and it (NS/EO) write them too
SIDE_ALIASES = {"NS": "NS", "EW": "EW", "NZ": "NS", "OW": "EW", "EO": "EW"}
DOUBLING = ("", "X", "XX")
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}

# board vulnerability, PBN 2.1 [Vulnerable] tag values (case-insensitive)
BOARD_VUL = {
    "none": frozenset(), "love": frozenset(), "-": frozenset(),
    "ns": frozenset({"NS"}), "ew": frozenset({"EW"}),
    "nz": frozenset({"NS"}), "ow": frozenset({"EW"}), "eo": frozenset({"EW"}),   # nl NZ/OW, es/it EO
    "all": frozenset(SIDES), "both": frozenset(SIDES),
}

# WBF IMP scale: (lowest point difference, IMPs)
IMP_SCALE = (
    (20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8), (370, 9),
    (430, 10), (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17),
    (1750, 18), (2000, 19), (2250, 20), (2500, 21), (3000, 22), (3500, 23), (4000, 24),
)

ROUNDING = N_("rounded to 2 decimals, halves away from zero")

_PASSED_OUT = {"pass", "ap", "passedout", "allpass", "passout", "allpassed"}
_DENOM_RE = re.compile(r"NT|N|C|D|H|S|♣|♦|♥|♠|♧|♢|♡|♤")
_DENOM = {"NT": "NT", "N": "NT", "C": "C", "D": "D", "H": "H", "S": "S",
          "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
_AFTER_DENOM_RE = re.compile(r"(?P<s1>[NESW])?(?P<x>X*)(?P<s2>[NESW])?")
_RESULT_RE = re.compile(r"(?:=|(?P<sign>[+-])(?P<n>\d+))$")
_DASHES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2012": "-", "\u2014": "-", "\uff0b": "+",
                         "\ufe0f": None, "\ufe0e": None})
_NUMBER_RE = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_THOUSANDS_RE = re.compile(r"^[+-]?\d{1,3}(,\d{3})+$")   # «1,100»: a thousands separator or a decimal comma?


def _decimal_comma(s: str) -> str:
    """A number written with a decimal comma («416,67», «33,33%») as the parser reads it («416.67»):
    only a single comma with no point in the number."""
    return s.replace(",", ".") if s.count(",") == 1 and "." not in s else s


_PERCENT_RE = re.compile(r"^(?P<num>\d+(?:\.\d+)?|\.\d+)(?:/(?P<den>\d+))?%?$")


class ScoringError(ValueError):
    """Bad input to the scorer: an English message id, its parameters and the bad token.

    ``str(e)`` is the English message; a front end translates with
    ``t.gettext(e.msgid).format(**e.params)``. ``e.law`` is the key of the law that makes the
    input impossible, when there is one.
    """

    def __init__(self, msgid: str, token: str, law: str | None = None, **params):
        self.msgid = msgid
        self.token = token
        self.law = law
        self.params = {"token": _short(str(token), 60), **params}  # the user's input, cut if very long
        super().__init__(msgid.format(**self.params))

    def translate(self, gettext) -> str:
        """The message in the language of ``gettext``."""
        return gettext(self.msgid).format(**self.params)


# -- contracts and results -----------------------------------------------------------------

@dataclass(frozen=True)
class Contract:
    """A contract: level 1-7, strain C D H S NT, doubling 0 (undoubled), 1 (X) or 2 (XX).

    >>> str(Contract(4, "H", 1))
    '4HX'
    >>> Contract(7, "NT", 2, "S").symbolic()
    '7NTXX'
    """

    level: int
    strain: str
    doubled: int = 0
    declarer: str | None = None   # N E S W, when the result names it

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7 or self.strain not in STRAINS or self.doubled not in (0, 1, 2):
            raise ValueError(f"not a contract: {self.level}{self.strain}{'X' * self.doubled}")
        if self.declarer is not None and self.declarer not in SEATS:
            raise ValueError(f"not a seat: {self.declarer}")

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{DOUBLING[self.doubled]}"

    def symbolic(self, nt: str = "NT") -> str:
        """The contract with suit symbols (``4♥X``); ``nt`` is how notrump is written."""
        strain = nt if self.strain == "NT" else SYMBOLS[self.strain]
        return f"{self.level}{strain}{DOUBLING[self.doubled]}"

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def side(self) -> str | None:
        return SIDE_OF[self.declarer] if self.declarer else None


def parse_result(text: str) -> tuple[Contract | None, int | None]:
    """Parse a result: ``(contract, tricks taken by declarer)``, or ``(None, None)`` if passed out.

    >>> parse_result("4hx-2")
    (Contract(level=4, strain='H', doubled=1, declarer=None), 8)
    >>> parse_result("3NTW+1")
    (Contract(level=3, strain='NT', doubled=0, declarer='W'), 10)
    >>> parse_result("passed out")
    (None, None)
    >>> parse_result("8S=")
    Traceback (most recent call last):
    ...
    laws.scoring.ScoringError: '8S=': level 8 is not a contract: a contract above seven cannot be played (Law 38A)
    """
    token = text
    s = "".join(str(text).translate(_DASHES).split())
    if not s:
        raise ScoringError(N_("'{token}' is empty: write a result such as 4HX-2, 3NT+1, 6S= or PASS"), token)
    if re.sub(r"[-_]", "", s.lower()) in _PASSED_OUT:
        return None, None
    s = s.upper()
    m = re.match(r"\d+", s)
    if not m:
        raise ScoringError(N_("'{token}': a result starts with the level of the contract, a number from 1 "
                              "to 7 (e.g. 4HX-2, 3NT+1, 6S=), or is PASS for a passed-out board"), token)
    digits = m.group().lstrip("0") or "0"
    if len(digits) > 4:  # never converted: a number of thousands of digits must not cost anything
        raise ScoringError(N_("'{token}': level {level} is not a contract: a contract above seven cannot "
                              "be played (Law 38A)"), token, law="38A", level=_short(digits))
    level = int(digits)
    if level == 0:
        raise ScoringError(N_("'{token}': level 0 is not a contract: a bid names from one to seven odd "
                              "tricks (Law 18A)"), token, law="18A")
    if level > 7:
        raise ScoringError(N_("'{token}': level {level} is not a contract: a contract above seven cannot "
                              "be played (Law 38A)"), token, law="38A", level=level)
    rest = s[m.end():]
    d = _DENOM_RE.match(rest)
    if not d:
        bad = re.match(r"[^+\-=]*", rest).group()
        if not bad:
            raise ScoringError(N_("'{token}': no denomination after the level: write C, D, H, S or NT "
                                  "(also N, ♣, ♦, ♥, ♠)"), token)
        raise ScoringError(N_("'{token}': '{denomination}' is not a denomination: write C, D, H, S or NT "
                              "(also N, ♣, ♦, ♥, ♠)"), token, denomination=bad)
    strain = _DENOM[d.group()]
    rest = rest[d.end():]
    a = _AFTER_DENOM_RE.match(rest)
    seat = a.group("s1") or a.group("s2")
    doubling = a.group("x")
    if a.group("s1") and a.group("s2"):
        raise ScoringError(N_("'{token}': '{part}' is not a result: after the contract write '=' (made "
                              "exactly), '+N' (overtricks) or '-N' (undertricks)"), token, part=rest)
    if len(doubling) > 2:
        raise ScoringError(N_("'{token}': '{doubling}' is not a doubling: write X for doubled, XX for "
                              "redoubled"), token, doubling=doubling)
    rest = rest[a.end():]
    contract = Contract(level, strain, len(doubling), seat)
    if not rest:
        raise ScoringError(N_("'{token}': no result after the contract: add '=' (made exactly), '+N' "
                              "(overtricks) or '-N' (undertricks), e.g. {example}"),
                           token, example=f"{contract}=")
    r = _RESULT_RE.match(rest)
    if not r:
        raise ScoringError(N_("'{token}': '{part}' is not a result: after the contract write '=' (made "
                              "exactly), '+N' (overtricks) or '-N' (undertricks)"), token, part=rest)
    if r.group(0) == "=":
        return contract, contract.tricks_needed
    nd = r.group("n").lstrip("0") or "0"
    if len(nd) > 4:
        raise ScoringError(N_("'{token}': {n} tricks are more than a deal has: a deal has 13 tricks"),
                           token, n=_short(nd))
    n = int(nd)
    if n == 0:
        raise ScoringError(N_("'{token}': '{part}' is ambiguous (a digit may be missing): write '=' for "
                              "a contract made exactly"), token, part=rest)
    if r.group("sign") == "+":
        if contract.tricks_needed + n > 13:
            if level == 7:
                raise ScoringError(N_("'{token}': a grand slam needs all 13 tricks, so it cannot make an "
                                      "overtrick"), token)
            raise ScoringError(N_("'{token}': +{n} would be {tricks} tricks, but a deal has 13: "
                                  "{contract} can make at most +{most}"), token, n=n,
                               tricks=contract.tricks_needed + n, contract=str(contract),
                               most=13 - contract.tricks_needed)
        return contract, contract.tricks_needed + n
    if n > contract.tricks_needed:
        raise ScoringError(N_("'{token}': -{n} would leave declarer fewer than 0 tricks: {contract} can "
                              "go at most {most} down"), token, n=n, contract=str(contract), most=contract.tricks_needed)
    return contract, contract.tricks_needed - n


# -- Law 77 --------------------------------------------------------------------------------

def trick_points(strain: str, odd_tricks: int, doubled: int = 0) -> int:
    """Trick points for ``odd_tricks`` tricks bid and made (Law 77), doubled or redoubled.

    >>> trick_points("NT", 3), trick_points("H", 2, 1), trick_points("C", 1, 2)
    (100, 120, 80)
    """
    if odd_tricks <= 0:
        return 0
    if strain in ("C", "D"):
        base = 20 * odd_tricks
    elif strain in ("H", "S"):
        base = 30 * odd_tricks
    else:
        base = 40 + 30 * (odd_tricks - 1)
    return base * (1, 2, 4)[doubled]


def undertrick_points(down: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks (Law 77), as a positive number.

    >>> [undertrick_points(n, 1, False) for n in range(1, 6)]
    [100, 300, 500, 800, 1100]
    >>> undertrick_points(13, 2, True)
    7600
    """
    if down <= 0:
        return 0
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        points = 200 + 300 * (down - 1)
    else:
        points = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return points * doubled          # redoubled: twice doubled


@dataclass(frozen=True)
class Score:
    """The score of one board for the declaring side, with its Law 77 breakdown.

    ``undertricks`` is negative (the defenders' points, from declarer's side); ``total`` is
    the sum of the parts. A passed-out board has no contract, no tricks and scores 0.
    """

    result: str
    contract: Contract | None
    tricks: int | None
    vulnerable: bool | None
    contract_points: int = 0
    overtricks: int = 0
    game_or_partscore: int = 0
    slam: int = 0
    insult: int = 0
    undertricks: int = 0

    @property
    def total(self) -> int:
        return (self.contract_points + self.overtricks + self.game_or_partscore + self.slam
                + self.insult + self.undertricks)

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def made(self) -> bool | None:
        return None if self.contract is None else self.tricks >= self.contract.tricks_needed

    @property
    def overtrick_count(self) -> int:
        return 0 if self.contract is None else max(self.tricks - self.contract.tricks_needed, 0)

    @property
    def undertrick_count(self) -> int:
        return 0 if self.contract is None else max(self.contract.tricks_needed - self.tricks, 0)

    @property
    def bonus_kind(self) -> str | None:
        """``game``, ``partscore`` or None (not made)."""
        if not self.made:
            return None
        return "game" if self.contract_points >= 100 else "partscore"

    @property
    def slam_kind(self) -> str | None:
        if not self.made or self.contract.level < 6:
            return None
        return "grand" if self.contract.level == 7 else "small"

    def breakdown(self) -> dict[str, int]:
        return {"contract_points": self.contract_points, "overtricks": self.overtricks,
                "game_or_partscore": self.game_or_partscore, "slam": self.slam, "insult": self.insult,
                "undertricks": self.undertricks, "total": self.total}

    def to_dict(self) -> dict:
        c = self.contract
        d = {"result": self.result, "contract": str(c) if c else "PASS",
             "level": c.level if c else None, "denomination": c.strain if c else None,
             "doubled": DOUBLING[c.doubled] if c else None}
        if c and c.declarer:
            d["declarer"] = c.declarer
            d["side"] = c.side
        d.update({"tricks": self.tricks, "vulnerable": self.vulnerable, "passed_out": self.passed_out,
                  "made": self.made, "overtrick_count": self.overtrick_count,
                  "undertrick_count": self.undertrick_count, "bonus_kind": self.bonus_kind,
                  "slam_kind": self.slam_kind, "score": self.total, "breakdown": self.breakdown(),
                  "law": LAW})
        return d


def score(contract: Contract | None, tricks: int | None, vulnerable: bool, result: str | None = None) -> Score:
    """Score ``contract`` when declarer took ``tricks`` (0-13), per Law 77.

    >>> score(Contract(2, "H", 1), 8, False).total
    470
    >>> score(Contract(7, "NT", 2), 13, True).breakdown()["total"]
    2980
    """
    if contract is None:
        return Score(result if result is not None else "PASS", None, None, None)
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    need = contract.tricks_needed
    if result is None:
        diff = tricks - need
        result = f"{contract}{contract.declarer or ''}" + ("=" if diff == 0 else f"{diff:+d}")
    if tricks < need:
        return Score(result, contract, tricks, vulnerable,
                     undertricks=-undertrick_points(need - tricks, contract.doubled, vulnerable))
    cp = trick_points(contract.strain, contract.level, contract.doubled)
    over = tricks - need
    if contract.doubled:
        ot = over * (200 if vulnerable else 100) * contract.doubled
    else:
        ot = over * (20 if contract.strain in ("C", "D") else 30)
    bonus = (500 if vulnerable else 300) if cp >= 100 else 50
    slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(contract.level, 0)
    return Score(result, contract, tricks, vulnerable, contract_points=cp, overtricks=ot,
                 game_or_partscore=bonus, slam=slam, insult=50 * contract.doubled)


def parse_vulnerability(text: str) -> frozenset[str]:
    """A board's vulnerability, as PBN writes it: None, NS, EW, All (also Love, Both, -;
    and NZ, OW, EO as Dutch, Spanish and Italian write the sides).

    >>> sorted(parse_vulnerability("all"))
    ['EW', 'NS']
    """
    s = str(text).strip().lower()
    v = BOARD_VUL.get(s if s == "-" else s.replace("/", "").replace("-", ""))
    if v is None:
        raise ScoringError(N_("'{token}' is not a vulnerability: write None, NS, EW or All"), text)
    return v


def score_result(text: str, vulnerable: bool = False, board_vul: frozenset[str] | None = None) -> Score:
    """Parse and score a result for the declaring side.

    ``vulnerable`` says whether declarer is vulnerable; or give ``board_vul`` (the sides that
    are vulnerable, see :func:`parse_vulnerability`) and the declarer's seat in the result.

    >>> score_result("7NTXX-13", vulnerable=True).total
    -7600
    >>> score_result("4SE=", board_vul=parse_vulnerability("EW")).total
    620
    """
    contract, tricks = parse_result(text)
    if contract is None:
        return Score(text, None, None, None)
    if board_vul is not None:
        if contract.declarer is None:
            raise ScoringError(N_("'{token}' names no declarer, so the board's vulnerability does not say "
                                  "whether declarer was vulnerable: write the seat after the contract, "
                                  "e.g. {example}"), text, example=f"{contract}E{text_tail(text)}")
        vulnerable = contract.side in board_vul
    return score(contract, tricks, bool(vulnerable), result=text)


def text_tail(text: str) -> str:
    """The ``=``/``+N``/``-N`` end of a result as typed (for examples in messages)."""
    m = re.search(r"(=|[+\-]\d+)\s*$", str(text).translate(_DASHES))
    return m.group(1) if m else "="


def all_results() -> Iterable[tuple[Contract, int]]:
    """Every (contract, tricks) that can happen: 7 levels x 5 strains x 3 doublings x 14 trick counts."""
    for level in range(1, 8):
        for strain in STRAINS:
            for doubled in (0, 1, 2):
                c = Contract(level, strain, doubled)
                for tricks in range(14):
                    yield c, tricks


# -- IMPs ----------------------------------------------------------------------------------

def parse_points(text: str) -> Fraction:
    """A number of points (a score or a difference): whole or decimal, optionally signed.

    A decimal comma, as the Spanish, Dutch and Italian outputs write it, is read as a decimal point
    («416,67»); a comma before exactly three digits («1,100») is refused as ambiguous.

    >>> parse_points("-420"), parse_points("416.67"), parse_points("416,67")
    (Fraction(-420, 1), Fraction(41667, 100), Fraction(41667, 100))
    """
    s = "".join(str(text).translate(_DASHES).split())
    if _THOUSANDS_RE.match(s):
        raise ScoringError(N_("'{token}': a comma before three digits may be a thousands separator or a decimal "
                              "comma: write the number without it (1100) or with a decimal point (1.1)"),
                           _short(str(text)))
    s = _decimal_comma(s)
    if not _NUMBER_RE.match(s):
        raise ScoringError(N_("'{token}' is not a number of points: write a number such as 420, -50 or "
                              "416.67"), _short(str(text)))
    _check_digits(s, text)
    return Fraction(Decimal(s))


MAX_INT_DIGITS = 9    # no score or difference of bridge scores comes near 10**9 points
MAX_DECIMALS = 6


MSG_TOO_LARGE = N_("'{token}': the number is too large or too precise: at most {whole} digits before the "
                   "decimal point and {decimals} after")


def _short(s: str, n: int = 40) -> str:
    """``s`` as shown in a message: a very long input is cut (it is the user's own input)."""
    return s if len(s) <= n else s[: n - 1] + "…"


def _check_digits(s: str, token) -> None:
    """Refuse a number too long to be a number of points (or a weight) before any conversion."""
    whole, _, frac = s.lstrip("+-").partition(".")
    if len(whole.lstrip("0")) > MAX_INT_DIGITS or len(frac) > MAX_DECIMALS:
        raise ScoringError(MSG_TOO_LARGE, _short(str(token)),
                           whole=MAX_INT_DIGITS, decimals=MAX_DECIMALS)


def round_to_ten(points) -> int:
    """The nearest multiple of 10, a 5 rounding away from zero (as a datum is rounded).

    >>> round_to_ten(215), round_to_ten(-215), round_to_ten(Fraction(2134, 10))
    (220, -220, 210)
    """
    p = Fraction(points)
    q = int((abs(p) / 10 + Fraction(1, 2)) // 1) * 10
    return q if p >= 0 else -q


def imps(difference) -> int:
    """The WBF IMP scale, sign kept.

    The scale is defined on multiples of 10, which every bridge score is. A difference that is
    not (a weighted score, an average) is first rounded to the nearest 10, a 5 away from zero.

    >>> imps(0), imps(10), imps(20), imps(-430), imps(4000), imps(7600)
    (0, 0, 1, -10, 24, 24)
    >>> imps(15), imps(14)
    (1, 0)
    """
    d = round_to_ten(difference)
    a = abs(d)
    n = 0
    for low, value in IMP_SCALE:
        if a >= low:
            n = value
        else:
            break
    return n if d >= 0 else -n


# -- weighted adjusted scores (Law 12C1(c)) --------------------------------------------------

def round2(value) -> Decimal:
    """``value`` rounded to 2 decimals, halves away from zero; no trailing zeros.

    >>> round2(Fraction(1250, 3)), round2(Fraction(-1, 200)), round2(232), round2(Fraction(5, 2))
    (Decimal('416.67'), Decimal('-0.01'), Decimal('232'), Decimal('2.5'))
    """
    f = Fraction(value)
    hundredths = int(abs(f) * 100 + Fraction(1, 2))   # exact: floor of |f|*100 + 1/2
    d = Decimal(hundredths if f >= 0 else -hundredths).scaleb(-2)
    return d.quantize(Decimal(1)) if d == d.to_integral_value() else d.normalize()


def exact_str(value) -> str:
    """``value`` exactly: a decimal when it has a finite one, else a fraction.

    >>> exact_str(Fraction(99999, 1000)), exact_str(Fraction(1250, 3)), exact_str(100)
    ('99.999', '1250/3', '100')
    """
    f = Fraction(value)
    den = f.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    if den != 1:
        return f"{f.numerator}/{f.denominator}"
    d = Decimal(f.numerator) / Decimal(f.denominator)
    return format(d.normalize(), "f") if d != d.to_integral_value() else str(int(d))


def json_number(value) -> int | float:
    """An int when whole, else a float (for JSON)."""
    f = Fraction(value)
    return f.numerator if f.denominator == 1 else float(f)


def parse_percent(text: str, token: str | None = None) -> Fraction:
    """A weight in percent: ``60``, ``33.33``, ``100/3`` (a third), optionally with ``%``.

    >>> parse_percent("60%"), parse_percent("100/3")
    (Fraction(60, 1), Fraction(100, 3))
    """
    token = text if token is None else token
    m = _PERCENT_RE.match(_decimal_comma("".join(str(text).split())))
    if not m:
        raise ScoringError(N_("'{token}': '{weight}' is not a percentage: write a number such as 60, "
                              "33.33 or 100/3"), _short(str(token)), weight=_short(str(text)))
    _check_digits(m.group("num"), token)
    if m.group("den") is not None:
        _check_digits(m.group("den"), token)
    value = Fraction(Decimal(m.group("num")))
    if m.group("den") is not None:
        den = int(m.group("den"))
        if den == 0:
            raise ScoringError(N_("'{token}': '{weight}' divides by zero"), token, weight=text)
        value /= den
    if value <= 0:
        raise ScoringError(N_("'{token}': a percentage must be more than 0; leave out a result that "
                              "gets no weight"), token)
    return value


def parse_component(text: str) -> tuple[str, Fraction]:
    """``RESULT:PERCENT`` → (result, percent).

    >>> parse_component("4S-1:40")
    ('4S-1', Fraction(40, 1))
    """
    if ":" not in text:
        raise ScoringError(N_("'{token}': write each result of a weighted score as RESULT:PERCENT, "
                              "e.g. 4S=:60"), text)
    result, weight = text.rsplit(":", 1)
    return result.strip(), parse_percent(weight, token=text)


@dataclass(frozen=True)
class Component:
    """One possible result of a weighted score, its weight in percent and its points for the side."""

    token: str
    score: Score
    percent: Fraction
    points: int                    # for the side the weighted score is for
    imps: int | None = None        # against the other table, when given

    @property
    def weighted_points(self) -> Fraction:
        return self.points * self.percent / 100

    def to_dict(self) -> dict:
        d = self.score.to_dict()
        d.update({"component": self.token, "percent": json_number(self.percent),
                  "percent_exact": exact_str(self.percent), "points": self.points,
                  "weighted_points": json_number(self.weighted_points)})
        if self.imps is not None:
            d["imps"] = self.imps
        return d


@dataclass(frozen=True)
class WeightedScore:
    """A weighted assigned adjusted score (Law 12C1(c)), exact, for ``side``.

    ``side`` is ``NS`` or ``EW`` when the results name their declarers, else None: the scores
    are then for the declaring side of every result. With ``against`` (the other table's score
    for the same side) each result is converted to IMPs and the IMPs are weighted (the WBF
    way); the weighted points converted to IMPs are given for comparison only.
    """

    components: tuple[Component, ...]
    side: str | None = None
    against: Fraction | None = None
    against_given: str | None = None
    against_score: Score | None = None

    @property
    def exact(self) -> Fraction:
        return sum((c.weighted_points for c in self.components), Fraction(0))

    @property
    def rounded(self) -> Decimal:
        return round2(self.exact)

    @property
    def weighted_imps(self) -> Fraction | None:
        if self.against is None:
            return None
        return sum((c.imps * c.percent / 100 for c in self.components), Fraction(0))

    @property
    def imps_of_weighted_score(self) -> int | None:
        return None if self.against is None else imps(self.exact - self.against)

    def to_dict(self) -> dict:
        ex = self.exact
        d = {"law": ADJUSTED_LAW, "side": self.side,
             "components": [c.to_dict() for c in self.components],
             "weighted_score": json_number(self.rounded), "weighted_score_exact": exact_str(ex),
             "weighted_score_is_exact": Fraction(self.rounded) == ex, "rounding": ROUNDING}
        if self.against is not None:
            wi = self.weighted_imps
            d.update({"imps_against": {"given": self.against_given, "points": json_number(self.against)},
                      "weighted_imps": json_number(round2(wi)), "weighted_imps_exact": exact_str(wi),
                      "weighted_imps_is_exact": Fraction(round2(wi)) == wi,
                      "weighted_score_difference": json_number(round2(ex - self.against)),
                      "imps_of_weighted_score": self.imps_of_weighted_score})
            if self.against_score is not None:
                d["imps_against"]["score"] = self.against_score.to_dict()
        return d


def adjusted_score(components: Sequence[str | tuple[str, object]], vulnerable: bool = False,
                   board_vul: frozenset[str] | None = None, side: str | None = None,
                   against: str | int | Fraction | None = None) -> WeightedScore:
    """A weighted adjusted score from ``RESULT:PERCENT`` strings (or ``(result, percent)`` pairs).

    The percentages must each be more than 0 and add up to exactly 100. If the results name
    their declarers (``4SN=``, ``5HXE-2``), every one must, and the score is for ``side``
    (default ``NS``); then ``board_vul`` gives the vulnerability, or ``vulnerable`` when every
    contract was declared by the same side. ``against`` is the other table's score for the same
    side, as points (``420``) or as a result (``4S=``).

    >>> w = adjusted_score(["4S=:60", "4S-1:40"])
    >>> w.exact, w.rounded
    (Fraction(232, 1), Decimal('232'))
    >>> adjusted_score(["4S=:100/3", "4S-1:200/3"]).rounded
    Decimal('106.67')
    >>> w = adjusted_score(["4S=:60", "4S-1:40"], against=420)
    >>> [c.imps for c in w.components], w.weighted_imps, w.imps_of_weighted_score
    ([0, -10], Fraction(-4, 1), -5)
    >>> adjusted_score(["4SN=:50", "5HXE-2:50"], board_vul=parse_vulnerability("None")).exact
    Fraction(360, 1)
    """
    if not components:
        raise ScoringError(N_("no results to weigh: give RESULT:PERCENT for each, e.g. 4S=:60 4S-1:40"), "")
    parsed: list[tuple[str, str, Fraction, Contract | None, int | None]] = []
    for comp in components:
        if isinstance(comp, str):
            token = comp
            result, pct = parse_component(comp)
        else:
            result, pct = comp
            token = f"{result}:{pct}"
            pct = parse_percent(str(pct), token=token) if not isinstance(pct, (int, Fraction)) else Fraction(pct)
            if pct <= 0:
                raise ScoringError(N_("'{token}': a percentage must be more than 0; leave out a result that "
                                      "gets no weight"), token)
        contract, tricks = parse_result(result)
        parsed.append((token, result, pct, contract, tricks))
    total = sum((p[2] for p in parsed), Fraction(0))
    if total != 100:
        raise ScoringError(N_("'{token}': the percentages add up to {total}%, not 100%"),
                           " ".join(p[0] for p in parsed), total=exact_str(total))

    against_contract = against_tricks = None
    against_given = None if against is None else str(against)
    against_points: Fraction | None = None
    if against is not None:
        if isinstance(against, (int, Fraction)):
            against_points = Fraction(against)
        else:
            try:
                against_points = parse_points(against)
            except ScoringError as e:
                if e.msgid == MSG_TOO_LARGE:
                    raise
                try:
                    against_contract, against_tricks = parse_result(against)
                except ScoringError:
                    raise ScoringError(N_("'{token}' is neither a number of points nor a result: write the "
                                          "other table's score such as 420 or -50, or its result such as "
                                          "4S="), against_given) from None
                if against_contract is None:
                    against_points = Fraction(0)

    # whose score: the declaring side of every result, or NS/EW when the results name declarers
    named = [(p[0], p[3]) for p in parsed if p[3] is not None]
    if against_contract is not None:
        named.append((against_given, against_contract))
    with_seat = [tok for tok, c in named if c.declarer]
    without_seat = [tok for tok, c in named if not c.declarer]
    if with_seat and without_seat:
        raise ScoringError(N_("'{token}' names no declarer but '{other}' does: give the declarer's seat "
                              "in every result or in none (e.g. 4SN=, 5HXE-2)"),
                           without_seat[0], other=with_seat[0])
    if side is not None:
        given = str(side)
        side = SIDE_ALIASES.get(given.upper().replace("/", "").replace("-", "").strip())
        if side is None:
            raise ScoringError(N_("'{token}' is not a side: write NS or EW"), given)
        if without_seat or not with_seat:
            raise ScoringError(N_("scoring for {token} needs the declarer's seat in every result, "
                                  "e.g. 4SN=, 5HXE-2"), side)
    if with_seat:
        side = side or "NS"
        sides = {c.side for _, c in named}
        if board_vul is None and vulnerable and len(sides) > 1:
            raise ScoringError(N_("both sides declare here ('{token}' and '{other}'), so 'declarer "
                                  "vulnerable' is ambiguous: give the board's vulnerability "
                                  "(None, NS, EW or All)"),
                               next(t for t, c in named if c.side == "NS"),
                               other=next(t for t, c in named if c.side == "EW"))
    elif board_vul is not None and named:
        tok, c = named[0]
        raise ScoringError(N_("'{token}' names no declarer, so the board's vulnerability does not say "
                              "whether declarer was vulnerable: write the seat after the contract, "
                              "e.g. {example}"), tok, example=f"{c}N{text_tail(tok.rsplit(':', 1)[0])}")

    def vul_of(c: Contract) -> bool:
        if board_vul is not None:
            return c.side in board_vul
        return bool(vulnerable)

    def points_of(s: Score) -> int:
        if s.contract is None or side is None or s.contract.side == side:
            return s.total
        return -s.total

    against_score = None
    if against_contract is not None:
        against_score = score(against_contract, against_tricks, vul_of(against_contract), result=against_given)
        against_points = Fraction(points_of(against_score))

    comps = []
    for token, result, pct, contract, tricks in parsed:
        s = score(contract, tricks, vul_of(contract), result=result) if contract else Score(result, None, None, None)
        pts = points_of(s)
        comps.append(Component(token, s, pct, pts,
                               None if against_points is None else imps(pts - against_points)))
    return WeightedScore(tuple(comps), side, against_points, against_given, against_score)
