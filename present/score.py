"""A score as the front ends show it: numbers in the output language, the contract, the
vulnerability, the one-line summary and the breakdown of a Law 77 score (:mod:`laws.scoring`)."""
from __future__ import annotations

from fractions import Fraction

from laws import scoring as S

from .auction import seat_name


def side_name(side: str, t) -> str:
    return {"NS": t.pgettext("side", "North-South"), "EW": t.pgettext("side", "East-West")}[side]


def num(value, t) -> str:
    """A number as the output language writes it, at most 2 decimals (halves away from zero)."""
    d = S.round2(value)
    s = str(d)
    if "." in s and t.lang != "en":
        from babel.numbers import get_decimal_symbol

        s = s.replace(".", get_decimal_symbol(t.lang))
    return s


def pct(value: Fraction, t) -> str:
    exact = S.exact_str(value)
    if "/" in exact:
        return "≈" + num(value, t) + "%"
    return num(value, t) + "%"


def contract_label(s: S.Score, t) -> str:
    c = s.contract
    text = c.symbolic(nt=t.pgettext("denomination", "NT"))
    if c.declarer:
        text = t.gettext("{contract} by {seat}").format(contract=text, seat=seat_name(c.declarer, t))
    return text


def vul_label(v: bool, t) -> str:
    return t.pgettext("scoring", "vulnerable") if v else t.pgettext("scoring", "not vulnerable")


def summary(s: S.Score, t) -> str:
    """``4♥X, vulnerable, 8 tricks`` (or ``passed out``)."""
    if s.passed_out:
        return t.pgettext("scoring", "passed out")
    return t.gettext("{contract}, {vulnerability}, {tricks}").format(
        contract=contract_label(s, t), vulnerability=vul_label(s.vulnerable, t),
        tricks=t.ngettext("{n} trick", "{n} tricks", s.tricks).format(n=s.tricks))


def breakdown_lines(s: S.Score, t) -> list[tuple[str, int]]:
    rows = []
    if s.contract_points:
        rows.append((t.gettext("trick points"), s.contract_points))
    if s.overtrick_count:
        rows.append((t.ngettext("{n} overtrick", "{n} overtricks", s.overtrick_count).format(n=s.overtrick_count),
                     s.overtricks))
    if s.game_or_partscore:
        rows.append((t.gettext("game bonus") if s.bonus_kind == "game" else t.gettext("partscore bonus"),
                     s.game_or_partscore))
    if s.slam:
        rows.append((t.gettext("grand slam bonus") if s.slam_kind == "grand" else t.gettext("small slam bonus"),
                     s.slam))
    if s.insult:
        rows.append((t.gettext("bonus for making a redoubled contract") if s.contract.doubled == 2
                     else t.gettext("bonus for making a doubled contract"), s.insult))
    if s.undertrick_count:
        rows.append((t.ngettext("{n} undertrick", "{n} undertricks", s.undertrick_count).format(
            n=s.undertrick_count), s.undertricks))
    return rows

