// Audible cues for the cashier, who is looking at the customer, not the screen: one short high beep
// for a good scan, two low ones for an unknown or misread code. Web Audio only (no files to load).
let context: AudioContext | null = null;

/**
 * Makes the audio context while the page is idle after start: made by the first beep, it took the
 * first scan's frame (about 60 ms in Chromium, before that scan's line could paint). Made before a
 * key was pressed, a browser's autoplay rule may hold it suspended; the first beep resumes it.
 */
export function warmSound(): void {
  const make = () => safe(() => void (context ??= new AudioContext()));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(make, { timeout: 2000 });
  else setTimeout(make, 0);
}

function tone(frequency: number, startS: number, durationS: number): void {
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.frequency.value = frequency;
  osc.type = 'square';
  gain.gain.value = 0.06;
  osc.connect(gain).connect(context.destination);
  const t = context.currentTime + startS;
  osc.start(t);
  osc.stop(t + durationS);
}

export function beepOk(): void {
  safe(() => tone(1760, 0, 0.06));
}

export function beepError(): void {
  safe(() => {
    tone(220, 0, 0.14);
    tone(220, 0.2, 0.14);
  });
  // Marks the page (tests wait for it); there is none when the store runs in Node.
  if (typeof document !== 'undefined') document.body.dataset.cue = String(Date.now());
}

function safe(fn: () => void): void {
  try {
    fn();
  } catch {
    // No audio device (a kiosk without speakers): the on-screen message still says it.
  }
}
