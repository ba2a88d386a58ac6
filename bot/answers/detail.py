"""What a turn asks of a setting in the entry's fix, its value or its unit, and the sentence saying the quote gives
none.

A fourteenth new-user trial asked "which value should I set for orc.write.batch-size?" (the entry says only "Reduce
the value of orc.write.batch-size"), "what unit is the 5 in table.exec.source.idle-timeout?" (the entry gives
`table.exec.source.idle-timeout: 5` and no unit) and "Welche Werte werden empfohlen?": each got the fix quoted again
with nothing saying the FAQ does not give what was asked, so the user kept looking for it in the quote. A value is
given when the setting is followed on its line by one ("orc.write.batch-size = 512", "to 10", "true"); a unit when
that value carries one ("60 s", "5min") or its sentence names one ("in seconds").
"""

from __future__ import annotations

import re

from faqbot.bot.answers.phrases import and_list, phrase
from faqbot.ingest.textproc import FRAME_CALL, MORE_FRAMES, tokenize
from faqbot.languages import any_pattern

VALUE_ASKED = any_pattern("value_request_patterns")
UNIT_ASKED = any_pattern("unit_request_patterns")
# an option's name: words joined by dots ("orc.write.batch-size", "scan.startup.mode") or by at least two hyphens
# ("write-buffer-size"), or both ("write-buffer-spill.max-disk-size"), or a camel-case word ("pullIntervalMs",
# "useNewApi"); "upsert-kafka" and "exactly-once" name no setting
SETTING = re.compile(
    r"(?<![\w./-])(?:[a-z][a-z0-9_]*(?:(?:-[a-z0-9_]+)*(?:\.[a-z0-9_-]+)+|(?:-[a-z0-9_]+){2,})|(?-i:[a-z]+(?:[A-Z][a-z0-9]*)+))"
    r"(?![\w/-]|\.\w)",
    re.IGNORECASE,
)
_FILE = re.compile(r"\.(?:jar|java|scala|py|txt|json|xml|yaml|yml|conf|properties|log)$", re.IGNORECASE)
# a value: what follows "=" ("'file.format' = 'avro'"), a number, boolean or a line's last word after ":"
# ("idle-timeout: 5"; not "lookup.cache-max-disk-size: The maximum local disk space ..."), or a number or boolean
# later on the option's line ("set write-buffer-size to 256 mb", "...: The maximum disk space the cache can use.
# Recommended values include 256 MB")
_ASSIGNED = (
    r"['\"`]?\s*(?:=\s*['\"`]?([\w.-]+)|:\s*['\"`]?(\d[\w.,]*|true\b|false\b|[\w.-]+(?=['\"`]?[ \t]*$)))"
)
# a value the user fills in: "= '<yourBootstrapServers>'", "= '${secret}'", or left blank for them ("= ''" in a sample
# DDL: a twenty-seventh trial's "quelle valeur dois-je mettre ?" was told the entry gives none for the Kafka servers)
_PLACEHOLDER = r"['\"`]?\s*[=:]\s*(?:['\"`]?(?:<|\$\{)|''|\"\")"
_STATED = r"['\"`]?[^\n;]{0,160}?\s(\d[\d.,]*|true\b|false\b)"
_UNITS = (
    r"(?:ms|s|sec|secs|seconds?|min|mins|minutes?|h|hours?|d|days?|[kmgt]i?b|bytes?|milliseconds?|"
    r"secondes?|segundos?|minutos?|sekunden?|毫秒|秒|分钟)"
)
_UNIT_AFTER = re.compile(rf"^\s*{_UNITS}\b", re.IGNORECASE)
_UNIT_WITHIN = re.compile(rf"^\d[\d.,]*\s*{_UNITS}$", re.IGNORECASE)
_SENTENCE_UNIT = re.compile(rf"\b(?:in|en|de|of|unit)\s+(?:{_UNITS})\b", re.IGNORECASE)


# a line of a quoted error or stack trace (its frames as the trace reader tells them): its names
# ("org.postgresql.model.TableSchema", "bitSet", "Worker.run") are written like options and set by no one
_ERROR_LINE = re.compile(r"Exception|Caused by|\bERROR\b|Error:")


def _options(entry: str) -> list[str]:
    """The option names an entry writes outside its quoted errors."""
    return settings("\n".join(ln for ln in entry.splitlines() if not _quotes_error(ln)))


def _quotes_error(line: str) -> bool:
    return bool(FRAME_CALL.match(line) or MORE_FRAMES.match(line) or _ERROR_LINE.search(line))


