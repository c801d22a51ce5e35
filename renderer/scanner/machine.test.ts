import { describe, expect, it } from 'vitest';
import { GS } from './us-layout.ts';
import { ScannerMachine, type KeyInput, type ScannerConfig, type ScannerEffect } from './machine.ts';
import { play, typeText, type Timeline } from './timeline.ts';

const scanner = (config: Partial<ScannerConfig> = {}) => new ScannerMachine(config);

describe('ScannerMachine: scanners', () => {
  it('recognises a fast scanner (10 ms/key, Enter) and keeps its Enter from the page', () => {
    const tl = typeText('4006381333931', { start: 1000, gaps: 10 });
    const { codes, prevented, scans } = play(scanner(), [tl]);
    expect(codes).toEqual(['4006381333931']);
    expect(prevented.map((e) => e.code)).toEqual(['Enter']);
    expect(scans[0]?.endedAt).toBe(tl.end);
  });

  it('recognises a slow Bluetooth scanner: ~80 ms/key with jitter, and packets bunched together', () => {
    const steady = typeText('5901234123457', { start: 1000, gaps: [78, 85, 71, 92, 80, 88, 69, 95] });
    const bunched = typeText('96385074', { start: 5000, gaps: [1, 2, 97, 1, 1, 94, 2, 3, 90] });
    expect(play(scanner(), [steady, bunched]).codes).toEqual(['5901234123457', '96385074']);
  });

  it('ends a scan on Tab when the scanner is set to Tab, and on silence when set to no suffix', () => {
    const tab = typeText('036000291452', { start: 1000, gaps: 10, suffix: 'Tab' });
    expect(play(scanner(), [tab]).codes).toEqual(['036000291452']);
    const none = typeText('036000291452', { start: 1000, gaps: 10, suffix: 'none' });
    expect(play(scanner({ suffix: [] }), [none]).codes).toEqual(['036000291452']);
    // Configured for Enter only: a Tab-terminated burst is someone's typing, not a scan.
    expect(play(scanner({ suffix: ['Enter'] }), [tab]).codes).toEqual([]);
  });

  it('strips a configured prefix and ignores bursts without it', () => {
    const withPrefix = typeText('$4006381333931', { start: 1000, gaps: 10 });
    const without = typeText('4006381333931', { start: 3000, gaps: 10 });
    expect(play(scanner({ prefix: '$' }), [withPrefix, without]).codes).toEqual(['4006381333931']);
  });

  it('takes Shift as a modifier, not a character', () => {
    const tl = typeText('ABC-123-xyz', { start: 1000, gaps: 10 });
    expect(play(scanner(), [tl]).codes).toEqual(['ABC-123-xyz']);
  });

  it("takes a letter's case from the key even without Shift, and undoes CapsLock", () => {
    const events: KeyInput[] = [
      { type: 'keydown', code: 'KeyA', key: 'A', timeStamp: 1000 }, // a virtual keyboard: no Shift
      { type: 'keydown', code: 'KeyB', key: 'B', timeStamp: 1010, capsLock: true }, // CapsLock made it upper
      { type: 'keydown', code: 'KeyC', key: 'c', timeStamp: 1020, shiftKey: true, capsLock: true }, // Shift+C under CapsLock
      { type: 'keydown', code: 'KeyY', key: 'Z', timeStamp: 1030, shiftKey: true }, // QWERTZ
      ...Array.from('1234', (d, i): KeyInput => ({
        type: 'keydown',
        code: `Digit${d}`,
        key: d,
        timeStamp: 1040 + i * 10,
      })),
      { type: 'keydown', code: 'Enter', key: 'Enter', timeStamp: 1080 },
    ];
    expect(play(scanner(), [{ events, end: 1080 }]).codes).toEqual(['AbCY1234']);
  });

  it('does not take a short burst (under minLength) for a scan, and lets its Enter through', () => {
    const tl = typeText('12', { start: 1000, gaps: 10 });
    const { codes, prevented } = play(scanner(), [tl]);
    expect(codes).toEqual([]);
    expect(prevented).toEqual([]);
  });

  it('delivers 1,000 consecutive scans at 10 ms/key with no dropped or reordered characters', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz-./';
    const codes: string[] = [];
    const timelines: Timeline[] = [];
    let t = 1000;
    for (let i = 0; i < 1000; i++) {
      const length = 8 + Math.floor(random() * 25);
      const code = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)] ?? '0').join(
        '',
      );
      codes.push(code);
      const tl = typeText(code, { start: t, gaps: 10, editable: i % 2 === 0 });
      timelines.push(tl);
      t = tl.end + 120 + Math.floor(random() * 200); // the next item under the scanner
    }
    const result = play(scanner(), timelines);
    expect(result.codes).toEqual(codes);
    expect(result.field).toBe('');
  });
});

