import { Alert, Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useActivateTotp, useStartTotp } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";
import { CodeForm } from "./CodeForm";

/** Setting up the second factor: a QR code for the authenticator app, active after one valid code. */
export function TotpEnrolment({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation(CONSOLE_NS);
  const start = useStartTotp();
  const activate = useActivateTotp();
  if (activate.isSuccess) return <Alert variant="success">{t("enrol.done")}</Alert>;
  if (!start.data) {
    return (
      <>
        {start.isError && <Alert variant="danger">{start.error.message}</Alert>}
        <Button className="w-100" onClick={() => start.mutate()} disabled={start.isPending} data-testid="totp-start">
          {t("enrol.start")}
        </Button>
      </>
    );
  }
  return (
    <div data-testid="totp-enrolment">
      <p>{t("enrol.scan")}</p>
      <div className="text-center mb-2">
        <img src={start.data.qr} alt={t("enrol.qr_alt")} width={200} height={200} />
      </div>
      <p className="small text-body-secondary text-break">{t("enrol.secret", { secret: start.data.secret })}</p>
      <CodeForm
        onCode={async (code) => {
          await activate.mutateAsync(code);
          onDone?.();
        }}
        submitLabel={t("enrol.activate")}
      />
    </div>
  );
}
