import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { defineCustomClientStrategy, getLocale, setLocale, type Locale } from "@client/paraglide/runtime";

/**
 * A browser whose languages include neither German nor English gets English (spec 001: "fallback
 * en"); it comes after the stored choice and the browser's languages in the strategy
 * (shared/i18n/project.inlang/paraglide.config.mjs). Only in a browser: without one (unit tests) the
 * base locale applies.
 */
if (typeof window !== "undefined") defineCustomClientStrategy("custom-english", { getLocale: () => "en", setLocale: () => {} });

type LocaleContextValue = { locale: Locale; switchLocale: (locale: Locale) => void };

const LocaleContext = createContext<LocaleContextValue | null>(null);

/**
 * Holds the UI language as React state so a switch re-renders every screen that reads it,
 * without a reload. Paraglide keeps the choice in localStorage.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => getLocale());

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const switchLocale = useCallback((next: Locale) => {
    setLocale(next, { reload: false });
    setLocaleState(next);
  }, []);

  const value = useMemo(() => ({ locale, switchLocale }), [locale, switchLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/**
 * Every screen calls this so it re-renders in the new language; messages are read at render time.
 */
export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error("useLocale must be used inside LocaleProvider");
  return value;
}
