import { FALLBACK_LANGUAGE, GAME_TIME_ZONE, type Language } from "@shared/constants";
import { formatMoney } from "@shared/rules/money";
import { spotsLeft } from "@shared/rules/player-list";
import { supportedLanguage } from "@shared/schemas/common";
import type { TGame } from "@shared/schemas/games";

/**
 * The reader's language from an Accept-Language header: of the languages we speak, the one with the
 * highest weight (the first listed on a tie; q=0 means "not this one"); a reader who accepts none of
 * them, or sends no header, gets English (spec 001: fallback English), never German.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  let best: { language: Language; q: number } | null = null;
  for (const range of (header ?? "").split(",")) {
    const [tag = "", ...params] = range.split(";");
    const weight = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    const language = supportedLanguage(tag);
    if (language && q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? FALLBACK_LANGUAGE;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const TEXT = {
  de: {
    locale: "de_DE",
    game: "Kickrunde",
    free: "kostenlos",
    cancelled: "Abgesagt",
    spots: (n: number) => (n === 1 ? "1 Platz frei" : `${n} Plätze frei`),
    full: "Voll – Warteliste offen",
    players: (n: number, min: number) => `${n} von mindestens ${min} Spielern dabei`,
    at: "um",
    clock: "Uhr",
  },
  en: {
    locale: "en_GB",
    game: "Kickrunde",
    free: "free",
    cancelled: "Cancelled",
    spots: (n: number) => (n === 1 ? "1 spot left" : `${n} spots left`),
    full: "Full – waiting list open",
    players: (n: number, min: number) => `${n} of at least ${min} players in`,
    at: "at",
    clock: "",
  },
} as const;

/**
 * Open Graph and Twitter tags for a shared game link, so a messenger shows title, time, place and
 * spots left before anyone opens the app. Times in Europe/Berlin, text in the reader's language.
 */
export function gamePreviewTags(game: TGame, lang: Language, url: string): { title: string; tags: string } {
  const t = TEXT[lang];
  const when = new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", {
    timeZone: GAME_TIME_ZONE,
    weekday: "short",
    day: "numeric",
    month: "short",
  }).format(game.startTime);
  const time = new Intl.DateTimeFormat("de-DE", { timeZone: GAME_TIME_ZONE, hour: "2-digit", minute: "2-digit" }).format(game.startTime);
  const place = game.court?.name ?? game.region.name;
  const title = `${game.title ?? t.game} · ${when} ${t.at} ${time}${t.clock ? ` ${t.clock}` : ""} · ${place}`;
  const left = spotsLeft(game.participantsAmount, game.maxPlayers);
  const status = game.cancelledAt
    ? t.cancelled
    : left === null
      ? t.players(game.participantsAmount, game.minPlayers)
      : left > 0
        ? t.spots(left)
        : t.full;
  const price = game.priceCents > 0 ? formatMoney(game.priceCents, lang) : t.free;
  const description = [status, price, game.court?.address].filter(Boolean).join(" · ");
  const tags = [
    ["og:type", "website"],
    ["og:site_name", "Kickrunde"],
    ["og:title", title],
    ["og:description", description],
    ["og:url", url],
    ["og:locale", t.locale],
    ...(game.court?.imageUrl ? [["og:image", game.court.imageUrl]] : []),
  ]
    .map(([p, c]) => `<meta property="${p}" content="${escape(c!)}" />`)
    .concat(
      [
        ["twitter:card", game.court?.imageUrl ? "summary_large_image" : "summary"],
        ["twitter:title", title],
        ["twitter:description", description],
        ["description", description],
      ].map(([n, c]) => `<meta name="${n}" content="${escape(c!)}" />`),
    )
    .join("\n    ");
  return { title: escape(title), tags };
}

/**
 * Puts the tags into the built index.html (replacing its title and generic description).
 * The replacements are functions, never strings: a string replacement interprets `$&`, `$'`, `` $` ``
 * in the (user-written) title and would copy parts of the page into it.
 */
export function injectIntoIndex(html: string, preview: { title: string; tags: string }): string {
  return html
    .replace(/<meta name="description"[^>]*>\s*/i, () => "")
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${preview.title}</title>`)
    .replace("</head>", () => `    ${preview.tags}\n  </head>`);
}
