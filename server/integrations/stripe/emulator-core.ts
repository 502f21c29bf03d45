import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { decodeForm, invalidRequest, mergeMetadata, noSuch, Params, StripeApiError, unexpectedState } from "./emulator-params";

/**
 * The objects and state machines of the local Stripe emulator (HTTP in emulator.ts): connected
 * accounts with their onboarding, account links, payment intents with manual and automatic capture,
 * their charges, refunds, and the events each change creates. Every object is built as the SDK's
 * own type (`Stripe.Account`, `Stripe.PaymentIntent`, ...), so a field Stripe adds or renames in a
 * new SDK version is a type error here rather than a silent drift.
 */

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const randomId = (prefix: string, length = 24) =>
  prefix + Array.from(randomBytes(length), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");

/** The API request behind a change (events carry it), or none for the hosted pages and test controls. */
export type RequestRef = Stripe.Event.Request;
export const NO_REQUEST: RequestRef = { id: null, idempotency_key: null };

/** What confirming a payment intent does, as Stripe's test cards and the hosted checkout page choose it. */
export type ConfirmOutcome = "success" | "decline" | "insufficient_funds" | "authentication";
export type AuthenticationResult = "authorise" | "fail";
export type BusinessType = "individual" | "company";

/** Stripe's test payment methods (https://docs.stripe.com/testing) the emulator understands. */
const TEST_PAYMENT_METHODS: Record<string, { type: string; outcome: ConfirmOutcome }> = {
  pm_card_visa: { type: "card", outcome: "success" },
  pm_card_mastercard: { type: "card", outcome: "success" },
  pm_card_de: { type: "card", outcome: "success" },
  pm_card_visa_chargeDeclined: { type: "card", outcome: "decline" },
  pm_card_chargeDeclined: { type: "card", outcome: "decline" },
  pm_card_visa_chargeDeclinedInsufficientFunds: { type: "card", outcome: "insufficient_funds" },
  pm_card_chargeDeclinedInsufficientFunds: { type: "card", outcome: "insufficient_funds" },
  pm_card_authenticationRequired: { type: "card", outcome: "authentication" },
  pm_card_threeDSecure2Required: { type: "card", outcome: "authentication" },
};

export const PAYMENT_METHOD_TYPES = ["card", "paypal", "klarna", "sepa_debit", "link", "giropay", "sofort", "eps", "ideal", "bancontact"] as const;
/** Without allowed_payment_method_types Stripe uses the dashboard's automatic payment methods: ours are these. */
const AUTOMATIC_PAYMENT_METHOD_TYPES = ["card", "klarna", "paypal"];
/** Redirect-based methods: confirming them always goes through the provider's authorisation step. */
const REDIRECT_METHODS = new Set(["paypal", "klarna", "giropay", "sofort", "eps", "ideal", "bancontact"]);

const CONFIRMABLE = ["requires_payment_method", "requires_confirmation", "requires_action"];
const CANCELABLE = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];
const NEW_ACCOUNT_DUE = ["business_profile.mcc", "business_profile.url", "business_type", "external_account", "tos_acceptance.date", "tos_acceptance.ip"];
const incompleteDue = (bt: BusinessType) =>
  bt === "company"
    ? ["company.tax_id", "external_account", "representative.verification.document"]
    : ["external_account", "individual.id_number", "individual.verification.document"];
/** Minimum charge amounts in the smallest unit (Stripe: 50 cents for EUR). */
const MINIMUM_AMOUNT: Record<string, number> = { eur: 50, usd: 50, gbp: 30, chf: 50 };

type EventOf<T extends Stripe.Event["type"]> = Extract<Stripe.Event, { type: T }>;

export type AccountLinkRecord = {
  token: string;
  account: string;
  type: string;
  refreshUrl: string;
  returnUrl: string;
  created: number;
  expiresAt: number;
  /** account links are single-use: once the hosted page was submitted, the link sends to refresh_url */
  used: boolean;
};

export type IdempotencyRecord = { fingerprint: string; status: number; body: string; createdAt: number };

export type EmulatorSnapshot = {
  version: 1;
  accounts: Stripe.Account[];
  deletedAccounts: string[];
  links: AccountLinkRecord[];
  intents: Stripe.PaymentIntent[];
  charges: Stripe.Charge[];
  refunds: Stripe.Refund[];
  paymentMethods: [string, string][];
  events: Stripe.Event[];
  idempotency: [string, IdempotencyRecord][];
};

