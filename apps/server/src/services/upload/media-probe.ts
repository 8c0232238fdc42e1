/**
 * Reads what an uploaded video or voice note is from its container, in JavaScript (no ffmpeg):
 * which container, whether it holds a video and/or an audio track, its duration and picture size.
 * MP4 (ISO BMFF, also fragmented as Chrome's MediaRecorder writes it), WebM/Matroska (also without
 * a Duration in its header, as MediaRecorder writes it: then the duration comes from the clusters'
 * timecodes) and Ogg (Opus, Vorbis). Nothing is decoded: the bytes are stored as they came.
 */
export type MediaProbe = {
  container: 'mp4' | 'webm' | 'ogg';
  hasVideo: boolean;
  hasAudio: boolean;
  durationMs: number;
  width: number | null;
  height: number | null;
};

/** The container is recognised but cut short or inconsistent. */
export class DamagedMediaError extends Error {}

const damaged = (what: string) => new DamagedMediaError(what);

/** The container of these bytes, by their signature, or null when it is none of ours. */
export function containerOf(buf: Buffer): MediaProbe['container'] | null {
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (buf.length >= 4 && buf.toString('latin1', 0, 4) === 'OggS') return 'ogg';
  return null;
}

/** Probes the bytes; null when the container is not MP4, WebM or Ogg; DamagedMediaError when it cannot be read. */
export function probeMedia(buf: Buffer): MediaProbe | null {
  const container = containerOf(buf);
  if (container === 'mp4') return probeMp4(buf);
  if (container === 'webm') return probeWebm(buf);
  if (container === 'ogg') return probeOgg(buf);
  return null;
}

// ---------------------------------------------------------------------------------------------
// MP4 (ISO base media file format)

type Box = { type: string; start: number; end: number };

/** The boxes directly inside [from, to). A box running past `to` means the file is cut short. */
function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw damaged('box header cut short');
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header) throw damaged('box smaller than its header');
    if (at + size > to) throw damaged(`${type} box runs past the end of the file`);
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (buf: Buffer, box: Box, type: string) => boxes(buf, box.start, box.end).find((b) => b.type === type);

function probeMp4(buf: Buffer): MediaProbe {
  const top = boxes(buf, 0, buf.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw damaged('no moov box');
  const mvhd = child(buf, moov, 'mvhd');
  if (!mvhd) throw damaged('no mvhd box');
  const v1 = buf[mvhd.start] === 1;
  const movieScale = buf.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  let movieDuration = v1 ? Number(buf.readBigUInt64BE(mvhd.start + 24)) : buf.readUInt32BE(mvhd.start + 16);

  let hasVideo = false;
  let hasAudio = false;
  let width: number | null = null;
  let height: number | null = null;
  const trackScales = new Map<number, number>();
  for (const trak of boxes(buf, moov.start, moov.end).filter((b) => b.type === 'trak')) {
    const mdia = child(buf, trak, 'mdia');
    const hdlr = mdia && child(buf, mdia, 'hdlr');
    const mdhd = mdia && child(buf, mdia, 'mdhd');
    const tkhd = child(buf, trak, 'tkhd');
    if (!hdlr || !tkhd) continue;
    const handler = buf.toString('latin1', hdlr.start + 8, hdlr.start + 12);
    const tv1 = buf[tkhd.start] === 1;
    const trackId = buf.readUInt32BE(tkhd.start + (tv1 ? 20 : 12));
    if (mdhd) trackScales.set(trackId, buf.readUInt32BE(mdhd.start + (buf[mdhd.start] === 1 ? 20 : 12)));
    if (handler === 'vide') {
      hasVideo = true;
      const sizeAt = tkhd.start + (tv1 ? 88 : 76);
      if (sizeAt + 8 <= tkhd.end) {
        width = buf.readUInt32BE(sizeAt) >>> 16 || null;
        height = buf.readUInt32BE(sizeAt + 4) >>> 16 || null;
      }
    } else if (handler === 'soun') {
      hasAudio = true;
    }
  }

  let durationMs = movieScale > 0 ? (movieDuration / movieScale) * 1000 : 0;
  if (movieDuration === 0) {
    // Fragmented MP4: the movie extends header's duration, or the end of the last fragment.
    const mvex = child(buf, moov, 'mvex');
    const mehd = mvex && child(buf, mvex, 'mehd');
    if (mehd) {
      movieDuration = buf[mehd.start] === 1 ? Number(buf.readBigUInt64BE(mehd.start + 4)) : buf.readUInt32BE(mehd.start + 4);
      durationMs = movieScale > 0 ? (movieDuration / movieScale) * 1000 : 0;
    } else {
      durationMs = fragmentsEndMs(buf, top, trackScales, mvex ? defaultDurations(buf, mvex) : new Map());
    }
  }
  return { container: 'mp4', hasVideo, hasAudio, durationMs: Math.round(durationMs), width, height };
}

/** The default sample durations of the tracks (trex boxes). */
function defaultDurations(buf: Buffer, mvex: Box): Map<number, number> {
  const out = new Map<number, number>();
  for (const trex of boxes(buf, mvex.start, mvex.end).filter((b) => b.type === 'trex')) {
    out.set(buf.readUInt32BE(trex.start + 4), buf.readUInt32BE(trex.start + 12));
  }
  return out;
}

/** The latest end time, in ms, over the fragments' tracks: decode time of the fragment plus its samples' durations. */
function fragmentsEndMs(buf: Buffer, top: Box[], scales: Map<number, number>, defaults: Map<number, number>): number {
  let endMs = 0;
  for (const moof of top.filter((b) => b.type === 'moof')) {
    for (const traf of boxes(buf, moof.start, moof.end).filter((b) => b.type === 'traf')) {
      const inner = boxes(buf, traf.start, traf.end);
      const tfhd = inner.find((b) => b.type === 'tfhd');
      if (!tfhd) continue;
      const flags = buf.readUInt32BE(tfhd.start) & 0xffffff;
      const trackId = buf.readUInt32BE(tfhd.start + 4);
      let at = tfhd.start + 8;
      if (flags & 0x1) at += 8;
      if (flags & 0x2) at += 4;
      const defaultDuration = flags & 0x8 ? buf.readUInt32BE(at) : (defaults.get(trackId) ?? 0);
      const tfdt = inner.find((b) => b.type === 'tfdt');
      let time = tfdt ? (buf[tfdt.start] === 1 ? Number(buf.readBigUInt64BE(tfdt.start + 4)) : buf.readUInt32BE(tfdt.start + 4)) : 0;
      for (const trun of inner.filter((b) => b.type === 'trun')) {
        const tflags = buf.readUInt32BE(trun.start) & 0xffffff;
        const count = buf.readUInt32BE(trun.start + 4);
        let p = trun.start + 8;
        if (tflags & 0x1) p += 4;
        if (tflags & 0x4) p += 4;
        const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => tflags & f).length * 4;
        if (p + count * perSample > trun.end) throw damaged('trun runs past its box');
        for (let i = 0; i < count; i++) {
          time += tflags & 0x100 ? buf.readUInt32BE(p) : defaultDuration;
          p += perSample;
        }
      }
      const scale = scales.get(trackId) ?? 0;
      if (scale > 0) endMs = Math.max(endMs, (time / scale) * 1000);
    }
  }
  return endMs;
}

