import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { NoWebSession } from './components/NoWebSession.tsx';
import { hasSession } from './platform/pos.ts';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
const signedIn = await hasSession();
createRoot(root).render(<StrictMode>{signedIn ? <App /> : <NoWebSession />}</StrictMode>);
