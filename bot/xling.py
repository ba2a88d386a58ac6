"""English words for the French and Spanish terms of a question, for entries that lack its language.

The Data validity FAQ exists in English and Spanish, the Common SQL errors in English, the
Connectors FAQ in English and French: a French question about an empty sink table meets only the
English and Spanish versions of its entry, and BM25 cannot match "table sink vide" against "no
output in the sink table"; the small multilingual e5 model reads the pair weakly and a French entry
about another sink (Hologres, Paimon) won with high confidence. The question's terms are looked up
here (accents optional, longest first) and:

- their English words are added to what BM25 reads (as bot/glossary.py does for Chinese);
- the question with its terms put in English is embedded too, and an entry that has no version in
  the question's language is scored by the closer of the two readings (an entry that has one is
  scored as before, so same-language retrieval is unchanged).

The list is the general vocabulary of stream processing and of this product's FAQ (its titles,
symptoms and fixes), written from the corpus, not from any evaluation question. docs/eval.md
gives the measurements and what was tried and dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from faqbot.ingest.textproc import fold

FR_TERMS: dict[str, str] = {
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
}

ES_TERMS: dict[str, str] = {
    # symptoms
    "no llegan datos": "no data output",
    "no llega": "no data",
    "sin datos": "no data",
    "no hay datos": "no data",
    "ningun dato": "no data",
    "no se encuentran datos": "no data found",
    "leer": "read reading",
    "lee": "read",
    "lectura": "read reading",
    "escribir": "write writing",
    "escribe": "write",
    "escritura": "write writing",
    "consumir": "consume",
    "consume": "consume",
    "consumidores": "consumers",
    "datos duplicados": "duplicate data",
    "duplicados": "duplicate",
    "perdida de datos": "data loss",
    "se pierden": "data loss",
    "sobrescriben": "overwriting",
    "sobrescritura": "overwriting",
    "se pisan": "overwriting",
    "visibilidad": "visibility",
    "visibles": "visible visibility",
    "retraso": "delay latency",
    "latencia": "latency",
    "demora": "delay",
    "tarda": "delay long",
    "atascado": "stuck",
    "bloqueado": "stuck",
    "lento": "slow",
    "lenta": "slow",
    "crece": "increase",
    "aumenta": "increase",
    "falla": "fails error",
    "fallo": "failure error",
    "excepcion": "exception",
    # tables, jobs, places
    "tabla de destino": "sink result table",
    "tabla destino": "sink table",
    "tabla de resultados": "sink result table",
    "tablas de resultados": "sink result tables",
    "tabla de origen": "source table",
    "tabla origen": "source table",
    "tabla fuente": "source table",
    "tabla de dimensiones": "dimension table",
    "destino": "sink downstream",
    "origen": "source",
    "fuente": "source",
    "trabajo": "job",
    "tarea": "task job",
    "almacenamiento": "storage",
    # connectors' options and their words
    "punto de control": "checkpoint",
    "intervalo": "interval",
    "arranque": "startup start",
    "al arrancar": "startup",
    "posicion de inicio": "start position startup",
    "inicio": "start",
    "particion": "partition",
    "caducidad": "expiration",
    "expiracion": "expiration",
    "caducar": "expire expiration",
    "automatica": "automatic",
    "clave primaria": "primary key",
    "indice unico": "unique index",
    "sin signo": "unsigned",
    "esquema": "schema",
    "estructura de la tabla": "table structure schema",
    "sincronizacion": "synchronization sync",
    "completa": "full",
    "permiso": "permission",
    "permisos": "permission privilege",
    "denegado": "denied",
    "conexion": "connection",
    "conexiones": "connections",
    "conectar": "connect",
    "red": "network",
    "limite": "limit",
    "contrapresion": "backpressure",
    "tiempo de espera": "timeout",
    "latido": "heartbeat",
    "memoria": "memory",
    "sin espacio": "no space left on device",
    "no queda espacio": "no space left on device",
    "espacio en disco": "disk space",
    "archivo": "file",
    "archivos": "files",
    "no encontrado": "not found",
    "muchos archivos": "many files",
    "conflicto": "conflict",
    "conflictos": "conflict errors",
    "nombres de campos": "field names",
    "nombre de campo": "field name",
    "campo": "field",
    "anidado": "nested",
    "anidados": "nested",
    "desplazamiento": "offset",
    "confirmar": "commit",
    "escalado": "scaling scale-out",
    "ampliar": "scale-out",
    "borrar": "delete",
    "eliminar": "delete",
    "recrear": "recreate",
    "volver a crear": "recreate",
    "mismo nombre": "same name",
    "precision": "precision",
    "controlador": "driver",
    "conector personalizado": "custom connector",
    "retraccion": "retraction",
    "retracciones": "retraction",
    "actualizaciones": "updates",
    "actualizar": "update",
    "insertar": "insert",
    "ventana": "window",
    "marca de agua": "watermark",
    "tiempo de evento": "event time",
    "inactiva": "idle",
    "inactivas": "idle",
    "concurrencia": "concurrency",
    "paralelismo": "parallelism",
    "reanudar": "resume",
    "restaurar": "restore",
    "recuperar": "recover recovery",
    "sugerencia": "hint",
    "lista negra": "blacklist",
    "recarga": "reload",
    "tunel": "tunnel",
    "punto de acceso": "endpoint",
    "anadidos": "appended",
    "anadidas": "appended",
    "nuevos datos": "new data appended",
    "incompleta": "incomplete",
    "incompletas": "incomplete",
    "registros": "records",
    "registro": "log",
    "tamano": "size",
    "demasiado grande": "too large",
    "cadena": "string",
    "seguridad": "security",
    "cifrado": "encrypted security",
}

TERMS: dict[str, dict[str, str]] = {"fr": FR_TERMS, "es": ES_TERMS}


def _pattern(terms: dict[str, str]) -> re.Pattern[str]:
    # whole words or phrases of the folded text, a plural "s" allowed, longest first
    body = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in sorted(terms, key=len, reverse=True))
    return re.compile(rf"(?<![\w'-])(?:{body})s?(?![\w-])")


_PATTERNS = {lang: _pattern(terms) for lang, terms in TERMS.items()}


@dataclass
class Gloss:
    """A question's terms in English: the words alone (for BM25) and the question with them in place."""

    words: str  # "" when no term was found
    text: str  # the question (folded) with each term put in English; as typed when none was found
    terms: int = 0  # how many distinct terms were found


def gloss(text: str, lang: str) -> Gloss:
    """The English reading of a French or Spanish question's terms (empty for other languages)."""
    pattern, terms = _PATTERNS.get(lang), TERMS.get(lang, {})
    if pattern is None:
        return Gloss("", text)
    folded = fold(text).replace("’", "'")
    seen: list[str] = []

    def put(m: re.Match[str]) -> str:
        t = re.sub(r"\s+", " ", m.group(0))
        english = terms.get(t) or terms[t[:-1]]  # the plural "s" the pattern allows
        if english not in seen:
            seen.append(english)
        return english

    translated = pattern.sub(put, folded)
    return Gloss(" ".join(seen), translated if seen else text, len(seen))
