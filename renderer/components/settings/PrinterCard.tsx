// Settings → Receipt printer: the network printer's address (tcp://ADDRESS:PORT) or a system printer
// chosen from the print spooler's list (printer:NAME; POS_RECEIPT_PRINTER wins and is shown instead),
// whether a paid sale's receipt prints by itself, a test page, the
// drawer opened without a sale (the manager PIN when one is set; each opening is counted), and the
// shift's X report or the last Z report printed on it.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView, SystemPrintersView } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import {
  openDrawer,
  printReport,
  printTestPage,
  saveReceiptPrinter,
  setPrintOnSale,
  systemPrinterAddress,
  systemPrinterOf,
  systemPrinters,
} from '../../store/printer.ts';
import { plainResult, type CardResult } from './card-result.ts';
import { FormCard } from '../Form.tsx';
import { CheckField } from '../CheckField.tsx';
import { CardNotice } from './CardNotice.tsx';
import { SaveButton } from './SettingsSave.tsx';

/**
 * What the card makes a set printer do, a button each: a test page, the cash drawer, the open shift's
 * X report and the last closed shift's Z. Each says how it went, in words made when shown.
 */
const PRINTER_ACTIONS: readonly {
  action: string;
  label: 'printTestPage' | 'openDrawer' | 'printReportX' | 'printReportZ';
  run: () => Promise<CardResult['text']>;
}[] = [
  {
    action: 'print-test-page',
    label: 'printTestPage',
    run: async () => {
      const page = await printTestPage();
      return (t) => t('printTestPrinted', { printer: page.printer });
    },
  },
  {
    action: 'open-drawer',
    label: 'openDrawer',
    run: async () => {
      await openDrawer();
      return (t) => t('drawerOpened');
    },
  },
  ...(['x', 'z'] as const).map((report) => ({
    action: `print-report-${report}`,
    label: report === 'x' ? ('printReportX' as const) : ('printReportZ' as const),
    run: async (): Promise<CardResult['text']> => {
      const printed = await printReport(report);
      return (t) => t('reportPrinted', { printer: printed.printer });
    },
  })),
];

export function PrinterCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const fromEnv = settings.receiptPrinterSource === 'env';
  const [text, setText] = useState(fromEnv ? '' : (settings.receiptPrinter ?? ''));
  const [result, setResult] = useState<CardResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [system, setSystem] = useState<SystemPrintersView | null>(null);
  useEffect(() => {
    let live = true;
    systemPrinters().then(
      (found) => live && setSystem(found),
      () => live && setSystem({ printers: [], problem: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const act = async (what: () => Promise<CardResult>) => {
    setBusy(true);
    try {
      setResult(await what());
    } catch (e) {
      setResult(plainResult('error', message(e)));
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    act(async () => {
      setText((await saveReceiptPrinter(text)) ?? '');
      return { tone: 'ok', text: (t) => t('printerSaved') };
    });
  const inUse = settings.receiptPrinter !== null;
  return (
    <FormCard title={t('printerTitle')} data-section="printer" onSubmit={() => void save()}>
      {fromEnv ? (
        <p data-printer-source="env">{t('printerFromEnv', { printer: settings.receiptPrinter ?? '' })}</p>
      ) : (
        <>
          <label className="field">
            <span>{t('printerAddress')}</span>
            <input
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('printerAddressExample')}
              autoComplete="off"
              spellCheck={false}
              data-field="receiptPrinter"
            />
          </label>
          <p className="muted small">{t('printerAddressHelp')}</p>
          <SystemPrinterChoice system={system} address={text} choose={setText} />
        </>
      )}
      <CheckField
        label={t('printOnSale')}
        checked={settings.printOnSale}
        set={(on) =>
          void act(async () => {
            await setPrintOnSale(on);
            return { tone: 'ok', text: (t) => t('printerSaved') };
          })
        }
        name="printOnSale"
      />
      <div className="actions">
        {!fromEnv && <SaveButton label={t('printerSave')} data-action="save-printer" disabled={busy} />}
        {PRINTER_ACTIONS.map(({ action, label, run }) => (
          <button
            key={action}
            type="button"
            disabled={busy || !inUse}
            onClick={() => void act(async () => ({ tone: 'ok', text: await run() }))}
            data-action={action}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <CardNotice result={result} name="printer-notice" />
    </FormCard>
  );
}

/** Why no system printer could be listed, said to the cashier. */
const UNLISTED = {
  unsupported: 'systemPrintersUnsupported',
  'no-spooler': 'systemPrintersNoSpooler',
  'not-running': 'systemPrintersNotRunning',
  failed: 'systemPrintersFailed',
} as const satisfies Record<NonNullable<SystemPrintersView['problem']>, string>;

/** The print spooler's printers: choosing one writes its address (printer:NAME) into the field. */
function SystemPrinterChoice({
  system,
  address,
  choose,
}: {
  system: SystemPrintersView | null;
  address: string;
  choose: (address: string) => void;
}) {
  const { t } = useTranslation('settings');
  const chosen = systemPrinterOf(address);
  const names = system?.printers ?? [];
  // A printer set before and not listed now (the spooler is down, say) is still shown as chosen.
  const shown = chosen === '' || names.includes(chosen) ? names : [chosen, ...names];
  const note =
    system === null
      ? null
      : system.problem !== undefined
        ? t(UNLISTED[system.problem])
        : names.length === 0
          ? t('systemPrintersEmpty')
          : null;
  return (
    <>
      <label className="field">
        <span>{t('systemPrinter')}</span>
        <select
          value={chosen}
          onChange={(e) => choose(systemPrinterAddress(e.target.value))}
          disabled={shown.length === 0}
          data-field="systemPrinter"
        >
          <option value="">{t('systemPrinterNone')}</option>
          {shown.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <p
        className="muted small"
        data-system-printers={system?.problem ?? (system === null ? 'asking' : 'listed')}
      >
        {t('systemPrinterHelp')}
        {note === null ? '' : ` ${note}`}
      </p>
    </>
  );
}
