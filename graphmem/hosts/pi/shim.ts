// graphmem-shim: pi extension installed by `graphmem setup pi`; undo with --remove.
// Forwards pi's events to `graphmem hook <Event>` (JSON on stdin, JSON answer on stdout) and
// applies the answer. Every failure, timeout or missing graphmem is swallowed: pi must keep
// working whatever happens to graphmem. No npm imports, so it loads without a package.json.
import { spawn } from "node:child_process";

// How to start a graphmem hook (interpreter, -S, launcher), the event name to be appended.
const HOOK = ["__GRAPHMEM_HOOK__"];
// Milliseconds an event may wait for graphmem; GRAPHMEM_HOOK_TIMEOUT_MS lowers every limit.
const LIMITS: Record<string, number> = {
  SessionStart: 10000,
  UserPromptSubmit: 10000,
  Stop: 30000,
  PreCompact: 30000,
};
const DEFAULT_LIMIT = 5000;
const OVERRIDE = Number(process.env.GRAPHMEM_HOOK_TIMEOUT_MS) || Infinity;
const CUSTOM_TYPE = "graphmem";

type Answer = { context?: string; block?: string; compaction?: string };

function limit(event: string): number {
  return Math.min(LIMITS[event] ?? DEFAULT_LIMIT, OVERRIDE);
}

// Runs graphmem's hook for `event` with `payload`; resolves to its JSON answer, or {} on any failure.
function hook(event: string, payload: Record<string, unknown>): Promise<Answer> {
  return new Promise((resolve) => {
    let out = "";
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (answer: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(answer);
    };
    let child: ReturnType<typeof spawn>;
    try {
      // Own process group, so a hung graphmem and anything it started are killed together.
      child = spawn(HOOK[0], [...HOOK.slice(1), event], {
        stdio: ["pipe", "pipe", "ignore"],
        detached: true,
      });
    } catch {
      return resolve({});
    }
    timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      finish({});
    }, limit(event));
    child.on("error", () => finish({}));
    child.stdout?.on("data", (chunk) => (out += chunk));
    child.on("close", () => {
      try {
        const answer = JSON.parse(out || "{}");
        finish(answer && typeof answer === "object" ? answer : {});
      } catch {
        finish({});
      }
    });
    child.stdin?.on("error", () => {});
    child.stdin?.end(JSON.stringify({ host: "pi", ...payload }));
  });
}

export default function graphmem(pi: any) {
  let source = "startup"; // how the session began, sent with the first prompt's SessionStart
  let started = false;
  let continuing = false; // the running agent answers graphmem's own re-prompt
  let compacted = false; // the next prompt gets the recall a fresh context needs

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

  pi.on("session_start", (event: any) => {
    source = event?.reason === "startup" || !event?.reason ? "startup" : "resume";
  });

  pi.on("before_agent_start", (event: any, ctx: any) =>
    quietly(async () => {
      const contexts: (string | undefined)[] = [];
      if (!started || compacted) {
        const answer = await hook("SessionStart", {
          ...base(ctx),
          source: compacted ? "compact" : source,
        });
        started = true;
        compacted = false;
        contexts.push(answer.context);
      }
      const answer = await hook("UserPromptSubmit", { ...base(ctx), prompt: event?.prompt ?? "" });
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
      const answer = await hook("Stop", {
        ...base(ctx),
        messages: event?.messages ?? [],
        stop_hook_active: wasContinuing,
      });
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
    await quietly(() => hook("PreCompact", base(ctx)));
  });

  pi.on("session_compact", (event: any, ctx: any) =>
    quietly(async () => {
      compacted = true;
      await hook("PostCompact", { ...base(ctx), summary: event?.compactionEntry?.summary ?? "" });
    }),
  );

  pi.on("session_shutdown", (_event: any, ctx: any) =>
    quietly(() => hook("SessionEnd", base(ctx))),
  );
}
