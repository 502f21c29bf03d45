import type Stripe from "stripe";
import { emit } from "./events";
import { NO_REQUEST, randomId, type AccountLinkRecord, type EmulatorStore, type RequestRef } from "./store";
import { decodeForm, invalidRequest, isHttpUrl, mergeMetadata, noSuch, page, Params } from "./validation";

/**
 * Connected accounts of the local Stripe emulator (`/v1/accounts`, Express by default) with their
 * onboarding (what the hosted onboarding page and the `completeOnboarding` test control do), and
 * account links, the single-use, short-lived links to that hosted page (`/v1/account_links`).
 * Every change emits `account.updated` with the previous attributes, on the account itself.
 */

export type BusinessType = "individual" | "company";

const NEW_ACCOUNT_DUE = ["business_profile.mcc", "business_profile.url", "business_type", "external_account", "tos_acceptance.date", "tos_acceptance.ip"];
const incompleteDue = (bt: BusinessType) =>
  bt === "company"
    ? ["company.tax_id", "external_account", "representative.verification.document"]
    : ["external_account", "individual.id_number", "individual.verification.document"];

export function createAccount(store: EmulatorStore, p: Params, request: RequestRef): Stripe.Account {
  p.only("type", "country", "email", "business_type", "capabilities", "controller", "metadata", "business_profile", "default_currency", "expand");
  const type = p.oneOf("type", ["express", "standard", "custom"] as const);
  const controller = p.obj("controller");
  const dashboard = controller?.obj("stripe_dashboard")?.str("type");
  const country = (p.str("country") || "DE").toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw invalidRequest(`Invalid country: ${country}`, { param: "country" });
  const businessType = p.oneOf("business_type", ["individual", "company", "non_profit", "government_entity"] as const);
  const requested = p.obj("capabilities");
  const capabilities: Stripe.Account.Capabilities = {};
  for (const name of ["card_payments", "transfers", "klarna_payments", "sepa_debit_payments"] as const) {
    if (requested?.obj(name)?.bool("requested")) capabilities[name] = "inactive";
  }
  if (!requested) Object.assign(capabilities, { card_payments: "inactive", transfers: "inactive" });
  const profile = p.obj("business_profile");
  const id = randomId("acct_", 16);
  const account: Stripe.Account = {
    id,
    object: "account",
    business_profile: {
      mcc: profile?.str("mcc") ?? null,
      minority_owned_business_designation: null,
      name: profile?.str("name") ?? null,
      product_description: profile?.str("product_description") ?? null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: profile?.str("url") ?? null,
    },
    business_type: businessType ?? null,
    capabilities,
    charges_enabled: false,
    controller: {
      type: "application",
      is_controller: true,
      ...(type === "express" || dashboard === "express" ? { stripe_dashboard: { type: "express" as const } } : {}),
    },
    country,
    created: store.seconds(),
    default_currency: (p.str("default_currency") || "eur").toLowerCase(),
    details_submitted: false,
    email: p.str("email") || null,
    external_accounts: { object: "list", data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    future_requirements: requirements([], null),
    metadata: mergeMetadata({}, p.metadata()),
    payouts_enabled: false,
    requirements: requirements(NEW_ACCOUNT_DUE, "requirements.past_due"),
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: type ?? (dashboard === "express" ? "express" : controller ? "none" : "standard"),
  };
  store.accounts.set(id, account);
  return account;
}

/**
 * An Express account (country DE) under a fixed id, created once: how the offline default knows the
 * demo data's connected accounts, which were never created through the API.
 */
export function ensureAccount(store: EmulatorStore, id: string, email: string | null): Stripe.Account {
  const existing = store.accounts.get(id);
  if (existing) return existing;
  const pairs: [string, string][] = [["type", "express"], ["country", "DE"], ...(email ? ([["email", email]] as [string, string][]) : [])];
  const created = createAccount(store, new Params(decodeForm(pairs)), NO_REQUEST);
  store.accounts.delete(created.id);
  const account: Stripe.Account = { ...created, id, external_accounts: { ...created.external_accounts!, url: `/v1/accounts/${id}/external_accounts` } };
  store.accounts.set(id, account);
  return account;
}

export function updateAccount(store: EmulatorStore, id: string, p: Params, request: RequestRef): Stripe.Account {
  p.only("email", "business_type", "business_profile", "metadata", "default_currency", "expand");
  const account = store.account(id);
  const before = structuredClone(account);
  const email = p.str("email");
  if (email !== undefined) account.email = email || null;
  const bt = p.oneOf("business_type", ["individual", "company", "non_profit", "government_entity"] as const);
  if (bt) account.business_type = bt;
  const profile = p.obj("business_profile");
  if (profile && account.business_profile) {
    profile.only("name", "url", "mcc", "product_description", "support_email");
    for (const k of ["name", "url", "mcc", "product_description", "support_email"] as const) {
      const v = profile.str(k);
      if (v !== undefined) account.business_profile[k] = v || null;
    }
  }
  const currency = p.str("default_currency");
  if (currency) account.default_currency = currency.toLowerCase();
  account.metadata = mergeMetadata(account.metadata ?? {}, p.metadata());
  emitAccountUpdated(store, before, account, request);
  return account;
}

export function deleteAccount(store: EmulatorStore, id: string): Stripe.DeletedAccount {
  store.account(id);
  store.accounts.delete(id);
  store.deletedAccounts.add(id);
  return { id, object: "account", deleted: true };
}

function emitAccountUpdated(store: EmulatorStore, before: Stripe.Account, after: Stripe.Account, request: RequestRef) {
  const previous: Partial<Stripe.Account> = {};
  for (const key of Object.keys(after) as (keyof Stripe.Account)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) Object.assign(previous, { [key]: before[key] ?? null });
  }
  if (Object.keys(previous).length === 0) return;
  emit(store, "account.updated", after, request, { previous, account: after.id });
}

