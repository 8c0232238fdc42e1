/**
 * Small but well-formed media containers for tests, written byte by byte: MP4 (plain and
 * fragmented), WebM (with a header duration, and as MediaRecorder writes it: unknown sizes and no
 * duration) and Ogg Opus. The "frames" are filler bytes: nothing in the server decodes them.
 */

// --- MP4 ---------------------------------------------------------------------------------------
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
const MATRIX = Buffer.concat([u32(0x10000), u32(0), u32(0), u32(0), u32(0x10000), u32(0), u32(0), u32(0), u32(0x40000000)]);

function mvhd(timescale: number, duration: number) {
  return box(
    'mvhd',
    u32(0),
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    u32(0x10000),
    u16(0x100),
    Buffer.alloc(10),
    MATRIX,
    Buffer.alloc(24),
    u32(3),
  );
}
function trak(id: number, handler: 'vide' | 'soun', timescale: number, duration: number, size?: { width: number; height: number }) {
  const tkhd = box(
    'tkhd',
    u32(3),
    u32(0),
    u32(0),
    u32(id),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(handler === 'soun' ? 0x100 : 0),
    u16(0),
    MATRIX,
    u32((size?.width ?? 0) << 16),
    u32((size?.height ?? 0) << 16),
  );
  const mdhd = box('mdhd', u32(0), u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0));
  const hdlr = box('hdlr', u32(0), u32(0), Buffer.from(handler, 'latin1'), Buffer.alloc(12), Buffer.from('owo\0'));
  return box('trak', tkhd, box('mdia', mdhd, hdlr));
}

/** An MP4 of `seconds` with a video track (and an audio track unless `audio` is false). */
export function mp4(seconds: number, opts: { audio?: boolean; video?: boolean; width?: number; height?: number } = {}): Buffer {
  const scale = 1000;
  const tracks = [];
  if (opts.video !== false)
    tracks.push(trak(1, 'vide', 90_000, seconds * 90_000, { width: opts.width ?? 640, height: opts.height ?? 360 }));
  if (opts.audio !== false) tracks.push(trak(2, 'soun', 48_000, seconds * 48_000));
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2mp41', 'latin1'));
  return Buffer.concat([ftyp, box('moov', mvhd(scale, seconds * scale), ...tracks), box('mdat', Buffer.alloc(2048, 0x5a))]);
}

/** A fragmented MP4 (duration 0 in its header) whose one video track runs `seconds` over two fragments. */
export function fragmentedMp4(seconds: number): Buffer {
  const scale = 1000;
  const ftyp = box('ftyp', Buffer.from('iso5', 'latin1'), u32(0x200), Buffer.from('iso5iso6mp41', 'latin1'));
  const trex = box('trex', u32(0), u32(1), u32(1), u32(0), u32(0), u32(0));
  const moov = box('moov', mvhd(scale, 0), trak(1, 'vide', scale, 0, { width: 320, height: 240 }), box('mvex', trex));
  const half = (seconds * scale) / 2;
  const fragment = (seq: number, start: number) => {
    const tfhd = box('tfhd', u32(0x20000), u32(1));
    const tfdt = box('tfdt', u32(0), u32(start));
    // Two samples with explicit durations (flag 0x100).
    const trun = box('trun', u32(0x100), u32(2), u32(half / 2), u32(half / 2));
    return Buffer.concat([box('moof', box('mfhd', u32(0), u32(seq)), box('traf', tfhd, tfdt, trun)), box('mdat', Buffer.alloc(512, 0x33))]);
  };
  return Buffer.concat([ftyp, moov, fragment(1, 0), fragment(2, half)]);
}

// --- WebM (EBML) -------------------------------------------------------------------------------
const idBytes = (id: number) => {
  const len = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const b = Buffer.alloc(len);
  b.writeUIntBE(id, 0, len);
  return b;
};
/** An element with an 8-byte size field. */
const el = (id: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([idBytes(id), size, body]);
};
/** An element of unknown size (as a live recorder writes its segment and clusters). */
const elUnknown = (id: number, ...parts: Buffer[]) =>
  Buffer.concat([idBytes(id), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...parts]);
