// Business constants of spec section 9 (and the few rules of sections 1 to 6 that carry a number),
// named as the spec names them so that a reader can check them line by line.

/** Time bonus: code, percentage, validity, window (4 hours) and countdown tick. */
export const TIME_BONUS_CODE = "TIMEBONUS25";
export const TIME_BONUS_VALUE_PERCENTAGE = 25.0;
export const TIME_BONUS_STATUS = "active";
export const TIME_BONUS_VALIDITY = "once-per-user";
export const TIME_BONUS_WINDOW_SECONDS = 14400;
export const TIME_BONUS_TICK_MS = 1000;
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;

/**
 * Welcome discount for a new member's first purchase (spec section 1: 25%, "time-limited"; how long is
 * not shown: we give a week from signup, long enough to come back after the 4-hour time bonus).
 */
export const WELCOME_DISCOUNT_PERCENTAGE = 25;
export const WELCOME_DISCOUNT_CODE = "WELCOME25";
export const WELCOME_DISCOUNT_DAYS = 7;

/** Polling of user, chats and likes while logged in. */
export const POLL_START_MS = 5_000;
export const POLL_INTERVAL_MS = 60_000;
export const POLL_INTERVAL_PUSH_MS = 300_000;

/**
 * The live connection (GET /api/socket; our numbers, issue 15). A frame over SOCKET_MAX_PAYLOAD_BYTES
 * closes the socket (1009). Each socket may send SOCKET_EVENTS_BURST events at once and
 * SOCKET_EVENTS_PER_SECOND after that (a token bucket; the client sends a typing event at most every
 * TYPING_EVENT_EVERY_MS and nothing else); events over the budget are dropped, and a socket that goes
 * on past SOCKET_FLOOD_DROPS dropped events in a row is closed (1008). A member's typing reaches the
 * partner at most once per conversation every TYPING_EVENT_EVERY_MS. A member holds at most
 * SOCKETS_PER_MEMBER sockets on one instance (a tab each); the oldest is closed (4429) for a new one.
 * Each socket is pinged every SOCKET_HEARTBEAT_MS, and one that sent nothing (no pong, no event) for a
 * whole round is dropped. The payload limit leaves room for a call's session description (CALL_SIGNAL_MAX_CHARS).
 */
export const SOCKET_MAX_PAYLOAD_BYTES = 16_384;
export const SOCKET_EVENTS_BURST = 20;
export const SOCKET_EVENTS_PER_SECOND = 5;
export const SOCKET_FLOOD_DROPS = 100;
export const TYPING_EVENT_EVERY_MS = 2000;
export const SOCKETS_PER_MEMBER = 10;
export const SOCKET_HEARTBEAT_MS = 30_000;

/** A failed lazy chunk reloads the page at most once per this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Client request retries (exponential delay). */
export const REQUEST_RETRIES = 5;
export const REQUEST_RETRY_BASE_MS = 300;

/** Auto-like: likes reload this long after the like modal appears. */
export const AUTO_LIKE_RELOAD_MS = 500;

export const REACTIVATION_WINDOW_DAYS = 14;
export const FREE_PHOTOS = 3;
export const PREMIUM_PHOTOS = 25;
export const FREE_CONVERSATIONS_TO_START = 2;
/**
 * The spec's "like and swipe limit 4 per day" (§9) is the swipe game's: §1 and §6 name the 4 likes
 * per day as the game's rule, where a like is one tap on a stranger dealt by the game. A like from a
 * profile is a deliberate act on someone the member chose to open, and stays unlimited: capping it
 * would stop members from answering the people who liked them. Its abuse is bounded elsewhere: one
 * like mail per pair a day (features/likes) and the per-address request limits.
 */
export const SWIPE_LIKES_PER_DAY = 4;

/** Free members and visitors see this many photos of another member (the main photo first); the rest are blurred and locked. */
export const FREE_VISIBLE_PHOTOS = 2;
/** Largest photo upload accepted. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Calls (issue 22): a call rings at most CALL_RING_SECONDS before it is missed; a session description
 * or ICE candidate relayed over the socket is at most CALL_SIGNAL_MAX_CHARS (Chromium's offer for sound
 * and video is 4-7 kB); each side of a live call says it is there every CALL_ALIVE_EVERY_SECONDS, and a
 * call whose side was silent for CALL_ALIVE_TIMEOUT_SECONDS is ended (a closed tab, a lost network).
 */
