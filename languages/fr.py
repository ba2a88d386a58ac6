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
    # a report's verbs, French only: "Mon job Paimon plante : <English error>" read English ("job", "Paimon" English
    # to the statistical reader, "mon" one word): a fortieth-session leftover
    # and greetings, French only
    detection_words=frozenset(
        "ça vers sans chez plante planté plantent crashe échoue échoué échec bonjour salut merci".split()
    ),
    or_words=frozenset({"ou"}),
    english_homographs=frozenset("qu comment".split()),
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
    failure_title_patterns=("Échec", "échoue avec", "échoue sur"),
    follow_up_patterns=("et", "et pour", "et avec", "et en", "qu'en est-il", "pareil", "aussi"),
    instead_patterns=(
        "au lieu de", "au lieu du", "au lieu des", "au lieu d'", "au lieu d’",
        "à la place de", "à la place du", "à la place des", "à la place d'", "à la place d’",
    ),
    articles=frozenset("le la les un une du de des".split()),
    pronoun_patterns=("ça", "cela", "celui", "celle", "ce"),
    question_patterns=(
        r"\bque (?:signifie|veut dire)\b",
        r"\bqu['’]est-ce (?:que|qu['’]il|qui)\b(?: (?:ça|cela) (?:veut dire|signifie))?",
        # "comment désactiver", "comment je corrige", not English "comment on", "comment out"
        r"\bcomment (?:je|j['’]|on (?:fait|peut|doit)|puis-je|peut-on|dois-je|faire"
        r"|\w*[^\x00-\x7f]\w*|\w{3,}(?:er|ir))\b",
        r"\b(?:c['’]est|est-ce) (?:normal|grave|possible|un bug|une erreur)\b",
        r"\bpourquoi\b",
        r"\bque se passe-t-il\b",
    ),
    fix_request_patterns=(
        r"comment (?:je |j'|j’|on |puis-je |peut-on |faire pour )?(le |la |les |l'|l’)?"
        r"(corriger|corrige|résoudre|résous|résout|réparer|répare|régler|règle)",
        "quelle est la solution",
        r"\b(?:que|quoi) (?:faire|dois-je faire|faut-il faire)\b",
        r"\bqu['’]est-ce (?:que je dois|qu['’]il faut) faire\b",
        # spoken French: "et avant 8.0.11, je fais quoi ?" (a twenty-third trial got the closest list again)
        r"\b(?:je|on) (?:fais|fait|dois faire|doit faire) quoi\b",
    ),
    value_request_patterns=(
        r"\bquelles? valeurs? (?:dois-je|faut-il|je dois|on doit|mettre|utiliser|choisir|donner|conseill|recommand)",
        r"\bquelles? valeurs? pour\b",
        r"\b(?:je|on) (?:le |la |les |l['’])?(?:mets|met|règle|baisse|monte|passe) (?:à )?"
        r"(?:quelles? valeurs?|combien)",
        # not "la valeur par défaut": what the entry says of the default (its cause often does), not the fix
        r"\bvaleurs? (?:recommandée|conseillée)",
        r"\bà combien\b",  # "je le baisse à combien ?"
    ),
    unit_request_patterns=(
        r"\bquelle unité\b",
        r"\ben (milli)?secondes ou\b",
        r"\bc['’]est en (milli)?secondes\b",
        r"\b\d+ quoi\b",  # "5 quoi, secondes ?"
    ),
    cause_request_patterns=(
        r"^\W*pourquoi\b(?:\s+(?:ça|cela|c['’]est|est-ce)(?:\s+(?:arrive|échoue|plante))?)?\W*$",
        r"quelle est la (cause|raison)",
        r"d['’]où (ça|cela) vient",
        # "et ça vient d où exactement ?": typed fast, the apostrophe left out (a thirteenth trial)
        r"\b(ça|cela) (?:vient|provient) d['’ ]où\b",
        r"^\W*(?:c['’]est|est-ce|est-ce que c['’]est) normal\W*$",
    ),
    code_request_patterns=(
        # "donne-moi les commandes SQL exactes": up to two words before what is asked (an eleventh trial)
        r"(donne|montre|envoie|écris)[-\s]moi (le |la |un |une |les |des |l['’])(\w+ ){0,2}?"
        r"(sql|ddl|code|config|configuration|exemple|requêtes?|commandes?|clause|url|uri)\b",
        r"exemple de (code|sql|ddl|configuration)",
        r"^\W*(et )?(le |la |l['’])?(sql|ddl|(url|uri)( jdbc)?)\W*$",  # "le SQL ?" alone
    ),
    why_patterns=(r"pourquoi",),
    on_patterns=(r"activée?s?", r"allumée?s?"),
    off_patterns=(r"désactivée?s?", r"coupée?s?"),
    please_patterns=(r"s['’]il (?:te|vous) pla[iî]t", r"svp", r"stp", r"merci"),
    thanks_patterns=(
        r"merci(?: (?:beaucoup|bcp|bien|encore|mille fois|quand même|qd même))?",
        r"je vous remercie",
        r"super merci",
        r"ça (?:marche|fonctionne)(?: maintenant)?",
        r"ça (?:aide|m['’]aide|m['’]a aidé)(?: beaucoup)?",
        r"c['’]est (?:très |vraiment )?utile",
        r"c['’]est (?:bon|réglé|résolu)",
        r"(?:problème )?résolu",
        r"ça a (?:réglé|résolu|corrigé|marché)(?: (?:le|mon|ce) (?:problème|pb|souci|bug))?",
        # a sign-off ("merci ! c'est tout": a thirty-second trial got the closest entries)
        r"c['’]est tout(?: pour (?:moi|aujourd['’]hui))?", r"ce sera tout", r"rien d['’]autre",
        r"bonne (?:journée|soirée)", r"à plus",
    ),
    greeting_patterns=(r"bonjour", r"salut", r"bonsoir", r"coucou"),
    repeat_patterns=(
        r"(?:tu peux|vous pouvez|pourrais-tu|pourriez-vous|peux-tu|pouvez-vous) (?:me |nous )?(?:le |la |les |l['’])?"
        r"(?:redire|répéter|reformuler|réécrire|donner|répondre|écrire|expliquer)",
        r"(?:réponds|répondez)",
        r"(?:le |la )?(?:redire|répéter)",
    ),
    acknowledgement_patterns=(r"ok", r"d['’]accord", r"ah+", r"bon", r"je vois", r"compris", r"très bien", r"alors",
                              r"donc", r"et", r"oui mais", r"c['’]est clair", r"je comprends"),
    new_topic_patterns=(
        r"(?:une? )?autre (?:chose|question|souci|probl[èe]me|sujet)", r"sans rapport", r"bonjour\b", r"salut\b"
    ),
    new_symptom_patterns=(
        r"maintenant (?:il|ça|ca|le job|flink|on|j['’]ai|le sink) (?:dit|plante|échoue|affiche|renvoie|lève|a|me dit)",
        r"(?:et )?là (?:il|ça) (?:dit|plante|affiche)",
    ),
    failed_fix_patterns=(
        r"n['’]a (pas|rien) (marché|fonctionné|changé|résolu)",
        r"ne (marche|fonctionne) (toujours )?pas",
        r"toujours (la même erreur|le même problème|rien|pareil|vide)",
        r"\b(?:quoi|que faire|que puis-je faire|que vérifier) d['’]autre\b",
    ),
    resume_patterns=(
        r"^\W*(?:(?:bon|ok|alors|sinon)\W+)?(?:revenons|revenir|je reviens|pour revenir|retour(?:nons)?)"
        r"\s+(?:à|a|au|aux|sur)(?!\w)",
    ),
    topic_nouns=frozenset(
        "problème problèmes question questions souci soucis erreur erreurs "
        "sujet cas truc précédent précédente autre premier première".split()
    ),
    first_words=frozenset("premier première".split()),
    roles=frozen(
        {
            "source": ("source", "table source", "amont"),
            "sink": (
                "sink", "table sink", "table de résultats", "table résultat", "aval", "destination", "écrire dans"
            ),
            "dimension": ("table de dimension", "table de dimensions"),
        }
    ),
    symptom_patterns=(r"aucun\w*", "rien", "vide", r"échou\w*", "erreur", "jamais", r"ne\s+\w+\s+pas"),
    refusal_patterns=(r"\bne (?:couvre|mentionne|contient|répond) pas\b",),
    wrong_sample_patterns=(r"mauvais\w*",),
    navigation_patterns=(
        r"^dans le (?:volet|panneau) (?:de navigation|de gauche|de droite)\b", r"^dans la colonne\b",
        r"^(?:cliquez|choisissez|sélectionnez|accédez à|connectez-vous)\b",
    ),
    pointer_patterns=(r"^pour (?:plus|en savoir plus) d(?:'|’|e )(?:informations|détails)\b", r"^(?:voir|consultez)\b"),
    instruction_patterns=(
        # the imperative of "vous": one ending for every verb ("vérifiez", "n'utilisez pas", "assurez-vous")
        r"(?!chez\b|assez\b|consultez\b)(?:n['’])?\w+ez\b",
        r"(?:il est recommandé|nous recommandons)\b",
        r"pour (?:résoudre|corriger|éviter|régler) (?:ce|le) (?:problème|souci|comportement)\b",
    ),
    back_reference_patterns=(
        r"^(?:par conséquent|en conséquence|ainsi|donc|cependant|toutefois|dans ce cas|sinon|alors)\b",
        r"^(?:compte tenu de|sur la base de|en fonction de|pour) (?:ce|cet|cette|ces|cela)\b",
        r"^(?:ce|cet|cette|ces|cela|ceci|il|elle|ils|elles)\b",
        r"^(?:par exemple|p\. ?ex\.)",
    ),
    consequence_patterns=(r"alors|donc|ainsi|par conséquent|en conséquence",),
    announce_patterns=(
        r"\b(?:le|la|les) (?:code|paramètres?|configurations?|propriétés|options?|instructions?|commandes?|"
        r"lignes?|hints?) suivante?s?\b",
    ),
    done_patterns=(
        r"\bj['’]ai déjà\b",
        r"\bdéjà (?:essayé|vérifié|ajouté|configuré|mis|défini|activé|désactivé|augmenté|changé|dans)\b",
        r"\b(?:j['’]ai|nous avons|on a) (?:essayé|vérifié|contrôlé|testé|confirmé)\b",
        # "on consomme déjà depuis le début", "j'utilise déjà upsert-kafka": a present tense, then already
        r"\b(?:on|nous|je|j['’])(?=\s?\w+ déjà\b)",
    ),
    destructive_patterns=(
        r"\b(?:supprime[rz]?|vide[rz]?|recr[ée]e[rz]?) (?:la |les |cette |chaque )?tables?\b",
        r"\bsans (?:son |aucun |l[’'])?(?:[ée]tat)\b",
    ),
    cannot_patterns=(
        r"\b(?:on|je|nous) ne (?:peu[xt]|pouvons|doit|devons) pas (?:modifier|changer|désactiver|activer|utiliser|"
        r"ajouter|mettre|passer|redémarrer|toucher|augmenter|réduire|sauter|ignorer|supprimer|déplacer|migrer|"
        r"remplacer|installer|réécrire)\b",
        r"\b(?:n['’]est|ne sont) pas (?:acceptables?|une option)\b",
        r"\bne (?:nous|me) (?:laisse|laissent|permet|permettent) pas\b",
    ),
    turn_done_patterns=(
        r"\b(?:j['’]ai|nous avons|on a) (?:mis|défini|ajouté|changé|modifié|augmenté|baissé|activé|désactivé|"
        r"configuré|redémarré|passé)\b",
    ),
    checked_patterns=(
        r"(?<!\bne )(?<!\bn['’])\b(?:fonctionne|marche)(?:nt)? (?:bien|correctement)\b",
        r"\b(?:est|sont) (?:ok|bon|bons|correct|correcte|joignable|joignables)\b",
        r"\b(?:ping|telnet|nc|curl|connectivité|connexion|réseau)\b(?:(?!\b(?:{negation})\b)[^.;,!?]){0,40}?\b(?:ok|fonctionne|marche|passe)\b",
    ),
    unused_patterns=(
        r"\b(?:je|nous|on)\s+n['’](?:utilis\w*|employ\w*)\s+(?:pas|jamais)\b",
    ),
    contrast_words=frozenset("mais pourtant toujours cependant quand même".split()),
    negation_words=frozenset("ne n pas jamais".split()),
    version_words=frozenset("version versions utilise utilisons sommes suis".split()),
    already_words=frozenset({"déjà"}),
    reply_words=frozenset({"oui", "non"}),
    language_names=frozen({"en": "anglais", "fr": "français", "es": "espagnol"}),
    and_word="et",
    # folded term -> English words (bot/retrieval/xling.py): the general vocabulary of stream processing and of
    # this product's FAQ (its titles, symptoms and fixes), written from the corpus, never from an
    # evaluation question; longest first is the matcher's business
    glossary=frozen(
        {
            # symptoms: nothing arrives, nothing comes out
            "aucune donnee": "no data output",
            "aucune ligne": "no data output",
            "pas de donnees": "no data",
            "aucun resultat": "no output results",
            "aucune sortie": "no output",
            "pas de sortie": "no output",
            "rien": "nothing no output",
            "vide": "empty no output",
            "reste vide": "empty no output",
            "ne recoit": "receive no data",
            "recoit": "receive",
            "arrive": "arrive reach",
            "n'arrive": "no data reach",
            "lit rien": "read no data",
            "ne lit": "cannot read",
            "lire": "read reading",
            "lit": "read reading",
            "lecture": "read reading",
            "ecrire": "write writing",
            "ecrit": "write written",
            "ecriture": "write writing",
            "n'emet": "no output",
            "emet": "output emit",
            "sortie": "output",
            "perte de donnees": "data loss losses",
            # fewer rows downstream than upstream: the FAQ says "data losses", "data volume reductions"
            "moins de lignes": "data loss losses reductions",
            "moins d'enregistrements": "data loss losses reductions",
            "lignes manquantes": "data loss losses missing",
            # "il en manque", "il manque des lignes": rows missing downstream, said as the FAQ's "data losses"
            "il en manque": "data loss losses missing",
            "il manque des lignes": "data loss losses missing",
            "il manque des enregistrements": "data loss losses missing",
            "il manque des donnees": "data loss losses missing",
            "pertes de donnees": "data loss losses",
            "donnees perdues": "data loss losses",
            "perte": "loss losses",
            "perdues": "lost loss",
            "disparaissent": "lost loss missing",
            "manquantes": "missing loss",
            "resultats incorrects": "inaccurate incorrect results",
            "resultats faux": "inaccurate incorrect results",
            "resultats errones": "inaccurate incorrect results",
            "incorrects": "inaccurate incorrect",
            "inexacts": "inaccurate",
            "faux": "inaccurate wrong",
            "doublons": "duplicate deduplicate",
            "en double": "duplicate",
            "dedoublonner": "deduplicate",
            "dedoublonnage": "deduplicate",
            "deduplication": "deduplicate",
            "ecrasement": "overwrite overwrites",
            "ecrasees": "overwritten overwrites",
            "ecrase": "overwrite overwrites",
            "supprimees": "deleted deletions",
            "suppression": "delete deletion",
            "suppressions": "delete deletions",
            "mise a jour": "update",
            "mises a jour": "update updates",
            "mode ajout seul": "append-only mode",
            "ajout seul": "append-only",
            "ne supporte pas": "doesn't support",
            "refuse": "doesn't support",
            # tables and where they sit
            "table de resultats": "sink result table",
            "table resultat": "sink result table",
            "table de destination": "sink table",
            "table cible": "sink table",
            "table source": "source table",
            "table de dimension": "dimension table",
            "systeme en aval": "downstream system",
            "en aval": "downstream",
            "aval": "downstream",
            "amont": "upstream",
            "base de donnees": "database",
            # causes the FAQ names
            "liste blanche": "whitelist",
            "reseau": "network",
            "ordre des champs": "field order",
            "champ": "field",
            "casse": "casing",
            "majuscules": "casing",
            "operateur": "operator",
            "filtre": "filter filtering",
            "filtrees": "filtering discarding",
            "jointure": "join",
            "tampon": "buffer",
            "taille de lot": "batch size",
            "lot": "batch",
            "interblocage": "deadlock",
            "journaux": "logs",
            "niveau de log": "log level",
            "fenetre": "window",
            "filigrane": "watermark",
            "en retard": "late",
            "tardives": "late",
            "desordre": "out-of-order",
            "sous-tache": "subtask",
            "sous-taches": "subtasks",
            "inactive": "idle",
            "parallelisme": "parallelism",
            "precision": "precision",
            "milliseconde": "millisecond",
            "coherence": "consistency",
            "redemarrer": "restart",
            # SQL errors: UDTF fields, mini-batch output, time zone of the watermark
            "fonction de table": "table-valued function UDTF",
            "fonction table": "table-valued function UDTF",
            "constructeur": "constructor",
            "mal alignes": "misaligned",
            "desalignes": "misaligned",
            "decales": "misaligned",
            "inverses": "misaligned opposite",
            "ordre alphabetique": "alphabetical order",
            "renommer": "rename",
            "types de colonnes": "column types",
            "ne correspondent pas": "do not match",
            "memoire geree": "managed memory",
            "memoire": "memory",
            "tas": "heap",
            "point de controle": "checkpoint",
            "agregation": "aggregate",
            "mini-lot": "mini-batch",
            "fuseau horaire": "time zone",
            "decalage": "difference",
            "heures": "hours",
            "heure": "time",
            "horodatage": "timestamp",
            "console de developpement": "development console",
            # from the Connectors FAQ's French titles next to their English originals
            "consommer": "consume",
            "consommation": "consumption consume",
            "consommateurs": "consumers",
            "imbriques": "nested",
            "securise": "secure",
            "conflits": "conflicts",
            "noms de champs": "field names",
            "latence": "latency",
            "elevee": "high",
            "necessitent": "require",
            "fractionnement": "split",
            "lectures": "reads",
            "completes": "full",
            "complet": "full",
            "incrementielles": "incremental",
            "ajoutees": "appended",
            "concurrence": "concurrency",
            "autorisation": "authorization",
            "parametre": "parameter",
            "echec": "failure fails",
            "echoue": "fails failure",
            "cle": "key",
            "insertion": "insert",
            "valeur de chaine incorrecte": "incorrect string value",
            "chaine": "string",
            "structure de la table": "table structure",
            "delai d'expiration": "timeout",
            "changements de schema": "schema changes",
            "chargement complet": "full load",
            "non pris en charge": "unsupported",
            "synchronisation": "synchronization",
            "retractation": "retraction",
            "visibilite": "visibility",
            "visibles": "visible visibility",
            "apparaissent": "appear visible",
            "apparait": "appears visible",
            "ne voit pas": "visible visibility",
            "ne vois pas": "visible visibility",
            "ne retourne": "returns no",
            "fichiers": "files",
            "augmentation": "increase",
            "longue duree": "long-running",
            "deploiement": "deployment",
            "reprise": "recovery",
            "inattendue": "unexpected",
            "inattendues": "unexpected",
            "recreation": "recreating",
            "meme nom": "same name",
            "stockage": "storage",
            "donnees dupliquees": "duplicate data",
            "fichiers journaux": "log files",
        }
    ),
    # topics the FAQ has no entry on (bot/retrieval/topics.py), as they are asked
    absent_topic_patterns=frozen(
        {
            "deployment": (
                r"\bop[ée]rateur (?:flink )?kubernetes\b",
                r"\b(?:avec|via|par) helm\b",
                r"\b(?:installer|installe|installons|installation d['’] ?|d[ée]ployer|d[ée]ploie|d[ée]ployons|"
                r"h[ée]berger) (?:un |une |le |mon |notre )?(?:apache )?flink(?: cluster)? (?:sur|dans|avec|sous) "
                r"(?:un |une |le |la |mon |ma |notre )?(?:cluster )?(?:kubernetes|k8s|yarn|docker|helm|ack)\b",
                r"\b(?:comment|pour) installer (?:apache )?flink\b",
            ),
            "pricing": (
                r"\bcombien (?:co[ûu]te|co[ûu]tent|ça co[ûu]te|cela co[ûu]te|fait payer|factur)",
                # not "facturation" alone: a consumer group, a table is named so
                r"\b(?:tarification|paiement à l['’]usage|grille tarifaire)\b",
                r"\b(?:tarifs?|facturation|prix) (?:de|du|d['’]|pour) ?(?:realtime|flink|une? cu|cu|l['’]instance|"
                r"l['’]unité|service)",
                r"\b(?:co[ûu]t|prix) (?:par|d['’]une?|mensuel|horaire) ?(?:cu|unité|heure|mois|instance|espace)?",
            ),
            "python_udf": (
                r"\budfs? (?:en|avec) python\b",
                r"\bfonctions? (?:définies par l['’]utilisateur )?en python\b",
            ),
            "spark_migration": (r"\bmigr\w*\b[^.?!\n]{0,40}\bspark\b", r"\bspark\b[^.?!\n]{0,40}\bvers flink\b"),
            "machine_learning": (r"\bapprentissage automatique\b", r"\bentra[îi]ner (?:un |des )?mod[èe]les?\b"),
        }
    ),
    examples=frozen(
        {
            "absent_topic": (
                "Comment installer Flink sur Kubernetes avec l'opérateur ?",
                "Combien coûte Realtime Compute par mois ?",
                "Comment écrire une UDF en Python ?",
            ),
            "follow_up": ("et pour le sink ?", "qu'en est-il de Paimon ?"),
            "question": ("qu'est-ce que ça veut dire ?", "comment désactiver ?", "c'est normal ?"),
            "pronoun": ("pourquoi cela échoue ?",),
            "fix_request": (
                "comment le corriger ?", "quelle est la solution ?", "comment je corrige ça ?", "que faire ?",
                "on fait quoi ?",
            ),
            "value_request": (
                "quelle valeur dois-je mettre ?", "et je mets quelle valeur pour idle-timeout ?",
                "je le baisse à combien batchGetSize ?",
            ),
            "unit_request": ("quelle unité ?", "5 quoi, secondes ?"),
            "cause_request": ("pourquoi ?", "quelle est la cause ?", "c'est normal ?", "et ça vient d où exactement ?"),
            "navigation": ("Dans le volet de navigation de gauche, accédez à O&M > Deployment.", "Cliquez sur le nom."),
            "code_request": (
                "donne-moi le SQL", "montre-moi un exemple de configuration", "donne-moi les commandes SQL exactes",
                "le SQL ?",
            ),
            "failed_fix": ("ça n'a pas marché", "ça ne marche toujours pas", "quoi d'autre ?"),
            "resume": ("Revenons à mon problème de fenêtre : pourquoi ?", "pour revenir au souci Kafka"),
            "symptom": ("la table sink est vide", "le job ne démarre pas"),
            "refusal": ("la FAQ ne couvre pas cette question",),
            "wrong_sample": ("Mauvaise configuration :",),
            "pointer": ("Pour plus d'informations, consultez Configuration.", "Pour plus de détails, voir CTAS."),
            "instruction": (
                "Pour résoudre ce problème, mettez à niveau la version.",
                "Utilisez plutôt une instruction UNION ALL.",
            ),
            "back_reference": ("Par conséquent, le connecteur échoue.", "Cela provoque un failover."),
            "consequence": ("Le job échoue alors.",),
            "announce": (
                "ajoutez le code suivant dans la section Other Configurations.",
                "configurez les paramètres suivants.",
            ),
            "done": ("j'ai déjà ajouté le bloc CIDR à la liste blanche", "j'ai essayé un checkpoint plus long"),
            "destructive": (
                "arrêtez le job, supprimez la table en aval", "redémarrez le job de synchronisation sans état initial",
                "démarrez-le sans état",
            ),
            "cannot": ("on ne peut pas désactiver SSL", "sauter l'enregistrement n'est pas acceptable"),
            "checked": ("le telnet vers le broker fonctionne", "le réseau est OK"),
            "error_label": ("Erreur : pilote introuvable",),
        }
    ),
)
