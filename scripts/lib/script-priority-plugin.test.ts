import { describe, expect, test } from "bun:test";
import { lowPriorityScripts } from "./script-priority-plugin";

describe("index.html's scripts at low priority (script-priority-plugin.ts)", () => {
  const page = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/client-b.js">
    <link rel="stylesheet" crossorigin href="/assets/client-c.css">
  </head>`;

  test("every module script and module preload gets fetchpriority=low; the style sheet keeps its priority", () => {
    const html = lowPriorityScripts(page);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/client-b.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/client-c.css">');
  });

  test("a second pass changes nothing", () => {
    const once = lowPriorityScripts(page);
    expect(lowPriorityScripts(once)).toBe(once);
  });
});
