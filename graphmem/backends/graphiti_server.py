"""A Graphiti server for users who have none: a docker-compose file for the official image.

The file is written next to the user config; the server is started only when a Docker engine
answers and the user agreed. The official server needs an LLM: the compose file reads
OPENAI_API_KEY (and the optional model settings) from the environment or a `.env` beside it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from graphmem import paths

URL = "http://127.0.0.1:8000/mcp"
COMPOSE = """\
# Graphiti MCP server with FalkorDB, for graphmem (written by `graphmem setup`).
# Start:  docker compose -f {path} up -d
# Stop:   docker compose -f {path} down
# Needs OPENAI_API_KEY in the environment or in a .env file beside this one.
services:
  falkordb:
    image: falkordb/falkordb:latest
    ports:
      - "127.0.0.1:6379:6379"
    volumes:
      - falkordb_data:/data
    healthcheck:
      test: ["CMD", "redis-cli", "ping"]
      interval: 10s
      timeout: 5s
      retries: 5
  graphiti-mcp:
    image: zepai/knowledge-graph-mcp:latest
    depends_on:
      falkordb:
        condition: service_healthy
    environment:
      - FALKORDB_URI=redis://falkordb:6379
      - FALKORDB_HOST=falkordb
      - FALKORDB_PORT=6379
      - OPENAI_API_KEY=${{OPENAI_API_KEY:?set OPENAI_API_KEY}}
      - MODEL_NAME=${{MODEL_NAME:-gpt-4.1-mini}}
      - GRAPHITI_GROUP_ID=${{GRAPHITI_GROUP_ID:-main}}
      # The graph get_episodes and clear_graph read: set it to your project's group id
      # (`graphmem status` shows it and checks that the server reads back what it delivers).
      - FALKORDB_DATABASE=${{FALKORDB_DATABASE:-main}}
    ports:
      - "127.0.0.1:8000:8000"
volumes:
  falkordb_data:
"""


def database_hint(group: str) -> str:
    """The server setting that lets it read back what graphmem delivers to `group`."""
    return (
        f"on FalkorDB, set the Graphiti server's FALKORDB_DATABASE to {group!r} (this project's "
        "group): with graphiti-core 0.31+ its get_episodes and clear_graph read only that graph, "
        "with 0.29.x the graph written last (keep one group per server there); "
        "`graphmem status` checks the round trip"
    )


def compose_file() -> Path:
    return Path(paths.config_dir(), "graphiti-compose.yml")


def write_compose() -> Path:
    path = compose_file()
    paths.private_dir(path.parent)
    path.write_text(COMPOSE.format(path=path), encoding="utf-8")
    return path


def start_command(path: Path) -> list[str]:
    return ["docker", "compose", "-f", str(path), "up", "-d"]


def docker_engine_answers() -> bool:
    """Whether a Docker engine (not just the client) is reachable, within a few seconds."""
    try:
        done = subprocess.run(
            ["docker", "info"],
            capture_output=True,
            timeout=10,
            env={**os.environ, "DOCKER_CLI_HINTS": "false"},
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0
