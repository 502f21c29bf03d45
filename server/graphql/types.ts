import type { Ctx } from "../context";

export type GqlContext = { ctx: Ctx };
export type GqlResolver = (parent: unknown, args: Record<string, unknown>, context: GqlContext) => unknown;
