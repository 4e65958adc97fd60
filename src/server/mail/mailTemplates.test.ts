import { describe, expect, it } from "vitest";
import { renderMail } from "./mailTemplates";

describe("mail templates", () => {
  it("renders subject, text and HTML with the link, escaping the member's name", () => {
    const mail = renderMail({ template: "activation", language: "en", siteName: "Amoria", name: "<b>Eve</b>", link: "https://x.test/a?token=1&b=2" });
    expect(mail.subject).toBe("Confirm your e-mail address for Amoria");
    expect(mail.text).toContain("https://x.test/a?token=1&b=2");
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail.html).toContain("https://x.test/a?token=1&amp;b=2");
  });
  it("speaks the member's language", () => {
    const en = renderMail({ template: "reset", language: "en", siteName: "S", name: "N", link: "https://x" });
    const de = renderMail({ template: "reset", language: "de", siteName: "S", name: "N", link: "https://x" });
    expect(de.subject).not.toBe(en.subject);
  });
  it("keeps the subject on one line whatever the other member's stored name holds", () => {
    const mail = renderMail({
      template: "new_message",
      language: "en",
      siteName: "Amoria",
      name: "Anna",
      partner: "Eve\r\nBcc: all@example.com",
      link: "https://x",
    });
    expect(mail.subject).toBe("Eve  Bcc: all@example.com sent you a message on Amoria");
  });
});

describe("a mail about a change to the account", () => {
  it("does not tell the member to ignore it, and names the new address", () => {
    const mail = renderMail({
      template: "email_changed",
      language: "en",
      siteName: "S",
      name: "N",
      link: "https://x/secure-account?token=t",
      vars: { email: "new@example.com", days: "7" },
      securityFooter: true,
    });
    expect(mail.text).toContain("changed to new@example.com");
    expect(mail.text).toContain("This link is valid for 7 days");
    expect(mail.text).not.toMatch(/ignore/i);
  });
});
