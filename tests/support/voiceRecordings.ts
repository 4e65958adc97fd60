// Voice recordings built byte by byte, shaped as the browsers' MediaRecorder writes them: a WebM of
// Opus frames with no duration in its header and clusters of unknown size (Chrome), and a fragmented
// MP4 of AAC (Safari). The frames hold no real sound: the server reads only the structure.

const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

// ---- WebM

const idBytes = (id: number) => Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, "0"), "hex");
/** An 8-byte size (0x01 marker), or "unknown" (all value bits set), as MediaRecorder writes Segment and Cluster. */
const sizeBytes = (size: number | "unknown") => {
  const b = Buffer.alloc(8);
  if (size === "unknown") b.fill(0xff, 1);
  else b.writeBigUInt64BE(BigInt(size));
  b[0] = 0x01;
  return b;
};
const el = (id: number, ...children: Buffer[]) => {
  const payload = Buffer.concat(children);
  return Buffer.concat([idBytes(id), sizeBytes(payload.length), payload]);
};
const openEl = (id: number) => Buffer.concat([idBytes(id), sizeBytes("unknown")]);
const uint = (n: number) => be32(n);
const text = (s: string) => Buffer.from(s, "latin1");
const float64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};

export interface WebmOptions {
  /** Time of the last frame, in milliseconds. */
  durationMs: number;
  frameMs?: number;
  codec?: string;
  /** 2 for audio, 1 for video. */
  trackType?: number;
  /** A Duration in the header (MediaRecorder writes none). */
  headerDurationMs?: number;
  docType?: string;
}

/** A WebM recording whose frames run from 0 to `durationMs`. */
export function makeWebm({ durationMs, frameMs = 20, codec = "A_OPUS", trackType = 2, headerDurationMs, docType = "webm" }: WebmOptions): Buffer {
  const parts = [
    el(0x1a45dfa3, el(0x4286, Buffer.from([1])), el(0x4282, text(docType))),
    openEl(0x18538067),
    el(0x1549a966, el(0x2ad7b1, uint(1_000_000)), ...(headerDurationMs !== undefined ? [el(0x4489, float64(headerDurationMs))] : [])),
    el(0x1654ae6b, el(0xae, el(0xd7, Buffer.from([1])), el(0x83, Buffer.from([trackType])), el(0x86, text(codec)))),
  ];
  // A cluster every 10 s (a block's time is 16 bits relative to its cluster's).
  for (let cluster = 0; cluster <= durationMs; cluster += 10_000) {
    parts.push(openEl(0x1f43b675), el(0xe7, uint(cluster)));
    for (let t = cluster; t < cluster + 10_000 && t <= durationMs; t += frameMs) {
      const header = Buffer.alloc(4);
      header[0] = 0x81; // track 1
      header.writeInt16BE(t - cluster, 1);
      header[3] = 0x80; // a key frame
      parts.push(el(0xa3, header, Buffer.from([0xfc, 0xff, 0xfe])));
    }
  }
  return Buffer.concat(parts);
}

// ---- MP4

const box = (type: string, ...children: Buffer[]) => {
  const payload = Buffer.concat(children);
  return Buffer.concat([be32(payload.length + 8), Buffer.from(type, "latin1"), payload]);
};
const full = (type: string, version: number, flags: number, ...children: Buffer[]) =>
  box(type, Buffer.from([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...children);
const zeros = (n: number) => Buffer.alloc(n);

export interface Mp4Options {
  durationMs: number;
  /** "mp4a" (AAC, Safari) or "Opus" (Chrome); anything else is refused. */
  entry?: string;
  /** "soun" for sound, "vide" for video. */
  handler?: string;
  /** Fragments (Safari) or one sample table (a file saved whole). */
  fragmented?: boolean;
}

/** An MP4 recording of `durationMs` of AAC frames (1024 samples at 48 kHz each). */
export function makeMp4({ durationMs, entry = "mp4a", handler = "soun", fragmented = true }: Mp4Options): Buffer {
  const scale = 48_000;
  const total = Math.round((durationMs * scale) / 1000);
  const frames = Math.floor(total / 1024);
  const rest = total - frames * 1024;
  const sampleEntry = box(entry, zeros(28));
  const stts = fragmented
    ? full("stts", 0, 0, be32(0))
    : full("stts", 0, 0, be32(rest > 0 ? 2 : 1), be32(frames), be32(1024), ...(rest > 0 ? [be32(1), be32(rest)] : []));
  const trak = box(
    "trak",
    full("tkhd", 0, 3, zeros(8), be32(1), zeros(68)),
    box(
      "mdia",
      full("mdhd", 0, 0, zeros(8), be32(scale), be32(fragmented ? 0 : total), zeros(4)),
      full("hdlr", 0, 0, zeros(4), Buffer.from(handler, "latin1"), zeros(13)),
      box("minf", box("stbl", full("stsd", 0, 0, be32(1), sampleEntry), stts)),
    ),
  );
  const moov = box(
    "moov",
    full("mvhd", 0, 0, zeros(8), be32(1000), be32(fragmented ? 0 : durationMs), zeros(80)),
    trak,
    ...(fragmented ? [box("mvex", full("trex", 0, 0, be32(1), be32(1), be32(1024), zeros(8)))] : []),
  );
  const parts = [box("ftyp", Buffer.from("iso5", "latin1"), be32(1), Buffer.from("isomiso5", "latin1")), moov];
  if (fragmented) {
    // One fragment a second, as Safari cuts them; samples of the trex's default length, the last one shorter.
    let done = 0;
    while (done < frames) {
      const count = Math.min(47, frames - done);
      const last = done + count === frames && rest > 0;
      const samples = last ? [...Array<number>(count).fill(1024), rest] : Array<number>(count).fill(1024);
      parts.push(
        box(
          "moof",
          full("mfhd", 0, 0, be32(parts.length)),
          box(
            "traf",
            full("tfhd", 0, 0x020000, be32(1)),
            full(
              "tfdt",
              1,
              0,
              Buffer.from(
                BigInt(done * 1024)
                  .toString(16)
                  .padStart(16, "0"),
                "hex",
              ),
            ),
            full("trun", 0, 0x000100, be32(samples.length), ...samples.map(be32)),
          ),
        ),
        box("mdat", zeros(samples.length * 4)),
      );
      done += count;
    }
  } else parts.push(box("mdat", zeros(frames * 4)));
  return Buffer.concat(parts);
}
