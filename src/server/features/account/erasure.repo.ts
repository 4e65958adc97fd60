import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { MAIL_JOB } from "../../mail/enqueueMail";
import { NOTIFY_MAIL_JOB, NOTIFY_PUSH_JOB } from "../notifications/notify";

// The queries of an erasure (AccountDeletionService.erase).

const q = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

/** The member's site and addresses: the one they have, and any they asked to change to. */
export async function memberAddresses(db: Db, userId: number): Promise<{ siteId: number | null; addresses: string[] }> {
  const rows = await q<{ email: string; site_id: number }>(
    db,
    sql`SELECT lower(email) AS email, site_id FROM users WHERE id = ${userId}
      UNION SELECT lower(t.email), u.site_id FROM email_tokens t JOIN users u ON u.id = t.user_id WHERE t.user_id = ${userId} AND t.email IS NOT NULL`,
  );
  return { siteId: rows[0]?.site_id ?? null, addresses: rows.map((r) => r.email) };
}

/**
 * The storage keys of the member's files: their photos with every variant, a verification selfie
 * still waiting, and every photo and voice message of their conversations, sent or received (the conversations go whole).
 */
export async function storedFilesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await q<{ key: string }>(
    db,
    sql`SELECT 'photos/' || unnest(ARRAY[filename, thumb_filename, match_filename, blurred_filename]) AS key FROM photos WHERE profile_id = ${userId}
      UNION ALL
      SELECT selfie_key FROM verification_requests WHERE profile_id = ${userId} AND selfie_key IS NOT NULL
      UNION ALL
      SELECT 'chatphotos/' || m.attachment || unnest(ARRAY['.jpg', '_thumb.jpg']) FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.kind = 'photo' AND m.attachment IS NOT NULL AND (c.member_a = ${userId} OR c.member_b = ${userId})
      UNION ALL
      SELECT 'chatvoice/' || m.attachment FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.kind = 'voice' AND m.attachment IS NOT NULL AND (c.member_a = ${userId} OR c.member_b = ${userId})`,
  );
  return rows.map((r) => r.key);
}

/**
 * Deletes the queued and done jobs that hold the member's data: any job whose `about` names them
 * (mails to them or about them, SMS), any job addressed to one of their addresses (mails, reset
 * mails), mails with their userId (queued before mails said `about`), notifications to or from them,
 * and their erase jobs. Jobs that move money
 * (refunds at the provider) name only the payment, and stay.
 */
export async function deleteJobsOf(db: Db, userId: number, addresses: string[], eraseJobKind: string): Promise<void> {
  const id = String(userId);
  await db.execute(sql`
    DELETE FROM jobs WHERE payload->'about' @> ${JSON.stringify([userId])}::jsonb
      OR (kind IN (${MAIL_JOB}, ${eraseJobKind}) AND payload->>'userId' = ${id})
      OR lower(coalesce(payload->>'to', payload->>'email')) IN (SELECT jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb))
      OR (kind IN (${NOTIFY_MAIL_JOB}, ${NOTIFY_PUSH_JOB}) AND ${id} IN (payload->>'to', payload->>'from'))`);
}

/**
 * The member's rows that do not go with the user row by cascade: complaints they sent (as a member,
 * or from one of their addresses), their page-exit records; and what the kept rows say about them:
 * the free-text detail of their deletion requests, and of their payments the provider's customer,
 * the kept card's label, the checkout link and the discount claim. The payments themselves stay for bookkeeping.
 */
export async function eraseLooseRows(db: Db, userId: number, siteId: number | null, addresses: string[]): Promise<void> {
  await db.execute(sql`DELETE FROM complaints WHERE user_id = ${userId}
    OR (site_id = ${siteId} AND lower(email) IN (SELECT jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb)))`);
  await db.execute(sql`DELETE FROM page_exits WHERE user_id = ${userId}`);
  await db.execute(sql`UPDATE account_deletions SET detail = NULL WHERE user_id = ${userId}`);
  // A single-use code's claim names no one and stays spent; the other discount claims name the member.
  await db.execute(sql`UPDATE payments SET provider_customer_id = NULL, stored_card = NULL, checkout_url = NULL,
    discount_claim = CASE WHEN discount_claim LIKE 'once:%' THEN discount_claim END WHERE user_id = ${userId}`);
}
