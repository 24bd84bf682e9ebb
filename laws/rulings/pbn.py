"""PBN 2.1 files: every game of a file read in one pass (:func:`read_pbn`), each game's tags and
its auction section as a record of the auction notation (:mod:`laws.rulings.auction`). The games
are replayed and checked against their own tags in :mod:`laws.rulings.pbn_check`.

What the reader follows of the PBN 2.1 standard (Portable Bridge Notation, T. Veugen and K. G.
Backas, 2.1 of 2017; its sections in brackets):

* the character set is ISO 8859-1 (2.2): a file that is not UTF-8 is read as Latin-1;
* a line starting with ``%`` is an escape line, ignored (2.4); ``{...}`` and ``;...`` to the end
  of the line are comments (3.8), kept out of everything, even when they span empty lines;
* games are separated by an empty line (3.1; a line of spaces counts as empty); a tag that a game
  repeats is ignored (3.3, import format), except ``Note``; but when the repeated tag comes after
  the game's auction or play section, or is ``Event``, ``Board``, ``Deal`` or ``Auction``, the
  empty line is missing: the next game starts after the last section (or at that tag), and the
  split is reported;
* tag value inheritance (4.8): ``"#"`` is the value the previous game has for the tag; ``"##x"``
  is ``x`` for this game and every following game that does not give the tag itself;
* the auction section (3.5): ``[Auction "X"]`` names the first player of the section, ``-`` the
  players before the dealer; calls ``Pass X XX 1C..7NT``, ``AP`` (all pass), note references
  ``=n=`` (with the text of ``[Note "n:text"]``), suffixes ``! ? !! ?? !? ?!`` and NAGs ``$n``;
  ``*`` or ``+`` ends an unfinished auction (``+``: to be continued);
* irregularities (3.9): ``^I`` before an insufficient bid the opponents accepted, ``^S`` for the
  call of a player skipped by an accepted call out of rotation.

A game whose auction section does not parse is kept, with its error and the line of the token;
nothing the file holds raises.

>>> f = read_pbn('[Board "1"]\\n[Dealer "N"]\\n[Auction "N"]\\n1S =1= P 2S AP\\n[Note "1:five cards"]\\n\\n[Board "#"]\\n')
>>> [(g.index, g.board, g.line) for g in f.games], f.games[0].auction.record.tokens[0].annotations
([(1, '1', 1), (2, '1', 7)], ('=1= five cards',))
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from i18n import N_

from . import auction as A
from .calls import SEAT_WORDS, AuctionError, parse_call, seat_at
from .record import _NOTE_RE, Record, Token

__all__ = ["Finding", "PbnAuction", "PbnGame", "PbnFile", "decode_pbn", "read_pbn", "parse_pbn"]

SEATS = A.SEATS
#: tags whose repetition inside one game, with no empty line before it, starts the next game
GAME_START_TAGS = ("Event", "Board", "Deal", "Auction")
#: the tags a game is checked against, and those the table shows; their spelling in any case is read as these
KNOWN_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
              "Scoring", "Declarer", "Contract", "Result", "Auction", "Play", "Note", "Score", "Room", "Table",
              "Round", "Section")
_CANONICAL = {t.lower(): t for t in KNOWN_TAGS}


def decode_pbn(raw: bytes) -> str:
    """The text of a PBN file: UTF-8, or ISO 8859-1 (Latin-1), the PBN character set (PBN 2.1, 2.2);
    UTF-16 when the file starts with its byte-order mark (as some Windows programs save it).

    >>> decode_pbn("[Event \\"Peña\\"]".encode("latin-1")), decode_pbn("[Board \\"1\\"]".encode("utf-16"))
    ('[Event "Peña"]', '[Board "1"]')
    """
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


# -- findings ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Finding:
    """Something a game's record says that its tags, or the standard, contradict.

    ``code`` names the kind (``contract_differs``, ``declarer_differs``, ``declarer_swap``,
    ``passes_missing``...); ``msgid`` is an English message marked for translation and ``params``
    its parameters (a parameter whose name starts with ``seat`` is a seat N/E/S/W, with
    ``contract`` a contract such as ``4SX`` or ``Pass``: a front end writes both in its language).
    ``tag`` and ``value`` are the tag and its value as the file writes it, ``auction`` what the
    replayed auction gives instead; ``cause`` the likely cause, a finding of its own; ``line``
    the line of the file.
    """

    code: str
    msgid: str
    params: dict = field(default_factory=dict)
    line: int | None = None
    tag: str | None = None
    value: str | None = None
    auction: str | None = None
    cause: "Finding | None" = None

    def english(self) -> str:
        """The message in English, with its cause."""
        text = self.msgid.format(**self.params)
        return text + (" " + self.cause.english() if self.cause else "")

    def to_dict(self) -> dict:
        return {"code": self.code, "tag": self.tag, "value": self.value, "auction": self.auction,
                "cause": self.cause.code if self.cause else None, "line": self.line,
                "params": dict(self.params), "cause_params": dict(self.cause.params) if self.cause else None}


# -- the auction section -----------------------------------------------------------------------
@dataclass(frozen=True)
class PbnAuction:
    """The auction section of one PBN game: its ``record``, ``dealer`` (from the ``Auction`` tag
    and the leading ``-`` tokens), the ``first`` player of the section, the ``board`` number,
    the ``notes`` (``[Note "1:text"]``), the number of leading ``-`` (``hyphens``) and the
    ``offsets`` in the text of each token of the section (by its 1-based position), whose line
    :meth:`line_of` gives."""

    record: Record
    dealer: str
    first: str
    board: str | None
    notes: dict
    hyphens: int = 0
    offsets: tuple[int, ...] = ()
    lines: "_LineIndex | None" = None

    def line_of(self, position: int | None) -> int | None:
        """The line of the file where the token at ``position`` (1-based) stands."""
        if position is None or not self.offsets or self.lines is None:
            return None
        return self.lines(self.offsets[min(max(position, 1), len(self.offsets)) - 1])


class _LineIndex:
    """Offsets of a text to 1-based line numbers."""

    def __init__(self, text: str):
        self.newlines = [m.start() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> int:
        return bisect.bisect_left(self.newlines, offset) + 1


# whole tag pairs; a value may hold \" and \\ (3.3)
_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_PBN_TOKEN_RE = re.compile(r"\^.?|=\d+=|\$\d+|[!?]{1,2}|\*|\+|[A-Za-z0-9\-]+|\S")
# what is not a token: strings are kept (a ``;`` or ``{`` inside a tag value is no comment); escape lines,
# ``{...}`` (to the end of the file when never closed) and ``;...`` become NULs of the same length, so that
# every offset keeps its line and a comment never makes an empty line
_CLEAN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|^%[^\n]*|\{[^}]*(?:\}|\Z)|;[^\n]*', re.M)
_SEPARATOR_RE = re.compile(r"\n(?:[ \t\f\v]*\n)+")
_ESCAPE_RE = re.compile(r"\\(.)")


def seat_value(value: str | None) -> str | None:
    """A seat as a tag writes it: N E S W (or North...); None when it is none of them."""
    if value is None:
        return None
    return SEAT_WORDS.get(value.strip().upper())


_CALLS: dict = {}   # the calls already read, by their spelling


def _pbn_auction(first: str, section: str, board: str | None, notes: dict, start: int = 0,
                 lines: "_LineIndex | None" = None) -> PbnAuction:
    f = seat_value(first)
    if f is None:
        raise AuctionError(N_("[Auction \"{value}\"]: the Auction tag names the first player, N, E, S or W."),
                           value=first)
    tokens: list[Token] = []
    offsets: list[int] = []
    hyphens = 0
    mark = False
    unfinished = False
    for pos, m in enumerate(_PBN_TOKEN_RE.finditer(section), 1):
        w = m.group(0)
        offsets.append(start + m.start())
        call = _CALLS.get(w)
        if call is not None and not unfinished and not mark:
            tokens.append(Token("call", w, pos, call))
            continue
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
        if len(_CALLS) < 512:
            _CALLS[w] = call
        if mark and not call.is_bid:
            raise AuctionError(N_("Token {position} “{token}”: “^I” must stand right before the insufficient bid it "
                                  "marks."), position=pos, token=w)
        tokens.append(Token("call", w, pos, call, None, mark))
        mark = False
    dealer = seat_at(f, hyphens)
    if not tokens:
        raise AuctionError(N_("The auction record is empty."))
    return PbnAuction(Record(tuple(tokens), unfinished), dealer, f, board, notes, hyphens, tuple(offsets), lines)


# -- the file ------------------------------------------------------------------------------------
@dataclass
class PbnGame:
    """One game of a PBN file.

    ``index`` is its place in the file (1-based), ``offset`` where its first tag stands (``line``
    its line); ``tags`` the value of every tag it has, inheritance applied (``#``, ``##``), ``own``
    the tags it gives itself, ``tag_offsets`` where each stands (``tag_lines``); ``auction`` its
    auction section (None without one, or when the section does not parse: then ``error`` and
    ``error_line``); ``findings`` what the reading found (a repeated tag, ``#`` with nothing to
    copy, a missing empty line...).
    """

    index: int
    offset: int
    tags: dict
    own: frozenset
    tag_offsets: dict
    lines: _LineIndex
    auction: PbnAuction | None = None
    error: AuctionError | None = None
    error_line: int | None = None
    findings: list = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.lines(self.offset)

    @property
    def tag_lines(self) -> dict:
        return {k: self.lines(v) for k, v in self.tag_offsets.items()}

    @property
    def auction_line(self) -> int | None:
        at = self.tag_offsets.get("Auction")
        return None if at is None else self.lines(at)

    @property
    def board(self) -> str | None:
        b = (self.tags.get("Board") or "").strip()
        return b or None

    @property
    def players(self) -> dict:
        """The players by seat, as the tags name them (missing or ``?``: left out)."""
        out = {}
        for seat, tag in zip(SEATS, ("North", "East", "South", "West")):
            v = (self.tags.get(tag) or "").strip()
            if v and v != "?":
                out[seat] = v
        return out

    @property
    def table(self) -> str | None:
        """The table or room of the game (``Table``, else ``Room``), when the tags say."""
        for tag in ("Table", "Room"):
            v = (self.tags.get(tag) or "").strip()
            if v and v != "?":
                return v
        return None


@dataclass
class PbnFile:
    """Every game of a PBN text, in file order, and what the reading found outside the games."""

    games: list
    findings: list


def _chunks(clean: str):
    start = 0
    for m in _SEPARATOR_RE.finditer(clean):
        yield start, m.start() + 1
        start = m.end()
    yield start, len(clean)


def read_pbn(text: str) -> PbnFile:
    """Every game of a PBN text, read in one pass; a game whose auction section does not parse is
    kept, with its ``error`` (nothing raises)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    line_of = _LineIndex(text)
    file_findings: list[Finding] = []
    clean = _CLEAN_RE.sub(lambda m: m.group() if m.group()[0] == '"' else "\x00" * len(m.group()), text)
    for m in re.finditer(r"\{[^}]*\Z", text):
        if clean[m.start()] == "\x00":   # a comment, not a brace inside a tag value
            file_findings.append(Finding("comment_not_closed", N_("The comment opened here is never closed (“}}”): "
                                                                  "the rest of the file is read as a comment."),
                                         line=line_of(m.start())))
            break
    raw_games: list[list] = []
    splits: dict[int, tuple[str, int]] = {}
    joined: dict[int, int] = {}   # a game with an empty line inside its auction or play: the line
    for start, end in _chunks(clean):
        tags = list(_TAG_RE.finditer(clean, start, end))
        first = tags[0].start() if tags else end
        stray = clean[start:first].replace("\x00", " ").strip()
        last = raw_games[-1][-1] if raw_games and raw_games[-1] else None
        if stray:
            at = start + len(clean[start:first]) - len(clean[start:first].lstrip(" \t\n\x00"))
            if last is not None and last[0] in ("Auction", "Play"):
                # calls or cards after an empty line: the section goes on (the empty line is reported)
                raw_games[-1][-1] = last[:4] + (first,)
                joined.setdefault(len(raw_games) - 1, line_of(start) - 1)
            else:
                file_findings.append(Finding("stray_text", N_("Text outside any tag is ignored: “{text}”."),
                                             {"text": shorten(stray)}, line=line_of(at)))
        if not tags:
            continue
        current: list = []
        seen: set = set()
        names = {p[0] for p in raw_games[-1]} if raw_games else set()
        if _CANONICAL.get(tags[0].group(1).lower()) in ("Play", "Note") and "Auction" in names \
                and "Play" not in names:
            # the play section or the notes of the game before, after an empty line: the same game
            current = raw_games.pop()
            seen = {p[0] for p in current if p[0] != "Note"}
            joined.setdefault(len(raw_games), line_of(start) - 1)
        boundary = None   # where the tags after the current game's last section begin
        for i, m in enumerate(tags):
            name, value = m.group(1, 2)
            name = _CANONICAL.get(name.lower(), name)
            if name in seen and name != "Note":
                # a game that repeats a tag, with no empty line before: the next game starts after the last section
                # (Auction, Play and their notes), or here when a game-starting tag repeats
                cut = boundary if boundary is not None and boundary < len(current) else \
                    len(current) if name in GAME_START_TAGS else None
                if cut is not None:
                    raw_games.append(current[:cut])
                    current, boundary = current[cut:], None
                    seen = {p[0] for p in current if p[0] != "Note"}
                    splits[len(raw_games)] = ((current[0][0] if current else name),
                                              line_of(current[0][2] if current else m.start()))
            if "\\" in value:
                value = _ESCAPE_RE.sub(r"\1", value)
            current.append((name, value, m.start(), m.end(), tags[i + 1].start() if i + 1 < len(tags) else end))
            if name in ("Auction", "Play") or (name == "Note" and boundary == len(current) - 1):
                boundary = len(current)
            if name != "Note":
                seen.add(name)
        raw_games.append(current)
    games: list[PbnGame] = []
    previous: dict = {}
    sticky: dict = {}
    for n, pairs in enumerate(raw_games):
        game = _game(n + 1, pairs, clean, line_of, previous, sticky)
        if n in splits:
            name, line = splits[n]
            game.findings.insert(0, Finding("no_empty_line", N_("No empty line before this game's [{tag}] tag, but "
                                                                "the tags repeat those of the game before it: read "
                                                                "as a new game (PBN separates games with an empty "
                                                                "line)."),
                                            {"tag": name}, line=line, tag=name))
        if n in joined:
            game.findings.insert(0, Finding("empty_line_inside", N_(
                "An empty line inside the game's auction or play: what follows it is read as the rest of the game "
                "(PBN ends a game at an empty line)."), line=joined[n]))
        games.append(game)
        previous = game.tags
    return PbnFile(games, file_findings)


def _game(index: int, pairs: list, clean: str, line_of: _LineIndex, previous: dict, sticky: dict) -> PbnGame:
    tags: dict = {}
    offsets: dict = {}
    findings: list[Finding] = []
    auction_at = None
    notes: dict = {}
    play = False   # the Play tag came after the Auction tag: later notes are the play's
    for k, (name, value, start, end, section_end) in enumerate(pairs):
        if name == "Note":
            if auction_at is not None and not play and ":" in value:
                key, text = value.split(":", 1)
                notes.setdefault(key.strip(), text.strip())
            continue
        play = play or (name == "Play" and auction_at is not None)
        if name in offsets:
            findings.append(Finding("repeated_tag", N_("The game gives the [{tag}] tag twice; the second, "
                                                       "“{value}”, is ignored (PBN 3.3)."),
                                    {"tag": name, "value": shorten(value)}, line=line_of(start), tag=name,
                                    value=value))
            continue
        offsets[name] = start
        if value == "#":
            if name in previous:
                value = previous[name]
            else:
                findings.append(Finding("nothing_to_inherit", N_("[{tag} \"#\"] copies the previous game's "
                                                                 "value, but the previous game has no {tag} tag."),
                                        {"tag": name}, line=line_of(start), tag=name, value="#"))
                value = ""
        elif value.startswith("##"):
            value = value[2:]
            sticky[name] = value
        elif sticky:
            sticky.pop(name, None)
        tags[name] = value
        if name == "Auction":
            auction_at = k
    for name, value in sticky.items():
        if name not in tags:
            tags[name] = value
    game = PbnGame(index, pairs[0][2], tags, frozenset(offsets), offsets, line_of, findings=findings)
    if auction_at is not None:
        name, value, start, end, section_end = pairs[auction_at]
        section = clean[end:section_end]
        if "\x00" in section:
            section = section.replace("\x00", " ")
        try:
            game.auction = _pbn_auction(tags["Auction"], section, game.board, notes, end, line_of)
        except AuctionError as e:
            game.error = e
            where = [end + m.start() for m in _PBN_TOKEN_RE.finditer(section)]
            game.error_line = line_of(where[min(e.position, len(where)) - 1]) if e.position and where \
                else line_of(start)
    return game


def shorten(text: str, n: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def parse_pbn(text: str) -> list[PbnAuction]:
    """Every auction section of a PBN 2.1 text (import format), strictly: the first section that
    does not parse, or whose dealer contradicts the ``Dealer`` tag, raises :class:`AuctionError`.

    >>> a = parse_pbn('[Dealer "W"]\\n[Auction "W"]\\n1D ^S 2D Pass\\nPass Pass')[0]
    >>> a.dealer, [t.text for t in a.record]
    ('W', ['1D', '^S', '2D', 'Pass', 'Pass', 'Pass'])
    """
    out = []
    for g in read_pbn(text).games:
        if g.error is not None:
            raise g.error
        if g.auction is None:
            continue
        d = seat_value(g.tags.get("Dealer"))
        if d is not None and d != g.auction.dealer:
            raise AuctionError(N_("The PBN [Dealer] tag says {dealer} but the auction section makes {computed} the "
                                  "dealer."), dealer=d, computed=g.auction.dealer)
        out.append(g.auction)
    if not out:
        raise AuctionError(N_("No [Auction] section in the PBN text."))
    return out
