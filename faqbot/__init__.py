"""faqbot: a multilingual FAQ chatbot for Realtime Compute for Apache Flink.

Public Python API (the CLI, the HTTP API and the chat UI use the same objects)::

    from faqbot import Bot

    bot = Bot.open("index")
    answer = bot.ask("Kafka SASL_SSL connection fails", language=None, history=None)
    print(answer.text, [c.link for c in answer.citations])
"""

from faqbot.bot.answers.answer import Answer, Citation, Turn
from faqbot.bot.question import BadQuestion
from faqbot.bot.service import Bot

__all__ = ["Answer", "BadQuestion", "Bot", "Citation", "Turn"]
