import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyWebsocket from "@fastify/websocket";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Limiter } from "./adapters/limiter";
import { DbLimiter } from "./adapters/limiter.db";
import { RedisLimiter } from "./adapters/limiter.redis";
import type { Mailer } from "./adapters/mailer";
import { DevMailbox } from "./adapters/mailer.devMailbox";
import { SmtpMailer } from "./adapters/mailer.smtp";
import { InProcessPubSub, type PubSub, RedisPubSub } from "./adapters/pubsub";
import { LocalStorage, type Storage } from "./adapters/storage";
import { S3Storage } from "./adapters/storage.s3";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { authRoutes } from "./features/auth/auth.routes";
import { AuthService } from "./features/auth/auth.service";
import { MemberCache } from "./features/auth/memberCache";
import { devMailRoutes } from "./features/devmail/devmail.routes";
import { PHOTO_MAX_BYTES } from "../common/constants";
import { blocksRoutes } from "./features/blocks/blocks.routes";
import { BlocksService } from "./features/blocks/blocks.service";
import { chatRoutes } from "./features/chat/chat.routes";
import { ChatService } from "./features/chat/chat.service";
import { likesRoutes } from "./features/likes/likes.routes";
import { LikesService } from "./features/likes/likes.service";
import { membersRoutes } from "./features/members/members.routes";
import { MembersService } from "./features/members/members.service";
import { PhotosService } from "./features/photos/photos.service";
import { landersRoutes } from "./features/landers/landers.routes";
import { profileRoutes } from "./features/profile/profile.routes";
import { signupRoutes } from "./features/signup/signup.routes";
import { SignupService } from "./features/signup/signup.service";
import { ProfileService } from "./features/profile/profile.service";
import { swipeRoutes } from "./features/swipe/swipe.routes";
import { SwipeService } from "./features/swipe/swipe.service";
import { photosRoutes } from "./features/photos/photos.routes";
import { referenceRoutes } from "./features/reference/reference.routes";
import { settingsRoutes } from "./features/settings/settings.routes";
import { siteOriginOf } from "./features/settings/siteOrigin";
import { SiteResolver } from "./features/settings/siteResolver";
import { visitsRoutes } from "./features/visits/visits.routes";
import { registerWeb } from "./features/web/web.routes";
import { JobWorker } from "./jobs/queue";
import { Realtime } from "./realtime/realtime";
import { MAIL_JOB } from "./mail/enqueueMail";
import { sendMailJob } from "./mail/sendMailJob";
import { NotificationMailer } from "./features/notifications/notificationMail";
import { NOTIFY_MAIL_JOB, NOTIFY_PUSH_JOB, type NotificationPayload } from "./features/notifications/notify";
import { WebPushSender } from "./adapters/pushSender";
import { pushRoutes } from "./features/push/push.routes";
import { PushService } from "./features/push/push.service";
import { vapidKeys } from "./features/push/vapidKeys";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import { NotificationsService } from "./features/notifications/notifications.service";
import { findCompany, type SiteRow } from "./features/settings/settings.repo";
import { MolliePaymentProvider } from "./adapters/mollieProvider";
import type { PaymentProvider } from "./adapters/paymentProvider";
import { DiscountsService } from "./features/discounts/discounts.service";
import { paymentsRoutes } from "./features/payments/payments.routes";
import { PAYMENT_REFUND_JOB, PaymentsService } from "./features/payments/payments.service";
import { RepeatOrderService } from "./features/payments/repeatOrder.service";
import { DirectDebitService, SMS_JOB } from "./features/payments/directDebit.service";
import { DevSmsOutbox, HttpSmsGateway, type SmsSender } from "./adapters/sms";
import { devSmsRoutes } from "./features/devmail/devSms.routes";
import { complaintsRoutes } from "./features/complaints/complaints.routes";
import { accountRoutes } from "./features/account/account.routes";
import { AccountDeletionService, ERASE_ACCOUNT_JOB } from "./features/account/accountDeletion.service";
import { SessionsService } from "./features/account/sessions.service";
import { ComplaintsService } from "./features/complaints/complaints.service";
import { TEST_PROVIDER_WEBHOOK_JOB, TestPaymentProvider } from "./features/testProvider/testProvider";
import { testProviderRoutes } from "./features/testProvider/testProvider.routes";
import { registerErrorHandling } from "./plugins/errors";
import { registerSecurityHeaders } from "./plugins/securityHeaders";
import { registerRequestContext } from "./plugins/requestContext";

export interface AppOptions {
  /** An already open database (tests); otherwise opened from the config and migrated. */
  database?: Database;
  /** Prefix for Redis keys, so that test files do not share counters. */
  redisPrefix?: string;
  /** Folder of the built client. */
  webRoot?: string;
  /** Extra routes registered before the web fallback (benchmarks). */
  extraRoutes?: (app: FastifyInstance) => void;
}

