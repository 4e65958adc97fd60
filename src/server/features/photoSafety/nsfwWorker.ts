import { parentPort } from "node:worker_threads";
import { loadNsfwModel } from "./nsfwClassifier";

// The worker thread of WorkerClassifier: loads the model once and scores the images it is sent, one
// at a time, so that the WebAssembly model never stalls the server's event loop.

export interface ScoreRequest {
  id: number;
  image: Uint8Array;
}

export type ScoreAnswer = { id: number; scores: import("../../../common/photoSafety").PhotoScores } | { id: number; error: string };

const model = loadNsfwModel();
// A model that cannot load answers every request with the error (the main thread starts a new worker then).
model.catch(() => {});

parentPort?.on("message", async ({ id, image }: ScoreRequest) => {
  let answer: ScoreAnswer;
  try {
    answer = { id, scores: await (await model).classify(Buffer.from(image.buffer, image.byteOffset, image.byteLength)) };
  } catch (err) {
    answer = { id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer);
});
