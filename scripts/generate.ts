// `bun run generate`: compiles the i18n messages (paraglide) and the TanStack route tree.
// Fails when paraglide produced no messages (the offline CDN trap in stack.md).
import { compileMessages, generateRouteTree } from "./lib/generate";
import { fail } from "./lib/proc";

const messages = await compileMessages();
if (!messages.ok) fail(messages.error);
console.log(`✔ i18n: ${messages.detail}`);

const routes = await generateRouteTree();
if (!routes.ok) fail(`route tree: ${routes.error}`);
console.log(`✔ routes: ${routes.detail}`);
