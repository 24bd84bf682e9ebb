"""The words of directors' accounts, per language (es, nl, it, en): what :mod:`graph.search.account` reads an
account with. Each table maps a language to a regular expression (or a set of words); the reader compiles them
once per language. Seat names and call letters come from :mod:`laws.notation`; these are the words around them:
prepositions, turns, the dealer, acceptance and its negation, the verbs of calls, slips and changes of mind, natural
and artificial calls, comparable replacements, the end of the auction, seats named by their place, levels in words.
Nothing here knows a law.
"""
from __future__ import annotations

import re

# Words that, right before a seat, make it the object of a preposition, not the caller.
PREP = {
    "es": {"de", "del", "a", "al", "con", "para", "por", "sobre", "tras", "ante", "contra", "entre"},
    "nl": {"van", "aan", "voor", "met", "tegen", "door", "op", "na", "bij", "over", "tot", "om", "dan"},
    "it": {"di", "del", "della", "a", "al", "con", "per", "su", "sul", "dopo", "contro", "tra", "fra", "da", "dal"},
    "en": {"of", "to", "for", "with", "from", "by", "over", "after", "against", "than", "on", "at", "behind", "like"},
}
# Words before a call that make it a call named, not made («dobla el 2♥», «dat doublet», «il passo»).
DET = {
    "es": {"el", "ese", "del", "al", "sobre", "tras", "su", "los", "las"},
    "nl": {"dat", "het", "dit", "die", "de", "op", "over", "na", "zijn"},
    "it": {"il", "quel", "questo", "del", "al", "lo", "sul", "su", "sopra", "dopo", "suo", "i", "gli", "l'", "dell'", "all'",
           "sull'", "dall'", "nell'"},
    "en": {"the", "that", "this", "his", "her", "their", "over", "after", "on", "of"},
}
# Words that end a turn marker before any seat («antes de tiempo y Norte»: Norte's turn is not meant).
CONJ = {"y", "e", "en", "pero", "ma", "maar", "o", "poi", "luego", "daarna", "and", "but", "then"}
TURN_STOP = {"y", "e", "en", "pero", "ma", "maar", "o", "tiempo", "dat", "che", "poi", "luego", "daarna", "and", "but",
              "then", "time", "that"}
# Languages whose subordinate clause puts its verb before its subject («prima che apra Nord», «antes de que hable
# Este»): a seat right after that verb and right before a call is the subject of the call when no comma parts them
# («prima che apra Nord dice passo»: before [the dealer] opens, North passes)
VERB_FIRST = {"es", "it"}
# «creyendo que», «meende dat», «crede che», «thinking that»: what follows, to the end of its clause, is what a player
# believed («omdat hij meende dat W 1SA had gezegd»), not calls made; its seats call nothing
BELIEF = {"es": r"cre(?:e|yendo|y[óo]|[íi]a)\s+que|pens(?:ando|aba|ó)\s+que",
          "nl": r"(?:dacht|denkt|meende|meent|denkend)\s+dat|in\s+de\s+veronderstelling\s+dat",
          "it": r"(?:crede|credeva|credendo|pensa|pensava|pensando)\s+che|convint[oa]\s+che",
          "en": r"(?:thinks|thought|thinking|believes|believed|believing)\s+(?:that\s+)?"}
# The director's own explanation of the law («tras mi explicación», «na de uitleg van de WL», «dopo la mia
# spiegazione», «after my explanation»): no explanation of a call (the misinformation ELSEWHERE names)
TD_EXPLAINS = {
    "es": r"(?:tras|despu[ée]s\s+de)\s+(?:mi|la)\s+explicaci[óo]n(?:\s+del\s+[áa]rbitro)?(?!\s+de)|les?\s+explico",
    "nl": r"(?:na\s+)?(?:de|mijn)\s+uitleg(?:\s+van\s+de\s+(?:wl|td|wedstrijdleider))?(?!\s+van)\b|ik\s+leg\s+(?:\w+\s+)?uit",
    "it": r"(?:dopo\s+)?la\s+(?:mia\s+)?spiegazione(?:\s+dell'arbitro)?(?!\s+d)|gli\s+spiego",
    "en": r"(?:after\s+)?(?:the|my)\s+(?:td's\s+|director's\s+)?explanation(?!\s+(?:of|by|from))|I\s+explain",
}
# «repite su 1♥», «herhaalt het doublet», «ripete il contro», «repeats his 1♥»: the call after it is made again, not named
REPEAT = {"es": r"repite|repiti[óo]|vuelve\s+a\s+decir", "nl": r"herhaalt|herhaalde", "it": r"ripete|ripeté|ridice",
          "en": r"repeats|repeated"}
