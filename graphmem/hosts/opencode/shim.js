// graphmem-shim: opencode plugin installed by `graphmem setup opencode`; undo with --remove.
// Forwards opencode's events to `graphmem hook <Event>` (JSON on stdin, JSON answer on stdout)
// and applies the answer. Every failure, timeout or missing graphmem is swallowed: opencode must
// keep working whatever happens to graphmem. No npm imports (opencode installs none offline).
import { spawn } from "node:child_process";

const HOST = "opencode";
// __GRAPHMEM_RUNNER__ (graphmem/hosts/shim_runner.js: HOOK, limit() and hook(event, payload))
// Messages sent with one Stop at most (a session resumed by a new process starts with them all).
const MAX_MESSAGES = 200;

// opencode part ids: "prt_" + 12 hex digits (time-ordered) + 14 base62 characters.
let counter = 0;
function partId() {
  const hex = (BigInt(Date.now()) * 4096n + BigInt(counter++ % 4096)).toString(16);
  const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let tail = "";
  for (let i = 0; i < 14; i++) tail += chars[Math.floor(Math.random() * chars.length)];
  return "prt_" + hex.padStart(12, "0").slice(-12) + tail;
}

export const GraphmemPlugin = async ({ client, directory }) => {
  const cwd = directory || process.cwd();
  const started = new Set(); // sessions whose SessionStart was sent by this process
  const children = new Set(); // subagent sessions: their work reaches memory through the parent
  const compacted = new Set(); // the next idle ends a compaction, not a turn
  const reprompted = new Set(); // the next idle ends graphmem's own re-prompt
  const pending = new Map(); // session -> recall for its next message (after a compaction)
  const lastSent = new Map(); // session -> id of the last message sent with a Stop

  const base = (sessionID) => ({ session_id: sessionID, cwd });

  async function messages(sessionID) {
    const res = await client.session.messages({ path: { id: sessionID } });
    const list = Array.isArray(res) ? res : res?.data;
    return Array.isArray(list) ? list : [];
  }

  // The messages after the last one sent, so a re-prompt's continuation is not sent twice.
  function unsent(sessionID, list) {
    const at = list.findIndex((m) => m?.info?.id === lastSent.get(sessionID));
    return list.slice(at + 1).slice(-MAX_MESSAGES);
  }

  async function onIdle(sessionID) {
    // Read both flags before any await: the next event may arrive while this one waits.
    const afterCompaction = compacted.delete(sessionID);
    const continuing = reprompted.delete(sessionID);
    const list = await messages(sessionID);
    const fresh = unsent(sessionID, list);
    if (!fresh.length) return;
    lastSent.set(sessionID, fresh[fresh.length - 1]?.info?.id);
    const answer = await hook("Stop", {
      ...base(sessionID),
      messages: fresh,
      stop_hook_active: continuing || afterCompaction,
    });
    if (!answer?.block || continuing || afterCompaction) return;
    reprompted.add(sessionID);
    // synthetic: the re-prompt is graphmem's, not a new user prompt. Not awaited: it resolves
    // only when the agent has answered, and opencode delivers that answer's idle meanwhile.
    client.session
      .prompt({
        path: { id: sessionID },
        body: { parts: [{ type: "text", text: answer.block, synthetic: true }] },
      })
      .catch(() => reprompted.delete(sessionID));
  }

  async function afterCompaction(sessionID) {
    const list = await messages(sessionID);
    await hook("PostCompact", { ...base(sessionID), messages: list.slice(-MAX_MESSAGES) });
    return (await hook("SessionStart", { ...base(sessionID), source: "compact" }))?.context;
  }

  function onCompacted(sessionID) {
    compacted.add(sessionID);
    // Queued at once, so a message sent while this still runs waits for it.
    const recall = afterCompaction(sessionID).catch(() => undefined);
    pending.set(sessionID, recall);
    return recall;
  }

  const handlers = {
    "session.idle": onIdle,
    "session.compacted": onCompacted,
    "session.deleted": (sessionID) => hook("SessionEnd", base(sessionID)),
  };

  return {
    "chat.message": async (input, output) => {
      try {
        const sessionID = input.sessionID;
        if (children.has(sessionID)) return;
        const contexts = [await pending.get(sessionID)];
        pending.delete(sessionID);
        if (!started.has(sessionID)) {
          started.add(sessionID);
          const start = await hook("SessionStart", { ...base(sessionID), source: "startup" });
          contexts.push(start?.context);
        }
        const texts = output.parts.filter((p) => p?.type === "text");
        const prompt = await hook("UserPromptSubmit", { ...base(sessionID), parts: texts });
        contexts.push(prompt?.context);
        for (const text of contexts.filter(Boolean)) {
          output.parts.push({
            id: partId(),
            sessionID,
            messageID: output.message.id,
            type: "text",
            text,
            synthetic: true,
          });
        }
      } catch {
        // opencode goes on without memory
      }
    },
    "experimental.session.compacting": async (input, output) => {
      try {
        const list = unsent(input.sessionID, await messages(input.sessionID));
        const answer = await hook("PreCompact", { ...base(input.sessionID), messages: list });
        if (answer?.compaction) output.context.push(answer.compaction);
      } catch {
        // the summary is made without graphmem's facts
      }
    },
    event: async ({ event }) => {
      try {
        const info = event?.properties?.info;
        if (event?.type === "session.created" && info?.parentID) children.add(info.id);
        const sessionID = event?.properties?.sessionID ?? info?.id;
        const handler = handlers[event?.type];
        if (handler && sessionID && !children.has(sessionID)) await handler(sessionID);
      } catch {
        // never let memory break opencode's event loop
      }
    },
  };
};
