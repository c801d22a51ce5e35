// The Settings screen's calls (settings.*): what is set and where it came from, and changes to it;
// and the manager lock in front of them (manager.*). A change of instance is refused while its
// orders are unsent, plain http is refused unless allowed, the stored secret is bound to the origin
// it was entered for, and while a manager PIN is set nothing changes until the PIN was given.
import { say } from '../../contract/core-words.ts';
import { warehouseId } from '../../contract/ids.ts';
import type { LabelRule, SettingsPatch, SettingsView, UnlockView } from '../../contract/contract.ts';
import { BarcodeReader } from '../barcode/index.ts';
import { CoreError, requireManager, type Handlers } from '../ground/index.ts';
import { parsePrinterAddress, PrinterAddressError } from '../printer/setup.ts';
import { serialScannerFromEnv } from '../scanner/index.ts';
import type { CredentialStore } from './credentials.ts';
import { fromEnv, type Env } from './env.ts';
import { hashPin, type ManagerLock, type UnlockResult } from './manager-pin.ts';
import { secretFromEnv, type InstanceConfig } from './instance.ts';
import { instanceOrigin, isInsecure } from './origin.ts';
import { walkInOf, type SettingsStore, type WalkIn } from './store.ts';

export interface SettingsDeps {
  readonly store: SettingsStore;
  readonly credentials: CredentialStore;
  readonly env: Env;
  /** Where the instance in use came from; undefined when none is in use. */
  source(): InstanceConfig['source'] | undefined;
  /** Orders not sent yet to the instance in use (0 on the demo: its orders stay in its own file). */
  unsentOrders(): number;
  /** The instance settings changed: resolve the instance again and rebuild what depends on it. */
  reconnect(): Promise<void>;
  rescheduleSync(intervalMinutes: number): void;
  /** The retention period changed: old orders are compacted by the new one. */
  retentionChanged(): void;
  /** Something the status bar shows may have changed. */
  changed(): void;
  /** The receipt printer or how it prints changed: waiting receipts are tried on it now. */
  printerChanged(): void;
  /** The serial scanner's settings changed: its port is read as they now say. */
  serialScannerChanged(): Promise<void>;
  /** The currency most cached receivables carry; undefined when none says. */
  commonCurrency(): string | undefined;
  /** The name the cache knows a company by; undefined for a company it does not know. */
  companyName(companyId: number): string | undefined;
  /** Who a sale without a card goes to while nobody chose (the demo's walk-in customer), if anyone. */
  defaultWalkIn(): WalkIn | null;
  /** The manager PIN's lock: Settings and the destructive order actions wait for it. */
  readonly lock: ManagerLock;
  /** Epoch ms (the lock's clock). */
  now(): number;
}

type SettingsCalls = 'settings.get' | 'settings.set' | 'manager.unlock' | 'manager.lock';

export function settingsHandlers(deps: SettingsDeps): Pick<Handlers, SettingsCalls> {
  return {
    'settings.get': () => Promise.resolve(settingsView(deps)),
    'settings.set': (patch) => setSettings(deps, patch),
    'manager.unlock': ({ pin }) => Promise.resolve(unlockView(deps.lock.unlock(pin, deps.now()))),
    'manager.lock': () => {
      deps.lock.lock();
      return Promise.resolve({ open: !deps.lock.pinSet });
    },
  };
}

function unlockView(result: UnlockResult): UnlockView {
  if (result.ok) return { open: true, until: result.until };
  return result.reason === 'wrong'
    ? { open: false, triesLeft: result.triesLeft }
    : { open: false, retryAt: result.retryAt };
}