# A pronoun subject after a turn marker («voordat hij past op 3♥ van O»: before he passes): the marker tells what he
# did, not another seat's turn, nor a call out of turn (Spanish «él» folds to the article «el»: left out)
PRONOUN = {"es": r"ella", "nl": r"hij|zij|ze", "it": r"lui|lei|egli", "en": r"he|she"}
# Turn markers: the seat that follows (within a few words) is the player whose turn it was.
TURN = {
    "es": r"antes\s+de\s+que|antes\s+que|antes\s+de|sin\s+esperar(?:\s+a\s+que)?|le\s+toca(?:ba)?|toca(?:ba)?\s+a|turno\s+de|en\s+lugar\s+de|"
          r"salt[áa]ndose\s+a|saltando\s+a",
    "nl": r"voordat|voor\s+dat|vóór|zonder\s+op|zonder\s+te\s+wachten|beurt\s+van|in\s+plaats\s+van|slaat|"
          r"(?:terwijl|toen)(?=[^,.;]{0,30}(?:nog\s+niet|aan\s+de\s+beurt))",
    "it": r"prima\s+che|prima\s+di|senza\s+aspettare(?:\s+che)?|turno\s+d(?:i|el|ella)\b|tocca(?:va)?\s+a|"
          r"al\s+posto\s+d(?:i|el|ella)\b|invece\s+d(?:i|el|ella)\b|saltando",
    "en": r"before|without\s+waiting\s+for|turn\s+of|instead\s+of|in\s+place\s+of|skipping|ahead\s+of",
}
# "... X was aan de beurt" / "era il turno di X" / "at North's turn": a seat before the marker.
TURN_AFTER = {"es": r"(?:le\s+)?tocaba|estaba\s+en\s+turno", "nl": r"(?:was|is)\s+aan\s+de\s+beurt",
               "it": r"(?:era|è)\s+di\s+turno",
               "en": r"'s\s+turn|(?:was|is)\s+(?:still\s+)?(?:to\s+(?:call|bid|speak)|on\s+turn|next)|"
                     r"ha(?:d|s)\s+(?:not\s+)?(?:yet\s+)?(?:called|bid|spoken)"}
DEALER = {
    "es": r"dador(?:a)?|reparte|repartidor|da\s+cartas",
    "nl": r"gever|deelt|deler|dealer",
    "it": r"distributore|mazziere|distribuisce|dealer",
    "en": r"dealer|deals|dealt",
}
# A word that makes an acceptance a refusal when it comes just before it («nadie acepta», «nobody accepts»,
# «nessuno accetta», «niemand accepteert»), or, in Dutch, after it («accepteert dat bod niet»).
NEG_BEFORE = {"es": r"(?:nadie|ninguno|no|nunca)(?:\s+(?:lo|la|le|se|los|las))*",
               "nl": r"(?:niemand|niet|geen|nooit)",
               "it": r"(?:nessuno|non|mai)(?:\s+(?:lo|la|li|le))*",
               "en": r"(?:nobody|no\s+one|none|neither|not|never|n't|declines?\s+to|refuses?\s+to|won't)"}
