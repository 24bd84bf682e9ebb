"""A director's account of an auction, read as an auction record for the ruling engine.

A director types «Norte abre 1♣ y antes de que Este hable, Oeste dice paso», «Gever N, maar O
opent 1♦ voordat N iets zegt», «Ovest apre 1♣ e Sud passa prima che Nord abbia parlato». The words
say little: what decides the law is *whose turn it was* and where the offender sits relative to that
player (partner, right-hand or left-hand opponent), which a bag of words cannot see. The ruling
engine (:mod:`laws.rulings.auction`) knows turns; this module reads the account into a record for
it, replays it, and gives the search the provisions the engine applies (``30B2a`` for the pass
above, ``31A1``, ``32B2``, ``36B1``, ``39C``...), which the second stage
(:mod:`graph.search.rerank`) weighs as one feature among the others. The law is decided where it
always is, in the engine and its trees; nothing here knows a law.

What is read, in the query's language (seat names and call letters come from :mod:`laws.notation`, the
words around them from :mod:`graph.search.account_words`):

- the seats (``Norte``/``N``, ``Oost``/``O``, ``Ovest``/``O``...), each sentence split into clauses;
  the caller of a clause is its first seat not governed by a preposition («el 1♦ **de** Norte»
  names the caller after the call); a seat named by its place from the last seat named («su OI», «zijn
  partner», «l'avversario alla sua sinistra», «his LHO»; «my»: the asker, South);
- the calls: bids (``1♣``, ``2SA``, ``3 corazones``, ``4♠-bod``, «one heart», «een klaveren»), passes,
  doubles, redoubles, in the verbs and nouns of each language; one verb for two seats («poi passano
  Ovest e Nord»: a pass each);
- the dealer («Dador Este», «gever N», «Il distributore è Ovest»);
- whose turn it was («antes de que hable Este», «voordat N iets zegt», «prima che Nord parli»,
  «cuando le tocaba a su compañero Este», «in de beurt van», «sin esperar a»...);
- whether the irregularity was dealt with («no se acepta», «nadie acepta», «neemt het niet over», «non
  accetta», «llamo al árbitro»: the director is called right after it) or accepted («lo acepta», «sin
  llamar al árbitro», «zonder de WL te roepen»): the LHO's option (the engine's fact ``accepted``) is
  read as declined unless the account says it was accepted;
- the end of the auction («tras el tercer paso», «na de slotpas», «after the final pass»: Law 39);
- the facts ``unintended``, ``pause``, ``artificial``, ``comparable`` (and 2007's ``same_meaning``) from
  their words, a negation before a word turning it round.

An irregularity named in general words, with no seat, whose acceptance is said («insufficient bid not
accepted», «LHO accepts the insufficient bid») is read as its simplest record. An account that does not
read as a record the engine accepts, in which the engine finds no irregularity, or whose auction is only
the background of another question (a wrong board, the play, an explanation), gives nothing: the feature is
then 0 and the search is what it was. The work is bounded by the query's length (a linear scan, at most
:data:`MAX_EVENTS` calls replayed).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from laws import notation as NOT
from laws.rulings import auction as A

from . import account_words as W

LANGS = ("es", "nl", "it", "en")
ENGINE_LAWS = frozenset(law for law in A.KINDS.values() if law)   # the laws of the irregularities the engine rules on
MAX_EVENTS = 16


_FOLDED: dict = {}     # word -> its fold (remembered: an account's words come back; bounded)


def _fold(s: str) -> str:
    f = _FOLDED.get(s)
    if f is None:
        if len(_FOLDED) >= 20_000:
            _FOLDED.clear()
        f = _FOLDED[s] = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    return f


@dataclass
class Account:
    """An account read as a record: ``record`` in the neutral notation of :mod:`laws.rulings.auction`,
    the ``dealer``, the ``provisions`` the engine applies (keys of the ``edition`` whose trees ruled) and
    the ``laws`` that govern the irregularities it found."""

    record: str
    dealer: str
    provisions: list = field(default_factory=list)
    laws: list = field(default_factory=list)
    kinds: list = field(default_factory=list)
    edition: str = ""              # the edition whose trees ruled: its provisions are that edition's keys

    def decisive(self) -> list:
        """The provisions applied that belong to the law governing an irregularity (``30B2a`` for a
        pass out of rotation; not ``29B``, which every call out of rotation applies); all those applied when
        none does (``29A``: the call out of rotation was accepted)."""
        # an irregularity accepted by the LHO (29A for a call out of rotation) applies no provision of its own
        # law: what it applies decides
        return self.own_law() or list(self.provisions)

    def own_law(self) -> list:
        """The provisions applied that belong to the law governing an irregularity."""
        own = {_number(k) for k in self.laws}
        return [k for k in self.provisions if _number(k) in own]

    def qualified(self, corresponds: dict, keys=None) -> set:
        """The provisions applied (or ``keys``) as ``EDITION:KEY``, in the engine's edition and,
        through the correspondence tables, in the others (``corresponds``: ``"EDITION:KEY" -> [(key,
        edition, status, verified)]``, the index's; 2007 30B2a is 2017 30B1)."""
        keys = self.provisions if keys is None else keys
        out = {f"{self.edition}:{k}" for k in keys}
        for k in keys:
            out |= {f"{ed}:{key}" for key, ed, _, _ in corresponds.get(f"{self.edition}:{k}", ()) if key}
        return out

    def law_numbers(self) -> set:
        """The laws (numbers, as ``'30'``) of the irregularities."""
        return {_number(k) for k in self.laws} - {""}


def _number(key: str) -> str:
    m = re.match(r"\d+", key)
    return m.group(0) if m else ""


@dataclass
class _Event:
    pos: int
    call: str                 # neutral: P, X, XX, 1S...
    seat: str | None = None
    turn: str | None = None   # whose turn the account says it was
    named: bool = False       # named by its caller after it («el 1♦ de Norte»): told, not narrated


class _Lexicon:
    def __init__(self, lang: str):
        n = NOT.get(lang)
        self.lang = lang
        names = {}
        for neutral, letter in n.seats.items():
            names[letter] = neutral
            names[n.seat_names[neutral]] = neutral
        self.seat_of = names
        # full names capitalised or not (but Spanish «este» is also "this": capitalised only); letters upper case
        full = [re.escape(n.seat_names[s]) for s in n.seats]
        letters = [re.escape(n.seats[s]) for s in n.seats]
        self.seat_re = re.compile(r"(?<![\w'])(" + "|".join(full) + r"|" + "|".join(letters) + r")" + _SEAT_END)
        self.full_lower = {n.seat_names[s].lower(): s for s in n.seats} if lang != "es" else \
            {n.seat_names[s].lower(): s for s in n.seats if s != "E"}
        self.lower_res = [(re.compile(r"(?<![\w'])" + re.escape(w) + _SEAT_END), s) for w, s in self.full_lower.items()]
        self.prep = {_fold(w) for w in W.PREP[lang]}
        self.det = {_fold(w) for w in W.DET[lang]}
        suit_letters = "|".join(re.escape(v) for v in n.denoms.values())
        den = [r"[♣♦♥♠♧♢♡♤]\ufe0f?"] + [w for w in W.DENOM_WORDS[lang].values()] + [suit_letters]
        # a level of one to nine: a bid above seven is recorded as made (Law 38 rules on it)
        self.levels = {w: str(n) for w, n in W.LEVEL_WORDS[lang].items()}
        level_words = "|".join(sorted(self.levels, key=len, reverse=True))
        self.bid_re = re.compile(r"(?<![\w/])([1-9]|(?:" + level_words + r")(?=\s))\s?(" + "|".join(den) +
                                 r")(?![a-zà-ü])", re.I)
        words = W.CALL_WORDS[lang]
        self.word_re = re.compile(r"(?<![\w])(?:(" + words["redouble"] + r")|(" + words["double"] + r")|(" +
                                  words["pass"] + r"))(?![\w])", re.I)
        self.denoms = n
        self.den_words = {k: re.compile(r"^(?:" + v + r")$", re.I) for k, v in W.DENOM_WORDS[lang].items()}
        self.turn_re = re.compile(r"(?:" + W.TURN[lang] + r")", re.I)
        self.dealer_re = re.compile(r"(?:" + W.DEALER[lang] + r")", re.I)
        # «Dador Norte», «Il distributore è Ovest», «dealer: North»; «Sud è distributore», «N deelt», «East was dealer»,
        # «Oost past als gever»
        self.dealer_before = re.compile(r"(?:" + W.DEALER[lang] + r")\s*(?:[:,]\s*|\s(?:è|es|is|was|era|fue)\s+)?$", re.I)
        self.dealer_after = re.compile(r"\s*(?:(?:è|es|is|was|era|fue)\s+(?:il\s+|el\s+|de\s+|the\s+)?|"
                                       r",?\s*(?:\w+\s+)?(?:als|como|come|as)\s+(?:il\s+|el\s+|the\s+)?)?(?:"
                                       + W.DEALER[lang] + ")", re.I)
        self.not_acc = re.compile(W.NOT_ACCEPTED[lang], re.I)
        self.acc = re.compile(W.ACCEPTED[lang], re.I)
        self.neg_before = re.compile(r"(?<![\w'])" + W.NEG_BEFORE[lang] + r"\s*$", re.I)
        self.neg_after = re.compile(W.NEG_AFTER[lang], re.I) if lang in W.NEG_AFTER else None
        self.out_re = re.compile(W.OUT[lang], re.I)
        self.stated_double = re.compile(W.DOUBLE_NOUN[lang], re.I)
        self.before_td = re.compile(W.BEFORE_TD[lang], re.I)
        self.td_explains = re.compile(W.TD_EXPLAINS[lang], re.I)
        self.repeat_re = re.compile(r"(?:" + W.REPEAT[lang] + r")\s+(?:\w+\s+)?$", re.I)
        roles = "|".join(f"(?P<{k}>{v})" for k, v in W.TURN_ROLE[lang].items())
        self.turn_of = re.compile(r"(?<![\w'])(?:" + W.TURN_WORD[lang] + r")\s+(?:(?:" + W.TURN_LINK + r")\s*){0,5}?(?:" +
                                  roles + r")(?![\w])", re.I)
        self.role_turn = re.compile(r"(?<![\w'])(?:" + roles + r")(?:" + W.ROLE_TURN[lang] + r")", re.I) \
            if lang in W.ROLE_TURN else None
        self.call_noun = re.compile(r"(?<![\w'])(?:" + W.CALL_NOUN[lang] + r")(?![\w])", re.I)
        self.belief = re.compile(r"(?<![\w'])(?:" + W.BELIEF[lang] + ")", re.I)
        self.pronoun = re.compile(r"(?:" + W.PRONOUN[lang] + r")$", re.I)
        self.own_turn = re.compile(r"(?:" + W.OUT[lang] + r")\s+(?:" + W.PRONOUN[lang] + r")\b", re.I)
        seat_alt = "|".join(full + letters + [re.escape(w) for w in self.full_lower])
        one = r"(?<![\w'])(?:" + seat_alt + r")(?![\w'])"
        run = one + r"(?:\s*,\s*" + one + r")*\s+(?:" + W.PLURAL_JOIN[lang] + r")\s+" + one
        adv = r"(?:(?:" + W.PLURAL_ADV[lang] + r")\s+)?"
        verb = r"(?i:" + W.PASS_PLURAL[lang] + r")(?![\w'])"
        forms = [r"(?P<a>" + run + r")\s+" + adv + verb]          # «Ovest e Nord passano», «West and North pass»
        if lang != "en":
            forms.append(verb + r"\s+" + adv + r"(?P<b>" + run + r")")   # «passano Ovest e Nord», «passen W en N»
        self.plural_re = re.compile("|".join(f"(?:{f})" for f in forms))
        self.one_seat_re = re.compile(one)
        self.elsewhere = re.compile(W.ELSEWHERE[lang], re.I)
        self.before_lead = re.compile(W.BEFORE_LEAD[lang], re.I)
        self.final_re = re.compile(W.FINAL_PASS[lang], re.I)
        self.pause_re = re.compile(W.PAUSE[lang], re.I)
        self.mind_re = re.compile(W.MIND[lang], re.I)
        self.insufficient = re.compile(W.INSUFFICIENT[lang], re.I)
        self.out_of_turn = re.compile(W.OUT_OF_TURN[lang], re.I)
        self.opens_re = re.compile(r"(?<![\w'])(?:" + W.OPENS[lang] + ")", re.I)
        self.opens_verb = re.compile(r",?\s+(?:(?:" + W.PERFECT[lang] + r")\s+)?(" + W.OPENS_VERB[lang] + r")(?![\w'])", re.I)
        self.roles_re = re.compile(r"(?<![\w'])(?:" + "|".join(f"(?P<{k}>{v})" for k, v in W.ROLES[lang].items()) + ")",
                                   re.I)
        self.my_re = re.compile(W.MY[lang], re.I)
        self.names = n.seat_names

    def seat(self, word: str) -> str | None:
        """The seat ``word`` names: a letter of the notation («O», «W») or a seat's name in any case («oeste»)."""
        return self.seat_of.get(word) or self.full_lower.get(word.lower())

    def denom(self, text: str) -> str | None:
        t = text.replace("\ufe0f", "")
        d = self.denoms.read_denom(t)
        if d:
            return d
        for k, rx in self.den_words.items():
            if rx.match(t):
                return k
        return None


_LEX: dict = {}
_SEAT_END = r"(?!\w|'(?!s\b))"      # a seat's name ends the word, or its English possessive does («North's»)
_SEAT_WORDS: dict = {}


def _seat_words(lang: str) -> frozenset:
    """The words that name a seat in ``lang`` as the reader finds them (a full name as written or in small
    letters, a seat's letter), for telling at once a query that names no seat: no account."""
    if lang not in _SEAT_WORDS:
        n = NOT.get(lang)
        full = {n.seat_names[s] for s in n.seats}
        lower = {n.seat_names[s].lower() for s in n.seats if lang != "es" or s != "E"}
        _SEAT_WORDS[lang] = frozenset(full | lower | set(n.seats.values()))
    return _SEAT_WORDS[lang]


def _lex(lang: str) -> _Lexicon:
    if lang not in _LEX:
        _LEX[lang] = _Lexicon(lang)
    return _LEX[lang]


def _seats_in(lx: _Lexicon, text: str, offset: int = 0):
    """``(start, end, seat)`` of each seat mention of ``text``."""
    out = []
    for m in lx.seat_re.finditer(text):
        out.append((offset + m.start(), offset + m.end(), lx.seat_of[m.group(1)]))
    for pattern, s in lx.lower_res:   # seat names written in lower case (norte, zuid, ovest)
        for m in pattern.finditer(text):
            if text[m.start()].islower():
                out.append((offset + m.start(), offset + m.end(), s))
    return sorted(out)


def _level(lx: _Lexicon, level: str) -> str:
    """The digit of a level written as a digit or a word («tres» -> ``3``)."""
    return level if level.isdigit() else lx.levels[level.lower()]


def _calls_in(lx: _Lexicon, text: str):
    """``(start, end, neutral call)`` of each call of ``text``."""
    out = []
    for m in lx.bid_re.finditer(text):
        d = lx.denom(m.group(2))
        if d:
            level = m.group(1)
            out.append((m.start(), m.end(), f"{_level(lx, level)}{d}"))
    taken = [(s, e) for s, e, _ in out]
    for m in lx.word_re.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        out.append((m.start(), m.end(), "XX" if m.group(1) else "X" if m.group(2) else "P"))
    return sorted(out)


_SENTENCE = re.compile(r"[^.;!?¿¡:\n]+")
_LIST_SEP = re.compile(r"\s*,\s*")
_LIST_ITEM = re.compile(r"[,;]\s*$")     # a call right after a list's comma («Norte 1♥, paso de Este»)
_PUNCT = re.compile(r"[,;:()«»\"]")
_WORD = re.compile(r"[\w']+")


_LAST_WORD = re.compile(r"([\w']+)\s+$")


def _governed(text: str, at: int, prep: set) -> bool:
    """Whether the seat at ``at`` is the object of a preposition right before it («contro Ovest»; not «Sud contro,
    Ovest passo», where a comma parts them)."""
    m = _LAST_WORD.search(text, 0, at)
    return bool(m) and _fold(m.group(1).lower()) in prep


def _prev_word(text: str, at: int) -> str:
    words = _WORD.findall(text[:at])
    return _fold(words[-1].lower()) if words else ""


def read(query: str, lang: str, editions: list) -> Account | None:
    """The account of ``query`` (in ``lang``) as a replayed record, or None when it does not read as
    one with an irregularity. ``editions``: the editions whose trees rule, in the order tried (the first
    whose trees apply a provision)."""
    if lang not in LANGS or not query or len(query) > 600:
        return None
    lx = _lex(lang)
    if _seat_words(lang).isdisjoint(_WORD.findall(query)):
        # no seat named: a seat named by its place («his LHO») may still tell a record; else the general words
        told = _read(lx, query, lang, editions) if lx.roles_re.search(query) else None
        return told or _generic(lx, query, editions) or _at_turn_of(lx, query, editions)
    return _read(lx, query, lang, editions)


def _read(lx: _Lexicon, query: str, lang: str, editions: list) -> Account | None:
    """:func:`read` of a query that names a seat (or a seat by its place)."""
    if lx.elsewhere.search(lx.td_explains.sub(" ", lx.before_lead.sub(" ", query))):
        return None
    query = _roles(lx, query)
    prep, det = lx.prep, lx.det
    events: list[_Event] = []
    dealer = None
    said_each = False
    obliged = None
    for m in _SENTENCE.finditer(query):
        sent, off = m.group(0), m.start()
        seats = _seats_in(lx, sent)
        calls = _calls_in(lx, sent)
        om = re.search(W.OBLIGED[lang], sent, re.I)
        if om and query[m.end():m.end() + 1] == "?":
            om = None       # «Sud deve passare?»: an obligation asked about, not told
        if om and obliged is None and not events and not any(c[0] < om.start() for c in calls):
            # an obligation from a rectification the account does not tell (one that follows the calls told comes
            # from them: the engine finds it)
            near = [st for s_, e_, st in _seats_in(lx, sent[:om.start()]) if om.start() - e_ < 40]
            obliged = near[-1] if near else None
        if om:
            # «had to pass»: no pass made; nor the calls of its reason, to the end of its clause («tenía que pasar por
            # un doblo fuera de turno de su compañero, pero dice 3♦»: the double was before)
            end = W.CLAUSE_END.search(sent, om.end())
            calls = [c for c in calls if not om.start() <= c[0] < (end.start() if end else len(sent))]
        for bm in lx.belief.finditer(sent):
            end = W.CLAUSE_END.search(sent, bm.end())
            stop = end.start() if end else len(sent)
            calls = [c for c in calls if not bm.start() <= c[0] < stop]
            seats = [x for x in seats if not bm.start() <= x[0] < stop]
        plural = []     # (start, end, seat) of each seat of «passano Ovest e Nord»: a pass each
        for pm in lx.plural_re.finditer(sent):
            g = "a" if pm.group("a") else "b"
            for sm in lx.one_seat_re.finditer(pm.group(g)):
                st = lx.seat(sm.group(0))
                plural.append((pm.start(g) + sm.start(), pm.end(), st))
        if plural:
            said_each = True
            spans = [(pm.start(), pm.end()) for pm in lx.plural_re.finditer(sent)]
            calls = [c for c in calls if not any(a <= c[0] < b for a, b in spans)]
        if not calls and not seats:
            continue
        marks = {}      # seat mention start -> (seat, "fronted" or "trailing")
        turn_marks = list(lx.turn_re.finditer(sent))
        for s, e, seat in seats:
            before = sent[max(0, s - 40):s]
            after = sent[e:e + 30]
            if lx.dealer_before.search(before) or lx.dealer_after.match(after):
                dealer = dealer or seat
            ends = [t.end() for t in turn_marks if t.end() <= s and s - t.end() <= 40]
            gap = sent[ends[-1]:s] if ends else ""
            between = [_fold(w.lower()) for w in _WORD.findall(gap)]
            nxt_call = next((c for c in calls if c[0] >= e), None)
            subject = lang in W.VERB_FIRST and bool(between) and nxt_call is not None and \
                len(_WORD.findall(sent[e:nxt_call[0]])) <= 1 and not re.search(r"[,;:(«\"']", sent[e:nxt_call[0]])
            if ends and not _seats_in(lx, gap) and len(between) <= 5 and not (set(between) & W.TURN_STOP) \
                    and not (between and lx.pronoun.match(between[0])) and not subject \
                    and "," not in gap:
                # fronted («antes de que Este hable, Oeste dice paso», «prima che Sud parli Ovest dice contro»)
                # or trailing («Sur pasa antes de que Este haya hablado y ...»)
                nxt_seat = _seats_in(lx, after)
                fronted = ("," in after and len(_WORD.findall(after.split(",")[0])) <= 4) or bool(
                    nxt_seat and len(_WORD.findall(after[:nxt_seat[0][0]])) <= 3
                    and not ({_fold(w.lower()) for w in _WORD.findall(after[:nxt_seat[0][0]])} & W.CONJ))
                marks[s] = (seat, "fronted" if fronted else "trailing")
            elif re.match(r"\s*(?:" + W.TURN_AFTER[lang] + ")", after, re.I):
                marks[s] = (seat, "trailing")
        own = []        # the calls of this sentence: (start, call, seat, possessive)
        for n, (cs, ce, call) in enumerate(calls):
            if call[0].isdigit() and n and calls[n - 1][2] in ("X", "XX") and not sent[calls[n - 1][1]:cs].strip():
                if lx.stated_double.fullmatch(sent[calls[n - 1][0]:calls[n - 1][1]]):
                    return None    # «dice 'doblo tres corazones'»: the words of one double that states a bid
                continue       # «dobla 3♠», «doubleert 3♠», «doubles 3♠»: the bid doubled, named, not made here
            seat, poss = None, False
            tail = sent[ce:ce + 40]
            pm = _OF_SEAT.match(tail)
            if pm and (pm.group(1) in lx.seat_of or pm.group(1).lower() in lx.full_lower):
                if ce + pm.start(1) in marks:
                    continue   # «sin esperar el paso de Oeste»: the call awaited at his turn, not made
                seat = lx.seat(pm.group(1))
                # «el 1♦ de Norte», «tras 2♥ de Sur»: named; «Norte 1♥, paso de Este, 2♥ de Sur»: told in a list
                poss = not _LIST_ITEM.search(sent, 0, cs)
            elif lang in ("nl", "it") and not call[0].isdigit() and \
                    (inv := re.match(r"\s+(?:(?:ook|nu|dan|anche|pure|ora|poi)\s+)?(\w+)(?![\w:])", sent[ce:])) and \
                    (inv.group(1) in lx.seat_of or inv.group(1).lower() in lx.full_lower):
                # «en dan past W», «poi passa Sud»: the verb before its subject
                seat = lx.seat(inv.group(1))
            elif lang == "en" and (pw := _prev_word(sent, cs)).endswith("'s"):
                if pw[:-2] not in lx.full_lower or any(s in marks and 0 <= cs - e <= 4 for s, e, _ in seats):
                    # «his partner's 1♠»: a call named, not made here; «without waiting for West's pass»: awaited
                    continue
                seat, poss = lx.full_lower[pw[:-2]], True     # «over North's 1♥»: the call named by its caller
            elif own and n and own[-1][0] == calls[n - 1][0] and _LIST_SEP.fullmatch(sent, calls[n - 1][1], cs):
                seat = A.lho(own[-1][2])   # «Norte 1♠, paso, paso, Oeste 2♥»: the next player's call in a list
            else:
                if _prev_word(sent, cs) in det and not lx.repeat_re.search(sent, 0, cs):
                    continue   # «past op 3♥», «dobla el 2♥», «il passo fuori turno»: a call named, not made here
                for s, e, st in reversed(seats):
                    if e > cs:
                        continue
                    if s in marks or _governed(sent, s, prep):
                        continue
                    seat = st
                    break
            if seat is None and dealer and not events and not own and call[0].isdigit():
                seat = dealer   # «Dador Norte. Abre 1♣»: the dealer opens
            if seat is None:
                continue       # a call nobody is said to make: a reference, not an event
            own.append((cs, call, seat, poss))
        own += [(s_, "P", st, False) for s_, _, st in plural]
        for s_, e_, st in seats:
            vm = lx.opens_verb.match(sent, e_)
            end = vm and _PUNCT.search(sent, vm.end())
            if vm and s_ not in marks and not any(vm.end() <= c[0] < (end.start() if end else len(sent))
                                                  and c[2][0].isdigit() for c in calls):
                own.append((vm.start(1), "1C", st, False))   # «nord ha aperto fuori turno»: an opening, level unsaid
        for om in re.finditer(W.OPENING[lang], sent, re.I):
            st = lx.seat(om.group(1))
            if st and not any(c[2] == st and c[1][0].isdigit() for c in own):
                own.append((om.start(), "1C", st, True))   # «tras la apertura de Sur»: an opening bid, level unsaid
        own.sort()
        evs = []
        for cs, call, seat, poss in own:
            # «dobla el 3♣ de Sur»: the call named by its caller came first
            key = cs
            if poss:
                prior = [c for c in own if c[0] < cs and not c[3] and cs - c[0] < 30]
                if prior:
                    key = prior[-1][0] - 1
            if poss and any(e.seat == seat and e.call == call for e in events + evs):
                continue       # «¿qué pasa con el 1♣ de Este?»: the call told before
            evs.append(_Event(off + key, call, seat, named=poss))
        evs.sort(key=lambda e: e.pos)
        for s, (seat, kind) in sorted(marks.items()):
            at = off + s
            nxt = [e for e in evs if e.pos > at and e.seat != seat and not e.named]
            prv = [e for e in evs if e.pos < at and e.seat != seat and not e.named]
            tgt = (nxt[0] if nxt else prv[-1] if prv else None) if kind == "fronted" else \
                  (prv[-1] if prv else nxt[0] if nxt else None)
            if tgt is not None and tgt.turn is None:
                tgt.turn = seat
        events += evs
        if len(events) > MAX_EVENTS:
            return None
    if not events:
        return None
    first_bid = next((n for n, e in enumerate(events) if e.call[0].isdigit()), len(events))
    if any(e.call in ("X", "XX") for e in events[:first_bid]) and obliged is None and not lx.final_re.search(query) and \
            not lx.bid_re.search(query) and not lx.opens_re.search(query):
        return None     # a double of nothing: the account leaves out the auction it was made in
    text = query
    not_acc, acc, said_acc = _acceptance(lx, text)
    om = re.search(W.OUT_OF_TURN[lang], text, re.I)
    out_of_turn = om.start() if om else None      # where the account says a call was out of turn
    # an account that names each seat's pass («poi passano Ovest e Nord») tells every call: one it leaves out was
    # skipped, not passed
    signal = bool(lx.out_re.search(lx.own_turn.sub(" ", text))) or any(e.turn for e in events) or said_each
    facts = {"unintended": "yes", "pause": "no"} if re.search(W.UNINTENDED[lang], text, re.I) else {}
    if re.search(W.AT_ONCE[lang], text, re.I):
        facts["pause"] = "no"
    if lx.pause_re.search(text):
        facts["pause"] = "yes"
    if lx.mind_re.search(text):
        facts["unintended"] = "no"
    like = _said(text, lang, W.COMPARABLE, W.UNLIKE)
    if like is not None:
        facts["comparable"] = facts["same_meaning"] = like
    natural = _artificial(text, lang)
    if natural is not None:
        facts["artificial"] = natural
    # the LHO's option (asked first by the trees, 27A1/29A/25B1): accepted when the account says so; otherwise
    # read as declined, the director being called over the call (an account tells what the director found); an
    # account that says only that nobody called the director («sin llamar al árbitro») leaves it to the record
    if not acc or not_acc or obliged:
        # (a player bound to pass: the earlier irregularity the account does not tell was rectified, not accepted)
        facts.setdefault("accepted", "no")
    elif said_acc:
        facts.setdefault("accepted", "yes")
    # a slip, or a call made again after a pause for thought («dopo averci pensato, dice 'no, 1♠'»), tells a change
    change = bool(re.search(W.CHANGE[lang], text, re.I)) or facts.get("unintended") == "yes" or facts.get("pause") == "yes"
    fm = lx.final_re.search(text)
    if fm:
        return _after_final_pass(events, fm, text, lang, editions, facts or None)
    before_td = bool(lx.before_td.search(text))
    return _replay(events, dealer, not_acc, acc, signal, obliged, editions, facts or None, change, out_of_turn, before_td=before_td)


# «el 1♦ de Norte», «del suo compagno Sud»: a call named by its caller (the words between)
_OF_SEAT = re.compile(r"(?:-\w*)?\s*(?:de|del|van|di|da)\s+(?:(?:su|propio|compa[ñn]ero|zijn|eigen|partner|suo|proprio|"
                      r"compagno)\s+){0,3}(\w+)", re.I)
_RELATION = {"partner": A.partner, "lho": A.lho, "rho": A.rho}
_ROLE_OF = re.compile(r"\s+(?:van|de|del|di|of)\s+(\w+)", re.I)


def _roles(lx: _Lexicon, text: str) -> str:
    """``text`` with each seat named by its place («su OI», «his partner») written as the seat it is, from the
    last seat named before it (South, the asker, after «my»; left as it is when no seat is named before it); a place
    followed by the seat's own name («su compañero Este») is left as it is."""
    if not lx.roles_re.search(text):
        return text
    out, at, anchor = [], 0, None
    for m in lx.roles_re.finditer(text):
        before = text[at:m.start()]
        seen = _seats_in(lx, before)
        if seen:
            anchor = seen[-1][2]
        out.append(before)
        at = m.end()
        if lx.one_seat_re.match(text[m.end():].lstrip(" ,")):
            out.append(m.group(0))          # «su compañero Este»: the seat is named
            continue
        of = _ROLE_OF.match(text, m.end())
        if of and (named := lx.seat(of.group(1))):
            # «de RT van O», «el OI de Norte», «North's LHO»: the place of the seat named after it
            seat = _RELATION[m.lastgroup](named)
            out.append(lx.names[seat])
            at = of.end()
            anchor = seat
            continue
        mine = bool(lx.my_re.match(m.group(0)))
        if anchor is None and not mine:
            out.append(m.group(0))          # «el OD pasa» in the laws' words: from nobody's seat
            continue
        seat = _RELATION[m.lastgroup](W.ASKER if mine else anchor)
        out.append(lx.names[seat])
        anchor = seat
    out.append(text[at:])
    return "".join(out)


def _acceptance(lx: _Lexicon, text: str) -> tuple[bool, bool, bool]:
    """Whether ``text`` says the irregular call was not accepted (or the director was called over it), whether it
    says it was accepted or nobody called the director, and whether it says «accepted» in so many words."""
    before = lx.before_td.sub(" ", text)     # «antes de que llamen al árbitro»: nobody had called him
    not_acc = bool(lx.not_acc.search(before))
    acc, said_acc = before != text, False
    rest = lx.not_acc.sub(" ", before)
    for m in lx.acc.finditer(rest):
        if lx.neg_before.search(rest, max(0, m.start() - 24), m.start()) or \
                (lx.neg_after is not None and lx.neg_after.match(rest, m.end())):
            not_acc = True      # «nadie acepta la voz», «accepteert dat bod niet»: a refusal
        else:
            acc = True
            said_acc = said_acc or bool(W.ACCEPT_WORD.search(m.group(0)))
    return not_acc, acc, said_acc


def _generic(lx: _Lexicon, text: str, editions) -> Account | None:
    """An irregularity named in general words, with no seat, whose acceptance the words decide: «insufficient
    bid not accepted» (27B), «LHO accepts the insufficient bid» (27A1), «pass out of turn accepted» (29A).
    Read as the simplest record of it, the LHO's option as said; nothing when the words do not say «accept»."""
    if not W.ACCEPTS.search(text):
        return None
    not_acc, acc, said_acc = _acceptance(lx, text)
    refused = not_acc and not (acc and said_acc)
    if not refused and not said_acc:
        return None
    facts = {"accepted": "no" if refused else "yes"}
    if lx.insufficient.search(text):
        built = ("1S 1H TD", "N")
    elif lx.out_of_turn.search(text) and not refused:
        # accepted: the offender's LHO calls over it (29A), whose turn it was deciding nothing
        m = lx.word_re.search(text)
        built = ("1H W:X N:P", "N") if m and m.group(2) else ("E:P S:P", "N") if m and m.group(3) else ("E:1H S:P", "N")
    else:
        return None
    return _replay([], built[1], False, False, True, None, editions, facts, built=built)


# a call out of rotation in general words, with the player whose turn it was: the offender (North) and the record
# of the simplest auction in which his call is at that player's turn after a bid (at his LHO's turn it follows his
# own call, which the engine reads as a change of it: not built)
_TURN_RECORDS = {"partner": ("1C {call} TD", "E"), "rho": ("1C P {call} TD", "E")}


def _at_turn_of(lx: _Lexicon, text: str, editions) -> Account | None:
    """A call out of rotation named in general words with whose turn it was: «paso fuera de turno en el turno del
    compañero» (30B2a), «bod buiten de beurt op de beurt van de rechtertegenstander en RT past» (31A1), «ik
    doubleerde toen mijn partner aan de beurt was» (32A), «voz dada en el turno del OD obligado a pasar» (28A). Read
    as the simplest record of it, the offender's LHO not accepting it; the player in turn passing after it when the
    words say so. Nothing when no call is named before the words of the turn."""
    tm = lx.turn_of.search(text) or (lx.role_turn.search(text) if lx.role_turn else None)
    if not tm or tm.lastgroup not in _TURN_RECORDS or lx.elsewhere.search(text):
        return None
    before, rest = text[:tm.start()], text[tm.end():]
    told = _calls_in(lx, before)
    call = told[-1][2] if told else "1H" if lx.call_noun.search(before) else None
    if call is None or call == "XX":
        return None
    om = re.search(W.OBLIGED[lx.lang], rest, re.I)
    if tm.lastgroup == "rho" and om and not rest[om.end():].lstrip().startswith("?"):
        # the player in turn was bound to pass: his partner's obligation from a pass at his turn stands for it
        return _replay([], "N", False, False, True, "W", editions, {"accepted": "no"},
                       built=(f"1C W:P TD P P N:{call} TD", "N"))
    record, dealer = _TURN_RECORDS[tm.lastgroup]
    record = record.format(call=f"N:{call}")
    pm = lx.word_re.search(rest)
    if tm.lastgroup == "rho" and pm and pm.group(3) and call != "P":
        record += " W:P"        # «... en RT past», «... che poi passa»: the player in turn passes after it
    return _replay([], dealer, False, False, True, None, editions, {"accepted": "no"}, built=(record, dealer))


_SAID: dict = {}


def _said(text: str, lang: str, yes: dict, no: dict) -> str | None:
    """``"yes"`` when ``text`` says a word of ``yes[lang]`` (not negated), ``"no"`` when it says one of ``no[lang]``
    or a negated one of ``yes[lang]`` (a negation right before the word, or one word before it, turns it round);
    None when it says neither or both."""
    key = (lang, id(yes), id(no))
    if key not in _SAID:
        _SAID[key] = [(re.compile(r"(?<![\w-])(?:(" + W.NOT[lang] + r")\s*(?:\w+\s+)?)?(?:" + words[lang] + r")(?![\w])", re.I),
                       value) for words, value in ((yes, "yes"), (no, "no"))]
    said = set()
    for rx, value in _SAID[key]:
        for m in rx.finditer(text):
            said.add(value if not m.group(1) else ("no" if value == "yes" else "yes"))
    return said.pop() if len(said) == 1 else None


def _artificial(text: str, lang: str) -> str | None:
    """The engine's fact ``artificial`` as the account says it: ``"no"`` for calls it calls natural, ``"yes"`` for
    artificial ones (a negation right before the word turns it round), None when it says neither or both.

    >>> _artificial("Est corregge con 2♦ e entrambe sono naturali", "it"), _artificial("2♣ was not natural", "en")
    ('no', 'yes')
    """
    return _said(text, lang, W.ARTIFICIAL, W.NATURAL)


def _insufficient(toks: list) -> bool:
    """Whether the last call of the record so far is a bid that does not supersede the bid before it."""
    bids = [A.parse_call(t.split(":")[-1]) for t in toks if t != "TD" and t.split(":")[-1][0].isdigit()]
    last = A.parse_call(toks[-1].split(":")[-1]) if toks and toks[-1] != "TD" else None
    return bool(last is not None and last.is_bid and len(bids) >= 2 and not last.supersedes(bids[-2]))


def _record(events, dealer, not_acc, acc, signal, obliged=None, change=False,
            out_of_turn=None, before_td=False) -> tuple[str, str] | None:
    """The record and dealer of the events. Until the first call the account puts at another player's
    turn, calls are in rotation; an account that says nothing of turns (``signal`` false) leaves out
    calls, so the players it skips passed. The director is called right after the irregular call
    unless the account says it was accepted (its left-hand opponent calls next without the director,
    or «sin llamar al árbitro»; ``before_td``: the account says a call was made before the director came)."""
    first = events[0]
    toks: list[str] = []
    if obliged:
        # the obligation comes from a rectification the account does not tell: the simplest one the
        # engine knows stands for it (a pass out of rotation at partner's turn after an opening bid,
        # 30B2a: the offender passes throughout); its own irregularity is not the account's
        dealer = A.lho(obliged)
        toks = ["1C", f"{obliged}:P", "TD"]
        turn = A.partner(obliged)
        signal = True
    else:
        if dealer is None:
            # «East opened 1NT out of turn»: nobody said whose turn it was; the dealer is then taken to be the
            # player before him (he called at his RHO's turn, the most usual case of a call out of rotation)
            said = out_of_turn is not None and (len(events) < 2 or out_of_turn < events[1].pos)
            dealer = first.turn or (A.rho(first.seat) if said else first.seat)
        signal = signal or dealer != first.seat
        turn = dealer
    offender = None
    for n, ev in enumerate(events):
        if offender is None and n and events[n - 1].seat == ev.seat and toks and ev.turn in (None, ev.seat):
            # two calls in a row by one player: the correction of an insufficient bid the LHO did not accept
            # («no lo acepta y lo corrige por 2♦»: the director is called first), or a change of call made before
            # his LHO calls («cambia su voz de 2♥ a 3♥», «changed 2♥ to 3♥», Law 25); no call of the others was
            # left out between them. A correction «antes de que llegue el árbitro» was made before the director came
            if _insufficient(toks) and not_acc and not before_td:
                toks += ["TD", f"{ev.seat}:{ev.call}"]
                offender = ev.seat
                continue
            if not change:
                return None
            offender = ev.seat
            toks.append(f"{ev.seat}:{ev.call}")
            nxt = events[n + 1] if n + 1 < len(events) else None
            if not acc and (nxt is None or not_acc or nxt.seat != A.lho(offender)):
                toks.append("TD")
            continue
        if offender is None:
            gap_to = ev.turn if (ev.turn and ev.turn != ev.seat) else (ev.seat if not signal else None)
            if obliged and n == 0:
                # «... pero dice 3♦ antes de que Oeste hable»: he called at his turn; «Norte, sin esperar el paso de
                # Oeste, dice 3♦»: another called at the turn of the player bound to pass
                gap_to = obliged if ev.turn == obliged and ev.seat != obliged else ev.seat
            if gap_to and gap_to != turn:
                # calls made in rotation the account leaves out: passes by the players in between
                gap = (A.SEATS.index(gap_to) - A.SEATS.index(turn)) % 4
                run = 0
                for t in reversed(toks):
                    if t != "P":
                        break
                    run += 1
                if run + gap >= (3 if any(t[0].isdigit() for t in toks) else 4):
                    return None   # the passes would end the auction: the account is not a record
                toks += ["P"] * gap
                turn = gap_to
            if ev.seat == turn:
                toks.append(ev.call)
                turn = A.lho(ev.seat)
                continue
            offender = ev.seat
            toks.append(f"{ev.seat}:{ev.call}")
            nxt = events[n + 1] if n + 1 < len(events) else None
            if not acc and (nxt is None or not_acc or nxt.seat != A.lho(offender)):
                toks.append("TD")
            continue
        toks.append(f"{ev.seat}:{ev.call}")
    return " ".join(toks), dealer


def _after_final_pass(events, fm, text: str, lang: str, editions, facts) -> Account | None:
    """«tras el tercer paso, Oeste dobla»: the first call told after the auction ended, over the last bid told
    before it (its seat the declaring side's), or over a bid of the side the account puts the caller against:
    his partner's when he is said to be dummy or declarer, his right-hand opponent's otherwise (a defender)."""
    after = [e for e in events if e.pos >= fm.end() and not e.named]
    told = [e for e in events if 0 < fm.start() - e.pos <= 25 and not e.named]   # the call right before the words
    if not after and not told:
        return None
    ev = after[0] if after else told[-1]     # «West doubles after the final pass»: the call told before the words
    # the last bid told before the words, or named before the call («la subasta se cierra en 4♠ de Sur»)
    bids = [e for e in events if e.call[0].isdigit() and e is not ev and (e.pos < fm.start() or e.named and e.pos < ev.pos)]
    if bids:
        contract, seat = bids[-1].call, bids[-1].seat
    else:
        rest = text[fm.end():]
        declaring = re.search(W.DECLARING[lang], rest, re.I) and not re.search(W.DEFENDING[lang], rest, re.I)
        contract, seat = "1C", (A.partner(ev.seat) if declaring else A.rho(ev.seat))
    return _replay(events, seat, False, False, True, None, editions, facts,
                   built=(f"{contract} P P P {ev.seat}:{ev.call}", seat))


def _replay(events, dealer, not_acc, acc, signal, obliged, editions, facts=None, change=False,
            out_of_turn=None, built=None, before_td=False) -> Account | None:
    built = built or _record(events, dealer, not_acc, acc, signal, obliged, change, out_of_turn, before_td)
    if built is None:
        return None
    record, dealer = built
    toks = record.split()
    head, body = (toks[:3], toks[3:]) if obliged else ([], toks)
    tries = [record]
    if "TD" in body:
        tries.append(" ".join(head + [t for t in body if t != "TD"]))
    else:
        tries.append(record + " TD")   # an inadmissible call, an insufficient bid: the director is called
    found = None
    for ed, rec in [(ed, rec) for ed in editions for rec in tries]:
        try:
            state = A.replay(rec, dealer, facts, edition=ed)
        except (A.AuctionError, ValueError):
            continue
        irr = state.irregularities[1:] if obliged else state.irregularities
        if not irr:
            continue
        provs, laws, kinds = [], [], []
        for i in irr:
            for k in i.provisions:
                if k not in provs:
                    provs.append(k)
            if i.law not in laws:
                laws.append(i.law)
            kinds.append(i.kind)
        acct = Account(rec, dealer, provs, laws, kinds, ed)
        if acct.own_law():
            return acct     # the first edition whose trees apply the law of the irregularity
        if provs and (found is None or not found.provisions):
            found = acct
        found = found or acct
    return found
