// Reads QR codes from the camera: the browser's own BarcodeDetector where it has one that reads QR
// (Chrome on Android and macOS), else ZXing's reader (@zxing/browser), loaded only when needed.
// Either way the back camera is asked for, and `stop` ends the stream.

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
/** How often the browser's detector looks at the picture. */
const DETECT_EVERY_MS = 250;

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (!Detector) return null;
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
}

export interface CameraReader {
  stop(): void;
}

/** Starts the camera in `video`; `onCode` gets each code read until stopped. */
export async function readCodes(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<CameraReader> {
  const detector = await nativeDetector();
  if (!detector) {
    const { BrowserQRCodeReader } = await import('@zxing/browser');
    const controls = await new BrowserQRCodeReader().decodeFromConstraints(
      CONSTRAINTS,
      video,
      (result) => {
        if (result) onCode(result.getText());
      },
    );
    return { stop: () => controls.stop() };
  }
  const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
  video.srcObject = stream;
  await video.play();
  let stopped = false;
  const look = async () => {
    if (stopped) return;
    const found = await detector.detect(video).catch(() => []);
    const first = found[0];
    if (first && !stopped) onCode(first.rawValue);
    if (!stopped) window.setTimeout(() => void look(), DETECT_EVERY_MS);
  };
  void look();
  return {
    stop: () => {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
    },
  };
}
