/** Counts from a bun test run: its JUnit file, cross-checked with its console summary. */
export type Counts = { passed: number; failed: number; skipped: number; notes: string[] };

function decode(s: string): string {
  return s
    .replace(/&#10;/g, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every <testcase>: passed unless it holds <failure>/<error>; <skipped> (skip, todo) is neither. */
export function parseJunit(xml: string): Counts & { failedNames: string[]; failedDetails: string[] } {
  const counts = { passed: 0, failed: 0, skipped: 0, notes: [] as string[], failedNames: [] as string[], failedDetails: [] as string[] };
  const re = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const m of xml.matchAll(re)) {
    const attrs = m[1] ?? "";
    const body = m[3] ?? "";
    if (/<(failure|error)\b/.test(body)) {
      counts.failed++;
      const name = decode(attrs.match(/\bname="([^"]*)"/)?.[1] ?? "?");
      const cls = decode(attrs.match(/\bclassname="([^"]*)"/)?.[1] ?? "");
      const file = decode(attrs.match(/\bfile="([^"]*)"/)?.[1] ?? "");
      counts.failedNames.push(`${file}${file ? ": " : ""}${cls ? `${cls} > ` : ""}${name}`);
      counts.failedDetails.push(failureDetail(body));
    } else if (/<skipped\b/.test(body)) counts.skipped++;
    else counts.passed++;
  }
  return counts;
}

/** Lines a summary prints of one failure: CI keeps only the end of the output, so the reason must be there. */
const DETAIL_LINES = 12;
const DETAIL_LINE_CHARS = 240;

/** The failure's text (message and the first frames of its stack), shortened for the summary. */
function failureDetail(body: string): string {
  const text = decode(body.match(/<(?:failure|error)\b[^>]*>([\s\S]*?)<\/(?:failure|error)>/)?.[1] ?? body.match(/\bmessage="([^"]*)"/)?.[1] ?? "");
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .slice(0, DETAIL_LINES)
    .map((line) => (line.length > DETAIL_LINE_CHARS ? `${line.slice(0, DETAIL_LINE_CHARS)}…` : line))
    .join("\n");
}

/** bun test's closing summary (" 12 pass", " 1 fail", " 1 error"), printed on stderr. */
export function parseBunSummary(output: string): { pass: number; fail: number; error: number } | null {
  const num = (word: string) => {
    const all = [...output.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\s*$`, "gm"))];
    return all.length ? Number(all[all.length - 1]![1]) : null;
  };
  const pass = num("pass");
  const fail = num("fail");
  const error = num("errors?");
  if (pass === null && fail === null) return null;
  return { pass: pass ?? 0, fail: fail ?? 0, error: error ?? 0 };
}

/**
 * Combines the JUnit file, the console summary and the exit code so that nothing failing goes
 * uncounted: bun's JUnit file leaves out files that fail to load and tests under a failing hook,
 * and a run that finds no tests or crashes writes no file at all.
 */
export function countBunTest(xml: string | null, output: string, exitCode: number): Counts & { failedNames: string[]; failedDetails: string[] } {
  const fromXml = xml ? parseJunit(xml) : { passed: 0, failed: 0, skipped: 0, notes: [], failedNames: [] as string[], failedDetails: [] as string[] };
  const counts = { ...fromXml, notes: [...fromXml.notes] };
  if (!xml) counts.notes.push("no JUnit report was written");
  const summary = parseBunSummary(output);
  if (summary) {
    const consoleFailed = summary.fail + summary.error;
    if (consoleFailed > counts.failed) {
      counts.notes.push(
        `${consoleFailed - counts.failed} failure(s) bun reported but the JUnit file does not list (load errors, tests under a failing hook)`,
      );
      counts.failed = consoleFailed;
    }
    if (!xml) counts.passed = summary.pass;
  }
  if (exitCode !== 0 && counts.failed === 0) {
    const reason = /No tests found|did not match any test files/i.test(output) ? "no test files found" : `bun test exited with ${exitCode}`;
    counts.notes.push(reason);
    counts.failed = 1;
  }
  return counts;
}
