import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowRight, Building2, CircleCheck, LoaderCircle, LogIn, UserRound, Wallet } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { PAYMENT_ONBOARDING_CHECK_DELAY_MS } from "@shared/constants";
import { missingOnboardingRequirements, onboardingState } from "@shared/rules/payment-onboarding";
import type { TMyAccount } from "@shared/schemas/users";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { setAccount, useAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { useMessageCatalogue } from "@client/lib/messages";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { EmailVerification } from "@client/features/account/email-verification";
import { useReturnSearch } from "@client/features/auth/use-return-search";
import { AddressBlock } from "./address-block";
import { myAddressesQueryOptions, type OnboardingSearch } from "./payments-queries";
import { PersonalDataBlock } from "./personal-data-block";
import { RestartOnboarding } from "./restart-onboarding";
import { MissingRequirements, StartOnboarding } from "./start-onboarding";
import { useOnboardingLink } from "./use-onboarding-link";

function Header() {
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-white px-5 pt-5 pb-4">
      <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.onboarding_title()}</h1>
      <p className="mt-1 text-[16px] leading-snug text-slate-700">{m.onboarding_subtitle()}</p>
    </div>
  );
}

/** A state shown as one centred message with an icon (signed out, ready). */
function Centred({ icon, tone, children }: { icon: ReactNode; tone: "green" | "slate"; children: ReactNode }) {
  const tones = { green: "bg-pitch-100 text-pitch-800", slate: "bg-slate-100 text-slate-600" };
  return (
    <div className="px-1 pt-4 text-center">
      <div className={`mx-auto mb-5 inline-flex size-20 items-center justify-center rounded-full ${tones[tone]}`}>{icon}</div>
      {children}
    </div>
  );
}

/** 1. Not signed in: log in to collect payments, and come back here. */
function SignedOut() {
  const returnSearch = useReturnSearch();
  return (
    <Centred tone="slate" icon={<Wallet aria-hidden className="size-10" />}>
      <p role="alert" className="mx-auto max-w-sm text-[17px] font-semibold text-slate-900">
        {m.onboarding_signed_out()}
      </p>
      <Link to="/login" search={returnSearch} className={buttonClassName({ size: "lg", className: "mt-6 min-w-60" })}>
        <LogIn aria-hidden className="size-5" />
        {m.menu_sign_in()}
      </Link>
    </Centred>
  );
}

/** 3. Payments fully enabled: success and the way to create a game. */
function Ready({ account }: { account: TMyAccount }) {
  return (
    <Centred tone="green" icon={<CircleCheck aria-hidden className="size-10" />}>
      <h2 role="status" className="text-[22px] leading-tight font-extrabold text-pitch-800">
        {m.onboarding_ready_title()}
      </h2>
      <p className="mx-auto mt-2 max-w-sm text-[16px] leading-relaxed text-slate-700">{m.onboarding_ready_text()}</p>
      {account.paymentPayoutsEnabled ? null : (
        <div className="mt-4 text-left">
          <Notice tone="info">{m.onboarding_payouts_pending()}</Notice>
        </div>
      )}
      <Link to="/create/game" className={buttonClassName({ size: "lg", block: true, className: "mt-6" })}>
        {m.onboarding_ready_create()}
        <ArrowRight aria-hidden className="size-5" />
      </Link>
    </Centred>
  );
}

