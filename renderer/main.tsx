import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { CustomerDisplay } from './components/display/CustomerDisplay.tsx';
import { NoLaunchPass } from './components/NoLaunchPass.tsx';
import { openShell } from './platform/pos.ts';
import { warmSound } from './platform/sound.ts';
import { setPos } from './store/pos.ts';
import { followSerialScans } from './store/serial-scanner.ts';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
const shell = openShell();
setPos(shell.pos);
const signedIn = await shell.hasLaunchPass();
// /display (or ?display=customer, as Electron's second window loads the one file): the display facing
// the customer, in a window of its own (the same shell and pass).
const customer =
  location.pathname === '/display' || new URLSearchParams(location.search).get('display') === 'customer';
// The serial scanner's lines go into the till's scan queue (never the customer display's page).
if (signedIn && !customer) followSerialScans();
// The beep's audio, ready before the first scan (the display facing the customer makes no sound).
if (signedIn && !customer) warmSound();
createRoot(root).render(
  <StrictMode>{!signedIn ? <NoLaunchPass /> : customer ? <CustomerDisplay /> : <App />}</StrictMode>,
);