export const CALL_RING_SECONDS = 45;
export const CALL_SIGNAL_MAX_CHARS = 12_000;
export const CALL_ALIVE_EVERY_SECONDS = 10;
export const CALL_ALIVE_TIMEOUT_SECONDS = 35;
/** A voice message in chat plays at most this long: the recorder stops itself there. */
export const VOICE_MAX_SECONDS = 120;
/** Largest voice message accepted (two minutes at the recorder's 64 kbit/s are about 1 MB; Safari's AAC runs larger). */
export const VOICE_MAX_BYTES = 5 * 1024 * 1024;
/** Members per page of search results; "similar results" are added when fewer than this many match. */
export const SEARCH_PAGE_SIZE = 24;
export const SIMILAR_RESULTS_BELOW = 6;
/** Automatic likes per member per day (GET /api/auto-like.php), and the like modal's delay without ?t. */
export const AUTO_LIKES_PER_DAY = 3;
export const AUTO_LIKE_DEFAULT_DELAY_S = 45;
export const PERSONAL_TEXT_MAX_LENGTH = 2000;
/** Messages of a conversation shown; older ones are hidden (spec section 1: "chat history has a limit"). */
export const CHAT_HISTORY_LIMIT = 100;
/** Messages a conversation opens with, and how many more each "load older messages" brings, up to the history limit. */
export const CHAT_PAGE_SIZE = 30;
export const CITY_MAX_LENGTH = 80;
export const MAX_INTERESTS = 10;

/** Credits badge shows at this many credits or fewer: warning above 0, danger at 0. */
export const CREDIT_BADGE_THRESHOLD = 10;
/** The unread badge shows 99+ above this. */
export const UNREAD_BADGE_CAP = 99;

export const LOCALE_COOKIE_DAYS = 365;
export const AUTH_COOKIE_DAYS = 30;
export const LOCALE_COOKIE = "locale";
export const AUTH_COOKIE = "auth";
/** The banners and modals this browser dismissed, which the server's rendering of a member's page follows (web/stores/dismissals.ts). */
export const DISMISSALS_COOKIE = "dismissed";

/** Terms version date: this, or the company's added date when that is later. */
export const TERMS_VERSION_DATE = "2023-12-01T12:00:00Z";

/** Entry warning on the chat and lander layouts is limited to these countries (the spec's Empty layout was removed: common/routes.ts LayoutName). */
export const ENTRY_WARNING_LIMITED_COUNTRIES = ["NL", "DE"] as const;

// The spec's "design version 2" (§9) names the design this client is. There is no other design to
// switch to, so no constant stands for it (an unread DESIGN_VERSION = 2 was removed).
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5_000;

/** Theme tokens (the SCSS theme mirrors these). */
export const THEME = {
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200 },
  containerMaxWidths: { sm: 540, md: 720, lg: 960, xl: 1140 },
  toastMaxWidth: 350,
  gridColumns: 12,
  colors: { primary: "#ec2b45", secondary: "#fd5f89", success: "#22c922", unreadMessages: "#d91f3a" },
  /**
   * The shade of the primary colour for everything that carries text (buttons, links, badges, the
   * unread count): the spec's #ec2b45 gives 4.2:1 under white text, short of WCAG AA's 4.5:1.
   */
  primaryText: "#d91f3a",
} as const;

// Values the spec leaves open ("not shown"); our choices, documented here.
/** Minimum age of a member (the site is for adults). */
export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const SIGNUP_MESSAGE_MAX_LENGTH = 1000;

export const RESET_TOKEN_TTL_HOURS = 24;
export const ACTIVATION_TOKEN_TTL_DAYS = 30;
export const MAIL_CHANGE_TOKEN_TTL_HOURS = 24;
/**
 * A password or e-mail change is told to the (old) address with a "this wasn't me" link, valid this
 * long (our choice: a member who reads mail weekly still has it when it matters).
 */
export const SECURITY_ALERT_TOKEN_TTL_DAYS = 7;
/** A member hears of the likes of one other member (like or match) by push and e-mail at most once per this window. */
export const LIKE_NOTICE_WINDOW_HOURS = 24;
/**
 * The token page (spec section 2, "{token}"): a notification e-mail's button is a one-time login link
 * at /{token}, valid this long (our choice: long enough for a mail read the next days, short enough
 * that an old mail in a shared mailbox does not open the account).
 */
export const LOGIN_LINK_TTL_HOURS = 72;
/** Login links tried per address per hour (they are 256-bit random: this only stops noise). */
export const LOGIN_LINKS_PER_IP_PER_HOUR = 30;

// Limits on the calls that check a password or send mail. OWASP ASVS 5.0 level 2 asks for them (V6.3.1
// against password guessing and credential stuffing, V2.4.1 against floods) but names no numbers:
// these are ours. Each try takes its place in the count before the work it guards, so parallel tries
// cannot slip past; a limited call answers 429 with a Retry-After header.
/**
 * Wrong passwords for one account (at login, or the current password in the settings) within the
 * window lock it for LOGIN_LOCKOUT_MINUTES: a try after that is refused even with the right password.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCKOUT_MINUTES = 15;
/**
 * Wrong passwords from one client address per hour, whatever the accounts: a brake on credential
 * stuffing that a shared address (an office, a mobile network) does not feel, since right passwords
 * do not count.
 */
export const PASSWORD_FAILURES_PER_IP_PER_HOUR = 50;
/**
 * Password-reset e-mails per e-mail address asked for, per calendar day (UTC). Counted whether the
 * address has an account or not, so that the answer does not tell which addresses exist.
 */
