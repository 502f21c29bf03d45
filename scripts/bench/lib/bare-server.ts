// The baseline of scripts/bench/cold-start.ts: the least a compiled Bun server on PostgreSQL can do. Compiled by
// the benchmark with `bun build --compile` in the same run; every path answers after one postgres.js `select 1`
// (as the app's /api/health asks its database), so its cold start is process start + listen + one connection.
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 3000),
  async fetch() {
    const [row] = await sql`select 1 as ok`;
    return Response.json({ ok: row?.ok === 1 });
  },
});
process.on("SIGTERM", () => void sql.end({ timeout: 2 }).finally(() => process.exit(0)));
