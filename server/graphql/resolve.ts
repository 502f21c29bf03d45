import { isInputObjectType, isListType, isNonNullType, type GraphQLInputType, type GraphQLResolveInfo } from "graphql";
import { z } from "zod";
import type { Ctx, Viewer } from "../context";
import { requireAdmin, requireViewer } from "../domains/auth/viewer";
import { AppError, fieldIssuesFromZod } from "../lib/errors";

export type Args = Record<string, unknown>;

/** Who may call an operation at all, as tRPC's procedures declare it (server/trpc/init.ts ProcedureMeta); none: anyone. */
export type Auth = "user" | "admin";
/** `staleSession: "allowed"`: the auth operations, callable while the session's access part is stale (tRPC's ProcedureMeta). */
export type Declaration = { auth?: Auth; staleSession?: "allowed" };

/** A resolver, with its declaration for the authorisation tests (server/graphql/auth-gate.test.ts). */
export type GqlResolver = ((parent: any, args: Args, context: { ctx: Ctx }, info: GraphQLResolveInfo) => unknown) & { readonly auth?: Auth };

/** The context a resolver declared `auth: "user"` or `"admin"` runs with: a viewer is certain. */
export type SignedInCtx = Ctx & { viewer: Viewer };

/** Input of an operation or field without arguments. */
export const ZNoArgs = z.object({});

/**
 * The one way a resolver is written (conventions 2 and 5): the wrapper's arguments → `input` (the
 * tRPC procedure's shared input schema, or `legacy(…)` of it where the old API names or measures an
 * argument differently) → the service → `present` (the service's answer in the old API's shape).
 * Before parsing, every `ID` argument (a string on the wire, also inside lists and input objects)
 * becomes the number the shared schemas read, and a null counts as "not given" wherever the shared
 * schema gives null no meaning of its own (there it means "none": no court, no limit, no last name).
 */
export function resolver<S extends z.ZodType, R, P = unknown>(
  input: S,
  service: (ctx: Ctx, input: z.output<S>, parent: P) => R,
  present?: (result: Awaited<R>, input: z.output<S>) => unknown,
): GqlResolver;
/**
 * The same for an operation only signed-in users (`{ auth: "user" }`) or administrators (`{ auth: "admin" }`)
 * may call, as tRPC's `authedProcedure` and `adminProcedure`: checked before the arguments are read, with
 * the same answers (UNAUTHENTICATED, the old API's "You do not have permission to perform this action";
 * FORBIDDEN for a signed-in non-admin). An operation declares what its tRPC twin's procedure does.
 */
export function resolver<S extends z.ZodType, R, P = unknown>(
  declaration: Declaration,
  input: S,
  service: (ctx: SignedInCtx, input: z.output<S>, parent: P) => R,
  present?: (result: Awaited<R>, input: z.output<S>) => unknown,
): GqlResolver;
export function resolver(...params: unknown[]): GqlResolver {
  const declared = !(params[0] instanceof z.ZodType);
  const [{ auth, staleSession }, input, service, present = (result: unknown) => result] = (declared ? params : [{}, ...params]) as [
    Declaration,
    z.ZodType,
    (ctx: Ctx, input: unknown, parent: unknown) => unknown,
    ((result: unknown, input: unknown) => unknown) | undefined,
  ];
  const resolve = async (parent: unknown, args: Args, { ctx }: { ctx: Ctx }, info: GraphQLResolveInfo) => {
    // A stale session: every operation but the auth ones answers the permission error, so the wrapper refreshes (spec 000 section 7).
    if (ctx.meta?.sessionStale && staleSession !== "allowed" && isOperation(info)) throw new AppError("UNAUTHENTICATED");
    if (auth === "admin") requireAdmin(ctx);
    else if (auth === "user") requireViewer(ctx);
    const parsed = parseArgs(input, withoutMeaninglessNulls(input, idsAsNumbers(args, info)));
    return present(await service(ctx, parsed, parent), parsed);
  };
  return Object.assign(resolve, { auth });
}

/** A root field of a query or mutation (an operation of the wrapper's), not a field inside an answer. */
const isOperation = (info: GraphQLResolveInfo) => info.parentType === info.schema.getQueryType() || info.parentType === info.schema.getMutationType();

/** The old API's argument names and units (`id`, `duration`, euros) mapped onto a shared input schema, as a zod transform in front of it. */
export function legacy<S extends z.ZodType>(shared: S, rename: (args: Args) => Args) {
  return z.preprocess((args) => withoutMeaninglessNulls(shared, rename(args as Args)), shared);
}

/** Parses arguments with a shared schema; refusals are VALIDATION with the fields' codes, as on tRPC. */
function parseArgs<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new AppError("VALIDATION", { fields: fieldIssuesFromZod(parsed.error.issues) });
  return parsed.data;
}

/**
 * A GraphQL `ID` (a string, or a number from a loose client) as the number the shared schemas expect.
 * Anything that is not a plain decimal integer is handed on unchanged, so the schema's `zId` refuses
 * it with a validation error instead of `Number()` turning it into NaN or an overflowing integer.
 */
function gqlId(value: unknown): unknown {
  if (typeof value === "string" && /^[0-9]{1,16}$/.test(value)) return Number(value);
  return value;
}

/** The arguments read by the field's declared types: every `ID` as a number. */
function idsAsNumbers(args: Args, info: GraphQLResolveInfo): Args {
  const field = info.parentType.getFields()[info.fieldName]!;
  return Object.fromEntries(field.args.map((a) => [a.name, idsIn(args[a.name], a.type)]).filter(([, v]) => v !== undefined));
}

function idsIn(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return idsIn(value, type.ofType);
  if (isListType(type)) return Array.isArray(value) ? value.map((v) => idsIn(v, type.ofType)) : value;
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    return Object.fromEntries(Object.entries(value as Args).map(([k, v]) => [k, fields[k] ? idsIn(v, fields[k].type) : v]));
  }
  return type.name === "ID" ? gqlId(value) : value;
}

const nullAccepted = new WeakMap<z.ZodType, boolean>();
function acceptsNull(field: z.ZodType | undefined): boolean {
  if (!field) return false;
  let accepted = nullAccepted.get(field);
  if (accepted === undefined) nullAccepted.set(field, (accepted = field.safeParse(null).success));
  return accepted;
}

/** The wrapper sends every variable it declares, null when it has no value: such a null means "not given". */
function withoutMeaninglessNulls(schema: z.ZodType, args: Args): Args {
  if (!(schema instanceof z.ZodObject)) return args;
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(Object.entries(args).filter(([k, v]) => v !== null || acceptsNull(shape[k])));
}
