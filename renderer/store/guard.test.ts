// The manager PIN, in Node over a core the test scripts (platform/fake-bridge.ts) that guards its
import { lineId } from '../../contract/ids.ts';
// calls as the real one does: refused as 'locked' until `manager.unlock` took the right PIN. A guarded
// action opens the PIN prompt, is made again once the lock opens, and is not made when the prompt is
// left; Settings' card sets and changes the PIN (the change itself guarded).
import { beforeEach, describe, expect, it } from 'vitest';
import { PosError, type ScanView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { aLine, aSession, aSettings, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { useApp, type Unpriced } from './app.ts';
import { cancelPin, submitPin, useGuard } from './guard.ts';
import { setPos } from './pos.ts';
import { addPriced } from './sale.ts';
import { changeManagerPin, removeManagerPin } from './settings.ts';

const PIN = '4321';
const NEEDS_PIN = 'Adding a product at an entered price needs the manager PIN.';
const RETRY_AT = Date.parse('2025-03-01T10:05:00.000Z');
const item: Unpriced = { stockItemId: 7, name: 'Loose nails' };
const added: ScanView = {
  outcome: { kind: 'product', lineId: lineId(1), name: 'Loose nails' },
  session: aSession([
    { ...aLine(1), name: 'Loose nails', unitPrice: 12.5, lineTotal: 12.5, priceEntered: true },
  ]),
};
const SETTINGS = aSettings({ scanner: { ...aSettings().scanner, delivery: 'keys' } });

let core: FakeBridge;
/** The core's lock: open after the right PIN, shut by manager.lock. */
let open: boolean;
/** The PIN the core holds (null: none set, nothing is guarded). */
let pinHeld: string | null;

/** Refuses as the core does while a PIN is set and the lock is shut. */
function guarded<T>(what: string, answer: () => T): () => T {
  return () => {
    if (pinHeld !== null && !open) throw new PosError({ code: 'locked', message: what });
    return answer();
  };
}

beforeEach(() => {
  open = false;
  pinHeld = PIN;
  core = new FakeBridge()
    .answer('manager.unlock', ({ pin }) => {
      open = pin === pinHeld;
      return open ? { open, until: RETRY_AT } : { open, triesLeft: 2 };
    })
    .answer('manager.lock', () => {
      open = false;
      return { open };
    })
    .answer(
      'session.addPriced',
      guarded(NEEDS_PIN, () => added),
    )
    .answer(
      'settings.set',
      guarded('Changing settings needs the manager PIN.', () => {
        const patch = core.inputs('settings.set').at(-1) as { managerPin?: string; clearManagerPin?: true };
        pinHeld = patch.clearManagerPin === true ? null : (patch.managerPin ?? pinHeld);
        return { ...SETTINGS, managerPinSet: pinHeld !== null };
      }),
    );
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
  useGuard.setState(useGuard.getInitialState(), true);
});

const prompt = () => useGuard.getState().pin;
/** Waits for the PIN prompt to be open and idle (the guarded call was refused, or a PIN answered). */
const promptReady = () => expect.poll(() => prompt()?.busy).toBe(false);

describe('a guarded action', () => {
  it('opens the PIN prompt with the core reason; the right PIN makes it, and shuts the lock after', async () => {
    const done = addPriced(item, 12.5);
    await promptReady();
    expect(prompt()?.reason).toBe(NEEDS_PIN);

    await submitPin(PIN);
    expect(prompt()).toBeNull();
    expect(await done).toEqual({ tone: 'ok', text: i18n.t('sale:added', { name: 'Loose nails' }) });
    expect(core.calls.map((c) => c.channel)).toEqual([
      'session.addPriced',
      'manager.unlock',
      'session.addPriced',
      'manager.lock',
    ]);
    expect(open).toBe(false);
  });

  it('a wrong PIN: the prompt stays, says how many tries are left, and the action waits', async () => {
    const done = addPriced(item, 12.5);
    await promptReady();
    await submitPin('0000');
    expect(prompt()?.error).toEqual({ kind: 'wrong', triesLeft: 2 });
    expect(core.inputs('session.addPriced')).toHaveLength(1);

    await submitPin(PIN);
    expect((await done).tone).toBe('ok');
    expect(core.inputs('session.addPriced')).toHaveLength(2);
  });

  it('locked out: the prompt says until when', async () => {
    core.answer('manager.unlock', () => ({ open: false, retryAt: RETRY_AT }));
    void addPriced(item, 12.5);
    await promptReady();
    await submitPin('0000');
    expect(prompt()?.error).toEqual({ kind: 'locked-out', retryAt: RETRY_AT });
    expect(prompt()?.retryAt).toBe(RETRY_AT);
    cancelPin();
  });

  it('the unlock call fails: the prompt says why and stays open', async () => {
    core.answer('manager.unlock', () => {
      throw new PosError({ code: 'failed', message: 'The app core did not answer.' });
    });
    void addPriced(item, 12.5);
    await promptReady();
    await submitPin(PIN);
    expect(prompt()?.error).toEqual({ kind: 'failed', message: 'The app core did not answer.' });
    cancelPin();
  });

  it('the prompt left without the PIN: the action is not made, and the screen says so', async () => {
    const done = addPriced(item, 12.5);
    await promptReady();
    cancelPin();
    expect(await done).toEqual({ tone: 'error', text: i18n.t('common:pinNotGiven') });
    expect(core.inputs('session.addPriced')).toHaveLength(1);
    expect(core.inputs('manager.unlock')).toEqual([]);
    expect(useApp.getState().session).toBeNull();
  });

  it('no PIN set: the action is made at once, no prompt', async () => {
    pinHeld = null;
    expect((await addPriced(item, 12.5)).tone).toBe('ok');
    expect(prompt()).toBeNull();
    expect(core.calls.map((c) => c.channel)).toEqual(['session.addPriced']);
  });

  it('a refusal other than locked asks for no PIN', async () => {
    core.answer('session.addPriced', () => {
      throw new PosError({ code: 'invalid-input', message: 'The price must be above 0.' });
    });
    expect(await addPriced(item, 12.5)).toEqual({ tone: 'error', text: 'The price must be above 0.' });
    expect(prompt()).toBeNull();
  });
});

describe('Settings: the manager PIN card', () => {
  beforeEach(() => {
    pinHeld = null;
    useApp.setState({ settings: SETTINGS });
  });

  it('sets a PIN typed twice, 4 to 12 digits; a PIN that is not, or typed differently, never reaches the core', async () => {
    expect(await changeManagerPin('123', '123')).toEqual({ kind: 'digits' });
    expect(await changeManagerPin('12a4', '12a4')).toEqual({ kind: 'digits' });
    expect(await changeManagerPin('1234', '1243')).toEqual({ kind: 'differ' });
    expect(core.inputs('settings.set')).toEqual([]);

    expect(await changeManagerPin(PIN, PIN)).toEqual({ kind: 'set' });
    expect(core.inputs('settings.set')).toEqual([{ managerPin: PIN }]);
    expect(useApp.getState().settings?.managerPinSet).toBe(true);
  });

  it('changing a PIN that is set asks for the one set first', async () => {
    pinHeld = PIN;
    useApp.setState({ settings: { ...SETTINGS, managerPinSet: true } });
    const change = changeManagerPin('98765', '98765');
    await promptReady();
    await submitPin(PIN);
    expect(await change).toEqual({ kind: 'changed' });
    expect(pinHeld).toBe('98765');
  });

  it('the prompt left while changing or removing it: the PIN set stays, and the card says why', async () => {
    pinHeld = PIN;
    useApp.setState({ settings: { ...SETTINGS, managerPinSet: true } });
    for (const ask of [() => changeManagerPin('98765', '98765'), removeManagerPin]) {
      const change = ask();
      await promptReady();
      cancelPin();
      expect(await change).toEqual({ kind: 'refused', message: i18n.t('common:pinNotGiven') });
    }
    expect(pinHeld).toBe(PIN);
  });
});