/**
 * What the hosted onboarding does: "complete" submits the details and enables charges and
 * payouts; "incomplete" submits details that still leave requirements due, so the account can
 * neither take charges nor receive payouts.
 */
export function completeOnboarding(store: EmulatorStore, id: string, opts: { businessType?: BusinessType; outcome?: "complete" | "incomplete" } = {}, request = NO_REQUEST): Stripe.Account {
  const account = store.account(id);
  const before = structuredClone(account);
  const businessType = opts.businessType ?? (account.business_type === "company" ? "company" : "individual");
  const complete = (opts.outcome ?? "complete") === "complete";
  account.business_type = businessType;
  account.details_submitted = true;
  account.charges_enabled = complete;
  account.payouts_enabled = complete;
  if (account.business_profile) account.business_profile.mcc ??= "7941";
  for (const name of Object.keys(account.capabilities ?? {}) as (keyof Stripe.Account.Capabilities)[]) {
    account.capabilities![name] = complete ? "active" : "inactive";
  }
  account.requirements = complete ? requirements([], null) : requirements(incompleteDue(businessType), "requirements.past_due");
  account.tos_acceptance = { date: store.seconds(), ip: "127.0.0.1", user_agent: "Stripe emulator" };
  emitAccountUpdated(store, before, account, request);
  return account;
}

export function listAccounts(store: EmulatorStore, p: Params): Stripe.ApiList<Stripe.Account> {
  p.only("limit", "starting_after", "ending_before", "expand");
  return page([...store.accounts.values()].reverse(), p, "/v1/accounts");
}

export function createAccountLink(store: EmulatorStore, p: Params): Stripe.AccountLink {
  p.only("account", "type", "refresh_url", "return_url", "collect", "collection_options", "expand");
  const accountId = p.requiredStr("account");
  const type = p.requiredStr("type");
  if (type !== "account_onboarding" && type !== "account_update") {
    throw invalidRequest(`Invalid type: must be one of account_onboarding or account_update`, { param: "type" });
  }
  if (!store.accounts.has(accountId)) throw noSuch("account", accountId, "account");
  const refreshUrl = p.requiredStr("refresh_url");
  const returnUrl = p.requiredStr("return_url");
  for (const [param, url] of [["refresh_url", refreshUrl], ["return_url", returnUrl]] as const) {
    if (!isHttpUrl(url)) throw invalidRequest("Not a valid URL", { param, code: "url_invalid" });
  }
  const created = store.seconds();
  const token = randomId("", 24);
  // Stripe's links are short-lived (a few minutes) and single-use.
  const link: AccountLinkRecord = { token, account: accountId, type, refreshUrl, returnUrl, created, expiresAt: created + 300, used: false };
  store.links.set(token, link);
  return { object: "account_link", created, expires_at: link.expiresAt, url: `${store.origin()}/connect/onboarding/${token}` };
}

export function linkState(store: EmulatorStore, token: string): { link: AccountLinkRecord; usable: boolean } | null {
  const link = store.links.get(token);
  if (!link) return null;
  return { link, usable: !link.used && link.expiresAt > store.seconds() && store.accounts.has(link.account) };
}

function requirements(due: string[], disabled: Stripe.Account.Requirements.DisabledReason | null): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: disabled,
    errors: [],
    eventually_due: [...due],
    past_due: disabled ? [...due] : [],
    pending_verification: [],
  };
}
