// The local server's memory as the soak reads it (tests/bench/soak.bench.mjs): each process of `npm start`'s tree,
// named by its role, with its resident size from /proc; and each isolate's JS heap, read from workerd's own
// inspector over the Chrome DevTools Protocol. wrangler's inspector port (PORT + 1000) shows only the Worker, to
// one client at a time; workerd's own (a port of its choosing) lists every isolate: the Worker with its Durable
// Objects, and miniflare's own (local D1, the entry, the cache, ...).
import { createWriteStream, readFileSync, readdirSync, readlinkSync } from "node:fs";

const MIB = 2 ** 20;

/** Every process's parent. */
function parentsOf() {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  return parents;
}

const commandOf = (pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();

/** What a process of the server's tree does, from its command line (null: a shell between two others). */
function roleOf(command, parentCommand) {
  if (/\bworkerd\b.* serve /.test(command))
    return /--inspector-addr/.test(command)
      ? "workerd: the Worker, its Durable Objects, local D1"
      : "workerd: wrangler's proxy (entry port, inspector proxy)";
  if (/\besbuild\b/.test(command))
    return /wrangler-dist/.test(parentCommand)
      ? "esbuild: wrangler's bundler"
      : "esbuild: npm start's TypeScript loader";
  if (/wrangler-dist\/cli\.js/.test(command)) return "wrangler dev (node)";
  if (/\.bin\/wrangler\b/.test(command)) return "wrangler launcher (node)";
  if (/npm exec wrangler|npx wrangler/.test(command)) return "npx (node)";
  if (/scripts\/start\.mjs/.test(command)) return "npm start (node)";
  if (/^(sh|bash) /.test(command)) return null;
  return command.slice(0, 60);
}

/** The processes of the tree under `rootPid` (itself included), each with its role. */
export function serverProcesses(rootPid) {
  const parents = parentsOf();
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of parents) if (parent === tree[i] && !tree.includes(pid)) tree.push(pid);
  const processes = [];
  for (const pid of tree) {
    try {
      const role = roleOf(commandOf(pid), commandOf(parents.get(pid)));
      if (role) processes.push({ pid, role });
    } catch {
      // gone meanwhile
    }
  }
  return processes;
}

/** Resident memory of a process in MiB (VmRSS), or null once it is gone. */
export function rssMib(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : (Number(kb) * 1024) / MIB;
  } catch {
    return null;
  }
}

/** The TCP ports a process listens on (IPv4), from its sockets' inodes in /proc. */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports = [];
  for (const line of readFileSync(`/proc/${pid}/net/tcp`, "utf8").split("\n").slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols[3] === "0A" && inodes.has(cols[9])) ports.push(parseInt(cols[1].split(":")[1], 16));
  }
  return ports;
}

/** The base URL of workerd's own inspector: the listening port of the runtime process that answers /json. */
export async function runtimeInspector(processes) {
  const runtime = processes.find((p) => p.role.startsWith("workerd: the Worker"));
  if (!runtime) throw new Error("no workerd process running the Worker");
  for (const port of listeningPorts(runtime.pid)) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2_000) });
      const targets = await answer.json();
      if (Array.isArray(targets) && targets.every((t) => t.webSocketDebuggerUrl)) return `http://127.0.0.1:${port}`;
    } catch {
      // not the inspector
    }
  }
  throw new Error(`workerd (pid ${runtime.pid}) has no inspector port answering /json`);
}

/** The isolates workerd's inspector lists: id ("core:user:<worker name>", "d1:db", ...) and WebSocket URL. */
export async function isolates(inspector) {
  const targets = await (await fetch(`${inspector}/json`, { signal: AbortSignal.timeout(5_000) })).json();
  return targets.map((t) => ({ id: t.id, url: t.webSocketDebuggerUrl }));
}

/**
 * One DevTools Protocol command on its own session: opens, sends, waits for the answer (events go to `onEvent`
 * meanwhile), closes. An isolate busy with a request answers once it is free, hence the long default wait.
 */
export function devtoolsCommand(url, method, params = {}, { onEvent = () => {}, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`${method}: no answer in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ id: 1, method, params })));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id !== 1) return onEvent(message);
      clearTimeout(timer);
      socket.close();
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error(`${method}: the inspector's socket failed`));
    });
  });
}

/**
 * Each isolate's memory in MiB (Runtime.getHeapUsage): `used`, its JS heap, and `outside`, what its objects hold
 * beside it (workerd's C++ objects on V8's embedder heap, ArrayBuffers' backing stores). Asked of every isolate at
 * once; one that does not answer within 15 s is left out (the Worker's own, before the soak's first minute, has not
 * answered on this machine: its row then starts with "-").
 */
export async function heapsMib(inspector) {
  const heaps = new Map();
  await Promise.allSettled(
    (await isolates(inspector)).map(async (isolate) => {
      const usage = await devtoolsCommand(isolate.url, "Runtime.getHeapUsage", {}, { timeoutMs: 15_000 });
      heaps.set(isolate.id, {
        used: usage.usedSize / MIB,
        outside: ((usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0)) / MIB,
      });
    }),
  );
  return heaps;
}

/** Writes a heap snapshot of the isolate (HeapProfiler.takeHeapSnapshot, as DevTools takes one) to `file`. */
export async function writeHeapSnapshot(isolate, file) {
  const out = createWriteStream(file);
  await devtoolsCommand(
    isolate.url,
    "HeapProfiler.takeHeapSnapshot",
    { reportProgress: false },
    {
      onEvent: (message) => {
        if (message.method === "HeapProfiler.addHeapSnapshotChunk") out.write(message.params.chunk);
      },
    },
  );
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}
