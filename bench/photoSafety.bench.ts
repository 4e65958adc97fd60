// Photo safety (issue 22): what the packaged nudity model costs per photo, and how often it is wrong on
// a labelled set. A benchmark, not a test: `npx tsx bench/photoSafety.bench.ts`.
//
// The set: pictures drawn here (scenes, skin-coloured surfaces, faces of flat shapes, noise) and every
// image in the folders named by BENCH_SAFE_DIRS (colon-separated), all labelled safe; images in
// BENCH_EXPLICIT_DIRS are labelled explicit. bench/README.md says which Debian packages the safe photos
// come from. Baseline, measured in the same run: re-encoding the same image as a chat photo
// (processChatPhoto's sharp work), which every chat photo already costs.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import sharp from "sharp";
import { isFlaggedPhoto, type PhotoScores } from "../src/common/photoSafety";
import { NsfwClassifier } from "../src/server/features/photoSafety/nsfwClassifier";
import { WorkerClassifier } from "../src/server/features/photoSafety/workerClassifier";

interface Sample {
  name: string;
  explicit: boolean;
  image: Buffer;
}

const IMAGE = /\.(jpe?g|png|webp|gif|tiff?)$/i;

function imagesIn(dirs: string | undefined, explicit: boolean): Sample[] {
  const found: Sample[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (IMAGE.test(entry)) found.push({ name: path, explicit, image: readFileSync(path) });
    }
  };
  for (const dir of (dirs ?? "").split(":").filter(Boolean)) walk(dir);
  return found;
}

