"""The chat's Markdown sanitiser on the payload corpus: only allowed elements, attributes and links."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from faqbot.ui.sanitize import plain_text, safe_markdown

from tests.payloads import ALLOWED_ATTRIBUTES, ALLOWED_LINK_PREFIXES, ALLOWED_TAGS, PAYLOADS

LINKS = {1: "/source/a.en.txt#L1-L4", 2: "/source/b.en.txt#L9-L9"}


class _Audit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.bad: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED_TAGS:
            self.bad.append(f"<{tag}>")
        for name, value in attrs:
            if name not in ALLOWED_ATTRIBUTES:
                self.bad.append(f"{tag}[{name}]")
            if name == "href" and not (value or "").startswith(ALLOWED_LINK_PREFIXES):
                self.bad.append(f"href={value}")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payload_renders_only_allowed_html(payload):
    out = safe_markdown(f"Intro text [1].\n\n{payload}\n\nOutro `code` [2].", LINKS)
    audit = _Audit()
    audit.feed(out)
    assert audit.bad == [], out
    # one HTML block for the chat's second Markdown pass: a blank line would end it
    assert "\n" not in out


def test_markdown_still_renders():
    out = safe_markdown("From **the entry** [1]:\n\n```sql\nSELECT 1;\n\nSELECT 2;\n```\n\n- a\n- b [2] [7]", LINKS)
    assert '<strong>the entry</strong> <a href="/source/a.en.txt#L1-L4"' in out
    assert "<pre><code>SELECT 1;&#10;&#10;SELECT 2;&#10;</code></pre>" in out
    assert '<li>b <a href="/source/b.en.txt#L9-L9"' in out and "[7]</li>" in out  # no link without a source
    assert '<a href="/source/x.en.txt#L1-L2" rel="noopener noreferrer">source</a>' in safe_markdown(
        "[source](/source/x.en.txt#L1-L2)"
    )


def test_user_text_reads_back_as_written():
    text = "et en SQL ? <b>x</b> & [1]"
    assert plain_text(safe_markdown(text)) == text


def test_url_like_text_cannot_become_a_link_in_a_second_markdown_pass():
    from faqbot.ui.sanitize import clean_html, safe_markdown

    html = safe_markdown("see <https://evil.example/x>, www.evil.example and a@evil.example [1]", {1: "#src-1"})
    assert "https://" not in html and "www.evil" not in html and "a@evil" not in html
    assert 'href="#src-1"' in html  # the page's own links are untouched
    assert "https://" not in clean_html("<div>https://evil.example/y</div>")
