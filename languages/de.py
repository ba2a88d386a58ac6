"""German: the example of a language the corpus does not have. Questions in German are detected,
their follow-ups and fix requests recognised and their reports read; they are answered from the
English entries, in English, with the note that says so. Adding German corpus files (and the UI
phrases in bot/answers/phrases.py) would make it an answer language: `answers=True`."""

from .pack import LanguagePack, frozen

PACK = LanguagePack(
    code="de",
    name="German",
    unanswered_note="Die FAQ gibt es auf Englisch, Französisch und Spanisch; diese Antwort ist auf Englisch.",
    lingua="GERMAN",
    stemmer="german",
    bm25s_stopwords="GERMAN",
    function_words=frozenset(
        "der die das ist sind nicht und ein eine einen einem ich wir mein meine warum wie wird werden mit "
        "auf für fur von zu den dem des kein keine keinen bei im sich auch oder wenn dass was wo kann "
        "können konnen muss nach aus beim zum zur".split()
    ),
    already_words=frozenset({"schon", "bereits"}),
    english_homographs=frozenset("die im mit den des".split()),
    markers=frozenset("äöüß"),
    capitalised_nouns=True,
    labels=frozen(
        {
            "problem": ("problembeschreibung", "problem", "symptom"),
            "cause": ("ursache", "ursachen"),
            "solution": ("lösung", "lösungen"),
        }
    ),
    label_prefixes=frozen({"problem": ("fehlerdetails", "fehlermeldung"), "solution": ("fehlerbehebung", "prüfung")}),
    fix_prefixes=("behebung",),
    error_label_patterns=("Fehler",),
    # longest first: a follow-up's opener is cut off whole ("und was ist mit")
    follow_up_patterns=(
        "und was ist mit", "und wie ist es mit", "und für", "und bei", "und mit", "und", "was ist mit",
        "wie ist es mit", "wie sieht es mit", "dasselbe", "ebenso",
    ),
    # not "es" (a Spanish word), "das" (also the article of a new question) nor "dies" (English "dies")
    pronoun_patterns=("dieses", "diesem", "diesen", "damit", "dafür", "davon"),
    question_patterns=(
        r"\bwas bedeutet\b",
        r"\bwie (?:kann|soll|muss) (?:ich|man)\b",
        r"\b(?:warum|wieso|weshalb)\b",
        r"\bist (?:das|es|dies) normal\b",
    ),
    fix_request_patterns=(
        r"wie (behebe|löse|repariere|korrigiere|beseitige) ich",
        r"wie (kann|könnte|soll|muss) (ich|man) (das |dies |es )?(beheben|lösen|reparieren|korrigieren)",
        r"wie behebt man",
        r"was ist die lösung",
        r"wie lässt sich (das |dies |es )?(beheben|lösen)",
        r"\bwas (?:tun|kann ich tun|soll ich tun|mache ich)\b",
    ),
    value_request_patterns=(
        r"\bwelchen wert (?:soll|muss|sollte|kann) (?:ich|man)\b",
        r"\bwelche(?:n|r)? werte?\b (?:werden|wird|würden|sind|soll|empf)",
        r"\bempfohlene(?:n|r)? werte?\b",
    ),
    unit_request_patterns=(r"\bwelche einheit\b", r"\bin (milli)?sekunden oder\b"),
    cause_request_patterns=(
        r"^\W*(warum|wieso)\b(?:\s+(?:passiert|geschieht|kommt|tritt)\s+(?:das|dies|es)(?:\s+(?:auf|vor))?)?\W*$",
        r"was ist die (ursache|grund)",
        r"^\W*ist (?:das|es|dies) normal\W*$",
    ),
    code_request_patterns=(
        r"zeig(e)? mir (den|das|die) (sql|code|ddl|konfiguration)",
        r"(sql|code)-?beispiel",
        # "und wie sieht das SQL dafür aus?" (a tenth trial: the same list again)
        r"wie sieht (das|der|die) (sql|code|ddl|konfiguration)\b.{0,20}\baus\b",
    ),
    failed_fix_patterns=(r"(hat|funktioniert) (immer noch )?nicht( funktioniert| geholfen)?",),
    why_patterns=(r"warum", r"wieso", r"weshalb"),
    please_patterns=(r"bitte", r"danke"),
    language_names=frozen({"en": "Englisch", "fr": "Französisch", "es": "Spanisch"}),
    names=("German", "allemand", "alemán", "Deutsch"),
    thanks_patterns=(
        r"danke(?: (?:schön|sehr|trotzdem))?",
        r"vielen dank",
        r"(?:es )?funktioniert(?: jetzt)?",
        r"gelöst",
    ),
    greeting_patterns=(r"hallo", r"guten (?:tag|morgen|abend)", r"servus", r"moin"),
    acknowledgement_patterns=(r"ok(?:ay)?", r"alles klar", r"verstehe", r"gut", r"also", r"ach so", r"und"),
    # "kannst du bitte auf Deutsch antworten?" (a twentieth trial): the same answer asked for in a language
    repeat_patterns=(
        r"(?:kannst du|können sie|könntest du|könnten sie)",
        r"(?:antworten|antworte|antwort|schreiben|wiederholen|erklären)",
    ),
    new_topic_patterns=(
        r"(?:noch )?(?:eine )?andere (?:frage|sache)", r"noch (?:etwas|was)", r"anderes (?:thema|problem)"
    ),
    new_symptom_patterns=(r"jetzt (?:kommt|sagt|steht|heißt es|wirft|schlägt|meldet|zeigt)",),
    done_patterns=(
        r"\b(?:ist|sind|war|waren) (?:schon|bereits) (?:auf|gesetzt|aktiviert|deaktiviert|erhöht|eingestellt|"
        r"konfiguriert|drin|in)\b",
        r"\b(?:schon|bereits) (?:versucht|geprüft|probiert|gesetzt|erhöht|aktiviert|deaktiviert|geändert|eingestellt|"
        r"konfiguriert|hinzugefügt)\b",
        r"\b(?:ich habe|wir haben|hab) (?:schon|bereits)\b",
    ),
    turn_done_patterns=(
        r"\b(?:ich habe|wir haben|hab) (?:\S+ ){0,4}?(?:gesetzt|erhöht|aktiviert|deaktiviert|geändert|eingestellt|"
        r"konfiguriert|hinzugefügt|neu gestartet)\b",
    ),
    checked_patterns=(
        r"(?<!\bnicht )\b(?:funktioniert|klappt|läuft|geht) (?:schon|gut|einwandfrei|problemlos)\b",
        r"\b(?:ist|sind) (?:offen|erreichbar|ok|in ordnung)\b",
        r"\b(?:ping|telnet|nc|curl|netzwerk|verbindung)\b(?:(?!\b(?:{negation})\b)[^.;,!?]){0,40}?"
        r"\b(?:ok|funktioniert|klappt|geht)\b",
    ),
    contrast_words=frozenset("aber trotzdem jedoch dennoch".split()),
    negation_words=frozenset("nicht kein keine nie".split()),
    # not a bare "Quelle": French "quelle" ("which") would name a role in every French question
    resume_patterns=(r"^\W*(?:(?:also|ok|gut)\W+)?(?:zurück\s+zu[mr]?|noch\s+einmal\s+zu[mr]?)(?!\w)",),
    topic_nouns=frozenset(
        "problem probleme frage fragen fehler thema "
        "sache vorherige vorherigen andere anderen erste ersten".split()
    ),
    first_words=frozenset("erste ersten erstes".split()),
    roles=frozen(
        {
            "source": ("die Quelle", "der Quelle", "Quelltabelle", "Quelltabellen", "Datenquelle", "Datenquellen"),
            "sink": ("Senke", "Senken", "Zieltabelle", "Zieltabellen", "Ergebnistabelle", "Ergebnistabellen"),
            "dimension": ("Dimensionstabelle", "Dimensionstabellen", "Lookup-Tabelle"),
        }
    ),
    # not "leer" alone: a Spanish verb ("leer de Kafka")
    symptom_patterns=(
        "keine daten", "nichts", "nie", "niemals", r"(?:ist|sind|bleibt|bleiben) leer", r"fehl\w*", "verloren",
        r"doppelt\w*", r"falsch\w*", r"schl[äa]gt\s+fehl", "hängt", "langsam", r"verz[öo]ger\w*", r"nicht\s+\w+",
        r"kein\w*",
    ),
    refusal_patterns=(r"\b(?:deckt|behandelt|erwähnt|beantwortet|enthält) (?:diese frage |das |dies |es )?nicht\b",),
    wrong_sample_patterns=(r"falsch\w*", r"fehlerhaft\w*", r"ungültig\w*"),
    # folded term -> English words (bot/retrieval/xling.py reads a German question's terms through it, for BM25:
    # the corpus has no German); the general vocabulary of stream processing and of this product,
    # written from Flink's terminology, never from an evaluation question
    glossary=frozen(
        {
            # symptoms
            "keine daten": "no data output",
            "keine ausgabe": "no output",
            "keine ergebnisse": "no output results",
            "nichts": "nothing no output",
            "leer": "empty no output",
            "doppelte daten": "duplicate data",
            "duplikate": "duplicate deduplicate",
            "doppelt": "duplicate",
            "datenverlust": "data loss lost",
            "verloren": "lost loss",
            "verzogerung": "latency delay",
            "latenz": "latency",
            "langsam": "slow",
            "hangt": "stuck hang",
            "fehler": "error",
            "fehlermeldung": "error message",
            "fehlgeschlagen": "failed failure",
            "schlagt fehl": "fails failed",
            "absturz": "crash",
            "sturzt ab": "crash",
            "zeituberschreitung": "timeout timed out",
            "nicht gefunden": "not found",
            "falsch": "wrong incorrect",
            "falsche": "wrong incorrect",
            "feuert": "fire trigger",
            "ausgelost": "triggered fire",
            "problem": "problem issue",
            "probleme": "problems issues",
            "beheben": "fix resolve troubleshoot",
            "ursache": "cause",
            "untersuchen": "troubleshoot investigate",
            "fehlerbehebung": "troubleshoot troubleshooting",
            "ausgabe": "output",
            "ergebnis": "result output",
            "ergebnisse": "results output",
            "datenverluste": "data loss lost",
            # data and time
            "zeitzone": "time zone",
            "zeitstempel": "timestamp",
            "zeichensatz": "character set charset",
            "kodierung": "encoding charset",
            "sichtbar": "visible visibility",
            "sichtbarkeit": "visibility",
            "durchsatz": "throughput",
            # tables and jobs
            "quelle": "source",
            "quelltabelle": "source table",
            "datenquelle": "source",
            "senke": "sink",
            "zieltabelle": "sink result table",
            "ergebnistabelle": "sink result table",
            "dimensionstabelle": "dimension table lookup",
            "tabelle": "table",
            "spalte": "column field",
            "feld": "field",
            "primarschlussel": "primary key",
            "schlussel": "key",
            "datenbank": "database",
            "abfrage": "query",
            "aufgabe": "task",
            "fenster": "window",
            "zeitfenster": "window",
            "wasserzeichen": "watermark",
            "prufpunkt": "checkpoint",
            "sicherungspunkt": "savepoint",
            "zustand": "state",
            "parallelitat": "parallelism",
            "leerlauf": "idle",
            "gegendruck": "backpressure",
            "ruckstau": "backpressure",
            "herzschlag": "heartbeat",
            # actions
            "lesen": "read reading",
            "liest": "read reading",
            "schreiben": "write writing",
            "schreibt": "write writing",
            "konsumieren": "consume",
            "einstellen": "configure set",
            "konfigurieren": "configure configuration",
            "konfiguration": "configuration",
            "einstellung": "setting configuration",
            "neustart": "restart",
            "neu starten": "restart",
            "aktualisieren": "update upgrade",
            # resources and environment
            "speicher": "memory",
            "arbeitsspeicher": "memory",
            "speicherplatz": "disk space storage",
            "festplatte": "disk",
            "berechtigung": "permission",
            "zugriff verweigert": "access denied permission",
            "verbindung": "connection",
            "verbinden": "connect connection",
            "gesichert": "secure",
            "sicher": "secure",
            "netzwerk": "network",
            "treiber": "driver",
            "abhangigkeit": "dependency",
            "klasse": "class",
            "protokoll": "log",
            "protokolle": "log logs",
            "ausnahme": "exception",
        }
    ),
    examples=frozen(
        {
            "follow_up": ("und was ist mit der Senke?", "und für Paimon?"),
            "question": ("was bedeutet das?", "ist das normal?"),
            "pronoun": ("was brauche ich dafür?",),
            "fix_request": ("wie behebe ich das?", "wie kann ich das beheben?", "was ist die Lösung?", "was tun?"),
            "value_request": ("welchen Wert soll ich setzen?", "Welche Werte werden empfohlen?"),
            "unit_request": ("welche Einheit?",),
            "cause_request": ("warum?", "ist das normal?"),
            "code_request": ("zeig mir das SQL", "und wie sieht das SQL dafür aus?"),
            "failed_fix": ("hat nicht funktioniert",),
            "resume": ("zurück zu meinem Fenster-Problem: warum?",),
            "symptom": ("die Ergebnistabelle ist leer", "der Job schlägt fehl"),
            "refusal": ("Die FAQ deckt diese Frage nicht ab.",),
            "wrong_sample": ("Falsche Konfiguration:",),
            "error_label": ("Fehler: kein passender Treiber",),
        }
    ),
)
