import { useRef, useState } from "react";
import { Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { PHOTO_MAX_BYTES } from "../../../common/constants";
import { ApiError } from "../../api/apiClient";
import { type ConversationRef, useSendPhoto } from "../../api/chatApi";
import { Icon } from "../../components/Icon";
import { keyForSend, type SendAttempt, type SendProblem, sendProblemOf } from "./sendDraft";

interface Props {
  target: ConversationRef;
  /** photo_credits of the site. */
  cost: number;
  credits: number;
  disabled: boolean;
  onProblem: (problem: { kind: SendProblem; message: string } | null) => void;
}

/** The same file chosen again after a failure is the same send: it keeps its Idempotency-Key. */
const fileIdentity = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The send bar's photo button: picks an image and sends it at once for the site's photo price. Too
 * large a file or too few credits are said before anything is uploaded; the server checks the rest.
 */
export function PhotoButton({ target, cost, credits, disabled, onProblem }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const send = useSendPhoto(target);
  const [lastFailed, setLastFailed] = useState<SendAttempt | null>(null);
  const label = t("chat.photo_send", { count: cost });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) return onProblem({ kind: "other", message: t("errors.file_too_large") });
    if (credits < cost) return onProblem({ kind: "credits", message: t("errors.not_enough_credits") });
    onProblem(null);
    const identity = fileIdentity(file);
    const idempotencyKey = keyForSend(lastFailed, identity);
    send.mutate(
      { file, idempotencyKey },
      {
        onSuccess: () => setLastFailed(null),
        onError: (error) => {
          setLastFailed({ text: identity, key: idempotencyKey });
          onProblem({ kind: sendProblemOf(error instanceof ApiError ? error.code : "internal"), message: error.message });
        },
      },
    );
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="d-none"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => choose(event.target.files?.[0])}
        data-testid="chat-photo-input"
      />
      <Button
        variant="outline-primary"
        size="sm"
        className="chat-gift-button"
        onClick={() => input.current?.click()}
        disabled={disabled || send.isPending}
        aria-label={label}
        title={label}
        data-testid="chat-photo-button"
      >
        {send.isPending ? <Spinner animation="border" size="sm" role="status" aria-label={t("chat.photo_sending")} /> : <Icon name="camera" size={18} />}
      </Button>
    </>
  );
}
