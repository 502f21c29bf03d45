// The image worker: a Bun Worker of the pool in images.ts, running image-codec.ts off the request
// thread. Inside the single binary it is a second entry point of `bun build --compile`
// (scripts/build.ts), loading photon's embedded wasm exactly as on the main thread.
import { AppError } from "../lib/errors";
import { serveWorkerTasks, TaskError, transferableBuffer } from "../lib/worker-pool";
import { fittedJpegOf } from "./image-codec";
import type { ImageTask } from "./images";

serveWorkerTasks<ImageTask, ArrayBuffer>(async ({ bytes, header, size, height, quality }) => {
  try {
    const jpeg = await fittedJpegOf(new Uint8Array(bytes), header, size, height ?? size, quality);
    // photon hands out a fresh array of its own: its buffer can move to the main thread uncopied
    const buffer = transferableBuffer(jpeg);
    return { value: buffer, transfer: [buffer] };
  } catch (e) {
    // the refusals the main thread turns back into the same AppError (IMAGE_FORMAT)
    if (e instanceof AppError) throw new TaskError(e.message, e.code);
    throw e;
  }
});
