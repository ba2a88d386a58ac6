"""Measuring: eval sets, the decision model's fitting, statistics, the LLM eval."""
