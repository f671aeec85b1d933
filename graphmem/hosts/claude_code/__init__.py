"""Claude Code: hooks in settings.json, turns read from its JSONL transcript."""
