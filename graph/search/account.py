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

What is read, in the query's language (seat names and call words come from :mod:`laws.notation`):

- the seats (``Norte``/``N``, ``Oost``/``O``, ``Ovest``/``O``...), each sentence split into clauses;
  the caller of a clause is its first seat not governed by a preposition («el 1♦ **de** Norte»
  names the caller after the call);
- the calls: bids (``1♣``, ``2SA``, ``3 corazones``, ``4♠-bod``), passes, doubles, redoubles, in the
  verbs and nouns of each language;
- the dealer («Dador Este», «gever N», «Distributore Ovest»);
- whose turn it was («antes de que hable Este», «voordat N iets zegt», «prima che Nord parli»,
  «cuando le tocaba a su compañero Este», «in de beurt van», «sin esperar a»...);
- whether the irregularity was dealt with («no se acepta», «neemt het niet over», «non accetta»,
  «llamo al árbitro»: the director is called right after it) or accepted («sin llamar al
  árbitro», «zonder de WL te roepen»).

An account that does not read as a record the engine accepts, or in which the engine finds no
irregularity, gives nothing: the feature is then 0 and the search is what it was. The work is
bounded by the query's length (a linear scan, at most :data:`MAX_EVENTS` calls replayed).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from laws import notation as NOT
from laws.rulings import auction as A

LANGS = ("es", "nl", "it", "en")
ENGINE_LAWS = frozenset(law for law in A.KINDS.values() if law)   # the laws of the irregularities the engine rules on
MAX_EVENTS = 16

# -- words of each language ------------------------------------------------------------------------
# Words that, right before a seat, make it the object of a preposition, not the caller.
_PREP = {
    "es": {"de", "del", "a", "al", "con", "para", "por", "sobre", "tras", "ante", "contra", "entre"},
    "nl": {"van", "aan", "voor", "met", "tegen", "door", "op", "na", "bij", "over", "tot", "om", "dan"},
    "it": {"di", "del", "della", "a", "al", "con", "per", "su", "sul", "dopo", "contro", "tra", "fra", "da", "dal"},
    "en": {"of", "to", "for", "with", "from", "by", "over", "after", "against", "than", "on", "at", "behind", "like"},
}
# Words before a call that make it a call named, not made («dobla el 2♥», «dat doublet», «il passo»).
_DET = {
    "es": {"el", "ese", "del", "al", "sobre", "tras", "su"},
    "nl": {"dat", "het", "dit", "die", "de", "op", "over", "na", "zijn"},
    "it": {"il", "quel", "questo", "del", "al", "lo", "sul", "su", "sopra", "dopo", "suo"},
    "en": {"the", "that", "this", "his", "her", "their", "over", "after", "on", "of"},
}
# Words that end a turn marker before any seat («antes de tiempo y Norte»: Norte's turn is not meant).
_CONJ = {"y", "e", "en", "pero", "ma", "maar", "o", "poi", "luego", "daarna", "and", "but", "then"}
_TURN_STOP = {"y", "e", "en", "pero", "ma", "maar", "o", "tiempo", "dat", "che", "poi", "luego", "daarna", "and", "but",
              "then", "time", "that"}
# Turn markers: the seat that follows (within a few words) is the player whose turn it was.
_TURN = {
    "es": r"antes\s+de\s+que|antes\s+que|antes\s+de|sin\s+esperar|le\s+toca(?:ba)?|toca(?:ba)?\s+a|turno\s+de|en\s+lugar\s+de|"
          r"salt[áa]ndose\s+a|saltando\s+a",
    "nl": r"voordat|voor\s+dat|zonder\s+op|zonder\s+te\s+wachten|beurt\s+van|in\s+plaats\s+van|slaat|"
          r"(?:terwijl|toen)(?=[^,.;]{0,30}(?:nog\s+niet|aan\s+de\s+beurt))",
    "it": r"prima\s+che|prima\s+di|senza\s+aspettare|turno\s+di|tocca(?:va)?\s+a|al\s+posto\s+di|invece\s+di|saltando",
    "en": r"before|without\s+waiting\s+for|turn\s+of|instead\s+of|in\s+place\s+of|skipping|ahead\s+of",
}
# "... X was aan de beurt" / "era il turno di X" / "at North's turn": a seat before the marker.
_TURN_AFTER = {"es": r"(?:le\s+)?tocaba|estaba\s+en\s+turno", "nl": r"(?:was|is)\s+aan\s+de\s+beurt",
               "it": r"(?:era|è)\s+di\s+turno",
               "en": r"'s\s+turn|(?:was|is)\s+(?:still\s+)?(?:to\s+(?:call|bid|speak)|on\s+turn|next)|"
                     r"ha(?:d|s)\s+(?:not\s+)?(?:yet\s+)?(?:called|bid|spoken)"}
