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

// graphmem's memory tools (pi has no MCP): how to run one (`graphmem tool NAME ARGS`), and each
// tool's name, description and parameters, filled in by `graphmem setup pi`.
const TOOL: string[] = ["__GRAPHMEM_TOOL__"];
type ToolSpec = { name: string; description: string; params: Record<string, any> };
const TOOLS: ToolSpec[] = ["__GRAPHMEM_TOOLS__"] as any;
const TOOL_LIMIT = 30000; // the MCP server's own deadline is 20 s

// Runs one memory tool; resolves to [failed, text]. Never rejects.
function runTool(name: string, args: Record<string, unknown>, cwd: string): Promise<[boolean, string]> {
  return new Promise((resolve) => {
    let out = "";
    let err = "";
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(TOOL[0], [...TOOL.slice(1), name, JSON.stringify(args)], {
        cwd,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
    } catch (e) {
      return resolve([true, `graphmem could not be started: ${e}`]);
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, TOOL_LIMIT);
    child.stdout?.on("data", (chunk) => (out += chunk));
    child.stderr?.on("data", (chunk) => (err += chunk));
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve([true, `graphmem could not be started: ${e.message}`]);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve([false, out.trim()]);
      else resolve([true, err.trim() || `graphmem did not answer within ${TOOL_LIMIT / 1000} s`]);
    });
  });
}

// One `memory` tool whose `action` picks graphmem's tool; the other arguments are that tool's.
function memoryTool() {
  const properties: Record<string, any> = {
    action: {
      type: "string",
      enum: TOOLS.map((t) => t.name),
      description: "Which memory tool to run.",
    },
  };
  for (const tool of TOOLS) {
    for (const [key, spec] of Object.entries(tool.params)) {
      properties[key] ??= { ...spec, description: `${tool.name}: ${spec.description}` };
    }
  }
  return {
    name: "memory",
    label: "Memory",
    description:
      "graphmem, this user's memory across coding sessions. Actions:\n" +
      TOOLS.map((t) => `- ${t.name}: ${t.description}`).join("\n"),
    parameters: { type: "object", properties, required: ["action"] },
    async execute(_id: string, params: Record<string, unknown>, _signal: unknown, _update: unknown, ctx: any) {
      const { action, ...args } = params ?? {};
      const [failed, text] = await runTool(String(action), args, ctx?.cwd || process.cwd());
      if (failed) throw new Error(text); // pi hands the model a tool error with this text
      return { content: [{ type: "text", text }], details: {} };
    },
  };
}

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

  pi.registerTool(memoryTool());
  pi.registerCommand("memory", {
    description: "Search graphmem's memory (/memory <words>), or show its status (/memory)",
    handler: async (args: string, ctx: any) => {
      const query = (args ?? "").trim();
      const [name, toolArgs] =
        !query || query === "status" ? ["status", {}] : ["search", { query }];
      const [, text] = await runTool(name, toolArgs, ctx?.cwd || process.cwd());
      pi.sendMessage({ customType: CUSTOM_TYPE, content: text, display: true });
    },
  });

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
