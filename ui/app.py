"""Gradio chat UI: streaming answers, each with its own source cards, votes keyed to the answer's id.

Every assistant bubble is an answer: it carries its source cards (collapsible, under the text)
and its `[n]` markers link to its own sources, so older answers keep theirs. Errors are not
bubbles: they show under the input in the page's language, so no bubble without an answer has
thumbs. `ids` holds, per chat message, the answer_id a thumb on it votes for.
"""

from __future__ import annotations

import html

import gradio as gr
from faqbot.bot.answers.answer import Turn
from faqbot.bot.answers.phrases import LANGUAGE_NAMES, PHRASES
from faqbot.bot.question import BadQuestion
from faqbot.ingest.textproc import SUPPORTED
from gradio.components.chatbot import ExampleMessage

from . import feedback
from .answer_html import SOURCES_MARK, render_answer
from .api import AppState, gradio_answer
from .locale import browser_language
from .sanitize import plain_text, safe_html


def ui_text(lang: str) -> dict[str, str]:
    """The page's labels in one language (templates from the one phrase table)."""
    return {k[3:]: v.get(lang, v["en"]) for k, v in PHRASES.items() if k.startswith("ui_")}


UI = {lang: ui_text(lang) for lang in SUPPORTED}
# Gradio's default theme sets bold text in "Source Sans Pro" 600, whose bundled file holds a few glyphs: the page's
# title and buttons mixed it with the system's bold ("Apache", "FAQ" and "Ask" in another font: a sixteenth trial).
# Its regular and bold files are whole: bold text takes the 700 one.
THEME = gr.themes.Default(
    font=[gr.themes.LocalFont("Source Sans Pro", weights=(400, 700)), "ui-sans-serif", "system-ui", "sans-serif"]
)
# each language by its own name: "English", "Français", "Español"
LANG_CHOICES = [("Auto", "auto"), *((LANGUAGE_NAMES[c][c].capitalize(), c) for c in SUPPORTED)]
CSS = """
#chat .message-wrap{padding-top:4px}
#chat pre, #chat code{white-space:pre-wrap;overflow-wrap:anywhere}
#chat pre{max-width:100%;overflow-x:auto}
#chat ul ul{margin-left:1.2em}
/* a user's message as typed: a pasted report keeps its lines */
#chat .user-text{white-space:pre-wrap;overflow-wrap:anywhere}
details.srcs{margin-top:10px;border-top:1px solid var(--border-color-primary);padding-top:6px}
details.srcs summary{cursor:pointer;font-weight:600}
.src-card{border:1px solid var(--border-color-primary);border-radius:8px;padding:8px 10px;margin:6px 0}
.src-card .badge{font-size:11px;border-radius:4px;padding:1px 5px;background:#2563eb;color:#fff;margin-left:4px}
.src-card .meta{opacity:.75;font-size:12px}
.src-card pre{white-space:pre-wrap;font-size:12px;max-height:320px;overflow:auto}
/* the paragraphs of the passage the answer quotes */
.src-card .quoted{background:rgba(250,204,21,.3);border-radius:3px}
#detected{min-height:0;align-self:center} #detected .lang-badge{display:inline-block;font-size:12px;border-radius:10px;
  white-space:nowrap;
  padding:2px 10px;background:var(--block-background-fill);border:1px solid var(--border-color-primary);opacity:.85}
#notice .err{color:#b42318;font-size:14px}
#notice:not(:has(.err)){display:none}
.dark #notice .err{color:#fda29b}
#header h2{margin:0 0 2px} #header p{margin:0}
/* the button's label is never clipped ("Demander" read "Demande" at 390 px): it takes its text's width */
#send{min-width:max-content !important;white-space:nowrap}
/* the dark-mode toggle shows ◐; its text, the accessible name, is kept out of sight */
#dark{font-size:0 !important;min-width:44px}
#dark::before{content:"◐" / "";font-size:var(--text-md)}
/* Gradio's scroll-down arrow sat at mid-width over the answer's text, with no background ("Reemplá↓a" at 390 px,
   a fourth trial): in the chat's corner, on a solid round button */
#chat .scroll-down-button-container{left:auto !important;right:12px;transform:none !important}
#chat .scroll-down-button-container button{background:var(--background-fill-primary);
  border:1px solid var(--border-color-primary);width:34px;height:34px}
/* the warning ("I am not sure the FAQ covers this. The closest entries, best first:") is a line of the answer, not a
   title: at Gradio's quote size it filled a phone's first screen (a ninth trial, 390 px) */
#chat blockquote{margin:2px 0 8px !important;padding:2px 10px !important}
#chat blockquote p{font-size:var(--text-md) !important;line-height:1.5 !important}
@media (max-width: 640px){
  #header h2{font-size:1.05rem} #header p{font-size:13px}
  /* the box is narrow beside "Ask": its placeholder wraps onto a second line instead of being cut */
  #question textarea{padding-top:10px;padding-bottom:10px;min-height:calc(2lh + 22px)}
  #send{padding-left:10px;padding-right:10px}
  .src-card pre{font-size:11px}
  #controls{flex-wrap:wrap;gap:6px} #controls #detected{order:9;flex-basis:100%}
  /* the header and the language selector took 254 px of a 844 px phone screen, leaving the chat 484 (a ninth
     trial: after a long answer the question was off screen): the selector's label is kept for screen readers
     only, its box and the gaps are tighter, an empty language badge takes no line */
  .gradio-container .column{gap:8px !important}
  #lang{padding:4px 6px !important}
  #lang .container > span:first-child{position:absolute !important;width:1px;height:1px;overflow:hidden;
    clip:rect(0 0 0 0);white-space:nowrap}
  #controls #detected:not(:has(.lang-badge)){display:none}
  #chat{height:max(320px, calc(100vh - 340px)) !important}
  #chat .message{padding:8px 10px}
  #chat .message-row.bubble{max-width:100% !important;margin-left:0 !important;margin-right:0 !important}
  .gradio-container{padding-left:6px !important;padding-right:6px !important}
  /* at 390 px the round scroll-down button hid the end of a line ("MySQL", a twelfth trial): smaller, in the
     corner's last pixels, and the text shows through it */
  #chat .scroll-down-button-container{right:2px;bottom:2px !important}
  #chat .scroll-down-button-container button{width:26px;height:26px;opacity:.7}
}
"""
# scrolls the newest answer's first line into view (not its end) when it arrives
# Gradio names each message by its content, and ours is HTML: a screen reader read "bot's message: <blockquote>&#10;
# <p>⚠️ <strong>..." (a twenty-seventh trial). Each label written in markup is written again from the message's text.
SCROLL_JS = """() => {
  document.querySelectorAll('#chat [aria-label]').forEach((el) => {
    const label = el.getAttribute('aria-label'), at = label.indexOf("'s message: ");
    if (at > 0 && label.includes('<'))
      el.setAttribute('aria-label', label.slice(0, at + 12) + el.innerText.replace(/\\s+/g, ' ').trim());
  });
  const err = document.querySelector('#notice .err');
  if (err && err.textContent.trim()) { err.scrollIntoView({block: 'nearest'}); return; }
  const rows = document.querySelectorAll('#chat .bot-row');
  const last = rows[rows.length - 1];
  if (!last) return;
  let box = last.parentElement;
  while (box && box.scrollHeight <= box.clientHeight + 1) box = box.parentElement;
  if (box && box !== document.body && box !== document.documentElement)
    box.scrollTop += last.getBoundingClientRect().top - box.getBoundingClientRect().top - 8;
}"""
DARK_JS = "() => { document.body.classList.toggle('dark'); }"
# Gradio's dropdown closes its list on blur but not when Tab moves the focus on: its list stayed open
# over the chat. Focus arriving anywhere outside the language selector closes it (Escape, as a user would).
# Gradio reopens the list just after the blur, so the check runs again once the page has settled.
CLOSE_LIST_JS = """() => {
  const close = () => {
    const box = document.querySelector('#lang');
    const input = box && box.querySelector('input[role=combobox]');
    if (input && !box.contains(document.activeElement) && input.getAttribute('aria-expanded') === 'true')
      input.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));
  };
  document.addEventListener('focusin', () => [0, 50, 200, 500].forEach((ms) => setTimeout(close, ms)));
}"""


