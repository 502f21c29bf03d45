import { diskAssets } from "./http/static";
import { loadConfigOrExit, serveStaged } from "./start";

// Starts in stages (start.ts, server/README.md "Cold start"): listening first, the services after.
const cfg = loadConfigOrExit();
serveStaged(cfg, { assets: diskAssets(cfg.clientDist) });
