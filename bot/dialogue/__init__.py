"""Reading the user's turn: the pasted report, the Query, follow-ups and conversation turns."""