describe('ScannerMachine: the silence timer is provisional', () => {
  const key = (ch: string, t: number, editable: boolean): KeyInput => ({
    type: 'keydown',
    code: ch === '\n' ? 'Enter' : `Digit${ch}`,
    key: ch === '\n' ? 'Enter' : ch,
    timeStamp: t,
    editable,
  });

  it('resumes a burst the timer ended when the next key is stamped within the gap (keys queued in a busy browser)', () => {
    for (const editable of [false, true]) {
      const m = scanner();
      let field = '';
      const apply = (effects: readonly ScannerEffect[]) => {
        for (const e of effects) {
          if (e.type === 'release') field += e.text;
          else if (e.leaked !== '' && field.endsWith(e.leaked)) field = field.slice(0, -e.leaked.length);
        }
        return effects;
      };
      const code = '4006381333931';
      const scans: string[] = [];
      for (let i = 0; i < code.length; i++) {
        if (i === 6) apply(m.silence(10_000)); // the timer fired: real time passed, the keys were queued
        const d = m.feed(key(code.charAt(i), 1_000 + i * 10, editable));
        apply(d.effects);
        if (!d.prevent && editable) field += code.charAt(i);
      }
      const end = m.feed(key('\n', 1_000 + code.length * 10, editable));
      for (const e of apply(end.effects)) if (e.type === 'scan') scans.push(e.code);
      expect({ editable, scans, prevented: end.prevent, field }).toEqual({
        editable,
        scans: [code],
        prevented: true,
        field: '',
      });
    }
  });

  it("resumes it too when the timer fired between a key's keydown and its keyup", () => {
    // The browser hands the page a keydown, stalls, then the keyup: the keyup must not settle the
    // burst as typing (the next keydown, 10 ms after the last, still resumes it).
    const m = scanner();
    let field = '';
    const scans: string[] = [];
    const apply = (effects: readonly ScannerEffect[]) => {
      for (const e of effects) {
        if (e.type === 'release') field += e.text;
        else {
          scans.push(e.code);
          if (e.leaked !== '' && field.endsWith(e.leaked)) field = field.slice(0, -e.leaked.length);
        }
      }
    };
    const code = '4006381333931\n';
    for (let i = 0; i < code.length; i++) {
      const down = key(code.charAt(i), 1_000 + i * 10, true);
      const d = m.feed(down);
      apply(d.effects);
      if (!d.prevent && down.key.length === 1) field += down.key;
      if (i === 5) apply(m.silence(10_000));
      apply(m.feed({ ...down, type: 'keyup', timeStamp: down.timeStamp + 3 }).effects);
    }
    expect({ scans, field }).toEqual({ scans: ['4006381333931'], field: '' });
  });

  it('keeps the end when the next key really came later than the gap', () => {
    const m = scanner();
    const field: string[] = [];
    for (const [ch, t] of [
      ['1', 0],
      ['2', 20],
    ] as const)
      m.feed(key(ch, t, true));
    for (const e of m.silence(500)) if (e.type === 'release') field.push(e.text);
    expect(field).toEqual(['12']);
    m.feed(key('3', 600, true)); // may start a scan of its own: held until that is known
    for (const e of m.silence(1_000)) if (e.type === 'release') field.push(e.text);
    expect(field).toEqual(['12', '3']); // not resumed: '12' stays where it was put back
  });
});

