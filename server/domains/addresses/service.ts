import { ADDRESSES_PER_USER_MAX } from "@shared/constants";
import type { TAddress, ZCreateOrUpdateAddressInput } from "@shared/schemas/addresses";
import type { z } from "zod";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as users from "../users/service";
import * as repo from "./repo";
import type { AddressRow, AddressValues } from "./repo";
import { requireViewer } from "../auth/viewer";

/**
 * A user's postal addresses (spec 001 sections 2.9, 3, 5, 7): the payment onboarding sends the first
 * one to the payment provider. Everyone sees and changes only their own.
 */

type SaveAddressInput = z.output<typeof ZCreateOrUpdateAddressInput>;

function present(row: AddressRow): TAddress {
  return { id: row.id, line1: row.line1, line2: row.line2, postalCode: row.postalCode, town: row.town, state: row.state, country: row.country };
}

/** myAddresses: the caller's addresses, the one in use first. */
export async function myAddresses(ctx: Ctx): Promise<TAddress[]> {
  return (await repo.listAddresses(ctx.deps.db, requireViewer(ctx).userId)).map(present);
}

/**
 * createOrUpdateAddress: with `id` changes the caller's address of that id (ADDRESS_NOT_FOUND when the
 * caller has none of that id, someone else's included); without, adds one (at most 5: the first is the
 * one used, more only collect). Fields left out of an update (line2, state) keep their value.
 */
export async function createOrUpdateAddress(ctx: Ctx, input: SaveAddressInput): Promise<TAddress> {
  const userId = requireViewer(ctx).userId;
  const now = ctx.deps.clock.now();
  const { id, ...fields } = input;
  if (id !== undefined) {
    const updated = await repo.updateAddress(ctx.deps.db, userId, id, fields, now);
    if (!updated) throw new AppError("ADDRESS_NOT_FOUND");
    return present(updated);
  }
  return ctx.deps.db.transaction(async (tx) => present(await createAddress(tx, userId, fields, now)));
}

/**
 * Adds an address to a user (the use case above, and the demo data). The user's row lock orders
 * concurrent additions, so the limit holds across server processes.
 */
export async function createAddress(tx: Tx, userId: number, fields: Omit<SaveAddressInput, "id">, now: Date): Promise<AddressRow> {
  await users.lockUser(tx, userId);
  if ((await repo.countAddresses(tx, userId)) >= ADDRESSES_PER_USER_MAX) throw new AppError("TOO_MANY_ADDRESSES");
  const values: AddressValues = { line2: "", state: "", ...fields };
  return repo.insertAddress(tx, userId, values, now);
}

/** The address a user's payment account uses: the first saved one (spec 001 section 3); null when none. */
export async function addressInUse(db: DbOrTx, userId: number): Promise<TAddress | null> {
  const [first] = await repo.listAddresses(db, userId);
  return first ? present(first) : null;
}

/** Removes a deleted account's addresses (personal data; server/domains/accounts/README.md "Deleting an account"). */
export function deleteAddressesOf(tx: DbOrTx, userId: number): Promise<void> {
  return repo.deleteAddressesOf(tx, userId);
}
