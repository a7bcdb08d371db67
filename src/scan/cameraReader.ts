// Reads QR codes from the camera: the browser's own BarcodeDetector where it has one that reads QR
// (Chrome on Android and macOS), else jsQR on the camera's frames, loaded only when needed. ZXing's
// reader (@zxing/browser) was tried first and found no code in the portal's own printed labels
// (docs/decisions.md). Either way the back camera is asked for, and `stop` ends the stream.

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' } },
  audio: false,
};
/** How often a frame is looked at: often enough to feel at once, rarely enough for a phone. */
const LOOK_EVERY_MS = 250;
/** Frames are looked at no wider than this: a label fills the picture when held to it. */
const MAX_WIDTH_PX = 800;

type Detect = (video: HTMLVideoElement) => Promise<string | null>;

async function nativeDetector(): Promise<Detect | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (!Detector) return null;
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  if (!formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

async function frameDetector(): Promise<Detect> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_WIDTH_PX / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null
    );
  };
}

export interface CameraReader {
  stop(): void;
}

/** Starts the camera in `video`; `onCode` gets each code read until stopped. */
export async function readCodes(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<CameraReader> {
  const detect = (await nativeDetector()) ?? (await frameDetector());
  const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
  video.srcObject = stream;
  await video.play();
  let stopped = false;
  const look = async () => {
    if (stopped) return;
    const code = await detect(video).catch(() => null);
    if (code && !stopped) onCode(code);
    if (!stopped) window.setTimeout(() => void look(), LOOK_EVERY_MS);
  };
  void look();
  return {
    stop: () => {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
    },
  };
}
