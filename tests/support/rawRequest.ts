import { request } from "node:http";

export interface RawResponse<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: T;
}

/**
 * One HTTP request with headers exactly as given, Host included (fetch will not send a forged Host,
 * which is what an attacker's client does).
 */
export function rawRequest<T = Record<string, unknown>>(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse<T>> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "GET",
        path: url.pathname + url.search,
        headers: options.headers,
        setHost: !options.headers?.host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: body as T });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
