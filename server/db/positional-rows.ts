import { Column, fillPlaceholders, getTableName, is, SQL } from "drizzle-orm";

/**
 * A hot prepared SELECT read without drizzle's generic row mapping (decision in server/db/README.md "The feed's rows
 * by position"): the same statement, the same parameters and the same driver values as drizzle's own `execute()` on
 * postgres.js (`unsafe(...).values()`), mapped by a mapper compiled once from the query's fields. drizzle's
 * `mapResultRow` asks every field of every row what kind of field it is and walks its path on each row. The mapping
 * follows `mapResultRow` exactly: each value through its column's or expression's decoder, null as null, and a
 * joined object is null when its first column is null, its columns are of one table, and the join may leave that
 * table out.
 *
 * Only for postgres.js: on PGlite (and any other driver) `positionalReader` gives null and the caller uses
 * `execute()`. The fields are read from drizzle's prepared query (`client`, `queryString`, `params`, `fields`,
 * `joinsNotNullableMap`), which its typings do not name; when a drizzle upgrade renames them, the reader is null too.
 */
type Field = { path: string[]; field: unknown };
type PreparedInternals = {
  client?: { unsafe?: (query: string, params: unknown[], options: { prepare: boolean }) => { values: () => Promise<unknown[][]> } };
  queryString?: string;
  params?: unknown[];
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
};
type Decoder = { mapFromDriverValue: (value: unknown) => unknown };

/** A compiled row mapper: values by position to the nested object drizzle would have made. */
function compileMapper(fields: Field[], joinsNotNullableMap: Record<string, boolean> | undefined): (row: unknown[]) => Record<string, unknown> {
  const leaves = fields.map(({ path, field }) => {
    const decoder: Decoder = is(field, Column)
      ? (field as Decoder)
      : is(field, SQL)
        ? (field as unknown as { decoder: Decoder }).decoder
        : (field as { sql: { decoder: Decoder } }).sql.decoder;
    return { path, decoder: (value: unknown) => (value === null ? null : decoder.mapFromDriverValue(value)) };
  });
  // the joined objects drizzle may turn into null: the first column of a two-level path decides (mapResultRow)
  const nullable: { name: string; firstIndex: number }[] = [];
  if (joinsNotNullableMap) {
    const groups = new Map<string, { firstIndex: number; table: string | false }>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const table = getTableName((field as Column).table);
      const group = groups.get(path[0]!);
      if (!group) groups.set(path[0]!, { firstIndex: index, table });
      else if (group.table !== table) group.table = false;
    });
    for (const [name, group] of groups) {
      if (group.table !== false && !joinsNotNullableMap[group.table]) nullable.push({ name, firstIndex: group.firstIndex });
    }
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < leaves.length; i++) {
      const { path, decoder } = leaves[i]!;
      let node = result;
      for (let p = 0; p < path.length - 1; p++) node = (node[path[p]!] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]!] = decoder(row[i] ?? null);
    }
    for (const { name, firstIndex } of nullable) if ((row[firstIndex] ?? null) === null) result[name] = null;
    return result;
  };
}

const readers = new WeakMap<object, ((values: Record<string, unknown>) => Promise<unknown[]>) | null>();

/**
 * Runs a drizzle prepared query on postgres.js and maps its rows by position; null for another driver (the caller
 * runs `execute()`). Built once per prepared query.
 */
export function positionalReader<Row>(prepared: object): ((values: Record<string, unknown>) => Promise<Row[]>) | null {
  if (readers.has(prepared)) return readers.get(prepared) as ((values: Record<string, unknown>) => Promise<Row[]>) | null;
  const internals = prepared as PreparedInternals;
  const { client, queryString, params, fields } = internals;
  let reader: ((values: Record<string, unknown>) => Promise<unknown[]>) | null = null;
  if (typeof client?.unsafe === "function" && typeof queryString === "string" && Array.isArray(params) && Array.isArray(fields) && fields.length > 0) {
    const map = compileMapper(fields, internals.joinsNotNullableMap);
    const unsafe = client.unsafe.bind(client);
    reader = async (values) => (await unsafe(queryString, fillPlaceholders(params, values), { prepare: true }).values()).map(map);
  }
  readers.set(prepared, reader);
  return reader as ((values: Record<string, unknown>) => Promise<Row[]>) | null;
}