NEG_AFTER = {"nl": r"\s+(?:\w+\s+){0,3}?niet\b"}
# «antes de que llegue el árbitro», «voordat de WL aan tafel is», «prima che arrivi l'arbitro», «before the director is
# called»: what follows was done before the director came (a replacement made before he ruled, 27C; the player in turn
# calling over a call out of rotation, 28B)
BEFORE_TD = {
    "es": r"antes\s+de\s+que\s+(?:nadie\s+)?(?:llam|lleg|veng)\w*(?:\s+al)?\s+(?:el\s+)?[áa]rbitro|"
          r"antes\s+de\s+(?:llamar\s+al|la\s+llegada\s+del)\s+[áa]rbitro|antes\s+de\s+que\s+(?:yo\s+)?llegue\s+a\s+la\s+mesa",
    "nl": r"voor(?:dat)?\s+(?:iemand\s+)?(?:de\s+)?(?:wl|td|wedstrijdleider|arbiter)\s+(?:\w+\s+){0,2}?(?:is|komt|roept|arriveert|"
          r"geroepen)\b|voor(?:dat)?\s+ik\s+(?:aan\s+tafel\s+|er\s+)?(?:ben|kom|was|arriveer)\b",
    "it": r"prima\s+che\s+(?:qualcuno\s+)?(?:chiami|arrivi|venga\s+chiamato)\s+l'arbitro|"
          r"prima\s+che\s+l'arbitro\s+(?:arrivi|sia\s+chiamato|venga\s+chiamato)|prima\s+dell'arrivo\s+dell'arbitro|prima\s+che\s+(?:io\s+)?arrivi\s+al\s+tavolo",
    "en": r"before\s+(?:anyone\s+calls\s+(?:for\s+)?)?the\s+(?:director|td)(?:\s+(?:is\s+called|arrives|comes|is\s+summoned))?\b|"
          r"before\s+I\s+(?:get|got|come|came|arrive\w*)\s+(?:to|at)\s+the\s+table",
}
NOT_ACCEPTED = {
    "es": r"no\s+(?:lo\s+|la\s+)?acepta|no\s+se\s+acepta|sin\s+aceptar|se\s+anula|anulad|rechaza|(?<!sin\s)(?<!nadie\s)llam\w*\s+al\s+[áa]rbitro|"
          r"llego\s+a\s+la\s+mesa|llegamos|llega\s+el\s+[áa]rbitro|[áa]rbitro\s+llega",
    "nl": r"niet\s+(?:ge)?accept|accepteert\s+(?:het\s+|dat\s+|die\s+)?niet|neemt\s+(?:het|dat|die)\s+niet\s+over|"
          r"geannuleerd|vervalt|roep\w*\s+(?:de\s+)?(?:wl|wedstrijdleider)|(?:wl|wedstrijdleider)\s+(?:wordt|komt|is)|"
          r"weiger\w*|(?:wl|td)\s+erbij",
    "it": r"non\s+(?:lo\s+|la\s+)?accett|non\s+viene\s+accettat|annullat|rifiut\w*|(?<!senza\s)chiam\w*\s+(?:subito\s+)?l'arbitro|"
          r"arbitro\s+arriva|arriv\w*\s+al\s+tavolo",
    "en": r"(?:does|did|do)\s*(?:n't|\s+not)\s+accept|not\s+accept|refuse|reject|declin\w*|cancell?ed|"
          r"(?<!without\s)(?<!before\s)(?<!anyone\s)call\w*\s+(?:for\s+)?the\s+(?:director|td)|"
          r"(?<!before\sthe\s)(?:director|td)\s+(?:is\s+called|arrives|comes)",
}
ACCEPTED = {
    "es": r"nadie\s+llam\w*\s+al\s+[áa]rbitro|no\s+se\s+entera|no\s+se\s+(?:ha\s+)?(?:da|dado|dio)\s+cuenta|sin\s+darse\s+cuenta|sin\s+llamar|sin\s+esperar\s+al\s+[áa]rbitro|lo\s+acepta|la\s+acepta|acepta\s+(?:la|el)|aceptad|"
          r"(?:lo|la)\s+da\s+por\s+buen[oa]|dar(?:lo|la)?\s+por\s+buen[oa]|como\s+si\s+nada|dej\w*\s+pasar",
    "nl": r"zonder\s+(?:op\s+)?(?:de\s+)?(?:wl|wedstrijdleider|td)|zonder\s+het\s+te\s+merken|merkt\s+het\s+niet|"
          r"heeft\s+het\s+niet\s+door|accepte(?:ert|erde|erden)\s+(?:het|dat|die|de)\b(?!\s+niet)|geaccepteerd|neemt\s+(?:het|dat|die)\s+over",
    "it": r"senza\s+chiamare|senza\s+accorgersene|non\s+se\s+ne\s+accorge|senza\s+aspettare\s+l'arbitro|accetta\s+(?:la|il)|(?:lo|la)\s+accetta|viene\s+accettat|accettat|"
          r"(?:la|lo)\s+(?:considera|tiene)\s+(?:buon|valid)",
    "en": r"without\s+(?:calling|noticing|the\s+director)|(?:does|did|do)\s*(?:n't|\s+not)\s+notice|"
          r"accepts?\b|accepted|simply\s+(?:bids|calls|passes)|just\s+(?:bids|calls|passes)|treats?\s+it\s+as\s+legal",
}
# The words of ACCEPTED that say the LHO accepted (the others say only that nobody called the director)
ACCEPT_WORD = re.compile(r"acept|accett|accept|por\s+buen|pasar|como\s+si\s+nada|as\s+legal|buon|valid|neemt", re.I)
# Words for a pass, a double, a redouble used as a verb or a noun (beyond the notation's words).
CALL_WORDS = {
    "es": {"pass": r"pasa|pasó|paso|ha\s+pasado|vuelve\s+a\s+pasar|volvió\s+a\s+pasar", "double": r"dobla|dobló|doblo|vuelve\s+a\s+doblar|volvió\s+a\s+doblar", "redouble": r"redobla|redobló|redoblo"},
    "nl": {"pass": r"past|paste|passt|gepast|'pas'|pas(?=\s*[;,.!?']|$)|pas(?=\s+(?:voor|buiten)\s)", "double": r"doubleert|doubleerde|doublet|doublé",
           "redouble": r"redoubleert|redoubleerde|redoublet"},
    "it": {"pass": r"passa|passò|passo", "double": r"contra|contrò|contro", "redouble": r"surcontra|surcontro|surcontrò"},
    "en": {"pass": r"pass(?:es|ed)?", "double": r"doubles|doubled|double", "redouble": r"redoubles|redoubled|redouble"},
}
# A double or redouble named as a call (not the verb): said with a bid right after it («dice 'doblo tres corazones'»,
# «surcontro tre fiori», 'doublet 3 harten', "double three hearts") it is the words of one call that states a bid
DOUBLE_NOUN = {"es": r"(?:re)?doblo", "nl": r"(?:re)?doublet", "it": r"(?:sur)?contro", "en": r"(?:re)?double"}
# Words that say a call was made out of turn (the account then means the seats it names).
OUT = {
    "es": r"fuera\s+de\s+turno|antes\s+de\s+tiempo|antes\s+de\s+que|antes\s+que|sin\s+esperar|le\s+toca|turno\s+de|"
          r"salt[áa]ndose|saltando|en\s+lugar\s+de|no\s+le\s+tocaba",
    "nl": r"voor\s+(?:zijn|haar|de)\s+beurt|buiten\s+(?:zijn\s+|de\s+)?beurt|voordat|aan\s+de\s+beurt|beurt\s+van|"
          r"zonder\s+(?:op\s+\w+\s+)?te\s+wachten|slaat\s+\w+\s+over|overgeslagen|in\s+plaats\s+van",
    "it": r"fuori\s+turno|prima\s+che|prima\s+di|senza\s+aspettare|al\s+posto\s+d(?:i|el|ella)\b|turno\s+d(?:i|el|ella)\b|"
          r"toccava|tocca\s+a|saltando",
    "en": r"out\s+of\s+(?:turn|rotation)|before|without\s+waiting|skipping|instead\s+of|'s\s+turn|ahead\s+of|"
          r"not\s+(?:his|her)\s+turn|too\s+early",
}
# «fuera de turno», «buiten de beurt», «fuori turno», «out of turn»: the words that say a call was out of rotation
OUT_OF_TURN = {"es": r"fuera\s+de\s+turno", "nl": r"(?:buiten|voor)\s+(?:zijn\s+|haar\s+|de\s+)?beurt",
                "it": r"fuori\s+turno", "en": r"out\s+of\s+(?:turn|rotation)"}
