"""An offline OpenAI-compatible LLM, embedder and reranker for graphiti-core.

graphiti-core needs a language model for extraction, an embedder for search and a reranker; none
is reachable offline. This stub answers the requests graphiti-core's OpenAI clients send with
deterministic, schema-valid content derived from the episode text, so a real graphiti-core
pipeline on a real FalkorDB produces real entity nodes and facts:

- `/v1/chat/completions` with a `response_format` JSON schema: entities are runs of capitalised
  words of the episode, facts join consecutive entities of a sentence with that sentence, node
  resolutions merge exact-name duplicates, summaries quote the sentences naming an entity; any
  other schema gets a minimal valid instance.
- `/v1/chat/completions` with `logprobs=true` (the reranker): a True/False top_logprobs answer
  scored by word overlap between query and passage.
- `/v1/embeddings`: hashed bag-of-words vectors, as floats or base64 (the OpenAI SDK default).
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import math
import re
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from typing import Any, cast

from tests.support.httpstub import StubServer, serve

# graphiti-core's default embedding width (graphiti_core.embedder.client.EMBEDDING_DIM).
DEFAULT_EMBEDDING_DIM = 1024

# Tags graphiti-core's prompts wrap the episode text in (extraction, dedupe, summaries).
_EPISODE_TAGS = ("CURRENT MESSAGE", "CURRENT_MESSAGE", "TEXT", "JSON", "MESSAGES", "EPISODES")

# Capitalised words that start sentences without naming anything.
_FUNCTION_WORDS = (
    "A An And But By For From He Her His I If In It Its My No Not Of On Or Our She So That The "
    "Their Then There These They This Those To We What When Where Which While Who Why With You "
    "Your"
)
_NOT_NAMES = frozenset(_FUNCTION_WORDS.split())

_CAPITALISED_RUN = re.compile(r"[A-Z][\w'&-]*(?:[ \t]+[A-Z][\w'&-]*)*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_WORD = re.compile(r"\w+")


# --- text analysis -------------------------------------------------------------------------


def section(prompt: str, tag: str) -> str | None:
    """The text between `<TAG>` and `</TAG>` in a prompt, or None when absent."""
    match = re.search(rf"<{re.escape(tag)}>\n?(.*?)\n?</{re.escape(tag)}>", prompt, re.DOTALL)
    return match.group(1) if match else None


def episode_text(prompt: str) -> str:
    """The episode content quoted in a prompt (decoding JSON-quoted strings where used)."""
    for tag in _EPISODE_TAGS:
        body = section(prompt, tag)
        if body is not None:
            return " ".join(_decoded_lines(body))
    return ""


def _decoded_lines(body: str) -> Iterator[str]:
    # Summary prompts quote the episode as a JSON string; extraction prompts quote it raw.
    for line in body.splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            yield line
            continue
        yield value if isinstance(value, str) else line


def sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]


def entity_names(text: str) -> list[str]:
    """Distinct runs of capitalised words, minus leading function words ("The", "In", ...)."""
    names: list[str] = []
    for run in _CAPITALISED_RUN.findall(text):
        words = run.split()
        while words and words[0] in _NOT_NAMES:
            words.pop(0)
        name = " ".join(words)
        if len(name) > 1 and name not in names:
            names.append(name)
    return names


def _normalised(name: str) -> str:
    return " ".join(name.lower().split())


def _json_section(prompt: str, tag: str) -> list[dict[str, Any]]:
    body = section(prompt, tag)
    if not body:
        return []
    try:
        items = json.loads(body)
    except ValueError:
        return []
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


# --- answers per graphiti-core response model ----------------------------------------------


def extracted_entities(prompt: str) -> dict[str, Any]:
    names = entity_names(episode_text(prompt))
    # entity_type_id 0 is graphiti-core's generic "Entity" type.
    return {
        "extracted_entities": [
            {"name": name, "entity_type_id": 0, "episode_indices": [0]} for name in names
        ]
    }


def extracted_edges(prompt: str) -> dict[str, Any]:
    known = [str(node.get("name", "")) for node in _json_section(prompt, "ENTITIES")]
    edges = []
    for sentence in sentences(episode_text(prompt)):
        mentioned = sorted(
            (sentence.find(name), name) for name in known if name and name in sentence
        )
        for (_, source), (_, target) in itertools.pairwise(mentioned):
            edges.append(
                {
                    "source_entity_name": source,
                    "target_entity_name": target,
                    "relation_type": "RELATES_TO",
                    "fact": sentence,
                    "episode_indices": [0],
                }
            )
    return {"edges": edges}


def node_resolutions(prompt: str) -> dict[str, Any]:
    existing = {
        _normalised(str(node.get("name", ""))): int(node["candidate_id"])
        for node in _json_section(prompt, "EXISTING ENTITIES")
        if "candidate_id" in node
    }
    return {
        "entity_resolutions": [
            {
                "id": int(node.get("id", index)),
                "name": str(node.get("name", "")),
                "duplicate_candidate_id": existing.get(_normalised(str(node.get("name", ""))), -1),
            }
            for index, node in enumerate(_json_section(prompt, "ENTITIES"))
        ]
    }


def summarized_entities(prompt: str) -> dict[str, Any]:
    text_sentences = sentences(episode_text(prompt))
    summaries = []
    for entity in _json_section(prompt, "ENTITIES"):
        name = str(entity.get("name", ""))
        about = [sentence for sentence in text_sentences if name and name in sentence]
        if about:
            summaries.append({"name": name, "summary": " ".join(about)[:500]})
    return {"summaries": summaries}


_ANSWERS = {
    "ExtractedEntities": extracted_entities,
    "ExtractedEdges": extracted_edges,
    "NodeResolutions": node_resolutions,
    "SummarizedEntities": summarized_entities,
}


def minimal_instance(schema: dict[str, Any], defs: dict[str, Any] | None = None) -> Any:
    """The smallest value valid for a JSON schema (required properties only, empty lists)."""
    defs = defs if defs is not None else schema.get("$defs", {})
    if "$ref" in schema:
        return minimal_instance(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "default" in schema:
        return schema["default"]
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            options = schema[key]
            plain = [option for option in options if option.get("type") == "null"]
            return None if plain and key != "allOf" else minimal_instance(options[0], defs)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = kind[0]
    if kind == "object":
        properties = schema.get("properties", {})
        return {
            name: minimal_instance(properties[name], defs) for name in schema.get("required", [])
        }
    return {"array": [], "string": "", "integer": 0, "number": 0.0, "boolean": False}.get(kind)


def structured_answer(request: dict[str, Any]) -> dict[str, Any]:
    """The JSON object answering a chat completion that asks for structured output."""
    prompt = "\n".join(str(message.get("content", "")) for message in request.get("messages", []))
    response_format = request.get("response_format") or {}
    json_schema = response_format.get("json_schema") or {}
    answer = _ANSWERS.get(str(json_schema.get("name", "")))
    if answer is not None:
        return answer(prompt)
    schema = json_schema.get("schema")
    return minimal_instance(schema) if isinstance(schema, dict) else {}


# --- reranker and embeddings ---------------------------------------------------------------


def _words(text: str) -> set[str]:
    return {word.lower() for word in _WORD.findall(text)}


def relevance(prompt: str) -> float:
    """Share of the query's words found in the passage, kept inside (0, 1) for log()."""
    query = _words(section(prompt, "QUERY") or "")
    passage = _words(section(prompt, "PASSAGE") or "")
    share = len(query & passage) / len(query) if query else 0.0
    return min(max(share, 0.01), 0.99)


