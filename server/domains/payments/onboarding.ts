import { missingOnboardingRequirements } from "@shared/rules/payment-onboarding";
import { ZCreateOrUpdateAddressInput } from "@shared/schemas/addresses";
import type { TAccountLink } from "@shared/schemas/payment-onboarding";
import type { TMyAccount } from "@shared/schemas/users";
import type { Ctx } from "../../context";
import type { Payments } from "../../integrations/stripe/client";
import { AppError } from "../../lib/errors";
import { addressInUse } from "../addresses/service";
import * as users from "../users/service";
import {
  accountStateChanges,
  applyAccountState,
  createConnectedAccount,
  createOnboardingLink,
  onboardingError,
  retireConnectedAccount,
  retrieveConnectedAccount,
  stripeErrorFields,
} from "./connected-accounts";
import { requireViewer } from "../auth/viewer";

/**
 * The organiser's payment onboarding (spec 001 sections 2.9, 5, 7, 8): start (or continue) Stripe's
 * hosted onboarding, check the account after the return, and restart with a new account.
 */

function requirePayments(ctx: Ctx): Payments {
  if (!ctx.deps.payments) throw new AppError("PAYMENTS_UNAVAILABLE");
  return ctx.deps.payments;
}

async function requireUser(ctx: Ctx, userId: number) {
  const user = await users.findUser(ctx.deps.db, userId);
  if (!user) throw new AppError("UNAUTHENTICATED"); // the session outlived its user
  return user;
}

/**
 * createStripeAccountLink: the URL of Stripe's hosted onboarding for the caller. Needs a verified
 * e-mail, then first name, last name, date of birth and an address (PAYMENT_DETAILS_MISSING names
 * the missing ones in `details.missing`, in the screen's order), and an address whose postal code
 * still passes today's rules. Creates the caller's Express account the first time and keeps its id;
 * afterwards every call only makes a new link, also to finish or correct a completed onboarding.
 */
export async function createStripeAccountLink(ctx: Ctx): Promise<TAccountLink> {
  const userId = requireViewer(ctx).userId;
  const payments = requirePayments(ctx);
  const user = await requireUser(ctx, userId);
  if (user.emailVerifiedAt === null) throw new AppError("EMAIL_NOT_VERIFIED");
  const address = await addressInUse(ctx.deps.db, userId);
  const missing = missingOnboardingRequirements(user, address !== null);
  if (missing.length > 0) throw new AppError("PAYMENT_DETAILS_MISSING", { details: { missing: missing.join(",") } });
  // An address saved under older rules (or by the demo data) is checked as a new one would be.
  const addressProblems = ZCreateOrUpdateAddressInput.safeParse(address).error?.issues ?? [];
  if (addressProblems.some((i) => i.path[0] === "postalCode")) throw new AppError("PAYMENT_POSTAL_CODE_INVALID");

  let accountId = user.stripeAccountId;
  try {
    accountId ??= await storeNewAccount(ctx, payments, user);
    return { url: await createOnboardingLink(payments, accountId, ctx.deps.config.publicUrl) };
  } catch (e) {
    if (e instanceof AppError) throw e;
    ctx.deps.logger.warn("stripe: onboarding link refused", { userId, account: accountId, ...stripeErrorFields(e) });
    throw onboardingError(e);
  }
}

/**
 * Creates the Express account outside any transaction (no row lock is held while Stripe answers)
 * and stores it unless a concurrent request stored one first; with the same row version both got
 * the same account from Stripe (connected-accounts.ts, idempotency key), so nothing is lost.
 */
async function storeNewAccount(ctx: Ctx, payments: Payments, user: { id: number; email: string; updatedAt: Date }): Promise<string> {
  const account = await createConnectedAccount(payments, user);
  return ctx.deps.db.transaction(async (tx) => {
    await users.lockUser(tx, user.id);
    const current = await users.findUser(tx, user.id);
    if (current?.stripeAccountId) {
      if (current.stripeAccountId !== account.id) {
        ctx.deps.logger.warn("stripe: a connected account was created twice; the stored one stays", { userId: user.id, unused: account.id });
      }
      return current.stripeAccountId;
    }
    await users.setPaymentAccount(tx, user.id, { stripeAccountId: account.id, ...accountStateChanges(account) }, ctx.deps.clock.now());
    return account.id;
  });
}

/** Reads the user's connected account from Stripe and stores its state; false when there is none. */
async function checkAccount(ctx: Ctx, payments: Payments, userId: number): Promise<boolean> {
  const user = await requireUser(ctx, userId);
  if (!user.stripeAccountId) return false;
  const account = await retrieveConnectedAccount(payments, user.stripeAccountId);
  // By the account's id: a reset that happened meanwhile makes it nobody's, and nothing changes.
  await ctx.deps.db.transaction((tx) => applyAccountState(tx, account, ctx.deps.clock.now()));
  return true;
}

/**
 * refreshPaymentAccount: the check after the return from Stripe (`?stripe-return`). Reads the
 * connected account and stores its state, so the screen does not wait for the `account.updated`
 * webhook; answers the account as myAccount does.
 */
export async function refreshPaymentAccount(ctx: Ctx): Promise<TMyAccount> {
  const userId = requireViewer(ctx).userId;
  const payments = requirePayments(ctx);
  try {
    await checkAccount(ctx, payments, userId);
  } catch (e) {
    if (e instanceof AppError) throw e;
    ctx.deps.logger.warn("stripe: connected account could not be read", { userId, ...stripeErrorFields(e) });
    throw new AppError("PAYMENT_ACCOUNT_CHECK_FAILED", { cause: e });
  }
  return users.myAccount(ctx);
}

/**
 * The wrapper's `myAccount(updatePaymentDetails: true)`: the same check before answering. The
 * wrapper's main query must not fail because Stripe is away or payments are off: then it answers
 * the stored state (and logs).
 */
export async function myAccountWithPaymentDetails(ctx: Ctx, updatePaymentDetails: boolean): Promise<TMyAccount> {
  const userId = requireViewer(ctx).userId;
  if (updatePaymentDetails && ctx.deps.payments) {
    await checkAccount(ctx, ctx.deps.payments, userId).catch((e: unknown) => {
      if (e instanceof AppError) throw e;
      ctx.deps.logger.warn("stripe: connected account could not be read", { userId, ...stripeErrorFields(e) });
    });
  }
  return users.myAccount(ctx);
}

/**
 * resetPaymentAccount: the restart. Forgets the caller's connected account and its state, so the
 * next createStripeAccountLink creates a new one; the old account is deleted at Stripe when it
 * cannot take charges and kept otherwise (connected-accounts.ts retireConnectedAccount says why).
 * Without an account there is nothing to do. Answers the account as myAccount does.
 */
export async function resetPaymentAccount(ctx: Ctx): Promise<TMyAccount> {
  const userId = requireViewer(ctx).userId;
  const payments = requirePayments(ctx);
  const old = await ctx.deps.db.transaction(async (tx) => {
    await users.lockUser(tx, userId);
    const user = await users.findUser(tx, userId);
    if (!user?.stripeAccountId) return null;
    await users.clearPaymentAccount(tx, userId, ctx.deps.clock.now());
    return user.stripeAccountId;
  });
  if (old) await retireConnectedAccount(payments, old, ctx.deps.logger);
  return users.myAccount(ctx);
}
