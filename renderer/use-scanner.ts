// Connects the COUNTER owner's scanner module (renderer/scanner/) to the window: every burst it
// classifies as a scan reaches `onScan`, wherever focus is. Until that module lands this hook listens
// to nothing, and codes are entered in the Sale screen's code field.
import { useEffect, useRef } from 'react';

export function useScanner(onScan: (code: string) => void): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    return () => undefined;
  }, []);
}
