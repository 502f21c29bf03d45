import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useId } from "react";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { RegistrationDone } from "./registration-done";
import { closeSignIn, openSignIn, showRegistered, useSignInModalState, type SignInMode } from "./sign-in-modal-state";

/**
 * The sign-in modal with its registered/sign-in toggle (spec 001 section 2.1): sign in or register
 * over the page the user is on, who stays there; everything on the page is loaded again for the
 * signed-in user. Registering ends on the "check your inbox" step.
 */
export function SignInModal() {
  useLocale();
  const { open, mode, registered, warning, email } = useSignInModalState();
  const router = useRouter();
  const queryClient = useQueryClient();
  const tabsId = useId();
  const close = useCallback(() => closeSignIn(), []);

  /** The page behind now belongs to a signed-in user: route guards and every query ask again. */
  async function refreshPage() {
    await router.invalidate();
    await queryClient.invalidateQueries();
  }

  const tabs: { value: SignInMode; label: string }[] = [
    { value: "signIn", label: m.sign_in_modal_tab_sign_in() },
    { value: "register", label: m.sign_in_modal_tab_register() },
  ];

  return (
    <Modal open={open} onClose={close} title={registered ? m.register_done_title() : m.sign_in_modal_title()}>
      {registered ? (
        <RegistrationDone
          email={registered.email}
          sentAt={registered.at}
          next={
            <Button size="lg" block onClick={close}>
              {m.register_done_continue()}
            </Button>
          }
        />
      ) : (
        <>
          <div role="tablist" aria-label={m.sign_in_modal_toggle_label()} className="mb-5 grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1">
            {tabs.map((tab) => {
              const active = tab.value === mode;
              return (
                <button
                  key={tab.value}
                  type="button"
                  role="tab"
                  id={`${tabsId}-${tab.value}`}
                  aria-selected={active}
                  aria-controls={`${tabsId}-panel`}
                  onClick={() => openSignIn(tab.value)}
                  className={`min-h-11 rounded-xl text-[15px] font-semibold transition-colors ${
                    active ? "bg-white text-pitch-800 shadow-sm" : "text-slate-700 hover:text-slate-900"
                  }`}
                >
                  {tab.label}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${mode}`}>
            {mode === "signIn" ? (
              <>
                {warning ? (
                  <p role="alert" className="mb-4 rounded-2xl bg-amber-50 px-3.5 py-3 text-[15px] leading-snug font-semibold text-amber-950 ring-1 ring-amber-200">
                    {warning()}
                  </p>
                ) : (
                  <p className="mb-4 text-[15px] leading-snug text-slate-700">{m.sign_in_modal_sign_in_intro()}</p>
                )}
                <LoginForm
                  key={email ?? ""}
                  initialEmail={email ?? undefined}
                  onSignedIn={async () => {
                    close();
                    await refreshPage();
                  }}
                />
              </>
            ) : (
              <>
                <p className="mb-4 text-[15px] leading-snug text-slate-700">{m.sign_in_modal_register_intro()}</p>
                <RegisterForm
                  withLastName={false}
                  onRegistered={async (account) => {
                    showRegistered(account.email);
                    await refreshPage();
                  }}
                  loginLink={(className) => (
                    <button type="button" className={className} onClick={() => openSignIn("signIn")}>
                      {m.register_login_link()}
                    </button>
                  )}
                />
              </>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