function settingsView(deps: SettingsDeps): SettingsView {
  const s = deps.store.read();
  const env = fromEnv(deps.env, 'baseUrl');
  const hasSecret = secretFromEnv(deps.env) || deps.credentials.getSecret() !== undefined;
  return {
    instanceUrl: env ?? s.instanceUrl,
    clientId: fromEnv(deps.env, 'clientId') ?? s.clientId,
    hasSecret,
    secretStorage: secretFromEnv(deps.env) ? 'env' : hasSecret ? deps.credentials.kind : 'none',
    warehouseId: s.warehouseId === null ? null : warehouseId(s.warehouseId),
    scanner: s.scanner,
    allowInsecure: s.allowInsecure,
    source: deps.source() ?? (env !== undefined ? 'env' : s.instanceUrl === null ? 'demo' : 'settings'),
    syncIntervalMinutes: s.syncIntervalMinutes,
    labelRules: s.labelRules,
    walkInCustomer: walkInOf(s, () => deps.defaultWalkIn()),
    walkInChosen: s.walkInChosen || s.walkInCustomer !== null,
    managerPinSet: s.managerPinHash !== null,
    receiptPaper: s.receiptPaper,
    orderRetentionDays: s.orderRetentionDays,
    ...receiptPrinter(deps.env, s.receiptPrinter),
    ...serialScanner(deps.env, s.serialScanner),
    printOnSale: s.printOnSale,
    stockRule: s.stockRule,
    seller: s.seller,
    receiptPrefix: s.receiptPrefix,
    language: s.language,
    priceCurrency: s.priceCurrency,
    currency: s.priceCurrency ?? deps.commonCurrency() ?? null,
    shiftRequired: s.shiftRequired,
    cashDifferenceLimit: s.cashDifferenceLimit,
    cashRounding: s.cashRounding,
    cardCompanyId: s.cardCompanyId,
    cardValidityMonths: s.cardValidityMonths,
    returnAmountLimit: s.returnAmountLimit,
    returnDaysLimit: s.returnDaysLimit,
  };
}

/** What a cashier may change without the manager PIN: the language they read the screens in. */
function needsManager(patch: SettingsPatch): boolean {
  return Object.keys(patch).some((key) => key !== 'language');
}

async function setSettings(deps: SettingsDeps, patch: SettingsPatch): Promise<SettingsView> {
  if (needsManager(patch)) requireManager(deps.lock, deps.now(), 'lockedSettings');
  const { clientSecret, clearSecret, walkInCustomer, managerPin, clearManagerPin, ...rest } = patch;
  const before = deps.store.read();
  const instanceChanged =
    rest.instanceUrl !== undefined ||
    rest.clientId !== undefined ||
    clientSecret !== undefined ||
    clearSecret;
  if (rest.instanceUrl !== undefined && rest.instanceUrl !== before.instanceUrl) refuseSwitchWithUnsent(deps);
  const url = rest.instanceUrl === undefined ? before.instanceUrl : rest.instanceUrl;
  if (url !== null && isInsecure(url) && !(rest.allowInsecure ?? before.allowInsecure)) {
    throw new CoreError('invalid-input', [say('insecureUrl', { url })]);
  }
  // The secret belongs to the origin it was entered for: a new origin needs it entered again.
  const origin = url === null ? null : instanceOrigin(url);
  // A secret stored before secrets were bound (secretOrigin null) belongs to the URL it was used with.
  let secretOrigin =
    before.secretOrigin ?? (before.instanceUrl === null ? null : instanceOrigin(before.instanceUrl));
  const otherOrigin = secretOrigin !== null && origin !== secretOrigin;
  if (clearSecret === true || (clientSecret === undefined && otherOrigin)) {
    deps.credentials.clearSecret();
    secretOrigin = null;
  }
  if (clientSecret !== undefined) {
    deps.credentials.setSecret(clientSecret);
    secretOrigin = origin;
  }
  if (rest.labelRules !== undefined) checkLabelRules(rest.labelRules);
  if (rest.receiptPrinter != null) checkPrinter(rest.receiptPrinter);
  const { scanner: scannerPatch, serialScanner: serialPatch, ...plain } = rest;
  const scanner = scannerPatch === undefined ? undefined : { ...before.scanner, ...scannerPatch };
  const serial = serialPatch === undefined ? undefined : { ...before.serialScanner, ...serialPatch };
  // Another instance has other companies: its walk-in customer is asked for again (POS_BASE_URL,
  // when set, keeps the instance in use whatever Settings say).
  const otherInstance =
    rest.instanceUrl !== undefined &&
    fromEnv(deps.env, 'baseUrl') === undefined &&
    (before.instanceUrl === null ? null : instanceOrigin(before.instanceUrl)) !== origin;
  deps.store.write({
    ...plain,
    secretOrigin,
    ...(scanner === undefined ? {} : { scanner }),
    ...(serial === undefined ? {} : { serialScanner: serial }),
    ...(walkInCustomer === undefined
      ? otherInstance
        ? { walkInCustomer: null, walkInChosen: false }
        : {}
      : { walkInCustomer: walkIn(deps, walkInCustomer), walkInChosen: true }),
    ...(clearManagerPin === true ? { managerPinHash: null } : {}),
    ...(managerPin === undefined ? {} : { managerPinHash: hashPin(managerPin) }),
  });
  // Whoever just set the PIN knows it: the lock stays open for them as if they had given it.
  if (managerPin !== undefined) deps.lock.unlock(managerPin, deps.now());
  if (instanceChanged) await deps.reconnect();
  else if (rest.syncIntervalMinutes !== undefined) deps.rescheduleSync(rest.syncIntervalMinutes);
  if (rest.orderRetentionDays !== undefined && rest.orderRetentionDays !== before.orderRetentionDays)
    deps.retentionChanged();
  if (rest.receiptPrinter !== undefined || rest.receiptPaper !== undefined) deps.printerChanged();
  if (serial !== undefined) await deps.serialScannerChanged();
  deps.changed();
  return settingsView(deps);
}

