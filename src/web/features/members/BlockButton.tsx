import { useState } from "react";
import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useBlock } from "../../api/membersApi";
import { ConfirmModal } from "../../components/ConfirmModal";
import { Icon } from "../../components/Icon";

/** Blocks or unblocks a member, after asking. `onDark`: a light outline, for a dark cover (a flagged chat photo). */
export function BlockButton({ id, name, blocked, size, onDark = false }: { id: number; name: string; blocked: boolean; size?: "sm"; onDark?: boolean }) {
  const { t } = useTranslation();
  const block = useBlock();
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    block.reset();
  };
  return (
    <>
      <Button
        variant={onDark ? "outline-light" : blocked ? "outline-secondary" : "outline-danger"}
        size={size}
        onClick={() => setAsking(true)}
        className="d-inline-flex align-items-center gap-1"
        data-testid="block-button"
      >
        <Icon name="block" size={18} />
        {blocked ? t("member.unblock") : t("member.block")}
      </Button>
      <ConfirmModal
        show={asking}
        title={blocked ? t("member.unblock_title", { name }) : t("member.block_title", { name })}
        confirmLabel={blocked ? t("member.unblock") : t("member.block")}
        variant={blocked ? "primary" : "danger"}
        busy={block.isPending}
        error={block.error?.message}
        onCancel={close}
        onConfirm={() => block.mutate({ id, block: !blocked }, { onSuccess: close })}
      >
        <p className="mb-0">{blocked ? t("member.unblock_text", { name }) : t("member.block_text", { name })}</p>
      </ConfirmModal>
    </>
  );
}
