"""Generates scenarios.yaml (run: python3 gen.py). Scenarios written from the AEB text of the 2007 Laws
(Laws 17-40), the FIGB Law 17 and the NBB 2017 texts; see the header of scenarios.yaml."""
import json
from pathlib import Path

SC = []


def S(id, basis, note, dealer=None, auction=None, facts=None, tree=None, **expect):
    d = {"id": id, "law_basis": basis, "note": note}
    if tree:
        d["tree"] = tree
    else:
        d["dealer"] = dealer or "N"
        d["auction"] = auction
    d["facts"] = facts or {}
    d["expect"] = expect
    SC.append(d)


Y, NO = "yes", "no"
R, NT = "rest_of_auction", "next_turn"

# ---------------------------------------------------------------- 22: end of the auction (no irregularity)
S("end-passed-out", "22A1", "«Los cuatro jugadores pasan ... No se volverá a repartir»", "N", "P P P P",
  status="no_irregularity", next=None, contract=None, passed_out=True)
S("end-three-passes-not-over", "22A1", "three passes only: the fourth player still calls", "N", "P P P",
  status="no_irregularity", next="W", contract=None)
S("end-contract-4S", "22A2", "«tres pasos consecutivos, en rotación, después de la última declaración»", "N",
  "1S P 2S P 4S P P P", status="no_irregularity", next=None, contract="4S", declarer="N")
S("end-declarer-first-named", "22A2", "contract 2H; S named hearts first for N-S", "N", "1C P 1H P 2H P P P",
  next=None, contract="2H", declarer="S")
S("end-doubled", "22A2", "«pero ver Art. 19D»: a doubled contract", "N", "1H X P P P",
  next=None, contract="1HX", declarer="N")
S("end-fourth-seat-opening", "22A2", "passes then a bid: the auction is not passed out", "N", "P 1H P P P",
  next=None, contract="1H", declarer="E")

# ---------------------------------------------------------------- 25: changes of call
S("cc-slip-immediate", "25A1", "«puede sustituir su voz no intencionada por la intencionada ... sin pausa para pensar»",
  "N", "1H N:1S TD", {"unintended": Y, "pause": NO},
  law=["25A1", "25A4"], next="E", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)
S("cc-slip-dealer-E", "25A1", "same, other dealer: the intended call stands, LHO calls next", "E", "1C E:1D TD",
  {"unintended": Y, "pause": NO}, law=["25A1", "25A4"], next="S", partner_must_pass=NO, lead_restrictions=False)
S("cc-slip-to-pass", "25A1", "the intended call may be a pass: 1S pulled by mistake, pass intended", "N", "1S N:P TD",
  {"artificial": NO, "unintended": Y, "pause": NO}, law=["25A1", "25A4"], next="E", partner_must_pass=NO, offender_must_pass=NO)
S("cc-slip-after-pause", "25B2", "an unintended call changed after a pause is not permitted by A: «queda anulada. La voz original permanece»",
  "N", "1H N:1S TD", {"unintended": Y, "pause": Y},
  law="25B2", next="E", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)
S("cc-mind-not-accepted", "25B2", "change of mind, LHO does not call: «La voz original permanece y la subasta continúa»",
  "N", "1H N:2H TD", {"unintended": NO}, law="25B2", next="E", partner_must_pass=NO, lead_restrictions=False,
  cites=["16D"])
S("cc-mind-accepted-double", "25B1", "«Está aceptada si el OI subasta intencionadamente a continuación»: E doubles 2H",
  "N", "1H N:2H X", {"unintended": NO}, law="25B1", next="S", partner_must_pass=NO, offender_must_pass=NO)
S("cc-mind-accepted-pass", "25B1", "a pass by LHO is a call: it accepts the substituted 1H", "N", "1D N:1H P",
  {"unintended": NO}, law="25B1", next="S", partner_must_pass=NO)
S("cc-30B3-pass-at-lho", "30B3", "«el paso fuera de turno, en el turno del OI se trata como un cambio de voz. Se aplica el Artículo 25»; change of mind -> 25B2",
  "N", "1H N:P TD", {"artificial": NO, "unintended": NO}, law="25B2", next="E", offender_must_pass=NO, partner_must_pass=NO)
S("cc-31B-later-bid-at-lho", "31B", "«Voces posteriores en el turno del OI se tratan como cambios de voz y se aplica el artículo 25»",
  "N", "1C P 1H P 1S N:2S TD", {"unintended": NO}, law="25B2", next="E", partner_must_pass=NO)
S("cc-31B-later-bid-at-lho-slip", "31B", "same, but a slip corrected at once: 25A1, no rectification", "N",
  "1C P 1H P 1S N:1NT TD", {"unintended": Y, "pause": NO}, law=["25A1", "25A4"], next="E", partner_must_pass=NO)
S("cc-lho-may-withdraw", "25A4", "E bid over the unintended 1H; N corrects at once: «el OI puede retirar cualquier voz dada sobre la no intencionada»",
  "N", "1H 1S N:2H TD", {"unintended": Y, "pause": NO}, law="25A4", next="E", partner_must_pass=NO,
  offender_must_pass=NO)
S("cc-final-pass-slip", "25A3", "the unintended final pass may be replaced until the end of the auction period (25A3, 22B1): auction reopens",
  "N", "1H P P P W:X TD", {"unintended": Y, "pause": NO}, law=["25A1", "25A4"], next="N", contract=None)
S("cc-final-pass-change-of-mind", "25B2", "a change of mind after three passes is not permitted; 1H by N stands (law key debatable: 25B2/39)",
  "N", "1H P P P W:X TD", {"unintended": NO}, next=None, contract="1H", declarer="N")
S("cc-passed-out-slip", "22A1", "«Los cuatro jugadores pasan (pero ver Artículo 25)»: unintended fourth pass replaced by 1H",
  "N", "P P P P W:1H TD", {"unintended": Y, "pause": NO}, law=["25A1", "25A4"], next="N", passed_out=False, contract=None)
S("t-cc-partner-called", "25A2", "«No se puede cambiar la voz si el compañero ha dado una voz posterior»", tree="change_of_call",
  facts={"unintended": Y, "partner_called": Y}, law="25A2")
S("t-cc-too-late", "25A3", "auction ended before partner's turn and the lead is faced: too late", tree="change_of_call",
  facts={"unintended": Y, "partner_called": NO, "auction_ended": Y}, law="25A3")
S("t-cc-slip", "25A1", "no pause, partner has not called: the intended call stands", tree="change_of_call",
  facts={"unintended": Y, "partner_called": NO, "auction_ended": NO, "pause": NO}, law=["25A1", "25A4"], lead_restrictions=False)
