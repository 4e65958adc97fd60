import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { PHOTO_CLASSES, type PhotoScores } from "../../../common/photoSafety";
import type { PhotoClassifier } from "./photoClassifier";

/** The model's input: a 224 × 224 RGB image (MobileNet v2). */
const INPUT_SIZE = 224;

export interface LoadedModel {
  classify(image: Buffer): Promise<PhotoScores>;
}

const processHandlers = () => ({ exception: process.listeners("uncaughtException"), rejection: process.listeners("unhandledRejection") });

/**
 * Emscripten's Node.js glue of the WebAssembly backend adds process handlers that only throw again:
 * with them, any later crash of the server is reported from inside the minified module (one 20 kB
 * line in the log) instead of where it happened. They are taken off again.
 */
function removeHandlersAddedSince(before: ReturnType<typeof processHandlers>): void {
  for (const handler of process.listeners("uncaughtException")) if (!before.exception.includes(handler)) process.removeListener("uncaughtException", handler);
  for (const handler of process.listeners("unhandledRejection")) if (!before.rejection.includes(handler)) process.removeListener("unhandledRejection", handler);
}

/**
 * Loads TensorFlow.js on its WebAssembly backend (the .wasm files ship in its npm package; the
 * native tfjs-node would download libtensorflow at install) and nsfwjs's MobileNet v2, whose weights
 * ship inside the nsfwjs package: nothing is fetched at run time. About a second, and ~60 MB.
 */
export async function loadNsfwModel(): Promise<LoadedModel> {
  const tf = await import("@tensorflow/tfjs");
  const wasm = await import("@tensorflow/tfjs-backend-wasm");
  const require = createRequire(import.meta.url);
  wasm.setWasmPaths(`${join(dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json")), "dist")}/`);
  const handlers = processHandlers();
  if (!(await tf.setBackend("wasm"))) throw new Error("TensorFlow.js could not start its WebAssembly backend");
  await tf.ready();
  removeHandlersAddedSince(handlers);
  const nsfw = await import("nsfwjs/core");
  const { MobileNetV2Model } = await import("nsfwjs/models/mobilenet_v2");
  // nsfwjs says on the console which model it loads; the server's log is pino's alone.
  const info = console.info;
  console.info = () => {};
  const model = await nsfw.load("MobileNetV2", { modelDefinitions: [MobileNetV2Model] }).finally(() => {
    console.info = info;
  });
  return {
    async classify(image) {
      const { data, info: size } = await sharp(image, { failOn: "error", limitInputPixels: 40_000_000 })
        .rotate()
        .resize(INPUT_SIZE, INPUT_SIZE, { fit: "fill" })
        .removeAlpha()
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
      const input = tf.tensor3d(new Int32Array(data), [size.height, size.width, 3], "int32");
      try {
        const predictions = await model.classify(input, PHOTO_CLASSES.length);
        const scores = Object.fromEntries(PHOTO_CLASSES.map((c) => [c, 0])) as PhotoScores;
        for (const p of predictions) scores[p.className as keyof PhotoScores] = p.probability;
        return scores;
      } finally {
        input.dispose();
      }
    },
  };
}

/**
 * The packaged nudity model (nsfwjs, MobileNet v2 on TensorFlow.js's WebAssembly backend) in this
 * thread, loaded on its first use. The server runs it in a worker thread instead (WorkerClassifier);
 * the benchmark calls it here to time the model alone.
 */
export class NsfwClassifier implements PhotoClassifier {
  private model: Promise<LoadedModel> | null = null;

  async classify(image: Buffer): Promise<PhotoScores> {
    if (!this.model) {
      this.model = loadNsfwModel();
      // A failed load is tried again by the next photo, not remembered.
      this.model.catch(() => {
        this.model = null;
      });
    }
    return (await this.model).classify(image);
  }
}
