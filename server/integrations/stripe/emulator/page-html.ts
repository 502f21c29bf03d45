/**
 * The hosted pages of the local Stripe emulator: plain server-rendered HTML standing in for Stripe's
 * Connect onboarding and for Stripe.js confirming a payment (with its 3-D Secure or wallet step).
 * German and English (`?locale=de|en`, else the browser's Accept-Language, else German); no
 * scripts, large touch targets, readable at 390 px.
 */

export type PageLocale = "de" | "en";

export function pageLocale(query: string | null, acceptLanguage: string | null): PageLocale {
  if (query === "de" || query === "en") return query;
  return acceptLanguage?.trim().toLowerCase().startsWith("en") ? "en" : "de";
}

const TEXT = {
  de: {
    badge: "Testmodus · Stripe-Emulator",
    onboardingTitle: "Auszahlungskonto einrichten",
    onboardingIntro: "Diese Seite vertritt Stripes Einrichtung im Testmodus. Es werden keine echten Daten erhoben.",
    account: "Konto",
    email: "E-Mail",
    businessType: "Geschäftsform",
    individual: "Einzelperson",
    company: "Unternehmen",
    complete: "Einrichtung abschließen",
    incomplete: "Unvollständig lassen",
    checkoutTitle: "Zahlung",
    amount: "Betrag",
    manualNote: "Der Betrag wird jetzt nur vorgemerkt und später eingezogen.",
    paymentMethod: "Zahlungsmethode",
    outcome: "Testergebnis",
    pay: "Erfolgreich bezahlen",
    decline: "Zahlung ablehnen lassen",
    authenticate: "Mit Authentifizierung (3-D Secure)",
    authTitle: "Zahlung bestätigen",
    authCard: (amount: string) => `Testauthentifizierung (3-D Secure) für ${amount}.`,
    authWallet: (provider: string, amount: string) => `Testfreigabe bei ${provider} für ${amount}.`,
    authorise: "Autorisieren",
    fail: "Fehlschlagen lassen",
    invalidLink: "Dieser Link ist ungültig.",
    invalidPayment: "Dieser Zahlungslink ist ungültig.",
    alreadyDone: "Diese Zahlung ist bereits abgeschlossen.",
    back: "Zurück zur App",
    otherLanguage: "English",
    methods: { card: "Karte", paypal: "PayPal", klarna: "Klarna", sepa_debit: "SEPA-Lastschrift" } as Record<string, string>,
  },
  en: {
    badge: "Test mode · Stripe emulator",
    onboardingTitle: "Set up your payout account",
    onboardingIntro: "This page stands in for Stripe's onboarding in test mode. No real data is collected.",
    account: "Account",
    email: "E-mail",
    businessType: "Business type",
    individual: "Individual",
    company: "Company",
    complete: "Complete setup",
    incomplete: "Leave incomplete",
    checkoutTitle: "Payment",
    amount: "Amount",
    manualNote: "The amount is only authorised now and captured later.",
    paymentMethod: "Payment method",
    outcome: "Test outcome",
    pay: "Pay successfully",
    decline: "Let the payment be declined",
    authenticate: "With authentication (3-D Secure)",
    authTitle: "Confirm the payment",
    authCard: (amount: string) => `Test authentication (3-D Secure) for ${amount}.`,
    authWallet: (provider: string, amount: string) => `Test authorisation at ${provider} for ${amount}.`,
    authorise: "Authorise",
    fail: "Fail",
    invalidLink: "This link is not valid.",
    invalidPayment: "This payment link is not valid.",
    alreadyDone: "This payment has already been completed.",
    back: "Back to the app",
    otherLanguage: "Deutsch",
    methods: { card: "Card", paypal: "PayPal", klarna: "Klarna", sepa_debit: "SEPA Direct Debit" } as Record<string, string>,
  },
} as const;

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:26rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(50,50,93,.15);padding:1.25rem}
.badge{display:inline-block;background:#ffde92;color:#7a3d00;font-size:.75rem;font-weight:600;padding:.125rem .5rem;border-radius:4px;margin:0 0 .75rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
p{margin:0 0 1rem}
dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;font-size:.9375rem}
dt{color:#697386}dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:2rem;font-weight:700;margin:0 0 .75rem}
fieldset{border:1px solid #e3e8ee;border-radius:8px;margin:0 0 1rem;padding:.25rem .75rem .5rem}
legend{font-weight:600;padding:0 .25rem}
label{display:flex;gap:.625rem;align-items:center;min-height:44px;cursor:pointer}
input[type=radio]{width:1.25rem;height:1.25rem;accent-color:#635bff;margin:0}
button{display:block;width:100%;min-height:48px;border:0;border-radius:8px;font:inherit;font-weight:600;margin:.5rem 0 0;cursor:pointer}
.primary{background:#635bff;color:#fff}
.secondary{background:#e3e8ee;color:#1a1f36}
.danger{background:#fff;color:#c0123c;border:1px solid #c0123c}
.muted{color:#697386;font-size:.875rem}
a{color:#4f46e5}
nav{margin-top:1rem;text-align:center;font-size:.875rem}`;

function frame(locale: PageLocale, title: string, body: string, languageLink?: string): string {
  const t = TEXT[locale];
  const nav = languageLink ? `<nav><a href="${esc(languageLink)}" hreflang="${locale === "de" ? "en" : "de"}">${t.otherLanguage}</a></nav>` : "";
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${CSS}</style></head>
<body><main><div class="card"><p class="badge">${t.badge}</p><h1>${esc(title)}</h1>
${body}</div>${nav}</main></body></html>`;
}

export function formatAmount(amount: number, currency: string, locale: PageLocale): string {
  return new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** The same page in the other language. */
function otherLanguage(path: string, params: Record<string, string>, locale: PageLocale): string {
  const q = new URLSearchParams({ ...params, locale: locale === "de" ? "en" : "de" });
  return `${path}?${q}`;
}

export function onboardingPage(p: { locale: PageLocale; action: string; accountId: string; email: string | null; businessType: string | null }): string {
  const t = TEXT[p.locale];
  const checked = (v: string) => ((p.businessType ?? "individual") === v ? " checked" : "");
  const body = `<p>${t.onboardingIntro}</p>
<dl><dt>${t.account}</dt><dd>${esc(p.accountId)}</dd>${p.email ? `<dt>${t.email}</dt><dd>${esc(p.email)}</dd>` : ""}</dl>
<form method="post" action="${esc(p.action)}">
<input type="hidden" name="locale" value="${p.locale}">
<fieldset><legend>${t.businessType}</legend>
<label><input type="radio" name="business_type" value="individual"${checked("individual")}> ${t.individual}</label>
<label><input type="radio" name="business_type" value="company"${checked("company")}> ${t.company}</label>
</fieldset>
<button class="primary" type="submit" name="outcome" value="complete">${t.complete}</button>
<button class="secondary" type="submit" name="outcome" value="incomplete">${t.incomplete}</button>
</form>`;
  return frame(p.locale, t.onboardingTitle, body, otherLanguage(p.action, {}, p.locale));
}

/** What both payment pages (checkout and its authentication step) show and post back. */
type PaymentPage = { locale: PageLocale; action: string; clientSecret: string; returnUrl: string; amount: number; currency: string };

/** The payment a page's form posts back, with the page's language. */
const paymentFields = (p: PaymentPage) => `<input type="hidden" name="client_secret" value="${esc(p.clientSecret)}">
<input type="hidden" name="return_url" value="${esc(p.returnUrl)}">
<input type="hidden" name="locale" value="${p.locale}">`;

const paymentInOtherLanguage = (p: PaymentPage) => otherLanguage(p.action, { client_secret: p.clientSecret, return_url: p.returnUrl }, p.locale);

export function checkoutPage(p: PaymentPage & { description: string | null; manualCapture: boolean; paymentMethodTypes: readonly string[] }): string {
  const t = TEXT[p.locale];
  const methods = p.paymentMethodTypes
    .map((m, i) => `<label><input type="radio" name="payment_method_type" value="${esc(m)}"${i === 0 ? " checked" : ""}> ${esc(t.methods[m] ?? m)}</label>`)
    .join("\n");
  const body = `${p.description ? `<p>${esc(p.description)}</p>` : ""}
<p class="muted">${t.amount}</p><p class="amount">${esc(formatAmount(p.amount, p.currency, p.locale))}</p>
${p.manualCapture ? `<p class="muted">${t.manualNote}</p>` : ""}
<form method="post" action="${esc(p.action)}">
${paymentFields(p)}
<fieldset><legend>${t.paymentMethod}</legend>
${methods}
</fieldset>
<p class="muted">${t.outcome}</p>
<button class="primary" type="submit" name="outcome" value="success">${t.pay}</button>
<button class="secondary" type="submit" name="outcome" value="authentication">${t.authenticate}</button>
<button class="danger" type="submit" name="outcome" value="decline">${t.decline}</button>
</form>`;
  return frame(p.locale, t.checkoutTitle, body, paymentInOtherLanguage(p));
}

export function authenticatePage(p: PaymentPage & { paymentMethodType: string }): string {
  const t = TEXT[p.locale];
  const amount = formatAmount(p.amount, p.currency, p.locale);
  const text = p.paymentMethodType === "card" ? t.authCard(amount) : t.authWallet(t.methods[p.paymentMethodType] ?? p.paymentMethodType, amount);
  const body = `<p>${esc(text)}</p>
<form method="post" action="${esc(p.action)}">
${paymentFields(p)}
<button class="primary" type="submit" name="result" value="authorise">${t.authorise}</button>
<button class="danger" type="submit" name="result" value="fail">${t.fail}</button>
</form>`;
  return frame(p.locale, t.authTitle, body, paymentInOtherLanguage(p));
}

export type MessageKind = "invalidLink" | "invalidPayment" | "alreadyDone";

export function messagePage(p: { locale: PageLocale; kind: MessageKind; backUrl?: string }): string {
  const t = TEXT[p.locale];
  const body = p.backUrl ? `<p><a href="${esc(p.backUrl)}">${t.back}</a></p>` : "";
  return frame(p.locale, t[p.kind], body);
}

export const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
