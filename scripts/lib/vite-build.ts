// Runs `vite build` for the client and exits as soon as it is done. Run as its own process:
// paraglide's vite plugin leaves a handle open for ~30 s after a fresh compile, which kept
// `vite build` alive long after the bundle was written.
import { build } from "vite";
import { VITE_CONFIG } from "./paths";

try {
  await build({ configFile: VITE_CONFIG, mode: "production" });
  process.exit(0);
} catch (e) {
  console.error(e);
  process.exit(1);
}
