import { randomInt } from "node:crypto";
import type { ComplaintInput, ComplaintResponse } from "../../../common/schemas/complaints";
import { isLanguage, type Language } from "../../../common/locales";
import { COMPLAINT_ANSWER_HOURS, COMPLAINTS_PER_ACCOUNT_PER_DAY, COMPLAINTS_PER_IP_PER_HOUR } from "../../../common/constants";
import { type Limiter, takeTry } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { complaints } from "../../db/schema";
import { enqueueMail } from "../../mail/enqueueMail";
import { type MailContent, renderMail } from "../../mail/mailTemplates";
import { translate } from "../../i18n";
import type { MemberRecord } from "../auth/auth.repo";
import type { SiteRow } from "../settings/settings.repo";

/** Letters and digits that cannot be mistaken for one another when read out (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function complaintReference(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)];
  const part = () => Array.from({ length: 4 }, pick).join("");
  return `${part()}-${part()}`;
}

/**
 * The confirmation of a complaint. It promises an answer within COMPLAINT_ANSWER_HOURS, the time after
 * which the console shows the complaint overdue: one rule, as the complaints page says it too.
 */
export function complaintConfirmation(language: Language, siteName: string, name: string, reference: string, link: string): MailContent {
  const within = translate(language, "complaints.answer_within", { count: COMPLAINT_ANSWER_HOURS });
  return renderMail({ template: "complaint", language, siteName, name, link, vars: { reference, within } });
}

/** Complaints (/complaints): stored with a reference, confirmed by e-mail in the same transaction. */
export class ComplaintsService {
  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly mailFrom: (site: SiteRow) => string,
    private readonly onQueued: () => void,
  ) {}

  async submit(
    member: MemberRecord | null,
    site: SiteRow,
    input: ComplaintInput,
    req: { ip: string; language: string; origin: string },
  ): Promise<ComplaintResponse> {
    const perDay = { max: COMPLAINTS_PER_ACCOUNT_PER_DAY, windowSeconds: 86_400 };
    await takeTry(this.limiter, `complaint:${site.id}:${req.ip}`, { max: COMPLAINTS_PER_IP_PER_HOUR, windowSeconds: 3600 });
    if (member) await takeTry(this.limiter, `complaint-member:${member.user.id}`, perDay);
    // Each complaint mails its confirmation to the address given: no flood of mails to anyone's address.
    await takeTry(this.limiter, `complaint-email:${site.id}:${input.email.toLowerCase()}`, perDay);
    const language: Language = isLanguage(req.language) ? req.language : "en";
    const reference = complaintReference();
    await this.db.transaction(async (tx) => {
      await tx.insert(complaints).values({
        siteId: site.id,
        reference,
        userId: member?.user.id ?? null,
        name: input.name,
        email: input.email,
        category: input.category,
        message: input.message,
        language,
      });
      const content = complaintConfirmation(language, site.settings.name, input.name, reference, `${req.origin}/pages/service`);
      await enqueueMail(tx, { ...content, to: input.email, from: this.mailFrom(site), userId: member?.user.id });
    });
    this.onQueued();
    return { reference };
  }
}