# a switch's value said in words: "enable the write.insert.drop.duplicates parameter" (a twenty-second trial's
# "¿qué valor pongo?" was told the entry gives none)
_SWITCHED = (
    r"\b(?:enable|disable|turn on|turn off|activ\w*|désactiv\w*|habilit\w*|deshabilit\w*)\s+"
    r"(?:the\s+|le\s+|la\s+|el\s+)?(?:\w+\s+){0,2}?"
)


# a metric's name, written like an option and set by no one: "check the numRecordsInOfSource metric", "revise la
# métrica numRecordsInOfSource" (a twenty-third trial was told the entry gives no value for it)
_METRIC = re.compile(r"\s+(?:metrics?|métriques?|métricas?)\b", re.IGNORECASE)
_METRIC_BEFORE = re.compile(r"\b(?:metrics?|métriques?|métricas?)\s+(?:de\s+|del\s+)?$", re.IGNORECASE)


def _is_metric(text: str, start: int, end: int) -> bool:
    return bool(_METRIC.match(text, end) or _METRIC_BEFORE.search(text[max(0, start - 20) : start]))


# written like options, set by no one: a product's name ("vSwitch") and a phrase joined by hyphens ("out-of-order",
# "end-to-end"); a French user asking the batch size was told the entry gives no value for "vSwitch et Out-of-order"
_PROSE_NAME = re.compile(r"[a-z][A-Z][a-z]+")
_PROSE_HYPHENS = re.compile(r"-(?:of|to|by|in|on|and|or|the|at|for|de|du|la|el|en)-", re.IGNORECASE)


# a date or time format ("yyyy-MM-dd", "HH:mm:ss"), written like an option by its hyphens and set by no one (a
# twenty-sixth trial was told the entry "gives no value for yyyy-MM-dd")
_DATE_PART = r"(?:y{2,4}|M{1,4}|d{1,2}|[Hh]{1,2}|m{1,2}|s{1,2}|S{1,3})"
_DATE_FORMAT = re.compile(rf"{_DATE_PART}(?:[-.:/]{_DATE_PART})+")


def settings(text: str) -> list[str]:
    """The option names a text writes, in order, once each (file names and versions are not options, nor a
    placeholder: "jdbc:mysql://<internal address>/<databaseName>?characterEncoding=UTF-8" sets characterEncoding)."""
    out: list[str] = []
    for m in SETTING.finditer(text):
        if text[m.start() - 1 : m.start()] == "<" or _is_metric(text, m.start(), m.end()):
            continue
        name = m.group(0).rstrip(".-")
        if "." in name and (_FILE.search(name) or not re.search(r"[a-z]{2}", name.split(".")[-1], re.I)):
            continue
        if _PROSE_NAME.fullmatch(name) or _PROSE_HYPHENS.search(name) or _DATE_FORMAT.fullmatch(name):
            continue
        if name.lower() not in (o.lower() for o in out):
            out.append(name)
    return out


def _sentence(text: str, at: int) -> str:
    start = max(text.rfind(". ", 0, at), text.rfind("\n\n", 0, at)) + 1
    ends = [e for e in (text.find(". ", at), text.find("\n\n", at)) if e >= 0]
    return text[start : min(ends) if ends else len(text)]


def given(setting: str, text: str) -> tuple[bool, bool]:
    """(whether `text` gives `setting` a value, whether that value or its sentence names a unit)."""
    if re.search(_SWITCHED + re.escape(setting), text, re.IGNORECASE):
        return True, True  # "enable the write.insert.drop.duplicates parameter": true, which has no unit
    if re.search(re.escape(setting) + _PLACEHOLDER, text, re.IGNORECASE):
        return True, True  # "'properties.bootstrap.servers' = '<yourServers>'": the user's own value, no default
    value = unit = False
    for form in (_ASSIGNED, _STATED):
        for m in re.finditer(re.escape(setting) + form, text, re.IGNORECASE | re.MULTILINE):
            value = True
            n = 1 if m.group(1) is not None else m.lastindex or 1
            rest = text[m.end(n) : m.end(n) + 12]
            within = _UNIT_WITHIN.match(m.group(n))  # "'5s'", "10min"
            if within or _UNIT_AFTER.match(rest) or _SENTENCE_UNIT.search(_sentence(text, m.start())):
                unit = True
    return value, unit


def value_lines(quote: str) -> str:
    """The lines of a quote that give a setting a value ("- lookup.cache-max-disk-size: ... Recommended values include
    256 MB, 512 MB, and 1 GB."), as a list, or "" when none does: what "what value should I set?" asks of a fix already
    shown (a twenty-eighth trial got the whole fix again, the values buried in it)."""
    out = []
    for line in quote.splitlines():
        text = line.strip().removeprefix("- ").strip()
        if text and (names := settings(text)) and any(given(s, text)[0] for s in names):
            out.append(f"- {text}")
    return "\n".join(out)