const svg = (body: string, w = 640, h = 480) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`))
    .jpeg({ quality: 85 })
    .toBuffer();

/** Pictures drawn here: the harmless kinds a chat gets, and skin-coloured ones, the hard case for a nudity model. */
async function drawn(): Promise<Sample[]> {
  const skins = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac", "#d99b7e"];
  const out: Array<[string, Promise<Buffer>]> = [
    [
      "drawn: landscape",
      svg(
        '<rect width="640" height="300" fill="#7db9e8"/><rect y="300" width="640" height="180" fill="#4c9a2a"/><circle cx="520" cy="90" r="50" fill="#ffd23f"/>',
      ),
    ],
    ["drawn: text", svg('<rect width="640" height="480" fill="#fff"/><text x="40" y="240" font-size="48" font-family="sans-serif">See you at 8?</text>')],
    [
      "drawn: beach",
      svg(
        '<rect width="640" height="200" fill="#87ceeb"/><rect y="200" width="640" height="120" fill="#1e90ff"/><rect y="320" width="640" height="160" fill="#f4d7a1"/>',
      ),
    ],
  ];
  for (const [i, skin] of skins.entries()) {
    out.push([`drawn: skin-coloured surface ${skin}`, svg(`<rect width="640" height="480" fill="${skin}"/>`)]);
    out.push([
      `drawn: face of shapes ${skin}`,
      svg(
        `<rect width="640" height="480" fill="#6a8caf"/><ellipse cx="320" cy="230" rx="140" ry="180" fill="${skin}"/><circle cx="270" cy="200" r="14" fill="#222"/><circle cx="370" cy="200" r="14" fill="#222"/><path d="M260 300 Q320 ${340 + i * 4} 380 300" stroke="#822" stroke-width="8" fill="none"/>`,
      ),
    ]);
    out.push([
      `drawn: arm-like gradient ${skin}`,
      svg(
        `<defs><linearGradient id="g"><stop offset="0" stop-color="${skin}"/><stop offset="1" stop-color="#333"/></linearGradient></defs><rect width="640" height="480" fill="#ddd"/><rect x="100" y="180" width="440" height="120" rx="60" fill="url(#g)"/>`,
      ),
    ]);
  }
  for (let i = 0; i < 3; i++) {
    const noise = Buffer.alloc(320 * 240 * 3);
    for (let j = 0; j < noise.length; j++) noise[j] = Math.floor(Math.random() * 256);
    out.push([
      `drawn: noise ${i + 1}`,
      sharp(noise, { raw: { width: 320, height: 240, channels: 3 } })
        .jpeg()
        .toBuffer(),
    ]);
  }
  return Promise.all(out.map(async ([name, image]) => ({ name, explicit: false, image: await image })));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `mean ${mean.toFixed(1)} ms, p50 ${quantile(s, 0.5).toFixed(1)} ms, p95 ${quantile(s, 0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms`;
};

async function baselineMs(image: Buffer): Promise<number> {
  const start = performance.now();
  const base = sharp(image, { failOn: "error", limitInputPixels: 40_000_000 }).rotate();
  await Promise.all([
    base.clone().resize(1080, 1350, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    base.clone().resize(320, 320, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer(),
  ]);
  return performance.now() - start;
}

/** Only images a member could send: the server refuses what sharp cannot read before any scoring. */
async function readable(all: Sample[]): Promise<Sample[]> {
  const ok = await Promise.all(
    all.map((s) =>
      sharp(s.image, { failOn: "error" })
        .stats()
        .then(
          () => true,
          () => false,
        ),
    ),
  );
  const skipped = all.filter((_, i) => !ok[i]);
  if (skipped.length > 0) console.log(`skipped ${skipped.length} images sharp cannot read: ${skipped.map((s) => s.name).join(", ")}`);
  return all.filter((_, i) => ok[i]);
}

const samples = await readable([...(await drawn()), ...imagesIn(process.env.BENCH_SAFE_DIRS, false), ...imagesIn(process.env.BENCH_EXPLICIT_DIRS, true)]);
const explicitCount = samples.filter((s) => s.explicit).length;
console.log(`${samples.length} images: ${samples.length - explicitCount} labelled safe, ${explicitCount} labelled explicit`);

const classifier = new NsfwClassifier();
global.gc?.();
const before = process.memoryUsage();
let start = performance.now();
const first = await classifier.classify(samples[0].image);
const loadMs = performance.now() - start;
global.gc?.();
const loaded = process.memoryUsage();

const modelMs: number[] = [];
const sharpMs: number[] = [];
const results: Array<{ sample: Sample; scores: PhotoScores }> = [{ sample: samples[0], scores: first }];
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
for (const [i, sample] of samples.entries()) {
  sharpMs.push(await baselineMs(sample.image));
  start = performance.now();
  const scores = await classifier.classify(sample.image);
  modelMs.push(performance.now() - start);
  if (i > 0) results.push({ sample, scores });
}
loop.disable();

// A phone camera's photo as members send it: a 12-megapixel JPEG (a drawn scene scaled up, with grain).
const grain = Buffer.alloc(4032 * 3024 * 3);
for (let j = 0; j < grain.length; j++) grain[j] = 90 + Math.floor(Math.random() * 60);
const phonePhoto = await sharp(grain, { raw: { width: 4032, height: 3024, channels: 3 } })
  .jpeg({ quality: 90 })
  .toBuffer();
const phoneModelMs: number[] = [];
const phoneSharpMs: number[] = [];
for (let i = 0; i < 10; i++) {
  phoneSharpMs.push(await baselineMs(phonePhoto));
  start = performance.now();
  await classifier.classify(phonePhoto);
  phoneModelMs.push(performance.now() - start);
}
global.gc?.();
const after = process.memoryUsage();

console.log(`\nfirst photo (loads TensorFlow.js WebAssembly and the model): ${loadMs.toFixed(0)} ms`);
console.log(`model per photo (decode with sharp + MobileNet v2), ${modelMs.length} photos: ${stats(modelMs)}`);
console.log(`baseline, chat photo re-encoding per photo:                 ${stats(sharpMs)}`);
// As the server runs it: the same model in its worker thread (first photo starts it), while the main thread's event loop is watched.
const worker = new WorkerClassifier();
await worker.classify(samples[0].image);
const workerMs: number[] = [];
const workerLoop = monitorEventLoopDelay({ resolution: 5 });
workerLoop.enable();
for (const sample of samples) {
  start = performance.now();
  await worker.classify(sample.image);
  workerMs.push(performance.now() - start);
}
workerLoop.disable();
console.log(`through the worker thread (as the server runs it), per photo:   ${stats(workerMs)}`);
console.log(
  `longest event-loop stall with the worker thread: ${(workerLoop.max / 1e6).toFixed(0)} ms (p99 ${(workerLoop.percentile(99) / 1e6).toFixed(0)} ms)`,
);
console.log(`12-megapixel JPEG (${(phonePhoto.length / 1e6).toFixed(1)} MB), 10 times, model:      ${stats(phoneModelMs)}`);
console.log(`12-megapixel JPEG, baseline chat photo re-encoding:         ${stats(phoneSharpMs)}`);
console.log(`longest event-loop stall, model on the main thread: ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms)`);
console.log(
  `memory: rss ${mb(before.rss)} before, ${mb(loaded.rss)} with the model (+${mb(loaded.rss - before.rss)}), ${mb(after.rss)} after all photos; heap ${mb(loaded.heapUsed)}, external ${mb(loaded.external)}`,
);

let fp = 0;
let fn = 0;
for (const { sample, scores } of results) {
  const flagged = isFlaggedPhoto(scores);
  if (flagged && !sample.explicit) fp++;
  if (!flagged && sample.explicit) fn++;
  const top = Object.entries(scores).sort((a, b) => b[1] - a[1])[0];
  if (flagged !== sample.explicit || scores.Sexy > 0.3 || scores.Porn + scores.Hentai > 0.2)
    console.log(
      `  ${flagged === sample.explicit ? "ok   " : "WRONG"} ${sample.explicit ? "explicit" : "safe"} ${sample.name}: top ${top[0]} ${top[1].toFixed(2)}, porn+hentai ${(scores.Porn + scores.Hentai).toFixed(2)}, sexy ${scores.Sexy.toFixed(2)}`,
    );
}
const safe = results.length - explicitCount;
console.log(`\nfalse positives: ${fp} of ${safe} safe images (${((100 * fp) / Math.max(1, safe)).toFixed(1)}%)`);
console.log(
  explicitCount > 0
    ? `false negatives: ${fn} of ${explicitCount} explicit images (${((100 * fn) / explicitCount).toFixed(1)}%)`
    : "false negatives: not measured (no explicit images in the set)",
);
