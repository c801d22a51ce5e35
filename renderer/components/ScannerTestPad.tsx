// Shows what the scanner sends (each key, its KeyboardEvent.code and the gap before it) and how it was
// classified: a scanner burst or a person typing (the COUNTER owner's scanner module, with the
// settings above), and what the code is (GTIN, embedded price/weight, GS1, misread, other).
import { useEffect, useRef, useState } from 'react';
import type { ClassifyView } from '../../preload/contract.ts';
import { pos } from '../pos.ts';
import { attachScanner } from '../scanner/index.ts';
import { message, useApp } from '../store.ts';
import { scannerConfig } from '../use-scanner.ts';

interface Key {
  key: string;
  code: string;
  gap: number | null;
}

interface Result {
  via: 'scanner' | 'typed';
  classified: ClassifyView;
}

export function ScannerTestPad() {
  const pad = useRef<HTMLDivElement>(null);
  const scanner = useApp((s) => s.settings?.scanner);
  const [keys, setKeys] = useState<Key[]>([]);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let last: number | null = null;
    let typed = '';
    let startNew = false;
    const classify = (code: string, via: Result['via']) => {
      pos
        .invoke('scanner.classify', { code })
        .then((classified) => {
          setResult({ via, classified });
          setError(null);
        })
        .catch((e: unknown) => setError(message(e)));
    };
    // Registered before the scanner so it sees every key, including those the scanner swallows.
    const onKey = (event: KeyboardEvent) => {
      if (document.activeElement !== pad.current) return;
      const gap = last === null ? null : Math.round(event.timeStamp - last);
      last = event.timeStamp;
      if (startNew) {
        setKeys([]);
        typed = '';
        startNew = false;
      }
      setKeys((ks) => [...ks, { key: event.key, code: event.code, gap }]);
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        startNew = true;
        // Settled by typedCheck below: a scan claims it at once, otherwise a person typed it.
        pendingTyped = typed;
      } else if (event.key.length === 1) typed += event.key;
    };
    let pendingTyped: string | null = null;
    let scanned = false;
    window.addEventListener('keydown', onKey, true);
    const handle = attachScanner(window, {
      ...(scanner === undefined ? {} : { config: scannerConfig(scanner) }),
      onScan: (scan) => {
        if (document.activeElement !== pad.current) return;
        scanned = true;
        classify(scan.code, 'scanner');
      },
    });
    // After each Enter, if the scanner did not claim it within its gap window, it was typing.
    const typedCheck = setInterval(() => {
      if (pendingTyped === null) return;
      if (!scanned && pendingTyped !== '') classify(pendingTyped, 'typed');
      pendingTyped = null;
      scanned = false;
    }, 250);
    return () => {
      clearInterval(typedCheck);
      handle.detach();
      window.removeEventListener('keydown', onKey, true);
    };
  }, [scanner]);

  return (
    <div className="test-pad" data-section="scanner-test">
      <h3>Test pad</h3>
      <div
        ref={pad}
        className="pad"
        tabIndex={0}
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
      {result !== null && (
        <p
          className={result.classified.valid ? 'notice ok' : 'notice error'}
          data-classified={result.classified.kind}
          data-via={result.via}
        >
          {result.via === 'scanner' ? 'Scanner' : 'Typed by a person'}: <code>{result.classified.code}</code>{' '}
          - {result.classified.kind}, {result.classified.detail}
        </p>
      )}
    </div>
  );
}
