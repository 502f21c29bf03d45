import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useEffect, useReducer } from "react";
import type { TMyAccount } from "@shared/schemas/users";
import { Notice } from "@client/components/notice";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { EmailVerification } from "@client/features/account/email-verification";
import { DetailsStep } from "./create-court/details-step";
import { Header } from "./create-court/header";
import { LocationStep } from "./create-court/location-step";
import { INITIAL_WIZARD, shownStep, wizardReducer } from "./create-court/wizard-state";

/**
 * /court/create (spec 001 section 2.7): a verified e-mail first (otherwise the verification prompt),
 * then step one picks the place (address, OpenStreetMap place or coordinates on a map) and step two
 * the details. The server keeps the place of step one for the viewer. The steps live in create-court/,
 * their state in create-court/wizard-state.ts.
 */
export function CreateCourtScreen({ account }: { account: TMyAccount }) {
  useLocale();
  const [wizard, dispatch] = useReducer(wizardReducer, INITIAL_WIZARD);
  const step = shownStep(wizard);

  // Braces: Chromium's scrollTo may return a promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [wizard.step]);

  if (!account.emailVerifiedAt) {
    return (
      <div className="pb-6">
        <Header step={null} />
        <div className="space-y-4 px-3">
          <Notice tone="info">{m.court_create_verify_needed()}</Notice>
          <EmailVerification account={account} />
          <Link to="/courts" className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50">
            <ArrowLeft aria-hidden className="size-4" />
            {m.court_find_courts()}
          </Link>
        </div>
      </div>
    );
  }

  if (step === 2 && wizard.location) {
    return (
      <div className="pb-6">
        <Header step={2} />
        <DetailsStep
          location={wizard.location}
          onBack={() => dispatch({ type: "back" })}
          details={wizard.details}
          setDetails={(change) => dispatch({ type: "details", change })}
        />
      </div>
    );
  }
  return (
    <div className="pb-6">
      <Header step={1} />
      <LocationStep
        location={wizard.location}
        onFound={(location) => dispatch({ type: "found", location })}
        onReset={() => dispatch({ type: "reset" })}
        onContinue={() => dispatch({ type: "continue" })}
      />
    </div>
  );
}