export interface App {
  app: FastifyInstance;
  database: Database;
  worker: JobWorker;
  /** Call when a member's account, profile, credits or sessions change outside the auth service. */
  members: MemberCache;
  realtime: Realtime;
  mailer: Mailer;
  /** Where photos are kept: the bucket in production, DATA_DIR/uploads in the embedded default. */
  storage: Storage;
  close(): Promise<void>;
}

/** The SMS job needs a sender; without one it fails and stays queued until one is configured. */
function requireSms(sender: SmsSender | null): SmsSender {
  if (!sender) throw new Error("no SMS sender configured (SMS_URL)");
  return sender;
}

/** Mail of a site without a real domain (localhost) goes from a .test address. */
const mailDomain = (domain: string) => (domain.includes(".") ? domain : `${domain}.test`);

/**
 * Connections that send nothing are closed: a request must be whole within 2 minutes (a photo over a
 * slow phone network), an idle keep-alive connection goes after 65 s (longer than a proxy's usual
 * 60 s, so the proxy closes first and never reuses a closing connection), and a client gets 15 s for
 * its headers (slow-header attacks).
 */
const SERVER_TIMEOUTS = { requestTimeout: 120_000, keepAliveTimeout: 65_000, connectionTimeout: 180_000 };
const HEADERS_TIMEOUT_MS = 15_000;

const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

export const DEFAULT_WEB_ROOT = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "../../dist/web");