def message_text(m: dict) -> str:
    """Plain text of a chat message (Gradio sends a string or a list of typed parts), without source cards."""
    c = m.get("content", "")
    if isinstance(c, list):
        c = " ".join(p.get("text", "") for p in c if isinstance(p, dict))
    c = c if isinstance(c, str) else ""
    return plain_text(c.split(SOURCES_MARK, 1)[0])


def ui_lang(choice: str, last: list, browser: str = "en") -> str:
    """The page's language: the user's choice, else the last answer's, else the browser's. An answer in a
    language its turn asked for ("¿y en inglés?") does not count: the user still writes their own (the
    whole page turned English, a fourth trial), nor does one in another language than the turn's (a Chinese or
    German question answered in English, an error pasted alone: the page turned English between two Spanish
    questions, a twenty-seventh trial)."""
    if choice in UI:
        return choice
    own = [
        a["language"]
        for a in last
        if a.get("language") in UI
        and not a.get("language_asked")
        and a.get("detected_language", a["language"]) == a["language"]
    ]
    if own:
        return own[-1]
    return browser if browser in UI else "en"


def request_language(request: gr.Request | None) -> str:
    headers = dict(getattr(request, "headers", None) or {}) if request is not None else {}
    return browser_language(str(headers.get("accept-language", "")))


