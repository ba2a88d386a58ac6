"""Entry parts (ingest/parts.py) and answers composed from them (bot/answers/parts.py), on crafted entries in
several languages: one test per class of issue 24 (no index, no model)."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.parts import answer_hit, case_fit, condition, select_parts
from faqbot.bot.answers.parts_fix import for_answer
from faqbot.bot.answers.parts_join import join_parts
from faqbot.ingest.parts import split_parts, version_case, without_bare_reply
from faqbot.ingest.records import Chunk, Part

FILLER_EN = (
    "The connector keeps a buffer for every writer and the buffer grows with the size of the rows it holds; "
    "the memory it takes is counted against the heap of the TaskManager, so a large buffer leaves less room "
    "for the rest of the job and garbage collection runs more often as the heap fills up."
)
FILLER_FR = (
    "Le connecteur garde un tampon pour chaque écrivain et ce tampon grandit avec la taille des lignes qu’il "
    "contient ; la mémoire qu’il prend compte dans le tas du TaskManager, donc un grand tampon laisse moins de "
    "place au reste du job et le ramasse-miettes passe plus souvent à mesure que le tas se remplit."
)


def entry(body: str, lang: str = "en", title: str = "Entry") -> Chunk:
    c = Chunk("d#e", "d", "Doc", "d", "d.txt", lang, title, body, 1, 2)
    c.parts, c.fix = split_parts(body)
    return c


def answer(c: Chunk, question: str, budget: int = 520) -> str:
    return select_parts(c, question, question, c.language, None, budget=budget).text


BRANCHES = {
    "en": (
        "• For versions earlier than 6.0.2, the source checks the partitions every 10 minutes and fails over "
        "when they change, so new partitions are read within 10 to 30 minutes. " + FILLER_EN + "\n\n"
        "• For versions 6.0.2 and later, the source checks the partitions every 5 minutes and assigns new ones "
        "without a failover, within 1 to 5 minutes. " + FILLER_EN
    ),
    "fr": (
        "• Pour les versions antérieures à la version 6.0.2, la source vérifie les partitions toutes les 10 "
        "minutes et bascule quand elles changent, en 10 à 30 minutes. " + FILLER_FR + "\n\n"
        "• Pour les versions 6.0.2 et ultérieures, la source vérifie les partitions toutes les 5 minutes et "
        "les assigne sans basculement, en 1 à 5 minutes. " + FILLER_FR
    ),
}


@pytest.mark.parametrize(
    ("lang", "question", "other"),
    [
        ("en", "We run 6.0.5: how soon are new partitions read?", "before"),
        ("fr", "Nous sommes en 6.1.0 : quand les nouvelles partitions sont-elles lues ?", "before"),
        ("en", "and before 6.0.2?", "from"),
        ("fr", "et avant la version 6.0.2 ?", "from"),
    ],
)
def test_a_version_branch_answers_the_version_the_question_names(lang, question, other):
    c = entry(BRANCHES[lang], lang)
    assert [p.case for p in c.parts] == ["before 6.0.2", "from 6.0.2"]
    text = answer(c, question)
    wanted = "1 à 5" if lang == "fr" else "1 to 5"
    if other == "from":  # the follow-up asks for the other branch
        wanted = "10 à 30" if lang == "fr" else "10 to 30"
    assert wanted in text
    assert ("1 to 5" in text or "1 à 5" in text) != ("10 to 30" in text or "10 à 30" in text)
    # the answer says which case it quotes
    assert text.startswith("**Before version 6.0.2" if other == "from" and lang == "en" else "**")
    assert "6.0.2" in text.split("\n")[0]


def test_version_conditions():
    assert version_case("For versions earlier than 6.0.2, the source …") == "before 6.0.2"
    assert version_case("Pour les versions 6.0.2 et ultérieures de Flink, …") == "from 6.0.2"
    assert version_case("A partir de la versión 8.0.5, el conector …") == "from 8.0.5"
    assert condition("and before 6.0.2?") == ("before", "6.0.2")
    assert condition("¿y antes de la 6.0.2?") == ("before", "6.0.2")
    assert condition("We run vvr-8.0.1-flink-1.17") == ("at", "8.0.1")
    assert case_fit("from 6.0.2", ("at", "6.0.10")) == 1  # numeric, not text, order
    assert case_fit("before 6.0.2", ("at", "6.0.10")) == -1
    assert case_fit("from 6.0.2", None) == 0


CAUSES = {
    "en": (
        "Duplicate rows in the result table can come from the following causes:\n\n"
        "• Your job logic produces duplicates. The sink does not check primary keys, so duplicates the job "
        "produces are written as they are. " + FILLER_EN + "\n\n"
        "• A failover while using the Stream Tunnel. Data is committed between checkpoints, so a job that "
        "recovers from its last checkpoint writes some rows again. To prevent this, switch to Batch Tunnel mode.\n\n"
        "• Several jobs write to the same table at the same time. " + FILLER_EN
    ),
    "es": (
        "Las filas duplicadas en la tabla de resultados pueden tener las siguientes causas:\n\n"
        "• La lógica del trabajo produce duplicados. El sink no comprueba las claves primarias, así que los "
        "duplicados se escriben tal cual. Las filas se acumulan en el búfer del escritor y el búfer crece con "
        "el tamaño de las filas que guarda, lo que reduce la memoria del TaskManager para el resto del trabajo.\n\n"
        "• Una conmutación por error con el Stream Tunnel. Los datos se confirman entre checkpoints, así que un "
        "trabajo que se recupera escribe algunas filas de nuevo. Para evitarlo, cambie al modo Batch Tunnel.\n\n"
        "• Varios trabajos escriben en la misma tabla a la vez. Las filas se acumulan en el búfer del escritor "
        "y el búfer crece con el tamaño de las filas que guarda, lo que reduce la memoria del TaskManager."
    ),
}


@pytest.mark.parametrize(
    ("lang", "question", "fix"),
    [
        ("en", "Duplicates after a failover with the Stream Tunnel, what can I do?", "switch to Batch Tunnel mode"),
        ("es", "¿Filas duplicadas tras una conmutación por error con Stream Tunnel?", "cambie al modo Batch Tunnel"),
    ],
)
def test_the_second_of_several_causes_keeps_its_fix(lang, question, fix):
    c = entry(CAUSES[lang], lang)
    assert c.fix == "items"
    assert fix in answer(c, question)


OPTION = {
    "en": (
        "The most likely cause is too little heap memory.\n\n" + FILLER_EN + "\n\n" + FILLER_EN + "\n\n"
        "• A single record is too large, such as a 4 MB JSON field.\n\n"
        "  Reduce the value of orc.write.batch-size, or switch the table to the Avro format."
    ),
    "fr": (
        "La cause la plus probable est un tas trop petit.\n\n" + FILLER_FR + "\n\n" + FILLER_FR + "\n\n"
        "• Un seul enregistrement est trop grand, par exemple un champ JSON de 4 Mo.\n\n"
        "  Réduisez la valeur de orc.write.batch-size, ou passez la table au format Avro."
    ),
}


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "Rows of 4 MB: which option should I lower?"),
        ("fr", "Des lignes de 4 Mo : quelle option faut-il réduire ?"),
    ],
)
def test_an_option_named_late_is_in_the_answer(lang, question):
    c = entry(OPTION[lang], lang)
    text = answer(c, question)
    assert "orc.write.batch-size" in text
    assert len(text) < len(c.body)


CHECKLIST = {
    "en": (
        "For unexplained losses, check the following.\n\nFunction usage\n\n"
        "Incorrect use of functions such as date_format can silently discard records. " + FILLER_EN + "\n\n"
        "Dimension table cache\n\nAn incorrect cache policy can drop records in lookup joins. " + FILLER_EN + "\n\n"
        "Out-of-order data\n\nLate events are discarded when their timestamp falls outside the window.\n\n"
        "To minimize these losses, set a watermark strategy with a grace period."
    ),
    "es": (
        "Para pérdidas sin explicación, compruebe lo siguiente.\n\nUso de funciones\n\n"
        "Un uso incorrecto de funciones como date_format puede descartar registros. Las filas se acumulan en "
        "el búfer del escritor y el búfer crece con el tamaño de las filas que guarda, lo que reduce la memoria "
        "del TaskManager para el resto del trabajo y hace que la recolección de basura se ejecute más a menudo.\n\n"
        "Caché de tablas de dimensiones\n\nUna política de caché incorrecta puede perder registros. Las filas se "
        "acumulan en el búfer del escritor y el búfer crece con el tamaño de las filas que guarda, lo que reduce "
        "la memoria del TaskManager para el resto del trabajo.\n\n"
        "Datos desordenados\n\nLos eventos tardíos se descartan cuando su marca de tiempo cae fuera de la ventana.\n\n"
        "Para minimizar estas pérdidas, configure una estrategia de watermark con un periodo de gracia."
    ),
}


@pytest.mark.parametrize(
    ("lang", "question", "fix"),
    [
        ("en", "Late events are lost in my window, is it the watermark?", "grace period"),
        ("es", "Se pierden eventos tardíos en mi ventana, ¿es el watermark?", "periodo de gracia"),
    ],
)
def test_one_section_of_a_checklist_answers(lang, question, fix):
    c = entry(CHECKLIST[lang], lang)
    assert c.fix == "sections"
    text = answer(c, question)
    assert fix in text
    assert "date_format" not in text


ERROR = {
    "en": (
        "The error message looks like:\n\n"
        "Table sink 'default.t' doesn't support consuming update and delete changes which is produced by node X\n"
        + "".join(f"    at org.apache.flink.table.Frame{i}.run(Frame{i}.java:{i})\n" for i in range(14))
        + "\nThe sink table is append-only. Replace it with a sink that supports upserts, such as Upsert Kafka."
    ),
    "es": (
        "El mensaje de error tiene el siguiente aspecto:\n\n"
        "Table sink 'default.t' doesn't support consuming update and delete changes which is produced by node X\n"
        + "".join(f"    at org.apache.flink.table.Frame{i}.run(Frame{i}.java:{i})\n" for i in range(14))
        + "\nLa tabla sink es de solo anexión. Sustitúyala por un sink que admita upserts, como Upsert Kafka."
    ),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_error_details_never_come_without_the_fix(lang):
    c = entry(ERROR[lang], lang)
    assert c.fix == "last" and c.parts[0].kind == "problem" and c.parts[-1].fix
    q = "Table sink 'default.t' doesn't support consuming update and delete changes which is produced by node X"
    text = answer(c, q, budget=300)
    assert "Upsert Kafka" in text
    assert text.index("Upsert Kafka") < text.find("Table sink") if "Table sink" in text else True


SOLUTIONS = {
    "en": (
        "• Cause\n\n  The TaskManager has too little heap memory for the writers.\n\n"
        "• Solution\n\n  Reduce write-buffer-size. " + FILLER_EN + "\n\n"
        "  Lower the number of buckets per partition. " + FILLER_EN
    ),
    "fr": (
        "• Cause : le TaskManager a trop peu de mémoire de tas pour les écrivains.\n\n"
        "• Solution : Réduisez write-buffer-size. " + FILLER_FR
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_solutions_are_quoted_not_elided(lang):
    c = entry(SOLUTIONS[lang], lang)
    assert c.fix == "labelled"
    text = answer(c, "Heartbeat of TaskManager timed out", budget=300)
    assert "write-buffer-size" in text
    assert "…" not in text.split("write-buffer-size", 1)[1][:200]


WORKAROUND = {
    "en": (
        "Flink does not support the bigint unsigned type and maps the key to decimal; Hologres then turns the "
        "column into text because it allows no decimal primary key. " + FILLER_EN + "\n\n"
        "To keep the column as a decimal, create the table in Hologres yourself before the synchronization."
    ),
    "es": (
        "Flink no admite el tipo bigint unsigned y asigna la clave a decimal; Hologres convierte entonces la "
        "columna en texto porque no admite una clave primaria decimal. Las filas se acumulan en el búfer del "
        "escritor y el búfer crece con el tamaño de las filas que guarda, lo que reduce la memoria.\n\n"
        "Para conservar la columna como decimal, cree usted mismo la tabla en Hologres antes de la sincronización."
    ),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_unlabelled_workaround_is_the_fix_and_fix_follow_ups_add_to_it(lang):
    c = entry(WORKAROUND[lang], lang)
    assert c.fix == "last" and c.parts[-1].fix
    q = "bigint unsigned key becomes text in Hologres"
    assert "Hologres" in answer(c, q)
    fix, fixed, note = for_answer(c, q, "how do I fix it?", lang, None, focus="fix")
    assert fixed and "decimal" in fix.text
    first = select_parts(c, q, q, lang, None)
    # the follow-up adds what the first answer left out, or says the entry has no more
    assert fix.text != first.text or note == "fix_no_more"


def test_a_fix_follow_up_on_an_entry_without_a_fix_says_so():
    c = entry(BRANCHES["en"])
    assert c.fix == "none"
    _sel, fixed, note = for_answer(c, "partitions", "how do I fix it?", "en", None, focus="fix")
    assert not fixed and note == "no_fix"


class _Hit:
    def __init__(self, chunk: Chunk) -> None:
        self.chunk = chunk


def test_an_entry_that_is_only_a_sample_is_not_the_answer():
    sample = entry('{"data":[{"cola":"test1","colb":"test2"},{"cola":"test1","colb":"test2"}]}')
    assert sample.fix == "sample"
    other = entry(WORKAROUND["en"])
    assert answer_hit([_Hit(sample), _Hit(other)]) == 1
    assert answer_hit([_Hit(other), _Hit(sample)]) == 0
    assert answer_hit([_Hit(sample)]) == 0  # nothing better: the sample, cited for what it is


@pytest.mark.parametrize(
    "body",
    [
        "-- Name the dimension tables to distribute in the hint.\nSELECT /*+ SHUFFLE_HASH(dim_1) */ k, d.v\n"
        "FROM src AS s JOIN dim_1 FOR SYSTEM_TIME AS OF PROCTIME() AS d ON s.k = d.k;",
        "-- Indiquez les tables de dimension à distribuer dans le hint.\nSELECT /*+ SHUFFLE_HASH(dim_1) */ k, d.v\n"
        "FROM src AS s JOIN dim_1 FOR SYSTEM_TIME AS OF PROCTIME() AS d ON s.k = d.k;",
    ],
)
def test_an_entry_that_is_only_a_query_with_its_comments_is_its_own_fix(body):
    """Code that shows how (a query and its comments) answers "how do I use the hint?"; data does not."""
    c = entry(body)
    assert c.fix == "example" and all(p.fix for p in c.parts if p.kind == "code")
    assert answer_hit([_Hit(c), _Hit(entry(WORKAROUND["en"]))]) == 0
    assert "SHUFFLE_HASH(dim_1)" in answer(c, "how do I use the SHUFFLE_HASH hint?")


@pytest.mark.parametrize("label", ["Note", "Remarque", "Nota", "**Important**"])
def test_a_part_cut_after_a_note_label_does_not_end_on_the_label(label):
    # an answer ended on "Note" over nothing (an eighth trial, C15.4/C15.5: "Note", "Remarque")
    parts = [Part(kind="item", text="• Do this.\n\n  Note\n\n  It is the default."),
             Part(kind="item", text="• Or that.")]
    chosen = {0: f"- Do this.\n\n{label}\n\nIt is the default.", 1: f"- Or that.\n\n{label}"}
    text = join_parts(parts, chosen, [0, 1], None, "en")
    assert text == f"- Do this.\n\n{label}\n\nIt is the default.\n\n- Or that."
    # a part that is only the label is left out whole; a section's label before its section stays
    assert join_parts(parts, {0: "- Do this.", 1: label}, [0, 1], None, "en") == "- Do this."
    labelled = [Part(kind="label", text="**Solution**"), Part(kind="item", text="• Do this.")]
    both = join_parts(labelled, {0: "**Solution**", 1: "- Do this."}, [0, 1], None, "en")
    assert both == "**Solution**\n\n- Do this."
    assert join_parts(labelled, {0: "**Solution**"}, [0, 1], None, "en") == ""


@pytest.mark.parametrize(
    ("question", "version"),
    [
        # a ninth trial: a version ending its sentence was no version, and the line quoted the other branch
        ("We are on VVR 6.0.1. After adding partitions the job does not read them.", "6.0.1"),
        ("Estamos en la 8.0.9.", "8.0.9"),
        ("VVR 4.0.x, todavía no hemos migrado", "4.0"),
    ],
)
def test_a_version_at_a_sentence_end_is_the_question_s_version(question, version):
    assert condition(question) == ("at", version)
    assert condition("the sink at 10.0.0.5 fails") is None  # an address is no version


def test_causes_labelled_without_a_solution_give_no_fix():
    """"Cause 1: ..." and "Cause 2: ..." and no Solution: the paragraph after the last cause explains it; it is not
    the entry's fix (the TIMESTAMP_LTZ watermark entry's display-time paragraph was quoted as one)."""
    body = (
        "Cause 1: The watermark is declared on a TIMESTAMP_LTZ field, so it is 8 hours ahead.\n\n"
        "The following example shows the difference between the two watermarks.\n\n"
        "Cause 2: The console shows UTC+0 and the Flink UI shows local time.\n\n"
        "The console converts nothing; the Flink UI converts the time with the browser's time zone."
    )
    parts, shape = split_parts(body)
    assert shape == "none" and not any(p.fix for p in parts)
    # one cause and the paragraph after it: that paragraph is still what to do
    _parts, one = split_parts("Cause: The buffer is full.\n\nIncrease the buffer size to 64 MB.")
    assert one == "last"


NO_FIX_CAUSES = {
    "en": (
        "Cause 1: The watermark is declared on a TIMESTAMP_LTZ field. As a result, the watermark is 8 hours away "
        "from the current time.\n\n"
        "The following example shows the difference between the two watermarks. " + FILLER_EN + "\n\n"
        "• The following sample code declares the watermark on a TIMESTAMP_LTZ field, and the result of the window "
        "query is the same with the legacy window syntax. " + FILLER_EN + "\n\n"
        "Cause 2: The console shows the time in another time zone than the Flink UI.\n\n"
        "The console shows UTC+0. However, the Flink UI converts the time with the browser's time zone. " + FILLER_EN
    ),
    "fr": (
        "Cause 1 : Le watermark est déclaré sur un champ TIMESTAMP_LTZ. Par conséquent, le watermark a 8 heures "
        "d’écart avec l’heure actuelle.\n\n"
        "L’exemple suivant montre la différence entre les deux watermarks. " + FILLER_FR + "\n\n"
        "• L’exemple de code suivant déclare le watermark sur un champ TIMESTAMP_LTZ, et le résultat de la fenêtre "
        "est le même avec l’ancienne syntaxe de fenêtre. " + FILLER_FR + "\n\n"
        "Cause 2 : La console affiche l’heure dans un autre fuseau horaire que l’interface Flink.\n\n"
        "La console affiche UTC+0. En revanche, l’interface Flink convertit l’heure avec le fuseau du navigateur. "
        + FILLER_FR
    ),
}


@pytest.mark.parametrize(
    ("lang", "question", "causes", "explained"),
    [
        (
            "en",
            "The watermark of my window job is 8 hours behind the wall clock, the result of the window looks right",
            ("TIMESTAMP_LTZ field", "another time zone than the Flink UI"),
            "The console shows UTC+0.",
        ),
        (
            "fr",
            "Le watermark de ma fenêtre a 8 heures de retard sur l’horloge, le résultat de la fenêtre semble juste",
            ("champ TIMESTAMP_LTZ", "autre fuseau horaire que l’interface Flink"),
            "La console affiche UTC+0.",
        ),
    ],
)
def test_an_entry_without_a_fix_answers_with_each_of_its_causes(lang, question, causes, explained):
    """An entry that names two causes and no fix: the user cannot tell which applies, so each cause is quoted with
    the opening of what explains it, not a sample's note (the sample item shares the question's words most)."""
    c = entry(NO_FIX_CAUSES[lang], lang)
    assert c.fix == "none"
    text = answer(c, question)
    assert all(cause in text for cause in causes), text
    assert explained in text, text
    assert "legacy window" not in text and "ancienne syntaxe" not in text, text


@pytest.mark.parametrize(
    ("body", "fix"),
    [
        (
            "Retraction updates are supported for a ClickHouse result table if you specify a primary key in the DDL "
            "and set the ignoreDelete parameter to false. However, this causes a significant drop in performance.\n\n"
            "ClickHouse is a columnar database designed for OLAP, and its support for UPDATE and DELETE operations is "
            "limited. These operations are highly inefficient.",
            "set the ignoreDelete parameter to false",
        ),
        (
            "Les mises à jour sont prises en charge si vous spécifiez une clé primaire et définissez le paramètre "
            "ignoreDelete sur false.\n\nClickHouse est un système orienté colonne ; ses UPDATE et DELETE sont "
            "limités et très peu efficaces.",
            "définissez le paramètre ignoreDelete sur false",
        ),
        # an explanation closing no paragraph that sets a value: the closing paragraph stays the fix
        ("The job reads the table once at start.\n\nRestart the job to read the new rows.", "Restart the job"),
    ],
)
def test_an_explanation_closing_an_entry_leaves_the_paragraph_that_sets_a_value_the_fix(body, fix):
    """A twenty-third trial's closest line for "Retraction updates in ClickHouse" quoted why ClickHouse is slow at
    updates, the entry's closing paragraph, as its fix."""
    parts, shape = split_parts(body)
    assert shape == "last" and [p.text for p in parts if p.fix][0].count(fix) == 1, parts


def test_a_bare_reply_opening_an_entry_whose_title_asks_nothing_is_left_out():
    parts, _ = split_parts("Yes. Paimon relies on checkpoints.\n\nData is committed on checkpoints.")
    assert without_bare_reply(parts, "Data visibility depends on the checkpoint interval", "en")[0].text.startswith(
        "Paimon relies"
    )
    # a title that asks keeps its reply; a sentence opening on "No" is no reply
    assert without_bare_reply(parts, "Does data visibility depend on checkpoints?", "en")[0].text.startswith("Yes.")
    parts, _ = split_parts("Non. Une fois le job démarré, rien n'est relu.")
    assert without_bare_reply(parts, "Lecture des données ajoutées", "fr")[0].text.startswith("Une fois")
    parts, _ = split_parts("No data reaches the sink when the source is idle.")
    assert without_bare_reply(parts, "Idle sources", "en")[0].text.startswith("No data")