_DEALER = {
    "es": r"dador(?:a)?|reparte|repartidor|da\s+cartas",
    "nl": r"gever|deelt|deler|dealer",
    "it": r"distributore|mazziere|distribuisce|dealer",
    "en": r"dealer|deals|dealt",
}
_NOT_ACCEPTED = {
    "es": r"no\s+(?:lo\s+|la\s+)?acepta|no\s+se\s+acepta|sin\s+aceptar|se\s+anula|anulad|rechaza|(?<!sin\s)(?<!nadie\s)llam\w*\s+al\s+[áa]rbitro|"
          r"llego\s+a\s+la\s+mesa|llegamos|llega\s+el\s+[áa]rbitro|[áa]rbitro\s+llega",
    "nl": r"niet\s+(?:ge)?accept|accepteert\s+(?:het\s+|dat\s+|die\s+)?niet|neemt\s+(?:het|dat|die)\s+niet\s+over|"
          r"geannuleerd|vervalt|roep\w*\s+(?:de\s+)?(?:wl|wedstrijdleider)|(?:wl|wedstrijdleider)\s+(?:wordt|komt|is)",
    "it": r"non\s+(?:lo\s+|la\s+)?accett|non\s+viene\s+accettat|annullat|(?<!senza\s)chiam\w*\s+(?:subito\s+)?l'arbitro|"
          r"arbitro\s+arriva|arriv\w*\s+al\s+tavolo",
    "en": r"(?:does|did|do)\s*(?:n't|\s+not)\s+accept|not\s+accept|refuse|reject|cancell?ed|"
          r"(?<!without\s)call\w*\s+(?:for\s+)?the\s+(?:director|td)|(?:director|td)\s+(?:is\s+called|arrives|comes)",
}
_ACCEPTED = {
    "es": r"antes\s+de\s+que\s+nadie\s+llame|no\s+se\s+entera|no\s+se\s+da\s+cuenta|sin\s+darse\s+cuenta|sin\s+llamar|sin\s+esperar\s+al\s+[áa]rbitro|lo\s+acepta|la\s+acepta|acepta\s+(?:la|el)|aceptad",
    "nl": r"zonder\s+(?:op\s+)?(?:de\s+)?(?:wl|wedstrijdleider|td)|zonder\s+het\s+te\s+merken|merkt\s+het\s+niet|"
          r"heeft\s+het\s+niet\s+door|voordat\s+iemand\s+de\s+(?:wl|td|wedstrijdleider)|accepteert\s+(?:het|dat|die|de)\b(?!\s+niet)|geaccepteerd|neemt\s+(?:het|dat|die)\s+over",
    "it": r"senza\s+chiamare|senza\s+accorgersene|non\s+se\s+ne\s+accorge|prima\s+che\s+qualcuno\s+chiami|senza\s+aspettare\s+l'arbitro|accetta\s+(?:la|il)|viene\s+accettat|accettat",
    "en": r"without\s+(?:calling|noticing|the\s+director)|(?:does|did|do)\s*(?:n't|\s+not)\s+notice|before\s+anyone\s+calls|"
          r"accepts?\b|accepted|simply\s+(?:bids|calls|passes)|just\s+(?:bids|calls|passes)",
}
# Words for a pass, a double, a redouble used as a verb or a noun (beyond the notation's words).
_CALL_WORDS = {
    "es": {"pass": r"pasa|pasó|paso|vuelve\s+a\s+pasar|volvió\s+a\s+pasar", "double": r"dobla|dobló|doblo|vuelve\s+a\s+doblar|volvió\s+a\s+doblar", "redouble": r"redobla|redobló|redoblo"},
    "nl": {"pass": r"past|paste|passt|gepast|'pas'|pas(?=\s*[;,.!?']|$)", "double": r"doubleert|doubleerde|doublet|doublé",
           "redouble": r"redoubleert|redoubleerde|redoublet"},
    "it": {"pass": r"passa|passò|passo", "double": r"contra|contrò|contro", "redouble": r"surcontra|surcontro|surcontrò"},
    "en": {"pass": r"pass(?:es|ed)?", "double": r"doubles|doubled|double", "redouble": r"redoubles|redoubled|redouble"},
}
# Words that say a call was made out of turn (the account then means the seats it names).
_OUT = {
    "es": r"fuera\s+de\s+turno|antes\s+de\s+tiempo|antes\s+de\s+que|antes\s+que|sin\s+esperar|le\s+toca|turno\s+de|"
          r"salt[áa]ndose|saltando|en\s+lugar\s+de|no\s+le\s+tocaba",
    "nl": r"voor\s+(?:zijn|haar|de)\s+beurt|buiten\s+(?:zijn\s+|de\s+)?beurt|voordat|aan\s+de\s+beurt|beurt\s+van|"
          r"zonder\s+(?:op\s+\w+\s+)?te\s+wachten|slaat\s+\w+\s+over|overgeslagen|in\s+plaats\s+van",
    "it": r"fuori\s+turno|prima\s+che|prima\s+di|senza\s+aspettare|al\s+posto\s+di|turno\s+di|toccava|tocca\s+a|saltando",
    "en": r"out\s+of\s+(?:turn|rotation)|before|without\s+waiting|skipping|instead\s+of|'s\s+turn|ahead\s+of|"
          r"not\s+(?:his|her)\s+turn|too\s+early",
}
# «fuera de turno», «buiten de beurt», «fuori turno», «out of turn»: the words that say a call was out of rotation
_OUT_OF_TURN = {"es": r"fuera\s+de\s+turno", "nl": r"(?:buiten|voor)\s+(?:zijn\s+|haar\s+|de\s+)?beurt",
                "it": r"fuori\s+turno", "en": r"out\s+of\s+(?:turn|rotation)"}
