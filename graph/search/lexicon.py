"""The few hand-made linguistic resources of the search (:mod:`graph.search`).

Nothing here names a provision: these are general resources of each language and of the game,
used on every query and every text alike.

``STOP``
    Stop words per language (``en``, ``es``, ``nl``, ``it``): the Snowball project's lists,
    folded (no accents), *minus* the words that decide a case in the Laws: negations (``no``,
    ``niet``, ``non``, ``not``), ``sin``/``senza``/``zonder``, before/after (``antes``,
    ``después``, ``voor``, ``na``, ``prima``, ``dopo``, ``above``, ``below``), ``durante``/
    ``tijdens``, ``fuera``/``fuori``/``out`` (out of rotation) and Italian ``contro`` (a double,
    not "against").

``EXTRA_TERMS``
    Words directors use for a concept of the glossary (``laws/data/glossary.yaml``) that the
    glossary does not list: bridge slang (Spanish ``cantar``/``hablar`` for making a call,
    Dutch ``WL`` for the director), the way directors say a formal term (``hoger dan 7`` for a
    bid above the level of seven, ``tijdens het bieden`` for the auction period) and a seat said by
    its side (``el de su izquierda``, ``linker``, ``destra``). Query side only, like the glossary's ``usual`` terms and the
    variants the termbase avoids (:mod:`graph.termbase`), which the search also reads.

``PHRASES``
    Multilingual notions the glossary has no concept for but that directors' queries turn on:
    "out of rotation" (``fuera de turno`` / ``voor de beurt`` / ``fuori turno``), "card"
    (``carta`` / ``kaart``), "wrong" (``equivocado`` / ``verkeerd`` / ``sbagliato``), whether
    anyone had bid yet (``antes de que cualquier jugador haya declarado`` / ``prima di qualsiasi
    licita``), three passes, information from another table or source (``otra mesa`` /
    ``andere bronnen``), "another" (``otra`` / ``ander`` / ``altra``: a second insufficient bid),
    accepting an irregular call (``acepta`` / ``accepteert`` / ``accetta``) and correcting
    (``corregir`` / ``verbeteren`` / ``correggere``); and families of everyday words for what the
    texts say in other words, each in every language: taking back (``teruggenomen`` /
    ``ingetrokken`` / ``retirar`` / ``ritirare``), face down and face up, consulting, disclosing,
    omitting, immediately, summoning, intention, changing, a serious error (``blunder`` /
    ``zeer ernstige fout``), again, one's own misunderstanding (``entendí mal`` / ``verkeerd
    verstaan`` / ``capito male``: the texts' «malentendido», «verkeerd begrepen») and a call not
    heard (``no oí`` / ``niet gehoord`` / ``non ho sentito``: «Voz no entendida claramente»),
    noticing later (``me doy cuenta`` / ``merkt`` / ``si accorge``), an explanation that was right
    (``uitleg klopte``), helping partner (``ayudar`` / ``helpen`` / ``aiutare``: «beneficiar»), no
    agreement (``geen afspraak`` / ``sin acuerdo`` / ``nessun accordo``), being told wrongly that it
    was one's turn (``le dijo que era su turno`` / ``zei dat ik moest uitkomen``); deliberately (``después de
    pensarlo`` / ``bewust`` / ``di proposito``) is part of intention, and whether anyone had bid yet
    is also said with the table's word for it (``nadie había abierto`` / ``voordat er geopend is`` /
    ``prima dell'apertura``). A family term of one word matches by its stem, so none is chosen whose
    stem another notion shares («pensándolo» would make «pensó», a hesitation, deliberate). They are matched in the law texts and in the queries like a
    glossary concept, so that they carry a query across languages.

``SUITS``, ``LEVELS``
    The words of a call written in a query («1 corazón», «dos picas», «3SA», «harten»): a call named
    in a query tells the situation, not the topic, so these words weigh little (``SITUATION`` in
    :mod:`graph.search`) and never stand for the rank of the denominations, except right after a
    double (``DOUBLES``: «doblo dos corazones» is a double that names a denomination).

``COMPOUNDING``
    The languages that write compounds as one word (Dutch) and their joining letters: a query
    word the index does not know is read as its two known parts («biedkaart»: «bied» + «kaart»).

``DISCRIMINATORS``
    What tells neighbouring provisions apart when they share their other words: the seats (LHO,
    RHO, partner), whose turn, before/after, again. A query word standing for one weighs a little
    more (``DISCRIMINATOR`` in :mod:`graph.search`).

``NUMBERS``
    Levels above seven, in words and digits: a bid of eight or nine is a bid above the level of
    seven (glossary concept ``bid-above-seven``), whatever the language; also written as one word
    with one of ``LEVEL_WORDS`` (Dutch ``achtniveau``).
"""
from __future__ import annotations


def _words(s: str) -> frozenset[str]:
    return frozenset(s.split())