/** Kept events and idempotency keys (Stripe keeps keys 24 h and events 30 days; a local emulator needs less). */
const MAX_EVENTS = 5000;
const PERSISTED_EVENTS = 1000;
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export class EmulatorCore {
  readonly accounts = new Map<string, Stripe.Account>();
  readonly deletedAccounts = new Set<string>();
  readonly links = new Map<string, AccountLinkRecord>();
  readonly intents = new Map<string, Stripe.PaymentIntent>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  /**
   * Application fee given back by refunds with `refund_application_fee` (Stripe's ApplicationFee
   * `amount_refunded`, in proportion to the refunded amount), per charge; kept in memory only.
   */
  readonly applicationFeeRefunded = new Map<string, number>();
  /** PaymentMethods the emulator created (payment method id -> type) */
  readonly paymentMethods = new Map<string, string>();
  readonly events: Stripe.Event[] = [];
  readonly idempotency = new Map<string, IdempotencyRecord>();

  constructor(
    private readonly opts: {
      now: () => number;
      origin: () => string;
      /** endpoints an event will be sent to (its `pending_webhooks`) */
      pendingWebhooks: () => number;
      onEvent: (event: Stripe.Event) => void;
    },
  ) {}

  private seconds() {
    return Math.floor(this.opts.now() / 1000);
  }

  // -------------------------------------------------------------------------------------------
  // events

  private emit<T extends Stripe.Event["type"]>(
    type: T,
    object: EventOf<T>["data"]["object"],
    request: RequestRef,
    extra: { previous?: EventOf<T>["data"]["previous_attributes"]; account?: string } = {},
  ): void {
    const base: Stripe.EventBase = {
      id: randomId("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: this.seconds(),
      data: { object: structuredClone(object), ...(extra.previous ? { previous_attributes: structuredClone(extra.previous) } : {}) },
      livemode: false,
      pending_webhooks: this.opts.pendingWebhooks(),
      request,
      type,
      ...(extra.account ? { account: extra.account } : {}),
    };
    const event = base as EventOf<T>;
    this.events.push(event);
    if (this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
    this.opts.onEvent(event);
  }

  event(id: string): Stripe.Event {
    const e = this.events.find((x) => x.id === id);
    if (!e) throw noSuch("event", id);
    return e;
  }

  // -------------------------------------------------------------------------------------------
  // accounts

  account(id: string): Stripe.Account {
    const a = this.accounts.get(id);
    // Stripe answers an unknown or deleted connected account with a permission error (403).
    if (!a) {
      throw new StripeApiError(403, {
        type: "invalid_request_error",
        code: "account_invalid",
        message: `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
    return a;
  }

  createAccount(p: Params, request: RequestRef): Stripe.Account {
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
      created: this.seconds(),
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
    this.accounts.set(id, account);
    return account;
  }

  /**
   * An Express account (country DE) under a fixed id, created once: how the offline default knows the
   * demo data's connected accounts, which were never created through the API.
   */
  ensureAccount(id: string, email: string | null): Stripe.Account {
    const existing = this.accounts.get(id);
    if (existing) return existing;
    const pairs: [string, string][] = [["type", "express"], ["country", "DE"], ...(email ? ([["email", email]] as [string, string][]) : [])];
    const created = this.createAccount(new Params(decodeForm(pairs)), NO_REQUEST);
    this.accounts.delete(created.id);
    const account: Stripe.Account = { ...created, id, external_accounts: { ...created.external_accounts!, url: `/v1/accounts/${id}/external_accounts` } };
    this.accounts.set(id, account);
    return account;
  }

  updateAccount(id: string, p: Params, request: RequestRef): Stripe.Account {
    p.only("email", "business_type", "business_profile", "metadata", "default_currency", "expand");
    const account = this.account(id);
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
    this.emitAccountUpdated(before, account, request);
    return account;
  }

  deleteAccount(id: string): Stripe.DeletedAccount {
    this.account(id);
    this.accounts.delete(id);
    this.deletedAccounts.add(id);
    return { id, object: "account", deleted: true };
  }

  private emitAccountUpdated(before: Stripe.Account, after: Stripe.Account, request: RequestRef) {
    const previous: Partial<Stripe.Account> = {};
    for (const key of Object.keys(after) as (keyof Stripe.Account)[]) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) Object.assign(previous, { [key]: before[key] ?? null });
    }
    if (Object.keys(previous).length === 0) return;
    this.emit("account.updated", after, request, { previous, account: after.id });
  }

  /**
   * What the hosted onboarding does: "complete" submits the details and enables charges and
   * payouts; "incomplete" submits details that still leave requirements due, so the account can
   * neither take charges nor receive payouts.
   */
  completeOnboarding(id: string, opts: { businessType?: BusinessType; outcome?: "complete" | "incomplete" } = {}, request = NO_REQUEST): Stripe.Account {
    const account = this.account(id);
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
    account.tos_acceptance = { date: this.seconds(), ip: "127.0.0.1", user_agent: "Stripe emulator" };
    this.emitAccountUpdated(before, account, request);
    return account;
  }

  listAccounts(p: Params): Stripe.ApiList<Stripe.Account> {
    p.only("limit", "starting_after", "ending_before", "expand");
    return page([...this.accounts.values()].reverse(), p, "/v1/accounts");
  }

  createAccountLink(p: Params): Stripe.AccountLink {
    p.only("account", "type", "refresh_url", "return_url", "collect", "collection_options", "expand");
    const accountId = p.requiredStr("account");
    const type = p.requiredStr("type");
    if (type !== "account_onboarding" && type !== "account_update") {
      throw invalidRequest(`Invalid type: must be one of account_onboarding or account_update`, { param: "type" });
    }
    if (!this.accounts.has(accountId)) throw noSuch("account", accountId, "account");
    const refreshUrl = p.requiredStr("refresh_url");
    const returnUrl = p.requiredStr("return_url");
    for (const [param, url] of [["refresh_url", refreshUrl], ["return_url", returnUrl]] as const) {
      if (!isHttpUrl(url)) throw invalidRequest("Not a valid URL", { param, code: "url_invalid" });
    }
    const created = this.seconds();
    const token = randomId("", 24);
    // Stripe's links are short-lived (a few minutes) and single-use.
    const link: AccountLinkRecord = { token, account: accountId, type, refreshUrl, returnUrl, created, expiresAt: created + 300, used: false };
    this.links.set(token, link);
    return { object: "account_link", created, expires_at: link.expiresAt, url: `${this.opts.origin()}/connect/onboarding/${token}` };
  }

  linkState(token: string): { link: AccountLinkRecord; usable: boolean } | null {
    const link = this.links.get(token);
    if (!link) return null;
    return { link, usable: !link.used && link.expiresAt > this.seconds() && this.accounts.has(link.account) };
  }

  // -------------------------------------------------------------------------------------------
  // payment intents

  intent(id: string, param = "intent"): Stripe.PaymentIntent {
    const pi = this.intents.get(id);
    if (!pi) throw noSuch("payment_intent", id, param);
    return pi;
  }

  createPaymentIntent(p: Params, request: RequestRef): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
    refuseLegacyTypes(p);
    p.only(
      "amount",
      "currency",
      "capture_method",
      "application_fee_amount",
      "transfer_data",
      "metadata",
      "allowed_payment_method_types",
      "automatic_payment_methods",
      "description",
      "receipt_email",
      "statement_descriptor_suffix",
      "transfer_group",
      "confirm",
      "payment_method",
      "return_url",
      "expand",
    );
    const amount = p.requiredInt("amount");
    const currency = p.requiredStr("currency").toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: "currency" });
    checkAmount(amount, currency);
    const captureMethod = p.oneOf("capture_method", ["automatic", "automatic_async", "manual"] as const) ?? "automatic_async";
    const fee = p.int("application_fee_amount", { min: 0 });
    const transfer = p.obj("transfer_data")?.only("destination", "amount");
    let transferData: Stripe.PaymentIntent.TransferData | null = null;
    if (transfer) {
      const destination = transfer.requiredStr("destination");
      const destAccount = this.accounts.get(destination);
      if (!destAccount) throw invalidRequest(`No such destination: '${destination}'`, { param: "transfer_data[destination]", code: "resource_missing" });
      if (destAccount.capabilities?.transfers !== "active") {
        throw invalidRequest(
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          { param: "transfer_data[destination]", code: "insufficient_capabilities_for_transfer" },
        );
      }
      const transferAmount = transfer.int("amount", { min: 1 });
      if (transferAmount !== undefined && fee !== undefined) {
        throw invalidRequest("You may only specify one of these parameters: application_fee_amount, transfer_data[amount].", { code: "parameters_exclusive" });
      }
      if (transferAmount !== undefined && transferAmount > amount) {
        throw invalidRequest("The transfer amount must be less than or equal to the amount.", { param: "transfer_data[amount]" });
      }
      transferData = { destination, ...(transferAmount !== undefined ? { amount: transferAmount } : {}) };
    }
    if (fee !== undefined) {
      if (!transferData) {
        throw invalidRequest(
          "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).",
          { param: "application_fee_amount" },
        );
      }
      if (fee > amount) throw invalidRequest("The application fee amount must be less than or equal to the amount.", { param: "application_fee_amount" });
    }
    const types = p.strArray("allowed_payment_method_types");
    const automatic = p.obj("automatic_payment_methods");
    if (types && automatic) {
      throw invalidRequest("You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.", { code: "parameters_exclusive" });
    }
    if (types) checkPaymentMethodTypes(types);
    const automaticEnabled = automatic?.only("enabled", "allow_redirects").bool("enabled") ?? !types;
    const id = randomId("pi_");
    const intent: Stripe.PaymentIntent = {
      id,
      object: "payment_intent",
      allowed_payment_method_types: types ?? null,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: fee ?? null,
      automatic_payment_methods: automaticEnabled
        ? { enabled: true, allow_redirects: automatic?.oneOf("allow_redirects", ["always", "never"] as const) ?? "always" }
        : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${randomId("", 25)}`,
      confirmation_method: "automatic",
      created: this.seconds(),
      currency,
      customer: null,
      customer_account: null,
      description: p.str("description") || null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: mergeMetadata({}, p.metadata()),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: types ?? [...AUTOMATIC_PAYMENT_METHOD_TYPES],
      payment_record: null,
      processing: null,
      receipt_email: p.str("receipt_email") || null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: checkStatementSuffix(p.str("statement_descriptor_suffix")) || null,
      status: "requires_payment_method",
      transfer_data: transferData,
      transfer_group: p.str("transfer_group") || null,
    };
    this.intents.set(id, intent);
    this.emit("payment_intent.created", intent, request);
    if (p.bool("confirm")) {
      return this.confirmWithParams(intent, p.str("payment_method"), undefined, p.str("return_url"), request);
    }
    return { intent };
  }

  updatePaymentIntent(id: string, p: Params): Stripe.PaymentIntent {
    refuseLegacyTypes(p);
    p.only(
      "amount",
      "currency",
      "application_fee_amount",
      "metadata",
      "description",
      "receipt_email",
      "allowed_payment_method_types",
      "payment_method",
      "capture_method",
      "statement_descriptor_suffix",
      "transfer_group",
      "expand",
    );
    const pi = this.intent(id);
    const guard = (field: string, allowed: readonly string[]) => {
      if (!allowed.includes(pi.status)) {
        throw unexpectedState(
          `This PaymentIntent's ${field} could not be updated because it has a status of ${pi.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${allowed.join(", ")}.`,
        );
      }
    };
    const amount = p.int("amount");
    const currency = p.str("currency")?.toLowerCase();
    const fee = p.int("application_fee_amount", { min: 0 });
    const types = p.strArray("allowed_payment_method_types");
    const paymentMethod = p.str("payment_method");
    const captureMethod = p.oneOf("capture_method", ["automatic", "automatic_async", "manual"] as const);
    if (amount !== undefined) guard("amount", CONFIRMABLE);
    if (currency !== undefined) guard("currency", CONFIRMABLE);
    if (types !== undefined) guard("allowed_payment_method_types", CONFIRMABLE);
    if (paymentMethod !== undefined) guard("payment_method", CONFIRMABLE);
    if (captureMethod !== undefined) guard("capture_method", CONFIRMABLE);
    if (fee !== undefined) guard("application_fee_amount", [...CONFIRMABLE, "requires_capture"]);
    const nextAmount = amount ?? pi.amount;
    const nextCurrency = currency ?? pi.currency;
    if (amount !== undefined || currency !== undefined) checkAmount(nextAmount, nextCurrency);
    if (fee !== undefined && !pi.transfer_data) {
      throw invalidRequest("Can only apply an application_fee_amount when the PaymentIntent is attempting a destination payment.", { param: "application_fee_amount" });
    }
    if ((fee ?? pi.application_fee_amount ?? 0) > nextAmount) {
      throw invalidRequest("The application fee amount must be less than or equal to the amount.", { param: "application_fee_amount" });
    }
    if (types) checkPaymentMethodTypes(types);
    if (paymentMethod) this.resolvePaymentMethod(paymentMethod, types ?? pi.payment_method_types);
    const description = p.str("description");
    const receipt = p.str("receipt_email");
    const suffix = checkStatementSuffix(p.str("statement_descriptor_suffix"));
    const group = p.str("transfer_group");
    pi.amount = nextAmount;
    pi.currency = nextCurrency;
    if (fee !== undefined) pi.application_fee_amount = fee;
    if (types) {
      pi.allowed_payment_method_types = types;
      pi.payment_method_types = types;
      pi.automatic_payment_methods = null;
    }
    if (captureMethod) pi.capture_method = captureMethod;
    if (description !== undefined) pi.description = description || null;
    if (receipt !== undefined) pi.receipt_email = receipt || null;
    if (suffix !== undefined) pi.statement_descriptor_suffix = suffix || null;
    if (group !== undefined) pi.transfer_group = group || null;
    pi.metadata = mergeMetadata(pi.metadata, p.metadata());
    // Changing what is paid or how sends the intent back to confirmation (Stripe: confirm again).
    if (amount !== undefined || currency !== undefined || paymentMethod !== undefined || types !== undefined) {
      if (paymentMethod) pi.payment_method = paymentMethod;
      if (types && typeof pi.payment_method === "string" && !types.includes(this.paymentMethods.get(pi.payment_method) ?? "card")) pi.payment_method = null;
      pi.next_action = null;
      pi.status = pi.payment_method ? "requires_confirmation" : "requires_payment_method";
    }
    return pi;
  }

  /** POST /v1/payment_intents/:id/confirm */
  confirmFromApi(id: string, p: Params, request: RequestRef): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
    p.only("payment_method", "payment_method_data", "return_url", "receipt_email", "error_on_requires_action", "expand");
    const pi = this.intent(id);
    const dataType = p.obj("payment_method_data")?.only("type", "billing_details").requiredStr("type");
    const receipt = p.str("receipt_email");
    if (receipt !== undefined) pi.receipt_email = receipt || null;
    const result = this.confirmWithParams(pi, p.str("payment_method"), dataType, p.str("return_url"), request);
    if (p.bool("error_on_requires_action") && result.intent.status === "requires_action") {
      return {
        intent: result.intent,
        error: new StripeApiError(
          402,
          { type: "card_error", code: "authentication_required", message: "Your card was declined. This transaction requires authentication.", payment_intent: structuredClone(result.intent) },
          true,
        ),
      };
    }
    return result;
  }

  private confirmWithParams(
    pi: Stripe.PaymentIntent,
    paymentMethod: string | undefined,
    dataType: string | undefined,
    returnUrl: string | undefined,
    request: RequestRef,
  ): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
    this.assertConfirmable(pi);
    let pm: { id: string; type: string; outcome: ConfirmOutcome };
    if (dataType) {
      if (!pi.payment_method_types.includes(dataType)) throw incompatibleType(dataType, pi);
      pm = { id: this.newPaymentMethod(dataType), type: dataType, outcome: REDIRECT_METHODS.has(dataType) ? "authentication" : "success" };
    } else if (paymentMethod) {
      pm = this.resolvePaymentMethod(paymentMethod, pi.payment_method_types);
    } else if (typeof pi.payment_method === "string") {
      pm = this.resolvePaymentMethod(pi.payment_method, pi.payment_method_types);
    } else {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
      );
    }
    if (pm.outcome === "authentication" && returnUrl !== undefined && !isHttpUrl(returnUrl)) {
      throw invalidRequest("Not a valid URL", { param: "return_url", code: "url_invalid" });
    }
    return this.applyConfirmation(pi, pm, pm.outcome, returnUrl ?? null, request);
  }

  private assertConfirmable(pi: Stripe.PaymentIntent) {
    if (!CONFIRMABLE.includes(pi.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(", ")}.`,
      );
    }
  }

  private newPaymentMethod(type: string): string {
    const id = randomId("pm_");
    this.paymentMethods.set(id, type);
    return id;
  }

  /** A test payment method (a fresh PaymentMethod is created for it, as Stripe does) or one the emulator made. */
  private resolvePaymentMethod(id: string, allowedTypes: readonly string[]): { id: string; type: string; outcome: ConfirmOutcome } {
    const test = TEST_PAYMENT_METHODS[id];
    const type = test?.type ?? this.paymentMethods.get(id);
    if (!type) throw invalidRequest(`No such PaymentMethod: '${id}'`, { param: "payment_method", code: "resource_missing" });
    if (!allowedTypes.includes(type)) {
      throw invalidRequest(
        `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowedTypes.join(", ")}. Alternatively update the allowed_payment_method_types for this PaymentIntent to include "${type}".`,
        { param: "payment_method", code: "payment_intent_incompatible_payment_method" },
      );
    }
    if (test) return { id: this.newPaymentMethod(type), type, outcome: test.outcome };
    return { id, type, outcome: REDIRECT_METHODS.has(type) ? "authentication" : "success" };
  }

  /**
   * Confirms with a chosen outcome (hosted checkout page and test controls): success authorises
   * (manual capture: requires_capture) or pays (automatic capture: succeeded); decline returns the
   * intent to requires_payment_method with last_payment_error; authentication asks for the 3-D
   * Secure or wallet step (requires_action).
   */
  confirmWithOutcome(id: string, outcome: ConfirmOutcome, opts: { paymentMethodType?: string; returnUrl?: string | null } = {}, request = NO_REQUEST) {
    const pi = this.intent(id);
    this.assertConfirmable(pi);
    const type = opts.paymentMethodType ?? pi.payment_method_types[0] ?? "card";
    if (!pi.payment_method_types.includes(type)) throw incompatibleType(type, pi);
    return this.applyConfirmation(pi, { id: this.newPaymentMethod(type), type }, outcome, opts.returnUrl ?? null, request);
  }

  private applyConfirmation(
    pi: Stripe.PaymentIntent,
    pm: { id: string; type: string },
    outcome: ConfirmOutcome,
    returnUrl: string | null,
    request: RequestRef,
  ): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
    if (outcome === "success") return { intent: this.authorise(pi, pm, request) };
    if (outcome === "authentication") {
      pi.status = "requires_action";
      pi.payment_method = pm.id;
      pi.last_payment_error = null;
      const q = new URLSearchParams({ client_secret: pi.client_secret ?? "", ...(returnUrl ? { return_url: returnUrl } : {}) });
      pi.next_action = { type: "redirect_to_url", redirect_to_url: { url: `${this.opts.origin()}/checkout/${pi.id}/authenticate?${q}`, return_url: returnUrl } };
      this.emit("payment_intent.requires_action", pi, request);
      return { intent: pi };
    }
    const insufficient = outcome === "insufficient_funds";
    const card = pm.type === "card";
    const code = card ? "card_declined" : "payment_method_provider_decline";
    const declineCode = insufficient ? "insufficient_funds" : "generic_decline";
    const message = !card
      ? "The payment was declined by the payment method provider."
      : insufficient
        ? "Your card has insufficient funds."
        : "Your card was declined.";
    const charge = this.newCharge(pi, pm, { failure: { code, message, declineCode } });
    pi.status = "requires_payment_method";
    pi.payment_method = null;
    pi.next_action = null;
    pi.latest_charge = charge.id;
    pi.last_payment_error = {
      type: card ? "card_error" : "invalid_request_error",
      code,
      ...(card ? { decline_code: declineCode } : {}),
      message,
      charge: charge.id,
      payment_method_type: pm.type,
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
    };
    this.emit("charge.failed", charge, request);
    this.emit("payment_intent.payment_failed", pi, request);
    const error = new StripeApiError(
      402,
      {
        type: "card_error",
        code,
        ...(card ? { decline_code: declineCode } : {}),
        message,
        charge: charge.id,
        payment_intent: structuredClone(pi),
        doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
      },
      true,
    );
    return { intent: pi, error };
  }

  /** The second step of requires_action: the customer authorises (or fails) 3-D Secure or the wallet. */
  authenticate(id: string, result: AuthenticationResult, request = NO_REQUEST): Stripe.PaymentIntent {
    const pi = this.intent(id);
    if (pi.status !== "requires_action" || typeof pi.payment_method !== "string") {
      throw unexpectedState(`This PaymentIntent cannot be authenticated because it has a status of ${pi.status}.`);
    }
    const pm = { id: pi.payment_method, type: this.paymentMethods.get(pi.payment_method) ?? "card" };
    if (result === "authorise") return this.authorise(pi, pm, request);
    pi.status = "requires_payment_method";
    pi.payment_method = null;
    pi.next_action = null;
    pi.last_payment_error = {
      type: "invalid_request_error",
      code: "payment_intent_authentication_failure",
      message:
        "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
      payment_method_type: pm.type,
      doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
    };
    this.emit("payment_intent.payment_failed", pi, request);
    return pi;
  }

  private authorise(pi: Stripe.PaymentIntent, pm: { id: string; type: string }, request: RequestRef): Stripe.PaymentIntent {
    const manual = pi.capture_method === "manual";
    const charge = this.newCharge(pi, pm, { captured: !manual });
    pi.payment_method = pm.id;
    pi.latest_charge = charge.id;
    pi.last_payment_error = null;
    pi.next_action = null;
    this.emit("charge.succeeded", charge, request);
    if (manual) {
      pi.status = "requires_capture";
      pi.amount_capturable = pi.amount;
      this.emit("payment_intent.amount_capturable_updated", pi, request);
    } else {
      pi.status = "succeeded";
      pi.amount_received = pi.amount;
      this.emit("payment_intent.succeeded", pi, request);
    }
    return pi;
  }

  capture(id: string, p: Params, request: RequestRef): Stripe.PaymentIntent {
    p.only("amount_to_capture", "application_fee_amount", "metadata", "final_capture", "expand");
    const pi = this.intent(id);
    const amountToCapture = p.int("amount_to_capture", { min: 0 });
    const fee = p.int("application_fee_amount", { min: 0 });
    if (pi.status !== "requires_capture") {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const amount = amountToCapture ?? pi.amount_capturable;
    if (amount > pi.amount_capturable) {
      throw invalidRequest(`The amount_to_capture (${amount}) must be less than or equal to the PaymentIntent's amount_capturable (${pi.amount_capturable}).`, {
        param: "amount_to_capture",
        code: "amount_too_large",
      });
    }
    if (fee !== undefined && !pi.transfer_data) throw invalidRequest("Can only apply an application_fee_amount on a destination payment.", { param: "application_fee_amount" });
    if ((fee ?? pi.application_fee_amount ?? 0) > amount) {
      throw invalidRequest("The application fee amount must be less than or equal to the captured amount.", { param: "application_fee_amount" });
    }
    const charge = this.charges.get(String(pi.latest_charge))!;
    if (fee !== undefined) pi.application_fee_amount = fee;
    pi.metadata = mergeMetadata(pi.metadata, p.metadata());
    pi.status = "succeeded";
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    charge.captured = true;
    charge.amount_captured = amount;
    // Stripe releases the part not captured: it shows as refunded on the charge.
    charge.amount_refunded = pi.amount - amount;
    charge.application_fee_amount = pi.application_fee_amount;
    charge.balance_transaction = randomId("txn_");
    this.emit("charge.captured", charge, request);
    this.emit("payment_intent.succeeded", pi, request);
    return pi;
  }

  cancel(id: string, p: Params, request: RequestRef): Stripe.PaymentIntent {
    p.only("cancellation_reason", "expand");
    const reason = p.oneOf("cancellation_reason", ["duplicate", "fraudulent", "requested_by_customer", "abandoned"] as const);
    return this.cancelWith(id, reason ?? null, request);
  }

  private cancelWith(id: string, reason: Stripe.PaymentIntent.CancellationReason | null, request: RequestRef, expired = false): Stripe.PaymentIntent {
    const pi = this.intent(id);
    if (!CANCELABLE.includes(pi.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
      );
    }
    const releasing = pi.status === "requires_capture";
    pi.status = "canceled";
    pi.canceled_at = this.seconds();
    pi.cancellation_reason = reason;
    pi.amount_capturable = 0;
    pi.next_action = null;
    if (releasing) {
      const charge = this.charges.get(String(pi.latest_charge))!;
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
      if (expired) this.emit("charge.expired", charge, request);
    }
    this.emit("payment_intent.canceled", pi, request);
    return pi;
  }

  /** An uncaptured authorisation runs out (Stripe: after 7 days for cards): the intent is canceled automatically. */
  expireAuthorisation(id: string): Stripe.PaymentIntent {
    const pi = this.intent(id);
    if (pi.status !== "requires_capture") throw unexpectedState(`Only an authorisation in requires_capture can expire; this PaymentIntent is ${pi.status}.`);
    return this.cancelWith(id, "automatic", NO_REQUEST, true);
  }

  // -------------------------------------------------------------------------------------------
  // charges and refunds

  private newCharge(
    pi: Stripe.PaymentIntent,
    pm: { id: string; type: string },
    opts: { captured?: boolean; failure?: { code: string; message: string; declineCode: string } },
  ): Stripe.Charge {
    const failed = opts.failure !== undefined;
    const captured = !failed && opts.captured === true;
    const destination = pi.transfer_data?.destination;
    const charge: Stripe.Charge = {
      id: randomId("ch_"),
      object: "charge",
      amount: pi.amount,
      amount_captured: captured ? pi.amount : 0,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: pi.application_fee_amount,
      balance_transaction: captured ? randomId("txn_") : null,
      billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
      calculated_statement_descriptor: pi.statement_descriptor_suffix ? `${STATEMENT_PREFIX}* ${pi.statement_descriptor_suffix}` : STATEMENT_PREFIX,
      captured,
      created: this.seconds(),
      currency: pi.currency,
      customer: null,
      description: pi.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: opts.failure?.code ?? null,
      failure_message: opts.failure?.message ?? null,
      fraud_details: {},
      livemode: false,
      metadata: { ...pi.metadata },
      on_behalf_of: null,
      outcome: failed
        ? {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: "declined_by_network",
            reason: opts.failure!.declineCode,
            risk_level: "normal",
            seller_message: "The bank did not return any further details with this decline.",
            type: "issuer_declined",
          }
        : {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: "approved_by_network",
            reason: null,
            risk_level: "normal",
            seller_message: "Payment complete.",
            type: "authorized",
          },
      paid: !failed,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: { type: pm.type },
      receipt_email: pi.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: pi.statement_descriptor_suffix,
      status: failed ? "failed" : "succeeded",
      transfer_data: destination ? { amount: pi.transfer_data?.amount ?? null, destination } : null,
      transfer_group: pi.transfer_group,
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  charge(id: string, param = "charge"): Stripe.Charge {
    const c = this.charges.get(id);
    if (!c) throw noSuch("charge", id, param);
    return c;
  }

  refund(id: string): Stripe.Refund {
    const r = this.refunds.get(id);
    if (!r) throw noSuch("refund", id, "refund");
    return r;
  }

  createRefund(p: Params, request: RequestRef): Stripe.Refund {
    p.only("payment_intent", "charge", "amount", "reason", "metadata", "refund_application_fee", "reverse_transfer", "expand");
    const piId = p.str("payment_intent");
    const chargeId = p.str("charge");
    if (!piId && !chargeId) throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.");
    let charge: Stripe.Charge;
    if (piId) {
      const pi = this.intent(piId, "payment_intent");
      if (pi.status !== "succeeded") {
        throw unexpectedState(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
      }
      charge = this.charges.get(String(pi.latest_charge))!;
      if (chargeId && chargeId !== charge.id) throw invalidRequest(`Charge ${chargeId} does not belong to PaymentIntent ${pi.id}.`, { param: "charge" });
    } else {
      charge = this.charge(chargeId!);
      if (!charge.captured || charge.status !== "succeeded") throw unexpectedState(`Charge ${charge.id} has no captured amount to refund.`);
    }
    const refunded = [...this.refunds.values()].filter((r) => r.charge === charge.id && r.status !== "failed").reduce((s, r) => s + r.amount, 0);
    const remaining = charge.amount_captured - refunded;
    if (remaining <= 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded", executed: true });
    }
    const amount = p.int("amount", { min: 1 }) ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, {
        param: "amount",
        code: "amount_too_large",
        executed: true,
      });
    }
    const refundFee = p.bool("refund_application_fee") === true;
    p.bool("reverse_transfer");
    if (refundFee && charge.application_fee_amount) {
      // Stripe refunds the fee in proportion to the amount refunded, never more than the fee
      const done = this.applicationFeeRefunded.get(charge.id) ?? 0;
      const share = Math.floor((charge.application_fee_amount * (refunded + amount)) / charge.amount_captured);
      this.applicationFeeRefunded.set(charge.id, Math.min(charge.application_fee_amount, Math.max(done, share)));
    }
    const refund: Stripe.Refund = {
      id: randomId("re_"),
      object: "refund",
      amount,
      balance_transaction: randomId("txn_"),
      charge: charge.id,
      created: this.seconds(),
      currency: charge.currency,
      customer: null,
      customer_account: null,
      destination_details: { type: charge.payment_method_details?.type ?? "card" },
      metadata: mergeMetadata({}, p.metadata()),
      payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
      payment_method: charge.payment_method,
      reason: p.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"] as const) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    this.emit("refund.created", refund, request);
    this.emit("charge.refunded", charge, request);
    return refund;
  }

  // -------------------------------------------------------------------------------------------
  // lists, expansion, persistence

  listEvents(p: Params): Stripe.ApiList<Stripe.Event> {
    p.only("limit", "starting_after", "ending_before", "type", "types");
    const type = p.str("type");
    const types = p.strArray("types");
    const matches = (t: string) => (!type || (type.endsWith("*") ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
    return page([...this.events].reverse().filter((e) => matches(e.type)), p, "/v1/events");
  }

  /** Replaces ids by objects for the `expand[]` paths Stripe allows on these objects. */
  expand<T extends { object: string }>(obj: T, paths: readonly string[] | undefined): T {
    if (!paths || paths.length === 0) return obj;
    const out = structuredClone(obj) as Record<string, unknown>;
    for (const path of paths) {
      const allowed: Record<string, Record<string, (id: string) => unknown>> = {
        payment_intent: { latest_charge: (id) => this.charges.get(id) },
        refund: { charge: (id) => this.charges.get(id), payment_intent: (id) => this.intents.get(id) },
        charge: { payment_intent: (id) => this.intents.get(id) },
      };
      const resolve = allowed[obj.object]?.[path];
      if (!resolve) throw invalidRequest(`This property cannot be expanded (${path}).`, { param: "expand" });
      const value = out[path];
      if (typeof value === "string") out[path] = structuredClone(resolve(value)) ?? value;
    }
    return out as T;
  }

  snapshot(): EmulatorSnapshot {
    const cutoff = this.seconds() - IDEMPOTENCY_TTL_SECONDS;
    return {
      version: 1,
      accounts: [...this.accounts.values()],
      deletedAccounts: [...this.deletedAccounts],
      links: [...this.links.values()].filter((l) => l.expiresAt > this.seconds()),
      intents: [...this.intents.values()],
      charges: [...this.charges.values()],
      refunds: [...this.refunds.values()],
      paymentMethods: [...this.paymentMethods],
      events: this.events.slice(-PERSISTED_EVENTS),
      idempotency: [...this.idempotency].filter(([, r]) => r.createdAt > cutoff),
    };
  }

  restore(s: EmulatorSnapshot) {
    for (const a of s.accounts) this.accounts.set(a.id, a);
    for (const id of s.deletedAccounts) this.deletedAccounts.add(id);
    for (const l of s.links) this.links.set(l.token, l);
    for (const pi of s.intents) this.intents.set(pi.id, pi);
    for (const c of s.charges) this.charges.set(c.id, c);
    for (const r of s.refunds) this.refunds.set(r.id, r);
    for (const [id, type] of s.paymentMethods) this.paymentMethods.set(id, type);
    this.events.push(...s.events);
    for (const [k, r] of s.idempotency) this.idempotency.set(k, r);
  }
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

function checkAmount(amount: number, currency: string) {
  const minimum = MINIMUM_AMOUNT[currency] ?? 50;
  if (amount < minimum) {
    const shown = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(minimum / 100);
    throw invalidRequest(`Amount must be at least ${shown} ${currency}`, { param: "amount", code: "amount_too_small" });
  }
  if (amount > 99_999_999) throw invalidRequest("Amount must be no more than 999,999.99", { param: "amount", code: "amount_too_large" });
}

/** The platform's static statement prefix in the emulator (the card statement shows `<prefix>* <suffix>`). */
const STATEMENT_PREFIX = "KICKRUNDE";

/**
 * Stripe's rules for a dynamic suffix (docs "Statement descriptors"): Latin characters, at least one
 * letter, none of < > \\ ' " *, and the whole `<prefix>* <suffix>` at most 22 characters.
 */
function checkStatementSuffix(suffix: string | undefined): string | undefined {
  if (!suffix) return suffix;
  const param = "statement_descriptor_suffix";
  if (STATEMENT_PREFIX.length + 2 + suffix.length > 22) throw invalidRequest(`The statement descriptor suffix must be at most ${22 - STATEMENT_PREFIX.length - 2} characters with your prefix.`, { param });
  if (!/[A-Za-z]/.test(suffix)) throw invalidRequest("The statement descriptor suffix must contain at least one letter.", { param });
  if (/[<>\\'"*]/.test(suffix) || /[^\x20-\x7E\u00A0-\u024F]/.test(suffix)) throw invalidRequest("The statement descriptor suffix contains characters that are not allowed.", { param });
  return suffix;
}

function checkPaymentMethodTypes(types: readonly string[]) {
  if (types.length === 0) throw invalidRequest("Invalid array", { param: "allowed_payment_method_types", code: "parameter_invalid_empty" });
  for (const t of types) {
    if (!(PAYMENT_METHOD_TYPES as readonly string[]).includes(t)) {
      throw invalidRequest(`The payment method type provided: ${t} is invalid. Please ensure the provided type is activated in your dashboard.`, {
        param: "allowed_payment_method_types",
        code: "payment_intent_invalid_parameter",
      });
    }
  }
}

/**
 * API version 2026-10-28 replaced the `payment_method_types` parameter by
 * `allowed_payment_method_types` (the object still reports the usable ones as `payment_method_types`).
 */
function refuseLegacyTypes(p: Params) {
  if (p.has("payment_method_types")) {
    throw invalidRequest(
      `Received unknown parameter: payment_method_types. With API version ${Stripe.API_VERSION} use allowed_payment_method_types.`,
      { param: "payment_method_types", code: "parameter_unknown" },
    );
  }
}

const incompatibleType = (type: string, pi: Stripe.PaymentIntent) =>
  invalidRequest(
    `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(", ")}.`,
    { param: "payment_method", code: "payment_intent_incompatible_payment_method" },
  );

export function isHttpUrl(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const u = new URL(s);
  return u.protocol === "http:" || u.protocol === "https:";
}

/** Stripe's cursor pagination over a list in its order (newest first). */
function page<T extends { id?: string }>(items: T[], p: Params, url: string): Stripe.ApiList<T> {
  const limit = p.int("limit", { min: 1 }) ?? 10;
  if (limit > 100) throw invalidRequest("This value must be less than or equal to 100.", { param: "limit" });
  const after = p.str("starting_after");
  const before = p.str("ending_before");
  let start = 0;
  let end = items.length;
  if (after) {
    const i = items.findIndex((x) => x.id === after);
    if (i < 0) throw invalidRequest(`No such object: '${after}'`, { param: "starting_after", code: "resource_missing" });
    start = i + 1;
  }
  if (before) {
    const i = items.findIndex((x) => x.id === before);
    if (i < 0) throw invalidRequest(`No such object: '${before}'`, { param: "ending_before", code: "resource_missing" });
    end = i;
    start = Math.max(start, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return { object: "list", data, has_more: start + limit < end, url };
}