# «Sur tenía que pasar», «Z moest de rest van het bieden passen», «Sud, obbligato a passare»: a player under
# an obligation to pass (from an earlier rectification the account does not tell).
OBLIGED = {
    "es": r"(?:ten[íi]a|tiene|deb[íi]a|debe)\s+que\s+pasar|(?:deb[íi]a|debe)\s+pasar|obligad[oa]\s+a\s+pasar",
    "nl": r"(?:moet|moest|moesten)\s+(?:[\w\s]{0,60}?)passen|pasverplichting",
    "it": r"(?:obbligat[oa]|costrett[oa])\s+a\s+passare|(?:deve|doveva)\s+passare",
    "en": r"(?:had|has|was|is)\s+(?:required\s+|obliged\s+|forced\s+)?to\s+pass|must\s+pass|(?:was|is)\s+barred",
}
# The end of a clause (its punctuation or the conjunction that begins the next): «tenía que pasar por un doblo de su
# compañero, pero dice 3♦»
CLAUSE_END = re.compile(r"[,;]|\b(?:pero|aunque|ma|per[òo]|maar|but|y|e|ed|en|and|then|luego|poi|daarna)\b", re.I)
# «cambia su voz», «verandert zijn bod», «cambia la chiamata», «changes his call»: a player changes a call he made
CHANGE = {
    "es": r"cambi\w*|corrig\w*|correg\w*|sustitu\w*|rectific\w*|arregl\w*|en\s+vez\s+de|quer[íi]a",
    "nl": r"verander\w*|wijzig\w*|verbeter\w*|vervang\w*|in\s+plaats\s+van|bedoel(?:de)?|bedenkt|bedacht|\bnee,",
    "it": r"cambi\w*|modific\w*|corregg\w*|corress\w*|sostitu\w*|invece\s+di|volev\w*|ripens\w*",
    "en": r"chang\w*|correct\w*|replac\w*|substitut\w*|instead\s+of|meant|meaning\s+to",
}
# «se le fue la mano», «pakt het verkeerde biedkaartje», «per sbaglio», «pulled the wrong card»: a call the player
# did not mean (a slip, changed at once: the engine's fact ``unintended``, Law 25A)
UNINTENDED = {
    "es": r"sin\s+querer|se\s+le\s+fue\s+la\s+mano|por\s+despiste|lapsus|se\s+equivoc\w*\s+de\s+cart|"
          r"quer[íi]a\s+(?:decir|sacar|poner|pasar|doblar|[1-7])|quiere\s+decir\s+[1-7]",
    "nl": r"per\s+ongeluk|verkeerde?\s+(?:\w+\s+)?(?:bied)?kaart(?:je)?|vergist|bedoel(?:de)?",
    "it": r"per\s+(?:errore|sbaglio)|senza\s+volerlo|cartellino\s+sbagliato|volev\w*\s+(?:dire|mettere|passare|[1-7])|svista",
    "en": r"by\s+mistake|slip|pulled\s+the\s+wrong|wrong\s+(?:bidding\s+)?card|meant\s+to|meaning\s+to|wanted\s+to\s+(?:bid|call|say)",
}
# «en el acto», «meteen», «subito», «at once»: the call was changed without pause for thought (the engine's fact
# ``pause``: no), which says nothing of whether the first call was intended («lo cambia subito in 2♥»: the
# correction of an insufficient bid, 27C, not a slip)
AT_ONCE = {
    "es": r"sin\s+(?:pararse\s+a\s+)?pensar|en\s+el\s+acto|al\s+instante",
    "nl": r"zonder\s+na\s+te\s+denken|meteen|onmiddellijk",
    "it": r"senza\s+pensar\w*|subito",
    "en": r"without\s+(?:a\s+)?pause|at\s+once|immediately|in\s+the\s+same\s+breath",
}
# «entrambe naturali», «natuurlijk», «1♥ natural»: the calls are natural (the engine's fact ``artificial``, Law 27B1);
# «artificial», «conventioneel», «convenzionale»: they are not. A negation right before the word turns it round.
NATURAL = {"es": r"naturales|natural",
            # «natuurlijk» alone is also "of course": natural only said of calls
            "nl": r"natuurlijke|(?:(?<=is\s)|(?<=zijn\s)|(?<=was\s)|(?<=waren\s)|(?<=allebei\s)|(?<=beide\s)|(?<=beiden\s)|"
                  r"(?<=ook\s))natuurlijk|natuurlijk(?=\s+(?:bod|bieding|openingsbod|bedoeld))",
            "it": r"naturali|naturale",
            "en": r"natural"}
