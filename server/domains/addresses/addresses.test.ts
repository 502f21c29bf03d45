import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { ADDRESSES_PER_USER_MAX } from "@shared/constants";
import type { Deps } from "../../context";
import { addresses } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";
import { addressInUse } from "./service";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

async function signedIn(user: { email: string }) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token })).caller;
}

async function newSignedInUser() {
  const user = await createUser(deps, { emailVerifiedAt: new Date() });
  return { user, caller: await signedIn(user) };
}

const BERLIN = { line1: "Torstraße 12", town: "Berlin", postalCode: "10119", country: "DE" };

describe("myAddresses and createOrUpdateAddress", () => {
  test("visitors are refused", async () => {
    const { caller } = await callerFor(deps);
    expect(await errorData(caller.addresses.mine())).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(caller.addresses.createOrUpdate(BERLIN))).toEqual({ code: "UNAUTHENTICATED" });
  });

  test("create, list, update: line2 and state are '' and an update keeps what it leaves out", async () => {
    const { user, caller } = await newSignedInUser();
    expect(await caller.addresses.mine()).toEqual([]);
    const created = await caller.addresses.createOrUpdate({ ...BERLIN, line1: "  Torstraße 12 ", country: "de", line2: "Hinterhaus" });
    expect(created).toEqual({ id: created.id, line1: "Torstraße 12", line2: "Hinterhaus", postalCode: "10119", town: "Berlin", state: "", country: "DE" });
    const updated = await caller.addresses.createOrUpdate({ id: created.id, line1: "Torstraße 14", town: "Berlin", postalCode: "10119", country: "DE" });
    expect(updated).toEqual({ ...created, line1: "Torstraße 14" });
    const second = await caller.addresses.createOrUpdate({ line1: "Graben 1", town: "Wien", postalCode: "1010", country: "AT", state: "Wien" });
    // the first one stays the one in use
    expect(await caller.addresses.mine()).toEqual([updated, second]);
    expect(await addressInUse(deps.db, user.id)).toEqual(updated);
  });

  test("only your own: someone else's id is ADDRESS_NOT_FOUND and stays unchanged", async () => {
    const owner = await newSignedInUser();
    const other = await newSignedInUser();
    const theirs = await owner.caller.addresses.createOrUpdate(BERLIN);
    expect(await errorData(other.caller.addresses.createOrUpdate({ ...BERLIN, id: theirs.id, line1: "Gekapert 1" }))).toEqual({ code: "ADDRESS_NOT_FOUND" });
    expect(await errorData(other.caller.addresses.createOrUpdate({ ...BERLIN, id: 2 ** 31 - 1 }))).toEqual({ code: "ADDRESS_NOT_FOUND" });
    expect(await other.caller.addresses.mine()).toEqual([]);
    expect(await owner.caller.addresses.mine()).toEqual([theirs]);
  });

  test.each<[string, Record<string, unknown>, { path: string; code: string }[]]>([
    ["nothing given", {}, [{ path: "line1", code: "required" }, { path: "town", code: "required" }, { path: "postalCode", code: "required" }, { path: "country", code: "required" }]],
    ["blank fields (the form saves only with line1, town, postal code and country)", { line1: "  ", town: "", postalCode: " ", country: "" }, [{ path: "line1", code: "required" }, { path: "town", code: "required" }, { path: "postalCode", code: "required" }, { path: "country", code: "required" }]],
    ["a German postal code has five digits", { ...BERLIN, postalCode: "1011" }, [{ path: "postalCode", code: "postal_code_de" }]],
    ["a German postal code has only digits", { ...BERLIN, postalCode: "1011A" }, [{ path: "postalCode", code: "postal_code_de" }]],
    ["a postal code of signs", { ...BERLIN, country: "AT", postalCode: "10/10" }, [{ path: "postalCode", code: "postal_code_invalid" }]],
    ["a postal code too long", { ...BERLIN, country: "GB", postalCode: "SW1A 1AAAAA" }, [{ path: "postalCode", code: "postal_code_invalid" }]],
    ["an unknown country", { ...BERLIN, country: "XX" }, [{ path: "country", code: "country_invalid" }]],
    ["a country by name", { ...BERLIN, country: "Deutschland" }, [{ path: "country", code: "country_invalid" }]],
    ["NUL in the street", { ...BERLIN, line1: "Torstr.\u0000 12" }, [{ path: "line1", code: "text_control_chars" }]],
    ["a line break in the town", { ...BERLIN, town: "Ber\nlin" }, [{ path: "town", code: "text_control_chars" }]],
    ["an escape sequence in line2", { ...BERLIN, line2: "\u001b[31m" }, [{ path: "line2", code: "text_control_chars" }]],
    ["a street of 101 characters", { ...BERLIN, line1: "s".repeat(101) }, [{ path: "line1", code: "address_too_long" }]],
    ["a state of 101 characters", { ...BERLIN, state: "s".repeat(101) }, [{ path: "state", code: "address_too_long" }]],
    ["an id that names nothing", { ...BERLIN, id: 0 }, [{ path: "id", code: "id_invalid" }]],
    ["a number as postal code", { ...BERLIN, postalCode: 10119 }, [{ path: "postalCode", code: "required" }]],
  ])("refused with its field codes: %s", async (_label, input, fields) => {
    const { caller } = await newSignedInUser();
    expect(await errorData(caller.addresses.createOrUpdate(input as never))).toEqual({ code: "VALIDATION", fields });
    expect(await caller.addresses.mine()).toEqual([]);
  });

  test("every code the address calls answer has a German and an English text", () => {
    const catalogue = (locale: string) => JSON.parse(readFileSync(join(import.meta.dir, `../../../shared/i18n/messages/${locale}.json`), "utf8")) as Record<string, string>;
    for (const locale of ["de", "en"]) {
      const messages = catalogue(locale);
      for (const key of [
        "validation_required",
        "validation_postal_code_de",
        "validation_postal_code_invalid",
        "validation_country_invalid",
        "validation_text_control_chars",
        "validation_address_too_long",
        "validation_id_invalid",
        "error_ADDRESS_NOT_FOUND",
        "error_TOO_MANY_ADDRESSES",
      ]) {
        expect({ locale, key, text: typeof messages[key] }).toEqual({ locale, key, text: "string" });
      }
    }
  });

  test(`at most ${ADDRESSES_PER_USER_MAX} addresses, also when added at once`, async () => {
    const { user, caller } = await newSignedInUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => errorData(caller.addresses.createOrUpdate({ ...BERLIN, line1: `Torstraße ${i + 1}` }))),
    );
    expect(results.filter((r) => r.code === "OK")).toHaveLength(ADDRESSES_PER_USER_MAX);
    expect(results.filter((r) => r.code === "TOO_MANY_ADDRESSES")).toHaveLength(8 - ADDRESSES_PER_USER_MAX);
    expect(await deps.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(ADDRESSES_PER_USER_MAX);
    // updating one is still allowed
    const [first] = await caller.addresses.mine();
    expect(await caller.addresses.createOrUpdate({ ...BERLIN, id: first!.id, town: "Potsdam", postalCode: "14467" })).toMatchObject({ id: first!.id, town: "Potsdam" });
  });

  test("deleting the account removes its addresses", async () => {
    const { user, caller } = await newSignedInUser();
    await caller.addresses.createOrUpdate(BERLIN);
    await caller.accounts.deleteAccount({ confirmation: "löschen" });
    expect(await deps.db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual([]);
  });
});