/** Builds the whole server: adapters from the config, plugins, then features. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => console.error(`database connection lost: ${err.message}`),
    }));
  if (!options.database) await database.migrate();
  const { db } = database;

  // Auto-pipelining: the commands issued in one tick (a sent message publishes to both members and
  // renews the sender's cache entry) go to Redis in one write instead of one system call each.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableAutoPipelining: true }) : null;
  const limiter: Limiter = redis ? new RedisLimiter(redis, `${options.redisPrefix ?? ""}limit:`) : new DbLimiter(db);
  const devMailbox = config.devMailbox ? new DevMailbox(join(config.dataDir, "mail")) : null;
  const mailer: Mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl) : (devMailbox as DevMailbox);
  // Photos go through the app, never straight from the bucket to a browser (no public bucket, no
  // signed URLs): the bucket stays private and each request passes the one access rule
  // (photoCaching.ts). A block, invisibility, a lock or a deletion then takes effect at the next
  // request, where a signed URL would go on working until it expires and could be passed on. The
  // bytes are streamed from the bucket to the reply (bench/photos.bench.ts measures the cost).
  const s3 = config.s3 ? new S3Storage(config.s3) : null;
  const storage: Storage = s3 ?? new LocalStorage(join(config.dataDir, "uploads"));
  const pubsub: PubSub = redis ? new RedisPubSub(redis, options.redisPrefix ?? "") : new InProcessPubSub();
  const members = new MemberCache(pubsub, config.memberCacheMs);
  await members.start();

  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // A hop count trusts that many proxies nearest to the server (Fastify's own rule for numbers).
    trustProxy: typeof config.trustProxy === "number" ? hopsOf(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    ...SERVER_TIMEOUTS,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const onMemberChanged = (userId: number) => members.changed(userId);
  const mailFrom = (site: SiteRow) => config.mailFrom ?? `${site.settings.mail_name} <noreply@${mailDomain(site.domain)}>`;
  const notifications = new NotificationsService(db, onMemberChanged);
  const notificationMailer = new NotificationMailer(db, mailFrom, () => notifications.unsubscribeSecret());
  const push = new PushService(db, new WebPushSender(), await vapidKeys(db, config.vapid), app.log, config.vapidSubject);
  const testProvider = config.payments?.provider === "test" ? new TestPaymentProvider(db) : null;
  const paymentProvider: PaymentProvider | null =
    config.payments?.provider === "mollie" ? new MolliePaymentProvider(config.payments) : testProvider;
  const devSms = config.devSms ? new DevSmsOutbox(join(config.dataDir, "sms")) : null;
  const smsSender: SmsSender | null = config.sms ? new HttpSmsGateway(config.sms.url, config.sms.token) : devSms;
  if (!smsSender) app.log.warn("SMS_URL is not set: direct-debit codes cannot be sent");
  const discounts = new DiscountsService(db);
  const accountDeletion = new AccountDeletionService(db, storage, limiter, mailFrom, onMemberChanged, () => worker.wake());
  const paymentsService = new PaymentsService(db, paymentProvider, onMemberChanged, discounts, () => worker.wake());
  const worker = new JobWorker(
    db,
    {
      [PAYMENT_REFUND_JOB]: (payload) => paymentsService.refundAtProvider(String(payload.paymentId)),
      [ERASE_ACCOUNT_JOB]: (payload) => accountDeletion.erase(Number(payload.userId), Number(payload.deletionId)),
      [SMS_JOB]: (payload) => requireSms(smsSender).send({ to: String(payload.to), text: String(payload.text) }),
      [TEST_PROVIDER_WEBHOOK_JOB]: async (payload) => {
        await testProvider?.deliverWebhook(String(payload.id));
      },
      [MAIL_JOB]: sendMailJob(mailer, (userId) => notifications.hardBounce(userId)),
      [NOTIFY_PUSH_JOB]: async (payload) => {
        await push.handle(payload);
      },
      [NOTIFY_MAIL_JOB]: async (payload) => {
        await notificationMailer.handle(payload as unknown as NotificationPayload);
      },
    },
    app.log,
    config.jobPollMs,
  );

  // External plugins first, then our own, then the features.
  await registerSecurityHeaders(app, config.production);
  // Defaults of every cookie the server sets: Secure in production whatever the request's protocol
  // (TLS may end at a proxy), and only over HTTPS elsewhere.
  await app.register(fastifyCookie, { parseOptions: { path: "/", sameSite: "lax", secure: config.production ? true : "auto" } });
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Dating site API", version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  registerErrorHandling(app);
  const sites = new SiteResolver(db, config.production);
  registerRequestContext(app, { db, sites, members, siteOrigin: siteOriginOf(config) });

  const auth = new AuthService(
    db,
    limiter,
    mailFrom,
    () => worker.wake(),
    (userId) => members.changed(userId),
  );
  await app.register(authRoutes, {
    auth,
    db,
    sendFirstMessage: (userId, request, to, text) => signupService.sendFirstMessage(userId, request.site, to, text, request.origin),
  });
  await app.register(pushRoutes, { push, allowLoopbackEndpoints: config.env === "test" });
  await app.register(settingsRoutes, { db, pushPublicKey: push.publicKey });
  await app.register(referenceRoutes);
  await app.register(visitsRoutes, { db });
  const membersService = new MembersService(db);
  const chatService = new ChatService(
    db,
    storage,
    onMemberChanged,
    { publish: (memberId, event) => realtime.publish(memberId, event) },
    config.messageMailDelayMs,
    () => worker.wake(),
  );
  const signupService = new SignupService(db, chatService, onMemberChanged);
  await app.register(signupRoutes, { signup: signupService, db });
  const realtime = new Realtime(pubsub, (memberId, conversationId) => chatService.typingPartner(memberId, conversationId));
  realtime.register(app);
  const likesService = new LikesService(db, limiter, realtime, config.messageMailDelayMs, () => worker.wake());
  await app.register(membersRoutes, { members: membersService });
  await app.register(landersRoutes, { db });
  await app.register(profileRoutes, { profile: new ProfileService(db, onMemberChanged) });
  await app.register(photosRoutes, { photos: new PhotosService(db, storage), onChanged: onMemberChanged });
  await app.register(likesRoutes, { likes: likesService });
  await app.register(blocksRoutes, { blocks: new BlocksService(db, membersService) });
  await app.register(swipeRoutes, { swipe: new SwipeService(db, likesService, limiter) });
  await app.register(chatRoutes, { chat: chatService });
  await app.register(paymentsRoutes, {
    payments: paymentsService,
    discounts,
    repeatOrders: new RepeatOrderService(db, paymentProvider, paymentsService),
    directDebits: new DirectDebitService(db, paymentProvider, paymentsService, () => worker.wake()),
  });
  if (devSms) await app.register(devSmsRoutes, { outbox: devSms });
  await app.register(accountRoutes, { db, limiter, deletion: accountDeletion, sessions: new SessionsService(db, onMemberChanged) });
  await app.register(complaintsRoutes, { complaints: new ComplaintsService(db, limiter, mailFrom, () => worker.wake()) });
  if (testProvider) await app.register(testProviderRoutes, { provider: testProvider, wake: () => worker.wake() });
  await app.register(notificationsRoutes, { notifications, mailEventsToken: config.mailEventsToken });
  if (devMailbox) await app.register(devMailRoutes, { mailbox: devMailbox });
  app.get("/api/health.php", { schema: { hide: true } }, async () => ({ ok: true }));
  options.extraRoutes?.(app);
  await registerWeb(app, options.webRoot ?? DEFAULT_WEB_ROOT, (request) => findCompany(db, request.site.companyId));

  await app.ready();
  worker.start();

  return {
    app,
    database,
    worker,
    mailer,
    members,
    realtime,
    storage,
    async close() {
      await worker.stop();
      await app.close();
      mailer.close();
      members.stop();
      await pubsub.close();
      redis?.disconnect();
      s3?.close();
      if (!options.database) await database.close();
    },
  };
}
