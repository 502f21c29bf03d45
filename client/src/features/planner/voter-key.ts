/**
 * The poll page's voter key: a random id this browser keeps (localStorage), so a visitor without an account
 * finds and changes their own answer. It proves nothing (README.md of server/domains/planner).
 */
const STORAGE_KEY = "kickrunde.pollVoterKey";

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

let memoryKey: string | null = null;

/** This browser's key, made on first use; where storage is unavailable, one for this page's life. */
export function voterKey(): string {
  try {
    let key = localStorage.getItem(STORAGE_KEY);
    if (!key || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
      key = randomKey();
      localStorage.setItem(STORAGE_KEY, key);
    }
    return key;
  } catch {
    memoryKey ??= randomKey();
    return memoryKey;
  }
}
