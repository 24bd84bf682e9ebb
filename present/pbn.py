"""A PBN file of a session as the front ends show it (``rulebook auction --pbn``, ``rulebook rule
--pbn``, the app's PBN page): every game read and replayed once (:func:`load`), each game as JSON
(:func:`game_dict`) and as a row of the table (:func:`table_text`), the findings in the language
of the caller, one game picked by board, table or player (:func:`select`), and the rulings on
every irregular call (:func:`rulings`).

Everything the file says is data: tag values and player names are returned as they are, and the
front end escapes them for its medium (the app never renders them as Markdown or HTML).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

from i18n import N_
from laws import notation as NT
from laws.rulings import auction as A
from laws.rulings import pbn as PB
from laws.rulings import pbn_check as PC
from laws.rulings import rule as RU

from present import UserError
from present.auction import call_text, contract_text, key_text, seat_name

#: the largest file read (bytes): a session file is well under a megabyte a hundred boards
MAX_BYTES = 64 * 1024 * 1024

HELP_PBN_AUCTION = N_("read a PBN file: without --board, every game of the file in one pass (a table, or "
                      "--json); with --board N, one board")
HELP_BOARD = N_("with --pbn: the board to replay (the file may hold one game per table)")
HELP_GAME = N_("with --pbn: the game to replay: with --board, the table (1, 2, ... in file order) or a player's "
               "name; alone, the game's number in the file (the # column)")
MSG_NEEDS_PBN = N_("--board and --game choose a game of a PBN file: give --pbn FILE")
MSG_DEALER_WHOLE_FILE = N_("--dealer with --pbn and no --board: the file gives each game's dealer")
MSG_FACTS_ONE_GAME = N_("--fact with --pbn needs one game: choose it with --board N (and --game K) or --game N")
HELP_PBN_RULE = N_("rule on the games of a PBN file: every game with an irregularity, or the one --board and "
                   "--game choose")


@dataclass
class Session:
    """A PBN file read and replayed: its ``path``, the :class:`laws.rulings.pbn.PbnFile` and the
    :class:`laws.rulings.pbn_check.GameReport` of every game, in file order."""

    path: str
    pbn: PB.PbnFile
    reports: list
    edition: str | None = None


def read_bytes(path: str, t) -> bytes:
    """The bytes of ``path``, or a :class:`UserError` naming the file and why."""
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            raise UserError(t.gettext("{file} is {size} MB, larger than the {limit} MB a PBN file may have here")
                            .format(file=path, size=size // 2 ** 20, limit=MAX_BYTES // 2 ** 20), {"file": path})
        with open(path, "rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError as e:
        raise UserError(t.gettext("cannot read {file}: {reason}").format(file=path, reason=e.strerror or str(e)),
                        {"file": path}) from None


def load(path: str, t, facts: dict | None = None, raw: bytes | None = None, edition: str | None = None) -> Session:
    """Read the PBN file ``path`` (or its ``raw`` bytes, as an upload gives them) once and replay
    every game by the Laws of ``edition`` (None: the engine's default); a file with no game is a
    :class:`UserError`."""
    data = read_bytes(path, t) if raw is None else raw
    if len(data) > MAX_BYTES:
        raise UserError(t.gettext("{file} is {size} MB, larger than the {limit} MB a PBN file may have here")
                        .format(file=path, size=len(data) // 2 ** 20, limit=MAX_BYTES // 2 ** 20), {"file": path})
    pbn = PB.read_pbn(PB.decode_pbn(data))
    if not pbn.games:
        raise UserError(t.gettext("{file} holds no PBN game (no [Tag \"value\"] pair): is it a PBN file?")
                        .format(file=path), {"file": path})
    return Session(path, pbn, PC.replay_file(pbn, facts, edition), edition)


# -- words ----------------------------------------------------------------------------------------
def contract_words(value, t, notation=None) -> str:
    """A contract as a tag or the report writes it (``4SX``, ``Pass``), in the words of ``t``."""
    if value in (None, ""):
        return "-"
    if value == "Pass":
        return call_text(A.CALL_PASS, t, notation)
    try:
        c = PC.contract_tag(value)
    except ValueError:
        return str(value)
    return contract_text(c, t, notation) if isinstance(c, A.Contract) else str(value)


def finding_text(f: PB.Finding, t, notation=None) -> str:
    """A finding in the language of ``t``: seats and contracts in its words, tag values as the
    file writes them, the likely cause after it."""
    params = {}
    for k, v in f.params.items():
        if k.startswith("seat"):
            params[k] = seat_name(v, t, notation) if v in A.SEATS else "-"
        elif k.startswith("contract"):
            params[k] = contract_words(v, t, notation)
        elif k in ("why", "reason") and isinstance(v, str):
            params[k] = t.gettext(v)
        else:
            params[k] = v
    text = t.gettext(f.msgid).format(**params)
    return text + (" " + finding_text(f.cause, t, notation) if f.cause else "")


def error_text(r: PC.GameReport, t) -> str | None:
    """Why the game's auction cannot be replayed, in the language of ``t``."""
    return r.error.translate(t) if r.error is not None else None


def seat_letter(seat: str | None, t, notation=None) -> str:
    if seat not in A.SEATS:
        return "-"
    return NT.format_seat(seat, notation) if notation else seat_name(seat, t)[:1]


def players_text(g: PB.PbnGame, t, notation=None) -> str:
    """``Ana–Bram v Chiara–Dirk`` (North–South v East–West), or the table, or ``-``."""
    p = g.players
    pairs = ["–".join(p[s] for s in side if s in p) for side in (("N", "S"), ("E", "W"))]
    text = " v ".join(x for x in pairs if x)
    if g.table:
        text = f"{g.table}: {text}" if text else g.table
    return text or "-"


def irregularity_label(irr: A.Irregularity, state: A.AuctionState, t, notation=None) -> str:
    """``East 1♥: insufficient bid (27A1)``."""
    e = state.calls[irr.index]
    law = key_text(irr.provisions[-1] if irr.provisions else irr.law)
    return t.gettext("{seat} {call}: {kind} ({law})").format(
        seat=seat_name(irr.offender, t, notation), call=call_text(e.call, t, notation),
        kind=t.gettext(A.KIND_LABELS.get(irr.kind, irr.kind)), law=law)


# -- JSON ------------------------------------------------------------------------------------------
def game_dict(r: PC.GameReport, t, notation=None) -> dict:
    """One game as ``rulebook auction --pbn FILE --json`` gives it."""
    g = r.game
    a = g.auction
    irregularities = []
    for irr in r.irregularities:
        e = r.state.calls[irr.index]
        irregularities.append({"kind": irr.kind, "offender": irr.offender, "call": str(e.call), "index": irr.index,
                               "position": e.position, "line": a.line_of(e.position), "law": irr.law,
                               "provisions": list(irr.provisions), "accepted": irr.accepted,
                               "resolution": irr.resolution,
                               "label": irregularity_label(irr, r.state, t, notation)})
    unfinished = next((tk.text for tk in a.record if tk.kind == "end"), None) if a is not None else None
    return {
        "index": g.index, "line": g.line, "board": g.board, "table": g.table, "players": g.players,
        "dealer": a.dealer if a is not None else PB.seat_value(g.tags.get("Dealer")),
        "vulnerable": g.tags.get("Vulnerable"),
        "contract": r.contract, "declarer": r.declarer, "contract_source": r.source,
        "complete": r.complete, "passed_out": r.passed_out, "unfinished": unfinished,
        "result": g.tags.get("Result"), "tricks": r.tricks,
        "auction": PC.record_text(a.record) if a is not None else None,
        "irregularities": irregularities,
        "error": ({"message": error_text(r, t), "line": r.error_line, "token": r.error.token,
                   "position": r.error.position} if r.error is not None else None),
        "tags": dict(g.tags),
        "warnings": [{**f.to_dict(), "message": finding_text(f, t, notation)} for f in r.findings],
    }


def summary(s: Session) -> dict:
    """The counts of the file, and of its warnings by code and cause (``declarer_differs/passes_missing``)."""
    reps = s.reports
    kinds: dict = {}
    for r in reps:
        for f in r.findings:
            key = f"{f.code}/{f.cause.code}" if f.cause else f.code
            kinds[key] = kinds.get(key, 0) + 1
    return {"games": len(reps), "boards": len({r.game.board for r in reps if r.game.board}),
            "with_auction": sum(1 for r in reps if r.game.auction is not None or r.error is not None),
            "with_irregularities": sum(1 for r in reps if r.irregularities),
            "with_warnings": sum(1 for r in reps if r.findings),
            "not_replayed": sum(1 for r in reps if r.error is not None),
            "warnings": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))}