ARTIFICIAL = {"es": r"artificial(?:es)?|convencional(?:es)?", "nl": r"kunstmatige?|conventione(?:el|le)|artifici[eë]le?",
               "it": r"artificial[ei]|convenzional[ei]", "en": r"artificial|conventional"}
NOT = {"es": r"no(?:\s+es|\s+era|\s+son|\s+eran)?", "nl": r"niet|geen", "it": r"non(?:\s+è|\s+era|\s+sono|\s+erano)?",
        "en": r"not|n't|non-?"}
# «la apertura de Sur», «de opening van N», «l'apertura di Nord»: an opening bid whose level is not said.
OPENING = {"es": r"apertura\s+de\s+(\w+)", "nl": r"opening(?:sbod)?\s+van\s+(\w+)", "it": r"apertura\s+di\s+(\w+)",
            "en": r"opening(?:\s+bid)?\s+(?:of|by)\s+(\w+)"}
# Suit and no-trump words after a level (besides the symbols and the notation's letters).
DENOM_WORDS = {
    "es": {"C": r"tr[ée]bol(?:es)?", "D": r"diamantes?", "H": r"coraz[oó]n(?:es)?", "S": r"picas?",
           "NT": r"sin\s+triunfos?|st|sa|nt"},
    "nl": {"C": r"klaver(?:en)?", "D": r"ruit(?:en)?", "H": r"hart(?:en)?", "S": r"schoppen|schop",
           "NT": r"sans(?:\s+atout)?|sa|nt"},
    "it": {"C": r"fiori|fiore", "D": r"quadri|quadro", "H": r"cuori|cuore", "S": r"picche|picca",
           "NT": r"senza(?:\s+atout)?|sa|nt"},
    "en": {"C": r"clubs?", "D": r"diamonds?", "H": r"hearts?", "S": r"spades?", "NT": r"no[\s-]?trumps?|notrumps?|nt"},
}
# One verb for two or three seats («poi passano Ovest e Nord», «pasan Este y Sur», «daarna passen W en N», «West and
# North pass»): each passes, in the order named.
PASS_PLURAL = {"es": r"pasan|pasaron|pasa(?=\s+(?:tambi[ée]n\s+)?\w+\s+y\s)", "nl": r"passen|pasten",
                "it": r"passano|passarono|passa(?=\s+(?:anche\s+)?\w+\s+e\s)", "en": r"pass(?:ed)?"}
PLURAL_JOIN = {"es": r"y", "nl": r"en", "it": r"e|ed", "en": r"and"}
PLURAL_ADV = {"es": r"tambi[ée]n|luego|despu[ée]s", "nl": r"ook|dan|daarna|allebei|beiden|beide",
               "it": r"anche|poi|pure|entrambi", "en": r"both|also|then|in\s+turn"}
