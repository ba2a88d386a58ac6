"""French: a corpus language (the FAQ has French versions of its entries)."""

from .pack import LanguagePack, frozen

PACK = LanguagePack(
    code="fr",
    name="French",
    answers=True,
    lingua="FRENCH",
    stemmer="french",
    bm25s_stopwords="FRENCH",
    function_words=frozenset(
        "le la les un une des du de d l est sont être pour avec et ou pas ne n mon ma mes "
        "notre nos votre vos comment pourquoi quoi quel quelle quels quelles quand où "
        "dans sur par je nous vous il elle ils on ce cet cette ces qui que qu au aux "
        "se s c j y en rien jamais mais après avant depuis ai a été fait faut lorsque "
        "puis-je peut-on dois-je".split()
    ),
    markers=frozenset("àâçèêëîïôùûœ"),
    labels=frozen(
        {
            "problem": ("description du problème", "problème", "symptôme"),
            "cause": ("cause", "causes"),
            "solution": ("solution", "solutions", "résolution"),
        }
    ),
    label_prefixes=frozen({"problem": ("détails de l",), "solution": ("dépann", "vérification")}),
    error_label_patterns=("Erreur",),
    follow_up_patterns=("et", "et pour", "et avec", "et en", "qu'en est-il", "pareil", "aussi"),
    pronoun_patterns=("ça", "cela", "celui", "celle", "ce"),
    fix_request_patterns=(r"comment (le |la |les |l'|l’)?(corriger|résoudre|réparer|régler)", "quelle est la solution"),
    roles=frozen(
        {
            "source": ("source", "table source", "amont"),
            "sink": ("sink", "table sink", "table de résultats", "table résultat", "aval", "destination"),
            "dimension": ("table de dimension", "table de dimensions"),
        }
    ),
    symptom_patterns=(r"aucun\w*", "rien", "vide", r"échou\w*", "erreur", "jamais", r"ne\s+\w+\s+pas"),
    refusal_patterns=(r"\bne (?:couvre|mentionne|contient|répond) pas\b",),
    wrong_sample_patterns=(r"mauvais\w*",),
    language_names=frozen({"en": "anglais", "fr": "français", "es": "espagnol"}),
    and_word="et",
    examples=frozen(
        {
            "follow_up": ("et pour le sink ?", "qu'en est-il de Paimon ?"),
            "pronoun": ("pourquoi cela échoue ?",),
            "fix_request": ("comment le corriger ?", "quelle est la solution ?"),
            "symptom": ("la table sink est vide", "le job ne démarre pas"),
            "refusal": ("la FAQ ne couvre pas cette question",),
            "wrong_sample": ("Mauvaise configuration :",),
            "error_label": ("Erreur : pilote introuvable",),
        }
    ),
)
