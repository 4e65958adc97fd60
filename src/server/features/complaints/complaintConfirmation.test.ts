import { describe, expect, it } from "vitest";
import { COMPLAINT_ANSWER_HOURS } from "../../../common/constants";
import { LANGUAGES } from "../../../common/locales";
import { translate } from "../../i18n";
import { complaintConfirmation } from "./complaints.service";
import { isOverdue } from "./complaintsQueue.service";

// The answer time promised to a complainant is the one after which the console shows the complaint
// overdue: one constant. Every language says it through `complaints.answer_within`, never a number of
// its own ("five working days" once drifted away from the 48 hours the queue keeps).

describe("the answer time promised for a complaint", () => {
  const hours = String(COMPLAINT_ANSWER_HOURS);

  it.each(LANGUAGES)("is COMPLAINT_ANSWER_HOURS in the confirmation mail and on the complaints page (%s)", (language) => {
    const within = translate(language, "complaints.answer_within", { count: COMPLAINT_ANSWER_HOURS });
    expect(within).toContain(hours);
    const mail = complaintConfirmation(language, "Amoria", "Petra", "ABCD-EFGH", "https://amoria.example/pages/service");
    expect(mail.text).toContain(within);
    expect(mail.html).toContain(within);
    expect(translate(language, "complaints.intro", { within })).toContain(within);
    // No other promise beside it: the texts hold no figure of their own.
    const body = translate(language, "mail.complaint.body", { reference: "", within: "" });
    const intro = translate(language, "complaints.intro", { within: "" });
    expect(`${body} ${intro}`).not.toMatch(/\d/);
  });

  it("is the time after which the queue shows a complaint overdue", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const arrived = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
    expect(isOverdue({ status: "open", createdAt: arrived(COMPLAINT_ANSWER_HOURS - 1), answeredAt: null }, now)).toBe(false);
    expect(isOverdue({ status: "open", createdAt: arrived(COMPLAINT_ANSWER_HOURS + 1), answeredAt: null }, now)).toBe(true);
  });
});