// ---------------------------------------------------------------------------------------------
// WebM / Matroska (EBML)

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackType: 0x83,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
} as const;
/** Elements that sit directly in a Segment: where a cluster of unknown size ends. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, ID.Info, ID.Tracks, ID.Cluster, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0x1941a469]);

type Element = { id: number; start: number; end: number; unknownSize: boolean };

function readId(buf: Buffer, at: number): { id: number; len: number } {
  const first = buf[at];
  if (first === undefined) throw damaged('element id cut short');
  const len = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (len === 0 || at + len > buf.length) throw damaged('bad element id');
  return { id: buf.readUIntBE(at, len), len };
}

function readSize(buf: Buffer, at: number): { size: number; len: number; unknown: boolean } {
  const first = buf[at];
  if (first === undefined || first === 0) throw damaged('bad element size');
  const len = Math.clz32(first) - 23;
  if (at + len > buf.length) throw damaged('element size cut short');
  let value = first & (0xff >> len);
  let allOnes = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    const b = buf[at + i]!;
    value = value * 256 + b;
    allOnes &&= b === 0xff;
  }
  return { size: value, len, unknown: allOnes };
}

function readElement(buf: Buffer, at: number, parentEnd: number): Element {
  const { id, len } = readId(buf, at);
  const s = readSize(buf, at + len);
  const start = at + len + s.len;
  if (s.unknown) return { id, start, end: parentEnd, unknownSize: true };
  if (start + s.size > parentEnd) throw damaged('element runs past the end of the file');
  return { id, start, end: start + s.size, unknownSize: false };
}

const uintAt = (buf: Buffer, e: Element) => (e.end - e.start === 0 ? 0 : Number(buf.readUIntBE(e.start, Math.min(6, e.end - e.start))));
const floatAt = (buf: Buffer, e: Element) => (e.end - e.start === 4 ? buf.readFloatBE(e.start) : buf.readDoubleBE(e.start));

function probeWebm(buf: Buffer): MediaProbe {
  const header = readElement(buf, 0, buf.length);
  let docType = '';
  for (let at = header.start; at < header.end;) {
    const e = readElement(buf, at, header.end);
    if (e.id === ID.DocType) docType = buf.toString('latin1', e.start, e.end).replace(/\0+$/, '');
    at = e.end;
  }
  if (docType !== 'webm' && docType !== 'matroska') throw damaged('not a WebM document');
  const segment = readElement(buf, header.end, buf.length);
  if (segment.id !== ID.Segment) throw damaged('no segment');

  let scaleNs = 1_000_000;
  let headerDuration: number | null = null;
  let hasVideo = false;
  let hasAudio = false;
  let width: number | null = null;
  let height: number | null = null;
  let lastTimecode = 0;

  const track = (entry: Element) => {
    for (let at = entry.start; at < entry.end;) {
      const e = readElement(buf, at, entry.end);
      if (e.id === ID.TrackType) {
        const type = uintAt(buf, e);
        if (type === 1) hasVideo = true;
        if (type === 2) hasAudio = true;
      } else if (e.id === ID.Video) {
        for (let v = e.start; v < e.end;) {
          const p = readElement(buf, v, e.end);
          if (p.id === ID.PixelWidth) width = uintAt(buf, p);
          if (p.id === ID.PixelHeight) height = uintAt(buf, p);
          v = p.end;
        }
      }
      at = e.end;
    }
  };

  /** A block's time (cluster time plus its signed 16-bit offset), after its track number. */
  const blockTime = (block: Element, clusterTime: number, duration: number) => {
    const track = readSize(buf, block.start);
    const at = block.start + track.len;
    if (at + 2 > block.end) throw damaged('block cut short');
    lastTimecode = Math.max(lastTimecode, clusterTime + buf.readInt16BE(at) + duration);
  };

  /** Parses a cluster's children; returns where the cluster ends (for one of unknown size, the next segment child). */
  const cluster = (c: Element): number => {
    let time = 0;
    let at = c.start;
    while (at < c.end) {
      if (c.unknownSize && SEGMENT_CHILDREN.has(readId(buf, at).id)) return at;
      const e = readElement(buf, at, c.end);
      if (e.id === ID.Timecode) time = uintAt(buf, e);
      else if (e.id === ID.SimpleBlock) blockTime(e, time, 0);
      else if (e.id === ID.BlockGroup) {
        let block: Element | null = null;
        let duration = 0;
        for (let g = e.start; g < e.end;) {
          const p = readElement(buf, g, e.end);
          if (p.id === ID.Block) block = p;
          if (p.id === ID.BlockDuration) duration = uintAt(buf, p);
          g = p.end;
        }
        if (block) blockTime(block, time, duration);
      }
      at = e.end;
    }
    return c.end;
  };

  for (let at = segment.start; at < segment.end;) {
    const e = readElement(buf, at, segment.end);
    if (e.id === ID.Info) {
      for (let i = e.start; i < e.end;) {
        const p = readElement(buf, i, e.end);
        if (p.id === ID.TimecodeScale) scaleNs = uintAt(buf, p) || scaleNs;
        if (p.id === ID.Duration) headerDuration = floatAt(buf, p);
        i = p.end;
      }
      at = e.end;
    } else if (e.id === ID.Tracks) {
      for (let i = e.start; i < e.end;) {
        const p = readElement(buf, i, e.end);
        if (p.id === ID.TrackEntry) track(p);
        i = p.end;
      }
      at = e.end;
    } else if (e.id === ID.Cluster) {
      at = cluster(e);
    } else {
      at = e.end;
    }
  }
  if (!hasVideo && !hasAudio) throw damaged('no tracks');
  const units = headerDuration && headerDuration > 0 ? headerDuration : lastTimecode;
  return { container: 'webm', hasVideo, hasAudio, durationMs: Math.round((units * scaleNs) / 1_000_000), width, height };
}

