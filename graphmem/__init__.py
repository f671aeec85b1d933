"""graphmem: memory that survives sessions and compaction for AI coding agents."""

__version__ = "0.1.0"
