"""Italian: detected only (its function words keep an Italian question from reading as French or
Spanish through one shared word: "il", "la", "che"); answered in English."""

from .pack import LanguagePack

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
    thanks_patterns=(
        r"grazie(?: (?:mille|lo stesso|comunque))?",
        r"(?:ora |adesso )?funziona(?: ora| adesso)?",
        r"risolto",
    ),
    acknowledgement_patterns=(r"ok", r"va bene", r"capito", r"perfetto"),
    greeting_patterns=(r"ciao", r"buongiorno", r"buonasera"),
)
