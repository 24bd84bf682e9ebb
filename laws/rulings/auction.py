"""The auction period (Laws 17-39): the public face of the auction reader. Calls, the record
notation, and a replay of a record that detects every irregularity where it happens and applies,
to the calls that follow, the rectification that the irregularity's decision tree of the edition
followed (``laws/trees/<edition>/``) rules.

The parts, one topic each: :mod:`laws.rulings.calls` (seats, calls, contracts, errors),
:mod:`laws.rulings.record` (the notation, parsed), :mod:`laws.rulings.state` (what a replay
finds), :mod:`laws.rulings.labels` (their words), :mod:`laws.rulings.replay` (the core, which
names no irregularity and no law) and :mod:`laws.rulings.irregularities` (one unit per
irregularity: its detection, the facts the record answers, its tree). Everything the
rectification does to the auction -- the calls cancelled, withdrawn or standing, the pass put in
place of a cancelled call, who calls next, who must pass and for how long, what must be repeated,
the provisions applied -- is a field of the tree's ruling (or of the ``effect`` of the node where
it waits for a later call), applied the same way whatever the law (:meth:`Replay.enact
<laws.rulings.replay.Replay.enact>`). Every rectification is named by the provision key it rests
on in the edition followed (``'27B1a'``, ``'31A2b'``...), never paraphrased.

Calls (Laws 18 and 19)
----------------------
A :class:`Call` is a pass, a double, a redouble or a bid (a level and a denomination,
C < D < H < S < NT, Law 18E). A level above seven can be recorded (Law 38 makes it
inadmissible). A bid is sufficient when it supersedes the last bid (18B-D). A double is
admissible only of the last bid, made by an opponent, with only passes since (19A1); a
redouble only of the last double, made by an opponent, with only passes since (19B1).

The record notation
-------------------
The tokens (``P X XX 1S 3NT``, ``S:1S``, ``AP``, ``TD``, ``^I``, ``^S``, ``=n=``, ``*``) are
described in :mod:`laws.rulings.record`.

An unprefixed call is made by the dealer if it is the first, otherwise by the player whose
turn it is: the left-hand opponent (LHO) of the previous caller; after an irregular call
that nobody has dealt with yet, the offender's LHO (so that an irregular call is *accepted*
the way the laws define it: the LHO simply calls next, Laws 27A1 and 29A); after ``TD``,
or after Law 17E2 sends the auction back, the player the rectification gives the turn to.

The replay
----------
:func:`replay` walks a record and returns an :class:`AuctionState`: every call with its
status, every :class:`Irregularity` (kind, offender, whose turn it was, where the offender
sits relative to that player, whether the LHO called, whether the director was called, the
provisions applied, the calls cancelled), every :class:`Obligation` created (who must pass,
at the next turn or for the rest of the auction, and why), and the outcome: ``complete``,
``passed_out``, ``contract``, ``declarer`` and ``next``.

>>> s = replay("1S P 2S P 4S AP", "N", edition="2007")
>>> str(s.contract), s.declarer, s.complete, s.next
('4S', 'N', True, None)
>>> s = replay("1H 1D 2D P P P", "N", edition="2007")   # E's 1D is insufficient; S calls: accepted (27A1)
>>> s.irregularities[0].kind, s.irregularities[0].accepted, str(s.contract), s.declarer
('insufficient_bid', True, '2D', 'S')

Where the law leaves a fact to the director's judgement (is a call artificial? does the
replacement have the same meaning? was the change of call unintended?) the replay takes it
from ``facts`` when given; otherwise the dependent obligation is recorded as
``undetermined`` with the fact it waits for, rather than guessed.

Readings
--------
Where the text leaves the mechanics open, the replay takes these readings (each is tested):

* The irregular call stands provisionally in the auction until the next token deals with it.
  The offender's LHO calling accepts it where the law allows acceptance (27A1, 29A, 25B1,
  37A); after an inadmissible double (36A) or a bid above seven (38B, 38D) the LHO's call
  does not make it stand: the irregular call and every later call are cancelled when the
  director is called (a later ``TD``), and until then the record goes on as made.
* The player whose turn it was calls before the rectification of a call out of rotation by
  an opponent (at RHO's turn, or at LHO's turn when the offender had not called): Law 28B,
  the call out of rotation is cancelled. At LHO's turn this reading gives 28B precedence
  over 29A, since 28B names the player in turn.
* A second call by the same player before his LHO calls (``1H N:1S``), and, as 30B3 (a pass)
  and the parenthesis of 31B (a bid, when the offender had called before) say, a call at LHO's
  turn, is a change of call (kind ``change_of_call``, Law 25): the LHO's call accepts it (25B1:
  the earlier call is withdrawn), the director cancels it (25B2), or, with the facts
  ``unintended`` (and no ``pause``), lets it replace the earlier call (25A1). The condition "if
  the offender has not previously called" of 31B is read as belonging to LHO's turn only.
* The player who made the final pass calling again before his LHO is a change of call too
  (22A1 "but see Law 25"; 25A3: an unintended call may be replaced until the end of the auction
  period): with ``unintended`` and no ``pause`` the auction goes on from the new call; otherwise
  it is a call after the final pass (Law 39).
* Any other call made before the rectification (by the offender's partner, or by the
  offender himself after a call out of rotation) leaves the irregularity unaccepted: the
  law's rectification applies as written (29B with 30-32, 27B, 36B, 37B, 38), as if the
  director had been called, and the new call is judged in the resulting auction. The
  offender replacing his insufficient bid at once is Law 27C.
* A pass out of rotation that would be the third pass after a call (or the fourth pass)
  is cancelled at once and the auction returns to the player who missed his turn (17E2,
  34); an accepted pass out of rotation among the last three passes does the same. The
  next unprefixed call is then that player's.
* 31A and 32B depend on the RHO's call and the offender's next call, read from the record;
  31A1 and 32B1 ("must repeat") and 30B2(b) ("may not double or redouble") become
  obligations, and a call that breaks one is reported as ``obligation_breached``: accepted
  if the LHO calls, otherwise cancelled and made again at the same turn.
* A bid above seven out of rotation is cancelled and the auction returns to the player whose
  turn it was (29B); no pass is put in its place, since a pass at another player's turn
  could not stand in rotation. Both offenders must pass for the rest of the auction (38C).
* "Before any player has bid" (30A) counts the bids that stand in the auction.

Everything here is a pure function of its arguments: no I/O, no global state. Messages are
English msgids (marked with ``N_``) with parameters, for the front ends to translate.
"""

