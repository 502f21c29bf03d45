import { useState } from "react";
import { SwitchField } from "@client/components/switch-field";
import { useLocale } from "@client/lib/locale";
import { isNativeApp } from "@client/lib/native-bridge";
import { currentPushDeviceToken, requestDeviceToken } from "@client/lib/notifications";
import { m } from "@client/paraglide/messages";
import { NotificationsBlocked } from "./notifications-blocked";
import { useNotificationPermission } from "./permission";

export type OrganiserNotifications = {
  /** this device can show notifications at all */
  usable: boolean;
  wanted: boolean;
  setWanted: (wanted: boolean) => void;
  /** the permission is blocked: with `wanted` the create button stays off (spec 000 section 5) */
  denied: boolean;
  /** the device's push token for createGame when notifications are wanted (asks once if needed), else null */
  deviceToken: () => Promise<string | null>;
};

/**
 * Whether the organiser wants this device notified about the new game (spec 000 sections 3 and 7:
 * the draft's deviceToken). On by default where notifications can be shown and are not blocked.
 */
export function useOrganiserNotifications(): OrganiserNotifications {
  const { locale } = useLocale();
  const permission = useNotificationPermission();
  const usable = isNativeApp() || permission.state !== "not_supported";
  const denied = permission.state === "denied";
  const [wanted, setWanted] = useState(() => usable && !denied);

  async function deviceToken(): Promise<string | null> {
    if (!wanted || !usable) return null;
    const known = currentPushDeviceToken();
    if (known) return known;
    // Only a token that receives pushes is of use to the organiser; without one the game is still created.
    const result = await requestDeviceToken({ language: locale, pushOnly: true });
    permission.refresh();
    return "token" in result ? result.token : null;
  }

  return { usable, wanted: wanted && usable, setWanted, denied, deviceToken };
}

/** The create form's notifications switch, with how to allow them while they are blocked. */
export function GameNotificationsField({ notifications }: { notifications: OrganiserNotifications }) {
  if (!notifications.usable) return null;
  return (
    <section aria-label={m.game_form_notifications()} className="space-y-4 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
      <SwitchField
        label={m.game_form_notifications()}
        hint={m.game_form_notifications_hint()}
        checked={notifications.wanted}
        onCheckedChange={notifications.setWanted}
      />
      {notifications.wanted && notifications.denied ? (
        <>
          <NotificationsBlocked offerSignIn={false} />
          <p className="text-[14px] leading-snug text-slate-600">{m.game_form_notifications_blocked_hint()}</p>
        </>
      ) : null}
    </section>
  );
}
