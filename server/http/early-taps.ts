import { createHash } from "node:crypto";

/**
 * Taps before the app has hydrated a page the server drew (decision in server/http/README.md "Taps before the app
 * is ready"). Until the browser's app has taken over the drawn HTML, a button does nothing: a tap on it was lost (a
 * guest tapping "Anmelden" in the banner, MITSPIELEN or "Team anmelden" on a slow phone), and a form's submit button
 * sent the bare HTML form. This script, inline before the drawn screen, holds the last such tap: buttons, labels,
 * check boxes and radio buttons, `<summary>`; links still work as links (the server draws where they lead). When the
 * app has committed, client/src/lib/early-taps.ts takes the tap and replays it on the same element if it is still
 * there. Inline, so it runs before the first tap can come; the content security policy allows exactly this text by
 * its hash (security-headers.ts), so no other inline script runs.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var d=document,last=null;function hold(e){var t=e.target&&e.target.closest?e.target.closest(\'button,[role="button"],summary,label,input[type="checkbox"],input[type="radio"],input[type="submit"]\'):null;if(!t)return;e.preventDefault();e.stopImmediatePropagation();last=t}d.addEventListener("click",hold,true);window.__kickrundeEarlyTaps={take:function(){d.removeEventListener("click",hold,true);var t=last;last=null;return t}}})();';

/** The script-src source that allows the script above and nothing else inline. */
export const EARLY_TAPS_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(EARLY_TAPS_SCRIPT).digest("base64")}'`;

/** The script element put before the drawn screen. */
export const earlyTapsElement = () => `<script>${EARLY_TAPS_SCRIPT}</script>`;
