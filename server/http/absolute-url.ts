/**
 * A request whose URL is only a path (Bun gives `/api/ready` to an HTTP/1.0 request without a Host header, as
 * haproxy's default health check sends it), made absolute against the app's public address: every handler may then
 * read `new URL(req.url)`. It used to answer 500 (found by the load-balancer test, scripts/lb/README.md).
 */
export function withAbsoluteUrl(req: Request, publicUrl: string): Request {
  if (/^https?:\/\//i.test(req.url)) return req;
  let url: URL;
  try {
    url = new URL(req.url.startsWith("/") ? req.url : `/${req.url}`, publicUrl);
  } catch {
    url = new URL("/", publicUrl);
  }
  return new Request(url, req);
}