# «Sur tenía que pasar», «Z moest de rest van het bieden passen», «Sud, obbligato a passare»: a player under
# an obligation to pass (from an earlier rectification the account does not tell).
_OBLIGED = {
    "es": r"(?:ten[íi]a|tiene|deb[íi]a|debe)\s+que\s+pasar|(?:deb[íi]a|debe)\s+pasar|obligad[oa]\s+a\s+pasar",
    "nl": r"(?:moet|moest|moesten)\s+(?:[\w\s]{0,30}?)passen|pasverplichting",
    "it": r"(?:obbligat[oa]|costrett[oa])\s+a\s+passare|(?:deve|doveva)\s+passare",
    "en": r"(?:had|has|was|is)\s+(?:required\s+|obliged\s+|forced\s+)?to\s+pass|must\s+pass|(?:was|is)\s+barred",
}
# «cambia su voz», «verandert zijn bod», «cambia la chiamata», «changes his call»: a player changes a call he made
_CHANGE = {
    "es": r"cambi\w*|corrig\w*|correg\w*|sustitu\w*|rectific\w*|arregl\w*|en\s+vez\s+de|quer[íi]a",
    "nl": r"verander\w*|wijzig\w*|verbeter\w*|vervang\w*|in\s+plaats\s+van|bedoelde",
    "it": r"cambi\w*|modific\w*|corregg\w*|corress\w*|sostitu\w*|invece\s+di|volev\w*",
    "en": r"chang\w*|correct\w*|replac\w*|substitut\w*|instead\s+of|meant|meaning\s+to",
}
# «se le fue la mano», «pakt het verkeerde biedkaartje», «per sbaglio», «pulled the wrong card»: a call the player
# did not mean (a slip, changed at once: the engine's fact ``unintended``, Law 25A)
_UNINTENDED = {
    "es": r"sin\s+querer|se\s+le\s+fue\s+la\s+mano|por\s+despiste|lapsus|se\s+equivoc\w*\s+de\s+cart|quer[íi]a\s+(?:decir|sacar|poner)|"
          r"sin\s+(?:pararse\s+a\s+)?pensar|en\s+el\s+acto|al\s+instante",
    "nl": r"per\s+ongeluk|verkeerde\s+(?:biedkaart|kaartje|biedkaartje)|vergist|bedoelde|zonder\s+na\s+te\s+denken|meteen|onmiddellijk",
    "it": r"per\s+(?:errore|sbaglio)|senza\s+volerlo|cartellino\s+sbagliato|volev\w*\s+(?:dire|mettere)|senza\s+pensar\w*|subito",
    "en": r"by\s+mistake|slip|pulled\s+the\s+wrong|wrong\s+(?:bidding\s+)?card|meant\s+to|meaning\s+to|without\s+(?:a\s+)?pause|"
          r"at\s+once|immediately|in\s+the\s+same\s+breath",
}
# «entrambe naturali», «natuurlijk», «1♥ natural»: the calls are natural (the engine's fact ``artificial``, Law 27B1);
# «artificial», «conventioneel», «convenzionale»: they are not. A negation right before the word turns it round.
_NATURAL = {"es": r"naturales|natural",
            # «natuurlijk» alone is also "of course": natural only said of calls
            "nl": r"natuurlijke|(?:(?<=is\s)|(?<=zijn\s)|(?<=was\s)|(?<=waren\s)|(?<=allebei\s)|(?<=beide\s)|(?<=beiden\s)|"
                  r"(?<=ook\s))natuurlijk|natuurlijk(?=\s+(?:bod|bieding|openingsbod|bedoeld))",
            "it": r"naturali|naturale",
            "en": r"natural"}
