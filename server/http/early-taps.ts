import { createHash } from "node:crypto";
import { HELD_LINK_SELECTOR } from "@shared/constants";

/**
 * Taps before the app has hydrated a page the server drew (decision in server/http/README.md "Taps before the app
 * is ready"). Until the browser's app has taken over the drawn HTML, a button does nothing: a tap on it was lost (a
 * guest tapping "Anmelden" in the banner, MITSPIELEN or "Team anmelden" on a slow phone), and a form's submit button
 * sent the bare HTML form. This script, inline before the drawn screen, holds the last such tap: buttons, labels,
 * check boxes and radio buttons, `<summary>`, and download links (the calendar file: the app says that it comes);
 * other links still work as links (the server draws where they lead) until the app starts hydrating
 * (`window.__kickrundeHydrating`, client/src/lib/early-taps.ts): from then on React would take a link's tap and
 * navigate in the middle of hydrating, so such a tap (without a modifier, in the same tab) is held too. When the app
 * has committed, client/src/lib/early-taps.ts takes the tap and replays it on the same element once React has it (a
 * link's once the whole page is hydrated), if it is still there. Inline, so it runs before the first tap can come;
 * the content security policy allows exactly this text by its hash (security-headers.ts), so no other inline script
 * runs.
 *
 * It also starts the app's code once the drawn page is on the screen (decision in server/http/README.md "The app's
 * code after the first paint"): first-screen.ts turns the page's module script and module preloads into inert
 * placeholders (`data-after-paint`), and this script puts real ones in their place once the browser reports the first
 * contentful paint (its `paint` performance entry, not the first paint of the background before it; a frame later
 * where there is none) and the drawn screen's images in view (laid out, not hidden) have
 * loaded and been painted (the largest element may be one), at once in a tab that is or becomes hidden (it paints
 * nothing), and after 3 s at the latest.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var d=document,last=null;function hold(e){var g=e.target&&e.target.closest?e.target:null;if(!g)return;var t=g.closest(\'button,[role="button"],summary,label,input[type="checkbox"],input[type="radio"],input[type="submit"],a[download]\')||(window.__kickrundeHydrating&&!(e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)?g.closest(' + JSON.stringify(HELD_LINK_SELECTOR) + '):null);if(!t)return;e.preventDefault();e.stopImmediatePropagation();last=t}d.addEventListener("click",hold,true);window.__kickrundeEarlyTaps={take:function(){d.removeEventListener("click",hold,true);var t=last;last=null;return t}};' +
  'var started=false;function start(){if(started)return;started=true;var l=d.querySelectorAll("[data-after-paint]");for(var i=0;i<l.length;i++){var o=l[i],n;if(o.tagName==="LINK"){n=d.createElement("link");n.rel="modulepreload";n.href=o.getAttribute("href")}else{n=d.createElement("script");n.type="module";n.src=o.getAttribute("data-src")}n.crossOrigin="anonymous";n.setAttribute("fetchpriority","low");d.head.appendChild(n)}}' +
  'function painted(){requestAnimationFrame(function(){setTimeout(start,0)})}' +
  'function images(){var r=d.getElementById("root"),l=r?r.getElementsByTagName("img"):[],n=1,h=window.innerHeight;function one(){if(--n===0)painted()}for(var i=0;i<l.length;i++){var g=l[i],b=g.getBoundingClientRect();if(!g.complete&&b.width>0&&b.top<h&&b.bottom>0){n++;g.addEventListener("load",one);g.addEventListener("error",one)}}one()}' +
  'var seen=false;function first(){if(seen)return;seen=true;setTimeout(images,0)}' +
  'if(d.visibilityState==="hidden")start();else{var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)first()}).observe({type:"paint",buffered:true});else requestAnimationFrame(first);d.addEventListener("visibilitychange",start);setTimeout(start,3000)}})();';

/** The script-src source that allows the script above and nothing else inline. */
export const EARLY_TAPS_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(EARLY_TAPS_SCRIPT).digest("base64")}'`;

/** The script element put before the drawn screen. */
export const earlyTapsElement = () => `<script>${EARLY_TAPS_SCRIPT}</script>`;
