// Settings → the serial scanner: a scanner in USB-COM (CDC-ACM) or RS-232 mode, read by the core.
// The port is chosen from the system's list or typed (a path the list does not show); the baud rate
// and the line end as the scanner is set. POS_SCANNER_PORT wins and is shown instead.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SERIAL_BAUD_RATES,
  type SerialPortsView,
  type SerialScannerSettings,
  type SettingsView,
} from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSerialScanner, serialPorts } from '../../store/serial-scanner.ts';
import { TextField } from '../TextField.tsx';
import { FormCard } from '../Form.tsx';
import { SaveButton } from './SettingsSave.tsx';

const LINE_ENDS = [
  ['any', 'serialLineEndAny'],
  ['cr', 'serialLineEndCr'],
  ['lf', 'serialLineEndLf'],
  ['crlf', 'serialLineEndCrlf'],
  ['tab', 'serialLineEndTab'],
] as const satisfies readonly (readonly [SerialScannerSettings['lineEnd'], string])[];

type LineEnd = SerialScannerSettings['lineEnd'];
type BaudRate = SerialScannerSettings['baudRate'];

function isLineEnd(value: string): value is LineEnd {
  return LINE_ENDS.some(([end]) => end === value);
}

function isBaudRate(value: number): value is BaudRate {
  return SERIAL_BAUD_RATES.some((rate) => rate === value);
}

export function SerialScannerCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('serial');
  const fromEnv = settings.serialScannerSource === 'env';
  const current = settings.serialScanner;
  const [port, setPort] = useState(fromEnv ? '' : (current.port ?? ''));
  const [baudRate, setBaudRate] = useState<BaudRate>(current.baudRate);
  const [lineEnd, setLineEnd] = useState<LineEnd>(current.lineEnd);
  const [ports, setPorts] = useState<SerialPortsView | null>(null);
  const [result, setResult] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = () => {
    serialPorts().then(setPorts, (e: unknown) => setPorts({ ports: [], detail: message(e) }));
  };
  useEffect(list, []);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveSerialScanner(port, { baudRate, lineEnd });
      setPort(saved.serialScanner.port ?? '');
      setResult({ tone: 'ok', text: t('serialSaved') });
    } catch (e) {
      setResult({ tone: 'error', text: message(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormCard title={t('serialTitle')} data-section="serial-scanner" onSubmit={() => void save()}>
      <p className="muted">{t('serialHelp')}</p>
      {fromEnv ? (
        <p data-serial-source="env">{t('serialFromEnv', { port: current.port ?? '' })}</p>
      ) : (
        <>
          <PortChoice ports={ports} port={port} choose={setPort} relist={list} />
          <TextField
            label={t('serialPortPath')}
            value={port}
            set={setPort}
            name="serialPort"
            placeholder={t('serialPortPathExample')}
            spellCheck={false}
          />
          <label className="field">
            <span>{t('serialBaud')}</span>
            <select
              value={baudRate}
              onChange={(e) => {
                const rate = Number(e.target.value);
                if (isBaudRate(rate)) setBaudRate(rate);
              }}
              data-field="serialBaud"
            >
              {SERIAL_BAUD_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {rate}
                </option>
              ))}
            </select>
          </label>
          <p className="muted small">{t('serialBaudHelp')}</p>
          <label className="field">
            <span>{t('serialLineEnd')}</span>
            <select
              value={lineEnd}
              onChange={(e) => {
                if (isLineEnd(e.target.value)) setLineEnd(e.target.value);
              }}
              data-field="serialLineEnd"
            >
              {LINE_ENDS.map(([end, word]) => (
                <option key={end} value={end}>
                  {t(word)}
                </option>
              ))}
            </select>
          </label>
          <div className="actions">
            <SaveButton label={t('serialSave')} data-action="save-serial-scanner" disabled={busy} />
          </div>
        </>
      )}
      {result !== null && (
        <p className={`notice ${result.tone}`} role="status" data-serial-notice={result.tone}>
          {result.text}
        </p>
      )}
    </FormCard>
  );
}

/** The system's serial ports: choosing one writes its path into the field below. */
function PortChoice({
  ports,
  port,
  choose,
  relist,
}: {
  ports: SerialPortsView | null;
  port: string;
  choose: (path: string) => void;
  relist: () => void;
}) {
  const { t } = useTranslation('serial');
  const listed = ports?.ports ?? [];
  const typed = port.trim() !== '' && !listed.some((p) => p.path === port.trim());
  const note =
    ports === null
      ? null
      : ports.detail !== undefined
        ? t('serialPortsFailed', { detail: ports.detail })
        : listed.length === 0
          ? t('serialPortsNone')
          : null;
  return (
    <>
      <label className="field">
        <span>{t('serialPort')}</span>
        <select
          value={typed ? '\u0000typed' : port.trim()}
          onChange={(e) => {
            if (e.target.value !== '\u0000typed') choose(e.target.value);
          }}
          data-field="serialPortChoice"
        >
          <option value="">{t('serialPortNone')}</option>
          {listed.map((p) => (
            <option key={p.path} value={p.path}>
              {p.manufacturer === undefined ? p.path : `${p.path} (${p.manufacturer})`}
            </option>
          ))}
          {typed && <option value={'\u0000typed'}>{t('serialPortTyped')}</option>}
        </select>
      </label>
      <p className="muted small" data-serial-ports={ports === null ? 'asking' : String(listed.length)}>
        {note}{' '}
        <button type="button" className="link" onClick={relist} data-action="list-serial-ports">
          {t('serialPortsRefresh')}
        </button>
      </p>
    </>
  );
}
