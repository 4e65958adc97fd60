// What a voice message's upload is: a WebM (Chrome, Firefox: Opus) or an MP4 (Safari: AAC) recording
// of sound only, and how long it plays. Read from the file's own structure, never from what the
// client says. MediaRecorder's WebM has no duration in its header, and Safari's MP4 comes in
// fragments, so the length is taken from the timestamps of the recorded frames as well; the longest
// of what the file says and what its frames say counts.

export type VoiceFormat = "webm" | "mp4";

export interface VoiceFile {
  format: VoiceFormat;
  /** How long it plays, in milliseconds. */
  durationMs: number;
}

/** The content type each format is served with. */
export const VOICE_CONTENT_TYPES: Record<VoiceFormat, string> = { webm: "audio/webm", mp4: "audio/mp4" };

/** Codecs a recording may hold: Opus or Vorbis in WebM, AAC or Opus in MP4. */
const WEBM_CODECS = new Set(["A_OPUS", "A_VORBIS"]);
const MP4_SAMPLE_ENTRIES = new Set(["mp4a", "Opus"]);

/** The format and length of a voice recording, or null when the bytes are not one (another type, video, no sound frames). */
export function inspectVoice(bytes: Buffer): VoiceFile | null {
  try {
    if (bytes.length >= 4 && bytes.readUInt32BE(0) === EBML_HEADER) return inspectWebm(bytes);
    if (bytes.length >= 8 && bytes.toString("latin1", 4, 8) === "ftyp") return inspectMp4(bytes);
  } catch {
    // A field that runs past the end of the file: not a recording this site can take.
  }
  return null;
}

// ---- WebM (Matroska): EBML elements, an id and a size each as variable-length integers.

const EBML_HEADER = 0x1a45dfa3;
const ID = {
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;
/** Elements whose children are read in turn (MediaRecorder writes Segment and Cluster without a size). */
const WEBM_MASTERS = new Set<number>([EBML_HEADER, ID.segment, ID.info, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);

/** A variable-length integer at `at`: its value (the length marker removed unless `keepMarker`), its length, and whether all value bits are set ("unknown size"). */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new RangeError("bad variable-length integer");
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) throw new RangeError("cut off");
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: allOnes };
}

const uintOf = (bytes: Buffer, at: number, size: number) => {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i];
  return value;
};

function inspectWebm(bytes: Buffer): VoiceFile | null {
  let docType = "";
  let scaleNs = 1_000_000;
  let headerDuration = 0;
  let clusterTime = 0;
  let lastFrame = -1;
  let lastBlockDuration = 0;
  const tracks: Array<{ type: number; codec: string }> = [];
  let at = 0;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length, false);
    const start = at + id.length + size.length;
    if (WEBM_MASTERS.has(id.value)) {
      if (id.value === ID.trackEntry) tracks.push({ type: 0, codec: "" });
      at = start;
      continue;
    }
    if (size.unknown || start + size.value > bytes.length) {
      // The last frame of a recording cut short by the upload is not counted; anything else is broken.
      if (id.value === ID.simpleBlock || id.value === ID.block) break;
      return null;
    }
    const end = start + size.value;
    const track = tracks[tracks.length - 1];
    switch (id.value) {
      case ID.docType:
        docType = bytes.toString("latin1", start, end);
        break;
      case ID.timecodeScale:
        scaleNs = uintOf(bytes, start, size.value);
        break;
      case ID.duration:
        headerDuration = size.value === 4 ? bytes.readFloatBE(start) : size.value === 8 ? bytes.readDoubleBE(start) : 0;
        break;
      case ID.trackType:
        if (track) track.type = uintOf(bytes, start, size.value);
        break;
      case ID.codecId:
        if (track) track.codec = bytes.toString("latin1", start, end);
        break;
      case ID.timecode:
        clusterTime = uintOf(bytes, start, size.value);
        break;
      case ID.simpleBlock:
      case ID.block: {
        const trackNumber = vint(bytes, start, false);
        const frame = clusterTime + bytes.readInt16BE(start + trackNumber.length);
        if (frame > lastFrame) {
          lastFrame = frame;
          lastBlockDuration = 0;
        }
        break;
      }
      case ID.blockDuration:
        lastBlockDuration = uintOf(bytes, start, size.value);
        break;
    }
    at = end;
  }
  if (docType !== "webm" && docType !== "matroska") return null;
  // Sound only: at least one audio track (type 2) of a codec a recorder writes, and no other track.
  if (tracks.length === 0 || tracks.some((t) => t.type !== 2 || !WEBM_CODECS.has(t.codec))) return null;
  if (lastFrame < 0 || !(scaleNs > 0)) return null;
  const framesMs = ((lastFrame + lastBlockDuration) * scaleNs) / 1e6;
  const headerMs = Number.isFinite(headerDuration) && headerDuration > 0 ? (headerDuration * scaleNs) / 1e6 : 0;
  return { format: "webm", durationMs: Math.round(Math.max(framesMs, headerMs)) };
}

// ---- MP4 (ISO base media): boxes of a 32-bit size and a four-letter type.

