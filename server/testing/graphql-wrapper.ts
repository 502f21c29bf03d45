import { expect } from "bun:test";
import type { Deps } from "../context";
import { createUser, FACTORY_PASSWORD } from "./factories";
import { httpClient } from "./http-client";

export type WrapperClient = ReturnType<typeof httpClient>;

/**
 * What the wrapper tests (server/graphql/wrapper-*.test.ts) share: a user signed in through `tokenAuth`
 * as the native wrapper does, a call that must succeed, and a call whose first error's extensions
 * (code, fields, details) are read.
 */
export function wrapperCalls(deps: () => Deps) {
  return {
    async signedIn(values: Parameters<typeof createUser>[1] = {}) {
      const user = await createUser(deps(), { emailVerifiedAt: new Date(), ...values });
      const client = httpClient(deps());
      await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, { email: user.email, password: FACTORY_PASSWORD });
      return { user, client };
    },
    async ok<T = Record<string, any>>(client: WrapperClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
      const { body } = await client.graphql<T>(query, variables);
      expect(body.errors).toBeUndefined();
      return body.data!;
    },
    async failure(client: WrapperClient, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any> | undefined> {
      const { body } = await client.graphql(query, variables);
      return body.errors?.[0]?.extensions;
    },
  };
}