function HelpBox({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-slate-200 bg-white p-4 shadow-xs">
      <h3 className="flex items-center gap-2.5 text-[17px] font-bold text-slate-900">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">{icon}</span>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** 4. Onboarding completed but charges not enabled: the problem and two ways on. */
function ChargesDisabled() {
  const link = useOnboardingLink();
  const continueButton = (variant: "primary" | "outline") => (
    <Button variant={variant} block loading={link.pending} onClick={() => void link.go()}>
      {m.onboarding_continue()}
      <ArrowRight aria-hidden className="size-5" />
    </Button>
  );
  return (
    <>
      <Notice tone="error">{m.onboarding_charges_disabled()}</Notice>
      {link.error ? <Notice tone="error">{errorMessage(link.error)}</Notice> : null}
      <HelpBox icon={<UserRound aria-hidden className="size-5" />} title={m.onboarding_help_private_title()}>
        <p className="mt-2 text-[15px] leading-relaxed text-slate-700">{m.onboarding_help_private_text()}</p>
        <div className="mt-4 space-y-2">
          <RestartOnboarding variant="outline" />
          {continueButton("outline")}
        </div>
      </HelpBox>
      <HelpBox icon={<Building2 aria-hidden className="size-5" />} title={m.onboarding_help_org_title()}>
        <p className="mt-2 text-[15px] leading-relaxed text-slate-700">{m.onboarding_help_org_text()}</p>
        <div className="mt-4">{continueButton("primary")}</div>
      </HelpBox>
    </>
  );
}

/** 5. Otherwise: personal data, address, and the start when nothing is missing. */
function Setup({ account, returned, linkExpired }: { account: TMyAccount; returned: boolean; linkExpired: boolean }) {
  const addresses = useQuery(myAddressesQueryOptions());
  const link = useOnboardingLink();
  if (addresses.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        {m.common_loading()}
      </div>
    );
  }
  if (addresses.isError) {
    return (
      <div className="space-y-3">
        <Notice tone="error">{errorMessage(addresses.error)}</Notice>
        <Button variant="outline" block onClick={() => void addresses.refetch()}>
          {m.common_retry()}
        </Button>
      </div>
    );
  }
  const address = addresses.data[0] ?? null;
  const missing = missingOnboardingRequirements(account, address !== null);
  const resumable = account.hasPaymentAccount && missing.length === 0;
  return (
    <>
      {resumable && (linkExpired || returned) ? (
        <div className="space-y-3 rounded-3xl border border-sky-200 bg-sky-50 p-4">
          <p className="text-[15px] leading-snug text-sky-900">{linkExpired ? m.onboarding_link_expired() : m.onboarding_not_finished()}</p>
          {link.error ? <Notice tone="error">{errorMessage(link.error)}</Notice> : null}
          <Button block loading={link.pending} onClick={() => void link.go()}>
            {m.onboarding_continue()}
            <ArrowRight aria-hidden className="size-5" />
          </Button>
        </div>
      ) : null}
      <PersonalDataBlock account={account} />
      <AddressBlock address={address} />
      <StartOnboarding missing={missing} hasPaymentAccount={account.hasPaymentAccount} />
      {account.hasPaymentAccount ? <RestartOnboarding /> : null}
    </>
  );
}

/**
 * The check after the return from the provider (`?stripe-return`): reads the account from the
 * provider (payments.refreshAccount), so the screen does not wait for the webhook, then drops the
 * flag from the address. Runs once per arrival.
 */
function useReturnCheck(search: OnboardingSearch, signedIn: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = useMutation(trpc.payments.refreshAccount.mutationOptions());
  const [returned, setReturned] = useState(false);
  const started = useRef(false);
  const wanted = search["stripe-return"] === true && signedIn;

  const run = async () => {
    const account = await refresh.mutateAsync().catch(() => null);
    if (!account) return;
    void setAccount(queryClient, account);
    setReturned(true);
    void navigate({ to: "/payments-onboarding", search: {}, replace: true, resetScroll: false });
  };

  useEffect(() => {
    if (!wanted || started.current) return;
    started.current = true;
    const timer = window.setTimeout(() => void run(), PAYMENT_ONBOARDING_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
    // run once per arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  return { checking: wanted && !refresh.isError, failed: refresh.isError ? refresh.error : null, retry: () => void run(), returned };
}

/**
 * /payments-onboarding (spec 001 section 2.9): the five states in their order of check, the
 * return from the provider with its check, and the expired link (`?stripe-refresh`).
 */
export function PaymentsOnboardingScreen({ search }: { search: OnboardingSearch }) {
  useLocale();
  useMessageCatalogue();
  const account = useAccount();
  const check = useReturnCheck(search, account !== null);
  const state = onboardingState(account);

  let body: ReactNode;
  if (check.checking) {
    body = (
      <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
        <LoaderCircle aria-hidden className="size-10 animate-spin text-pitch-700" />
        <p className="text-[17px] font-semibold text-slate-800">{m.onboarding_checking()}</p>
      </div>
    );
  } else if (state === "signedOut" || !account) {
    body = <SignedOut />;
  } else if (state === "emailUnverified") {
    body = (
      <>
        <EmailVerification account={account} />
        <UnverifiedRequirements account={account} />
      </>
    );
  } else if (state === "ready") {
    body = <Ready account={account} />;
  } else if (state === "chargesDisabled") {
    body = <ChargesDisabled />;
  } else {
    body = <Setup account={account} returned={check.returned} linkExpired={search["stripe-refresh"] === true} />;
  }

  return (
    <div className="pb-6" data-testid={`onboarding-${check.checking ? "checking" : state}`}>
      <Header />
      <div className="space-y-5 px-5">
        {check.failed ? (
          <div className="space-y-3">
            <Notice tone="error">{errorMessage(check.failed)}</Notice>
            <Button variant="outline" block onClick={check.retry}>
              {m.common_retry()}
            </Button>
          </div>
        ) : null}
        {body}
      </div>
    </div>
  );
}

/** With the e-mail prompt, what else onboarding will need, so nothing comes as a surprise later. */
function UnverifiedRequirements({ account }: { account: TMyAccount }) {
  const addresses = useQuery(myAddressesQueryOptions());
  if (!addresses.isSuccess) return null;
  return <MissingRequirements missing={missingOnboardingRequirements(account, addresses.data.length > 0)} />;
}
