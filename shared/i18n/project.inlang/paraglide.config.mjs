// Compiler options read by both the vite plugin (client/vite.config.ts) and
// `paraglide-js compile` (scripts/generate.ts), so dev, build and typecheck agree.
// Declarations let `tsc` check imports of the generated JS without `allowJs`.
export default {
  strategy: ["localStorage", "preferredLanguage", "baseLocale"],
  localStorageKey: "kickrunde.locale",
  emitTsDeclarations: true,
};