# A seat named by its place from another («su OI», «su compañero», «zijn LT», «l'avversario alla sua sinistra»,
# «his partner», «the player on his left»): read as the seat it is from the last seat named before it (the
# asker's own, South, after «my»: a player's question). Each group names one relation.
ROLES = {
    "es": {"partner": r"(?:su|mi|tu|el)\s+(?:propi[oa]\s+)?compa[ñn]er[oa]",
           "lho": r"(?:(?:su|mi|el)\s+)?OI\b|(?:su|mi|el)\s+(?:oponente|rival|contrario)\s+(?:de\s+(?:la\s+)?)?izquierd[oa]|"
                  r"el\s+(?:jugador\s+)?(?:sentado\s+)?(?:de|a)\s+(?:su|mi)\s+izquierda",
           "rho": r"(?:(?:su|mi|el)\s+)?OD\b|(?:su|mi|el)\s+(?:oponente|rival|contrario)\s+(?:de\s+(?:la\s+)?)?derech[oa]|"
                  r"el\s+(?:jugador\s+)?(?:sentado\s+)?(?:de|a)\s+(?:su|mi)\s+derecha"},
    "nl": {"partner": r"(?:zijn|haar|mijn)\s+(?:eigen\s+)?partner",
           "lho": r"(?:(?:zijn|haar|mijn|de)\s+)?LT\b|(?:zijn|haar|mijn|de)\s+linker\s?(?:tegenstander|buurman|buurvrouw)|"
                  r"de\s+speler\s+links\s+van\s+(?:hem|haar|mij)",
           "rho": r"(?:(?:zijn|haar|mijn|de)\s+)?RT\b|(?:zijn|haar|mijn|de)\s+rechter\s?(?:tegenstander|buurman|buurvrouw)|"
                  r"de\s+speler\s+rechts\s+van\s+(?:hem|haar|mij)"},
    "it": {"partner": r"(?:il\s+|del\s+|al\s+)?(?:suo|mio|proprio)\s+(?:compagno|partner)|(?:la\s+)?(?:sua|mia|propria)\s+compagna",
           "lho": r"l'avversari[oa]\s+(?:di|a|alla\s+sua|alla\s+mia)\s+sinistra|(?:il\s+)?(?:suo|mio)\s+avversario\s+di\s+sinistra|"
                  r"il\s+giocatore\s+(?:alla\s+sua|alla\s+mia|a)\s+sinistra",
           "rho": r"l'avversari[oa]\s+(?:di|a|alla\s+sua|alla\s+mia)\s+destra|(?:il\s+)?(?:suo|mio)\s+avversario\s+di\s+destra|"
                  r"il\s+giocatore\s+(?:alla\s+sua|alla\s+mia|a)\s+destra"},
    "en": {"partner": r"(?:his|her|their|my)\s+(?:own\s+)?partner",
           "lho": r"(?:(?:his|her|my|the)\s+)?LHO\b|(?:his|her|my)\s+left[-\s]hand\s+opponent|"
                  r"the\s+(?:player|opponent)\s+(?:on|to|at)\s+(?:his|her|my)\s+left",
           "rho": r"(?:(?:his|her|my|the)\s+)?RHO\b|(?:his|her|my)\s+right[-\s]hand\s+opponent|"
                  r"the\s+(?:player|opponent)\s+(?:on|to|at)\s+(?:his|her|my)\s+right"},
}
MY = {"es": r"mi\b", "nl": r"mijn\b", "it": r"(?:il\s+|la\s+|l')?(?:mio|mia)\b", "en": r"my\b"}
ASKER = "S"      # the seat of a player who asks about «my partner», «mi OI»
# Accounts whose auction is only the background of another question: the cards of another board (Law 17D), the play
# after the auction (a lead, a trick), an explanation or an alert (misinformation, Laws 20-21): the record the
# words give is not the irregularity asked about, and the reader gives nothing.
ELSEWHERE = {
    "es": r"cartas\s+(?:\w+\s+){0,3}(?:board|tablero)\s+\d+|otro\s+board|board\s+equivocado|tablero\s+equivocado|estuche|cartas\s+equivocadas|mano\s+equivocada|"
          r"(?<!antes\s)(?<!antes\sde\s)(?<!antes\sde\sla\s)\bsalida\b|\bsale\s+(?:a|con|de)\b|\bbaza|\bcarteo|\bjuega\s+(?:el\s+)?[1-7]|"
          r"explic\w*|\balert\w*|mal\s+informad\w*|informaci[óo]n\s+(?:err[óo]nea|equivocada)|"
          r"pregunt\w*\s+(?:\w+\s+){0,2}?(?:qu[ée]|el\s+significado)|o[íy][óo]?\s+mal|entendi[óo]\s+mal",
    "nl": r"kaarten\s+(?:\w+\s+){0,3}(?:board|spel)\s+\d+|ander(?:e)?\s+(?:board|spel)|verkeerde?\s+(?:board|spel|hand|kaarten)|\buitkom\w*|\bkomt\s+(?:\w+\s+){0,2}uit\b|"
          r"\bslag\b|\btegenspel\b|\bspeelt\s+[1-7]|\buitleg\w*|uitgelegd|\blegt\s+(?:\S+\s+){0,4}?uit\b|\balert\w*|"
          r"verkeerd\s+(?:\w+\s+)?(?:ingelicht|geïnformeerd)|verkeerde\s+informatie|\bvraagt\s+(?:\w+\s+){0,2}?(?:wat|naar\s+de\s+betekenis)|"
          r"verkeerd\s+(?:verstaan|gehoord)|hoorbaar",
    "it": r"carte\s+(?:\w+\s+){0,3}board\s+\d+|board\s+da\s+cui|(?:preso|prese)\s+(?:le\s+carte\s+)?per\s+(?:errore|sbaglio)|altro\s+board|board\s+sbagliato|carte\s+sbagliate|mano\s+giusta|\battacc(?:o|a|are)\b|\bpresa\b|"
          r"\bgioca\s+[1-7]|spieg\w*|\balert\w*|(?:mal|male)\s+informat\w*|informazion\w*\s+(?:errat|sbagliat)\w*|"
          r"\bchiede\s+(?:\w+\s+){0,2}?(?:cosa|che\s+cosa|il\s+significato)|(?:capito|sentito)\s+male|frainte\w*",
    "en": r"cards\s+(?:\w+\s+){0,3}board\s+\d+|(?:another|wrong|other)\s+board|wrong\s+(?:hand|cards)|opening\s+lead|\bleads?\b|\btricks?\b|"
          r"\bplays?\s+[1-7]|explain\w*|explanation|\balert\w*|misinform\w*|\basks?\s+(?:\w+\s+){0,2}?what|misheard|misunderst\w*",
}
# An opening bid said without its level («la apertura de su compañero», «opent», «l'apertura»)
OPENS = {"es": r"abr[eií]\w*|apertura", "nl": r"open(?:t|de|ing)\w*", "it": r"apr[eií]\w*|apertura",
          "en": r"open(?:s|ed|ing)\b"}