def rerank_completion(request: dict[str, Any]) -> dict[str, Any]:
    prompt = "\n".join(str(message.get("content", "")) for message in request.get("messages", []))
    score = relevance(prompt)
    token = "True" if score >= 0.5 else "False"
    top = [
        {"token": "True", "logprob": math.log(score), "bytes": None},
        {"token": "False", "logprob": math.log(1 - score), "bytes": None},
    ]
    top.sort(key=lambda entry: -cast(float, entry["logprob"]))
    logprobs = {"content": [{**top[0], "top_logprobs": top}], "refusal": None}
    return _completion(request, token, logprobs)


def embedding(text: str, dim: int) -> list[float]:
    """A unit-length hashed bag of words: texts sharing words get a high cosine similarity."""
    vector = [0.0] * dim
    for word in _WORD.findall(text.lower()):
        digest = hashlib.blake2b(word.encode(), digest_size=8).digest()
        bucket = int.from_bytes(digest[:4], "little") % dim
        vector[bucket] += 1.0 if digest[4] & 1 else -1.0
    norm = math.sqrt(sum(value * value for value in vector))
    if norm == 0:
        vector[0], norm = 1.0, 1.0
    return [value / norm for value in vector]


def embeddings_response(request: dict[str, Any], default_dim: int) -> dict[str, Any]:
    inputs = request.get("input", "")
    texts = [inputs] if isinstance(inputs, str) else [str(item) for item in inputs]
    dim = int(request.get("dimensions") or default_dim)
    as_base64 = request.get("encoding_format") == "base64"
    data = []
    for index, text in enumerate(texts):
        vector = embedding(text, dim)
        encoded: Any = (
            base64.b64encode(struct.pack(f"<{dim}f", *vector)).decode() if as_base64 else vector
        )
        data.append({"object": "embedding", "index": index, "embedding": encoded})
    usage = {"prompt_tokens": 0, "total_tokens": 0}
    return {"object": "list", "data": data, "model": request.get("model", ""), "usage": usage}


