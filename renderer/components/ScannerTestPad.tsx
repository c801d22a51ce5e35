// Shows what the scanner sends (each key, its KeyboardEvent.code and the gap before it) and how it was
// classified: a scanner burst or a person typing (the COUNTER owner's scanner module, with the
// settings above), and what the code is (GTIN, embedded price/weight, GS1, misread, other). The keys
// and scans reach it through the keymap while it has focus (testPad.record, scan.testPad).
import { useApp } from '../store.ts';

export function ScannerTestPad() {
  const { keys, result, error } = useApp((s) => s.testPad);

  return (
    <div className="test-pad" data-section="scanner-test">
      <h3>Test pad</h3>
      <div className="pad" tabIndex={0} data-testpad aria-label="Scanner test pad: focus here and scan">
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