_ARTIFICIAL = {"es": r"artificial(?:es)?|convencional(?:es)?", "nl": r"kunstmatige?|conventione(?:el|le)|artifici[eë]le?",
               "it": r"artificial[ei]|convenzional[ei]", "en": r"artificial|conventional"}
_NOT = {"es": r"no(?:\s+es|\s+era|\s+son|\s+eran)?", "nl": r"niet|geen", "it": r"non(?:\s+è|\s+era|\s+sono|\s+erano)?",
        "en": r"not|n't|non-?"}
# «la apertura de Sur», «de opening van N», «l'apertura di Nord»: an opening bid whose level is not said.
_OPENING = {"es": r"apertura\s+de\s+(\w+)", "nl": r"opening(?:sbod)?\s+van\s+(\w+)", "it": r"apertura\s+di\s+(\w+)",
            "en": r"opening(?:\s+bid)?\s+(?:of|by)\s+(\w+)"}
# Suit and no-trump words after a level (besides the symbols and the notation's letters).
_DENOM_WORDS = {
    "es": {"C": r"tr[ée]bol(?:es)?", "D": r"diamantes?", "H": r"coraz[oó]n(?:es)?", "S": r"picas?",
           "NT": r"sin\s+triunfos?|st|sa|nt"},
    "nl": {"C": r"klaver(?:en)?", "D": r"ruit(?:en)?", "H": r"hart(?:en)?", "S": r"schoppen|schop",
           "NT": r"sans(?:\s+atout)?|sa|nt"},
    "it": {"C": r"fiori|fiore", "D": r"quadri|quadro", "H": r"cuori|cuore", "S": r"picche|picca",
           "NT": r"senza(?:\s+atout)?|sa|nt"},
    "en": {"C": r"clubs?", "D": r"diamonds?", "H": r"hearts?", "S": r"spades?", "NT": r"no[\s-]?trumps?|notrumps?|nt"},
}


def _fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


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
        suit_letters = "|".join(re.escape(v) for v in n.denoms.values())
        den = [r"[♣♦♥♠♧♢♡♤]\ufe0f?"] + [w for w in _DENOM_WORDS[lang].values()] + [suit_letters]
        # a level of one to nine: a bid above seven is recorded as made (Law 38 rules on it)
        self.bid_re = re.compile(r"(?<![\w/])([1-9])\s?(" + "|".join(den) + r")(?![a-zà-ü])", re.I)
        words = _CALL_WORDS[lang]
        self.word_re = re.compile(r"(?<![\w])(?:(" + words["redouble"] + r")|(" + words["double"] + r")|(" +
                                  words["pass"] + r"))(?![\w])", re.I)
        self.denoms = n
        self.den_words = {k: re.compile(r"^(?:" + v + r")$", re.I) for k, v in _DENOM_WORDS[lang].items()}
        self.turn_re = re.compile(r"(?:" + _TURN[lang] + r")", re.I)
        self.dealer_re = re.compile(r"(?:" + _DEALER[lang] + r")", re.I)
        self.not_acc = re.compile(_NOT_ACCEPTED[lang], re.I)
        self.acc = re.compile(_ACCEPTED[lang], re.I)
        self.out_re = re.compile(_OUT[lang], re.I)

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
    for w, s in lx.full_lower.items():   # seat names written in lower case (norte, zuid, ovest)
        for m in re.finditer(r"(?<![\w'])" + re.escape(w) + _SEAT_END, text):
            if text[m.start()].islower():
                out.append((offset + m.start(), offset + m.end(), s))
    return sorted(out)