from __future__ import annotations

from .calls import (BID, CALL_DOUBLE, CALL_PASS, CALL_REDOUBLE, DENOMINATIONS, DOUBLE, PASS, REDOUBLE, SEATS,
                    AuctionError, Call, Contract, lho, lowest_sufficient, normalize_seat, parse_call, partner, relation,
                    rho)
from .irregularities import kind_labels, law_of, UNITS
from .labels import (NOTE_LABELS, OBLIGATION_STATUS_LABELS, PENDING_FACT_LABELS, RESOLUTION_LABELS,
                     STATUS_LABELS)
from .calls import _DENOMS  # noqa: F401  (laws.rulings.pbn and pbn_check read the record's words)
from .calls import SEAT_WORDS as _SEAT_WORDS  # noqa: F401
from .calls import seat_at as _seat_at  # noqa: F401
from .record import _NOTE_RE, Record, Token, parse_record  # noqa: F401
from .replay import replay
from .state import AuctionState, CallEntry, Irregularity, Obligation, normalize_facts

__all__ = [
    "SEATS", "DENOMINATIONS", "KINDS", "KIND_LABELS", "AuctionError", "Call", "Token", "Record",
    "CallEntry", "Irregularity", "Obligation", "Contract", "AuctionState",
    "lho", "rho", "partner", "relation", "parse_call", "parse_record", "replay",
    "normalize_seat", "normalize_facts", "lowest_sufficient",
    "PASS", "DOUBLE", "REDOUBLE", "BID", "CALL_PASS", "CALL_DOUBLE", "CALL_REDOUBLE",
    "STATUS_LABELS", "RESOLUTION_LABELS", "NOTE_LABELS", "OBLIGATION_STATUS_LABELS", "PENDING_FACT_LABELS",
]

#: The kinds of irregularity the replay detects, with the law that governs each (from their units).
KINDS = {k: law_of(k) for k in UNITS}
#: kind -> its label (English msgid)
KIND_LABELS = kind_labels()
