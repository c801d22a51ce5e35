// The scanner area: the serial scanner's ports and the scans waiting for a page.
import { scannerHandlers } from '../scanner/index.ts';
import type { Area, CallsOf, Till } from './area.ts';

export function scannerArea(till: Till): Area<CallsOf<'scanner'>> {
  return { handlers: scannerHandlers(till.serial) };
}
