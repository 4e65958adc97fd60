import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Limiter } from "./adapters/limiter";
import { DbLimiter } from "./adapters/limiter.db";
import { FallbackLimiter } from "./adapters/limiter.fallback";
import { RedisLimiter } from "./adapters/limiter.redis";
import { openRedis, REDIS_DEFAULTS, type RedisTimeouts, whenReady } from "./adapters/redisClient";
import type { Mailer } from "./adapters/mailer";
import { DevMailbox } from "./adapters/mailer.devMailbox";
import { SmtpMailer } from "./adapters/mailer.smtp";
import { InProcessPubSub, type PubSub, RedisPubSub, whenLive } from "./adapters/pubsub";
import { LocalStorage, type Storage } from "./adapters/storage";
import { S3Storage } from "./adapters/storage.s3";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { authRoutes } from "./features/auth/auth.routes";
import { AuthService, RESET_MAIL_JOB, type ResetMailJob } from "./features/auth/auth.service";
import { liveSessionIds, touchMemberActivity } from "./features/auth/auth.repo";
import { PasswordAttempts } from "./features/auth/passwordAttempts";
import { MemberCache } from "./features/auth/memberCache";
import { devMailRoutes } from "./features/devmail/devmail.routes";
import { healthRoutes } from "./features/health/health.routes";
import { Readiness } from "./features/health/readiness";
import { DATE_SHARE_KEEP_DAYS, PHOTO_MAX_BYTES, SOCKET_MAX_PAYLOAD_BYTES } from "../common/constants";
import { blocksRoutes } from "./features/blocks/blocks.routes";
import { BlocksService } from "./features/blocks/blocks.service";
import { chatRoutes } from "./features/chat/chat.routes";
import { dateSharesRoutes } from "./features/dateShares/dateShares.routes";
import { hiddenWordsRoutes } from "./features/hiddenWords/hiddenWords.routes";
import { HiddenWordsService } from "./features/hiddenWords/hiddenWords.service";
import { DateSharesService } from "./features/dateShares/dateShares.service";
import { purgeOldShares } from "./features/dateShares/dateShares.repo";
import { ChatService } from "./features/chat/chat.service";
import { likesRoutes } from "./features/likes/likes.routes";
import { LikesService } from "./features/likes/likes.service";
import { searchQuerySchema } from "../common/schemas/members";
import { membersRoutes, viewerOf } from "./features/members/members.routes";
import { visitorMaySearch } from "./features/members/trafficSource";
import { ownSearchFacts } from "./features/members/ownSearch";
import { userDto } from "./features/members/profileDto";
import type { ChatsResponse } from "../common/schemas/chat";
import { MembersService } from "./features/members/members.service";
import { SearchCounts } from "./features/members/searchCounts";
import { PhotosService } from "./features/photos/photos.service";
import { landerAnswer, landersRoutes } from "./features/landers/landers.routes";
import { profileRoutes } from "./features/profile/profile.routes";
import { signupRoutes } from "./features/signup/signup.routes";
import { SignupService } from "./features/signup/signup.service";
import { fillMissingPlaces } from "./features/profile/places.repo";
import { ProfileService } from "./features/profile/profile.service";
import { swipeRoutes } from "./features/swipe/swipe.routes";
import { SwipeService } from "./features/swipe/swipe.service";
import { photosRoutes } from "./features/photos/photos.routes";
import { referenceRoutes } from "./features/reference/reference.routes";
import { requestSettings, settingsRoutes } from "./features/settings/settings.routes";
import { siteOriginOf } from "./features/settings/siteOrigin";
import { SiteResolver } from "./features/settings/siteResolver";
import { visitsRoutes } from "./features/visits/visits.routes";
import { registerWeb } from "./features/web/web.routes";
import { JobWorker } from "./jobs/queue";
import { Realtime, type RealtimeOptions } from "./realtime/realtime";
import { callsRoutes } from "./features/calls/calls.routes";
import { type CallTimings, CallsService } from "./features/calls/calls.service";
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
import { operationsRoutes } from "./features/operations/operations.routes";
import { purgeOperatorSessions } from "./features/operators/operators.repo";
import { OperationsService } from "./features/operations/operations.service";
import { RepeatOrderService } from "./features/payments/repeatOrder.service";
import { DirectDebitService, SMS_JOB } from "./features/payments/directDebit.service";
import { DevSmsOutbox, HttpSmsGateway, type SmsSender } from "./adapters/sms";
import { devSmsRoutes } from "./features/devmail/devSms.routes";
import { complaintsRoutes } from "./features/complaints/complaints.routes";
import { complaintsQueueRoutes } from "./features/complaints/complaintsQueue.routes";
import { ComplaintsQueueService } from "./features/complaints/complaintsQueue.service";
import { accountRoutes } from "./features/account/account.routes";
import { AccountDeletionService, ERASE_ACCOUNT_JOB } from "./features/account/accountDeletion.service";
import { SecurityAlerts } from "./features/account/securityAlerts";
import { SessionsService } from "./features/account/sessions.service";
import { ComplaintsService } from "./features/complaints/complaints.service";
import { TEST_PROVIDER_WEBHOOK_JOB, TestPaymentProvider } from "./features/testProvider/testProvider";
import { testProviderRoutes } from "./features/testProvider/testProvider.routes";
import { frameworkErrorHandler, registerErrorHandling } from "./plugins/errors";
import { registerInputTextCheck } from "./plugins/inputText";
import { registerSecurityHeaders } from "./plugins/securityHeaders";
import { registerCompression } from "./plugins/compression";
import { refuseOversizedUpload } from "./features/photos/readUpload";
import { registerRequestContext } from "./plugins/requestContext";
import { registerRouteAuth, requireRouteAuth } from "./plugins/routeAuth";
import { registerApiDocs } from "./plugins/apiDocs";
import { type LogDestination, loggingOptions, registerRequestLogging } from "./plugins/requestLogging";
import { AppMetrics } from "./metrics/appMetrics";
import { countedMailer } from "./metrics/countedMailer";
import { registerMetrics } from "./metrics/registerMetrics";
import { auditRoutes } from "./features/audit/audit.routes";
import { MemberLookupService } from "./features/memberLookup/memberLookup.service";
import { memberLookupRoutes } from "./features/memberLookup/memberLookup.routes";
import { moderationRoutes } from "./features/moderation/moderation.routes";
import { RESTRICTION_END_JOB, RestrictionsService } from "./features/moderation/restrictions.service";
import { ConsoleAuthService } from "./features/operators/consoleAuth.service";
import { operatorsRoutes } from "./features/operators/operators.routes";
import { AppealsService } from "./features/reports/appeals.service";
import { DecisionTeller } from "./features/reports/decisionTeller";
import { decisionsRoutes } from "./features/reports/decisions.routes";
import { reportsRoutes } from "./features/reports/reports.routes";
import { ReportsService } from "./features/reports/reports.service";
import { reportsQueueRoutes } from "./features/reports/reportsQueue.routes";
import { photoModerationRoutes } from "./features/photoModeration/photoModeration.routes";
import { PhotoModerationService } from "./features/photoModeration/photoModeration.service";
import { photoNoticesRoutes } from "./features/photoModeration/photoNotices.routes";
import { verificationRoutes } from "./features/verification/verification.routes";
import { VerificationService } from "./features/verification/verification.service";
import { createPhotoClassifier, failSafe, type PhotoClassifier } from "./features/photoSafety/photoClassifier";

