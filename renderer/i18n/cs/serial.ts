import type { serial as en } from '../en/serial.ts';
import type { Translation } from '../catalogue.ts';

export const serial = {
  serialTitle: 'Čtečka na USB-COM / sériovém portu',
  serialHelp:
    'Pro čtečku nastavenou do režimu USB-COM (CDC-ACM) nebo RS-232: každý kód přijde jako jeden řádek, bez klávesnice, fokusu a časování. Kódy jdou tam, kam kódy načtené přes klávesnici.',
  serialPort: 'Port',
  serialPortNone: 'Žádný (jen čtečka jako klávesnice)',
  serialPortTyped: 'Jiný port (zadejte cestu)',
  serialPortPath: 'Cesta k portu',
  serialPortPathExample: '/dev/ttyACM0 nebo COM3',
  serialPortsNone: 'Systém nehlásí žádný sériový port. Připojte čtečku, nebo zadejte cestu.',
  serialPortsFailed: 'Sériové porty se nepodařilo vypsat: {{detail}}',
  serialPortsRefresh: 'Vypsat porty znovu',
  serialBaud: 'Rychlost (baud)',
  serialBaudHelp: 'Čtečky USB-COM ji nepoužívají; u RS-232 ta, na kterou je čtečka nastavená.',
  serialLineEnd: 'Kód končí znakem',
  serialLineEndAny: 'CR, LF nebo CR LF',
  serialLineEndCr: 'CR',
  serialLineEndLf: 'LF',
  serialLineEndCrlf: 'CR LF',
  serialLineEndTab: 'Tabulátor',
  serialSave: 'Uložit sériovou čtečku',
  serialSaved: 'Uloženo: port se otevírá.',
  serialFromEnv: 'Nastaveno proměnnou POS_SCANNER_PORT: {{port}} (má přednost před tímto nastavením).',

  serialStatusOpening: 'Čtečka nepřipojena',
  serialStatusConnected: 'Čtečka připojena',
  serialStatusLost: 'Čtečka odpojena: čekám na ni',
  serialStatusReconnected: 'Čtečka znovu připojena',
  serialStatusTitle: 'Sériová čtečka na {{port}}. {{detail}}',

  serialScanNotAdded: 'Kód {{code}} ze sériové čtečky nebyl přidán. Naskenujte ho znovu.',
} as const satisfies Translation<typeof en>;
