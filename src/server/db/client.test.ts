import { describe, expect, it } from "vitest";
import { isDataException, isUniqueViolation } from "./client";

describe("what a failed statement says about its data", () => {
  it("a data exception (SQLSTATE class 22) is the data's fault, from the driver or wrapped by drizzle", () => {
    expect(isDataException({ code: "22003" })).toBe(true); // numeric_value_out_of_range
    expect(isDataException({ code: "22P05" })).toBe(true); // untranslatable_character (a NUL in text)
    expect(isDataException({ message: "Failed query", cause: { code: "22021" } })).toBe(true);
  });
  it("other failures are not", () => {
    expect(isDataException({ code: "23505" })).toBe(false);
    expect(isDataException({ code: "ECONNREFUSED" })).toBe(false);
    expect(isDataException(new Error("boom"))).toBe(false);
    expect(isDataException(null)).toBe(false);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
  });
});