S("t-cc-pause-accepted", "25B1", "a pause makes it a 25B substitution; LHO accepts", tree="change_of_call",
  facts={"unintended": Y, "partner_called": NO, "auction_ended": NO, "pause": Y, "accepted": Y}, law="25B1")
S("t-cc-mind-cancelled", "25B2", "«cualquier sustitución no permitida en A queda anulada»; 25B3: 16D applies", tree="change_of_call",
  facts={"unintended": NO, "accepted": NO}, law="25B2", lead_restrictions=False, cites=["16D"])
S("t-cc-mind-accepted", "25B1", "«La primera voz se retira, permanece la segunda»", tree="change_of_call",
  facts={"unintended": NO, "accepted": Y}, law="25B1")

# ---------------------------------------------------------------- 26: lead restrictions
S("t-26-same-call", "26", "Law 26 needs «él escoge una voz diferente»", tree="lead_restrictions",
  facts={"different_call_chosen": NO}, law="26", lead_restrictions=False)
S("t-26-not-defender", "26", "«si acaba siendo defensor» only", tree="lead_restrictions",
  facts={"different_call_chosen": Y, "offender_defender": NO}, law="26", lead_restrictions=False)
S("t-26A1", "26A1", "suits specified by the same player in the legal auction: «no hay restricciones en la salida»",
  tree="lead_restrictions", facts={"different_call_chosen": Y, "offender_defender": Y, "withdrawn_call_suits": Y,
                                   "suits_specified_legally": Y}, law="26A1", lead_restrictions=False)
S("t-26A2", "26A2", "a suit not specified legally: declarer may require or forbid the suit", tree="lead_restrictions",
  facts={"different_call_chosen": Y, "offender_defender": Y, "withdrawn_call_suits": Y, "suits_specified_legally": NO},
  law="26A2", lead_restrictions=True)
S("t-26B", "26B", "«Otras voces retiradas»: declarer may forbid any one suit", tree="lead_restrictions",
  facts={"different_call_chosen": Y, "offender_defender": Y, "withdrawn_call_suits": NO}, law="26B", lead_restrictions=True)
S("t-26-repeat-new-meaning", "26", "«una voz repetida con un significado diferente se considera una voz diferente»; a withdrawn double -> 26B",
  tree="lead_restrictions", facts={"different_call_chosen": Y, "offender_defender": Y, "withdrawn_call_suits": NO},
  law="26B", lead_restrictions=True)

# ---------------------------------------------------------------- 27: insufficient bid
S("ib-accepted-bid", "27A1", "«Está aceptada si este jugador da voz»", "N", "1H 1D 2C",
  law="27A1", next="W", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)
S("ib-accepted-double", "27A1", "a double by LHO is a call: acceptance", "N", "1S 1H X", law="27A1", next="W",
  partner_must_pass=NO)
S("ib-accepted-pass", "27A1", "a pass by LHO is a call: acceptance", "N", "1NT 1S P", law="27A1", next="W",
  partner_must_pass=NO)
S("ib-lowest-nonartificial", "27B1a", "«la declaración suficiente más baja en la misma denominación ... no son artificiales»",
  "N", "1H 1D TD E:2D", {"artificial": NO}, law="27B1a", next="S", partner_must_pass=NO, offender_must_pass=NO,
  lead_restrictions=False, cites=["27D"])
S("ib-lowest-nonartificial-later", "27B1a", "later in the auction, W's insufficient 1D", "N", "1C P 1H 1D TD W:2D",
  {"artificial": NO}, law="27B1a", next="N", partner_must_pass=NO, lead_restrictions=False)
S("ib-lowest-nt", "27B1a", "1S over 1NT corrected to 2S, both natural", "N", "1NT 1S TD E:2S", {"artificial": NO},
  law="27B1a", next="S", partner_must_pass=NO)
S("ib-lowest-dealer-W", "27B1a", "dealer W: N's 1H over 1S corrected to 2H", "W", "1S 1H TD N:2H", {"artificial": NO},
  law="27B1a", next="E", partner_must_pass=NO)
S("ib-lowest-artificial-same-meaning", "27B1b", "lowest same denomination but artificial: (a) fails, «salvo lo indicado en (a)» -> (b)",
  "N", "2NT 2C TD E:3C", {"artificial": Y, "same_meaning": Y}, law="27B1b", next="S", partner_must_pass=NO,
  lead_restrictions=False)
S("ib-lowest-artificial-different", "27B2", "artificial 2C corrected to natural 3C, not the same meaning: partner passes throughout",
  "N", "2NT 2C TD E:3C", {"artificial": Y, "same_meaning": NO}, law="27B2", next="S", partner_must_pass=R,
  offender_must_pass=NO, lead_restrictions=True)
S("ib-other-bid-same-meaning", "27B1b", "«un significado más preciso ... totalmente incluido»: a transfer 2D showing spades for a natural 1S",
  "N", "1NT 1S TD E:2D", {"same_meaning": Y}, law="27B1b", next="S", partner_must_pass=NO, lead_restrictions=False,
  cites=["27D"])
S("ib-jump", "27B2", "a jump correction with another meaning: «el compañero del infractor tendrá que pasar durante el resto de la subasta»",
  "N", "1S 1H TD E:3H", {"same_meaning": NO}, law="27B2", next="S", partner_must_pass=R, offender_must_pass=NO,
  lead_restrictions=True)
S("ib-other-suit", "27B2", "dealer S: W's 1H corrected to 2C, another suit", "S", "1S 1H TD W:2C", {"same_meaning": NO},
  law="27B2", next="N", partner_must_pass=R, lead_restrictions=True)
S("ib-pass", "27B2", "«se corrige por una declaración suficiente o por paso»", "N", "1S 1H TD E:P", {"same_meaning": NO},
  law="27B2", next="S", partner_must_pass=R, offender_must_pass=NO, lead_restrictions=True)
S("ib-pass-ends-auction", "27B2", "W corrects his insufficient 1H by a pass: 1S P P P, the auction is over", "N",
  "1S P P 1H TD W:P", {"same_meaning": NO}, law="27B2", next=None, contract="1S", declarer="N", partner_must_pass=R,
  lead_restrictions=True)
S("ib-double-cancelled", "27B3", "«si el infractor intenta cambiar ... por un doblo ... la segunda voz se cancela»: he must correct",
  "N", "1S 1H TD E:X", {"same_meaning": NO}, law="27B3", next="E", partner_must_pass=R, lead_restrictions=True)
