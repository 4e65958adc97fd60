import { describe, expect, it } from "vitest";
import { etagMatches, photoEtag } from "./photoCaching";

describe("a browser's copy of a photo", () => {
  const etag = photoEtag("0b6f3c1e-8d2a-4d3b-9a51-3f1c2e4d5a6b_thumb.jpg");

  it("is still the file when If-None-Match names its tag, alone, in a list, weak or as *", () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"other.jpg", ${etag}`, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
  });

  it("is not the file without the header or with another file's tag", () => {
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches("", etag)).toBe(false);
    expect(etagMatches(photoEtag("0b6f3c1e-8d2a-4d3b-9a51-3f1c2e4d5a6b.jpg"), etag)).toBe(false);
    expect(etagMatches(etag.slice(1, -1), etag)).toBe(false);
  });
});