STOP: dict[str, frozenset[str]] = {
    "es": _words("""
        de la que el en y a los del se las por un para con su al lo como mas pero sus le ya o
        este si porque esta entre cuando muy tambien me hasta hay donde quien desde todo nos
        todos uno les ni otros ese eso ante ellos e esto mi algunos que unos yo otro otras otra
        el tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo
        nosotros mis tu te ti tus ellas nosotras vosotros vosotras os mio mia mios mias tuyo
        tuya tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras vuestro
        vuestra vuestros vuestras esos esas estoy estas esta estamos estais estan este estes
        estemos esteis esten estare estaras estara estaremos estareis estaran estaria estarias
        estariamos estariais estarian estaba estabas estabamos estabais estaban estuve
        estuviste estuvo estuvimos estuvisteis estuvieron he has ha hemos habeis han haya hayas
        hayamos hayais hayan habre habras habra habremos habreis habran habria habrias
        habriamos habriais habrian habia habias habiamos habiais habian hube hubiste hubo
        hubimos hubisteis hubieron hubiera hubieras hubieramos hubierais hubieran hubiese
        hubieses hubiesemos hubieseis hubiesen soy eres es somos sois son sea seas seamos seais
        sean sere seras sera seremos sereis seran seria serias seriamos seriais serian era eras
        eramos erais eran fui fuiste fue fuimos fuisteis fueron fuera fueras fueramos fuerais
        fueran fuese fueses fuesemos fueseis fuesen tengo tienes tiene tenemos teneis tienen
        tenga tengas tengamos tengais tengan tendre tendras tendra tendremos tendreis tendran
        tendria tendrias tendriamos tendriais tendrian tenia tenias teniamos teniais tenian
        tuve tuviste tuvo tuvimos tuvisteis tuvieron tuviera tuvieras tuvieramos tuvierais
        tuvieran tuviese tuvieses tuviesemos tuvieseis tuviesen tener tenido teniendo
        habiendo habido siendo sido estado estando u debo debe puedo puede hago hace hacer
        qué cómo ¿ el la lo
    """) - _words("fuera"),
    "nl": _words("""
        de en van ik te dat die in een hij het zijn is was op aan met als had er maar om hem
        dan zou of wat mijn men dit zo door over ze zich bij ook tot je mij uit der daar haar
        naar heb hoe heeft hebben deze u want nog zal me zij nu ge geen omdat iets worden toch
        al waren veel meer doen toen moet ben kan hun dus alles onder ja eens hier wie werd
        altijd doch wordt wezen kunnen ons zelf tegen reeds wil kon niets uw iemand geweest
        andere mag dat wel hoe wanneer wat moeten mogen ik we wij jij jullie
    """),
    "it": _words("""
        ad al allo ai agli all agl alla alle con col coi da dal dallo dai dagli dall dagl dalla
        dalle di del dello dei degli dell degl della delle in nel nello nei negli nell negl
        nella nelle su sul sullo sui sugli sull sugl sulla sulle per tra fra io tu lui lei noi
        voi loro mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre
        vostro vostra vostri vostre mi ti ci vi lo la li le gli ne il un uno una ma ed se
        perche anche come dov dove che chi cui piu quale quanto quanti quanta quante quello
        quelli quella quelle questo questi questa queste si tutto tutti a c e i l o ho hai ha
        abbiamo avete hanno abbia abbiate abbiano avro avrai avra avremo avrete avranno avrei
        avresti avrebbe avremmo avreste avrebbero avevo avevi aveva avevamo avevate avevano
        ebbi avesti ebbe avemmo aveste ebbero avessi avesse avessimo avessero avendo avuto
        avuta avuti avute sono sei siamo siete sia siate siano saro sarai sara saremo sarete
        saranno sarei saresti sarebbe saremmo sareste sarebbero ero eri era eravamo eravate
        erano fui fosti fu fummo foste furono fossi fosse fossimo fossero essendo faccio fai
        facciamo fanno faccia facciate facciano faro farai fara faremo farete faranno farei
        faresti farebbe faremmo fareste farebbero facevo facevi faceva facevamo facevate
        facevano feci facesti fece facemmo faceste fecero facessi facesse facessimo facessero
        facendo sto stai sta stiamo stanno stia stiate stiano staro starai stara staremo
        starete staranno starei staresti starebbe staremmo stareste starebbero stavo stavi
        stava stavamo stavate stavano stetti stesti stette stemmo steste stettero stessi
        stesse stessimo stessero stando devo deve posso puo fa quando
    """),
    "en": _words("""
        i me my myself we our ours ourselves you your yours yourself yourselves he him his
        himself she her hers herself it its itself they them their theirs themselves what which
        who whom this that these those am is are was were be been being have has had having do
        does did doing a an the and but if or because as until while of at by for with about
        between into through to from up down in on off over under again further
        then once here there when where why how all any both each few more most other some
        such only same so than too very s t can will just should now may must shall
        would could
    """),
}

