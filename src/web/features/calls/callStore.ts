import { create } from "zustand";
import type { CallStatus } from "../../../common/callRules";
import type { Call } from "../../../common/schemas/calls";
import type { ConnectionState } from "./callSession";

/** What the call layer shows. */
export interface CallView {
  /** The call this page rings for, or takes part in. */
  call: Call | null;
  /** This page started or accepted the call (another page of the member's may have). */
  here: boolean;
  connection: ConnectionState;
  local: MediaStream | null;
  remote: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  /** How the last call of this page ended, shown until dismissed (null: nothing to tell). */
  ended: { status: CallStatus; call: Call } | null;
  /** A refusal or failure to tell (an error's text). */
  error: string | null;
  busy: boolean;
}

export const INITIAL_CALL_VIEW: CallView = {
  call: null,
  here: false,
  connection: "connecting",
  local: null,
  remote: null,
  muted: false,
  cameraOff: false,
  ended: null,
  error: null,
  busy: false,
};

export const useCallStore = create<CallView>(() => INITIAL_CALL_VIEW);
