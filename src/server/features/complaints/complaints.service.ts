import { randomInt } from "node:crypto";
import type { ComplaintInput, ComplaintResponse } from "../../../common/schemas/complaints";
import { isLanguage, type Language } from "../../../common/locales";
import type { Limiter } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { complaints } from "../../db/schema";
import { AppError } from "../../errors";
import { enqueueMail } from "../../mail/enqueueMail";
import { renderMail } from "../../mail/mailTemplates";
import type { MemberRecord } from "../auth/auth.repo";
import type { SiteRow } from "../settings/settings.repo";

/** Letters and digits that cannot be mistaken for one another when read out (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Complaints one address may send in an hour: enough for a real person, too few for a flood. */
const PER_HOUR = 5;

export function complaintReference(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)];
  const part = () => Array.from({ length: 4 }, pick).join("");
  return `${part()}-${part()}`;
}

/** Complaints (/complaints): stored with a reference, confirmed by e-mail in the same transaction. */
export class ComplaintsService {
  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly mailFrom: (site: SiteRow) => string,
    private readonly onQueued: () => void,
  ) {}

  async submit(member: MemberRecord | null, site: SiteRow, input: ComplaintInput, req: { ip: string; language: string; origin: string }): Promise<ComplaintResponse> {
    const { count } = await this.limiter.hit(`complaint:${site.id}:${req.ip}`, 3600);
    if (count > PER_HOUR) throw new AppError(429, "rate_limited");
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
      });
      const content = renderMail({
        template: "complaint",
        language,
        siteName: site.settings.name,
        name: input.name,
        link: `${req.origin}/pages/service`,
        vars: { reference },
      });
      await enqueueMail(tx, { ...content, to: input.email, from: this.mailFrom(site), userId: member?.user.id });
    });
    this.onQueued();
    return { reference };
  }
}
