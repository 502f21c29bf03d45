// The clients of scripts/bench/sse.ts: thousands of server-sent-event streams held by one process of their own, so
// their work does not share the servers' event loops. Not meant to be started by hand.
//
// Each client is a plain TCP socket (Bun.connect) that sends the request a browser's EventSource sends (the plan's
// path and headers) and reads the answer as it comes: the status line and headers, the chunked body, the events.
// Raw sockets because Bun's fetch keeps at most 256 requests in flight per process and each held stream would take
// one; a socket costs a few hundred bytes here. The parent drives it over Bun's IPC, one command at a time:
//   { cmd: "connect", group, host, port, path, headers, count, concurrency } → ConnectResult
//       opens `count` streams (at most `concurrency` waiting for their first event at a time); done when every one
//       has its `connected` event (tRPC's first event) or has failed
//   { cmd: "post", group, request, id? } → PostResult
//       sends the request (the chat line) and waits until every open stream of the group has an event with the
//       line's id (the answer's `id` when `id` is not given) or `timeoutMs` passed; latencies from the moment the
//       request was sent to each stream's event, as this process sees it
//       (with `refetch`, the first `sample` streams also send the screen's refetch on the event, timed the same way)
//   { cmd: "hold", ms } → HoldResult      waits, then tells how many streams of each group are still open
//   { cmd: "close", group } → { type: "closed" }
import type { Socket } from "bun";

export type ClientRequest = { url: string; method: string; headers: Record<string, string>; body?: string };
export type ConnectCommand = { cmd: "connect"; group: string; host: string; port: number; path: string; headers: Record<string, string>; count: number; concurrency: number; timeoutMs: number };
/** `refetch`: the first `sample` streams of the group each send this request when the line's event arrives (the screen's refetch) */
export type PostCommand = { cmd: "post"; group: string; request: ClientRequest; id?: number; timeoutMs: number; refetch?: { request: ClientRequest; sample: number } };
export type HoldCommand = { cmd: "hold"; ms: number };
export type CloseCommand = { cmd: "close"; group: string };
export type ClientCommand = ConnectCommand | PostCommand | HoldCommand | CloseCommand | { cmd: "exit" };

/** connected: streams open at the end; failed: never got their first event; dropped: got it, then lost the stream before all were open */
export type ConnectResult = { type: "connect"; ms: number; connected: number; failed: number; dropped: number; firstError: string | null; connectMs: number[] };
export type PostResult = {
  type: "post";
  id: number | null;
  status: number;
  answer: string;
  answerMs: number;
  /** per open stream that got the line, ms from sending the post */
  latencies: number[];
  missed: number;
  open: number;
  /** per sampled stream, ms from sending the post to the refetch's answer (status 200 only) */
  refetchMs: number[];
  refetchErrors: number;
  refetchError: string | null;
};
export type HoldResult = { type: "hold"; open: Record<string, number>; closedBy: Record<string, string | null> };

type Client = {
  group: string;
  socket: Socket<Client> | null;
  raw: string; // bytes not yet read, as latin1 (one char per byte)
  headersDone: boolean;
  chunkLeft: number; // bytes of the current chunk still to come (-1: expecting a chunk-size line)
  events: string; // decoded body not yet split into events
  connected: boolean;
  open: boolean;
  closeReason: string | null;
  startedAt: number;
  lastDataAt: number;
  /** line id → when its event arrived */
  arrivals: Map<number, number>;
  /** the refetch this client sends on its next line (set for the sampled clients while a line is under way) */
  refetch: (() => void) | null;
  onConnected: (() => void) | null;
};

const groups = new Map<string, Client[]>();
/** waits for a line's events: id → remaining streams and the callback when none remain */
const waiting = new Map<number, { remaining: number; done: () => void }>();

function closed(client: Client, reason: string) {
  if (!client.open && client.closeReason) return;
  client.open = false;
  client.closeReason ??= `${reason} (${((performance.now() - client.lastDataAt) / 1000).toFixed(1)} s after its last data)`;
  client.onConnected?.();
}