/** The walk-in customer must be a company the cache knows: its name is what the Sale screen shows. */
function walkIn(
  deps: SettingsDeps,
  choice: { companyId: number } | null,
): { companyId: number; name: string } | null {
  if (choice === null) return null;
  const name = deps.companyName(choice.companyId);
  if (name === undefined) {
    throw new CoreError('rejected', [say('walkInUnknown', { companyId: choice.companyId })]);
  }
  return { companyId: choice.companyId, name };
}

/** Orders queued for one instance must not be sent to another: finish or discard them first. */
function refuseSwitchWithUnsent(deps: SettingsDeps): void {
  const unsent = deps.unsentOrders();
  if (unsent > 0) {
    throw new CoreError('rejected', [say('unsentBeforeSwitch', { count: unsent })]);
  }
}

/** Label rules are compiled before they are stored: a wrong pattern is refused, naming it. */
function checkLabelRules(rules: readonly LabelRule[]): void {
  for (const rule of rules) {
    try {
      new BarcodeReader([rule]);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new CoreError('rejected', {
        message: `Label rule "${rule.pattern}" (${rule.type}): ${why.split('\n')[0] ?? why}`,
        said: [say('labelRuleInvalid', { type: rule.type, pattern: rule.pattern })],
      });
    }
  }
}

/** The receipt printer in use: POS_RECEIPT_PRINTER wins over Settings. */
function receiptPrinter(
  env: Env,
  stored: string | null,
): Pick<SettingsView, 'receiptPrinter' | 'receiptPrinterSource'> {
  const fromEnvironment = fromEnv(env, 'receiptPrinter');
  if (fromEnvironment !== undefined) return { receiptPrinter: fromEnvironment, receiptPrinterSource: 'env' };
  return { receiptPrinter: stored, receiptPrinterSource: stored === null ? 'none' : 'settings' };
}

/** The serial scanner in use: POS_SCANNER_PORT wins over Settings (checked at start, so it parses here). */
export function serialScanner(
  env: Env,
  stored: SettingsView['serialScanner'],
): Pick<SettingsView, 'serialScanner' | 'serialScannerSource'> {
  const fromEnvironment = serialScannerFromEnv(env);
  if (fromEnvironment !== undefined) return { serialScanner: fromEnvironment, serialScannerSource: 'env' };
  return { serialScanner: stored, serialScannerSource: stored.port === null ? 'none' : 'settings' };
}

/** A printer address is checked before it is stored: what is wrong is said, naming the part. */
function checkPrinter(text: string): void {
  try {
    parsePrinterAddress(text, 'receiptPrinter');
  } catch (error) {
    if (!(error instanceof PrinterAddressError)) throw error;
    throw new CoreError('invalid-input', error.said, { receiptPrinter: [error.message] });
  }
}
