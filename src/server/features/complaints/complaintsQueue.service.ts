import { COMPLAINT_ANSWER_HOURS } from "../../../common/constants";
import type { ComplaintQueue } from "../../../common/schemas/complaints";
import { isLanguage } from "../../../common/locales";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { enqueueMail } from "../../mail/enqueueMail";
import { renderMail } from "../../mail/mailTemplates";
import { recordAudit } from "../audit/audit.repo";
import type { SiteOrigin } from "../settings/siteOrigin";
import type { SiteRow } from "../settings/settings.repo";
import { answersOf, insertAnswer, lockComplaint, queuedComplaints, updateComplaint } from "./complaintsQueue.repo";

const HOUR = 3_600_000;

/** Overdue: not answered within COMPLAINT_ANSWER_HOURS of its arrival, and still not closed. */
export function isOverdue(c: { status: string; createdAt: Date; answeredAt: Date | null }, now = new Date()): boolean {
  return c.status !== "closed" && c.answeredAt === null && now.getTime() - c.createdAt.getTime() > COMPLAINT_ANSWER_HOURS * HOUR;
}

/** The sender of an answer: the site's support address under the site's mail name (replies reach support). */
export function supportSender(site: SiteRow): string {
  return `${site.settings.mail_name} <${site.settings.support_email}>`;
}

/**
 * Customer service's queue of complaints (support and admin): take one, answer it (the answer is
 * mailed to the complainant from the site's support address and kept in the thread), close it. Every
 * step writes its audit row in its transaction.
 */
export class ComplaintsQueueService {
  constructor(
    private readonly db: Db,
    private readonly siteOrigin: SiteOrigin,
    private readonly onMailQueued: () => void,
  ) {}

  async queue(show: "waiting" | "closed"): Promise<ComplaintQueue> {
    const rows = await queuedComplaints(this.db, show);
    const answers = await answersOf(
      this.db,
      rows.map((r) => r.c.id),
    );
    const now = new Date();
    return {
      complaints: rows.map(({ c, site, assignedEmail }) => ({
        id: c.id,
        reference: c.reference,
        site,
        name: c.name,
        email: c.email,
        member_id: c.userId,
        category: c.category,
        status: c.status,
        created_at: c.createdAt.toISOString(),
        overdue: isOverdue(c, now),
        assigned_to: c.assignedTo !== null && assignedEmail ? { id: c.assignedTo, email: assignedEmail } : null,
        message: c.message,
        answers: answers
          .filter((a) => a.m.complaintId === c.id)
          .map((a) => ({ id: a.m.id, operator: a.operator, body: a.m.body, at: a.m.createdAt.toISOString() })),
      })),
    };
  }

  async assignToSelf(operatorId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockComplaint(tx, id);
      if (!row) throw notFound();
      if (row.c.status === "closed") throw new AppError(409, "complaint_closed");
      await updateComplaint(tx, id, { assignedTo: operatorId });
      await recordAudit(tx, { operatorId, action: "complaints.assign", memberId: row.c.userId, details: { complaint_id: id, reference: row.c.reference } });
    });
  }

  /** The answer, kept in the thread and mailed in the complaint's language, in one transaction with the audit row. */
  async answer(operatorId: number, id: number, text: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockComplaint(tx, id);
      if (!row) throw notFound();
      const { c, site } = row;
      if (c.status === "closed") throw new AppError(409, "complaint_closed");
      const messageId = await insertAnswer(tx, { complaintId: id, operatorId, body: text });
      await updateComplaint(tx, id, { status: "answered", answeredAt: c.answeredAt ?? new Date(), assignedTo: c.assignedTo ?? operatorId });
      const content = renderMail({
        template: "complaint_answer",
        language: isLanguage(c.language) ? c.language : "en",
        siteName: site.settings.name,
        name: c.name,
        link: `${this.siteOrigin(site)}/pages/service`,
        vars: { reference: c.reference, answer: text },
      });
      await enqueueMail(tx, { ...content, to: c.email, from: supportSender(site), userId: c.userId ?? undefined, about: c.userId ? [c.userId] : [] });
      await recordAudit(tx, {
        operatorId,
        action: "complaints.answer",
        memberId: c.userId,
        details: { complaint_id: id, reference: c.reference, message_id: messageId },
      });
    });
    this.onMailQueued();
  }

  async close(operatorId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockComplaint(tx, id);
      if (!row) throw notFound();
      if (row.c.status === "closed") throw new AppError(409, "complaint_closed");
      await updateComplaint(tx, id, { status: "closed", closedAt: new Date(), assignedTo: row.c.assignedTo ?? operatorId });
      await recordAudit(tx, { operatorId, action: "complaints.close", memberId: row.c.userId, details: { complaint_id: id, reference: row.c.reference } });
    });
  }
}
