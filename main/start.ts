// `npm start`: the Electron app where its binary is installed; otherwise one line saying so, then the
// same UI through the web shell (INTERFACES.md "The app and its web shell").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire, enableCompileCache } from 'node:module';
import { ROOT } from './web/build.ts';

function electronBinary(): string | null {
  try {
    // The electron package exports the path of its downloaded binary, and throws when there is none.
    const path: unknown = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
if (binary === null) {
  console.log(
    'Electron is not installed on this machine (no binary in node_modules/electron; `npm run electron:fetch` downloads it where the network allows): starting the web shell instead.',
  );
  // As main/web/cli.ts does when run itself: modules compiled once are kept between starts.
  enableCompileCache();
  const { runWebShell } = await import('./web/cli.ts');
  await runWebShell(process.argv.slice(2));
} else {
  const { buildElectron } = await import('./electron/build.ts');
  await buildElectron();
  const child = spawn(binary, [ROOT], { stdio: 'inherit', env: process.env });
  child.on('exit', (code) => process.exit(code ?? 0));
}
