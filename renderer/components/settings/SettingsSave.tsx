// What a Settings card with one saved number is made of: the field, the save that says how it went,
// and that saying under the card's button. Written once so the cards that keep a count (order
// history's days, a card's months) read, save and answer alike.
import { useState } from 'react';
import type { SettingsView } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';
import { TextField } from '../TextField.tsx';

export interface Said {
  readonly tone: 'ok' | 'error';
  readonly text: string;
}

/**
 * A save of settings that keeps what the card says after it: `okText` when the core took the change,
 * the core's error in the cashier's words when not. Resolves to the settings the core answered, or
 * undefined when it refused.
 */
export function useSettingsSave(okText: string) {
  const [said, setSaid] = useState<Said | null>(null);
  const save = async (patch: Parameters<typeof saveSettings>[0]): Promise<SettingsView | undefined> => {
    try {
      const saved = await saveSettings(patch);
      setSaid({ tone: 'ok', text: okText });
      return saved;
    } catch (e) {
      setSaid({ tone: 'error', text: message(e) });
      return undefined;
    }
  };
  return { said, setSaid, save };
}

/** A whole number typed in a Settings card; `field` is its data-field hook. */
export function CountField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  field: string;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      set={props.onChange}
      name={props.field}
      inputMode="numeric"
    />
  );
}

/** A whole number from `min` to `max` kept in Settings, saved as the field is left (`name`: its data-field). */
export function NumberSetting(props: {
  label: string;
  name: string;
  min: number;
  max: number;
  value: number;
  save: (value: number) => void;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type="number"
        min={props.min}
        max={props.max}
        defaultValue={props.value}
        autoComplete="off"
        onBlur={(e) => props.save(Number(e.target.value))}
        data-field={props.name}
      />
    </label>
  );
}

/** The card's submit button and, under it, what the last save said (an error is announced at once). */
export function SaveRow(props: { label: string; 'data-action': string; said: Said | null }) {
  const { label, said } = props;
  return (
    <>
      <div className="actions">
        <SaveButton label={label} data-action={props['data-action']} />
      </div>
      {said !== null && (
        <p className={`notice ${said.tone}`} role={said.tone === 'error' ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </>
  );
}

/** A card's save: its primary submit button (Enter in any of its fields does the same). */
export function SaveButton(props: { label: string; 'data-action': string; disabled?: boolean }) {
  return (
    <button type="submit" className="primary" disabled={props.disabled} data-action={props['data-action']}>
      {props.label}
    </button>
  );
}
