import { randomUUID } from "node:crypto";
import { CHAT_HISTORY_LIMIT, CHAT_PAGE_SIZE, FREE_CONVERSATIONS_TO_START, VOICE_MAX_SECONDS } from "../../../common/constants";
import { messageCost, voiceMessageCost } from "../../../common/messageCost";
import { CALL_MEDIA, CALL_OUTCOMES, type CallMedia, type CallOutcome } from "../../../common/callRules";
import { scamKindsOf, scamMask, scamSignals } from "../../../common/scamSignals";
import { matchesHiddenWords } from "../../../common/hiddenWords";
import { harassmentLanguages, looksHarassing } from "../../../common/harassment";
import fastJson from "fast-json-stringify";
import { z } from "zod";
import {
  type ChatMessage,
  type ChatsResponse,
  chatListItemSchema,
  type ConversationResponse,
  type SendGift,
  type SendMessage,
  type SendMessageResponse,
} from "../../../common/schemas/chat";
import type { ServerEvent } from "../../../common/schemas/realtime";
import type { Db } from "../../db/client";
import type { MessageKind } from "../../db/schema";
import type { OpenedFile, Storage } from "../../adapters/storage";
import { enqueueNotification, type NotificationPayload } from "../notifications/notify";
import { detectImageType } from "../photos/detectImageType";
import { processChatPhoto } from "../photos/processPhoto";
import type { PhotoClassifier } from "../photoSafety/photoClassifier";
import { isFlaggedPhoto } from "../../../common/photoSafety";
import { inspectVoice, VOICE_CONTENT_TYPES, type VoiceFormat } from "./voiceFile";
import { AppError } from "../../errors";
import type { SiteRow } from "../settings/settings.repo";
import type { MemberRecord } from "../auth/auth.repo";
import { moveCredits } from "../credits/ledger";
import { checkIdempotencyKey, isKeyTaken, once, storedAnswer } from "../credits/idempotency";
import { cardRowOf } from "../members/members.repo";
import { placeOfProfile } from "../members/ownSearch";
import { memberCardDto } from "../members/profileDto";
import { assertMayWrite, findVisibleProfile, isVisible, type Viewer } from "../members/access";
import {
  conversationOfMessage,
  countStartedBy,
  findChatFileAccess,
  findConversation,
  findConversationBetween,
  findWriteTarget,
  hideConversation,
  insertMessage,
  keepInInbox,
  type ConversationListRow,
  conversationVersions,
  listConversations,
  listConversationsByIds,
  markRead,
  type MessageRow,
  openConversation,
  readUpToOf,
  recentMessages,
  isPairTaken,
  sendMessage,
  settleNudge,
} from "./chat.repo";
import { bodyOf, CHAT_LIST_KEEP_MAX, CHAT_LIST_MAX, ChatListCache, type ListItem, utcDayNumber } from "./chatListCache";

// Items are serialised one by one (to be kept apart): a serialiser compiled from the item's schema
// does that in 60% of the time JSON.stringify takes.
const chatItemJson = fastJson(z.toJSONSchema(chatListItemSchema, { io: "output" }) as Parameters<typeof fastJson>[0]);

/** A conversation's item of GET /api/chats.php from its row of the list query. */
function listItemOf(r: ConversationListRow): ListItem {
  const card = cardRowOf(r);
  const chat: ChatsResponse["chats"][number] = {
    conversation: r.conversation_id,
    profile: card.profile.id,
    num_unread_messages: r.unread,
    folder: r.in_hidden_folder ? "hidden" : "inbox",
    // No activity here: an item is kept until the conversation changes, and "online now" would go stale.
    member: { ...memberCardDto(card.profile, card.mainPhoto), activity: null },
    last_message:
      r.last_id !== null && r.last_sender !== null && r.last_kind && r.last_at
        ? {
            id: Number(r.last_id),
            conversation: r.conversation_id,
            sender: r.last_sender,
            kind: r.last_kind,
            body: r.last_body ?? "",
            created_at: r.last_at,
            read: false,
          }
        : null,
  };
  return { conversation: r.conversation_id, version: r.version, sortAt: Number(r.sort_at), json: Buffer.from(chatItemJson(chat)) };
}