// ---------------------------------------------------------------------------------------------
// Ogg (Opus, Vorbis; Theora video is recognised so it can be refused)

function probeOgg(buf: Buffer): MediaProbe {
  let at = 0;
  let first: Buffer | null = null;
  let lastGranule = 0n;
  while (at < buf.length) {
    if (at + 27 > buf.length || buf.toString('latin1', at, at + 4) !== 'OggS') throw damaged('bad Ogg page');
    const segments = buf[at + 26]!;
    if (at + 27 + segments > buf.length) throw damaged('Ogg page cut short');
    let payload = 0;
    for (let i = 0; i < segments; i++) payload += buf[at + 27 + i]!;
    const start = at + 27 + segments;
    if (start + payload > buf.length) throw damaged('Ogg page cut short');
    first ??= buf.subarray(start, start + payload);
    const granule = buf.readBigInt64LE(at + 6);
    if (granule > 0n) lastGranule = granule;
    at = start + payload;
  }
  if (!first) throw damaged('no Ogg pages');
  if (first.toString('latin1', 0, 8) === 'OpusHead') {
    const preSkip = first.readUInt16LE(10);
    const samples = Math.max(0, Number(lastGranule) - preSkip);
    return { container: 'ogg', hasVideo: false, hasAudio: true, durationMs: Math.round(samples / 48), width: null, height: null };
  }
  if (first[0] === 1 && first.toString('latin1', 1, 7) === 'vorbis') {
    const rate = first.readUInt32LE(12);
    if (!rate) throw damaged('Vorbis sample rate missing');
    const durationMs = Math.round((Number(lastGranule) / rate) * 1000);
    return { container: 'ogg', hasVideo: false, hasAudio: true, durationMs, width: null, height: null };
  }
  if (first[0] === 0x80 && first.toString('latin1', 1, 7) === 'theora') {
    return { container: 'ogg', hasVideo: true, hasAudio: false, durationMs: 0, width: null, height: null };
  }
  throw damaged('unknown Ogg stream');
}
