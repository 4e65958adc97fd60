import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress";
import { startTestApp, type TestApp } from "../support/testApp";

// The built client goes out compressed as it was written at build time (Brotli, else gzip, else as
// it is), with a year's immutable cache for hashed files; pages and API answers are compressed per
// request; HTML is never cached stale.

const ASSET = "/assets/index-Ab12Cd34.js";
const script = `export const members = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "member ${i}" }`).join(",\n")}];\n`;

// As the real build's page: a few dozen module preloads make it a couple of kilobytes.
const preloads = Array.from({ length: 40 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk${i}-Xy12Zw34.js">`).join("\n");

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), "amoria-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(
    join(webRoot, "index.html"),
    `<!doctype html><html lang="en"><head><title></title><meta name="description" content="" />${preloads}</head><body><div id="root"></div><script type="module" src="${ASSET}"></script></body></html>`,
  );
  writeFileSync(join(webRoot, `.${ASSET}`), script);
  writeFileSync(join(webRoot, "assets/tiny-Ab12Cd34.js"), "export {};\n");
  await precompress(webRoot);
  t = await startTestApp({ webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET whose body is read as it came over the wire (fetch would decompress it). */
function get(path: string, acceptEncoding?: string): Promise<Raw> {
  const url = new URL(path, t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the built client's files", () => {
  it("go out as the Brotli copy written at build time, to a browser that takes Brotli", async () => {
    const res = await get(ASSET, "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 5);
  });

  it("go out gzipped to a client that takes only gzip, and as they are to one that takes neither", async () => {
    const gzipped = await get(ASSET, "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(script);

    const plain = await get(ASSET);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("have no copies when too small to gain from them, and still arrive intact", async () => {
    const res = await get("/assets/tiny-Ab12Cd34.js", "br, gzip");
    expect(res.status).toBe(200);
    expect(existsSync(join(webRoot, "assets/tiny-Ab12Cd34.js.br"))).toBe(false);
    expect(existsSync(join(webRoot, `.${ASSET}.br`))).toBe(true);
    // No copy was written at build time; a stream may still be compressed on the way.
    const body = res.headers["content-encoding"] === "br" ? brotliDecompressSync(res.body) : res.body;
    expect(body.toString()).toBe("export {};\n");
  });
});

describe("pages and API answers", () => {
  it("compress a page per request and never let it be cached stale", async () => {
    const res = await get("/", "br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.body).toString()).toContain('<link rel="modulepreload" crossorigin href="/assets/chunk39-Xy12Zw34.js">');
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("compress a large API answer with Brotli, or gzip, and leave photos alone", async () => {
    const br = await get("/api/regions.php", "br");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    const json = JSON.parse(brotliDecompressSync(br.body).toString());
    expect(Array.isArray(json) || typeof json === "object").toBe(true);

    const gz = await get("/api/regions.php", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(json);

    const plain = await get("/api/regions.php");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(json);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
  });
});