# concept id -> language -> further terms (query side only, never presented as official)
EXTRA_TERMS: dict[str, dict[str, list[str]]] = {
    # "cantar" / "hablar" are the Spanish table words for making a call
    "call": {"es": ["cantar", "canto", "hablar"], "en": []},
    "double": {"nl": ["doubleren", "gedoubleerd"], "it": ["contrare"], "en": ["X", "dbl", "doubled"]},
    "redouble": {"nl": ["redoubleren"], "it": ["surcontrare"], "en": ["XX", "rdbl", "redbl", "redoubled"]},
    "director": {"es": ["director", "TD"], "nl": ["WL", "TL", "arbiter"], "it": ["TD", "direttore"],
                 "en": ["TD", "tournament director"]},
    # the English table's words for partner and the opponents
    "partner": {"en": ["pard", "pards", "partners"]},
    "hesitation": {"es": ["duda", "tardanza", "pensada"], "nl": ["denkpauze", "tempo"],
                   "it": ["pausa", "tempo"],
                   "en": ["tempo", "break in tempo", "BIT", "tank", "tanked", "tanking", "huddle", "huddled",
                          "slow pass", "hesitated", "hesitates", "long pause", "thought for a long time", "took ages",
                          "took a long time", "thought for ages", "long think", "slowly"]},
    "board": {"es": ["board"], "nl": ["spel"]},
    # how directors say "above seven" (the glossary's terms are the formal ones)
    "bid-above-seven": {"es": ["más de siete", "por encima de siete", "por encima de 7", "más de 7"],
                        "nl": ["hoger dan zeven", "hoger dan 7", "boven zeven", "boven 7", "boven de zeven"],
                        "it": ["oltre sette", "oltre il sette", "più di sette", "oltre 7", "più di 7", "sopra il 7"],
                        "en": ["above seven", "above 7", "higher than seven", "higher than 7"]},
    "alert": {"it": ["alertare"]},
    "lead": {"nl": ["uitkomen", "voorspelen"]},
    "explanation": {"nl": ["uitleggen", "uitgelegd", "legde uit", "legt uit"]},
    # "los contrarios": the usual Spanish word for the opponents
    "opponent": {"es": ["contrario", "rival"], "en": ["opps", "opp", "oppo", "oppos"]},
    "opening-lead": {"it": ["attacco"]},
    # a seat said by its side: «el de su izquierda», «mijn linkertegenstander», «quello di destra»
    "lho": {"es": ["izquierda", "el de la izquierda", "el de su izquierda"], "nl": ["links", "linker", "linkerbuur"],
            "it": ["sinistra", "quello di sinistra"], "en": ["left", "on his left"]},
    "rho": {"es": ["derecha", "el de la derecha", "el de su derecha"], "nl": ["rechts", "rechter", "rechterbuur"],
            "it": ["destra", "quello di destra"], "en": ["right", "on his right"]},

    # how directors say "during the auction" (the glossary's term is the formal "auction period")
    "auction-period": {"es": ["durante la subasta"], "nl": ["tijdens het bieden", "tijdens de bieding"],
                       "it": ["durante la licitazione", "durante la licita", "durante l'asta"],
                       "en": ["during the auction"]},
    "denomination": {"es": ["palo"], "nl": ["kleur"], "it": ["colore", "seme"], "en": ["suit"]},
    # English table words and British spellings for the concepts (English has no text in the corpus: its
    # queries reach the texts through the concepts)
    "unauthorized-information": {"en": ["unauthorised information", "unauthorised", "unauthorized"]},
    "authorized-information": {"en": ["authorised information", "authorised"]},
    "psychic-call": {"es": ["farol", "psíquica"], "it": ["bluff"], "en": ["psyche", "psyched", "psyching", "psychic"]},
    "mistaken-explanation": {"en": ["misexplained", "misexplanation", "wrong explanation", "explained wrongly",
                                    "misexplaining"]},
    "mistaken-call": {"en": ["misbid", "misbidding", "wrong bid"]},
    "misinformation": {"en": ["MI", "wrong information", "misinformed"]},
    "adjusted-score": {"en": ["score adjustment", "adjust the score", "adjusted the score", "weighted score"]},
    "call-out-of-rotation": {"en": ["out of turn", "call out of turn"]},
    "bid-out-of-rotation": {"en": ["bid out of turn", "opened out of turn", "opening out of turn"]},
    "pass-out-of-rotation": {"en": ["pass out of turn", "passed out of turn"]},
    "double-out-of-rotation": {"en": ["double out of turn", "doubled out of turn", "redoubled out of turn"]},
    "offending-side": {"en": ["offenders", "offending pair", "guilty side"]},
    "non-offending-side": {"en": ["non-offenders", "non-offending pair", "innocent side", "innocent pair"]},
    "inadmissible-double": {"en": ["illegal double", "illegal redouble"]},
    "obligation-to-pass": {"nl": ["moet passen"], "it": ["deve passare"],
                           "en": ["barred", "must pass", "has to pass", "had to pass", "forced to pass"]},
    "lead-restrictions": {"en": ["lead penalty", "lead penalties", "forbid a lead", "require a lead"]},
    "premature-lead": {"en": ["led too early", "early lead", "led before the auction ended"]},
    "review-of-the-auction": {"en": ["repeat the bidding", "review the bidding", "review of the bidding",
                                     "recap of the auction"]},
    "system-card": {"es": ["hoja de sistema"], "it": ["carta convenzionale"],
                    "en": ["CC", "convention card", "system card"]},
    "unintended-call": {"es": ["sin querer"], "nl": ["vergissing"],
                        "en": ["mechanical error", "slip of the tongue", "pulled the wrong card", "wrong bidding card",
                               "wrong card from the bidding box"]},
    "exposed-card": {"nl": ["zichtbare kaart"], "it": ["carta scoperta"],
                     "en": ["dropped a card", "card fell", "shown card", "card face up"]},
    "face-down-lead": {"en": ["lead face down", "led face down", "face down lead"]},
    "honour": {"en": ["honor", "honors", "honours"]},
}

