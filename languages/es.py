"""Spanish: a corpus language (the FAQ has Spanish versions of its entries)."""

from .pack import LanguagePack, frozen

PACK = LanguagePack(
    code="es",
    name="Spanish",
    answers=True,
    lingua="SPANISH",
    stemmer="spanish",
    bm25s_stopwords="SPANISH",
    function_words=frozenset(
        "el la los las un una unos unas es son ser para con y o no mi mis nuestro su sus "
        "cómo como por qué que cuál cuáles cuándo dónde en sobre yo nosotros usted ustedes "
        "él ella ellos este esta estos estas ese esa hay del al se lo le nada nunca pero "
        "después antes desde he ha sido hace puedo debo cuando donde porque muy tengo".split()
    ),
    markers=frozenset("ñ¿¡áíóú"),
    labels=frozen(
        {
            "problem": ("descripción del problema", "problema", "síntoma"),
            "cause": ("causa", "causas"),
            "solution": ("solución", "soluciones"),
        }
    ),
    label_prefixes=frozen({"problem": ("detalles del error",), "solution": ("comprobación",)}),
    fix_prefixes=("soluci", "resolución"),
    error_label_patterns=("Errores?",),
    follow_up_patterns=("y", "y con", "y en", "y para", "¿y", "igual", "también"),
    pronoun_patterns=("esto", "eso", "ello", "lo"),
    fix_request_patterns=(
        r"c[oó]mo (lo |la |los |las |se )?(soluciono|soluciona|solucionar|arreglo|arreglar|resuelvo|resolver|"
        r"corrijo|corregir)",
        r"cu[aá]l es la soluci[oó]n",
    ),
    roles=frozen(
        {
            "source": ("origen", "orígenes", "fuente", "tabla de origen", "tabla fuente"),
            "sink": ("sink", "tabla sink", "destino", "tabla de resultados", "tabla de destino"),
            "dimension": ("tabla de dimensiones", "tabla dimensional"),
        }
    ),
    symptom_patterns=("ningún", "ninguna", "nada", r"vac[ií]\w*", r"fall\w*", "error", "nunca", r"no\s+\w+"),
    refusal_patterns=(r"\bno (?:cubre|cubren|menciona|mencionan|contiene|contienen|responde)\b",),
    wrong_sample_patterns=(r"erróne\w*",),
    language_names=frozen({"en": "inglés", "fr": "francés", "es": "español"}),
    and_word="y",
    examples=frozen(
        {
            "follow_up": ("¿y para el destino?", "y con Paimon"),
            "pronoun": ("¿por qué falla esto?",),
            "fix_request": ("¿cómo lo soluciono?", "¿cuál es la solución?"),
            "symptom": ("la tabla sink está vacía", "el job falla"),
            "refusal": ("las fuentes no cubren esta pregunta",),
            "wrong_sample": ("Configuración errónea:",),
            "error_label": ("Errores: controlador no encontrado",),
        }
    ),
)
