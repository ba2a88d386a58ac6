"""Portuguese: detected ("que", "para", "como" are Spanish too), its short follow-ups read; answered in English."""

from .pack import LanguagePack, frozen

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
    # what a short turn asks of the entry under discussion (a twentieth trial's Portuguese follow-ups were searched as
    # typed: "qual valor eu coloco?" got the Lindorm entry after a RocketMQ answer)
    follow_up_patterns=("e quanto a", "e para o", "e para a", "e para", "e com", "e se", "e no", "e na", "e o", "e a"),
    pronoun_patterns=("isso", "isto", "essa", "esse", "disso", "nisso"),
    question_patterns=(r"\bo que significa\b", r"\bcomo (?:posso|devo|faço)\b", r"\b[eé] normal\b"),
    fix_request_patterns=(
        r"como (?:eu )?(?:resolvo|corrijo|conserto|arrumo|resolvemos)",
        r"como (?:posso|devo|faço para|podemos) (?:resolver|corrigir|consertar)",
        r"qual (?:é )?a solução",
        r"o que (?:eu )?(?:faço|devo fazer|posso fazer)",
    ),
    value_request_patterns=(
        r"\b(?:qual|que) valor\b",
        r"\bvalor(?:es)? recomendad[oa]s?\b",
        r"\bquanto (?:eu )?(?:coloco|ponho|configuro)\b",
    ),
    unit_request_patterns=(r"\bqual (?:[eé] )?a unidade\b", r"\bem (?:milli)?segundos\b"),
    cause_request_patterns=(
        r"^\W*(?:e )?por ?qu[eê]\b(?:\s+(?:isso )?(?:acontece|ocorre))?\W*$",
        r"qual (?:é )?(?:a causa|o motivo)",
        r"^\W*(?:isso )?[eé] normal\W*$",
    ),
    code_request_patterns=(
        r"(?:mostr[ae]|d[aáê]|passa|manda)(?:-me)? (?:o |a |um |uma )?(?:\w+ )?"
        r"(?:sql|código|codigo|ddl|configuração|configuracao|exemplo|url)\b",
        r"exemplo (?:de )?(?:sql|código|codigo|configuração)",
    ),
    failed_fix_patterns=(r"\bnão (?:funcionou|resolveu|adiantou|deu certo)\b", r"\bcontinua (?:igual|dando)\b"),
    why_patterns=(r"por ?qu[eê]",),
    version_words=frozenset("versão versões versao versoes".split()),
    # a few terms, for BM25 and a follow-up's own words ("Por que o meu job não grava nada na tabela de destino?", a
    # twentieth trial's first question, missed the sink-output entry in the top three)
    glossary=frozen(
        {
            "tabela de destino": "sink result table",
            "tabela de origem": "source table",
            "tabela de dimensao": "dimension table",
            "grava nada": "no output",
            "nada": "nothing no output",
            "vazia": "empty no output",
            "grava": "write",
            "gravar": "write",
            "dados": "data",
            "duplicados": "duplicate",
            "atraso": "latency delay",
            "particao": "partition",
            "particoes": "partition",
            "conexao": "connection",
            "permissao": "permission",
            "fuso horario": "time zone",
            "memoria": "memory",
            "operador": "operator",
            "descartando": "filter discard",
        }
    ),
    roles=frozen(
        {
            "source": ("origem", "tabela de origem"),
            "sink": ("destino", "tabela de destino"),
            "dimension": ("tabela de dimensão", "tabela dimensão"),
        }
    ),
    examples=frozen(
        {
            "follow_up": ("e para o sink?", "e com Paimon?"),
            "pronoun": ("onde coloco isso?",),
            "question": ("o que significa?", "é normal?"),
            "fix_request": ("como eu resolvo?", "como posso resolver?", "o que eu faço?"),
            "value_request": ("qual valor eu coloco?", "quanto coloco?"),
            "unit_request": ("qual é a unidade?",),
            "cause_request": ("por que isso acontece?", "é normal?"),
            "code_request": ("mostre o SQL", "me dá a configuração"),
            "failed_fix": ("não funcionou", "continua igual"),
        }
    ),
    thanks_patterns=(r"(?:muito )?obrigad[oa](?: mesmo)?", r"valeu", r"funcionou", r"resolvido"),
    acknowledgement_patterns=(r"ok", r"entendi", r"beleza", r"certo"),
    greeting_patterns=(r"olá", r"oi", r"bom dia", r"boa tarde"),
)
