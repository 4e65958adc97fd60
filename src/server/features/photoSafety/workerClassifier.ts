import { Worker } from "node:worker_threads";
import type { PhotoScores } from "../../../common/photoSafety";
import type { ScoreAnswer } from "./nsfwWorker";
import type { PhotoClassifier } from "./photoClassifier";

/**
 * The worker's file: beside this one under tsx (development, tests), beside the bundle in production
 * (scripts/buildServer.mjs builds `nsfwWorker.js` next to `main.js`).
 */
function workerFile(): { url: URL; execArgv: string[] } {
  const typescript = import.meta.url.endsWith(".ts");
  return typescript
    ? { url: new URL("./nsfwWorker.ts", import.meta.url), execArgv: ["--import", "tsx"] }
    : { url: new URL("./nsfwWorker.js", import.meta.url), execArgv: [] };
}

/**
 * The packaged nudity model in one worker thread per process, started on the first photo: the
 * WebAssembly model runs for 100 ms and more per photo and would stall every other request of the
 * instance if it ran on the main thread. The send still waits for the score (docs/spec-coverage.md).
 */
export class WorkerClassifier implements PhotoClassifier {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (scores: PhotoScores) => void; reject: (err: Error) => void }>();

  classify(image: Buffer): Promise<PhotoScores> {
    const worker = this.started();
    const id = this.next++;
    return new Promise<PhotoScores>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Held while it has work: a process waiting for a score does not end meanwhile.
      worker.ref();
      worker.postMessage({ id, image: new Uint8Array(image) });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const { url, execArgv } = workerFile();
    const worker = new Worker(url, { execArgv });
    worker.on("message", (answer: ScoreAnswer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if ("scores" in answer) waiting?.resolve(answer.scores);
      else waiting?.reject(new Error(`photo classifier: ${answer.error}`));
    });
    const fail = (err: Error) => {
      // A dead worker fails what it had; the next photo starts a new one.
      if (this.worker === worker) this.worker = null;
      for (const { reject } of this.waiting.values()) reject(err);
      this.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`photo classifier worker exited with ${code}`)));
    // An idle worker never keeps a finished process (a command, a test) alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
