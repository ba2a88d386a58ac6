"""Markdown to safe HTML for the chat: render first, then keep only an allow-list (nh3).

Escaping the Markdown source before rendering (splitting out code blocks by pattern) was
defeated by a backslash before a fence; here the source is rendered by a real parser with raw
HTML off, and whatever it produced is cleaned by an HTML sanitiser, so no input can reach the
page as an element or attribute outside ALLOWED_TAGS / ALLOWED_ATTRIBUTES.
Links may only point into the page's own source cards (#src-n) and source viewer (/source/).
"""

from __future__ import annotations

import re
from functools import lru_cache

import nh3
from markdown_it import MarkdownIt
from markdown_it.token import Token

ALLOWED_TAGS = {
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "b",
    "i",
    "s",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "a",
    "div",
    "span",
    "details",
    "summary",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "target"},
    "div": {"class", "id", "data-lang"},
    "details": {"class", "data-answer"},
    "span": {"class"},
    "ol": {"start"},
    "th": {"style"},
    "td": {"style"},
}
LINK_PREFIXES = ("/source/", "#src-")
_CITATION = re.compile(r"\[(\d{1,2})\](?!\()")


_ANCHOR = re.compile(r"#src-[A-Za-z0-9_-]{1,64}")
_LINES = re.compile(r"L\d{1,6}(?:-L\d{1,6})?")  # a huge range (#L1-L3000000000) hung the viewer's tab
# the one query a source link carries: the reader's language, for the viewer's own words (ui/answer_html.py)
_READER = re.compile(r"lang=(?:en|fr|es)")
_IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]")  # what a browser drops from a URL before reading it


def safe_href(value: str) -> str | None:
    """The link if it stays inside the app after a browser has normalised it, else None.

    A prefix test let `/source/../gradio_api/file=https://…` and `/source/%2e%2e/logout` through:
    the browser resolves the dots (decoded or not, after dropping tabs and newlines) and leaves
    /source/. Only `#src-…` anchors and `/source/NAME` with an optional `?lang=xx` and `#Ln-Lm` are kept, NAME one
    path segment once decoded."""
    from urllib.parse import unquote

    v = _IGNORED_IN_URLS.sub("", value)
    if v.startswith("#"):
        return v if _ANCHOR.fullmatch(v) else None
    if not v.startswith("/source/"):
        return None
    path, _, fragment = v.partition("#")
    path, asks, query = path.partition("?")
    name = unquote(path[len("/source/") :])
    if (
        not name
        or name in (".", "..")
        or any(ch in name for ch in "/\\?")
        or (asks and not _READER.fullmatch(query))
        or (fragment and not _LINES.fullmatch(fragment))
    ):
        return None
    return v


def _keep_attribute(tag: str, attr: str, value: str) -> str | None:
    if attr == "href":
        return safe_href(value)
    if attr == "target":
        return "_blank" if value == "_blank" else None
    if attr == "style":  # table alignment only
        return value if re.fullmatch(r"text-align:(left|right|center)", value) else None
    return value


def clean_html(html: str) -> str:
    """Any HTML fragment reduced to the allow-list (content of script/style dropped whole), with
    URL-like text made unlinkable."""
    return _no_autolinks(_clean(html))


def _clean(html: str) -> str:
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        clean_content_tags={"script", "style"},
        attributes=ALLOWED_ATTRIBUTES,
        attribute_filter=_keep_attribute,
        url_schemes=set(),
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def _link_citations(tokens: list[Token], links: dict[int, str]) -> None:
    """`[n]` in running text becomes a link to citation n's source (not inside code or another link)."""
    for tok in tokens:
        if tok.type != "inline" or not tok.children:
            continue
        out: list[Token] = []
        in_link = 0
        for child in tok.children:
            in_link += child.type == "link_open"
            in_link -= child.type == "link_close"
            if child.type != "text" or in_link or not links or not _CITATION.search(child.content):
                out.append(child)
                continue
            pos = 0
            for m in _CITATION.finditer(child.content):
                if int(m.group(1)) not in links:
                    continue
                out.append(Token("text", "", 0, content=child.content[pos : m.start()]))
                out.append(Token("link_open", "a", 1, attrs={"href": links[int(m.group(1))]}))
                out.append(Token("text", "", 0, content=m.group(0)))
                out.append(Token("link_close", "a", -1))
                pos = m.end()
            out.append(Token("text", "", 0, content=child.content[pos:]))
        tok.children = out


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.disable("image")  # no remote images: ![x](url) stays text
    return md


def _no_blank_lines(html: str) -> str:
    # Gradio renders the message as Markdown again; an HTML block ends at a blank line, which
    # only code blocks contain here. Encoded newlines keep the whole answer one HTML block.
    return html.strip().replace("\n", "&#10;")


_AUTOLINKABLE = re.compile(r"://|(?i:\bwww)\.|@")


def _no_autolinks(html: str) -> str:
    # Gradio's second Markdown pass turns URL-like text into live links (<https://x> survives the
    # sanitiser as the text of a link without href). Allowed hrefs (/source/, #src-) hold none of
    # these characters, so encoding them everywhere leaves the text as shown and unlinkable.
    return _AUTOLINKABLE.sub(
        lambda m: {"://": ":&#47;&#47;", "@": "&#64;"}.get(m.group(0), m.group(0)[:-1] + "&#46;"), html
    )


def safe_markdown(text: str, links: dict[int, str] | None = None) -> str:
    """Markdown (an answer or a user's message) rendered to HTML with only allowed elements;
    links maps citation numbers to their source links ([n] stays text without one)."""
    md = _parser()
    tokens = md.parse(text or "")
    _link_citations(tokens, links or {})
    return _no_blank_lines(clean_html(md.renderer.render(tokens, md.options, {})))


def safe_html(fragment: str) -> str:
    """An HTML fragment built here (source cards) cleaned like an answer and kept one HTML block:
    the same allow-list, links checked the same way, no newline for Gradio's Markdown pass to cut at."""
    return _no_blank_lines(clean_html(fragment))


def plain_text(html: str) -> str:
    """The text of a message this module rendered (what a follow-up question reads back)."""
    import html as html_lib

    return html_lib.unescape(re.sub(r"<[^>]*>", "", html or "")).strip()