export interface AppOptions {
  /** An already open database (tests); otherwise opened from the config and migrated. */
  database?: Database;
  /** Prefix for Redis keys, so that test files do not share counters. */
  redisPrefix?: string;
  /** Redis client timeouts (REDIS_DEFAULTS when not given). */
  redis?: RedisTimeouts;
  /** Folder of the built client. */
  webRoot?: string;
  /** Extra routes registered before the web fallback (benchmarks). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Limits of the live connection other than the defaults (tests shorten the heartbeat). */
  realtime?: Partial<RealtimeOptions>;
  /** Timing of calls other than the defaults (tests shorten the ringing and the billed minute). */
  calls?: Partial<CallTimings>;
  /** Where the log goes instead of stdout (tests read it, benchmarks write it to a file). */
  logDestination?: LogDestination;
  /** Connection timeouts other than SERVER_TIMEOUTS (tests shorten them). */
  serverTimeouts?: Partial<typeof SERVER_TIMEOUTS>;
  /** What scores photos for nudity instead of the one PHOTO_CLASSIFIER names (tests that count or fail its calls). */
  photoClassifier?: PhotoClassifier;
}

export interface App {
  app: FastifyInstance;
  database: Database;
  worker: JobWorker;
  /** Call when a member's account, profile, credits or sessions change outside the auth service. */
  members: MemberCache;
  realtime: Realtime;
  mailer: Mailer;
  /** Every route as registered, hidden ones included (the generated bad-input test walks them all). */
  routes: readonly RouteOptions[];
  /** Where photos are kept: the bucket in production, DATA_DIR/uploads in the embedded default. */
  storage: Storage;
  /** What the readiness route answers; draining once close() has begun. */
  readiness: Readiness;
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
  if (!options.database) {
    await database.migrate();
    await fillMissingPlaces(database.db);
  }
  const { db } = database;

