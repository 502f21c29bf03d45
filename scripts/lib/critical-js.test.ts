import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { criticalPath, criticalPathOverBudget, largestModules } from "./critical-js";

const dist = mkdtempSync(join(tmpdir(), "kr-critical-js-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

mkdirSync(join(dist, "assets"));
writeFileSync(
  join(dist, "index.html"),
  `<script type="module" crossorigin src="/assets/client-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
<link rel="stylesheet" crossorigin href="/assets/client-c.css">`,
);
writeFileSync(join(dist, "assets/client-a.js"), "x".repeat(3000));
writeFileSync(join(dist, "assets/client-a.js.br"), "x".repeat(1000));
writeFileSync(join(dist, "assets/client-a.js.gz"), "x".repeat(1200));
writeFileSync(join(dist, "assets/runtime-b.js"), "y".repeat(100)); // too small for compressed copies
writeFileSync(join(dist, "assets/client-c.css"), "z".repeat(500));

describe("critical-path JavaScript", () => {
  test("sums the entry and its preloads as served (the .br copy, else the file)", () => {
    const c = criticalPath(dist);
    expect(c.js.map((f) => f.path)).toEqual(["assets/client-a.js", "assets/runtime-b.js"]);
    expect(c.total).toEqual({ bytes: 3100, brotli: 1100, gzip: 1300 });
    expect(c.css.map((f) => f.path)).toEqual(["assets/client-c.css"]);
  });

  test("passes at the budget, fails above it naming the largest app modules and packages", () => {
    const c = criticalPath(dist);
    const modules = [
      { id: "node_modules/react-dom/cjs/react-dom-client.production.js", bytes: 500 },
      { id: "node_modules/@tanstack/router-core/dist/esm/router.js", bytes: 200 },
      { id: "node_modules/@tanstack/router-core/dist/esm/load-client.js", bytes: 150 },
      { id: "client/src/features/shell/burger-menu.tsx", bytes: 90 },
      { id: "shared/errors.ts", bytes: 120 },
    ];
    expect(criticalPathOverBudget(c, modules, 1100)).toBeNull();
    const message = criticalPathOverBudget(c, modules, 1099)!;
    expect(message).toContain("over the budget");
    expect(message.indexOf("shared/errors.ts")).toBeLessThan(message.indexOf("burger-menu.tsx"));
    expect(message).toContain("@tanstack/router-core");
    expect(largestModules(modules).packages[0]).toEqual({ id: "react-dom", bytes: 500 });
    expect(largestModules(modules).packages[1]).toEqual({ id: "@tanstack/router-core", bytes: 350 });
  });
});
