import { useEffect } from "react";
import { useUnreadTotal } from "./chat-queries";

/**
 * The Chat tab badge's count, in a chunk of its own: the tab bar loads it for a signed-in user only, so a guest's
 * first screen does not carry the read bookkeeping and the unread query (issue 28, features/shell/README.md).
 */
export default function UnreadWatch({ onChange }: { onChange: (count: number) => void }) {
  const total = useUnreadTotal();
  useEffect(() => onChange(total), [total, onChange]);
  return null;
}
