// Shows what the scanner sends (each key with its gap) and how the code is classified, so an
// installer can tune the gap threshold and check the scanner's keyboard layout.
import { useState } from 'react';
import type { ClassifyView } from '../../preload/contract.ts';
import { pos } from '../pos.ts';
import { message } from '../store.ts';

interface Key {
  key: string;
  code: string;
  gap: number | null;
}

export function ScannerTestPad() {
  const [keys, setKeys] = useState<Key[]>([]);
  const [last, setLast] = useState(0);
  const [classified, setClassified] = useState<ClassifyView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const now = event.timeStamp;
    const gap = keys.length === 0 ? null : Math.round(now - last);
    setLast(now);
    if (event.key === 'Enter' || event.key === 'Tab') {
      const code = keys.map((k) => (k.key.length === 1 ? k.key : '')).join('');
      setKeys((ks) => [...ks, { key: event.key, code: event.code, gap }]);
      pos
        .invoke('scanner.classify', { code })
        .then((c) => {
          setClassified(c);
          setError(null);
        })
        .catch((e: unknown) => setError(message(e)));
      return;
    }
    setKeys((ks) =>
      (ks.length > 0 && ks.at(-1)?.key.match(/^(Enter|Tab)$/) ? [] : ks).concat({
        key: event.key,
        code: event.code,
        gap,
      }),
    );
  };

  return (
    <div className="test-pad" data-section="scanner-test">
      <h3>Test pad</h3>
      <div
        className="pad"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testpad
        aria-label="Scanner test pad: focus here and scan"
      >
        {keys.length === 0 ? (
          <span className="muted">Click here, then scan a code.</span>
        ) : (
          <ol className="keys">
            {keys.map((k, i) => (
              <li key={i} title={k.code}>
                <kbd>{k.key === ' ' ? '␣' : k.key}</kbd>
                <small>{k.gap === null ? '' : `${k.gap} ms`}</small>
              </li>
            ))}
          </ol>
        )}
      </div>
      {error !== null && <p className="notice error">{error}</p>}
      {classified !== null && (
        <p className={classified.valid ? 'notice ok' : 'notice error'} data-classified={classified.kind}>
          <code>{classified.code}</code>: {classified.kind} - {classified.detail}
        </p>
      )}
    </div>
  );
}
