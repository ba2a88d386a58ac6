"""Gradio chat UI: streaming answers, source cards, language selector, feedback thumbs."""

from __future__ import annotations

import html
import re

import gradio as gr
from faqbot.bot.answer import Turn
from faqbot.bot.phrases import PHRASES, phrase
from faqbot.bot.service import BadQuestion
from faqbot.ingest.textproc import SUPPORTED

from . import feedback
from .api import AppState


def ui_text(lang: str) -> dict[str, str]:
    """The page's labels in one language (from the one phrase table)."""
    return {k[3:]: phrase(k, lang) for k in PHRASES if k.startswith("ui_")}


UI = {lang: ui_text(lang) for lang in SUPPORTED}
LANG_CHOICES = [("Auto", "auto"), ("English", "en"), ("Français", "fr"), ("Español", "es")]
EXAMPLES = [
    "How do I connect Flink to a Kafka cluster with SASL_SSL?",
    "Pourquoi mon job Paimon échoue avec « No space left on device » ?",
    "¿Por qué no obtengo resultados en la tabla sink?",
]
CSS = """
.src-card{border:1px solid #ddd;border-radius:8px;padding:8px 10px;margin:6px 0}
.src-card .badge{font-size:11px;border-radius:4px;padding:1px 5px;background:#2563eb;color:#fff;margin-left:4px}
.src-card .meta{color:#666;font-size:12px}
.src-card pre{white-space:pre-wrap;font-size:12px;max-height:320px;overflow:auto}
.abstained-note{border-left:4px solid #d97706;padding:6px 10px;background:#fffbeb}
@media (max-width: 640px){ .src-card pre{font-size:11px} }
"""
_FENCE = re.compile(r"(```.*?```)", re.S)


def safe_markdown(text: str) -> str:
    """Raw HTML and Markdown images become inert text; code blocks stay verbatim."""
    parts = _FENCE.split(text)
    for i in range(0, len(parts), 2):
        p = parts[i].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        p = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", p)
        p = re.sub(r"\[([^\]]+)\]\((?!/source/|#src-)[^)]*\)", r"\1", p)  # no outside links
        p = re.sub(r"\[(\d{1,2})\](?!\()", r"[[\1]](#src-\1)", p)  # [n] -> link to the source card
        parts[i] = p
    return "".join(parts)


def message_text(m: dict) -> str:
    """Plain text of a chat message (Gradio sends a string or a list of typed parts)."""
    c = m.get("content", "")
    if isinstance(c, list):
        c = " ".join(p.get("text", "") for p in c if isinstance(p, dict))
    return html.unescape(c if isinstance(c, str) else "")


def render_answer(a: dict) -> str:
    body = safe_markdown(a["text"])
    extra = [n for n in a.get("notices", []) if n not in a["text"]]  # fallback, unsupported language
    if extra:
        body = "\n\n".join(f"_ℹ️ {safe_markdown(n)}_" for n in extra) + "\n\n" + body
    if a.get("abstained"):
        ui = UI.get(a.get("language") or "en", UI["en"])
        body = f"> ⚠️ **{ui['not_covered']}**\n\n" + body
    return body


def sources_html(a: dict | None, lang: str) -> str:
    if not a or not a.get("citations"):
        return ""
    ui = UI.get(lang, UI["en"])
    cards = [f"<h4>{ui['sources']}</h4>"]
    for c in a["citations"]:
        others = " ".join(
            f'<a href="{html.escape(o["link"])}" target="_blank" title="{html.escape(o["title"])}">'
            f"{o['language'].upper()}</a>"
            for o in c.get("other_versions", [])
        )
        cards.append(
            f'<div class="src-card" id="src-{c["n"]}" data-lang="{c["language"]}">'
            f'<div><b>[{c["n"]}] {html.escape(c["title"])}</b><span class="badge">{c["language"].upper()}</span></div>'
            f'<div class="meta">{html.escape(c["doc_title"])} · {html.escape(c["group"])}</div>'
            f"<details><summary>{ui['passage']}</summary><pre>{html.escape(c['text'][:6000])}</pre></details>"
            f'<a href="{html.escape(c["link"])}" target="_blank">{ui["open"]}</a>'
            + (f" · {ui['others']}: {others}" if others else "")
            + "</div>"
        )
    return "\n".join(cards)


def ui_lang(choice: str, last: list) -> str:
    if choice in UI:
        return choice
    return last[-1]["language"] if last else "en"