  const app = Fastify({
    ...loggingOptions(config.logLevel, options.logDestination),
    // A hop count trusts that many proxies nearest to the server (Fastify's own rule for numbers).
    trustProxy: typeof config.trustProxy === "number" ? hopsOf(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    ...SERVER_TIMEOUTS,
    ...options.serverTimeouts,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requireRouteAuth(app);
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    // A copy as declared: plugins' own onRoute hooks (websocket) wrap the handler of the original afterwards.
    routes.push({ ...route });
  });

  // Redis makes the site better (live events across instances, shared counters) but is not needed
  // to serve members: while it is away, nothing waits for it and nothing fails because of it.
  const redisTimeouts = { ...REDIS_DEFAULTS, ...options.redis };
  const redis = config.redisUrl ? openRedis(config.redisUrl, redisTimeouts, app.log) : null;
  const fallbackLimiter = redis ? new FallbackLimiter(new RedisLimiter(redis, `${options.redisPrefix ?? ""}limit:`), new DbLimiter(db), app.log) : null;
  const limiter: Limiter = fallbackLimiter ?? new DbLimiter(db);
  const devMailbox = config.devMailbox ? new DevMailbox(join(config.dataDir, "mail")) : null;
  const metrics = new AppMetrics({ db, pool: database.pool ?? null, sockets: () => realtime.connections(), log: app.log });
  const mailer: Mailer = countedMailer(config.smtpUrl ? new SmtpMailer(config.smtpUrl) : (devMailbox as DevMailbox), metrics);
  // Photos go through the app, never straight from the bucket to a browser (no public bucket, no
  // signed URLs): the bucket stays private and each request passes the one access rule
  // (photoCaching.ts). A block, invisibility, a lock or a deletion then takes effect at the next
  // request, where a signed URL would go on working until it expires and could be passed on. The
  // bytes are streamed from the bucket to the reply (bench/photos.bench.ts measures the cost).
  const s3 = config.s3 ? new S3Storage(config.s3) : null;
  const storage: Storage = s3 ?? new LocalStorage(join(config.dataDir, "uploads"));
  const pubsub: PubSub = redis ? new RedisPubSub(redis, options.redisPrefix ?? "", app.log) : new InProcessPubSub();
  // A start while Redis is away goes on without it after the connect timeout (and catches up later).
  if (redis) await whenReady(redis, redisTimeouts.connectTimeoutMs);
  const members = new MemberCache(pubsub, config.memberCacheMs);
  await members.start();
  await whenLive(pubsub, redisTimeouts.connectTimeoutMs);

  const onMemberChanged = (userId: number) => members.changed(userId);
  const mailFrom = (site: SiteRow) => config.mailFrom ?? `${site.settings.mail_name} <noreply@${mailDomain(site.domain)}>`;
  const notifications = new NotificationsService(db, onMemberChanged);
  const notificationMailer = new NotificationMailer(db, mailFrom, () => notifications.unsubscribeSecret());
  const push = new PushService(db, new WebPushSender(), await vapidKeys(db, config.vapid), app.log, config.vapidSubject);
  const testProvider = config.payments?.provider === "test" ? new TestPaymentProvider(db) : null;
  const paymentProvider: PaymentProvider | null = config.payments?.provider === "mollie" ? new MolliePaymentProvider(config.payments) : testProvider;
  const devSms = config.devSms ? new DevSmsOutbox(join(config.dataDir, "sms")) : null;
  const smsSender: SmsSender | null = config.sms ? new HttpSmsGateway(config.sms.url, config.sms.token) : devSms;
  if (!smsSender) app.log.warn("SMS_URL is not set: direct-debit codes cannot be sent");
  const discounts = new DiscountsService(db);
  const passwordAttempts = new PasswordAttempts(limiter);
  const accountDeletion = new AccountDeletionService(db, storage, limiter, passwordAttempts, mailFrom, onMemberChanged, () => worker.wake());
  const paymentsService = new PaymentsService(db, paymentProvider, onMemberChanged, discounts, () => worker.wake(), {
    from: mailFrom,
    origin: siteOriginOf(config),
  });
  const worker = new JobWorker(
    db,
    {
      [PAYMENT_REFUND_JOB]: (payload) => paymentsService.refundAtProvider(String(payload.paymentId)),
      [RESET_MAIL_JOB]: (payload) => auth.sendResetMail(payload as unknown as ResetMailJob),
      [ERASE_ACCOUNT_JOB]: (payload) => accountDeletion.erase(Number(payload.userId), Number(payload.deletionId)),
      [SMS_JOB]: (payload) => requireSms(smsSender).send({ to: String(payload.to), text: String(payload.text) }),
      [RESTRICTION_END_JOB]: (payload) => restrictions.suspensionOver(Number(payload.userId)),
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
    [() => purgeOperatorSessions(db), () => purgeOldShares(db, DATE_SHARE_KEEP_DAYS)],
  );

  // Errors first (a plugin keeps the error handler it was registered under), then external plugins,
  // then our own, then the features.
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.production);
  await registerCompression(app);
  // Defaults of every cookie the server sets: Secure in production whatever the request's protocol
  // (TLS may end at a proxy), and only over HTTPS elsewhere.
  await app.register(fastifyCookie, { parseOptions: { path: "/", sameSite: "lax", secure: config.production ? true : "auto" } });
  await app.register(fastifyWebsocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES } });
  await app.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await registerApiDocs(app);
  const sites = new SiteResolver(db, config.production);
  registerRequestContext(app, { db, sites, members, siteOrigin: siteOriginOf(config) });
  registerMetrics(app, metrics, config.metricsToken);
  registerRequestLogging(app, config.requestLog);
  registerRouteAuth(app, db);
  registerInputTextCheck(app);
  app.addHook("preValidation", refuseOversizedUpload);

  // Sockets of ended sessions close at once (realtime is made further down; this runs after the start).
  // Without pub/sub they stay open until they drop: the sessions have ended all the same.
  const onSessionsEnded = (userId: number) => realtime.sessionsEnded(userId).catch(() => {});
  const alerts = new SecurityAlerts(db, mailFrom, () => worker.wake(), onMemberChanged, onSessionsEnded);
  const auth = new AuthService(db, limiter, passwordAttempts, mailFrom, () => worker.wake(), onMemberChanged, alerts);
  await app.register(authRoutes, {
    auth,
    db,
    sendFirstMessage: (userId, request, to, text) => signupService.sendFirstMessage(userId, request.site, to, text, request.origin),
  });
  await app.register(pushRoutes, { push, allowLoopbackEndpoints: config.env === "test" });
  await app.register(settingsRoutes, { db, pushPublicKey: push.publicKey });
  await app.register(referenceRoutes);
  await app.register(visitsRoutes, { db });
  const membersService = new MembersService(db, new SearchCounts(redis, options.redisPrefix ?? ""));
  // One per process; the model loads on the first photo, not at the start. A photo it cannot score counts as flagged.
  const photoClassifier = failSafe(options.photoClassifier ?? createPhotoClassifier(config.photoClassifier), app.log);
  const chatService = new ChatService(
    db,
    storage,
    onMemberChanged,
    { publish: (memberId, event) => realtime.publish(memberId, event) },
    config.messageMailDelayMs,
    () => worker.wake(),
    photoClassifier,
  );
  const signupService = new SignupService(db, chatService, onMemberChanged);
  await app.register(signupRoutes, { signup: signupService, db });
  const callsService = new CallsService(
    db,
    { publish: (memberId, event) => realtime.publish(memberId, event) },
    onMemberChanged,
    { siteOrigin: siteOriginOf(config), onQueued: () => worker.wake() },
    options.calls,
  );
  const realtime = new Realtime(
    pubsub,
    {
      typingPartner: (memberId, conversationId) => chatService.typingPartner(memberId, conversationId),
      callSignal: (memberId, callId, signal) => callsService.relay(memberId, callId, signal),
      callAlive: (memberId, callId) => callsService.alive(memberId, callId),
      liveSessions: (ids) => liveSessionIds(db, ids),
      active: (memberId) => touchMemberActivity(db, memberId),
    },
    options.realtime,
  );
  realtime.register(app);
  const likesService = new LikesService(db, limiter, realtime, config.messageMailDelayMs, () => worker.wake());
  await app.register(membersRoutes, { members: membersService });
  await app.register(landersRoutes, { db });
  await app.register(profileRoutes, { profile: new ProfileService(db, onMemberChanged) });
  await app.register(photosRoutes, { photos: new PhotosService(db, storage, photoClassifier), onChanged: onMemberChanged });
  await app.register(likesRoutes, { likes: likesService });
  await app.register(blocksRoutes, { blocks: new BlocksService(db, membersService, (blocker, blocked) => callsService.endBetween(blocker, blocked)) });
  await app.register(swipeRoutes, { swipe: new SwipeService(db, likesService, limiter) });
  await app.register(chatRoutes, { chat: chatService });
  await app.register(callsRoutes, { calls: callsService, ice: config.ice });
  await app.register(hiddenWordsRoutes, { hiddenWords: new HiddenWordsService(db) });
  const dateShares = new DateSharesService(db, storage, limiter, config.dateShareHoursAfter);
  await app.register(dateSharesRoutes, { dateShares });
  await app.register(paymentsRoutes, {
    payments: paymentsService,
    discounts,
    repeatOrders: new RepeatOrderService(db, paymentProvider, paymentsService),
    directDebits: new DirectDebitService(db, paymentProvider, paymentsService, () => worker.wake()),
  });
  if (devSms) await app.register(devSmsRoutes, { outbox: devSms });
  await app.register(accountRoutes, {
    db,
    limiter,
    deletion: accountDeletion,
    sessions: new SessionsService(db, passwordAttempts, onMemberChanged, alerts, onSessionsEnded),
    alerts,
  });
  await app.register(complaintsRoutes, { complaints: new ComplaintsService(db, limiter, mailFrom, () => worker.wake()) });
  // The operators' console (features/operators, audit, moderation, memberLookup): its own sign-in.
  const restrictions = new RestrictionsService(db, onMemberChanged, onSessionsEnded, () => worker.wake());
  await app.register(operatorsRoutes, { consoleAuth: new ConsoleAuthService(db, passwordAttempts, limiter, config.production) });
  await app.register(auditRoutes, { db });
  await app.register(moderationRoutes, { restrictions });
  await app.register(memberLookupRoutes, {
    lookup: new MemberLookupService(db, onMemberChanged, onSessionsEnded),
    payments: paymentsService,
    auth,
    deletion: accountDeletion,
    siteOrigin: siteOriginOf(config),
  });
  await app.register(operationsRoutes, { operations: new OperationsService(db, () => worker.wake()) });
  const teller = new DecisionTeller(mailFrom, siteOriginOf(config));
  const reports = new ReportsService(db, limiter, restrictions, teller, () => worker.wake());
  await app.register(reportsRoutes, { reports });
  await app.register(reportsQueueRoutes, { reports });
  const photoModeration = new PhotoModerationService(db, storage, siteOriginOf(config), mailFrom, onMemberChanged, () => worker.wake());
  await app.register(photoModerationRoutes, { moderation: photoModeration });
  await app.register(photoNoticesRoutes, { moderation: photoModeration });
  await app.register(verificationRoutes, {
    verification: new VerificationService(db, storage, siteOriginOf(config), mailFrom, onMemberChanged, () => worker.wake()),
  });
  await app.register(complaintsQueueRoutes, { queue: new ComplaintsQueueService(db, siteOriginOf(config), () => worker.wake()) });
  await app.register(decisionsRoutes, { db, appeals: new AppealsService(db, restrictions, teller, () => worker.wake()) });
  if (testProvider) await app.register(testProviderRoutes, { provider: testProvider, wake: () => worker.wake() });
  await app.register(notificationsRoutes, { notifications, mailEventsToken: config.mailEventsToken });
  if (devMailbox) await app.register(devMailRoutes, { mailbox: devMailbox });
  const readiness = new Readiness(db, redis, pubsub, s3);
  await app.register(healthRoutes, { readiness });
  options.extraRoutes?.(app);
  await registerWeb(app, options.webRoot ?? DEFAULT_WEB_ROOT, (request) => findCompany(db, request.site.companyId), {
    lander: (request) => (niche, limit) => landerAnswer(db, request, niche, limit),
    // What GET /api/members.php answers the visitor without filters, where visitors may search.
    home: (request) =>
      visitorMaySearch(request) ? () => membersService.search(viewerOf(request), searchQuerySchema.parse({}), null, request.site.settings.countries) : null,
    // What GET /api/member.php answers the visitor (a member's own landing page).
    member: (request) => (id) => membersService.view(viewerOf(request), id),
    settings: (request) => requestSettings(request, push.publicKey),
    // What user.php, photo-notices.php, members.php?defaults=1 and chats.php answer the member.
    memberPage: (request) => {
      const member = request.member;
      if (!member) return null;
      return {
        settings: requestSettings(request, push.publicKey),
        user: userDto(member),
        notices: () => photoModeration.notices(member.user.id),
        search: () =>
          membersService.search(viewerOf(request), searchQuerySchema.parse({ defaults: "1" }), ownSearchFacts(member.profile), request.site.settings.countries),
        chats: async () => JSON.parse((await chatService.listJson(member)).toString("utf8")) as ChatsResponse,
      };
    },
    dateShareStatus: async (request, token) => {
      const found = await dateShares.page(request.site, token);
      return "gone" in found ? (found.gone === "unknown" ? 404 : 410) : 200;
    },
  });

  await app.ready();
  worker.start();
  callsService.startSweeping();

  return {
    app,
    database,
    worker,
    mailer,
    members,
    realtime,
    routes,
    storage,
    readiness,
    /** Stops taking requests (readiness 503 first), sends the pages elsewhere, lets running requests and jobs finish. */
    async close() {
      readiness.drain();
      realtime.shutDown();
      callsService.stopSweeping();
      // The worker first, then the server: closing both at once left one connection open for ever on
      // PostgreSQL + Redis (the discounts test's close hung; cause not found, the order before fixes it).
      await worker.stop();
      await app.close();
      mailer.close();
      members.stop();
      fallbackLimiter?.stop();
      await pubsub.close();
      redis?.disconnect();
      s3?.close();
      if (!options.database) await database.close();
    },
  };
}