describe('ScannerMachine: people', () => {
  // Recorded from a ~110 wpm typist: digraphs as fast as 45 ms, overlapping key holds.
  const typistGaps = [112, 85, 140, 64, 95, 180, 77, 102, 45, 130, 88, 71, 156, 93];

  it('never takes a fast typist in a text field for a scanner; every character lands, in order', () => {
    const tl = typeText('hello world', { start: 1000, gaps: typistGaps, editable: true, holdMs: 90 });
    const { codes, field, prevented } = play(scanner(), [tl]);
    expect(codes).toEqual([]);
    expect(field).toBe('hello world');
    expect(prevented.some((e) => e.code === 'Enter')).toBe(false);
  });

  it('never takes a person typing a barcode by hand on the numpad row for a scan', () => {
    const tl = typeText('4006381333931', {
      start: 1000,
      gaps: [150, 120, 95, 180, 130, 88, 140],
      editable: true,
      holdMs: 70,
    });
    const { codes, field } = play(scanner(), [tl]);
    expect(codes).toEqual([]);
    expect(field).toBe('4006381333931');
  });

  it('does not take a fast run in the middle of typing for a scan (a person typed just before)', () => {
    const tl = typeText('qu1234567', {
      start: 1000,
      gaps: [150, 60, 40, 50, 45, 40, 55, 50, 60],
      editable: true,
    });
    const { codes, field } = play(scanner(), [tl]);
    expect(codes).toEqual([]);
    expect(field).toBe('qu1234567');
  });

  it('treats key auto-repeat as a person holding a key', () => {
    const events: KeyInput[] = Array.from({ length: 12 }, (_, i) => ({
      type: 'keydown',
      code: 'Digit1',
      key: '1',
      timeStamp: 1000 + i * 33,
      repeat: i > 0,
      editable: true,
    }));
    events.push({ type: 'keydown', code: 'Enter', key: 'Enter', timeStamp: 1400 });
    const { codes, field } = play(scanner(), [{ events, end: 1400 }]);
    expect(codes).toEqual([]);
    expect(field).toBe('111111111111');
  });

  it('puts held characters back before a non-character key such as Backspace acts', () => {
    const m = scanner();
    expect(m.feed({ type: 'keydown', code: 'KeyA', key: 'a', timeStamp: 1000, editable: true }).prevent).toBe(
      true,
    );
    const backspace = m.feed({
      type: 'keydown',
      code: 'Backspace',
      key: 'Backspace',
      timeStamp: 1050,
      editable: true,
    });
    expect(backspace).toEqual({ prevent: false, effects: [{ type: 'release', text: 'a' }] });
  });
});

describe('ScannerMachine: a scan right after typing', () => {
  const code = '8594001234567';

  it.each([150, 60, 400])(
    'takes a 10 ms/key scan %i ms after a person typed in the code field whole; the field keeps only the typing',
    (after) => {
      // The cashier typed a few letters of a name (slow keys, long holds), then scanned.
      const typed = typeText('rohl', { start: 1000, gaps: 140, editable: true, holdMs: 80, suffix: 'none' });
      const scan = typeText(code, { start: typed.end + after, gaps: 10, editable: true });
      const { codes, field, prevented } = play(scanner(), [typed, scan]);
      expect(codes).toEqual([code]);
      expect(field).toBe('rohl');
      // Its Enter is the scan's: it never reaches the page (where it would add the list's first hit).
      expect(prevented.filter((e) => e.type === 'keydown').map((e) => e.code)).toContain('Enter');
    },
  );

  it('takes the scan right after typing outside a field too', () => {
    const typed = typeText('+', { start: 1000, gaps: 100, suffix: 'none' });
    const scan = typeText(code, { start: typed.end + 150, gaps: 10 });
    expect(play(scanner(), [typed, scan]).codes).toEqual([code]);
  });

  it("never takes a person's fastest run right after typing for a scan: every character lands, in order", () => {
    // A typist's rolled keys, 31 to 45 ms apart, started 150 ms after the keys before, then Enter.
    const tl = typeText('qu1234567', {
      start: 1000,
      gaps: [150, 35, 32, 40, 31, 45, 33, 36, 34],
      editable: true,
    });
    const { codes, field, prevented } = play(scanner(), [tl]);
    expect(codes).toEqual([]);
    expect(field).toBe('qu1234567');
    expect(prevented.some((e) => e.code === 'Enter')).toBe(false);
  });

  it('lets a burst after typing end at the scanner pace: its silence comes after fastGapMs', () => {
    const m = scanner();
    m.feed({ type: 'keydown', code: 'KeyA', key: 'a', timeStamp: 1000, editable: true });
    m.tick(1200);
    m.feed({ type: 'keydown', code: 'KeyB', key: 'b', timeStamp: 1200, editable: true });
    expect(m.silenceAfterMs()).toBe(m.config.fastGapMs + 1);
    expect(m.tick(1200 + m.config.fastGapMs + 1)).toEqual([{ type: 'release', text: 'b' }]);
  });
});

