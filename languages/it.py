"""Italian: detected (its function words keep an Italian question from reading as French or Spanish through one
shared word: "il", "la", "che"), its short follow-ups read; answered in English."""

from .pack import LanguagePack, frozen

PACK = LanguagePack(
    code="it",
    name="Italian",
    lingua="ITALIAN",
    function_words=frozenset(
        "il lo gli della dello delle degli del di da che non per perché perche come quando dove sono è "
        "questo questa mio mia miei nel nella nei negli al alla ai ma anche ho ha hanno viene si una uno "
        "posso può puo devo cosa quale quali su sul sulla dal dalla tra fra e se".split()
    ),
    english_homographs=frozenset("per non ha ho come ai si".split()),
    # words of a short question no other pack writes: "Come risolvo l'errore ...?" held "come" alone against
    # French's elided "l" and "a" (the English error's article) and was answered in French
    detection_words=frozenset(
        "errore errori risolvo risolvere funziona ricevo ottengo dati scrive legge usiamo".split()
    ),
    names=("Italian", "italien", "italiano"),
    # what a short turn asks of the entry under discussion (a twentieth trial's Italian follow-ups were searched as
    # typed: "quale valore devo mettere?", "con quale versione del driver succede?" got unrelated entries)
    follow_up_patterns=("e per quanto riguarda", "e per", "e con", "e se", "e nel", "e nella", "e il", "e la", "e lo"),
    pronoun_patterns=("questo", "questa", "quello", "quella", "ciò"),
    question_patterns=(r"\bcosa significa\b", r"\bcome (?:posso|devo|si)\b", r"\bperch[eé]\b", r"\bè normale\b"),
    fix_request_patterns=(
        r"come (?:lo |la |li )?(?:risolvo|sistemo|correggo|aggiusto|risolviamo)",
        r"come (?:posso|si può|devo|possiamo) (?:risolver|sistemar|corregger)(?:e|lo|la)",
        r"qual è la soluzione",
        r"cosa (?:devo|posso|dobbiamo) fare",
    ),
    value_request_patterns=(
        r"\b(?:quale|che) valore\b",
        r"\bvalori? consigliat[oi]\b",
        r"\ba quanto (?:lo |la )?(?:metto|imposto)\b",
        r"\ba quanto\W*$",
    ),
    unit_request_patterns=(r"\b(?:quale|che) unità\b", r"\bin (?:milli)?secondi\b"),
    cause_request_patterns=(
        r"^\W*(?:e )?perch[eé]\b(?:\s+(?:succede|accade|capita))?(?:\s+(?:questo|ciò))?\W*$",
        r"qual è (?:la causa|il motivo)",
        r"^\W*è normale\W*$",
    ),
    code_request_patterns=(
        r"(?:mostrami|dammi|fammi vedere|mi dai) (?:l['’]|il |la |lo |un |un['’])?(?:\w+ )?"
        r"(?:sql|codice|ddl|configurazione|esempio|url)\b",
        r"esempio (?:di )?(?:sql|codice|configurazione)",
    ),
    failed_fix_patterns=(r"\bnon (?:ha )?funzionato\b", r"\bnon è servito\b", r"\bnon funziona ancora\b"),
    why_patterns=(r"perch[eé]",),
    version_words=frozenset("versione versioni".split()),
    roles=frozen(
        {
            "source": ("sorgente", "tabella sorgente"),
            "sink": ("tabella di destinazione", "tabella destinazione", "tabella risultato"),
            "dimension": ("tabella dimensionale", "tabella di dimensione"),
        }
    ),
    examples=frozen(
        {
            "follow_up": ("e per il sink?", "e con Paimon?"),
            "pronoun": ("a cosa serve questo?",),
            "question": ("cosa significa?", "è normale?"),
            "fix_request": ("e come lo risolvo?", "come posso risolverlo?", "cosa devo fare?"),
            "value_request": ("quale valore devo mettere?", "quindi abbasso orc.write.batch-size? a quanto?"),
            "unit_request": ("che unità?",),
            "cause_request": ("perché succede?", "è normale?"),
            "code_request": ("mostrami l'SQL", "dammi la configurazione"),
            "failed_fix": ("non ha funzionato",),
        }
    ),
    thanks_patterns=(
        r"grazie(?: (?:mille|lo stesso|comunque))?",
        r"(?:ora |adesso )?funziona(?: ora| adesso)?",
        r"risolto",
    ),
    acknowledgement_patterns=(r"ok", r"va bene", r"capito", r"perfetto"),
    greeting_patterns=(r"ciao", r"buongiorno", r"buonasera"),
)
