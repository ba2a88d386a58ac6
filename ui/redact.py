"""Secrets out of pasted logs before a question is stored (feedback, insights, exports).

Users paste DDL, connection strings and stack traces; those carry passwords, access keys and
tokens. Every stored question and answer text passes `redact` first (ui/feedback.py's
`answer_record`, used by every store). Each rule is one named pattern; all are linear (no nested
quantifiers over the same characters) because a question is up to 4,000 characters of anything.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

MARK = "[redacted]"

# option names whose value is a secret: password=..., 'sink.password' = '...', "accessKeySecret": "..."
_SECRET_KEY = (
    r"(?:[\w.\-]{0,40}(?:password|passwd|pwd|secret|token|credential|access[_.\-]?key(?:[_.\-]?(?:id|secret))?|"
    r"accesskeyid|accesskeysecret|access[_.\-]?id|api[_.\-]?key|private[_.\-]?key|sas[_.\-]?key))"
)


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    keep: int  # how many leading groups are kept (the key and its separator); the value goes


RULES = (
    # URL credentials: jdbc:mysql://user:pass@host, postgresql://u:p@h, http://u:p@h
    Rule("url_userinfo", re.compile(r"(\b[a-zA-Z][\w+.\-]{1,20}://[^\s:/@'\"]{1,128}:)([^\s@/'\"]{1,256})(?=@)"), 1),
    # Authorization headers and bearer tokens
    Rule("bearer", re.compile(r"(\b(?:Bearer|Basic|Token)\s+)([A-Za-z0-9._~+/=\-]{8,4096})", re.IGNORECASE), 1),
    # key = 'value', key: "value", key=value (SQL WITH options, properties, JSON, query strings)
    Rule(
        "secret_option",
        re.compile(
            r"""((?:['"`]?)"""
            + _SECRET_KEY
            + r"""(?:['"`]?)\s{0,8}(?:=|:|=>)\s{0,8})"""
            # the value: quoted whole (spaces included) or up to a separator; "password: YES" is MySQL's word
            + r"""(?!(?:YES|NO)\b)((?:'[^'\n]{1,512}'|"[^"\n]{1,512}"|`[^`\n]{1,512}`|[^\s'"`&;,)}]{1,512}))""",
            re.IGNORECASE,
        ),
        1,
    ),
    # in prose or after a space: "my password is hunter2", "AccessKeySecret abc123" (a third attack round's shapes); the
    # value must hold a digit or a capital after its first letter, so "the password is wrong" keeps its words
    Rule(
        "secret_said",
        re.compile(
            r"(\b(?i:password|passwd|pwd|secret|token|accesskeysecret|access[_ ]?key[_ ]?secret|mot de passe|"
            r"contrase(?:ñ|n)a|clave)(?:\s{1,4}(?i:is|was|est|es|era|=))?\s{0,4}:?\s{1,4})(?=\S[^\s'\"`,;]{0,126}[A-Z0-9])([^\s'\"`,;]{6,128})",
        ),
        1,
    ),
    # a command line's password written against its flag: mysql -uroot -pMyS3cret, psql ... -p is a port (digits only)
    Rule(
        "password_flag",
        re.compile(r"(\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]{0,200}?\s-p|\bredis-cli\b[^\n]{0,200}?\s-a\s)"
                   r"(?!\d+\b)(\S{1,128})"),
        1,
    ),
    # Chinese: 密码是 X, 密码：X
    Rule("secret_said_zh", re.compile(r"((?:密码|口令|密钥)\s{0,2}(?:是|为|：|:)\s{0,2})([^\s，。,;；]{4,128})"), 1),
    # JAAS: password="..." inside sasl.jaas.config is caught above; username stays (not a secret)
    # Alibaba Cloud AccessKey IDs (LTAI...) and AWS keys (AKIA...), wherever they stand
    Rule("access_key_id", re.compile(r"()\b(?:LTAI[A-Za-z0-9]{12,30}|AKIA[A-Z0-9]{16})\b"), 1),
    # tokens by their makers' prefixes: GitHub (ghp_, gho_, ghs_, github_pat_), OpenAI (sk-, sk-proj-), Stripe
    # (sk_live_), Slack (xox?-), GitLab (glpat-), Google (AIza), Hugging Face (hf_), and JSON web tokens (eyJ...eyJ...)
    Rule(
        "token_prefix",
        re.compile(r"()\b(?:gh[pousr]_[A-Za-z0-9]{20,255}|github_pat_[A-Za-z0-9_]{20,255}|sk[-_][A-Za-z0-9_\-]{16,255}|"
                   r"xox[abprs]-[A-Za-z0-9\-]{10,255}|glpat-[A-Za-z0-9_\-]{16,255}|AIza[A-Za-z0-9_\-]{30,255}|"
                   r"hf_[A-Za-z0-9]{20,255}|eyJ[A-Za-z0-9_\-]{8,2048}\.eyJ[A-Za-z0-9_\-]{8,4096}\.[A-Za-z0-9_\-]{0,2048})"),
        1,
    ),
    # PEM private keys
    Rule(
        "pem",
        re.compile(r"(-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----)[A-Za-z0-9+/=\s]{1,8192}?(?=-----END)"),
        1,
    ),
)


def redact(text: str | None) -> str:
    """The text with every secret value replaced by [redacted]; the keys stay, so a maintainer
    still sees which option the user set."""
    if not text:
        return text or ""
    for rule in RULES:
        text = rule.pattern.sub(functools.partial(_replace, keep=rule.keep), text)
    return text


def _replace(m: re.Match[str], keep: int) -> str:
    kept = "".join(m.group(i) or "" for i in range(1, keep + 1))
    value = m.group(keep + 1) if m.re.groups > keep else ""
    quote = value[0] if value and value[0] in "'\"`" and value[-1] == value[0] and len(value) > 1 else ""
    return kept + quote + MARK + quote


def redactions(text: str) -> list[str]:
    """The names of the rules that would change the text (for tests and the report's note)."""
    return [r.name for r in RULES if r.pattern.search(text or "")]
