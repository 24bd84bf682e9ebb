"""A director's account of an auction read as an auction record (graph/search/account.py): the
record the ruling engine replays, and what the search's second stage gets from it."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graph import search as S
from graph.search import account as SA
from graph.search import rank as RANK
from graph.search import rerank as RR
from laws import editions as E

EDITIONS = E.editions()   # the trees of every edition, oldest first (the 2007 trees rule these accounts)


def _reads(query, lang, record, decisive=None, dealer=None):
    """The account of ``query`` read as ``record`` (and ``dealer``), the engine's decisive provision ``decisive`` in
    either edition (through the correspondence tables)."""
    a = SA.read(query, lang, EDITIONS)
    assert a is not None and a.record == record and dealer in (None, a.dealer)
    if decisive:
        assert {f"2007:{decisive}", f"2017:{decisive}"} & a.qualified(S.load_index().corresponds, a.decisive())
    return a


@pytest.mark.parametrize("query,lang,record,dealer,decisive", [
    # a pass at partner's turn after an opening bid (2007 30B2a): the turn named before the call ...
    ("Norte abre 1♣ y antes de que Este hable, Oeste dice paso", "es", "1C W:P TD", "N", ["30B2a", "30B2b"]),
    ("Nord apre 1♠ e, prima che Est parli, Ovest dice passo; il passo non viene accettato", "it",
     "1S W:P TD", "N", ["30B2a", "30B2b"]),
    # ... or after it
    ("Ovest apre 1♣ e Sud passa prima che Nord abbia parlato", "it", "1C S:P TD", "W", ["30B2a", "30B2b"]),
    # «al posto del compagno», «al turno della»: the article joined to the preposition
    ("Nord apre 1♦, Est passa, Sud dice 1♠ ed Est passa di nuovo al posto del compagno Ovest.", "it",
     "1D P 1S E:P TD", "N", ["30B2a", "30B2b"]),
    ("Tras el 1♦ de Norte, Oeste pasa cuando le tocaba a su compañero Este", "es", "1D W:P TD", "N",
     ["30B2a", "30B2b"]),
    # a bid at RHO's turn before anyone called, not accepted, then RHO calls (31A1)
    ("Gever N, maar O opent 1♦ voordat N iets zegt. Z neemt het niet over en N past daarna", "nl",
     "E:1D TD N:P", "N", ["31A", "31A1"]),
    ("Dador Este. Sur abre 1♠ antes que Este; luego Este pasa.", "es", "S:1S TD E:P", "E", ["31A", "31A1"]),
    # accepted: the offender's LHO calls over it without the director: what the engine applies decides (29A)
    ("N deelt, maar O zegt al 1♠ voordat N iets gezegd heeft; Z biedt meteen 2♥ zonder de WL te roepen", "nl",
     "E:1S S:2H", "N", ["29A"]),
    # a double at the turn of the offender's RHO (2007 32B)
    ("Norte abre 1♥ y, cuando le toca a Este, es Oeste quien dobla", "es", "1H W:X TD", "N", ["32A"]),
    # a double of partner's bid, the calls the account leaves out passed (36B)
    ("Sur abre 1♠, Oeste pasa y Norte, despistado, dobla el 1♠ de su compañero", "es", "1S P X TD", "S",
     ["36B1", "36B2"]),
    # a call by a player who had to pass throughout, before his LHO calls (37B)
    ("Sud, obbligato a passare per tutta la licita, dice 3♦; l'arbitro arriva prima che Ovest parli", "it",
     "1C S:P TD P P 3D TD", "W", ["37B1", "37B2"]),
])
def test_an_account_is_read_as_the_record_it_tells(query, lang, record, dealer, decisive):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None
    assert (a.record, a.dealer) == (record, dealer)
    assert a.decisive() == decisive


@pytest.mark.parametrize("query,lang", [
    # no seats, no calls, or calls in rotation: nothing for the engine to rule
    ("voz insuficiente corregida con doblo", "es"),
    ("Norte abre 1ST, Sur responde 2♣ y Norte lo explica como Stayman", "es"),
    ("N opent 1♥, O past, Z biedt 2♥", "nl"),
    # a call only named («el 2♦ de Norte»), not told as made out of turn
    ("Este pregunta qué significa el 2♦ de Norte y contesta el propio Norte en lugar de su compañero Sur", "es"),
    ("", "it"),
    ("Norte abre 1♣ y antes de que Este hable, Oeste dice paso", "en"),
])
def test_an_account_without_an_irregularity_gives_nothing(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


def test_the_engine_keys_reach_the_other_edition_through_the_table():
    a = SA.read("Norte abre 1♣ y antes de que Este hable, Oeste dice paso", "es", ["2007"])
    assert a.edition == "2007"
    # 2007 30B2a is 2017 30B1 (laws/data/editions/2007-2017.yaml)
    assert {"2007:30B2a", "2017:30B1"} <= a.qualified(S.load_index().corresponds)


_PIECES = list("NESOWZ 1234567♣♦♥♠PXpasodbletcuntr,.;") + [
    "Norte ", "Oeste ", "Dador ", "gever ", "paso ", "pas ", "passo ", "antes de que ", "voordat ", "prima che ",
    "dobla ", "TD ", "tenía que pasar ", "moet passen ", "obbligato a passare ", "no acepta ", "el 1♦ de Sur "]


@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join), st.sampled_from(["es", "nl", "it"]))
@settings(max_examples=300, deadline=None)
def test_any_text_reads_as_an_account_or_nothing_never_an_error(text, lang):
    a = SA.read(text, lang, EDITIONS)
    assert a is None or (a.record and a.dealer in "NESW" and a.laws)


def test_an_overlong_query_is_not_read():
    assert SA.read("Norte abre 1♣ y antes de que Este hable, Oeste dice paso. " * 20, "es", EDITIONS) is None


@pytest.fixture(scope="module")
def index():
    return S.load_index()


def test_the_engine_puts_the_decisive_provision_first(index):
    # words alone put 30A, 31A2b, 17E2 first; whose turn it was decides 30B2
    hits = S.search("Ovest apre 1♣ e Sud passa prima che Nord abbia parlato", "it", 3, index)
    assert hits[0].key.startswith("30B2")


def test_without_the_engine_features_the_search_is_what_it_was(index):
    q = "Ovest apre 1♣ e Sud passa prima che Nord abbia parlato"
    m = index.model
    names = [n for n in m.names if not n.startswith("eng")]
    keep = [m.names.index(n) for n in names]
    plain = RR.Model(tuple(names), tuple(m.mean[j] for j in keep), tuple(m.sd[j] for j in keep),
                     tuple(m.weight[j] for j in keep))
    qa, ranked, parts, _, _ = RANK.first_stage(index, q, "it")
    out = RR.rerank(index, qa, ranked, parts, "it", plain)
    assert [k for k, _ in out[:RR.N]] and not out[0][0].endswith("30B2a")


@pytest.mark.parametrize("query,lang,record", [
    # Dutch and Italian put the verb before its subject after an adverb
    ("N opent 1♣, O past, en dan past W terwijl Z aan de beurt is.", "nl", "1C P W:P TD"),
    ("Est apre 1♥, passa Sud, poi Nord passa fuori turno saltando Ovest, e passa anche Est.", "it", "1H P N:P E:P"),
    # nobody called the director: the player whose turn it was called over the pass (28B)
    ("Dador Norte. Este dice paso cuando le tocaba a Norte, pero Norte no se entera y abre 1♣ antes de que "
     "nadie llame al árbitro.", "es", "E:P N:1C"),
])
def test_word_order_and_acceptance_are_read(query, lang, record):
    assert SA.read(query, lang, EDITIONS).record == record


@pytest.mark.parametrize("query,record,decisive", [
    # English accounts read as the es/nl/it ones
    ("North opens 1♣ and before East speaks, West passes", "1C W:P TD", "30B2a"),
    ("North opens 1♣; South passes before East calls", "1C S:P TD", "30B1"),
    ("dealer North; East opens 1♥ out of turn, North passes, East repeats 1♥", "E:1H TD N:P E:1H", "31A1"),
    ("East bids 1♦ over North's 1♥ and South bids 2♣ without calling the director", "1H 1D 2C", "27A1"),
    ("North opens 1♠, East bids 1♥ and South does not accept it", "1S 1H TD", "27B"),
    ("North opens 1♥, East passes, West doubles before South has called", "1H P W:X TD", "32B"),
])
def test_an_english_account_is_read_as_its_record(query, record, decisive):
    a = SA.read(query, "en", EDITIONS)
    assert a.record == record and decisive in a.decisive()


@pytest.mark.parametrize("query,lang", [
    ("West changed his call from 2♥ to 3♥ and North then passes", "en"),
    ("Oeste cambia su voz de 2♥ a 3♥ y luego Norte pasa", "es"),
    ("W verandert zijn bod van 2♥ in 3♥ en daarna past N", "nl"),
    ("Ovest cambia la sua chiamata da 2♥ a 3♥ e poi Nord passa", "it"),
])
def test_two_calls_in_a_row_by_one_player_are_a_change_of_call_the_lho_accepts(query, lang):
    """«North then passes» decides: the LHO called over the changed call, which is accepted (25B1)."""
    a = SA.read(query, lang, EDITIONS)
    assert a.record == "2H W:3H N:P" and a.decisive() == ["25B1"]


@pytest.mark.parametrize("query,lang", [
    ("South bids 8♠ before West has called", "en"), ("Sur declara 8♠ antes de que Oeste haya hablado", "es"),
    ("Z biedt 8♠ voordat W heeft geboden", "nl"), ("Sud licita 8♠ prima che Ovest abbia parlato", "it"),
])
def test_a_bid_above_seven_is_read_as_made(query, lang):
    """A bid above seven decides over «has not called yet» (out of rotation): Law 38."""
    a = SA.read(query, lang, EDITIONS)
    assert a.kinds == ["bid_above_seven"] and "38C" in a.decisive()


def test_a_partners_call_named_in_english_is_not_made_again():
    a = SA.read("West doubles his partner's 1♠ and North bids 2♥ before the director comes", "en", EDITIONS)
    assert a is None or "W:1S" not in a.record


@pytest.mark.parametrize("query,lang", [
    ("Nord apre 1♥, Est dice 1♦; Sud non accetta. Est corregge con 2♦ e secondo l'Arbitro entrambe sono naturali", "it"),
    ("Norte abre 1♠ y Este dice 1♥ natural. No se acepta y Este lo corrige a 2♥, también natural.", "es"),
    ("N opent 1♠, O zegt 1♥; Z accepteert het niet en O maakt er 2♥ van, allebei natuurlijk", "nl"),
    ("North opens 1♠, East bids 1♥; South does not accept it and East corrects it to 2♥, both natural", "en"),
])
def test_a_correction_said_natural_is_the_sub_item_that_decides(query, lang):
    """«both natural» is the engine's fact artificial=no: the correction to the lowest sufficient bid in the
    same denomination is 27B1(a), not its parent 27B."""
    a = SA.read(query, lang, EDITIONS)
    assert "27B1a" in a.decisive()


@pytest.mark.parametrize("text,lang,said", [
    ("entrambe sono naturali", "it", "no"), ("el 2♣ es artificial", "es", "yes"),
    ("2♣ was not natural", "en", "yes"), ("het 2♣-bod was kunstmatig", "nl", "yes"),
    ("il 2♣ non è naturale", "it", "yes"), ("no es natural", "es", "yes"),
    # «natuurlijk» alone is "of course" in Dutch; an account that says both, or neither, says nothing
    ("mag dat natuurlijk?", "nl", None), ("1♥ natural and 2♣ artificial", "en", None), ("1♥ over 1♠", "en", None),
])
def test_natural_and_artificial_are_read_with_their_negation(text, lang, said):
    assert SA._artificial(text, lang) == said


@pytest.mark.parametrize("query,lang,record", [
    # a level in words («one heart», «dos picas», «een klaveren», «uno fiori») is a bid as «1♥» is
    ("Dealer South. West opens one heart before South has called", "en", "W:1H TD"),
    ("North opens two no trump and East bids two clubs", "en", "2NT 2C TD"),
    ("Norte abre un trébol, Este dice dos picas y Oeste, antes de que hable Sur, dice tres corazones", "es",
     "1C 2S W:3H TD"),
    ("N opent een klaveren, O zegt twee harten en W biedt drie ruiten voordat Z aan de beurt is", "nl",
     "1C 2H W:3D TD"),
    ("Nord apre uno fiori, Est dice due picche e Ovest dice tre cuori prima che Sud parli", "it", "1C 2S W:3H TD"),
    # the director not yet called: the offender's own next call replaces his insufficient bid (27C)
    ("North opens 1♠, East bids 1♥, changes his mind and bids two hearts before the director is called", "en",
     "1S 1H E:2H"),
    # the notations' own no-trump letters
    ("Norte abre 2SA, Este dice 2♠ y Sur no acepta", "es", "2NT 2S TD"),
    ("N opent 2SA, O zegt 2♠ en Z accepteert het niet", "nl", "2NT 2S TD"),
])
def test_a_level_said_in_words_is_a_bid(query, lang, record):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None and a.record == record


@pytest.mark.parametrize("query,lang,record", [
    # one verb, two seats: each passes in the order told («poi passano Ovest e Nord»)
    ("Nord apre 1♣, Sud passa prima che Est parli, poi passano Ovest e Nord", "it", "1C S:P W:P N:P"),
    ("Norte abre 1♣, Sur pasa antes de que hable Este y luego pasan Oeste y Norte", "es", "1C S:P W:P N:P"),
    ("N opent 1♣, Z past voordat O aan de beurt is, daarna passen W en N", "nl", "1C S:P W:P N:P"),
    ("North opens 1♣, South passes before East has called, then West and North pass", "en", "1C S:P W:P N:P"),
])
def test_two_seats_after_one_verb_each_call(query, lang, record):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None and a.record == record
    # three passes, one of them out of rotation, do not end the auction: 2007 17E2 (2017 17D3)
    assert {"2007:17E2", "2017:17D3"} & a.qualified(S.load_index().corresponds, a.decisive())


@pytest.mark.parametrize("query,lang,accepted", [
    ("Norte abre 1♠, Este dice 1♥ y nadie acepta la voz", "es", False),
    ("N opent 1♠, O zegt 1♥; Z accepteert dat bod niet", "nl", False),
    ("Nord apre 1♠, Est dice 1♥ e nessuno accetta la licita", "it", False),
    ("North opens 1♠, East bids 1♥ and nobody accepts it", "en", False),
    ("North opens 1♠, East bids 1♥; South declines to accept it", "en", False),
    ("North opens 1♠, East bids 1♥ and South accepts it", "en", True),
    ("Norte abre 1♠, Este dice 1♥ y Sur lo da por bueno y pasa", "es", True),
])
def test_a_negated_acceptance_is_a_refusal(query, lang, accepted):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None
    assert ("27A1" in a.decisive()) is accepted and ("27B" in a.decisive()) is not accepted


@pytest.mark.parametrize("query,lang,record", [
    # a seat named by its place from the last seat named («su OI», «zijn partner», «the player on his left»)
    ("North opens 1♠, East bids 1♥ and his LHO does not accept it", "en", "1S 1H TD"),
    ("Norte abre 1♣ y, antes de que hable Este, su compañero dice paso", "es", "1C W:P TD"),
    ("Oeste abre 1♥ fuera de turno; su OI no lo acepta", "es", "W:1H TD"),
    ("N opent 1♥ en voordat O iets zegt, past zijn partner", "nl", "1H W:P TD"),
    ("Ovest apre 1♥ e l'avversario alla sua destra contra prima che Nord parli", "it", "1H S:X TD"),
    # a player's own question: «my» is the asker's seat
    ("my LHO opened 1♥ before my partner had called", "en", "W:1H TD"),
    ("North opens 1♥ and the player on his right passes before his partner has called", "en", "1H W:P TD"),
])
def test_a_seat_named_by_its_place_is_read(query, lang, record):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None and a.record == record


@pytest.mark.parametrize("query,lang,record,decisive", [
    # the auction ended (three passes after a bid) when the call was made: Law 39; the caller a defender unless
    # the account puts him on the declaring side
    ("Tras el tercer paso final, Oeste dice 2♥", "es", "1C P P P W:2H", "39C"),
    ("Tras el 4♠ de Sur y tres pasos, Oeste dobla antes de la salida", "es", "4S P P P W:X", "39C"),
    ("Na de derde pas biedt O nog 2♥", "nl", "1C P P P E:2H", "39C"),
    ("Dopo il terzo passo finale Nord, che sarà il morto, dice contro", "it", "1C P P P N:X", "39B"),
    ("After the final pass, East, who will be dummy, bids 2♠", "en", "1C P P P E:2S", "39B"),
])
def test_a_call_after_the_final_pass_is_read(query, lang, record, decisive):
    assert _reads(query, lang, record, decisive).kinds == ["call_after_final_pass"]


@pytest.mark.parametrize("query,lang,decisive", [
    # «with the same meaning», «comparable»: 27B1(b); «with a different meaning»: 27B2 (2007 texts: es, it)
    ("Norte abre 1♠, Este dice 1♥; no se acepta y Este pone 3♥, con el mismo significado", "es", "27B1b"),
    ("North opens 1♠, East bids 1♥; South does not accept and East bids 3♥, a comparable call", "en", "27B1b"),
    ("Nord apre 1♠, Est dice 1♥; Sud non accetta e Est dice 3♥, con significato diverso", "it", "27B2"),
    ("North opens 1♠, East bids 1♥; South does not accept and East bids 3♥, not a comparable call", "en", "27B2"),
    # no seat named: the irregularity in general words, its acceptance said, decides which way the law rules
    ("insufficient bid not accepted", "en", "27B"),
    ("LHO does not accept the insufficient bid", "en", "27B"),
    ("LHO accepts the insufficient bid", "en", "27A1"),
    ("declaración insuficiente no aceptada", "es", "27B"),
    ("onvoldoende bod niet geaccepteerd", "nl", "27B"),
    ("licita insufficiente accettata dall'avversario di sinistra", "it", "27A1"),
    ("bid out of rotation accepted by LHO", "en", "29A"),
])
def test_the_detail_said_decides_the_provision(query, lang, decisive):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None and decisive in a.decisive()


@pytest.mark.parametrize("text,lang,facts", [
    ("North opens 1♠ and East, after a pause, changes his 1♥ to 2♥", "en", {"pause": "yes"}),
    ("Norte abre 1♠, Este dice 1♥ y, cambiando de idea, dice 2♥", "es", {"unintended": "no"}),
    ("N opent 1♠, O zegt 1♥, bedenkt zich en zegt 2♥", "nl", {"unintended": "no"}),
    ("Nord apre 1♠, Est dice 1♥ per sbaglio e subito dice 2♥", "it", {"unintended": "yes", "pause": "no"}),
])
def test_a_slip_a_pause_and_a_change_of_mind_are_facts(text, lang, facts, monkeypatch):
    seen = {}
    real = SA.A.replay

    def spy(record, dealer, f=None, **kw):
        seen.update(f or {})
        return real(record, dealer, f, **kw)

    monkeypatch.setattr(SA.A, "replay", spy)
    SA.read(text, lang, EDITIONS)
    assert facts.items() <= seen.items()


@pytest.mark.parametrize("query,lang", [
    # the auction is the background of another question: the reader gives nothing
    ("Oeste abre 1♥ fuera de turno, no se acepta; luego en el carteo Norte juega contando con los corazones de Oeste", "es"),
    ("N opent 1♥, O past en Z legt uit dat 1♥ vijf kaarten belooft; W vraagt later om herstel", "nl"),
    ("Sud apre 1SA con le carte di un altro board ed Ovest dice 2♥", "it"),
    ("South leads the ♠K after West's 1♠ out of turn was cancelled", "en"),
    # a double of nothing: the account leaves out the auction
    ("Norte piensa mucho y pasa; Sur reabre con doblo", "es"),
])
def test_an_account_about_something_else_is_not_read(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


@pytest.mark.parametrize("query,lang", [
    ("insufficient bid", "en"), ("insufficient bid, the director is called", "en"), ("pass out of turn not accepted", "en"),
])
def test_general_words_that_do_not_say_the_option_give_nothing(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


@pytest.mark.parametrize("query,lang,record,decisive", [
    # the reason of an obligation to pass is not told as made («por un doblo de su compañero»): the calls of its clause
    ("Oeste tenía que pasar toda la subasta por un doblo fuera de turno de su compañero, pero luego dice 2♥; Norte "
     "pasa sin darse cuenta", "es", "1C W:P TD P P 2H P", "37A"),
    # Dutch puts much between «moest» and «passen»
    ("Z moest vanwege een eerdere rechtzetting de rest van het bieden passen, maar biedt toch 2♠", "nl",
     "1C S:P TD P P 2S TD", "37B1"),
    # another player calls at the turn of the player bound to pass: deemed in rotation (28A); the call he did not wait
    # for («el paso de Oeste») is not made
    ("Oeste debe pasar hasta el final. Sur dice 1♠ y Norte, sin esperar el paso de Oeste, dice 3♠", "es",
     "1C W:P TD P 1S N:3S TD", "28A"),
    ("Est è obbligato a passare fino alla fine; Sud, senza aspettare il passo di Est, dice 2♣", "it",
     "1C E:P TD P P S:2C TD", "28A"),
    ("East is barred for the rest of the auction; South bids 2♣ without waiting for East's pass", "en",
     "1C E:P TD P P S:2C TD", "28A"),
])
def test_a_player_bound_to_pass_and_the_calls_at_his_turn_are_read(query, lang, record, decisive):
    assert decisive in _reads(query, lang, record).decisive()


def test_an_obligation_asked_about_is_not_told():
    # «Sud deve passare?» asks; the account is a bid out of rotation, repeated in its denomination (31A2a)
    a = SA.read("Dealer Ovest, ma Nord apre 1♠ prima di lui; viene annullata, Ovest dice 1SA e Nord ora dice 2♠. "
                "Sud deve passare?", "it", EDITIONS)
    assert a.record == "N:1S TD W:1NT N:2S" and "31A2a" in a.decisive()


@pytest.mark.parametrize("query,lang", [
    # «voordat hij past»: before he himself calls, no other seat's turn, no call out of turn
    ("N denkt lang na voordat hij past op 2♠ van O; Z biedt daarna 3♥", "nl"),
    ("North thinks for a long time before he passes over East's 2♠, then South bids 3♥", "en"),
])
def test_a_turn_marker_with_a_pronoun_subject_tells_no_turn(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


@pytest.mark.parametrize("query,lang,record,decisive", [
    # what was done before the director came: the player in turn called over the call out of rotation (28B) ...
    ("Dador Sur. Oeste dice 1♥ antes de que Sur hable; Sur abre 1♠ y nadie llama al árbitro", "es", "W:1H S:1S", "28B"),
    ("Z is gever. W opent 1♥ voordat Z iets zegt; Z biedt meteen 1♠, nog voordat de WL aan tafel is", "nl",
     "W:1H S:1S", "28B"),
    ("Il distributore è Sud. Ovest apre 1♥ prima che Sud parli e Sud dice 1♠ prima che arrivi l'arbitro", "it",
     "W:1H S:1S", "28B"),
    ("South deals. West opens 1♥ before South has called and South bids 1♠ before the director is called", "en",
     "W:1H S:1S", "28B"),
    # ... the offender replaced his insufficient bid before the director ruled (27C)
    ("Norte abre 2♠, Este dice 2♥ y, antes de que llegue el árbitro, lo cambia por 3♥. Sur no lo acepta", "es",
     "2S 2H E:3H", "27C"),
    # ... the LHO called over an inadmissible double (36A)
    ("Nord contra l'1♠ del suo compagno Sud ed Est dice 2♥ prima che qualcuno chiami l'arbitro", "it", "1S N:X E:2H", "36A"),
])
def test_what_was_done_before_the_director_came_is_read(query, lang, record, decisive):
    assert decisive in _reads(query, lang, record).decisive()


@pytest.mark.parametrize("query,lang,record", [
    # a bid right after the verb of a double is the bid doubled, not a call made
    ("Sur debía pasar el resto de la subasta pero dobla 2♥; Oeste ha pasado antes de que llegue el árbitro", "es",
     "1C S:P TD P P X P"),
    ("N moest de rest van het bieden passen, maar doubleert 2♥ en O past", "nl", "1C N:P TD P P X P"),
])
def test_a_bid_after_a_double_verb_is_the_bid_doubled(query, lang, record):
    _reads(query, lang, record)


@pytest.mark.parametrize("query,lang", [
    # the double said with a bid is the words of one call (it states the bid it doubles): no record
    ("Norte abre 3♦ y Este dice 'doblo tres corazones'", "es"), ("Est apre 3♣ e Sud dice «contro tre quadri»", "it"),
    ("N opent 3♦ en O zegt 'doublet 3 harten'", "nl"), ("North opens 3♦ and East says 'double three hearts'", "en"),
])
def test_a_double_that_states_a_bid_is_not_a_record(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


@pytest.mark.parametrize("query,lang,record,dealer", [
    # the verb before its subject, no comma: the seat right before the call is its caller, not the player in turn
    ("Il distributore è Sud, ma prima che apra Ovest dice passo; il passo non viene accettato", "it", "W:P TD", "S"),
    ("Dador Oeste. Antes de que abra Norte dice paso, y Oeste no lo acepta", "es", "N:P TD", "W"),
    # ... with a comma, the seat after the verb is the player in turn
    ("Nord apre 1♣ e prima che parli Est, Ovest dice passo", "it", "1C W:P TD", "N"),
    # «senza aspettare che parli Est»: the turn marker takes its «che»
    ("Nord apre 1♣ e Sud, senza aspettare che parli Est, dice passo", "it", "1C S:P TD", "N"),
    # a seat's place from the seat named after it («de RT van O», «el OI de Norte», «the LHO of North»)
    ("Gever N. O opent 1♠ voor zijn beurt; Z accepteert niet. De RT van O opent daarna 1♦ en O biedt 2♠", "nl",
     "E:1S TD N:1D E:2S", "N"),
    ("Norte abre 1♠ y el OI de Norte dice 1♥; Sur no lo acepta", "es", "1S 1H TD", "N"),
    # an opening whose level is not said, the verb right after its seat
    ("sud ha aperto fuori turno al posto di est, poi est passa", "it", "S:1C TD E:P", "E"),
    ("West opened out of turn at North's turn; South called the director and North passed", "en", "W:1C TD N:P", "N"),
])
def test_word_order_places_and_unsaid_levels_are_read(query, lang, record, dealer):
    _reads(query, lang, record, dealer=dealer)


@pytest.mark.parametrize("query,lang", [
    # a call asked about, or an account of misinformation: not an auction to rule
    ("N opent 2♣, O past en W, die nog niet aan de beurt is, vraagt wat 2♣ betekent", "nl"),
    ("Sud apre 2♣ e Ovest, prima che parli Nord, chiede cosa significa 2♣", "it"),
    ("Norte abre 2♣ y Oeste, antes de que hable Sur, pregunta qué significa 2♣", "es"),
    ("North opens 2♣ and West, before South calls, asks what 2♣ means", "en"),
    ("O verandert zijn pas in 3♣ omdat hij verkeerd was ingelicht; Z had daarna al 2♥ geboden", "nl"),
])
def test_a_question_about_a_call_or_misinformation_is_not_read(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


@pytest.mark.parametrize("query,lang,decisive", [
    # «subito», «meteen», «en el acto», «at once» say there was no pause, not that the call was a slip: the correction
    # of an insufficient bid made before the director came is 27C, not 25A1
    ("Nord apre 1♠, Est dice 1♥ e subito lo cambia in 2♥", "it", "27C"),
    ("N opent 1♠, O zegt 1♥ en verandert het meteen in 2♥", "nl", "27C"),
    ("North opens 1♠, East bids 1♥ and at once changes it to 2♥", "en", "27C"),
    # the slip said in words («cuando quería 2♠», «volevo 2♠», «verkeerd kaartje»): 25A1
    ("Norte abre 1♥, Este pasa y Sur saca 2♥ cuando quería 2♠; lo cambia en el acto", "es", "25A1"),
    ("Nord apre 1♥, Est passa e Sud dice 2♥ e subito «no, volevo 2♠»", "it", "25A1"),
    ("N opent 1♥, O past, Z legt 2♥ neer, verkeerd kaartje, en verbetert meteen in 2♠", "nl", "25A1"),
])
def test_a_change_at_once_is_no_slip_unless_the_account_says_so(query, lang, decisive):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None and decisive in a.decisive()


def test_a_call_made_again_after_a_pause_is_a_change_of_call():
    # «ci pensa qualche secondo e dice «no, 2SA»»: two calls in a row, a pause between: a change of call (25B)
    a = SA.read("Nord apre 1♠, Est passa, Sud dice 2♥, ci pensa qualche secondo e dice «no, 2SA»", "it", EDITIONS)
    assert a is not None and a.record.startswith("1S P 2H S:2NT") and any(k.startswith("25B") for k in a.decisive())


@pytest.mark.parametrize("query,lang", [
    # what a player believed was called («meende dat W 1SA had gezegd», «crede che Nord abbia detto 2♥») is no call,
    # nor is a call misheard: no record
    ("O opent 1♠; Z biedt 2♠ omdat hij meende dat O 1SA had gezegd", "nl"),
    ("Est ha capito male: crede che Sud abbia detto 2♥ invece di 2♦ e contra", "it"),
    ("Norte abre 1♠ y Sur responde 2♠ creyendo que Norte había abierto 1ST", "es"),
    ("North opens 1♠ and South bids 2♠, thinking that North had opened 1NT", "en"),
    ("Norte abre 1♥ y Este, que oyó mal la apertura, dice 1♦", "es"),
    ("N opent 1♥ en O, die het bod verkeerd verstaan heeft, zegt 1♦", "nl"),
])
def test_what_a_player_believed_or_misheard_is_not_a_call(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


@pytest.mark.parametrize("query,lang", [
    # the director himself, «I», arrives after the call: the player in turn called over the call out of rotation
    # before the director came (28B)
    ("Dador Sur. Oeste abre 1♥ antes de que hable Sur y Sur dice 1♠ antes de que yo llegue a la mesa", "es"),
    ("Gever Z. W opent 1♥ voordat Z iets zegt en Z biedt 1♠ voordat ik aan tafel ben", "nl"),
    ("Distributore Sud. Ovest apre 1♥ prima che parli Sud e Sud dice 1♠ prima che io arrivi al tavolo", "it"),
    ("Dealer South. West opens 1♥ before South has called and South bids 1♠ before I get to the table", "en"),
])
def test_the_director_arriving_in_the_first_person_comes_after(query, lang):
    a = SA.read(query, lang, EDITIONS)
    assert a is not None and a.record == "W:1H S:1S" and "28B" in a.decisive()


@pytest.mark.parametrize("query,lang,record,decisive", [
    # the end of the auction said by its contract («la subasta se cierra en 4♠ de Sur»), a lead still face down
    ("La subasta acaba en 4♠ de Sur y Norte dice doblo antes de la salida", "es", "4S P P P N:X", "39B"),
    ("Acabada la subasta en 3ST de Norte, Este pone la salida boca abajo y Oeste dice doblo", "es", "3NT P P P W:X",
     "39C"),
    ("La licita si chiude a 4♠ di Sud e Nord, il morto, dice 5♣", "it", "4S P P P N:5C", "39B"),
])
def test_the_end_of_the_auction_said_by_its_contract_is_read(query, lang, record, decisive):
    _reads(query, lang, record, decisive)


@pytest.mark.parametrize("query,lang,record,decisive", [
    # a call out of rotation in general words with whose turn it was: the simplest record of it
    ("paso fuera de turno en el turno del compañero", "es", "1C N:P TD", "30B2a"),
    ("passo fuori turno nel turno dell'avversario di destra", "it", "1C P N:P TD", "30B1"),
    ("bod buiten de beurt op de beurt van partner", "nl", "1C N:1H TD", "31B"),
    ("a double out of rotation at partner's turn", "en", "1C N:X TD", "32A"),
    # ... the player in turn passing after it (31A1), or bound to pass (28A)
    ("abre fuera de turno cuando le tocaba al de su derecha, y este pasa", "es", "1C P N:1H TD W:P", "31A1"),
    ("voz dada en el turno del OD obligado a pasar", "es", "1C W:P TD P P N:1H TD", "28A"),
])
def test_a_call_at_another_players_turn_in_general_words_is_read(query, lang, record, decisive):
    _reads(query, lang, record, decisive)


@pytest.mark.parametrize("query,lang", [
    # no call named before the words of the turn, a turn at the LHO's (his own call before it: a change of call), an
    # obligation asked about, or a turn word that is no player's turn
    ("de beurt van partner", "nl"), ("pas buiten de beurt op de beurt van de linkertegenstander", "nl"),
    ("un jugador da una voz fuera de turno que deja a su compañero obligado a pasar", "es"),
])
def test_general_words_without_a_call_at_a_players_turn_give_nothing(query, lang):
    assert SA.read(query, lang, EDITIONS) is None


@pytest.mark.parametrize("query,lang,record", [
    # the director's own explanation is no explanation of a call: the account is read
    ("Norte abre 1♠ y Este dice 1♥. Sur no lo acepta y Este, tras mi explicación, pasa", "es", "1S 1H TD E:P"),
    ("Gever Z. W opent 1♠ vóór Z; na de uitleg biedt Z 1SA en W 2♠", "nl", "W:1S TD S:1NT W:2S"),
    # a call with its caller after a list's comma is told in its place («Norte 1♥, paso de Este, ...»)
    ("Norte 1♥, paso de Este, Sur dobla a su compañero y Oeste pasa", "es", "1H P X P"),
    # «declines» is a refusal; «repite su 1♠», «herhaalt het bod» make the call again
    ("North opens 1♠, East bids 1♦; South declines it and East doubles instead", "en", "1S 1D TD E:X"),
    ("Dador Oeste. Norte abre 1♠ fuera de turno; llamado el árbitro, Oeste pasa y Norte repite su 1♠", "es",
     "N:1S TD W:P N:1S"),
    # «all pass», «passo passo passo»: the auction ended
    ("South opens 1♦, all pass, and then West doubles", "en", "1D P P P W:X"),
    ("Nord 1♠, Sud 4♠, passo passo passo; Sud, il morto, dice 5♠", "it", "4S P P P S:5S"),
    # «contrato l'1♥»: the call named after its article is not made again
    ("Sud corregge subito 1♥ in 1♠ per una svista; Ovest aveva già contrato l'1♥", "it", "1H S:1S TD"),
])
def test_lists_repeats_and_the_directors_words_are_read(query, lang, record):
    _reads(query, lang, record)


def test_an_obligation_told_after_the_calls_comes_from_them():
    # the partner's obligation follows from the correction told: no rectification the account leaves out is assumed
    a = SA.read("Norte 1♠, Este 1♥ y Sur no acepta. Este corrige por 3♥, así que su compañero tiene que pasar el resto "
                "de la subasta. Sur pasa y Oeste dice 3♠", "es", EDITIONS)
    assert a is not None and a.record == "1S 1H TD E:3H S:P W:3S"


@pytest.mark.parametrize("query,lang,record,dealer", [
    # «Sud contro, Ovest passo»: «contro» is the double, not a preposition governing the seat after the comma
    ("Est 1♣, Sud contro, Ovest passo, Nord contra anche lui", "it", "1C X P X TD", "E"),
    # a seatless call right after a list's comma is the next player's («Norte 1♠, paso, paso, Oeste 2♥»)
    ("Norte 1♠, paso, paso, Oeste 2♥ y antes de que Norte hable Oeste dice paso", "es", "1S P P 2H W:P TD", "N"),
    # the dealer named after the seat («East was dealer», «als gever», «come distributore») or right before it
    ("East was dealer but North opened 1♦", "en", "N:1D TD", "E"),
    ("Oost past als gever, Zuid opent 1♥ en dan biedt Oost 1♠ terwijl West aan de beurt was", "nl", "P 1H E:1S TD", "E"),
    ("Il board indica Sud come distributore, ma Ovest apre 1♣", "it", "W:1C TD", "S"),
])
def test_lists_and_dealers_are_read(query, lang, record, dealer):
    _reads(query, lang, record, dealer=dealer)


def test_a_dealer_word_further_back_does_not_make_the_next_seat_the_dealer():
    a = SA.read("The dealer was East, but North opened 1♦ out of turn", "en", EDITIONS)
    assert a is not None and a.dealer == "E"