def _responder(state: AppState):
    """The chat handler: streams the answer, then its sources and the detected language."""

    def respond(message: str, history: list, choice: str, last: list):
        history = list(history or [])
        turns = [Turn(m["role"], message_text(m)) for m in history]
        history.append({"role": "user", "content": safe_markdown(message or "")})
        language = None if choice == "auto" else choice
        try:
            final = None
            for final in state.bot.stream(message or "", language, turns):
                a = final.to_json()
                yield (
                    history + [{"role": "assistant", "content": render_answer(a)}],
                    "",
                    gr.update(),
                    sources_html(a, a["language"]),
                    last,
                )
            if final is None:  # stream() always yields; this keeps the type checker honest
                raise RuntimeError("no answer")
            a = final.to_json()
        except BadQuestion as exc:
            yield (
                history + [{"role": "assistant", "content": f"⚠️ {html.escape(str(exc))}"}],
                "",
                gr.update(),
                "",
                last,
            )
            return
        except Exception as exc:  # shown as a sentence; details stay in the server log
            yield (
                history + [{"role": "assistant", "content": f"⚠️ Internal error ({type(exc).__name__})."}],
                "",
                gr.update(),
                "",
                last,
            )
            return
        last = [*last, a]
        if a["abstained"]:
            feedback.append(state.feedback_log, feedback.answer_event("abstained", a))
        ui = UI[ui_lang(choice, last)]
        det = f"{ui['detected']}: **{a['detected_language']}** → {a['language'].upper()}"
        yield (
            history + [{"role": "assistant", "content": render_answer(a)}],
            "",
            det,
            sources_html(a, a["language"]),
            last,
        )

    return respond


def build_ui(state: AppState) -> gr.Blocks:
    with gr.Blocks(title="faqbot") as demo:
        header = gr.Markdown(UI["en"]["title"] + "\n\n" + UI["en"]["intro"], elem_id="header")
        with gr.Row():
            lang = gr.Dropdown(LANG_CHOICES, value="auto", label=UI["en"]["language"], elem_id="lang", scale=1)
            detected = gr.Markdown("", elem_id="detected")
        chat = gr.Chatbot(
            elem_id="chat",
            height=440,
            buttons=["copy"],
            feedback_options=("Like", "Dislike"),
            sanitize_html=True,
            render_markdown=True,
            label="faqbot",
        )
        with gr.Row():
            box = gr.Textbox(
                placeholder=UI["en"]["placeholder"],
                show_label=False,
                elem_id="question",
                scale=5,
                max_lines=6,
                submit_btn=False,
            )
            send = gr.Button(UI["en"]["send"], variant="primary", elem_id="send", scale=1, min_width=80)
        sources = gr.HTML("", elem_id="sources")
        answers = gr.State([])
        gr.Examples(EXAMPLES, inputs=box, label="Examples / Exemples / Ejemplos")

        def relabel(choice: str, last: list):
            ui = UI[ui_lang(choice, last)]
            return (
                gr.update(value=ui["title"] + "\n\n" + ui["intro"]),
                gr.update(placeholder=ui["placeholder"]),
                gr.update(value=ui["send"]),
                gr.update(label=ui["language"]),
            )

        respond = _responder(state)

        def on_like(data: gr.LikeData, last: list):
            idx = data.index[0] if isinstance(data.index, (list, tuple)) else data.index
            n = int(idx) // 2
            if 0 <= n < len(last):
                vote = "up" if data.liked else "down"
                feedback.append(state.feedback_log, feedback.answer_event("vote", last[n], vote))

        outs = [chat, box, detected, sources, answers]
        send.click(respond, [box, chat, lang, answers], outs, api_name="ask_chat")
        box.submit(respond, [box, chat, lang, answers], outs, api_visibility="private")
        chat.like(on_like, [answers], None)
        lang.change(relabel, [lang, answers], [header, box, send, lang], api_visibility="private")
        answers.change(relabel, [lang, answers], [header, box, send, lang], api_visibility="private")

        def api_answer(question: str, language: str = "auto") -> dict:
            """Gradio API endpoint: the same answer object as POST /api/ask."""
            try:
                return state.bot.ask(question, None if language in ("", "auto") else language).to_json()
            except BadQuestion as exc:
                return {"error": str(exc)}

        gr.api(api_answer, api_name="answer")
    demo.queue(default_concurrency_limit=state.max_concurrency)
    return demo
