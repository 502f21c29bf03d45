import { useNavigate } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

/**
 * In-app link to a path that may not be in the route tree yet (e.g. /chat, /court/1): client-side
 * navigation without a reload, and the not-found screen until the route lands.
 */
export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useNavigate();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate({ href });
  }
  return <a href={href} onClick={handleClick} {...rest} />;
}
