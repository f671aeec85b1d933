"""A Graphiti MCP server for tests: graphiti-core on FalkorDB behind the MCP SDK's FastMCP.

The official server lives only in the getzep/graphiti repository (shipped as a Docker image), so
the tests run this stand-in instead. It keeps what a client can observe of the official server
(v1.0.x, see shared/reference/graphiti-mcp.md): the tool names, arguments and result shapes; tool
errors as normal results `{"error": ...}`; `add_memory` that only queues (one queue per group,
one episode at a time, lost on restart, failures only logged); streamable HTTP at `/mcp` with
DNS-rebinding protection; `GET /health`. It also keeps the official server's FalkorDB quirk: adds
and searches use the graph named after the group, while `get_episodes`, `get_entity_edge`,
`delete_*` and `clear_graph` use the configured default graph (`--database`), or with
`--graphs last-written` the graph written last (graphiti-core 0.29). And what deployments meet:
`--transport sse` (the older transport), `--fail-on TEXT` (such episodes fail inside the server
after add_memory answered), `--die-on TEXT` (processing such an episode kills the server), and
`--store-only` (episodes stored without extraction: an instant server, for benchmarks).

    python -m tests.support.graphiti_mcp_server --port P --falkordb-port F --llm-url URL
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from graphiti_core import Graphiti
from graphiti_core.cross_encoder.openai_reranker_client import OpenAIRerankerClient
from graphiti_core.driver.falkordb_driver import FalkorDriver
from graphiti_core.edges import EntityEdge
from graphiti_core.embedder.openai import OpenAIEmbedder, OpenAIEmbedderConfig
from graphiti_core.llm_client.config import LLMConfig
from graphiti_core.llm_client.openai_generic_client import OpenAIGenericClient
from graphiti_core.nodes import EntityNode, EpisodeType, EpisodicNode
from graphiti_core.search.search_config_recipes import (
    NODE_HYBRID_SEARCH_NODE_DISTANCE,
    NODE_HYBRID_SEARCH_RRF,
)
from graphiti_core.search.search_filters import SearchFilters
from graphiti_core.utils.maintenance.graph_data_operations import clear_data
from mcp.server.fastmcp import FastMCP
from starlette.requests import Request
from starlette.responses import JSONResponse
from typing_extensions import TypedDict  # pydantic needs this TypedDict before Python 3.12

logger = logging.getLogger("graphiti_mcp_server")


# --- result shapes (those of the official server) ------------------------------------------


class ErrorResponse(TypedDict):
    error: str


class SuccessResponse(TypedDict):
    message: str


class NodeResult(TypedDict):
    uuid: str
    name: str
    labels: list[str]
    created_at: str | None
    summary: str | None
    group_id: str
    attributes: dict[str, Any]


class NodeSearchResponse(TypedDict):
    message: str
    nodes: list[NodeResult]


class FactSearchResponse(TypedDict):
    message: str
    facts: list[dict[str, Any]]


class EpisodeSearchResponse(TypedDict):
    message: str
    episodes: list[dict[str, Any]]


class StatusResponse(TypedDict):
    status: str
    message: str


def node_result(node: EntityNode) -> NodeResult:
    attributes = {k: v for k, v in (node.attributes or {}).items() if "embedding" not in k.lower()}
    return NodeResult(
        uuid=node.uuid,
        name=node.name,
        labels=node.labels or [],
        created_at=node.created_at.isoformat() if node.created_at else None,
        summary=node.summary,
        group_id=node.group_id,
        attributes=attributes,
    )


def fact_result(edge: EntityEdge) -> dict[str, Any]:
    fact = edge.model_dump(mode="json", exclude={"fact_embedding"})
    fact.get("attributes", {}).pop("fact_embedding", None)
    return fact


def episode_result(episode: EpisodicNode) -> dict[str, Any]:
    return {
        "uuid": episode.uuid,
        "name": episode.name,
        "content": episode.content,
        "created_at": episode.created_at.isoformat() if episode.created_at else None,
        "source": episode.source.value,
        "source_description": episode.source_description,
        "group_id": episode.group_id,
    }


# --- configuration and services ------------------------------------------------------------


@dataclass(frozen=True)
class ServerConfig:
    port: int
    falkordb_port: int
    llm_url: str
    falkordb_host: str = "127.0.0.1"
    # The group used when a call names none (the official server's GRAPHITI_GROUP_ID).
    group_id: str = "main"
    # The FalkorDB graph the group-less tools read (the official server's FALKORDB_DATABASE).
    database: str = "default_db"
    # Which graph get_episodes / clear_graph read besides: "configured" (graphiti-core 0.31: only
    # `database`) or "last-written" (0.29: add_episode re-bound the shared driver to the graph of
    # the group it wrote, so they read whichever group was written last).
    graphs: str = "configured"
    transport: str = "http"  # or "sse": the older transport (GET /sse, POST /messages/)
    # Episodes whose body contains this fail inside the server after add_memory answered
    # (graphiti-core 0.29's RediSearch syntax error on backticks): only logged.
    fail_on: str = ""
    # Processing an episode whose body contains this kills the server (graphiti-core 0.31 crashing
    # FalkorDB on a stopword-named entity): its queue is lost; a supervisor restarts it.
    die_on: str = ""
    # Store each episode as it is, without extraction (no entities, no facts): an instant
    # server, so a client's own delivery cost can be measured (benchmarks/bench_sync.py).
    store_only: bool = False


def parse_args(argv: list[str] | None = None) -> ServerConfig:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--falkordb-port", type=int, required=True)
    parser.add_argument("--llm-url", required=True, help="OpenAI-compatible base URL (…/v1)")
    parser.add_argument("--group-id", default=ServerConfig.group_id)
    parser.add_argument("--database", default=ServerConfig.database)
    parser.add_argument("--graphs", choices=("configured", "last-written"), default="configured")
    parser.add_argument("--transport", choices=("http", "sse"), default="http")
    parser.add_argument("--fail-on", default="")
    parser.add_argument("--die-on", default="")
    parser.add_argument("--store-only", action="store_true")
    args = parser.parse_args(argv)
    return ServerConfig(
        port=args.port,
        falkordb_port=args.falkordb_port,
        llm_url=args.llm_url,
        group_id=args.group_id,
        database=args.database,
        graphs=args.graphs,
        transport=args.transport,
        fail_on=args.fail_on,
        die_on=args.die_on,
        store_only=args.store_only,
    )


def build_graphiti(config: ServerConfig) -> Graphiti:
    """graphiti-core wired as the official server wires it for an OpenAI-compatible provider."""
    llm_config = LLMConfig(api_key="offline-stub", base_url=config.llm_url, model="stub")
    driver = FalkorDriver(
        host=config.falkordb_host, port=config.falkordb_port, database=config.database
    )
    embedder_config = OpenAIEmbedderConfig(api_key="offline-stub", base_url=config.llm_url)
    return Graphiti(
        graph_driver=driver,
        llm_client=OpenAIGenericClient(config=llm_config),
        embedder=OpenAIEmbedder(config=embedder_config),
        cross_encoder=OpenAIRerankerClient(config=llm_config),
    )


@dataclass
class EpisodeQueues:
    """One in-memory FIFO per group, each drained by its own worker one episode at a time."""

    queues: dict[str, asyncio.Queue[Callable[[], Awaitable[None]]]] = field(default_factory=dict)
    workers: dict[str, asyncio.Task[None]] = field(default_factory=dict)

    def submit(self, group_id: str, job: Callable[[], Awaitable[None]]) -> None:
        queue = self.queues.setdefault(group_id, asyncio.Queue())
        queue.put_nowait(job)
        if group_id not in self.workers or self.workers[group_id].done():
            self.workers[group_id] = asyncio.create_task(self._drain(group_id, queue))

    async def _drain(
        self, group_id: str, queue: asyncio.Queue[Callable[[], Awaitable[None]]]
    ) -> None:
        while True:
            job = await queue.get()
            try:
                await job()
            except Exception:
                # Like the official server: an extraction failure is only logged.
                logger.exception("Error processing queued episode for group_id %s", group_id)
            finally:
                queue.task_done()


def group_ids_or_default(group_ids: list[str] | None, default: str) -> list[str]:
    return group_ids if group_ids is not None else ([default] if default else [])


def parse_reference_time(value: str | None) -> datetime:
    if not value:
        return datetime.now(UTC)
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


# --- the MCP tools -------------------------------------------------------------------------


def build_mcp(config: ServerConfig, graphiti: Graphiti, queues: EpisodeQueues) -> FastMCP:
    mcp = FastMCP("Graphiti Agent Memory", host="127.0.0.1", port=config.port)

    @mcp.tool()
    async def add_memory(
        name: str,
        episode_body: str,
        group_id: str | None = None,
        source: str = "text",
        source_description: str = "",
        uuid: str | None = None,
        reference_time: str | None = None,
    ) -> SuccessResponse | ErrorResponse:
        """Queue an episode (text, json or message) for extraction into the graph."""
        try:
            when = parse_reference_time(reference_time)
        except ValueError as error:
            return ErrorResponse(error=f"Invalid reference_time: {error}")
        effective_group = group_id or config.group_id
        try:
            episode_type = EpisodeType[source.lower()]
        except KeyError:
            logger.warning("Unknown source type '%s', using 'text'", source)
            episode_type = EpisodeType.text

        async def process() -> None:
            if config.die_on and config.die_on in episode_body:
                logger.error("dying on episode '%s' (as FalkorDB's signal 11 does)", name)
                os._exit(139)
            if config.fail_on and config.fail_on in episode_body:
                raise RuntimeError(f"RediSearch: Syntax error at offset 0 near {config.fail_on}")
            if config.store_only:
                driver = graphiti.driver
                if effective_group != driver._database:
                    driver = driver.clone(database=effective_group)
                await EpisodicNode(
                    name=name,
                    group_id=effective_group,
                    labels=[],
                    source=episode_type,
                    content=episode_body,
                    source_description=source_description,
                    created_at=datetime.now(UTC),
                    valid_at=when,
                ).save(driver)
                return
            await graphiti.add_episode(
                name=name,
                episode_body=episode_body,
                source_description=source_description,
                reference_time=when,
                source=episode_type,
                group_id=effective_group,
                uuid=uuid or None,
            )
            if config.graphs == "last-written":
                graphiti.driver = graphiti.driver.clone(database=effective_group)
                graphiti.clients.driver = graphiti.driver
            logger.info("Processed episode '%s' for group %s", name, effective_group)

        queues.submit(effective_group, process)
        return SuccessResponse(
            message=f"Episode '{name}' queued for processing in group '{effective_group}'"
        )

    @mcp.tool()
    async def search_nodes(
        query: str,
        group_ids: list[str] | None = None,
        max_nodes: int = 10,
        entity_types: list[str] | None = None,
        center_node_uuid: str | None = None,
    ) -> NodeSearchResponse | ErrorResponse:
        """Search entities (nodes) of the graph."""
        try:
            recipe = (
                NODE_HYBRID_SEARCH_NODE_DISTANCE if center_node_uuid else NODE_HYBRID_SEARCH_RRF
            )
            results = await graphiti.search_(
                query=query,
                config=recipe,
                group_ids=group_ids_or_default(group_ids, config.group_id),
                center_node_uuid=center_node_uuid,
                search_filter=SearchFilters(node_labels=entity_types),
            )
        except Exception as error:
            logger.exception("Error searching nodes")
            return ErrorResponse(error=f"Error searching nodes: {error}")
        nodes = [node_result(node) for node in results.nodes[:max_nodes]]
        if not nodes:
            return NodeSearchResponse(message="No relevant nodes found", nodes=[])
        return NodeSearchResponse(message="Nodes retrieved successfully", nodes=nodes)

    @mcp.tool()
    async def search_memory_facts(
        query: str,
        group_ids: list[str] | None = None,
        max_facts: int = 10,
        center_node_uuid: str | None = None,
    ) -> FactSearchResponse | ErrorResponse:
        """Search facts (relationships between entities) of the graph."""
        if max_facts <= 0:
            return ErrorResponse(error="max_facts must be a positive integer")
        try:
            edges = await graphiti.search(
                query=query,
                group_ids=group_ids_or_default(group_ids, config.group_id),
                num_results=max_facts,
                center_node_uuid=center_node_uuid,
            )
        except Exception as error:
            logger.exception("Error searching facts")
            return ErrorResponse(error=f"Error searching facts: {error}")
        if not edges:
            return FactSearchResponse(message="No relevant facts found", facts=[])
        facts = [fact_result(edge) for edge in edges]
        return FactSearchResponse(message="Facts retrieved successfully", facts=facts)

    @mcp.tool()
    async def get_episodes(
        group_ids: list[str] | None = None, max_episodes: int = 10
    ) -> EpisodeSearchResponse | ErrorResponse:
        """The most recent episodes of the given groups."""
        effective = group_ids_or_default(group_ids, config.group_id)
        try:
            # The default graph, as the official server reads it (see the module docstring).
            episodes = (
                await EpisodicNode.get_by_group_ids(graphiti.driver, effective, limit=max_episodes)
                if effective
                else []
            )
        except Exception as error:
            logger.exception("Error getting episodes")
            return ErrorResponse(error=f"Error getting episodes: {error}")
        if not episodes:
            return EpisodeSearchResponse(message="No episodes found", episodes=[])
        return EpisodeSearchResponse(
            message="Episodes retrieved successfully",
            episodes=[episode_result(episode) for episode in episodes],
        )

    @mcp.tool()
    async def get_entity_edge(uuid: str) -> dict[str, Any] | ErrorResponse:
        """One fact by its uuid."""
        try:
            return fact_result(await EntityEdge.get_by_uuid(graphiti.driver, uuid))
        except Exception as error:
            logger.exception("Error getting entity edge")
            return ErrorResponse(error=f"Error getting entity edge: {error}")

    @mcp.tool()
    async def delete_entity_edge(uuid: str) -> SuccessResponse | ErrorResponse:
        """Delete one fact by its uuid."""
        try:
            edge = await EntityEdge.get_by_uuid(graphiti.driver, uuid)
            await edge.delete(graphiti.driver)
        except Exception as error:
            logger.exception("Error deleting entity edge")
            return ErrorResponse(error=f"Error deleting entity edge: {error}")
        return SuccessResponse(message=f"Entity edge with UUID {uuid} deleted successfully")

    @mcp.tool()
    async def delete_episode(uuid: str) -> SuccessResponse | ErrorResponse:
        """Delete an episode and the entities and facts only it supported."""
        try:
            await graphiti.remove_episode(uuid)
        except Exception as error:
            logger.exception("Error deleting episode")
            return ErrorResponse(error=f"Error deleting episode: {error}")
        return SuccessResponse(message=f"Episode with UUID {uuid} deleted successfully")

    @mcp.tool()
    async def clear_graph(group_ids: list[str] | None = None) -> SuccessResponse | ErrorResponse:
        """Delete every episode, entity and fact of the given groups."""
        effective = group_ids_or_default(group_ids, config.group_id)
        if not effective:
            return ErrorResponse(error="No group IDs specified for clearing")
        try:
            await clear_data(graphiti.driver, group_ids=effective)
        except Exception as error:
            logger.exception("Error clearing graph")
            return ErrorResponse(error=f"Error clearing graph: {error}")
        return SuccessResponse(
            message=f"Graph data cleared successfully for group IDs: {', '.join(effective)}"
        )

    @mcp.tool()
    async def get_status() -> StatusResponse:
        """Whether the server reaches its database."""
        try:
            await graphiti.driver.execute_query("MATCH (n) RETURN count(n) AS count")
        except Exception as error:
            logger.exception("Error checking database connection")
            return StatusResponse(
                status="error",
                message=f"Graphiti MCP server is running but database connection failed: {error}",
            )
        return StatusResponse(
            status="ok", message="Graphiti MCP server is running and connected to falkordb database"
        )

    @mcp.custom_route("/health", methods=["GET"])
    async def health(_request: Request) -> JSONResponse:
        return JSONResponse({"status": "healthy", "service": "graphiti-mcp"})

    return mcp


async def serve(config: ServerConfig) -> None:
    graphiti = build_graphiti(config)
    # Indices first, as the official server does: /health answering means ready for work.
    await graphiti.build_indices_and_constraints()
    mcp = build_mcp(config, graphiti, EpisodeQueues())
    logger.info("Graphiti MCP server on http://127.0.0.1:%d/mcp", config.port)
    try:
        if config.transport == "sse":
            await mcp.run_sse_async()
        else:
            await mcp.run_streamable_http_async()
    finally:
        await graphiti.close()


def main(argv: list[str] | None = None) -> None:
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    # One line per HTTP request would drown the extraction log.
    for noisy in ("httpx", "httpx2"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    asyncio.run(serve(parse_args(argv)))


if __name__ == "__main__":
    main()