function onEvent(client: Client, block: string, at: number) {
  let event = "message";
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data += line.slice(5).trim();
  }
  if (event === "connected") {
    client.connected = true;
    client.onConnected?.();
    return;
  }
  if (event !== "message") return; // pings, tRPC's `return`, errors are not lines
  const id = Number(/"id":(\d+)/.exec(data)?.[1]);
  if (!Number.isFinite(id) || client.arrivals.has(id)) return;
  client.arrivals.set(id, at);
  if (client.refetch) {
    const send = client.refetch;
    client.refetch = null;
    send();
  }
  const wait = waiting.get(id);
  if (wait && --wait.remaining === 0) wait.done();
}

/** Reads what arrived: headers once, then the chunked body, then whole events (separated by a blank line). */
function onData(client: Client, bytes: Buffer) {
  const at = performance.now();
  client.lastDataAt = at;
  client.raw += bytes.toString("latin1");
  if (!client.headersDone) {
    const end = client.raw.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = client.raw.slice(0, end);
    client.raw = client.raw.slice(end + 4);
    client.headersDone = true;
    const status = Number(head.slice(9, 12));
    if (status !== 200 || !/\r\ncontent-type: *text\/event-stream/i.test(head)) {
      client.closeReason = `HTTP ${status}: ${head.split("\r\n")[0]} ${client.raw.slice(0, 300)}`;
      client.socket?.end();
      return closed(client, client.closeReason);
    }
    if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return closed(client, "not a chunked answer");
  }
  for (;;) {
    if (client.chunkLeft < 0) {
      const eol = client.raw.indexOf("\r\n");
      if (eol < 0) break;
      client.chunkLeft = parseInt(client.raw.slice(0, eol), 16);
      client.raw = client.raw.slice(eol + 2);
      if (client.chunkLeft === 0) return closed(client, "the server ended the stream");
    }
    if (client.raw.length < client.chunkLeft + 2) break;
    client.events += client.raw.slice(0, client.chunkLeft);
    client.raw = client.raw.slice(client.chunkLeft + 2);
    client.chunkLeft = -1;
  }
  let split: number;
  while ((split = client.events.indexOf("\n\n")) >= 0) {
    const block = client.events.slice(0, split);
    client.events = client.events.slice(split + 2);
    onEvent(client, block, at);
  }
}

function open(command: ConnectCommand, client: Client): Promise<void> {
  const request =
    `GET ${command.path} HTTP/1.1\r\nHost: ${command.host}:${command.port}\r\n` +
    Object.entries(command.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("") +
    "\r\n";
  return new Promise<void>((resolve) => {
    client.onConnected = () => {
      client.onConnected = null;
      resolve();
    };
    client.startedAt = client.lastDataAt = performance.now();
    Bun.connect<Client>({
      hostname: command.host,
      port: command.port,
      data: client,
      socket: {
        open(socket) {
          client.socket = socket;
          client.open = true;
          socket.write(request);
        },
        data: (_socket, bytes) => onData(client, bytes),
        close: () => closed(client, "connection closed"),
        end: () => closed(client, "connection ended by the server"),
        error: (_socket, error) => closed(client, String(error)),
        connectError: (_socket, error) => closed(client, `connect: ${String(error)}`),
      },
    }).catch((error) => closed(client, `connect: ${String(error)}`));
  });
}

async function connect(command: ConnectCommand): Promise<ConnectResult> {
  const clients: Client[] = [];
  groups.set(command.group, clients);
  const started = performance.now();
  const connectMs: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < command.count) {
      next++;
      const client: Client = {
        group: command.group,
        socket: null,
        raw: "",
        headersDone: false,
        chunkLeft: -1,
        events: "",
        connected: false,
        open: false,
        closeReason: null,
        startedAt: 0,
        lastDataAt: 0,
        arrivals: new Map(),
        refetch: null,
        onConnected: null,
      };
      clients.push(client);
      const timer = setTimeout(() => closed(client, `no connected event within ${command.timeoutMs} ms`), command.timeoutMs);
      await open(command, client);
      clearTimeout(timer);
      if (client.connected && client.open) connectMs.push(performance.now() - client.startedAt);
    }
  };
  await Promise.all(Array.from({ length: Math.min(command.concurrency, command.count) }, worker));
  const failed = clients.filter((c) => !c.connected);
  const dropped = clients.filter((c) => c.connected && !c.open);
  return {
    type: "connect",
    ms: performance.now() - started,
    connected: clients.length - failed.length - dropped.length,
    failed: failed.length,
    dropped: dropped.length,
    firstError: (failed[0] ?? dropped[0])?.closeReason ?? null,
    connectMs,
  };
}

