import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/client";
import { blocksMadeBy } from "../members/access";

// Everything the site holds about one member, for the self-service download (GDPR art. 15 and 20).
// Plain SQL: one query per area, each filtered by the member's id.

const q = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

export async function collectMyData(db: Db, userId: number) {
  const [
    account,
    profile,
    photos,
    likesGiven,
    likesReceived,
    blocks,
    conversations,
    messages,
    ledger,
    payments,
    sessions,
    push,
    complaints,
    directDebits,
    storedCards,
    verifications,
    dateShares,
    hiddenWords,
  ] = await Promise.all([
    q(
      db,
      sql`SELECT email, status, language, credits, paid_user, signup_date, tracking, notifications_disabled, notify_messages, notify_likes, notify_matches, signup_ip
        FROM users WHERE id = ${userId}`,
    ),
    q(
      db,
      sql`SELECT name, status, gender, sexuality, date_of_birth, country, region, city, personal_text, interests, hair_color, eye_color, body_type,
        relationship_status, tattoos, invisible, latitude, longitude, show_activity, last_active_at, verified_at, updated_at FROM profiles WHERE id = ${userId}`,
    ),
    q(
      db,
      // model_flagged: what the automatic nudity check decided about the photo (an automated decision about the member).
      sql`SELECT id, '/photos/' || filename AS url, status, model_flagged, rejection_reason, decided_at, position, created_at FROM photos WHERE profile_id = ${userId} ORDER BY position`,
    ),
    q(
      db,
      sql`SELECT l.liked_id AS member_id, p.name, l.created_at FROM likes l LEFT JOIN profiles p ON p.id = l.liked_id WHERE l.liker_id = ${userId} ORDER BY l.created_at`,
    ),
    q(
      db,
      sql`SELECT l.liker_id AS member_id, p.name, l.created_at FROM likes l LEFT JOIN profiles p ON p.id = l.liker_id WHERE l.liked_id = ${userId} ORDER BY l.created_at`,
    ),
    blocksMadeBy(db, userId),
    q(
      db,
      sql`SELECT c.id, CASE WHEN c.member_a = ${userId} THEN c.member_b ELSE c.member_a END AS partner_id, p.name AS partner_name, c.created_at
        FROM conversations c JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.member_id = ${userId}
        LEFT JOIN profiles p ON p.id = CASE WHEN c.member_a = ${userId} THEN c.member_b ELSE c.member_a END ORDER BY c.id`,
    ),
    q(
      db,
      // A photo or voice message by the address its two members fetch it at (features/chat); a call's
      // entry with its media (body: how it ended, duration: how long it was talked).
      sql`SELECT m.conversation_id, m.sender_id = ${userId} AS sent_by_me, m.kind, m.body,
          CASE m.kind WHEN 'photo' THEN '/chatphotos/' || m.attachment || '.jpg' WHEN 'voice' THEN '/chatvoice/' || m.attachment END AS file,
          CASE WHEN m.kind = 'call' THEN m.attachment END AS call_media,
          CASE WHEN m.kind = 'photo' THEN m.photo_flagged END AS photo_flagged,
          m.duration_ms, m.credits, m.created_at
        FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.member_id = ${userId} ORDER BY m.id`,
    ),
    q(db, sql`SELECT delta, balance_after, reason, ref, created_at FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`),
    q(
      db,
      sql`SELECT id, credits, method, currency, price, discount, discount_code, fee, amount, status, invoice_number, created_at, paid_at, refunded_at
        FROM payments WHERE user_id = ${userId} ORDER BY created_at`,
    ),
    q(db, sql`SELECT created_at, last_seen_at, expires_at, revoked_at, user_agent, ip FROM sessions WHERE user_id = ${userId} ORDER BY id`),
    q(db, sql`SELECT created_at FROM push_subscriptions WHERE user_id = ${userId}`),
    q(db, sql`SELECT reference, category, message, status, created_at FROM complaints WHERE user_id = ${userId} ORDER BY id`),
    q(db, sql`SELECT holder, iban, phone, created_at, confirmed_at FROM direct_debit_requests WHERE user_id = ${userId} ORDER BY created_at`),
    q(db, sql`SELECT label, method, created_at, revoked_at FROM stored_cards WHERE user_id = ${userId}`),
    // The requests to be verified: the pose asked and the outcome (the selfie itself is seen by moderators only, and gone once decided).
    q(db, sql`SELECT pose, status, rejection_reason, created_at, submitted_at, decided_at FROM verification_requests WHERE profile_id = ${userId} ORDER BY id`),
    // The dates they shared (Share my date): not the links, whose tokens are kept only as hashes.
    q(
      db,
      sql`SELECT d.conversation_id, d.partner_id AS member_id, p.name, d.place, d.starts_at, d.note, d.expires_at, d.created_at, d.revoked_at
        FROM date_shares d LEFT JOIN profiles p ON p.id = d.partner_id WHERE d.sharer_id = ${userId} ORDER BY d.id`,
    ),
    // Their hidden words (issue 22), as they typed them.
    q<{ word: string }>(db, sql`SELECT word, created_at FROM hidden_words WHERE member_id = ${userId} ORDER BY created_at, key`),
  ]);
  return {
    account: account[0] ?? null,
    profile: profile[0] ?? null,
    photos,
    likes: { given: likesGiven, received: likesReceived },
    blocked_members: blocks,
    conversations,
    messages,
    credit_ledger: ledger,
    payments,
    sessions,
    push_subscriptions: push.length,
    complaints,
    direct_debits: directDebits,
    stored_cards: storedCards,
    verifications,
    shared_dates: dateShares,
    hidden_words: hiddenWords,
  };
}