const uint = (id: number, n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return el(id, b);
};
const float = (id: number, n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return el(id, b);
};
const simpleBlock = (track: number, offset: number) => {
  const b = Buffer.alloc(4 + 64, 0x44);
  b[0] = 0x80 | track;
  b.writeInt16BE(offset, 1);
  b[3] = 0x80;
  return el(0xa3, b);
};

/**
 * A WebM of `seconds` (clusters of 1 s, a block every 500 ms). `recorder: true` writes it as
 * Chrome's MediaRecorder does: segment and clusters of unknown size and no Duration in the header.
 */
export function webm(seconds: number, opts: { video?: boolean; audio?: boolean; recorder?: boolean } = {}): Buffer {
  const header = el(0x1a45dfa3, el(0x4286, Buffer.from([1])), el(0x4282, Buffer.from('webm')));
  const info = el(0x1549a966, uint(0x2ad7b1, 1_000_000), ...(opts.recorder ? [] : [float(0x4489, seconds * 1000)]));
  const entries = [];
  if (opts.video !== false) entries.push(el(0xae, uint(0xd7, 1), uint(0x83, 1), el(0xe0, uint(0xb0, 480), uint(0xba, 270))));
  if (opts.audio !== false) entries.push(el(0xae, uint(0xd7, 2), uint(0x83, 2)));
  const clusters = [];
  for (let s = 0; s < seconds; s++) {
    const blocks = [simpleBlock(1, 0), simpleBlock(1, 500)];
    const parts = [uint(0xe7, s * 1000), ...blocks];
    clusters.push(opts.recorder ? elUnknown(0x1f43b675, ...parts) : el(0x1f43b675, ...parts));
  }
  // The last block starts 500 ms before the end; a final block at the end marks the exact length.
  const tail = [uint(0xe7, seconds * 1000), simpleBlock(1, 0)];
  clusters.push(opts.recorder ? elUnknown(0x1f43b675, ...tail) : el(0x1f43b675, ...tail));
  const body = [info, el(0x1654ae6b, ...entries), ...clusters];
  return Buffer.concat([header, opts.recorder ? elUnknown(0x18538067, ...body) : el(0x18538067, ...body)]);
}

// --- Ogg Opus ----------------------------------------------------------------------------------
function oggPage(serial: number, seq: number, granule: bigint, payload: Buffer, type: number): Buffer {
  const segments: number[] = [];
  let left = payload.length;
  while (left >= 255) {
    segments.push(255);
    left -= 255;
  }
  segments.push(left);
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head[4] = 0;
  head[5] = type;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(serial, 14);
  head.writeUInt32LE(seq, 18);
  head[26] = segments.length;
  return Buffer.concat([head, Buffer.from(segments), payload]);
}

/** An Ogg Opus voice note of `seconds` (48 kHz granules, 312 samples of pre-skip). */
export function oggOpus(seconds: number): Buffer {
  const opusHead = Buffer.alloc(19);
  opusHead.write('OpusHead', 0, 'latin1');
  opusHead[8] = 1;
  opusHead[9] = 1;
  opusHead.writeUInt16LE(312, 10);
  opusHead.writeUInt32LE(48_000, 12);
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), u32le(3), Buffer.from('owo'), u32le(0)]);
  const pages = [oggPage(7, 0, 0n, opusHead, 2), oggPage(7, 1, 0n, tags, 0)];
  for (let s = 1; s <= seconds; s++)
    pages.push(oggPage(7, s + 1, BigInt(312 + s * 48_000), Buffer.alloc(300, 0x11), s === seconds ? 4 : 0));
  return Buffer.concat(pages);
}
function u32le(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}
