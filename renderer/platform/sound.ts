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

/** A cue that could not sound at once (the context held suspended) is not worth hearing later than this. */
const LATE_CUE_MS = 300;

function tone(frequency: number, startS: number, durationS: number): void {
  context ??= new AudioContext();
  const ctx = context;
  if (ctx.state === 'running') {
    play(ctx, frequency, startS, durationS);
    return;
  }
  // Suspended until the page had a key or a click (a browser's autoplay rule): once resumed, the cue
  // sounds if it is still the scan's, never a pile of old ones together over the current one.
  const asked = performance.now();
  void ctx
    .resume()
    .then(() => {
      if (performance.now() - asked <= LATE_CUE_MS) safe(() => play(ctx, frequency, startS, durationS));
    })
    .catch(() => undefined);
}

function play(ctx: AudioContext, frequency: number, startS: number, durationS: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = frequency;
  osc.type = 'square';
  gain.gain.value = 0.06;
  osc.connect(gain).connect(ctx.destination);
  const t = ctx.currentTime + startS;
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