S("ib-double-then-corrected", "27B3", "after the double is cancelled E corrects to 2H: partner still passes throughout",
  "N", "1S 1H TD E:X E:2H", {"same_meaning": NO}, law="27B3", next="S", partner_must_pass=R, lead_restrictions=True)
S("ib-redouble-cancelled", "27B3", "a redouble in place of the insufficient 1D is cancelled too", "N", "1S X 1D TD S:XX",
  {"same_meaning": NO}, law="27B3", next="S", partner_must_pass=R, lead_restrictions=True)
S("ib-double-same-meaning", "27B1b", "27B3 «Salvo lo indicado en el punto B1(b)»: a double with the same meaning stands",
  "N", "1NT 1S TD E:X", {"same_meaning": Y}, law="27B1b", next="S", partner_must_pass=NO)
S("ib-second-insufficient", "27B4", "another insufficient bid, LHO does not accept: «resolverá igual que en el punto 3»",
  "N", "1S 1H TD E:1D TD", law="27B4", next="E", partner_must_pass=R, lead_restrictions=True)
S("ib-second-insufficient-accepted", "27B4", "LHO accepts the new insufficient bid «tal y como lo permite el punto A»",
  "N", "1S 1H TD E:1D P", law=["27B4", "27A1"], next="W", partner_must_pass=NO)
S("ib-second-insufficient-corrected", "27B4", "after 27B4 (as B3) E corrects to 2H: W passes for the rest of the auction",
  "N", "1S 1H TD E:1D TD E:2H", law="27B4", next="S", partner_must_pass=R, lead_restrictions=True)
S("ib-premature-lowest", "27C", "«se mantiene su segunda voz. El Árbitro aplicará ... aquella de las secciones ... que proceda»",
  "N", "1H 1D E:2D", {"artificial": NO}, law="27B1a", next="S", partner_must_pass=NO)
S("ib-premature-jump", "27C", "premature correction by a jump: 27B2 applies to it", "N", "1H 1D E:3D", {"same_meaning": NO},
  law="27B2", next="S", partner_must_pass=R, lead_restrictions=True)
S("ib-premature-double", "27C", "premature double: 27B3 applies, the double is cancelled", "N", "1H 1D E:X",
  {"same_meaning": NO}, law="27B3", next="E", partner_must_pass=R)
S("ib-out-of-rotation-partner", "27A2", "«declaración insuficiente fuera de turno se aplicará el Art. 31»: W at E's turn -> 31B",
  "N", "1S W:1H TD", law="31B", next="E", partner_must_pass=R, lead_restrictions=True)
S("ib-out-of-rotation-rho", "27A2", "S's insufficient 1H at E's turn; E bids, S repeats hearts: 31A2(a)", "N", "1S S:1H TD 2C S:2H",
  law="31A2a", next="W", partner_must_pass=NT, offender_must_pass=NO)

# ---------------------------------------------------------------- 28 and 29
S("rot-28A-record", "28A", "S bids at E's turn; E must pass (30A): «Se considera que una voz ha sido dada en el turno correcto»",
  "N", "E:P TD 1H S:2H TD", law="28A", next="W", partner_must_pass=NO, offender_must_pass=NO)
S("t-28A", "28A", "RHO required by law to pass: deemed in rotation", tree="bid_out_of_rotation",
  facts={"turn_of": "rho", "rho_must_pass": Y}, law="28A")
S("rot-28B-rho-calls", "28B", "E, whose turn it was, calls over S's bid: «se pierde el derecho a que se rectifique», but 16D2",
  "N", "1H S:1S E:2C", law="28B", next="S", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False,
  cites=["16D"])
S("rot-28B-first-call", "28B", "E bids at dealer's turn; N then calls in turn", "N", "E:1S N:P", law="28B", next="E",
  partner_must_pass=NO)
S("rot-28B-double", "28B", "W doubles at S's turn; S calls in turn: the double is as if not made", "N", "1H P W:X S:P",
  law="28B", next="W", partner_must_pass=NO, offender_must_pass=NO)
S("rot-28B-not-partner", "28B", "28B needs «la voz fuera de turno de un oponente»: E, whose turn it was, is W's partner, so W's 1S is not forgiven",
  "N", "1H W:1S E:2C", law_not="28B")
S("rot-29A-bid", "29A", "«el OI del infractor puede optar por dar voz, perdiendo ... cualquier rectificación»", "N", "1H S:1S P",
  law="29A", next="N", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)
S("rot-29A-partner-turn", "29A", "W bid at E's turn, N (W's LHO) doubles: accepted, E's turn was skipped", "N", "1H W:1S X",
  law="29A", next="E", partner_must_pass=NO)
S("rot-29A-pass", "29A", "pass out of rotation accepted by LHO's bid", "N", "1H W:P 1S", law="29A", next="E",
  offender_must_pass=NO)
S("rot-29A-double", "29A", "double out of rotation accepted by LHO's pass", "N", "1H P W:X P", law="29A", next="E",
  partner_must_pass=NO)
S("rot-29C-specified-repeated", "29C", "an artificial 2D transfer (hearts) at RHO's turn, then 2H: «se aplicarán a la(s) denominación(es) especificada(s)» -> 31A2(a)",
  "N", "1NT S:2D TD X S:2H", {"artificial": Y, "same_denomination": Y}, law="31A2a", next="W", partner_must_pass=NT)
S("rot-29C-specified-not-repeated", "29C", "artificial 2D (hearts) out of rotation, then 3C: hearts not repeated -> 31A2(b)",
  "N", "1NT S:2D TD X S:3C", {"artificial": Y}, law="31A2b", next="W", partner_must_pass=R, lead_restrictions=True)

# ---------------------------------------------------------------- 30: pass out of rotation
S("pass-30A-rho", "30A", "«antes de que cualquier jugador haya declarado, el infractor debe pasar en su próximo turno»", "N", "E:P TD",
  {"artificial": NO}, law="30A", next="N", offender_must_pass=NT, partner_must_pass=NO, lead_restrictions=False)
S("pass-30A-partner", "30A", "30A applies whoever's turn it was: S passes at N's turn", "N", "S:P TD", {"artificial": NO},
  law="30A", next="N", offender_must_pass=NT, partner_must_pass=NO)
S("pass-30A-lho", "30A", "W passes at N's turn: no bid yet, so 30A, not 30B3", "N", "W:P TD", {"artificial": NO},
  law="30A", next="N", offender_must_pass=NT, partner_must_pass=NO)
S("pass-30A-dealer-S", "30A", "dealer S, W passes at S's turn", "S", "W:P TD", {"artificial": NO}, law="30A", next="S",
  offender_must_pass=NT)