def file_dict(s: Session, t, notation=None) -> dict:
    """The whole file as ``rulebook auction --pbn FILE --json`` gives it."""
    return {"file": s.path, "summary": summary(s),
            "warnings": [{**f.to_dict(), "message": finding_text(f, t, notation)} for f in s.pbn.findings],
            "games": [game_dict(r, t, notation) for r in s.reports]}


# -- the table ---------------------------------------------------------------------------------------
def _cut(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def game_heading(r: PC.GameReport, t) -> str:
    """``#12, board 3 (line 140)``."""
    g = r.game
    if g.board:
        return t.gettext("#{index}, board {board} (line {line})").format(index=g.index, board=_cut(g.board, 12),
                                                                         line=g.line)
    return t.gettext("#{index} (line {line})").format(index=g.index, line=g.line)


def summary_text(s: Session, t) -> str:
    """``session.pbn — games: 11, boards: 7, with irregularities: 1, ...``."""
    head = summary(s)
    return t.gettext("{file} — games: {games}, boards: {boards}, with irregularities: {irregular}, with warnings: "
                     "{warned}, not replayed: {failed}.").format(
        file=s.path, games=head["games"], boards=head["boards"], irregular=head["with_irregularities"],
        warned=head["with_warnings"], failed=head["not_replayed"])


def table_text(s: Session, t, notation=None) -> str:
    """Every game of the file, one row each, then the irregularities and the warnings, game by game."""
    out = [summary_text(s, t), ""]
    cols = [t.gettext("#"), t.gettext("Board"), t.gettext("Table or players"), t.gettext("Dealer"),
            t.gettext("Contract"), t.gettext("Declarer"), t.gettext("Result"), t.gettext("Irregularities"),
            t.gettext("Warnings")]
    rows = []
    for r in s.reports:
        g = r.game
        contract = contract_words(r.contract, t, notation) + ("*" if r.source == "tags" else "")
        if r.error is not None:
            contract = t.gettext("error")
        dealer = g.auction.dealer if g.auction is not None else PB.seat_value(g.tags.get("Dealer"))
        rows.append([str(g.index), _cut(g.board or "-", 8), _cut(players_text(g, t, notation), 32),
                     seat_letter(dealer, t, notation), contract, seat_letter(r.declarer, t, notation),
                     _cut(g.tags.get("Result") or "-", 8), str(len(r.irregularities) or "-"),
                     str(len(r.findings) + (r.error is not None) or "-")])
    widths = [max(len(c), *(len(row[i]) for row in rows)) for i, c in enumerate(cols)]
    fmt = "  ".join(f"{{:{'>' if i in (0, 7, 8) else '<'}{w}}}" for i, w in enumerate(widths))
    out.append(fmt.format(*cols).rstrip())
    out.extend(fmt.format(*row).rstrip() for row in rows)
    if any(r.source == "tags" for r in s.reports):
        out.append(t.gettext("* the contract of the tags: the auction is unfinished or missing."))
    irregular = [r for r in s.reports if r.irregularities]
    if irregular:
        out += ["", t.gettext("Irregularities (rulebook rule --pbn FILE --game N rules on them):")]
        for r in irregular:
            labels = "; ".join(irregularity_label(i, r.state, t, notation) for i in r.irregularities)
            out.append(f"  {game_heading(r, t)}: {labels}")
    warned = [r for r in s.reports if r.findings or r.error is not None]
    if warned or s.pbn.findings:
        out += ["", t.gettext("Warnings:")]
        for f in s.pbn.findings:
            out.append("  " + t.gettext("line {line}: {message}").format(line=f.line, message=finding_text(f, t,
                                                                                                        notation)))
        for r in warned:
            for f in r.findings:
                out.append(f"  {game_heading(r, t)}: {finding_text(f, t, notation)}")
            if r.error is not None:
                out.append(f"  {game_heading(r, t)}: " + t.gettext("line {line}: the auction cannot be replayed: "
                                                                  "{message}").format(line=r.error_line,
                                                                                      message=error_text(r, t)))
    return plain("\n".join(out))


# -- one game --------------------------------------------------------------------------------------
def _same_board(a: str | None, b: str) -> bool:
    a, b = (a or "").strip(), b.strip()
    if a.isdigit() and b.isdigit() and len(a) < 10 and len(b) < 10:
        return int(a) == int(b)
    return a.lower() == b.lower()


def _plays(g: PB.PbnGame, name: str) -> bool:
    name = name.strip().lower()
    return bool(name) and any(name in p.lower() for p in g.players.values())


def select(s: Session, board: str | None, game: str | None, t) -> tuple[PC.GameReport, list[str]]:
    """The game ``--board`` and ``--game`` choose, and the lines that say which it is among how
    many; a :class:`UserError` says what the file holds when they choose none or several."""
    reports = s.reports
    intro: list[str] = []
    if board is None:
        if game is None:
            raise UserError(t.gettext("choose a game with --board N (and --game K) or --game N"))
        if game.strip().isdigit() and len(game.strip()) < 10:
            k = int(game)
            if not 1 <= k <= len(reports):
                raise UserError(t.gettext("{file} holds {n} games: --game 1 to {n}").format(file=s.path, n=len(reports)))
            return reports[k - 1], intro
        chosen = [r for r in reports if _plays(r.game, game)]
        if len(chosen) != 1:
            raise UserError(_name_error(game, chosen, s, t))
        return chosen[0], intro
    tables = [r for r in reports if _same_board(r.game.board, board)]
    if not tables:
        boards = sorted({r.game.board for r in reports if r.game.board}, key=lambda b: (len(b), b))
        raise UserError(t.gettext("board {board} has no game in {file}; its boards: {boards}").format(
            board=_cut(board, 20), file=s.path, boards=_cut(", ".join(boards), 200) or "-"))
    if game is None:
        r = tables[0]
        if len(tables) > 1:
            intro.append(t.gettext("Board {board}: the file holds {n} tables; this is the first ({heading}, {players})."
                                   " Choose another with --game 2 to {n}, or a player's name.").format(
                board=r.game.board, n=len(tables), heading=game_heading(r, t), players=players_text(r.game, t)))
        return r, intro
    if game.strip().isdigit() and len(game.strip()) < 10:
        k = int(game)
        if not 1 <= k <= len(tables):
            raise UserError(t.gettext("board {board} has {n} tables in {file}: --game 1 to {n}, or a player's name")
                            .format(board=_cut(board, 20), n=len(tables), file=s.path))
        chosen = [tables[k - 1]]
    else:
        chosen = [r for r in tables if _plays(r.game, game)]
        if len(chosen) != 1:
            raise UserError(_name_error(game, chosen, s, t, board))
    r = chosen[0]
    intro.append(t.gettext("Board {board}, table {k} of {n} ({heading}, {players}).").format(
        board=r.game.board, k=tables.index(r) + 1, n=len(tables), heading=game_heading(r, t),
        players=players_text(r.game, t)))
    return r, intro


def _name_error(name: str, chosen: list, s: Session, t, board: str | None = None) -> str:
    if not chosen:
        where = t.gettext("board {board}").format(board=_cut(board, 20)) if board else s.path
        return t.gettext("no player named “{name}” in {where}").format(name=_cut(name, 40), where=where)
    return t.gettext("“{name}” matches {n} games: {games}; add --board, or give the game's number").format(
        name=_cut(name, 40), n=len(chosen), games=_cut(", ".join(game_heading(r, t) for r in chosen), 300))


def game_lines(r: PC.GameReport, t, notation=None) -> list[str]:
    """What the tags of one game say against its auction."""
    if not r.findings:
        return [t.gettext("The tags agree with the auction.")]
    return [t.gettext("Checked against the tags of the game:")] + [
        "  - " + finding_text(f, t, notation) for f in r.findings]


def game_error(r: PC.GameReport, s: Session, t) -> UserError:
    """A game that cannot be replayed, as the one game asked for: file, line, why."""
    g = r.game
    if r.error is None:
        msg = t.gettext("{file}:{line}: game #{index} has no auction section ([Auction \"N\"] and the calls)").format(
            file=s.path, line=g.line, index=g.index)
        return UserError(msg, {"file": s.path, "line": g.line})
    msg = t.gettext("{file}:{line}: {message}").format(file=s.path, line=r.error_line, message=error_text(r, t))
    return UserError(msg, {"file": s.path, "line": r.error_line, "token": r.error.token,
                           "position": r.error.position})


# -- rulings ----------------------------------------------------------------------------------------
_KEEP = ("status", "irregularity", "offender", "law", "trail", "explanation", "offender_must_pass",
         "partner_must_pass", "lead_restrictions", "law_26_condition", "law_23", "cancelled", "adjusted_score",
         "procedural_penalty", "next", "contract", "declarer", "complete", "laws_edition", "edition",
         "edition_label", "question", "fact", "call", "awaiting", "td_assumed", "editions_with_tree")


def _question(d: dict) -> dict:
    q = d["question"]
    return {"fact": q["fact"], "text": q["text"], "law": q.get("law"), "options": q["options"]}


def rulings(s: Session, t, facts: dict | None = None, only: list | None = None) -> list[dict]:
    """A ruling on every irregular call of every game with one (or of the games ``only`` lists),
    in the language of ``t``: per game its heading data and ``rulings``, each with the questions
    the record cannot answer."""
    out = []
    for r in (only if only is not None else [x for x in s.reports if x.irregularities]):
        g = r.game
        items = []
        for item in PC.rule_game(r, facts, s.edition):
            entry = {"call": item["call"], "position": item["position"], "line": item["line"],
                     "record": item["record"], "error": None, "ruling": None, "questions": [],
                     "accepted": item["accepted"]}
            if item["accepted"] is not None:
                pass
            elif item["error"] is not None:
                entry["error"] = item["error"].translate(t)
            else:
                d = RU.translate(item["ruling"], t)
                entry["ruling"] = {k: d.get(k) for k in _KEEP if k in d}
                entry["questions"] = [_question(RU.translate(q, t)) for q in item["questions"]]
            items.append(entry)
        out.append({"index": g.index, "line": g.line, "board": g.board, "table": g.table, "players": g.players,
                    "dealer": g.auction.dealer if g.auction else None,
                    "auction": PC.record_text(g.auction.record) if g.auction else None, "rulings": items})
    return out


def rulings_text(s: Session, games: list[dict], t, notation=None) -> str:
    """The rulings of :func:`rulings` as text, game by game."""
    if not games:
        return t.gettext("{file}: no game with an irregularity (games: {n}).").format(file=s.path, n=len(s.reports))
    by_index = {r.game.index: r for r in s.reports}
    out = [t.gettext("{file} — games with an irregularity: {n}.").format(file=s.path, n=len(games))]
    for gd in games:
        r = by_index[gd["index"]]
        out += ["", t.gettext("{heading}, {players}; dealer {seat}: {auction}").format(
            heading=game_heading(r, t), players=players_text(r.game, t), seat=seat_name(gd["dealer"], t, notation)
            if gd["dealer"] else "-", auction=NT.reading(gd["auction"] or "", notation or "en", short=True))]
        for item in gd["rulings"]:
            out.append("  " + t.gettext("Call “{call}” (line {line}):").format(call=item["call"], line=item["line"]))
            if item["error"]:
                out.append("    " + item["error"])
                continue
            if item["accepted"]:
                acc = item["accepted"]
                out.append("    " + t.gettext("{kind}, offender {seat}: accepted, the offender's LHO called over it; "
                                              "the call stands ({law}).").format(
                    kind=t.gettext(A.KIND_LABELS.get(acc["kind"], acc["kind"])),
                    seat=seat_name(acc["offender"], t, notation),
                    law=", ".join(key_text(k) for k in acc["provisions"]) or "-"))
                continue
            d = item["ruling"]
            off = seat_name(d["offender"], t, notation) if d.get("offender") in A.SEATS else "-"
            kind = t.gettext(A.KIND_LABELS.get(d.get("irregularity"), RU.KIND_LABELS.get(d.get("irregularity"),
                                                                                          d.get("irregularity") or "")))
            out.append("    " + t.gettext("{kind}, offender {seat}; Laws {edition}.").format(
                kind=kind, seat=off, edition=d.get("laws_edition") or "-"))
            if d["status"] == "no_tree":
                out.append("    " + (d.get("explanation") or ""))
                if d.get("editions_with_tree"):
                    out.append("    " + t.gettext("Editions with a decision tree for it: {editions} (--edition).").format(
                        editions=", ".join(d["editions_with_tree"])))
            if d["status"] == "ruling":
                out.append("    " + t.gettext("Ruling ({law}): {explanation}").format(
                    law=key_text(d["law"]) if d.get("law") else "-", explanation=d.get("explanation") or ""))
                for key, label in (("offender_must_pass", t.gettext("Offender")),
                                   ("partner_must_pass", t.gettext("Offender's partner"))):
                    if d.get(key) in RU.MUST_PASS_LABELS and d[key] != "no":
                        out.append(f"    {label}: {t.gettext(RU.MUST_PASS_LABELS[d[key]])}")
            if item["questions"]:
                out.append("    " + t.gettext("Questions the record cannot answer:"))
                for q in item["questions"]:
                    opts = ", ".join(f"{o['value']} ({o['label']})" for o in q["options"])
                    out.append(f"      - {q['text']} --fact {q['fact']}=… [{opts}]")
    return plain("\n".join(out))


_SAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def plain(text: str) -> str:
    """A value of the file with its control characters removed (for a terminal or a page)."""
    return _SAFE.sub("", str(text))