def _completion(request: dict[str, Any], content: str, logprobs: Any = None) -> dict[str, Any]:
    choice = {
        "index": 0,
        "message": {"role": "assistant", "content": content},
        "finish_reason": "stop",
        "logprobs": logprobs,
    }
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": 0,
        "model": request.get("model", "stub"),
        "choices": [choice],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


def chat_completion(request: dict[str, Any]) -> dict[str, Any]:
    if request.get("logprobs"):
        return rerank_completion(request)
    return _completion(request, json.dumps(structured_answer(request)))


# --- HTTP ----------------------------------------------------------------------------------


class LLMStubHandler(BaseHTTPRequestHandler):
    """Routes OpenAI API paths; the server carries `embedding_dim` and a `requests` counter."""

    server: StubServer

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        try:
            request = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._reply(400, {"error": {"message": "invalid JSON body"}})
            return
        path = self.path.rstrip("/")
        with self.server.lock:  # type: ignore[attr-defined]  # handlers run on many threads
            counts = cast(dict[str, int], self.server.requests)  # type: ignore[attr-defined]
            counts[path] = counts.get(path, 0) + 1
        if path.endswith("/chat/completions"):
            self._reply(200, chat_completion(request))
        elif path.endswith("/embeddings"):
            dim = int(self.server.embedding_dim)  # type: ignore[attr-defined]
            self._reply(200, embeddings_response(request, dim))
        else:
            self._reply(404, {"error": {"message": f"no route {self.path}"}})

    def _reply(self, status: int, body: dict[str, Any]) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: Any) -> None:
        """Silent: graphiti-core makes dozens of calls per episode."""


@contextmanager
def serve_llm_stub(embedding_dim: int = DEFAULT_EMBEDDING_DIM) -> Iterator[StubServer]:
    """Serve the stub on loopback; point OpenAI clients at `f"{server.url}/v1"`.

    `server.requests` counts requests per path (e.g. "/v1/chat/completions").
    """
    attrs = {"embedding_dim": embedding_dim, "requests": {}, "lock": threading.Lock()}
    with serve(LLMStubHandler, **attrs) as server:
        yield server