S("pass-30A-after-passes", "30A", "two passes, then W passes at S's turn: still before any bid", "N", "P P W:P TD",
  {"artificial": NO}, law="30A", next="S", offender_must_pass=NT)
S("pass-30A-second-pass-lho", "30A", "E passes again at S's turn before any bid: 30A (30B3 needs «Después de que algún jugador haya declarado»)",
  "N", "P P E:P TD", {"artificial": NO}, law="30A", next="S", offender_must_pass=NT)
S("pass-30B1", "30B1", "«en el turno del OD ... el infractor pasará en su próximo turno»", "N", "1H S:P TD", {"artificial": NO},
  law="30B1", next="E", offender_must_pass=NT, partner_must_pass=NO, lead_restrictions=False)
S("pass-30B1-later", "30B1", "N passes at W's turn", "N", "1C 1H P N:P TD", {"artificial": NO}, law="30B1", next="W",
  offender_must_pass=NT, partner_must_pass=NO)
S("pass-30B1-not-17E2", "30B1", "only two passes follow 1S: not 17E2", "N", "1S P W:P TD", {"artificial": NO}, law="30B1",
  next="S", offender_must_pass=NT)
S("pass-30B2a", "30B2a", "«en el turno de su compañero, el infractor pasará en todos sus turnos»", "N", "1H W:P TD",
  {"artificial": NO}, law="30B2a", next="E", offender_must_pass=R, partner_must_pass=NO, lead_restrictions=False)
S("pass-30B2a-then-bid", "30B2a", "E then bids 2C (allowed by 30B2(b)); W still passes throughout", "N", "1H W:P TD E:2C",
  {"artificial": NO}, law="30B2a", next="S", offender_must_pass=R, partner_must_pass=NO)
S("pass-30B2a-later", "30B2a", "later round, W passes at E's turn", "N", "1C P 1H P 1S W:P TD", {"artificial": NO},
  law="30B2a", next="E", offender_must_pass=R)
S("pass-30C-artificial-partner-turn", "30C", "artificial pass at partner's turn: «se aplica el Artículo 31, y no el 30» -> 31B",
  "N", "1H W:P TD", {"artificial": Y}, law="31B", next="E", partner_must_pass=R, offender_must_pass=NO,
  lead_restrictions=True)
S("pass-30C-artificial-rho-repeats", "30C", "artificial pass at RHO's turn, RHO passes: must repeat, «no hay rectificación» (31A1)",
  "N", "1H S:P TD P S:P", {"artificial": Y}, law="31A1", next="W", partner_must_pass=NO, lead_restrictions=False)
S("pass-30C-artificial-rho-calls", "30C", "RHO bids: «si la voz fuera de turno fue un paso artificial» -> 31A2(b)",
  "N", "1H S:P TD 1S S:2C", {"artificial": Y}, law="31A2b", next="W", partner_must_pass=R, lead_restrictions=True)
S("pass-30C-artificial-before-bid", "30C", "strong-pass system: artificial pass before any bid, RHO opens: 31A2(b)",
  "N", "E:P TD 1H E:P", {"artificial": Y}, law="31A2b", next="S", partner_must_pass=R, lead_restrictions=True)
S("pass-30C-artificial-before-bid-repeat", "30C", "artificial pass at RHO's turn, RHO passes, offender repeats: 31A1",
  "N", "E:P TD P E:P", {"artificial": Y}, law="31A1", next="S", partner_must_pass=NO)
S("pass-30C-over-partner-artificial-repeat", "30C", "«se trata de un paso sobre una voz artificial» (N's 2C) at RHO's turn; E passes: 31A1",
  "N", "2C S:P TD P S:P", {"artificial": NO, "pass_over_artificial": Y}, law="31A1", next="W", partner_must_pass=NO)
S("pass-30C-over-partner-artificial-rho-bids", "30C", "pass over partner's artificial 2C, RHO bids: 31A2(b) «si fue un paso sobre una voz artificial del compañero»",
  "N", "2C S:P TD 2S S:P", {"artificial": NO, "pass_over_artificial": Y}, law="31A2b", next="W",
  partner_must_pass=R, lead_restrictions=True)
S("pass-30C-over-partner-landy", "30C", "W passes at S's turn over E's artificial 2C; S doubles: 31A2(b)", "N",
  "1NT 2C W:P TD X W:P", {"artificial": NO, "pass_over_artificial": Y}, law="31A2b", next="N", partner_must_pass=R,
  lead_restrictions=True)
S("pass-30C-over-partner-natural", "30B1", "control: partner's 2C natural, so Law 30 applies", "N", "1NT 2C W:P TD",
  {"artificial": NO, "pass_over_artificial": NO}, law="30B1", next="S", offender_must_pass=NT, partner_must_pass=NO)

S("pass-30B1-natural-then-bid", "37B2", "control for 30C: the pass was natural, so 30B1 bound S and his 2C breaks it",
  "N", "1H S:P TD 1S S:2C", {"artificial": NO}, law="37B2", next="W", offender_must_pass=R, partner_must_pass=R,
  lead_restrictions=True)
S("pass-30A-then-bids", "37B2", "30A bound E to pass at his next turn; he bids 1S", "N", "E:P TD 1H 1S TD",
  {"artificial": NO}, law="37B2", next="S", offender_must_pass=R, partner_must_pass=R, lead_restrictions=True)

# ---------------------------------------------------------------- 31: bid out of rotation
S("boor-31A1", "31A1", "«Si el OD pasa, el infractor debe repetir la voz fuera de turno ... no hay rectificación»", "N",
  "1H S:1S TD P S:1S", law="31A1", next="W", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)
S("boor-31A1-dealer-E", "31A1", "dealer E; W bids at S's turn, S passes, W repeats", "E", "1D W:1H TD P W:1H", law="31A1",
  next="N", partner_must_pass=NO, lead_restrictions=False)
S("boor-31A1-partner-called", "31A1", "partner has called since 1H (25A2), so N's 2H at W's turn is a bid at RHO's turn, not a change of call",
  "N", "1H P 1S N:2H TD P N:2H", law="31A1", next="E", partner_must_pass=NO, lead_restrictions=False)
S("boor-31A2a", "31A2a", "«repite la denominación ... el compañero del infractor debe pasar en su próximo turno»", "N",
  "1H S:1S TD 2C S:2S", law="31A2a", next="W", partner_must_pass=NT, offender_must_pass=NO, lead_restrictions=False)
S("boor-31A2a-after-double", "31A2a", "RHO doubles; offender repeats spades at the same level", "N", "1H S:1S TD X S:1S",
  law="31A2a", next="W", partner_must_pass=NT)
