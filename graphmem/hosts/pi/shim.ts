// graphmem-shim: pi extension installed by `graphmem setup pi`; undo with --remove.
// Forwards pi's events to `graphmem hook <Event>` (JSON on stdin, JSON answer on stdout) and
// applies the answer. Every failure, timeout or missing graphmem is swallowed: pi must keep
// working whatever happens to graphmem. No npm imports, so it loads without a package.json.
import { spawn } from "node:child_process";

const HOST = "pi";
// __GRAPHMEM_RUNNER__ (graphmem/hosts/shim_runner.js: HOOK, limit() and hook(event, payload))
const CUSTOM_TYPE = "graphmem";
// agent_end runs kept until their Stop finishes; beyond this many the oldest are dropped.
const MAX_UNSAVED = 20;

export default function graphmem(pi: any) {
  let source = "startup"; // how the session began, sent with the first prompt's SessionStart
  let started = false;
  let continuing = false; // the running agent answers graphmem's own re-prompt
  let compacted = false; // the next prompt gets the recall a fresh context needs
  // agent_end runs not known to be stored: their Stop is still running (print mode shuts down
  // meanwhile) or did not finish.
  const unsaved = new Set<unknown[]>();

  const base = (ctx: any) => ({
    session_id: String(ctx?.sessionManager?.getSessionId?.() ?? ""),
    cwd: ctx?.cwd || process.cwd(),
  });
  const quietly = async (work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch {
      return undefined; // pi goes on without memory
    }
  };
  // Sends `event` with each run not known to be stored, so compaction and shutdown capture it
  // (graphmem stores a run it already has only once); with none, the event alone.
  const flush = async (event: string, ctx: any) => {
    if (!unsaved.size) return void (await hook(event, base(ctx)));
    for (const messages of [...unsaved]) {
      // graphmem not answering: the rest wait for the next flush
      if ((await hook(event, { ...base(ctx), messages })) === null) return;
      unsaved.delete(messages);
    }
  };

  pi.on("session_start", (event: any) => {
    source = event?.reason === "startup" || !event?.reason ? "startup" : "resume";
  });

  pi.on("before_agent_start", (event: any, ctx: any) =>
    quietly(async () => {
      const contexts: (string | undefined)[] = [];
      if (!started || compacted) {
        const answer = (await hook("SessionStart", {
          ...base(ctx),
          source: compacted ? "compact" : source,
        })) ?? {};
        started = true;
        compacted = false;
        contexts.push(answer.context);
      }
      const answer =
        (await hook("UserPromptSubmit", { ...base(ctx), prompt: event?.prompt ?? "" })) ?? {};
      contexts.push(answer.context);
      const content = contexts.filter(Boolean).join("\n\n");
      if (!content) return undefined;
      return { message: { customType: CUSTOM_TYPE, content, display: false } };
    }),
  );

  pi.on("agent_end", (event: any, ctx: any) =>
    quietly(async () => {
      const wasContinuing = continuing;
      continuing = false;
      const messages = event?.messages ?? [];
      unsaved.add(messages);
      if (unsaved.size > MAX_UNSAVED) unsaved.delete(unsaved.values().next().value);
      const answer = await hook("Stop", {
        ...base(ctx),
        messages,
        stop_hook_active: wasContinuing,
      });
      if (answer === null) return; // kept for the next flush
      unsaved.delete(messages);
      if (!answer.block || wasContinuing) return;
      continuing = true;
      // A custom message, not sendUserMessage: the re-prompt is graphmem's, not the user's.
      // pi runs it after this handler returns; print mode (-p) has exited by then.
      pi.sendMessage(
        { customType: CUSTOM_TYPE, content: answer.block, display: false },
        { triggerTurn: true, deliverAs: "followUp" },
      );
    }),
  );

  // Returns nothing: a value from this handler would replace pi's summary or cancel it.
  pi.on("session_before_compact", async (_event: any, ctx: any) => {
    await quietly(() => flush("PreCompact", ctx));
  });

  pi.on("session_compact", (event: any, ctx: any) =>
    quietly(async () => {
      compacted = true;
      await hook("PostCompact", { ...base(ctx), summary: event?.compactionEntry?.summary ?? "" });
    }),
  );

  pi.on("session_shutdown", (_event: any, ctx: any) => quietly(() => flush("SessionEnd", ctx)));
}