/** Where a chat photo is fetched; only the two members of its conversation get it. */
export const chatPhotoUrls = (photoId: string) => ({ url: `/chatphotos/${photoId}.jpg`, thumb: `/chatphotos/${photoId}_thumb.jpg` });

/** Where a voice message is fetched (`file`: `<id>.webm` or `<id>.mp4`); only the two members of its conversation get it. */
export const chatVoiceUrl = (file: string) => `/chatvoice/${file}`;

/**
 * The recorder stops itself at VOICE_MAX_SECONDS, a moment after which its last frames end: so much
 * more is let through.
 */
const VOICE_LENGTH_SLACK_MS = 1500;

/**
 * A message as `viewer` sees it: the recipient also gets its scam signals and its harassment nudge
 * while they have not answered it (the sender never: they were asked before sending).
 */
export function messageDto(
  m: Pick<MessageRow, "id" | "conversationId" | "senderId" | "kind" | "body" | "attachment" | "createdAt" | "scamSignals" | "durationMs" | "nudge"> &
    Partial<Pick<MessageRow, "photoFlagged">>,
  readByOther: number,
  viewer: number,
): ChatMessage {
  const scam = m.senderId !== viewer && m.scamSignals !== 0 ? scamKindsOf(m.scamSignals) : [];
  return {
    id: m.id,
    conversation: m.conversationId,
    sender: m.senderId,
    kind: m.kind,
    body: m.kind === "gift" ? (m.attachment ?? "") : m.body,
    ...(m.kind === "photo" && m.attachment ? { photo: { ...chatPhotoUrls(m.attachment), ...(m.photoFlagged ? { flagged: true } : {}) } } : {}),
    ...(m.kind === "voice" && m.attachment ? { voice: { url: chatVoiceUrl(m.attachment), duration_ms: m.durationMs ?? 0 } } : {}),
    ...(m.kind === "call" ? { call: callEntryOf(m) } : {}),
    created_at: m.createdAt.toISOString(),
    read: m.id <= readByOther,
    ...(scam.length > 0 ? { scam } : {}),
    ...(m.senderId !== viewer && m.nudge === "asked" ? { nudge: true as const } : {}),
  };
}

/** What a call's entry holds: media in the attachment, the outcome in the body, the talked time as its duration. */
function callEntryOf(m: Pick<MessageRow, "body" | "attachment" | "durationMs">): NonNullable<ChatMessage["call"]> {
  const media = (CALL_MEDIA as readonly string[]).includes(m.attachment ?? "") ? (m.attachment as CallMedia) : "voice";
  const outcome = (CALL_OUTCOMES as readonly string[]).includes(m.body) ? (m.body as CallOutcome) : "ended";
  return { media, outcome, duration_ms: m.durationMs };
}

/** A chat photo file name: the photo's id, and the full photo or its thumbnail. */
function parseChatPhotoFile(file: string): { id: string; name: string } | null {
  const m = /^([0-9a-f-]{36})(_thumb)?\.jpg$/.exec(file);
  return m ? { id: m[1], name: file } : null;
}

/** A voice message's file name (`<id>.webm` or `<id>.mp4`) and its format, or null. */
function parseChatVoiceFile(file: string): { name: string; format: VoiceFormat } | null {
  const m = /^[0-9a-f-]{36}\.(webm|mp4)$/.exec(file);
  return m ? { name: file, format: m[1] as VoiceFormat } : null;
}

/** What a send needs from its request: the retry key and the site's address for notification links. */
export interface SendRequest {
  idempotencyKey?: string;
  origin: string;
}