S("boor-31A2a-notrump", "31A2a", "notrump is a denomination: 1NT then 2NT repeats it", "N", "1C S:1NT TD 1S S:2NT",
  law="31A2a", next="W", partner_must_pass=NT)
S("boor-31A2b-other-suit", "31A2b", "«no repite la denominación ... el compañero ... pasar en todos sus turnos»", "N",
  "1H S:1S TD 2C S:2D", law="31A2b", next="W", partner_must_pass=R, offender_must_pass=NO, lead_restrictions=True)
S("boor-31A2b-pass", "31A2b", "the offender passes after RHO's bid: the denomination is not repeated", "N",
  "1H S:1S TD 2C S:P", law="31A2b", next="W", partner_must_pass=R, lead_restrictions=True)
S("boor-31A2b-double", "31A2b", "the offender doubles after RHO's bid", "N", "1H S:1S TD 2C S:X", law="31A2b", next="W",
  partner_must_pass=R, lead_restrictions=True)
S("boor-31B-partner-turn", "31B", "«en el turno del compañero ... el compañero del infractor pasará en todos sus turnos»", "N",
  "1H W:1S TD", law="31B", next="E", partner_must_pass=R, offender_must_pass=NO, lead_restrictions=True)
S("boor-31B-lho-first-call", "31B", "W bids at N's (LHO's) turn, not having called: 31B", "N", "W:1S TD", law="31B",
  next="N", partner_must_pass=R, lead_restrictions=True)
S("boor-31B-lho-dealer-E", "31B", "dealer E, N bids at E's turn (his LHO), not having called", "E", "N:1S TD", law="31B",
  next="E", partner_must_pass=R, lead_restrictions=True)
S("boor-31B-partner-turn-called-before", "31B", "at partner's turn 31B applies even if the offender had called", "N",
  "1H P N:2H TD", law="31B", next="S", partner_must_pass=R, lead_restrictions=True)
S("boor-31B-then-calls", "31B", "after 31B: E passes, S bids, W makes any legal call", "N", "1H W:1S TD P 2C 2S", law="31B",
  next="N", partner_must_pass=R)

S("boor-31B-before-dealer", "31B", "S bids at dealer N's turn (his partner's): N passes throughout", "N", "S:1H TD", law="31B",
  next="N", partner_must_pass=R, lead_restrictions=True)
S("boor-31A1-before-dealer", "31A1", "E bids at dealer N's turn (his RHO); N passes, E repeats", "N", "E:1H TD P E:1H",
  law="31A1", next="S", partner_must_pass=NO, lead_restrictions=False)
S("boor-31A2a-before-dealer", "31A2a", "E bids at N's turn; N opens, E bids hearts again", "N", "E:1H TD 1S E:2H",
  law="31A2a", next="S", partner_must_pass=NT, offender_must_pass=NO)
S("boor-insufficient-accepted", "29A", "W's insufficient 1H at E's turn, N calls over it: «perdiendo ... cualquier rectificación» (key 27A1/29A debatable)",
  "N", "1S W:1H P", next="E", partner_must_pass=NO, offender_must_pass=NO)

# ---------------------------------------------------------------- 32: double or redouble out of rotation
S("dbl-32A", "32A", "«en el turno del compañero, este compañero pasará en todos sus turnos»", "N", "1H W:X TD", law="32A",
  next="E", partner_must_pass=R, offender_must_pass=NO, lead_restrictions=True)
S("dbl-32A-redouble", "32A", "N redoubles E's double at S's turn", "N", "1S X N:XX TD", law="32A", next="S",
  partner_must_pass=R, lead_restrictions=True)
S("dbl-32B1", "32B1", "«Si el OD del infractor pasa, el infractor debe repetir su doblo ... y no hay rectificación» (26 needs a different call)",
  "N", "1H P W:X TD P W:X", law="32B1", next="N", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)
S("dbl-32B2", "32B2", "«Si el OD del infractor declara ... su compañero tendrá que pasar en todos sus turnos»", "N",
  "1H P W:X TD 1S W:P", law="32B2", next="N", partner_must_pass=R, lead_restrictions=True)
S("dbl-32B2-double-again", "32B2", "RHO raises, the offender doubles the new bid", "N", "1H P W:X TD 2H W:X", law="32B2",
  next="N", partner_must_pass=R)
S("t-32-lho-turn", "32", "a double at LHO's turn by a player who has called is a change of call (Law 25)",
  tree="double_out_of_rotation", facts={"inadmissible": NO, "turn_of": "lho", "accepted": NO, "unintended": NO,
                                        "accepted": NO}, law="25B2")
S("dbl-inadmissible-oor", "36B4", "an inadmissible redouble at partner's turn: «la subasta vuelve al jugador que tenía el turno»",
  "N", "1H W:XX TD", law="36B4", next="E", partner_must_pass=R, lead_restrictions=True)
S("dbl-inadmissible-oor-lho-calls", "36A", "32: «nunca pueden ser aceptados (sin embargo ... ver artículo 36)»; 36A cancels both",
  "N", "1H W:XX P", law="36A", next="E", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)

# ---------------------------------------------------------------- 33: simultaneous calls
S("t-33-rho", "33", "simultaneous with RHO, whose turn it was: deemed subsequent, so in rotation", tree="simultaneous_call",
  facts={"simultaneous_with": "rho"}, law="33")
S("t-33-partner-bid", "33", "simultaneous with partner's call: deemed after it, i.e. at RHO's turn; RHO passes -> 31A1",
  tree="simultaneous_call", facts={"simultaneous_with": "partner", "call_kind": "bid", "accepted": NO,
                                   "turn_player_called": NO, "rho_must_pass": NO, "rho_action": "pass"}, law="31A1")
S("t-33-lho-bid", "33", "simultaneous with LHO's call: deemed after it, i.e. at partner's turn -> 31B",
  tree="simultaneous_call", facts={"simultaneous_with": "lho", "call_kind": "bid", "accepted": NO,
                                   "turn_player_called": NO}, law="31B", partner_must_pass=R)
S("t-33-lho-pass", "33", "a pass simultaneous with LHO's call, after a bid: at partner's turn -> 30B2(a)",
  tree="simultaneous_call", facts={"simultaneous_with": "lho", "call_kind": "pass", "artificial": NO, "any_bid": Y,
                                   "accepted": NO, "turn_player_called": NO, "ends_auction": NO}, law="30B2a",
  offender_must_pass=R)
