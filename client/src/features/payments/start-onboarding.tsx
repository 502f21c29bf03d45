import { ArrowRight, CircleAlert, Lock, Wallet } from "lucide-react";
import { useState } from "react";
import type { OnboardingRequirement } from "@shared/rules/payment-onboarding";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { m } from "@client/paraglide/messages";
import { Section } from "./section";
import { useOnboardingLink } from "./use-onboarding-link";

const REQUIREMENT_TEXT: Record<OnboardingRequirement, () => string> = {
  emailVerified: () => m.onboarding_need_email(),
  firstName: () => m.onboarding_need_first_name(),
  lastName: () => m.onboarding_need_last_name(),
  dateOfBirth: () => m.onboarding_need_date_of_birth(),
  address: () => m.onboarding_need_address(),
};

/** The warning that lists what onboarding still needs (spec 001 sections 2.9, 5). */
export function MissingRequirements({ missing }: { missing: readonly OnboardingRequirement[] }) {
  return (
    <div role="status" className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950" data-testid="onboarding-missing">
      <p className="flex items-center gap-2 text-[15px] font-semibold">
        <CircleAlert aria-hidden className="size-5 shrink-0 text-amber-700" />
        {m.onboarding_missing_title()}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-9 text-[15px]">
        {missing.map((r) => (
          <li key={r}>{REQUIREMENT_TEXT[r]()}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The start (spec 001 section 2.9): only when nothing is missing, otherwise the list of what is.
 * Start opens the hint about the business type, whose button sends the browser to the provider.
 */
export function StartOnboarding({ missing, hasPaymentAccount }: { missing: readonly OnboardingRequirement[]; hasPaymentAccount: boolean }) {
  const [hintOpen, setHintOpen] = useState(false);
  const link = useOnboardingLink();

  return (
    <Section icon={<Wallet aria-hidden className="size-5" />} title={m.onboarding_start_title()} labelId="onboarding-start">
      {missing.length > 0 ? (
        <MissingRequirements missing={missing} />
      ) : (
        <>
          <p className="mb-4 flex items-start gap-2 text-[15px] leading-snug text-slate-600">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
            {m.onboarding_secure_note()}
          </p>
          <Button
            size="lg"
            block
            onClick={() => {
              link.reset();
              setHintOpen(true);
            }}
          >
            {hasPaymentAccount ? m.onboarding_continue() : m.onboarding_start()}
            <ArrowRight aria-hidden className="size-5" />
          </Button>
        </>
      )}
      {link.error ? (
        <div className="mt-4">
          <Notice tone="error">{errorMessage(link.error)}</Notice>
        </div>
      ) : null}
      <Modal open={hintOpen} onClose={() => setHintOpen(false)} title={m.onboarding_hint_title()}>
        <p className="text-[16px] leading-relaxed text-slate-700">{m.onboarding_hint_text()}</p>
        <Button
          size="lg"
          block
          className="mt-5"
          loading={link.pending}
          onClick={async () => {
            // An error is shown on the page, next to the address it may be about.
            if (!(await link.go())) setHintOpen(false);
          }}
        >
          {m.onboarding_hint_continue()}
          <ArrowRight aria-hidden className="size-5" />
        </Button>
      </Modal>
    </Section>
  );
}
