import pkg from "../../../package.json" with { type: "json" };

let release: string | null = null;

/**
 * The build's version, the `release` of every error report (server and browser): the single binary's own
 * (scripts/build.ts: package version + commit, set by server/binary.ts), else the same formula at the first call.
 */
export function buildVersion(): string {
  if (release === null) {
    let sha = "";
    try {
      const git = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { stdout: "pipe", stderr: "ignore" });
      if (git.success) sha = git.stdout.toString().trim();
    } catch {
      // no git on this machine: the package version alone
    }
    release = sha ? `${pkg.version}+${sha}` : pkg.version;
  }
  return release;
}

/** The single binary states its version (embedded at build time) before anything reports. */
export function setBuildVersion(version: string): void {
  release = version;
}
