import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, BellOff } from "lucide-react";
import { useEffect, useState } from "react";
import type { TRegion } from "@shared/schemas/regions";
import { Button } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { useHydrated } from "@client/lib/hydration";
import { isNativeApp } from "@client/lib/native-bridge";
import { fetchNativePermission, fetchNativeToken } from "@client/lib/native-notifications";
import { currentPushDeviceToken, requestDeviceToken } from "@client/lib/notifications";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { getPermissionState, useNotificationPermission } from "./permission";

/**
 * Subscribes this device to the region's new games (spec 000 section 2.7, spec 001 section 7):
 * state from isSubscribedToRegion, the subscriber count from 50 on. Subscribing asks for the
 * notification permission first and needs a token that receives pushes.
 */
export function RegionSubscription({ region }: { region: TRegion }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const permission = useNotificationPermission();
  const hydrated = useHydrated();
  const [deviceToken, setDeviceToken] = useState<string | null>(() => (hydrated ? currentPushDeviceToken() : null));
  // hydrating the server's drawing (which knows no device), the stored token is read once it stands
  useEffect(() => {
    const stored = currentPushDeviceToken();
    if (stored) setDeviceToken((known) => known ?? stored);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // In the wrapper the token is only known once asked for: where the phone already allows notifications, ask
  // quietly (no prompt), so a device that subscribed before shows 'Abbestellen' after a restart too.
  // Until that answer the button waits (a tap meanwhile would be lost in the switch to the known state).
  const [checking, setChecking] = useState(() => isNativeApp() && deviceToken === null);
  useEffect(() => {
    if (!checking) return;
    let current = true;
    void (async () => {
      try {
        if ((await fetchNativePermission()) !== "granted") return;
        const token = await fetchNativeToken();
        if (current && token) setDeviceToken((known) => known ?? token);
      } finally {
        if (current) setChecking(false);
      }
    })();
    return () => {
      current = false;
    };
    // once per mount: a token found later (subscribing) is set by the handler
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const subscribed = useQuery({
    ...trpc.notifications.isSubscribedToRegion.queryOptions({ deviceToken: deviceToken ?? "-", regionId: region.id }),
    enabled: deviceToken !== null && permission.state !== "denied",
  });
  const count = useQuery(trpc.notifications.regionSubscriberCount.queryOptions({ regionId: region.id }));
  const subscribe = useMutation(trpc.notifications.subscribeToRegion.mutationOptions());
  const unsubscribe = useMutation(trpc.notifications.unsubscribeFromRegion.mutationOptions());

  const isSubscribed = deviceToken !== null && permission.state !== "denied" && subscribed.data?.subscribed === true;

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.notifications.isSubscribedToRegion.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.notifications.regionSubscriberCount.queryKey({ regionId: region.id }) }),
    ]);
  }

  function showSubscribed(token: string, value: boolean) {
    queryClient.setQueryData(trpc.notifications.isSubscribedToRegion.queryKey({ deviceToken: token, regionId: region.id }), { subscribed: value });
  }

  async function onSubscribe() {
    setProblem(null);
    setBusy(true);
    try {
      const result = await requestDeviceToken({ language: locale, pushOnly: true });
      permission.refresh();
      if (!("token" in result)) {
        // Blocked is the user's choice, told below the title; only a fault is "contact help" (spec 001 section 8).
        if (!result.blocked) setProblem(m.notifications_setup_error());
        else if (getPermissionState() !== "denied") setProblem(m.region_subscribe_denied());
        return;
      }
      await subscribe.mutateAsync({ deviceToken: result.token, regionId: region.id, messagingLanguage: locale });
      // The answer is the fact: shown at once, then read again. Setting the token first would start the state's
      // first read beside the subscription; a first read in flight absorbs the refresh (TanStack returns it instead
      // of a new one), so a read that came before the subscription's commit showed 'not subscribed' for good.
      showSubscribed(result.token, true);
      setDeviceToken(result.token);
      await refresh();
    } catch {
      setProblem(m.notifications_setup_error());
    } finally {
      setBusy(false);
    }
  }

  async function onUnsubscribe() {
    if (!deviceToken) return;
    setProblem(null);
    setBusy(true);
    try {
      await unsubscribe.mutateAsync({ deviceToken, regionId: region.id });
      showSubscribed(deviceToken, false);
      await refresh();
    } catch {
      setProblem(m.notifications_setup_error());
    } finally {
      setBusy(false);
    }
  }

  const unsupported = permission.state === "not_supported" && !isNativeApp();
  const denied = permission.state === "denied";
  return (
    <section aria-labelledby="region-subscription" className="mt-5 rounded-2xl bg-white/10 p-4" data-testid="region-subscription">
      <h3 id="region-subscription" className="flex items-center gap-2 text-[16px] font-bold">
        <Bell aria-hidden className="size-5" />
        {m.region_subscribe_title({ region: region.name })}
      </h3>
      <p className="mt-1 text-[14px] leading-snug text-pitch-50">
        {isSubscribed ? m.region_subscribed({ region: region.name }) : m.region_subscribe_text({ region: region.name })}
      </p>
      {count.data?.count != null ? <p className="mt-1 text-[14px] font-semibold text-pitch-100">{m.region_subscriber_count({ count: String(count.data.count) })}</p> : null}
      {unsupported ? (
        <p className="mt-3 text-[14px] text-pitch-100">{m.region_subscribe_unsupported()}</p>
      ) : denied ? (
        <p className="mt-3 text-[14px] text-pitch-100">{m.region_subscribe_denied()}</p>
      ) : isSubscribed ? (
        <Button variant="outline" block className="mt-3" loading={busy} onClick={() => void onUnsubscribe()}>
          <BellOff aria-hidden className="size-5" />
          {m.region_unsubscribe()}
        </Button>
      ) : (
        <Button variant="secondary" block className="mt-3" loading={busy || checking || (deviceToken !== null && subscribed.isPending)} onClick={() => void onSubscribe()}>
          <Bell aria-hidden className="size-5" />
          {m.region_subscribe()}
        </Button>
      )}
      {problem ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-[14px] font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
