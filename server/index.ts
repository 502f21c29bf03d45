import { boot } from "./boot";
import { diskAssets } from "./http/static";
import { loadConfigOrExit, serve } from "./serve";

const cfg = loadConfigOrExit();
serve(await boot(cfg), diskAssets(cfg.clientDist));
