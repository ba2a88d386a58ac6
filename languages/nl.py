"""Dutch: detected ("de", "en" are French and Spanish words too), its short follow-ups read; answered in English."""

from .pack import LanguagePack, frozen

PACK = LanguagePack(
    code="nl",
    name="Dutch",
    lingua="DUTCH",
    function_words=frozenset(
        "de het een is zijn niet en ik wij mijn waarom hoe wordt worden met op voor van te bij ook "
        "dat wat geen kan moet dan welke hoeveel onze".split()
    ),
    english_homographs=frozenset("op van met te dat".split()),
    names=("Dutch", "néerlandais", "neerlandés", "Nederlands"),
    # what a short turn asks of the entry under discussion (a twentieth trial's Dutch follow-ups were answered with the
    # closest list again: "hoeveel CPU moet ik dan geven?" after the MySQL CDC split timeout entry; "en over meerdere
    # partities heen?" after the Hudi duplicates entry got the MaxCompute duplicates entry)
    follow_up_patterns=("en wat als", "en wat betreft", "en over", "en voor", "en met", "en bij", "en als"),
    # not "die" (German) nor "dit" (French "il dit")
    pronoun_patterns=("dat", "deze", "daarvoor", "daarmee", "ervan"),
    question_patterns=(r"\bwat betekent\b", r"\bhoe (?:kan|moet|doe)\b", r"\bis dat normaal\b"),
    fix_request_patterns=(
        r"hoe (?:los ik|lossen we|repareer ik|verhelp ik)",
        r"hoe (?:kan|moet) ik (?:dit |dat |het )?(?:oplossen|repareren|verhelpen)",
        r"wat is de oplossing",
        r"wat (?:moet|kan) ik (?:dan )?doen",
    ),
    value_request_patterns=(
        r"\bwelke waarde\b",
        r"\baanbevolen waarde\b",
        r"\bhoeveel\b",
        r"\bop (?:hoeveel|wat) (?:moet ik|zet ik)\b",
    ),
    unit_request_patterns=(r"\bwelke eenheid\b", r"\bin (?:milli)?seconden\b"),
    cause_request_patterns=(
        r"^\W*(?:en )?waarom\b(?:\s+(?:gebeurt|komt)\s+(?:dat|dit)(?:\s+voor)?)?\W*$",
        r"wat is (?:de oorzaak|de reden)",
        r"^\W*is dat normaal\W*$",
    ),
    code_request_patterns=(
        r"(?:laat|geef)(?: me| mij)? (?:de |het |een )?(?:\w+ )?(?:sql|code|ddl|configuratie|voorbeeld|url)\b",
        r"voorbeeld (?:van )?(?:de )?(?:sql|code|configuratie)",
    ),
    failed_fix_patterns=(
        r"\b(?:dat|het) (?:werkte|hielp) niet\b",
        r"\bwerkt nog steeds niet\b",
        r"\bnog steeds hetzelfde\b",
    ),
    why_patterns=(r"waarom",),
    version_words=frozenset("versie versies".split()),
    # a few terms, for BM25 and a follow-up's own words ("en over meerdere partities heen?" after the Hudi duplicates
    # entry asks for its part on partitions)
    glossary=frozen(
        {
            "partitie": "partition",
            "tabel": "table",
            "doeltabel": "sink result table",
            "brontabel": "source table",
            "dimensietabel": "dimension table",
            "dubbele": "duplicate",
            "vertraging": "latency delay",
            "foutmelding": "error",
            "fout": "error",
            "verbinding": "connection",
            "wegschrijven": "write",
            "schrijven": "write",
            "lezen": "read",
            "gegevens": "data",
            "geen data": "no data output",
            "leeg": "empty no output",
            "tijdzone": "time zone",
            "rechten": "permission",
            "geheugen": "memory",
        }
    ),
    roles=frozen(
        {
            "source": ("bron", "brontabel"),
            "sink": ("doeltabel", "resultaattabel"),
            "dimension": ("dimensietabel",),
        }
    ),
    examples=frozen(
        {
            "follow_up": ("en over meerdere partities heen?", "en voor de sink?"),
            "pronoun": ("waar zet ik dat?",),
            "question": ("wat betekent dat?", "is dat normaal?"),
            "fix_request": ("hoe los ik dit op?", "wat moet ik doen?"),
            "value_request": ("hoeveel CPU moet ik dan geven?", "welke waarde moet ik zetten?"),
            "unit_request": ("welke eenheid?",),
            "cause_request": ("waarom gebeurt dat?", "is dat normaal?"),
            "code_request": ("geef me de SQL", "laat de configuratie zien"),
            "failed_fix": ("dat werkte niet", "nog steeds hetzelfde"),
        }
    ),
    thanks_patterns=(r"dank(?:je| je| u)(?: wel)?", r"bedankt", r"het werkt(?: nu)?", r"opgelost"),
    acknowledgement_patterns=(r"ok", r"oké", r"duidelijk", r"begrepen"),
    greeting_patterns=(r"hallo", r"goedemorgen", r"goedemiddag"),
)
