/**
 * A TCP listener on loopback that counts connections and closes each at once: the "internal
 * service" an attacker would aim the server at, and the proof that nothing reached it.
 */
export function countingListener(): { port: number; connections: () => number; stop: () => void } {
  let connections = 0;
  const server = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        connections++;
        socket.end();
      },
      data() {},
    },
  });
  return { port: server.port, connections: () => connections, stop: () => server.stop(true) };
}
