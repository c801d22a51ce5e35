// The serial scanner's calls: the ports to choose from, and the scans that wait for a page (taken all
// at once, listed, or taken one by one where they are applied).
import type { Handlers } from '../ground/index.ts';
import { listPorts } from './port.ts';
import type { SerialScanner } from './service.ts';

export function scannerHandlers(
  scanner: SerialScanner,
): Pick<Handlers, 'scanner.ports' | 'scanner.take' | 'scanner.claim'> {
  return {
    'scanner.ports': () => listPorts(),
    'scanner.take': ({ peek }) => Promise.resolve({ scans: scanner.take(peek === true) }),
    'scanner.claim': ({ id, code }) => Promise.resolve({ claimed: scanner.claim(id, code) }),
  };
}