def badge(a: dict, lang: str) -> str:
    """A small badge: the language detected, and the answer's language when it differs ("DE · answer in EN": a
    sixteenth trial found "EN → ES" cryptic)."""
    names = LANGUAGE_NAMES.get(lang, LANGUAGE_NAMES["en"])
    det, ans = a["detected_language"], a["language"]
    text = det.upper() + (f" · {UI[lang]['answered_in']} {ans.upper()}" if det != ans else "")
    title = f"{UI[lang]['detected']}{UI[lang]['colon']}{names.get(det, det)}"
    label = html.escape(f"{UI[lang]['detected']}{UI[lang]['colon']}{text}")
    return f'<span class="lang-badge" title="{html.escape(title)}">{label}</span>'


def error_html(message: str) -> str:
    return f'<div class="err" role="alert">⚠️ {html.escape(message)}</div>'


def user_error(message: str, lang: str) -> str | None:
    """The page's own message for a question it will not send, in the page's language."""
    return None if (message or "").strip() else UI[lang]["error_empty"]


def user_html(message: str) -> str:
    """A user's message as typed: escaped, its line breaks kept. Read as Markdown, a pasted report's lines ran
    together and its "****" masks became italics (a thirteenth trial)."""
    return safe_html(f'<div class="user-text">{html.escape(message)}</div>')


def _responder(state: AppState):
    """The chat handler: streams the answer into a new bubble; errors go under the input, not in the chat."""

    def respond(message: str, history: list, choice: str, last: list, ids: list, browser: str = "en"):
        history = list(history or [])
        lang = ui_lang(choice, last, browser)
        problem = user_error(message, lang)
        if problem:
            yield history, message, gr.update(), error_html(problem), last, ids
            return
        turns = [Turn(m["role"], message_text(m)) for m in history]
        history.append({"role": "user", "content": user_html(message)})
        language = None if choice == "auto" else choice
        try:
            final = None
            # the browser's language answers an error pasted alone as the first message (a Spanish page,
            # a bare English error: Spanish); a conversation's own language comes first (bot/dialogue/query.py)
            for final in state.bot.stream(message, language, turns, prior=browser):
                bubble = render_answer(final, lang)
                yield history + [{"role": "assistant", "content": bubble}], "", gr.update(), "", last, ids
            if final is None:  # stream() always yields; this keeps the type checker honest
                raise RuntimeError("no answer")
            a = final.to_json()
        except BadQuestion as exc:  # too long even once shortened, binary...: in the page's language, the text kept
            yield history[:-1], message, gr.update(), error_html(exc.in_language(lang)), last, ids
            return
        except Exception as exc:  # shown as a sentence; details stay in the server log
            err = UI[lang]["error_internal"].format(name=type(exc).__name__)
            yield history[:-1], message, gr.update(), error_html(err), last, ids
            return
        state.feedback.record_answer(a)
        last = [*last, a]
        ids = [*(list(ids) + [None] * len(history))[: len(history)], a["answer_id"]]
        page = ui_lang(choice, last, browser)  # the page's language once this answer is in
        chat = history + [{"role": "assistant", "content": render_answer(final, page)}]
        yield chat, "", badge(a, page), "", last, ids

    return respond


