// Settings → Scanner: how this terminal's scanner talks (layout, delivery, suffix, prefix, timing),
// with a test pad. Each change is saved at once and the scanner module is re-attached with it
// (App.tsx), so the pad reads the next scan with the setting on screen.
import { NumberSetting } from './SettingsSave.tsx';
import { useTranslation } from 'react-i18next';
import type { scanner as en } from '../../i18n/en/scanner.ts';
import type { ScannerSettings } from '../../../contract/contract.ts';
import { saveSettings } from '../../store/settings.ts';
import { ScannerTestPad } from './ScannerTestPad.tsx';
import { Card } from '../Card.tsx';

const LAYOUTS = [
  ['us', 'layoutUs'],
  ['cs', 'layoutCs'],
  ['sk', 'layoutSk'],
  ['de', 'layoutDe'],
  ['fr', 'layoutFr'],
  ['host', 'layoutHost'],
] as const;

const DELIVERIES = [
  ['keys-and-paste', 'deliveryKeysAndPaste'],
  ['keys', 'deliveryKeys'],
  ['paste', 'deliveryPaste'],
] as const;

/** The scanner's timing, each a whole number in its bounds (the contract's): field, label, min, max. */
const TIMINGS = [
  ['maxGapMs', 'maxGap', 5, 500],
  ['pauseMs', 'pause', 0, 1000],
  ['minLength', 'minLength', 1, 64],
] as const;

const SUFFIXES = [
  ['enter-or-tab', 'suffixEnterOrTab'],
  ['enter', 'suffixEnter'],
  ['tab', 'suffixTab'],
  ['none', 'suffixNone'],
] as const;

export function ScannerCard({ scanner }: { scanner: ScannerSettings }) {
  const { t } = useTranslation('scanner');
  const update = async (patch: Partial<ScannerSettings>) => {
    await saveSettings({ scanner: patch });
  };
  return (
    <Card title={t('scannerTitle')} data-section="scanner">
      <p className="muted">{t('settingsHelp')}</p>
      <div className="scanner-fields">
        <Choice
          name="layout"
          value={scanner.layout}
          options={LAYOUTS}
          onChange={(layout) => void update({ layout })}
        />
        <Choice
          name="delivery"
          value={scanner.delivery}
          options={DELIVERIES}
          onChange={(delivery) => void update({ delivery })}
        />
        <Choice
          name="suffix"
          value={scanner.suffix}
          options={SUFFIXES}
          onChange={(suffix) => void update({ suffix })}
        />
        <label className="field">
          <span>{t('prefix')}</span>
          <input
            defaultValue={scanner.prefix}
            maxLength={8}
            autoComplete="off"
            onBlur={(e) => void update({ prefix: e.target.value })}
            data-field="prefix"
          />
        </label>
        {TIMINGS.map(([key, label, min, max]) => (
          <NumberSetting
            key={key}
            label={t(label)}
            name={key}
            min={min}
            max={max}
            value={scanner[key]}
            save={(value) => void update({ [key]: value })}
          />
        ))}
      </div>
      <p className="muted">{t('deliveryHelp')}</p>
      <ScannerTestPad />
    </Card>
  );
}

const WHOLE_ROW = { gridColumn: '1 / -1' } as const;

/** The scanner catalogue's names of the choices (no placeholders). */
type OptionKey = Extract<
  keyof typeof en,
  | `layout${'Us' | 'Cs' | 'Sk' | 'De' | 'Fr' | 'Host'}`
  | `suffix${string}`
  | `delivery${'Keys' | 'KeysAndPaste' | 'Paste'}`
>;

/** A setting picked from a list: its options are [value, the scanner catalogue's key for its name]. */
function Choice<V extends string>(props: {
  /** The setting: its data-field, and its label's key. */
  name: 'layout' | 'delivery' | 'suffix';
  value: V;
  options: readonly (readonly [V, OptionKey])[];
  onChange: (value: V) => void;
}) {
  const { t } = useTranslation('scanner');
  return (
    // A whole row each: the options' names are longer than half a narrow card.
    <label className="field" style={WHOLE_ROW}>
      <span>{t(props.name)}</span>
      <select
        value={props.value}
        onChange={(e) => {
          const picked = props.options.find(([value]) => value === e.target.value);
          if (picked !== undefined) props.onChange(picked[0]);
        }}
        data-field={props.name}
      >
        {props.options.map(([value, key]) => (
          <option key={value} value={value}>
            {t(key)}
          </option>
        ))}
      </select>
    </label>
  );
}