# The verb of an opening right after its seat, with no bid in its clause («nord ha aperto fuori turno al posto di
# ovest», «West opened out of turn»): an opening bid whose level is not said; the auxiliaries of its perfect tense
OPENS_VERB = {"es": r"abre|abri[óo]|abierto", "nl": r"opent|opende|geopend", "it": r"apre|aprì|aperto",
              "en": r"opens|opened"}
PERFECT = {"es": r"ha|hab[íi]a", "nl": r"heeft|had", "it": r"ha|aveva", "en": r"has|had"}
# «tras una pausa», «na enig nadenken», «dopo averci pensato», «after a pause»: the player paused for thought (the
# engine's fact ``pause``, 2007 Law 25A); «cambia de idea», «bedenkt zich», «ci ripensa», «changes his mind»: the
# call was no slip (``unintended``: no, a change of mind, Law 25B)
PAUSE = {"es": r"tras\s+(?:una\s+)?pausa|despu[ée]s\s+de\s+(?:una\s+)?pausa|tras\s+(?:pensar|dudar)|despu[ée]s\s+de\s+pensar",
          "nl": r"na\s+(?:een\s+|enige\s+)?(?:pauze|nadenken|aarzeling)|denkt\s+(?:even\s+)?na",
          "it": r"dopo\s+(?:una\s+)?pausa|dopo\s+averci\s+pensato|dopo\s+aver\s+(?:pensato|riflettuto)|ci\s+pensa",
          "en": r"after\s+(?:a\s+)?(?:pause|hesitation|some\s+thought|thinking)|hesitat\w*|thinks?\s+(?:it\s+over|again)"}
MIND = {"es": r"cambi\w*\s+de\s+(?:idea|opini[óo]n)|se\s+arrepient\w*|lo\s+piensa\s+mejor|pens[áa]ndolo\s+mejor",
         "nl": r"bedenkt\s+zich|bedacht\s+zich|van\s+gedachten\s+verander\w*|spijt",
         "it": r"cambi\w*\s+idea|ci\s+ripens\w*|ripensamento|si\s+pente",
         "en": r"chang\w*\s+(?:his|her)\s+mind|second\s+thoughts|thinks?\s+better|on\s+reflection"}
# «con el mismo significado», «dezelfde betekenis», «stesso significato», «comparable», «more precise»: the
# replacement is a comparable call (2017 Law 23A; 2007 27B1(b), same or more precise meaning); «otro significado»,
# «andere betekenis», «significato diverso», «different meaning», or a negation before, say it is not
COMPARABLE = {"es": r"comparable|mismo\s+significado|significado\s+(?:parecido|similar|equivalente)|m[áa]s\s+precis[oa]",
               "nl": r"vergelijkbare?|dezelfde\s+betekenis|gelijke\s+betekenis|preciezer",
               "it": r"comparabile|stesso\s+significato|significato\s+(?:simile|analogo|equivalente)|pi[ùu]\s+precis[oa]",
               "en": r"comparable|(?:same|similar)\s+meaning|more\s+precise"}
UNLIKE = {"es": r"(?:otro|distinto)\s+significado|significado\s+(?:distinto|diferente)",
           "nl": r"andere\s+betekenis|(?:verschillende|afwijkende)\s+betekenis",
           "it": r"(?:altro|diverso)\s+significato|significato\s+divers[oa]",
           "en": r"(?:different|another)\s+meaning"}
# «tras el tercer paso», «na de afsluitende pas», «dopo il terzo passo finale», «after the final pass»: the auction
# had ended (three passes after a bid) when the next call was made (Law 39)
FINAL_PASS = {
    "es": r"(?:tras|despu[ée]s\s+de(?:l)?|acabada\s+la\s+subasta\s+con)\s+(?:el\s+)?(?:tercer\s+paso|paso\s+final|[úu]ltimo\s+paso|"
          r"tres\s+pasos)|(?:terminad|acabad|cerrad)a\s+la\s+subasta|\by\s+(?:luego\s+)?tres\s+pasos|"
          r"la\s+subasta\s+(?:acaba|termina|se\s+cierra|finaliza|concluye)\s+en|(?:todos|los\s+tres)\s+pasan|"
          r"pasan\s+(?:todos|los\s+tres)|paso,?\s+paso,?\s+paso",
    "nl": r"na\s+(?:de\s+)?(?:derde\s+(?:slot)?pas|drie\s+(?:afsluitende\s+)?passen|(?:afsluitende|laatste)\s+pas|slotpas)|"
          r"(?:na\s+afloop\s+van|na\s+het\s+einde\s+van)\s+het\s+bieden|\ben\s+(?:dan\s+)?drie\s+(?:keer\s+)?pas(?:sen)?|"
          r"het\s+bieden\s+(?:eindigt|stopt)\s+(?:in|op|met)|iedereen\s+past|(?:allen|allemaal)\s+passen|pas,?\s+pas,?\s+pas\b",
    "it": r"dopo\s+(?:il\s+)?(?:terzo\s+passo|passo\s+finale|tre\s+pass[oi]|ultimo\s+passo)|(?:chius|finit|conclus)a\s+la\s+licita|\be\s+(?:poi\s+)?tre\s+pass[oi]|"
          r"la\s+licita\s+(?:finisce|termina|si\s+chiude|si\s+conclude)\s+(?:a|in|su|con)|passano\s+tutti|tutti\s+passano|"
          r"passo,?\s+passo,?\s+passo",
    "en": r"after\s+(?:the\s+)?(?:third\s+(?:final\s+)?pass|final\s+pass|three\s+passes|last\s+pass|auction\s+(?:has\s+)?ended)|"
          r"\band\s+(?:then\s+)?three\s+passes|the\s+auction\s+(?:ends|ended|closes|closed)\s+(?:in|at|with)|"
          r"\ball\s+pass(?:ed)?\b|every(?:one|body)\s+passe[sd]|pass,?\s+pass,?\s+pass\b",
}
# whether the player who called after the final pass is on the declaring side («que será el muerto»,
# «compagno del dichiarante», «the dummy») or a defender («defensor», «tegenspeler», «difensore»)
DECLARING = {"es": r"muerto|declarante", "nl": r"blinde|leider", "it": r"morto|dichiarante", "en": r"dummy|declarer"}
DEFENDING = {"es": r"defens\w*", "nl": r"tegenspeler\w*|verdedig\w*", "it": r"difensor\w*|in\s+difesa",
              "en": r"defender|defending"}