def _who(request: gr.Request) -> tuple[str, str]:
    """The voter: the page's session (the client id) and, for the rate limit, its network address (the page picks
    its session id)."""
    client = feedback.client_id(getattr(request, "session_hash", None) or "ui")
    address = feedback.client_id(request.client.host if request.client else "?")
    return client, address


def _voter(state: AppState):
    def on_like(data: gr.LikeData, ids: list, choice: str, last: list, page: str, request: gr.Request):
        """A thumb on an answer; a thumbs down opens the comment box for that answer (hidden on any other vote)."""
        idx = data.index[0] if isinstance(data.index, (list, tuple)) else data.index
        answer_id = ids[int(idx)] if 0 <= int(idx) < len(ids) else None
        if not answer_id:
            return gr.update(visible=False), ""
        vote = "up" if data.liked is True else "down" if data.liked is False else "none"
        client, address = _who(request)
        try:
            state.feedback.record_vote(feedback.Vote(answer_id, vote, client, "", address))
        except (feedback.UnknownAnswer, feedback.RateLimited, feedback.FeedbackUnavailable):
            gr.Warning(UI[ui_lang(choice, last, page)]["vote_failed"])
            return gr.update(visible=False), ""
        return gr.update(visible=vote == "down"), answer_id if vote == "down" else ""

    return on_like


def _commenter(state: AppState):
    def on_comment(text: str, answer_id: str, choice: str, last: list, page: str, request: gr.Request):
        """The comment goes with the thumbs down it follows (the same client's vote, replaced with its comment)."""
        ui = UI[ui_lang(choice, last, page)]
        text = (text or "").strip()
        if not answer_id or not text:
            return gr.update(visible=bool(answer_id)), answer_id, text
        client, address = _who(request)
        try:
            state.feedback.record_vote(feedback.Vote(answer_id, "down", client, text[: feedback.MAX_COMMENT], address))
        except (feedback.UnknownAnswer, feedback.RateLimited, feedback.FeedbackUnavailable):
            gr.Warning(ui["vote_failed"])
            return gr.update(visible=True), answer_id, text
        gr.Info(ui["comment_thanks"])
        return gr.update(visible=False), "", ""

    return on_comment


def _pick_example(evt: gr.SelectData) -> str:
    return evt.value["text"] if isinstance(evt.value, dict) else str(evt.value)


def _header(lang: str) -> str:
    return UI[lang]["title"] + "\n\n" + UI[lang]["intro"]


def _examples(lang: str) -> list[ExampleMessage]:
    return [ExampleMessage(text=UI[lang][f"example{i}"]) for i in (1, 2, 3)]