/** What a send stores: the message and what it costs. */
interface Content {
  kind: MessageKind;
  body: string;
  attachment: string | null;
  /** Scam signals of a text (scamMask), 0 for none. */
  scamSignals: number;
  /** How long a voice message plays (null for the other kinds). */
  durationMs: number | null;
  /** A text that looks insulting or sexual (common/harassment.ts): its recipient is asked about it if they have not written yet. */
  harassing: boolean;
  /** A photo the nudity model flagged (common/photoSafety.ts); false for the other kinds. */
  photoFlagged: boolean;
  cost: number;
  reason: "message" | "gift" | "photo" | "voice";
}

/** What a send stores, and whether it goes to the recipient's Hidden folder (when they are new to its sender). */
type HeldContent = Content & { hide: boolean };

/** A send's answer, whether it queued a job that is due now, and whether its recipient is asked about it (a harassment nudge). */
interface Sent {
  result: SendMessageResponse;
  due: boolean;
  nudged: boolean;
}

/** Where live events go (the Realtime hub, or nothing in tests that do not care). */
export interface EventPublisher {
  /** Never fails: an event that cannot be sent is lost and logged (pages catch up by polling). */
  publish(memberId: number, event: ServerEvent): Promise<void>;
}

/** Conversations and paid messages. */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    /** After a member's credits or conversations changed (cached member data, other instances). */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    private readonly events: EventPublisher,
    /** How long the e-mail about a message waits (none when read by then). */
    private readonly mailDelayMs: number,
    /** Called after notifications were queued (wakes the job worker). */
    private readonly onQueued: () => void,
    /** Scores chat photos for nudity (photo safety, issue 22). */
    private readonly photoClassifier: PhotoClassifier,
  ) {}

  /** Long conversation lists, kept while unchanged (per instance; checked on every use). */
  private readonly listCache = new ChatListCache();

  private viewer(member: MemberRecord, site: SiteRow) {
    return { id: member.user.id, siteId: site.id, paid: member.user.paidUser };
  }

  /** The conversation's other member, checked like every call that takes a member id. */
  private async partner(member: MemberRecord, site: SiteRow, conversationId: number): Promise<number> {
    const conversation = await findConversation(this.db, conversationId);
    // Its two members may read and write it; for anyone else it does not exist.
    assertMayWrite({ conversation }, this.viewer(member, site));
    const { memberA, memberB } = conversation as NonNullable<typeof conversation>;
    return memberA === member.user.id ? memberB : memberA;
  }

  /** Whom a send goes to: the conversation's other member, or the member named; never the sender. */
  private async recipient(member: MemberRecord, site: SiteRow, target: { to?: number; conversation?: number }): Promise<number> {
    const to = target.conversation !== undefined ? await this.partner(member, site, target.conversation) : (target.to as number);
    if (to === member.user.id) throw new AppError(404, "not_found");
    return to;
  }

  /** Sends a text message; charges the message in the same transaction. Retried with the same key, it does nothing more. */
  async send(member: MemberRecord, site: SiteRow, input: SendMessage, req: SendRequest): Promise<SendMessageResponse> {
    const text = input.text.trim();
    if (!text) throw new AppError(400, "message_empty", undefined, "text");
    const max = site.settings.message_length;
    if (text.length > max) throw new AppError(400, "message_too_long", { max }, "text");
    const cost = messageCost(site.settings, member.profile.country);
    const content = {
      kind: "text",
      body: text,
      attachment: null,
      scamSignals: scamMask(scamSignals(text)),
      durationMs: null,
      // Checked in the sender's language and the site's (common/harassment.ts).
      harassing: looksHarassing(text, harassmentLanguages(member.user.language, site.settings.domain_language)),
      photoFlagged: false,
      cost,
      reason: "message",
    } as const;
    return this.deliver(member, site, input, content, req);
  }

  /**
   * Sends a photo: checked and re-encoded like a profile photo, then paid (photo_credits) and stored
   * with its message in one transaction. Files of a refused or repeated send are removed again.
   */
  async sendPhoto(
    member: MemberRecord,
    site: SiteRow,
    target: { to?: number; conversation?: number },
    file: Buffer,
    req: SendRequest,
  ): Promise<SendMessageResponse> {
    // The cheap checks first: nothing is processed for a member who may not write.
    const to = await this.recipient(member, site, target);
    await this.assertMayWrite(member, site, to);
    if (!detectImageType(file)) throw new AppError(400, "not_an_image");
    let stored: { id: string };
    try {
      stored = await processChatPhoto(file, this.storage);
    } catch {
      throw new AppError(400, "image_corrupt");
    }
    // Photo safety: scored before the message exists, so no recipient ever gets an unchecked photo.
    let flagged: boolean;
    try {
      flagged = isFlaggedPhoto(await this.photoClassifier.classify(file));
    } catch (err) {
      await Promise.all([this.storage.remove(`chatphotos/${stored.id}.jpg`), this.storage.remove(`chatphotos/${stored.id}_thumb.jpg`)]);
      throw err;
    }
    const removeFiles = () => Promise.all([this.storage.remove(`chatphotos/${stored.id}.jpg`), this.storage.remove(`chatphotos/${stored.id}_thumb.jpg`)]);
    try {
      const content = {
        kind: "photo",
        body: "",
        attachment: stored.id,
        scamSignals: 0,
        durationMs: null,
        harassing: false,
        photoFlagged: flagged,
        cost: site.settings.photo_credits,
        reason: "photo",
      } as const;
      const result = await this.deliver(member, site, { to }, content, req);
      // A retry answered from its first send keeps the first photo.
      if (result.message.photo?.url !== chatPhotoUrls(stored.id).url) await removeFiles();
      return result;
    } catch (err) {
      await removeFiles();
      throw err;
    }
  }

  /**
   * Sends a voice message: a WebM or MP4 recording of sound only, at most VOICE_MAX_SECONDS long (both
   * read from the file itself), stored as it came, and paid like a photo (photo_credits) with its
   * message in one transaction. The file of a refused or repeated send is removed again.
   */
  async sendVoice(
    member: MemberRecord,
    site: SiteRow,
    target: { to?: number; conversation?: number },
    file: Buffer,
    req: SendRequest,
  ): Promise<SendMessageResponse> {
    const to = await this.recipient(member, site, target);
    await this.assertMayWrite(member, site, to);
    const voice = inspectVoice(file);
    if (!voice || voice.durationMs <= 0) throw new AppError(400, "voice_invalid");
    if (voice.durationMs > VOICE_MAX_SECONDS * 1000 + VOICE_LENGTH_SLACK_MS) throw new AppError(400, "voice_too_long", { max: VOICE_MAX_SECONDS / 60 });
    const name = `${randomUUID()}.${voice.format}`;
    await this.storage.put(`chatvoice/${name}`, file);
    const removeFile = () => this.storage.remove(`chatvoice/${name}`);
    try {
      const content = {
        kind: "voice",
        body: "",
        attachment: name,
        scamSignals: 0,
        durationMs: voice.durationMs,
        harassing: false,
        photoFlagged: false,
        cost: voiceMessageCost(site.settings),
        reason: "voice",
      } as const;
      const result = await this.deliver(member, site, { to }, content, req);
      // A retry answered from its first send keeps the first recording.
      if (result.message.voice?.url !== chatVoiceUrl(name)) await removeFile();
      return result;
    } catch (err) {
      await removeFile();
      throw err;
    }
  }

  /**
   * The bytes of a chat photo for one of the two members of its conversation while they may open it
   * (as `open` decides: the partner visible to them, neither blocking the other), or null.
   */
  async photoFile(file: string, viewer: Viewer): Promise<OpenedFile | null> {
    const parsed = parseChatPhotoFile(file);
    if (!parsed || !(await this.mayFetch("photo", parsed.id, viewer))) return null;
    return this.storage.open(`chatphotos/${parsed.name}`);
  }

  /** A voice message's recording and its content type, on the same terms as a chat photo (photoFile), or null. */
  async voiceFile(file: string, viewer: Viewer): Promise<{ file: OpenedFile; type: string } | null> {
    const parsed = parseChatVoiceFile(file);
    if (!parsed || !(await this.mayFetch("voice", parsed.name, viewer))) return null;
    const opened = await this.storage.open(`chatvoice/${parsed.name}`);
    return opened ? { file: opened, type: VOICE_CONTENT_TYPES[parsed.format] } : null;
  }

  /** Whether the viewer is one of the two members of the file's conversation and may open it now. */
  private async mayFetch(kind: "photo" | "voice", attachment: string, viewer: Viewer): Promise<boolean> {
    if (viewer.id === null) return false;
    const access = await findChatFileAccess(this.db, kind, attachment, viewer.id);
    return access !== null && access.siteId === viewer.siteId && !access.blockedByViewer && isVisible(access.partner, viewer);
  }

  /** Sends a gift of the catalogue; it costs the site's gift_credits. */
  async sendGift(member: MemberRecord, site: SiteRow, input: SendGift, req: SendRequest): Promise<SendMessageResponse> {
    return this.deliver(
      member,
      site,
      input,
      {
        kind: "gift",
        body: "",
        attachment: input.gift,
        scamSignals: 0,
        durationMs: null,
        harassing: false,
        photoFlagged: false,
        cost: site.settings.gift_credits,
        reason: "gift",
      },
      req,
    );
  }

  private async deliver(
    member: MemberRecord,
    site: SiteRow,
    target: { to?: number; conversation?: number },
    content: Content,
    req: SendRequest,
  ): Promise<SendMessageResponse> {
    const me = member.user.id;
    const to = await this.recipient(member, site, target);
    // Photos and voice messages were checked before their file was stored.
    const hiddenWords = content.kind !== "photo" && content.kind !== "voice" ? await this.assertMayWrite(member, site, to) : [];
    // Only a text can hold words (issue 22: hidden words).
    const held = { ...content, hide: content.kind === "text" && matchesHiddenWords(content.body, hiddenWords) };

    if (req.idempotencyKey !== undefined) checkIdempotencyKey(req.idempotencyKey);
    const { result, due, nudged } = (await this.sendInOneStatement(member, site, to, held, req)) ?? (await this.sendInSteps(member, site, to, held, req));
    if (due) this.onQueued();
    // Live to the partner and to the sender's other pages, while the cached balance is renewed. The
    // message is stored and charged: neither can fail the send (both only log when Redis is away).
    const event = { type: "message", conversation: result.message.conversation, message: result.message } as const;
    // The partner sees the message's scam signals and its nudge (the sender's answer has neither).
    const scam = scamKindsOf(content.scamSignals);
    const partnerMessage = { ...result.message, ...(scam.length > 0 ? { scam } : {}), ...(nudged ? { nudge: true as const } : {}) };
    const partnerEvent = scam.length > 0 || nudged ? { ...event, message: partnerMessage } : event;
    await Promise.all([this.events.publish(to, partnerEvent), this.events.publish(me, event), this.onMemberChanged(me)]);
    return result;
  }

  /**
   * Sends in one statement (nearly every message: all into an existing conversation, and a premium
   * member's first); null when the longer steps must decide. `due`: the send queued a job that is due
   * now (not for a retry answered from its first send).
   */
  private async sendInOneStatement(member: MemberRecord, site: SiteRow, to: number, content: HeldContent, req: SendRequest): Promise<Sent | null> {
    const me = member.user.id;
    const key = req.idempotencyKey;
    const sent = await sendMessage(this.db, {
      siteId: site.id,
      from: me,
      to,
      mayStart: member.user.paidUser,
      kind: content.kind,
      body: content.body,
      attachment: content.attachment,
      scamSignals: content.scamSignals,
      durationMs: content.durationMs,
      photoFlagged: content.photoFlagged,
      hide: content.hide,
      harassing: content.harassing,
      cost: content.cost,
      reason: content.reason,
      idempotencyKey: key ?? null,
      // The answer as messageDto makes it; the statement puts in id, conversation and time. A new message is unread.
      answerDraft: { ...messageDto({ id: 0, conversationId: 0, senderId: me, createdAt: new Date(0), nudge: null, ...content }, 0, me), read: false },
      notificationDraft: { kind: "message", to, from: me, origin: req.origin } satisfies NotificationPayload,
      mailDelayMs: this.mailDelayMs,
    }).catch(async (err: unknown) => {
      // The other member started the conversation at the same moment: the longer steps find it.
      if (isPairTaken(err)) return { outcome: "longer_steps" } as const;
      // A retry that ran alongside its first send, which committed first: it gets that answer.
      const answer = key !== undefined && isKeyTaken(err) ? await storedAnswer<SendMessageResponse>(this.db, me, key) : null;
      if (!answer) throw err;
      return { outcome: "answered", answer } as const;
    });
    switch (sent.outcome) {
      case "sent":
        return { result: { message: messageDto(sent.message, 0, me), credits: sent.balance }, due: sent.due, nudged: sent.message.nudge === "asked" };
      case "repeated":
        return { result: JSON.parse(sent.answer) as SendMessageResponse, due: false, nudged: false };
      case "answered":
        return { result: sent.answer, due: false, nudged: false };
      case "not_enough_credits": {
        // A retry may have waited for its first send, which spent the last credits: it gets that answer.
        const answer = key !== undefined ? await storedAnswer<SendMessageResponse>(this.db, me, key) : null;
        if (!answer) throw new AppError(402, "not_enough_credits");
        return { result: answer, due: false, nudged: false };
      }
      case "longer_steps":
        return null;
    }
  }

  /**
   * The longer steps, in a transaction: a free member's first message to someone (a free member may
   * start only a few conversations), or one the statement could not send.
   */
  private async sendInSteps(member: MemberRecord, site: SiteRow, to: number, content: HeldContent, req: SendRequest): Promise<Sent> {
    const me = member.user.id;
    let due = false;
    let nudged = false;
    const result = await once(this.db, me, req.idempotencyKey, async (tx) => {
      // One member's sends go one at a time (openConversation locks the sender's row first): the
      // free-conversation count and the balance stay exact.
      const { conversationId, created } = await openConversation(tx, site.id, me, to);
      if (created && !member.user.paidUser && (await countStartedBy(tx, me)) > FREE_CONVERSATIONS_TO_START) {
        throw new AppError(403, "premium_only");
      }
      const balance = await moveCredits(tx, me, -content.cost, content.reason);
      if (balance === null) throw new AppError(402, "not_enough_credits");
      const { message, hidden } = await insertMessage(tx, { conversationId, senderId: me, credits: content.cost, ...content });
      nudged = message.nudge === "asked";
      // A message in the recipient's Hidden folder is announced to nobody (issue 22).
      if (!hidden) {
        due = await enqueueNotification(
          tx,
          { kind: "message", to, from: me, conversation: conversationId, message: message.id, origin: req.origin },
          this.mailDelayMs,
        );
      }
      return { message: messageDto(message, 0, me), credits: balance } satisfies SendMessageResponse;
    });
    return { result, due, nudged };
  }

  /**
   * Checks that the member may write to `to`: visible, not blocked, and (for a reply) confirmed.
   * Answers the recipient's hidden words (their keys), read in the same query.
   */
  private async assertMayWrite(member: MemberRecord, site: SiteRow, to: number): Promise<string[]> {
    // One query reads every fact the rules need (a send's cost is mostly round trips to the database).
    const target = await findWriteTarget(this.db, member.user.id, site.id, to);
    assertMayWrite({ member: target }, this.viewer(member, site));
    return target.hiddenWords;
  }

  /**
   * GET /api/chats.php's answer as JSON (UTF-8): the versions of the member's conversations first, then
   * only the items that changed since the last call on this instance (ChatListCache).
   */
  async listJson(member: MemberRecord): Promise<Buffer> {
    const me = member.user.id;
    const { blocks, versions } = await conversationVersions(this.db, me, CHAT_LIST_KEEP_MAX + 1);
    if (versions.length > CHAT_LIST_KEEP_MAX) {
      this.listCache.delete(me);
      return bodyOf((await listConversations(this.db, me)).map(listItemOf));
    }
    return this.listCache.answer(me, utcDayNumber(), blocks, versions, async (ids, all) =>
      // All of at most CHAT_LIST_MAX conversations: the newest-first query, whose plan is cheaper than
      // looking up hundreds of ids.
      (all && ids.length <= CHAT_LIST_MAX ? await listConversations(this.db, me) : await listConversationsByIds(this.db, me, ids)).map(listItemOf),
    );
  }

  /**
   * A conversation (by id, or with a member): its newest `limit` messages (older ones are loaded by
   * asking again with a larger limit, up to the history limit); opening it sets its unread count to 0.
   */
  async open(member: MemberRecord, site: SiteRow, query: { id?: number; member?: number; limit?: number }): Promise<ConversationResponse> {
    const me = member.user.id;
    const other = query.id !== undefined ? await this.partner(member, site, query.id) : (query.member as number);
    const target = await findVisibleProfile(this.db, this.viewer(member, site), other);
    if (target.blockedByViewer) throw new AppError(404, "not_found");
    const conversation = query.id !== undefined ? await findConversation(this.db, query.id) : await findConversationBetween(this.db, me, other);
    const card = memberCardDto(target.profile, target.mainPhoto, placeOfProfile(member.profile));
    if (!conversation) return { conversation: null, member: card, messages: [], has_older: false, older_hidden: false };
    const upTo = await markRead(this.db, conversation.id, me);
    if (upTo !== null) await this.events.publish(other, { type: "read", conversation: conversation.id, by: me, up_to: upTo });
    const limit = Math.min(query.limit ?? CHAT_PAGE_SIZE, CHAT_HISTORY_LIMIT);
    const [{ rows, older }, readByOther] = await Promise.all([recentMessages(this.db, conversation.id, limit), readUpToOf(this.db, conversation.id, other)]);
    return {
      conversation: conversation.id,
      member: card,
      messages: rows.map((m) => messageDto(m, readByOther, me)),
      has_older: older && limit < CHAT_HISTORY_LIMIT,
      older_hidden: older && limit === CHAT_HISTORY_LIMIT,
    };
  }

  /** The partner of a member in a conversation, or null: who may hear that the member is typing. */
  async typingPartner(memberId: number, conversationId: number): Promise<number | null> {
    const conversation = await findConversation(this.db, conversationId);
    if (!conversation || (conversation.memberA !== memberId && conversation.memberB !== memberId)) return null;
    return conversation.memberA === memberId ? conversation.memberB : conversation.memberA;
  }

  /** Moves a conversation of the member's from their Hidden folder back to the inbox (issue 22). */
  async showInInbox(member: MemberRecord, site: SiteRow, conversationId: number): Promise<void> {
    await this.partner(member, site, conversationId);
    await keepInInbox(this.db, conversationId, member.user.id);
  }

  /**
   * The member's answer "No, it's fine" to the harassment nudge on a message they received (issue 22):
   * they are not asked about it again. Not found unless the message is the partner's in one of the
   * member's conversations and has a nudge.
   */
  async dismissNudge(member: MemberRecord, site: SiteRow, messageId: number): Promise<void> {
    const conversationId = await conversationOfMessage(this.db, messageId);
    if (conversationId === null) throw new AppError(404, "not_found");
    const partner = await this.partner(member, site, conversationId);
    if (!(await settleNudge(this.db, messageId, partner))) throw new AppError(404, "not_found");
  }

  /** Takes a conversation off the member's list (a new message brings it back). */
  async remove(member: MemberRecord, site: SiteRow, conversationId: number): Promise<void> {
    await this.partner(member, site, conversationId);
    await hideConversation(this.db, conversationId, member.user.id);
  }
}
