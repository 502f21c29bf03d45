// Compiler options read by both the vite plugin (client/vite.config.ts) and
// `paraglide-js compile` (scripts/generate.ts), so dev, build and typecheck agree.
// Declarations let `tsc` check imports of the generated JS without `allowJs`.
export default {
  // The user's choice, else the browser's languages (de or en), else English (spec 001 sections 1
  // and 9: fallback en). `custom-english` is defined in client/src/lib/locale.tsx; German stays the
  // base locale (the catalogue's source) and is what runs where no browser is (unit tests).
  strategy: ["localStorage", "preferredLanguage", "custom-english", "baseLocale"],
  localStorageKey: "kickrunde.locale",
  emitTsDeclarations: true,
};
