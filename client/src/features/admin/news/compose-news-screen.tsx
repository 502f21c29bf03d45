import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Eye, Globe2, Languages, MapPin, Megaphone, Send, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { NEWS_TEXT_MAX, ZAdminSendNewsInput } from "@shared/schemas/admin";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { FormSection } from "@client/components/form-section";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { TextAreaField } from "@client/components/text-area-field";
import { showToast } from "@client/components/toast";
import { validationMessage } from "@client/lib/errors";
import { formatShortDate } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { useMessageCatalogue } from "@client/lib/messages";
import { schemaProblem } from "@client/lib/schema-problem";
import { trpc } from "@client/lib/trpc";
import { useServerErrors } from "@client/lib/use-server-errors";
import { m } from "@client/paraglide/messages";
import { AdminPage, BackArrow } from "../admin-page";
import { adminRegionsQueryOptions, refreshAdmin } from "../admin-queries";
import { ConfirmDialog } from "../confirm-dialog";
import { SearchField } from "../search-field";

const textSchema = ZAdminSendNewsInput.shape.textDe;

function back(className: string) {
  return (
    <Link to="/admin/news" className={className}>
      <BackArrow />
      {m.admin_news_back()}
    </Link>
  );
}

/** The regions a message goes to: everyone, or the chosen cities (searchable, chosen ones as removable chips). */
function RegionChoice({
  everyone,
  onEveryone,
  chosen,
  onChosen,
  error,
}: {
  everyone: boolean;
  onEveryone: (on: boolean) => void;
  chosen: number[];
  onChosen: (ids: number[]) => void;
  error: string | null;
}) {
  const regions = useQuery(adminRegionsQueryOptions());
  const [query, setQuery] = useState("");
  const all = regions.data ?? [];
  const q = query.trim().toLocaleLowerCase();
  const candidates = all
    .filter((region) => !chosen.includes(region.id) && (!q || region.name.toLocaleLowerCase().includes(q)))
    .sort((a, b) => Number(b.featured) - Number(a.featured) || a.name.localeCompare(b.name));
  return (
    <FormSection icon={<MapPin aria-hidden className="size-5" />} title={m.admin_news_regions()}>
      <SwitchField label={m.admin_news_everyone()} hint={m.admin_news_everyone_hint()} checked={everyone} onCheckedChange={onEveryone} />
      {everyone ? null : (
        <div className="space-y-3">
          {chosen.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={m.admin_news_chosen_regions()}>
              {chosen.map((id) => {
                const region = all.find((r) => r.id === id);
                return (
                  <li key={id}>
                    <button
                      type="button"
                      onClick={() => onChosen(chosen.filter((c) => c !== id))}
                      aria-label={m.admin_news_region_remove({ name: region?.name ?? String(id) })}
                      className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-pitch-600 py-1 pr-2 pl-3.5 text-[14px] font-semibold text-white hover:bg-pitch-700"
                    >
                      {region?.name ?? id}
                      <X aria-hidden className="size-4" />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <SearchField label={m.admin_news_region_search()} value={query} onValueChange={setQuery} />
          <ul className="flex max-h-56 flex-wrap gap-2 overflow-y-auto" aria-label={m.admin_news_region_candidates()}>
            {candidates.map((region) => (
              <li key={region.id}>
                <button
                  type="button"
                  data-testid="admin-news-region-option"
                  onClick={() => {
                    onChosen([...chosen, region.id]);
                    setQuery("");
                  }}
                  className="inline-flex min-h-10 items-center rounded-full border border-slate-300 bg-white px-3.5 text-[14px] font-semibold text-slate-800 hover:border-pitch-600"
                >
                  {region.name}
                </button>
              </li>
            ))}
          </ul>
          {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
        </div>
      )}
    </FormSection>
  );
}

/** How the message will look in the Chat tab's News, in either language. */
function Preview({ textDe, textEn }: { textDe: string; textEn: string }) {
  const { locale } = useLocale();
  const [language, setLanguage] = useState<"de" | "en">(locale === "en" ? "en" : "de");
  const text = language === "en" ? textEn : textDe;
  return (
    <FormSection icon={<Eye aria-hidden className="size-5" />} title={m.admin_news_preview()}>
      <ChoiceChips
        label={m.admin_news_preview_language()}
        hideLabel
        value={language}
        onValueChange={setLanguage}
        choices={[
          { value: "de", label: "Deutsch" },
          { value: "en", label: "English" },
        ]}
      />
      <div className="rounded-3xl bg-chalk p-3" data-testid="admin-news-preview">
        <div className="rounded-3xl border border-pitch-500 bg-white p-4 ring-1 ring-pitch-500">
          <p className="mb-1.5 flex items-center gap-2 text-[13px] font-semibold text-slate-600">
            <Megaphone aria-hidden className="size-4 text-pitch-700" />
            {formatShortDate(new Date(), language)}
          </p>
          <p className={`text-[15px] leading-relaxed whitespace-pre-line ${text.trim() ? "text-slate-900" : "text-slate-400 italic"}`}>
            {text.trim() || m.admin_news_preview_empty()}
          </p>
        </div>
      </div>
    </FormSection>
  );
}

/**
 * /admin/news/new: the message in German and English, the regions (or everyone), a preview as the News tab shows
 * it, then "Senden" asked once more: the pushes cannot be taken back.
 */
export function ComposeNewsScreen() {
  useLocale();
  useMessageCatalogue();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const regions = useQuery(adminRegionsQueryOptions());
  const [textDe, setTextDe] = useState("");
  const [textEn, setTextEn] = useState("");
  const [everyone, setEveryone] = useState(false);
  const [regionIds, setRegionIds] = useState<number[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const send = useMutation(trpc.admin.sendNews.mutationOptions());
  const server = useServerErrors();

  const deCode = schemaProblem(textSchema, textDe);
  const enCode = schemaProblem(textSchema, textEn);
  const regionsMissing = !everyone && regionIds.length === 0;
  const show = (code: string | null, text: string) => ((submitted || text.trim().length > NEWS_TEXT_MAX) && code ? validationMessage(code) : null);

  function review(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (deCode || enCode || regionsMissing) return;
    send.reset();
    setConfirming(true);
  }

  async function doSend() {
    try {
      const sent = await send.mutateAsync({ textDe: textDe.trim(), textEn: textEn.trim(), regionIds: everyone ? [] : regionIds });
      setConfirming(false);
      showToast(sent.pushes === 1 ? m.admin_news_sent_toast_one() : m.admin_news_sent_toast({ count: String(sent.pushes) }));
      await Promise.all([refreshAdmin(queryClient), queryClient.invalidateQueries({ queryKey: trpc.chat.marketingMessages.queryKey() })]);
      await navigate({ to: "/admin/news" });
    } catch (error) {
      if (Object.keys(server.take(error)).length > 0) setConfirming(false);
    }
  }

  const names = regionIds.map((id) => regions.data?.find((region) => region.id === id)?.name ?? String(id));
  return (
    <AdminPage title={m.admin_news_compose()} subtitle={m.admin_news_compose_subtitle()} back={back}>
      <form noValidate onSubmit={review} className="space-y-4" aria-label={m.admin_news_compose()}>
        <FormSection icon={<Languages aria-hidden className="size-5" />} title={m.admin_news_text()}>
          <TextAreaField
            label={m.admin_news_text_de()}
            name="textDe"
            lang="de"
            rows={4}
            maxLength={NEWS_TEXT_MAX}
            value={textDe}
            onValueChange={setTextDe}
            error={show(deCode, textDe) ?? server.message("textDe")}
          />
          <TextAreaField
            label={m.admin_news_text_en()}
            name="textEn"
            lang="en"
            rows={4}
            maxLength={NEWS_TEXT_MAX}
            value={textEn}
            onValueChange={setTextEn}
            error={show(enCode, textEn) ?? server.message("textEn")}
            hint={m.admin_news_text_en_hint()}
          />
        </FormSection>
        <RegionChoice
          everyone={everyone}
          onEveryone={setEveryone}
          chosen={regionIds}
          onChosen={setRegionIds}
          error={submitted && regionsMissing ? m.admin_news_regions_required() : server.message("regionIds")}
        />
        <Preview textDe={textDe} textEn={textEn} />
        <Button type="submit" size="lg" block data-testid="admin-news-review">
          <Send aria-hidden className="size-5" />
          {m.admin_news_send()}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={m.admin_news_confirm_title()}
        text={
          <p className="flex items-start gap-2">
            {everyone ? <Globe2 aria-hidden className="mt-1 size-4 shrink-0" /> : <MapPin aria-hidden className="mt-1 size-4 shrink-0" />}
            <span>{everyone ? m.admin_news_confirm_everyone() : m.admin_news_confirm_regions({ regions: names.join(", ") })}</span>
          </p>
        }
        confirmLabel={m.admin_news_send_now()}
        icon={Send}
        tone="primary"
        pending={send.isPending}
        error={send.error}
        onConfirm={() => void doSend()}
      />
    </AdminPage>
  );
}
