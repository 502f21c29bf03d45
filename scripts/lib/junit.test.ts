import { describe, expect, test } from "bun:test";
import { countBunTest, parseJunit } from "./junit";

/** A report as bun test writes it (`--reporter=junit`): one pass, one failed expectation, one thrown error, one skip. */
const REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="bun test" tests="4" assertions="2" failures="2" skipped="1" time="0.08">
  <testsuite name="a.test.ts" file="a.test.ts" tests="4" assertions="2" failures="2" skipped="1" time="0.06" hostname="vm">
    <testcase name="passes" classname="feed" time="0.001" file="a.test.ts" line="1" assertions="1" />
    <testcase name="x" classname="feed" time="0.001" file="a.test.ts" line="2" assertions="1">
      <failure type="AssertionError" message="expect(received).not.toContain(expected)&#10;&#10;Expected to not contain: &quot;games.byId&quot;&#10;">AssertionError: expect(received).not.toContain(expected)&#10;&#10;Expected to not contain: &quot;games.byId&quot;&#10;Received: [ &quot;games.byId&quot; ]&#10;&#10;      at a.test.ts:2:37&#10;</failure>
    </testcase>
    <testcase name="y" classname="" time="0.05" file="a.test.ts" line="3" assertions="0">
      <failure type="Error" message="${"long ".repeat(100)}">Error: ${"long ".repeat(100)}&#10;${Array.from({ length: 30 }, (_, i) => `      at frame${i} (a.test.ts:${i}:1)`).join("&#10;")}</failure>
    </testcase>
    <testcase name="z" classname="" time="0" file="a.test.ts" line="4" assertions="0"><skipped /></testcase>
  </testsuite>
</testsuites>`;

describe("JUnit reports (scripts/test-all.ts's summary)", () => {
  test("counts each test case once and names the failed ones with file and describe block", () => {
    const counts = parseJunit(REPORT);
    expect({ passed: counts.passed, failed: counts.failed, skipped: counts.skipped }).toEqual({ passed: 1, failed: 2, skipped: 1 });
    expect(counts.failedNames).toEqual(["a.test.ts: feed > x", "a.test.ts: y"]);
  });

  test("keeps each failure's reason, decoded and shortened, for the summary CI shows", () => {
    const [first, second] = parseJunit(REPORT).failedDetails;
    expect(first).toBe('AssertionError: expect(received).not.toContain(expected)\nExpected to not contain: "games.byId"\nReceived: [ "games.byId" ]\n      at a.test.ts:2:37');
    const lines = second!.split("\n");
    expect(lines).toHaveLength(12);
    expect(lines[0]!.length).toBe(241);
    expect(lines[0]!.endsWith("…")).toBe(true);
    expect(lines[11]).toBe("      at frame10 (a.test.ts:10:1)");
  });

  test("a failure bun printed but the report leaves out is still counted", () => {
    const counts = countBunTest(REPORT, " 1 pass\n 3 fail\n", 1);
    expect(counts.failed).toBe(3);
    expect(counts.notes[0]).toContain("1 failure(s)");
    expect(countBunTest(null, "", 1)).toMatchObject({ failed: 1, notes: ["no JUnit report was written", "bun test exited with 1"] });
  });
});
