import { describe, expect, it } from "vitest";
import { photoFileOf, photoSrcSet } from "./photoSizes";

const id = "0b6f3c1e-8d2a-4d3b-9a51-3f1c2e4d5a6b";

describe("the sizes of a photo's address", () => {
  it("knows each stored file of a photo by its address or storage key", () => {
    expect(photoFileOf(`/photos/${id}.jpg`)).toEqual({ id, kind: "main" });
    expect(photoFileOf(`https://cdn.example/photos/${id}_thumb.jpg`)).toEqual({ id, kind: "thumb" });
    expect(photoFileOf(`photos/${id}_match.jpg`)).toEqual({ id, kind: "match" });
    expect(photoFileOf(`/photos/${id}_blur.jpg`)).toEqual({ id, kind: "blur" });
  });

  it("knows no chat photo, gift or other picture", () => {
    expect(photoFileOf(`/chatphotos/${id}.jpg`)).toBeNull();
    expect(photoFileOf(`/photos/${id}_other.jpg`)).toBeNull();
    expect(photoFileOf("/gifts/rose.svg")).toBeNull();
    expect(photoSrcSet(`/chatphotos/${id}_thumb.jpg`)).toBeNull();
  });

  it("lists every width of the file as WebP, behind the CDN prefix", () => {
    expect(photoSrcSet(`https://cdn.example/photos/${id}_thumb.jpg`)).toBe(
      [240, 360, 480].map((w) => `https://cdn.example/photos/${id}_thumb.jpg?w=${w}&f=webp ${w}w`).join(", "),
    );
    expect(photoSrcSet(`/photos/${id}_blur.jpg`)).toBe(`/photos/${id}_blur.jpg?w=240&f=webp 240w`);
  });
});