describe('ScannerMachine: typing released as the OS typed it', () => {
  /** A person's Backspace in the field: it ends the burst as typing. */
  const backspace = (m: ScannerMachine, timeStamp: number) =>
    m.feed({ type: 'keydown', code: 'Backspace', key: 'Backspace', timeStamp, editable: true });

  it("puts a person's quick keys back as the OS typed them, not as the scanner's layout reads them", () => {
    // A Czech keyboard: the key US calls Digit2 types ě, Shift+Digit8 (or a synthetic '*') types *.
    const m = scanner({ layout: 'us' });
    const held = [
      m.feed({ type: 'keydown', code: 'Digit2', key: 'ě', timeStamp: 1000, editable: true }),
      m.feed({ type: 'keydown', code: 'Digit8', key: '*', timeStamp: 1050, editable: true }),
    ];
    expect(held.map((d) => d.prevent)).toEqual([true, true]);
    expect(backspace(m, 1100).effects).toEqual([{ type: 'release', text: 'ě*' }]);
  });

  it("puts a person's AltGr characters back as the OS typed them too", () => {
    // Windows reports AltGr as Ctrl+Alt. A German scanner layout reads AltGr+Q as @; the Czech OS
    // typed a backslash for it.
    const m = scanner({ layout: 'de' });
    const altGr = { ctrlKey: true, altKey: true, editable: true } as const;
    m.feed({ type: 'keydown', code: 'KeyQ', key: '\\', timeStamp: 1000, ...altGr });
    m.feed({ type: 'keydown', code: 'KeyQ', key: '\\', timeStamp: 1040, ...altGr });
    expect(backspace(m, 1080).effects).toEqual([{ type: 'release', text: '\\\\' }]);
  });

  it('puts a scan that only lacked its suffix back as the scanner meant it', () => {
    // A US scanner on a Czech OS, set to send no suffix while Counter expects one: its burst ends by
    // silence and goes back into the field, as digits (the OS typed +ěščřžýá for them).
    const m = scanner({ layout: 'us' });
    const czech = ['+', 'ě', 'š', 'č', 'ř', 'ž', 'ý', 'á'];
    czech.forEach((key, i) => {
      const d = m.feed({
        type: 'keydown',
        code: `Digit${i + 1}`,
        key,
        timeStamp: 1000 + 10 * i,
        editable: true,
      });
      expect(d.prevent).toBe(true);
    });
    expect(m.tick(5000)).toEqual([{ type: 'release', text: '12345678' }]);
  });
});

