/**
 * How long a shutdown may take before the process exits anyway: running requests and jobs get this
 * long to finish (an orchestrator's own grace period, 30 s in Kubernetes and Docker's 10 s, is longer or equal).
 */
export const SHUTDOWN_BOUND_MS = 9_000;

/**
 * On SIGTERM (or SIGINT), closes the app gracefully (App.close: readiness 503, pages sent elsewhere,
 * no new connections, running requests and jobs finished, pools closed) and exits with 0; exits with
 * 1 when that takes longer than the bound or fails.
 */
export function exitOnSignals(server: { close(): Promise<void> }, boundMs = SHUTDOWN_BOUND_MS): void {
  const shutDown = (signal: NodeJS.Signals) => {
    console.log(`${signal}: shutting down (at most ${boundMs / 1000} s)`);
    const forced = setTimeout(() => {
      console.error(`shutdown took longer than ${boundMs / 1000} s: exiting with work unfinished`);
      process.exit(1);
    }, boundMs);
    forced.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutDown);
  process.once("SIGINT", shutDown);
}