def _calls_in(lx: _Lexicon, text: str):
    """``(start, end, neutral call)`` of each call of ``text``."""
    out = []
    for m in lx.bid_re.finditer(text):
        d = lx.denom(m.group(2))
        if d:
            out.append((m.start(), m.end(), f"{m.group(1)}{d}"))
    taken = [(s, e) for s, e, _ in out]
    for m in lx.word_re.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        out.append((m.start(), m.end(), "XX" if m.group(1) else "X" if m.group(2) else "P"))
    return sorted(out)


_SENTENCE = re.compile(r"[^.;!?¿¡:\n]+")
_WORD = re.compile(r"[\w']+")


def _prev_word(text: str, at: int) -> str:
    words = _WORD.findall(text[:at])
    return _fold(words[-1].lower()) if words else ""


def read(query: str, lang: str, editions: list) -> Account | None:
    """The account of ``query`` (in ``lang``) as a replayed record, or None when it does not read as
    one with an irregularity. ``editions``: the editions whose trees rule, in the order tried (the first
    whose trees apply a provision)."""
    if lang not in LANGS or not query or len(query) > 600 or _seat_words(lang).isdisjoint(_WORD.findall(query)):
        return None
    lx = _lex(lang)
    prep = {_fold(w) for w in _PREP[lang]}
    det = {_fold(w) for w in _DET[lang]}
    events: list[_Event] = []
    dealer = None
    obliged = None
    for m in _SENTENCE.finditer(query):
        sent, off = m.group(0), m.start()
        om = re.search(_OBLIGED[lang], sent, re.I)
        if om and obliged is None:
            near = [st for s_, e_, st in _seats_in(lx, sent[:om.start()]) if om.start() - e_ < 40]
            obliged = near[-1] if near else None
        seats = _seats_in(lx, sent)
        calls = _calls_in(lx, sent)
        if not calls and not seats:
            continue
        marks = {}      # seat mention start -> (seat, "fronted" or "trailing")
        turn_marks = list(lx.turn_re.finditer(sent))
        for s, e, seat in seats:
            before = sent[max(0, s - 40):s]
            after = sent[e:e + 30]
            if lx.dealer_re.search(before[-14:]) or re.match(r"\s*(?:(?:è|es|is)\s+(?:il\s+|el\s+|de\s+|the\s+)?)?(?:" +
                                                           _DEALER[lang] + ")", after, re.I):
                dealer = dealer or seat
            ends = [t.end() for t in turn_marks if t.end() <= s and s - t.end() <= 40]
            gap = sent[ends[-1]:s] if ends else ""
            between = [_fold(w.lower()) for w in _WORD.findall(gap)]
            if ends and not _seats_in(lx, gap) and len(between) <= 5 and not (set(between) & _TURN_STOP) \
                    and "," not in gap:
                # fronted («antes de que Este hable, Oeste dice paso», «prima che Sud parli Ovest dice contro»)
                # or trailing («Sur pasa antes de que Este haya hablado y ...»)
                nxt_seat = _seats_in(lx, after)
                fronted = ("," in after and len(_WORD.findall(after.split(",")[0])) <= 4) or bool(
                    nxt_seat and len(_WORD.findall(after[:nxt_seat[0][0]])) <= 3
                    and not ({_fold(w.lower()) for w in _WORD.findall(after[:nxt_seat[0][0]])} & _CONJ))
                marks[s] = (seat, "fronted" if fronted else "trailing")
            elif re.match(r"\s*(?:" + _TURN_AFTER[lang] + ")", after, re.I):
                marks[s] = (seat, "trailing")
        own = []        # the calls of this sentence: (start, call, seat, possessive)
        for cs, ce, call in calls:
            seat, poss = None, False
            tail = sent[ce:ce + 24]
            pm = re.match(r"(?:-\w*)?\s*(?:de|del|van|di|da)\s+(\w+)", tail, re.I)
            if pm and (pm.group(1) in lx.seat_of or pm.group(1).lower() in lx.full_lower):
                seat = lx.seat_of.get(pm.group(1)) or lx.full_lower[pm.group(1).lower()]
                poss = True
            elif lang in ("nl", "it") and not call[0].isdigit() and \
                    (inv := re.match(r"\s+(?:(?:ook|nu|dan|anche|pure|ora|poi)\s+)?(\w+)(?![\w:])", sent[ce:])) and \
                    (inv.group(1) in lx.seat_of or inv.group(1).lower() in lx.full_lower):
                # «en dan past W», «poi passa Sud»: the verb before its subject
                seat = lx.seat_of.get(inv.group(1)) or lx.full_lower[inv.group(1).lower()]
            elif lang == "en" and (pw := _prev_word(sent, cs)).endswith("'s"):
                if pw[:-2] not in lx.full_lower:
                    continue   # «his partner's 1♠»: a call named, not made here
                seat, poss = lx.full_lower[pw[:-2]], True     # «over North's 1♥»: the call named by its caller
            else:
                if _prev_word(sent, cs) in det:
                    continue   # «past op 3♥», «dobla el 2♥», «il passo fuori turno»: a call named, not made here
                for s, e, st in reversed(seats):
                    if e > cs:
                        continue
                    if s in marks or _prev_word(sent, s) in prep:
                        continue
                    seat = st
                    break
            if seat is None:
                continue       # a call nobody is said to make: a reference, not an event
            own.append((cs, call, seat, poss))
        for om in re.finditer(_OPENING[lang], sent, re.I):
            st = lx.seat_of.get(om.group(1)) or lx.full_lower.get(om.group(1).lower())
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
    text = query
    not_acc = bool(lx.not_acc.search(text))
    acc = bool(lx.acc.search(lx.not_acc.sub(" ", text)))
    om = re.search(_OUT_OF_TURN[lang], text, re.I)
    out_of_turn = om.start() if om else None      # where the account says a call was out of turn
    signal = bool(lx.out_re.search(text)) or any(e.turn for e in events)
    facts = {"unintended": "yes", "pause": "no"} if re.search(_UNINTENDED[lang], text, re.I) else {}
    natural = _artificial(text, lang)
    if natural is not None:
        facts["artificial"] = natural
    if not acc:
        # the director is called over the call and the account does not say the LHO accepted it: the
        # LHO's option (asked first by the trees, 27A1/29A/25B1) is read as declined, as the account tells it
        facts.setdefault("accepted", "no")
    change = bool(re.search(_CHANGE[lang], text, re.I))
    return _replay(events, dealer, not_acc, acc, signal, obliged, editions, facts or None, change, out_of_turn)


