// The frame: screen tabs (F1-F4), the current screen, and the status bar that is always visible.
import { useEffect } from 'react';
import { StatusBar } from './components/StatusBar.tsx';
import { Orders } from './screens/Orders.tsx';
import { Sale } from './screens/Sale.tsx';
import { Settings } from './screens/Settings.tsx';
import { Stock } from './screens/Stock.tsx';
import { SCREENS, startSync, useApp, type Screen } from './store.ts';

export function App() {
  const screen = useApp((s) => s.screen);
  const setScreen = useApp((s) => s.setScreen);

  useEffect(() => startSync(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = SCREENS.find((s) => s.key === event.key);
      if (target !== undefined) {
        event.preventDefault();
        setScreen(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setScreen]);

  return (
    <div className="app">
      <nav className="tabs" aria-label="Screens">
        {SCREENS.map((s) => (
          <button
            key={s.id}
            type="button"
            className={s.id === screen ? 'tab active' : 'tab'}
            aria-current={s.id === screen ? 'page' : undefined}
            data-nav={s.id}
            onClick={() => setScreen(s.id)}
          >
            {s.label} <kbd>{s.key}</kbd>
          </button>
        ))}
      </nav>
      <main className="screen">{render(screen)}</main>
      <StatusBar />
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
  }
}
