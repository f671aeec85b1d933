// How to start a graphmem hook (interpreter, -S, launcher), the event name to be appended.
const HOOK = ["__GRAPHMEM_HOOK__"];
// Milliseconds an event may wait for graphmem, each at most graphmem's `hook_timeout` (seconds,
// as set when this file was installed; GRAPHMEM_HOOK_TIMEOUT in the host's environment wins).
const LIMITS = { SessionStart: 10000, UserPromptSubmit: 10000, Stop: 30000, PreCompact: 30000 };
const DEFAULT_LIMIT = 5000;
const MAX_LIMIT = 1000 * (Number(process.env.GRAPHMEM_HOOK_TIMEOUT) || __GRAPHMEM_HOOK_TIMEOUT__);

function limit(event) {
  return Math.min(LIMITS[event] ?? DEFAULT_LIMIT, MAX_LIMIT);
}

// Runs graphmem's hook for `event` with `payload`; resolves to its JSON answer ({} for one that is
// not JSON), or null when graphmem did not finish (missing, failed to start or failed, killed at
// its time limit): what it was sent may be lost.
function hook(event, payload) {
  return new Promise((resolve) => {
    let out = "";
    let done = false;
    let timer;
    const finish = (answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(answer);
    };
    let child;
    try {
      // Own process group, so a hung graphmem and anything it started are killed together.
      child = spawn(HOOK[0], [...HOOK.slice(1), event], {
        stdio: ["pipe", "pipe", "ignore"],
        detached: true,
      });
    } catch {
      return resolve(null);
    }
    timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      finish(null);
    }, limit(event));
    child.on("error", () => finish(null));
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("close", (code) => {
      if (code !== 0) return finish(null);
      try {
        const answer = JSON.parse(out || "{}");
        finish(answer && typeof answer === "object" ? answer : {});
      } catch {
        finish({});
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ host: HOST, ...payload }));
  });
}
