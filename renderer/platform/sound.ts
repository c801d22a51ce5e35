// Audible cues for the cashier, who is looking at the customer, not the screen: one short high beep
// for a good scan, two low ones for an unknown or misread code. Web Audio only (no files to load).
let context: AudioContext | null = null;

function tone(frequency: number, startS: number, durationS: number): void {
  context ??= new AudioContext();
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
