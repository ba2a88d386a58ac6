"""Building the answer from the entries found: parts, excerpts, composition, rendering, phrases."""