S("t-33-partner-pass", "33", "a pass simultaneous with partner's call, after a bid: at RHO's turn -> 30B1",
  tree="simultaneous_call", facts={"simultaneous_with": "partner", "call_kind": "pass", "artificial": NO, "any_bid": Y,
                                   "accepted": NO, "turn_player_called": NO, "rho_must_pass": NO, "ends_auction": NO},
  law="30B1", offender_must_pass=NT)

# ---------------------------------------------------------------- 34 / 17E2
S("e17-three-passes", "17E2", "«la subasta vuelve al jugador que se habían saltado, todos los pasos que siguieron se cancelan»",
  "N", "1S P W:P P TD", law="17E2", next="S", offender_must_pass=NO, partner_must_pass=NO, cites=["16D"])
S("e17-partner-turn", "17E2", "E passes at W's turn after 1H P P: the auction has not ended, back to W", "N", "1H P P E:P TD",
  law="17E2", next="W", offender_must_pass=NO)
S("e17-after-double", "17E2", "three passes follow a double, one out of rotation (S skipped)", "N", "1H X W:P P P TD",
  law="17E2", next="S", contract=None)
S("e17-no-td", "34", "«Si después de una voz se han producido tres pasos consecutivos, de los cuales uno o más fueron dados fuera de turno»: the auction is not over",
  "N", "1S P W:P P", law="17E2", next="S", contract=None)

# ---------------------------------------------------------------- 35-36: inadmissible doubles and redoubles
S("inad-36B2", "36B2", "S doubles partner's 1H (19A1): cancelled, «cambiar ... por cualquier voz legal ... el compañero ... pasar»",
  "N", "1H P X TD", law="36B2", next="S", partner_must_pass=R, offender_must_pass=NO, lead_restrictions=True)
S("inad-36B2-then-call", "36B2", "S substitutes 2H", "N", "1H P X TD S:2H", law="36B2", next="W", partner_must_pass=R,
  lead_restrictions=True)
S("inad-36A", "36A", "W calls before rectification: «la voz inadmisible y todas las posteriores se anulan ... no se aplican» 26",
  "N", "1H P X P", law="36A", next="S", partner_must_pass=NO, offender_must_pass=NO, lead_restrictions=False)
S("inad-opening-double", "36B2", "a double with nothing to double", "N", "X TD", law="36B2", next="N", partner_must_pass=R,
  lead_restrictions=True)
S("inad-redouble-no-double", "36B2", "a redouble of no double (19B1)", "N", "1H P P XX TD", law="36B2", next="W",
  partner_must_pass=R, lead_restrictions=True)
S("inad-36B2-pass-ends-auction", "36B2", "W's inadmissible redouble replaced by a pass: 1H P P P, the auction is over", "N",
  "1H P P XX TD W:P", law="36B2", next=None, contract="1H", declarer="N", lead_restrictions=True)
S("inad-double-of-double", "36B2", "only a bid may be doubled (19A1)", "N", "1H X X TD", law="36B2", next="S",
  partner_must_pass=R)
S("inad-double-partner-bid", "36B2", "W doubles his partner's 1S", "N", "1H 1S P X TD", law="36B2", next="W",
  partner_must_pass=R)
S("inad-by-player-required-to-pass", "36B2", "37A excludes «acción contraria a lo establecido en los artículos 19A1»: 35.1 -> 36",
  "N", "1H S:P TD P X TD", law="36B2", next="S", partner_must_pass=R)

S("inad-double-before-any-bid-oor", "36B4", "E doubles at N's turn before any bid: inadmissible and out of rotation",
  "N", "E:X TD", law="36B4", next="N", partner_must_pass=R, lead_restrictions=True)
S("inad-by-player-required-to-pass-lho-calls", "36A", "S, bound by 30B1, doubles partner's 1H and W calls: 36A cancels both, back to S",
  "N", "1H S:P TD P X P", law="36A", next="S", partner_must_pass=NO, lead_restrictions=False)

# ---------------------------------------------------------------- 37: call by a player required to pass
S("req-37B2", "37B2", "«La voz cancelada será sustituida por paso ... los dos miembros del bando infractor deben pasar»", "N",
  "1H S:P TD P 2C TD", law="37B2", next="W", offender_must_pass=R, partner_must_pass=R, lead_restrictions=True)
S("req-37A-one-turn", "37A", "W calls over S's 2C: «todas las posteriores son válidas»; the one-turn obligation is spent",
  "N", "1H S:P TD P 2C X", law="37A", next="N", offender_must_pass=NO, partner_must_pass=NO, lead_restrictions=False)
S("req-37A-rest", "37A", "«Si el infractor estaba obligado a pasar durante el resto de la subasta esta obligación sigue en pie»",
  "N", "1H W:P TD E:P S:P W:2C P", law="37A", next="E", offender_must_pass=R, partner_must_pass=NO,
  lead_restrictions=False)
S("req-37B2-ends-auction", "37B2", "the pass substituted for W's 2C is the third pass after 1H: the auction is over", "N",
  "1H W:P TD E:P S:P W:2C TD", law="37B2", next=None, contract="1H", declarer="N", lead_restrictions=True)
S("req-37B2-double", "37B2", "W, bound by 30B1, doubles 2C: cancelled, E-W pass throughout", "N", "1H 1S W:P TD 2C X TD",
  law="37B2", next="N", offender_must_pass=R, partner_must_pass=R, lead_restrictions=True)
S("req-37B2-after-31B", "37B2", "E, bound by 31B, bids 2C", "N", "1H W:1S TD E:2C TD", law="37B2", next="S",
  offender_must_pass=R, partner_must_pass=R, lead_restrictions=True)

# ---------------------------------------------------------------- 38: bid above seven
S("over7-38C-ends", "38C", "«sustituida por la voz de paso. La subasta continúa siempre que no haya terminado»: 7NT P P (P) ends it",
  "N", "7NT P P 8C TD", law="38C", next=None, contract="7NT", declarer="N", lead_restrictions=True)
S("over7-38C-continues", "38C", "E's 8S replaced by pass; both E and W pass throughout", "N", "1S 8S TD", law="38C", next="S",
  offender_must_pass=R, partner_must_pass=R, lead_restrictions=True)
S("over7-38C-opening", "38C", "an opening 8NT", "N", "8NT TD", law="38C", next="E", offender_must_pass=R,
  partner_must_pass=R, lead_restrictions=True)
S("over7-38C-dealer-W", "38C", "dealer W: 7S, N bids 8C", "W", "7S 8C TD", law="38C", next="E", offender_must_pass=R,
  partner_must_pass=R, lead_restrictions=True)
S("over7-38D-lho-called", "38D", "«excepto en el caso de que el OI ... haya dado voz»; 38B cancels S's pass too", "N",
  "1S 8S P", law="38D", next="S", offender_must_pass=R, partner_must_pass=R, lead_restrictions=False)
