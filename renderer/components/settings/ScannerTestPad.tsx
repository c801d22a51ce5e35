// Shows what the scanner sends (each key, its KeyboardEvent.code, the character the layout setting
// reads from it, and the gap before it) and how it was read: a scanner burst, a paste or an input
// event, or a person typing (the scanner module, with the settings above: layout, suffix), and what
// the code is (GTIN, embedded price/weight, GS1, misread, other). The keys and scans reach it through
// the keymap while it has focus (testPad.record, scan.testPad).
import { spoken } from '../../i18n/spoken.ts';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app.ts';
import { usePad, type PadKey, type PadScan } from '../../store/test-pad.ts';

const LAYOUT_KEYS = {
  us: 'layoutUs',
  cs: 'layoutCs',
  sk: 'layoutSk',
  de: 'layoutDe',
  fr: 'layoutFr',
  host: 'layoutHost',
} as const;
const SOURCE_KEYS = { keys: 'sourceKeys', paste: 'sourcePaste', input: 'sourceInput' } as const;

/** A space shown as the visible-space sign, so it can be seen among the keys. */
const shown = (ch: string): string => (ch === ' ' ? '\u2423' : ch);
/** Shift held with the key (the Czech layout's digits, capitals). */
const SHIFT_MARK = '\u21e7';

export function ScannerTestPad() {
  const { t } = useTranslation('scanner');
  const { result, error } = useApp((s) => s.testPad);
  const { keys, scan } = usePad();
  const fromScanner = result?.via === 'scanner' ? scan : null;

  return (
    <div className="test-pad" data-section="scanner-test">
      <h3>{t('testPad')}</h3>
      <div className="pad" tabIndex={0} data-testpad aria-label={t('testPadLabel')}>
        {keys.length === 0 ? (
          <span className="muted">{t('testPadHint')}</span>
        ) : (
          <ol className="keys">
            {keys.map((k, i) => (
              <KeyItem key={i} k={k} />
            ))}
          </ol>
        )}
      </div>
      {error !== null && <p className="notice error">{error}</p>}
      {result !== null && (
        <p
          className={result.description.valid ? 'notice ok' : 'notice error'}
          data-classified={result.description.kind}
          data-via={result.via}
        >
          {result.via === 'scanner' ? t('viaScanner') : t('viaTyped')}: <code>{result.description.code}</code>{' '}
          - {spoken(result.description.said, `${result.description.kind}, ${result.description.detail}`)}
        </p>
      )}
      {fromScanner !== null && <ScanHow scan={fromScanner} />}
    </div>
  );
}

function KeyItem({ k }: { k: PadKey }) {
  const { t } = useTranslation('scanner');
  const char = k.char === undefined ? t('keyNoChar') : shown(k.char);
  const title = k.shift ? t('keyTitleShift', { code: k.code, char }) : t('keyTitle', { code: k.code, char });
  return (
    <li title={title} data-key-code={k.code} data-key-char={k.char ?? ''}>
      <kbd>
        {k.shift && k.key.length === 1 ? SHIFT_MARK : ''}
        {shown(k.key)}
      </kbd>
      <small>{k.char !== undefined && k.char !== k.key ? `→ ${char}` : ' '}</small>
      <small>{k.gap === null ? '' : t('gapMs', { gap: k.gap })}</small>
    </li>
  );
}

/** How the scanner module read the scan: the path, the layout, what ended it. */
function ScanHow({ scan }: { scan: PadScan }) {
  const { t } = useTranslation('scanner');
  return (
    <dl
      className="connection-steps"
      data-scan-source={scan.source}
      data-scan-layout={scan.layout}
      data-scan-suffix={scan.suffix ?? 'none'}
    >
      <dt>{t('readAs')}</dt>
      <dd>
        {t(SOURCE_KEYS[scan.source])}, {t('characters', { count: scan.length })}
      </dd>
      <dt>{t('readLayout')}</dt>
      <dd>{scan.source === 'keys' ? t(LAYOUT_KEYS[scan.layout]) : t('layoutAsSent')}</dd>
      <dt>{t('endedBy')}</dt>
      <dd>{scan.suffix ?? (scan.source === 'keys' ? t('endedByNone') : t('endedByText'))}</dd>
      {scan.source === 'keys' && (
        <>
          <dt>{t('longestGap')}</dt>
          <dd data-longest-gap={Math.round(scan.longestGapMs)} data-paused={scan.paused}>
            {t(scan.paused ? 'longestGapPaused' : 'longestGapMs', { ms: Math.round(scan.longestGapMs) })}
          </dd>
        </>
      )}
    </dl>
  );
}
