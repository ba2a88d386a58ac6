"""Portuguese: detected only ("que", "para", "como" are Spanish too); answered in English."""

from .pack import LanguagePack

PACK = LanguagePack(
    code="pt",
    name="Portuguese",
    lingua="PORTUGUESE",
    function_words=frozenset(
        "não nao é o os as um uma do da dos das em no na nos nas para com por que como meu minha "
        "porque está esta são sao isso este esta ao à pelo pela já ja tenho posso e eu qual onde essa esse seu "
        "sua".split()
    ),
    english_homographs=frozenset("os em na da".split()),
    # words of a short question no other pack writes: "Como resolvo o erro ...?" shared "como" and "o" with Spanish
    # and was answered in Spanish
    detection_words=frozenset("erro erros resolvo dados recebo você voce".split()),
    markers=frozenset("ãõ"),
    names=("Portuguese", "portugais", "portugués", "português"),
    thanks_patterns=(r"(?:muito )?obrigad[oa](?: mesmo)?", r"valeu", r"funcionou", r"resolvido"),
    acknowledgement_patterns=(r"ok", r"entendi", r"beleza", r"certo"),
    greeting_patterns=(r"olá", r"oi", r"bom dia", r"boa tarde"),
)
