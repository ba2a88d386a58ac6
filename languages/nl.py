"""Dutch: detected only ("de", "en" are French and Spanish words too); answered in English."""

from .pack import LanguagePack

PACK = LanguagePack(
    code="nl",
    name="Dutch",
    lingua="DUTCH",
    function_words=frozenset(
        "de het een is zijn niet en ik wij mijn waarom hoe wordt worden met op voor van te bij ook "
        "dat wat geen kan".split()
    ),
    english_homographs=frozenset("op van met te dat".split()),
    names=("Dutch", "néerlandais", "neerlandés", "Nederlands"),
    thanks_patterns=(r"dank(?:je| je| u)(?: wel)?", r"bedankt", r"het werkt(?: nu)?", r"opgelost"),
    acknowledgement_patterns=(r"ok", r"oké", r"duidelijk", r"begrepen"),
    greeting_patterns=(r"hallo", r"goedemorgen", r"goedemiddag"),
)
