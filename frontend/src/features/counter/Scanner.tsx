import { useEffect, useRef, useState } from 'react';

// The browser's own barcode reader (Chrome on Android has it); elsewhere the SKU is typed.
type Detected = { rawValue: string };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Detected[]> };
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

export function canScan(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window;
}

/** The camera's picture while it looks for a barcode; `onCode` gets the first one read. */
export function Scanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let live = true;
    const Detector = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Detector({ formats: ['code_128', 'ean_13', 'ean_8', 'qr_code', 'upc_a', 'code_39'] });
    const look = async () => {
      if (!live || !video.current) return;
      try {
        const codes = await detector.detect(video.current);
        const code = codes[0]?.rawValue.trim();
        if (code) return onCode(code);
      } catch {
        // A frame that could not be read: the next one may be.
      }
      timer = window.setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (!live || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => setProblem('The camera could not be opened. Type the SKU instead.'));
    return () => {
      live = false;
      if (timer !== undefined) window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);
  return (
    <div className="counter-scanner">
      <video ref={video} className="counter-scanner__video" muted playsInline aria-label="Camera" />
      {problem && (
        <p role="alert" className="alert alert--error">
          {problem}
        </p>
      )}
      <button type="button" className="btn btn--outline btn--block" onClick={onClose}>
        Stop scanning
      </button>
    </div>
  );
}
