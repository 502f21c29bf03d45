import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Building, RefreshCw, SearchX } from "lucide-react";
import { useState } from "react";
import { ORGANIZATION_LOGO } from "@shared/constants";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { organizationQueryOptions } from "./court-queries";
import { ImageUploadField } from "./image-upload-field";
import { NotFoundState } from "@client/components/not-found-state";
import { PagePlaceholder } from "@client/components/page-placeholder";

function Logo({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  const box = "size-32 shrink-0 rounded-[2rem] shadow-lg shadow-slate-900/10 ring-4 ring-white";
  if (src && failed) return <span role="img" aria-label={m.org_logo_alt({ name })} className={`block bg-black ${box}`} />;
  if (src) return <img src={src} alt={m.org_logo_alt({ name })} onError={() => setFailed(true)} className={`bg-white object-cover ${box}`} />;
  return (
    <span aria-hidden className={`inline-flex items-center justify-center bg-gradient-to-br from-pitch-600 to-pitch-800 text-[40px] font-extrabold text-white ${box}`}>
      {name.trim().charAt(0).toUpperCase() || <Building className="size-12" />}
    </span>
  );
}

/** 'Organisation konnte nicht gefunden werden.' (spec 001 section 8). */
export function OrganizationNotFound() {
  useLocale();
  return <NotFoundState icon={<SearchX aria-hidden className="size-10" />} title={m.error_ORGANIZATION_NOT_FOUND()} to="/" action={m.not_found_home()} />;
}

/** /org/{id} and /organization/{id} (spec 001 section 2.7): name and logo; admins and members upload the logo. */
export function OrganizationScreen({ organizationId }: { organizationId: number }) {
  useLocale();
  const queryClient = useQueryClient();
  const org = useQuery(organizationQueryOptions(organizationId));

  if (org.isPending) return <PagePlaceholder />;
  if (org.isError) {
    return (
      <div className="px-4 pt-8">
        <EmptyState icon={<SearchX aria-hidden className="size-7" />}>
          <p role="alert" className="text-[16px] font-semibold text-slate-800">
            {m.org_load_error()}
          </p>
          <Button className="mt-4" variant="outline" loading={org.isFetching} onClick={() => void org.refetch()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.court_retry()}
          </Button>
        </EmptyState>
      </div>
    );
  }

  const organization = org.data;
  return (
    <div className="pb-24">
      <div className="flex flex-col items-center bg-gradient-to-b from-pitch-50 to-white px-4 pt-10 pb-6 text-center">
        <Logo src={organization.imageUrl} name={organization.name} />
        <p className="mt-5 text-[13px] font-bold tracking-wide text-pitch-700 uppercase">{m.org_kicker()}</p>
        <h1 className="mt-1 text-[28px] leading-tight font-extrabold tracking-tight break-words text-slate-900">{organization.name}</h1>
      </div>
      <div className="space-y-5 px-4">
        {organization.viewer.canUploadLogo ? (
          <section aria-labelledby="org-manage" className="rounded-3xl border border-slate-200 bg-white p-4">
            <h2 id="org-manage" className="mb-3 text-[20px] font-extrabold tracking-tight text-slate-900">
              {m.org_manage_title()}
            </h2>
            <ImageUploadField
              label={m.org_logo_label()}
              hint={m.org_logo_hint()}
              uploadUrl={`/api/organization-logo/${organization.id}`}
              field="logoImage"
              maxBytes={ORGANIZATION_LOGO.maxBytes}
              shape="square"
              currentUrl={organization.imageUrl}
              onUploaded={(imageUrl) =>
                queryClient.setQueryData(organizationQueryOptions(organization.id).queryKey, (current) => (current ? { ...current, imageUrl } : current))
              }
            />
          </section>
        ) : null}
        <Link to="/games" className={buttonClassName({ variant: "outline", block: true, size: "lg" })}>
          {m.org_to_games()}
        </Link>
      </div>
    </div>
  );
}
