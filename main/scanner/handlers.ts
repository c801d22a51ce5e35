// The serial scanner's calls: the ports to choose from, and the scans that wait for a page.
import type { Handlers } from '../ground/index.ts';
import { listPorts } from './port.ts';
import type { SerialScanner } from './service.ts';

export function scannerHandlers(scanner: SerialScanner): Pick<Handlers, 'scanner.ports' | 'scanner.take'> {
  return {
    'scanner.ports': () => listPorts(),
    'scanner.take': () => Promise.resolve({ scans: scanner.take() }),
  };
}