# the suits and no trump, as a director names them in a call («1 corazón», «dos picas», «3SA»),
# folded and singular and plural; the one-letter and two-letter denominations of each notation
SUITS: dict[str, frozenset[str]] = {
    "es": _words("trebol treboles diamante diamantes corazon corazones pica picas triunfo sin st sa nt"),
    "nl": _words("klaver klaveren ruiten ruit harten hart schoppen schop sans atout sa nt"),
    "it": _words("fiori fiore quadri quadro cuori cuore picche picca senza atout sa nt"),
    "en": _words("club clubs diamond diamonds heart hearts spade spades notrump trump nt"),
}
# the words that begin a double or a redouble: a call named right after one is what was doubled
# («doblo dos corazones», «doublet drie harten», «contro due cuori»): a double that names a
# denomination, so there the suit stands for the denomination
DOUBLES: dict[str, tuple[str, ...]] = {
    "es": ("dobl", "redobl"), "nl": ("doubl", "gedoubl", "redoubl"), "it": ("contr", "surcontr"),
    "en": ("doubl", "redoubl"),
}
# languages that write a compound as one word («biedkaart», «linkertegenstander», «denkpauze»), and
# the letters that may join its parts («biedingskaart», «spelersvergadering»)
COMPOUNDING: dict[str, tuple[str, ...]] = {"nl": ("", "s", "e", "en")}

# the prefix that says "again" in a word («rigioco», «rejugar», «herspelen», «replay»), and the word of the
# "again" notion it stands for: a word the index does not know, read as its known rest and that word
ITERATIVE: dict[str, tuple[str, str]] = {
    "es": ("re", "nuevamente"), "nl": ("her", "opnieuw"), "it": ("ri", "nuovamente"), "en": ("re", "again"),
}

# the levels of a bid, in words («dos corazones», «drie harten», «tre cuori»)
LEVELS: dict[str, frozenset[str]] = {
    "es": _words("uno una dos tres cuatro cinco seis siete"),
    "nl": _words("een twee drie vier vijf zes zeven"),
    "it": _words("uno una due tre quattro cinque sei sette"),
    "en": _words("one two three four five six seven"),
}

