import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { Notice } from "@client/components/notice";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { ListError } from "../admin-list";
import { AdminPage, BackArrow } from "../admin-page";
import { adminRegionsQueryOptions } from "../admin-queries";
import { RegionForm } from "./region-form";

function back(className: string) {
  return (
    <Link to="/admin/regions" className={className}>
      <BackArrow />
      {m.admin_regions_back()}
    </Link>
  );
}

/** /admin/regions/new */
export function RegionCreateScreen() {
  useLocale();
  return (
    <AdminPage title={m.admin_region_new()} subtitle={m.admin_region_new_subtitle()} back={back}>
      <RegionForm region={null} />
    </AdminPage>
  );
}

/** /admin/regions/{id}: the region's form, from the console's list of all regions. */
export function RegionEditScreen({ id }: { id: number }) {
  useLocale();
  const regions = useQuery(adminRegionsQueryOptions());
  const region = regions.data?.find((r) => r.id === id);
  return (
    <AdminPage title={region?.name ?? m.admin_region_edit()} subtitle={region ? `/${region.slug}` : undefined} back={back}>
      {regions.isPending ? (
        <ListPlaceholder rows={2} />
      ) : regions.isError ? (
        <ListError error={regions.error} retrying={regions.isFetching} onRetry={() => void regions.refetch()} />
      ) : region ? (
        <RegionForm key={region.id} region={region} />
      ) : (
        <Notice tone="info">{m.admin_region_not_found()}</Notice>
      )}
    </AdminPage>
  );
}
