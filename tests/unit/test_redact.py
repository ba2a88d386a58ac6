"""Secrets pasted into questions never reach the feedback store (ui/redact.py), on real-looking logs."""

from __future__ import annotations

import pytest
from faqbot.ui.feedback import answer_record
from faqbot.ui.redact import MARK, redact

# (pasted text, the secret that must go, what must stay so a maintainer can still read the question)
CASES = [
    (
        "CREATE TABLE sink (...) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://rm-bp1.mysql.rds.aliyuncs.com:3306/db',"
        " 'username' = 'flink', 'password' = 'S3cr3t!pw#2024')",
        "S3cr3t!pw#2024",
        "'password' = '[redacted]'",
    ),
    ("Caused by: java.sql.SQLException: jdbc:mysql://root:hunter2@10.0.0.1:3306/db refused", "hunter2", "root:"),
    (
        "'properties.sasl.jaas.config' = 'org.apache.kafka.common.security.plain.PlainLoginModule required "
        'username="alice" password="al1ce-pw";\'',
        "al1ce-pw",
        'username="alice"',
    ),
    (
        "'accessId' = 'LTAI5tAbCdEfGhIjKlMn1234', 'accessKey' = 'xYz0123456789abcdefGHIJKL'",
        "LTAI5tAbCdEfGhIjKlMn1234",
        "accessId",
    ),
    (
        "'accessId' = 'LTAI5tAbCdEfGhIjKlMn1234', 'accessKey' = 'xYz0123456789abcdefGHIJKL'",
        "xYz0123456789abcdefGHIJKL",
        "accessKey",
    ),
    (
        "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbg' http://x/api",
        "eyJhbGciOiJIUzI1NiJ9",
        "Bearer",
    ),
    (
        '{"AccessKeyId": "STS.NTabc123", "AccessKeySecret": "abcdef123456", "SecurityToken": "CAIS9x"}',
        "abcdef123456",
        "AccessKeySecret",
    ),
    (
        '{"AccessKeyId": "STS.NTabc123", "AccessKeySecret": "abcdef123456", "SecurityToken": "CAIS9x"}',
        "CAIS9x",
        "SecurityToken",
    ),
    ("spring.datasource.url=postgresql://faqbot:pg-pass-1@db:5432/faqbot", "pg-pass-1", "faqbot:"),
    ("WITH ('connector'='hologres','username'='BASIC$u','password'='P@ss w0rd')", "w0rd", "'username'='BASIC$u'"),
    ("export AWS_ACCESS_KEY_ID=AKIAABCDEFGHIJKLMNOP", "AKIAABCDEFGHIJKLMNOP", "AWS_ACCESS_KEY_ID"),
    ("token=ghp_0123456789abcdefghij&user=bob", "ghp_0123456789abcdefghij", "user=bob"),
    # a third attack round's shapes, stored verbatim before: prose, a command's flag, makers' token prefixes
    ("my password is hunter2XYZ, still denied", "hunter2XYZ", "my password is"),
    ("mysql -uroot -pMyS3cretPw -h rm-bp1 works but Flink fails", "MyS3cretPw", "mysql -uroot -p"),
    ("CI uses ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef to pull", "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef", "CI uses"),
    ("LLM key sk-proj-ABCDEFGHIJKLMNOPQRSTUV in the config", "sk-proj-ABCDEFGHIJKLMNOPQRSTUV", "LLM key"),
    ("AccessKeySecret hunterSecretABC and still 403", "hunterSecretABC", "AccessKeySecret"),
    # the fourth round's: other makers' prefixes, a JWT, other commands, a colon, French, Spanish, Chinese
    ("Stripe key sk_live_ABCDEFGHIJKLMNOPQRSTUV leaked", "sk_live_ABCDEFGHIJKLMNOPQRSTUV", "Stripe key"),
    ("glpat-ABCDEFGHIJKLMNOPQRST and AIzaSyA1234567890abcdefghijklmnopqrstuv", "AIzaSyA1234567890", "and"),
    ("HF hf_ABCDEFGHIJKLMNOPQRSTUVWX fails", "hf_ABCDEFGHIJKLMNOPQRSTUVWX", "HF"),
    ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl expired", "eyJzdWIiOiIxIn0", "expired"),
    ("mariadb -uroot -pS3cretPw -h db", "S3cretPw", "mariadb -uroot -p"),
    ("redis-cli -h cache -a R3disPw ping", "R3disPw", "ping"),
    ("the password is: Hunter22x", "Hunter22x", "the password is:"),
    ("mon mot de passe est Secr3tPw, accès refusé", "Secr3tPw", "mot de passe est"),
    ("mi contraseña es Clave123X y falla", "Clave123X", "contraseña es"),
    ("数据库密码是Abc12345，连不上", "Abc12345", "密码是"),
]


@pytest.mark.parametrize(("text", "secret", "kept"), CASES)
def test_secrets_are_removed_and_the_question_stays_readable(text, secret, kept):
    out = redact(text)
    assert secret not in out
    assert MARK in out
    assert kept in out


@pytest.mark.parametrize(
    "text",
    [
        "Access denied for user 'flink'@'10.1.2.3' (using password: YES)",
        "table.exec.source.idle-timeout = 5 s; the password reset did not help",
        "Kafka TimeoutException: Failed to update metadata after 60000 ms",
        "how do I set the token bucket size?",
        "the password is wrong and the token expired; psql -h db -p 5432 works",
        "Token refresh failed in the secret Manager",
        "la contraseña es incorrecta; le mot de passe est faux; la clave primaria está duplicada; 密码是什么",
    ],
)
def test_text_without_a_secret_is_unchanged(text):
    assert redact(text) == text


def test_stored_records_are_redacted():
    rec = answer_record(
        {
            "answer_id": "a1",
            "question": "MySQL CDC fails: 'password' = 'topsecret99'",
            "standalone_query": "jdbc:mysql://u:pw123456@h/db",
            "text": "Check 'password' = 'topsecret99' [1]",
            "abstained": False,
            "citations": [],
        }
    )
    assert "topsecret99" not in rec["question"] and "topsecret99" not in rec["answer"]
    assert "pw123456" not in rec["standalone_query"]
    assert rec["decision"] == "answer"
