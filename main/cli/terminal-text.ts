// What the CLI prints for people goes to a terminal, and much of it comes from the instance (names,
// messages): an escape sequence in a product name could clear the screen, retitle the window, hide
// text or, in some terminals, answer back as typed input. Control characters are replaced before
// printing; --json output needs nothing, JSON.stringify escapes them.

/**
 * C0 controls but tab and newline (ESC, BEL, CR, backspace...), DEL, C1 controls (0x9b is a one-byte
 * CSI), and the Unicode bidi controls that make a line read otherwise than it is stored.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every character a terminal would act on shown as U+FFFD instead. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, '\ufffd');
}