# notion id -> language -> terms; matched in the law texts like a glossary concept
PHRASES: dict[str, dict[str, list[str]]] = {
    "out-of-rotation": {
        "es": ["fuera de turno", "fuera de su turno"],
        "nl": ["voor de beurt", "buiten de beurt"],
        "it": ["fuori turno", "fuori del turno"],
        "en": ["out of rotation", "out of turn"],
    },
    # whose turn it was: the rectifications of calls out of rotation turn on it (Laws 30-32)
    "partner-turn": {
        "es": ["en el turno del compañero", "turno del compañero", "turno de su compañero"],
        "nl": ["op de beurt van partner", "beurt van partner", "beurt van de partner", "beurt van zijn partner"],
        "it": ["nel turno del compagno", "al turno del compagno", "turno del compagno", "turno del suo compagno"],
        "en": ["at partner's turn", "partner's turn", "in partner's turn"],
    },
    "rho-turn": {
        "es": ["turno del OD", "turno del oponente de la derecha", "turno del adversario de la derecha",
               "turno del oponente situado a la derecha"],
        "nl": ["beurt van RT", "beurt van de rechtertegenstander", "beurt van rechts"],
        "it": ["turno dell'avversario di destra", "turno dell'avversario alla destra"],
        "en": ["RHO's turn", "at RHO's turn"],
    },
    "lho-turn": {
        "es": ["turno del OI", "turno del oponente de la izquierda", "turno del adversario de la izquierda",
               "turno del oponente situado a la izquierda"],
        "nl": ["beurt van LT", "beurt van de linkertegenstander", "beurt van links"],
        "it": ["turno dell'avversario di sinistra", "turno dell'avversario alla sinistra"],
        "en": ["LHO's turn", "at LHO's turn"],
    },
    # the glossary has no concept of a card, though every irregularity with cards turns on it
    "card": {
        "es": ["carta"], "nl": ["kaart"], "it": ["carta"], "en": ["card"],
    },
    # whether anyone had bid yet: the rectification of a pass out of rotation turns on it (30A/30B)
    "before-any-bid": {
        "es": ["antes de que cualquier jugador haya declarado", "antes de cualquier declaración",
               "antes de que nadie declare", "antes de que nadie hubiera declarado",
               # the table's word: nobody had opened yet
               "nadie había abierto", "nadie ha abierto", "nadie habia abierto", "antes de abrir",
               "antes de la apertura", "sin que nadie abriera", "antes de que nadie abra"],
        "nl": ["voordat er een bod is gedaan", "voordat iemand geboden heeft", "voor het eerste bod",
               "voordat er geopend is", "voordat er geopend was", "voor de opening", "nog niet geopend",
               "niemand had geopend", "niemand heeft geopend"],
        "it": ["prima di qualsiasi licita", "prima che qualcuno abbia licitato", "prima di ogni licita",
               "prima dell'apertura", "nessuno aveva aperto", "nessuno ha aperto", "prima che qualcuno aprisse",
               "prima di aprire"],
        "en": ["before any bid", "before anyone has bid", "before any player has bid"],
    },
    "after-a-bid": {
        "es": ["después de que algún jugador haya declarado", "después de que alguien haya declarado",
               "después de la apertura", "después de abrir", "ya habían abierto", "ya había abierto"],
        "nl": ["nadat er een bod is gedaan", "nadat iemand geboden heeft", "na de opening", "nadat er geopend is",
               "nadat er geopend was", "al geopend"],
        "it": ["dopo che qualcuno abbia licitato", "dopo che un giocatore abbia licitato", "dopo l'apertura",
               "dopo che qualcuno ha aperto", "già aperto"],
        "en": ["after any player has bid", "after someone has bid"],
    },
    # whether the auction had begun (the first call made): information from another source before it
    # lets the director act on the board (2017 16D2), after it only score (16D3)
    "auction-not-begun": {
        "es": ["antes de que empiece la subasta", "antes de empezar la subasta", "antes de la subasta",
               "antes de que nadie hable", "antes de cualquier voz", "la subasta no ha empezado",
               "aún no ha empezado la subasta", "no ha empezado la subasta", "antes de la primera voz"],
        "nl": ["voordat er een bieding gedaan is", "voordat er een bieding is gedaan", "voordat het bieden begint",
               "voor het bieden", "voordat er geboden is", "het bieden is nog niet begonnen",
               "nog niet begonnen met bieden", "voor de eerste bieding"],
        "it": ["prima che la licita inizi", "prima dell'inizio della licita", "la licita non è iniziata",
               "la licita non è ancora iniziata", "prima della licita", "prima di qualsiasi chiamata",
               "prima della prima chiamata"],
        "en": ["before the auction", "before the auction begins", "before the auction has begun", "before any call",
               "before anyone has called", "before the first call", "before the bidding"],
    },
    "auction-begun": {
        "es": ["en plena subasta", "la subasta ya ha empezado", "ya empezada la subasta", "después de la primera voz",
               "a mitad de la subasta", "con la subasta empezada", "la subasta ya había empezado"],
        "nl": ["nadat de eerste bieding is gedaan", "nadat de eerste bieding gedaan is", "het bieden is al begonnen",
               "halverwege het bieden", "na de eerste bieding", "het bieden was al begonnen", "al aan het bieden"],
        "it": ["la licita è già iniziata", "a licita iniziata", "dopo la prima chiamata", "a metà licita",
               "la licita era già iniziata", "licita già iniziata", "a metà della licita"],
        "en": ["after the first call", "the auction has begun", "the auction had begun", "mid-auction",
               "halfway through the auction", "once the auction has started", "after the auction has begun"],
    },
    # three passes in rotation end the auction (17E, 22A2, 34, 41A)
    "three-passes": {
        "es": ["tres pasos"], "nl": ["drie passen", "drie pasbiedingen", "drie opeenvolgende pasbiedingen"],
        "it": ["tre passo", "tre passi"], "en": ["three passes"],
    },
    # information a player received from outside the board's own auction and play: another
    # table, another source (16D)
    "other-source": {
        "es": ["otra mesa", "otras mesas", "otra fuente", "otras fuentes"],
        "nl": ["andere tafel", "andere tafels", "andere bron", "andere bronnen"],
        "it": ["altro tavolo", "altri tavoli", "altra fonte", "altre fonti"],
        "en": ["another table", "other table", "other source", "other sources"],
    },
    # "another" one of the same kind: a second insufficient bid (27B4), a second call (17D2)
    "another": {
        "es": ["otra", "otro"], "nl": ["ander", "andere"], "it": ["altra", "altro"], "en": ["another"],
    },
    # accepting an irregular call (25B1, 27A1, 29, 31...): the opponent's choice that ends its rectification
    "accept": {
        "es": ["aceptar", "acepta", "aceptó", "aceptada", "aceptado", "aceptación"],
        "nl": ["accepteren", "accepteert", "accepteerde", "geaccepteerd", "aanvaarden", "aanvaardt", "aanvaard"],
        "it": ["accettare", "accetta", "accettò", "accettata", "accettato", "accettazione"],
        "en": ["accept", "accepts", "accepted", "acceptance"],
    },
    # correcting an explanation, a call or a mistake (20F5, 21B, 25, 75B)
    "correct": {
        "es": ["corregir", "corrige", "corrigió", "corregida", "corregido", "corrección"],
        "nl": ["verbeteren", "verbetert", "verbeterde", "verbeterd", "verbetering", "corrigeren", "corrigeert",
               "gecorrigeerd", "correctie"],
        "it": ["correggere", "corregge", "corresse", "correzione", "rettificare"],
        "en": ["correct", "corrects", "corrected", "correction"],
    },
    # families of everyday words directors use for what the texts say in other words: each word of
    # a family stands for the others, in every language (a notion, like those above)
    "withdraw": {
        "es": ["retirar", "retira", "retiró", "retirada", "retirado", "retirarla", "retirarlo", "recoger", "recoge",
               "recogió", "echarse atrás", "deshacer", "deshizo"],
        "nl": ["intrekken", "trekt in", "trok in", "ingetrokken", "terugnemen", "neemt terug", "nam terug",
               "teruggenomen", "terugtrekken", "teruggetrokken"],
        "it": ["ritirare", "ritira", "ritirò", "ritirata", "ritirato", "riprendere", "riprende", "ripreso", "ripresa"],
        "en": ["withdraw", "withdraws", "withdrew", "withdrawn", "take back", "took back", "taken back", "retract",
               "retracted"],
    },
    "face-down": {
        "es": ["boca abajo", "cara abajo", "tapada", "tapado", "oculta"],
        "nl": ["gedekt", "gedekte", "dicht", "gesloten", "omgekeerd", "beeldzijde naar beneden"],
        "it": ["coperta", "coperto", "faccia in giù", "dorso in su"],
        "en": ["face down", "face-down", "closed"],
    },
    "face-up": {
        "es": ["boca arriba", "cara arriba", "descubierta", "descubierto", "expuesta", "expuesto", "a la vista",
               "visible", "enseñar", "enseñó", "mostrar", "mostró", "se le vio", "se vio"],
        "nl": ["open", "open op tafel", "zichtbaar", "zichtbare", "blootgesteld", "getoond", "tonen", "toonde",
               "laten zien", "liet zien", "lag open"],
        "it": ["esposta", "esposto", "visibile", "faccia in su", "mostrare", "mostrato",
               "far vedere", "fatto vedere"],
        "en": ["face up", "face-up", "exposed", "visible", "shown", "showed"],
    },
    "consult": {
        "es": ["consultar", "consulta", "consultó", "mirar", "mira", "miró", "echar un vistazo"],
        "nl": ["raadplegen", "raadpleegt", "raadpleegde", "inzien", "inkijken", "kijken", "kijkt", "keek",
               "bekijken"],
        "it": ["consultare", "consulta", "consultato", "guardare", "guarda", "guardato", "dare un'occhiata"],
        "en": ["consult", "consults", "look at", "looks at", "looked at"],
    },
    "disclose": {
        "es": ["avisar", "avisa", "avisó", "comunicar", "comunica", "comunicó",
               "revelar", "revela", "reveló", "dar a conocer"],
        "nl": ["melden", "meldt", "meldde", "gemeld", "vertellen", "vertelt", "vertelde", "verteld", "meedelen",
               "bekendmaken", "bekendgemaakt", "op de hoogte brengen", "kenbaar maken", "kenbaar te maken",
               "kenbaar gemaakt"],
        "it": ["avvisare", "avvisa", "avvisato", "comunicare", "comunica",
               "comunicato", "rivelare", "rivela", "rivelato"],
        "en": ["disclose", "disclosed", "tell", "told", "notify", "notified"],
    },
    "omit": {
        "es": ["olvidar", "olvida", "olvidó", "olvidado", "omitir", "omite", "omitió", "omitido", "dejar de"],
        "nl": ["vergeten", "vergeet", "vergat", "nalaten", "laat na", "liet na", "nagelaten", "verzuimen", "verzuimt",
               "verzuimd"],
        "it": ["dimenticare", "dimentica", "dimenticato", "omettere", "omette", "omesso", "tralasciare"],
        "en": ["forget", "forgets", "forgot", "forgotten", "fail to", "fails to", "failed to", "omit", "omitted"],
    },
    "immediately": {
        "es": ["enseguida", "inmediatamente", "de inmediato", "en el acto", "al instante", "al momento"],
        "nl": ["meteen", "direct", "onmiddellijk", "dadelijk", "terstond"],
        "it": ["subito", "immediatamente", "all'istante", "tempestivamente"],
        "en": ["immediately", "at once", "straight away", "promptly"],
    },
    "summon": {
        "es": ["llamar", "llama", "llamó", "requerir", "convocar", "avisar al Árbitro"],
        "nl": ["roepen", "roept", "riep", "geroepen", "wl halen", "wedstrijdleider halen", "ontbieden", "ontbiedt",
               "ontboden", "erbij roepen"],
        "it": ["convocare", "convoca", "far venire", "richiedere l'intervento"],
        "en": ["summon", "summons", "summoned", "call the director"],
    },
    "intention": {
        "es": ["intención", "intencionada", "intencionado", "intencionadamente", "querer", "quería", "queriendo",
               "quiso", "pretendía", "después de pensarlo", "tras pensarlo", "a propósito", "adrede",
               "deliberadamente"],
        "nl": ["bedoeling", "bedoelen", "bedoelde", "bedoeld", "wilde", "van plan", "voornemen", "na nadenken",
               "bewust", "opzettelijk", "met opzet", "expres"],
        "it": ["intenzione", "intenzionale", "intendeva", "volere", "voleva", "volendo", "dopo averci pensato",
               "di proposito", "deliberatamente", "apposta", "volutamente"],
        "en": ["intention", "intended", "meant", "wanted to", "on purpose", "deliberately", "after thinking"],
    },
    "change": {
        "es": ["cambiar", "cambia", "cambió", "cambio", "cambié", "cambian", "cambiaron", "modificar", "modifica",
               "modificó", "modifiqué"],
        "nl": ["wijzigen", "wijzig", "wijzigt", "wijzigde", "gewijzigd", "wijziging", "veranderen", "verander",
               "verandert", "veranderde", "veranderd", "aanpassen"],
        "it": ["cambiare", "cambia", "cambio", "cambiano", "cambiato", "cambiò", "modificare", "modifica", "modifico",
               "modificato"],
        "en": ["change", "changes", "changed"],
    },
    "serious-error": {
        "es": ["error grave", "grave error", "error serio", "error garrafal", "pifia", "metedura de pata"],
        "nl": ["ernstige fout", "zeer ernstige fout", "grove fout", "zware fout", "blunder", "flater", "miskleun"],
        "it": ["errore grave", "grave errore", "errore grossolano", "errore serio", "topica", "cantonata"],
        "en": ["serious error", "egregious error", "gross error", "blunder"],
    },
    "again": {
        "es": ["otra vez", "de nuevo", "nuevamente", "volver a", "volvió a", "repetir", "repite", "repitió"],
        "nl": ["opnieuw", "nogmaals", "nog een keer", "herhalen", "herhaalt", "herhaalde"],
        "it": ["di nuovo", "nuovamente", "ancora una volta", "ripetere", "ripete", "ripetuto"],
        "en": ["again", "once more", "repeat", "repeats", "repeated"],
    },
    # misunderstanding a call, one's own misreading (what a player understood or heard wrongly)
    "misunderstood": {
        "es": ["malentendido", "interpretación equivocada", "entendí mal", "entendió mal", "interpreté mal",
               "interpretó mal", "comprendí mal", "oí mal", "oyó mal"],
        "nl": ["verkeerd begrepen", "verkeerd verstaan", "verkeerd begrijpen", "misverstand", "verkeerd gehoord",
               "verkeerd geïnterpreteerd"],
        "it": ["capito male", "frainteso", "malinteso", "inteso male", "sentito male", "interpretato male"],
        "en": ["misunderstood", "misunderstanding", "misheard"],
    },
    # a call not heard or not clearly understood
    "not-heard": {
        "es": ["no entendida claramente", "no oí", "no oyó", "no oí bien", "no se oyó", "no escuché", "no está seguro de qué voz"],
        "nl": ["niet gehoord", "niet goed gehoord", "niet verstaan", "niet goed verstaan", "niet duidelijk gehoord"],
        "it": ["non ho sentito", "non ha sentito", "non sentito", "non ho sentito bene", "non udito"],
        "en": ["did not hear", "not heard", "not clearly heard"],
    },
    # noticing later what one did: the texts' «se da cuenta», «bemerkt», «si accorge»
    "realize": {
        "es": ["darse cuenta", "se da cuenta", "se dio cuenta", "me doy cuenta", "me di cuenta", "se percata",
               "se percató", "advierte", "advirtió"],
        "nl": ["merken", "merkt", "merk", "merkte", "bemerkt", "bemerkte", "beseffen", "beseft", "besefte",
               "ontdekt", "ontdekte", "realiseert zich", "komt erachter", "kwam erachter"],
        "it": ["si accorge", "si è accorto", "mi accorgo", "mi sono accorto", "accorgersi", "si rende conto",
               "rendersi conto", "scopre", "ha scoperto"],
        "en": ["realize", "realizes", "realized", "notice", "notices", "noticed", "discover", "discovers"],
    },
    # no partnership agreement about a call (75D2: «als overeenstemming over de interpretatie niet bestaat»)
    "no-agreement": {
        "es": ["sin acuerdo", "ningún acuerdo", "no hay acuerdo", "no tenemos acuerdo", "no existe acuerdo",
               "no lo tenemos hablado", "no está hablado"],
        "nl": ["geen afspraak", "geen afspraken", "niet afgesproken", "niets afgesproken", "geen overeenstemming",
               "overeenstemming over de interpretatie niet bestaat"],
        "it": ["nessun accordo", "senza accordo", "non c'è accordo", "non abbiamo accordo", "nessuna intesa",
               "non concordato"],
        "en": ["no agreement", "no understanding", "not agreed"],
    },
    # being told, wrongly, that it was one's turn to lead or play (47E1: «de onjuiste informatie ...
    # dat het zijn beurt was»)
    "told-turn": {
        "es": ["le dijo que era su turno", "dijo que era su turno", "le dijeron que era su turno", "dijo que le tocaba",
               "le dijo que le tocaba", "me dijo que me tocaba", "le dijo que saliera", "le dijeron que salía"],
        "nl": ["dat het zijn beurt was", "dat het mijn beurt was", "zei dat ik moest uitkomen",
               "zei dat hij moest uitkomen", "zei dat ik aan de beurt was", "zei dat hij aan de beurt was",
               "zei dat ik moest voorspelen"],
        "it": ["gli ha detto che era il suo turno", "detto che era il suo turno", "detto che toccava a lui",
               "detto che toccava a me", "detto che era il mio turno", "detto di attaccare"],
        "en": ["told it was his turn", "told him to lead", "said it was his lead"],
    },
    # an explanation that was right (so the error is in the call: 75C)
    "explained-correctly": {
        "es": ["explicación correcta", "explicó bien", "explicación era correcta", "explicado correctamente",
               "la explicación estaba bien"],
        "nl": ["correct uitgelegd", "correct werd uitgelegd", "juist uitgelegd", "goed uitgelegd", "uitleg klopte",
               "uitleg klopt", "uitleg was juist", "uitleg was correct", "juiste uitleg", "correcte uitleg"],
        "it": ["spiegazione corretta", "spiegato correttamente", "spiegato bene", "spiegazione giusta",
               "spiegazione era corretta"],
        "en": ["explained correctly", "correct explanation", "explanation was right"],
    },
    # acting to help or benefit partner (a question asked only for partner's sake: 20G1)
    "help": {
        "es": ["beneficiar", "beneficia", "ayudar", "ayuda", "ayudó", "favorecer", "favorece"],
        "nl": ["helpen", "helpt", "hielp", "bevoordelen", "ten gunste van"],
        "it": ["aiutare", "aiuta", "aiutato", "favorire", "favorisce", "avvantaggiare", "beneficiare"],
        "en": ["help", "helps", "benefit", "benefits", "favour"],
    },
    "wrong": {
        "es": ["equivocado", "equivocada", "erróneo", "errónea", "erróneamente", "error", "por error", "incorrecto",
               "incorrecta", "incorrectamente"],
        "nl": ["verkeerd", "verkeerde", "onjuist", "onjuiste", "foutief", "foutieve", "fout", "ten onrechte",
               "onterecht", "per vergissing"],
        "it": ["sbagliato", "sbagliata", "erroneamente", "errato", "errata", "errore", "per errore", "per sbaglio"],
        "en": ["wrong", "mistaken", "incorrect", "error", "wrongly", "by mistake"],
    },
}

