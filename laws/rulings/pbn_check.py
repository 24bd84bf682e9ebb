"""A PBN game replayed and checked against its own tags (:func:`check_game`, every game of a file:
:func:`replay_file`), and a ruling on every irregular call of a game (:func:`rule_game`).

``Contract`` (``4S``, ``3NTX``, ``Pass``), ``Declarer`` (``^X``: X played the hand in place of
his partner, the declarer by the auction, PBN 3.9), ``Result`` (the declarer's tricks, or ``NS
n``/``EW n``) and ``Score`` (``NS 620``; without a side, the declarer's) are compared with what
the auction gives; every disagreement is a :class:`~laws.rulings.pbn.Finding` naming the tag, its
value and the auction's, with the likely cause where it is recognisable: the passes before the
first bid left out (the auction replayed with its first call 1 to 3 seats later gives the tags'
contract and declarer), a double missing from the contract, the dummy named as declarer, a Score
that fits the auction's contract rather than the tags'. An unfinished auction (``+``, ``*``, or
no closing passes) takes its contract from the tags, marked as such (``source``).

>>> from laws.rulings.pbn import read_pbn
>>> f = read_pbn('[Board "1"]\\n[Dealer "N"]\\n[Contract "2S"]\\n[Declarer "E"]\\n[Auction "N"]\\n1S P 2S AP\\n')
>>> r = check_game(f.games[0])
>>> r.contract, r.declarer, [x.code for x in r.findings]
('2S', 'N', ['declarer_differs'])
>>> r.findings[0].cause.code
'passes_missing'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from i18n import N_

from .. import scoring as SC
from . import auction as A
from . import rule as RU
from .calls import _DENOMS, AuctionError, seat_at
from .pbn import Finding, PbnFile, PbnGame, seat_value, shorten

__all__ = ["GameReport", "check_game", "replay_file", "contract_tag", "declarer_tag", "result_tag", "score_tag",
           "record_text", "irregular_calls", "rule_game"]


# -- the tags a game is checked against --------------------------------------------------------
_CONTRACT_RE = re.compile(r"^([1-7])(.+?)(XX|X)?$")
_RESULT_RE = re.compile(r"^\^?(\d{1,2})$")
_SIDES_RE = re.compile(r"^(NS|EW)\s*\^?(\d{1,2})(?:\s+(NS|EW)\s*\^?(\d{1,2}))?$")
_SCORE_RE = re.compile(r"^(?:(NS|EW)\s*)?([+-]?\d{1,5})(?:\s+(?:NS|EW)\s*[+-]?\d{1,5})?$")
_UNKNOWN = ("", "?", "-")
_PASSED = ("PASS", "P", "AP", "PASSED", "PASSED OUT")


def _tag_format(game: PbnGame, tag: str, value: str, msgid: str) -> Finding:
    return Finding("tag_format", msgid, {"tag": tag, "value": shorten(value)}, line=game.tag_lines.get(tag),
                   tag=tag, value=value)


def contract_tag(value: str | None) -> "str | A.Contract | None":
    """The ``Contract`` tag: an :class:`~laws.rulings.auction.Contract`, ``"Pass"`` (passed out),
    None (absent or unknown: ``""``, ``"?"``); raises ValueError for anything else.

    >>> str(contract_tag("3ntx")), contract_tag("Pass"), contract_tag("?")
    ('3NTX', 'Pass', None)
    """
    v = "".join((value or "").split()).upper()
    if v in _UNKNOWN:
        return None
    if v in _PASSED:
        return "Pass"
    m = _CONTRACT_RE.match(v)
    denom = _DENOMS.get(m.group(2)) if m else None
    if denom is None:
        raise ValueError(value)
    return A.Contract(int(m.group(1)), denom, m.group(3) or "")


def declarer_tag(value: str | None) -> tuple[str | None, bool]:
    """The ``Declarer`` tag: (seat, swapped); ``^S``: South played the hand in place of his
    partner (PBN 3.9); (None, False) when absent or unknown; ValueError for anything else."""
    v = (value or "").strip()
    if v in _UNKNOWN:
        return None, False
    swapped = v.startswith("^")
    seat = seat_value(v[1:] if swapped else v)
    if seat is None:
        raise ValueError(value)
    return seat, swapped


def result_tag(value: str | None) -> dict | None:
    """The ``Result`` tag as tricks by side (``{"decl": 9}`` for the declarer's, or ``{"NS": 9,
    "EW": 4}``); None when absent or unknown; ValueError for anything else."""
    v = " ".join((value or "").split()).upper()
    if v in _UNKNOWN:
        return None
    m = _RESULT_RE.match(v)
    if m:
        out = {"decl": int(m.group(1))}
    else:
        m = _SIDES_RE.match(v)
        if not m:
            raise ValueError(value)
        out = {m.group(1): int(m.group(2))}
        if m.group(3):
            out[m.group(3)] = int(m.group(4))
    if any(n > 13 for n in out.values()):
        raise ValueError(value)
    return out


def score_tag(value: str | None) -> tuple[str | None, int] | None:
    """The ``Score`` tag: (side or None for the declarer's, points); None when absent or unknown."""
    v = " ".join((value or "").split()).upper()
    if v in _UNKNOWN:
        return None
    m = _SCORE_RE.match(v)
    if not m:
        raise ValueError(value)
    return m.group(1), int(m.group(2))


# -- a game replayed and checked ----------------------------------------------------------------
@dataclass
class GameReport:
    """A game replayed: ``state`` (None without an auction, or when it cannot be replayed: then
    ``error``), the ``contract`` (``"4SX"``, ``"Pass"`` when passed out) and ``declarer`` it gives,
    from the auction or, when the auction is unfinished or missing, from the tags (``source``);
    ``complete``, ``passed_out``, the declarer's ``tricks`` (from ``Result``) and the ``findings``.
    When the record stops at an irregularity the director must still rule on (36A, 38D), the
    contract is the record's, as the game was played."""

    game: PbnGame
    state: A.AuctionState | None = None
    contract: str | None = None
    declarer: str | None = None
    source: str | None = None
    complete: bool | None = None
    passed_out: bool | None = None
    tricks: int | None = None
    findings: list = field(default_factory=list)
    error: AuctionError | None = None
    error_line: int | None = None

    @property
    def irregularities(self) -> list:
        """The irregularities the replay found that still stand in the auction."""
        if self.state is None:
            return []
        return [i for i in self.state.irregularities if "superseded" not in i.notes]


def _outcome(state: A.AuctionState) -> tuple[bool, str | None, str | None]:
    """(complete, contract, declarer) of the record as written: when the director must still rule
    (``recorded``), the record's own."""
    if state.recorded:
        r = state.recorded
        return bool(r.get("complete")), r.get("contract"), r.get("declarer")
    return state.complete, str(state.contract) if state.contract else None, state.declarer


def check_game(game: PbnGame, facts: dict | None = None, edition: str | None = None) -> GameReport:
    """Replay ``game``'s auction (by the Laws of ``edition``; None: the engine's default) and check
    it against the game's own tags."""
    r = GameReport(game, findings=list(game.findings), error=game.error, error_line=game.error_line)
    tags = game.tags
    try:
        tag_contract = contract_tag(tags.get("Contract"))
    except ValueError:
        tag_contract = None
        r.findings.append(_tag_format(game, "Contract", tags["Contract"], N_(
            "[Contract \"{value}\"] is not a contract: write a level, a denomination and X or XX, e.g. 4S, 3NTX, "
            "or Pass.")))
    try:
        tag_seat, swapped = declarer_tag(tags.get("Declarer"))
    except ValueError:
        tag_seat, swapped = None, False
        r.findings.append(_tag_format(game, "Declarer", tags["Declarer"], N_(
            "[Declarer \"{value}\"] is not a seat: write N, E, S or W (^N when North played the hand in place of "
            "his partner).")))
    dealer_value = tags.get("Dealer")
    dealer_tag = seat_value(dealer_value)
    if dealer_tag is None and (dealer_value or "").strip() not in _UNKNOWN:
        r.findings.append(_tag_format(game, "Dealer", dealer_value, N_(
            "[Dealer \"{value}\"] is not a seat: the dealer is N, E, S or W.")))
    a = game.auction
    if a is not None and r.error is None:
        try:
            r.state = A.replay(a.record, a.dealer, facts, edition)
        except AuctionError as e:
            r.error, r.error_line = e, a.line_of(e.position) or game.auction_line
    if r.state is None:
        _from_tags(r, tag_contract, tag_seat)
        if r.error is not None and r.source == "tags":
            r.findings.append(Finding("not_replayed", N_(
                "The auction cannot be replayed, so nothing checks the tags' contract ({contract} by {seat}): "
                "{reason}"), {"contract": r.contract, "seat": r.declarer, "reason": str(r.error)},
                line=r.error_line, tag="Contract", value=tags.get("Contract")))
        _check_result(r, tag_contract, tag_seat)
        return r
    if dealer_tag is not None and dealer_tag != a.dealer:
        r.findings.append(Finding("dealer_differs", N_(
            "[Dealer \"{value}\"]: the auction section makes {seat} the dealer ([Auction \"{first}\"] and {hyphens} "
            "“-” before the first call); the calls are replayed as the section writes them."),
            {"value": dealer_value, "seat": a.dealer, "first": tags.get("Auction"), "hyphens": a.hyphens},
            line=game.tag_lines.get("Dealer"), tag="Dealer", value=dealer_value, auction=a.dealer))
    complete, contract, declarer = _outcome(r.state)
    r.complete = complete
    if not complete:
        _unfinished(r, tag_contract, tag_seat)
    else:
        r.passed_out = contract is None
        r.contract, r.declarer, r.source = contract or "Pass", declarer, "auction"
        _compare(r, tag_contract, tag_seat, swapped, dealer_tag, edition)
    _check_result(r, tag_contract, tag_seat)
    return r


def _from_tags(r: GameReport, tag_contract, tag_seat) -> None:
    """What the tags say, when the auction cannot say it: the contract, the declarer, or both."""
    if tag_contract is not None or tag_seat is not None:
        r.contract = str(tag_contract) if tag_contract is not None else None
        r.declarer = tag_seat if tag_contract != "Pass" else None
        r.source, r.passed_out = "tags", (tag_contract == "Pass" if tag_contract is not None else None)


def _unfinished(r: GameReport, tag_contract, tag_seat) -> None:
    rec = r.game.auction.record
    end = next((t.text for t in rec if t.kind == "end"), None)
    _from_tags(r, tag_contract, tag_seat)
    if r.source != "tags":
        return
    why = {"+": N_("it ends with “+”, to be continued"), "*": N_("it ends with “*”")}.get(
        end, N_("the record stops before the passes that end it"))
    standing = r.state.standing
    last = next((e for e in reversed(standing) if e.call.is_bid), None)
    side = (last.seat, A.partner(last.seat)) if last else ()
    first = next((e.seat for e in standing if last and e.call.is_bid and e.seat in side
                  and e.call.denomination == last.call.denomination), None)
    r.findings.append(Finding("auction_unfinished", N_(
        "The auction is not finished ({why}); the contract shown is the tags' ({contract} by {seat}); the record's "
        "last bid is {contract_last}, which would make {seat_last} the declarer."),
        {"why": why, "contract": r.contract, "seat": r.declarer,
         "contract_last": str(last.call) if last else "Pass", "seat_last": first},
        line=r.game.auction_line, tag="Contract", value=r.game.tags.get("Contract"),
        auction=str(last.call) if last else None))


def _compare(r: GameReport, tag_contract, tag_seat, swapped: bool, dealer_tag: str | None,
             edition: str | None = None) -> None:
    game, tags = r.game, r.game.tags
    explained = []   # findings a shift of the seats may explain
    if tag_contract is not None and str(tag_contract) != r.contract:
        cause = None
        if tag_contract != "Pass" and not r.passed_out:
            a = A.Contract(int(r.contract[0]), r.contract[1:].rstrip("X"), r.contract[len(r.contract.rstrip("X")):])
            if (a.level, a.denomination) == (tag_contract.level, tag_contract.denomination):
                if not tag_contract.risk:
                    cause = Finding("double_missing", N_(
                        "Likely cause: the Contract tag leaves out the {risk} the auction ends with."),
                        {"risk": "X" if a.risk == "X" else "XX"})
                else:
                    cause = Finding("risk_differs", N_(
                        "The auction ends {risk_auction}, the tag says {risk_tag}."),
                        {"risk_auction": a.risk or "-", "risk_tag": tag_contract.risk})
        f = Finding("contract_differs", N_("[Contract \"{value}\"]: the auction gives {contract}."),
                    {"value": tags.get("Contract"), "contract": r.contract}, line=game.tag_lines.get("Contract"),
                    tag="Contract", value=tags.get("Contract"), auction=r.contract, cause=cause)
        r.findings.append(f)
        if cause is None:
            explained.append(f)
    if tag_seat is not None and r.passed_out:
        f = Finding("declarer_differs", N_("[Declarer \"{value}\"]: the auction is passed out, with no declarer."),
                    {"value": tags.get("Declarer")}, line=game.tag_lines.get("Declarer"), tag="Declarer",
                    value=tags.get("Declarer"), auction=None)
        r.findings.append(f)
        explained.append(f)
    elif tag_seat is not None and swapped:
        if tag_seat == A.partner(r.declarer):
            r.findings.append(Finding("declarer_swap", N_(
                "[Declarer \"{value}\"]: {seat} played the hand in place of {seat_declarer}, the declarer by the "
                "auction (PBN's ^ marks a swap of declarer and dummy)."),
                {"value": tags.get("Declarer"), "seat": tag_seat, "seat_declarer": r.declarer},
                line=game.tag_lines.get("Declarer"), tag="Declarer", value=tags.get("Declarer"), auction=r.declarer))
        else:
            f = Finding("declarer_differs", N_(
                "[Declarer \"{value}\"]: the ^ says {seat} played in place of the declarer, but the auction makes "
                "{seat_declarer} the declarer (the ^ names the declarer's partner)."),
                {"value": tags.get("Declarer"), "seat": tag_seat, "seat_declarer": r.declarer},
                line=game.tag_lines.get("Declarer"), tag="Declarer", value=tags.get("Declarer"), auction=r.declarer)
            r.findings.append(f)
            if tag_seat != r.declarer:
                explained.append(f)
    elif tag_seat is not None and tag_seat != r.declarer:
        f = Finding("declarer_differs", N_("[Declarer \"{value}\"]: the auction makes {seat_declarer} the declarer."),
                    {"value": tags.get("Declarer"), "seat_declarer": r.declarer}, line=game.tag_lines.get("Declarer"),
                    tag="Declarer", value=tags.get("Declarer"), auction=r.declarer)
        r.findings.append(f)
        explained.append(f)
    if not explained:
        return
    cause = _shift_cause(r, tag_contract, tag_seat, swapped, dealer_tag, edition)
    if (cause is None or cause.code == "seats_shifted") and len(explained) == 1 \
            and explained[0].code == "declarer_differs" and r.declarer and tag_seat == A.partner(r.declarer) \
            and not swapped:
        cause = Finding("dummy_named", N_(
            "Likely cause: the tag names the dummy; if {seat} played the hand in place of his partner, PBN writes "
            "it ^{seat}."), {"seat": tag_seat})
    if cause is not None:
        for f in explained:
            r.findings[r.findings.index(f)] = Finding(f.code, f.msgid, f.params, f.line, f.tag, f.value, f.auction,
                                                      cause)


def _shift_cause(r: GameReport, tag_contract, tag_seat, swapped: bool, dealer_tag: str | None,
                 edition: str | None = None) -> Finding | None:
    """The auction replayed with its first call made 1, 2 or 3 seats later: the shift that gives
    the tags' contract and declarer, as a cause (passes before the first bid left out...)."""
    a = r.game.auction
    if tag_contract is None and tag_seat is None:
        return None
    for k in (1, 2, 3):
        try:
            alt = A.replay(a.record, seat_at(a.dealer, k), None, edition)
        except AuctionError:
            continue
        complete, contract, declarer = _outcome(alt)
        if not complete:
            continue
        if tag_contract is not None and str(tag_contract) != (contract or "Pass"):
            continue
        if tag_seat is not None and tag_seat != (A.partner(declarer) if swapped and declarer else declarer):
            continue
        first_call = next((t for t in a.record if t.kind in ("call", "ap", "skip")), None)
        params = {"count": k, "seat": seat_at(a.first, k), "contract": contract or "Pass", "seat_declarer": declarer}
        if a.hyphens == 0 and first_call is not None and first_call.kind == "call" and first_call.call.is_bid \
                and (dealer_tag is None or dealer_tag == a.dealer):
            return Finding("passes_missing", N_(
                "Likely cause: the passes before the first bid are missing ({count}; a converter that drops them "
                "makes the dealer open): with {seat} making the first call, the auction gives {contract} by "
                "{seat_declarer}, as the tags say."), params)
        if dealer_tag is not None and dealer_tag != a.dealer and seat_at(a.dealer, k) == dealer_tag:
            return Finding("first_player", N_(
                "Likely cause: the Auction tag names the wrong first player: with {seat} making the first call, the "
                "auction gives {contract} by {seat_declarer}, as the tags say."), params)
        return Finding("seats_shifted", N_(
            "Likely cause: the calls are written under the wrong players, shifted round the table by {count}: with "
            "{seat} making the first call, the auction gives {contract} by {seat_declarer}, as the tags say."), params)
    return None


def _check_result(r: GameReport, tag_contract, tag_seat) -> None:
    game, tags = r.game, r.game.tags
    try:
        score_tag(tags.get("Score"))
    except ValueError:
        r.findings.append(_tag_format(r.game, "Score", tags["Score"], N_(
            "[Score \"{value}\"] is not a score: write the points with the side, e.g. NS 620 or EW -100.")))
    try:
        res = result_tag(tags.get("Result"))
    except ValueError:
        r.findings.append(_tag_format(game, "Result", tags["Result"], N_(
            "[Result \"{value}\"] is not a number of tricks: write the declarer's tricks (0 to 13), or NS n / EW n.")))
        return
    if res is None:
        return
    if len(res) == 2 and sum(res.values()) != 13:
        r.findings.append(Finding("result_sum", N_("[Result \"{value}\"]: the tricks of the two sides add up to "
                                                   "{total}, not 13."), {"value": tags["Result"],
                                                                         "total": sum(res.values())},
                                  line=game.tag_lines.get("Result"), tag="Result", value=tags["Result"]))
    if r.passed_out:
        if any(res.values()):
            r.findings.append(Finding("result_passed_out", N_(
                "[Result \"{value}\"]: the board is passed out, so no tricks are scored."), {"value": tags["Result"]},
                line=game.tag_lines.get("Result"), tag="Result", value=tags["Result"], auction="Pass"))
        _check_score(r, 0)
        return
    decl = tag_seat or r.declarer
    if decl is None:
        return
    side = "NS" if decl in ("N", "S") else "EW"
    other = "EW" if side == "NS" else "NS"
    tricks = res.get("decl", res.get(side, 13 - res[other] if other in res else None))
    r.tricks = tricks
    if tricks is None:
        return
    c_tags = tag_contract if isinstance(tag_contract, A.Contract) and tag_seat else None
    c_auction = None
    if r.source == "auction" and r.contract not in (None, "Pass") and r.declarer:
        c_auction = (contract_tag(r.contract), r.declarer)
    expected = _law77(r, c_tags and (c_tags, tag_seat), tricks)
    got = _check_score(r, expected[0] if expected else None, expected[1] if expected else None)
    if got is not None and c_auction and c_tags and (c_auction[0], c_auction[1]) != (c_tags, tag_seat):
        alt = _law77(r, c_auction, tricks)
        if alt and alt[0] == got:
            f = r.findings[-1]
            r.findings[-1] = Finding(f.code, f.msgid, f.params, f.line, f.tag, f.value, f.auction, Finding(
                "score_fits_auction", N_("The Score agrees with the auction's contract ({contract} by {seat}), not "
                                         "the tags'."), {"contract": str(c_auction[0]), "seat": c_auction[1]}))


def _law77(r: GameReport, contract_seat, tricks: int) -> tuple[int, dict] | None:
    """The Law 77 score for North-South of ``(contract, declarer)`` with ``tricks``, and what it
    was computed from (the message's parameters); None when the vulnerability is not known."""
    if not contract_seat:
        if r.source != "auction" or r.contract in (None, "Pass") or not r.declarer:
            return None
        contract_seat = (contract_tag(r.contract), r.declarer)
    contract, seat = contract_seat
    try:
        vul = SC.parse_vulnerability(r.game.tags.get("Vulnerable") or "?")
    except SC.ScoringError:
        return None
    side = "NS" if seat in ("N", "S") else "EW"
    c = SC.Contract(contract.level, contract.denomination, len(contract.risk), seat)
    total = SC.score(c, tricks, side in vul).total
    return (total if side == "NS" else -total), {"contract": str(contract), "seat": seat, "tricks": tricks}


def _check_score(r: GameReport, expected_ns: int | None, how: dict | None = None) -> int | None:
    """Compare the ``Score`` tag with ``expected_ns`` (points for North-South); the tag's points for
    North-South when it disagrees."""
    tags = r.game.tags
    try:
        sc = score_tag(tags.get("Score"))
    except ValueError:   # reported by _check_result
        return None
    if sc is None or expected_ns is None:
        return None
    side, points = sc
    if side is None:
        seat = declarer_tag(tags.get("Declarer"))[0] if _valid_declarer(tags) else r.declarer
        side = "NS" if seat in ("N", "S") or seat is None else "EW"
    got = points if side == "NS" else -points
    if got == expected_ns:
        return None
    expected = expected_ns if side == "NS" else -expected_ns
    params = {"value": tags["Score"], "side": side, "points": expected, "vul": tags.get("Vulnerable") or "?"}
    if how is None:
        msgid = N_("[Score \"{value}\"]: a board passed out scores {side} {points}.")
    else:
        msgid = N_("[Score \"{value}\"]: Law 77 gives {side} {points} for {contract} by {seat} with {tricks} tricks "
                   "(vulnerability {vul}).")
        params.update(how)
    r.findings.append(Finding("score_differs", msgid, params, line=r.game.tag_lines.get("Score"), tag="Score",
                              value=tags["Score"], auction=f"{side} {expected}"))
    return got


def _valid_declarer(tags: dict) -> bool:
    try:
        return declarer_tag(tags.get("Declarer"))[0] is not None
    except ValueError:
        return False


def replay_file(pbn: PbnFile, facts: dict | None = None, edition: str | None = None) -> list[GameReport]:
    """Every game of ``pbn`` replayed and checked, in file order."""
    return [check_game(g, facts, edition) for g in pbn.games]


# -- rulings --------------------------------------------------------------------------------------
def record_text(tokens) -> str:
    """Tokens of a PBN record in the record notation of :mod:`laws.rulings.auction` (what
    :func:`laws.rulings.rule.rule` reads): ``^I 1C``, ``^S``, ``AP``, ``+``."""
    out = []
    for t in tokens:
        if t.kind == "call":
            out.append(("^I " if t.marked_insufficient else "") + str(t.call))
        else:
            out.append({"skip": "^S", "ap": "AP", "td": "TD"}.get(t.kind, t.text))
    return " ".join(out)


def _accepted_in(tokens: list, dealer: str, pos: int, edition: str | None) -> bool:
    try:
        st = A.replay(tuple(tokens), dealer, None, edition)
    except AuctionError:
        return False
    return any(i.accepted for i in st.irregularities if st.calls[i.index].position == pos)


def irregular_calls(r: GameReport) -> list[dict]:
    """Every irregular call of a replayed game, in order: its token ``position``, ``line``,
    ``call`` as written, ``seat`` (the offender), the ``irregularities`` the replay found there
    and the ``record`` to rule on it: the record up to the next irregular call (so that what
    followed it, an acceptance or a call of the director, counts), in the record notation."""
    if r.state is None:
        return []
    a = r.game.auction
    tokens = list(a.record)
    at: dict = {}
    for irr in r.irregularities:
        pos = r.state.calls[irr.index].position
        if pos is not None:
            at.setdefault(pos, []).append(irr)
    positions = sorted(at)
    out = []
    for n, pos in enumerate(positions):
        upto = positions[n + 1] if n + 1 < len(positions) else None
        prefix = [t for t in tokens if upto is None or t.position < upto]
        while upto is not None and prefix and prefix[-1].kind == "skip":
            prefix.pop()
        out.append({"position": pos, "line": a.line_of(pos), "call": next(t.text for t in tokens if t.position == pos),
                    "seat": at[pos][0].offender, "irregularities": at[pos], "record": record_text(prefix),
                    "last": upto is None, "tokens": prefix})
    return out


def rule_game(r: GameReport, facts: dict | None = None, edition: str | None = None,
              max_rulings: int = 24) -> list[dict]:
    """A ruling on every irregular call of a replayed game, each on the record up to the next
    irregular call (so that what followed it, an acceptance or a call of the director, counts).

    Each item: ``position`` and ``call`` of the irregular call, ``record`` (the record ruled on),
    ``ruling`` (:func:`laws.rulings.rule.rule`'s record, English) or ``error``, or ``accepted``
    (kind, offender, provisions) when the call that accepted it is itself the next irregular call
    (``^S 1D ^I 1C``: the replay of the whole record has ruled), and ``questions``:
    every fact the rulings ask that the record cannot answer, found by walking each answer of
    each question (at most ``max_rulings`` rulings per call); by the Laws of ``edition`` (None:
    the engine's default)."""
    out = []
    a = r.game.auction
    for call in irregular_calls(r):
        pos, rec, prefix = call["position"], call["record"], call["tokens"]
        item = {"position": pos, "line": call["line"], "call": call["call"], "record": rec, "ruling": None,
                "error": None, "questions": [], "accepted": None}
        accepted = [i for i in call["irregularities"] if i.accepted]
        if accepted and not call["last"] and not _accepted_in(prefix, a.dealer, pos, edition):
            # the call that accepted it is the next irregular call, outside the prefix: the replay of the whole
            # record says what happened (the offender's LHO called over it; it stands)
            item["accepted"] = {"kind": accepted[0].kind, "offender": accepted[0].offender,
                                "provisions": list(accepted[0].provisions)}
            out.append(item)
            continue
        try:
            item["ruling"] = RU.rule(a.dealer, rec, dict(facts or {}), None, edition)
        except (AuctionError, RU.RulingError) as e:
            item["error"] = e
            out.append(item)
            continue
        frontier, seen, calls = [dict(facts or {})], set(), 0
        while frontier and calls < max_rulings:
            given = frontier.pop(0)
            try:
                d = item["ruling"] if calls == 0 else RU.rule(a.dealer, rec, given, None, edition)
            except (AuctionError, RU.RulingError):
                d = None
            calls += 1
            if d is None or d.get("status") != "needs":
                continue
            if d["fact"] not in seen:
                seen.add(d["fact"])
                item["questions"].append(d)
            frontier.extend({**given, d["fact"]: o} for o in d.get("options") or [])
        out.append(item)
    return out
