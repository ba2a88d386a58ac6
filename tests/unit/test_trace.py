"""A stack trace cut to its exception lines and each library's last frame (bot/answers/trace.py)."""

from __future__ import annotations

from faqbot.bot.answers.excerpt import fit
from faqbot.bot.answers.trace import condense

TRACE = """Caused by: java.sql.BatchUpdateException: Duplicate entry '42' for key 'PRIMARY'
  at sun.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)
  at java.lang.reflect.Constructor.newInstance(Constructor.java:423)
  at com.mysql.cj.util.Util.handleNewInstance(Util.java:192)
  at com.mysql.cj.jdbc.StatementImpl.executeBatch(StatementImpl.java:796)
  at com.zaxxer.hikari.pool.HikariProxyStatement.executeBatch(HikariProxyStatement.java:127)
  at org.example.sink.JdbcWriter.flush(JdbcWriter.java:88)
  at org.example.sink.JdbcWriter.close(JdbcWriter.java:120)
  ... 15 more"""


def test_the_throw_site_and_the_frame_each_library_was_called_through_stay():
    out = condense(TRACE).splitlines()
    assert out[0].startswith("Caused by: java.sql.BatchUpdateException")  # the exception line stays
    frames = [ln.strip() for ln in out if ln.strip().startswith("at ")]
    assert frames == [
        "at com.mysql.cj.util.Util.handleNewInstance",  # where it was thrown, past the JDK
        "at com.mysql.cj.jdbc.StatementImpl.executeBatch",
        "at com.zaxxer.hikari.pool.HikariProxyStatement.executeBatch",
        "at org.example.sink.JdbcWriter.close",
    ]  # without their file and line
    # the JDK's reflection frames and "... 15 more" are left out, each stretch marked once
    assert "sun.reflect" not in "\n".join(out) and "15 more" not in "\n".join(out)
    assert [ln.strip() for ln in out].count("…") == 3


def test_a_short_trace_or_plain_text_is_left_alone():
    short = "Caused by: java.io.IOException: boom\n  at a.b.C.d(C.java:1)\n  at a.b.C.e(C.java:2)"
    assert condense(short) == short
    assert condense("The job fails.\nRestart it.") == "The job fails.\nRestart it."


def test_fit_condenses_only_when_asked_and_never_doubles_the_mark():
    block = "```\n" + TRACE + "\n```"
    plain = fit(block, 260)
    assert "sun.reflect" in plain  # the screen's excerpt: the trace's first lines, as before
    cut = fit(block, 260, traces=True)
    assert "StatementImpl.executeBatch" in cut and "sun.reflect" not in cut
    lines = [ln.strip() for ln in cut.splitlines()]
    assert all(not (a == b == "…") for a, b in zip(lines, lines[1:]))
