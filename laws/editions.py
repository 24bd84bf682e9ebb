"""Editions of the Laws of Duplicate Bridge: a provision is identified by (WBF edition, key).

The WBF published the Laws in 2007 and in 2017, and the numbering moved between them (2007 16D,
information from withdrawn calls, is 2017 16C; 2007 17E is 2017 17D; 2007 40B4 is 2017 40B3...).
A key therefore means nothing without its edition. Every publication of the corpus follows one
edition (the AEB text and the FIGB Codice follow the 2007 Laws, the NBB text the 2017 Laws),
which is not the same thing as the year the publication itself carries.

An *edition-qualified key* is written ``EDITION:KEY``: ``2007:16D``, ``2017:16C``. An unqualified
key is read in the edition of its context (the text it stands in, the tree that names it).

>>> split_qualified("2007:16D")
('2007', '16D')
>>> split_qualified("16D")
(None, '16D')
>>> qualified("2017", "16C")
'2017:16C'
"""
from __future__ import annotations

import re

EDITIONS = ("2007", "2017")

_QUALIFIED = re.compile(r"^\s*(?P<ed>\d{4})\s*[:/]\s*(?P<key>.+?)\s*$")


class EditionError(ValueError):
    """An edition that is not one of :data:`EDITIONS`."""


def check_edition(edition) -> str:
    """``edition`` as one of :data:`EDITIONS` (``2007`` or ``"2007"``), or :class:`EditionError`."""
    e = str(edition).strip()
    if e not in EDITIONS:
        raise EditionError(f"{edition!r} is not an edition of the Laws: use {' or '.join(EDITIONS)}")
    return e


def split_qualified(text: str) -> tuple[str | None, str]:
    """``(edition, key text)`` of a key that may carry its edition (``2007:16D``)."""
    m = _QUALIFIED.match(text)
    if m and m.group("ed") in EDITIONS:
        return m.group("ed"), m.group("key")
    return None, text.strip()


def qualified(edition: str, key) -> str:
    """The edition-qualified form of a key: ``2007:16D``."""
    return f"{check_edition(edition)}:{key}"
