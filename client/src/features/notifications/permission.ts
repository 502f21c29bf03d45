import { useEffect, useState } from "react";
import { useHydrated } from "@client/lib/hydration";
import { isNativeApp } from "@client/lib/native-bridge";
import { nativePermissionState } from "@client/lib/native-notifications";
import { mapPermission, type PermissionState } from "@client/lib/notification-permission";

/** The permission as known right now, without asking the user. In the native app the wrapper's last answer. */
export function getPermissionState(): PermissionState {
  if (isNativeApp()) return nativePermissionState() ?? "not_asked_yet";
  if (typeof window === "undefined" || typeof Notification === "undefined") return "not_supported";
  return mapPermission(Notification.permission);
}

/**
 * The permission state, re-checked when the window gets the focus or becomes visible again (the
 * user may have changed it in the settings meanwhile; spec 001 section 4). `refresh` re-reads it
 * after the app asked.
 */
export function useNotificationPermission(): { state: PermissionState; refresh: () => void } {
  // hydrating the server's drawing, what it drew (it knows no permission); the effect reads the browser's right after
  const hydrated = useHydrated();
  const [state, setState] = useState<PermissionState>(() => (hydrated ? getPermissionState() : "not_supported"));
  useEffect(() => {
    const check = () => setState(getPermissionState());
    check();
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, []);
  return { state, refresh: () => setState(getPermissionState()) };
}
