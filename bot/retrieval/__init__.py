"""Finding the entries: hybrid retrieval, its signals, the cross-lingual reading, the decision."""
