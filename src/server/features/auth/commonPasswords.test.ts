import { describe, expect, it } from "vitest";
import { assertUncommonPassword, isCommonPassword } from "./commonPasswords";

describe("common passwords", () => {
  it("finds passwords of the packaged list whatever their case", () => {
    for (const password of ["password", "Password1", "PASSWORD1", "iloveyou", "qwertyuiop", "sunshine", "trustno1"])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it("lets passwords through that are not on the list", () => {
    for (const password of ["correct horse", "secret-pass", "sofie-secret-1", "Tr0mbone-Lantern", "password1 but longer"])
      expect(isCommonPassword(password), password).toBe(false);
  });

  it("refuses a common password with password_common on the form's field", () => {
    expect(() => assertUncommonPassword("letmein1")).toThrow(expect.objectContaining({ status: 400, code: "password_common", field: "password" }));
    expect(() => assertUncommonPassword("letmein1", "new_password")).toThrow(expect.objectContaining({ field: "new_password" }));
    expect(() => assertUncommonPassword("correct horse")).not.toThrow();
  });
});
