"""Generated answers through a LangChain model: backends, prompt, checks, judge, warm-up."""
