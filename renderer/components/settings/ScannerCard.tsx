// Settings → Scanner: how this terminal's scanner talks (layout, suffix, delivery, timing), with a
// test pad that reads scans with the settings as they are on screen.
import type { ScannerSettings } from '../../../preload/contract.ts';
import { saveSettings } from '../../store/settings.ts';
import { ScannerTestPad } from '../ScannerTestPad.tsx';

export function ScannerCard({ scanner }: { scanner: ScannerSettings }) {
  const update = async (patch: Partial<ScannerSettings>) => {
    await saveSettings({ scanner: patch });
  };
  return (
    <div className="card" data-section="scanner">
      <h2>Scanner</h2>
      <div className="scanner-fields">
        <label className="field">
          <span>Max gap between keys (ms)</span>
          <input
            type="number"
            min={5}
            max={500}
            defaultValue={scanner.maxGapMs}
            onBlur={(e) => void update({ maxGapMs: Number(e.target.value) })}
            data-field="maxGapMs"
          />
        </label>
        <label className="field">
          <span>Minimum length</span>
          <input
            type="number"
            min={1}
            max={64}
            defaultValue={scanner.minLength}
            onBlur={(e) => void update({ minLength: Number(e.target.value) })}
            data-field="minLength"
          />
        </label>
        <label className="field">
          <span>Suffix</span>
          <select
            value={scanner.suffix}
            onChange={(e) => void update({ suffix: e.target.value as ScannerSettings['suffix'] })}
            data-field="suffix"
          >
            <option value="enter-or-tab">Enter or Tab</option>
            <option value="enter">Enter</option>
            <option value="tab">Tab</option>
            <option value="none">none</option>
          </select>
        </label>
        <label className="field">
          <span>Prefix</span>
          <input
            defaultValue={scanner.prefix}
            maxLength={8}
            onBlur={(e) => void update({ prefix: e.target.value })}
            data-field="prefix"
          />
        </label>
      </div>
      <ScannerTestPad />
    </div>
  );
}