def _artificial(text: str, lang: str) -> str | None:
    """The engine's fact ``artificial`` as the account says it: ``"no"`` for calls it calls natural, ``"yes"`` for
    artificial ones (a negation right before the word turns it round), None when it says neither or both.

    >>> _artificial("Est corregge con 2♦ e entrambe sono naturali", "it"), _artificial("2♣ was not natural", "en")
    ('no', 'yes')
    """
    said = set()
    for word, value in ((_NATURAL[lang], "no"), (_ARTIFICIAL[lang], "yes")):
        for m in re.finditer(r"(?<![\w-])(?:(" + _NOT[lang] + r")\s*)?(?:" + word + r")(?![\w])", text, re.I):
            said.add(value if not m.group(1) else ("yes" if value == "no" else "no"))
    return said.pop() if len(said) == 1 else None


def _insufficient(toks: list) -> bool:
    """Whether the last call of the record so far is a bid that does not supersede the bid before it."""
    bids = [A.parse_call(t.split(":")[-1]) for t in toks if t != "TD" and t.split(":")[-1][0].isdigit()]
    last = A.parse_call(toks[-1].split(":")[-1]) if toks and toks[-1] != "TD" else None
    return bool(last is not None and last.is_bid and len(bids) >= 2 and not last.supersedes(bids[-2]))


def _record(events, dealer, not_acc, acc, signal, obliged=None, change=False,
            out_of_turn=None) -> tuple[str, str] | None:
    """The record and dealer of the events. Until the first call the account puts at another player's
    turn, calls are in rotation; an account that says nothing of turns (``signal`` false) leaves out
    calls, so the players it skips passed. The director is called right after the irregular call
    unless the account says it was accepted (its left-hand opponent calls next without the director,
    or «sin llamar al árbitro»)."""
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
            # left out between them
            if _insufficient(toks) and not_acc:
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
                gap_to = ev.seat   # «... pero dice 3♦ antes de que Oeste hable»: he called at his turn
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


def _replay(events, dealer, not_acc, acc, signal, obliged, editions, facts=None, change=False,
            out_of_turn=None) -> Account | None:
    built = _record(events, dealer, not_acc, acc, signal, obliged, change, out_of_turn)
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
