"""``rulebook score``, ``rulebook adjust`` and ``rulebook imps``: Law 77 scores, weighted
adjusted scores (Law 12C1(c)) and the WBF IMP scale.

    rulebook score 4HX-2 3NT+1 --vul
    rulebook score 4SN= 5HXE-2 --board-vul EW
    rulebook adjust 4S=:60 4S-1:40 --imps-against 420
    rulebook adjust 4SN=:70 5SXE-1:30 --board-vul NS --side NS
    rulebook imps 420 -50 215
"""
from __future__ import annotations

from fractions import Fraction

from laws import scoring as S

from present.score import breakdown_lines, num, pct, side_name, summary

from .main import Result, UserError



def register(sub, common, t) -> None:
    p = sub.add_parser("score", parents=[common],
                       help=t.gettext("score results for the declaring side (Law 77), e.g. 4HX-2 3NT+1 6S="))
    p.add_argument("results", nargs="+", metavar="RESULT",
                   help=t.gettext("a result: level, denomination, X or XX, optional declarer seat, then =, "
                                  "+N or -N (4HX-2, 3NT+1, 6S=, 4SN=); PASS for a passed-out board"))
    _vul_options(p, t)
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("adjust", parents=[common],
                       help=t.gettext("a weighted adjusted score (Law 12C1(c)) from RESULT:PERCENT components"))
    p.add_argument("components", nargs="+", metavar="RESULT:PERCENT",
                   help=t.gettext("a possible result and its weight in percent, e.g. 4S=:60 4S-1:40; the "
                                  "percentages must add up to 100 (100/3 is a third)"))
    _vul_options(p, t)
    p.add_argument("--side", metavar="SIDE",
                   help=t.gettext("NS or EW: the side the score is for, when the results name their "
                                  "declarers (default NS)"))
    p.add_argument("--imps-against", metavar="N",
                   help=t.gettext("the other table's score for the same side (points, or a result such as "
                                  "4S=): weigh the IMPs of each result against it"))
    p.set_defaults(func=cmd_adjust)

    p = sub.add_parser("imps", parents=[common], help=t.gettext("convert point differences to IMPs (WBF scale)"))
    p.add_argument("differences", nargs="+", metavar="DIFF",
                   help=t.gettext("a point difference, e.g. 420 or -50"))
    p.set_defaults(func=cmd_imps)


def _vul_options(p, t) -> None:
    p.add_argument("--vul", action="store_true", help=t.gettext("declarer is vulnerable"))
    p.add_argument("--board-vul", metavar="VUL",
                   help=t.gettext("the board's vulnerability (None, NS, EW or All); then every result names "
                                  "its declarer, e.g. 4HXE-2"))


def _user_error(e: S.ScoringError, t) -> UserError:
    data = {"token": e.token}
    if e.law:
        data["law"] = e.law
    return UserError(e.translate(t.gettext), data)


def _board_vul(args, t):
    if args.board_vul is None:
        return None
    if args.vul:
        raise UserError(t.gettext("--vul and --board-vul cannot both be given: --vul says that declarer is "
                                  "vulnerable, --board-vul which sides are"))
    try:
        return S.parse_vulnerability(args.board_vul)
    except S.ScoringError as e:
        raise _user_error(e, t) from None


# -- formatting ----------------------------------------------------------------------------

def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
    return out


# -- commands ------------------------------------------------------------------------------

def cmd_score(args, t) -> Result:
    board_vul = _board_vul(args, t)
    scores = []
    for r in args.results:
        try:
            scores.append(S.score_result(r, vulnerable=args.vul, board_vul=board_vul))
        except S.ScoringError as e:
            raise _user_error(e, t) from None
    lines = []
    for s in scores:
        lines.append(t.gettext("{result}: {summary}: {score}").format(
            result=s.result, summary=summary(s, t), score=s.total))
        rows = [["   ", label, str(points)] for label, points in breakdown_lines(s, t)]
        if rows:
            lines.extend(_table(rows, {2}))
    lines.append(t.gettext("Scores for the declaring side (Law 77)."))
    return Result([s.to_dict() for s in scores], "\n".join(lines))


def cmd_adjust(args, t) -> Result:
    board_vul = _board_vul(args, t)
    try:
        w = S.adjusted_score(args.components, vulnerable=args.vul, board_vul=board_vul, side=args.side,
                             against=args.imps_against)
    except S.ScoringError as e:
        raise _user_error(e, t) from None
    if w.side:
        whom = side_name(w.side, t)
        head = t.gettext("Weighted adjusted score (Law 12C1(c)), for {side}:").format(side=whom)
    else:
        head = t.gettext("Weighted adjusted score (Law 12C1(c)), for the declaring side:")
    lines = [head]
    rows = [["  " + pct(c.percent, t), c.score.result, summary(c.score, t), str(c.points)] for c in w.components]
    lines.extend(_table(rows, {0, 3}))
    lines.append(_weighted_line(t.gettext("Weighted score: {value}"), w.exact, t))
    if w.against is not None:
        ag = num(w.against, t)
        if w.against_score is not None:
            ag = t.gettext("{points} ({result})").format(points=ag, result=w.against_given)
        lines.append(t.gettext("Against {points} at the other table:").format(points=ag))
        rows = []
        for c in w.components:
            diff = c.points - w.against
            rows.append(["  " + pct(c.percent, t), c.score.result,
                         t.gettext("{points} − {against} = {difference}").format(
                             points=c.points, against=num(w.against, t), difference=num(diff, t)),
                         t.ngettext("{n} IMP", "{n} IMPs", abs(c.imps)).format(n=c.imps)])
        lines.extend(_table(rows, {0, 3}))
        lines.append(_weighted_line(t.gettext("Weighted IMPs: {value}"), w.weighted_imps, t))
        lines.append(t.gettext("(The IMPs of each result are weighted, not its points.)"))
        diff = w.exact - w.against
        lines.append(t.gettext("For comparison only, the weighted score converted: {score} − {against} = "
                               "{difference}: {imps}").format(
            score=num(w.exact, t), against=num(w.against, t), difference=num(diff, t),
            imps=t.ngettext("{n} IMP", "{n} IMPs", abs(w.imps_of_weighted_score)).format(
                n=w.imps_of_weighted_score)))
    return Result(w.to_dict(), "\n".join(lines))


def _weighted_line(template: str, value: Fraction, t) -> str:
    line = template.format(value=num(value, t))
    if Fraction(S.round2(value)) != value:
        line += " " + t.gettext("(exactly {exact}; {rounding})").format(
            exact=S.exact_str(value), rounding=t.gettext(S.ROUNDING))
    return line


def cmd_imps(args, t) -> Result:
    data, rows = [], []
    for d in args.differences:
        try:
            diff = S.parse_points(d)
        except S.ScoringError as e:
            raise _user_error(e, t) from None
        n = S.imps(diff)
        item = {"difference": S.json_number(diff), "imps": n}
        note = ""
        if diff.denominator != 1 or diff.numerator % 10:
            item["rounded_difference"] = S.round_to_ten(diff)
            note = t.gettext("({difference} rounded to {rounded}: the scale counts in tens)").format(
                difference=num(diff, t), rounded=item["rounded_difference"])
        data.append(item)
        rows.append([num(diff, t), t.ngettext("{n} IMP", "{n} IMPs", abs(n)).format(n=n), note])
    lines = _table(rows, {0, 1})
    lines.append(t.gettext("WBF IMP scale."))
    return Result(data, "\n".join(lines))
