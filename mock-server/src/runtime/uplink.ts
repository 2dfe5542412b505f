/**
 * A slow uplink (the fault `uplinkBytesPerSecond`): an upload's body is read from the connection at
 * most this many bytes a second. The bytes not yet read stay in the connection, so TCP's flow
 * control slows the client's sending and its upload progress crawls, as over a slow mobile link.
 */
import type { Readable, Writable } from 'node:stream';
import { Transform } from 'node:stream';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How many times a second a slow reader passes bytes on. */
const TICKS_PER_SECOND = 20;

/** A stream that passes bytes on no faster than `bytesPerSecond`, counted from its first byte. */
export function slowReader(bytesPerSecond: number): Transform {
  const slice = Math.max(1, Math.floor(bytesPerSecond / TICKS_PER_SECOND));
  let started: number | null = null;
  let passed = 0;
  return new Transform({
    // a small buffer: the rest waits in the connection, where it holds the client back
    writableHighWaterMark: slice,
    readableHighWaterMark: slice,
    transform(chunk: Buffer, _encoding, done) {
      void (async () => {
        started ??= performance.now();
        for (let at = 0; at < chunk.length && !this.destroyed; at += slice) {
          const piece = chunk.subarray(at, at + slice);
          passed += piece.length;
          const wait = started + (passed / bytesPerSecond) * 1000 - performance.now();
          if (wait > 0) await sleep(wait);
          this.push(piece);
        }
        done();
      })();
    },
  });
}

/**
 * Feeds a request's body to its parser (multer's `streamHandler`), through a slow reader when the
 * call's rules gave one; the slow reader is taken away once the parser is done or failed, and what
 * is left of the body is then drained.
 */
export function feedBody(bytesPerSecond: number | undefined) {
  return (req: Readable, parser: Writable): void => {
    if (bytesPerSecond === undefined) {
      req.pipe(parser);
      return;
    }
    const slow = slowReader(bytesPerSecond);
    const stop = () => {
      req.unpipe(slow);
      slow.destroy();
      req.resume();
    };
    parser.once('close', stop);
    parser.once('error', stop);
    req.pipe(slow).pipe(parser);
  };
}