# «antes de la salida», «voordat er uitgekomen is», «prima dell'attacco», «before the opening lead»: the play
# has not begun (said of a call after the final pass, not a question about the play)
BEFORE_LEAD = {"es": r"antes\s+de\s+(?:la\s+)?salida|antes\s+de\s+salir|(?:que\s+)?(?:tiene|ten[íi]a)\s+la\s+salida|"
                      r"(?:pone\s+|saca\s+)?la\s+salida\s+boca\s+abajo",
                "nl": r"voor(?:dat)?\s+(?:er\s+)?(?:de\s+)?uitkom\w*(?:\s+(?:is|was))?|voordat\s+\w+\s+uitkomt|"
                      r"(?:de\s+)?uitkomst\s+(?:\w+\s+){0,2}?gedekt|gedekte\s+uitkomst",
                "it": r"prima\s+dell'attacco|prima\s+di\s+attaccare|(?:che\s+)?(?:deve|doveva)\s+attaccare|"
                      r"(?:carta\s+d')?attacco\s+(?:\w+\s+){0,3}?copert[oa]",
                "en": r"before\s+the\s+(?:opening\s+)?lead|before\s+(?:\w+\s+)?leads|(?:who\s+is\s+)?on\s+lead|"
                      r"face[- ]down\s+(?:opening\s+)?lead|leads?\s+face[- ]down"}
# A call out of rotation in general words, no seat named: the word of a turn, then the player whose turn it was by his
# place from the offender («en el turno del compañero», «op de beurt van de rechtertegenstander», «al turno
# dell'avversario di destra», «toen mijn partner aan de beurt was», «at RHO's turn»), and the words of a call
TURN_WORD = {"es": r"turno|tocaba|toca", "nl": r"beurt|toen", "it": r"turno|posto|toccava|tocca", "en": r"turn|instead\s+of"}
TURN_ROLE = {
    "es": {"partner": r"compa[ñn]er[oa]", "rho": r"derech[ao]|OD", "lho": r"izquierd[ao]|OI"},
    "nl": {"partner": r"partner", "rho": r"rechter\w*|RT", "lho": r"linker\w*|LT"},
    "it": {"partner": r"compagn[oa]|partner", "rho": r"destra", "lho": r"sinistra"},
    "en": {"partner": r"partner", "rho": r"right|RHO", "lho": r"left|LHO"},
}
# English also says the player before the turn («at partner's turn», «at RHO's turn»)
ROLE_TURN = {"en": r"'s\s+turn"}
# the words between them: articles, prepositions, possessives, the nouns of a player
TURN_LINK = (r"de|del|dell'|della|di|al|alla|a|la|el|il|lo|su|sua|suo|mi|mio|mia|van|op|het|zijn|zn|mijn|haar|of|the|his|"
             r"her|my|to|at|nel|nella|oponente|adversario|rival|contrario|jugador|avversario|giocatore|tegenstander|speler|"
             r"opponent|player")
CALL_NOUN = {"es": r"declaraci[óo]n|voz|abre|abri[óo]|declara|declar[óo]|apertura",
             "nl": r"bod|bieding|biedt|bood|opent|opende|opening",
             "it": r"chiamata|licita|dichiarazione|apre|aprì|dichiara|licitato|apertura",
             "en": r"call|bid|bids|opens|opened|opening"}
# «insuficiente», «onvoldoende», «insufficiente», «insufficient»: an insufficient bid named in general words
INSUFFICIENT = {"es": r"insuficiente", "nl": r"onvoldoende", "it": r"insufficiente", "en": r"insufficient"}
ACCEPTS = re.compile(r"acept|accept|accett", re.I)
# Levels said in words («one heart», «dos picas», «een klaveren», «uno fiori»): the level of a bid, one to nine.
LEVEL_WORDS = {
    "es": {"un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
           "ocho": 8, "nueve": 9},
    "nl": {"een": 1, "één": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9},
    "it": {"un": 1, "uno": 1, "una": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7,
           "otto": 8, "nove": 9},
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9},
}
