/**
 * How long an upload may go on (docs/offline.md): it has no fixed time limit. It fails when no
 * byte has gone out for `limit` ms; once every byte is out, the answer may take `limit` plus as
 * long as the bytes took to go out, since what the device and the network still hold drains at the
 * pace they left. A slow link that keeps moving (a photo at 8 KB/s) is never cut.
 */
interface UploadWatch {
  /** an upload progress event: bytes out so far, of the total when known */
  progress(progress: { loaded: number; total?: number | undefined }): void;
  /** the call is over: the watch stops */
  stop(): void;
}

export function uploadWatch(limit: number, onStall: () => void, now: () => number = Date.now): UploadWatch {
  const started = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(onStall, ms);
  };
  arm(limit);
  return {
    progress: ({ loaded, total }) => {
      const allOut = total !== undefined && total > 0 && loaded >= total;
      arm(allOut ? limit + (now() - started) : limit);
    },
    stop: () => clearTimeout(timer),
  };
}
