// The frame: screen tabs (F1-F5, F11), the current screen, and the status bar that is always visible.
// Keys and scans reach the app through the one keymap (actions/), attached here to the window.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attachKeymap, type Keymap } from './actions/attach.ts';
import { isSaleScan } from './actions/scan-route.ts';
import { StatusBar } from './components/StatusBar.tsx';
import { GuardDialogs } from './components/GuardDialogs.tsx';
import { ScansWaiting } from './components/ScansWaiting.tsx';
import { CounterDialogs } from './components/receipt/ReceiptDialog.tsx';
import { Orders } from './screens/Orders.tsx';
import { Sale } from './screens/Sale.tsx';
import { Settings } from './screens/Settings.tsx';
import { Shift } from './screens/Shift.tsx';
import { FloatPrompt } from './components/shift/FloatPrompt.tsx';
import { loadShift } from './store/shift.ts';
import { keepScansOverReload, windowSessionStorage } from './store/scans-over-reload.ts';
import { Stock } from './screens/Stock.tsx';
import { Returns } from './screens/Returns.tsx';
import { applyLanguage } from './i18n/index.ts';
import { SCREENS, followCore, useApp, type Screen } from './store/app.ts';

export function App() {
  const screen = useApp((s) => s.screen);
  const setScreen = useApp((s) => s.setScreen);

  const scanner = useApp((s) => s.settings?.scanner);
  const notice = useApp((s) => s.notice);
  const language = useApp((s) => s.settings?.language ?? 'system');
  const { t } = useTranslation();

  useEffect(() => followCore(), []);
  // Whether a shift is open: F9 asks for the float first when a sale needs one and none is.
  useEffect(() => void loadShift(), []);
  // Attached once, as soon as the screen is in the page (a layout effect: before the browser hands it
  // any key), and new scanner settings taken in place: no key held for a burst is dropped.
  const keymap = useRef<Keymap | null>(null);
  useLayoutEffect(() => {
    // The sale's scans the page before this one had not done come back first, offered.
    const stopKeeping = keepScansOverReload(windowSessionStorage(window), isSaleScan, window);
    const attached = attachKeymap(window);
    keymap.current = attached;
    return () => {
      stopKeeping();
      attached.detach();
      keymap.current = null;
    };
  }, []);
  useLayoutEffect(() => keymap.current?.configure(scanner), [scanner]);
  // Settings' language, spoken at once: every component using useTranslation renders again.
  useEffect(() => void applyLanguage(language), [language]);

  return (
    <div className="app">
      <nav className="tabs" aria-label={t('screens')}>
        {SCREENS.map((s) => (
          <button
            key={s.id}
            type="button"
            className={s.id === screen ? 'tab active' : 'tab'}
            aria-current={s.id === screen ? 'page' : undefined}
            data-nav={s.id}
            onClick={() => setScreen(s.id)}
          >
            {t(s.label)} <kbd>{s.key}</kbd>
          </button>
        ))}
      </nav>
      <main className="screen">
        {notice !== null && screen !== 'sale' && (
          <p className={`notice ${notice.tone} scan-notice`} role="status" data-testid="scan-notice">
            {notice.text}
          </p>
        )}
        {render(screen)}
      </main>
      <StatusBar />
      <GuardDialogs />
      <CounterDialogs />
      <FloatPrompt />
      <ScansWaiting />
    </div>
  );
}

function render(screen: Screen) {
  switch (screen) {
    case 'sale':
      return <Sale />;
    case 'stock':
      return <Stock />;
    case 'orders':
      return <Orders />;
    case 'settings':
      return <Settings />;
    case 'shift':
      return <Shift />;
    case 'returns':
      return <Returns />;
  }
}
