import type { Mailer, OutgoingMail } from "../adapters/mailer";
import type { AppMetrics } from "./appMetrics";

/** The mailer, with each mail handed over or refused counted. */
export function countedMailer(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    async send(mail: OutgoingMail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        metrics.mailsFailed.inc();
        throw err;
      }
      metrics.mailsSent.inc();
    },
    close: () => mailer.close(),
  };
}