S("over7-38D-ends", "38D", "LHO's pass is cancelled with the 8C (38B); 7NT P P P: auction over", "N", "7NT P P 8C P",
  law="38D", next=None, contract="7NT", declarer="N", lead_restrictions=False)

# ---------------------------------------------------------------- 39: call after the final pass
S("after-39C-double", "39C", "«una declaración, doblo o redoblo realizados por un defensor»: restrictions of 26", "N",
  "1S P P P E:X TD", law="39C", next=None, contract="1S", declarer="N", lead_restrictions=True)
S("after-39C-bid", "39C", "a future defender bids after the final pass (W made the final pass: not an unintended change, 25A3)", "N", "1S P P P W:2H TD",
  {"unintended": NO}, law="39C", next=None,
  contract="1S", declarer="N", lead_restrictions=True)
S("after-39B-declarer", "39B", "«cualquier voz del futuro declarante o muerto»: no further rectification", "N",
  "1S P P P N:2S TD", law="39B", next=None, contract="1S", declarer="N", lead_restrictions=False)
S("after-39B-dummy", "39B", "dummy bids after the final pass", "N", "1S P P P S:4S TD", law="39B", next=None,
  contract="1S", declarer="N", lead_restrictions=False)
S("after-39B-defender-pass", "39B", "«el paso de un defensor»", "N", "1S P P P E:P TD", law="39B", next=None,
  contract="1S", lead_restrictions=False)
S("after-39B-lho-called", "39B", "«Si el oponente de la izquierda del infractor da una voz antes de que se aplique la rectificación»",
  "N", "1S P P P E:2H S:X", law="39B", next=None, contract="1S", declarer="N", lead_restrictions=False)
S("after-passed-out", "39A", "«Todas las voces que se hayan efectuado después del paso final ... serán anuladas»: still passed out",
  "N", "P P P P E:1H TD", next=None, contract=None, passed_out=True)

# ---------------------------------------------------------------- 24, 17D (tree-only)
S("t-24A", "24A", "«carta de rango inferior a un honor ... no hay más rectificaciones»", tree="card_exposed",
  facts={"cards_exposed": "low_card", "auction_over": NO}, law="24A", partner_must_pass=NO)
S("t-24B", "24B", "«una sola carta con rango de honor ... el compañero del infractor pasará en su próximo turno»",
  tree="card_exposed", facts={"cards_exposed": "honour_or_lead", "auction_over": NO}, law="24B", partner_must_pass=NT)
S("t-24C", "24C", "«dos o más cartas expuestas»", tree="card_exposed", facts={"cards_exposed": "two_or_more",
                                                                              "auction_over": NO}, law="24C",
  partner_must_pass=NT)
S("t-17D2-call-again", "17D2", "«el infractor vuelve a dar voz y la subasta continúa de manera normal»", tree="wrong_board",
  facts={"wrong_board_played_later": NO, "lho_called_after_wrong_board": NO}, law="17D2", adjusted_score=False)
S("t-17D2-differs", "17D2", "LHO had called and the new call differs: «puntuación ajustada artificial»", tree="wrong_board",
  facts={"wrong_board_played_later": NO, "lho_called_after_wrong_board": Y, "partner_called_after_wrong_board": NO,
         "new_call_differs": Y}, law="17D2", adjusted_score=True)
S("t-17D2-partner-called", "17D2", "«o si el compañero del infractor ha subastado después de la voz cancelada»", tree="wrong_board",
  facts={"wrong_board_played_later": NO, "lho_called_after_wrong_board": Y, "partner_called_after_wrong_board": Y},
  law="17D2", adjusted_score=True)
S("t-17D3-same", "17D3", "the offender repeats his call on the other board: «puede permitir que el estuche se juegue con normalidad»",
  tree="wrong_board", facts={"wrong_board_played_later": Y, "new_call_differs": NO}, law="17D3", adjusted_score=False)

# ---------------------------------------------------------------- NBB 2017 trees (tree-only)
NBB = "2017"  # the edition the NBB text follows (laws/data/publications): these scenarios use its numbering
S("t-nl-21A", "21A", "«geen recht op rechtzetting ... verkeerd begrepen»", tree="misinformation",
  facts={"own_misunderstanding": Y}, law="21A")
S("t-nl-21B1a", "21B1a", "«mag zonder sancties ... een bieding wijzigen»", tree="misinformation",
  facts={"own_misunderstanding": NO, "agreement_proven": Y, "misinformation": Y, "auction_still_open": Y,
         "call_influenced": Y, "player_changes_call": Y}, law=["21B1a", "21B2"])
S("t-nl-16B-no-LA", "16B1b", "no logical alternative: no rectification", tree="unauthorized_information",
  facts={"ui_from_partner": Y, "logical_alternative": NO}, law="16B1b")
S("t-nl-47E1", "47E1", "«neemt de gespeelde kaart zonder verdere rechtzetting terug»", tree="change_of_play_misinformation",
  facts={"told_its_turn": Y}, law="47E1")
S("t-nl-16D2-redeal", "16D2b", "information before the first call, board redealt", tree="information_from_other_source",
  facts={"ui_other_source": Y, "before_first_call": Y, "likely_to_interfere": Y, "other_source_measure": "redeal"},
  law="16D2b")

S("t-nl-41B-dummy", "41B", "before the lead is faced the presumed dummy may not ask for a review", tree="face_down_lead",
  facts={"opening_lead_request": "review_or_explanation", "lead_faced": NO, "asking_player": "presumed_dummy"},
  law="41B")
S("t-nl-16C1", "16C1", "information from a withdrawn call is authorized for the non-offending side",
  tree="withdrawn_action_information", facts={"player_on_offending_side": NO}, law="16C1")
for _sc in SC:  # written from the NBB text, in its numbering: run.py rules them by its edition, whatever --edition
    if _sc["id"].startswith("t-nl-"):
        _sc["edition"] = NBB