async function post(command: PostCommand): Promise<PostResult> {
  const clients = groups.get(command.group) ?? [];
  const openClients = clients.filter((c) => c.open && c.connected);
  const { url, ...init } = command.request;
  const refetches: Array<Promise<void>> = [];
  const refetchMs: number[] = [];
  let refetchErrors = 0;
  let refetchError: string | null = null;
  let sent = performance.now();
  if (command.refetch) {
    const { url: refetchUrl, ...refetchInit } = command.refetch.request;
    for (const client of openClients.slice(0, command.refetch.sample)) {
      client.refetch = () =>
        void refetches.push(
          fetch(refetchUrl, refetchInit)
            .then(async (res) => {
              await res.arrayBuffer();
              if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
              refetchMs.push(performance.now() - sent);
            })
            .catch((error) => {
              refetchErrors++;
              refetchError ??= String(error);
            }),
        );
    }
  }
  sent = performance.now();
  let status = 0;
  let answer = "";
  let answerMs = 0;
  try {
    const res = await fetch(url, init);
    answer = await res.text();
    status = res.status;
  } catch (error) {
    answer = String(error);
  }
  answerMs = performance.now() - sent;
  const id = command.id ?? Number(/"id":(\d+)/.exec(answer)?.[1] ?? NaN);
  if (Number.isFinite(id)) {
    // Events may have arrived before the answer: count those first, then wait for the rest.
    const remaining = openClients.filter((c) => c.open && !c.arrivals.has(id)).length;
    if (remaining > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        waiting.set(id, { remaining, done: resolve });
        timer = setTimeout(resolve, command.timeoutMs);
      });
      clearTimeout(timer);
      waiting.delete(id);
    }
  }
  for (const c of openClients) c.refetch = null;
  await Promise.race([Promise.all(refetches), Bun.sleep(command.timeoutMs)]);
  const latencies: number[] = [];
  let missed = 0;
  for (const c of openClients) {
    const at = c.arrivals.get(id);
    if (at === undefined) missed++;
    else latencies.push(at - sent);
  }
  return {
    type: "post",
    id: Number.isFinite(id) ? id : null,
    status,
    answer: answer.slice(0, 300),
    answerMs,
    latencies,
    missed,
    open: clients.filter((c) => c.open).length,
    refetchMs,
    refetchErrors,
    refetchError,
  };
}

async function hold(command: HoldCommand): Promise<HoldResult> {
  await Bun.sleep(command.ms);
  const open: Record<string, number> = {};
  const closedBy: Record<string, string | null> = {};
  for (const [group, clients] of groups) {
    open[group] = clients.filter((c) => c.open).length;
    closedBy[group] = clients.find((c) => !c.open)?.closeReason ?? null;
  }
  return { type: "hold", open, closedBy };
}

if (import.meta.main) {
  if (!process.send) {
    console.error("scripts/bench/lib/sse-clients.ts is started by scripts/bench/sse.ts; run that instead.");
    process.exit(2);
  }
  // One command at a time, in order: the parent awaits each answer before it sends the next.
  let queue: Promise<unknown> = Promise.resolve();
  process.on("message", (command: ClientCommand) => {
    queue = queue.then(async () => {
      switch (command.cmd) {
        case "connect":
          return void process.send!(await connect(command));
        case "post":
          return void process.send!(await post(command));
        case "hold":
          return void process.send!(await hold(command));
        case "close":
          for (const c of groups.get(command.group) ?? []) {
            c.closeReason ??= "closed by the benchmark";
            c.open = false;
            c.socket?.end();
          }
          groups.delete(command.group);
          return void process.send!({ type: "closed" });
        case "exit":
          process.exit(0);
      }
    });
  });
}
