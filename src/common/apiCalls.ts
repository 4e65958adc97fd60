import { accountCalls } from "./schemas/account";
import { callsCalls } from "./schemas/calls";
import { chatCalls } from "./schemas/chat";
import { dateSharesCalls } from "./schemas/dateShares";
import { hiddenWordsCalls } from "./schemas/hiddenWords";
import { complaintsCalls } from "./schemas/complaints";
import { consoleCalls } from "./schemas/console";
import { decisionsCalls } from "./schemas/decisions";
import { landersCalls } from "./schemas/landers";
import { membersCalls } from "./schemas/members";
import { notificationsCalls } from "./schemas/notifications";
import { operationsCalls } from "./schemas/operations";
import { paymentsCalls } from "./schemas/payments";
import { photoModerationCalls } from "./schemas/photoModeration";
import { pushCalls } from "./schemas/push";
import { reportsCalls } from "./schemas/reports";
import { settingsCalls } from "./schemas/settings";
import { authCalls } from "./schemas/user";
import { verificationCalls } from "./schemas/verification";

/**
 * Every call of the API that has a contract. The web client imports only its type (nothing of it
 * reaches the client's bundle); the server's routes spread each call's schemas, and a test checks that
 * each one is served with exactly these.
 */
export const API_CALLS = {
  ...authCalls,
  ...accountCalls,
  ...chatCalls,
  ...callsCalls,
  ...membersCalls,
  ...paymentsCalls,
  ...notificationsCalls,
  ...pushCalls,
  ...settingsCalls,
  ...consoleCalls,
  ...decisionsCalls,
  ...complaintsCalls,
  ...operationsCalls,
  ...photoModerationCalls,
  ...reportsCalls,
  ...landersCalls,
  ...verificationCalls,
  ...dateSharesCalls,
  ...hiddenWordsCalls,
};

export type ApiCalls = typeof API_CALLS;

export type ApiCall = keyof ApiCalls;