HEADER = """\
# Independent ruling scenarios for the bridge-rulebook engine, written from the law texts, not from the engine:
#   primary: the AEB (Spanish) text of the 2007 Laws, Laws 17-40 (laws/data/es-aeb-2007/*.yaml);
#   also the FIGB Law 17 (it-figb-2017/17.yaml) and the NBB 2017 texts (nl-nbb-2017/).
# Generated by gen.py (edit there, then `python3 gen.py`). Run with `python3 run.py /path/to/worktree`.
#
# Fields: id, law_basis (the provision that decides, AEB numbering), note, edition (only where a scenario was
# written from a text of another edition, in its numbering: run.py rules it by that edition), dealer + auction (record notation of
# README "The record notation") or tree (tree-only), facts (only findings the record cannot show), expect.
# expect holds only what the law says for sure; keys: law, next, partner_must_pass, offender_must_pass,
# lead_restrictions, contract, declarer; extra keys: status, passed_out, adjusted_score, and cites (provision keys
# that must appear in the ruling's explanation or trail, e.g. 16D for withdrawn calls).
#
# Fact keys used that the engine does not (yet) define:
#   pass_over_artificial     yes/no  30C / 31 preamble / 31A2(b): was the pass out of rotation made over the
#                                    offender's partner's artificial call? ("paso sobre una voz artificial")
# Fact keys used with a meaning the record cannot give:
#   same_denomination (29C)  when the call out of rotation was artificial, whether the later call repeats the
#                            denomination the artificial call SPECIFIED (not the one it named).
# expect.law may be a list: any of its keys is accepted where the law leaves the key open (a permitted unintended
# change: 25A1 grants it, 25A4 closes it «No hay más rectificaciones»); expect.law_not: a key that must NOT be given.
# Conventions chosen where the law leaves the key open (see REPORT.md): 27C rulings carry the section 27C sends to;
# 30C/27A2 rulings carry the Law 31 provision that decides; the change of call reached through 30B3/31B carries
# the Law 25 provision.
"""


def complete_pass_facts():
    """A natural pass out of rotation: the director has also found that it was not a pass over an artificial call
    of the offender's partner (30C), a finding the record cannot show."""
    for s in SC:
        f = s["facts"]
        if "pass" in s["id"] and f.get("artificial") == NO and "pass_over_artificial" not in f:
            f["pass_over_artificial"] = NO


def emit():
    complete_pass_facts()
    out = [HEADER]
    for s in SC:
        out.append(f"- id: {s['id']}")
        for k in ("law_basis", "note", "edition", "tree", "dealer", "auction"):
            if k in s:
                out.append(f"  {k}: {json.dumps(s[k], ensure_ascii=False)}")
        out.append(f"  facts: {json.dumps(s['facts'], ensure_ascii=False)}")
        out.append("  expect:")
        for k, v in s["expect"].items():
            out.append(f"    {k}: {json.dumps(v, ensure_ascii=False)}")
    Path(__file__).with_name("scenarios.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")
    ids = [s["id"] for s in SC]
    assert len(ids) == len(set(ids)), "duplicate ids"
    print(len(SC), "scenarios")



# The LHO declined the option (2007 27A1, 29A, 25B1): the director, called before the LHO called, offers it first
# ('acceptance: asked' in the 2007 trees); these records stop at TD, or go on after it with the rotation that follows
# the cancellation, so their expected rulings presuppose the refusal: it is given as the director's finding.
DECLINED = {
    "boor-31A1", "boor-31A1-before-dealer", "boor-31A1-dealer-E", "boor-31A1-partner-called", "boor-31A2a",
    "boor-31A2a-after-double", "boor-31A2a-before-dealer", "boor-31A2a-notrump", "boor-31A2b-double",
    "boor-31A2b-other-suit", "boor-31A2b-pass", "boor-31B-before-dealer", "boor-31B-lho-dealer-E",
    "boor-31B-lho-first-call", "boor-31B-partner-turn", "boor-31B-partner-turn-called-before",
    "boor-31B-then-calls", "cc-30B3-pass-at-lho", "cc-31B-later-bid-at-lho", "cc-lho-may-withdraw",
    "cc-mind-not-accepted", "cc-slip-after-pause", "dbl-32A", "dbl-32A-redouble", "dbl-32B1", "dbl-32B2",
    "dbl-32B2-double-again", "ib-out-of-rotation-partner", "ib-out-of-rotation-rho", "ib-premature-double",
    "ib-premature-jump", "ib-premature-lowest", "ib-second-insufficient", "inad-by-player-required-to-pass",
    "inad-by-player-required-to-pass-lho-calls", "pass-30A-after-passes", "pass-30A-dealer-S", "pass-30A-lho",
    "pass-30A-partner", "pass-30A-rho", "pass-30A-second-pass-lho", "pass-30A-then-bids", "pass-30B1",
    "pass-30B1-later", "pass-30B1-natural-then-bid", "pass-30B1-not-17E2", "pass-30B2a", "pass-30B2a-later",
    "pass-30C-artificial-before-bid", "pass-30C-artificial-before-bid-repeat",
    "pass-30C-artificial-partner-turn", "pass-30C-artificial-rho-calls", "pass-30C-artificial-rho-repeats",
    "pass-30C-over-partner-artificial-repeat", "pass-30C-over-partner-artificial-rho-bids",
    "pass-30C-over-partner-landy", "pass-30C-over-partner-natural", "req-37A-one-turn", "req-37A-rest",
    "req-37B2", "req-37B2-double", "rot-28A-record", "rot-29C-specified-not-repeated",
    "rot-29C-specified-repeated", "t-cc-mind-cancelled"
}
# Findings the 2007 trees ask since they ask what the law needs (session 3): the director's finding where the
# expected ruling presupposes it. 25A1 before the option (the offender's own call right after his insufficient
# bid was intended); 29C (the bid out of rotation the offender repeats was natural); whether a later bid repeats
# the specified denomination of an artificial bid is the director's finding.
FINDINGS = {
    "ib-premature-lowest": {"unintended": NO}, "ib-premature-jump": {"unintended": NO},
    "ib-premature-double": {"unintended": NO},
    **{i: {"artificial": NO} for i in ("ib-out-of-rotation-rho", "boor-31A2a", "boor-31A2a-after-double",
                                       "boor-31A2a-notrump", "boor-31A2b-other-suit", "boor-31A2a-before-dealer")},
    "rot-29C-specified-not-repeated": {"same_denomination": NO},
    # the 2007 bid tree asks 25A1 first at the partner's turn too (the bid replaced no call of his by mistake)
    "boor-31B-partner-turn-called-before": {"unintended": NO},
    # 30C: whether the pass out of rotation was artificial is the director's finding; the expected 30B2(a) obligation
    # (and so 37A on the later bid) presupposes a natural pass, as pass-30B2a gives it (session 4)
    "req-37A-rest": {"artificial": NO},
}
for _s in SC:
    if _s["id"] in DECLINED:
        _s["facts"]["accepted"] = "no"
    _s["facts"].update(FINDINGS.get(_s["id"], {}))
assert set(FINDINGS) <= {_s["id"] for _s in SC}, "a finding for no scenario"

emit()
