// The serial scanner's words (USB-COM or RS-232: one line per scan, read by the core): its card in
// Settings and its pill in the status bar.
export const serial = {
  serialTitle: 'USB-COM / serial port scanner',
  serialHelp:
    'For a scanner set to USB-COM (CDC-ACM) or RS-232 mode: each code arrives as one line, with no keyboard, focus or timing involved. Scans go where keyboard scans go.',
  serialPort: 'Port',
  serialPortNone: 'None (keyboard scanner only)',
  serialPortTyped: 'Other port (type its path)',
  serialPortPath: 'Path of the port',
  serialPortPathExample: '/dev/ttyACM0 or COM3',
  serialPortsNone: 'The system lists no serial port. Connect the scanner, or type the path.',
  serialPortsFailed: 'The serial ports could not be listed: {{detail}}',
  serialPortsRefresh: 'List the ports again',
  serialBaud: 'Baud rate',
  serialBaudHelp: 'USB-COM scanners ignore it; for RS-232, the rate the scanner is set to.',
  serialLineEnd: 'A code ends with',
  serialLineEndAny: 'CR, LF or CR LF',
  serialLineEndCr: 'CR',
  serialLineEndLf: 'LF',
  serialLineEndCrlf: 'CR LF',
  serialLineEndTab: 'Tab',
  serialSave: 'Save the serial scanner',
  serialSaved: 'Saved: the port is opened now.',
  serialFromEnv: 'Set by POS_SCANNER_PORT: {{port}} (it wins over this setting).',

  serialStatusOpening: 'Scanner not connected',
  serialStatusConnected: 'Scanner connected',
  serialStatusLost: 'Scanner disconnected: waiting for it',
  serialStatusReconnected: 'Scanner reconnected',
  serialStatusTitle: 'The serial scanner at {{port}}. {{detail}}',

  serialScanNotAdded: 'The code {{code}} from the serial scanner was not added. Scan it again.',
} as const;
