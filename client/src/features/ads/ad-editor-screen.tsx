import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { ListError } from "@client/features/admin/admin-list";
import { AdminPage, BackArrow } from "@client/features/admin/admin-page";
import { AdForm } from "./ad-form";

const back = (className: string) => (
  <Link to="/admin/ads" className={className}>
    <BackArrow />
    {m.ad_back_to_list()}
  </Link>
);

/** /admin/ads/new and /admin/ads/{adId}: the ad's settings, its upload link and delete. */
export function AdEditorScreen({ adId }: { adId: number | null }) {
  useLocale();
  const ad = useQuery({
    ...trpc.ads.adminGet.queryOptions({ id: adId ?? 1 }),
    enabled: adId !== null,
  });
  return (
    <AdminPage title={adId === null ? m.ad_new_title() : m.ad_edit_title()} back={back}>
      {adId === null ? (
        <AdForm ad={null} />
      ) : ad.isPending ? (
        <ListPlaceholder rows={3} />
      ) : ad.isError ? (
        <ListError error={ad.error} retrying={ad.isFetching} onRetry={() => void ad.refetch()} />
      ) : (
        <AdForm key={ad.data.id} ad={ad.data} />
      )}
    </AdminPage>
  );
}
