"""Provision keys: the citation people use, compacted.

A *law key* names a provision of the Laws by its labels: the law number, the section letter,
the numbered subsection, the lettered item and the roman sub-item.

========  =============  ======================================
key       display        element id (Akoma Ntoso style)
========  =============  ======================================
``27``    ``27``         ``art_27``
``27B``   ``27B``        ``art_27__para_B``
``27B1a`` ``27B1(a)``    ``art_27__para_B__subpara_1__point_a``
``40B2ci`` ``40B2(c)(i)`` ``art_40__para_B__subpara_2__point_c__subpoint_i``
``35.1``  ``35.1``       ``art_35__subpara_1``
========  =============  ======================================

A numbered subsection that sits directly under a law (the AEB text numbers the items of
Law 35 ``1.`` to ``4.``) is written with a dot, ``35.1``, so that it cannot be read as Law 351.

A *regulation key* names a provision of a federation's own regulations, in a namespace of
its own: ``AEB-AL.A.8`` is the AEB's alert procedure, part A, Norma 8ª. Its segments are
separated by dots.

Every key converts losslessly to an element id and to an IRI, and back.

>>> k = parse_key("Artículo 27B1(a)")
>>> str(k), k.display, k.eid
('27B1a', '27B1(a)', 'art_27__para_B__subpara_1__point_a')
>>> from_eid(k.eid) == k and from_iri(k.iri) == k
True
>>> parse_key("27 B 1 a") == parse_key("law 27b1(a)") == k
True
>>> parse_key("Norma 8ª").display
'AEB-AL.A.8'
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Union

BASE_IRI = "https://w3id.org/bridge-rulebook/"

ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
_ROMAN_RE = "(?:xii|xi|x|ix|viii|vii|vi|v|iv|iii|ii|i)"

_LAW_RE = re.compile(
    rf"^(?P<law>\d{{1,3}})"
    rf"(?:(?P<sec>[A-Z])(?P<sub>\d{{1,2}})?|\.(?P<bare>\d{{1,2}}))?"
    rf"(?P<item>[a-z])?(?P<rom>{_ROMAN_RE})?$"
)
_REG_RE = re.compile(r"^(?P<ns>[A-Z]{2,8})-(?P<path>[A-Z0-9]+(?:\.[A-Za-z0-9]+)*)$")


class KeyError_(ValueError):
    """A string that is not a provision key in any accepted form."""


@dataclass(frozen=True, order=True)
class LawKey:
    law: int
    sec: str = ""
    sub: int = 0
    item: str = ""
    rom: str = ""

    def __post_init__(self) -> None:
        if self.item and not self.sub:
            raise KeyError_(f"an item ({self.item}) needs a numbered subsection above it")
        if self.rom and not self.item:
            raise KeyError_(f"a sub-item ({self.rom}) needs a lettered item above it")
        if self.rom and self.rom not in ROMANS:
            raise KeyError_(f"{self.rom!r} is not a roman numeral from i to xii")

    # -- forms ---------------------------------------------------------------------------
    def _head(self) -> str:
        s = str(self.law)
        if self.sec:
            return s + self.sec + (str(self.sub) if self.sub else "")
        return s + (f".{self.sub}" if self.sub else "")

    def __str__(self) -> str:
        return self._head() + self.item + self.rom

    @property
    def display(self) -> str:
        return self._head() + "".join(f"({x})" for x in (self.item, self.rom) if x)

    @property
    def eid(self) -> str:
        parts = [f"art_{self.law}"]
        if self.sec:
            parts.append(f"para_{self.sec}")
        if self.sub:
            parts.append(f"subpara_{self.sub}")
        if self.item:
            parts.append(f"point_{self.item}")
        if self.rom:
            parts.append(f"subpoint_{self.rom}")
        return "__".join(parts)

    @property
    def iri(self) -> str:
        segs = [str(self.law)]
        if self.sec:
            segs.append(self.sec)
        if self.sub:
            segs.append(str(self.sub))
        if self.item:
            segs.append(self.item)
        if self.rom:
            segs.append(self.rom)
        return BASE_IRI + "law/" + "/".join(segs)

    # -- structure -----------------------------------------------------------------------
    @property
    def parent(self) -> "LawKey | None":
        if self.rom:
            return LawKey(self.law, self.sec, self.sub, self.item)
        if self.item:
            return LawKey(self.law, self.sec, self.sub)
        if self.sub and self.sec:
            return LawKey(self.law, self.sec)
        if self.sub or self.sec:
            return LawKey(self.law)
        return None

    @property
    def law_key(self) -> "LawKey":
        return LawKey(self.law)

    @property
    def depth(self) -> int:
        return sum(1 for x in (self.sec, self.sub, self.item, self.rom) if x)

    def child(self, label: str) -> "LawKey":
        """The key of the child with ``label`` (``A``, ``1``, ``a`` or ``i``)."""
        label = label.strip()
        if not self.sec and not self.sub and re.fullmatch(r"[A-Z]", label):
            return LawKey(self.law, label)
        if not self.sub and re.fullmatch(r"\d{1,2}", label):
            return LawKey(self.law, self.sec, int(label))
        if self.sub and not self.item and re.fullmatch(r"[a-z]", label):
            return LawKey(self.law, self.sec, self.sub, label)
        if self.item and not self.rom and label in ROMANS:
            return LawKey(self.law, self.sec, self.sub, self.item, label)
        raise KeyError_(f"{label!r} cannot label a child of {self.display}")

    @property
    def sort_key(self) -> tuple:
        rom = ROMANS.index(self.rom) + 1 if self.rom else 0
        return (0, self.law, self.sec, self.sub, self.item, rom, ())


@dataclass(frozen=True, order=True)
class RegKey:
    ns: str
    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.ns}-" + ".".join(self.path)

    display = property(__str__)

    @property
    def eid(self) -> str:
        return f"reg_{self.ns}__" + "__".join(f"part_{p}" for p in self.path)

    @property
    def iri(self) -> str:
        return BASE_IRI + "reg/" + self.ns + "/" + "/".join(self.path)

    @property
    def parent(self) -> "RegKey | None":
        return RegKey(self.ns, self.path[:-1]) if len(self.path) > 1 else None

    @property
    def law_key(self) -> "RegKey":
        return RegKey(self.ns, self.path[:1])

    @property
    def depth(self) -> int:
        return len(self.path) - 1

    def child(self, label: str) -> "RegKey":
        if not re.fullmatch(r"[A-Za-z0-9]+", label):
            raise KeyError_(f"{label!r} cannot label a regulation provision")
        return RegKey(self.ns, self.path + (label,))

    @property
    def sort_key(self) -> tuple:
        return (1, 0, self.ns, 0, "", 0,
                tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in self.path))


Key = Union[LawKey, RegKey]


def _law_from_match(m: re.Match) -> LawKey:
    sub = m["sub"] or m["bare"]
    return LawKey(int(m["law"]), m["sec"] or "", int(sub) if sub else 0, m["item"] or "", m["rom"] or "")


def from_canonical(s: str) -> Key:
    """Parse a key in its canonical form only (``27B1a``, ``35.1``, ``AEB-AL.A.8``)."""
    m = _LAW_RE.match(s)
    if m:
        return _law_from_match(m)
    m = _REG_RE.match(s)
    if m:
        return RegKey(m["ns"], tuple(m["path"].split(".")))
    raise KeyError_(f"{s!r} is not a canonical provision key")


def _strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


# Words that may precede a key: "Law 27", "Artículo 27", "artikel 16B1", "Art. 16", "Articolo 17",
# "Wet", "Regla", "Ley"... accents and case are folded before matching.
_PREFIX_RE = re.compile(
    r"^\s*(?:the\s+)?(?:laws?|art(?:iculos?|ikel(?:en)?|icoli|icolo|s?)?|ley(?:es)?|regla|wet|§)\.?\s*",
    re.IGNORECASE,
)
_NORMA_RE = re.compile(r"^\s*norma\s*(?:aeb\s*)?(\d{1,2})\s*[ªa]?\s*$", re.IGNORECASE)


def parse_key(text: str) -> Key:
    """Parse a key written in any usual form.

    Accepts ``27B1a``, ``27B1(a)``, ``27 B 1 a``, ``Law 27B1(a)``, ``Artículo 27B1(a)``,
    ``artikel 16B1``, ``Art. 16 B 1``, ``40B2(c)(i)``, ``35.1``, ``AEB-AL.A.8``,
    ``Norma 8ª`` (the AEB alert procedure).

    >>> str(parse_key("Art. 16 B 1")), str(parse_key("40B2(c)(i)")), str(parse_key("35.1"))
    ('16B1', '40B2ci', '35.1')
    """
    if not isinstance(text, str) or not text.strip():
        raise KeyError_("an empty key")
    raw = text.strip()
    m = _REG_RE.match(raw) or _REG_RE.match(raw.upper().replace(" ", ""))
    if m and raw.upper().startswith(m["ns"]):
        return from_canonical(raw if _REG_RE.match(raw) else raw.upper().replace(" ", ""))
    m = _NORMA_RE.match(raw)
    if m:
        return RegKey("AEB", ("AL", "A", str(int(m[1]))))
    s = _strip_accents(raw)
    s = _PREFIX_RE.sub("", s)
    # "27, B1(a)" / "27 B 1 a" / "27-B-1-a" / "27.B.1.a"
    s = re.sub(r"[\s,\-]+", "", s)
    if re.match(r"^\d{1,3}\.?\(", s):
        raise KeyError_(f"{text!r}: an item in parentheses needs a section and a subsection before it")
    s = s.replace("(", "").replace(")", "")
    m = re.match(r"^(\d{1,3})\.?([A-Za-z])?\.?(\d{1,2})?\.?([A-Za-z])?\.?([ivxIVX]+)?$", s)
    bare = re.match(r"^(\d{1,3})\.(\d{1,2})([a-z])?([ivx]+)?$", s)
    if bare:
        return LawKey(int(bare[1]), "", int(bare[2]), bare[3] or "", bare[4] or "")
    if not m:
        raise KeyError_(f"{text!r} is not a provision key (expected something like 27B1(a))")
    law, sec, sub, item, rom = m.groups()
    # a lone lower-case letter right after the law number is a section written in lower case
    sec = (sec or "").upper()
    item = (item or "").lower()
    rom = (rom or "").lower()
    if item and not sub:
        raise KeyError_(f"{text!r}: an item letter needs a numbered subsection before it")
    try:
        return LawKey(int(law), sec, int(sub) if sub else 0, item, rom)
    except KeyError_ as e:
        raise KeyError_(f"{text!r}: {e}") from None


def from_eid(eid: str) -> Key:
    if eid.startswith("reg_"):
        ns, _, rest = eid[4:].partition("__")
        return RegKey(ns, tuple(p.removeprefix("part_") for p in rest.split("__")))
    fields: dict[str, str] = {}
    for part in eid.split("__"):
        kind, _, val = part.partition("_")
        fields[kind] = val
    return LawKey(int(fields["art"]), fields.get("para", ""), int(fields.get("subpara", 0) or 0),
                  fields.get("point", ""), fields.get("subpoint", ""))


def from_iri(iri: str) -> Key:
    if not iri.startswith(BASE_IRI):
        raise KeyError_(f"{iri!r} is not a bridge-rulebook IRI")
    kind, _, rest = iri[len(BASE_IRI):].partition("/")
    segs = rest.split("/")
    if kind == "reg":
        return RegKey(segs[0], tuple(segs[1:]))
    law = int(segs[0])
    sec = sub = item = rom = None
    for seg in segs[1:]:
        if re.fullmatch(r"[A-Z]", seg) and sec is None and sub is None:
            sec = seg
        elif seg.isdigit() and sub is None:
            sub = int(seg)
        elif item is None and sub is not None and re.fullmatch(r"[a-z]", seg):
            item = seg
        else:
            rom = seg
    return LawKey(law, sec or "", sub or 0, item or "", rom or "")


def sort_key(k: Key) -> tuple:
    return k.sort_key