MAX_NAMED = 3  # settings named in one "no value" sentence
# an option whose value is a duration: its name says so
_DURATION = re.compile(r"timeout|interval|ttl|retention|delay|duration|-time\b|\.time\b", re.IGNORECASE)


def _said_elsewhere(setting: str, entry: str, quote: str) -> str:
    """The entry's sentence giving `setting` a value that the quote does not hold ("Le nombre de LogGroups par lot est
    contrôlé par le paramètre batchGetSize, dont la valeur par défaut est 100." in a cause, when the fix says only
    "Réduisez la valeur du paramètre batchGetSize."), or ""."""
    for m in re.finditer(re.escape(setting), entry, re.IGNORECASE):
        sentence = _sentence(entry, m.start()).strip()
        if sentence and sentence not in quote and given(setting, sentence)[0]:
            return sentence if sentence.endswith((".", ":", "。")) else sentence + "."
    return ""


def missing_detail(question: str, quote: str, lang: str, entry: str = "") -> str:
    """The sentence saying what the question asks of a setting (its value, its unit) is not in the quote, or "".
    The setting is the one the question names when the quote writes it, else each the quote writes without what
    is asked; a quote naming no setting says nothing of one (no sentence), unless the whole entry names none either
    (then that it names none). A value the rest of the entry (`entry`) gives, a default say, is quoted after it."""
    asks_value, asks_unit = bool(VALUE_ASKED.search(question)), bool(UNIT_ASKED.search(question))
    if not (asks_value or asks_unit):
        return ""
    asked = settings(question)
    if asked and entry and not any(s.lower() in entry.lower() for s in asked):
        # "what value for table.exec.state.ttl would you suggest?" of the Hudi duplicates entry (index.state.ttl)
        return phrase("setting_not_named", lang, setting=and_list(asked[:MAX_NAMED], lang))
    quoted = _options(quote)
    if asks_value and not asked and not quoted and entry and not _options(entry):
        return phrase("no_setting", lang)
    named = [s for s in asked if s.lower() in (q.lower() for q in quoted)]
    states = {s: given(s, quote) for s in named[:1] or quoted}
    # a duration's bare number asked as a value ("which value should I set?" of "table.exec.source.idle-timeout: 5",
    # which Flink reads as milliseconds): its unit is part of the value (a twenty-second trial)
    timed = [s for s in states if asks_value and _DURATION.search(s)]
    if (asks_unit or timed) and (
        no_unit := [s for s, (value, unit) in states.items() if value and not unit and (asks_unit or s in timed)]
    ):
        return phrase("no_unit", lang, setting=and_list(no_unit[:MAX_NAMED], lang))
    if no_value := [s for s, (value, _unit) in states.items() if not value]:
        note = phrase("no_value", lang, setting=and_list(no_value[:MAX_NAMED], lang))
        elsewhere = [said for s in no_value[:MAX_NAMED] if (said := _said_elsewhere(s, entry, quote))]
        return note + "".join(" " + phrase("value_elsewhere", lang, sentence=said) for said in elsewhere)
    return ""


def naming_asked(
    texts: list[str], fixes: list[int], candidates: list[int], question: str, lang: str = ""
) -> list[int]:
    """The parts (of `candidates`) naming an option a value or unit request names, when no fix part does: "which
    value should I put in scan.startup.mode?" of the Kafka entry, whose fixes are the network's and whose start-offset
    check names it (a twenty-third trial was given the network fixes, then told the entry gives no value for
    advertised.listeners)."""
    if not (VALUE_ASKED.search(question) or UNIT_ASKED.search(question)):
        return []  # "I set X to true" names X as done, not asked of
    asked = {s.lower() for s in settings(question)}
    if not asked:
        return _naming_words(texts, fixes, question, lang)
    if any(a in texts[i].lower() for i in fixes for a in asked):
        return []
    return [i for i in candidates if any(a in texts[i].lower() for a in asked)]


def _naming_words(texts: list[str], fixes: list[int], question: str, lang: str) -> list[int]:
    """The fix parts holding most of the words a value request names besides the request's own, when that is not
    all of them: "¿qué valor pongo para el tamaño del batch?" of the no-output checklist is its step that says to
    reduce the batch size ("tamaño de lote"), not the whole checklist again (a twenty-third trial)."""
    named = set(tokenize(UNIT_ASKED.sub(" ", VALUE_ASKED.sub(" ", question)), lang)) if lang else set()
    held = {i: len(named & set(tokenize(texts[i], lang))) for i in fixes}
    top = max(held.values(), default=0)
    best = [i for i in fixes if held[i] == top]
    return best if top and len(best) < len(fixes) else []
