/** External places the app links to. Placeholders until the marketing site is final. */
export const INFO_SITE_URL = "https://kickrunde.de";
export const CONTACT_EMAIL = "hallo@kickrunde.de";
export const CONTACT_URL = `mailto:${CONTACT_EMAIL}`;
export const MISSING_CITY_URL = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent("Neue Stadt für Kickrunde")}`;
export const APP_DOWNLOAD_URL = "https://kickrunde.de/app";
