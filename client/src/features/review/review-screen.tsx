import { Link } from "@tanstack/react-router";
import { Smartphone, Star, Store } from "lucide-react";
import { useState } from "react";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { APP_DOWNLOAD_URL } from "@client/lib/links";
import { useLocale } from "@client/lib/locale";
import { isNativeApp } from "@client/lib/native-bridge";
import { m } from "@client/paraglide/messages";
import { useReviewMessage, type ReviewMessage } from "./review-message";

/**
 * `/review` (spec 001 section 2.12): "rate in the app" (STORE_REVIEW, the store's in-app dialog) and "review in
 * the store" (REDIRECT_STORE_REVIEW, the store page). Only the native wrapper can do either; in a plain browser
 * the page says so instead of showing buttons that do nothing.
 */
export function ReviewScreen() {
  useLocale();
  const post = useReviewMessage();
  const [feedback, setFeedback] = useState<"inApp" | "store" | "failed" | null>(null);
  const inApp = isNativeApp();

  function send(message: ReviewMessage) {
    setFeedback(post(message) ? (message === "STORE_REVIEW" ? "inApp" : "store") : "failed");
  }

  return (
    <div className="px-5 pt-7 pb-10">
      <div className="mb-5 inline-flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-500">
        <Star aria-hidden className="size-8 fill-current" />
      </div>
      <h1 className="text-[28px] leading-tight font-extrabold tracking-tight text-slate-900">{m.review_title()}</h1>
      <p className="mt-3 text-[16px] leading-relaxed text-slate-700">{m.review_intro()}</p>
      {inApp ? (
        <div className="mt-7 space-y-3">
          <Button size="lg" block onClick={() => send("STORE_REVIEW")}>
            <Star aria-hidden className="size-5" />
            {m.review_in_app()}
          </Button>
          <Button size="lg" variant="outline" block onClick={() => send("REDIRECT_STORE_REVIEW")}>
            <Store aria-hidden className="size-5" />
            {m.review_in_store()}
          </Button>
          {feedback ? (
            <div className="pt-2">
              <Notice tone={feedback === "failed" ? "error" : "success"}>
                {feedback === "inApp" ? m.review_thanks_in_app() : feedback === "store" ? m.review_thanks_store() : m.review_failed()}
              </Notice>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="mt-7 space-y-4">
          <Notice tone="info">
            <p className="font-semibold">{m.review_browser_title()}</p>
            <p className="mt-1">{m.review_browser_text()}</p>
          </Notice>
          <a href={APP_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer" className={buttonClassName({ size: "lg", block: true })}>
            <Smartphone aria-hidden className="size-5" />
            {m.review_get_app()}
          </a>
          <Link to="/" className={buttonClassName({ size: "lg", variant: "outline", block: true })}>
            {m.review_back()}
          </Link>
        </div>
      )}
    </div>
  );
}
