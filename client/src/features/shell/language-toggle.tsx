import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Language } from "@shared/constants";
import { setAccount, useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

const OPTIONS: { value: Language; label: () => string }[] = [
  { value: "de", label: () => m.language_de() },
  { value: "en", label: () => m.language_en() },
];

/** Deutsch / English without a reload; a signed-in user's language is saved on the server too. */
export function LanguageToggle() {
  const { locale, switchLocale } = useLocale();
  const account = useAccount();
  const queryClient = useQueryClient();
  const updateLanguage = useMutation(
    trpc.users.updateLanguage.mutationOptions({
      onSuccess: (updated) => setAccount(queryClient, updated),
      onError: (error) => console.warn("updateLanguage failed", error),
    }),
  );

  function choose(language: Language) {
    if (language === locale) return;
    switchLocale(language);
    if (account) updateLanguage.mutate({ applicationLanguage: language });
  }

  return (
    <div role="group" aria-label={m.menu_language()} className="grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1">
      {OPTIONS.map((option) => {
        const active = option.value === locale;
        return (
          <button
            key={option.value}
            type="button"
            lang={option.value}
            aria-pressed={active}
            onClick={() => choose(option.value)}
            className={`min-h-11 rounded-xl text-[15px] font-semibold transition-colors ${
              active ? "bg-white text-pitch-800 shadow-sm" : "text-slate-700 hover:text-slate-900"
            }`}
          >
            {option.label()}
          </button>
        );
      })}
    </div>
  );
}
