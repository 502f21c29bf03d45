/**
 * The tRPC data transformer: JSON plus Dates. A Date travels as `{ "$date": "<ISO>" }`, which no
 * other value can look like (outputs come from our schemas, inputs are parsed by zod, where an
 * invalid date is refused). The envelope `{ json }` matches superjson's, which we replaced because
 * its bookkeeping cost ~10 ms on a 500-game feed (scripts/bench/feed.ts); this is one plain walk.
 */
const DATE_KEY = "$date";

function encode(value: unknown): unknown {
  if (value instanceof Date) return { [DATE_KEY]: Number.isNaN(value.getTime()) ? null : value.toISOString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = encode(v);
    }
    return out;
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === DATE_KEY) {
      const iso = record[DATE_KEY];
      return new Date(typeof iso === "string" ? iso : Number.NaN);
    }
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = decode(record[key]);
    return out;
  }
  return value;
}

export const transformer = {
  serialize: (value: unknown) => ({ json: encode(value) }),
  deserialize: (payload: unknown) =>
    decode(payload !== null && typeof payload === "object" && "json" in payload ? (payload as { json: unknown }).json : undefined),
};