# what tells neighbouring provisions apart when they share their other words: the seats (LHO, RHO,
# partner), whose turn, before/after and again (stems as the index holds them, and notions)
DISCRIMINATORS = frozenset({
    "@lho", "@rho", "@partner", "~partner-turn", "~lho-turn", "~rho-turn", "~again", "~before-any-bid",
    "~after-a-bid", "~auction-not-begun", "~auction-begun", "es:antes", "es:despu", "nl:voor", "nl:na", "nl:voordat", "nl:nadat", "it:prim", "it:dopo",
    # whose it is: one's own (convention card, call) or the opponents'
    "s:en:own", "es:propi", "s:es:propi", "nl:eig", "s:nl:eig", "it:propr", "s:it:propr",
    "s:en:oppon", "es:rival", "s:es:rival", "es:contrari", "s:es:contrari", "es:oponent", "s:es:oponent",
    "nl:tenstander", "s:nl:tenstander", "it:avversar", "s:it:avversar",
})

# notions that exclude each other: a provision whose text holds one answers a query that says another
# of its set only by mistake (the auction had begun or not: 16D2 against 16D3; anyone had bid or not:
# 30A against 30B; whose turn it was: 30B1, 30B2 and 30B3)
OPPOSED = (
    frozenset({"~auction-not-begun", "~auction-begun"}),
    frozenset({"~before-any-bid", "~after-a-bid"}),
    frozenset({"~partner-turn", "~lho-turn", "~rho-turn"}),
)

# negations, folded and as the stemmers leave them: a glossary term holding one (the non-offending
# side, «niet-overtredende partij», «bando no infractor», «linea non colpevole») only matches a
# query that says it
NEGATIONS = frozenset({"no", "non", "not", "niet", "geen", "sin", "senza", "zonder", "without", "never", "nunca", "nooit",
                       "cannot", "doesn", "don", "didn", "isn", "wasn", "aren", "weren", "hasn", "haven", "hadn"})

# levels above seven: a bid at one of them is a bid above the level of seven
NUMBERS = {"8", "9", "ocho", "nueve", "acht", "negen", "otto", "nove", "eight", "nine"}

# a level written as one word with its number («achtniveau», «8-niveau» folds to «8 niveau»)
LEVEL_WORDS = ("niveau", "nivel", "livello", "level")