export const RESET_MAILS_PER_DAY = 3;
/** Password-reset requests per client address per hour. */
export const RESET_REQUESTS_PER_IP_PER_HOUR = 10;
/** Activation e-mails a member may ask for again per calendar day (UTC), and per client address per hour. */
export const ACTIVATION_MAILS_PER_DAY = 3;
export const ACTIVATION_MAILS_PER_IP_PER_HOUR = 10;
/** Signups per client address per hour (a brake on scripted account creation), and tried with one e-mail address. */
export const SIGNUPS_PER_IP_PER_HOUR = 20;
export const SIGNUPS_PER_EMAIL_PER_HOUR = 5;
/**
 * Complaints per client address per hour (enough for a real person, too few for a flood), and per
 * account per day: per member, and per e-mail address the confirmation goes to (no mail bombing).
 */
export const COMPLAINTS_PER_IP_PER_HOUR = 5;
export const COMPLAINTS_PER_ACCOUNT_PER_DAY = 10;
/**
 * A complaint not answered within this many hours of its arrival is overdue in the console (issue 16),
 * and what the complaints page and the confirmation mail promise (`complaints.answer_within`).
 */
export const COMPLAINT_ANSWER_HOURS = 48;

/**
 * Direct debit (spec sections 3 to 5 leave the numbers open; these are ours): the SMS code has 6
 * digits, lasts 10 minutes and allows 5 tries; a new code at most once a minute. A member has at
 * most one direct debit waiting to be collected, and at most EUR 100 by direct debit in 30 days,
 * because a direct debit can be reversed by the bank for weeks after the credits were used.
 */
export const DIRECT_DEBIT_CODE_DIGITS = 6;
export const DIRECT_DEBIT_CODE_MINUTES = 10;
export const DIRECT_DEBIT_CODE_ATTEMPTS = 5;
export const DIRECT_DEBIT_RESEND_SECONDS = 60;
export const DIRECT_DEBIT_LIMIT_30_DAYS_EUR_CENTS = 10_000;
export const DIRECT_DEBIT_HOLDER_MAX_LENGTH = 70;

/**
 * The operators' console (issue 16; not in the spec): its own cookie, sent only to /api/console, for
 * OPERATOR_SESSION_HOURS; a sign-in with only the password waits OPERATOR_SECOND_FACTOR_MINUTES for
 * the code. Codes tried per operator per OPERATOR_SECOND_FACTOR_MINUTES (a 6-digit code is a guess).
 */
export const OPERATOR_COOKIE = "console";
export const OPERATOR_COOKIE_PATH = "/api/console";
export const OPERATOR_SESSION_HOURS = 12;
export const OPERATOR_SECOND_FACTOR_MINUTES = 10;
export const OPERATOR_CODE_TRIES = 5;
/** A suspension lasts 1 to SUSPENSION_MAX_DAYS days; a ban has no end. */
export const SUSPENSION_MAX_DAYS = 365;
/** Goodwill credits an operator may grant in one go. */
export const GOODWILL_MAX_CREDITS = 1000;
/** The reason of an operator action: required, told to the member for bans and suspensions. */
export const OPERATOR_REASON_MAX_LENGTH = 500;
/** Rows of the audit log per page. */
export const AUDIT_PAGE_SIZE = 50;
/** Reports (issue 16): the last REPORT_EVIDENCE_MESSAGES messages of a conversation go with a report from it. */
export const REPORT_EVIDENCE_MESSAGES = 20;
export const REPORT_TEXT_MAX_LENGTH = 1000;
/** Reports a member may send per day (UTC). */
export const REPORTS_PER_DAY = 20;
/** An appeal against a decision (DSA Art. 20: at least six months to lodge it), and its length. */
export const APPEAL_DAYS = 183;
export const APPEAL_TEXT_MAX_LENGTH = 2000;
/**
 * Share my date (issue 22): a member tells a friend where and when they meet someone, by a link.
 * The link stops working DATE_SHARE_HOURS_AFTER hours after the date's time by default (the server's
 * DATE_SHARE_HOURS_AFTER setting may change it); a date may lie at most DATE_SHARE_MAX_DAYS_AHEAD
 * days ahead, or have begun at most DATE_SHARE_MAX_HOURS_BEFORE hours ago ("I am on a date now").
 */
export const DATE_SHARE_HOURS_AFTER = 24;
export const DATE_SHARE_MAX_DAYS_AHEAD = 90;
export const DATE_SHARE_MAX_HOURS_BEFORE = 12;
/** Links a member may have working at once, and create per day (UTC window of 24 hours). */
export const DATE_SHARES_ACTIVE_MAX = 10;
export const DATE_SHARES_PER_DAY = 20;
/** Days a link that stopped working (revoked or expired) is kept, answering 410, before it is forgotten. */
export const DATE_SHARE_KEEP_DAYS = 30;
export const DATE_SHARE_PLACE_MAX_LENGTH = 200;
export const DATE_SHARE_NOTE_MAX_LENGTH = 500;

/**
 * Hidden words (issue 22): a member lists up to HIDDEN_WORDS_MAX words or phrases of up to
 * HIDDEN_WORD_MAX_LENGTH characters; a first message from a new contact that contains one goes to the
 * member's Hidden folder (common/hiddenWords.ts).
 */
export const HIDDEN_WORDS_MAX = 50;
export const HIDDEN_WORD_MAX_LENGTH = 50;