const MP4_CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "mvex", "moof", "traf"]);

function inspectMp4(bytes: Buffer): VoiceFile | null {
  let movieScale = 0;
  let movieDuration = 0;
  let fragmentDuration = 0;
  const tracks: Array<{ id: number; handler: string; entry: string; scale: number; duration: number; samples: number; defaultSample: number }> = [];
  let fragmentTrack = 0;
  let fragmentStart = 0;
  let fragmentDefault = 0;
  const fragmentEnd = new Map<number, number>();

  const walk = (from: number, to: number) => {
    let at = from;
    while (at + 8 <= to) {
      let size = bytes.readUInt32BE(at);
      const type = bytes.toString("latin1", at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        size = Number(bytes.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = to - at;
      if (size < header || at + size > to) throw new RangeError("box past its end");
      const start = at + header;
      const end = at + size;
      const version = bytes[start];
      const track = tracks[tracks.length - 1];
      if (MP4_CONTAINERS.has(type)) {
        if (type === "trak") tracks.push({ id: 0, handler: "", entry: "", scale: 0, duration: 0, samples: 0, defaultSample: 0 });
        walk(start, end);
      } else if (type === "mvhd") {
        movieScale = bytes.readUInt32BE(start + (version === 1 ? 20 : 12));
        movieDuration = version === 1 ? Number(bytes.readBigUInt64BE(start + 24)) : bytes.readUInt32BE(start + 16);
      } else if (type === "tkhd" && track) {
        track.id = bytes.readUInt32BE(start + (version === 1 ? 20 : 12));
      } else if (type === "mdhd" && track) {
        track.scale = bytes.readUInt32BE(start + (version === 1 ? 20 : 12));
        track.duration = version === 1 ? Number(bytes.readBigUInt64BE(start + 24)) : bytes.readUInt32BE(start + 16);
      } else if (type === "hdlr" && track) {
        track.handler = bytes.toString("latin1", start + 8, start + 12);
      } else if (type === "stsd" && track) {
        track.entry = bytes.toString("latin1", start + 12, start + 16);
      } else if (type === "stts" && track) {
        const entries = bytes.readUInt32BE(start + 4);
        if (start + 8 + entries * 8 > end) throw new RangeError("entries past the box");
        for (let i = 0; i < entries; i++) track.samples += bytes.readUInt32BE(start + 8 + i * 8) * bytes.readUInt32BE(start + 12 + i * 8);
      } else if (type === "mehd") {
        fragmentDuration = version === 1 ? Number(bytes.readBigUInt64BE(start + 4)) : bytes.readUInt32BE(start + 4);
      } else if (type === "trex") {
        const of = tracks.find((t) => t.id === bytes.readUInt32BE(start + 4));
        if (of) of.defaultSample = bytes.readUInt32BE(start + 12);
      } else if (type === "tfhd") {
        const flags = bytes.readUIntBE(start + 1, 3);
        fragmentTrack = bytes.readUInt32BE(start + 4);
        const field = start + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
        fragmentDefault = flags & 0x08 ? bytes.readUInt32BE(field) : (tracks.find((t) => t.id === fragmentTrack)?.defaultSample ?? 0);
        fragmentStart = fragmentEnd.get(fragmentTrack) ?? 0;
      } else if (type === "tfdt") {
        fragmentStart = version === 1 ? Number(bytes.readBigUInt64BE(start + 4)) : bytes.readUInt32BE(start + 4);
      } else if (type === "trun") {
        const flags = bytes.readUIntBE(start + 1, 3);
        const count = bytes.readUInt32BE(start + 4);
        let field = start + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
        const perSample = ((flags & 0x100 ? 1 : 0) + (flags & 0x200 ? 1 : 0) + (flags & 0x400 ? 1 : 0) + (flags & 0x800 ? 1 : 0)) * 4;
        if (field + count * perSample > end) throw new RangeError("samples past the box");
        let total = count * fragmentDefault;
        if (flags & 0x100) {
          total = 0;
          for (let i = 0; i < count; i++, field += perSample) total += bytes.readUInt32BE(field);
        }
        fragmentStart += total;
        fragmentEnd.set(fragmentTrack, Math.max(fragmentEnd.get(fragmentTrack) ?? 0, fragmentStart));
      }
      at = end;
    }
  };
  walk(0, bytes.length);

  // Sound only: audio tracks ("soun") of AAC or Opus, and no other track.
  if (tracks.length === 0 || tracks.some((t) => t.handler !== "soun" || !MP4_SAMPLE_ENTRIES.has(t.entry) || !(t.scale > 0))) return null;
  const ms = (units: number, scale: number) => (scale > 0 ? (units * 1000) / scale : 0);
  const lengths = [ms(movieDuration, movieScale), ms(fragmentDuration, movieScale)];
  for (const t of tracks) lengths.push(ms(t.duration, t.scale), ms(t.samples, t.scale), ms(fragmentEnd.get(t.id) ?? 0, t.scale));
  const durationMs = Math.round(Math.max(...lengths));
  return durationMs > 0 ? { format: "mp4", durationMs } : null;
}
