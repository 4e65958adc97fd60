import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/apiClient";
import { type ConversationRef, useSendVoice } from "../../api/chatApi";
import { newIdempotencyKey, type SendProblem, sendProblemOf } from "./sendDraft";
import { useVoiceRecorder, type VoiceRecorder } from "./useVoiceRecorder";

interface Options {
  /** voiceMessageCost: what a photo costs. */
  cost: number;
  credits: number;
  onProblem: (problem: { kind: SendProblem; message: string } | null) => void;
}

export interface VoiceMessage {
  recorder: VoiceRecorder;
  /** Starts a recording, unless the credits do not reach (said at once, before anything is recorded). */
  record: () => void;
  sending: boolean;
  /** A recording whose send failed: sent again with the same Idempotency-Key, so it is never paid twice. */
  retry: (() => void) | null;
}

/** Recording a voice message and sending it (POST /api/chatvoice.php) as soon as the member stops. */
export function useVoiceMessage(target: ConversationRef, { cost, credits, onProblem }: Options): VoiceMessage {
  const { t } = useTranslation();
  const send = useSendVoice(target);
  const [failed, setFailed] = useState<{ file: File; key: string } | null>(null);

  const sendFile = (file: File, idempotencyKey: string) => {
    onProblem(null);
    send.mutate(
      { file, idempotencyKey },
      {
        onSuccess: () => setFailed(null),
        onError: (error) => {
          setFailed({ file, key: idempotencyKey });
          onProblem({ kind: sendProblemOf(error instanceof ApiError ? error.code : "internal"), message: error.message });
        },
      },
    );
  };
  const recorder = useVoiceRecorder(
    (file) => sendFile(file, newIdempotencyKey()),
    (message) => onProblem({ kind: "other", message }),
  );

  const record = () => {
    if (credits < cost) return onProblem({ kind: "credits", message: t("errors.not_enough_credits") });
    setFailed(null);
    onProblem(null);
    void recorder.start();
  };
  return { recorder, record, sending: send.isPending, retry: failed && !send.isPending ? () => sendFile(failed.file, failed.key) : null };
}
