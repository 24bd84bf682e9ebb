"""``rulebook auction``: replay an auction record and show its irregularities (Laws 17-39).

    rulebook auction --dealer N "1S P 2S P 4S P P P"
    rulebook auction --dealer N 1H 1D TD 2D --fact artificial=no
    rulebook auction --dealer N "E:1S TD P" --json
    rulebook auction --pbn session.pbn             # every game of the file, one pass
    rulebook auction --pbn session.pbn --board 2 --game 3

The record notation is described in :mod:`laws.rulings.auction`: ``P X XX 1S 3NT``, ``S:1S`` (the
caller), ``AP`` (all pass), ``TD`` (the director is called here), ``^I`` and ``^S`` (PBN
irregularity marks). The output gives ``complete``, ``passed_out``, ``contract``,
``declarer``, ``next``, the calls with their status, the irregularities (kind, offender,
call, law, provisions applied...) and the obligations the rectifications create.
"""
from __future__ import annotations

from laws import notation as N
from laws.rulings import auction as A

from present import pbn as P
from present.auction import render

from .cmd_rule import edition_arg, edition
from .main import Result, UserError

def register(sub, common, t) -> None:
    p = sub.add_parser(
        "auction", parents=[common],
        help=t.gettext("replay an auction record and detect its irregularities (Laws 17-39)"),
        description=t.gettext("Replay an auction record: the contract and declarer, the irregularities "
                              "(who, at whose turn, which law), the rectification the laws fix for the calls "
                              "that follow, and who must pass."))
    p.add_argument("record", nargs="*", metavar="CALL",
                   help=t.gettext("the calls, e.g. \"1S P 2S P 4S AP\": P, X, XX, bids such as 1S or 3NT, "
                                  "S:1S for a call by South, AP for all pass, TD where the director is called"))
    p.add_argument("--dealer", metavar="SEAT", help=t.gettext("the dealer: N, E, S or W"))
    p.add_argument("--pbn", metavar="FILE", help=t.gettext(P.HELP_PBN_AUCTION))
    p.add_argument("--board", metavar="N", help=t.gettext(P.HELP_BOARD))
    p.add_argument("--game", metavar="K", help=t.gettext(P.HELP_GAME))
    p.add_argument("--fact", action="append", default=[], metavar="KEY=VALUE",
                   help=t.gettext("a fact the director has decided, yes or no: artificial, same_meaning, "
                                  "unintended, pause, repeats_denomination, pass_over_artificial; N:KEY=VALUE "
                                  "for the irregular call number N only"))
    edition_arg(p, t)
    p.set_defaults(func=cmd_auction)


# -- input -----------------------------------------------------------------------------------
def _facts(items: list[str], t) -> dict:
    facts: dict = {}
    for item in items:
        target = facts
        body = item
        if ":" in item.split("=", 1)[0]:
            num, body = item.split(":", 1)
            if not num.strip().isdigit() or len(num.strip()) > 6 or int(num) < 1:
                raise UserError(t.gettext("--fact {item}: the call number before the colon must be 1 or more.")
                                .format(item=item))
            target = facts.setdefault(int(num) - 1, {})
        if "=" not in body:
            raise UserError(t.gettext("--fact {item}: write KEY=VALUE, e.g. artificial=no.").format(item=item))
        key, value = (s.strip() for s in body.split("=", 1))
        target[key] = value
    return facts


def _error(e: A.AuctionError, t) -> UserError:
    return UserError(e.translate(t), {"token": e.token, "position": e.position})


def cmd_auction(args, t) -> Result:
    notation = getattr(args, "notation", None) or "en"
    try:
        facts = A.normalize_facts(_facts(args.fact, t))
        facts = {**facts[0], **facts[1]}
        intro = []
        if args.pbn:
            if args.record:
                raise UserError(t.gettext("give either the calls or --pbn, not both"))
            return _pbn(args, t, facts, notation, edition(args, t))
        if args.board is not None or args.game is not None:
            raise UserError(t.gettext(P.MSG_NEEDS_PBN))
        if not args.record:
            raise UserError(t.gettext("give the calls of the auction, e.g. \"1S P 2S P 4S AP\", or --pbn FILE"))
        if not args.dealer:
            raise UserError(t.gettext("--dealer is required: N, E, S or W"))
        neutral = N.to_neutral(" ".join(args.record), notation)
        state = A.replay(neutral, N.read_seat(args.dealer, notation), facts, edition(args, t))
        if notation != "en":   # the letters differ between notations: show how the record was read
            intro.insert(0, N.read_as(neutral, notation, t))
    except A.AuctionError as e:
        raise _error(e, t) from None
    data = state.to_dict()
    data["record"] = neutral   # the record as read, in the neutral notation
    data["notation"] = notation
    data["laws_edition"] = edition(args, t)
    return Result(data=data, text="\n".join(intro + [render(state, t, None if notation == "en" else notation)]))


def _pbn(args, t, facts: dict, notation: str, laws_edition: str) -> Result:
    """``--pbn FILE``: every game of the file in one pass, or the one ``--board``/``--game`` choose."""
    shown = None if notation == "en" else notation
    session = P.load(args.pbn, t, facts, edition=laws_edition)
    if args.board is None and args.game is None:
        if args.dealer:
            raise UserError(t.gettext(P.MSG_DEALER_WHOLE_FILE))
        return Result(data={**P.file_dict(session, t), "laws_edition": laws_edition},
                      text=P.table_text(session, t, shown))
    report, intro = P.select(session, args.board, args.game, t)
    if report.state is None:
        raise P.game_error(report, session, t)
    state = report.state
    if args.dealer and N.read_seat(args.dealer, notation) != state.dealer:
        raise UserError(t.gettext("--dealer {given} contradicts the PBN file, where the dealer is {dealer}")
                        .format(given=args.dealer, dealer=state.dealer))
    data = state.to_dict()
    data["board"] = report.game.board
    data["game"] = P.game_dict(report, t)
    data["notation"] = notation
    data["laws_edition"] = laws_edition
    text = intro + [render(state, t, shown), ""] + P.game_lines(report, t, shown)
    return Result(data=data, text=P.plain("\n".join(text)))


# -- output ----------------------------------------------------------------------------------
