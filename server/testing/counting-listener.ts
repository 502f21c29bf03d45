import { eventually } from "./eventually";

/**
 * A TCP listener on loopback that counts connections and closes each at once: the "internal
 * service" an attacker would aim the server at, and the proof that nothing reached it.
 */
export function countingListener(): { port: number; connections: () => number; connectionsSoFar: () => Promise<number>; stop: () => void } {
  /** The client port of every connection, in the order they were accepted. */
  const opened: number[] = [];
  let probes = 0;
  const server = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        opened.push(socket.remotePort);
        socket.end();
      },
      data() {},
    },
  });
  const connections = () => opened.length - probes;
  return {
    port: server.port,
    connections,
    /**
     * The connections made before this call, certainly all counted: it connects once itself and waits until
     * the listener accepted that probe. Connections are accepted in the order they were made, so every earlier
     * one is counted by then. A test proves "nothing connected" with this instead of sleeping and hoping.
     */
    async connectionsSoFar() {
      const before = opened.length;
      probes++;
      const probe = await Bun.connect({ hostname: "127.0.0.1", port: server.port, socket: { data() {} } });
      await eventually(() => opened.slice(before).includes(probe.localPort), { what: "the listener accepted its own probe" });
      return connections();
    },
    stop: () => server.stop(true),
  };
}