describe('ScannerMachine: layouts, fields, IME, paste, GS', () => {
  it('yields the right characters from a US-configured scanner on AZERTY and QWERTZ machines', () => {
    const azerty = typeText('3014260115531', { start: 1000, gaps: 10, layout: 'azerty' });
    expect(azerty.events.find((e) => e.code === 'Digit3')?.key).toBe('"'); // what AZERTY reports
    const qwertz = typeText('XYZ-yz-0123456789', { start: 3000, gaps: 10, layout: 'qwertz' });
    const azertyLetters = typeText('QAZWM-qazwm', { start: 5000, gaps: 10, layout: 'azerty' });
    expect(play(scanner(), [azerty, qwertz, azertyLetters]).codes).toEqual([
      '3014260115531',
      'XYZ-yz-0123456789',
      'QAZWM-qazwm',
    ]);
  });

  it('uses the produced character with layout "host" (scanner set to the machine layout)', () => {
    const events: KeyInput[] = Array.from('123456').map((d, i) => ({
      type: 'keydown',
      code: `Digit${d}`,
      key: d,
      shiftKey: true, // AZERTY digits need Shift
      timeStamp: 1000 + i * 10,
    }));
    events.push({ type: 'keydown', code: 'Enter', key: 'Enter', timeStamp: 1060 });
    expect(play(scanner({ layout: 'host' }), [{ events, end: 1060 }]).codes).toEqual(['123456']);
    expect(play(scanner({ layout: 'us' }), [{ events, end: 1060 }]).codes).toEqual(['!@#$%^']);
  });

  it('scans into a focused text field without leaving the characters there', () => {
    const person = typeText('note ', { start: 1000, gaps: 180, editable: true, suffix: 'none', holdMs: 80 });
    const scan = typeText('4006381333931', { start: 3000, gaps: 10, editable: true, layout: 'azerty' });
    const more = typeText('ok', { start: 5000, gaps: 200, editable: true, suffix: 'none', holdMs: 80 });
    const { codes, field, prevented } = play(scanner(), [person, scan, more]);
    expect(codes).toEqual(['4006381333931']);
    expect(field).toBe('note ok');
    // The scan and its Enter; and each of the person's keys, held until the gap said it was typing
    // (30 ms for a key right after another of theirs), then put back.
    expect(prevented.filter((e) => e.type === 'keydown').length).toBe(13 + 1 + 5 + 2);
  });

  it('handles IME composition (keyCode 229): characters from code, leaked ones reported for removal', () => {
    const tl = typeText('4901234567894', { start: 1000, gaps: 10, editable: true, ime: true });
    const { codes, scans, field } = play(scanner(), [tl]);
    expect(codes).toEqual(['4901234567894']);
    expect(scans[0]?.leaked).toBe('4901234567894');
    expect(field).toBe('');
  });

  it('takes a paste as a scan outside fields, and inside a field only with the scanner suffix', () => {
    const m = scanner();
    expect(m.paste('4006381333931', 1000, false)).toMatchObject({
      prevent: true,
      effects: [{ type: 'scan', code: '4006381333931', source: 'paste' }],
    });
    expect(m.paste('4006381333931', 2000, true)).toEqual({ prevent: false, effects: [] });
    expect(m.paste('4006381333931\r\n', 3000, true)).toMatchObject({
      prevent: true,
      effects: [{ code: '4006381333931' }],
    });
    expect(m.paste('two words\nand lines\n', 4000, false).prevent).toBe(false);
    expect(scanner({ delivery: 'keys' }).paste('4006381333931', 1000, false).prevent).toBe(false);
  });

  it('keeps GS from Ctrl+], from Alt+0029 on the numpad and from a configured key', () => {
    const ctrl = typeText(`0104012345678901${GS}10ABC123`, { start: 1000, gaps: 10 });
    expect(play(scanner(), [ctrl]).codes).toEqual([`0104012345678901${GS}10ABC123`]);

    const events: KeyInput[] = [];
    let t = 1000;
    const key = (type: 'keydown' | 'keyup', code: string, k: string, extra: Partial<KeyInput> = {}) =>
      events.push({ type, code, key: k, timeStamp: (t += 8), ...extra });
    for (const d of '0112345678901231') key('keydown', `Digit${d}`, d);
    key('keydown', 'AltLeft', 'Alt', { altKey: true });
    for (const d of '0029') key('keydown', `Numpad${d}`, d, { altKey: true });
    key('keyup', 'AltLeft', 'Alt');
    for (const d of '10123') key('keydown', `Digit${d}`, d);
    key('keydown', 'Enter', 'Enter');
    expect(play(scanner(), [{ events, end: t }]).codes).toEqual([`0112345678901231${GS}10123`]);

    const f8: KeyInput[] = Array.from('01123456789012').map((d, i) => ({
      type: 'keydown',
      code: `Digit${d}`,
      key: d,
      timeStamp: 1000 + i * 10,
    }));
    f8.push(
      { type: 'keydown', code: 'F8', key: 'F8', timeStamp: 1140 },
      { type: 'keydown', code: 'Digit1', key: '1', timeStamp: 1150 },
    );
    f8.push(
      { type: 'keydown', code: 'Digit0', key: '0', timeStamp: 1160 },
      { type: 'keydown', code: 'Enter', key: 'Enter', timeStamp: 1170 },
    );
    expect(play(scanner({ groupSeparatorCodes: ['F8'] }), [{ events: f8, end: 1170 }]).codes).toEqual([
      `01123456789012${GS}10`,
    ]);
  });
});

