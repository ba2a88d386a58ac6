"""The doors' pure parts: Open WebUI's bookkeeping prompts, the Sources footer, API key files,
request parsing and the end of a stream whose text a check replaced."""

from __future__ import annotations

import json

import pytest
from faqbot.bot.answers.answer import Answer, Citation
from faqbot.bot.answers.answer_parts import AnswerParts
from faqbot.ui import bookkeeping
from faqbot.ui.doors import ApiKeys, add_key, hash_key, is_door
from faqbot.ui.openai_api import BadRequest, _rest, parse_request
from faqbot.ui.openai_format import sources_footer, strip_footer

# Open WebUI 0.12.4's defaults (open_webui/config.py), first and last lines as sent
TAGS = """### Task:
Generate 1-3 broad tags categorizing the main themes of the chat history, along with 1-3 more specific subtopic tags.
### Output:
JSON format: { "tags": ["tag1", "tag2", "tag3"] }

### Chat History:
<chat_history>
USER: Le job Paimon échoue : No space left on device
ASSISTANT: D’après l’entrée de la FAQ [1]
</chat_history>"""
QUERIES = """### Task:
Analyze the chat history to determine the necessity of generating search queries, in the given language.
Strictly return in JSON format:
{
  "queries": ["query1", "query2"]
}

### Chat History:
<chat_history>
USER: kafka
</chat_history>
"""


def _answer(text: str, lang: str = "en") -> Answer:
    c = Citation(1, "doc#t", "doc", "Doc", "Title [x]", "g", lang, "body", "/source/doc.txt#L3-L9")
    return Answer("q", AnswerParts(body=text), lang, lang, [c], False)


def test_bookkeeping_prompts_are_recognised_and_answered():
    assert bookkeeping.task_key(TAGS) == "tags" and bookkeeping.task_key(QUERIES) == "queries"
    assert json.loads(bookkeeping.reply("tags", TAGS, "fr")) == {"tags": ["FAQ Flink"]}
    assert json.loads(bookkeeping.reply("queries", QUERIES, "en")) == {"queries": []}
    assert bookkeeping.first_question(TAGS) == "Le job Paimon échoue : No space left on device"
    assert bookkeeping.title("kafka") == "kafka" and bookkeeping.title("") == "faqbot"
    # ordinary questions, even ones about tasks or quoting JSON, are questions
    for q in ("### How do I fix it?", 'Task: my job says {"title": 1}', "kafka <chat_history> sasl"):
        assert bookkeeping.task_key(q) is None


def test_sources_footer_round_trip():
    a = _answer("Set it [1].")
    footer = sources_footer(a, "http://h:1")
    assert footer == "\n\n**Sources**\n1. [Title (x)](http://h:1/source/doc.txt#L3-L9) (en)"
    assert strip_footer("Set it [1]." + footer) == "Set it [1]."
    es = sources_footer(_answer("x", "es"), "")
    assert "**Fuentes**" in es and strip_footer("x" + es) == "x"


def test_api_keys_file(tmp_path):
    path = tmp_path / "keys"
    key = add_key(path)
    assert key not in path.read_text() and path.stat().st_mode & 0o777 == 0o600
    keys = ApiKeys.read(path)
    assert keys.check(key) and not keys.check(key + "x") and not keys.check("")
    path.write_text("# comment\n" + hash_key("k1") + "\n\n")
    assert ApiKeys.read(path).check("k1")
    for bad, where in (("k1\n", ":1 "), ("# only\n", "holds no key"), (f"sha256:{'A' * 64}\n", ":1 ")):
        path.write_text(bad)
        with pytest.raises(ValueError, match=where):
            ApiKeys.read(path)
    assert is_door("/v1/models") and is_door("/mcp") and not is_door("/v1x") and not is_door("/api/ask")


def test_parse_request():
    body = {
        "model": "faqbot",
        "language": "fr",
        "stream": True,
        "stream_options": {"include_usage": True},
        "messages": [
            {"role": "system", "content": "be nice"},
            {"role": "user", "content": [{"type": "text", "text": "kafka"}]},
            {"role": "assistant", "content": "See [1].\n\n**Sources**\n1. [t](u) (en)"},
            {"role": "user", "content": "and in Spanish?"},
        ],
    }
    r = parse_request(body, ["faqbot"])
    assert (r.question, r.language, r.stream, r.include_usage) == ("and in Spanish?", "fr", True, True)
    assert [(t.role, t.content) for t in r.history] == [("user", "kafka"), ("assistant", "See [1].")]
    for bad, param in (
        ({**body, "model": "x"}, "model"),
        ({**body, "language": "de"}, "language"),
        ({**body, "messages": body["messages"][:3]}, "messages"),
        ({**body, "messages": [{"role": "user", "content": 3}]}, "messages[0]"),
        ({**body, "stream_options": "yes"}, "stream_options"),
    ):
        with pytest.raises(BadRequest) as err:
            parse_request(bad, ["faqbot"])
        assert err.value.param == param


def test_stream_end_when_a_check_replaced_the_text():
    final = _answer("Set it [1].")
    final.notices = ["Repaired: removed [7]"]
    assert _rest(final, "", "Set it [1].").startswith("\n\n_Repaired: removed [7]_\n\n**Sources**")
    replaced = _rest(final, "", "Set it [1]. Also [7].")  # the streamed text is not a prefix: a rule, then all
    assert replaced.startswith("\n\n---\n\n_Repaired: removed [7]_\n\nSet it [1].")  # why, first
    assert replaced.endswith("#L3-L9) (en)")


def test_stream_end_when_the_checks_only_added_markers():
    """The [1] the checks add to a single source's unmarked paragraphs is no reason to send the answer twice."""
    final = _answer("Set it [1]. Then restart the job [1].\n\nIt resumes [1].")
    assert _rest(final, "", "Set it. ").startswith(" Then restart the job [1].\n\nIt resumes [1].")
    assert _rest(final, "", "Set it. Then restart the job.\n").startswith("\n\nIt resumes [1].")
    assert _rest(final, "", "Set it. Then reboot.").startswith("\n\n---\n\n")  # another text: a rule
