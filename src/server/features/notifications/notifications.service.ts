import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { MailEvents, NotificationSettings, UpdateNotifications } from "../../../common/schemas/notifications";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import { disableNotifications, usersByEmail } from "./notifications.repo";
import { serverKey } from "./serverKeys";
import { verifyUnsubscribeToken } from "./unsubscribeToken";

/** The member's e-mail choices, one-click unsubscribe, and bounces and complaints from the mail provider. */
export class NotificationsService {
  private secret: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    /** After a member's notification settings changed (cached member data on every instance). */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
  ) {}

  /** The secret of unsubscribe links: made once, shared by every instance through the database. */
  unsubscribeSecret(): Promise<string> {
    this.secret ??= serverKey(this.db, "unsubscribe_secret", () => randomBytes(32).toString("base64url")).catch((err) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  settings(member: MemberRecord): NotificationSettings {
    const u = member.user;
    return { messages: u.notifyMessages, likes: u.notifyLikes, matches: u.notifyMatches, disabled: u.notificationsDisabled };
  }

  async update(member: MemberRecord, input: UpdateNotifications): Promise<NotificationSettings> {
    const [row] = await this.db
      .update(users)
      .set({
        notifyMessages: input.messages,
        notifyLikes: input.likes,
        notifyMatches: input.matches,
        ...(input.reenable ? { notificationsDisabled: [] } : {}),
      })
      .where(eq(users.id, member.user.id))
      .returning({ notificationsDisabled: users.notificationsDisabled });
    await this.onMemberChanged(member.user.id);
    return { messages: input.messages, likes: input.likes, matches: input.matches, disabled: row.notificationsDisabled };
  }

  /** RFC 8058 one-click unsubscribe: every notification e-mail stops, recorded as list-unsubscribe. */
  async unsubscribe(token: string): Promise<void> {
    const userId = verifyUnsubscribeToken(await this.unsubscribeSecret(), token);
    if (userId === null) throw new AppError(400, "link_invalid");
    await disableNotifications(this.db, userId, "list-unsubscribe");
    await this.onMemberChanged(userId);
  }

  /** A hard bounce seen while sending: the address does not take mail. */
  async hardBounce(userId: number): Promise<void> {
    if (await disableNotifications(this.db, userId, "bounce")) await this.onMemberChanged(userId);
  }

  /** Bounces and spam complaints (feedback loop) reported by the mail provider, by address. */
  async mailEvents(input: MailEvents): Promise<{ updated: number }> {
    let updated = 0;
    for (const event of input.events) {
      for (const userId of await usersByEmail(this.db, event.email)) {
        if (await disableNotifications(this.db, userId, event.type === "complaint" ? "fbl" : "bounce")) {
          updated += 1;
          await this.onMemberChanged(userId);
        }
      }
    }
    return { updated };
  }
}