describe('ScannerMachine: settings (Settings → Scanner)', () => {
  it('reads a scanner set to Czech QWERTZ: digits are Shift+number row, on any OS layout', () => {
    const onUs = typeText('8594001234561', { start: 1000, gaps: 10, scannerLayout: 'cs' });
    // What arrives: Shift+Digit8 etc., which a US machine reports as '*'.
    expect(onUs.events.find((e) => e.code === 'Digit8' && e.type === 'keydown')).toMatchObject({
      shiftKey: true,
      key: '*',
    });
    const onCs = typeText('8594001234561', { start: 3000, gaps: 10, scannerLayout: 'cs', layout: 'cs' });
    const onAzerty = typeText('8594001234561', {
      start: 5000,
      gaps: 10,
      scannerLayout: 'cs',
      layout: 'azerty',
    });
    const { codes, scans } = play(scanner({ layout: 'cs' }), [onUs, onCs, onAzerty]);
    expect(codes).toEqual(['8594001234561', '8594001234561', '8594001234561']);
    expect(scans[0]).toMatchObject({ layout: 'cs', source: 'keys', suffix: 'Enter' });
    // Read as US, the same keys are the shifted symbols.
    expect(play(scanner({ layout: 'us' }), [onUs]).codes).toEqual(['*%($))!@#$%^!']);
  });

  it('reads Czech and Slovak letters on the unshifted number row, and QWERTZ Y/Z', () => {
    const cs = typeText('ěščřžýáíé-zy', { start: 1000, gaps: 10, scannerLayout: 'cs' });
    const sk = typeText('ľščťžýáíé-zy', { start: 3000, gaps: 10, scannerLayout: 'sk' });
    expect(play(scanner({ layout: 'cs' }), [cs]).codes).toEqual(['ěščřžýáíé-zy']);
    expect(play(scanner({ layout: 'sk' }), [sk]).codes).toEqual(['ľščťžýáíé-zy']);
  });

  it('reads German QWERTZ and French AZERTY scanners', () => {
    const de = typeText('4006381333931-Zy', { start: 1000, gaps: 10, scannerLayout: 'de', layout: 'qwertz' });
    const fr = typeText('3014260115531-aqzwm', { start: 3000, gaps: 10, scannerLayout: 'fr' });
    expect(play(scanner({ layout: 'de' }), [de]).codes).toEqual(['4006381333931-Zy']);
    expect(play(scanner({ layout: 'fr' }), [fr]).codes).toEqual(['3014260115531-aqzwm']);
  });

  it('reads AltGr symbols of the Czech layout (AltGr+V is @)', () => {
    const events: KeyInput[] = Array.from('ABC').map((c, i) => ({
      type: 'keydown',
      code: `Key${c}`,
      key: c,
      shiftKey: true,
      timeStamp: 1000 + i * 10,
    }));
    events.push(
      { type: 'keydown', code: 'KeyV', key: '@', ctrlKey: true, altKey: true, timeStamp: 1030 },
      { type: 'keydown', code: 'Digit1', key: '1', shiftKey: true, timeStamp: 1040 },
      { type: 'keydown', code: 'Digit2', key: '2', shiftKey: true, timeStamp: 1050 },
      { type: 'keydown', code: 'Enter', key: 'Enter', timeStamp: 1060 },
    );
    expect(play(scanner({ layout: 'cs' }), [{ events, end: 1060 }]).codes).toEqual(['ABC@12']);
  });

  it('ends a scan with Tab only when the suffix is Tab, and by silence when it is none', () => {
    const tab = typeText('4006381333931', { start: 1000, gaps: 10, suffix: 'Tab' });
    const enter = typeText('4006381333931', { start: 3000, gaps: 10, suffix: 'Enter' });
    const tabOnly = play(scanner({ suffix: ['Tab'] }), [tab, enter]);
    expect(tabOnly.codes).toEqual(['4006381333931']);
    expect(tabOnly.scans[0]?.suffix).toBe('Tab');
    const bare = typeText('4006381333931', { start: 5000, gaps: 10, suffix: 'none' });
    const none = play(scanner({ suffix: [] }), [bare]);
    expect(none.codes).toEqual(['4006381333931']);
    expect(none.scans[0]).toMatchObject({ suffix: null, source: 'keys' });
  });

  it('with delivery "paste" takes one input event carrying the whole code as a scan in a field, and its suffix key after', () => {
    const m = scanner({ delivery: 'paste' });
    expect(m.text('4006381333931', 1000, true, 'input')).toMatchObject({
      prevent: true,
      effects: [{ type: 'scan', code: '4006381333931', source: 'input', suffix: null }],
    });
    // The Enter a wedge sends right after its input belongs to the scan: never a submit.
    expect(m.feed({ type: 'keydown', code: 'Enter', key: 'Enter', timeStamp: 1005 })).toEqual({
      prevent: true,
      effects: [],
    });
    expect(m.feed({ type: 'keydown', code: 'Enter', key: 'Enter', timeStamp: 1500 }).prevent).toBe(false);
    expect(m.text('4006381333931\t', 2000, true, 'input')).toMatchObject({ effects: [{ suffix: 'Tab' }] });
    expect(scanner({ delivery: 'keys' }).text('4006381333931', 1000, true, 'input').prevent).toBe(false);
    // With keys and paste, an input event in a field counts only with the scanner's suffix (a person's
    // dictation or text expander inserts several characters at once too); outside fields it counts.
    const both = scanner();
    expect(both.text('4006381333931', 1000, true, 'input').prevent).toBe(false);
    expect(both.text('4006381333931\n', 2000, true, 'input')).toMatchObject({
      effects: [{ suffix: 'Enter' }],
    });
    expect(both.text('4006381333931', 3000, false, 'input').prevent).toBe(true);
  });

  it('with delivery "paste" takes every code-like paste as a scan and leaves keystroke bursts to the page', () => {
    const m = scanner({ delivery: 'paste' });
    expect(m.paste('4006381333931', 1000, true)).toMatchObject({
      prevent: true,
      effects: [{ code: '4006381333931', source: 'paste' }],
    });
    const keys = typeText('4006381333931', { start: 3000, gaps: 10, editable: true });
    const { codes, field } = play(m, [keys]);
    expect(codes).toEqual([]);
    expect(field).toBe('4006381333931');
  });

  it('keeps a space inside a scan from a focused button (keydown and keyup), and passes the first key', () => {
    const tl = typeText('1234 5678', { start: 1000, gaps: 10 });
    const { codes, prevented } = play(scanner(), [tl]);
    expect(codes).toEqual(['1234 5678']);
    expect(prevented.map((e) => `${e.type}:${e.code}`)).toEqual([
      'keydown:Space',
      'keyup:Space',
      'keydown:Enter',
    ]);
  });
});
