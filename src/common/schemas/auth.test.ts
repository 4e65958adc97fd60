import { describe, expect, it } from "vitest";
import { resetDoRequestSchema, signupRequestSchema } from "./auth";

const valid = { email: " Anna@Example.COM ", name: "Anna", password: "long enough", date_of_birth: "1990-02-28" };
const messages = (input: unknown) => {
  const result = signupRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("signup rules (spec section 5)", () => {
  it("accepts a valid signup and normalises the address", () => {
    expect(signupRequestSchema.parse(valid).email).toBe("anna@example.com");
  });
  it("refuses a name equal to the e-mail address or starting with @", () => {
    expect(messages({ ...valid, name: "anna@example.com" })).toContain("name:errors.name_is_email");
    expect(messages({ ...valid, name: "@anna" })).toContain("name:errors.name_invalid");
  });
  it("refuses members under 18 and impossible dates", () => {
    const year = new Date().getUTCFullYear();
    expect(messages({ ...valid, date_of_birth: `${year - 17}-06-01` })).toContain("date_of_birth:errors.date_of_birth");
    expect(messages({ ...valid, date_of_birth: "1990-13-01" })).toContain("date_of_birth:errors.date_of_birth");
    expect(messages({ ...valid, date_of_birth: `${year - 19}-01-01` })).toEqual([]);
  });
  it("refuses an invalid address and unknown fields", () => {
    expect(messages({ ...valid, email: "a@b" })).toContain("email:errors.invalid_email");
    expect(signupRequestSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });
});

describe("password reset", () => {
  it("needs both passwords to be the same", () => {
    const result = resetDoRequestSchema.safeParse({ token: "a".repeat(43), password: "abcdefgh", password_confirm: "abcdefgi" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["password_confirm"], message: "errors.passwords_differ" });
  });
});
