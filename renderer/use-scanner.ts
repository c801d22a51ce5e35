// Connects the COUNTER owner's scanner module (renderer/scanner/) to the whole window: every burst it
// classifies as a scan reaches `onScan`, wherever focus is, with the settings from the Settings
// screen (gap threshold, minimum length, suffix, prefix).
import { useEffect, useRef } from 'react';
import type { ScannerSettings } from '../preload/contract.ts';
import { attachScanner, type ScannerConfig, type ScanSuffix } from './scanner/index.ts';
import { useApp } from './store.ts';

const SUFFIXES: Record<ScannerSettings['suffix'], readonly ScanSuffix[]> = {
  enter: ['Enter'],
  tab: ['Tab'],
  'enter-or-tab': ['Enter', 'Tab'],
  none: [],
};

export function scannerConfig(s: ScannerSettings): Partial<ScannerConfig> {
  return { maxGapMs: s.maxGapMs, minLength: s.minLength, suffix: SUFFIXES[s.suffix], prefix: s.prefix };
}

export function useScanner(onScan: (code: string) => void, enabled = true): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  const scanner = useApp((s) => s.settings?.scanner);
  useEffect(() => {
    if (!enabled) return;
    const handle = attachScanner(window, {
      ...(scanner === undefined ? {} : { config: scannerConfig(scanner) }),
      onScan: (scan) => latest.current(scan.code),
    });
    return () => handle.detach();
  }, [scanner, enabled]);
}
