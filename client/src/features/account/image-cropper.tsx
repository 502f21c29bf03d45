import { Minus, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { m } from "@client/paraglide/messages";
import { initialCrop, MAX_ZOOM, MIN_ZOOM, panCrop, sourceSquare, zoomCrop, type Crop } from "./crop";
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SIZE } from "./profile-image-api";

/** Size of the square view in CSS pixels (fits a 320 px phone inside the dialog). */
const VIEW = 256;
const KEY_STEP = 12;

/** Draws the cropped square into a canvas of `size` pixels. */
function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop, size: number) {
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) return;
  const { sx, sy, size: side } = sourceSquare(crop);
  // JPEG has no transparency: a transparent PNG sits on white, as on the server.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, sx, sy, side, side, 0, 0, size, size);
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** The 640x640 JPEG of the crop, lowering the quality until it fits 1 MB. */
async function exportCrop(image: HTMLImageElement, crop: Crop): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  drawCrop(canvas, image, crop, PROFILE_IMAGE_SIZE);
  for (const quality of [0.9, 0.8, 0.65]) {
    const blob = await toJpeg(canvas, quality);
    if (blob && blob.size <= PROFILE_IMAGE_MAX_BYTES) return blob;
  }
  return null;
}

/**
 * Square crop in the browser (spec 001 section 5): drag (or arrow keys) to move, a slider (or +/-)
 * to zoom; the result is a 640x640 JPEG. The round guide shows what the avatar will show.
 */
export function ImageCropper({
  file,
  busy,
  onCancel,
  onDone,
}: {
  file: File;
  busy: boolean;
  onCancel: () => void;
  onDone: (blob: Blob) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [failed, setFailed] = useState(false);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const zoomId = useId();

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      setCrop(initialCrop(img.naturalWidth, img.naturalHeight, VIEW));
    };
    img.onerror = () => setFailed(true);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (!image || !crop || !canvasRef.current) return;
    drawCrop(canvasRef.current, image, crop, Math.round(VIEW * (window.devicePixelRatio || 1)));
  }, [image, crop]);

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const last = drag.current;
    if (!last || last.id !== event.pointerId) return;
    drag.current = { id: last.id, x: event.clientX, y: event.clientY };
    setCrop((current) => (current ? panCrop(current, event.clientX - last.x, event.clientY - last.y) : current));
  }

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCrop((current) => (current ? panCrop(current, move[0], move[1]) : current));
    } else if (event.key === "+" || event.key === "-") {
      event.preventDefault();
      setCrop((current) => (current ? zoomCrop(current, current.zoom + (event.key === "+" ? 0.25 : -0.25)) : current));
    }
  }

  async function apply() {
    if (!image || !crop) return;
    const blob = await exportCrop(image, crop);
    if (blob) onDone(blob);
    else setFailed(true);
  }

  if (failed) {
    return (
      <div className="space-y-4">
        <Notice tone="error">{m.crop_load_error()}</Notice>
        <Button variant="outline" block onClick={onCancel}>
          {m.common_cancel()}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-[15px] text-slate-700">{m.crop_hint()}</p>
      <div className="relative mx-auto overflow-hidden rounded-2xl bg-slate-900" style={{ width: VIEW, height: VIEW }}>
        <canvas
          ref={canvasRef}
          tabIndex={0}
          role="img"
          aria-label={m.crop_area_label()}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
          className="block size-full cursor-move touch-none focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-pitch-500"
        />
        <div aria-hidden className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_999px_rgba(15,23,42,0.45)] ring-2 ring-white/80" />
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          aria-label={m.common_decrease({ label: m.crop_zoom() })}
          onClick={() => setCrop((current) => (current ? zoomCrop(current, current.zoom - 0.25) : current))}
        >
          <Minus aria-hidden className="size-5" />
        </button>
        <label htmlFor={zoomId} className="sr-only">
          {m.crop_zoom()}
        </label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={crop?.zoom ?? 1}
          disabled={!crop}
          onChange={(event) => {
            const zoom = Number(event.target.value);
            setCrop((current) => (current ? zoomCrop(current, zoom) : current));
          }}
          className="h-11 min-w-0 flex-1 accent-pitch-600"
        />
        <button
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          aria-label={m.common_increase({ label: m.crop_zoom() })}
          onClick={() => setCrop((current) => (current ? zoomCrop(current, current.zoom + 0.25) : current))}
        >
          <Plus aria-hidden className="size-5" />
        </button>
      </div>
      <div className="flex flex-col gap-2">
        <Button block size="lg" disabled={!crop} loading={busy} onClick={() => void apply()}>
          {m.crop_save()}
        </Button>
        <Button variant="ghost" block onClick={onCancel}>
          {m.common_cancel()}
        </Button>
      </div>
    </div>
  );
}