def build_ui(state: AppState) -> gr.Blocks:
    with gr.Blocks(title="faqbot") as demo:
        header = gr.Markdown(_header("en"), elem_id="header")
        with gr.Row(elem_id="controls", equal_height=False):
            lang = gr.Dropdown(
                LANG_CHOICES, value="auto", label=UI["en"]["language"], elem_id="lang", scale=2, min_width=110
            )
            detected = gr.HTML("", elem_id="detected")
            dark = gr.Button(
                UI["en"]["dark"], elem_id="dark", scale=0, min_width=44, size="sm", elem_classes=["dark-toggle"]
            )
            clear = gr.Button(UI["en"]["clear"], elem_id="clear", scale=0, min_width=70, size="sm")
        chat = gr.Chatbot(
            elem_id="chat",
            # the window's height less the header, controls and question box (360 px, a phone's taller header
            # included): a long answer was scrolled inside a 560 px panel above an empty band (a user's trial)
            height="max(320px, calc(100vh - 360px))",
            buttons=["copy"],
            feedback_options=("Like", "Dislike"),
            sanitize_html=True,
            render_markdown=True,
            latex_delimiters=[],  # no KaTeX: it built elements outside the allow-list from corpus text
            show_label=False,
            autoscroll=False,
            examples=_examples("en"),
        )
        # under the answers, by the thumb just clicked (below the question box it was under the fold of a laptop)
        with gr.Row(visible=False, elem_id="vote-comment") as comment_row:
            comment = gr.Textbox(
                label=UI["en"]["comment"], placeholder=UI["en"]["comment_placeholder"], max_lines=4, scale=5,
                max_length=feedback.MAX_COMMENT,
            )  # fmt: skip
            comment_send = gr.Button(UI["en"]["comment_send"], scale=1, min_width=80, elem_id="comment-send")
        # above the question box: a long question grows the box, which pushed a notice below it
        # off a desktop screen ("nothing happens" when a question is too long)
        notice = gr.HTML("", elem_id="notice")
        with gr.Row():
            box = gr.Textbox(
                placeholder=UI["en"]["placeholder"],
                label=UI["en"]["question"],  # hidden, but the box's accessible name (it was "Textbox")
                show_label=False,
                elem_id="question",
                scale=5,
                max_lines=6,
                submit_btn=False,
            )
            send = gr.Button(UI["en"]["send"], variant="primary", elem_id="send", scale=1, min_width=80)
        answers = gr.State([])
        ids = gr.State([])
        browser = gr.State("en")  # the browser's language (Accept-Language), read when the page loads
        voted = gr.State("")  # the answer a comment goes with (the last one voted down)

        def relabel(choice: str, last: list, page: str):
            lg = ui_lang(choice, last, page)
            ui = UI[lg]
            return (
                gr.update(value=_header(lg)),
                gr.update(placeholder=ui["placeholder"], label=ui["question"]),
                gr.update(value=ui["send"]),
                gr.update(label=ui["language"]),
                gr.update(value=ui["clear"]),
                gr.update(examples=_examples(lg)),
                gr.update(value=ui["dark"]),
                gr.update(label=ui["comment"], placeholder=ui["comment_placeholder"]),
                gr.update(value=ui["comment_send"]),
            )

        respond = _responder(state)
        ins = [box, chat, lang, answers, ids, browser]
        outs = [chat, box, detected, notice, answers, ids]
        send.click(respond, ins, outs, api_name="ask_chat").then(None, js=SCROLL_JS)
        box.submit(respond, ins, outs, api_visibility="private").then(None, js=SCROLL_JS)
        chat.example_select(_pick_example, None, box, api_visibility="private").then(
            respond, ins, outs, api_visibility="private"
        ).then(None, js=SCROLL_JS)
        chat.like(_voter(state), [ids, lang, answers, browser], [comment_row, voted], api_visibility="private")
        comment_in = [comment, voted, lang, answers, browser]
        comment_out = [comment_row, voted, comment]
        comment_send.click(_commenter(state), comment_in, comment_out, api_visibility="private")
        comment.submit(_commenter(state), comment_in, comment_out, api_visibility="private")
        clear.click(lambda: ([], "", "", "", [], []), None, outs, api_visibility="private").then(
            lambda: (gr.update(visible=False), ""), None, [comment_row, voted], api_visibility="private"
        )
        chat.clear(lambda: ("", "", "", [], []), None, outs[1:], api_visibility="private")
        dark.click(None, js=DARK_JS)
        labels = [header, box, send, lang, clear, chat, dark, comment, comment_send]
        lang.change(relabel, [lang, answers, browser], labels, api_visibility="private")
        answers.change(relabel, [lang, answers, browser], labels, api_visibility="private")

        def on_load(choice: str, last: list, request: gr.Request):
            # the empty chat's examples and labels in the browser's language before any answer
            page = request_language(request)
            return (page, *relabel(choice, last, page))

        demo.load(on_load, [lang, answers], [browser, *labels], api_visibility="private")
        demo.load(None, js=CLOSE_LIST_JS)

        def api_answer(question: str, language: str = "auto") -> dict:
            """Gradio API endpoint: the same answer object as POST /api/ask."""
            return gradio_answer(state, question, language)

        gr.api(api_answer, api_name="answer")
    demo.queue(default_concurrency_limit=state.max_concurrency)
    return demo
