import zlib from 'node:zlib';

// Inflates archive blocks into one output buffer with one zstd context, both kept for the process.
//
// `zlib.zstdDecompressSync` makes a fresh context and a fresh output buffer on every call: some 200 kB
// outside V8's heap per block, 200 MB/s at a thousand postbacks a second. V8 answers that much external
// memory with full collections, whose cost grows with the heap: in a scratch run with a 140 MB heap one
// inflate cost 370 µs of CPU, against 120 µs with the context and buffer reused and no collection at all.
// In bench:postback, collections were a quarter of the server's CPU.
//
// Node has no public call that inflates into a given buffer, so this drives a ZstdDecompress stream's
// native handle the way zlib's own synchronous path does (writeSync, then the two counts it leaves in
// the stream's write state). Where the handle is not shaped that way (another Node), every call falls back
// to zstdDecompressSync; `reusesContext` says which, and a test holds it true on the Node we ship with.

interface NativeHandle {
  writeSync(
    flush: number,
    input: Uint8Array,
    inOffset: number,
    inLength: number,
    output: Uint8Array,
    outOffset: number,
    outLength: number,
  ): void;
  reset(): void;
}

interface StreamInternals {
  _handle?: NativeHandle | null;
  _writeState?: Uint32Array;
}

const usable = (stream: StreamInternals): stream is { _handle: NativeHandle; _writeState: Uint32Array } =>
  typeof stream._handle?.writeSync === 'function' &&
  typeof stream._handle.reset === 'function' &&
  stream._writeState instanceof Uint32Array &&
  stream._writeState.length >= 2;

export class BlockInflater {
  private stream: (zlib.ZstdDecompress & StreamInternals) | null = null;
  private readonly output: Buffer;

  /** `capacity`: the largest block inflated in place; a larger one is inflated into a buffer of its own. */
  constructor(capacity: number) {
    this.output = Buffer.allocUnsafeSlow(capacity);
  }

  /** Whether blocks are inflated with the kept context and buffer (false: zstdDecompressSync each time). */
  get reusesContext(): boolean {
    return this.context() !== null;
  }

  /**
   * The block `input[0, length)` inflated. The result is a view of the kept buffer, valid only until the
   * next call: read what is needed from it at once. Throws on a block that is not one zstd frame.
   */
  inflate(input: Uint8Array, length: number): Buffer {
    const stream = this.context();
    if (!stream) return zlib.zstdDecompressSync(input.subarray(0, length));
    const state = stream._writeState;
    try {
      stream._handle.writeSync(
        zlib.constants.ZSTD_e_end,
        input,
        0,
        length,
        this.output,
        0,
        this.output.length,
      );
    } catch (error) {
      this.stream = null;
      throw error;
    }
    if (stream.destroyed) {
      // The handle reported the error to the stream, which closed it; the error event is swallowed below.
      this.stream = null;
      throw new Error('Unreadable archive block: not a zstd frame');
    }
    const unusedOutput = state[0] as number;
    const unusedInput = state[1] as number;
    stream._handle.reset();
    // A full buffer may hold only part of the frame, and input left over is not the one frame we wrote:
    // both are left to the general path, which inflates whatever size and throws on what it cannot read.
    if (unusedOutput === 0 || unusedInput !== 0) return zlib.zstdDecompressSync(input.subarray(0, length));
    return this.output.subarray(0, this.output.length - unusedOutput);
  }

  private context(): (zlib.ZstdDecompress & { _handle: NativeHandle; _writeState: Uint32Array }) | null {
    if (!this.stream) {
      const stream: zlib.ZstdDecompress & StreamInternals = zlib.createZstdDecompress();
      // A bad block makes the stream emit 'error' on the next tick; `inflate` has already thrown for it.
      stream.on('error', () => undefined);
      this.stream = stream;
    }
    return usable(this.stream) ? this.stream : null;
  }
}
